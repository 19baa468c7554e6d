"""A game of Pebbles as one seat has seen it: the record a link from that seat's eyes
carries (docs/pebbles-record.md, "Seen through one seat's eyes").

What the seat has seen by the record's last action stays as it was: its own dealt cards,
the four cards dealt face up, every card played or taken from the row, the deck's cards as
they came up, how many cards each hand holds. Every other card is unknown to it: the
others' dealt cards they have not played, the undrawn part of the deck, the order of a
reshuffled deck's cards not yet drawn. The record writes those as ``"?"``, and a game is
played from it with *stand-ins* in their places: the unknown cards in card order, dealt
into the hands (seat by seat), then the deck, and each reshuffle's undrawn cards into its
places; so the game replays, and the seat sees at every step exactly what it saw. The
stand-ins are worked out from what the seat has seen alone, never from where the cards
really were. The seed the deal was drawn from (which holds it all) is left out.

This is the seat's view of the game (:meth:`~.state.PebblesState.view`, what its bots
see) made into a record a link can carry: the same rule, :func:`~.observation.sees`,
decides what stays.

>>> from waddle.games.pebbles.record import new_record
>>> record = new_record(2, seed=5)
>>> seen = redact(record, 0)
>>> seen.eyes, seen.hands[0] == record.hands[0], seen.seed
(0, True, 0)
>>> data = seen.to_json()
>>> data["hands"][1], data["deck"][:3], data["eyes"]
(['?', '?', '?', '?', '?', '?', '?', '?', '?', '?'], ['?', '?', '?'], 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from waddle.core.game import IllegalActionError
from waddle.core.records import RecordError, illegal_action
from waddle.games.pebbles.actions import K_RESHUFFLE, Action
from waddle.games.pebbles.cards import Card, deck_for
from waddle.games.pebbles.state import PebblesState

if TYPE_CHECKING:
    from waddle.core.study import Study
    from waddle.games.pebbles.record import Record

UNKNOWN = "?"
"""How a record through one seat's eyes writes a card that seat has not seen."""


@dataclass(frozen=True)
class Unseen:
    """Where a record holds cards its seat has not seen (by its last action)."""

    hands: tuple[frozenset[Card], ...]
    """Each player's dealt cards the seat has not seen (none of its own)."""
    deck: frozenset[int]
    """Places of the dealt deck (0: its top) not yet drawn."""
    reshuffles: tuple[tuple[int, frozenset[int]], ...]
    """``(action index, places)``: a reshuffle's places (0: the top of the new deck) not
    yet drawn."""


def unseen(record: Record, seat: int) -> Unseen:
    """What of ``record`` the seat ``seat`` has not seen by its last action: the dealt
    cards that are not public (:func:`~.observation.sees`) and not the seat's own, and
    the places of the deck (dealt, or reshuffled last) not drawn yet."""
    state = _replay(record)
    public = state.public
    hands = tuple(
        frozenset() if p == seat else frozenset(c for c in hand if not (public >> c) & 1)
        for p, hand in enumerate(record.hands)
    )
    deck = frozenset(i for i, c in enumerate(record.deck) if not (public >> c) & 1)
    reshuffles: tuple[tuple[int, frozenset[int]], ...] = ()
    last = [i for i, a in enumerate(record.actions) if a.kind == K_RESHUFFLE]
    if last and state.deck:  # the deck drawn since: its undrawn cards are the list's last
        size = len(record.actions[last[-1]].arg)
        reshuffles = ((last[-1], frozenset(range(size - len(state.deck), size))),)
    return Unseen(hands, deck, reshuffles)


def redact(record: Record, seat: int) -> Record:
    """``record`` as ``seat`` has seen it by its last action: what it has not seen dealt
    again as stand-ins (in card order), the seed left out; ``eyes`` is ``seat``. A record
    through another seat's eyes stays through that seat's (it knows no more)."""
    if record.eyes is not None and record.eyes != seat:
        seat = record.eyes
    if not 0 <= seat < record.players:
        raise ValueError(f"seat {seat} is not a seat of this game")
    if record.eyes == seat and _kept_unseen(record) is not None:
        return record  # redacted already, at this very action
    hidden = unseen(record, seat)
    hands = tuple(
        tuple(None if c in hidden.hands[p] else c for c in hand)
        for p, hand in enumerate(record.hands)
    )
    deck = tuple(None if i in hidden.deck else c for i, c in enumerate(record.deck))
    gaps = dict(hidden.reshuffles)
    orders: list[tuple[Card | None, ...] | None] = [
        tuple(None if k in gaps[i] else c for k, c in enumerate(a.arg)) if i in gaps else None
        for i, a in enumerate(record.actions)
    ]
    out = filled(record, seat, hands, deck, orders)
    # The same places, the stand-ins' cards in the hands (the cards there are others now).
    stand_ins = tuple(
        frozenset(out.hands[p]) - {c for c in hand if c is not None} for p, hand in enumerate(hands)
    )
    out.unseen_kept = (len(out.actions), Unseen(stand_ins, hidden.deck, hidden.reshuffles))
    return out


def _kept_unseen(record: Record) -> Unseen | None:
    """What the record's seat had not seen, kept when the record was redacted (None if its
    actions changed since)."""
    kept = record.unseen_kept
    return kept[1] if kept is not None and kept[0] == len(record.actions) else None


def filled(
    record: Record,
    seat: int,
    hands: tuple[tuple[Card | None, ...], ...],
    deck: tuple[Card | None, ...],
    orders: list[tuple[Card | None, ...] | None],
) -> Record:
    """``record``'s setup and actions with the unknown cards (None) of the hands, the
    deck and the reshuffles (``orders[i]``, the list of action ``i`` with its unknown
    places, or None to keep it) dealt as stand-ins; ``RecordError`` when they cannot be
    (a record written by hand: a card twice, a reshuffle that does not fit)."""
    from waddle.games.pebbles.record import Record

    known = [c for hand in hands for c in hand if c is not None]
    known += [*record.row, *(c for c in deck if c is not None)]
    missing = sorted(set(deck_for(record.players)) - set(known))
    gaps = sum(c is None for hand in hands for c in hand) + sum(c is None for c in deck)
    if gaps != len(missing) or len(set(known)) != len(known):
        raise RecordError(
            f'the cards written "{UNKNOWN}" ({gaps}) are not the cards the record leaves '
            f"out ({len(missing)})"
        )
    stand_ins = iter(missing)
    new_hands = tuple(
        tuple(sorted(c if c is not None else next(stand_ins) for c in hand)) for hand in hands
    )
    new_deck = tuple(c if c is not None else next(stand_ins) for c in deck)
    setup = Record(
        record.players, record.layout, new_hands, record.row, new_deck, record.lead, [], 0, seat
    )
    state = setup.start()
    actions: list[Action] = []
    for i, action in enumerate(record.actions):
        order = orders[i] if i < len(orders) else None
        if order is not None:
            action = _reshuffle_filled(order, state.discards, i)
        try:
            state.apply(action)
        except IllegalActionError as e:
            raise illegal_action(i, action, e) from None
        actions.append(action)
    return setup.with_actions(actions)


def _reshuffle_filled(order: tuple[Card | None, ...], discards: list[int], index: int) -> Action:
    """A reshuffle with its unknown places (None) dealt the discards it does not name, in
    card order."""
    named = [c for c in order if c is not None]
    rest = sorted(set(discards) - set(named))
    if len(rest) != sum(c is None for c in order) or len(set(named)) != len(named):
        raise RecordError(f"action {index}: the reshuffle does not fit the discards")
    stand_ins = iter(rest)
    return Action.reshuffle(c if c is not None else next(stand_ins) for c in order)


def record_json(record: Record, out: dict[str, Any]) -> dict[str, Any]:
    """``out`` (the record's JSON) with the cards its seat has not seen written "?" (a
    hand's known cards first, in card order), ``"eyes"``, and no ``"seed"``."""
    hidden = _kept_unseen(record) or unseen(record, record.eyes)  # type: ignore[arg-type]
    out["hands"] = [
        [str(c) for c in hand if c not in hidden.hands[p]] + [UNKNOWN] * len(hidden.hands[p])
        for p, hand in enumerate(record.hands)
    ]
    out["deck"] = [UNKNOWN if i in hidden.deck else str(c) for i, c in enumerate(record.deck)]
    for i, places in hidden.reshuffles:
        order = out["actions"][i]["reshuffle"]
        out["actions"][i] = {
            "reshuffle": [UNKNOWN if k in places else c for k, c in enumerate(order)]
        }
    out.pop("seed", None)
    out["eyes"] = record.eyes
    return out


def read_json(data: dict[str, Any], record: Record, seat: int) -> Record:
    """A record through ``seat``'s eyes from its JSON: ``record`` holds what was read of
    its setup and actions with the cards written "?" left out (:func:`read_cards`), which
    are dealt here as stand-ins."""
    hands = tuple(tuple(read_cards(h, f"hand {p}")) for p, h in enumerate(data["hands"]))
    deck = tuple(read_cards(data["deck"], "deck"))
    orders: list[tuple[Card | None, ...] | None] = []
    for i, raw in enumerate(data["actions"]):
        order = raw.get("reshuffle") if type(raw) is dict and len(raw) == 1 else None
        if type(order) is list and UNKNOWN in order:
            try:
                orders.append(tuple(read_cards(order, f"action {i}")))
            except RecordError as e:
                raise RecordError(f"action {i}: {e}") from None
        else:
            orders.append(None)
    return filled(record, seat, hands, deck, orders)


def read_cards(raw: list, where: str) -> list[Card | None]:
    """A list of cards in which ``"?"`` is a card unknown (None); ``RecordError`` names
    the first that is neither."""
    from waddle.games.pebbles.cards import parse_card

    out: list[Card | None] = []
    for item in raw:
        if item == UNKNOWN:
            out.append(None)
            continue
        try:
            out.append(parse_card(item))
        except ValueError as e:
            raise RecordError(f"{where}: {e}") from None
    return out


def visible_cards(state: PebblesState, seat: int) -> frozenset[str]:
    """The cards ``seat`` sees face up or in its hand in ``state`` (what a study's card
    mark may name at that step, through the seat's eyes)."""
    view = state.view(seat)
    cards = [c for hand in view.hands for c in hand.cards]
    cards += [c for c in view.row if c is not None]
    cards += [c for _, c in view.trick]
    cards += [*view.discards, *view.deck_known]
    return frozenset(str(c) for c in cards)


def seen_study(record: Record, study: Study | None, seat: int) -> Study | None:
    """``study`` as a link through ``seat``'s eyes carries it
    (:meth:`~waddle.core.study.Study.through_eyes`): card marks where the seat sees the
    card, questions where the seat is to play, no step after the record's end."""
    if study is None:
        return None
    state = record.start()
    state._undo = None  # one replay forward
    return study.seen_along(seat, state, record.actions, visible_cards)


def _replay(record: Record) -> PebblesState:
    state = PebblesState(
        record.layout, record.players, record.hands, record.row, record.deck, record.lead
    )
    state._undo = None  # one replay forward: no undo to keep
    for action in record.actions:
        state.apply(action)
    return state
