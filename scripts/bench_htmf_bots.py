"""Benchmark the Hey, That's My Fish! bots: iterations per second, and the strength goals.

    python scripts/bench_htmf_bots.py                      # speed, then the three goals
    python scripts/bench_htmf_bots.py --speed-only
    python scripts/bench_htmf_bots.py --goals uct --games 200 --processes 2
    nice -n 19 python scripts/bench_htmf_bots.py > bots.log 2>&1 &   # (they are long)

A run of hours can be cut off. With ``--results FILE`` each finished game is appended to a
JSON-lines file; ``--budget hard=30223 --budget uct=12028`` reuses the iteration budgets of
the first run (printed at its top) and ``--first-game N`` goes on from game N, so the games
are the very ones one long run would have played; ``--summarize FILE...`` prints the goal
over every game in the files:

    python scripts/bench_htmf_bots.py --goals uct --budget hard=30223 --budget uct=12028 \
        --first-game 40 --results uct.jsonl --progress
    python scripts/bench_htmf_bots.py --summarize uct.jsonl

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
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waddle.core.tournament import default_processes, run_tournament, wilson
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
    parser.add_argument(
        "--budget", action="append", default=[], metavar="LEVEL=ITERATIONS",
        help="an iteration budget instead of calibrating that level (to go on with a run)",
    )  # fmt: skip
    parser.add_argument("--first-game", type=int, default=0, help="go on from this game")
    parser.add_argument("--results", type=Path, help="append each game to this JSON-lines file")
    parser.add_argument("--summarize", type=Path, nargs="+", metavar="FILE")
    args = parser.parse_args()
    if args.summarize:
        summarize(args.summarize)
        return
    given = dict(item.split("=", 1) for item in args.budget)

    print("search speed (iterations per second, over placement-to-endgame positions)")
    budgets: dict[tuple[str, int], int] = {}
    counts = {GOALS[g][0] for g in args.goals} | ({2, 3, 4} if args.speed_only else set())
    for players in sorted(counts):
        for level in ("hard", "uct"):
            if level in given:
                budgets[level, players] = int(given[level])
                print(f"  {level:>4} {players} players: {given[level]} iterations (given)")
                continue
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

        def progress(game, tally=tally, started=started, goal=goal) -> None:
            # A long run (hours at 1 s per move) says where it is, so a stopped run still
            # leaves figures behind.
            if args.results:
                with args.results.open("a") as out:
                    out.write(json.dumps(game_line(goal, game)) + "\n")
            if not args.progress:
                return
            tally["games"] += 1
            hard_seats = [i for i, level in enumerate(game.game.levels) if level.startswith("hard")]
            won = [w for w in game.winners if w in hard_seats]
            tally["hard"] += len(won) / len(game.winners)
            print(
                f"  game {game.game.index + 1}: hard won {tally['hard']:g} of {tally['games']}"
                f" ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )

        result = run_tournament(
            "waddle.games.htmf", seats, players, args.games, args.seed, iterations=1,
            processes=args.processes, on_game=progress, first=args.first_game,
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


def game_line(goal: str, result) -> dict:
    """One finished game as a line of ``--results``."""
    return {
        "goal": goal,
        "game": result.game.index,
        "levels": list(result.game.levels),
        "scores": list(result.scores),
        "winners": list(result.winners),
        "moves": list(result.moves),
        "cpu": [round(c, 3) for c in result.cpu],
    }


def _of_level(row: dict, key: str, hard: bool) -> float:
    """The sum of a per-seat figure of ``--results`` over the hard seats of a game (or the
    other seats)."""
    pairs = zip(row[key], row["levels"], strict=True)
    return sum(value for value, level in pairs if level.startswith("hard") == hard)


def summarize(files: list[Path]) -> None:
    """Each goal over the games of ``--results`` files (a game counted once)."""
    games: dict[tuple[str, int], dict] = {}
    for path in files:
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                games[row["goal"], row["game"]] = row
    for goal in GOALS:
        rows = [row for (g, _), row in sorted(games.items()) if g == goal]
        if not rows:
            continue
        players, lineup, target = GOALS[goal]
        won = 0.0
        for row in rows:
            hard = [p for p, level in enumerate(row["levels"]) if level.startswith("hard")]
            won += len(set(hard) & set(row["winners"])) / len(row["winners"])
        low, high = wilson(won, len(rows))
        per_move = {}
        for hard, level in ((True, "hard"), (False, lineup[1])):
            cpu = sum(_of_level(r, "cpu", hard) for r in rows)
            per_move[level] = cpu / max(1, sum(_of_level(r, "moves", hard) for r in rows))
        first, last = rows[0]["game"], rows[-1]["game"]
        print(
            f"{goal}: {players} players, {' vs '.join(lineup)}, {len(rows)} games "
            f"(games {first + 1}-{last + 1}): hard win share {won / len(rows):.3f} "
            f"95% CI [{low:.3f}, {high:.3f}]; goal >= {target:.0%}: "
            f"{'met' if won / len(rows) >= target else 'NOT met'}; processor per move "
            + ", ".join(f"{level} {s:.3f} s" for level, s in per_move.items())
        )


if __name__ == "__main__":
    main()
