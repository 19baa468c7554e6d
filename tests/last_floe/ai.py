"""Last Floe's computer players: ``random``; ``medium``, one move ahead: leave a multiple of
four floes when it can; ``hard``, the shared tree search with no knowledge of the game
(``GAME.search_config`` is then plain UCT, the platform's default)."""

from __future__ import annotations

from tests.last_floe.state import LastFloeState, Take
from waddle.core.bots import MctsBot, RandomBot, SearchBot, greedy_level, level_bot
from waddle.core.rng import Rng


def leave_four(state: LastFloeState, knobs: None, rng: Rng) -> list[tuple[Take, float]]:
    """Each move's value: 1 if it leaves a multiple of four floes (the winning habit)."""
    return [(a, 1.0 if (state.left - a.floes) % 4 == 0 else 0.0) for a in state.legal_actions()]


LEVEL_BOTS = {
    "random": RandomBot,
    "medium": greedy_level(leave_four, None, "medium"),
    "hard": MctsBot,
}


def make_bot(
    level: str, seed: int = 0, seconds: float | None = None, iterations: int | None = None
) -> SearchBot[Take]:
    return level_bot(LEVEL_BOTS, level, seed, seconds, iterations)
