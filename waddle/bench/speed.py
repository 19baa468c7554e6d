"""``python -m waddle bench speed --game ID`` (also ``bench --game ID``): random complete
games per second, and where the time goes.

The game's own ``bench.main`` (``GAME.bench``) plays and prints its table, as it always
did; each row it returns is also a line of ``--results``::

    {"kind": "speed", "game": "htmf", "seconds": 2.0, "players": 2,
     "games_per_second": 6650.1, "games_per_second_cpu": 6632.0, ...}

(:data:`waddle.core.bench.SpeedRow` lists the figures). :func:`print_summary` prints such
lines as one table, whatever game they come from.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from waddle.bench.results import Line, append_line
from waddle.games import GAMES


def run(
    game: str,
    out: TextIO,
    players: Sequence[int] | None = None,
    seconds: float = 2.0,
    processes: int | None = None,
    results: str | Path | None = None,
) -> None:
    """Print the game's speed table (``players`` default: the game's ``bench_players``)."""
    rows = GAMES.by_id(game).load().bench(list(players or []), seconds, processes, out)
    for row in rows or []:
        append_line(results, {"kind": "speed", "game": game, "seconds": seconds, **row})


COLUMNS = (
    ("games_per_second_cpu", "games/s cpu", "{:.1f}"),
    ("games_per_second", "games/s 1 proc", "{:.1f}"),
    ("games_per_second_parallel", "games/s N proc", "{:.1f}"),
    ("actions_per_game", "actions/game", "{:.1f}"),
    ("us_per_action", "µs/action", "{:.2f}"),
)


def print_summary(lines: Sequence[Line], out: TextIO) -> None:
    """Every ``speed`` line as a row, in file order (a figure missing from a game's rows is
    shown as -). Measurements are not games: two runs give two rows each.

    >>> import io
    >>> out = io.StringIO()
    >>> print_summary([{"kind": "speed", "game": "toy", "seconds": 1, "players": 2,
    ...                 "games_per_second": 10, "processes": 1}], out)
    >>> out.getvalue().splitlines()[1].split()
    ['toy', '2', '1', '1', '-', '10.0', '-', '-', '-', '-']
    """
    rows = [line for line in lines if line["kind"] == "speed"]
    if not rows:
        return
    head = "".join(f" {title:>14}" for _, title, _ in COLUMNS)
    print(f"{'game':<14} {'players':>7} {'seconds':>7} {'procs':>6}{head} split", file=out)
    for row in rows:
        cells = "".join(
            f" {fmt.format(row[key]) if key in row else '-':>14}" for key, _, fmt in COLUMNS
        )
        split = row.get("split")
        told = " / ".join(f"{k} {v:g}%" for k, v in split.items()) if split else "-"
        print(
            f"{row['game']:<14} {row['players']:>7} {row['seconds']:>7g} "
            f"{row.get('processes', '-'):>6}{cells} {told}",
            file=out,
        )
