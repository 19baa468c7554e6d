"""The phases of a game of Waddle Waddle and the limits its rules count with.

``state.phase`` names the decision to take now (:mod:`.state` describes the turn as a
state machine, phase by phase). Every part of the rules reads and sets it, so the names
live here, below all of those parts, which then never need to import :mod:`.state`; it
still offers them to the bots and the tests (``from .state import TURN``).

>>> TURN, WADDLE2, OVER
('turn', 'waddle2', 'over')
"""

from __future__ import annotations

HAND_LIMIT = 9
"""No draft with 9 cards in hand."""
MAX_FISH = 2
"""No fishing trip with 2 fish in hand."""
OIL_MOVES = 3

HERO_PHASE = "hero"
TURN = "turn"
TAKE = "take"
REFILL2 = "refill2"
LYNCH_REFILL = "lynch"
PLAY = "play"
DYAN_MOVES = "dyan"
WADDLE2 = "waddle2"
THREAT = "threat"
SHARK_FISH = "shark"
OIL_NESTS = "oil"
SHEATHBILL_TIE = "sheathbill"
TOKENS = "tokens"
OVER = "over"
