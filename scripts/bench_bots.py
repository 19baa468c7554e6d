"""Benchmark the Waddle bots: hard-bot playouts per second, and the strength goals.

    python scripts/bench_bots.py                   # speed, then both goals at 0.3 s/move
    python scripts/bench_bots.py --speed-only
    python scripts/bench_bots.py --games 200 --games4 100 --processes 2

The goals: at 0.3 s per move the hard bot wins at least 80% of two-player games against
the medium bot, and takes at least half the wins as one hard bot against three medium
bots. A benchmark, not a test: it prints figures.

The tournaments give the hard bot an iteration budget calibrated here to ``--seconds`` of
processor time per move, so their outcome does not depend on how busy the machine is (a
shared machine would otherwise starve the bot) and is reproducible from the seed; the
real seconds per move, wall clock and processor, are printed next to the results.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waddle.core.tournament import default_processes, run_tournament
from waddle.games.waddle import new_game
from waddle.games.waddle.ai import make_bot


def sample_positions(players: int, games: int = 3, every: int = 4) -> list:
    """Positions from medium-bot games on generated maps: openings to endgames."""
    positions = []
    for seed in range(games):
        state = new_game(players, seed=1000 + seed)
        bots = [make_bot("medium", seed=p) for p in range(players)]
        while not state.is_over():
            if state.ply % every == 0:
                positions.append(state.clone())
            state.apply(bots[state.to_move()].choose(state))
    return positions


def playouts_per_second(players: int, iterations: int = 300) -> tuple[float, float]:
    """Hard-bot iterations (one playout each) per second of processor and of wall time."""
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
    parser.add_argument("--seconds", type=float, default=0.3, help="per move (default 0.3)")
    parser.add_argument("--games", type=int, default=100, help="two-player games")
    parser.add_argument("--games4", type=int, default=100, help="four-player games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=default_processes())
    parser.add_argument("--speed-only", action="store_true")
    args = parser.parse_args()

    print("hard bot speed (playouts per second, mean over opening-to-endgame positions)")
    budgets = {}
    for players in (2, 3, 4, 5):
        cpu_rate, wall_rate = playouts_per_second(players)
        budgets[players] = max(1, round(cpu_rate * args.seconds))
        print(
            f"  {players} players: {cpu_rate:6.0f}/s processor, {wall_rate:6.0f}/s wall"
            f"  -> {budgets[players]} iterations = {args.seconds:g} s of processor per move"
        )
    if args.speed_only:
        return

    goals = ((2, args.games, 0.80), (4, args.games4, 0.50))
    for players, games, goal in goals:
        if not games:
            continue
        started = time.perf_counter()
        result = run_tournament(
            "waddle.games.waddle",
            ["hard", "medium"],
            players,
            games,
            args.seed,
            iterations=budgets[players],
            processes=args.processes,
        )
        print(
            f"\n{players} players: hard vs {players - 1} medium, {games} games "
            f"({games // players} maps x {players} seatings), {budgets[players]} iterations "
            f"per hard move, {time.perf_counter() - started:.0f} s"
        )
        for row in result.rows:
            print(
                f"  {row.level:<7} win share {row.share:.3f}  95% CI [{row.low:.3f}, "
                f"{row.high:.3f}]  mean VP {row.mean_vp:5.1f}  per move "
                f"{row.seconds_per_move:.3f} s wall, {row.cpu_seconds_per_move:.3f} s processor"
            )
        hard = result.rows[0]
        verdict = "met" if hard.share >= goal else "NOT met"
        sure = " (the whole interval)" if hard.low >= goal else ""
        print(f"  goal: hard win share >= {goal:.0%}: {verdict}{sure}")


if __name__ == "__main__":
    main()
