"""``python -m waddle bench replay``: ``python -m waddle replay --jsonl`` in records per
second of processor, the project's engines against plain reference engines, in one run.

It builds a JSONL file of complete random games of the games asked (``--game``, by default
every game the tests have a reference engine for), mixed line by line, each board played
once per seat rotation (``players`` times) as in a tournament's file, then replays every
line the way the command does:

- project: ``json.loads``, the registry entry by ``"format"``, ``GAME.record_from_json``,
  ``replay()``, ``GAME.summary``, ``json.dumps``;
- reference: ``json.loads``, then the plain reference engine of the format (the tests'
  ``replay_reference.REFERENCES``), which reads the record, plays every action checking it
  and works out the same output, then ``json.dumps``.

The reference engines are test code: they are found in a checkout's ``tests/`` and are not
shipped; without them only the project's path is timed. Both paths must agree on the
first records of each file before anything is timed.

Each round starts with the engines' board caches empty (each game's ``bench.clear_caches``),
so a board is built once per round, on its first record. Each game's records, and the
mixed file, are a line of ``--results``::

    {"kind": "replay", "file": "mixed", "games": ["waddle", "htmf"], "seed": 1,
     "records": 400, "boards": 99, "bytes_per_record": 2210,
     "rounds": [[1234.5, 351.2], ...]}

(records per second of processor of the project and of the reference, per round);
:func:`print_summary` prints their medians and ratios.
"""

from __future__ import annotations

import importlib
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

import waddle
from waddle.bench.results import BenchError, Line, append_line, game_part
from waddle.core.game import CHANCE
from waddle.core.rng import Rng
from waddle.games import GAMES

BATCH = 50
"""Records per turn of each path within a round. The paths take turns in batches, so a
change in the machine's load (it is shared) hits both alike; much smaller batches would
let the reference engine's work evict the project's caches of the processor between
records (batches of 10 cost the project about 8%), which a real replay never suffers."""
CHECKED = 60
"""Records of each file whose outputs both paths must agree on."""


def references() -> ModuleType | None:
    """The tests' ``replay_reference`` module of this checkout, or None (an installed
    package has no tests)."""
    tests = Path(waddle.__file__).resolve().parent.parent / "tests"
    if not (tests / "replay_reference.py").exists():
        return None
    if str(tests) not in sys.path:
        sys.path.insert(0, str(tests))
    return importlib.import_module("replay_reference")


def default_games() -> list[str]:
    """The games whose records have a reference engine (every game without the tests)."""
    found = references()
    if found is None:
        return list(GAMES.ids)
    return [e.id for e in GAMES if any(f in found.REFERENCES for f in e.formats)]


def build_lines(games: Sequence[str], records: int, seed: int = 1) -> list[str]:
    """Complete random games of ``games`` in turn, each board played once per seat rotation
    (``players`` times), every player count of each game in turn."""
    lines = []
    rng = Rng(seed)
    entries = [
        (GAMES.by_id(g).load(), range(GAMES.by_id(g).players[0], GAMES.by_id(g).players[1] + 1))
        for g in games
    ]
    for k in range(records):
        game, counts = entries[k % len(entries)]
        turn = k // len(entries)
        players = counts[turn % len(counts)]
        record = game.new_record(players, 1000 + (turn // len(counts)) // players)
        state = record.start()
        while not state.is_over():
            if state.to_move() == CHANCE:  # a card game's reshuffle
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        lines.append(record.with_actions(state.history).dumps())
    return lines


def project(line: str) -> str:
    """What ``replay --jsonl`` does with a line."""
    data = json.loads(line)
    game = GAMES.by_format(data.get("format")).load()
    state = game.record_from_json(data).replay()
    return json.dumps(game.summary(state), separators=(",", ":"))


def _reference(found: ModuleType) -> Callable[[str], str]:
    def reference(line: str) -> str:
        data = json.loads(line)
        return json.dumps(found.REFERENCES[data["format"]](data), separators=(",", ":"))

    return reference


def timed_round(
    lines: list[str], clear: Callable[[], None], reference: Callable[[str], str] | None
) -> tuple[float, float | None]:
    """Records per second of processor time of the project and of the reference over
    ``lines``, in one round that starts with empty board caches."""
    clear()
    ours = theirs = 0.0
    clock = time.process_time
    for at in range(0, len(lines), BATCH):
        batch = lines[at : at + BATCH]
        start = clock()
        for line in batch:
            project(line)
        middle = clock()
        if reference is not None:
            for line in batch:
                reference(line)
        ours += middle - start
        theirs += clock() - middle
    return len(lines) / ours, (len(lines) / theirs if reference else None)


def run(
    games: Sequence[str] | None,
    out: TextIO,
    records: int = 400,
    rounds: int = 7,
    seed: int = 1,
    keep: str | Path | None = None,
    results: str | Path | None = None,
) -> None:
    """Build the file, time both paths on each game's records and on the whole file, and
    print the summary."""
    games = list(games or default_games())
    found = references()
    lines = build_lines(games, records, seed)
    if keep:
        Path(keep).write_text("\n".join(lines) + "\n", encoding="utf-8")
    formats = {g: GAMES.by_id(g).formats[0] for g in games}
    files = {g: [x for x in lines if f'"{formats[g]}"' in x] for g in games}
    if len(games) > 1:
        files["mixed"] = lines
    cleaners = [getattr(game_part(g, "bench"), "clear_caches", lambda: None) for g in games]
    written = []
    for name, subset in files.items():
        known = found is not None and all(
            json.loads(x)["format"] in found.REFERENCES for x in subset
        )
        reference = _reference(found) if known else None
        for line in subset[:CHECKED] if reference else ():
            if not found.agree(json.loads(project(line)), json.loads(reference(line))):
                raise BenchError(f"the project and the reference disagree on a record: {line}")
        timings = [
            timed_round(subset, lambda: [c() for c in cleaners], reference) for _ in range(rounds)
        ]
        boards = {json.dumps(_board(json.loads(x))) for x in subset}
        line: Line = {
            "kind": "replay",
            "file": name,
            "games": [g for g in games if g == name or name == "mixed"],
            "seed": seed,
            "records": len(subset),
            "boards": len(boards),
            "bytes_per_record": round(sum(map(len, subset)) / len(subset)),
            "rounds": [[round(a, 1), None if b is None else round(b, 1)] for a, b in timings],
        }
        append_line(results, line)
        written.append(line)
    print_summary(written, out)


def _board(data: dict[str, Any]) -> Any:
    """What a record's board is, whatever its game calls it."""
    for key in ("map", "board", "layout", "setup"):
        if key in data:
            return data[key]
    return None


def print_summary(lines: Sequence[Line], out: TextIO) -> None:
    """The median records per second of each path, and their ratio, per ``replay`` line."""
    rows = [line for line in lines if line["kind"] == "replay"]
    if not rows:
        return
    rounds = sorted({len(row["rounds"]) for row in rows})
    print(
        f"replay --jsonl: complete random games, processor time, the median of "
        f"{'/'.join(map(str, rounds))} rounds",
        file=out,
    )
    print(
        f"{'file':>13} {'records':>7} {'boards':>6} {'bytes/rec':>9} {'project rec/s':>14} "
        f"{'reference rec/s':>16} {'ratio':>6}",
        file=out,
    )
    for row in rows:
        ours = statistics.median(a for a, _ in row["rounds"])
        told = f"{row['file']:>13} {row['records']:>7} {row['boards']:>6} "
        told += f"{row['bytes_per_record']:>9} {ours:>14.0f}"
        if all(b for _, b in row["rounds"]):
            theirs = statistics.median(b for _, b in row["rounds"])
            ratios = sorted(a / b for a, b in row["rounds"])
            told += f" {theirs:>16.0f} {ours / theirs:>6.2f}"
            told += f"   (ratio per round {ratios[0]:.2f} .. {ratios[-1]:.2f})"
        else:
            told += f" {'-':>16} {'-':>6}"
        print(told, file=out)
