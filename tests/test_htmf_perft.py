"""Perft-style counts: how many distinct action sequences of a given length exist.

The engine's count (``legal_actions`` with apply/undo) is compared with two independent
counts: cloning instead of undoing, with legality asked of ``why_illegal`` for every
candidate action; and the plain reference model of tests/htmf_reference.py. A sequence
counts only if it has exactly ``depth`` actions (a game that ends earlier adds nothing).

Contract sections: "actions" (placement and movement), "A player none of whose penguins
can move", "The game is over when no penguin can move".
"""

from __future__ import annotations

import pytest
from htmf_helpers import as_reference, brute_force_legal, position, snapshot
from htmf_reference import ReferenceGame

from waddle.core.rng import Rng
from waddle.games.htmf import HtmfState, new_game


def perft_undo(state: HtmfState, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for action in state.legal_actions():
        state.apply(action)
        total += perft_undo(state, depth - 1)
        state.undo()
    return total


def perft_clone(state: HtmfState, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for action in sorted(brute_force_legal(state), key=str):
        child = state.clone()
        child.apply(action)
        total += perft_clone(child, depth - 1)
    return total


def perft_reference(model: ReferenceGame, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for action in model.legal():
        child = model.clone()
        child.apply(action)
        total += perft_reference(child, depth - 1)
    return total


def reference_of(state: HtmfState) -> ReferenceGame:
    model = ReferenceGame([(f.q, f.r, f.fish) for f in state.board.floes], state.players)
    for action in state.history:
        model.apply(as_reference(action))
    return model


OPEN_ICE = """
    |1 1 1 1 1 1 1
    | 1 1 1 1 1 1 1
    |  B 1 A 1 . 1 1
    |   1 1 2 1 1 1 1
    |    1 1 3 1 1 1 1
    |
    |      A . A . A . B . B . B
"""


def test_the_opening_of_the_standard_board():
    """30 empty 1-fish floes, one fewer for each penguin placed: 30, 30·29, 30·29·28."""
    state = new_game(2, seed=0)
    assert [perft_undo(state, d) for d in (1, 2, 3)] == [30, 30 * 29, 30 * 29 * 28]


def test_open_ice_by_hand():
    """A at 2,2 has 10 moves (see test_htmf_rules_move). B at 0,2 then has 7: 1,2 along
    its row (A, or the gap A leaves, stops it), 1,1 and 2,0 up to the right, 0,1 and 0,0
    up, 0,3 and 0,4 down; one fewer after each of A's three moves that land on one of
    B's rays (to 1,2, 2,0 and 0,4). Depth 2: 7 * 7 + 3 * 6 = 67."""
    state = position(OPEN_ICE)
    assert perft_undo(state, 1) == 10
    assert perft_undo(state, 2) == 67


def positions():
    yield "open ice", position(OPEN_ICE)
    for players, seed, plies in ((2, 1, 8), (2, 5, 20), (3, 2, 13), (4, 3, 30)):
        state = new_game(players, seed=seed)
        rng = Rng(seed)
        while state.ply < plies and not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
        yield f"{players} players after {plies}", state


@pytest.mark.parametrize(("name", "state"), list(positions()), ids=lambda x: str(x)[:24])
def test_three_independent_counts_agree(name, state):
    before = snapshot(state)
    by_undo = perft_undo(state, 2)
    assert snapshot(state) == before  # undo restored every position exactly
    assert by_undo == perft_reference(reference_of(state), 2)
    assert perft_undo(state, 1) == perft_clone(state, 1)


def test_three_counts_agree_deeper_on_open_ice():
    state = position(OPEN_ICE)
    assert perft_undo(state, 4) == perft_reference(reference_of(state), 4)
    assert perft_undo(state, 2) == perft_clone(state, 2)
