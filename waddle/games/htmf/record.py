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

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from waddle.core.game import IllegalActionError
from waddle.core.records import BoardError, RecordError, SetupCache
from waddle.games.htmf.actions import Action
from waddle.games.htmf.board import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Board,
    Floe,
    parse_floes,
    standard_floes,
)
from waddle.games.htmf.state import HtmfState

FORMAT = "htmf-record/1"

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
        if indent is None:
            return json.dumps(self.to_json(), separators=(",", ":"))
        return json.dumps(self.to_json(), indent=indent)

    @staticmethod
    def from_json(data: Any) -> Record:
        """Check the record's structure and its board; ``RecordError`` says what is wrong.

        Whether the actions are legal is checked by :meth:`replay`.
        """
        if type(data) is not dict:
            raise RecordError("a record must be a JSON object")
        fmt = data.get("format")
        if fmt != FORMAT:
            raise RecordError(f'"format" must be "{FORMAT}", not {json.dumps(fmt)}')
        players = data.get("players")
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RecordError(f'"players" must be an integer from {MIN_PLAYERS} to {MAX_PLAYERS}')
        if "board" not in data:
            raise RecordError('missing "board"')
        board = _board_of(data["board"])
        problems = board.problems_for(players)
        if problems:
            raise RecordError(f"board: {problems[0]}")
        raw_actions = data.get("actions")
        if type(raw_actions) is not list:
            raise RecordError('"actions" must be a list')
        actions = []
        parse = Action.from_json
        for i, raw in enumerate(raw_actions):
            try:
                actions.append(parse(raw))
            except ValueError as e:
                raise RecordError(f"action {i}: {e}", action_index=i) from None
        generated = None
        gen = data.get("generated")
        if type(gen) is dict and type(gen.get("seed")) is int:
            generated = Generated(gen["seed"])
        record = Record(players, board.floes, actions, generated)
        record._built = (board.floes, board)
        return record

    @staticmethod
    def loads(text: str | bytes) -> Record:
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as e:
            raise RecordError(f"not valid JSON: {e}") from None
        return Record.from_json(data)

    # -- to and from game states ----------------------------------------------------------

    def build_board(self) -> Board:
        """The floes as a :class:`Board`, built once (replays and links reuse it)."""
        if self._built is not None and self._built[0] is self.board:
            return self._built[1]
        try:
            board = _BOARDS.get_or_build(_key(self.board), _build)
        except BoardError as e:
            raise RecordError(f"board: {e}") from None
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
        apply = state.apply
        for i, action in enumerate(self.actions):
            try:
                apply(action)
            except IllegalActionError as e:
                raise RecordError(f"action {i}: {action.to_json()} is illegal: {e}", i) from None
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
    return Board(tuple(Floe(q, r, fish) for q, r, fish in key))


def _board_of(raw: Any) -> Board:
    """The board a record's ``"board"`` list describes, from the cache when seen before.

    The cache key is read straight from the JSON with exact type checks (``1.0`` and
    ``true`` compare equal to ``1`` in Python, so a looser key could let an ill-typed
    record borrow a valid board); anything unusual goes the slow way for its message.
    """
    if type(raw) is list:
        key = []
        for item in raw:
            if type(item) is not dict:
                break
            q, r, fish = item.get("q"), item.get("r"), item.get("fish")
            if type(q) is not int or type(r) is not int or type(fish) is not int:
                break
            key.append((q, r, fish))
        else:
            try:
                return _BOARDS.get_or_build(tuple(key), _build)
            except BoardError as e:
                raise RecordError(f"board: {e}") from None
    try:
        parse_floes(raw)  # raises for what the fast loop stopped at
    except BoardError as e:
        raise RecordError(f"board: {e}") from None
    raise AssertionError("unreachable: parse_floes accepted what the fast loop did not")
