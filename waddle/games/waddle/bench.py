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

from dataclasses import replace
from functools import cache, partial
from typing import TextIO

from waddle.core.bench import Goal, SpeedRow, print_random_games
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


def main(players: list[int], seconds: float, processes: int | None, out: TextIO) -> list[SpeedRow]:
    """The random-games table (:func:`waddle.core.bench.print_random_games`), then the cost
    of an action against the size of the map."""
    rows = print_random_games(
        "waddle", players, seconds, processes, out, play_random_games, time_split, 150
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
