"""Benchmark the Waddle Waddle bots: search speed, and the strength goals.

    python scripts/bench_waddle_waddle_bots.py                  # speed, then both goals
    python scripts/bench_waddle_waddle_bots.py --speed-only
    python scripts/bench_waddle_waddle_bots.py --goals two --games 200 --processes 1
    nice -n 10 python scripts/bench_waddle_waddle_bots.py > bots.log 2>&1 &   # (long)

The goals (issue 12), Standard games (two seasons; the two-player variant with two),
seats rotated over setups:

- ``two``: two players, hard against the greedy bot (medium): hard wins at least 65%;
- ``four``: four players, one hard bot against three greedy bots: hard's win share is at
  least 40%.

The hard bot gets an iteration budget calibrated here to ``--seconds`` of processor time
per decision, so the outcome does not depend on how busy the machine is and is
reproducible from the seed; the real seconds per decision (wall and processor) are
printed with the results, with 95% Wilson intervals. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waddle.core.tournament import run_tournament
from waddle.games.waddle_waddle.ai import make_bot
from waddle.games.waddle_waddle.game import GAME

MODULE = "waddle.games.waddle_waddle"
GOALS = {
    "two": (2, ("hard", "medium"), 0.65),
    "four": (4, ("hard", "medium"), 0.40),
}


def sample_positions(players: int, games: int = 2, every: int = 7) -> list:
    """Positions with a real choice, from greedy games."""
    positions = []
    for seed in range(games):
        state = GAME.new_record(players, 5000 + seed).start()
        bots = [make_bot("medium", seed=p) for p in range(players)]
        while not state.is_over():
            if state.ply % every == 0 and len(state.legal_actions()) > 1:
                positions.append(state.clone())
            state.apply(bots[state.to_move()].choose(state))
    return positions


def speed(players: int, iterations: int = 60) -> tuple[float, float]:
    """Hard's iterations per second of processor and of wall time over sample positions."""
    cpu = wall = 0.0
    done = 0
    for position in sample_positions(players):
        search = make_bot("hard", seed=1, iterations=iterations).start(position)
        c0, w0 = time.process_time(), time.perf_counter()
        search.advance()
        cpu += time.process_time() - c0
        wall += time.perf_counter() - w0
        done += search.iterations
    return done / cpu, done / wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=0.1, help="per decision (0.1)")
    parser.add_argument("--iterations", type=int, help="hard's iterations (skips calibration)")
    parser.add_argument("--games", type=int, default=200, help="games per goal")
    parser.add_argument("--goals", nargs="*", default=list(GOALS), choices=list(GOALS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--speed-only", action="store_true")
    args = parser.parse_args()

    budgets: dict[int, int] = {}
    for players in sorted({GOALS[g][0] for g in args.goals}):
        if args.iterations:
            budgets[players] = args.iterations
            continue
        cpu_rate, wall_rate = speed(players)
        budgets[players] = max(1, round(cpu_rate * args.seconds))
        print(
            f"hard, {players} players: {cpu_rate:5.0f} iterations/s processor, "
            f"{wall_rate:5.0f}/s wall -> {budgets[players]} iterations = "
            f"{args.seconds:g} s per decision",
            flush=True,
        )
    if args.speed_only:
        return
    for goal in args.goals:
        players, lineup, target = GOALS[goal]
        seats = [f"{lv}@{budgets[players]}" if lv == "hard" else lv for lv in lineup]
        started = time.perf_counter()
        result = run_tournament(
            MODULE, seats, players, args.games, args.seed, iterations=1,
            processes=args.processes,
        )  # fmt: skip
        print(
            f"\n{goal}: {players} players, {' vs '.join(seats)}"
            f"{' x3' if players == 4 else ''}, {len(result.games)} games "
            f"({len(result.games) // players} setups x {players} seatings), "
            f"{time.perf_counter() - started:.0f} s"
        )
        for row in result.rows:
            print(
                f"  {row.level:<10} win share {row.share:.3f}  95% CI [{row.low:.3f}, "
                f"{row.high:.3f}]  mean score {row.mean_vp:6.1f}  per decision "
                f"{row.seconds_per_move:.3f} s wall, {row.cpu_seconds_per_move:.3f} s processor"
            )
        hard = result.rows[0]
        verdict = "met" if hard.share >= target else "NOT met"
        sure = " (the whole interval)" if hard.low >= target else ""
        print(f"  goal: hard win share >= {target:.0%}: {verdict}{sure}", flush=True)


if __name__ == "__main__":
    main()
