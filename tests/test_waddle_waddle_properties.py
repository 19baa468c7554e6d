"""Properties of whole games of Waddle Waddle, checked with Hypothesis: every game ends,
undo restores the exact state, and a determinization always keeps the view of the seat
it was made for, over every option (clones and replays: tests/test_conformance.py).

Each example draws a player count, a setup seed, options, and a seed for the random
choice among the legal actions.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from waddle_waddle_helpers import state_key

from waddle.core.rng import Rng
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import new_record

PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

players_st = st.integers(min_value=2, max_value=6)
seeds = st.integers(min_value=0, max_value=2**31 - 1)
options_st = st.fixed_dictionaries(
    {
        "seasons": st.integers(min_value=1, max_value=3),
        "kevin": st.booleans(),
        "no_threats": st.booleans(),
        "keep_hand": st.booleans(),
        "no_fish": st.booleans(),
        "no_frozen": st.booleans(),
        "no_events": st.booleans(),
        "no_heroes": st.booleans(),
        "gentle_first_season": st.booleans(),
    }
)

MAX_PLIES = 8000
"""No random game comes near this (a 6-player Epic game takes about 2,000 plies)."""


def record_of(players: int, seed: int, options: dict):
    return new_record(players, seed, Options.standard(players, **options))


def random_play(state, choice: int, plies: int | None = None):
    rng = random.Random(choice)
    while not state.is_over() and (plies is None or state.ply < plies):
        state.apply(rng.choice(state.legal_actions()))
        assert state.ply < MAX_PLIES
    return state


@PROPERTY
@given(players=players_st, seed=seeds, options=options_st, choice=seeds)
def test_every_game_ends_with_its_seasons_scored(players, seed, options, choice):
    state = random_play(record_of(players, seed, options).start(), choice)
    assert state.is_over() and len(state.bonuses) == options["seasons"]
    assert state.winners() and all(s >= 0 for s in state.scores())
    assert sum(state.rfish) + sum(state.fish) + state.supply == 30, "fish are never lost"
    for p in range(players):  # nests are never lost either
        per_colour = 25 * (2 if state.options.two_player_variant else 1)
        assert state.nest_totals()[p] + state.nest_left[p] == per_colour


@PROPERTY
@given(players=players_st, seed=seeds, options=options_st, choice=seeds)
def test_undo_restores_the_exact_state(players, seed, options, choice):
    state = record_of(players, seed, options).start()
    rng = random.Random(choice)
    keys = []
    while not state.is_over() and state.ply < 400:
        keys.append(state_key(state))
        state.apply(rng.choice(state.legal_actions()))
    while keys:
        state.undo()
        assert state_key(state) == keys.pop()


@PROPERTY
@given(players=players_st, seed=seeds, options=options_st, choice=seeds, world=seeds)
def test_a_determinization_keeps_the_view_of_every_seat(players, seed, options, choice, world):
    state = record_of(players, seed, options).start()
    rng = random.Random(choice)
    while not state.is_over():
        if rng.random() < 0.02:
            for seat in range(players):
                assert state.determinize(seat, Rng(world)).view(seat) == state.view(seat)
        state.apply(rng.choice(state.legal_actions()))
