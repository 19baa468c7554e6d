"""The result's score chart data (each game's series.py over waddle.core.series): Hey,
That's My Fish! keeps a point for every move, also when one player makes the last moves
alone after the others have none left (drawn as one step, those moves looked like one
jump in the score)."""

from __future__ import annotations

import itertools
import random

from waddle.games.htmf.game import GAME


def _game_with_a_long_last_run(seed: int = 20):
    """A 2-player game of random moves whose last 19 moves are all one player's."""
    record = GAME.new_record(2, seed=seed)
    state = record.start()
    rng = random.Random(seed)
    movers = []
    while not state.is_over():
        movers.append(state.to_move())
        state.apply(rng.choice(state.legal_actions()))
    return record.with_actions(state.history), movers, state


def test_a_point_per_move_when_one_player_moves_alone_at_the_end():
    record, movers, final = _game_with_a_long_last_run()
    assert movers[-19:] == [movers[-1]] * 19, "the game this test is about"
    labels, seats = GAME.score_series(record)
    assert len(labels) == len(record.actions) + 1, "start, then a point after each move"
    alone = seats[movers[-1]][-20:]
    assert all(b - a <= 3 for a, b in itertools.pairwise(alone)), "each step is one floe (1-3 fish)"
    assert [seat[-1] for seat in seats] == final.scores()
    assert labels[1] == "Move 1" and labels[-1] == "end"
