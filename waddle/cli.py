"""The command line: ``python -m waddle {replay,new,check-map,bench,move,tournament}``.

``replay`` follows the project's record design note exactly: one JSON object per record on
standard output; errors as one ``error:`` line on standard error and exit status 2, never
a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from waddle.games.waddle import Board, HexSpec, Record, RecordError, WaddleState, new_record
from waddle.games.waddle.ai import LEVELS, make_bot
from waddle.games.waddle.board import MapError, load_custom_map

EXIT_ERROR = 2


def replay_result(record: Record) -> dict[str, Any]:
    """The replay output for one record (raises ``RecordError``)."""
    state = record.replay()
    return state_summary(state)


def state_summary(state: WaddleState) -> dict[str, Any]:
    if state.is_over():
        breakdown = state.breakdown()
        return {
            "over": True,
            "scores": breakdown.totals,
            "winners": breakdown.winners,
            "breakdown": [p.to_json() for p in breakdown.players],
            "pools": [p.to_json() for p in breakdown.pools],
        }
    return {
        "over": False,
        "to_move": state.to_move(),
        "active": state.active_number,
        "legal": [a.to_json() for a in state.legal_actions()],
    }


def _replay_text(text: str) -> dict[str, Any]:
    return replay_result(Record.loads(text))


def cmd_replay(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        with open(args.record, encoding="utf-8") as f:
            content = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print(f"error: cannot read {args.record}: {e}", file=err)
        return EXIT_ERROR
    if not args.jsonl:
        try:
            result = _replay_text(content)
        except RecordError as e:
            print(f"error: {e}", file=err)
            return EXIT_ERROR
        print(json.dumps(result, separators=(",", ":")), file=out)
        return 0
    status = 0
    for lineno, line in enumerate(content.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            result = _replay_text(line)
        except RecordError as e:
            print(f"error: line {lineno}: {e}", file=err)
            result = {"error": str(e)}
            status = EXIT_ERROR
        print(json.dumps(result, separators=(",", ":")), file=out)
    return status


def cmd_new(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    seed = args.seed
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    record = new_record(args.players, seed)
    if args.map:
        loaded = _load_map(args.map, err)
        if loaded is None:
            return EXIT_ERROR
        record = Record(args.players, tuple(loaded), record.order)
    print(record.dumps(indent=args.indent), file=out)
    return 0


def cmd_check_map(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    specs = _load_map(args.map, err)
    if specs is None:
        return EXIT_ERROR
    board = Board(specs)
    print(
        f"ok: {len(board)} hexes, {board.ice_count} ice, {len(board.numbered)} numbered water, "
        f"{len(board.pools)} pools",
        file=out,
    )
    return 0


def _load_map(path: str, err: TextIO) -> list[HexSpec] | None:
    """Read and check a custom map, printing warnings and errors; None if unusable."""
    try:
        with open(path, encoding="utf-8") as f:
            specs, warnings = load_custom_map(f.read())
    except (OSError, UnicodeDecodeError) as e:
        print(f"error: cannot read {path}: {e}", file=err)
        return None
    except MapError as e:
        for problem in e.problems:
            print(f"error: {path}: {problem}", file=err)
        return None
    for warning in warnings:
        print(f"warning: {path}: {warning}", file=err)
    return specs


def cmd_bench(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from waddle.games.waddle import bench

    bench.main(players=args.players, seconds=args.seconds, processes=args.processes, out=out)
    return 0


def cmd_move(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print the action a bot chooses in a record's position, in the record's syntax."""
    try:
        with open(args.record, encoding="utf-8") as f:
            state = Record.loads(f.read()).replay()
    except (OSError, UnicodeDecodeError) as e:
        print(f"error: cannot read {args.record}: {e}", file=err)
        return EXIT_ERROR
    except RecordError as e:
        print(f"error: {e}", file=err)
        return EXIT_ERROR
    if state.is_over():
        print("error: the game is over: there is no move to choose", file=err)
        return EXIT_ERROR
    seconds = None if args.iterations else args.seconds
    bot = make_bot(args.bot, args.seed, seconds, args.iterations)
    print(json.dumps(bot.choose(state).to_json()), file=out)
    return 0


def cmd_tournament(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Play bot levels against each other and print win shares with 95% intervals."""
    from waddle.core import tournament

    lineup = args.levels or ["hard", "medium"]
    counts = args.players or [len(lineup)]
    if any(n < len(lineup) for n in counts):
        print(f"error: {len(lineup)} levels need at least {len(lineup)} players", file=err)
        return EXIT_ERROR
    processes = args.processes or tournament.default_processes()
    budget = f"{args.iterations} iterations" if args.iterations else f"{args.seconds:g} s"
    reports = []
    for players in counts:

        def progress(result: tournament.GameResult) -> None:
            if args.verbose:
                seats = " ".join(
                    f"{lv}={s}{'*' if p in result.winners else ''}"
                    for p, (lv, s) in enumerate(zip(result.game.levels, result.scores, strict=True))
                )
                print(f"game {result.game.index}: {seats}", file=err, flush=True)

        started = time.perf_counter()
        result = tournament.run_tournament(
            "waddle.games.waddle",
            lineup,
            players,
            args.games,
            args.seed,
            None if args.iterations else args.seconds,
            args.iterations,
            processes,
            progress,
        )
        wall = time.perf_counter() - started
        if args.json:
            reports.append({**result.to_json(), "wall_seconds": round(wall, 1)})
            continue
        print(
            f"{players} players, {len(result.games)} games, {budget} per move, seed {args.seed}, "
            f"{processes} processes, {wall:.0f} s",
            file=out,
        )
        print(
            f"  {'level':<8} {'seats':>5} {'win share':>9}  {'95% CI':<16} {'mean VP':>7} "
            f"{'ms/move':>8} {'cpu ms/move':>11}",
            file=out,
        )
        for row in result.rows:
            print(
                f"  {row.level:<8} {row.seats:>5} {row.share:>9.3f}  "
                f"[{row.low:.3f}, {row.high:.3f}] {row.mean_vp:>7.1f} "
                f"{1000 * row.seconds_per_move:>8.1f} {1000 * row.cpu_seconds_per_move:>11.1f}",
                file=out,
            )
    if args.json:
        print(json.dumps(reports), file=out)
    return 0


def _players(text: str) -> int:
    value = int(text)
    if not 2 <= value <= 5:
        raise argparse.ArgumentTypeError("Waddle is for 2 to 5 players")
    return value


def _level(text: str) -> str:
    if text not in LEVELS:
        raise argparse.ArgumentTypeError(f"unknown level {text!r}: choose from {', '.join(LEVELS)}")
    return text


def _positive(kind: type) -> Any:
    def parse(text: str) -> Any:
        value = kind(text)
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be positive, not {text}")
        return value

    return parse


def _add_budget(p: argparse.ArgumentParser, seconds: float) -> None:
    group = p.add_mutually_exclusive_group()
    group.add_argument(
        "--seconds", type=_positive(float), default=seconds, help=f"per move (default {seconds:g})"
    )
    group.add_argument(
        "--iterations",
        type=_positive(int),
        help="search iterations per move instead of seconds: reproducible choices",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m waddle", description="Waddle on the command line."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="replay a record and print the result as JSON")
    p.add_argument("record", help="a record file (waddle-record/1), or with --jsonl one per line")
    p.add_argument("--jsonl", action="store_true", help="one record per line, one result per line")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("new", help="print a new record: a generated map and a random order")
    p.add_argument("--players", type=_players, required=True, help="2 to 5")
    p.add_argument("--seed", type=int, help="seed for the map and the order (default: random)")
    p.add_argument("--indent", type=int, default=None, help="pretty-print with this indent")
    p.add_argument("--map", help="a custom map (JSON list of hexes) instead of a generated one")
    p.set_defaults(run=cmd_new)

    p = sub.add_parser("check-map", help="validate a custom map and list its problems")
    p.add_argument("map", help='a JSON list of hexes, or an object with a "map" list')
    p.set_defaults(run=cmd_check_map)

    p = sub.add_parser("bench", help="random complete games per second, and where time goes")
    p.add_argument("--players", type=_players, nargs="*", default=[2, 3, 4, 5])
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    p.add_argument(
        "--processes", type=int, default=None, help="parallel processes (default: cores)"
    )
    p.set_defaults(run=cmd_bench)

    p = sub.add_parser("move", help="print the action a bot chooses in a record's position")
    p.add_argument("record", help="a record file (waddle-record/1) of a game not yet over")
    p.add_argument("--bot", choices=LEVELS, default="hard", help="bot level (default hard)")
    p.add_argument("--seed", type=int, default=0, help="the bot's seed (default 0)")
    _add_budget(p, 1.0)
    p.set_defaults(run=cmd_move)

    p = sub.add_parser(
        "tournament", help="play bot levels against each other; win shares with 95% CIs"
    )
    p.add_argument(
        "--levels",
        nargs="+",
        type=_level,
        metavar="LEVEL",
        help=f"the level of each seat, from {', '.join(LEVELS)} (default: hard medium); "
        "with more players than levels the last one fills the rest",
    )
    p.add_argument(
        "--players", type=_players, nargs="+", help="player counts (default: one per level)"
    )
    p.add_argument("--games", type=_positive(int), default=100, help="games per player count")
    p.add_argument("--seed", type=int, default=0, help="seed for maps, orders and bots")
    p.add_argument(
        "--processes", type=int, default=None, help="parallel processes (default: cores)"
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--verbose", action="store_true", help="one line per game on stderr")
    _add_budget(p, 0.3)
    p.set_defaults(run=cmd_tournament)
    return parser


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse has printed usage and its message
        return EXIT_ERROR if e.code else 0
    try:
        return args.run(args, out, err)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
