"""Game records in the ``pebbles-record/1`` format (docs/pebbles-record.md).

A record is the setup (the layout, the number of players, the shuffled deck written out
in full as the deal, the face-up row and the rest of the deck, the lead player) plus every
action, chance actions included, so replaying it never needs the random generator.

>>> record = new_record(players=3, seed=5)
>>> state = record.start()
>>> state.apply(state.legal_actions()[0])
>>> again = Record.loads(record.with_actions(state.history).dumps())
>>> again.actions == state.history, again.layout.name, again.seed
(True, 'pebbles-3p/2', 5)
>>> sorted(again.hands[0] + again.hands[1] + again.hands[2] + again.row + again.deck) == list(
...     deck_for(3))
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from waddle.core.game import IllegalActionError
from waddle.core.jsontext import shown
from waddle.core.links import seed_problem
from waddle.core.records import (
    BoardError,
    RecordError,
    SetupCache,
    check_actions,
    illegal_action,
    parse_actions,
    parse_record_text,
    read_header,
    record_text,
)
from waddle.core.rng import Rng, derive_seed
from waddle.games.pebbles.actions import Action
from waddle.games.pebbles.cards import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Card,
    check_players,
    deck_for,
    parse_card,
)
from waddle.games.pebbles.layout import Layout, builtin_layout, layout_named, parse_layout
from waddle.games.pebbles.state import HAND, ROW, PebblesState

FORMAT = "pebbles-record/1"

_DEAL_STREAM = 0x50424C53  # keeps the deal apart from other uses of a seed

_LAYOUTS: SetupCache[str, Layout] = SetupCache(limit=32)
"""Custom layouts read from records, by their canonical JSON text."""


@dataclass
class Record:
    """The setup and the action history of one game of Pebbles."""

    FORMAT: ClassVar[str] = FORMAT

    players: int
    layout: Layout
    hands: tuple[tuple[Card, ...], ...]
    """The deal: each player's ten cards, in card order."""
    row: tuple[Card, ...]
    """The four face-up cards, in row order."""
    deck: tuple[Card, ...]
    """The rest of the shuffled deck, top first."""
    lead: int
    """The lead player of the first round (drawn at random at setup)."""
    actions: list[Action] = field(default_factory=list)
    seed: int = 0
    """The seed the deal was drawn from (0 when unknown): the app draws a game's chance
    outcomes (reshuffles) from it, so that the same game always draws the same."""
    eyes: int | None = None
    """The seat this record is seen through (None: the whole game). Then the cards that
    seat has not seen by the last action are stand-ins, written "?" (:mod:`.eyes`)."""
    unseen_kept: tuple[int, Any] | None = field(default=None, compare=False, repr=False)
    """``(actions, unseen)``: what the seat had not seen when the record was redacted, at
    that many actions (:mod:`.eyes` keeps it so as not to replay the game again)."""

    # -- to and from JSON -------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        layout = self.layout
        out: dict[str, Any] = {
            "format": FORMAT,
            "players": self.players,
            "layout": layout.name if layout.name is not None else layout.to_json(),
            "lead": self.lead,
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "row": [str(c) for c in self.row],
            "deck": [str(c) for c in self.deck],
            "actions": [a.to_json() for a in self.actions],
        }
        if self.seed:
            out["seed"] = self.seed
        if self.eyes is not None:
            from waddle.games.pebbles.eyes import record_json

            return record_json(self, out)
        return out

    def dumps(self, indent: int | None = None) -> str:
        """The record as JSON text; the same record always gives the same bytes."""
        return record_text(self.to_json(), indent, ascii_only=False)

    @staticmethod
    def from_json(data: Any) -> Record:
        """Check the record's structure and setup; ``RecordError`` says what is wrong.

        Whether the actions are legal is checked by :meth:`replay`.
        """
        players = read_header(data, FORMAT, MIN_PLAYERS, MAX_PLAYERS)
        if "layout" not in data:
            raise RecordError('missing "layout"')
        layout = read_layout(data["layout"])
        problems = layout.problems_for(players)
        if problems:
            raise RecordError(f"layout: {problems[0]}")
        lead = data.get("lead")
        if type(lead) is not int or not 0 <= lead < players:
            raise RecordError(f'"lead" must be a player number from 0 to {players - 1}')
        hands = data.get("hands")
        if type(hands) is not list or len(hands) != players:
            raise RecordError(f'"hands" must be a list of {players} hands, one per player')
        eyes = data.get("eyes")
        if eyes is not None:
            return _read_eyes(data, players, layout, lead, eyes)
        dealt = tuple(tuple(sorted(_cards(h, f"hand {p}", HAND))) for p, h in enumerate(hands))
        row = tuple(_cards(data.get("row"), "row", ROW))
        deck = tuple(_cards(data.get("deck"), "deck", None, most=len(deck_for(players))))
        _check_deck(players, [*(c for h in dealt for c in h), *row, *deck])
        actions = parse_actions(data.get("actions"), Action.from_json)
        seed = data.get("seed", 0)
        problem = seed_problem(seed, '"seed"')  # what the link carries, refused otherwise
        if problem:
            raise RecordError(problem)
        return Record(players, layout, dealt, row, deck, lead, actions, seed)

    @staticmethod
    def loads(text: str | bytes) -> Record:
        return Record.from_json(parse_record_text(text))

    # -- to and from game states ------------------------------------------------------------

    def start(self) -> PebblesState:
        """The position before the first action."""
        try:
            check_players(self.players)
        except ValueError as e:
            raise RecordError(str(e)) from None
        problems = self.layout.problems_for(self.players)
        if problems:
            raise RecordError(f"layout: {problems[0]}")
        state = PebblesState(self.layout, self.players, self.hands, self.row, self.deck, self.lead)
        state.eyes = self.eyes
        return state

    def replay(self) -> PebblesState:
        """Play every action; ``RecordError`` names the first illegal one and why."""
        state = self.start()
        for i, action in enumerate(self.actions):
            try:
                state.apply(action)
            except IllegalActionError as e:
                raise illegal_action(i, action, e) from None
        return state

    def with_actions(self, actions: Iterable[Action]) -> Record:
        """The same setup with other actions."""
        return Record(
            self.players,
            self.layout,
            self.hands,
            self.row,
            self.deck,
            self.lead,
            list(actions),
            self.seed,
            self.eyes,
        )


def deal(players: int, seed: int) -> tuple[tuple[tuple[Card, ...], ...], tuple, tuple, int]:
    """The shuffled deck of ``players`` players dealt from ``seed`` (the same on every
    Python): ``(hands, row, deck, lead)``. Ten cards to each player in turn of seats from
    the top, then four face up, the rest stays the deck; the lead player is drawn after."""
    cards = list(deck_for(players))
    rng = Rng(derive_seed(seed, players, _DEAL_STREAM))
    rng.shuffle(cards)
    hands = tuple(tuple(sorted(cards[p * HAND : (p + 1) * HAND])) for p in range(players))
    row = tuple(cards[players * HAND : players * HAND + ROW])
    deck = tuple(cards[players * HAND + ROW :])
    return hands, row, deck, rng.below(players)


def new_record(players: int, seed: int = 0, layout: Layout | None = None) -> Record:
    """A game not yet started: the built-in layout for ``players`` (or ``layout``), the
    deck shuffled and dealt and the lead player drawn from ``seed``."""
    try:
        check_players(players)
    except ValueError as e:
        raise ValueError(str(e)) from None
    layout = layout or builtin_layout(players)
    problems = layout.problems_for(players)
    if problems:
        raise BoardError(problems)
    hands, row, deck, lead = deal(players, seed)
    return Record(players, layout, hands, row, deck, lead, [], seed)


def _read_eyes(data: dict[str, Any], players: int, layout: Layout, lead: int, eyes: Any) -> Record:
    """A record through one seat's eyes (``"eyes"``): its cards written "?" are dealt as
    stand-ins (:mod:`.eyes`); everything else is read and checked as for any record."""
    from waddle.games.pebbles.eyes import UNKNOWN, read_json

    if type(eyes) is not int or not 0 <= eyes < players:
        raise RecordError(f'"eyes" must be a seat, a whole number from 0 to {players - 1}')
    for p, hand in enumerate(data["hands"]):
        if type(hand) is not list or len(hand) != HAND:
            raise RecordError(f"hand {p} must be a list of {HAND} cards")
    raw_deck = data.get("deck")
    if type(raw_deck) is not list or len(raw_deck) > len(deck_for(players)):
        raise RecordError(f'"deck" must be a list of at most {len(deck_for(players))} cards')
    row = tuple(_cards(data.get("row"), "row", ROW))
    raw_actions = check_actions(data.get("actions"))
    unknown = [
        type(a) is dict and len(a) == 1 and type(a.get("reshuffle")) is list
        and UNKNOWN in a["reshuffle"]
        for a in raw_actions
    ]  # fmt: skip
    known = [{"done": True} if u else a for a, u in zip(raw_actions, unknown, strict=True)]
    actions = parse_actions(known, Action.from_json)
    record = Record(players, layout, (), row, (), lead, actions, 0, eyes)
    record = read_json({**data, "actions": raw_actions}, record, eyes)
    _check_deck(players, [*(c for h in record.hands for c in h), *record.row, *record.deck])
    return record


def read_layout(raw: Any) -> Layout:
    """A record's ``"layout"``: a built-in's name, or a whole layout object."""
    if isinstance(raw, str):
        try:
            return layout_named(raw)
        except KeyError:
            raise RecordError(f'"layout": no built-in layout is named {shown(raw)}') from None
    if type(raw) is not dict:
        raise RecordError('"layout" must be a built-in layout\'s name or a layout object')
    try:
        key = json.dumps(raw, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):  # not JSON's types, or nested too deep
        raise RecordError('"layout" is not plain JSON') from None
    try:
        return _LAYOUTS.get_or_build(key, lambda _: parse_layout(raw)[0])
    except BoardError as e:
        raise RecordError(f"layout: {e.brief()}") from None


def _cards(raw: Any, where: str, size: int | None, most: int = 0) -> list[Card]:
    """``raw`` as cards: exactly ``size`` of them, or (``size`` None) at most ``most``,
    counted before any is read."""
    if type(raw) is not list:
        raise RecordError(f'"{where}" must be a list of cards like "7C"')
    if size is not None and len(raw) != size:
        raise RecordError(f"{where} must have {size} cards, not {len(raw)}")
    if size is None and len(raw) > most:
        raise RecordError(f"{where} has {len(raw):,} cards; the whole deck has {most}")
    out = []
    for item in raw:
        try:
            out.append(parse_card(item))
        except ValueError as e:
            raise RecordError(f"{where}: {e}") from None
    return out


def _check_deck(players: int, cards: Sequence[Card]) -> None:
    """The hands, row and deck must hold the game's deck exactly, each card once."""
    expected = set(deck_for(players))
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise RecordError(f"card {c} appears twice in the hands, row and deck")
        if c not in expected:
            raise RecordError(f"card {c} is not in the deck of a {players}-player game")
        seen.add(c)
    missing = sorted(expected - seen)
    if missing:
        raise RecordError(
            f"the hands, row and deck lack {len(missing)} card{'s' if len(missing) > 1 else ''} "
            f"of the deck: {' '.join(map(str, missing[:8]))}{' ...' if len(missing) > 8 else ''}"
        )
