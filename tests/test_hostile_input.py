"""Bad input gets one clear line and loses nothing: the cases hostile testing found.

Records, board files, layouts, component sets and links of every game, read by the
engine and by ``python -m waddle``: nesting a thousand levels deep, values of the wrong
type, inputs big enough to take seconds in a check that rescans a list, values a share
link cannot carry, digits beyond ASCII, output into a closed pipe. (The seeded fuzzing of
every reader is ``test_fuzz_readers.py``.)
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from waddle.cli import main
from waddle.core.bots import level_budget
from waddle.core.records import BoardError, RecordError
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


def test_a_pebbles_tile_whose_territory_is_a_list_is_named_in_the_problems():
    from waddle.games.pebbles.layout import builtin_layout, parse_layout

    data = builtin_layout(2).to_json()
    data["tiles"][0]["territory"] = ["North"]
    with pytest.raises(BoardError, match=r'territory \["North"\] is not one of the layout'):
        parse_layout(data)


def test_a_pebbles_layout_of_40000_territories_gets_one_problem():
    """Before: 35 s, each name compared with every one before it, and a problem each."""
    from waddle.games.pebbles.layout import builtin_layout, check_layout

    data = builtin_layout(2).to_json()
    data["territories"] = [{"name": f"T{i}", "value": 1} for i in range(40_000)]
    with pytest.raises(BoardError) as raised:
        check_layout(json.dumps(data))
    assert raised.value.problems == ["40000 territories: the box has only 4 VP tokens"]


def test_a_hey_thats_my_fish_board_with_a_line_of_800_floes_is_refused_quickly():
    """Before: accepted after 13 s (the board's tables grow with the cube of a line)."""
    floes = [{"q": q, "r": 0, "fish": 1} for q in range(800)]
    with pytest.raises(BoardError) as raised:
        game("htmf").check_board(json.dumps(floes))
    assert raised.value.problems == [
        "the board has a straight line of 800 floes, from 0,0 to 799,0; a line has at most 24"
    ]


def test_a_waddle_map_of_more_hexes_than_a_link_carries_is_refused():
    data = game("waddle").new_record(2, 1).to_json()
    data["map"] = [{"q": q, "r": 0, "kind": "ice"} for q in range(2_500)]
    with pytest.raises(RecordError) as raised:
        game("waddle").record_from_json(data)
    assert str(raised.value) == "map: the map has 2,500 hexes; a map has at most 2,000"


@pytest.mark.parametrize("seed", [10**30, 2**64, -1])
def test_a_pebbles_record_whose_seed_no_link_can_carry_is_refused(seed):
    data = game("pebbles").new_record(2, 1).to_json()
    data["seed"] = seed
    with pytest.raises(RecordError, match=f'"seed" must be an integer from 0 to {MAX_SEED}'):
        game("pebbles").record_from_json(data)


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


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("Ridge", 10**30, "longer than a share link holds"),
        ("Ridge", "1" * 21, "longer than a share link holds"),
        ("é" * 31, 1, "a name has at most 60 bytes"),
        ("Ridge\ud800", 1, "a name must be text in UTF-8"),
        ("Ridge", "٣", "a territory value is a whole number or a formula"),
    ],
)
def test_a_territory_a_link_cannot_carry_is_refused(name, value, message):
    from waddle.games.pebbles.layout import parse_layout

    with pytest.raises(BoardError, match=message):
        parse_layout(pebbles_layout_with(name, value))


def test_the_largest_territory_a_link_carries_comes_back_from_its_link():
    from waddle.games.pebbles.layout import parse_layout
    from waddle.games.pebbles.record import new_record

    layout, _ = parse_layout(pebbles_layout_with("é" * 30, "9" * 20))
    record = new_record(2, 1, layout)
    again = game("pebbles").decode_link(game("pebbles").encode_link(record)).record
    assert again.dumps() == record.dumps()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda hexes: hexes[0].update(q=2**63), '"q" must be from'),
        (lambda hexes: hexes[0].update(r=-(2**63) - 1), '"r" must be from'),
        (lambda hexes: hexes[0].update(kind="water", fish=[1] * 51), "at most 50 fish"),
        (lambda hexes: hexes[0].update(kind="water", fish=[2**64]), "at most 50 fish"),
    ],
)
def test_a_waddle_hex_a_link_cannot_carry_is_refused(change, message):
    data = game("waddle").new_record(2, 1).to_json()
    change(data["map"])
    with pytest.raises(RecordError, match=message):
        game("waddle").record_from_json(data)


def test_a_floe_a_link_cannot_carry_is_refused():
    data = game("htmf").new_record(2, 1).to_json()
    data["board"][0]["q"] = 2**63
    with pytest.raises(RecordError, match="beyond what a share link holds"):
        game("htmf").record_from_json(data)


def test_a_bot_budget_in_superscript_digits_is_an_unknown_level():
    with pytest.raises(ValueError, match="@ takes a number of iterations"):
        level_budget("hard@²")


def test_the_waddle_board_editor_ignores_a_tile_number_beyond_ascii():
    editor = game("waddle").board_editor()
    ui = editor.new_ui()
    before = ui.tile
    editor.on_tool(editor.empty(), ui, "tile", "٣")
    assert ui.tile == before
