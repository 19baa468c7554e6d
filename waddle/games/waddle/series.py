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

from waddle.core.series import Series, scores_by_round


def score_series(record: Any) -> Series:
    """A label per point and each player's score there (:mod:`waddle.core.series`)."""
    return scores_by_round(record, lambda state: state.active_number)
