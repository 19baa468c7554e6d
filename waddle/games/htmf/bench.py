"""``python -m waddle bench --game htmf``: how fast random complete games run, and where
the time goes; and for ``bench bots`` the bots' strength goals and how many iterations buy
a second.

A benchmark, not a test: it prints figures. Boards are built before timing starts (a
handful of standard boards, used in turn), so the figures are about playing and scoring.

For each player count it prints:
- games per second in one process by the wall clock, and by processor time (what the
  process itself used: on a shared machine the wall clock also counts the others);
- games per second in one process per core playing at once;
- the split of one process's time between move generation (``legal_actions``),
  applying (``apply``) and scoring (``scores`` and ``winners``), from a separately timed
  pass, and µs per action (generation plus apply, timed call by call).

The goals (:data:`BOT_GOALS`), at 1 s of processor per move, seats rotated over boards:

- ``medium``: two players, hard against the greedy bot: hard wins at least 90%;
- ``uct``: two players, hard against plain UCT (random playouts to the end, no
  knowledge) given the same processor time: hard wins at least 70%;
- ``four``: four players, one hard bot against three greedy bots: hard's win share is at
  least 60%.
"""

from __future__ import annotations

import time
from functools import cache

from waddle.core.bench import Goal, random_games_bench
from waddle.core.bench import sample_positions as core_sample_positions
from waddle.games.htmf.board import Board, standard_board
from waddle.games.htmf.record import new_record
from waddle.games.htmf.state import HtmfState

BOARDS = 16


@cache
def _boards() -> list[Board]:
    return [standard_board(seed) for seed in range(BOARDS)]


def start(players: int, index: int) -> HtmfState:
    """The ``index``-th random game: the standard boards in turn."""
    return HtmfState(_boards()[index % BOARDS], players)


main = random_games_bench("htmf", start, split_games_per_second=300)
"""``bench speed``: random complete games (:func:`waddle.core.bench.random_games_bench`)."""


def clear_caches() -> None:
    """Empty the records' board cache and the board shapes, as in a fresh process (``bench
    replay`` starts each timed round so: a round builds each board, and each shape of
    board, once)."""
    from waddle.games.htmf import board, record

    record._BOARDS.clear()
    board._SHAPES.clear()


# -- bots ------------------------------------------------------------------------------------

BOT_GOALS = {
    "medium": Goal(2, ("hard", "medium"), 0.90),
    "uct": Goal(2, ("hard", "uct"), 0.70),
    "four": Goal(4, ("hard", "medium"), 0.60),
}
"""``bench bots --game htmf``: the hard bot against greedy and against plain UCT."""
BOT_SECONDS = 1.0
"""Processor seconds a move that ``bench bots`` calibrates the searching levels to."""
CALIBRATED_LEVELS = ("hard", "uct")
"""The levels that take an iteration budget (each calibrated on its own)."""


def sample_positions(players: int, games: int = 3, every: int = 3) -> list[HtmfState]:
    """Positions from greedy games on standard boards: placements to endgames."""
    from waddle.games.htmf.ai import make_bot

    return core_sample_positions(new_record, make_bot, players, games, every, 1000)


def search_speed(level: str, players: int, iterations: int = 300) -> tuple[float, float, float]:
    """Iterations per second of processor and of wall time, and the longest single
    iteration (ms of processor), over sample positions."""
    from waddle.games.htmf.ai import make_bot

    cpu = wall = longest = 0.0
    done = 0
    for position in sample_positions(players):
        search = make_bot(level, seed=1, iterations=iterations).start(position)
        c0, w0 = time.process_time(), time.perf_counter()
        while not search.finished:
            t0 = time.process_time()
            if not search.step(1):
                break
            longest = max(longest, time.process_time() - t0)
        cpu += time.process_time() - c0
        wall += time.perf_counter() - w0
        done += search.iterations
    return done / cpu, done / wall, 1000 * longest


def calibrate(level: str, players: int, seconds: float) -> tuple[int, str]:
    """The iterations that cost ``level`` ``seconds`` of processor a move, and how fast it
    ran over placement-to-endgame positions."""
    cpu_rate, wall_rate, longest = search_speed(level, players)
    return (
        max(1, round(cpu_rate * seconds)),
        f"{cpu_rate:6.0f}/s processor, {wall_rate:6.0f}/s wall, longest iteration {longest:.1f} ms",
    )
