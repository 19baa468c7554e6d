"""Exact values of small endgames: what the game review trusts instead of the meter where
the rest of a game is small enough to search to its end, as lichess trusts a tablebase.

Two players, perfect information, no chance: the win shares of the two seats sum to one,
so the game is zero-sum and plain minimax with alpha-beta pruning over one seat's win
share is exact. The values lie between 0 and 1, so the search's window starts there: a
move that wins ends the search of its siblings at once. The search counts the positions
it visits and gives up past ``limit`` (:class:`TooLarge`), so asking costs at most that
much; a game with hidden information or chance, or with more players, is never solved
here (its value depends on what the mover cannot see, or on the other players' choices
between themselves).

>>> from waddle.core.nim import Nim
>>> values = exact_values(Nim(players=2, stones=5))
>>> {str(a): v for a, v in values.items()}  # take 1 to leave 4: the other player loses
{'1': 1.0, '2': 0.0, '3': 0.0}
>>> exact_values(Nim(players=2, stones=40), limit=100) is None
True

A :class:`Solver` judges the decisions of one line, back from its end, and keeps what it
learnt (a table of the positions it settled, by the moves that reach them): the position
before a decision holds the one after it, so each judgement searches little more than
what the move played left out. It also stops at a deadline and goes on where it stopped
at the next call, so a page that solves between its frames never waits long.
"""

from __future__ import annotations

import time
from typing import Any

from waddle.core.game import CHANCE, GameState

LIMIT = 50_000
"""Positions one decision's exact judgement may visit (over all its slices): at most about
0.4 s of CPython in Hey, That's My Fish! and Waddle (7-10 microseconds a position), about
what one or two estimates of the meter cost, so the one judgement a review gives up on
(where the game is still too large) costs little."""
CHECK_EVERY = 256
"""Positions between two looks at the clock (a position costs about 10 microseconds of
CPython, 20-30 under Pyodide: a slice overruns its deadline by at most a few ms)."""
TABLE_SIZE = 2_000_000
"""Positions a :class:`Solver` remembers at most (about 200 MB would be far more than a
review's endgame needs; past it the table starts again)."""

_EXACT, _LOWER, _UPPER = 0, 1, 2


class TooLarge(Exception):
    """The rest of the game is larger than the limit, or holds a chance node."""


class _Paused(Exception):
    """The deadline came first: the work so far is in the table."""


PAUSED = object()
"""What :meth:`Solver.judge` returns when its deadline came before the answer: call it
again (with the same position) to go on."""


def solvable(state: GameState) -> bool:
    """Whether ``state``'s game is of the kind solved here (two players, every card
    seen, no chance)."""
    return (
        state.num_players == 2
        and not getattr(state, "hidden_information", False)
        and not getattr(state, "has_chance", False)
    )


def _asks(state: GameState) -> bool:
    return solvable(state) and not state.is_over() and state.to_move() != CHANCE


class Solver:
    """Exact judgements that share a table of settled positions and can be sliced.

    A position is known in the table by the moves from the game's start to it (a hash
    chained move by move), so the table serves the positions of one line and everything
    searched below them; its values are seat 0's win share with the kind of bound the
    search proved (exact, at least, at most).
    """

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._table: dict[int, tuple[float, int]] = {}
        self._asked: tuple[int, Any] | None = None  # the judgement under way, sliced
        self._left = limit  # its positions still allowed
        self._deadline = float("inf")
        self._until_check = CHECK_EVERY
        self.visited = 0
        """Positions visited over every judgement (for the benchmarks)."""

    def judge(self, state: GameState, played: Any, deadline: float = float("inf")) -> Any:
        """``played`` judged exactly, as :func:`judge`; or :data:`PAUSED` when
        ``time.perf_counter()`` passed ``deadline`` first (call again to go on: the
        positions already visited count against ``limit`` and are not searched again)."""
        if not _asks(state):
            return None
        key = _key_of(state)
        if self._asked != (key, played):
            self._asked = (key, played)
            self._left = self.limit
        self._deadline = deadline
        self._until_check = CHECK_EVERY
        work = state.clone()
        me = work.to_move()
        try:
            value = self._after(work, key, me, played, 0.0, 1.0)
            best, top = played, value
            for action in work.legal_actions():
                if top >= 1.0:
                    break
                if action != played and self._after(work, key, me, action, top, 1.0) > top:
                    best, top = action, self._after(work, key, me, action, 0.0, 1.0)
        except _Paused:
            return PAUSED
        except TooLarge:
            self._asked = None
            return None
        self._asked = None
        return value, best, top

    def values(self, state: GameState) -> dict[Any, float] | None:
        """The mover's exact win share after each legal action (:func:`exact_values`)."""
        if not _asks(state):
            return None
        self._left = self.limit
        self._deadline = float("inf")
        work = state.clone()
        key, me = _key_of(work), work.to_move()
        try:
            return {a: self._after(work, key, me, a, 0.0, 1.0) for a in work.legal_actions()}
        except TooLarge:
            return None

    def _after(self, state: GameState, key: int, me: int, action: Any, alpha: float,
               beta: float) -> float:  # fmt: skip
        """``me``'s win share after ``action`` (``state`` is left as it was)."""
        state.apply(action)
        try:
            return self._value(state, hash((key, action)), me, alpha, beta)
        finally:
            state.undo()

    def _value(self, state: GameState, key: int, me: int, alpha: float, beta: float) -> float:
        """``me``'s win share under perfect play, within the window ``(alpha, beta)``
        (fail-soft: at most ``alpha`` means at most that, at least ``beta`` at least)."""
        known = self._table.get(key)
        if known is not None:
            v, bound = known
            if me:  # the table holds seat 0's share; the other seat's is the rest
                v, bound = 1.0 - v, (bound if bound == _EXACT else 3 - bound)
            if (
                bound == _EXACT
                or (bound == _LOWER and v >= beta)
                or (bound == _UPPER and v <= alpha)
            ):
                return v
        self._left -= 1
        if self._left < 0:
            raise TooLarge
        self._until_check -= 1
        if self._until_check <= 0:
            self._until_check = CHECK_EVERY
            if time.perf_counter() >= self._deadline:
                raise _Paused
        if state.is_over():
            winners = state.winners()
            best = 1.0 / len(winners) if me in winners else 0.0
            self._store(key, me, best, _EXACT)
            return best
        mover = state.to_move()
        if mover == CHANCE:
            raise TooLarge
        maximising = mover == me
        low, high = alpha, beta
        best = -1.0 if maximising else 2.0
        for action in state.legal_actions():
            state.apply(action)
            try:
                v = self._value(state, hash((key, action)), me, alpha, beta)
            finally:
                state.undo()
            if maximising:
                if v > best:
                    best = v
                if v > alpha:
                    alpha = v
            else:
                if v < best:
                    best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        bound = _UPPER if best <= low else _LOWER if best >= high else _EXACT
        self._store(key, me, best, bound)
        return best

    def _store(self, key: int, me: int, v: float, bound: int) -> None:
        if len(self._table) >= TABLE_SIZE:
            self._table.clear()
        if me:
            v, bound = 1.0 - v, (bound if bound == _EXACT else 3 - bound)
        self._table[key] = (v, bound)


def _key_of(state: GameState) -> int:
    """The table's key of ``state``: its moves from the game's start, chained."""
    key = 0
    for action in state.history:
        key = hash((key, action))
    return key


def exact_values(state: GameState, limit: int = LIMIT) -> dict[Any, float] | None:
    """The mover's exact win share after each legal action of ``state`` (1 a win, 0.5 a
    shared victory, 0 a loss, with both seats playing perfectly), or None when the rest of
    the game is larger than ``limit`` positions or not of a kind solved here."""
    return Solver(limit).values(state)


def judge(state: GameState, played: Any, limit: int = LIMIT) -> tuple[float, Any, float] | None:
    """``played`` judged exactly: its value for the mover, the best action and the best
    value (``played`` itself when nothing does better), or None when the rest of the game
    is larger than ``limit`` positions or not of a kind solved here.

    Cheaper than :func:`exact_values`: the other actions are searched only for doing
    better than ``played`` (alpha-beta with ``played``'s value as the bound), and not at
    all when ``played`` wins.

    >>> from waddle.core.nim import Nim
    >>> judge(Nim(players=2, stones=5), 1), judge(Nim(players=2, stones=5), 3)
    ((1.0, 1, 1.0), (0.0, 1, 1.0))
    """
    return Solver(limit).judge(state, played)


__all__ = ["LIMIT", "PAUSED", "Solver", "TooLarge", "exact_values", "judge", "solvable"]
