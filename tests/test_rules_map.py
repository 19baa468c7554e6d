"""The map: ice and water hexes, numbered water, and fishing pools.

Rulebook sections: "Goal" (what a fishing pool is), "Setup" (the tiles and the active-hex
marker), "Game Rounds" (the marker visits water hexes in numbered order), and the record
design note for custom maps.
"""

from __future__ import annotations

import pytest
from helpers import around, ice, island, make_state, merge, ring, water

from waddle.games.waddle import Board, HexSpec, MapError, check_map


def pools_by_hexes(state):
    """The breakdown's pools keyed by their set of water hexes."""
    return {frozenset(p.hexes): p for p in state.breakdown().pools}


def test_fishing_pool_is_a_connected_area_of_water():
    """Rulebook, "Goal": a fishing pool is any group of one or more water hexes that touch.

    Two touching water hexes make one pool; a water hex that touches neither is its own pool.
    """
    state = make_state(island(water(0, 0, 1, [3]), water(1, 0, None, [2]), water(5, 0, 2, [4])))
    pools = pools_by_hexes(state)
    assert set(pools) == {frozenset({(0, 0), (1, 0)}), frozenset({(5, 0)})}


def test_single_water_hex_is_a_pool_of_its_own():
    """Rulebook, "Goal": a pool may be a single water hex."""
    state = make_state(ring((0, 0), 1, [2]))
    (pool,) = state.breakdown().pools
    assert pool.hexes == ((0, 0),)
    assert pool.fish == (2,)


def test_pool_holds_every_fish_of_all_its_hexes_best_first():
    """Rulebook, "Goal" / "Fishing Pools": a pool's fish are those of all its water hexes.

    A chain of three touching water hexes pools their fish; they are ranked best first.
    """
    state = make_state(
        island(water(0, 0, 1, [1, 3]), water(1, 0, None, [5]), water(2, 0, None, [2]))
    )
    (pool,) = state.breakdown().pools
    assert set(pool.hexes) == {(0, 0), (1, 0), (2, 0)}
    assert pool.fish == (5, 3, 2, 1)


def test_unnumbered_water_merges_with_numbered_water_into_one_pool():
    """Rulebook, "Goal": numbers only guide the marker; an unnumbered water hex touching a
    numbered one belongs to the same pool. The pool is named by its (lowest) number.
    """
    state = make_state(island(water(0, 0, 4, [2]), water(0, 1, None, [1]), water(1, 0, 7)))
    (pool,) = state.breakdown().pools
    assert set(pool.hexes) == {(0, 0), (0, 1), (1, 0)}
    assert pool.number == 4
    assert pool.fish == (2, 1)


def test_water_hexes_sharing_only_an_ice_neighbour_are_separate_pools():
    """Rulebook, "Goal": pools are connected through water; two water hexes two steps
    apart that touch the same ice hex do not form one pool.
    """
    state = make_state(island(water(0, 0, 1, [3]), water(2, 0, 2, [1])))
    pools = pools_by_hexes(state)
    assert set(pools) == {frozenset({(0, 0)}), frozenset({(2, 0)})}
    assert pools[frozenset({(0, 0)})].fish == (3,)
    assert pools[frozenset({(2, 0)})].fish == (1,)


def test_pool_of_only_unnumbered_water_is_still_a_pool():
    """Rulebook, "Goal": any area of water is a pool, numbered or not; it has no number."""
    state = make_state([*ring((0, 0), 1), water(2, -1, None, [4])])
    pools = pools_by_hexes(state)
    assert pools[frozenset({(2, -1)})].number is None
    assert pools[frozenset({(2, -1)})].fish == (4,)


def test_numbers_set_the_marker_order_whatever_the_map_listing():
    """Rulebook, "Game Rounds": the marker visits water hexes in numbered order, not in the
    order the map happens to list them.
    """
    specs = [*ring((6, 0), 9), *ring((3, 0), 2), *ring((0, 0), 5)]
    board = Board(specs)
    assert board.numbers == (2, 5, 9)
    state = make_state(specs)
    assert state.active_number == 2
    assert state.active_hex == (3, 0)


def test_adjacency_follows_the_six_axial_neighbours():
    """Rulebook, "A. Place" ("next to the active hex"); record note, "Coordinates": the six
    axial neighbours are the hexes next to a hex, and only those.
    """
    field = (ice(q, r) for q in range(-2, 3) for r in range(-2, 3))
    state = make_state(merge([water(0, 0, 1)], field))
    assert set(state.legal_hexes()) == set(around((0, 0)))


def test_map_without_numbered_water_is_rejected():
    """Rulebook, "Setup": the marker needs a water hex to start on; a map without any
    numbered water cannot be played.
    """
    with pytest.raises(MapError):
        Board([water(0, 0), ice(1, 0)])


def test_ice_cannot_carry_a_number_or_fish():
    """Rulebook, "Setup": numbers and fish are printed on water hexes only."""
    with pytest.raises(MapError):
        Board([water(0, 0, 1), HexSpec(1, 0, "ice", 2)])


def test_numbers_must_be_distinct():
    """Rulebook, "Game Rounds": the numbered order must be unambiguous."""
    with pytest.raises(MapError):
        Board([water(0, 0, 1), water(3, 0, 1), ice(1, 0)])


def test_check_map_warns_about_ice_that_no_numbered_water_touches():
    """Rulebook, "Clarifications & Tips" (creative layouts): a custom map may have ice no
    active hex ever reaches; that is allowed but warned about.
    """
    errors, warnings = check_map([*ring((0, 0), 1), ice(0, 2)])
    assert errors == []
    assert any("never be filled" in w for w in warnings)
