"""Balance of Waddle Waddle by bot self-play: seats, heroes and rookeries, 2 to 6 players.

    python scripts/bench_waddle_waddle_balance.py                      # 1000 games each
    python scripts/bench_waddle_waddle_balance.py --games 300 --players 2 4
    python scripts/bench_waddle_waddle_balance.py --components OTHER_SET.json
    nice -n 10 python scripts/bench_waddle_waddle_balance.py > balance.log 2>&1 &

For each player count (Standard games: two seasons, the two-player variant with two; the
greedy bot in every seat; heroes dealt at random) it prints every seat's win share with its
95% interval, each hero's win rate with its interval, and for each rookery the nests on it
at the end, the waddles played there and how often it had a sole leader at a season's
end, then whether the goals hold: every seat and every hero within 5 points of fair.
``--components`` plays another component set (the untuned first version is kept in
scripts/ for the "before" table). A benchmark, not a test (see
waddle/games/waddle_waddle/balance.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waddle.games.waddle_waddle.balance import BalanceReport, play_balance_game
from waddle.games.waddle_waddle.components import BUILT_IN, load_components
from waddle.games.waddle_waddle.handicap import fit_handicap, hero_handicap
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.options import Options

TOLERANCE = 5.0
"""Points of win share a seat or a hero may be from fair."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--level", default="medium", help="the bot in every seat")
    parser.add_argument("--components", help="a component set file (default: built in)")
    parser.add_argument("--seed", type=int, default=0, help="first setup seed")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument(
        "--handicap",
        action="store_true",
        help="play with the hero handicap option (not a rule: handicap.py)",
    )
    parser.add_argument(
        "--fit-handicap",
        action="store_true",
        help="print the hero handicap that would bring these games' heroes closest to fair",
    )
    args = parser.parse_args()
    components = BUILT_IN
    if args.components:
        components, _ = load_components(Path(args.components).read_text(encoding="utf-8"))
    print(f"component set {components.name}, {args.level} in every seat, heroes at random")
    pool = ProcessPoolExecutor(args.processes) if args.processes > 1 else None
    verdicts = []
    try:
        for players in args.players:
            started, cpu = time.perf_counter(), time.process_time()
            options = (
                Options.standard(players, hero_handicap=hero_handicap(players))
                if args.handicap
                else None
            )
            play = partial(
                play_balance_game,
                players,
                level=args.level,
                components=components,
                options=options,
            )
            seeds = range(args.seed, args.seed + args.games)
            games = list(pool.map(play, seeds, chunksize=8) if pool else map(play, seeds))
            report = BalanceReport(players, games)
            print(
                f"\n{players} players, {len(games)} games "
                f"({time.perf_counter() - started:.0f} s, {time.process_time() - cpu:.0f} s "
                f"processor here), fair share {report.fair:.3f}"
            )
            print("  seat  win share  95% CI           mean score")
            for p, (share, (low, high), score) in enumerate(
                zip(
                    report.seat_shares(), report.seat_intervals(), report.mean_scores(), strict=True
                )
            ):
                print(f"  {p:>4}  {share:9.3f}  [{low:.3f}, {high:.3f}]  {score:10.1f}")
            print("  hero                             games  win rate  95% CI")
            for h, played, rate, low, high in report.hero_rows():
                print(f"  {HEROES[h].name:<32} {played:5d}  {rate:8.3f}  [{low:.3f}, {high:.3f}]")
            print("  rookery                nests/game  waddles/game  sole leader/season")
            for r, nests, waddles, won in report.rookery_rows():
                name = components.rookeries[r].name
                print(f"  {name:<22} {nests:10.1f}  {waddles:12.1f}  {won:18.2f}")
            if args.fit_handicap:
                rows = [(g.heroes, g.scores, g.nests, g.most_in_one) for g in games]
                table, shares = fit_handicap(rows, players)
                gap = max(abs(s - report.fair) for s in shares) * 100
                heroes = ", ".join(h.code for h in HEROES)
                print(
                    f"  hero handicap fit (points at the final count, {heroes}): "
                    f"{table} -> win rates {', '.join(f'{s:.3f}' for s in shares)}, "
                    f"furthest from fair {gap:.1f} points"
                )
            seat, hero = report.worst_seat(), report.worst_hero()
            ok = seat <= TOLERANCE and hero <= TOLERANCE
            verdicts.append((players, seat, hero, ok))
            print(
                f"  furthest from fair: a seat {seat:.1f} points, a hero {hero:.1f} points "
                f"-> {'within' if ok else 'NOT within'} {TOLERANCE:g}",
                flush=True,
            )
    finally:
        if pool is not None:
            pool.shutdown()
    print(
        "\nsummary: "
        + "; ".join(
            f"{n} players {'ok' if ok else 'off'} (seat {s:.1f}, hero {h:.1f})"
            for n, s, h, ok in verdicts
        )
    )


if __name__ == "__main__":
    main()
