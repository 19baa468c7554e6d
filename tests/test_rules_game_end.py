"""The end of the game and who wins.

Rulebook sections: "Round End" ("New Active Hex": no such hex ends the game), "Game End &
Scoring" (most VP wins, ties share victory); the record design note for custom maps.
"""

from __future__ import annotations

import pytest
from helpers import around, ice, make_state, place, play, ring, snapshot, water

from waddle.core.game import IllegalActionError
from waddle.games.waddle import SCOUT, Action

RING = around((0, 0))
"""Six ice hexes around water 1 at (0,0), in ring order: each touches the next."""


def finished_ring_game():
    state = make_state(ring((0, 0), 1, [2]), players=2, order=[0, 1])
    return play(state, *(place(*h) for h in RING))


def test_game_ends_when_every_ice_hex_has_a_penguin():
    """Rulebook, "Game End & Scoring": once every ice hex is filled the game is over."""
    state = make_state(ring((0, 0), 1, [2]), players=2)
    play(state, *(place(*h) for h in RING[:5]))
    assert not state.is_over()
    play(state, place(*RING[5]))
    assert state.is_over()


def test_nobody_moves_once_the_game_is_over():
    """Rulebook, "Game End & Scoring": after the end there is no turn and nothing to do."""
    state = finished_ring_game()
    assert state.to_move() is None
    assert state.legal_actions() == []
    assert state.legal_hexes() == []
    assert state.active_hex is None
    assert state.active_number is None


@pytest.mark.parametrize(
    "action",
    [SCOUT, Action.place((1, 0)), Action.place((2, 0)), Action.place((0, 0), True)],
    ids=str,
)
def test_any_action_after_the_end_is_illegal(action):
    """Rulebook, "Game End & Scoring": no action may be taken after the game has ended;
    the refusal says why and leaves the final position untouched.
    """
    state = finished_ring_game()
    assert state.why_illegal(action) == "the game is over"
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(action)
    assert snapshot(state) == before
    assert state.why_not_scout() == "the game is over"


def test_ice_that_touches_no_numbered_water_stays_empty_on_a_custom_map():
    """Rulebook, "Clarifications & Tips" (creative layouts) with the record note: ice that
    no numbered water hex touches is never next to the active hex, so it is never filled
    and the game ends without it.
    """
    state = make_state([*ring((0, 0), 1), ice(0, 2)], players=2)
    assert state.why_illegal(place(0, 2)) is not None
    play(state, *(place(*h) for h in RING))
    assert state.is_over()
    assert state.penguin_at((0, 2)) is None


def test_game_with_no_playable_numbered_water_is_over_at_once():
    """Rulebook, "Round End" ("New Active Hex"): with no numbered water next to empty ice
    there is no active hex at all.
    """
    state = make_state([water(0, 0, 1), ice(0, 2)], players=3)
    assert state.is_over()
    assert state.to_move() is None


def test_highest_total_wins():
    """Rulebook, "Game End & Scoring": the player with the most VP wins.

    Player 0 has a double and two singles in one group (4 penguins, 10 VP) and the most
    penguins at the pool (4 against 3: its 2 fish); player 1 has three singles in one
    group (6 VP) and no fish.
    """
    state = make_state(ring((0, 0), 1, [2]), players=2, order=[0, 1])
    play(
        state,
        place(1, 0, double=True),
        place(-1, 0),
        place(1, -1),
        place(-1, 1),
        place(0, -1),
        place(0, 1),
    )
    assert state.is_over()
    assert state.scores() == [12, 6]
    assert state.winners() == [0]


def test_tied_totals_share_the_victory():
    """Rulebook, "Game End & Scoring": with equal top totals, every tied player wins.

    The players alternate around the ring, so each has three lone penguins (3 VP) and they
    tie at the pool (3 each), both scoring its 2 fish (2-player pool rule).
    """
    state = finished_ring_game()
    assert state.scores() == [5, 5]
    assert state.winners() == [0, 1]


def test_winners_list_only_the_top_score_when_others_tie_below():
    """Rulebook, "Game End & Scoring": only the highest total wins, even if players below
    it are tied with each other.
    """
    state = make_state(ring((0, 0), 1), players=3, order=[0, 1, 2])
    play(state, place(1, 0), place(-1, 0), place(0, 1), place(1, -1), SCOUT, SCOUT)
    play(state, place(0, -1), place(-1, 1))
    # Player 0: (1,0),(1,-1),(0,-1) in one group (6 VP) and a lone (-1,1) (1 VP). Players
    # 1 and 2: one lone penguin each (1 VP). The pool has no fish.
    assert state.is_over()
    assert state.scores() == [7, 1, 1]
    assert state.winners() == [0]
