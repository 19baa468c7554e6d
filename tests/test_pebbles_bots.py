"""Pebbles bots: legal decisions only, within their budget, and decided from their seat's
view alone (the hidden-information rule of docs/architecture.md). Their strength is
measured by python -m waddle bench bots --game pebbles (a benchmark, not a test)."""

from __future__ import annotations

import pytest
from pebbles_helpers import play_out

from waddle.core.bots import InformationSetMcts
from waddle.core.game import CHANCE, OMNISCIENT, resolve_chance
from waddle.games.pebbles import new_record
from waddle.games.pebbles.ai import STEP_SHARE, make_bot
from waddle.games.pebbles.state import PebblesState


@pytest.mark.parametrize("players", [2, 4])
def test_every_level_plays_only_legal_decisions_to_the_end(players):
    state = new_record(players, seed=players).start()
    bots = [make_bot(level, seed=p, iterations=12) for p, level in enumerate(
        ["hard", "medium", "easy", "random"][:players])]  # fmt: skip
    while not state.is_over():
        if state.to_move() == CHANCE:
            resolve_chance(state, 1)
            continue
        action = bots[state.to_move()].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    assert sum(state.love) == 10


def test_the_hard_bot_keeps_to_its_iterations_a_share_for_each_step():
    """The budget is a card decision's; the turn's later decisions get their share."""
    state = new_record(2, seed=3).start()
    bot = make_bot("hard", seed=1, iterations=40)
    search = bot.start(state)
    assert isinstance(search, InformationSetMcts)
    search.advance()
    assert search.iterations == 40
    state.apply(search.best())
    search = bot.start(state)
    search.advance()
    assert search.iterations == round(40 * STEP_SHARE.get(state.step, 0.5)) < 40


def positions(players: int, seed: int):
    """Positions of a random game where the player to move has a real choice."""
    state = new_record(players, seed).start()
    while not state.is_over():
        if state.to_move() != CHANCE and len(state.legal_actions()) > 1 and state.ply % 9 == 4:
            yield state.clone()
        play_out(state, seed, plies=state.ply + 1)


def other_worlds(state: PebblesState, count: int) -> list[PebblesState]:
    """States that differ from ``state`` only in what the player to move cannot see: the
    unknown cards of the other hands and of the deck dealt round in turn, the deck's
    order reversed."""
    seat = state.to_move()
    public = state.public
    others = [p for p in range(state.players) if p != seat]
    hidden = sorted(
        [c for p in others for c in state.hands[p] if not (public >> c) & 1]
        + [c for c in state.deck if not (public >> c) & 1]
    )
    worlds = []
    for k in range(count):
        cards = hidden[k:] + hidden[:k]
        world = state.clone()
        for p in others:
            known = [c for c in state.hands[p] if (public >> c) & 1]
            unknown = len(state.hands[p]) - len(known)
            world.hands[p] = sorted(known + cards[:unknown])
            cards = cards[unknown:]
        world.deck = list(reversed([c for c in state.deck if (public >> c) & 1] + cards))
        world._legal = None
        assert world.view(seat) == state.view(seat)
        worlds.append(world)
    return worlds


@pytest.mark.parametrize(("level", "iterations"), [("easy", 1), ("medium", 1), ("hard", 60)])
def test_a_bots_choice_does_not_change_with_what_its_seat_cannot_see(level, iterations):
    checked = 0
    for players, seed in ((2, 5), (4, 6)):
        for state in list(positions(players, seed))[:4]:
            worlds = other_worlds(state, 4)
            assert any(w.view(OMNISCIENT) != state.view(OMNISCIENT) for w in worlds), (
                "the worlds really differ"
            )
            choices = {
                make_bot(level, seed=9, iterations=iterations).choose(w) for w in [state, *worlds]
            }
            assert len(choices) == 1, (level, state.ply, choices)
            checked += 1
    assert checked == 8


def test_a_bot_with_an_iteration_budget_is_reproducible():
    state = play_out(new_record(3, seed=2).start(), 2, plies=30)
    while state.to_move() == CHANCE:
        play_out(state, 2, plies=state.ply + 1)
    a = make_bot("hard", seed=4, iterations=50).choose(state)
    assert a == make_bot("hard", seed=4, iterations=50).choose(state)


def test_a_tournament_draws_the_reshuffles_as_the_app_does():
    """The shared tournament resolves chance nodes from the game's seed (waddle/core/
    tournament.py), so card games play in it like the others."""
    from waddle.core.tournament import run_tournament

    result = run_tournament("waddle.games.pebbles", ["easy", "random"], 2, games=2, iterations=1)
    assert len(result.games) == 2 and abs(sum(r.share for r in result.rows) - 1.0) < 1e-9
