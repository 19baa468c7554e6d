"""Seat balance of Waddle: self-play games by seat (0 = the first mover), for 2 to 5 players.

    python scripts/bench_balance.py                               # medium, 300 games each
    python scripts/bench_balance.py --level hard --iterations 300 --games 400 --players 2 4
    nice -n 19 python scripts/bench_balance.py --games 1000 > balance.log 2>&1 &

For each player count it prints every seat's win share with its 95% interval (ties split),
mean VP, penguins and tokens placed and scouts per game, how often each seat took the best
fish of the first four pools (lowest number first), and the ice hexes' remainder modulo
the player count over the maps played. Every seat is the same bot, so a difference between
seats comes from the turn order, the tile set or the map generator. A benchmark, not a
test: it prints figures (see waddle/games/waddle/balance.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waddle.core.tournament import default_processes
from waddle.games.waddle.balance import BalanceReport, play_self_play


def seats(values, fmt: str = "{:5.1f}") -> str:
    return " ".join(fmt.format(v) for v in values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--level", default="medium", help="the bot in every seat")
    parser.add_argument("--iterations", type=int, help="per move, for the hard bot")
    parser.add_argument("--seed", type=int, default=0, help="first map seed")
    parser.add_argument("--processes", type=int, default=default_processes())
    args = parser.parse_args()

    budget = f", {args.iterations} iterations a move" if args.iterations else ""
    print(f"Waddle seat balance: {args.level} self-play{budget}, seat 0 moves first")
    for players in args.players:
        started = time.perf_counter()
        play = partial(play_self_play, players, level=args.level, iterations=args.iterations)
        seeds = range(args.seed, args.seed + args.games)
        if args.processes > 1:
            with ProcessPoolExecutor(args.processes) as pool:
                games = list(pool.map(play, seeds, chunksize=4))
        else:
            games = [play(s) for s in seeds]
        report = BalanceReport(players, games)
        fair = 1 / players
        print(
            f"\n{players} players, {len(games)} games, {time.perf_counter() - started:.0f} s;"
            f" fair share {fair:.1%}, largest gap {report.largest_gap():.1%} points"
        )
        for s, (share, (lo, hi)) in enumerate(
            zip(report.win_shares(), report.win_intervals(), strict=True)
        ):
            print(f"  seat {s}: win share {share:6.1%}  95% CI [{lo:6.1%}, {hi:6.1%}]")
        print(f"  mean VP        {seats(report.mean_scores())}")
        print(f"  penguins       {seats(report.mean_penguins())}")
        print(f"  tokens         {seats(report.mean_tokens())}")
        print(f"  scouts         {seats(report.mean_scouts(), '{:5.2f}')}")
        for k, row in enumerate(report.pool_wins()):
            print(f"  pool {k + 1} best   {seats([100 * v for v in row], '{:4.0f}%')}")
        print(f"  ice mod {players}: {report.ice_parity()} (remainder: games)", flush=True)


if __name__ == "__main__":
    main()
