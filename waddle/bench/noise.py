"""``python -m waddle bench calibration --noise FILE``: the win-chance meter's own noise.

Positions spread over the games of FILE (lines that keep their moves), each estimated
with several seeds at the game review's budget (the same position, viewer and budget:
only the search's random draws differ), and the standard deviation of the mover's chance
between seeds. The game's ``Meter.noise`` is its 90th percentile, so the review
(:mod:`waddle.app.review`) judges no loss that two estimates of equally good moves could
show by chance. A line per position::

    {"kind": "noise", "game": "htmf", "players": 2, "seed": 3, "ply": 12,
     "iterations": 2000, "meter": 2, "chances": [0.61, 0.63, ...], "sd": 0.012}
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from waddle.bench.calibration import OPENING, _map, median
from waddle.bench.results import Line, append_line, grouped
from waddle.core.analysis import METHOD, NOISE_Z, meter_for
from waddle.games import GAMES

NOISE_QUANTILE = 0.9
"""The share of positions whose noise ``Meter.noise`` covers (:func:`run_noise`)."""


def run_noise(
    game: str,
    out: TextIO,
    lines: Sequence[Line],
    players: Sequence[int] | None = None,
    positions: int = 30,
    seeds: int = 8,
    iterations: int | None = None,
    processes: int = 1,
    results: str | Path | None = None,
    progress: TextIO | None = None,
) -> None:
    """The meter's noise at the review's budget (or ``iterations``): ``positions`` per
    player count, spread evenly over the decisions of ``lines`` (games that keep their
    moves), each estimated with ``seeds`` seeds; printed per player count and phase."""
    entry = GAMES.by_id(game)
    meter = entry.load().meter
    games = [
        line
        for line in lines
        if line["kind"] == "calibration"
        and line["game"] == game
        and "actions" in line
        and (not players or line["players"] in players)
    ]
    todo = []
    for n in sorted({line["players"] for line in games}):
        some = [line for line in games if line["players"] == n]
        every = [(line, ply) for line in some for ply, _shares in line["estimates"]]
        step = max(1, len(every) // positions)
        budget = iterations or meter.review_budget(n)
        for line, ply in every[step // 2 :: step][:positions]:
            todo.append(
                {
                    "kind": "noise",
                    "game": game,
                    "players": n,
                    "seed": line["seed"],
                    "ply": ply,
                    "iterations": budget,
                    "meter": METHOD,
                    "seeds": seeds,
                    "actions": line["actions"],
                    "decisions": len(line["estimates"]),
                    "index": [p for p, _ in line["estimates"]].index(ply),
                }
            )
    done = []
    started = time.perf_counter()
    for line in _map(noise_one, todo, processes):
        append_line(results, line)
        done.append(line)
        if progress:
            print(
                f"  {line['players']} players, seed {line['seed']}, ply {line['ply']}: "
                f"{len(done)} of {len(todo)} ({time.perf_counter() - started:.0f} s)",
                file=progress,
                flush=True,
            )
    print_noise(done, out)


def noise_one(line: Line) -> Line:
    """One position of ``line``'s game estimated with ``line["seeds"]`` seeds."""
    started = time.process_time()
    game = GAMES.by_id(line["game"]).load()
    record = game.new_record(line["players"], line["seed"])
    data = record.to_json()
    data["actions"] = line.pop("actions")
    state = record.start()
    for action in game.record_from_json(data).actions[: line["ply"]]:
        state.apply(action)
    mover = state.to_move()
    chances = []
    for seed in range(line.pop("seeds")):
        meter = meter_for(game, state, mover, seed, line["iterations"], judging=True)
        meter.advance()
        chances.append(round(meter.chances()[mover], 4))
    mean = sum(chances) / len(chances)
    sd = math.sqrt(sum((c - mean) ** 2 for c in chances) / max(1, len(chances) - 1))
    cpu = time.process_time() - started
    return {**line, "chances": chances, "sd": round(sd, 4), "cpu": round(cpu, 3)}


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (the nearest rank; 0 for none).

    >>> quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9), quantile([], 0.5)
    (9, 0.0)
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def print_noise(lines: Sequence[Line], out: TextIO) -> None:
    """The noise of ``noise`` lines: per game and player count, the median, the
    :data:`NOISE_QUANTILE` and the largest standard deviation between seeds, in the
    opening (the first quarter of a game's decisions) and after."""
    for group in grouped(
        [line for line in lines if line["kind"] == "noise"],
        lambda line: (line["game"], line.get("meter", 1)),
    ):
        entry = GAMES.by_id(group[0]["game"])
        sds = [line["sd"] for line in group]
        cpu = sum(line.get("cpu", 0.0) for line in group) / max(1, len(group))
        high = quantile(sds, NOISE_QUANTILE)
        print(
            f"\n{entry.title} noise: {len(group)} positions, meter {group[0].get('meter', 1)}; "
            f"standard deviation of the mover's chance between seeds: median "
            f"{100 * median(sds):.1f} points, {100 * NOISE_QUANTILE:.0f}% of positions within "
            f"{100 * high:.1f}, largest {100 * max(sds):.1f} ({cpu:.1f} s of processor a "
            "position)",
            file=out,
        )
        print(
            f"  Meter.noise {high:.3f}: the review judges no loss under "
            f"{100 * NOISE_Z * math.sqrt(2.0) * high:.1f} points",
            file=out,
        )
        for n in sorted({line["players"] for line in group}):
            some = [line for line in group if line["players"] == n]
            parts = []
            for name, chosen in (
                ("opening", [x for x in some if x["index"] < OPENING * x["decisions"]]),
                ("later", [x for x in some if x["index"] >= OPENING * x["decisions"]]),
            ):
                values = [x["sd"] for x in chosen]
                if values:
                    parts.append(
                        f"{name} {len(values)}: median {100 * median(values):.1f}, "
                        f"{100 * NOISE_QUANTILE:.0f}% {100 * quantile(values, NOISE_QUANTILE):.1f}"
                    )
            iterations = some[0]["iterations"]
            print(f"  {n} players ({iterations} iterations): {'; '.join(parts)}", file=out)
    out.flush()


__all__ = ["NOISE_QUANTILE", "noise_one", "print_noise", "quantile", "run_noise"]
