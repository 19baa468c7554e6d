"""The end of a round: the new active hex and the new turn order.

Rulebook sections: "Game Rounds", "Round End" ("New Active Hex", "New Turn Order",
"New Round"), "Clarifications & Tips" (the marker stays put when nobody scouts).
"""

from __future__ import annotations

from helpers import around, make_state, place, play, ring, strip, water

from waddle.games.waddle import SCOUT

LEFT, RIGHT = 0, 1
RING_1 = around((0, 0))


def fill_active(state):
    """Whoever is to move places singles until the active hex changes (or the game ends)."""
    number = state.active_number
    movers = []
    while state.active_number == number:
        movers.append(state.to_move())
        state.apply(place(*state.legal_hexes()[0]))
    return movers


def test_round_goes_on_while_ice_around_the_active_hex_is_empty():
    """Rulebook, "Round End": the round lasts until every ice hex around the active hex has
    a penguin.
    """
    state = make_state(strip(2), players=2)
    play(state, *(place(*h) for h in RING_1[:5]))
    assert state.active_number == 1
    assert state.legal_hexes() == [RING_1[5]]


def test_round_ends_when_the_active_hex_is_surrounded():
    """Rulebook, "Round End" ("New Active Hex"): filling the last ice hex around the
    active hex moves the marker to the next numbered water hex.
    """
    state = make_state(strip(2), players=2)
    play(state, *(place(*h) for h in RING_1))
    assert state.active_number == 2
    assert state.active_hex == (3, 0)
    assert set(state.legal_hexes()) == set(around((3, 0)))


def test_placing_on_ice_shared_by_two_numbered_hexes_fills_both():
    """Rulebook, "Round End": a penguin next to two numbered water hexes is around both,
    so the later hex has one hex fewer to fill. Water 1 at (0,0) and water 2 at (2,0)
    share the ice hex (1,0).
    """
    state = make_state(strip(2, spacing=2), players=2)
    assert len(state.board.ice) == 11
    play(state, *(place(*h) for h in RING_1))
    assert state.active_number == 2
    assert (1, 0) not in state.legal_hexes()
    assert set(state.legal_hexes()) == set(around((2, 0))) - {(1, 0)}
    assert len(fill_active(state)) == 5
    assert state.is_over()


def test_new_active_hex_skips_numbered_water_already_surrounded():
    """Rulebook, "Round End" ("New Active Hex"): the marker goes to the lowest-numbered
    water hex that still has empty ice next to it, skipping any whose ice was all filled
    meanwhile. Water 2 at (2,0) touches only the ice hex (1,0), which belongs to water 1's
    ring, so once round 1 is over the marker jumps to water 3.
    """
    specs = [*ring((0, 0), 1), water(2, 0, 2), *ring((5, 0), 3)]
    state = make_state(specs, players=2)
    fill_active(state)
    assert state.active_number == 3
    assert state.active_hex == (5, 0)


def test_without_a_scout_the_turn_order_stays_on_the_same_track():
    """Rulebook, "Round End" ("New Turn Order") / "Clarifications & Tips": if nobody
    scouted, the turn track marker stays and play continues in track order.
    """
    state = make_state(strip(3), players=4, order=[3, 1, 0, 2])
    assert fill_active(state) == [3, 1, 0, 2, 3, 1]
    assert state.active_track == LEFT
    assert state.tracks == [[0, 2, 3, 1], []]
    assert fill_active(state) == [0, 2, 3, 1, 0, 2]
    assert state.active_track == LEFT


def test_after_a_scout_the_remaining_marbles_follow_onto_the_scouts_track():
    """Rulebook, "Round End" ("New Turn Order"): if anyone scouted, the marbles still on
    the active track move, in order, on top of the scouts on the other track, which
    becomes active; so the scouts play first next round, in the order they scouted.
    """
    state = make_state(strip(2), players=4, order=[0, 1, 2, 3])
    play(state, place(*RING_1[0]), SCOUT, place(*RING_1[1]), SCOUT)
    assert state.tracks == [[0, 2], [1, 3]]
    assert fill_active(state) == [0, 2, 0, 2]
    assert state.active_number == 2
    assert state.tracks == [[], [1, 3, 0, 2]]
    assert state.active_track == RIGHT
    assert state.to_move() == 1
    assert fill_active(state) == [1, 3, 0, 2, 1, 3]


def test_turn_track_marker_moves_back_when_someone_scouts_again():
    """Rulebook, "Round End" ("New Turn Order"): the marker follows the scouts every round
    someone scouts, so it can move from the right track back to the left one.
    """
    state = make_state(strip(3), players=3, order=[0, 1, 2])
    play(state, SCOUT)
    fill_active(state)
    assert state.active_track == RIGHT
    assert state.tracks == [[], [0, 1, 2]]
    play(state, place(*around((3, 0))[0]), SCOUT)
    assert state.tracks == [[1], [2, 0]]
    assert fill_active(state) == [2, 0, 2, 0, 2]
    assert state.active_track == LEFT
    assert state.tracks == [[1, 0, 2], []]


def test_round_after_a_scout_with_no_scout_keeps_the_new_track():
    """Rulebook, "Round End" ("New Turn Order"): after the marker moved, a round without
    scouts leaves it where it is.
    """
    state = make_state(strip(3), players=2, order=[0, 1])
    play(state, SCOUT)
    fill_active(state)
    assert state.active_track == RIGHT
    assert fill_active(state) == [0, 1, 0, 1, 0, 1]
    assert state.active_track == RIGHT
    assert state.active_number == 3


def test_last_round_ends_the_game_with_no_new_active_hex():
    """Rulebook, "Round End" ("New Active Hex"): when no water hex has empty ice next to
    it, there is no new active hex and the game ends.
    """
    state = make_state(strip(2), players=2)
    fill_active(state)
    fill_active(state)
    assert state.is_over()
    assert state.active_hex is None
    assert state.active_number is None
