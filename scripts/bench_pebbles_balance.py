"""Seat balance of Pebbles: self-play games by seat (0 = the first lead), for 2 to 4 players.

    python scripts/bench_pebbles_balance.py                          # medium, 1000 games each
    python scripts/bench_pebbles_balance.py --players 4 --games 300 --layout pebbles-4p/1
    nice -n 10 python scripts/bench_pebbles_balance.py > balance.log 2>&1 &

For each player count it prints every seat's win share with its 95% interval (ties split),
mean points by scoring line, the share of tricks won by their own leader, for each
territory each seat's share of its control at the end (fair: one share each), and for each
tile how often a penguin stood on it, how often somebody controls it at the end and the
penguins placed on it per game. Every seat is the same bot, so a difference between seats
comes from the order of play and the layout. ``--layout`` names built-in layouts (any
version in layouts.json) and ``--layout-file`` reads candidate layouts (JSON, as
``check-map`` reads them), each played by the player counts it fits. A benchmark, not a
test: it prints figures (see waddle/games/pebbles/balance.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waddle.games.pebbles.balance import BalanceReport, play_self_play
from waddle.games.pebbles.layout import (
    Layout,
    builtin_layout,
    layout_named,
    load_custom_layout,
)


def row(values, fmt: str = "{:5.1f}") -> str:
    return " ".join(fmt.format(v) for v in values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--level", default="medium", help="the bot in every seat")
    parser.add_argument("--iterations", type=int, help="per card decision, for the hard bot")
    parser.add_argument("--layout", nargs="*", default=[], help="built-in layouts by name")
    parser.add_argument(
        "--layout-file", nargs="*", default=[], help="candidate layouts (JSON files) to screen"
    )
    parser.add_argument("--seed", type=int, default=0, help="first deal seed")
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()

    chosen = {name: layout_named(name) for name in args.layout}
    for path in args.layout_file:
        chosen[Path(path).name] = load_custom_layout(Path(path).read_text("utf-8"))[0]
    budget = f", {args.iterations} iterations a card" if args.iterations else ""
    print(f"Pebbles seat balance: {args.level} self-play{budget}, seat 0 leads the first round")
    for players in args.players:
        names = [n for n, lay in chosen.items() if not lay.problems_for(players)]
        if args.layout or args.layout_file:
            names = [n for n in names if n.endswith(".json") or f"-{players}p/" in n]
        for name in names or [builtin_layout(players).name]:
            layout = chosen.get(name) or layout_named(name)
            started = time.perf_counter()
            play = partial(
                play_self_play, players, level=args.level, iterations=args.iterations, layout=layout
            )
            seeds = range(args.seed, args.seed + args.games)
            if args.processes > 1:
                with ProcessPoolExecutor(args.processes) as pool:
                    games = list(pool.map(play, seeds, chunksize=8))
            else:
                games = [play(s) for s in seeds]
            report(BalanceReport(players, games), name, layout, time.perf_counter() - started)


def report(rep: BalanceReport, name: str, layout: Layout, seconds: float) -> None:
    players = rep.players
    fair = 1 / players
    print(
        f"\n{players} players on {name}, {len(rep.games)} games, {seconds:.0f} s;"
        f" fair share {fair:.1%}, largest gap {100 * rep.largest_gap():.1f} points"
    )
    for s, (share, (lo, hi)) in enumerate(zip(rep.win_shares(), rep.win_intervals(), strict=True)):
        verdict = "ok" if abs(share - fair) <= 0.05 else "OUT"
        print(f"  seat {s}: win share {share:6.1%}  95% CI [{lo:6.1%}, {hi:6.1%}]  {verdict}")
    print(f"  mean points      {row(rep.mean_scores())}")
    for k, label in enumerate(("pebbles", "territories", "love", "fish")):
        print(f"    {label:<14} {row(line[k] for line in rep.mean_lines())}")
    print(f"  rounds led       {row(rep.mean_led())}")
    for reason, (share, wins) in rep.decided().items():
        won = row((100 * w for w in wins), "{:4.0f}%")
        print(f"  decided by {reason:<8} {share:5.1%} of games, won by seat {won}")
    print(f"  tricks won by their leader: {rep.leader_won():.1%}")
    print("  territory control by seat (fair: one share each; the rest: nobody)")
    for k, shares in enumerate(rep.territory_shares()):
        t = layout.territories[k]
        spread = max(shares) - min(shares)
        print(
            f"    {t.name:<8} ({t.value:>4} = {t.vp(players)} VP, {len(layout.members[k])} tiles)"
            f"  {row((100 * v for v in shares), '{:4.0f}%')}  spread {100 * spread:.0f} points"
        )
    print("  tiles: a penguin ever / controlled at the end / placed per game")
    for t, (ever, held, placed) in zip(layout.tiles, rep.tile_rows(), strict=True):
        name_ = layout.territories[t.territory].name
        print(f"    {t.number:>2} {name_:<8} {ever:5.0%} {held:5.0%} {placed:5.2f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
