"""Bad input gets one clear line and loses nothing: the cases hostile testing found.

Records, board files, layouts, component sets and links of every game, read by the
engine and by ``python -m waddle``: nesting a thousand levels deep, values of the wrong
type, inputs big enough to take seconds in a check that rescans a list, values a share
link cannot carry, digits beyond ASCII, output into a closed pipe. (The seeded fuzzing of
every reader is ``test_fuzz_readers.py``.)
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from waddle.cli import main
from waddle.core.bots import level_budget
from waddle.core.registry import new_game_record
from waddle.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
MAX_SEED = 2**64 - 1
"""The largest seed a share link carries: seeds travel as varints of at most 16 groups."""
GAME_IDS = [entry.id for entry in GAMES]


def game(game_id: str):
    return GAMES.by_id(game_id).load()


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err, stdin=io.StringIO(stdin))
    return code, out.getvalue(), err.getvalue()


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def one_error_line(err: str) -> str:
    """The single ``error:`` line of ``err`` (fails on more, or on a traceback)."""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err[:500]
    return lines[0]


def test_a_new_game_from_the_registry_refuses_a_negative_seed():
    with pytest.raises(ValueError, match="the seed must be an integer from 0"):
        new_game_record(game("pebbles"), 2, -1)


def pebbles_layout_with(name: str, value: object) -> dict:
    from waddle.games.pebbles.layout import builtin_layout

    data = builtin_layout(2).to_json()
    old = data["territories"][0]["name"]
    data["territories"][0] = {"name": name, "value": value}
    for tile in data["tiles"]:
        tile["territory"] = name if tile["territory"] == old else tile["territory"]
    data.pop("name")
    return data


def test_a_bot_budget_in_superscript_digits_is_an_unknown_level():
    with pytest.raises(ValueError, match="@ takes a number of iterations"):
        level_budget("hard@²")
