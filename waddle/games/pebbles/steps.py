"""The steps of a turn of Pebbles and the numbers the rules count with: the box's pieces,
the step codes of the turn's state machine, the actions taken this turn, what a finished
move leads to, and the places in the bank.

Every part of the rules (:mod:`.state`, :mod:`.turn_rules`, :mod:`.legality`,
:mod:`.visibility`) reads them, so they live here, below all of those parts, which then
never need to import :mod:`.state`; it still offers them (``from .state import
PLAY_STEP``). The undo log's codes are in :mod:`.undo_log`.

>>> STEP_NAMES[PLAY_STEP], STEP_NAMES[MOVE], PENGUINS, HAND
('play', 'move', 10, 10)
"""

from __future__ import annotations

PENGUINS = 10
"""Penguins per player (the box: 40 meeples, 10 of each colour)."""
PEBBLES = 30
FISH_TOKENS = 16
LOVE_TOKENS = 10
"""One love token per trick: the game lasts ten rounds."""
HAND = 10
"""Cards dealt to each player."""
ROW = 4
"""Face-up cards beside the deck."""

# The steps of the turn's state machine.
PLAY_STEP, CHOOSE, MOVE, SCURRY_AGAIN, CHANCE_STEP, OVER = range(6)
STEP_NAMES = ("play", "choose", "move", "scurry-again", "chance", "over")

# Actions taken this turn, as bits of ``done``.
DID_PLACE, DID_POWER, DID_FISH = 1, 2, 4

# What a penguin's finished move leads to.
CTX_PLACED, CTX_COURT, CTX_SCURRY1, CTX_SCURRY2, CTX_PUSH = range(5)

# Places in ``bank``.
B_PEBBLES, B_FISH, B_LOVE = range(3)
