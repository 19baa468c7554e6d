"""Results files of ``python -m waddle bench``: one JSON object a line, appended as each game
(or measurement) finishes, so a long run stopped early keeps what it played and a run
given the same file plays only the games it does not hold yet.

Every line has ``"kind"`` (``speed``, ``bots``, ``balance``, ``calibration``, ``replay``)
and ``"game"`` (the game's id; a ``replay`` line has ``"games"``). A ``bots``, ``balance``
or ``calibration`` line is one game: its ``seed``, seats, scores and winners, processor
seconds (a ``calibration`` line also the meter's estimates); :func:`game_key` is what makes
it that game and no other. Older files are read as they are (:func:`adapt`): the lines of
the former per-game scripts, and game records, which a game's balance module may turn into
lines.

>>> line = {"kind": "bots", "game": "htmf", "goal": "uct", "seed": 1, "index": 3,
...         "levels": ["uct@9", "hard@9"], "scores": [40, 50], "winners": [1]}
>>> game_key(line)
('bots', 'htmf', 'uct', 1, ('hard@9', 'uct@9'), 3)
>>> old = {"goal": "uct", "game": 3, "levels": ["uct@9", "hard@9"], "scores": [40, 50],
...        "winners": [1], "moves": [20, 30], "cpu": [2.0, 3.0]}
>>> game_key(adapt(old, "htmf")) == game_key(line)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable, Sequence
from pathlib import Path
from typing import Any

from waddle.games import GAMES

Line = dict[str, Any]
"""One line of a results file, parsed."""


class BenchError(ValueError):
    """A user error of ``python -m waddle bench``: printed as one ``error:`` line."""


OLD_BOTS_SEED = 1
"""The seed of the games in a file of the former per-game bots script, which wrote none:
every run of it that was kept used its default, 1."""


def game_part(game_id: str, name: str) -> Any | None:
    """The module ``name`` (``bench``, ``balance``) of a game's package, or None when the
    game has none (it does not offer that kind of benchmark)."""
    import importlib

    module = f"{GAMES.by_id(game_id).module}.{name}"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name == module:
            return None
        raise


def game_key(line: Line) -> tuple[Hashable, ...]:
    """What makes a ``bots`` or ``balance`` line one game and no other: a run skips a game
    whose key a results file holds, and a summary counts each key once (the last line)."""
    kind = line["kind"]
    if kind == "bots":
        levels = tuple(sorted(line["levels"]))
        return (kind, line["game"], line["goal"], line["seed"], levels, line["index"])
    if kind == "balance":
        setup = json.dumps(line["setup"], sort_keys=True)
        return (kind, line["game"], line["players"], setup, line["seed"])
    if kind == "calibration":
        meter = line.get("meter", 1)  # two ways of estimating the same game are two lines
        return (kind, line["game"], line["players"], line["iterations"], line["seed"], meter)
    raise ValueError(f"a {kind} line is a measurement, not a game")


def adapt(data: Any, game: str | None) -> Line:
    """A line of a results file in the current form: current lines as they are, a line of
    the former bots script (``"goal"``, the game's index as ``"game"``, no game id: the
    file's game is ``game``, from ``--game``), and a game record (``"format"``), which the
    game's balance module turns into a ``balance`` line (``ValueError`` otherwise)."""
    if not isinstance(data, dict):
        raise ValueError("a results line is a JSON object")
    if "kind" in data:
        return data
    if "goal" in data and isinstance(data.get("game"), int):
        if game is None:
            raise ValueError(
                "a line of the former per-game bots script names no game: say which with --game"
            )
        return {
            "kind": "bots",
            "game": game,
            "goal": data["goal"],
            "seed": OLD_BOTS_SEED,
            "index": data["game"],
            "players": len(data["levels"]),
            **{k: data[k] for k in ("levels", "scores", "winners", "moves", "cpu")},
        }
    if "format" in data:
        entry = GAMES.by_format(data["format"])
        reader = entry and getattr(game_part(entry.id, "balance"), "balance_line", None)
        if reader is None:
            raise ValueError(f"a record of {data['format']!r}, which no benchmark reads")
        return {"kind": "balance", "game": entry.id, **reader(data)}
    raise ValueError("neither a results line nor a record")


def read_lines(paths: Iterable[str | Path], game: str | None = None) -> list[Line]:
    """Every line of the files, adapted (:func:`adapt`; ``BenchError`` names the bad line)."""
    lines = []
    for path in paths:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise BenchError(f"cannot read {path}: {e}") from None
        for number, raw in enumerate(text.splitlines(), start=1):
            if not raw.strip():
                continue
            try:
                lines.append(adapt(json.loads(raw), game))
            except ValueError as e:  # json's errors are ValueErrors too
                raise BenchError(f"{path}, line {number}: {e}") from None
    return lines


def existing_lines(path: str | Path | None, game: str) -> list[Line]:
    """The lines a run's ``--results`` file already holds (none if it does not exist yet)."""
    if path is None or not Path(path).exists():
        return []
    return read_lines([path], game)


def append_line(path: str | Path | None, line: Line) -> None:
    """Add ``line`` to the file at once (flushed and closed: a stopped run keeps it)."""
    if path is None:
        return
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(line, separators=(", ", ": ")) + "\n")


def unique_games(lines: Iterable[Line]) -> list[Line]:
    """Each game once, the last line of it winning, in the order games first appear."""
    games: dict[tuple[Hashable, ...], Line] = {}
    for line in lines:
        games[game_key(line)] = line
    return list(games.values())


def grouped(lines: Iterable[Line], key: Callable[[Line], Hashable]) -> list[list[Line]]:
    """``lines`` in groups of equal ``key``, groups in the order they first appear.

    >>> grouped([{"a": 1}, {"a": 2}, {"a": 1}], lambda line: line["a"])
    [[{'a': 1}, {'a': 1}], [{'a': 2}]]
    """
    groups: dict[Hashable, list[Line]] = {}
    for line in lines:
        groups.setdefault(key(line), []).append(line)
    return list(groups.values())


def span(values: Sequence[int]) -> str:
    """Numbers as a range when they follow each other, else how many and from where.

    >>> span([0, 1, 2]), span([4]), span([1, 5, 9])
    ('0-2', '4', '3 from 1 to 9')
    """
    low, high = min(values), max(values)
    if low == high:
        return str(low)
    if len(set(values)) == high - low + 1:
        return f"{low}-{high}"
    return f"{len(set(values))} from {low} to {high}"
