"""Seat balance of Waddle: self-play games by seat (0 = the first mover), for 2 to 5 players.

    python scripts/bench_balance.py                               # medium, 300 games each
    python scripts/bench_balance.py --level hard --games 400      # hard, 300 iterations a move
    nice -n 10 python scripts/bench_balance.py --level hard --games 400 \\
        --records hard.jsonl > hard.log 2>&1 &
    python scripts/bench_balance.py --from-records hard.jsonl     # the figures again
    python scripts/bench_balance.py --from-records a.jsonl b.jsonl --fit-compensation

For each player count it prints every seat's win share with its 95% interval (ties split),
mean VP, penguins and tokens placed, scouts per game and how often a scout took the best
fish of the next pool, which seat placed first in the first rounds and in all of them, the
mean size of the first rounds, how often each seat took the best fish of every pool
(lowest number first), and the ice hexes' remainder modulo the player count. Every seat is
the same bot, so a difference between seats comes from the turn order, the tile set or the
map generator. The hard bot plays a fixed number of iterations a move (``--iterations``,
300 by default), so a run is reproducible from its seeds whatever the machine's load.
``--records`` keeps every game as a ``waddle-record/1`` line (``python -m waddle replay
--jsonl`` reads them); ``--from-records`` prints the figures of such files again, and with
``--fit-compensation`` the seat compensation table that would bring them closest to fair
(fitted to the board's scores, so games played with the option count too).
A benchmark, not a test: it prints figures (see waddle/games/waddle/balance.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waddle.core.tournament import default_processes
from waddle.games.waddle.balance import BalanceReport, record_game, self_play
from waddle.games.waddle.compensation import fit_compensation, seat_compensation
from waddle.games.waddle.mapgen import TileSet, default_tileset, load_tileset
from waddle.games.waddle.record import Record

HARD_ITERATIONS = 300
"""The hard bot's iterations a move unless ``--iterations`` says otherwise."""


def seats(values, fmt: str = "{:5.1f}") -> str:
    return " ".join(fmt.format(v) for v in values)


def play(
    players: int,
    level: str,
    iterations: int | None,
    tileset: TileSet | None,
    compensate: bool,
    seed: int,
):
    """One game's figures, its record and the processor seconds it took (in a worker)."""
    cpu = time.process_time()
    compensation = seat_compensation(players) if compensate else None
    record = self_play(players, seed, level, iterations, tileset, compensation)
    return record_game(record), record.dumps(), time.process_time() - cpu


def print_report(report: BalanceReport, header: str, fit: bool = False) -> None:
    players = report.players
    print(
        f"\n{players} players, {len(report.games)} games{header};"
        f" fair share {1 / players:.1%}, largest gap {100 * report.largest_gap():.1f} points"
    )
    for s, (share, (lo, hi)) in enumerate(
        zip(report.win_shares(), report.win_intervals(), strict=True)
    ):
        print(f"  seat {s}: win share {share:6.1%}  95% CI [{lo:6.1%}, {hi:6.1%}]")
    print(f"  mean VP        {seats(report.mean_scores())}")
    print(f"  penguins       {seats(report.mean_penguins())}")
    print(f"  tokens         {seats(report.mean_tokens())}")
    print(f"  scouts         {seats(report.mean_scouts(), '{:5.2f}')}")
    print(f"  scouts paid    {seats([100 * v for v in report.scout_pay_rates()], '{:4.0f}%')}")
    print(f"  led round 1-3  {seats([100 * v for v in report.lead_shares(3)], '{:4.0f}%')}")
    print(f"  led any round  {seats([100 * v for v in report.lead_shares()], '{:4.0f}%')}")
    print(f"  rounds 1-4 ice {seats(report.mean_round_sizes(4), '{:5.2f}')}")
    for k, row in enumerate(report.pool_wins()):
        print(f"  pool {k + 1:2} best  {seats([100 * v for v in row], '{:4.0f}%')}")
    print(f"  ice mod {players}: {report.ice_parity()} (remainder: games)", flush=True)
    if fit:
        # Fitted to the board's scores, so games played with the option count too (its VP
        # taken off); the bots knew the VP in those games, a small bias the check by
        # self-play with the new table (--compensation, other seeds) is there to catch.
        scores = [g.board_scores for g in report.games]
        played = sorted({g.compensation for g in report.games if g.compensated})
        table, shares = fit_compensation(scores, players)
        taken_off = ", ".join(map(str, played))
        with_option = f" (the option's {taken_off} taken off)" if played else ""
        print(
            f"  fitted seat compensation {table}{with_option}: win shares would be "
            f"{seats([100 * v for v in shares], '{:5.1f}%')}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--level", default="medium", help="the bot in every seat")
    parser.add_argument(
        "--iterations", type=int, help=f"per move, for the hard bot ({HARD_ITERATIONS})"
    )
    parser.add_argument("--seed", type=int, default=0, help="first map seed")
    parser.add_argument("--tileset", help="a tile set file (default: the current tile set)")
    parser.add_argument("--processes", type=int, default=default_processes())
    parser.add_argument("--records", help="append every game's record to this JSONL file")
    parser.add_argument(
        "--from-records", nargs="+", help="print the figures of the games in these files"
    )
    parser.add_argument(
        "--compensation",
        action="store_true",
        help="play with the seat compensation option (not a rule: compensation.py)",
    )
    parser.add_argument(
        "--fit-compensation",
        action="store_true",
        help="print the seat compensation that would bring these games closest to fair",
    )
    args = parser.parse_args()

    if args.from_records:
        by_count: dict[int, list] = {}
        for path in args.from_records:
            with open(path, encoding="utf-8") as f:
                for line in f:
                    if line.strip():
                        record = Record.from_json(json.loads(line))
                        by_count.setdefault(record.players, []).append(record_game(record))
        names = ", ".join(args.from_records)
        print(f"Waddle seat balance of the games in {names}, seat 0 moves first")
        for players in sorted(by_count):
            print_report(BalanceReport(players, by_count[players]), "", args.fit_compensation)
        return

    iterations = args.iterations
    if args.level == "hard" and iterations is None:
        iterations = HARD_ITERATIONS
    tileset = None
    if args.tileset:
        tileset = load_tileset(json.loads(Path(args.tileset).read_text(encoding="utf-8")))
    budget = f", {iterations} iterations a move" if iterations else ""
    where = f", tile set {tileset.name if tileset else default_tileset().name}"
    option = ", with the seat compensation option" if args.compensation else ""
    print(f"Waddle seat balance: {args.level} self-play{budget}{where}{option}, seat 0 moves first")
    out = open(args.records, "a", encoding="utf-8") if args.records else None  # noqa: SIM115
    for players in args.players:
        started = time.perf_counter()
        work = partial(play, players, args.level, iterations, tileset, args.compensation)
        seeds = range(args.seed, args.seed + args.games)
        results = []
        with ProcessPoolExecutor(args.processes) if args.processes > 1 else nullcontext() as pool:
            # Each game's record is written as it comes, so a long run stopped early keeps
            # its games (go on with --seed).
            for result in pool.map(work, seeds, chunksize=4) if pool else map(work, seeds):
                results.append(result)
                if out:
                    out.write(result[1] + "\n")
                    out.flush()
        wall = time.perf_counter() - started
        report = BalanceReport(players, [game for game, _, _ in results])
        cpu = sum(seconds for _, _, seconds in results)
        print_report(report, f", {wall:.0f} s wall, {cpu:.0f} s processor", args.fit_compensation)
    if out:
        out.close()


if __name__ == "__main__":
    main()
