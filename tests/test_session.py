"""What the app does on each click, checked without a browser (session and panels)."""

import itertools
import re

from waddle.core.rng import Rng
from waddle.games.waddle import SCOUT, parse_action
from waddle.games.waddle.link import LinkError
from waddle.games.waddle.panels import (
    Round,
    move_list_html,
    move_rounds,
    players_html,
    result_html,
    status_html,
    tracks_html,
)
from waddle.games.waddle.session import DOUBLE, SINGLE, Session


def test_a_click_on_a_legal_hex_places_the_chosen_token_then_the_choice_resets():
    session = Session.new(3, 4)
    assert session.choose_token(DOUBLE)
    q, r = session.state.legal_hexes()[0]
    player = session.state.to_move()
    assert session.click_hex(q, r)
    assert session.state.penguin_at((q, r)) == (player, 2)
    assert session.token == SINGLE


def test_an_illegal_click_changes_nothing_and_says_why():
    session = Session.new(2, 4)
    water = next(s.hex for s in session.state.board.specs if s.kind == "water")
    before = session.record().dumps()
    assert not session.click_hex(*water)
    assert session.message == f"Hex {water[0]},{water[1]} is water; penguins go on ice."
    assert not session.click_hex(99, 99)
    assert "not on the map" in session.message
    assert session.record().dumps() == before


def test_double_cannot_be_chosen_when_none_is_left():
    session = Session.new(2, 1)
    player = session.state.to_move()
    session.state.doubles_left[player] = 0
    assert not session.doubles_available()
    assert not session.choose_token(DOUBLE)
    assert session.message == "No double token left."
    assert session.token == SINGLE


def test_scout_blocked_reason_is_given_for_the_last_player_placing():
    session = Session.new(2, 1)
    session.scout()
    assert session.scout_blocked_reason().startswith("You cannot scout ahead: the last player")
    assert not session.scout()
    assert session.message.startswith("Scouting is not allowed")


def test_round_change_is_announced():
    session = Session.new(3, 2)
    rng = Rng(1)
    while session.state.active_number == 1:
        session.play(rng.choice(session.state.legal_actions()))
    assert (
        f"New round at pool {session.state.active_number}: "
        f"{session.seats[session.state.to_move()].name} goes first ("
    ) in session.message
    assert session.message.endswith(("in order).", "continues)."))


def test_the_link_reopens_the_same_game_with_names():
    session = Session.new(4, 6, names=["Ann", "Bob", "", "Dee"], colours=["#112233"])
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


def test_panels_show_who_moves_tracks_and_scores():
    session = Session.new(3, 3, names=["<i>Ann</i>", "Bob", "Cy"])
    session.play(SCOUT)
    player = session.state.to_move()
    assert f'data-to-move="{player}"' in status_html(session)
    tracks = tracks_html(session)
    assert tracks.count("data-marble=") == 3
    assert 'data-active-track="true"' in tracks
    assert "&lt;i&gt;Ann&lt;/i&gt;" in tracks + players_html(session)
    assert "<i>Ann" not in tracks + players_html(session) + status_html(session)
    scores = re.findall(r'data-live-score="\d">(\d+)<', players_html(session))
    assert list(map(int, scores)) == session.state.scores()


def test_results_list_every_waddle_and_pool_and_shared_victories():
    session = Session.new(2, 9)
    rng = Rng(9)
    while not session.state.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    html = result_html(session)
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
    assert "Game over." in status_html(session)


def test_undo_and_redo_walk_the_game_and_a_new_move_drops_the_redo_line():
    session = Session.new(3, 7)
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
    session = Session.new(2, 1)
    assert not session.undo() and session.message == "Nothing to undo."
    assert not session.redo() and session.message == "Nothing to redo."


def test_move_list_groups_moves_into_rounds_with_pool_and_track_switches():
    session = Session.new(3, 12)
    rng = Rng(3)
    while not session.state.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    rounds = move_rounds(session)
    assert sum(len(r.moves) for r in rounds) == session.state.ply
    assert [ply for r in rounds for ply, _, _ in r.moves] == list(range(1, session.state.ply + 1))
    replay = session.record().start()
    for rnd in rounds:
        assert rnd.pool == replay.active_number
        for _, player, text in rnd.moves:
            assert player == replay.to_move()
            replay.apply(parse_action(text))
    # a round switches tracks exactly when someone scouted in the round before it
    for before, after in itertools.pairwise(rounds):
        assert after.switched == any(text == "S" for _, _, text in before.moves)
    html = move_list_html(session)
    assert html.count("data-ply=") == session.state.ply
    assert "aria-current=step" in html


def test_move_list_of_a_new_game_is_one_empty_round():
    session = Session.new(2, 1)
    assert move_rounds(session) == [Round(1, False, ())]


def test_computer_seats_survive_the_link_and_know_whose_turn_it_is():
    session = Session.new(3, 2, bots=[None, "hard", "nonsense"])
    assert [s.bot for s in session.seats] == [None, "hard", None]
    again = Session.from_link(session.link())
    assert [s.bot for s in again.seats] == [None, "hard", None]
    player = session.state.to_move()
    assert session.bot_to_move() == session.seats[player].bot
    assert session.human_turn() == (session.seats[player].bot is None)


def test_against_computers_undo_goes_back_to_the_persons_previous_decision():
    session = Session.new(3, 4, bots=[None, "easy", "easy"])
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
    session = Session.new(2, 4)
    session.play(session.state.legal_actions()[0])
    session.play(session.state.legal_actions()[0])
    assert session.undo_turn() and session.state.ply == 1
