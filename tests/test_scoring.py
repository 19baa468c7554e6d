"""End-of-game scoring: waddles and fishing pools, for 3-5 and for 2 players.

Rulebook sections: "Game End & Scoring" ("Waddles", "Fishing Pools", "Friendly Ties"),
"Clarifications & Tips", "2 Player Scoring".
"""

from __future__ import annotations

import pytest
from helpers import (
    around,
    island,
    make_state,
    place,
    play,
    put,
    ring,
    solo_fill,
    strip,
    water,
)

from waddle.games.waddle import SCOUT, pool_awards, waddle_vp

RING = around((0, 0))
"""Six ice hexes around (0,0), in ring order: each touches the next and the last the first."""


# -- the waddle tables --------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_waddle_table_with_three_to_five_players(players):
    """Rulebook, "Waddles": 1 to 8 penguins score 1, 3, 6, 10, 15, 21, 28, 36; eight or
    more score the maximum 36.
    """
    assert [waddle_vp(n, players) for n in range(1, 13)] == [
        1, 3, 6, 10, 15, 21, 28, 36, 36, 36, 36, 36,
    ]  # fmt: skip


def test_waddle_table_with_two_players():
    """Rulebook, "2 Player Scoring": the table goes on to 9 (45) and 10 (55) penguins;
    ten or more score the maximum 55.
    """
    assert [waddle_vp(n, 2) for n in range(1, 13)] == [
        1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 55, 55,
    ]  # fmt: skip


def test_rulebook_example_seven_penguin_waddle_scores_28():
    """Rulebook, "Game End & Scoring" (example): a waddle of 7 penguins scores 28 VP."""
    assert waddle_vp(7, 3) == 28
    assert waddle_vp(7, 2) == 28


# -- waddles on the board -----------------------------------------------------------------


def waddle_sizes(state, player):
    return [w.penguins for w in state.breakdown().players[player].waddles]


def test_waddle_is_a_group_of_adjacent_penguins_of_one_colour():
    """Rulebook, "Goal" / "Waddles": touching penguins of one colour form one waddle; each
    waddle is scored on its own.
    """
    state = make_state(ring((0, 0), 1), players=3)
    put(state, {RING[0]: (0, 1), RING[1]: (0, 1), RING[3]: (0, 1)})
    assert waddle_sizes(state, 0) == [2, 1]
    assert state.breakdown().players[0].waddle_vp == 3 + 1
    assert state.scores()[0] == 4


def test_touching_penguins_of_different_colours_are_separate_waddles():
    """Rulebook, "Goal": a waddle is made of penguins of one colour; a neighbour of another
    colour neither joins it nor links it to more of its own colour.
    """
    state = make_state(ring((0, 0), 1), players=3)
    put(state, {RING[0]: (0, 1), RING[1]: (1, 1), RING[2]: (0, 1)})
    assert waddle_sizes(state, 0) == [1, 1]
    assert waddle_sizes(state, 1) == [1]


def test_penguins_across_water_are_not_one_waddle():
    """Rulebook, "Goal": only adjacent penguins are in one waddle; two penguins on either
    side of a water hex do not touch.
    """
    state = make_state(ring((0, 0), 1), players=3)
    put(state, {(1, 0): (0, 1), (-1, 0): (0, 1)})
    assert waddle_sizes(state, 0) == [1, 1]


def test_a_double_counts_as_two_penguins_in_a_waddle():
    """Rulebook, "Waddles" (example): a double next to three singles is a waddle of five,
    15 VP.
    """
    state = make_state(ring((0, 0), 1), players=3, order=[0, 1, 2])
    play(state, SCOUT, SCOUT)  # player 2 is left placing alone
    play(state, place(*RING[0], True), place(*RING[1]), place(*RING[2]), place(*RING[3]))
    assert waddle_sizes(state, 2) == [5]
    assert state.breakdown().players[2].waddle_vp == 15


def test_contiguous_group_past_the_cap_is_still_one_waddle():
    """Rulebook, "Clarifications & Tips": every penguin of a touching group is in one
    waddle even past the table's maximum; 12 penguins score 36, not 36 for eight plus 10
    for the other four.
    """
    state = make_state(strip(2, fish=()), players=3, order=[1, 2, 0])
    solo_fill(state, player=0)
    assert waddle_sizes(state, 0) == [12]
    assert state.breakdown().players[0].waddle_vp == 36
    assert state.scores() == [36, 0, 0]


def test_two_player_contiguous_group_past_ten_scores_55():
    """Rulebook, "2 Player Scoring" / "Clarifications & Tips": with 2 players a single
    group of 12 penguins scores the 55 maximum.
    """
    state = make_state(strip(2, fish=()), players=2, order=[1, 0])
    solo_fill(state, player=0)
    assert waddle_sizes(state, 0) == [12]
    assert state.scores() == [55, 0]


def test_two_player_waddle_of_nine_with_doubles_scores_45():
    """Rulebook, "2 Player Scoring" / "Waddles": a waddle of nine penguins (two doubles
    and five singles) scores 45 VP with 2 players but 36 with 3.
    """
    specs = [*ring((0, 0), 1), *ring((3, 0), 2)]
    penguins = {h: (0, 2 if k < 2 else 1) for k, h in enumerate([*RING, (2, 0)])}
    for players, vp in ((2, 45), (3, 36)):
        state = put(make_state(specs, players=players), penguins)
        assert waddle_sizes(state, 0) == [9]
        assert state.breakdown().players[0].waddle_vp == vp


def test_waddles_are_listed_largest_first():
    """Rulebook, "Waddles": every waddle of a player is scored; the breakdown lists them
    from largest to smallest.
    """
    state = make_state(strip(2), players=3)
    put(
        state,
        {(1, 0): (0, 1), (-1, 0): (0, 1), (-1, 1): (0, 2), (4, 0): (0, 1), (4, -1): (0, 1)},
    )
    assert waddle_sizes(state, 0) == [3, 2, 1]
    assert state.breakdown().players[0].waddle_vp == 6 + 3 + 1


# -- fishing pools, 3 to 5 players --------------------------------------------------------


def test_rulebook_pool_example_five_for_most_one_for_second_none_for_third():
    """Rulebook, "Fishing Pools" (example): in a pool with fish 5 and 1, the player with
    the most penguins scores 5, the second 1, the third nothing.
    """
    assert pool_awards([3, 2, 1], (5, 1), 3) == [[5], [1], []]


def test_each_rank_scores_one_fish_in_rank_order():
    """Rulebook, "Fishing Pools": going down the ranking, each player scores a single fish,
    the best one still unscored.
    """
    assert pool_awards([1, 4, 2, 3], (6, 4, 3, 2), 4) == [[2], [6], [3], [4]]


def test_tied_players_each_score_the_same_fish_in_full():
    """Rulebook, "Friendly Ties": players tied on a rank each score that fish's full VP,
    and the next rank scores the next-best fish.
    """
    assert pool_awards([2, 2, 1], (5, 3, 1), 3) == [[5], [5], [3]]
    assert pool_awards([3, 2, 2, 1], (4, 3, 2, 1), 4) == [[4], [3], [3], [2]]
    assert pool_awards([2, 2, 2, 2, 2], (4,), 5) == [[4]] * 5


def test_fish_left_after_every_ranked_player_are_not_scored():
    """Rulebook, "Clarifications & Tips": with 3 or more players, fish left over once each
    ranked player has scored one are not scored.
    """
    assert pool_awards([3, 0, 0], (5, 3, 2), 3) == [[5], [], []]
    assert pool_awards([1, 1, 1], (5, 3, 2), 3) == [[5], [5], [5]]


def test_no_penguin_next_to_a_pool_scores_no_fish():
    """Rulebook, "Fishing Pools": at least one penguin next to the pool is needed to
    score a fish, even when fish are left.
    """
    assert pool_awards([0, 0, 1], (5, 3, 1), 3) == [[], [], [5]]
    assert pool_awards([0, 0, 0, 0], (5,), 4) == [[], [], [], []]


def test_ranks_beyond_the_fish_score_nothing():
    """Rulebook, "Fishing Pools" ("until there are none left to score")."""
    assert pool_awards([4, 3, 2, 1, 1], (2, 1), 5) == [[2], [1], [], [], []]


def test_pool_without_fish_scores_nothing():
    """Rulebook, "Fishing Pools": a pool with no fish gives nobody anything."""
    assert pool_awards([3, 1, 0], (), 3) == [[], [], []]
    assert pool_awards([3, 1], (), 2) == [[], []]


# -- fishing pools, 2 players -------------------------------------------------------------


def test_two_players_most_penguins_scores_every_fish():
    """Rulebook, "2 Player Scoring": the player with more penguins at a pool scores all its
    fish and the other none.
    """
    assert pool_awards([3, 1], (4, 2, 1), 2) == [[4, 2, 1], []]
    assert pool_awards([0, 1], (4, 2), 2) == [[], [4, 2]]


def test_two_players_tied_both_score_every_fish():
    """Rulebook, "2 Player Scoring": on a tie both players score all the fish."""
    assert pool_awards([2, 2], (4, 1), 2) == [[4, 1], [4, 1]]


def test_two_players_nobody_next_to_a_pool_nobody_scores():
    """Rulebook, "Fishing Pools" / "2 Player Scoring": a 0-0 tie is not a tie for the
    fish; nobody scores a pool nobody is next to.
    """
    assert pool_awards([0, 0], (4, 1), 2) == [[], []]


# -- pools on the board -------------------------------------------------------------------


def pool_at(state, h):
    (pool,) = [p for p in state.breakdown().pools if h in p.hexes]
    return pool


def test_a_penguin_next_to_two_water_hexes_of_one_pool_counts_once():
    """Rulebook, "Fishing Pools": players are ranked by the penguins next to the pool, so
    a penguin touching two of the pool's water hexes is still one penguin. Here (1,-1)
    touches both (0,0) and (1,0); counted twice it would win the pool outright.
    """
    state = make_state(island(water(0, 0, 1, [5]), water(1, 0, None, [3])), players=3)
    play(state, place(1, -1), place(-1, 0), SCOUT)
    pool = pool_at(state, (0, 0))
    assert pool.counts == (1, 1, 0)
    assert pool.awards == ((5,), (5,), ())
    assert state.breakdown().players[0].pool_vp == 5
    assert state.breakdown().players[1].pool_vp == 5


def test_a_double_counts_as_two_penguins_next_to_a_pool():
    """Rulebook, "Clarifications & Tips": doubles count as 2 penguins for every score,
    pools included: one double ties two singles.
    """
    state = make_state(ring((0, 0), 1, [5, 2]), players=3, order=[0, 1, 2])
    play(state, place(*RING[0], True), place(*RING[2]), SCOUT, SCOUT, place(*RING[4]))
    pool = pool_at(state, (0, 0))
    assert pool.counts == (2, 2, 0)
    assert pool.awards == ((5,), (5,), ())


def test_every_pool_is_scored_on_its_own():
    """Rulebook, "Fishing Pools": pools are scored one at a time, each with its own
    ranking. Player 0 wins water 1's pool, player 1 the separate water 2 pool.
    """
    specs = [*ring((0, 0), 1, [4]), *ring((3, 0), 2, [3])]
    state = make_state(specs, players=3)
    put(state, {RING[0]: (0, 1), RING[1]: (0, 1), RING[3]: (1, 1), (4, 0): (1, 2)})
    assert pool_at(state, (0, 0)).awards == ((4,), (), ())
    assert pool_at(state, (3, 0)).awards == ((), (3,), ())
    assert [p.pool_vp for p in state.breakdown().players] == [4, 3, 0]


def test_unnumbered_pool_is_scored_too():
    """Rulebook, "Fishing Pools": every pool is scored, including water that never held
    the marker. The lone water hex (2,-1) touches ice (1,0) and (1,-1) around water 1.
    """
    state = make_state([*ring((0, 0), 1), water(2, -1, None, [4])], players=3)
    play(state, place(1, 0))
    pool = pool_at(state, (2, -1))
    assert pool.number is None
    assert pool.counts == (1, 0, 0)
    assert pool.awards == ((4,), (), ())


def test_two_player_pool_on_the_board():
    """Rulebook, "2 Player Scoring": with more penguins at the pool, player 1 scores every
    fish there and player 0 none.
    """
    state = make_state(ring((0, 0), 1, [3, 2, 1]), players=2, order=[0, 1])
    play(state, place(*RING[0]), place(*RING[2], True))
    assert pool_at(state, (0, 0)).awards == ((), (3, 2, 1))
    assert [p.pool_vp for p in state.breakdown().players] == [0, 6]


def test_total_is_waddles_plus_pools():
    """Rulebook, "Game End & Scoring": a player's VP are their waddles' VP plus their
    fish; ``scores()`` and the breakdown's totals agree.
    """
    state = make_state(ring((0, 0), 1, [3, 2, 1]), players=2, order=[0, 1])
    play(state, place(*RING[0]), place(*RING[2], True))
    breakdown = state.breakdown()
    for p in (0, 1):
        score = breakdown.players[p]
        assert score.total == score.waddle_vp + score.pool_vp
    assert state.scores() == breakdown.totals == [1, 3 + 6]
