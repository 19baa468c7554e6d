"""Waddle Waddle's score chart (``GAME.score_series``): each player's Conservation Points
by turn (:meth:`~.state.WaddleWaddleState.scores`: the points scored so far), one point
after every turn of the game.

>>> from waddle.games.waddle_waddle.game import GAME
>>> labels, seats = score_series(GAME.new_record(2, seed=3))
>>> labels, seats
(['start'], [[0], [0]])
"""

from __future__ import annotations

from typing import Any

from waddle.core.game import CHANCE


def score_series(record: Any) -> tuple[list[str], list[list[int]]]:
    """A label per point ("start", "Turn 1", …, "end") and each player's score there."""
    state = record.start()
    labels = ["start"]
    seats = [[s] for s in state.scores()]
    turns = 0
    for k, action in enumerate(record.actions):
        mover = state.to_move()
        state.apply(action)
        following = record.actions[k + 1] if k + 1 < len(record.actions) else None
        ends = (
            state.is_over()
            or following is None
            or (state.to_move() != mover and state.to_move() != CHANCE)
        )
        if ends:
            turns += 1
            labels.append("end" if state.is_over() else f"Turn {turns}")
            for p, score in enumerate(state.scores()):
                seats[p].append(score)
    return labels, seats
