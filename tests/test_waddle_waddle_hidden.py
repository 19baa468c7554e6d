"""Hidden information in Waddle Waddle (waddle/core/game.py, docs/architecture.md): what
each seat sees, determinizations that keep it and keep the deck's shape, and the undo
barrier (``reveals``)."""

from __future__ import annotations

import random

import pytest
from waddle_waddle_helpers import arrange, game, legal, play, state_key

from waddle.core.game import OMNISCIENT, SPECTATOR
from waddle.core.rng import Rng
from waddle.games.waddle_waddle.actions import parse_action
from waddle.games.waddle_waddle.cards import KEVIN, THREAT0, code
from waddle.games.waddle_waddle.deck import deck_problems, stack_of
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import new_record


def positions(players: int, seed: int, count: int = 12, **options):
    """Random positions of a random game (kevin in half of them)."""
    options.setdefault("kevin", seed % 2 == 0)
    options.setdefault("seasons", 1 + seed % 3)
    state = new_record(players, seed, Options.standard(players, **options)).start()
    rng = random.Random(seed)
    out = []
    while not state.is_over():
        if rng.random() < 0.03 and len(out) < count:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return out


def test_a_seat_sees_its_hand_and_of_the_others_the_size_and_the_cards_taken_face_up():
    state = game(3, heroes=("dee", "papi", "dyan"))
    arrange(state, hands=[["Ge1", "Ki2"], ["Mg1", "Rk4"], ["Ch3"]], known=[[], ["Rk4"], []])
    view = state.view(0)
    assert view.seats[0].hand == ("Ki2", "Ge1")
    assert view.seats[1].hand is None and view.seats[1].hand_size == 2
    assert view.seats[1].known == ("Rk4",)
    assert state.view(SPECTATOR).seats[0].hand is None
    assert state.view(OMNISCIENT).seats[1].hand == ("Mg1", "Rk4")
    assert state.view(0).deck is None and state.view(OMNISCIENT).deck is not None
    assert state.view(0).future_events is None


def test_only_the_seat_to_move_sees_its_legal_actions_in_its_view():
    state = game(2, heroes=("dee", "papi"))
    assert state.view(0).legal and state.view(0).legal == tuple(legal(state))
    assert state.view(1).legal == () and state.view(SPECTATOR).legal == ()


def test_states_that_differ_only_in_what_a_seat_cannot_see_give_it_equal_views():
    state = game(3, heroes=("dee", "papi", "dyan"))
    other = state.clone()
    # Swap a card of player 1's hand with one of the deck: player 0 cannot tell.
    deck = list(other.deck)
    hand = other.hands[1]
    hand[0], deck[other.pos + 3] = deck[other.pos + 3], hand[0]
    hand.sort()
    other.decks = (tuple(deck), *other.decks[1:])
    assert other.view(0) == state.view(0) and other.view(2) == state.view(2)
    assert other.view(1) != state.view(1)
    assert other.view(OMNISCIENT) != state.view(OMNISCIENT)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_determinization_keeps_the_seats_view_and_the_decks_shape(players):
    for seed in range(4):
        for state in positions(players, seed):
            for seat in range(players):
                world = state.determinize(seat, Rng(seed * 31 + seat))
                assert world.view(seat) == state.view(seat)
                assert world.pos == state.pos and world.deck[: state.pos] == state.deck[: state.pos]
                _check_shape(world, state, seat)


def _check_shape(world, state, seat) -> None:
    """The world's undrawn cards and the seat's unseen cards are the real ones, redealt;
    every later deck is one the rules could build."""

    def unseen(st) -> list[int]:
        cards = list(st.deck[st.pos :])
        for p in range(st.n):
            if p != seat:
                hidden = list(st.hands[p])
                for c in st.known[p]:
                    hidden.remove(c)
                cards += hidden
        return sorted(cards)

    def penguins(cards: list[int]) -> list[int]:
        return [c for c in cards if c < THREAT0]

    assert penguins(unseen(world)) == penguins(unseen(state))
    threats = [c - THREAT0 for c in unseen(world) if c >= THREAT0]
    assert len(threats) == len(unseen(state)) - len(penguins(unseen(state)))
    assert set(threats) <= set(world._season_pool(world.season)) - set(state.season_threats)
    size = len(world.deck)
    has_threats = not world.options.no_threats
    for stack in range(4):
        rest = [
            world.deck[i] for i in range(world.pos, size) if stack_of(i, size, has_threats) == stack
        ]
        real = [
            state.deck[i] for i in range(state.pos, size) if stack_of(i, size, has_threats) == stack
        ]
        assert sum(c >= THREAT0 for c in rest) == sum(c >= THREAT0 for c in real)
    assert KEVIN not in world.deck[size - 40 :] or not has_threats
    for s, e in enumerate(world.events):
        assert world.components.events[e].season == s + 1
    # Later seasons' decks are drawn when the world gets there.
    assert all(d is None for d in world.decks[world.season + 1 :])
    if seat == 0 and world.season + 1 < len(world.decks):
        season = world.season
        rng = random.Random(seat)
        while world.season == season or world.phase == "tokens":
            world.apply(rng.choice(world.legal_actions()))
        deck = world.deck
        threats = tuple(sorted(c - THREAT0 for c in deck if c >= THREAT0))
        assert deck_problems(deck, threats, world.options.kevin) == []
        assert set(threats) <= set(world._season_pool(world.season))


def test_a_determinization_redraws_what_the_seat_cannot_see():
    state = positions(3, 5)[4]
    hands, decks = set(), set()
    for k in range(30):
        world = state.determinize(0, Rng(k))
        hands.add(tuple(map(tuple, world.hands[1:])))
        decks.add(world.deck[world.pos :])
    assert len(hands) > 5 and len(decks) > 20
    assert state.determinize(OMNISCIENT, Rng(1)).deck == state.deck


def test_a_determinization_keeps_each_unreached_stacks_threat_in_that_stack():
    state = game(2, heroes=("dee", "papi"))
    state.pos = len(state.deck) - 25  # in the middle of the second bottom stack
    size = len(state.deck)
    drawn = {stack_of(i, size, True) for i in range(state.pos) if state.deck[i] >= THREAT0}
    for k in range(20):
        world = state.determinize(0, Rng(k))
        rest = range(world.pos, size)
        stacks = [stack_of(i, size, True) for i in rest if world.deck[i] >= THREAT0]
        assert sorted(stacks) == sorted({stack_of(i, size, True) for i in rest} - drawn)


def test_a_determinization_keeps_kevin_where_he_can_be():
    for seed in range(6):
        for state in positions(3, seed, kevin=True):
            where = [KEVIN in h for h in state.hands] + [KEVIN in state.floe]
            for k in range(5):
                world = state.determinize(0, Rng(k))
                if KEVIN in state.hands[0] or KEVIN in state.floe:
                    assert [KEVIN in h for h in world.hands] + [KEVIN in world.floe] == where
                rest = world.deck[world.pos :]
                if KEVIN in rest:
                    assert world.deck.index(KEVIN) < len(world.deck) - 40


def test_a_determinization_leaves_the_real_state_alone():
    state = positions(4, 2)[3]
    key = state_key(state)
    state.determinize(1, Rng(3))
    assert state_key(state) == key


def test_reveals_a_face_down_draft_and_a_refill_of_the_ice_floe_not_a_face_up_choice():
    state = game(2, heroes=("dee", "papi"), no_events=True)
    arrange(state, hands=[["Ge1", "Mg2"], ["Mg1"]], floe=["Ki3", "Rk2", "Ch4", "Ch5", "Ge6"])
    assert state.reveals(parse_action("draft ?")) is True
    assert state.reveals(parse_action("draft Ki3")) is False, "four stay: no refill"
    assert state.reveals(parse_action("exchange Ge1")) is False
    arrange(state, floe=["Ki3", "Rk2", "Ch4", "Ch5"])
    assert state.reveals(parse_action("draft Ki3")) is True, "three left: the next turn refills"
    play(state, "exchange Ge1")
    assert state.reveals(parse_action("take Ki3")) is False
    assert state.reveals(parse_action("draft ?")) is False, "not legal now"


def test_reveals_the_last_hero_choice_deals_the_first_season():
    state = game(2)
    assert state.reveals(state.legal_actions()[0]) is False
    play(state, "hero dee")
    assert state.reveals(state.legal_actions()[0]) is True


def test_a_card_drawn_face_down_stays_unknown_to_the_others_until_it_leaves_the_hand():
    state = game(2, heroes=("dee", "papi"), no_events=True)
    arrange(state, hands=[[], ["Mg1"]], floe=["Ki3", "Rk2"])
    top = state.deck[state.pos]
    play(state, "refill Ki3", "take ?")
    assert state.view(1).seats[0].known == ("Ki3",) and state.view(1).seats[0].hand_size == 2
    play(state, "draft ?")  # player 1
    play(state, f"fish {code(top)}")  # the face-down card goes to the ice floe: now public
    assert code(top) in state.view(1).floe and state.view(1).seats[0].known == ("Ki3",)


def test_a_determinization_depends_only_on_the_seats_view_and_the_generator():
    """What the bots rely on: two states a seat cannot tell apart give it the same worlds."""
    state = positions(3, 7)[5]
    other = state.clone()
    hidden = [c for c in other.hands[1] if c not in other.known[1]]
    if hidden:
        deck = list(other.deck)
        i = other.pos
        card = hidden[0]
        other.hands[1].remove(card)
        other.hands[1].append(deck[i])
        other.hands[1].sort()
        deck[i] = card
        other.decks = (*other.decks[: other.season], tuple(deck), *other.decks[other.season + 1 :])
    assert other.view(0) == state.view(0) and state_key(other) != state_key(state)
    a, b = state.determinize(0, Rng(9)), other.determinize(0, Rng(9))
    assert a.hands == b.hands and a.decks[a.season][a.pos :] == b.decks[b.season][b.pos :]
