"""A game of Waddle Waddle as one seat has seen it: the record a link from that seat's eyes
carries (docs/waddle-waddle-record.md, "Seen through one seat's eyes").

What the seat has seen by the record's last action stays: every card dealt or drawn face up
(the ice floe, each threat as it turned up), its own cards, every card another player
showed (to the floe, in a waddle), each season's event once it began, the first season's
tokens once they were placed. The rest it has not seen: the cards the others drew face down
and have not shown, the decks below the cards drawn, every deck and event of the seasons
to come. The record writes those ``"?"``, and a game is played from it with *stand-ins*
in their places, worked out from what the seat has seen alone:

- a card another player drew face down and later showed is written where that player drew
  a card face down before showing it, the oldest first (which of the player's face-down
  cards it was, the seat never saw);
- in a season begun, the threats not turned up go one to each bottom stack that has not
  shown its own, on the stack's last card (the seasons' rules decide which threats, the
  lowest first); Kevin, when nobody has seen him, on the last place of the deck's top half
  the seat has not seen; the other cards in card order on the places left;
- a season not begun gets a deck shuffled from a fixed seed, and the first event of its
  list; the first season's tokens, before it begins, go to the rookeries in order.

If those stand-ins do not replay the game as the seat saw it (a player who passed with a
hand the stand-ins would let them play, a face-down card kept through a waddle that
Kevin cannot be), the other cards are shuffled from a fixed seed and tried again, up to
:data:`ATTEMPTS` times: each try is worked out from what the seat has seen, so none
tells anything else.

>>> from waddle.games.waddle_waddle.record import new_record
>>> record = new_record(2, seed=3)
>>> state = record.start()
>>> for _ in range(6):
...     state.apply(state.legal_actions()[0])
>>> seen = redact(record.with_actions(state.history), 0)
>>> data = seen.to_json()
>>> data["eyes"], data["decks"][0][:6], set(data["decks"][1]), data["events"][1]
(0, ['Ch1', 'Ch6', '?', '?', 'Rk1', 'Rk2'], {'?'}, '?')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from waddle.core.game import IllegalActionError
from waddle.core.records import RecordError
from waddle.core.rng import Rng, derive_seed
from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.cards import HIDDEN, KEVIN, THREAT0, code, full_deck, parse_card
from waddle.games.waddle_waddle.components import ROOKERIES
from waddle.games.waddle_waddle.deck import (
    STACK_CARDS,
    STACKS,
    build_deck,
    threat_pool,
    top_size,
)
from waddle.games.waddle_waddle.state import WaddleWaddleState
from waddle.games.waddle_waddle.threats import THREATS_PER_SEASON

if TYPE_CHECKING:
    from waddle.core.study import Study
    from waddle.games.waddle_waddle.record import Record, Setup

UNKNOWN = "?"
"""How a record through one seat's eyes writes what that seat has not seen."""
ATTEMPTS = 8
"""How many ways of dealing the stand-ins are tried before a record is refused."""
_EYES_SEED = 0x45594553  # the stand-ins' fixed seed ("EYES"): never a game's own


@dataclass(frozen=True)
class Seen:
    """What a seat has seen of a game's setup by the record's last action: the setup with
    None wherever it has not (and the cards others showed where they drew them)."""

    decks: tuple[tuple[int | None, ...], ...]
    """Each season's deck, top first."""
    events: tuple[str | None, ...]
    tokens: tuple[tuple[int | None, ...], tuple[int | None, ...]]
    """The first season's Conservation Points and Fish Supply tokens, by rookery."""


class _Tracker(WaddleWaddleState):
    """The rules, noting where each card drawn goes and each card a hand shows: one
    entry per event, in the order they happen."""

    __slots__ = ("_dealing", "_face_down", "log")

    def __init__(self, setup: Setup) -> None:
        self.log: list[tuple] = []
        self._dealing = False
        self._face_down: int | None = None
        events = tuple(
            setup.components.events.index(setup.components.event(e)) for e in setup.events
        )
        super().__init__(
            setup.components, setup.options, setup.players, setup.decks, events, setup.tokens
        )
        self._undo = None  # one replay forward: no undo to keep

    def apply(self, action: Any) -> None:
        self.log.append(("apply",))
        super().apply(action)

    def _start_season(self) -> None:
        self.log.append(("season", self.season))
        self._dealing = True
        try:
            super()._start_season()
        finally:
            self._dealing = False

    def _draw(self) -> int:
        season, place = self.season, self.pos
        c = super()._draw()
        to = None
        if self._dealing and place < 2 * self.n:  # the deal: two face down to each, in turn
            to = (self.first + place // 2) % self.n
        elif self._face_down is not None and c < THREAT0:  # a threat always turns up
            to = self._face_down
        self._face_down = None
        self.log.append(("draw", season, place, c, to))
        return c

    def _do_turn(self, action: K.Action) -> None:
        if action.kind == K.DRAFT and action.a == HIDDEN:
            self._face_down = self.cur
        super()._do_turn(action)
        self._face_down = None

    def _do_refill2(self, action: K.Action) -> None:
        if action.a == HIDDEN:
            self._face_down = self.cur
        super()._do_refill2(action)
        self._face_down = None

    def _to_floe(self, p: int, c: int) -> None:
        if c not in self.known[p]:
            self.log.append(("show", self.season, p, c))
        super()._to_floe(p, c)

    def _take_from_hand(self, p: int, cards: Any) -> None:
        for c in cards:
            if c not in self.known[p]:
                self.log.append(("show", self.season, p, c))
            super()._take_from_hand(p, (c,))


def seen(record: Record, seat: int) -> Seen:
    """What ``seat`` has seen of ``record``'s setup by its last action (see the module's
    docstring: a card another player showed is where that player drew one face down)."""
    setup = record.setup
    tracker = _Tracker(setup)
    for action in record.actions:
        tracker.apply(action)
    decks: list[list[int | None]] = [[None] * len(d) for d in setup.decks]
    begun: set[int] = set()
    face_down: dict[tuple[int, int], list[tuple[int, int]]] = {}  # (season, p): [(event, place)]
    shown: dict[tuple[int, int], list[tuple[int, int]]] = {}  # (season, p): [(event, card)]
    batch: list[tuple[int, int, int]] = []  # (season, place, card): drawn to one place at once
    batch_to: int | None = None
    for k, entry in enumerate([*tracker.log, ("apply",)]):
        if batch and (entry[0] != "draw" or entry[4] != batch_to or entry[1] != batch[0][0]):
            _seen_batch(decks, batch)
            batch = []
        if entry[0] == "season":
            begun.add(entry[1])
        elif entry[0] == "draw":
            _, s, place, c, to = entry
            if to is None or to == seat:
                batch.append((s, place, c))
                batch_to = to
            else:
                face_down.setdefault((s, to), []).append((k, place))
        elif entry[0] == "show":
            _, s, p, c = entry
            if p != seat:
                shown.setdefault((s, p), []).append((k, c))
    for (s, p), shows in shown.items():
        top = top_size(len(setup.decks[s]), not setup.options.no_threats)
        for place, c in _attribute(face_down.get((s, p), []), shows, top).items():
            decks[s][place] = c
    events = tuple(e if s in begun else None for s, e in enumerate(setup.events))
    tokens = setup.tokens if 0 in begun else ((None,) * ROOKERIES, (None,) * ROOKERIES)
    return Seen(tuple(map(tuple, decks)), events, tokens)


def _seen_batch(decks: list[list[int | None]], batch: list[tuple[int, int, int]]) -> None:
    """Cards drawn at once to one place (the ice floe, a hand at the deal) were seen there
    in card order, not in the deck's: their places get them in card order (a threat that
    stopped a refill stays the last)."""
    s = batch[0][0]
    places = [place for _, place, _ in batch]
    cards = [c for _, _, c in batch]
    last = [cards.pop()] if cards and cards[-1] >= THREAT0 else []
    for place, c in zip(places, sorted(cards) + last, strict=True):
        decks[s][place] = c


def _attribute(
    places: list[tuple[int, int]], shows: list[tuple[int, int]], top: int
) -> dict[int, int]:
    """Each card a player showed from their face-down cards, given a place where they drew
    one before (and Kevin one in the deck's top half): a matching worked out from when the
    cards were drawn and shown, never from which they were (the oldest place first)."""
    owner: dict[int, int] = {}

    def place_for(k: int, tried: set[int]) -> bool:
        when, c = shows[k]
        for drawn, place in places:
            if drawn > when or place in tried or (c == KEVIN and place >= top):
                continue
            tried.add(place)
            if place not in owner or place_for(owner[place], tried):
                owner[place] = k
                return True
        return False

    for k in range(len(shows)):
        if not place_for(k, set()):
            raise RecordError("a card shown from a hand was never drawn face down")
    return {place: shows[k][1] for place, k in owner.items()}


def redact(record: Record, seat: int) -> Record:
    """``record`` as ``seat`` has seen it by its last action, with ``eyes`` ``seat``: what it
    has not seen dealt again as stand-ins; no ``"generated"`` seed (which draws it all). A
    record through another seat's eyes stays through that seat's."""
    if record.eyes is not None and record.eyes != seat:
        seat = record.eyes
    if not 0 <= seat < record.players:
        raise ValueError(f"seat {seat} is not a seat of this game")
    if record.eyes == seat and _kept_seen(record) is not None:
        return record  # redacted already, at this very action
    return filled(record, seen(record, seat), seat)


def _kept_seen(record: Record) -> Seen | None:
    """What the record's seat has seen, kept when the record was redacted (None if its
    actions changed since)."""
    kept = record.seen_kept
    return kept[1] if kept is not None and kept[0] == len(record.actions) else None


def filled(record: Record, known: Seen, seat: int) -> Record:
    """``record``'s actions on the setup ``known`` holds, what it does not hold dealt as
    stand-ins that replay the game as ``seat`` saw it; ``RecordError`` if no way tried does
    (a record written by hand)."""
    from waddle.games.waddle_waddle.record import Record

    for attempt in range(ATTEMPTS):
        try:
            candidate = Record(_stand_ins(record.setup, known, attempt), record.actions, None, seat)
            if seen(candidate, seat) == known:
                candidate.seen_kept = (len(candidate.actions), known)
                return candidate
        except (IllegalActionError, RecordError, ValueError):
            continue
    raise RecordError(
        f'the cards written "{UNKNOWN}" cannot be dealt so that the game replays as its seat saw it'
    )


def _stand_ins(setup: Setup, known: Seen, attempt: int) -> Setup:
    """The setup with stand-ins where ``known`` holds None (try ``attempt``: 0 deals the
    other cards in card order, later tries shuffle them from the fixed seed)."""
    from waddle.games.waddle_waddle.record import Setup

    options = setup.options
    has_threats = not options.no_threats
    decks: list[tuple[int, ...]] = []
    used: list[tuple[int, ...]] = []
    for s, deck in enumerate(known.decks):
        pool = threat_pool(s, used, options.gentle_first_season) if has_threats else ()
        shown = sorted({c - THREAT0 for c in deck if c is not None and c >= THREAT0})
        chosen = [t for t in pool if t not in shown][: THREATS_PER_SEASON - len(shown)]
        threats = tuple(sorted([*shown, *chosen])) if has_threats else ()
        used.append(threats)
        if all(c is None for c in deck):  # a season not begun
            decks.append(build_deck(Rng(derive_seed(_EYES_SEED, s)), threats, options.kevin))
            continue
        decks.append(
            _deck_stand_ins(
                deck, threats, options.kevin, Rng(derive_seed(_EYES_SEED, s, attempt)), attempt
            )
        )
    components = setup.components
    events = tuple(
        e if e is not None else components.events_of(s + 1)[0].id
        for s, e in enumerate(known.events)
    )
    cp, fish = known.tokens
    tokens = (tuple(cp), tuple(fish))
    if None in cp or None in fish:  # the first season not begun: the tokens in order
        tokens = (tuple(range(ROOKERIES)), tuple(range(ROOKERIES)))
    return Setup(
        setup.players,
        options,
        components,
        tuple(decks),
        events,
        tokens,  # type: ignore[arg-type]
    )


def _deck_stand_ins(
    deck: tuple[int | None, ...], threats: tuple[int, ...], kevin: bool, rng: Rng, attempt: int
) -> tuple[int, ...]:
    """A begun season's deck with its unknown places (None) dealt: the threats not shown,
    Kevin if nobody saw him, then the other cards."""
    composition = [*full_deck(), *([KEVIN] if kevin else []), *(THREAT0 + t for t in threats)]
    missing = Counter(composition) - Counter(c for c in deck if c is not None)
    if any(c is not None and c not in composition for c in deck):
        raise RecordError("a deck holds a card it cannot")
    out = list(deck)
    open_places = [i for i, c in enumerate(out) if c is None]
    if len(open_places) != sum(missing.values()):
        raise RecordError("a deck's unknown cards do not fit its places")
    size = len(deck)
    top = top_size(size, bool(threats))
    # A threat not shown is in a stack that has not shown its own, on the stack's last card
    # (not drawn yet: the deck is drawn from the top, and a threat drawn always shows).
    for b in range(STACKS if threats else 0):
        first = top + b * (STACK_CARDS + 1)
        stack = range(first, first + STACK_CARDS + 1)
        if any(out[i] is not None and out[i] >= THREAT0 for i in stack):  # type: ignore[operator]
            continue
        threat = min(c for c in missing if c >= THREAT0)
        last = stack[-1]
        if out[last] is not None:
            raise RecordError("a bottom stack has no place left for its threat")
        out[last] = threat
        missing[threat] -= 1
        if not missing[threat]:
            del missing[threat]
    if missing[KEVIN]:
        places = [i for i in range(top) if out[i] is None]
        if not places:
            raise RecordError("Kevin has no place left in the deck's top half")
        out[places[-1 - attempt % len(places)]] = KEVIN
        missing[KEVIN] -= 1
    rest = sorted(missing.elements())
    if any(c >= THREAT0 or c == KEVIN for c in rest):
        raise RecordError("a deck's threats do not fit its stacks")
    if attempt:
        rng.shuffle(rest)
    cards = iter(rest)
    return tuple(c if c is not None else next(cards) for c in out)


def record_json(record: Record, out: dict[str, Any]) -> dict[str, Any]:
    """``out`` (the record's JSON) with what its seat has not seen written "?", and
    ``"eyes"``; no ``"generated"``."""
    known = _kept_seen(record) or seen(record, record.eyes)  # type: ignore[arg-type]
    out["decks"] = [[UNKNOWN if c is None else code(c) for c in deck] for deck in known.decks]
    out["events"] = [UNKNOWN if e is None else e for e in known.events]
    cp, fish = known.tokens
    out["tokens"] = {
        "conservation": [UNKNOWN if t is None else t for t in cp],
        "fish": [UNKNOWN if t is None else t for t in fish],
    }
    out.pop("generated", None)
    out["eyes"] = record.eyes
    return out


def read_seen(data: dict[str, Any], options: Any, components: Any) -> Seen:
    """A record's setup as one seat saw it, from its JSON: ``"?"`` (unknown) read as None;
    ``RecordError`` names what is neither what the key holds nor ``"?"``. The rest of the
    setup's checks are the record's own, on the stand-ins."""
    seasons = options.seasons
    decks = data.get("decks")
    if type(decks) is not list or len(decks) != seasons:
        raise RecordError(f'"decks" must list one deck per season ({seasons})')
    out = []
    for s, deck in enumerate(decks):
        if type(deck) is not list or len(deck) > 2 * 80:
            raise RecordError(f"deck {s + 1} must be a list of at most 160 cards")
        cards: list[int | None] = []
        for item in deck:
            try:
                cards.append(None if item == UNKNOWN else parse_card(item))
            except ValueError as e:
                raise RecordError(f"deck {s + 1}: {e}") from None
        out.append(tuple(cards))
    events = data.get("events")
    want = 0 if options.no_events else seasons
    if type(events) is not list or len(events) != want:
        raise RecordError(f'"events" must list one event per season ({want})')
    for s, event_id in enumerate(events):
        ids = [e.id for e in components.events_of(s + 1)]
        if event_id != UNKNOWN and event_id not in ids:
            raise RecordError(f'event {s + 1} must be one of {", ".join(ids)}, or "?"')
    tokens = data.get("tokens")
    if type(tokens) is not dict:
        raise RecordError('"tokens" must be {"conservation": [...], "fish": [...]}')
    both = []
    for key in ("conservation", "fish"):
        value = tokens.get(key)
        unknown = type(value) is list and value == [UNKNOWN] * ROOKERIES
        if not unknown and (
            type(value) is not list
            or not all(type(t) is int for t in value)
            or sorted(value) != list(range(ROOKERIES))
        ):
            raise RecordError(
                f'"tokens" "{key}" must give each rookery one of the tokens 0 to 4, each once '
                '(or be "?" five times)'
            )
        both.append(tuple(None if unknown else t for t in value))
    return Seen(
        tuple(out),
        tuple(None if e == UNKNOWN else e for e in events),
        (both[0], both[1]),
    )


def visible_cards(state: WaddleWaddleState, seat: int) -> frozenset[str]:
    """The cards ``seat`` sees in ``state``: its hand, the cards others took face up, the
    ice floe, a waddle being played (what a study's card mark may name there, through the
    seat's eyes)."""
    view = state.view(seat)
    cards = [*view.floe]
    for sv in view.seats:
        cards += sv.hand if sv.hand is not None else sv.known
    for name, value in view.pending:
        if name == "waddle":
            cards += value
        elif name == "exchanged":
            cards.append(value)
    return frozenset(cards)


def seen_study(record: Record, study: Study | None, seat: int) -> Study | None:
    """``study`` as a link through ``seat``'s eyes carries it
    (:meth:`~waddle.core.study.Study.through_eyes`): card marks where the seat sees the
    card, questions where the seat is to play, no step after the record's end."""
    if study is None:
        return None
    state = record.start()
    state._undo = None  # one replay forward
    return study.seen_along(seat, state, record.actions, visible_cards)
