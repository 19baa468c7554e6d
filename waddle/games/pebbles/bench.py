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

import time
from typing import TextIO

from waddle.core.bench import SpeedRow, print_random_games
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


def main(players: list[int], seconds: float, processes: int | None, out: TextIO) -> list[SpeedRow]:
    return print_random_games(
        "pebbles",
        players,
        seconds,
        processes,
        out,
        play_random_games,
        time_split,
        split_games_per_second=100,
    )
