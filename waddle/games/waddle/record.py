"""Game records in the ``waddle-record/1`` format (see the project's record design note).

A record is the setup (players, map, starting order) plus every action taken. It is what
the command line replays and what saves and links encode.

>>> record = new_record(players=2, seed=5)
>>> state = record.replay()
>>> state.apply(state.legal_actions()[0])
>>> again = Record.loads(Record.from_state(state).dumps())
>>> again.actions == state.history
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from waddle.core.bits import MAX_SIGNED, MAX_VARINT, MIN_SIGNED
from waddle.core.game import IllegalActionError
from waddle.core.links import is_seed
from waddle.core.records import (
    RecordError,
    SetupCache,
    check_actions,
    illegal_action,
    is_int,
    parse_record_text,
    read_header,
    record_text,
)
from waddle.core.rng import Rng, derive_seed
from waddle.games.waddle.actions import Action, place_pair
from waddle.games.waddle.board import (
    MAX_COORD,
    MAX_FISH,
    MAX_HEXES,
    Board,
    HexSpec,
    MapError,
    parse_map,
    too_many_hexes,
)
from waddle.games.waddle.state import MAX_PLAYERS, MIN_PLAYERS, WaddleState

FORMAT = "waddle-record/1"
MAX_COMPENSATION = 99
"""The most VP the seat compensation option may give a seat (records and links)."""

if TYPE_CHECKING:
    from waddle.games.waddle.mapgen import TileSet

_ORDER_STREAM = 2  # keeps the turn-order draw independent of the map draw for one seed


class _Setup:
    """A map read from a record, and the board once built from it (shared by every
    record with the same map)."""

    __slots__ = ("board", "specs")

    def __init__(self, specs: tuple[HexSpec, ...]) -> None:
        self.specs = specs
        self.board: Board | None = None


_SETUPS: SetupCache[tuple, _Setup] = SetupCache(limit=64)
"""Maps read from records, by their hexes' plain values (see :func:`_map_key`)."""


@dataclass(frozen=True)
class Generated:
    """Where a generated map came from: lets links carry a seed instead of the whole map.

    Stored in the record under the extra key ``"generated"``, which other readers ignore;
    the map itself is always written out in full.
    """

    tileset: str
    seed: int

    def to_json(self) -> dict[str, Any]:
        return {"tileset": self.tileset, "seed": self.seed}


@dataclass
class Record:
    """The setup and the action history of one game."""

    FORMAT: ClassVar[str] = FORMAT

    players: int
    map: tuple[HexSpec, ...]
    order: tuple[int, ...]
    actions: list[Action] = field(default_factory=list)
    generated: Generated | None = None
    compensation: tuple[int, ...] | None = None
    """The seat compensation option, off by default and not a rule of the game (see
    :mod:`waddle.games.waddle.compensation`): VP added to the final score of each seat of
    ``order``, stored under the extra key ``"compensation"``; None: no compensation."""
    _board: tuple[tuple[HexSpec, ...], Board] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """The board built for ``map`` (kept with the map it was built from)."""
    generated_checked: bool | None = field(default=None, init=False, repr=False, compare=False)
    """Whether ``generated`` was found to describe ``map`` exactly (None: not checked)."""
    _setup: _Setup | None = field(default=None, init=False, repr=False, compare=False)
    """The shared entry of the map this record was read with, to leave the board in."""

    # -- to and from JSON ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "players": self.players,
            "map": [h.to_json() for h in self.map],
            "order": list(self.order),
            "actions": [a.to_json() for a in self.actions],
        }
        if self.generated is not None:
            out["generated"] = self.generated.to_json()
        if self.compensation is not None:
            out["compensation"] = list(self.compensation)
        return out

    def dumps(self, indent: int | None = None) -> str:
        """The record as JSON text; the same record always gives the same bytes."""
        return record_text(self.to_json(), indent)

    @staticmethod
    def from_json(data: Any) -> Record:
        """Check the record's structure; ``RecordError`` says what is missing or ill-typed.

        Whether the actions are legal is checked by :meth:`replay`.
        """
        players = read_header(data, FORMAT, MIN_PLAYERS, MAX_PLAYERS)
        if "map" not in data:
            raise RecordError('missing "map"')
        if type(data["map"]) is list and len(data["map"]) > MAX_HEXES:  # before any work
            raise RecordError(f"map: {too_many_hexes(len(data['map']))}")
        key = _map_key(data["map"])
        if key is None:  # not the plain form: the slow way, with its messages
            try:
                specs = tuple(parse_map(data["map"]))
            except MapError as e:
                raise RecordError(f"map: {e.brief()}") from None
            setup = None
        else:
            setup = _SETUPS.get_or_build(key, _setup_of)
            specs = setup.specs
        order = data.get("order")
        if (
            not isinstance(order, list)
            or not all(is_int(p) for p in order)
            or sorted(order) != list(range(players))
        ):
            raise RecordError(f'"order" must list each player 0..{players - 1} exactly once')
        raw_actions = check_actions(data.get("actions"))
        actions = []
        append = actions.append
        for i, raw in enumerate(raw_actions):
            # The plain forms {"place": [q, r]} and {"place": [q, r], "double": true}
            # are read inline, to the shared actions of place_pair(); anything else goes
            # through Action.from_json and its messages.
            if type(raw) is dict:
                where = raw.get("place")
                if type(where) is list and len(where) == 2:
                    q, r = where
                    if type(q) is int and type(r) is int:
                        if len(raw) == 1:
                            append(place_pair((q, r))[0])
                            continue
                        if len(raw) == 2 and raw.get("double") is True:
                            append(place_pair((q, r))[1])
                            continue
            try:
                append(Action.from_json(raw))
            except ValueError as e:
                raise RecordError(f"action {i}: {e}", action_index=i) from None
        # "generated" is a hint other readers ignore (the map is written out in full): one
        # this reader cannot use, such as a seed no link can carry, is ignored too, and
        # the map then travels hex by hex.
        generated = None
        gen = data.get("generated")
        if type(gen) is dict and type(gen.get("tileset")) is str and is_seed(gen.get("seed")):
            generated = Generated(gen["tileset"], gen["seed"])
        compensation = data.get("compensation")
        if compensation is not None:
            if (
                not isinstance(compensation, list)
                or len(compensation) != players
                or not all(is_int(v) and 0 <= v <= MAX_COMPENSATION for v in compensation)
            ):
                raise RecordError(
                    f'"compensation" must give each of the {players} seats a whole number of '
                    f"VP from 0 to {MAX_COMPENSATION}"
                )
            compensation = tuple(compensation)
        record = Record(players, specs, tuple(order), actions, generated, compensation)
        if setup is not None:
            if setup.board is not None:
                record._board = (specs, setup.board)
            else:
                record._setup = setup
        return record

    @staticmethod
    def loads(text: str | bytes) -> Record:
        return Record.from_json(parse_record_text(text))

    # -- to and from game states ----------------------------------------------------------

    def board(self) -> Board:
        """The map as a board, built once (replays and links reuse it, and so do other
        records read with the same map)."""
        if self._board is not None and self._board[0] is self.map:
            return self._board[1]
        try:
            board = Board(self.map)
        except MapError as e:
            raise RecordError(f"map: {e.brief()}") from None
        self._board = (self.map, board)
        setup = self._setup
        if setup is not None and setup.specs is self.map:
            setup.board = board
        return board

    def start(self) -> WaddleState:
        """The position before the first action."""
        return WaddleState(self.board(), self.players, self.order, self.compensation)

    def replay(self, board: Board | None = None) -> WaddleState:
        """Play every action; ``RecordError`` names the first illegal one and why."""
        state = WaddleState(board or self.board(), self.players, self.order, self.compensation)
        for i, action in enumerate(self.actions):
            try:
                state.apply(action)
            except IllegalActionError as e:
                raise illegal_action(i, action, e) from None
        return state

    def with_actions(self, actions) -> Record:
        """The same setup (and the board built for it) with other actions."""
        record = Record(
            self.players, self.map, self.order, list(actions), self.generated, self.compensation
        )
        record._board = self._board
        record.generated_checked = self.generated_checked
        record._setup = self._setup
        return record

    @staticmethod
    def from_state(state: WaddleState, generated: Generated | None = None) -> Record:
        record = Record(
            state.players,
            state.board.specs,
            state.order,
            state.history,
            generated,
            state.compensation,
        )
        record._board = (record.map, state.board)
        return record


def new_record(
    players: int,
    seed: int = 0,
    tileset: TileSet | None = None,
    compensation: tuple[int, ...] | None = None,
) -> Record:
    """A game not yet started: a generated map (of ``tileset``, by default the current
    one) and a random starting order, from ``seed``; ``compensation``: the option's VP
    per seat (:func:`waddle.games.waddle.compensation.seat_compensation`), or None."""
    from waddle.games.waddle import mapgen  # the generator is only needed for new games

    tileset = tileset or mapgen.default_tileset()
    specs = mapgen.generate_map(players, seed, tileset)
    record = Record(
        players,
        tuple(specs),
        starting_order(players, seed),
        [],
        Generated(tileset.name, seed),
        compensation,
    )
    record.generated_checked = True
    return record


def starting_order(players: int, seed: int) -> tuple[int, ...]:
    """The random starting turn order of a new game, from ``seed``."""
    order = list(range(players))
    Rng(derive_seed(seed, players, _ORDER_STREAM)).shuffle(order)
    return tuple(order)


_NO_FISH = ()  # (a distinct marker only by identity: "fish" missing)


def _map_key(raw: Any) -> tuple | None:
    """The plain values of a record's map, hex by hex, if every field has exactly the
    form ``HexSpec.from_json`` accepts without a message; None for anything else, which
    then goes the slow way (and gets that method's message).

    The key is read with exact types: ``1.0`` and ``true`` compare equal to ``1`` in
    Python, so a looser key could let an ill-typed record borrow a well-formed map.
    """
    if type(raw) is not list:
        return None
    key = []
    for item in raw:
        if type(item) is not dict:
            return None
        q, r, kind = item.get("q"), item.get("r"), item.get("kind")
        if type(q) is not int or type(r) is not int:
            return None
        if abs(q) + abs(r) + abs(q + r) > 2 * MAX_COORD:  # too far from 0,0: its message
            return None
        if kind == "ice" and len(item) == 3:  # the usual ice hex: q, r and kind only
            key.append((q, r, 0))
            continue
        number, fish = item.get("number"), item.get("fish", _NO_FISH)
        if fish is _NO_FISH:
            fish = ()
        elif type(fish) is not list:
            return None
        if number is not None and (
            type(number) is not int or not MIN_SIGNED <= number <= MAX_SIGNED
        ):
            return None
        if len(fish) > MAX_FISH:
            return None
        for f in fish:
            if type(f) is not int or not 0 <= f <= MAX_VARINT:
                return None
        if kind == "water" and type(kind) is str:
            key.append((q, r, 1, number, tuple(fish)))
        elif kind == "ice" and type(kind) is str and number is None and not fish:
            key.append((q, r, 0))
        else:
            return None
    return tuple(key)


def _setup_of(key: tuple) -> _Setup:
    """A map's shared entry, its hexes built straight from :func:`_map_key`'s plain
    values (which already have the exact types a hex needs)."""
    specs = tuple(
        [HexSpec(h[0], h[1], "water", h[3], h[4]) if h[2] else HexSpec(h[0], h[1], "ice")
         for h in key]
    )  # fmt: skip
    return _Setup(specs)
