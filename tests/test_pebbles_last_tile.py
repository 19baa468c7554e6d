"""The view's ``last_tile``: where the app marks the last move of Pebbles (the web hooks'
``data-last``), the tile of the most recent decision that named one."""

from __future__ import annotations

from pebbles_helpers import do, game

from waddle.core.game import SPECTATOR

ROW = "10S 11C 12P 7L"


def test_the_last_tile_is_the_tile_of_the_most_recent_decision_that_named_one():
    state = game(["7S 9C 11S", "8P 13L 12S"], row=ROW, deck="9S 10C")
    assert state.view(0).last_tile is None, "nothing has happened yet"
    do(state, "play 7S")
    assert state.view(1).last_tile is None, "a card names no tile"
    do(state, "place 7", "step 8")
    assert state.view(SPECTATOR).last_tile == 8, "the placed penguin's fish step (its last)"
    do(state, "fish 10S")
    assert state.view(1).last_tile == 8, "fishing names no tile: the mark stays"
    state.undo()
    state.undo()
    assert state.view(0).last_tile == 7, "undo goes back to the placement"
