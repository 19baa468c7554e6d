"""What the platform promises games with hidden hands and chance (docs/architecture.md),
checked on the toy card game of tests/toy_games.py: a seat's view hides the others' hands,
a determinization agrees with the view and varies what is hidden, chance is drawn from the
record's seed, bots decide from their observation alone, and the screen shows the right
seat's view (with the pass-the-device screen between people)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from toy_games import HighCard

from waddle.app.chrome import needs_curtain, viewer_for
from waddle.core.bots import Budget, InformationSetMcts, MctsBot, tree_search
from waddle.core.game import CHANCE, OMNISCIENT, SPECTATOR, resolve_chance
from waddle.core.rng import Rng
from waddle.ui.seats import make_seats


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others():
    state = HighCard(((1, 4), (2, 6)), (3, 5))
    assert state.view(0).hands == ((1, 4), 2)
    assert state.view(1).hands == (2, (2, 6))
    assert state.view(SPECTATOR).hands == (2, 2)
    assert state.view(OMNISCIENT).hands == ((1, 4), (2, 6))


def test_two_states_that_differ_only_in_what_a_seat_cannot_see_give_that_seat_equal_views():
    a = HighCard(((1, 4), (2, 6)), (3, 5))
    b = HighCard(((1, 4), (5, 3)), (2, 6))
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)


def test_a_determinization_keeps_the_view_and_varies_the_hidden_cards():
    state = HighCard(((1, 4), (2, 6)), (3, 5))
    worlds = [state.determinize(0, Rng(seed)) for seed in range(40)]
    assert all(w.view(0) == state.view(0) for w in worlds)
    assert len({tuple(w.hands[1]) for w in worlds}) > 1, "the hidden hand really varies"
    assert state.hands[1] == [2, 6], "the real state is untouched"


def test_chance_is_drawn_from_the_seed_and_ply_so_a_replay_draws_the_same():
    state = HighCard(((1, 4), (2, 6)), (3, 5))
    state.apply(1)
    state.apply(2)
    assert state.to_move() == CHANCE
    assert resolve_chance(state, seed=5) == ["reveal"]
    assert state.bonus == 3 and state.to_move() == 0


def test_the_bot_uses_the_information_set_search_for_hidden_information():
    state = HighCard.deal(3)
    search = tree_search(state, Budget(iterations=10), MctsBot().config, Rng(1))
    assert isinstance(search, InformationSetMcts)


@pytest.mark.parametrize("seat_deals", [(7, 0), (11, 1)])
def test_a_bots_choice_does_not_change_with_what_its_seat_cannot_see(seat_deals):
    seed, seat = seat_deals
    base = HighCard.deal(seed)
    if seat == 1:
        base.apply(base.legal_actions()[0])
    other = 1 - seat
    hidden = sorted(base.hands[other] + base.deck)
    choices = set()
    for k in range(6):
        cards = hidden[k:] + hidden[:k]  # other hands and deck orders, same view for `seat`
        world = base.clone()
        world.hands[other] = sorted(cards[: len(base.hands[other])])
        world.deck = cards[len(base.hands[other]) :]
        assert world.view(seat) == base.view(seat)
        bot = MctsBot(seed=4, budget=Budget(iterations=300))
        choices.add(bot.choose(world))
    assert len(choices) == 1


def test_the_information_set_bot_plays_legal_cards_and_beats_a_random_player():
    wins = 0.0
    for seed in range(60):
        state = HighCard.deal(seed)
        smart = seed % 2  # the searching bot plays each seat half the time
        while not state.is_over():
            if state.to_move() == CHANCE:
                resolve_chance(state, seed)
                continue
            player = state.to_move()
            if player == smart:
                action = MctsBot(seed=seed, budget=Budget(iterations=200)).choose(state)
            else:
                action = Rng(seed * 7 + state.ply).choice(state.legal_actions())
            assert action in state.legal_actions()
            state.apply(action)
        winners = state.winners()
        wins += (smart in winners) / len(winners)
    assert wins / 60 > 0.55


def _session(bots):
    state = HighCard.deal(1)
    return SimpleNamespace(state=state, seats=make_seats(2, bots=bots, levels=("hard",)))


def test_with_one_person_against_computers_the_screen_shows_that_persons_hand():
    session = _session([None, "hard"])
    assert viewer_for(session, True, embed=False, revealed=None) == 0
    assert needs_curtain(session, True, embed=False, revealed=None) is None


def test_hot_seat_hides_every_hand_until_the_person_to_move_takes_the_device():
    session = _session([None, None])
    assert needs_curtain(session, True, embed=False, revealed=None) == 0
    assert viewer_for(session, True, embed=False, revealed=None) == SPECTATOR
    assert needs_curtain(session, True, embed=False, revealed=0) is None
    assert viewer_for(session, True, embed=False, revealed=0) == 0
    session.state.apply(session.state.legal_actions()[0])  # now seat 1 is to move
    assert needs_curtain(session, True, embed=False, revealed=0) == 1
    assert viewer_for(session, True, embed=False, revealed=0) == SPECTATOR


def test_the_embedded_view_a_finished_game_and_perfect_information_show_everything():
    session = _session([None, None])
    assert viewer_for(session, True, embed=True, revealed=None) == OMNISCIENT
    assert viewer_for(session, False, embed=False, revealed=None) == OMNISCIENT
    while not session.state.is_over():
        if session.state.to_move() == CHANCE:
            resolve_chance(session.state, 1)
        else:
            session.state.apply(session.state.legal_actions()[0])
    assert viewer_for(session, True, embed=False, revealed=None) == OMNISCIENT
    assert needs_curtain(session, True, embed=False, revealed=None) is None


def test_turning_up_the_bonus_card_is_a_reveal_and_playing_a_card_is_not():
    """``reveals`` marks what the app never takes back: here, the chance node's card."""
    state = HighCard(((1, 4), (2, 6)), (3, 5))
    assert not state.reveals(1)
    state.apply(1)
    state.apply(2)
    assert state.to_move() == CHANCE and state.reveals("reveal")


def test_perfect_information_games_reveal_nothing():
    from waddle.games.htmf import new_game

    state = new_game(players=2, seed=1)
    assert not any(state.reveals(a) for a in state.legal_actions())
