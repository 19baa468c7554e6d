"""Tricks, rounds, the end and the score in Pebbles (rulebook: "1. Play a Card", "Ending a
Round", "Ending the Game", "Controlling Tiles", "Controlling Territories", "Fish Tokens").

Positions are on the line layout of tests/pebbles_helpers.py: tiles 7 to 13 in a row;
territories A = 7, 8 (worth X), B = 9, 10 (X+1), C = 11, 12 (2), D = 13 (X-1).
"""

from __future__ import annotations

import pytest
from pebbles_helpers import cards, do, game, legal, play_out, put

from waddle.games.pebbles import new_record
from waddle.games.pebbles.layout import parse_value
from waddle.games.pebbles.scoring import rank

ROW = "10S 11C 12P 7L"


def quick_turn(state, card: str) -> None:
    """Play ``card``, then stop every move at once and take the first offered choices."""
    do(state, f"play {card}")
    player = state.to_move()
    while state.to_move() == player and state.step_name != "play":
        do(state, "done" if "done" in legal(state) else legal(state)[0])


@pytest.mark.parametrize(("second", "winner"), [("10S", 1), ("13C", 0), ("8S", 0)])
def test_ending_a_round_the_highest_card_of_the_led_suit_wins_the_trick(second, winner):
    """Ending a Round: the highest card in the led (first) suit wins; a higher card of
    another suit does not (1. Play a Card: "the first suit played is the only suit that
    can win")."""
    state = game(["9S 7C", f"{second} 11P"], row=ROW, deck="8C 9C 10C")
    quick_turn(state, "9S")
    quick_turn(state, second)
    assert state.love == [1 - winner, winner]
    assert state.lead == winner and state.to_move() == winner and state.round == 1


def test_ending_a_round_the_winner_takes_a_love_token_and_leads_the_next_round():
    """Ending a Round: a love token to the trick's winner, who begins the next round."""
    state = game(["9S 7C", "10S 11P"], row=ROW, deck="8C 9C 10C")
    quick_turn(state, "9S")
    quick_turn(state, "10S")
    assert state.love == [0, 1] and state.bank[2] == 9
    assert state.to_move() == 1 and state.step_name == "play"


def test_ending_a_round_played_cards_are_discarded():
    """Ending a Round: discard all played cards (they are the next reshuffle's deck)."""
    state = game(["9S 7C", "10S 11P"], row=ROW, deck="8C 9C 10C")
    quick_turn(state, "9S")
    assert state.trick == cards("9S") and state.discards == []
    quick_turn(state, "10S")
    assert state.trick == [] and state.discards == cards("9S 10S")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ending_the_game_after_all_ten_love_tokens_are_claimed(players):
    """Ending the Game: ten rounds, one love token each; every player played ten cards."""
    state = play_out(new_record(players, seed=players).start(), seed=4)
    assert state.is_over() and state.to_move() is None and state.legal_actions() == ()
    assert sum(state.love) == 10 and state.bank[2] == 0 and state.round == 10
    played = [a for a in state.history if str(a).startswith("play ")]
    assert len(played) == 10 * players


@pytest.mark.parametrize("seed", range(20))
def test_decision_a_hand_is_never_empty_when_its_holder_must_play(seed):
    """Where the rulebook is silent (an empty hand): it cannot happen. Ten cards are dealt,
    each round takes one from each hand for ten rounds, and fishing only adds cards."""
    state = new_record(2 + seed % 3, seed).start()
    while not state.is_over():
        if state.step_name == "play":
            assert state.hands[state.to_move()]
        play_out(state, seed, plies=state.ply + 1)


def position():
    """Player 0: 2 penguins on 7, 1 on 8; player 1: 1 on 8, 1 on 9. Pebbles: 1 on 7 (row),
    3 on 8, 1 each on 10, 11, 12 (row)."""
    state = game(["9S 7C", "10S 11P"], row=ROW, deck="8C 9C 10C")
    put(state, 7, 0, 2)
    put(state, 8, 0)
    put(state, 8, 1)
    put(state, 9, 1)
    state.pebbles[state.layout.index[8]] = 3
    return state


def test_controlling_tiles_the_most_penguins_and_ties_control_together():
    """Controlling Tiles: the player with the most penguins; tied players all control."""
    tiles, _ = position().control()
    assert tiles == [(0,), (0, 1), (1,), (), (), (), ()]


def test_controlling_territories_the_most_controlled_tiles_and_ties_control_together():
    """Controlling Territories: the player controlling the most tiles of the territory;
    tied players all control it; a territory with no controlled tile has no controller."""
    state = position()
    _, territories = state.control()
    assert territories == [(0,), (1,), (), ()]
    put(state, 10, 0)
    _, territories = state.control()
    assert territories[1] == (0, 1)


def test_ending_the_game_pebbles_territories_love_and_a_point_per_two_fish():
    """Ending the Game: pebbles in controlled tiles, the VP of controlled territories (X =
    the number of players), 1 per love token, 1 per 2 fish tokens; a tie for control gives
    each tied player the full points (tile 8's 3 pebbles count for both)."""
    state = position()
    state.love[:] = [1, 2]
    state.fish[:] = [3, 1]
    lines = state.breakdown().players
    assert [(s.pebbles, s.territories, s.love, s.fish) for s in lines] == [
        (4, 2, 1, 1),
        (3, 3, 2, 0),
    ]
    assert lines[0].tiles == (7, 8) and lines[1].territory_names == ("B",)
    assert state.scores() == [8, 8]


def test_ending_the_game_a_tie_on_points_goes_to_the_most_love_tokens():
    state = position()
    state.love[:] = [1, 2]
    state.fish[:] = [3, 1]
    breakdown = state.breakdown()
    assert breakdown.winners == (1,) and breakdown.decided_by == "love"


def test_ending_the_game_then_the_most_pebbles_controlled_then_a_shared_victory():
    """Ending the Game: ties go to the most love tokens, then the most pebbles in
    controlled tiles; players still tied share the victory."""
    assert rank([9, 9, 4], love=[2, 2, 5], pebbles=[3, 5, 9]) == ([1], "pebbles")
    assert rank([9, 9, 4], love=[2, 2, 5], pebbles=[5, 5, 9]) == ([0, 1], "shared")
    assert rank([9, 10], love=[5, 0], pebbles=[9, 0]) == ([1], "score")


def test_controlling_territories_token_values_are_formulas_in_the_number_of_players():
    """Controlling Territories: "X = the number of players" on the VP tokens."""
    assert [parse_value(v)(p) for v in ("X", "X+1", "2X-1", "3") for p in (2, 4)] == [
        2, 4, 3, 5, 3, 7, 3, 3,
    ]  # fmt: skip
    state = position()
    assert state.layout.values(2) == (2, 3, 2, 1) and state.layout.values(4) == (4, 5, 2, 3)
