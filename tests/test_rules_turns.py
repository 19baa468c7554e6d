"""Turn order and the start of the game.

Rulebook sections: "Setup" (marbles on the left track), "Turn Order" (the player at the
bottom of the active track acts), "Game Rounds" (where the marker starts).
"""

from __future__ import annotations

from helpers import around, make_state, place, play, ring, strip, water

LEFT, RIGHT = 0, 1


def test_starting_order_is_on_the_left_track():
    """Rulebook, "Setup": every marble starts on the left track, in the drawn order, and
    the left track is the active one.
    """
    state = make_state(ring((0, 0), 1), players=3, order=[2, 0, 1])
    assert state.tracks == [[2, 0, 1], []]
    assert state.active_track == LEFT


def test_player_at_the_bottom_of_the_active_track_moves_first():
    """Rulebook, "Turn Order": the marble at the bottom of the active track takes the turn."""
    state = make_state(ring((0, 0), 1), players=3, order=[2, 0, 1])
    assert state.to_move() == 2


def test_turns_follow_the_track_and_wrap_around():
    """Rulebook, "Turn Order" / "A. Place": after placing, a marble goes to the top of the
    same track, so players take turns in track order and come round again.
    """
    state = make_state(ring((0, 0), 1), players=3, order=[1, 2, 0])
    movers = []
    for h in around((0, 0))[:5]:
        movers.append(state.to_move())
        state.apply(place(*h))
    assert movers == [1, 2, 0, 1, 2]


def test_marker_starts_on_the_lowest_numbered_water_hex():
    """Rulebook, "Game Rounds": the marker starts on the first water hex in numbered
    order (the generated tiles print it as the hex with the fish icon).
    """
    state = make_state([*ring((3, 0), 2), *ring((0, 0), 1)])
    assert state.active_number == 1
    assert state.active_hex == (0, 0)


def test_marker_skips_a_numbered_hex_with_no_ice_around_it():
    """Rulebook, "Round End" ("lowest-numbered water hex with at least 1 empty ice hex next
    to it"), applied at the start too: a numbered hex with no ice around it is skipped.
    """
    state = make_state([water(10, 10, 1, [3]), *ring((0, 0), 2)])
    assert state.active_number == 2
    assert state.active_hex == (0, 0)


def test_order_continues_into_the_next_round_when_nobody_scouts():
    """Rulebook, "Round End" ("New Turn Order") / "Clarifications & Tips": if nobody
    scouted, the turn track is not touched, so the next round picks up the order where the
    last one stopped rather than starting again from the first player.
    """
    state = make_state(strip(2), players=4, order=[0, 1, 2, 3])
    movers = []
    for h in around((0, 0)):
        movers.append(state.to_move())
        state.apply(place(*h))
    assert movers == [0, 1, 2, 3, 0, 1]
    assert state.active_number == 2
    assert state.active_track == LEFT
    assert state.tracks == [[2, 3, 0, 1], []]
    assert state.to_move() == 2


def test_placing_moves_the_marble_to_the_top_of_the_same_track():
    """Rulebook, "A. Place": the marble goes from the bottom to the top of the active
    track, behind everyone else.
    """
    state = make_state(ring((0, 0), 1), players=3, order=[0, 1, 2])
    play(state, place(1, 0))
    assert state.tracks == [[1, 2, 0], []]
    assert state.active_track == LEFT
