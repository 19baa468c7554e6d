"""A player who cannot move, and the end of the game (htmf-record.md: "A player none of
whose penguins can move takes no more turns" and "The game is over when no penguin can
move"; rulebook, "If a player cannot move any of his penguins, he picks up all of his
penguins and the ice floes where they stand").

Where the rulebook removes floes no penguin can reach, the contract keeps them: they stay
on the board and score for nobody.
"""

from __future__ import annotations

import pytest
from htmf_helpers import move, position

from waddle.core.game import IllegalActionError
from waddle.games.htmf import Action

# Three players, three penguins each. A and B share a strip of ice; C's penguins are all
# parked on single floes, so C can never move.
C_STUCK = """
    |A 1 1 2 1 B 3 1
    |
    |A . A . B . B . C . C . C
"""


def test_a_player_who_cannot_move_leaves_with_the_floes_under_their_penguins():
    state = position(C_STUCK)
    placements = state.ply
    move(state, (0, 0), (1, 0))  # A takes 0,0; C would be next after B
    move(state, (5, 0), (6, 0))  # B takes 5,0 (1 fish): C cannot move, so C leaves now
    assert state.is_out(2) and not state.is_out(0) and not state.is_out(1)
    assert state.penguins_of(2) == []
    assert sorted(state.taken_by(2)) == [(7, 2), (9, 2), (11, 2)]
    assert state.taken_fish[2] == 3 and state.taken_floes[2] == 3
    assert state.to_move() == 0  # C is passed over
    assert state.ply == placements + 2  # and nothing is recorded for C


def test_a_player_who_leaves_takes_no_more_turns():
    state = position(C_STUCK)
    movers = []
    while not state.is_over():
        movers.append(state.to_move())
        state.apply(state.legal_actions()[0])
    assert 2 not in movers
    assert movers[:2] == [0, 1]


def test_a_player_who_cannot_move_when_the_movement_phase_starts_is_passed_over():
    state = position(
        """
        |A . A . A . A . B 1 1 B . B . B
        """
    )
    assert state.phase == "move"
    assert state.is_out(0) and state.to_move() == 1
    assert state.taken_fish[0] == 4


def test_penguins_that_cannot_move_stay_while_their_player_can_move_another():
    state = position(C_STUCK)
    assert (1, 2) in state.penguins_of(0)  # parked, cannot move
    assert state.movable_penguins() == [(0, 0)]
    move(state, (0, 0), (1, 0))
    assert (1, 2) in state.penguins_of(0) and not state.is_out(0)


def test_the_game_ends_when_no_penguin_can_move_and_every_penguin_leaves_with_its_floe():
    state = position(
        """
        |A 2 . B 3 . 1 1
        |
        |A . A . A . B . B . B
        """
    )
    move(state, (0, 0), (1, 0))  # A is now stuck on the 2
    move(state, (3, 0), (4, 0))  # B now stuck on the 3: nobody can move
    assert state.is_over() and state.to_move() is None
    assert state.legal_actions() == ()
    assert state.penguins_of(0) == state.penguins_of(1) == []
    assert state.scores() == [1 + 2 + 3, 1 + 3 + 3]
    assert state.floe_counts() == [5, 5]
    assert state.is_out(0) and state.is_out(1)


def test_floes_nobody_can_reach_stay_on_the_board_and_score_for_nobody():
    """Contract: unlike the rulebook, unreachable floes are not removed; they simply stay."""
    state = position(
        """
        |A 2 . B 3 . 1 1
        |
        |A . A . A . B . B . B
        """
    )
    move(state, (0, 0), (1, 0))
    move(state, (3, 0), (4, 0))
    assert state.floes_left() == {(6, 0): 1, (7, 0): 1}
    total = sum(f.fish for f in state.board.floes)
    assert sum(state.scores()) == total - 2


def test_no_action_after_the_end():
    state = position(
        """
        |A . A . A . A . B . B . B . B
        """
    )
    assert state.is_over()  # nobody could ever move
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(Action.move((0, 0), (1, 0)))
    assert state.why_illegal(Action.place((0, 0))) == "the game is over"


def test_undo_brings_back_a_player_who_left():
    state = position(C_STUCK)
    move(state, (0, 0), (1, 0))
    move(state, (5, 0), (6, 0))
    assert state.is_out(2)
    state.undo()
    assert not state.is_out(2) and state.to_move() == 1
    assert state.penguins_of(2) == [(7, 2), (9, 2), (11, 2)]
    assert state.taken_fish == [1, 0, 0]
