"""Scoring and tie-breaks (htmf-record.md, "Score": the fish on all floes a player took;
the most fish wins, among those tied the most floes, players still tied share; rulebook,
"whoever has captured the most fish is the winner").
"""

from __future__ import annotations

import pytest
from htmf_helpers import move, position

from waddle.games.htmf.state import rank

# A (player 0) and B (player 1) each have one penguin that can move once, onto a floe
# that then strands it; the rest are parked.
TIE_ON_FISH = """
    |A 3 . B 2 . B 1 . A . A . A . B . B
"""


@pytest.mark.parametrize(
    ("fish", "floes", "winners", "decided"),
    [
        ([20, 15], [9, 9], [0], "fish"),
        ([15, 20, 20], [9, 8, 7], [1], "floes"),
        ([20, 20, 12, 20], [8, 9, 12, 9], [1, 3], "shared"),
        ([0, 0], [0, 0], [0, 1], "shared"),
    ],
)
def test_most_fish_wins_then_most_floes_then_the_victory_is_shared(fish, floes, winners, decided):
    assert rank(fish, floes) == (winners, decided)


def test_a_player_with_more_floes_wins_a_tie_on_fish():
    state = position(TIE_ON_FISH)
    move(state, (0, 0), (1, 0))  # A: takes 1, stranded on the 3
    move(state, (3, 0), (4, 0))  # B: takes 1, stranded on the 2
    move(state, (6, 0), (7, 0))  # B's other penguin: takes 1, ends on a 1
    assert state.is_over()
    assert state.scores() == [1 + 3 + 3, 1 + 2 + 1 + 1 + 2]
    assert state.floe_counts() == [5, 6]
    breakdown = state.breakdown()
    assert state.winners() == [1] == list(breakdown.winners)
    assert breakdown.decided_by == "floes"
    assert [p.by_fish for p in breakdown.players] == [(4, 0, 1), (5, 1, 0)]


def test_players_tied_on_fish_and_floes_share_the_victory():
    state = position(
        """
        |A . A . A . A . B . B . B . B
        """
    )
    assert state.is_over()
    assert state.scores() == [4, 4] and state.floe_counts() == [4, 4]
    assert state.winners() == [0, 1]
    assert state.breakdown().decided_by == "shared"


def test_the_most_fish_wins_whatever_the_floes():
    state = position(
        """
        |A 3 . B 1 . B . B . A . A . A . B
        """
    )
    move(state, (0, 0), (1, 0))
    move(state, (3, 0), (4, 0))
    assert state.is_over()
    assert state.scores() == [7, 5] and state.floe_counts() == [5, 5]
    assert state.winners() == [0] and state.breakdown().decided_by == "fish"


def test_scores_during_the_game_count_what_each_player_would_take_if_it_ended_now():
    state = position(TIE_ON_FISH)
    assert state.scores() == [4, 4]
    move(state, (0, 0), (1, 0))
    assert state.scores() == [1 + 3 + 3, 4]
    assert state.taken_fish == [1, 0]
