"""Hey, That's My Fish! (Alvydas Jakeliunas and Günter Cornett): penguins hop across ice
floes in straight lines, and every floe they leave is theirs, with its fish.

The public API of the game:

>>> from waddle.games.htmf import new_game
>>> state = new_game(players=2, seed=1)
>>> state.phase, state.to_move(), len(state.legal_actions())  # 30 empty 1-fish floes
('place', 0, 30)
>>> state.apply(state.legal_actions()[0])
>>> state.to_move(), str(state.last_action)
(1, '2,0')
"""

from waddle.games.htmf.actions import Action, parse_action
from waddle.games.htmf.board import (
    PENGUINS,
    Board,
    Floe,
    load_custom_board,
    standard_board,
    standard_floes,
)
from waddle.games.htmf.game import GAME
from waddle.games.htmf.record import Generated, Record, new_record
from waddle.games.htmf.state import Breakdown, HtmfState, PlayerResult

__all__ = [
    "GAME",
    "PENGUINS",
    "Action",
    "Board",
    "Breakdown",
    "Floe",
    "Generated",
    "HtmfState",
    "PlayerResult",
    "Record",
    "load_custom_board",
    "new_game",
    "new_record",
    "parse_action",
    "standard_board",
    "standard_floes",
]


def new_game(players: int, seed: int = 0) -> HtmfState:
    """A fresh game on the standard board, its fish shuffled from ``seed``."""
    return new_record(players, seed).start()
