"""Waddle's score chart (``GAME.score_series``): each player's VP as the game would end
after each round (a round is the placements around one numbered water hex), from the start
to the end, as the result panel counts them (:meth:`~.state.WaddleState.scores`).

>>> from waddle.games.waddle.game import GAME
>>> labels, seats = score_series(GAME.new_record(2, seed=3))
>>> labels, seats
(['start'], [[0], [0]])
"""

from __future__ import annotations

from typing import Any


def score_series(record: Any) -> tuple[list[str], list[list[int]]]:
    """A label per point ("start", "Round 1", …, "end") and each player's score there."""
    state = record.start()
    labels = ["start"]
    seats = [[s] for s in state.scores()]
    rounds = 0
    for action in record.actions:
        was = state.active_number
        state.apply(action)
        if state.is_over() or state.active_number != was:
            rounds += 1
            labels.append("end" if state.is_over() else f"Round {rounds}")
            for p, score in enumerate(state.scores()):
                seats[p].append(score)
    return labels, seats
