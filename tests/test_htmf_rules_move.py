"""Movement (htmf-record.md, "actions": movement phase; rulebook, "A game turn consists
of moving one of your own penguins and afterwards removing the ice floe on which the
penguin was standing", "A penguin can move as far as he likes", "A penguin cannot change
direction", "Ice floes with a penguin ... cannot be crossed, and gaps ... cannot be
jumped over", "The penguin must stop on the ice floe before the other penguin").
"""

from __future__ import annotations

from htmf_helpers import move, position

from waddle.games.htmf import Action

# A (player 0) at 2,2 with a gap at 4,2 and B (player 1) at 0,2 on its row. The other
# penguins are parked on single floes in row 6, where they cannot move.
OPEN_ICE = """
    |1 1 1 1 1 1 1
    | 1 1 1 1 1 1 1
    |  B 1 A 1 . 1 1
    |   1 1 2 1 1 1 1
    |    1 1 3 1 1 1 1
    |
    |      A . A . A . B . B . B
"""


def test_a_penguin_slides_any_distance_in_the_six_directions_over_floes():
    state = position(OPEN_ICE)
    assert state.to_move() == 0
    assert sorted(state.destinations((2, 2))) == sorted(
        [
            (3, 2),  # (+1, 0): then the gap at 4,2
            (3, 1), (4, 0),  # (+1, -1)
            (2, 1), (2, 0),  # (0, -1)
            (1, 2),  # (-1, 0): then B at 0,2
            (1, 3), (0, 4),  # (-1, +1)
            (2, 3), (2, 4),  # (0, +1)
        ]
    )  # fmt: skip
    assert state.movable_penguins() == [(2, 2)]  # the parked ones cannot move


def test_a_penguin_cannot_jump_a_gap():
    state = position(OPEN_ICE)
    assert state.why_illegal(Action.move((2, 2), (5, 2))) == (
        "the way from 2,2 to 5,2 crosses a gap at 4,2"
    )
    assert state.why_illegal(Action.move((2, 2), (4, 2))) == "there is no floe at 4,2"


def test_a_penguin_cannot_cross_or_land_on_another_penguin():
    state = position(OPEN_ICE)
    assert state.why_illegal(Action.move((2, 2), (0, 2))) == "floe 0,2 already has a penguin"
    state = position(OPEN_ICE.replace("B 1 A", "1 B A"))  # B next to A now
    assert state.why_illegal(Action.move((2, 2), (0, 2))) == (
        "the way from 2,2 to 0,2 is blocked by a penguin on 1,2"
    )


def test_a_penguin_moves_in_one_straight_line_and_at_least_one_floe():
    state = position(OPEN_ICE)
    assert (
        state.why_illegal(Action.move((2, 2), (3, 0))) == "3,0 is not in a straight line from 2,2"
    )
    assert state.why_illegal(Action.move((2, 2), (2, 2))) == "a penguin must move at least one floe"


def test_only_the_movers_own_penguins_move():
    state = position(OPEN_ICE)
    assert state.why_illegal(Action.move((0, 2), (0, 1))) == (
        "the penguin on 0,2 is player 1's, not yours"
    )
    assert state.why_illegal(Action.move((1, 1), (1, 0))) == "there is no penguin on 1,1"


def test_the_floe_left_is_taken_by_the_mover_with_its_fish_and_leaves_the_board():
    state = position(OPEN_ICE)
    move(state, (2, 2), (2, 3))  # onto the 2-fish floe
    assert not state.has_floe((2, 2))
    assert state.taken_by(0) == [(2, 2)]
    assert state.taken_fish == [1, 0]
    assert state.penguin_at((2, 3)) == 0
    # scores count the floes under penguins too, as if the game ended now
    assert state.scores() == [1 + 2 + 3, 4]
    move(state, (0, 2), (0, 1))
    move(state, (2, 3), (2, 4))  # takes the 2 it stood on
    assert state.taken_fish == [3, 1]
    assert state.last_action == Action.move((2, 3), (2, 4))


def test_the_gap_a_penguin_leaves_blocks_every_penguin_after():
    state = position(OPEN_ICE)
    move(state, (2, 2), (3, 2))  # 2,2 is gone now
    move(state, (0, 2), (1, 2))  # B moves up to the new gap
    assert (3, 2) not in state.destinations((3, 2))
    assert state.destinations((3, 2)) and (1, 2) not in state.destinations((3, 2))
    # B cannot go back over the gap at 2,2 either
    move(state, (3, 2), (3, 1))
    assert (3, 2) not in state.destinations((1, 2))
    assert state.why_illegal(Action.move((1, 2), (3, 2))) == (
        "the way from 1,2 to 3,2 crosses a gap at 2,2"
    )


def test_turns_alternate_in_the_movement_phase_in_the_placement_order():
    state = position(OPEN_ICE)
    movers = []
    for _ in range(4):
        movers.append(state.to_move())
        state.apply(state.legal_actions()[0])
    assert movers == [0, 1, 0, 1]
