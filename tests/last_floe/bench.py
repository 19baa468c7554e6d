"""``python -m waddle bench --game last-floe``: random complete games per second."""

from __future__ import annotations

from tests.last_floe.state import LastFloeState
from waddle.core.bench import random_games_bench


def start(players: int, index: int) -> LastFloeState:
    return LastFloeState(7 + index % 6)


main = random_games_bench("last-floe", start, split_games_per_second=5000)
