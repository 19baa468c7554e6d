"""Hey, That's My Fish!'s score chart (``GAME.score_series``): each player's running
total of fish (floes taken and floes under their penguins, :meth:`~.state.HtmfState.
scores`) after every move, from the start to the end: when the others have no move left,
the last player's moves keep a point each.

>>> from waddle.games.htmf.game import GAME
>>> labels, seats = score_series(GAME.new_record(2, seed=3))
>>> labels, seats
(['start'], [[0], [0]])
"""

from __future__ import annotations

from typing import Any

from waddle.core.series import Series, scores_by_move


def score_series(record: Any) -> Series:
    """A label per point and each player's score there (:mod:`waddle.core.series`)."""
    return scores_by_move(record)
