"""``GAME.bench``: how fast random complete games of Waddle Waddle run; and for
``bench bots`` the bots' strength goals and how many iterations buy a second.

A benchmark, not a test: it prints figures. Setups (decks, events, tokens) are drawn before
timing starts, so the figures are about playing: legal actions, applying, the season ends.

For each player count (Standard games: two seasons; the two-player variant with two) it
prints random complete games per second in one process, by processor time (what the
process itself used: on a shared machine the wall clock also counts the others) and by the
wall clock, with one process per core if asked, the actions per game and the
microseconds per action.

The goals (:data:`BOT_GOALS`, issue 12), Standard games, seats rotated over setups, at
0.1 s of processor a decision:

- ``two``: two players, hard against the greedy bot (medium): hard wins at least 65%;
- ``four``: four players, one hard bot against three greedy bots: hard's win share is at
  least 40%.
"""

from __future__ import annotations

import os
import statistics
from concurrent.futures import ProcessPoolExecutor
from functools import cache, partial
from typing import TextIO

from waddle.core.bench import Goal, SpeedRow
from waddle.core.bench import play_random_games as core_play_random_games
from waddle.core.bench import sample_positions as core_sample_positions
from waddle.core.bench import search_speed as core_search_speed
from waddle.games.waddle_waddle.record import Setup, generate_setup, new_record
from waddle.games.waddle_waddle.state import WaddleWaddleState

SETUPS = 16


@cache
def _setups(players: int) -> list[Setup]:
    return [generate_setup(players, seed) for seed in range(SETUPS)]


def start(players: int, index: int) -> WaddleWaddleState:
    """The ``index``-th random game: the first setups, in turn."""
    return _setups(players)[index % SETUPS].start()


play_random_games = partial(core_play_random_games, start, score=WaddleWaddleState.winners)
"""Random games for about ``seconds``: (games, actions, wall, processor)."""


def _worker(args: tuple[int, float, int]) -> tuple[int, int, float, float]:
    return play_random_games(*args)


def main(players: list[int], seconds: float, processes: int | None, out: TextIO) -> list[SpeedRow]:
    processes = processes or os.cpu_count() or 1
    rows: list[SpeedRow] = []
    print(
        f"waddle-waddle bench: random complete Standard games, {seconds:g} s per figure, "
        f"{processes} processes",
        file=out,
    )
    print(
        f"{'players':>7} {'games/s cpu':>12} {'games/s 1 proc':>15} "
        f"{f'games/s {processes} proc':>15} {'actions/game':>12} {'µs/action':>9}",
        file=out,
    )
    pool = ProcessPoolExecutor(processes) if processes > 1 else None
    try:
        for n in players:
            runs = [play_random_games(n, seconds / 3, seed) for seed in (1, 2, 3)]
            cpu_rate = statistics.median(g / cpu for g, _, _, cpu in runs if cpu > 0)
            rate = statistics.median(g / wall for g, _, wall, _ in runs)
            games = sum(r[0] for r in runs)
            actions = sum(r[1] for r in runs)
            cpu = sum(r[3] for r in runs)
            if pool is None:
                parallel = rate
            else:
                jobs = [(n, seconds, s) for s in range(processes)]
                parallel = sum(g / wall for g, _, wall, _ in pool.map(_worker, jobs))
            print(
                f"{n:>7} {cpu_rate:>12.1f} {rate:>15.1f} {parallel:>15.1f} "
                f"{actions / games:>12.1f} {cpu / actions * 1e6:>9.1f}",
                file=out,
            )
            rows.append(
                {
                    "players": n,
                    "games_per_second": round(rate, 2),
                    "games_per_second_cpu": round(cpu_rate, 2),
                    "games_per_second_parallel": round(parallel, 2),
                    "processes": processes,
                    "actions_per_game": round(actions / games, 2),
                    "us_per_action": round(cpu / actions * 1e6, 3),
                }
            )
    finally:
        if pool is not None:
            pool.shutdown()
    print(
        "\ngames/s cpu: games per second of this process's processor time; µs/action:"
        "\nprocessor time per action (legal actions, apply, the automatic steps)",
        file=out,
    )
    return rows


# -- bots ------------------------------------------------------------------------------------

BOT_GOALS = {
    "two": Goal(2, ("hard", "medium"), 0.65, per="decision"),
    "four": Goal(4, ("hard", "medium"), 0.40, per="decision"),
}
"""``bench bots --game waddle-waddle``: the hard bot against the greedy bot."""
BOT_SECONDS = 0.1
"""Processor seconds a decision that ``bench bots`` calibrates the hard bot to."""
CALIBRATED_LEVELS = ("hard",)
"""The levels that take an iteration budget."""


def sample_positions(players: int, games: int = 2, every: int = 7) -> list:
    """Positions with a real choice, from greedy games."""
    from waddle.games.waddle_waddle.ai import make_bot

    return core_sample_positions(new_record, make_bot, players, games, every, 5000)


def search_speed(players: int, iterations: int = 60) -> tuple[float, float]:
    """Hard's iterations per second of processor and of wall time over sample positions."""
    from waddle.games.waddle_waddle.ai import make_bot

    return core_search_speed(make_bot, sample_positions(players), iterations)


def calibrate(level: str, players: int, seconds: float) -> tuple[int, str]:
    """The iterations that cost the hard bot ``seconds`` of processor a decision."""
    cpu_rate, wall_rate = search_speed(players)
    return (
        max(1, round(cpu_rate * seconds)),
        f"{cpu_rate:5.0f} iterations/s processor, {wall_rate:5.0f}/s wall",
    )
