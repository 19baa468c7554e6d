"""The review's exact solver (waddle/core/solve.py): a judgement split into slices and a
solver that keeps its table from one decision to the one before it give the answers of
a fresh, unsliced search, and those agree with the tests' own solver."""

from __future__ import annotations

import pytest
from exact_solver import TooBig, action_values

from waddle.core.game import CHANCE
from waddle.core.solve import PAUSED, Solver, judge
from waddle.games import GAMES


def _line_end(game_id: str, seed: int, decisions: int):
    """The last ``decisions`` positions with a choice of a game the easy bot played, with
    the move played at each, the last first (the order a review solves them in)."""
    game = GAMES.by_id(game_id).load()
    state = game.new_record(2, seed).start()
    bot = game.make_bot("easy", seed=seed)
    positions = []
    while not state.is_over():
        action = bot.choose(state)
        if state.to_move() != CHANCE and len(state.legal_actions()) > 1:
            positions.append((state.clone(), action))
        state.apply(action)
    return positions[::-1][:decisions]


@pytest.mark.parametrize("game_id", ["waddle", "htmf"])
def test_a_solver_going_back_along_a_line_agrees_with_fresh_searches(game_id):
    solver = Solver()
    solved = 0
    for state, played in _line_end(game_id, 3, 12):
        fresh = judge(state, played)
        if fresh is None:
            break
        assert solver.judge(state, played) == fresh
        try:
            exact = action_values(state)
        except TooBig:
            continue
        value, best, top = fresh
        assert value == exact[played] and top == max(exact.values()) == exact[best]
        solved += 1
    assert solved >= 4


def test_a_judgement_cut_into_slices_goes_on_where_it_stopped():
    state, played = _line_end("waddle", 3, 14)[-1]  # about 8000 positions to search
    whole = judge(state, played)
    assert whole is not None
    solver = Solver()
    pauses = 0
    while (answer := solver.judge(state, played, deadline=0.0)) is PAUSED:
        pauses += 1
    assert pauses >= 10  # a slice of a few hundred positions each
    assert answer == whole
