"""Exact values of small endgames: what the game review trusts instead of the meter where
the rest of a game is small enough to search to its end, as lichess trusts a tablebase.

Two players, perfect information, no chance: the win shares of the two seats sum to one,
so the game is zero-sum and plain minimax with alpha-beta pruning over one seat's win
share is exact. The search counts the positions it visits and gives up past ``limit``
(:class:`TooLarge`), so asking costs at most that much; a game with hidden information or
chance, or with more players, is never solved here (its value depends on what the mover
cannot see, or on the other players' choices between themselves).

>>> from waddle.core.nim import Nim
>>> values = exact_values(Nim(players=2, stones=5))
>>> {str(a): v for a, v in values.items()}  # take 1 to leave 4: the other player loses
{'1': 1.0, '2': 0.0, '3': 0.0}
>>> exact_values(Nim(players=2, stones=40), limit=100) is None
True
"""

from __future__ import annotations

from typing import Any

from waddle.core.game import CHANCE, GameState

LIMIT = 50_000
"""Positions one decision's exact judgement may visit: at most about 0.4 s of CPython in
Hey, That's My Fish! and Waddle (7-10 microseconds a position; a sound move's judgement
in the endgames of tests/test_review_exact.py takes about 0.2 s), about what one or two
estimates of the meter cost, so the one judgement a review gives up on (where the game is
still too large) costs little."""


class TooLarge(Exception):
    """The rest of the game is larger than the limit, or holds a chance node."""


def solvable(state: GameState) -> bool:
    """Whether ``state``'s game is of the kind solved here (two players, every card
    seen, no chance)."""
    return (
        state.num_players == 2
        and not getattr(state, "hidden_information", False)
        and not getattr(state, "has_chance", False)
    )


def exact_values(state: GameState, limit: int = LIMIT) -> dict[Any, float] | None:
    """The mover's exact win share after each legal action of ``state`` (1 a win, 0.5 a
    shared victory, 0 a loss, with both seats playing perfectly), or None when the rest of
    the game is larger than ``limit`` positions or not of a kind solved here."""
    if not solvable(state) or state.is_over() or state.to_move() == CHANCE:
        return None
    budget = [limit]
    work = state.clone()
    try:
        return {a: _after(work, a, -1.0, 2.0, budget) for a in work.legal_actions()}
    except TooLarge:
        return None


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
    if not solvable(state) or state.is_over() or state.to_move() == CHANCE:
        return None
    budget = [limit]
    work = state.clone()
    try:
        value = _after(work, played, -1.0, 2.0, budget)
        best, top = played, value
        for action in work.legal_actions():
            if top >= 1.0:
                break
            if action != played and _after(work, action, top, 2.0, budget) > top:
                best, top = action, _after(work, action, -1.0, 2.0, budget)
    except TooLarge:
        return None
    return value, best, top


def _after(state: GameState, action: Any, alpha: float, beta: float, budget: list[int]) -> float:
    """The mover's win share after ``action`` (``state`` is left as it was)."""
    me = state.to_move()
    state.apply(action)
    try:
        return _value(state, me, alpha, beta, budget)
    finally:
        state.undo()


def _value(state: GameState, me: int, alpha: float, beta: float, budget: list[int]) -> float:
    """``me``'s win share under perfect play, within the window ``(alpha, beta)``."""
    budget[0] -= 1
    if budget[0] < 0:
        raise TooLarge
    if state.is_over():
        winners = state.winners()
        return 1.0 / len(winners) if me in winners else 0.0
    mover = state.to_move()
    if mover == CHANCE:
        raise TooLarge
    maximising = mover == me
    best = -1.0 if maximising else 2.0
    for action in state.legal_actions():
        state.apply(action)
        try:
            v = _value(state, me, alpha, beta, budget)
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
    return best


__all__ = ["LIMIT", "TooLarge", "exact_values", "judge", "solvable"]
