"""Bot tournaments for any game: levels play each other on generated boards, seats rotated,
with win shares.

Each board is played once per seat rotation, so every level sits in every seat of the
starting order equally often, and the board and the order favour nobody on average. The
game is named by its package (``GameEntry.module``), so games run in worker processes
without this module knowing any of them (``python -m waddle tournament --game ID`` runs
one).
"""

from __future__ import annotations

import importlib
import math
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from waddle.core.game import CHANCE, resolve_chance
from waddle.core.rng import derive_seed

_SEED_MASK = 0x7FFFFFFF


@dataclass(frozen=True)
class Game:
    """One game of a tournament: which level plays each player, on which board."""

    module: str
    """The game's package (its ``GAME`` plays it)."""
    index: int
    levels: tuple[str, ...]
    """The level playing each player number."""
    map_seed: int
    bot_seeds: tuple[int, ...]
    seconds: float | None
    iterations: int | None


@dataclass(frozen=True)
class GameResult:
    game: Game
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    think: tuple[float, ...]
    """Seconds each player spent choosing, over the whole game (wall clock)."""
    cpu: tuple[float, ...]
    """The same in processor time: what the bot cost, however busy the machine was."""
    moves: tuple[int, ...]


@dataclass(frozen=True)
class Row:
    """A level's results over a tournament."""

    level: str
    seats: int
    """Players of this level in each game."""
    share: float
    """Mean share of the wins per game, over all its seats (ties split)."""
    low: float
    high: float
    """95% confidence interval of ``share`` (Wilson)."""
    mean_vp: float
    """Mean score per seat."""
    seconds_per_move: float
    """Mean thinking time per move, wall clock."""
    cpu_seconds_per_move: float
    """The same in processor time."""

    def to_json(self) -> dict[str, object]:
        return {
            "level": self.level,
            "seats": self.seats,
            "share": round(self.share, 4),
            "ci95": [round(self.low, 4), round(self.high, 4)],
            "mean_vp": round(self.mean_vp, 2),
            "seconds_per_move": round(self.seconds_per_move, 5),
            "cpu_seconds_per_move": round(self.cpu_seconds_per_move, 5),
        }


@dataclass(frozen=True)
class TournamentResult:
    lineup: tuple[str, ...]
    players: int
    games: list[GameResult]
    rows: list[Row]

    def to_json(self) -> dict[str, object]:
        return {
            "players": self.players,
            "lineup": list(self.lineup),
            "games": len(self.games),
            "levels": [r.to_json() for r in self.rows],
        }


def schedule(
    module: str,
    lineup: Sequence[str],
    games: int,
    seed: int = 0,
    seconds: float | None = None,
    iterations: int | None = None,
) -> list[Game]:
    """The games of a tournament: ``lineup`` names the level of each seat.

    Game ``g`` is played on map ``g // players`` with the lineup rotated by ``g % players``.

    >>> [g.levels for g in schedule("some.game", ["hard", "medium", "medium"], games=3)]
    [('hard', 'medium', 'medium'), ('medium', 'medium', 'hard'), ('medium', 'hard', 'medium')]
    """
    players = len(lineup)
    out = []
    for g in range(games):
        board, turn = divmod(g, players)
        levels = tuple(lineup[(p + turn) % players] for p in range(players))
        map_seed = derive_seed(seed, players, board) & _SEED_MASK
        bot_seeds = tuple(derive_seed(seed, players, board, turn, p) for p in range(players))
        out.append(Game(module, g, levels, map_seed, bot_seeds, seconds, iterations))
    return out


def play_game(game: Game) -> GameResult:
    """Play one game of the tournament to the end."""
    players = len(game.levels)
    rules = _game(game.module)
    state = rules.new_record(players, game.map_seed).start()
    bots = [
        rules.make_bot(level, seed, game.seconds, game.iterations)
        for level, seed in zip(game.levels, game.bot_seeds, strict=True)
    ]
    think = [0.0] * players
    cpu = [0.0] * players
    moves = [0] * players
    clock, cpu_clock = time.perf_counter, time.process_time
    while not state.is_over():
        if state.to_move() == CHANCE:  # a reshuffle: drawn from the deal's seed, as the app does
            resolve_chance(state, game.map_seed)
            continue
        player = state.to_move()
        assert player is not None
        start, cpu_start = clock(), cpu_clock()
        action = bots[player].choose(state)
        think[player] += clock() - start
        cpu[player] += cpu_clock() - cpu_start
        moves[player] += 1
        state.apply(action)
    return GameResult(
        game,
        tuple(state.scores()),
        tuple(state.winners()),
        tuple(think),
        tuple(cpu),
        tuple(moves),
    )


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (fractional successes for shared wins).

    >>> [round(x, 3) for x in wilson(80, 100)]
    [0.711, 0.867]
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(lineup: Sequence[str], results: Sequence[GameResult]) -> list[Row]:
    """One row per level of the lineup, in the order the lineup first names them."""
    rows = []
    n = len(results)
    for level in dict.fromkeys(lineup):  # ordered and unique
        seats = list(lineup).count(level)
        wins = vp = think = cpu = 0.0
        moves = 0
        for r in results:
            mine = [p for p, lv in enumerate(r.game.levels) if lv == level]
            wins += sum(1.0 / len(r.winners) for p in r.winners if p in mine)
            vp += sum(r.scores[p] for p in mine)
            think += sum(r.think[p] for p in mine)
            cpu += sum(r.cpu[p] for p in mine)
            moves += sum(r.moves[p] for p in mine)
        low, high = wilson(wins, n)
        rows.append(
            Row(
                level,
                seats,
                wins / n if n else 0.0,
                low,
                high,
                vp / (n * seats) if n else 0.0,
                think / moves if moves else 0.0,
                cpu / moves if moves else 0.0,
            )
        )
    return rows


def run_tournament(
    module: str,
    lineup: Sequence[str],
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    seconds: float | None = None,
    iterations: int | None = None,
    processes: int = 1,
    on_game: Callable[[GameResult], None] | None = None,
    first: int = 0,
) -> TournamentResult:
    """Play ``games`` games and summarize them.

    ``players`` defaults to the lineup's length; a shorter lineup is filled up with its
    last level (``["hard", "medium"]`` at 4 players is one hard bot against three medium).
    ``processes`` above 1 plays games in parallel; results come back in game order, so
    with an iteration budget the outcome does not depend on it. ``first`` skips the
    schedule's first games: a long run that was stopped goes on where it stopped, and with
    an iteration budget the games played are the same as in one uninterrupted run.
    """
    players = players or len(lineup)
    if not lineup or len(lineup) > players:
        raise ValueError(f"a lineup names 1 to {players} levels, one per seat")
    full = tuple(lineup) + (lineup[-1],) * (players - len(lineup))
    rules = _game(module)
    for level in full:
        rules.make_bot(level)  # fail early on an unknown level
    jobs = schedule(module, full, games, seed, seconds, iterations)[first:]
    results: list[GameResult] = []
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            for result in pool.map(play_game, jobs):
                results.append(result)
                if on_game:
                    on_game(result)
    else:
        for job in jobs:
            results.append(play_game(job))
            if on_game:
                on_game(results[-1])
    return TournamentResult(full, players, results, summarize(full, results))


def default_processes() -> int:
    return os.cpu_count() or 1


def _game(module: str):
    """The ``GAME`` of a game's package (imported once per process)."""
    return importlib.import_module(module).GAME
