"""What the app does on each click, checked without a browser: the game-agnostic session
(played here with Waddle) and Waddle's presenter (controls, panels, move list)."""

import itertools
import re

import pytest

from waddle.app.session import Session
from waddle.core.links import LinkError
from waddle.core.rng import Rng
from waddle.games.waddle import SCOUT, parse_action
from waddle.games.waddle.panels import (
    Round,
    move_rounds,
    players_html,
    result_html,
    status_html,
    tracks_html,
)
from waddle.games.waddle.places import place_name
from waddle.games.waddle.presenter import DOUBLE, PRESENTER, SINGLE
from waddle.ui.presenter import move_list_html


def new(players: int, seed: int, **seats) -> Session:
    return Session.new("waddle", players, seed, **seats)


def click_hex(session: Session, q: int, r: int) -> bool:
    """What the page does on a click on hex q,r: ask the presenter, play what it gives."""
    action = PRESENTER.on_hex(session, f"{q},{r}")
    return action is not None and session.play(action)


def test_a_click_on_a_legal_hex_places_the_chosen_token_then_the_choice_resets():
    session = new(3, 4)
    assert PRESENTER.on_control(session, DOUBLE) is None and session.ui.token == DOUBLE
    q, r = session.state.legal_hexes()[0]
    player = session.state.to_move()
    assert click_hex(session, q, r)
    assert session.state.penguin_at((q, r)) == (player, 2)
    assert session.ui.token == SINGLE


def test_the_d_key_toggles_between_single_and_double():
    session = new(2, 4)
    PRESENTER.on_control(session, PRESENTER.keys["d"])
    assert session.ui.token == DOUBLE
    PRESENTER.on_control(session, PRESENTER.keys["d"])
    assert session.ui.token == SINGLE


def test_an_illegal_click_changes_nothing_and_says_why():
    session = new(2, 4)
    water = next(s.hex for s in session.state.board.specs if s.kind == "water")
    before = session.record().dumps()
    assert not click_hex(session, *water)
    name = place_name(session.state.board, water, near=session.state.active_number)
    assert session.message == f"{name[0].upper()}{name[1:]} is water; penguins go on ice."
    assert "," not in name, "named as the board shows it, never by coordinates"
    assert not click_hex(session, 99, 99)
    assert "not on the map" in session.message
    assert session.record().dumps() == before


def test_double_cannot_be_chosen_when_none_is_left():
    session = new(2, 1)
    player = session.state.to_move()
    session.state.doubles_left[player] = 0
    assert PRESENTER.on_control(session, DOUBLE) is None
    assert session.message == "No double token left."
    assert session.ui.token == SINGLE
    controls = PRESENTER.render(session.scene()).controls
    assert re.search(r'data-token-choice="double"[^>]* disabled', controls)


def test_scout_blocked_reason_is_given_for_the_last_player_placing():
    session = new(2, 1)
    session.play(PRESENTER.on_control(session, "scout"))
    controls = PRESENTER.render(session.scene()).controls
    assert re.search(r'data-action="scout" [^>]*title="You cannot scout ahead: the last', controls)
    assert re.search(r'data-action="scout" [^>]* disabled', controls)
    assert not session.play(PRESENTER.on_control(session, "scout"))
    assert session.message.startswith("Scouting is not allowed")


def test_round_change_is_announced():
    session = new(3, 2)
    rng = Rng(1)
    while session.state.active_number == 1:
        session.play(rng.choice(session.state.legal_actions()))
    assert (
        f"New round at pool {session.state.active_number}: "
        f"{session.seats[session.state.to_move()].name} goes first ("
    ) in session.message
    assert session.message.endswith(("in order).", "continues)."))


def test_the_link_reopens_the_same_game_with_names():
    session = new(4, 6, names=["Ann", "Bob", "", "Dee"], colours=["#112233"])
    rng = Rng(2)
    for _ in range(20):
        session.play(rng.choice(session.state.legal_actions()))
    again = Session.from_link(session.link())
    assert again.record().dumps() == session.record().dumps()
    assert [s.name for s in again.seats] == ["Ann", "Bob", "Green", "Dee"]
    assert session.seats[0].colour == "#112233"


def test_a_bad_link_raises_link_error():
    try:
        Session.from_link("w1.garbage")
    except LinkError as e:
        assert "damaged" in str(e)
    else:
        raise AssertionError("a damaged link was accepted")
    with pytest.raises(LinkError, match="does not hold a game of this app"):
        Session.from_link("zz9.whatever")


def test_panels_show_who_moves_tracks_and_scores():
    session = new(3, 3, names=["<i>Ann</i>", "Bob", "Cy"])
    session.play(SCOUT)
    player = session.state.to_move()
    state, seats = session.state, session.seats
    assert f'data-to-move="{player}"' in status_html(state, seats)
    tracks = tracks_html(state, seats)
    assert tracks.count("data-marble=") == 3
    assert 'data-active-track="true"' in tracks
    assert "&lt;i&gt;Ann&lt;/i&gt;" in tracks + players_html(state, seats)
    assert "<i>Ann" not in tracks + players_html(state, seats) + status_html(state, seats)
    scores = re.findall(r'data-live-score="\d">(\d+)<', players_html(state, seats))
    assert list(map(int, scores)) == session.state.scores()


def test_results_list_every_waddle_and_pool_and_shared_victories():
    session = new(2, 9)
    rng = Rng(9)
    while not session.state.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    html = result_html(session.state, session.seats)
    breakdown = session.state.breakdown()
    for score in breakdown.players:
        assert f'data-result-player="{score.player}" data-total="{score.total}"' in html
        for waddle in score.waddles:
            assert f"{waddle.penguins} ({waddle.vp} VP)" in html
    assert html.count("<li data-pool=") == sum(1 for p in breakdown.pools if p.fish)
    if len(breakdown.winners) > 1:
        assert "Shared victory" in html
    else:
        assert "wins!" in html
    assert "Game over." in status_html(session.state, session.seats)


def test_undo_and_redo_walk_the_game_and_a_new_move_drops_the_redo_line():
    session = new(3, 7)
    rng = Rng(4)
    for _ in range(10):
        session.play(rng.choice(session.state.legal_actions()))
    line = session.record().actions
    assert session.undo() and session.undo()
    assert session.state.history == line[:8] and session.can_redo()
    assert session.redo()
    assert session.state.history == line[:9]
    assert session.full_record().actions == line
    session.go_to(2)
    assert session.state.history == line[:2] and session.total_plies == 10
    session.go_to(99)
    assert session.state.history == line
    session.go_to(5)
    other = next(a for a in session.state.legal_actions() if a != line[5])
    session.play(other)
    assert not session.can_redo() and session.state.history == [*line[:5], other]


def test_undo_at_the_start_says_so():
    session = new(2, 1)
    assert not session.undo() and session.message == "Nothing to undo."
    assert not session.redo() and session.message == "Nothing to redo."


def test_move_list_groups_moves_into_rounds_with_pool_and_track_switches():
    session = new(3, 12)
    rng = Rng(3)
    while not session.state.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    rounds = move_rounds(session.full_record())
    assert sum(len(r.moves) for r in rounds) == session.state.ply
    assert [ply for r in rounds for ply, _, _ in r.moves] == list(range(1, session.state.ply + 1))
    replay = session.record().start()
    for rnd in rounds:
        assert rnd.pool == replay.active_number
        for _, player, action in rnd.moves:
            assert player == replay.to_move()
            replay.apply(parse_action(str(action)))
    # a round switches tracks exactly when someone scouted in the round before it
    for before, after in itertools.pairwise(rounds):
        assert after.switched == any(action == SCOUT for _, _, action in before.moves)
    groups = PRESENTER.move_groups(session)
    assert [g.heading.split(":")[0] for g in groups] == [
        f"Round {k + 1}" for k in range(len(rounds))
    ]
    html = move_list_html(groups, session.seats, session.state.ply)
    assert html.count("data-ply=") == session.state.ply
    assert "aria-current=step" in html


def test_move_list_of_a_new_game_is_one_empty_round():
    session = new(2, 1)
    assert move_rounds(session.full_record()) == [Round(1, False, ())]


def test_computer_seats_survive_the_link_and_know_whose_turn_it_is():
    session = new(3, 2, bots=[None, "hard", "nonsense"])
    assert [s.bot for s in session.seats] == [None, "hard", None]
    again = Session.from_link(session.link())
    assert [s.bot for s in again.seats] == [None, "hard", None]
    player = session.state.to_move()
    assert session.bot_to_move() == session.seats[player].bot
    assert session.human_turn() == (session.seats[player].bot is None)


def test_against_computers_undo_goes_back_to_the_persons_previous_decision():
    session = new(3, 4, bots=[None, "easy", "easy"])
    rng = Rng(5)
    decisions = []
    while session.state.ply < 30:
        if session.human_turn():
            decisions.append(session.state.ply)
        session.play(rng.choice(session.state.legal_actions()))
    line = session.record().actions
    assert session.undo_turn()
    assert session.human_turn() and session.state.ply == decisions[-1]
    assert session.undo_turn()
    assert session.state.ply == decisions[-2]
    assert session.redo_turn()
    assert session.state.ply == decisions[-1] and session.state.history == line[: decisions[-1]]


def test_in_hot_seat_undo_takes_back_one_move_at_a_time():
    session = new(2, 4)
    session.play(session.state.legal_actions()[0])
    session.play(session.state.legal_actions()[0])
    assert session.undo_turn() and session.state.ply == 1
