"""Bots of Hey, That's My Fish!: legal play at every level and player count, budgets,
reproducibility, the knowledge the hard bot uses, and hard beating random.

The strength goals (hard against medium, against plain UCT, and in four players) are a
benchmark, python -m waddle bench bots --game htmf, not tests.
"""

from __future__ import annotations

import pytest
from htmf_helpers import move, position, snapshot

from waddle.core.bots import Mcts
from waddle.core.tournament import run_tournament
from waddle.games.htmf import GAME, new_game
from waddle.games.htmf.ai import (
    BENCH_LEVELS,
    LEVELS,
    Grid,
    HtmfKnowledge,
    islands,
    make_bot,
    voronoi,
)

FAST = {"random": 1, "easy": 1, "medium": 1, "hard": 20, "uct": 20}


def play_out(state, bots) -> None:
    while not state.is_over():
        player = state.to_move()
        action = bots[player].choose(state)
        assert action in state.legal_actions(), (player, action)
        state.apply(action)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plays_only_legal_actions_through_a_whole_game(players):
    levels = ["hard", "uct", "medium", "easy", "random"]
    lineup = [levels[(players + k) % len(levels)] for k in range(players)]
    bots = [make_bot(level, seed=p, iterations=FAST[level]) for p, level in enumerate(lineup)]
    state = new_game(players, seed=players)
    play_out(state, bots)
    assert state.is_over()


def test_the_levels_links_and_the_page_know_and_the_benchmark_only_level():
    assert GAME.bot_levels == LEVELS == ("random", "easy", "medium", "hard")
    assert "uct" in BENCH_LEVELS and "uct" not in GAME.bot_levels
    assert GAME.make_bot("uct", seed=1, iterations=5).name == "uct"
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        make_bot("expert")


def test_the_bots_leave_the_callers_state_alone():
    state = new_game(3, seed=2)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    before = snapshot(state)
    for level in (*LEVELS, "uct"):
        make_bot(level, seed=1, iterations=FAST[level]).choose(state)
    assert snapshot(state) == before


@pytest.mark.parametrize("level", ["easy", "hard", "uct", "random"])
def test_same_seed_and_iterations_give_the_same_choice(level):
    state = new_game(2, seed=5)
    for _ in range(10):
        state.apply(state.legal_actions()[-1])
    choices = {make_bot(level, seed=4, iterations=60).choose(state) for _ in range(3)}
    assert len(choices) == 1


def test_the_choice_depends_on_the_position_not_on_what_the_bot_did_before():
    state = new_game(2, seed=6)
    for _ in range(9):
        state.apply(state.legal_actions()[0])
    bot = make_bot("hard", seed=3, iterations=50)
    first = bot.choose(state)
    bot.choose(new_game(2, seed=7))
    assert bot.choose(state) == first


def test_slicing_a_hard_search_does_not_change_its_answer():
    state = new_game(2, seed=8)
    for _ in range(8):
        state.apply(state.legal_actions()[0])
    whole = make_bot("hard", seed=2, iterations=80).start(state)
    whole.advance()
    sliced = make_bot("hard", seed=2, iterations=80).start(state)
    while not sliced.advance(0.0005):
        pass
    assert sliced.best() == whole.best() and sliced.stats() == whole.stats()


def test_a_time_budget_is_respected():
    search = make_bot("hard", seed=0, seconds=0.05).start(new_game(2, seed=1))
    assert search.advance()
    assert search.elapsed >= 0.05 and search.iterations > 1


def test_hard_playouts_stop_early_and_are_valued_by_the_position():
    """A search iteration must stay short (the page thinks in slices of a few ms): the
    hard bot's playouts stop after a few moves and value the position instead."""
    search = make_bot("hard", seed=0, iterations=5).start(new_game(2, seed=1))
    assert isinstance(search, Mcts)
    assert search.config.playout_depth is not None and search.config.playout_depth <= 10


ISLANDS = """
    |A 2 3 . B 1 . 2 2 . A . A . A . B . B . B
"""


def test_an_island_goes_to_the_only_player_on_it_and_an_empty_one_to_nobody():
    """The hard bot's knowledge: once the ice falls apart, an island where only one
    player's penguins stand is theirs (contract: floes nobody reaches score for nobody)."""
    state = position(ISLANDS)
    found = sorted(islands(state))
    assert found == [(1, [0, 1]), (1, [0, 1]), (1, [0, 1]), (1, [1, 0]), (1, [1, 0]),
                     (1, [1, 0]), (2, [0, 1]), (4, [0, 0]), (6, [1, 0])]  # fmt: skip
    values = voronoi(state, Grid.of(state.board))
    assert values == [4 + 5, 4 + 1]  # A: its island's 2 and 3; B: the 1 next to it


def test_the_hard_bots_evaluation_is_exact_at_the_end():
    state = position(ISLANDS)
    move(state, (0, 0), (1, 0))
    move(state, (4, 0), (5, 0))
    move(state, (1, 0), (2, 0))
    assert state.is_over()
    rewards = HtmfKnowledge(state.board).evaluate(state)
    assert state.scores() == [1 + 2 + 3 + 3, 1 + 1 + 3]
    assert state.winners() == [0] and rewards[0] > 0.75 > 0.25 > rewards[1]


def test_hard_beats_random():
    result = run_tournament("waddle.games.htmf", ["hard", "random"], 2, games=4, iterations=40)
    assert result.rows[0].share == 1.0


def test_medium_beats_random():
    result = run_tournament("waddle.games.htmf", ["medium", "random"], 2, games=6, iterations=1)
    assert result.rows[0].share >= 5 / 6


def test_a_tournament_resumed_from_a_game_plays_the_same_games_as_one_long_run():
    # A benchmark of hours that was cut off goes on from where it stopped (``bench bots
    # --results``): with an iteration budget the games are the very same.
    whole = run_tournament("waddle.games.htmf", ["hard", "random"], 2, games=4, iterations=20)
    rest = run_tournament("waddle.games.htmf", ["hard", "random"], 2, 4, iterations=20, first=2)
    assert [g.game.index for g in rest.games] == [2, 3]
    assert [(g.scores, g.winners, g.moves) for g in rest.games] == [
        (g.scores, g.winners, g.moves) for g in whole.games[2:]
    ]
