"""Game records in the ``waddle-waddle-record/1`` format (docs/waddle-waddle-record.md).

A record is the whole setup written out (players, options, the component set, every
season's deck card by card, the season events, the first season's tokens) plus every
action. Replaying it never needs a random generator:

>>> record = new_record(players=3, seed=7)
>>> state = record.start()
>>> while state.ply < 40:
...     state.apply(state.legal_actions()[-1])
>>> again = Record.loads(record.with_actions(state.history).dumps())
>>> again.replay().scores() == state.scores(), again.generated
(True, Generated(seed=7))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from waddle.core.jsontext import quoted
from waddle.core.links import is_seed
from waddle.core.records import (
    BoardError,
    RecordError,
    is_int,
    parse_actions,
    parse_record_text,
    read_header,
    record_text,
    replay_actions,
)
from waddle.core.rng import Rng
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import THREAT0, code, full_deck, parse_card
from waddle.games.waddle_waddle.components import (
    BUILT_IN,
    ROOKERIES,
    SETS,
    Components,
    components_from_json,
)
from waddle.games.waddle_waddle.deck import (
    build_deck,
    choose_threats,
    deck_problems,
    threat_pool,
)
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.state import WaddleWaddleState
from waddle.games.waddle_waddle.threats import THREATS, THREATS_PER_SEASON

FORMAT = "waddle-waddle-record/1"
MIN_PLAYERS, MAX_PLAYERS = 2, 6


@dataclass(frozen=True)
class Generated:
    """The seed a record's setup was drawn from (the extra key ``"generated"``): a link may
    carry it instead of the decks, when they are exactly what it draws."""

    seed: int

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed}


@dataclass(frozen=True)
class Setup:
    """Everything a game starts from; a record is a setup and actions."""

    players: int
    options: Options
    components: Components
    decks: tuple[tuple[int, ...], ...]
    """Each season's deck, top card first."""
    events: tuple[str, ...]
    """Each season's event id (empty without events)."""
    tokens: tuple[tuple[int, ...], tuple[int, ...]]
    """The first season's Conservation Points and Fish Supply token at each rookery
    (indexes into the component set's token lists), in rookery order."""

    def start(self) -> WaddleWaddleState:
        events = tuple(self.components.events.index(self.components.event(e)) for e in self.events)
        return WaddleWaddleState(
            self.components, self.options, self.players, self.decks, events, self.tokens
        )

    def to_json(self) -> dict[str, Any]:
        c = self.components
        return {
            "format": FORMAT,
            "players": self.players,
            "options": self.options.to_json(),
            "components": c.name if SETS.get(c.name) is c else c.to_json(),
            "decks": [[code(x) for x in deck] for deck in self.decks],
            "events": list(self.events),
            "tokens": {"conservation": list(self.tokens[0]), "fish": list(self.tokens[1])},
        }


def generate_setup(
    players: int, seed: int, options: Options | None = None, components: Components = BUILT_IN
) -> Setup:
    """The setup drawn from ``seed`` with :class:`~waddle.core.rng.Rng` (the same on every
    Python): the first season's tokens, then each season's event, then each deck."""
    options = options or Options.standard(players)
    options.check(players)
    rng = Rng(seed)
    cp = list(range(ROOKERIES))
    rng.shuffle(cp)
    fish = list(range(ROOKERIES))
    rng.shuffle(fish)
    events: list[str] = []
    if not options.no_events:
        for s in range(1, options.seasons + 1):
            choices = components.events_of(s)
            events.append(choices[rng.below(len(choices))].id)
    decks = []
    used: list[tuple[int, ...]] = []
    for s in range(options.seasons):
        threats: tuple[int, ...] = ()
        if not options.no_threats:
            threats = choose_threats(rng, threat_pool(s, used, options.gentle_first_season))
        used.append(threats)
        decks.append(build_deck(rng, threats, options.kevin))
    return Setup(
        players, options, components, tuple(decks), tuple(events), (tuple(cp), tuple(fish))
    )


@dataclass
class Record:
    """The setup and the action history of one game."""

    FORMAT: ClassVar[str] = FORMAT

    setup: Setup
    actions: list[Action] = field(default_factory=list)
    generated: Generated | None = None
    eyes: int | None = None
    """The seat this record is seen through (None: the whole game). Then what that seat
    has not seen by the last action is stand-ins, written "?" (:mod:`.eyes`)."""
    seen_kept: tuple[int, Any] | None = field(default=None, compare=False, repr=False)
    """``(actions, seen)``: what the seat had seen when the record was redacted, at that
    many actions (:mod:`.eyes` keeps it so as not to replay the game again)."""

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def options(self) -> Options:
        return self.setup.options

    @property
    def components(self) -> Components:
        return self.setup.components

    # -- to and from JSON ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        out = self.setup.to_json()
        out["actions"] = [a.to_json() for a in self.actions]
        if self.generated is not None:
            out["generated"] = self.generated.to_json()
        if self.eyes is not None:
            from waddle.games.waddle_waddle.eyes import record_json

            return record_json(self, out)
        return out

    def dumps(self, indent: int | None = None) -> str:
        """The record as JSON text; the same record always gives the same bytes."""
        return record_text(self.to_json(), indent, ascii_only=False)

    @staticmethod
    def from_json(data: Any) -> Record:
        """Check the record's setup; ``RecordError`` says what is wrong (the actions are
        checked by :meth:`replay`)."""
        players = read_header(data, FORMAT, MIN_PLAYERS, MAX_PLAYERS, number="a whole number")
        if "options" not in data:
            raise RecordError('missing "options"')
        try:
            options = Options.from_json(data["options"], players)
        except ValueError as e:
            raise RecordError(f"options: {e}") from None
        components = _components(data.get("components"))
        if data.get("eyes") is not None:
            return _read_eyes(data, players, options, components)
        decks = _decks(data.get("decks"), options)
        events = _events(data.get("events"), options, components)
        tokens = _tokens(data.get("tokens"))
        setup = Setup(players, options, components, decks, events, tokens)
        actions = parse_actions(data.get("actions", None), Action.from_json)
        # "generated" is a hint other readers ignore (the decks are written out in full):
        # one this reader cannot use, such as a seed no link can carry, is ignored too.
        generated = None
        gen = data.get("generated")
        if type(gen) is dict and is_seed(gen.get("seed")):
            generated = Generated(gen["seed"])
        return Record(setup, actions, generated)

    @staticmethod
    def loads(text: str | bytes) -> Record:
        return Record.from_json(parse_record_text(text))

    # -- to and from game states ----------------------------------------------------------

    def start(self) -> WaddleWaddleState:
        """The position before the first action."""
        state = self.setup.start()
        state.eyes = self.eyes
        return state

    def replay(self) -> WaddleWaddleState:
        """Play every action; ``RecordError`` names the first illegal one and why."""
        return replay_actions(self.start(), self.actions)

    def with_actions(self, actions: Iterable[Action]) -> Record:
        return Record(self.setup, list(actions), self.generated, self.eyes)

    def is_generated(self) -> bool:
        """Whether the setup is exactly what its seed draws (a link then carries the seed)."""
        gen = self.generated
        if gen is None or not is_seed(gen.seed):
            return False
        s = self.setup
        return generate_setup(s.players, gen.seed, s.options, s.components) == s


def new_record(
    players: int,
    seed: int = 0,
    options: Options | None = None,
    components: Components = BUILT_IN,
) -> Record:
    """A game not yet started, its setup drawn from ``seed`` (a Standard game with the
    defaults of :meth:`Options.standard` unless ``options`` are given)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Waddle Waddle is for 2 to 6 players, not {players}")
    return Record(generate_setup(players, seed, options, components), [], Generated(seed))


# -- reading the setup's keys ---------------------------------------------------------------


def _read_eyes(
    data: dict[str, Any], players: int, options: Options, components: Components
) -> Record:
    """A record through one seat's eyes (``"eyes"``): what it writes "?" is dealt as
    stand-ins (:mod:`.eyes`), and the setup they make is checked as any record's."""
    from waddle.games.waddle_waddle.eyes import filled, read_seen

    eyes = data.get("eyes")
    if type(eyes) is not int or not 0 <= eyes < players:
        raise RecordError(f'"eyes" must be a seat, a whole number from 0 to {players - 1}')
    known = read_seen(data, options, components)
    actions = parse_actions(data.get("actions"), Action.from_json)
    placeholder = Setup(players, options, components, (), (), ((0,) * ROOKERIES, (0,) * ROOKERIES))
    record = filled(Record(placeholder, actions), known, eyes)
    # The stand-ins' setup passes the checks any record's does (the threats, Kevin, the
    # events, the tokens), so the game played from it is one the rules allow.
    Record.from_json({**record.setup.to_json(), "actions": []})
    return record


def _components(raw: Any) -> Components:
    if raw is None:
        raise RecordError('missing "components"')
    if type(raw) is str:
        found = SETS.get(raw)
        if found is None:
            raise RecordError(
                f'"components" names an unknown set {quoted(raw)} (known: {", ".join(SETS)}); '
                "a custom set is written out as an object"
            )
        return found
    try:
        components, _warnings = components_from_json(raw)
    except BoardError as e:
        raise RecordError(f"components: {e.brief()}") from None
    return components


def _decks(raw: Any, options: Options) -> tuple[tuple[int, ...], ...]:
    if raw is None:
        raise RecordError('missing "decks"')
    if type(raw) is not list or len(raw) != options.seasons:
        raise RecordError(f'"decks" must list one deck per season ({options.seasons})')
    decks: list[tuple[int, ...]] = []
    used: list[tuple[int, ...]] = []
    for s, deck in enumerate(raw):
        where = f"deck {s + 1}"
        if type(deck) is not list:
            raise RecordError(f"{where} must be a list of cards")
        size = len(full_deck()) + options.kevin + (0 if options.no_threats else THREATS_PER_SEASON)
        if len(deck) > 2 * size:  # refused whole, before its cards are read one by one
            raise RecordError(f"{where} has {len(deck):,} cards; a season's deck has {size}")
        try:
            cards = tuple(parse_card(c) for c in deck)
        except ValueError as e:
            raise RecordError(f"{where}: {e}") from None
        threats = tuple(sorted(c - THREAT0 for c in cards if c >= THREAT0))
        if not options.no_threats:
            pool = threat_pool(s, used, options.gentle_first_season)
            if len(set(threats)) != THREATS_PER_SEASON or not set(threats) <= set(pool):
                names = ", ".join(THREATS[t].code for t in pool)
                rule = (
                    "the four the first season set aside"
                    if s == 1
                    else f"four different threats among {names}"
                )
                raise RecordError(f"{where} must hold {rule}")
        elif threats:
            raise RecordError(f"{where} holds threats, but the game is played without them")
        problems = deck_problems(cards, threats, options.kevin)
        if problems:
            raise RecordError(f"{where}: {problems[0]}")
        used.append(threats)
        decks.append(cards)
    return tuple(decks)


def _events(raw: Any, options: Options, components: Components) -> tuple[str, ...]:
    if raw is None:
        raise RecordError('missing "events"')
    want = 0 if options.no_events else options.seasons
    if type(raw) is not list or len(raw) != want:
        raise RecordError(f'"events" must list one event per season ({want})')
    for s, event_id in enumerate(raw):
        ids = [e.id for e in components.events_of(s + 1)]
        if event_id not in ids:
            raise RecordError(f"event {s + 1} must be one of {', '.join(ids)}")
    return tuple(raw)


def _tokens(raw: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if type(raw) is not dict:
        raise RecordError('"tokens" must be {"conservation": [...], "fish": [...]}')
    out = []
    for key in ("conservation", "fish"):
        value = raw.get(key)
        if (
            type(value) is not list
            or not all(is_int(v) for v in value)  # before sorted(): "x" < 1 is a TypeError
            or sorted(value) != list(range(ROOKERIES))
        ):
            raise RecordError(
                f'"tokens" "{key}" must give each rookery one of the tokens 0 to 4, each once'
            )
        out.append(tuple(value))
    return out[0], out[1]


def custom_setup(setup: Setup, **changes: Any) -> Setup:
    """A setup with some fields changed (tests and tutorials build positions this way)."""
    return replace(setup, **changes)


__all__ = ["FORMAT", "Generated", "Record", "Setup", "generate_setup", "new_record"]
