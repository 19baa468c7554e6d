"""A Pebbles turn: play a card, then two different actions (rulebook: "How to Play",
"1. Play a Card", "2. Take 2 Actions", "Place a Penguin", "Go Fishing"), and what this
project decided where the rulebook is silent (docs on the rules page, "Where this app
decides")."""

from __future__ import annotations

import pytest
from pebbles_helpers import cards, do, game, legal, put

from waddle.core.game import CHANCE, IllegalActionError
from waddle.games.pebbles import builtin_layout, parse_action


def test_1_play_a_card_a_turn_starts_with_a_card_from_the_hand():
    """1. Play a Card: the player to move chooses any card of their hand, nothing else."""
    state = game(["7S 9C", "8P 13L"], row="10S 11C 12P 7L", deck="9S 10C")
    assert legal(state) == ["play 7S", "play 9C"]
    assert state.why_illegal(parse_action("place 7")) == "play a card first"
    assert state.why_illegal(parse_action("play 8P")) == "you do not hold 8P"
    with pytest.raises(IllegalActionError, match="you do not hold 8P"):
        do(state, "play 8P")


def test_1_play_a_card_no_need_to_follow_suit():
    """1. Play a Card: every card of the hand may be played, whatever suit was led."""
    state = game(["7S 9C", "8P 13L 12S"], row="10S 11C 12P 7L", deck="9S 10C")
    do(state, "play 7S", "fish 10S", "place 7", "done")
    assert state.to_move() == 1
    assert legal(state) == ["play 12S", "play 8P", "play 13L"]


def test_how_to_play_turns_go_clockwise_from_the_lead():
    """How to Play: the lead player first, then to the left (player numbers upwards)."""
    state = game(
        ["7S", "8S", "9S"], row="10S 11C 12P 7L", deck="9C 10C 11P", lead=1,
        layout=builtin_layout(3),
    )  # fmt: skip
    seen = []
    while state.round == 0:
        if state.step_name == "play":
            seen.append(state.to_move())
        do(state, "done" if "done" in legal(state) else legal(state)[0])
    assert seen == [1, 2, 0]


def test_2_take_2_actions_two_different_actions_then_the_turn_passes():
    """2. Take 2 Actions: after the card, two actions, never the same one twice."""
    state = game(["7S 9C", "8P 13L"], row="10S 11C 12P 7L", deck="9S 10C")
    do(state, "play 7S")
    assert legal(state) == ["place 7", "fish 10S", "fish 11C", "fish 12P", "fish 7L"]
    do(state, "place 7")  # player 0 has a fish token: fish steps are offered
    assert legal(state) == ["step 8", "step 13", "done"]
    do(state, "done")
    assert "place 7" not in legal(state)
    assert state.why_illegal(parse_action("place 7")) == (
        "you have already placed a penguin this turn"
    )
    assert legal(state) == ["scurry 7", "fish 10S", "fish 11C", "fish 12P", "fish 7L"]
    do(state, "fish 11C")
    assert state.to_move() == 1 and state.step_name == "play"


def test_decision_both_actions_are_compulsory_while_one_is_possible():
    """Where the rulebook is silent: "take 2 actions" is read as a must. The choice step
    offers no "done"; a player skips an action only when it cannot be taken."""
    state = game(["7S 9C", "8P 13L"], row="10S 11C 12P 7L", deck="9S 10C")
    do(state, "play 9C")  # Court: no tile has 2 penguins, so only place and fish
    assert legal(state) == ["place 9", "fish 10S", "fish 11C", "fish 12P", "fish 7L"]
    assert state.why_illegal(parse_action("done")) == "no penguin is moving: choose an action"
    do(state, "fish 12P")
    # the second action: place is the only one possible
    assert legal(state) == ["place 9"]


def test_decision_a_turn_with_no_action_possible_ends_after_the_card():
    """Where the rulebook is silent: with no penguin left to place, no power target and an
    empty row, the player only plays their card."""
    state = game(["9C", "8P"], row="", deck="")
    put(state, 10, 0, 10)
    state.bank[0] = 0  # no pebble left for Court either
    do(state, "play 9C")
    assert state.to_move() == 1 and state.step_name == "play"


def test_place_a_penguin_goes_on_the_tile_of_the_card_played():
    """Place a Penguin: one of your penguins on the tile matching the card's number."""
    state = game(["12P 9C", "8P 13L"], row="10S 11C 12S 7L", deck="9S 10C")
    state.fish[0] = 0  # no fish steps to offer: the placement ends the action
    do(state, "play 12P", "place 12")
    assert state.penguins_on(12) == [1, 0] and state.supply[0] == 9
    assert state.step_name == "choose"


def test_place_a_penguin_not_once_all_ten_are_placed():
    """Place a Penguin: with all 10 penguins on the board, this action is not possible."""
    state = game(["12P 9C", "8P 13L"], row="10S 11C 12S 7L", deck="9S 10C")
    put(state, 10, 0, 10)
    do(state, "play 12P")
    assert "place 12" not in legal(state)
    assert state.why_illegal(parse_action("place 12")) == (
        "all 10 of your penguins are on the board"
    )


def test_go_fishing_takes_a_face_up_card_refills_the_row_and_gains_a_fish():
    """Go Fishing: the card goes to the hand, the top of the deck takes its place in the
    row, and the player gains a fish token."""
    state = game(["7S 9C", "8P 13L"], row="10S 11C 12P 7L", deck="9S 10C")
    do(state, "play 7S", "fish 11C")
    assert state.hands[0] == cards("9C 11C")
    assert state.row == cards("10S 9S 12P 7L")
    assert state.deck == cards("10C") and state.fish == [2, 1]


def test_decision_a_card_taken_when_fishing_adds_no_pebble():
    """Where the rulebook is silent: only the four face-up cards of the setup put pebbles
    on tiles (Setup 4); Go Fishing says nothing of pebbles, so the refill adds none."""
    state = game(["7S 9C", "8P 13L"], row="10S 11C 12P 7L", deck="9S 10C")
    before = list(state.pebbles)
    do(state, "play 7S", "fish 11C")  # 9S comes face up: tile 9 gains nothing
    assert state.pebbles == before


def test_go_fishing_an_empty_deck_is_a_chance_node_that_reshuffles_the_discards():
    """Go Fishing: when the deck is now empty, the discards are shuffled into a new deck.
    The shuffle is a chance node: its outcome is an action of the record."""
    state = game(["7S 9C 11S", "8P 13L 12S"], row="10S 11C 12P 7L", deck="9S")
    do(state, "play 7S", "fish 10S", "place 7", "done")  # the deck is down to nothing
    do(state, "play 8P", "place 8", "done", "fish 9S")  # empty deck, no discards yet
    assert state.row == [-1, *cards("11C 12P 7L")]
    assert state.to_move() == 0 and state.discards == cards("7S 8P")
    do(state, "play 9C", "fish 11C")  # the row has a gap and the deck is empty
    assert state.to_move() == CHANCE and state.step_name == "chance"
    assert state.legal_actions() == ()
    assert state.why_illegal(parse_action("reshuffle 7S")) == (
        "a reshuffle puts exactly the discarded cards into the deck, once each"
    )
    do(state, "reshuffle 8P 7S")
    assert state.discards == [] and state.row == cards("8P 7S 12P 7L")
    assert state.deck == [] and state.to_move() == 0 and state.step_name == "choose"


def test_decision_with_no_deck_and_no_discards_the_row_stays_short():
    """Where the rulebook is silent: a taken card is replaced only while there is a deck
    (or discards to make one); otherwise the row holds fewer cards until a reshuffle."""
    state = game(["7S 9C", "8P 13L"], row="10S 11C", deck="")
    do(state, "play 7S", "fish 10S")
    assert state.row == [-1, cards("11C")[0], -1, -1]
    assert state.to_move() == 0 and state.step_name == "choose"


def test_decision_fishing_with_the_fish_supply_empty_still_takes_a_card():
    """Components: 16 fish tokens. Where the rulebook is silent: once none is left in the
    supply, going fishing takes a card and gives no token."""
    state = game(["7S 9C", "8P 13L"], row="10S 11C 12P 7L", deck="9S 10C")
    state.bank[1] = 0
    do(state, "play 7S", "fish 10S")
    assert state.fish == [1, 1] and cards("10S")[0] in state.hands[0]
