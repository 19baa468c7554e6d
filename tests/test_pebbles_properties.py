"""Properties of whole games of Pebbles, checked with Hypothesis.

Each example draws a player count (2 to 4), a deal seed and a seed for the random legal
decisions and chance outcomes, plays a game and checks a property along the way.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pebbles_helpers import CANDIDATES, play_out, snapshot

from waddle.core.game import CHANCE, IllegalActionError
from waddle.core.rng import Rng
from waddle.games.pebbles import new_record
from waddle.games.pebbles.cards import deck_for
from waddle.games.pebbles.state import FISH_TOKENS, LOVE_TOKENS, PEBBLES, PENGUINS

PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

player_counts = st.integers(min_value=2, max_value=4)
deal_seeds = st.integers(min_value=0, max_value=2**31 - 1)
choice_seeds = st.integers(min_value=0, max_value=2**32 - 1)


def step(state, rng: Rng) -> None:
    if state.to_move() == CHANCE:
        state.apply(state.sample_chance(rng))
    else:
        state.apply(rng.choice(state.legal_actions()))


def conserved(state) -> None:
    """Components: nothing is made or lost: 10 penguins each, 30 pebbles, 16 fish, 10 love
    tokens, every card of the deck in exactly one place."""
    n = state.players
    for p in range(n):
        assert state.supply[p] + sum(state.pen[p::n]) == PENGUINS
    assert state.bank[0] + sum(state.pebbles) == PEBBLES
    assert state.bank[1] + sum(state.fish) == FISH_TOKENS
    assert state.bank[2] + sum(state.love) == LOVE_TOKENS
    everywhere = [
        *(c for h in state.hands for c in h),
        *(c for c in state.row if c >= 0),
        *state.deck,
        *state.discards,
        *state.trick,
    ]
    assert sorted(everywhere) == sorted(deck_for(n))
    assert min(state.pen) >= 0 and min(state.fish) >= 0


@PROPERTY
@given(players=player_counts, seed=deal_seeds, choice=choice_seeds)
def test_every_game_ends_after_ten_rounds_and_conserves_every_component(players, seed, choice):
    state = new_record(players, seed).start()
    rng = Rng(choice)
    while not state.is_over():
        conserved(state)
        assert state.legal_actions() or state.to_move() == CHANCE
        step(state, rng)
        assert state.ply < 2000
    conserved(state)
    assert state.round == 10 and sum(state.love) == 10


@PROPERTY
@given(players=player_counts, seed=deal_seeds, choice=choice_seeds)
def test_undo_restores_the_exact_state(players, seed, choice):
    """Every kind of decision, chance outcomes, round ends and the end of the game."""
    state = new_record(players, seed).start()
    rng = Rng(choice)
    snapshots = []
    while not state.is_over():
        snapshots.append(snapshot(state))
        step(state, rng)
    while snapshots:
        state.undo()
        assert snapshot(state) == snapshots.pop()


@PROPERTY
@given(players=player_counts, seed=deal_seeds, choice=choice_seeds, cut=st.integers(0, 250))
def test_illegal_decisions_change_nothing_and_say_why(players, seed, choice, cut):
    state = play_out(new_record(players, seed).start(), choice, plies=cut)
    if state.is_over() or state.to_move() == CHANCE:
        return
    legal = set(state.legal_actions())
    before = snapshot(state)
    for action in CANDIDATES:
        reason = state.why_illegal(action)
        assert (reason is None) == (action in legal), action
        if reason is not None:
            try:
                state.apply(action)
            except IllegalActionError as e:
                assert str(e) == reason
            else:
                raise AssertionError(f"{action} was applied although {reason}")
            assert snapshot(state) == before
