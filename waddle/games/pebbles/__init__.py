"""Pebbles: trick-taking and area control. Each round every player plays a card into the
trick, then takes two different actions (place a penguin on the card's tile, use the card's
suit power, go fishing for a face-up card); tiles, territories, pebbles and love tokens
score after ten rounds. The first game of the platform with hidden hands and chance.

>>> from waddle.games.pebbles import new_game
>>> state = new_game(players=4, seed=1)
>>> state.step_name, len(state.legal_actions()), state.view(0).hands[1].size
('play', 10, 10)
"""

from waddle.games.pebbles.actions import DONE, Action, parse_action
from waddle.games.pebbles.cards import COLLECT, COURT, PUSH, SCURRY, SUITS, Card, Suit, parse_card
from waddle.games.pebbles.game import GAME
from waddle.games.pebbles.layout import (
    Layout,
    builtin_layout,
    check_layout,
    layout_named,
    load_custom_layout,
)
from waddle.games.pebbles.observation import PebblesView
from waddle.games.pebbles.record import Record, new_record
from waddle.games.pebbles.scoring import Breakdown, PlayerScore
from waddle.games.pebbles.state import PebblesState

__all__ = [
    "COLLECT",
    "COURT",
    "DONE",
    "GAME",
    "PUSH",
    "SCURRY",
    "SUITS",
    "Action",
    "Breakdown",
    "Card",
    "Layout",
    "PebblesState",
    "PebblesView",
    "PlayerScore",
    "Record",
    "Suit",
    "builtin_layout",
    "check_layout",
    "layout_named",
    "load_custom_layout",
    "new_game",
    "new_record",
    "parse_action",
    "parse_card",
]


def new_game(players: int, seed: int = 0) -> PebblesState:
    """A fresh game on the built-in layout, the deck shuffled and dealt from ``seed``."""
    return new_record(players, seed).start()
