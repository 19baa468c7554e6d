"""Properties of whole games on standard boards, checked with Hypothesis.

Each example draws a player count (2 to 4), a board seed and a seed for the random
choice of legal actions, then plays a game and checks a property at every step. The
contract's sections behind each property are named in its docstring.
"""

from __future__ import annotations

import random

from htmf_helpers import as_reference, reference_set, snapshot
from htmf_reference import ReferenceGame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from waddle.core.game import IllegalActionError
from waddle.games.htmf import Action, new_record

PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

player_counts = st.integers(min_value=2, max_value=4)
board_seeds = st.integers(min_value=0, max_value=2**31 - 1)
choice_seeds = st.integers(min_value=0, max_value=2**32 - 1)


def play(players: int, seed: int, choice: int, plies: int | None = None):
    record = new_record(players, seed)
    state = record.start()
    rng = random.Random(choice)
    while not state.is_over() and (plies is None or state.ply < plies):
        state.apply(rng.choice(state.legal_actions()))
    return record, state


@PROPERTY
@given(players=player_counts, seed=board_seeds, choice=choice_seeds)
def test_every_game_ends_within_one_move_per_floe(players, seed, choice):
    """ "actions": every move takes a floe off the board, and every penguin leaves on a
    floe of its own at the latest at the end, so a game has at most 60 - penguins moves;
    then every player is out and every floe is either taken or left for nobody."""
    _, state = play(players, seed, choice)
    penguins = state.total_penguins
    assert state.is_over()
    assert state.ply - penguins <= 60 - penguins
    assert all(state.is_out(p) for p in range(players))
    assert sum(state.floe_counts()) + len(state.floes_left()) == 60
    assert sum(state.scores()) + sum(state.floes_left().values()) == 100


@PROPERTY
@given(players=player_counts, seed=board_seeds, choice=choice_seeds)
def test_undo_restores_the_exact_state(players, seed, choice):
    """Every action, placements and moves, players leaving and the end included."""
    state = new_record(players, seed).start()
    rng = random.Random(choice)
    snapshots = []
    while not state.is_over():
        snapshots.append(snapshot(state))
        state.apply(rng.choice(state.legal_actions()))
    while snapshots:
        state.undo()
        assert snapshot(state) == snapshots.pop()


@PROPERTY
@given(players=player_counts, seed=board_seeds, choice=choice_seeds)
def test_the_engine_agrees_with_the_plain_reference_model_at_every_step(players, seed, choice):
    """Placement, movement, players who cannot move, the end and the scores, step by
    step against tests/htmf_reference.py, which walks the board hex by hex."""
    record = new_record(players, seed)
    state = record.start()
    model = ReferenceGame([(f.q, f.r, f.fish) for f in record.board], players)
    rng = random.Random(choice)
    while True:
        assert state.to_move() == model.turn
        assert reference_set(state.legal_actions()) == model.legal()
        assert len(set(state.legal_actions())) == len(state.legal_actions())
        assert state.scores() == model.scores()
        assert state.floe_counts() == model.floes()
        assert [state.is_out(p) for p in range(players)] == [p in model.out for p in range(players)]
        if state.is_over():
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        model.apply(as_reference(action))
    assert model.over()
    assert state.winners() == model.winners()


@PROPERTY
@given(players=player_counts, seed=board_seeds, choice=choice_seeds, cut=st.integers(0, 60))
def test_illegal_actions_change_nothing_and_say_why(players, seed, choice, cut):
    _, state = play(players, seed, choice, plies=cut)
    rng = random.Random(choice + 1)
    coords = list(state.board.coords)
    legal = set(state.legal_actions())
    before = snapshot(state)
    for _ in range(30):
        a, b = rng.choice(coords), rng.choice([*coords, (9, 9)])
        action = rng.choice([Action.place(b), Action.move(a, b)])
        reason = state.why_illegal(action)
        assert (reason is None) == (action in legal)
        if reason is not None:
            try:
                state.apply(action)
            except IllegalActionError as e:
                assert str(e) == reason
            else:
                raise AssertionError(f"{action} was applied although {reason}")
            assert snapshot(state) == before


@PROPERTY
@given(
    players=player_counts,
    seed=board_seeds,
    choice=choice_seeds,
    start=st.integers(0, 40),
    wrong=st.integers(0, 70),
)
def test_applying_many_actions_at_once_is_applying_them_one_by_one(
    players, seed, choice, start, wrong
):
    """``apply_all`` (what replaying a record uses) keeps no moves on the way; it must
    end in exactly the state one ``apply`` after another reaches, and refuse the same
    action, for the same reason, leaving the state before it."""
    _, state = play(players, seed, choice)
    history = state.history
    one_by_one = new_record(players, seed).start()
    for action in history[:start]:
        one_by_one.apply(action)
    at_once = one_by_one.clone()
    rest = history[start:]
    if wrong < len(rest):  # put an illegal action there: a move from an empty place
        bad = Action.move((99, 99), rest[wrong].dst)
        rest = [*rest[:wrong], bad, *rest[wrong:]]
    try:
        at_once.apply_all(rest)
        refused = None
    except IllegalActionError as e:
        refused = (e.index, str(e))  # type: ignore[attr-defined]
    for n, action in enumerate(rest):
        reason = one_by_one.why_illegal(action)
        if reason is not None:
            assert refused == (n, reason)
            break
        one_by_one.apply(action)
    else:
        assert refused is None
    assert snapshot(at_once) == snapshot(one_by_one)
