"""When two people share a device in Waddle Waddle, the pass-the-device screen stands only
when the person to move holds something the others may not see (the state's
``holds_secrets``, asked by waddle.app.chrome): not while the heroes are chosen, when
every hand is still empty, and again from the first hand dealt; a hand of cards all taken
face up hides nothing."""

from __future__ import annotations

import random

from waddle_waddle_helpers import arrange, game

from waddle.app.chrome import needs_curtain, viewer_for
from waddle.app.session import Session
from waddle.core.game import SPECTATOR
from waddle.games.waddle_waddle.clicks import Choice, steps_to
from waddle.games.waddle_waddle.presenter import PRESENTER


def curtain(session: Session, revealed: int | None = None) -> int | None:
    return needs_curtain(session, True, embed=False, revealed=revealed)


def test_two_people_choose_heroes_with_no_pass_the_device_screen_and_the_first_hand_brings_it():
    session = Session.new("waddle-waddle", 2, seed=3)
    state = session.state
    for _ in range(2):  # Red, then Blue, each at the screen without passing it first
        assert state.phase == "hero"
        player = state.to_move()
        assert curtain(session) is None, "nothing of anyone's is hidden yet"
        assert viewer_for(session, True, embed=False, revealed=None) == player
        drawn = PRESENTER.render(session.scene(player, True))
        hero = next(a for a in state.legal_actions())
        [(_, name)] = steps_to(state.view(player), hero)
        assert f'data-control="{name}"' in drawn.controls, "the heroes are there to choose"
        session.ui = Choice()
        assert session.play(PRESENTER.on_control(session, name))
    assert state.phase == "turn" and state.hands[state.to_move()], "the first hands are dealt"
    assert curtain(session) == state.to_move(), "the screen is back with the first hand"
    assert viewer_for(session, True, embed=False, revealed=None) == SPECTATOR  # no hand shown
    assert curtain(session, revealed=state.to_move()) is None


def test_a_hand_hides_something_while_one_card_of_it_was_not_taken_face_up():
    state = game(2, heroes=("dee", "papi"))
    arrange(state, hands=[["Ki1", "Ge2"], []], known=[["Ki1", "Ge2"], []])
    assert not state.holds_secrets(0), "every card of it was taken face up: all seen"
    assert not state.holds_secrets(1), "an empty hand"
    arrange(state, hands=[["Ki1", "Ge2"], ["Mg3"]], known=[["Ki1"], []])
    assert state.holds_secrets(0) and state.holds_secrets(1)


def test_whatever_the_game_a_seat_holds_secrets_exactly_when_its_view_shows_more():
    """The predicate agrees with the view: a seat holds secrets when its own view of its
    hand shows cards that another seat's view does not."""
    rng = random.Random(5)
    for seed in range(4):
        state = game(3, seed)
        while not state.is_over():
            for seat in range(state.n):
                own = state.view(seat).seats[seat].hand
                seen = state.view((seat + 1) % state.n).seats[seat].known
                assert state.holds_secrets(seat) == (len(own) > len(seen))
            state.apply(rng.choice(state.legal_actions()))
