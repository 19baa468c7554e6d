"""``python -m waddle bench``: how fast random complete games run, and where the time goes;
and for ``bench bots`` the bots' strength goals and how many iterations buy a second.

A benchmark, not a test: it prints figures. Maps are generated before timing starts (a
handful per player count, used in turn), so the figures are about playing and scoring.

For each player count it prints:
- games per second in one process, and in one process per core playing at once;
- the split of one process's time between move generation (``legal_actions``), applying
  (``apply``) and scoring (``scores``), from a separately timed pass;
- µs per action on the normal map and on a map four times as large, which shows that an
  action's cost does not grow with the map.

The goals (:data:`BOT_GOALS`), at 0.3 s of processor a move: the hard bot wins at least
80% of two-player games against the medium bot, and takes at least half the wins as one
hard bot against three medium bots.
"""

from __future__ import annotations

import os
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from functools import cache, partial
from typing import TextIO

from waddle.core.bench import Goal, SpeedRow
from waddle.core.bench import play_random_games as core_play_random_games
from waddle.core.bench import sample_positions as core_sample_positions
from waddle.core.bench import search_speed as core_search_speed
from waddle.core.bench import time_split as core_time_split
from waddle.games.waddle.board import Board
from waddle.games.waddle.mapgen import TileSet, default_tileset, generate_map
from waddle.games.waddle.record import new_record
from waddle.games.waddle.state import WaddleState

MAPS_PER_COUNT = 16


@cache
def _setups(players: int, tileset: TileSet | None = None) -> list[tuple[Board, tuple[int, ...]]]:
    if tileset is None:
        records = [new_record(players, seed) for seed in range(MAPS_PER_COUNT)]
        return [(r.board(), r.order) for r in records]
    return [(Board(generate_map(players, 0, tileset)), tuple(range(players)))]


def start(players: int, index: int, tileset: TileSet | None = None) -> WaddleState:
    """The ``index``-th random game: the first generated maps in turn (one map of
    ``tileset`` if given)."""
    setups = _setups(players, tileset)
    board, order = setups[index % len(setups)]
    return WaddleState(board, players, order)


play_random_games = partial(core_play_random_games, start, score=WaddleState.scores)
"""Random games for about ``seconds``: (games, actions, wall, processor); scoring is the
scores alone, as this game's figures have always counted it."""


def time_split(players: int, games: int = 300, seed: int = 2, tileset=None) -> dict[str, float]:
    """Seconds in move generation, applying and scoring over ``games`` random games, and
    the number of actions taken."""
    return core_time_split(
        partial(start, tileset=tileset), players, games, seed, WaddleState.scores
    )


@cache
def _big_tileset(factor: int) -> TileSet:
    """The default tiles repeated ``factor`` times, renumbered: a much larger map."""
    base = default_tileset()
    tiles = []
    for k in range(factor):
        for t in base.tiles:
            number = k * len(base.tiles) + t.number
            hexes = tuple(replace(h, number=number) if h.number is not None else h for h in t.hexes)
            tiles.append(replace(t, number=number, hexes=hexes))
    return TileSet(f"{base.name}x{factor}", tuple(tiles))


def _worker(args: tuple[int, float, int]) -> tuple[int, int, float, float]:
    return play_random_games(*args)


def main(players: list[int], seconds: float, processes: int | None, out: TextIO) -> list[SpeedRow]:
    processes = processes or os.cpu_count() or 1
    rows: list[SpeedRow] = []
    print(
        f"waddle bench: random complete games, {seconds:g} s per figure, {processes} cores",
        file=out,
    )
    print(
        f"{'players':>7} {'games/s 1 proc':>15} {f'games/s {processes} proc':>15} "
        f"{'actions/game':>12} {'µs/action':>9} {'movegen':>8} {'apply':>6} {'scoring':>8}",
        file=out,
    )
    with ProcessPoolExecutor(processes) as pool:
        for n in players:
            runs = [play_random_games(n, seconds / 3, seed) for seed in (1, 2, 3)]
            rate = statistics.median(g / t for g, _, t, _ in runs)
            games, actions, _, _ = runs[0]
            results = list(pool.map(_worker, [(n, seconds, s) for s in range(processes)]))
            parallel = sum(g / t for g, _, t, _ in results)
            split = time_split(n, games=max(20, int(150 * seconds)))
            total = split["movegen"] + split["apply"] + split["scoring"]
            per_action = (split["movegen"] + split["apply"]) / split["actions"]
            print(
                f"{n:>7} {rate:>15.0f} {parallel:>15.0f} {actions / games:>12.1f} "
                f"{per_action * 1e6:>9.2f} "
                + " ".join(
                    f"{100 * split[k] / total:>{w}.0f}%"
                    for k, w in (("movegen", 7), ("apply", 5), ("scoring", 7))
                ),
                file=out,
            )
            rows.append(
                {
                    "players": n,
                    "games_per_second": round(rate, 2),
                    "games_per_second_parallel": round(parallel, 2),
                    "processes": processes,
                    "actions_per_game": round(actions / games, 2),
                    "us_per_action": round(per_action * 1e6, 3),
                    "split": {
                        k: round(100 * split[k] / total, 1) for k in ("movegen", "apply", "scoring")
                    },
                }
            )
    print(
        "\nµs/action: move generation + apply, timed call by call (timer cost included)", file=out
    )
    print("per-action cost against map size (4 players, one process):", file=out)
    for factor in (1, 4):
        tileset = _big_tileset(factor)
        split = time_split(4, games=max(5, int(30 * seconds)), tileset=tileset)
        per_action = (split["movegen"] + split["apply"]) / split["actions"]
        ice = _setups(4, tileset)[0][0].ice_count
        print(f"  {ice:>4} ice hexes: {1e6 * per_action:6.2f} µs per action", file=out)
    return rows


def clear_caches() -> None:
    """Empty the records' board cache, as in a fresh process (``bench replay`` starts each
    timed round so: a round builds each board once, on its first record)."""
    from waddle.games.waddle import record

    record._SETUPS.clear()


# -- bots ------------------------------------------------------------------------------------

BOT_GOALS = {
    "two": Goal(2, ("hard", "medium"), 0.80, games=100),
    "four": Goal(4, ("hard", "medium"), 0.50, games=100),
}
"""``bench bots --game waddle``: hard against the greedy bot (medium), seats rotated."""
BOT_SECONDS = 0.3
"""Processor seconds a move that ``bench bots`` calibrates the searching levels to."""
CALIBRATED_LEVELS = ("hard",)
"""The levels that take an iteration budget."""


def sample_positions(players: int, games: int = 3, every: int = 4) -> list[WaddleState]:
    """Positions from medium-bot games on generated maps: openings to endgames."""
    from waddle.games.waddle.ai import make_bot

    return core_sample_positions(
        new_record, make_bot, players, games, every, 1000, choices_only=False
    )


def playouts_per_second(players: int, iterations: int = 300) -> tuple[float, float]:
    """Hard-bot iterations (one playout each) per second of processor and of wall time."""
    from waddle.games.waddle.ai import make_bot

    return core_search_speed(make_bot, sample_positions(players), iterations)


def calibrate(level: str, players: int, seconds: float) -> tuple[int, str]:
    """The iterations that cost the hard bot ``seconds`` of processor a move, and how fast
    it ran (mean over opening-to-endgame positions)."""
    cpu_rate, wall_rate = playouts_per_second(players)
    return (
        max(1, round(cpu_rate * seconds)),
        f"{cpu_rate:6.0f} playouts/s processor, {wall_rate:6.0f}/s wall",
    )
