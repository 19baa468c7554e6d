"""Maps: pools, numbered water, and validation of custom maps (rulebook, "Clarifications")."""

import json

import pytest

from waddle.games.waddle import Board, HexSpec, MapError, check_map
from waddle.games.waddle.board import load_custom_map


def water(q, r, number=None, fish=()):
    return HexSpec(q, r, "water", number, tuple(fish))


def ice(q, r):
    return HexSpec(q, r, "ice")


def test_a_fishing_pool_is_every_connected_water_hex_with_all_their_fish():
    """Rulebook, "Goal": a fishing pool is any area of one or more adjacent water hexes."""
    board = Board([water(0, 0, 1, [3]), water(1, 0, None, [5, 1]), water(4, 0, 2, [2]), ice(2, 0)])
    pools = sorted(board.pools, key=lambda p: len(p.water), reverse=True)
    assert [len(p.water) for p in pools] == [2, 1]
    assert pools[0].fish == (5, 3, 1)
    assert [board.coords[i] for i in pools[0].ice] == [(2, 0)]


def test_a_pool_is_named_by_its_lowest_number_and_lists_its_hexes():
    """waddle-record.md, "replay": a pool's ``number`` is the lowest of its water hexes'
    numbers (None when none is numbered) and ``hexes`` its water hexes."""
    board = Board(
        [water(0, 0, 9, [3]), water(1, 0, 4), water(2, 0), water(5, 0, None, [1]), ice(3, 0)]
    )
    named = {p.number: set(p.hexes) for p in board.pools}
    assert named == {4: {(0, 0), (1, 0), (2, 0)}, None: {(5, 0)}}


def test_numbered_water_hexes_are_visited_in_number_order():
    board = Board([water(0, 0, 7), water(3, 0, 2), water(6, 0, 40), ice(1, 0)])
    assert board.numbers == (2, 7, 40)


def test_a_penguin_next_to_two_hexes_of_one_pool_is_listed_once():
    board = Board([water(0, 0, 1), water(1, -1), ice(1, 0)])
    assert len(board.pools) == 1 and len(board.pools[0].ice) == 1


def test_custom_map_errors_are_all_reported_at_once():
    specs = [water(0, 0, 1), ice(0, 0), water(2, 0, 1), ice(5, 0)]
    errors, _ = check_map(specs)
    assert any("hex 0,0 appears twice" in e for e in errors)
    assert any("number 1 is used twice" in e for e in errors)
    with pytest.raises(MapError) as caught:
        Board(specs)
    assert len(caught.value.problems) == 2


def test_a_map_without_numbered_water_is_an_error():
    errors, _ = check_map([water(0, 0, None, [3]), ice(1, 0)])
    assert errors == ["the map has no numbered water hex, so no round can start"]


def test_an_empty_map_is_an_error():
    assert check_map([])[0] == ["the map has no hexes"]


def test_ice_that_can_never_be_filled_is_a_warning_not_an_error():
    """Peninsulas, gaps and islands are allowed (rulebook, "Clarifications & Tips")."""
    errors, warnings = check_map([water(0, 0, 1), ice(1, 0), ice(2, 0), ice(9, 9)])
    assert errors == []
    assert any("2 ice hex(es) touch no numbered water" in w and "9,9" in w for w in warnings)
    assert any("2 separate islands" in w for w in warnings)


def test_load_custom_map_accepts_a_list_or_an_object_and_reports_bad_json():
    text = json.dumps(
        [{"q": 0, "r": 0, "kind": "water", "number": 1}, {"q": 1, "r": 0, "kind": "ice"}]
    )
    specs, warnings = load_custom_map(text)
    assert len(specs) == 2 and warnings == []
    assert load_custom_map(json.dumps({"map": json.loads(text)}))[0] == specs
    with pytest.raises(MapError, match="not valid JSON"):
        load_custom_map("[")
    with pytest.raises(MapError, match='"fish" must be a list of non-negative integers'):
        load_custom_map('[{"q": 0, "r": 0, "kind": "water", "fish": [-1]}]')
    with pytest.raises(MapError, match="an ice hex has no number and no fish"):
        load_custom_map('[{"q": 0, "r": 0, "kind": "ice", "number": 3}]')
