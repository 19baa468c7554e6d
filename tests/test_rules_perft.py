"""Perft-style counts: how many distinct action sequences of a given length exist.

The engine's count (``legal_actions`` with apply/undo) is compared with two independent
counts: cloning instead of undoing, with legality asked of ``why_illegal`` for every hex of
the map; and the plain reference model of tests/helpers.py. On two tiny maps the counts
are also derived by hand in the docstrings. A sequence counts only if it has exactly
``depth`` actions (a game that ends earlier contributes nothing).

Rulebook sections: "Player Turns" (place or scout), "A. Place", "B. Scout Ahead",
"Last Player Placing", "Round End", "Game End & Scoring".
"""

from __future__ import annotations

import random

import pytest
from helpers import (
    ReferenceGame,
    every_candidate_action,
    ice,
    make_state,
    ring,
    snapshot,
    water,
)

from waddle.games.waddle import new_record


def perft_undo(state, depth):
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        state.apply(action)
        total += perft_undo(state, depth - 1)
        state.undo()
    return total


def perft_clone(state, depth):
    if depth == 0:
        return 1
    total = 0
    for action in every_candidate_action(state):
        if state.why_illegal(action) is None:
            child = state.clone()
            child.apply(action)
            total += perft_clone(child, depth - 1)
    return total


def perft_reference(model, depth):
    if depth == 0:
        return 1
    total = 0
    for action in model.legal():
        child = model.clone()
        child.apply(action)
        total += perft_reference(child, depth - 1)
    return total


def seeded_position(players, seed, moves):
    """A generated game after ``moves`` random legal actions (seeded, so always the same)."""
    record = new_record(players, seed)
    state = record.start()
    model = ReferenceGame(record.map, players, record.order)
    rng = random.Random(seed)
    for _ in range(moves):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        model.apply(action)
    return state, model


@pytest.mark.parametrize(
    ("players", "seed", "moves"),
    [(2, 1, 0), (3, 7, 0), (5, 3, 0), (4, 11, 9), (3, 5, 20), (2, 4, 25)],
)
def test_action_sequence_counts_match_independent_counts(players, seed, moves):
    """Rulebook, "Player Turns": from a fixed seeded position, the number of distinct
    sequences of 1, 2 and 3 actions agrees between the engine and two independent counts,
    and counting leaves the position as it was.
    """
    state, model = seeded_position(players, seed, moves)
    before = snapshot(state)
    for depth in (1, 2, 3):
        counted = perft_undo(state, depth)
        assert snapshot(state) == before
        assert counted == perft_clone(state, depth)
        assert counted == perft_reference(model, depth)


def test_counts_on_one_ringed_water_hex_derived_by_hand():
    """Rulebook, "A. Place" / "B. Scout Ahead" / "Last Player Placing": two players, one
    water hex ringed by six ice hexes.

    Depth 1: 6 hexes x single/double, or scout: 13.
    Depth 2: after a placement (12), the other player has 5 x 2 placements or a scout (11);
    after a scout, the other player is last placing: 6 x 2, no scout (12). 132 + 12 = 144.
    Depth 3: place, place: the first player has 4 x 2 placements (a double is still left)
    or a scout: 12 x 10 x 9 = 1080. Place, scout: the first player is alone, 5 x 2:
    12 x 1 x 10 = 120. Scout, place: the second player places again, 5 x 2: 12 x 10 = 120.
    1080 + 120 + 120 = 1320.
    """
    state = make_state(ring((0, 0), 1), players=2, order=[0, 1])
    assert [perft_undo(state, d) for d in (1, 2, 3)] == [13, 144, 1320]


def test_counts_across_round_ends_derived_by_hand():
    """Rulebook, "Round End" / "Game End & Scoring": two players; water 1 and water 2
    each have a single ice hex of their own.

    Depth 1: single or double on (1,0), or scout: 3.
    Depth 2: a placement ends round 1 with nobody scouted, so player 1 opens round 2 with
    (4,0) x 2 or a scout: 2 x 3. After a scout, player 1 is last placing: 2. Total 8.
    Depth 3: place, place ends the game: nothing. Place, scout: player 0 alone, 2: 2 x 2.
    Scout, place: the scout opens round 2 with 2 placements or a scout: 2 x 3. Total 10.
    """
    specs = [water(0, 0, 1), ice(1, 0), water(3, 0, 2), ice(4, 0)]
    state = make_state(specs, players=2, order=[0, 1])
    assert [perft_undo(state, d) for d in (1, 2, 3)] == [3, 8, 10]
    assert [perft_clone(state, d) for d in (1, 2, 3)] == [3, 8, 10]
