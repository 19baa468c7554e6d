"""``python -m waddle bench --game htmf``: how fast random complete games run, and where
the time goes.

A benchmark, not a test: it prints figures. Boards are built before timing starts (a
handful of standard boards, used in turn), so the figures are about playing and scoring.

For each player count it prints:
- games per second in one process by the wall clock, and by processor time (what the
  process itself used: on a shared machine the wall clock also counts the others);
- games per second in one process per core playing at once;
- the split of one process's time between move generation (``legal_actions``),
  applying (``apply``) and scoring (``scores`` and ``winners``), from a separately timed
  pass, and µs per action (generation plus apply, timed call by call).
"""

from __future__ import annotations

import time
from functools import cache
from typing import TextIO

from waddle.core.bench import SpeedRow, print_random_games
from waddle.core.rng import Rng
from waddle.games.htmf.board import Board, standard_board
from waddle.games.htmf.state import HtmfState

BOARDS = 16


@cache
def _boards() -> list[Board]:
    return [standard_board(seed) for seed in range(BOARDS)]


def play_random_games(players: int, seconds: float, seed: int = 1) -> tuple[int, int, float, float]:
    """Play random games for about ``seconds``; return (games, actions, wall, processor)."""
    boards = _boards()
    random = Rng(seed).random
    games = actions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while True:
        state = HtmfState(boards[games % BOARDS], players)
        while state.mover >= 0:
            legal = state.legal_actions()
            state.apply(legal[int(random() * len(legal))])
            actions += 1
        state.scores()
        state.winners()
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return games, actions, now - start, time.process_time() - cpu_start


def time_split(players: int, games: int = 300, seed: int = 2) -> dict[str, float]:
    """Seconds in move generation, applying and scoring over ``games`` random games, and
    the number of actions taken."""
    boards = _boards()
    random = Rng(seed).random
    clock = time.perf_counter
    gen = app = score = 0.0
    actions = 0
    for g in range(games):
        state = HtmfState(boards[g % BOARDS], players)
        while state.mover >= 0:
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            state.apply(legal[int(random() * len(legal))])
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
        "htmf",
        players,
        seconds,
        processes,
        out,
        play_random_games,
        time_split,
        split_games_per_second=300,
    )
