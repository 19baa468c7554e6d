"""The win-chance meter of Pebbles (``GAME.meter``, which reads it from :mod:`.ai`): its
budget, where its playouts may stop, a power per player count, and the game review's
budget and noise (docs/analysis.md; docs/benchmarks.md, "Calibration")."""

from __future__ import annotations

from waddle.core.analysis import Meter
from waddle.games.pebbles.state import PLAY_STEP, PebblesState


def round_start(state: PebblesState) -> bool:
    """Whether a playout may stop here for the meter: a round begins (no card in the
    trick), so every seat has played as many cards and taken as many actions as the
    others. Stopped within a round, the estimate credits those who have had their turn
    and not the seats still to answer, and swings with whoever is to move."""
    return state.step == PLAY_STEP and not state.trick


METER = Meter(iterations=500, power=0.75, by_players={2: 2.25, 3: 0.25, 4: 0.75},
              settled=round_start, review=125, noise=0.047)  # fmt: skip
"""The win-chance meter's budget, its playouts (the hard bot's, then on to the start of a
round), a power per player count, and the review's budget (a quarter of the meter's, for
a whole game's review in at most 30 s on the page) and its noise there (docs/benchmarks.md,
"Calibration")."""
