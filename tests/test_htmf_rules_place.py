"""Placement (htmf-record.md, "actions": placement phase; rulebook, "The youngest player
now places one of his penguins on an unoccupied ice floe with one fish" and "In turn the
other players do the same until all of the penguins have been placed").
"""

from __future__ import annotations

import pytest
from htmf_helpers import position

from waddle.games.htmf import PENGUINS, Action, new_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_player_0_places_first_then_each_player_in_turn(players):
    state = new_game(players, seed=1)
    order = []
    while state.phase == "place":
        order.append(state.to_move())
        state.apply(state.legal_actions()[0])
    assert order == list(range(players)) * PENGUINS[players]


@pytest.mark.parametrize(("players", "penguins"), [(2, 4), (3, 3), (4, 2)])
def test_each_player_places_4_3_or_2_penguins_by_the_number_of_players(players, penguins):
    state = new_game(players, seed=2)
    for _ in range(players * penguins):
        assert state.phase == "place"
        state.apply(state.legal_actions()[-1])
    assert state.phase == "move"
    assert [len(state.penguins_of(p)) for p in range(players)] == [penguins] * players


def test_a_penguin_is_placed_only_on_an_empty_1_fish_floe():
    state = new_game(2, seed=3)
    ones = {h for h, fish in state.floes_left().items() if fish == 1}
    assert set(state.placements()) == ones
    first = sorted(ones)[0]
    state.apply(Action.place(first))
    assert set(state.placements()) == ones - {first}
    assert state.penguin_at(first) == 0


def test_placing_elsewhere_is_illegal_and_says_why():
    state = new_game(2, seed=3)
    floes = state.floes_left()
    two = next(h for h, f in floes.items() if f == 2)
    one = next(h for h, f in floes.items() if f == 1)
    assert state.why_illegal(Action.place(two)) == (
        f"floe {two[0]},{two[1]} has 2 fish: penguins are placed on 1-fish floes"
    )
    assert state.why_illegal(Action.place((20, 20))) == "there is no floe at 20,20"
    state.apply(Action.place(one))
    assert state.why_illegal(Action.place(one)) == f"floe {one[0]},{one[1]} already has a penguin"


def test_no_move_while_penguins_are_being_placed():
    state = new_game(2, seed=4)
    one = state.placements()[0]
    state.apply(Action.place(one))
    assert state.why_illegal(Action.move(one, (one[0] + 1, one[1]))) == (
        "penguins are still being placed: place one on an empty 1-fish floe"
    )


def test_no_placing_once_every_penguin_is_on_the_ice():
    state = position(
        """
        |A 1 1 B 1 1 A 1 1 B 1 1 A 1 1 B 1 1 A 1 1 B
        """
    )
    assert state.phase == "move"
    assert state.why_illegal(Action.place((1, 0))) == (
        "every penguin is on the ice: move one of yours instead"
    )
    assert all(a.src is not None for a in state.legal_actions())
