"""The ``bench`` subcommand of ``python -m waddle``: its parser and what it runs.

``waddle.cli`` adds the parser with :func:`add_parser` and runs :func:`run` (it turns a
:class:`~waddle.bench.results.BenchError` into its one ``error:`` line). The kinds' modules
are imported only when a kind runs, and the games' goals and options only when a help
lists them, so the rest of the command line does not pay for them.

    python -m waddle bench --game htmf --players 2 3 4 --processes 1   # speed, as ever
    python -m waddle bench bots --game pebbles --goals two --iterations 150 --games 200
    python -m waddle bench balance --game waddle --players 3 --games 400 --results t.jsonl
    python -m waddle bench balance --summarize t.jsonl --fit
    python -m waddle bench calibration --game htmf --players 2 3 --games 20 --results c.jsonl
    python -m waddle bench replay --rounds 9
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import Any, TextIO

from waddle.bench import KINDS
from waddle.bench.results import BenchError
from waddle.games import GAMES

SUMMARY = {
    "speed": "waddle.bench.speed",
    "bots": "waddle.bench.bots",
    "balance": "waddle.bench.balance",
    "calibration": "waddle.bench.calibration",
    "replay": "waddle.bench.replay",
}


class _Parser(argparse.ArgumentParser):
    """A kind's parser, whose help ends with what each game offers (imported only then)."""

    epilog_of: Callable[[], str] | None = None

    def format_help(self) -> str:
        if self.epilog_of is not None:
            self.epilog = self.epilog_of()
        return super().format_help()


def _positive(kind: type) -> Callable[[str], Any]:
    def parse(text: str) -> Any:
        value = kind(text)
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be positive, not {text}")
        return value

    return parse


def _pair(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"takes KEY=VALUE, not {text!r}")
    return key.strip(), value.strip()


def _budget(text: str) -> tuple[str, int]:
    level, count = _pair(text)
    if not count.isdigit() or int(count) < 1:
        raise argparse.ArgumentTypeError(f"takes LEVEL=ITERATIONS, not {text!r}")
    return level, int(count)


def _common(p: argparse.ArgumentParser, top: bool = False, many_games: bool = False) -> None:
    """The options every kind shares. Under a KIND they leave their value unset unless
    given (``SUPPRESS``), so ``bench --game htmf KIND`` keeps the game given before KIND;
    the defaults are the top parser's (None: :func:`run` fills in each kind's)."""
    unset = None if top else argparse.SUPPRESS
    if many_games:
        p.add_argument(
            "--game", nargs="+", choices=GAMES.ids, default=unset, metavar="ID",
            help="the games whose records make the file (default: those with a reference "
            "engine in the tests)",
        )  # fmt: skip
    else:
        p.add_argument(
            "--game", choices=GAMES.ids, default=unset,
            help=f"which game (default {GAMES.default.id}; with --summarize: every game in "
            "the files, and the game of lines that name none)",
        )  # fmt: skip
    p.add_argument(
        "--results", metavar="FILE", default=unset,
        help="append one JSON line per game (per measurement) as it finishes; games the "
        "file already holds are not played again",
    )  # fmt: skip
    p.add_argument(
        "--summarize", nargs="+", metavar="FILE", default=unset,
        help="print the summary of the lines in these files, and play nothing",
    )  # fmt: skip


def _players(p: argparse.ArgumentParser, told: str, top: bool = False) -> None:
    unset = None if top else argparse.SUPPRESS
    p.add_argument("--players", type=int, nargs="+", default=unset, help=told)


def _processes(p: argparse.ArgumentParser, top: bool = False) -> None:
    unset = None if top else argparse.SUPPRESS
    p.add_argument(
        "--processes", type=_positive(int), default=unset,
        help="games at once, each in its own process (default: one per core); with fixed "
        "budgets the games do not depend on it",
    )  # fmt: skip


def _speed(p: argparse.ArgumentParser, top: bool = False) -> None:
    _common(p, top)
    _players(p, "player counts (default: the game's)", top)
    unset = None if top else argparse.SUPPRESS
    p.add_argument(
        "--seconds", type=_positive(float), default=unset, help="time per measurement (default 2)"
    )
    _processes(p, top)


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Add ``bench`` to the command line's subparsers ``sub`` and return its parser."""
    p = sub.add_parser(
        "bench",
        help="benchmarks: speed (random games), bots, balance, calibration, replay",
        usage="%(prog)s [KIND] [--game ID] [options]",
        description="Benchmarks of the engines: figures, not tests. KIND is speed (the\n"
        "default), bots, balance, calibration or replay; 'bench KIND --help' tells each\n"
        "one's options.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _speed(p, top=True)
    kinds = p.add_subparsers(dest="kind", metavar="KIND", parser_class=_Parser)

    s = kinds.add_parser(
        "speed", help="random complete games per second, and where the time goes",
        description="Random complete games per second, and where the time goes.",
    )  # fmt: skip
    _speed(s)

    b = kinds.add_parser(
        "bots", help="the bots' strength goals: win shares with 95%% intervals",
        description="The bots' strength goals: a lineup plays with seats rotated over "
        "boards, each searching level at an iteration budget calibrated to --seconds of "
        "processor (or given), so a run is reproducible from its seed.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )  # fmt: skip
    b.epilog_of = _goals_help
    _common(b)
    b.add_argument("--goals", nargs="+", metavar="NAME", help="the goals (default: the game's)")
    b.add_argument("--games", type=_positive(int), help="games per goal (default: the goal's)")
    b.add_argument("--seed", type=int, default=1, help="seed for boards and bots (default 1)")
    budget = b.add_mutually_exclusive_group()
    budget.add_argument(
        "--seconds", type=_positive(float), default=argparse.SUPPRESS,
        help="processor seconds a move to calibrate the searching levels to (default: the "
        "game's)",
    )  # fmt: skip
    budget.add_argument(
        "--iterations", type=_positive(int),
        help="every searching level's iterations a move: no calibration",
    )  # fmt: skip
    b.add_argument(
        "--budget", type=_budget, action="append", default=[], metavar="LEVEL=N",
        help="one level's iterations a move, not calibrated (repeat for several)",
    )  # fmt: skip
    _processes(b)
    b.add_argument("--progress", action="store_true", help="a line on stderr after each game")
    b.add_argument(
        "--calibrate-only", action="store_true",
        help="print the iterations per player count (--players) and play no game",
    )  # fmt: skip
    _players(b, "player counts for --calibrate-only (default: the game's)")

    a = kinds.add_parser(
        "balance", help="self-play by seat (and the game's own figures)",
        description="Balance by self-play: the same bot in every seat, win shares by seat "
        "with 95% intervals and the game's own figures.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )  # fmt: skip
    a.epilog_of = _options_help
    _common(a)
    _players(a, "player counts (default: all the game's)")
    a.add_argument(
        "--games", type=_positive(int), help="games per player count (default: the game's)"
    )
    a.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    a.add_argument("--level", default="medium", help="the bot in every seat (default medium)")
    a.add_argument("--iterations", type=_positive(int), help="a searching bot's iterations")
    a.add_argument(
        "--option", type=_pair, action="append", default=[], metavar="KEY=VALUE",
        help="a setting of the game's (below; repeat for several)",
    )  # fmt: skip
    a.add_argument(
        "--fit", action="store_true",
        help="also print the option table that would bring these games closest to fair "
        "(a game that has one)",
    )  # fmt: skip
    _processes(a)
    a.add_argument("--progress", action="store_true", help="a line on stderr after each game")

    c = kinds.add_parser(
        "calibration", help="the win-chance meter's estimates against who won",
        description="The win-chance meter, measured: self-play at the meter's budget, its "
        "estimate of every seat at every decision against who won: a calibration table and "
        "the Brier score against the fair share, over all decisions and after the opening.",
    )  # fmt: skip
    _common(c)
    _players(c, "player counts (default: all the game's)")
    c.add_argument("--games", type=_positive(int), help="games per player count (default 12)")
    c.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    c.add_argument(
        "--budget", type=_positive(int), metavar="ITERATIONS",
        help="the meter's iterations an estimate (default: the game's GAME.meter)",
    )  # fmt: skip
    c.add_argument(
        "--again", metavar="FILE",
        help="estimate the games of FILE again with the current meter, move for move as "
        "they were played, instead of playing new ones (--players and --games select)",
    )  # fmt: skip
    c.add_argument(
        "--noise", metavar="FILE",
        help="measure the meter's noise instead: positions of the games of FILE (--positions "
        "per player count), each estimated with --seeds seeds at the review's budget (or "
        "--budget)",
    )  # fmt: skip
    c.add_argument(
        "--positions", type=_positive(int), default=30,
        help="with --noise: positions per player count (default 30)",
    )  # fmt: skip
    c.add_argument(
        "--seeds", type=_positive(int), default=8,
        help="with --noise: seeds per position (default 8)",
    )  # fmt: skip
    _processes(c)
    c.add_argument("--progress", action="store_true", help="a line on stderr after each game")

    r = kinds.add_parser(
        "replay", help="replay --jsonl in records per second, against reference engines",
        description="replay --jsonl in records per second of processor: the project's "
        "engines against the tests' plain reference engines.",
    )  # fmt: skip
    _common(r, many_games=True)
    r.add_argument(
        "--games", type=_positive(int), default=400, help="records in the file (default 400)"
    )
    r.add_argument("--rounds", type=_positive(int), default=7, help="timed rounds (default 7)")
    r.add_argument("--seed", type=int, default=1, help="seed of the random games (default 1)")
    r.add_argument("--keep", metavar="FILE", help="also write the records file here")
    return p


def _goals_help() -> str:
    lines = ["goals (--goals), by game:"]
    for entry in GAMES:
        from waddle.bench.results import game_part

        bench = game_part(entry.id, "bench")
        for name, goal in getattr(bench, "BOT_GOALS", {}).items():
            lines.append(f"  --game {entry.id} --goals {name}: {goal.describe()}")
    return "\n".join(lines)


def _options_help() -> str:
    lines = ["options (--option KEY=VALUE), by game:"]
    for entry in GAMES:
        from waddle.bench.results import game_part

        balance = game_part(entry.id, "balance")
        for option in getattr(balance, "BALANCE_OPTIONS", ()):
            lines.append(f"  --game {entry.id} --option {option.usage}: {option.help}")
    return "\n".join(lines)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the ``bench`` the arguments ask for (``BenchError`` for a user error)."""
    import importlib

    from waddle.bench.results import read_lines

    kind = args.kind or "speed"
    game = args.game if isinstance(args.game, str) else None
    if args.summarize:
        lines = read_lines(args.summarize, game)
        if game is not None:
            lines = [line for line in lines if game in (line.get("game"), *line.get("games", ()))]
        shown_kinds = [args.kind] if args.kind else KINDS
        if "calibration" in shown_kinds:  # the meter's noise is part of its summary
            shown_kinds = [*shown_kinds, "noise"]
        if not any(line["kind"] in shown_kinds for line in lines):
            what = f"{args.kind} lines" if args.kind else "results lines"
            raise BenchError(
                f"no {what}{f' of {game}' if game else ''} in {', '.join(args.summarize)}"
            )
        for shown in shown_kinds:
            if shown == "noise":
                continue
            module = importlib.import_module(SUMMARY[shown])
            if shown == "balance":
                module.print_summary(lines, out, getattr(args, "fit", False))
            else:
                module.print_summary(lines, out)
        return 0
    if kind == "replay":
        from waddle.bench import replay

        games = [args.game] if isinstance(args.game, str) else args.game
        replay.run(games, out, args.games, args.rounds, args.seed, args.keep, args.results)
        return 0
    game = game or GAMES.default.id
    entry = GAMES.by_id(game)
    for players in args.players or []:
        low, high = entry.players
        if not low <= players <= high:
            raise BenchError(f"{entry.title} is for {low} to {high} players, not {players}")
    if kind == "speed":
        from waddle.bench import speed

        speed.run(game, out, args.players, args.seconds or 2.0, args.processes, args.results)
        return 0
    processes = args.processes or os.cpu_count() or 1
    progress = err if args.progress else None
    if kind == "bots":
        from waddle.bench import bots

        counts = (args.players or list(entry.load().bench_players)) if args.calibrate_only else []
        bots.run(
            game, args.goals, out, args.games, args.seed, getattr(args, "seconds", None),
            args.iterations, dict(args.budget), processes, args.results, progress, counts,
        )  # fmt: skip
        return 0
    if kind == "calibration":
        from waddle.bench import calibration

        if args.noise:
            from waddle.bench import noise

            noise.run_noise(
                game, out, read_lines([args.noise], game), args.players, args.positions,
                args.seeds, args.budget, processes, args.results, progress,
            )  # fmt: skip
            return 0
        again = read_lines([args.again], game) if args.again else None
        calibration.run(
            game, out, args.players, args.games, args.seed, args.budget, processes,
            args.results, progress, again,
        )  # fmt: skip
        return 0
    from waddle.bench import balance

    balance.run(
        game, out, args.players, args.games, args.seed, args.level, args.iterations,
        dict(args.option), args.fit, processes, args.results, progress,
    )  # fmt: skip
    return 0
