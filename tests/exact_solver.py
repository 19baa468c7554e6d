"""An exact solver for the endgames of two-player games, for the tests of the game review
(tests/test_review_exact.py): plain minimax over win shares, written apart from the
engine's searches so that agreement between the two means something.

Two players and win shares (1 for a win, 0.5 each for a shared victory) make the game
zero-sum: the mover takes the action whose position is best for them, and a win (1) needs
no further look. A chance node (a reshuffle) is not solved: :class:`TooBig`, as is a tree
of more than ``limit`` positions.

For a card game, the state solved is the real one (every card known): a position counts
as *solved for its mover* only where every world the mover cannot tell from it gives each
action the same value (:func:`values_for_mover`), so what the mover knew decides nothing.
"""

from __future__ import annotations

from typing import Any

from waddle.core.game import CHANCE, GameState
from waddle.core.rng import Rng


class TooBig(Exception):
    """The endgame is larger than the solver's limit, or holds a chance node."""


def shares(state: GameState) -> tuple[float, ...]:
    """Each seat's win share of a finished game."""
    winners = state.winners()
    return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(state.num_players))


def solve(state: GameState, limit: int = 50_000) -> tuple[float, ...]:
    """Each seat's win share under perfect play (two players)."""
    budget = [limit]

    def value(s: GameState) -> tuple[float, ...]:
        budget[0] -= 1
        if budget[0] < 0:
            raise TooBig(f"more than {limit} positions")
        if s.is_over():
            return shares(s)
        mover = s.to_move()
        if mover == CHANCE:
            raise TooBig("a chance node")
        best: tuple[float, ...] | None = None
        for action in s.legal_actions():
            child = s.clone()
            child.apply(action)
            v = value(child)
            if best is None or v[mover] > best[mover]:
                best = v
                if v[mover] >= 1.0:
                    break
        assert best is not None
        return best

    return value(state)


def action_values(state: GameState, limit: int = 50_000) -> dict[Any, float]:
    """The mover's exact win share after each legal action."""
    mover = state.to_move()
    out = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        out[action] = solve(child, limit)[mover]
    return out


def values_for_mover(state: GameState, worlds: int = 4, limit: int = 50_000) -> dict[Any, float]:
    """:func:`action_values`, checked in ``worlds`` other worlds the mover cannot tell from
    this one (for a game with hidden information): :class:`TooBig` if any action's value
    depends on what the mover cannot see."""
    values = action_values(state, limit)
    if getattr(state, "hidden_information", False):
        mover = state.to_move()
        for k in range(worlds):
            world = state.determinize(mover, Rng(1000 + k))
            if action_values(world, limit) != values:
                raise TooBig("the value depends on cards the mover cannot see")
    return values
