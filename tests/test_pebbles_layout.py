"""Pebbles layouts: the project's built-in layouts (waddle/games/pebbles/layouts.json) and
custom layouts from JSON with every problem listed (rulebook, "Setup" 2: "try creating
your own tile setup"; "Moving a Penguin / Adjacency"; "Pathway Tokens")."""

from __future__ import annotations

import copy
import json

import pytest
from pebbles_helpers import LINE_JSON

from waddle.core import hexgrid
from waddle.core.records import BoardError
from waddle.games.pebbles import builtin_layout, check_layout, load_custom_layout
from waddle.games.pebbles.layout import _builtin_file


def text(data) -> str:
    return json.dumps(data)


def edited(**changes):
    data = copy.deepcopy(LINE_JSON)
    data.update(changes)
    return data


def problems(data) -> list[str]:
    with pytest.raises(BoardError) as e:
        load_custom_layout(text(data))
    return e.value.problems


def test_the_layouts_file_says_it_is_the_projects_own_design():
    about = " ".join(_builtin_file()["about"])
    assert "project's own design" in about and "printed" in about


@pytest.mark.parametrize("players", [2, 3])
def test_the_highest_tiles_lie_in_the_territory_worth_least_and_the_lowest_in_the_best(players):
    """The project's balance decision (rules page, "High tiles in the poorest territory"):
    the card that wins a trick is often the highest, so its tile is worth least; the seat
    that leads first no longer wins more often (figures in layouts.json)."""
    layout = builtin_layout(players)
    values = layout.values(players)
    territory = {t.number: t.territory for t in layout.tiles}
    low, high = min(layout.numbers), max(layout.numbers)
    assert values[territory[high]] == values[territory[high - 1]] == min(values)
    assert territory[high] == territory[high - 1]
    assert values[territory[low]] == max(values) > min(values)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_built_in_layouts_tiles_touch_as_hexes_pathways_join_tiles_apart(players):
    """Moving a Penguin / Adjacency, Pathway Tokens: adjacent = touching hexes or a pathway
    between tiles that do not touch; every tile reachable; territories in one piece."""
    layout = builtin_layout(players)
    for i, tile in enumerate(layout.tiles):
        touching = {layout.tiles[j].number for j in layout.touching[i]}
        assert touching == {
            t.number for t in layout.tiles if hexgrid.distance(t.hex, tile.hex) == 1
        }
    for a, b in layout.pathways:
        ta, tb = layout.tiles[layout.index[a]], layout.tiles[layout.index[b]]
        assert hexgrid.distance(ta.hex, tb.hex) > 1
        assert layout.index[b] in layout.neighbours[layout.index[a]]
    _, warnings = load_custom_layout(text(layout.to_json()))
    assert warnings == []


def test_a_layout_reads_back_from_its_own_json():
    layout = builtin_layout(4)
    again, _ = load_custom_layout(text(layout.to_json()))
    assert again.key() == layout.key() and again.name is None


def test_check_layout_sums_a_layout_up_in_one_line():
    summary, warnings = check_layout(text(LINE_JSON))
    assert summary == "7 tiles (7-13), 4 territories, 2 pathways: fits 2 players"
    assert warnings == []
    four = builtin_layout(4).to_json()
    assert check_layout(text(four))[0].endswith("fits 2 or 3 or 4 players")


def test_custom_layout_errors_are_all_listed_with_what_is_wrong():
    data = edited(
        territories=[
            {"name": "A", "value": "X"},
            {"name": "A", "value": "X"},
            {"name": "B", "value": "Y+1"},
            {"name": "C", "value": "X-3"},
            {"name": "D", "value": 2},
        ],
        tiles=[
            {"number": 7, "q": 0, "r": 0, "territory": "A"},
            {"number": 7, "q": 1, "r": 0, "territory": "A"},
            {"number": 8, "q": 0, "r": 0, "territory": "A"},
            {"number": 14, "q": 2, "r": 0, "territory": "A"},
            {"number": 9, "q": 2, "r": 0, "territory": "E"},
            {"number": 10, "q": 1.5, "r": 0, "territory": "A"},
        ],
        pathways=[[7, 7], [7, 99], [1, 2], [3, 4]],
    )
    found = problems(data)
    assert found == [
        "5 territories: the box has only 4 VP tokens",
        'territory "A" appears twice',
        'territory "B": a territory value is a whole number or a formula like X, X+1 or '
        '2X-1, not "Y+1"',
        'territory "C" is worth less than nothing with 2 players',
        "tile 7 appears twice",
        "tile 8: hex 0,0 already has a tile",
        'tile entry 4: "number" must be a whole number from 1 to 13',
        'tile 9: territory "E" is not one of the layout\'s ("A", "D")',
        'tile 10: "q" and "r" must be whole numbers (its hex)',
        "4 pathways: the box has tokens for 2 pairs",
        "pathway 1 joins tile 7 to itself",
        "pathway 2: there is no tile 99",
        "pathway 3: there is no tile 1",
        "pathway 4: there is no tile 3",
    ]


def test_a_pathway_between_tiles_that_touch_is_an_error():
    """Pathway Tokens "connect tiles that do not touch"."""
    assert problems(edited(pathways=[[7, 8]])) == [
        "pathway 1: tiles 7 and 8 already touch (a pathway joins tiles apart)"
    ]


def test_a_layout_missing_a_number_in_play_fits_no_game():
    data = edited(tiles=[t for t in LINE_JSON["tiles"] if t["number"] != 10])
    assert problems(data) == [
        "no game fits this layout: every card number in play needs a tile (2 players use "
        "7-13, 3 players 4-13, 4 players 1-13); missing: 10"
    ]


def test_a_territory_with_no_tile_is_an_error():
    data = edited(territories=[*LINE_JSON["territories"][:3], {"name": "E", "value": 1}])
    data["tiles"] = [t for t in data["tiles"] if t["territory"] != "D"] + [
        {"number": 13, "q": 6, "r": 0, "territory": "C"}
    ]
    assert problems(data) == ['territory "E" has no tile']


def test_custom_layout_warnings_for_what_is_playable_but_odd():
    data = edited(
        territories=LINE_JSON["territories"][:3],
        tiles=[
            *({**t, "territory": "C"} if t["territory"] == "D" else t for t in LINE_JSON["tiles"]),
            {"number": 3, "q": 9, "r": 5, "territory": "A"},
        ],
        pathways=[],
    )
    _, warnings = load_custom_layout(text(data))
    assert warnings == [
        'territory "A" is in several pieces',
        "some tiles cannot be reached from others, even by pathways",
        "3 territories: the box has 4 tokens",
        "no card has the number of tile 3: no penguin is placed there",
    ]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("{", "not valid JSON"),
        ("[1, 2]", "a Pebbles layout must be a JSON object"),
        ('{"game": "htmf", "territories": [], "tiles": []}', '"game" must be "pebbles"'),
    ],
)
def test_custom_layout_text_that_is_not_a_layout(raw, message):
    with pytest.raises(BoardError, match=message):
        load_custom_layout(raw)
