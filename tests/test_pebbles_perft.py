"""Perft-style counts for Pebbles: how many distinct decision sequences of a given length
exist from a position. A chance node (a reshuffle) counts as one step with one outcome,
drawn from the ply, the same for both counts.

The engine's count (``legal_actions`` with apply/undo) is compared with an independent
one: cloning instead of undoing, and asking ``why_illegal`` of every decision that could
be written down (every card to play or fish, every kind of decision on every tile,
``done``), so a decision missing from ``legal_actions`` or offered wrongly shows up. The
first two levels are also counted by hand from the rules.

Rulebook sections: "1. Play a Card", "2. Take 2 Actions", "Use a Card Power", "Moving a
Penguin / Adjacency", "Fish Tokens", "Go Fishing".
"""

from __future__ import annotations

import pytest
from pebbles_helpers import CANDIDATES, play_out

from waddle.core.game import CHANCE
from waddle.core.rng import Rng
from waddle.games.pebbles import COLLECT, new_record
from waddle.games.pebbles.cards import CARDS
from waddle.games.pebbles.state import PebblesState


def chance(state: PebblesState):
    return state.sample_chance(Rng(state.ply))


def perft_undo(state: PebblesState, depth: int) -> int:
    if depth == 0:
        return 1
    if state.to_move() == CHANCE:
        state.apply(chance(state))
        total = perft_undo(state, depth - 1)
        state.undo()
        return total
    total = 0
    for action in state.legal_actions():
        state.apply(action)
        total += perft_undo(state, depth - 1)
        state.undo()
    return total


def perft_brute(state: PebblesState, depth: int) -> int:
    if depth == 0:
        return 1
    if state.to_move() == CHANCE:
        child = state.clone()
        child.apply(chance(state))
        return perft_brute(child, depth - 1)
    total = 0
    for action in CANDIDATES:
        if state.why_illegal(action) is None:
            child = state.clone()
            child.apply(action)
            total += perft_brute(child, depth - 1)
    return total


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_perft_from_the_deal_the_first_two_levels_counted_by_hand(players, seed):
    """Depth 1: one decision per card in hand. Depth 2: for each card, place (1), fish
    one of the 4 face-up cards (4), and the power: nothing to move or court on an empty
    board, Collect a pebble on any tile."""
    state = new_record(players, seed).start()
    hand = state.hands[state.to_move()]
    tiles = len(state.layout)
    assert perft_undo(state, 1) == len(hand) == 10
    assert perft_undo(state, 2) == sum(5 + (tiles if CARDS[c].suit == COLLECT else 0) for c in hand)


@pytest.mark.parametrize(
    ("players", "seed", "plies", "depth"),
    [(2, 1, 0, 4), (2, 5, 23, 4), (3, 2, 40, 3), (4, 3, 61, 3), (4, 9, 120, 3)],
)
def test_perft_apply_undo_agrees_with_brute_force_legality(players, seed, plies, depth):
    """From the deal and from mid-game positions (penguins on the board, fish in hand)."""
    state = play_out(new_record(players, seed).start(), seed, plies=plies)
    assert perft_undo(state, depth) == perft_brute(state, depth)
