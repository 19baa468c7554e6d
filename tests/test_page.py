"""The page's state and what follows from it (``waddle.app.page``): whose view is drawn,
when the pass-the-device screen stands, who may act or ask for a hint, what the side
column offers. The browser front end only copies these into the page."""

from __future__ import annotations

import random

from waddle.app.page import Page, side_of
from waddle.app.saves import MemoryStorage, SaveStore
from waddle.app.session import Session
from waddle.core.game import OMNISCIENT, SPECTATOR
from waddle.ui.presenter import Move, MoveGroup


def page_with(session: Session, embed: bool = False) -> Page:
    page = Page(embed=embed, readonly=False, saves=SaveStore(MemoryStorage()))
    page.session = session
    return page


def played(session: Session, plies: int, seed: int = 1) -> Session:
    rng = random.Random(seed)
    for _ in range(plies):
        if session.state.is_over():
            break
        session.play(rng.choice(session.state.legal_actions()))
    return session


def test_behind_the_pass_the_device_screen_nobody_may_act_and_nothing_is_said():
    page = page_with(Session.new("pebbles", 2, seed=4))
    page.session.message = "Red played the 7 of Court."
    assert page.curtain_for() == 0
    assert page.viewer() == SPECTATOR
    assert not page.interactive()
    assert not page.may_act()
    assert page.session.message is None  # it was said to the person before
    page.revealed = 0
    assert page.curtain_for() is None and page.viewer() == 0
    assert page.interactive() and page.may_act()


def test_the_embedded_view_shows_every_hand_and_never_a_curtain():
    page = page_with(Session.new("waddle-waddle", 3, seed=4), embed=True)
    assert page.session.all_visible
    assert page.curtain_for() is None
    assert page.viewer() == OMNISCIENT


def test_a_finished_card_game_away_from_its_end_is_a_replay_the_board_refuses():
    session = played(Session.new("pebbles", 2, seed=2), 10_000)
    assert session.state.is_over()
    session.go_to(3)
    page = page_with(session)
    assert not page.may_act()
    assert "replay" in page.session.message


def test_during_a_computers_turn_the_person_is_told_to_wait_or_that_it_is_paused():
    page = page_with(Session.new("waddle", 2, seed=5, names=["Ann", "Bot"], bots=[None, "easy"]))
    rng = random.Random(3)
    page.session.play(rng.choice(page.session.state.legal_actions()))
    while page.session.bot_to_move() is None:  # a double may leave it to Ann still
        page.session.play(rng.choice(page.session.state.legal_actions()))
    assert not page.may_act()
    assert page.session.message == "Wait: Bot (computer) is playing."
    page.ai_paused = True
    assert "paused" in page.computer_turn_message()


def test_only_the_person_to_move_may_ask_for_a_hint_in_a_card_game():
    page = page_with(Session.new("pebbles", 2, seed=4))
    assert not page.may_hint()  # the curtain stands: the hint would show the hand
    page.revealed = 0
    assert page.may_hint()
    page.tutorial = object()
    assert not page.may_hint()


def test_a_link_warns_of_hidden_hands_only_while_a_card_game_is_on():
    assert page_with(Session.new("waddle", 2, seed=1)).link_warning() == ""
    warning = page_with(Session.new("pebbles", 2, seed=1)).link_warning()
    assert "every hidden hand" in warning
    finished = played(Session.new("pebbles", 2, seed=1), 10_000)
    assert page_with(finished).link_warning() == ""


def test_a_link_through_one_seats_eyes_holds_no_hidden_hand_so_gets_no_warning():
    from waddle.core.study import Study

    session = Session.new("pebbles", 2, seed=1)
    session.study = Study("Seat 1's eyes", (), 1)
    assert page_with(session).link_warning() == ""
    assert page_with(Session.from_link(session.link())).link_warning() == ""


def test_behind_the_curtain_the_move_list_stops_at_the_shown_position_and_history_is_off():
    session = played(Session.new("waddle", 2, seed=1), 4)
    session.undo()
    groups = [MoveGroup("Round 1", tuple(Move(p, 0, f"m{p}", f"move {p}") for p in (1, 2, 3, 4)))]
    open_side = side_of(session, groups, curtained=False)
    assert not open_side.undo_disabled and not open_side.redo_disabled
    assert open_side.scrub_max == session.total_plies
    hidden = side_of(session, groups, curtained=True)
    assert hidden.undo_disabled and hidden.redo_disabled and hidden.hint_disabled
    assert hidden.scrub_disabled and hidden.scrub_max == session.state.ply
    assert [m.ply for g in hidden.groups for m in g.moves] == [1, 2, 3]


def test_controls_of_a_game_in_progress_leave_when_it_ends_or_is_replayed():
    """The hint and the computers' speed and Pause apply only to a position to play on."""
    session = Session.new("htmf", 2, seed=3, bots=[None, "easy"])
    assert side_of(session, [], curtained=False).playing
    played(session, 500)
    assert session.state.is_over()
    assert not side_of(session, [], curtained=False).playing
    cards = played(Session.new("pebbles", 2, seed=3), 5000)
    assert cards.state.is_over()
    cards.go_to(3)  # a finished card game looked at from before its end: a replay
    assert not side_of(cards, [], curtained=False).playing


def _htmf_alone_at_the_end(seed: int = 20):
    """A game against the computer (seat 1) played with random moves until the person is
    out and the computer makes every last move alone: the session where that run began."""
    session = Session.new("htmf", 2, seed=seed, bots=[None, "easy"])
    rng = random.Random(seed)
    while not session.state.is_out(0):
        session.play(rng.choice(session.state.legal_actions()))
    return session, rng


def test_a_computers_last_moves_alone_are_summed_up_in_one_line():
    """When only the computer is left it makes ~20 moves in a row: one line says what they
    did, not a paragraph of 20 clauses ("Blue took 28 more fish with 25 moves")."""
    from waddle.app.page import run_line

    session, rng = _htmf_alone_at_the_end()
    began, before = session.state.ply, session.state.scores()[1]
    while not session.state.is_over():
        assert session.state.to_move() == 1
        session.play(rng.choice(session.state.legal_actions()))
    moves = session.state.ply - began
    gained = session.state.scores()[1] - before
    assert moves > 10, "the run this test is about"
    said = run_line(session.presenter, session, 1, began, gained)
    assert said == f"took {gained} more fish with {moves} moves."


def test_a_computers_short_turn_is_still_told_move_by_move():
    from waddle.app.page import run_line

    session, rng = _htmf_alone_at_the_end()
    began = session.state.ply
    for _ in range(2):
        session.play(rng.choice(session.state.legal_actions()))
    said = run_line(session.presenter, session, 1, began, 4)
    assert said.startswith("moved ") and " and moved " in said, said


def test_the_tokens_a_computer_places_between_seasons_are_one_line():
    from waddle.app.page import run_line

    session = Session.new("waddle-waddle", 2, 5, bots=["easy", None])
    rng = random.Random(1)
    while session.state.phase != "tokens":
        session.play(rng.choice(session.state.legal_actions()))
    player, began = session.state.to_move(), session.state.ply
    while session.state.phase == "tokens" and session.state.to_move() == player:
        session.play(rng.choice(session.state.legal_actions()))
    placed = session.state.ply - began
    assert placed == 4, "the first in the draft places four tokens with two players"
    said = run_line(session.presenter, session, player, began, 0)
    assert said == "placed 4 tokens for season 2: they are on the map."


def test_the_hint_is_off_during_a_computers_turn():
    session = Session.new("htmf", 2, seed=3, bots=[None, "easy"])
    assert not side_of(session, [], curtained=False).hint_disabled
    session.play(session.state.legal_actions()[0])
    assert session.bot_to_move() is not None
    assert side_of(session, [], curtained=False).hint_disabled


def test_a_seasons_last_turn_then_the_tokens_read_as_one_line():
    """The player in last place takes the season's last turn and then drafts tokens first:
    the turn in words, then the tokens summed up."""
    from waddle.app.page import run_line

    session = Session.new("waddle-waddle", 3, 2, bots=[None, "easy", "easy"])
    rng = random.Random(2)
    while True:
        player = session.state.to_move()
        began = session.state.ply
        while not session.state.is_over() and session.state.to_move() in (player, -1):
            session.play(rng.choice(session.state.legal_actions()))
        if session.state.ply - began >= 4:
            break
    said = run_line(session.presenter, session, player, began, 0)
    assert said.endswith("then placed 3 tokens for season 2: they are on the map."), said
    assert not said.startswith("placed") and "put the bonus token" not in said
