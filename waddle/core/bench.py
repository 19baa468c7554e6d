"""The random-games benchmark of ``python -m waddle bench``: a game gives how it plays
random complete games and how it splits their time; this prints the table.

A benchmark, not a test: it prints figures. For each player count, a row: games per
second in one process by the wall clock (median of three runs) and by processor time
(what the process itself used: on a shared machine the wall clock also counts the
others), games per second in one process per core playing at once, actions per game,
µs per action and the split of one process's time between move generation, applying and
scoring, from a separately timed pass.

>>> import io
>>> def play(players, seconds, seed):  # a game that reports 1 game of 3 actions
...     return 1, 3, 0.5, 0.25
>>> def split(players, games):
...     return {"movegen": 1.0, "apply": 2.0, "scoring": 1.0, "actions": 3 * games}
>>> out = io.StringIO()
>>> print_random_games("toy", [2], 0.1, 1, out, play, split, split_games_per_second=100)
>>> print(out.getvalue().splitlines()[0])
toy bench: random complete games, 0.1 s per figure, 1 cores
>>> out.getvalue().splitlines()[2].split()
['2', '2', '4', '2', '3.0', '50000.00', '25%', '50%', '25%']
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TextIO

PlayRandomGames = Callable[[int, float, int], tuple[int, int, float, float]]
"""``play(players, seconds, seed) -> (games, actions, wall seconds, processor seconds)``:
random complete games for about ``seconds``. A module-level function (it is sent to
other processes)."""

TimeSplit = Callable[[int, int], dict[str, float]]
"""``split(players, games) -> {"movegen": s, "apply": s, "scoring": s, "actions": n}``:
the seconds of each part over ``games`` random games, timed call by call."""


def _play(args: tuple[PlayRandomGames, int, float, int]) -> tuple[int, int, float, float]:
    """One process's share of the parallel figure."""
    play, players, seconds, seed = args
    return play(players, seconds, seed)


def print_random_games(
    name: str,
    players: Sequence[int],
    seconds: float,
    processes: int | None,
    out: TextIO,
    play: PlayRandomGames,
    split: TimeSplit,
    split_games_per_second: int,
) -> None:
    """Print the table for ``players`` to ``out``: ``seconds`` per figure, ``processes``
    (default: one per core) at once for the parallel one. The split pass plays
    ``split_games_per_second`` games per second of ``seconds`` (at least 20): a game sets
    it to about its own speed."""
    processes = processes or os.cpu_count() or 1
    print(
        f"{name} bench: random complete games, {seconds:g} s per figure, {processes} cores",
        file=out,
    )
    print(
        f"{'players':>7} {'games/s 1 proc':>15} {'games/s cpu':>12} "
        f"{f'games/s {processes} proc':>15} {'actions/game':>12} {'µs/action':>9} "
        f"{'movegen':>8} {'apply':>6} {'scoring':>8}",
        file=out,
    )
    pool = ProcessPoolExecutor(processes) if processes > 1 else None
    try:
        for n in players:
            runs = [play(n, seconds / 3, seed) for seed in (1, 2, 3)]
            rate = statistics.median(g / wall for g, _, wall, _ in runs)
            cpu_rate = statistics.median(g / cpu for g, _, _, cpu in runs if cpu > 0)
            games = sum(r[0] for r in runs)
            actions = sum(r[1] for r in runs)
            if pool is None:
                parallel = rate
            else:
                jobs = [(play, n, seconds, s) for s in range(processes)]
                parallel = sum(g / wall for g, _, wall, _ in pool.map(_play, jobs))
            parts = split(n, max(20, int(split_games_per_second * seconds)))
            total = parts["movegen"] + parts["apply"] + parts["scoring"]
            per_action = (parts["movegen"] + parts["apply"]) / parts["actions"]
            print(
                f"{n:>7} {rate:>15.0f} {cpu_rate:>12.0f} {parallel:>15.0f} "
                f"{actions / games:>12.1f} {per_action * 1e6:>9.2f} "
                + " ".join(
                    f"{100 * parts[k] / total:>{w}.0f}%"
                    for k, w in (("movegen", 7), ("apply", 5), ("scoring", 7))
                ),
                file=out,
            )
    finally:
        if pool is not None:
            pool.shutdown()
    print(
        "\ngames/s cpu: games per second of this process's processor time (the wall clock on a"
        "\nshared machine also counts other processes); µs/action: move generation + apply,"
        "\ntimed call by call (timer cost included)",
        file=out,
    )
