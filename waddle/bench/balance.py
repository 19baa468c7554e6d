"""``python -m waddle bench balance --game ID``: a game's balance by self-play.

Every seat is played by the same bot (``--level``), so a difference between seats comes
from the turn order and the board, not from the players. The game's ``balance`` module
plays one game and says what it measured (:func:`run` calls its ``play_balance`` in worker
processes); this module keeps the seeds, the results file and the summary that every
game shares: each seat's win share with its 95% Wilson interval and mean score, and the
largest gap from a fair share. The game's ``print_balance`` adds its own figures (pools,
territories, heroes, rookeries, a fitted compensation table with ``--fit``).

A game's settings (a tile set, a layout, a rule option to play with) are ``--option
KEY=VALUE``; the game's ``balance_setups`` turns them into one or more *setups*, plain
JSON objects each played ``--games`` times. Each game is a line of ``--results`` as it
finishes::

    {"kind": "balance", "game": "pebbles", "players": 2, "seed": 0,
     "setup": {"level": "medium", "iterations": null, "layout": "pebbles-2p/2"},
     "scores": [31, 28], "wins": [1.0, 0.0], "figures": {...}, "cpu": 0.42}

(``scores`` and ``wins`` by seat, ties split; ``figures`` is the game's own; ``cpu`` the
processor seconds the game took.)
"""

from __future__ import annotations

import importlib
import json
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TextIO

from waddle.bench.results import (
    BenchError,
    Line,
    append_line,
    existing_lines,
    game_key,
    game_part,
    grouped,
    span,
    unique_games,
)
from waddle.core.tournament import wilson
from waddle.games import GAMES


def balance_of(game: str) -> Any:
    """The game's ``balance`` module (``BenchError`` if it has none)."""
    module = game_part(game, "balance")
    if module is None or not hasattr(module, "play_balance"):
        raise BenchError(f"{GAMES.by_id(game).title} has no balance benchmark")
    return module


def run(
    game: str,
    out: TextIO,
    players: Sequence[int] | None = None,
    games: int | None = None,
    seed: int = 0,
    level: str = "medium",
    iterations: int | None = None,
    options: Mapping[str, str] | None = None,
    fit: bool = False,
    processes: int = 1,
    results: str | Path | None = None,
    progress: TextIO | None = None,
) -> None:
    """Play ``games`` self-play games (seeds from ``seed``) for each player count and
    setup, those ``results`` does not hold yet, and print the summary of each."""
    module = balance_of(game)
    entry = GAMES.by_id(game)
    known = {option.key for option in module.BALANCE_OPTIONS}
    for key in options or {}:
        if key not in known:
            told = ", ".join(o.usage for o in module.BALANCE_OPTIONS) or "none"
            raise BenchError(
                f"{entry.title}'s balance takes no option {key!r} (its options: {told})"
            )
    done = {
        game_key(line): line for line in existing_lines(results, game) if line["kind"] == "balance"
    }
    count = games or module.BALANCE_GAMES
    for n in players or range(entry.players[0], entry.players[1] + 1):
        try:
            setups = module.balance_setups(n, level, iterations, dict(options or {}))
        except (ValueError, OSError) as e:
            raise BenchError(str(e)) from None
        for setup in setups:
            lines = [_line(game, n, s, setup) for s in range(seed, seed + count)]
            have = [done[game_key(line)] for line in lines if game_key(line) in done]
            todo = [line for line in lines if game_key(line) not in done]
            started = time.perf_counter()
            played = []
            for line in _play(module.__name__, todo, processes):
                append_line(results, line)
                played.append(line)
                if progress:
                    print(
                        f"  {n} players, seed {line['seed']}: {len(have) + len(played)} of "
                        f"{count} ({time.perf_counter() - started:.0f} s)",
                        file=progress,
                        flush=True,
                    )
            kept = f", {len(have)} of them from {results}" if have else ""
            print(
                f"{entry.title}, {n} players: {count} games{kept}: {len(played)} played in "
                f"{time.perf_counter() - started:.0f} s",
                file=out,
            )
            print_summary(have + played, out, fit)


def _line(game: str, players: int, seed: int, setup: Mapping[str, Any]) -> Line:
    return {"kind": "balance", "game": game, "players": players, "seed": seed, "setup": setup}


def _play_one(job: tuple[str, Line]) -> Line:
    """One game, in a worker process: the game's figures added to its line."""
    module, line = job
    started = time.process_time()
    figures = importlib.import_module(module).play_balance(
        line["players"], line["seed"], line["setup"]
    )
    return {**line, **figures, "cpu": round(time.process_time() - started, 3)}


def _play(module: str, lines: list[Line], processes: int) -> Iterator[Line]:
    """The games in seed order, each as soon as it and the ones before it are done."""
    jobs = [(module, line) for line in lines]
    if processes > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(min(processes, len(jobs))) as pool:
            yield from pool.map(_play_one, jobs)
    else:
        yield from map(_play_one, jobs)


def print_summary(lines: Sequence[Line], out: TextIO, fit: bool = False) -> None:
    """The figures of ``balance`` lines (each game once): a block per game, player count
    and setup, in the order they first appear."""
    games = unique_games(line for line in lines if line["kind"] == "balance")
    for group in grouped(games, lambda line: game_key(line)[:4]):
        _print_group(sorted(group, key=lambda line: line["seed"]), out, fit)


def _print_group(lines: list[Line], out: TextIO, fit: bool) -> None:
    first = lines[0]
    module = balance_of(first["game"])
    players, n = first["players"], len(lines)
    fair = 1 / players
    shares = [sum(line["wins"][s] for line in lines) / n for s in range(players)]
    gap = 100 * max(abs(share - fair) for share in shares)
    setup = " ".join(f"{k}={_word(v)}" for k, v in first["setup"].items())
    cpu = sum(line.get("cpu", 0.0) for line in lines)
    print(
        f"\n{GAMES.by_id(first['game']).title} balance, {players} players, {n} games (seeds "
        f"{span([line['seed'] for line in lines])}){', ' if setup else ''}{setup}; "
        f"{module.BALANCE_SEATS}",
        file=out,
    )
    print(
        f"  fair share {fair:.1%}, largest gap {gap:.1f} points; {cpu:.1f} s of processor",
        file=out,
    )
    print(f"  {'seat':>4} {'win share':>9}  {'95% CI':<16} {'mean score':>10}", file=out)
    for s, share in enumerate(shares):
        low, high = wilson(sum(line["wins"][s] for line in lines), n)
        score = sum(line["scores"][s] for line in lines) / n
        print(f"  {s:>4} {share:>9.1%}  [{low:5.1%}, {high:5.1%}] {score:>10.1f}", file=out)
    module.print_balance(players, first["setup"], lines, out, fit)
    out.flush()


def _word(value: Any) -> str:
    """A setup's value as the summary shows it: switches on and off, None as -."""
    if value is True or value is False:
        return "on" if value else "off"
    if value is None:
        return "-"
    return value if isinstance(value, str) else json.dumps(value)
