"""Bots: legal play at every level and player count, budgets, reproducibility, time slicing,
judgement a player would notice, and the ``move`` and ``tournament`` commands.

Timing is only checked with generous bounds: these tests must pass on a loaded machine.
The strength figures (hard against medium) are benchmarks: ``python -m waddle bench bots``.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import ice, make_state, place, play, water

from waddle.cli import main
from waddle.core.bots import Budget, Mcts, MctsBot, MctsConfig, RandomBot
from waddle.core.game import IllegalActionError
from waddle.core.rng import Rng
from waddle.games.waddle import SCOUT, Action, Record, WaddleState, new_game, new_record
from waddle.games.waddle.ai import LEVELS, make_bot, place_gain

ROOT = Path(__file__).resolve().parent.parent

# Small budgets: these tests check behaviour, not strength.
FAST = {"random": 1, "easy": 1, "medium": 1, "hard": 25}


def play_out(state: WaddleState, bots) -> list[Action]:
    """Play to the end with ``bots[p]`` choosing for player p; every choice must be legal."""
    played = []
    while not state.is_over():
        player = state.to_move()
        action = bots[player].choose(state)
        assert action in state.legal_actions(), (player, action)
        state.apply(action)
        played.append(action)
    return played


# -- legal play, budgets, reproducibility ------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_level_plays_only_legal_actions_through_a_whole_game(players):
    lineup = ["hard", "medium", "easy", "random", "hard"][:players]
    bots = [make_bot(level, seed=p, iterations=FAST[level]) for p, level in enumerate(lineup)]
    state = new_game(players, seed=players)
    play_out(state, bots)
    assert state.is_over()


def test_the_bots_leave_the_callers_state_alone():
    state = new_game(3, seed=2)
    state.apply(state.legal_actions()[0])
    before = (state.history, list(state.owner), [t[:] for t in state.tracks])
    for level in LEVELS:
        make_bot(level, seed=1, iterations=FAST[level]).choose(state)
    assert (state.history, list(state.owner), [t[:] for t in state.tracks]) == before


@pytest.mark.parametrize("level", LEVELS)
def test_a_time_budget_is_respected(level):
    state = new_game(4, seed=1)
    bot = make_bot(level, seed=0, seconds=0.05)
    start = time.perf_counter()
    action = bot.choose(state)
    took = time.perf_counter() - start
    assert action in state.legal_actions()
    assert took < 1.0  # 0.05 s asked; generous for a loaded machine


def test_a_time_budget_is_used_by_the_tree_search():
    search = make_bot("hard", seed=0, seconds=0.05).start(new_game(2, seed=1))
    assert search.advance()
    assert search.elapsed >= 0.05 and search.iterations > 1


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_iterations_give_the_same_game(level):
    def game():
        bots = [make_bot(level, seed=7 + p, iterations=FAST[level]) for p in range(3)]
        return play_out(new_game(3, seed=4), bots)

    assert game() == game()


def test_the_choice_depends_on_the_position_not_on_what_the_bot_was_asked_before():
    state = new_game(2, seed=5)
    bot = make_bot("hard", seed=3, iterations=40)
    first = bot.choose(state)
    bot.choose(new_game(4, seed=1))  # something else in between
    assert bot.choose(state) == first
    assert make_bot("hard", seed=3, iterations=40).choose(state) == first


def test_random_bot_spreads_its_choices():
    state = new_game(2, seed=1)
    chosen = {make_bot("random", seed=s).choose(state) for s in range(40)}
    assert len(chosen) > len(state.legal_actions()) // 2


def test_budget_is_seconds_or_iterations():
    assert Budget.of() == Budget(seconds=1.0)
    with pytest.raises(ValueError):
        Budget(seconds=1.0, iterations=10)
    with pytest.raises(ValueError):
        make_bot("hard", seconds=0.5, iterations=10)
    with pytest.raises(ValueError):
        Budget(iterations=0)
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")


def test_no_search_on_a_finished_game():
    state = new_game(2, seed=1)
    play_out(state, [make_bot("easy", seed=p) for p in range(2)])
    for level in LEVELS:
        with pytest.raises(ValueError, match="game is over"):
            make_bot(level).start(state)


# -- time slicing, for the browser --------------------------------------------------------------


def test_slicing_does_not_change_the_answer():
    """A page runs the search in slices between frames; the result must not depend on it."""
    state = new_game(3, seed=8)
    whole = make_bot("hard", seed=2, iterations=60).start(state)
    assert whole.advance() and whole.iterations == 60

    sliced = make_bot("hard", seed=2, iterations=60).start(state)
    slices = 0
    while not sliced.advance(0.0):  # the smallest slice: one iteration each
        slices += 1
    assert slices >= 30
    assert sliced.best() == whole.best()
    assert sliced.stats() == whole.stats()


def test_step_and_run_for_drive_the_search_by_hand():
    search = make_bot("hard", seed=1, seconds=10).start(new_game(2, seed=2))
    assert search.best() in search.legal  # an answer is available before any thinking
    assert search.step(5) == 5 and search.iterations == 5
    assert search.run_for(0.02) >= 1
    assert not search.finished  # 10 s budget: far from used
    visits = sum(v for _, v, _ in search.stats())
    assert visits == search.iterations


def test_a_single_legal_action_needs_no_thinking():
    state = make_state([water(0, 0, 1), ice(1, 0)], players=2, order=[0, 1])
    play(state, SCOUT)  # player 1 is the last one placing ...
    state.doubles_left[1] = 0  # ... and has no double left: one legal action
    search = make_bot("hard", seconds=5).start(state)
    assert search.done and search.advance()
    assert search.best() == Action.place((1, 0))


# -- the generic tree search on another game ----------------------------------------------------


class Nim:
    """Take 1 or 2 stones; whoever takes the last stone wins. A GameState for the test."""

    num_players = 2

    def __init__(self, stones: int) -> None:
        self.stones = stones
        self.moves: list[int] = []

    def to_move(self) -> int | None:
        return None if self.is_over() else len(self.moves) % 2

    def is_over(self) -> bool:
        return self.stones == 0

    def legal_actions(self) -> list[int]:
        return [n for n in (1, 2) if n <= self.stones]

    def apply(self, action: int) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(str(action))
        self.stones -= action
        self.moves.append(action)

    def undo(self) -> int:
        action = self.moves.pop()
        self.stones += action
        return action

    def clone(self) -> Nim:
        other = Nim(self.stones)
        other.moves = self.moves[:]
        return other

    def scores(self) -> list[int]:
        if not self.is_over():
            return [0, 0]
        last = (len(self.moves) - 1) % 2
        return [int(p == last) for p in range(2)]

    def winners(self) -> list[int]:
        scores = self.scores()
        return [p for p in range(2) if scores[p] == max(scores)]


def test_tree_search_is_game_agnostic_and_finds_the_winning_move():
    # From 7 stones the only winning move leaves a multiple of 3.
    assert MctsBot(seed=1, budget=Budget(iterations=400)).choose(Nim(7)) == 1
    assert MctsBot(seed=1, budget=Budget(iterations=400)).choose(Nim(8)) == 2
    assert RandomBot(seed=1).choose(Nim(7)) in (1, 2)


def test_tree_search_hooks_are_used():
    calls = {"policy": 0, "evaluate": 0}

    def policy(state, rng):
        calls["policy"] += 1
        return state.legal_actions()[0]

    def evaluate(state):
        calls["evaluate"] += 1
        return [0.5, 0.5]

    config = MctsConfig(policy=policy, evaluate=evaluate, playout_depth=2)
    search = Mcts(Nim(20), Budget(iterations=30), config, rng=Rng(1))
    search.advance()
    assert calls["evaluate"] == 30
    assert 0 < calls["policy"] <= 60  # at most playout_depth per iteration


# -- judgement a player would notice ------------------------------------------------------------


def put(state: WaddleState, hexes, player: int) -> None:
    """Penguins of ``player`` on ice that no numbered water touches: part of waddles and
    pools, but never playable, so the round structure is left as it is."""
    for h in hexes:
        i = state.board.index[h]
        assert state.board.is_ice[i] and not state.board.ice_slots[i], h
        state.owner[i] = player
        state.token[i] = 1


def test_hard_bot_blocks_a_waddle_that_would_join_two_groups():
    """Two waddles of 4 of player 1 meet at (-1, 0): joined they score 45 VP instead of 20.
    Player 0 must take that hex, though it is worth no more to them than (1, 0).
    """
    a = [(-2, 1), (-3, 2), (-4, 3), (-5, 4)]
    b = [(-1, -1), (-1, -2), (-1, -3), (-1, -4)]
    state = make_state([water(0, 0, 1), ice(1, 0), ice(-1, 0), *(ice(*h) for h in a + b)])
    put(state, a + b, player=1)
    assert place_gain(state, state.board.index[(-1, 0)], 1, 1)[1] == 25
    for seed in range(3):
        action = make_bot("hard", seed=seed, iterations=200).choose(state)
        assert action.hex == (-1, 0), seed


def test_hard_bot_takes_a_pool_majority():
    """Three players; a 9-fish pool where players 0 and 1 have one penguin each. Placing on
    (-1, 0) gives player 0 the majority and the fish; (1, 0) gives nothing."""
    specs = [
        water(0, 0, 1),
        ice(1, 0),
        ice(-1, 0),
        water(-2, 0, fish=[9]),
        ice(-3, 0),
        ice(-3, 1),
    ]
    state = make_state(specs, players=3)
    put(state, [(-3, 0)], player=0)
    put(state, [(-3, 1)], player=1)
    for seed in range(3):
        action = make_bot("hard", seed=seed, iterations=200).choose(state)
        assert action.hex == (-1, 0), seed


def test_hard_bot_scouts_to_go_first_where_it_pays():
    """One hex is left around water 1, worth a single VP, and player 0 is to move. Placing
    there ends the round and player 1 moves first at water 2, whose (6, 0) alone borders a
    20-fish pool. Scouting makes player 1 fill the last hex, and player 0 goes first."""
    specs = [
        water(0, 0, 1),
        ice(1, 0),
        ice(-1, 0),
        ice(0, 1),
        water(5, 0, 2),
        ice(6, 0),
        ice(4, 0),
        ice(5, 1),
        water(7, -1, fish=[20]),
    ]
    state = make_state(specs, players=2, order=[0, 1])
    play(state, place(0, 1), place(1, 0))
    assert state.to_move() == 0 and SCOUT in state.legal_actions()
    for seed in range(3):
        assert make_bot("hard", seed=seed, iterations=200).choose(state) == SCOUT, seed
    # ... and once it has scouted, it takes the pool.
    play(state, SCOUT, place(-1, 0))
    assert state.to_move() == 0
    assert make_bot("hard", seed=0, iterations=200).choose(state).hex == (6, 0)


def test_medium_bot_keeps_a_double_for_where_it_counts():
    """Early in a game a double on an isolated hex is a waste: the greedy bot plays singles."""
    state = new_game(2, seed=3)
    action = make_bot("medium").choose(state)
    assert not action.double


# -- the command line ---------------------------------------------------------------------------


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "game.json"
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("level", LEVELS)
def test_move_prints_a_legal_action_in_the_record_syntax(tmp_path, level):
    record = new_record(3, seed=2)
    state = record.start()
    state.apply(state.legal_actions()[1])
    path = write(tmp_path, Record.from_state(state).dumps())
    code, out, err = run("move", path, "--bot", level, "--iterations", "20", "--seed", "4")
    assert (code, err) == (0, "")
    action = Action.from_json(json.loads(out))
    assert action in state.legal_actions()
    assert out.count("\n") == 1
    # Iterations make it reproducible.
    assert run("move", path, "--bot", level, "--iterations", "20", "--seed", "4")[1] == out


def test_move_with_seconds(tmp_path):
    path = write(tmp_path, new_record(2, seed=1).dumps())
    code, out, err = run("move", path, "--seconds", "0.05")
    assert (code, err) == (0, "")
    assert (
        Action.from_json(json.loads(out))
        in Record.loads(Path(path).read_text()).start().legal_actions()
    )


def finished(players: int = 2) -> Record:
    state = new_record(players, seed=1).start()
    play_out(state, [make_bot("easy", seed=p) for p in range(players)])
    return Record.from_state(state)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ('{"format": "waddle-record/1"}', '"players"'),
        (None, "game is over"),
    ],
)
def test_move_errors_are_one_line_and_exit_2(tmp_path, text, message):
    path = write(tmp_path, finished().dumps() if text is None else text)
    code, out, err = run("move", path, "--iterations", "5")
    assert code == 2 and out == ""
    assert err.startswith("error:") and err.count("\n") == 1 and message in err


def test_move_names_an_illegal_action_in_the_record(tmp_path):
    record = new_record(2, seed=1)
    record.actions.append(Action.place((99, 99)))
    code, out, err = run("move", write(tmp_path, record.dumps()), "--iterations", "5")
    assert code == 2 and out == "" and err.startswith("error: action 0")


def test_move_missing_file_and_real_process(tmp_path):
    code, _, err = run("move", str(tmp_path / "nope.json"))
    assert code == 2 and err.startswith("error: cannot read")
    done = subprocess.run(
        [sys.executable, "-m", "waddle", "move", write(tmp_path, finished(3).dumps())],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error:") and "Traceback" not in done.stderr


def test_tournament_prints_win_shares_with_intervals():
    code, out, err = run(
        "tournament",
        "--levels",
        "medium",
        "random",
        "--games",
        "4",
        "--iterations",
        "1",
        "--processes",
        "1",
    )
    assert (code, err) == (0, "")
    assert "2 players, 4 games" in out
    rows = [line.split() for line in out.splitlines() if line.split()[0] in LEVELS]
    assert [row[0] for row in rows] == ["medium", "random"]
    assert sum(float(row[2]) for row in rows) == pytest.approx(1.0)


def test_tournament_json_fills_seats_with_the_last_level():
    code, out, _ = run(
        "tournament",
        "--levels",
        "easy",
        "random",
        "--players",
        "3",
        "--games",
        "3",
        "--iterations",
        "1",
        "--processes",
        "1",
        "--json",
    )
    assert code == 0
    [report] = json.loads(out)
    assert report["lineup"] == ["easy", "random", "random"]
    shares = {row["level"]: row for row in report["levels"]}
    assert shares["random"]["seats"] == 2
    assert shares["easy"]["share"] + shares["random"]["share"] == pytest.approx(1.0)
    low, high = shares["easy"]["ci95"]
    assert 0 <= low <= shares["easy"]["share"] <= high <= 1


def test_tournament_rejects_more_levels_than_players():
    code, out, err = run(
        "tournament", "--levels", "easy", "easy", "easy", "--players", "2", "--games", "1"
    )
    assert code == 2 and out == "" and err.startswith("error:")


def test_a_tournament_of_any_game_is_named_by_its_package_and_rotates_seats():
    from waddle.core.tournament import run_tournament

    result = run_tournament("waddle.games.waddle", ["medium", "random"], players=2, games=2,
                            iterations=1)  # fmt: skip
    assert [(row.level, row.share) for row in result.rows] == [("medium", 1.0), ("random", 0.0)]
    assert [g.game.levels for g in result.games] == [("medium", "random"), ("random", "medium")]
