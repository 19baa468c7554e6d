"""Game records in the ``htmf-record/1`` format (docs/htmf-record.md).

A record is the setup (the number of players and every floe with its fish) plus every
action taken. It is what the command line replays and what saves and links encode.

>>> record = new_record(players=2, seed=5)
>>> state = record.replay()
>>> state.apply(state.legal_actions()[0])
>>> again = Record.loads(record.with_actions(state.history).dumps())
>>> again.actions == state.history, again.generated
(True, Generated(seed=5))

Reading a record looks its board up in a :class:`~waddle.core.records.SetupCache` by the
floes it lists, so a file of records played on the same few boards (a tournament's, a
replay of saved games) builds and checks each board once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import chain, repeat
from operator import itemgetter
from typing import Any, ClassVar

from waddle.core.game import IllegalActionError
from waddle.core.links import is_seed
from waddle.core.records import (
    BoardError,
    RecordError,
    SetupCache,
    check_actions,
    illegal_action,
    parse_record_text,
    read_header,
    record_text,
)
from waddle.games.htmf.actions import Action
from waddle.games.htmf.board import (
    MAX_FLOES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Board,
    Floe,
    parse_floes,
    standard_floes,
    too_many_floes,
)
from waddle.games.htmf.state import HtmfState

FORMAT = "htmf-record/1"

_QRF = itemgetter("q", "r", "fish")

_BOARDS: SetupCache[tuple[tuple[int, int, int], ...], Board] = SetupCache(limit=64)
"""Boards built from records, by their ``(q, r, fish)`` list."""


@dataclass(frozen=True)
class Generated:
    """Where a standard board came from: lets links carry a seed instead of 60 floes.

    Stored in the record under the extra key ``"generated"``, which other readers ignore;
    the board itself is always written out in full.
    """

    seed: int

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed}


@dataclass
class Record:
    """The setup and the action history of one game."""

    FORMAT: ClassVar[str] = FORMAT

    players: int
    board: tuple[Floe, ...]
    """Every floe at the start, in the record's order."""
    actions: list[Action] = field(default_factory=list)
    generated: Generated | None = None
    _built: tuple[tuple[Floe, ...], Board] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """The board built for ``board`` (kept with the floes it was built from)."""

    # -- to and from JSON ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "players": self.players,
            "board": [f.to_json() for f in self.board],
            "actions": [a.to_json() for a in self.actions],
        }
        if self.generated is not None:
            out["generated"] = self.generated.to_json()
        return out

    def dumps(self, indent: int | None = None) -> str:
        """The record as JSON text; the same record always gives the same bytes."""
        return record_text(self.to_json(), indent)

    @staticmethod
    def from_json(data: Any) -> Record:
        """Check the record's structure and its board; ``RecordError`` says what is wrong.

        Whether the actions are legal is checked by :meth:`replay`.
        """
        players = read_header(data, FORMAT, MIN_PLAYERS, MAX_PLAYERS)
        if "board" not in data:
            raise RecordError('missing "board"')
        board = _board_of(data["board"])
        problems = board.problems_for(players)
        if problems:
            raise RecordError(f"board: {problems[0]}")
        actions = _parse_actions(data.get("actions"), board)
        # "generated" is a hint other readers ignore (the board is written out in full):
        # one this reader cannot use, such as a seed no link can carry, is ignored too.
        generated = None
        gen = data.get("generated")
        if type(gen) is dict and is_seed(gen.get("seed")):
            generated = Generated(gen["seed"])
        record = Record(players, board.floes, actions, generated)
        record._built = (board.floes, board)
        return record

    @staticmethod
    def loads(text: str | bytes) -> Record:
        return Record.from_json(parse_record_text(text))

    # -- to and from game states ----------------------------------------------------------

    def build_board(self) -> Board:
        """The floes as a :class:`Board`, built once (replays and links reuse it)."""
        if self._built is not None and self._built[0] is self.board:
            return self._built[1]
        try:
            board = _BOARDS.get_or_build(_key(self.board), _build)
        except BoardError as e:
            raise RecordError(f"board: {e.brief()}") from None
        self._built = (self.board, board)
        return board

    def start(self) -> HtmfState:
        """The position before the first action."""
        board = self.build_board()
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise RecordError(f'"players" must be an integer from {MIN_PLAYERS} to {MAX_PLAYERS}')
        problems = board.problems_for(self.players)
        if problems:
            raise RecordError(f"board: {problems[0]}")
        return HtmfState(board, self.players)

    def replay(self) -> HtmfState:
        """Play every action; ``RecordError`` names the first illegal one and why."""
        state = self.start()
        try:
            state.apply_all(self.actions)
        except IllegalActionError as e:
            i = e.index  # type: ignore[attr-defined]
            action = self.actions[i]
            raise illegal_action(i, action, e) from None
        return state

    def with_actions(self, actions: Iterable[Action]) -> Record:
        """The same setup (and the board built for it) with other actions."""
        record = Record(self.players, self.board, list(actions), self.generated)
        record._built = self._built
        return record

    @staticmethod
    def from_state(state: HtmfState, generated: Generated | None = None) -> Record:
        record = Record(state.players, state.board.floes, state.history, generated)
        record._built = (record.board, state.board)
        return record


def new_record(players: int, seed: int = 0) -> Record:
    """A game not yet started on the standard board, its fish shuffled from ``seed``."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Hey, That's My Fish! is for 2 to 4 players, not {players}")
    floes = standard_floes(seed)
    board = _BOARDS.get_or_build(_key(floes), _build)
    record = Record(players, board.floes, [], Generated(seed))
    record._built = (record.board, board)
    return record


def _key(floes: Iterable[Floe]) -> tuple[tuple[int, int, int], ...]:
    return tuple((f.q, f.r, f.fish) for f in floes)


def _build(key: tuple[tuple[int, int, int], ...]) -> Board:
    return Board(tuple(map(Floe._make, key)))


def _board_of(raw: Any) -> Board:
    """The board a record's ``"board"`` list describes, from the cache when seen before.

    The cache key is read straight from the JSON, in C, with exact type checks (``1.0``
    and ``true`` compare equal to ``1`` in Python, so a looser key could let an
    ill-typed record borrow a valid board); anything unusual goes the slow way, for its
    message.
    """
    if type(raw) is list and len(raw) > MAX_FLOES:  # before any work on its entries
        raise RecordError(f"board: {too_many_floes(len(raw))}")
    if type(raw) is list and _all(raw, dict):
        try:
            key = tuple(map(_QRF, raw))
        except KeyError:
            key = None
        if key is not None and (not key or set(map(type, chain.from_iterable(key))) == {int}):
            try:
                return _BOARDS.get_or_build(key, _build)
            except BoardError as e:
                raise RecordError(f"board: {e.brief()}") from None
    try:
        parse_floes(raw)  # raises for what the fast loop stopped at
    except BoardError as e:
        raise RecordError(f"board: {e.brief()}") from None
    raise AssertionError("unreachable: parse_floes accepted what the fast path did not")


def _parse_actions(raw: Any, board: Board) -> list[Action]:
    """A record's ``"actions"``, as the board's canonical actions where it has them.

    The usual record (its placements, then its moves, every one well formed) is checked
    and looked up in a few passes that run in C; anything else goes action by action
    through :meth:`Action.from_json`, which says what is wrong and where.
    """
    raw = check_actions(raw)
    fast = _parse_usual(raw, board.canonical)
    if fast is not None:
        return fast
    actions = []
    parse = Action.from_json
    for i, item in enumerate(raw):
        try:
            actions.append(parse(item))
        except ValueError as e:
            raise RecordError(f"action {i}: {e}", action_index=i) from None
    return actions


def _all(items: list, kind: type, size: int | None = None) -> bool:
    """Whether every item has exactly type ``kind`` (and length ``size``), in C."""
    if not items:
        return True
    if set(map(type, items)) != {kind}:
        return False
    return size is None or set(map(len, items)) == {size}


def _parse_usual(raw: list, canonical: dict[Any, Action]) -> list[Action] | None:
    """:func:`_parse_actions` for placements followed by moves, all well formed; None for
    anything else. Actions are tuples, so a plain ``(None, (q, r))`` or
    ``((q1, r1), (q2, r2))`` finds the board's instance."""
    if not _all(raw, dict):
        return None
    placing = list(map(dict.__contains__, raw, repeat("place")))
    n = placing.count(True)
    if True in placing[n:]:
        return None
    places = list(map(dict.get, raw[:n], repeat("place")))
    moves = list(map(dict.get, raw[n:], repeat("move")))
    if not (_all(places, list, 2) and _all(moves, list, 2)):
        return None
    ends = list(chain.from_iterable(moves))
    if not (_all(ends, list, 2) and _all([*chain.from_iterable(places), *chain(*ends)], int)):
        return None
    hexes = iter(map(tuple, ends))
    keys = [*zip(repeat(None), map(tuple, places)), *zip(hexes, hexes, strict=False)]  # pairs
    actions = list(map(canonical.get, keys))
    if None in actions:  # not on the board or not in a straight line: apply will say so
        actions = [a if a is not None else Action(*k) for a, k in zip(actions, keys, strict=True)]
    return actions
