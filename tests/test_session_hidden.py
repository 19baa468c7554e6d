"""The session's rules for games with hidden information (docs/architecture.md, "Hidden
information in the app"), played with Pebbles: undo never takes back a move that turned up
a hidden card nor a computer's move after one, hot-seat undo stays within the turn of the
person to move, the scrubber and the move list keep the same floor while the game is on, a
finished game is a replay open at every position, the embedded view is not limited, and
chance is drawn from the record's seed (the redo line's own outcome when it has one)."""

from __future__ import annotations

import random
import re

import pytest

from waddle.app.chrome import needs_curtain, viewer_for
from waddle.app.session import Session
from waddle.core.game import CHANCE, OMNISCIENT, SPECTATOR
from waddle.games.pebbles import GAME
from waddle.games.pebbles.actions import K_FISH, K_RESHUFFLE
from waddle.games.pebbles.record import new_record
from waddle.ui.presenter import move_list_html


def session_led_by(person: int, players: int, bots: list[str | None]) -> Session:
    """A new game whose first player is seat ``person`` (the seed is searched for)."""
    for seed in range(1, 500):
        record = new_record(players, seed)
        if record.lead == person:
            return Session.start(GAME, record, bots=bots)
    raise AssertionError("no deal led by that seat")


def act(session: Session, *, fish: bool | None = None) -> None:
    """One legal decision: fishing when ``fish``, never fishing when False, any when None."""
    legal = session.state.legal_actions()
    wanted = [a for a in legal if fish is None or (a.kind == K_FISH) == fish] or list(legal)
    assert session.play(wanted[0]), session.message


def finish_turn(session: Session, *, fish: bool | None = None) -> None:
    player = session.state.to_move()
    while session.state.to_move() == player and not session.state.is_over():
        act(session, fish=fish)


def test_undo_never_takes_back_fishing_that_turned_up_a_card():
    session = session_led_by(0, 2, [None, "easy"])
    state = session.state
    act(session)  # the card
    fishing = next(a for a in state.legal_actions() if a.kind == K_FISH)
    assert state.reveals(fishing), "the deck refills the row: a card turns up"
    assert session.play(fishing)
    ply = state.ply
    assert not session.can_undo()
    assert not session.undo() and "turned up a hidden card" in session.message
    assert not session.undo_turn() and state.ply == ply
    assert session.undo_floor() == ply


def test_a_computers_move_after_a_card_turned_up_is_never_taken_back():
    session = session_led_by(0, 2, [None, "easy"])
    act(session)
    act(session, fish=True)  # a reveal
    finish_turn(session, fish=False)
    finish_turn(session, fish=False)  # the computer's turn (no reveal of its own)
    state = session.state
    assert state.to_move() == 0 and state.step_name == "play"
    assert session.undo_floor() == state.ply, "the computer's moves stay"
    assert "computer" in session.undo_refusal()
    act(session)  # the person's own card: theirs to take back
    assert session.undo_turn() and state.step_name == "play"
    assert not session.undo_turn()


def test_against_computers_undo_without_a_reveal_goes_back_to_the_persons_last_decision():
    session = session_led_by(0, 2, [None, "easy"])
    state = session.state
    finish_turn(session, fish=False)
    last_decision = state.ply - 1
    finish_turn(session, fish=False)  # the computer's turn
    assert state.to_move() == 0
    assert not any(p.revealed for p in session.plies)
    assert session.undo_turn()
    assert state.ply == last_decision, "back over the computer's turn to the person's move"


def test_hot_seat_undo_stays_within_the_turn_of_the_person_to_move():
    session = session_led_by(0, 2, [None, None])
    state = session.state
    finish_turn(session, fish=False)
    start = state.ply
    assert state.to_move() == 1
    assert not session.can_undo(), "the other person's moves were made out of sight"
    assert "own turn" in session.undo_refusal()
    act(session)
    act(session, fish=False)
    assert session.undo() and session.undo() and state.ply == start
    assert not session.undo() and state.ply == start


def test_the_scrubber_and_the_move_list_go_no_further_back_than_undo():
    session = session_led_by(0, 2, [None, None])
    finish_turn(session, fish=False)
    finish_turn(session, fish=False)
    floor = session.undo_floor()
    assert floor == session.state.ply
    session.go_to(0)
    assert session.state.ply == floor
    groups = session.presenter.move_groups(session)
    html = move_list_html(groups, session.seats, session.state.ply, earliest=floor)
    buttons = re.findall(r"<button [^>]*data-ply=\"(\d+)\"[^>]*>", html)
    assert buttons
    disabled = re.findall(r"<button [^>]*data-ply=\"(\d+)\"[^>]* disabled>", html)
    assert {int(p) for p in disabled} == {int(p) for p in buttons if int(p) < floor}


def finished(players: int, seed: int, bots=None) -> Session:
    session = Session.new("pebbles", players, seed, bots=bots)
    rng = random.Random(seed)
    while not session.state.is_over():
        assert session.play(rng.choice(session.state.legal_actions()))
    return session


def test_a_finished_game_is_a_replay_open_at_every_position_with_every_hand_shown():
    session = finished(3, seed=4)
    total = session.state.ply
    assert session.line_over and session.undo_floor() == 0
    session.go_to(10)
    state = session.state
    assert state.ply == 10 and not state.is_over()
    assert viewer_for(session, True, embed=False, revealed=None) == OMNISCIENT
    assert needs_curtain(session, True, embed=False, revealed=None) is None
    assert not session.may_play()
    other = next(a for a in state.legal_actions() if a != session.future[-1])
    assert not session.play(other) and "replay" in session.message
    assert session.redo() and state.ply == 11, "stepping along the line is not playing"
    session.go_to(total)
    assert state.is_over() and session.may_play()


def test_the_embedded_view_shows_everything_and_limits_nothing():
    session = session_led_by(0, 2, [None, None])
    act(session)
    act(session, fish=True)
    session.all_visible = True
    assert session.undo_floor() == 0 and session.can_undo()
    session.go_to(0)
    assert session.state.ply == 0


def test_a_game_of_computers_only_shows_every_hand_and_a_computers_turn_none():
    session = Session.new("pebbles", 3, 2, bots=["easy", "easy", "easy"])
    assert viewer_for(session, True, embed=False, revealed=None) == OMNISCIENT
    people = session_led_by(2, 3, [None, None, "easy"])
    assert people.bot_to_move() == "easy"
    assert viewer_for(people, True, embed=False, revealed=0) == SPECTATOR
    assert needs_curtain(people, True, embed=False, revealed=0) is None


def reshuffled(seed_range=range(60)) -> Session:
    for seed in seed_range:
        session = finished(2, seed)
        if any(a.kind == K_RESHUFFLE for a in session.state.history):
            return session
    pytest.fail("no game with a reshuffle")


def test_a_reshuffle_is_drawn_from_the_seed_the_same_however_it_is_reached():
    session = reshuffled()
    history = session.state.history
    k = next(i for i, a in enumerate(history) if a.kind == K_RESHUFFLE)
    drawn = history[k]
    # The same game cut just before the reshuffle: opening it draws the same deck.
    cut = Session.start(GAME, session.setup.with_actions(history[:k]))
    assert cut.state.ply == k + 1 and cut.state.history[k] == drawn
    # Undo over it and redo (a finished game may be scrubbed): the same outcome again.
    session.go_to(k - 1)
    assert session.state.to_move() != CHANCE
    session.go_to(k + 1)
    assert session.state.history[k] == drawn


def test_a_records_own_reshuffle_is_kept_even_if_the_seed_would_draw_another():
    session = reshuffled()
    history = session.state.history
    k = next(i for i, a in enumerate(history) if a.kind == K_RESHUFFLE)
    record = session.setup.with_actions(history)
    record.seed = record.seed + 1  # the seed would draw another order now
    again = Session.start(GAME, record)
    again.go_to(k - 1)
    again.go_to(again.total_plies)
    assert again.state.history == history
