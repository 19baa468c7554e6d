"""Benchmark the Pebbles bots: search speed, and the strength goals of issue 11.

    python scripts/bench_pebbles_bots.py                        # calibration, then the goals
    python scripts/bench_pebbles_bots.py --speed-only
    python scripts/bench_pebbles_bots.py --goals two --games 200 --processes 1
    python scripts/bench_pebbles_bots.py --goals two --iterations 400 --progress  # fixed budget
    nice -n 10 python scripts/bench_pebbles_bots.py > bots.log 2>&1 &   # (they are long)

The goals, at ``--seconds`` (default 1) of processor per *turn*, seats rotated over deals:

- ``two``: two players, hard against the greedy bot (medium): hard wins at least 65%;
- ``four``: four players, one hard bot against three greedy bots: hard's win share is at
  least 40% (a fair share is 25%);
- ``uct``: two players, hard against plain determinized UCT (random playouts to the end,
  no knowledge) given the same processor time: measured, no goal.

**The budget.** A turn is several decisions: the card, the first action and its targets,
the second, the steps of a moving penguin. The hard bot's budget is the card decision's
iterations; the turn's other decisions get a share of it (``ai.STEP_SHARE``: half for an
action, a quarter for a step), and a decision with one choice costs nothing. Here the
card decision's iterations are calibrated so that an average turn of the hard bot costs
``--seconds`` of processor (measured over sample turns of greedy games, per player count),
so that the outcome does not depend on how busy the machine is and is reproducible from
the seed; the real processor seconds per turn are printed with the results.
``--iterations N`` skips the calibration and gives hard (and uct) exactly ``N`` iterations
a card decision, so a run is reproducible whatever the machine (its cost is still measured
and printed). A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waddle.core.game import CHANCE, resolve_chance
from waddle.core.tournament import default_processes, run_tournament, wilson
from waddle.games.pebbles import new_record
from waddle.games.pebbles.ai import make_bot
from waddle.games.pebbles.state import PLAY_STEP

GOALS = {
    "two": (2, ("hard", "medium"), 0.65),
    "four": (4, ("hard", "medium"), 0.40),
    "uct": (2, ("hard", "uct"), None),
}


def sample_turns(players: int, games: int = 2, every: int = 3) -> list:
    """Positions at the start of turns (the card to play) from greedy games."""
    turns = []
    for seed in range(games):
        state = new_record(players, 5000 + seed).start()
        bots = [make_bot("medium", seed=p) for p in range(players)]
        k = 0
        while not state.is_over():
            if state.to_move() == CHANCE:
                resolve_chance(state, seed)
                continue
            if state.step == PLAY_STEP:
                k += 1
                if k % every == 0:
                    turns.append(state.clone())
            state.apply(bots[state.to_move()].choose(state))
    return turns


def turn_cost(level: str, players: int, iterations: int) -> tuple[float, float, int, float]:
    """Mean processor and wall seconds of one whole turn of ``level`` at ``iterations`` a
    card decision (the turn played out by the bot itself), the decisions per turn, and the
    mean processor seconds of the card decision alone (the one given the whole budget)."""
    cpu = wall = card = 0.0
    decisions = 0
    turns = sample_turns(players)
    for start in turns:
        state = start.clone()
        me = state.to_move()
        bot = make_bot(level, seed=1, iterations=iterations)
        c0, w0 = time.process_time(), time.perf_counter()
        state.apply(bot.choose(state))  # the card
        card += time.process_time() - c0
        decisions += 1
        while state.to_move() == me and not state.is_over():
            while state.to_move() == CHANCE:
                resolve_chance(state, 3)
            if state.step == PLAY_STEP or state.to_move() != me:
                break
            state.apply(bot.choose(state))
            decisions += 1
        cpu += time.process_time() - c0
        wall += time.perf_counter() - w0
    k = len(turns)
    return cpu / k, wall / k, round(decisions / k), card / k


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per turn (default 1)")
    parser.add_argument("--games", type=int, default=200, help="games per goal")
    parser.add_argument("--goals", nargs="*", default=["two", "four"], choices=list(GOALS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=default_processes())
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument(
        "--iterations", type=int, help="a card decision's iterations (no calibration)"
    )
    parser.add_argument("--progress", action="store_true", help="a line after each game")
    args = parser.parse_args()

    print("turn cost (processor seconds per turn of the bot, over sample turns)")
    budgets: dict[tuple[str, int], int] = {}
    counts = {GOALS[g][0] for g in args.goals} | ({2, 3, 4} if args.speed_only else set())
    levels = {lv for g in args.goals for lv in GOALS[g][1] if lv in ("hard", "uct")} or {"hard"}
    for players in sorted(counts):
        for level in sorted(levels):
            probe = args.iterations or 200
            cpu, wall, decisions, card = turn_cost(level, players, probe)
            if args.iterations:
                budgets[level, players] = args.iterations
                chosen = "(fixed by --iterations)"
            else:
                budgets[level, players] = max(1, round(probe * args.seconds / cpu))
                chosen = f" -> {budgets[level, players]} iterations = {args.seconds:g} s a turn"
            print(
                f"  {level:>4} {players} players: {cpu:.3f} s processor ({wall:.3f} s wall) a "
                f"turn of {decisions} decisions, {card:.3f} s its card decision, at {probe} "
                f"iterations a card decision {chosen}",
                flush=True,
            )
    if args.speed_only:
        return

    for goal in args.goals:
        players, lineup, target = GOALS[goal]
        seats = [
            f"{lv}@{budgets[lv, players]}" if (lv, players) in budgets else lv for lv in lineup
        ]
        started = time.perf_counter()
        tally = [0, 0.0]  # games, hard's wins (ties split)

        def progress(game, tally=tally, started=started) -> None:
            # A run of an hour says where it stands, so a stopped run still leaves figures.
            tally[0] += 1
            hard = [p for p, lv in enumerate(game.game.levels) if lv.startswith("hard")]
            tally[1] += sum(1 for w in game.winners if w in hard) / len(game.winners)
            lo, hi = wilson(tally[1], tally[0])
            print(
                f"  game {tally[0]}: hard won {tally[1]:g} of {tally[0]}, 95% CI "
                f"[{lo:.3f}, {hi:.3f}] ({time.process_time():.0f} s processor)",
                flush=True,
            )

        result = run_tournament(
            "waddle.games.pebbles", seats, players, args.games, args.seed, iterations=1,
            processes=args.processes, on_game=progress if args.progress else None,
        )  # fmt: skip
        print(
            f"\n{goal}: {players} players, {' vs '.join(seats)}"
            f"{' x3' if players == 4 else ''}, {len(result.games)} games "
            f"({len(result.games) // players} deals x {players} seatings), "
            f"{time.perf_counter() - started:.0f} s"
        )
        for row in result.rows:
            moves = sum(r.moves[p] for r in result.games for p, lv in enumerate(r.game.levels)
                        if lv == row.level)  # fmt: skip
            turns = 10 * len(result.games) * row.seats
            print(
                f"  {row.level:<11} win share {row.share:.3f}  95% CI [{row.low:.3f}, "
                f"{row.high:.3f}]  mean points {row.mean_vp:5.1f}  per turn "
                f"{row.cpu_seconds_per_move * moves / turns:.3f} s processor, "
                f"{row.seconds_per_move * moves / turns:.3f} s wall"
            )
        if target is None:
            continue
        hard = result.rows[0]
        verdict = "met" if hard.share >= target else "NOT met"
        sure = " (the whole interval)" if hard.low >= target else ""
        print(f"  goal: hard win share >= {target:.0%}: {verdict}{sure}", flush=True)


if __name__ == "__main__":
    main()
