"""Waddle (Corné van Moorsel): penguins around numbered fishing pools.

The public API of the game:

>>> from waddle.games.waddle import new_game
>>> state = new_game(players=3, seed=1)
>>> state.to_move() in (0, 1, 2), state.is_over()
(True, False)
"""

from waddle.games.waddle.actions import SCOUT, Action, parse_action
from waddle.games.waddle.board import Board, HexSpec, MapError, check_map
from waddle.games.waddle.game import GAME
from waddle.games.waddle.record import Record, RecordError, new_record
from waddle.games.waddle.scoring import Breakdown, pool_awards, waddle_vp
from waddle.games.waddle.state import WaddleState

__all__ = [
    "GAME",
    "SCOUT",
    "Action",
    "Board",
    "Breakdown",
    "HexSpec",
    "MapError",
    "Record",
    "RecordError",
    "WaddleState",
    "check_map",
    "new_game",
    "new_record",
    "parse_action",
    "pool_awards",
    "waddle_vp",
]


def new_game(players: int, seed: int = 0) -> WaddleState:
    """A fresh game on a generated map with a random starting order, both from ``seed``."""
    return new_record(players, seed).start()
