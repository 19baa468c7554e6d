"""Benchmark the Hey, That's My Fish! bots: iterations per second, and the strength goals.

    python scripts/bench_htmf_bots.py                      # speed, then the three goals
    python scripts/bench_htmf_bots.py --speed-only
    python scripts/bench_htmf_bots.py --goals uct --games 200 --processes 2
    nice -n 19 python scripts/bench_htmf_bots.py > bots.log 2>&1 &   # (they are long)

The goals, at 1 s of processor per move (``--seconds``), seats rotated over boards:

- ``medium``: two players, hard against the greedy bot: hard wins at least 90%;
- ``uct``: two players, hard against plain UCT (random playouts to the end, no
  knowledge) given the same processor time: hard wins at least 70%;
- ``four``: four players, one hard bot against three greedy bots: hard's win share is
  at least 60%.

Each searching bot gets an iteration budget calibrated here to ``--seconds`` of processor
time per move (hard and UCT separately, per player count), so that the outcome does not
depend on how busy the machine is (a shared machine would otherwise starve them) and is
reproducible from the seed; the real seconds per move, wall clock and processor, are
printed next to the results. A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waddle.core.tournament import default_processes, run_tournament
from waddle.games.htmf import new_game
from waddle.games.htmf.ai import make_bot

GOALS = {
    "medium": (2, ("hard", "medium"), 0.90),
    "uct": (2, ("hard", "uct"), 0.70),
    "four": (4, ("hard", "medium"), 0.60),
}


def sample_positions(players: int, games: int = 3, every: int = 3) -> list:
    """Positions from greedy games on standard boards: placements to endgames."""
    positions = []
    for seed in range(games):
        state = new_game(players, seed=1000 + seed)
        bots = [make_bot("medium", seed=p) for p in range(players)]
        while not state.is_over():
            if state.ply % every == 0 and len(state.legal_actions()) > 1:
                positions.append(state.clone())
            state.apply(bots[state.to_move()].choose(state))
    return positions


def speed(level: str, players: int, iterations: int = 300) -> tuple[float, float, float]:
    """Iterations per second of processor and of wall time, and the longest single
    iteration (ms of processor), over sample positions."""
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per move (default 1)")
    parser.add_argument("--games", type=int, default=200, help="games per goal")
    parser.add_argument("--goals", nargs="*", default=list(GOALS), choices=list(GOALS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=default_processes())
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--progress", action="store_true", help="a line after each game")
    args = parser.parse_args()

    print("search speed (iterations per second, over placement-to-endgame positions)")
    budgets: dict[tuple[str, int], int] = {}
    counts = {GOALS[g][0] for g in args.goals} | ({2, 3, 4} if args.speed_only else set())
    for players in sorted(counts):
        for level in ("hard", "uct"):
            cpu_rate, wall_rate, longest = speed(level, players)
            budgets[level, players] = max(1, round(cpu_rate * args.seconds))
            print(
                f"  {level:>4} {players} players: {cpu_rate:6.0f}/s processor, "
                f"{wall_rate:6.0f}/s wall, longest iteration {longest:.1f} ms"
                f"  -> {budgets[level, players]} iterations = {args.seconds:g} s per move",
                flush=True,
            )
    if args.speed_only:
        return

    for goal in args.goals:
        players, lineup, target = GOALS[goal]
        # "hard@2900": that level with its own calibrated iterations (see ai.make_bot)
        seats = [
            f"{lv}@{budgets[lv, players]}" if (lv, players) in budgets else lv for lv in lineup
        ]
        started = time.perf_counter()
        tally = {"games": 0, "hard": 0.0}

        def progress(game, tally=tally, started=started) -> None:
            # A long run (hours at 1 s per move) says where it is, so a stopped run still
            # leaves figures behind.
            tally["games"] += 1
            hard_seats = [i for i, level in enumerate(game.game.levels) if level.startswith("hard")]
            won = [w for w in game.winners if w in hard_seats]
            tally["hard"] += len(won) / len(game.winners)
            print(
                f"  game {tally['games']}: hard won {tally['hard']:g} of {tally['games']}"
                f" ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )

        result = run_tournament(
            "waddle.games.htmf", seats, players, args.games, args.seed, iterations=1,
            processes=args.processes, on_game=progress if args.progress else None,
        )  # fmt: skip
        print(
            f"\n{goal}: {players} players, {' vs '.join(seats)}"
            f"{' x3' if players == 4 else ''}, {len(result.games)} games "
            f"({len(result.games) // players} boards x {players} seatings), "
            f"{time.perf_counter() - started:.0f} s"
        )
        for row in result.rows:
            print(
                f"  {row.level:<11} win share {row.share:.3f}  95% CI [{row.low:.3f}, "
                f"{row.high:.3f}]  mean fish {row.mean_vp:5.1f}  per move "
                f"{row.seconds_per_move:.3f} s wall, {row.cpu_seconds_per_move:.3f} s processor"
            )
        hard = result.rows[0]
        verdict = "met" if hard.share >= target else "NOT met"
        sure = " (the whole interval)" if hard.low >= target else ""
        print(f"  goal: hard win share >= {target:.0%}: {verdict}{sure}", flush=True)


if __name__ == "__main__":
    main()
