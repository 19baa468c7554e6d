"""Scouting ahead, and the last player placing.

Rulebook sections: "B. Scout Ahead", "Last Player Placing".
"""

from __future__ import annotations

import pytest
from helpers import around, make_state, place, play, snapshot, strip

from waddle.core.game import IllegalActionError
from waddle.games.waddle import SCOUT, Action

LEFT, RIGHT = 0, 1
RING_1 = around((0, 0))
"""The six ice hexes around water 1 of ``strip(2)``."""


def game(players=3, order=None):
    """Water 1 at (0,0) and water 2 at (3,0), each ringed by six ice hexes of its own."""
    return make_state(strip(2), players=players, order=order or list(range(players)))


def test_scouting_moves_the_marble_to_the_top_of_the_other_track():
    """Rulebook, "B. Scout Ahead": instead of placing, the player moves their marble to
    the other track; nothing is placed and the active track does not change.
    """
    state = game(3, [0, 1, 2])
    play(state, SCOUT)
    assert state.tracks == [[1, 2], [0]]
    assert state.active_track == LEFT
    assert state.to_move() == 1
    assert len(state.legal_hexes()) == 6


def test_scouts_line_up_on_the_other_track_in_the_order_they_scouted():
    """Rulebook, "B. Scout Ahead": each scout goes to the top of the other track, behind
    any earlier scout.
    """
    state = game(4, [0, 1, 2, 3])
    play(state, SCOUT, place(1, 0), SCOUT)
    assert state.tracks == [[3, 1], [0, 2]]


def test_a_scout_places_no_more_penguins_this_round():
    """Rulebook, "B. Scout Ahead": once a player has scouted, they get no more turns in
    this round; they move again only when the next round starts.
    """
    state = game(3, [0, 1, 2])
    play(state, SCOUT)
    movers = []
    while state.active_number == 1:
        movers.append(state.to_move())
        state.apply(place(*state.legal_hexes()[0]))
    assert movers == [1, 2, 1, 2, 1, 2]
    assert state.to_move() == 0


def test_a_player_may_scout_after_placing_earlier_in_the_round():
    """Rulebook, "Player Turns": every turn offers the same choice, so a player who placed
    earlier in the round may scout on a later turn.
    """
    state = game(2, [0, 1])
    play(state, place(1, 0), place(1, -1))
    assert SCOUT in state.legal_actions()
    play(state, SCOUT)
    assert state.tracks == [[1], [0]]


def test_last_player_placing_may_not_scout():
    """Rulebook, "Scout Ahead / Last Player Placing": when only one marble is left on the
    active track and ice around the active hex is still empty, that player may not scout.
    """
    state = game(3, [0, 1, 2])
    play(state, SCOUT, SCOUT)
    assert state.tracks == [[2], [0, 1]]
    assert SCOUT not in state.legal_actions()
    assert not state.can_scout()
    assert state.why_not_scout() is not None
    reason = state.why_illegal(SCOUT)
    assert reason is not None and "scouting is not allowed" in reason
    before = snapshot(state)
    with pytest.raises(IllegalActionError):
        state.apply(SCOUT)
    assert snapshot(state) == before


def test_last_player_placing_places_until_the_active_hex_is_surrounded():
    """Rulebook, "Scout Ahead / Last Player Placing": the last marble keeps placing, turn
    after turn, until every ice hex around the active hex is filled; then the round ends.
    """
    state = game(3, [0, 1, 2])
    play(state, SCOUT, place(1, 0), SCOUT)
    movers = []
    while state.active_number == 1:
        movers.append(state.to_move())
        assert SCOUT not in state.legal_actions()
        state.apply(place(*state.legal_hexes()[0]))
    assert movers == [1] * 5
    assert all(state.penguin_at(h)[0] == 1 for h in RING_1)


def test_with_two_players_one_scout_leaves_the_other_placing_alone():
    """Rulebook, "Scout Ahead / Last Player Placing": in a two-player game, once one player
    scouts the other is the last one placing and cannot scout back.
    """
    state = game(2, [1, 0])
    play(state, SCOUT)
    assert state.to_move() == 0
    assert state.why_not_scout() is not None
    assert SCOUT not in state.legal_actions()


def test_scouting_is_allowed_while_another_marble_remains_on_the_active_track():
    """Rulebook, "B. Scout Ahead": with another marble still on the active track, the
    player to move may scout.
    """
    state = game(3, [0, 1, 2])
    play(state, SCOUT)
    assert state.why_not_scout() is None
    assert state.why_illegal(SCOUT) is None
    assert SCOUT in state.legal_actions()


def test_a_scout_places_no_token_so_a_double_scout_is_illegal():
    """Rulebook, "B. Scout Ahead": scouting puts no penguin down, so there is no double
    scout. An action with no hex but the double flag set is not one ``legal_actions``
    offers, so ``why_illegal`` must give a reason and ``apply`` must refuse it.
    """
    state = game(3)
    odd = Action(None, True)
    assert odd not in state.legal_actions()
    assert state.why_illegal(odd) is not None
    before = snapshot(state)
    with pytest.raises(IllegalActionError):
        state.apply(odd)
    assert snapshot(state) == before
