"""``python -m waddle bench bots --game ID``: the bots' strength goals of a game.

A goal (:class:`waddle.core.bench.Goal`, named in the game's ``bench.BOT_GOALS``) is a
lineup played by :mod:`waddle.core.tournament` with seats rotated over boards. Every
searching level (``CALIBRATED_LEVELS``) plays at a fixed number of iterations, ``level@n``:
calibrated here to ``--seconds`` of processor a move (the game's ``calibrate``), or given
(``--iterations`` for all of them, ``--budget LEVEL=N`` for one), or, when ``--results``
already holds games of the goal, those games' budgets, so that a run stopped early goes on
with the very games one long run would have played. With fixed budgets the games are
deterministic, whatever the machine's load or ``--processes``.

Each game is a line of ``--results`` as it finishes::

    {"kind": "bots", "game": "htmf", "goal": "uct", "seed": 1, "index": 0, "players": 2,
     "levels": ["hard@30223", "uct@12028"], "scores": [56, 39], "winners": [0],
     "moves": [34, 24], "cpu": [41.2, 26.3], "think": [41.3, 26.4]}

(``levels``, ``scores``, ``moves``, and the processor and wall seconds ``cpu`` and ``think``
are per player number.) :func:`print_summary` prints a goal's figures from such lines:
each level's win share with its 95% Wilson interval, mean score, processor per move (or
per turn) and whether the goal is met.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
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
from waddle.core.bench import Goal
from waddle.core.tournament import GameResult, play_game, schedule, wilson
from waddle.games import GAMES


def goals_of(game: str) -> Any:
    """The game's ``bench`` module, if it has bots goals (``BenchError`` otherwise)."""
    module = game_part(game, "bench")
    if module is None or not hasattr(module, "BOT_GOALS"):
        raise BenchError(f"{GAMES.by_id(game).title} has no bots goals")
    return module


def run(
    game: str,
    goals: Sequence[str] | None,
    out: TextIO,
    games: int | None = None,
    seed: int = 1,
    seconds: float | None = None,
    iterations: int | None = None,
    budgets: Mapping[str, int] | None = None,
    processes: int = 1,
    results: str | Path | None = None,
    progress: TextIO | None = None,
    calibrate_only: Sequence[int] = (),
) -> None:
    """Play ``goals`` (default: the game's) and print each one's summary; with
    ``calibrate_only``, print only the budgets for those player counts."""
    bench = goals_of(game)
    names = list(goals or getattr(bench, "DEFAULT_GOALS", bench.BOT_GOALS))
    for name in names:
        if name not in bench.BOT_GOALS:
            raise BenchError(f"no goal {name!r} (the game's: {', '.join(bench.BOT_GOALS)})")
    seconds = seconds or bench.BOT_SECONDS
    given = dict(budgets or {})
    for level in given:
        if level not in bench.CALIBRATED_LEVELS:
            told = ", ".join(bench.CALIBRATED_LEVELS)
            raise BenchError(f"--budget names a level that searches ({told}), not {level!r}")
    held = existing_lines(results, game)
    calibrated: dict[tuple[str, int], int] = {}

    def budget(level: str, players: int, goal: str, per: str) -> int:
        """A searching level's iterations, and a line that says where they come from."""
        if level in given or iterations:
            count = given.get(level) or iterations
            print(f"  {level} {players} players: {count} iterations (given)", file=out)
            return int(count)  # type: ignore[arg-type]
        kept = _kept_budget(held, game, goal, seed, level)
        if kept:
            print(f"  {level} {players} players: {kept} iterations (from {results})", file=out)
            return kept
        if (level, players) not in calibrated:
            count, detail = bench.calibrate(level, players, seconds)
            calibrated[level, players] = count
            print(
                f"  {level} {players} players: {detail} -> {count} iterations = "
                f"{seconds:g} s a {per}",
                file=out,
                flush=True,
            )
        return calibrated[level, players]

    title = GAMES.by_id(game).title
    if calibrate_only:
        print(f"{title}: iterations for {seconds:g} s of processor", file=out)
        per = next(iter(bench.BOT_GOALS.values())).per
        for players in calibrate_only:
            for level in bench.CALIBRATED_LEVELS:
                budget(level, players, "", per)
        return
    for name in names:
        goal: Goal = bench.BOT_GOALS[name]
        print(f"{title}, goal {name}: {goal.describe()}", file=out)
        lineup = [
            f"{lv}@{budget(lv, goal.players, name, goal.per)}"
            if lv in bench.CALIBRATED_LEVELS
            else lv
            for lv in goal.lineup
        ]
        lineup += [lineup[-1]] * (goal.players - len(lineup))
        count = games or goal.games
        jobs = schedule(GAMES.by_id(game).module, lineup, count, seed, None, 1)
        keys = [game_key(_line(game, name, seed, job.index, job.levels)) for job in jobs]
        done = {game_key(line): line for line in held if line["kind"] == "bots"}
        have = [done[key] for key in keys if key in done]
        todo = [job for job, key in zip(jobs, keys, strict=True) if key not in done]
        started = time.perf_counter()
        played = []
        for result in _play(todo, processes):
            line = _line(game, name, seed, result.game.index, result.game.levels, result)
            append_line(results, line)
            played.append(line)
            if progress:
                _say_progress(progress, have + played, goal, started)
        kept = f", {len(have)} of them from {results}" if have else ""
        print(
            f"  {len(have) + len(played)} games{kept}: {len(played)} played in "
            f"{time.perf_counter() - started:.0f} s",
            file=out,
        )
        print_summary(have + played, out)


def _kept_budget(held: list[Line], game: str, goal: str, seed: int, level: str) -> int | None:
    """The iterations ``level`` had in the latest game of the goal a results file holds."""
    for line in reversed(held):
        if line["kind"] != "bots":
            continue
        if (line["game"], line["goal"], line["seed"]) == (game, goal, seed):
            for played in line["levels"]:
                name, _, count = played.partition("@")
                if name == level and count.isdigit():
                    return int(count)
    return None


def _line(
    game: str,
    goal: str,
    seed: int,
    index: int,
    levels: Sequence[str],
    result: GameResult | None = None,
) -> Line:
    line: Line = {"kind": "bots", "game": game, "goal": goal, "seed": seed, "index": index}
    line["players"] = len(levels)
    line["levels"] = list(levels)
    if result is not None:
        line["scores"] = list(result.scores)
        line["winners"] = list(result.winners)
        line["moves"] = list(result.moves)
        line["cpu"] = [round(c, 3) for c in result.cpu]
        line["think"] = [round(t, 3) for t in result.think]
    return line


def _play(jobs: list, processes: int) -> Iterator[GameResult]:
    """The games' results in schedule order (so files and summaries do not depend on
    ``processes``), each as soon as it and the ones before it are done."""
    if processes > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(min(processes, len(jobs))) as pool:
            yield from pool.map(play_game, jobs)
    else:
        yield from map(play_game, jobs)


def _say_progress(err: TextIO, lines: list[Line], goal: Goal, started: float) -> None:
    """A line after each game: a run of hours says where it stands."""
    wins = sum(_wins(line, goal.lineup[0]) for line in lines)
    low, high = wilson(wins, len(lines))
    print(
        f"  game {lines[-1]['index'] + 1}: {goal.lineup[0]} won {wins:g} of {len(lines)}, 95% CI "
        f"[{low:.3f}, {high:.3f}] ({time.perf_counter() - started:.0f} s)",
        file=err,
        flush=True,
    )


def _base(level: str) -> str:
    return level.partition("@")[0]


def _seats(line: Line, level: str, by: Callable[[str], str] = str) -> list[int]:
    return [p for p, played in enumerate(line["levels"]) if by(played) == level]


def _wins(line: Line, level: str, by: Callable[[str], str] = _base) -> float:
    """The share of the game's win that went to ``level``'s seats (ties split)."""
    mine = _seats(line, level, by)
    return sum(1 for w in line["winners"] if w in mine) / len(line["winners"])


def print_summary(lines: Sequence[Line], out: TextIO) -> None:
    """Each goal's figures over ``lines`` (``bots`` lines; each game counted once): a
    block per game, goal, seed and budgets, in the order they first appear."""
    games = unique_games(line for line in lines if line["kind"] == "bots")
    key = lambda line: game_key(line)[:5]  # noqa: E731 - everything but the index
    for group in grouped(games, key):
        _print_goal(sorted(group, key=lambda line: line["index"]), out)


def _print_goal(lines: list[Line], out: TextIO) -> None:
    first = lines[0]
    module = goals_of(first["game"]) if first["game"] in GAMES.ids else None
    goal: Goal | None = getattr(module, "BOT_GOALS", {}).get(first["goal"])
    focus = goal.lineup[0] if goal else _base(first["levels"][0])
    levels = sorted(set(first["levels"]), key=lambda lv: (_base(lv) != focus, lv))
    seats = {lv: first["levels"].count(lv) for lv in levels}
    shown = " vs ".join(f"{lv} x{seats[lv]}" if seats[lv] > 1 else lv for lv in levels)
    n = len(lines)
    title = GAMES.by_id(first["game"]).title if first["game"] in GAMES.ids else first["game"]
    print(
        f"{title}, goal {first['goal']}: {first['players']} players, {shown}, {n} games "
        f"(games {span([line['index'] + 1 for line in lines])}), seed {first['seed']}",
        file=out,
    )
    per = goal.per if goal else "move"
    print(
        f"  {'level':<14} {'seats':>5} {'win share':>9}  {'95% CI':<16} {'mean score':>10} "
        f"{f'processor a {per}':>20} {'median':>8} {'wall':>8}",
        file=out,
    )
    for level in levels:
        wins = sum(_wins(line, level, str) for line in lines)
        low, high = wilson(wins, n)
        mine = [(line, _seats(line, level)) for line in lines]
        score = sum(line["scores"][p] for line, ps in mine for p in ps) / (n * seats[level])
        cpu = _per_unit(mine, "cpu", goal)
        wall = _per_unit(mine, "think", goal) if all("think" in line for line in lines) else None
        print(
            f"  {level:<14} {seats[level]:>5} {wins / n:>9.3f}  [{low:.3f}, {high:.3f}] "
            f"{score:>10.1f} {cpu[0]:>18.3f} s {cpu[1]:>6.3f} s "
            + (f"{wall[0]:>6.3f} s" if wall else f"{'-':>8}"),
            file=out,
        )
    if goal and goal.target is not None:
        share = sum(_wins(line, focus) for line in lines) / n
        low, _ = wilson(sum(_wins(line, focus) for line in lines), n)
        verdict = "met" if share >= goal.target else "NOT met"
        sure = " (the whole interval)" if low >= goal.target else ""
        print(f"  goal: {goal.describe()}: {verdict}{sure}", file=out, flush=True)


def _per_unit(
    mine: list[tuple[Line, list[int]]], key: str, goal: Goal | None
) -> tuple[float, float]:
    """Seconds (``cpu`` or ``think``) of a level's seats per move, or per turn for a goal
    counted in turns (``per_game`` of them a seat), over all games and the median game."""

    def units(line: Line, seats: list[int]) -> float:
        if goal and goal.per_game:
            return goal.per_game * len(seats)
        return sum(line["moves"][p] for p in seats)

    spent = [sum(line[key][p] for p in seats) for line, seats in mine]
    counts = [units(line, seats) for line, seats in mine]
    total = sum(spent) / max(1, sum(counts))
    median = statistics.median(s / c for s, c in zip(spent, counts, strict=True) if c)
    return total, median
