"""The game review against an exact solver (tests/exact_solver.py), near the end of a game
of each kind: where the rest of the game is small enough to solve, a move that keeps a won
game won is never marked, and a move that turns it into a loss always is.

Each position comes from a two-player game the easy bot played (it leaves real choices
near the end), found by tests/exact_solver.py: one decision where some moves win and
others lose, whatever the cards the mover cannot see. From there two lines are played:
the mover plays a winning move, or a losing one, and then both players play perfectly.
The review judges the decisions from that position on, from each mover's view, at the
game's own review budget. In the two games of perfect information it judges such an
endgame by exact search itself (waddle/core/solve.py, written apart from the test's
solver), as lichess trusts a tablebase; in the card games the meter judges, and a loss
within its noise (``Meter.noise``) is not called anything.
"""

from __future__ import annotations

import pytest
from exact_solver import TooBig, action_values, values_for_mover

from waddle.app.review import Review
from waddle.core.game import CHANCE, resolve_chance
from waddle.games import GAMES

ENDGAMES = [
    # game, the easy bot's seed, the ply of a decision with winning and losing moves
    ("htmf", 19, 41),  # the review of issue 36 marked the sound move after it a blunder
    ("htmf", 24, 40),  # ... and here an inaccuracy
    ("waddle", 3, 19),
    ("pebbles", 3, 95),
    ("waddle-waddle", 3, 283),
]


def _position(game, seed: int, ply: int):
    record = game.new_record(2, seed)
    state = record.start()
    bot = game.make_bot("easy", seed=seed)
    while state.ply < ply:
        if state.to_move() == CHANCE:
            resolve_chance(state, seed)
        else:
            state.apply(bot.choose(state))
    return record, state


def _perfectly(state, first) -> list:
    """``first``, then perfect play by both seats to the end (the first best action)."""
    line = state.clone()
    line.apply(first)
    while not line.is_over():
        values = action_values(line)
        line.apply(max(values, key=lambda a: values[a]))
    return list(line.history)


def _judged(game, record, state, first):
    actions = _perfectly(state, first)
    review = Review(game, record.with_actions(actions), seed=0, start=state.ply)
    while not review.step():
        pass
    return review


@pytest.mark.parametrize(("game_id", "seed", "ply"), ENDGAMES)
def test_a_move_that_keeps_a_won_endgame_won_is_not_marked(game_id, seed, ply):
    game = GAMES.by_id(game_id).load()
    record, state = _position(game, seed, ply)
    values = values_for_mover(state)
    sound = [a for a, v in values.items() if v == 1.0]
    review = _judged(game, record, state, sound[-1])
    line = review.record.start()
    for decision in review.decisions:
        while line.ply < decision.ply:
            line.apply(review.record.actions[line.ply])
        try:
            exact = values_for_mover(line)
        except TooBig:
            continue  # its value depends on cards its mover could not see
        if exact[decision.played] == max(exact.values()):
            assert decision.kind is None, (decision, exact)


@pytest.mark.parametrize(("game_id", "seed", "ply"), ENDGAMES)
def test_a_move_that_throws_a_won_endgame_away_is_marked(game_id, seed, ply):
    game = GAMES.by_id(game_id).load()
    record, state = _position(game, seed, ply)
    values = values_for_mover(state)
    losing = [a for a, v in values.items() if v == 0.0]
    review = _judged(game, record, state, losing[0])
    first = review.decisions[0]
    assert first.ply == ply and first.played == losing[0]
    assert first.kind is not None, first
    assert first.exact == (game_id in ("htmf", "waddle")), "exact search where it can be"
