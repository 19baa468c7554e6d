"""``python -m waddle bench --game pebbles``: how fast random complete games run, and where
the time goes.

A benchmark, not a test: it prints figures. Deals are made before timing starts (a
handful, used in turn), so the figures are about playing and scoring. Chance outcomes
(reshuffles) are drawn as they come and count as actions.

For each player count it prints:
- games per second in one process by the wall clock, and by processor time (what the
  process itself used: on a shared machine the wall clock also counts the others);
- games per second in one process per core playing at once;
- the split of one process's time between move generation (``legal_actions``, or
  ``sample_chance`` at a chance node), applying (``apply``) and scoring (``scores`` and
  ``winners``), from a separately timed pass, and µs per action.
"""

from __future__ import annotations

import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import TextIO

from waddle.core.game import CHANCE
from waddle.core.rng import Rng
from waddle.games.pebbles.record import Record, new_record

DEALS = 16


def _records(players: int) -> list[Record]:
    return [new_record(players, seed) for seed in range(DEALS)]


def play_random_games(players: int, seconds: float, seed: int = 1) -> tuple[int, int, float, float]:
    """Play random games for about ``seconds``; return (games, actions, wall, processor)."""
    records = _records(players)
    rng = Rng(seed)
    random = rng.random
    games = actions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while True:
        state = records[games % DEALS].start()
        while not state.is_over():
            if state.to_move() == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[int(random() * len(legal))])
            actions += 1
        state.scores()
        state.winners()
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return games, actions, now - start, time.process_time() - cpu_start


def time_split(players: int, games: int = 100, seed: int = 2) -> dict[str, float]:
    """Seconds in move generation, applying and scoring over ``games`` random games, and
    the number of actions taken."""
    records = _records(players)
    rng = Rng(seed)
    random = rng.random
    clock = time.perf_counter
    gen = app = score = 0.0
    actions = 0
    for g in range(games):
        state = records[g % DEALS].start()
        while not state.is_over():
            t0 = clock()
            if state.to_move() == CHANCE:
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[int(random() * len(legal))]
            t1 = clock()
            state.apply(action)
            t2 = clock()
            gen += t1 - t0
            app += t2 - t1
            actions += 1
        t0 = clock()
        state.scores()
        state.winners()
        score += clock() - t0
    return {"movegen": gen, "apply": app, "scoring": score, "actions": actions}


def _worker(args: tuple[int, float, int]) -> tuple[int, int, float, float]:
    players, seconds, seed = args
    return play_random_games(players, seconds, seed)


def main(players: list[int], seconds: float, processes: int | None, out: TextIO) -> None:
    processes = processes or os.cpu_count() or 1
    print(
        f"pebbles bench: random complete games, {seconds:g} s per figure, {processes} cores",
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
            runs = [play_random_games(n, seconds / 3, seed) for seed in (1, 2, 3)]
            rate = statistics.median(g / wall for g, _, wall, _ in runs)
            cpu_rate = statistics.median(g / cpu for g, _, _, cpu in runs if cpu > 0)
            games = sum(r[0] for r in runs)
            actions = sum(r[1] for r in runs)
            if pool is None:
                parallel = rate
            else:
                jobs = [(n, seconds, s) for s in range(processes)]
                parallel = sum(g / wall for g, _, wall, _ in pool.map(_worker, jobs))
            split = time_split(n, games=max(20, int(100 * seconds)))
            total = split["movegen"] + split["apply"] + split["scoring"]
            per_action = (split["movegen"] + split["apply"]) / split["actions"]
            print(
                f"{n:>7} {rate:>15.0f} {cpu_rate:>12.0f} {parallel:>15.0f} "
                f"{actions / games:>12.1f} {per_action * 1e6:>9.2f} "
                + " ".join(
                    f"{100 * split[k] / total:>{w}.0f}%"
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
