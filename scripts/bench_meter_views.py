"""Why a card game's win-chance meter drifts: the positions of calibration lines estimated
several ways, and the mover's change over their decision for each (issue 36).

``bench calibration`` reports the mover's *drift*: the mover's own figure at the next
decision minus at theirs, each decision estimated from the view of the seat to move (0 for
an honest forecast). This script takes the decisions of a results file's games again and
estimates each one with:

- ``meter``: the meter as the benchmark does (the mover's view);
- ``other_view``: the same position from the previous mover's view (at a decision where
  the seat to move changed), so the change over a decision can be split into what the
  search does with the same viewer and what changing the viewer does;
- ``omniscient``: the meter seeing every card;
- ``spectator``: the meter from the public view (every hand dealt again, the viewer's too);
- ``playouts``: the playout rule for every seat from the root, no tree (the mover's view);
- ``omniscient_playouts`` and ``spectator_playouts``: the same from those views;
- ``x4``: four times the meter's budget.

The meter's figure is the mean over every playout, which is the visit-weighted mean of
the root's children (each playout goes through one root action): no separate line for it.

    python scripts/bench_meter_views.py --game waddle-waddle --players 2 --seeds 2 3 \\
        docs/results/issue36-waddle-waddle.jsonl > rows.jsonl
    python scripts/bench_meter_views.py --summarize rows.jsonl

A benchmark, not a test: it prints figures (run it under ``nice -n 10``).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waddle.bench.calibration import OPENING
from waddle.core.analysis import meter_for, normalised
from waddle.core.game import CHANCE, OMNISCIENT, SPECTATOR
from waddle.core.mcts import win_shares
from waddle.core.rng import Rng, derive_seed
from waddle.games import GAMES

WAYS = (
    "meter",
    "other_view",
    "omniscient",
    "spectator",
    "playouts",
    "omniscient_playouts",
    "spectator_playouts",
    "x4",
)


def decisions(game, line) -> list:
    """The positions of ``line``'s decisions, in order (as the calibration estimated them)."""
    record = game.new_record(line["players"], line["seed"])
    data = record.to_json()
    data["actions"] = line["actions"]
    moves = iter(game.record_from_json(data).actions)
    state = record.start()
    out = []
    while not state.is_over():
        if state.to_move() != CHANCE and len(state.legal_actions()) > 1:
            out.append(state.clone())
        state.apply(next(moves))
    return out


def playouts_only(game, state, viewer: int, seed: int, count: int) -> list[float]:
    """The mean win shares of ``count`` playouts from the root by the playout rule for
    every seat (no tree), each from a world dealt for ``viewer``, stopped as the meter's."""
    config = game.search_config(state)
    if game.meter.settled is not None:
        config = replace(config, settled=game.meter.settled)
    rng = Rng(derive_seed(seed, 0x504C4159, state.ply))
    total = [0.0] * state.num_players
    for _ in range(count):
        world = state.determinize(viewer, rng)
        steps = 0
        while not world.is_over() and (
            config.playout_depth is None
            or steps < config.playout_depth
            or (config.settled is not None and not config.settled(world))
        ):
            if world.to_move() == CHANCE:
                world.apply(world.sample_chance(rng))
                continue
            world.apply(config.policy(world, rng))
            steps += 1
        shares = win_shares(world) if world.is_over() else normalised(config.evaluate(world))
        for p, share in enumerate(shares):
            total[p] += share
    return [t / count for t in total]


def estimate(game, state, viewer: int, seed: int, iterations: int | None = None) -> list[float]:
    meter = meter_for(game, state, viewer, seed, iterations)
    meter.advance()
    return meter.raw()


def measure(args) -> None:
    game = GAMES.by_id(args.game).load()
    budget = game.meter.budget(args.players)
    ways = args.ways or WAYS
    for raw in Path(args.file).read_text().splitlines():
        line = json.loads(raw)
        if (
            line.get("kind") != "calibration"
            or line["game"] != args.game
            or line["players"] != args.players
            or line["seed"] not in args.seeds
            or "actions" not in line
        ):
            continue
        seed = line["seed"]
        states = decisions(game, line)
        opening = int(len(states) * OPENING)
        last = opening + 1 if args.opening_only else len(states)
        for k, state in enumerate(states[:last]):
            mover = state.to_move()
            previous = states[k - 1].to_move() if k else None
            row = {"seed": seed, "k": k, "ply": state.ply, "mover": mover, "opening": k < opening}
            if "meter" in ways:
                row["meter"] = estimate(game, state, mover, seed)
            if "other_view" in ways and previous not in (None, mover):
                row["other_view"] = estimate(game, state, previous, seed)
            if "omniscient" in ways:
                row["omniscient"] = estimate(game, state, OMNISCIENT, seed)
            if "spectator" in ways:
                row["spectator"] = estimate(game, state, SPECTATOR, seed)
            for name, viewer in (
                ("playouts", mover),
                ("omniscient_playouts", OMNISCIENT),
                ("spectator_playouts", SPECTATOR),
            ):
                if name in ways:
                    row[name] = playouts_only(game, state, viewer, seed, budget)
            if "x4" in ways:
                row["x4"] = estimate(game, state, mover, seed, 4 * budget)
            for way in WAYS:
                if way in row:
                    row[way] = [round(p, 4) for p in row[way]]
            print(json.dumps(row), flush=True)


def _mean_se(values: list[float]) -> str:
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1))
    return f"{100 * mean:+5.1f} ± {100 * sd / math.sqrt(n):.1f} points ({n})"


def summarize(paths: list[str]) -> None:
    """The mover's mean change over their decision per way, at a change of the seat to move
    and within a turn; the same viewer on both sides (the mover's); the gap between the
    mover's view of the mover and the previous mover's; each way against the omniscient
    figure at the same position. ± is the standard error over decisions (a game's
    decisions are not independent: read it as a lower bound)."""
    rows = [json.loads(raw) for path in paths for raw in Path(path).read_text().splitlines()]
    change: dict[tuple, list[float]] = defaultdict(list)
    level: dict[tuple, list[float]] = defaultdict(list)
    by_game: dict[int, list[dict]] = defaultdict(list)
    for row in rows:
        by_game[row["seed"]].append(row)
    for game_rows in by_game.values():
        game_rows.sort(key=lambda row: row["k"])
        for a, b in pairwise(game_rows):
            if b["k"] != a["k"] + 1:
                continue
            m = a["mover"]
            part = "opening" if a["opening"] else "later"
            turn = "next seat" if b["mover"] != m else "same seat"
            for way in WAYS:
                if way in a and way in b and way != "other_view":
                    change[(part, way, turn)].append(b[way][m] - a[way][m])
            if "meter" in a and "meter" in b:
                after = b["other_view"] if "other_view" in b else b["meter"]
                change[(part, "meter, one viewer", turn)].append(after[m] - a["meter"][m])
        for row in game_rows:
            m = row["mover"]
            part = "opening" if row["opening"] else "later"
            if "other_view" in row and "meter" in row:
                level[(part, "mover's view - other's view")].append(
                    row["meter"][m] - row["other_view"][m]
                )
            if "omniscient" in row:
                for way in WAYS:
                    if way in row and way not in ("omniscient", "other_view"):
                        level[(part, f"{way} - omniscient")].append(
                            row[way][m] - row["omniscient"][m]
                        )
    print("the mover's own figure over their decision (next decision minus theirs):")
    for key in sorted(change):
        print(f"  {key[0]:>7}  {key[1]:>20}  to the {key[2]}: {_mean_se(change[key])}")
    print("the mover's figure, one way against another, at the same position:")
    for key in sorted(level):
        print(f"  {key[0]:>7}  {key[1]:>30}: {_mean_se(level[key])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", help="calibration lines (with their moves)")
    parser.add_argument("--game", default="waddle-waddle")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0])
    parser.add_argument("--ways", nargs="+", choices=WAYS, help="default: all")
    parser.add_argument("--opening-only", action="store_true", help="the first quarter")
    parser.add_argument("--summarize", nargs="+", metavar="ROWS", help="print the summary")
    args = parser.parse_args()
    if args.summarize:
        summarize(args.summarize)
    elif args.file:
        measure(args)
    else:
        parser.error("give a file of calibration lines, or --summarize ROWS")


if __name__ == "__main__":
    main()
