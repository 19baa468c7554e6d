"""Placing penguins: single and double tokens, and where they may go.

Rulebook sections: "A. Place", "Clarifications & Tips" (ice only, two doubles per game,
unlimited singles).
"""

from __future__ import annotations

import pytest
from helpers import around, make_state, place, play, snapshot, solo_fill, strip

from waddle.core.game import IllegalActionError
from waddle.games.waddle import SCOUT, Action


def two_rings(players=2, order=None):
    """Water 1 at (0,0) and water 2 at (3,0), each ringed by six ice hexes of its own."""
    return make_state(strip(2), players=players, order=order)


def assert_rejected(state, action, reason_part):
    """The action is illegal, says why, and trying it changes nothing."""
    reason = state.why_illegal(action)
    assert reason is not None and reason_part in reason, reason
    assert action not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match=reason_part):
        state.apply(action)
    assert snapshot(state) == before


def test_legal_hexes_are_the_empty_ice_hexes_next_to_the_active_hex():
    """Rulebook, "A. Place": a penguin goes on an empty ice hex next to the active hex."""
    state = two_rings()
    assert set(state.legal_hexes()) == set(around((0, 0)))
    play(state, place(1, 0))
    assert set(state.legal_hexes()) == set(around((0, 0))) - {(1, 0)}


def test_place_a_single_penguin():
    """Rulebook, "A. Place": the player to move puts one single penguin on the hex."""
    state = two_rings(order=[1, 0])
    play(state, place(0, -1))
    assert state.penguin_at((0, -1)) == (1, 1)
    assert state.doubles_left == [2, 2]


def test_place_a_double_token():
    """Rulebook, "A. Place" / "Components": a double token is placed like a single and
    uses up one of the player's two doubles.
    """
    state = two_rings(order=[1, 0])
    play(state, place(0, -1, double=True))
    assert state.penguin_at((0, -1)) == (1, 2)
    assert state.doubles_left == [2, 1]


def test_only_two_doubles_per_player_per_game():
    """Rulebook, "Clarifications & Tips": each player places at most two doubles in a
    game; the third is illegal, while singles (and the other player's doubles) stay legal.
    """
    state = two_rings(order=[0, 1])
    play(state, place(1, 0, True), place(1, -1), place(0, -1, True), place(-1, 0))
    assert state.to_move() == 0
    assert state.doubles_left == [0, 2]
    assert_rejected(state, place(-1, 1, double=True), "no double token left")
    assert not any(a.double for a in state.legal_actions())
    play(state, place(-1, 1))
    assert state.to_move() == 1
    assert Action.place((0, 1), True) in state.legal_actions()


def test_doubles_are_not_refreshed_by_a_new_round():
    """Rulebook, "Clarifications & Tips": the two doubles are per game, not per round."""
    state = two_rings(order=[0, 1])
    play(state, place(1, 0, True), SCOUT)  # player 1 scouts; player 0 fills the ring
    play(state, place(1, -1, True), *(place(*h) for h in around((0, 0))[2:]))
    assert state.active_number == 2
    play(state, SCOUT)  # player 1 goes first after scouting, and scouts again
    assert state.to_move() == 0
    assert state.why_illegal(place(4, 0, double=True)) == "no double token left"


def test_singles_are_unlimited():
    """Rulebook, "Clarifications & Tips": singles never run out (substitutes are used
    once the box's eighteen are gone), so one player may place more than eighteen.
    """
    state = make_state(strip(4), players=2, order=[1, 0])
    solo_fill(state, player=0)
    assert state.is_over()
    owners = [state.penguin_at(state.board.coords[i]) for i in state.board.ice]
    assert owners == [(0, 1)] * 24


def test_placing_on_water_is_illegal():
    """Rulebook, "Clarifications & Tips": penguins go on ice, never on water."""
    state = two_rings()
    assert_rejected(state, place(0, 0), "water")
    assert_rejected(state, place(3, 0, double=True), "water")


def test_placing_off_the_map_is_illegal():
    """Rulebook, "Clarifications & Tips": penguins are never placed off the map."""
    state = two_rings()
    assert_rejected(state, place(0, -2), "not on the map")
    assert_rejected(state, place(50, 50), "not on the map")


def test_placing_on_an_occupied_hex_is_illegal():
    """Rulebook, "A. Place": the ice hex must be empty."""
    state = two_rings()
    play(state, place(1, 0))
    assert_rejected(state, place(1, 0), "already has a penguin")
    assert_rejected(state, place(1, 0, double=True), "already has a penguin")


def test_placing_on_ice_not_next_to_the_active_hex_is_illegal():
    """Rulebook, "A. Place": only ice next to the active hex may be used, even if it lies
    next to a later water hex.
    """
    state = two_rings()
    assert_rejected(state, place(4, 0), "not next to the active")
    assert_rejected(state, place(2, 1, double=True), "not next to the active")


def test_place_actions_offered_are_singles_and_doubles_on_each_legal_hex():
    """Rulebook, "A. Place" / "Player Turns": on a turn the player may put a single or a
    double on any legal hex, or scout ahead.
    """
    state = two_rings()
    expected = {Action.place(h, d) for h in around((0, 0)) for d in (False, True)} | {SCOUT}
    assert set(state.legal_actions()) == expected
    assert len(state.legal_actions()) == len(expected)
