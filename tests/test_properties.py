"""Properties of whole games on generated maps, checked with Hypothesis.

Each example draws a player count (2 to 5), a map seed for :func:`new_record`, and a seed
for the random choice of legal actions, then plays a game and checks a property at every
step. The rulebook sections behind each property are cited in its docstring.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from helpers import (
    ReferenceGame,
    brute_force_legal,
    every_candidate_action,
    random_playout,
    snapshot,
)
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from waddle.core.game import IllegalActionError
from waddle.games.waddle import SCOUT, Board, HexSpec, Record, WaddleState, new_record

PROPERTY = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

player_counts = st.integers(min_value=2, max_value=5)
map_seeds = st.integers(min_value=0, max_value=1_000_000)
choice_seeds = st.integers(min_value=0, max_value=2**32 - 1)


@cache
def record_for(players: int, seed: int) -> Record:
    """A generated, not yet played game (cached: generating a map is the slow part)."""
    return new_record(players, seed)


def start(players: int, seed: int):
    return record_for(players, seed).start()


def step(state, rng: random.Random):
    action = rng.choice(state.legal_actions())
    state.apply(action)
    return action


def action_bound(state) -> int:
    """Most actions a game can take: one placement per ice hex, and per round at most
    ``players - 1`` scouts (the last player placing may not scout); there is at most one
    round per numbered water hex.
    """
    board = state.board
    return len(board.ice) + (state.players - 1) * len(board.numbered)


@PROPERTY
@given(players=player_counts, seed=map_seeds, choice=choice_seeds)
def test_every_game_ends_within_the_action_bound(players, seed, choice):
    """Rulebook, "Game Rounds" / "Last Player Placing" / "Game End & Scoring": each
    placement fills an ice hex and a round cannot be scouted away, so every game ends,
    after exactly one placement per ice hex and at most ``players - 1`` scouts a round.
    """
    state = start(players, seed)
    bound = action_bound(state)
    scouts_this_round, number = 0, state.active_number
    rng = random.Random(choice)
    played = []
    while not state.is_over():
        assert len(played) < bound, "more actions than the game can hold"
        played.append(step(state, rng))
        if state.active_number != number:
            scouts_this_round, number = 0, state.active_number
        elif played[-1] == SCOUT:
            scouts_this_round += 1
            assert scouts_this_round <= players - 1
    assert len(played) <= bound
    assert sum(1 for a in played if a != SCOUT) == len(state.board.ice)


@PROPERTY
@given(players=player_counts, seed=map_seeds, choice=choice_seeds)
def test_every_ice_hex_is_filled_at_the_end_of_a_generated_game(players, seed, choice):
    """Rulebook, "Game End & Scoring": the game ends when every ice hex has a penguin; on
    the generated maps every ice hex touches a numbered water hex, so all get filled.
    """
    state = start(players, seed)
    random_playout(state, choice)
    board = state.board
    empty = [board.coords[i] for i in board.ice if state.penguin_at(board.coords[i]) is None]
    assert empty == []
    assert state.to_move() is None
    assert state.legal_actions() == []


@PROPERTY
@given(players=player_counts, seed=map_seeds, choice=choice_seeds)
def test_undo_restores_the_exact_position(players, seed, choice):
    """Rulebook, "Player Turns" / "Round End": whatever an action changed
    (penguins, doubles, both tracks, the active hex, a round end), undoing it restores the
    position exactly, after every action and all the way back to the start.
    """
    state = start(players, seed)
    rng = random.Random(choice)
    seen = [snapshot(state)]
    while not state.is_over():
        before = seen[-1]
        action = step(state, rng)
        after = snapshot(state)
        assert state.undo() == action
        assert snapshot(state) == before
        state.apply(action)
        assert snapshot(state) == after
        seen.append(after)
    while state.history:
        seen.pop()
        state.undo()
        assert snapshot(state) == seen[-1]
    assert snapshot(state) == snapshot(start(players, seed))
    with pytest.raises(IndexError):
        state.undo()


@PROPERTY
@given(
    players=player_counts,
    seed=map_seeds,
    choice=choice_seeds,
    split=st.floats(min_value=0, max_value=1),
)
def test_clone_is_independent(players, seed, choice, split):
    """Rulebook, "Player Turns": a clone is a separate position; playing on it (or on the
    original) never changes the other one.
    """
    state = start(players, seed)
    rng = random.Random(choice)
    for _ in range(int(split * len(state.board.ice))):
        step(state, rng)
    copy = state.clone()
    assert snapshot(copy) == snapshot(state)
    at_split = snapshot(state)

    random_playout(copy, choice + 1)
    assert snapshot(state) == at_split
    copy_end = snapshot(copy)

    random_playout(state, choice + 2)
    assert snapshot(copy) == copy_end
    while len(copy.history) > len(at_split[-1]):
        copy.undo()
    assert snapshot(copy) == at_split


@PROPERTY
@given(
    players=player_counts,
    seed=map_seeds,
    choice=choice_seeds,
    finish=st.booleans(),
)
def test_replaying_the_record_reproduces_the_game(players, seed, choice, finish):
    """Rulebook, "Game End & Scoring", with the record note ("Format waddle-record/1"): a
    game written as a record, read back and replayed reaches the same position with the
    same scores, breakdown and winners (finished or stopped halfway).
    """
    state = start(players, seed)
    rng = random.Random(choice)
    halfway = len(state.board.ice) // 2
    while not state.is_over() and (finish or state.ply < halfway):
        step(state, rng)
    text = Record.from_state(state).dumps()
    again = Record.loads(text).replay()
    assert snapshot(again) == snapshot(state)
    assert again.is_over() == state.is_over()
    assert again.scores() == state.scores()
    assert again.breakdown() == state.breakdown()
    assert again.winners() == state.winners()
    assert Record.from_state(again).dumps() == text


@PROPERTY
@given(players=player_counts, seed=map_seeds, choice=choice_seeds)
def test_scores_equal_the_breakdown_totals(players, seed, choice):
    """Rulebook, "Game End & Scoring": a player's score is their waddles plus their fish,
    and the winners are every player with the top score; checked at every step.
    """
    state = start(players, seed)
    rng = random.Random(choice)
    while True:
        breakdown = state.breakdown()
        scores = state.scores()
        assert scores == breakdown.totals
        assert [p.waddle_vp + p.pool_vp for p in breakdown.players] == scores
        assert state.winners() == [p for p, s in enumerate(scores) if s == max(scores)]
        if state.is_over():
            break
        step(state, rng)


@PROPERTY
@given(players=player_counts, seed=map_seeds, choice=choice_seeds)
def test_the_replay_output_is_the_breakdown_as_json(players, seed, choice):
    """waddle-record.md, "replay": the finished game's output (built straight from the
    counts, for speed) says exactly what the breakdown the score panel shows says."""
    from waddle.games.waddle.game import GAME

    state = start(players, seed)
    rng = random.Random(choice)
    while not state.is_over():
        step(state, rng)
    breakdown = state.breakdown()
    assert GAME.summary(state) == {
        "over": True,
        "scores": breakdown.totals,
        "winners": breakdown.winners,
        "breakdown": [p.to_json() for p in breakdown.players],
        "pools": [p.to_json() for p in breakdown.pools],
    }


@PROPERTY
@given(players=player_counts, seed=map_seeds, choice=choice_seeds)
def test_legal_actions_are_exactly_those_why_illegal_allows(players, seed, choice):
    """Rulebook, "A. Place" / "B. Scout Ahead" / "Last Player Placing": the offered actions
    are exactly the single or double placements and scout that ``why_illegal`` accepts,
    out of every hex of the map (and just off it); anything else is refused unchanged.
    """
    state = start(players, seed)
    rng = random.Random(choice)
    while True:
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal), "an action is offered twice"
        assert set(legal) == brute_force_legal(state)
        assert {a.hex for a in legal if a != SCOUT} == set(state.legal_hexes())
        assert (SCOUT in legal) == (state.why_not_scout() is None) == state.can_scout()
        illegal = [a for a in every_candidate_action(state) if a not in legal]
        before = snapshot(state)
        for action in rng.sample(illegal, min(5, len(illegal))):
            try:
                state.apply(action)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{action} was applied although it is not legal")
            assert snapshot(state) == before
        if state.is_over():
            break
        step(state, rng)


@PROPERTY
@given(players=player_counts, seed=map_seeds, choice=choice_seeds)
def test_engine_agrees_with_a_plain_reference_model(players, seed, choice):
    """Rulebook, "Turn Order" to "2 Player Scoring" (every rule), cross-checked: a slow
    model written separately from the engine (tests/helpers.py) agrees with it on who
    moves, the active hex, both tracks, the legal actions and the scores at every step.
    """
    record = record_for(players, seed)
    state = record.start()
    model = ReferenceGame(record.map, players, record.order)
    rng = random.Random(choice)
    while True:
        assert state.to_move() == model.to_move()
        assert state.active_hex == model.active
        assert set(state.legal_actions()) == model.legal()
        assert state.scores() == model.scores()
        assert state.tracks == model.tracks
        assert state.active_track == model.current
        if state.is_over():
            break
        action = step(state, rng)
        model.apply(action)
    assert model.over()


# -- custom maps --------------------------------------------------------------------------

AREA = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]
"""The 37 hexes within three steps of (0, 0): room for custom maps."""


@st.composite
def custom_games(draw):
    """A custom map (gaps, islands, unnumbered and numberless water, stray ice, numbers
    in any order and not starting at 1), a player count and a starting order.
    """
    kinds = draw(st.lists(st.sampled_from([None, "ice", "ice", "water"]), min_size=37, max_size=37))
    waters = [h for h, k in zip(AREA, kinds, strict=True) if k == "water"]
    numbers = draw(
        st.lists(st.integers(-5, 60), unique=True, min_size=len(waters), max_size=len(waters))
    )
    numbered = draw(st.lists(st.booleans(), min_size=len(waters), max_size=len(waters)))
    assume(any(numbered))
    fish = draw(
        st.lists(
            st.lists(st.integers(0, 6), max_size=3), min_size=len(waters), max_size=len(waters)
        )
    )
    specs = [HexSpec(q, r, "ice") for (q, r), k in zip(AREA, kinds, strict=True) if k == "ice"]
    for (q, r), n, is_numbered, f in zip(waters, numbers, numbered, fish, strict=True):
        specs.append(HexSpec(q, r, "water", n if is_numbered else None, tuple(f)))
    draw(st.randoms(use_true_random=False)).shuffle(specs)
    players = draw(player_counts)
    order = draw(st.permutations(range(players)))
    return specs, players, list(order)


@PROPERTY
@given(game=custom_games(), choice=choice_seeds)
def test_engine_agrees_with_the_reference_model_on_custom_maps(game, choice):
    """Rulebook, "Clarifications & Tips" (creative layouts: gaps, islands), with every
    rule from "Turn Order" to "2 Player Scoring": on random custom maps the engine agrees
    with the reference model at every step, its legal actions are those ``why_illegal``
    allows, the game ends within the action bound, and undoing it all restores the start.
    """
    specs, players, order = game
    state = WaddleState(Board(specs), players, order)
    model = ReferenceGame(specs, players, order)
    start_snapshot = snapshot(state)
    rng = random.Random(choice)
    bound = action_bound(state)
    while True:
        assert state.to_move() == model.to_move()
        assert state.active_hex == model.active
        assert set(state.legal_actions()) == model.legal() == brute_force_legal(state)
        assert state.tracks == model.tracks
        assert state.scores() == model.scores() == state.breakdown().totals
        if state.is_over():
            break
        assert state.ply < bound
        model.apply(step(state, rng))
    while state.history:
        state.undo()
    assert snapshot(state) == start_snapshot
