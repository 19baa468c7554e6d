"""Perft-style counts of Waddle Waddle: how many action sequences of a given length exist,
counted by hand for small positions, and by applying and undoing against cloning for
deeper ones (rulebook sections "Choose Penguin Heroes", "Playing a Turn")."""

from __future__ import annotations

import random

import pytest
from waddle_waddle_helpers import arrange, game, play

from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import new_record


def perft_undo(state, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        state.apply(action)
        total += perft_undo(state, depth - 1)
        state.undo()
    return total


def perft_clone(state, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for action in list(state.legal_actions()):
        child = state.clone()
        child.apply(action)
        total += perft_clone(child, depth - 1)
    return total


def test_choosing_heroes_six_then_five_then_four():
    state = game(3)
    assert [perft_undo(state, d) for d in (1, 2, 3)] == [6, 6 * 5, 6 * 5 * 4]


def turn_position():
    state = game(2, heroes=("dee", "papi"), no_events=True)
    arrange(state, hands=[["Ki1", "Ki2", "Ki3"], ["Mg1"]], floe=["Ge1", "Ge1", "Mg2", "Rk3"],
            fish=[0, 0], rookery_fish=[1] * 5)  # fmt: skip
    return state


def test_a_turn_counted_by_hand():
    """Draft: 3 different face-up cards or the deck (4); exchange each of 3 cards (3);
    fish with each (3); no refill (the hand is not empty); one waddle (1): 11."""
    state = turn_position()
    assert perft_undo(state, 1) == 11
    play(state, "exchange Ki1")
    assert perft_undo(state, 1) == 3, "Ge1, Mg2 or Rk3: not the Ki1 just given"
    state.undo()
    play(state, "waddle Ki1 Ki2 Ki3")
    assert perft_undo(state, 1) == 3, "Macquarie, Crozet or South Georgia, one fish each"


def test_apply_and_undo_count_what_cloning_counts():
    state = turn_position()
    assert perft_undo(state, 3) == perft_clone(state, 3)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_apply_and_undo_count_what_cloning_counts_in_random_positions(players, seed):
    record = new_record(players, seed, Options.standard(players, kevin=True))
    state = record.start()
    rng = random.Random(seed)
    for _ in range(60 + 40 * seed):
        state.apply(rng.choice(state.legal_actions()))
    assert perft_undo(state, 3) == perft_clone(state, 3) > 0
