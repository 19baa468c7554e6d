"""Studies of the card games: marks on tiles, pathways, rookeries and cards, arrows, a seat's
eyes, and questions (exercises), in the model, files, links and the presenters' markup.

Old study links of Pebbles and Waddle Waddle (``tests/fixtures/card_studies1.json``,
written before cards could be marked) open to what they held; links with the new parts
(``card_studies2.json``) are pinned too, so a later version must read them.
"""

from __future__ import annotations

import importlib
import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from waddle.app.embed import (
    ANSWER,
    EmbedOptions,
    Retry,
    ShowAnswer,
    Try,
    answer_event,
    parse_command,
    reveal_offered,
    viewer_with_eyes,
)
from waddle.app.exercises import GO_ON, RIGHT, WRONG, Attempt, judge
from waddle.app.page import Page
from waddle.app.saves import MemoryStorage, SaveStore, export_file, import_file
from waddle.app.session import Session
from waddle.app.studies import StudyDesk, place_from_hook
from waddle.core.game import OMNISCIENT
from waddle.core.study import Question, Step, Study, StudyError, action_text
from waddle.games import GAMES
from waddle.games.pebbles.cards import parse_card
from waddle.games.pebbles.record import new_record as pebbles_record
from waddle.ui.presenter import Scene, marked_table
from waddle.ui.seats import default_seats

FIXTURES = Path(__file__).parent / "fixtures"


def played(game_id: str, players: int, seed: int, plies: int) -> Session:
    session = Session.new(game_id, players, seed)
    rng = random.Random(seed)
    while not session.state.is_over() and session.state.ply < plies:
        assert session.play(rng.choice(session.state.legal_actions()))
    return session


def scene_of(state, viewer: int) -> Scene:
    return Scene(state.view(viewer), default_seats(state.players), None, viewer, False)


# -- places ---------------------------------------------------------------------------------


def test_pebbles_places_are_tiles_then_pathways_then_every_card_of_the_game():
    record = pebbles_record(3, seed=2)
    places = GAMES.by_id("pebbles").load().places(record)
    tiles = len(record.layout.tiles)
    assert places[:tiles] == tuple(f"{t.q},{t.r}" for t in record.layout.tiles)
    assert places[tiles : tiles + 2] == tuple(f"pathway:{a}-{b}" for a, b in record.layout.pathways)
    assert len(places) == tiles + 2 + 40 and "card:4S" in places and "card:1S" not in places


def test_a_place_is_the_hook_of_the_element_clicked():
    assert place_from_hook("hex", "2,-1") == "2,-1"
    assert place_from_hook("card", "Ki3") == "card:Ki3"
    assert place_from_hook("pathway", "7-12") == "pathway:7-12"


# -- marks drawn ----------------------------------------------------------------------------


def test_pebbles_marks_a_tile_a_pathway_and_an_arrow_on_the_board_named_as_players_see_them():
    session = played("pebbles", 2, 3, 0)
    presenter = session.presenter
    layout = session.state.layout
    t7 = next(t for t in layout.tiles if t.number == 7)
    t12 = next(t for t in layout.tiles if t.number == 12)
    a, b = layout.pathways[0]
    marks = [f"{t7.q},{t7.r}", f"pathway:{a}-{b}"]
    svg = presenter.draw_marks(scene_of(session.state, 0), marks, [(marks[0], f"{t12.q},{t12.r}")])
    assert f'data-mark="{t7.q},{t7.r}"' in svg and f'data-mark="pathway:{a}-{b}"' in svg
    assert f'data-arrow="{t7.q},{t7.r}&gt;{t12.q},{t12.r}"' in svg
    label = svg.split('aria-label="')[1].split('"')[0]
    assert label == (
        f"Marked: tile 7, the pathway between tiles {a} and {b}. Arrows from tile 7 to tile 12."
    )
    assert f"{t7.q},{t7.r}" not in label, "never internal coordinates"


def test_a_marked_card_is_marked_where_it_lies_on_the_table_and_said_by_its_name():
    state = pebbles_record(2, seed=3).start()
    card = state.hands[0][0]
    scene = scene_of(state, 0)
    presenter = GAMES.by_id("pebbles").load().presenter()
    table = presenter.render(scene).table
    marked = marked_table(presenter, scene, table, [f"card:{card}"])
    assert marked.count("data-mark=") == 1 and f'data-mark="card:{card}"' in marked
    assert f'aria-label="Marked: the {parse_card(str(card)).describe()}"' in marked
    assert re.search(f'data-card="{card}"[^>]*data-marked="true"', marked)
    assert presenter.draw_marks(scene, [f"card:{card}"], []) == "", "cards are not on the board"


def test_waddle_waddle_marks_a_rookery_an_arrow_between_rookeries_and_cards_on_the_table():
    session = played("waddle-waddle", 3, 4, 30)
    state = session.state
    presenter = session.presenter
    scene = scene_of(state, OMNISCIENT)
    svg = presenter.draw_marks(scene, ["crozet"], [("crozet", "georgia")])
    assert 'data-mark="crozet"' in svg and 'data-arrow="crozet&gt;georgia"' in svg
    names = {r.id: r.name for r in state.view(OMNISCIENT).rookeries}
    said = f"Marked: {names['crozet']}. Arrows from {names['crozet']} to {names['georgia']}."
    assert f'aria-label="{said}"' in svg and names["georgia"] == "South Georgia Island"
    hand = [c for p in range(3) for c in state.view(OMNISCIENT).seats[p].hand]
    code = hand[0]
    table = marked_table(presenter, scene, presenter.render(scene).table, [f"card:{code}"])
    assert f'data-mark="card:{code}"' in table and "Marked: " in table


def test_a_card_in_a_hand_the_viewer_cannot_see_is_neither_marked_nor_named():
    state = pebbles_record(2, seed=3).start()
    hidden = state.hands[1][0]
    scene = scene_of(state, 0)
    presenter = GAMES.by_id("pebbles").load().presenter()
    table = presenter.render(scene).table
    assert marked_table(presenter, scene, table, [f"card:{hidden}"]) == table


# -- in files and links ---------------------------------------------------------------------


def full_study(session: Session) -> Study:
    places = session.game.places(session.full_record())
    record = session.full_record()
    state = record.start()
    for a in record.actions[:2]:
        state.apply(a)
    answer = record.actions[2]
    return (
        Study(
            "Cards and tiles",
            (
                Step(0, "Start.", (places[0], places[-1])),
                Step(1, "", (places[-3],), ((places[0], places[1]),)),
            ),
            eyes=1,
        )
        .with_question(2, [[answer.to_json()]], "Your move: which?", "It wins.")
        .with_caption(2, "A question.")
    )


@pytest.mark.parametrize("game_id, players", [("pebbles", 3), ("waddle-waddle", 4)])
def test_card_marks_eyes_and_questions_travel_through_links_and_files(game_id, players):
    """Files hold the whole study; a link through a seat's eyes holds what that seat may
    see of it (issue 38): its marks on cards that seat sees there, its questions to it."""
    session = played(game_id, players, 5, 24)
    study = full_study(session)
    game = session.game
    session.study = replace(study, eyes=None)
    assert game.decode_link(session.link()).study == session.study
    session.study = study
    linked = game.decode_link(session.link())
    assert linked.study.eyes == 1 and linked.study.title == study.title
    assert [s.caption for s in linked.study.steps] == [s.caption for s in study.steps]
    record = session.full_record()
    state = record.start()
    for step in linked.study.steps:
        while state.ply < step.ply:
            state.apply(record.actions[state.ply])
        seen = {f"card:{c}" for c in visible_cards(game_id, state, 1)}
        kept = study.step(step.ply)
        assert [m for m in kept.marks if not m.startswith("card:") or m in seen] == list(step.marks)
        asked = state.to_move() == 1
        assert step.question == (kept.question if asked else None)
    again = import_file(export_file(session))
    assert again.study == study
    assert Study.from_json(json.loads(json.dumps(study.to_json())), players=players) == study


def visible_cards(game_id: str, state, seat: int) -> frozenset[str]:
    module = "pebbles" if game_id == "pebbles" else "waddle_waddle"
    return importlib.import_module(f"waddle.games.{module}.eyes").visible_cards(state, seat)


def test_a_study_with_only_board_marks_has_the_link_it_had_before_card_marks():
    data = json.loads((FIXTURES / "card_studies1.json").read_text())
    assert len(data["links"]) == 8
    for item in data["links"]:
        game = GAMES.by_id(item["game"]).load()
        linked = game.decode_link(item["link"])
        assert linked.record.dumps() == item["record"]
        assert (linked.names, linked.bots) == (item["names"], item["bots"])
        places = game.places(linked.record)
        study = Study.from_json(item["study"], places, len(linked.record.actions))
        assert linked.study == study
        assert game.encode_link(linked.record, item["names"], item["bots"], study) == item["link"]


def test_links_with_card_marks_eyes_and_questions_open_as_written():
    data = json.loads((FIXTURES / "card_studies2.json").read_text())
    for item in data["links"]:
        game = GAMES.by_id(item["game"]).load()
        linked = game.decode_link(item["link"])
        assert linked.record.dumps() == item["record"]
        assert linked.study == Study.from_json(item["study"])
        assert linked.study.step(5).question is not None


def test_an_arrow_to_a_card_is_refused():
    with pytest.raises(StudyError, match="arrow joins two places of the board"):
        Study.from_json({"steps": [{"ply": 0, "arrows": [["1,0", "card:7C"]]}]})
    assert Step(0).toggle_arrow("1,0", "card:7C") == Step(0)


def test_eyes_must_be_a_seat_of_the_game():
    with pytest.raises(StudyError, match="eyes"):
        Study.from_json({"eyes": 3, "steps": []}, players=3)
    with pytest.raises(StudyError, match="eyes"):
        Study.from_json({"eyes": "1", "steps": []})
    assert Study.from_json({"eyes": 2, "steps": []}, players=3).eyes == 2


@pytest.mark.parametrize(
    "question, message",
    [
        ([], "must be a JSON object"),
        ({}, '"answers" must list'),
        ({"answers": []}, '"answers" must list'),
        ({"answers": [[]]}, "an answer is 1 to"),
        ({"answers": [{"play": "7C"}]}, '"answers" must list'),
        ({"answers": [[{"play": "x" * 400}]]}, "at most 300"),
        ({"answers": [[1]] * 9}, '"answers" must list'),
        ({"answers": [[1]], "prompt": 3}, '"prompt"'),
        ({"answers": [[1]], "explanation": "x" * 401}, '"explanation"'),
    ],
)
def test_a_question_that_cannot_be_read_says_which_step_and_field(question, message):
    with pytest.raises(StudyError, match=message) as e:
        Study.from_json({"steps": [{"ply": 1, "question": question}]})
    assert str(e.value).startswith("step 0")


# -- whose eyes -----------------------------------------------------------------------------


def test_the_viewer_with_eyes_is_that_seat_until_a_finished_game_is_revealed():
    assert viewer_with_eyes(2, 3, over=False, reveal=False) == 2
    assert viewer_with_eyes(2, 3, over=False, reveal=True) == 2, "no reveal while the game is on"
    assert viewer_with_eyes(2, 3, over=True, reveal=False) == 2
    assert viewer_with_eyes(2, 3, over=True, reveal=True) == OMNISCIENT
    assert viewer_with_eyes(None, 3, over=False, reveal=False) == OMNISCIENT
    assert viewer_with_eyes(5, 3, over=False, reveal=False) == OMNISCIENT, "no such seat"
    assert reveal_offered(2, 3, over=True) and not reveal_offered(2, 3, over=False)
    assert not reveal_offered(None, 3, over=True)


def test_eyes_in_the_address_go_before_the_study_s_and_bad_ones_are_left_out():
    study = Study(eyes=1)
    assert EmbedOptions.from_query({"embed": "", "eyes": "0"}).eyes_for(study) == 0
    assert EmbedOptions.from_query({"embed": ""}).eyes_for(study) == 1
    for bad in ("-1", "x", "٣", "99", ""):
        assert EmbedOptions.from_query({"embed": "", "eyes": bad}).eyes is None, bad
    options = EmbedOptions(ply=2, eyes=3)
    query = dict(p.partition("=")[::2] for p in options.query().split("&"))
    assert EmbedOptions.from_query(query) == options


def rendered(presenter, state, viewer, marks):
    scene = scene_of(state, viewer)
    out = presenter.render(scene)
    return (
        out.board.markup,
        out.status,
        out.controls,
        out.panels,
        out.result,
        marked_table(presenter, scene, out.table, marks),
        presenter.draw_marks(scene, marks, []),
    )


def test_pebbles_through_one_seat_s_eyes_shows_nothing_of_another_seat_s_hand():
    record = pebbles_record(3, seed=8)
    hands = [list(h) for h in record.hands]
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]  # a card changes hands
    other = replace(record, hands=tuple(tuple(sorted(h)) for h in hands))
    a, b = record.start(), other.start()
    assert a.hands[1] != b.hands[1]
    presenter = GAMES.by_id("pebbles").load().presenter()
    marks = [f"card:{record.hands[1][0]}", f"card:{record.hands[2][0]}"]
    assert rendered(presenter, a, 0, marks) == rendered(presenter, b, 0, marks)
    assert rendered(presenter, a, OMNISCIENT, marks) != rendered(presenter, b, OMNISCIENT, marks)


def test_waddle_waddle_through_one_seat_s_eyes_shows_nothing_of_another_seat_s_hand():
    state = next(
        s
        for seed in range(6, 40)
        for s in [played("waddle-waddle", 3, seed, 40).state]
        if {*s.hands[1]} - {*s.known[1]} and {*s.hands[2]} - {*s.known[2]} - {*s.hands[1]}
    )
    other = state.clone()
    i = next(i for i, c in enumerate(other.hands[1]) if c not in other.known[1])
    j = next(
        j
        for j, c in enumerate(other.hands[2])
        if c not in other.known[2] and c != other.hands[1][i]
    )
    other.hands[1][i], other.hands[2][j] = other.hands[2][j], other.hands[1][i]
    presenter = GAMES.by_id("waddle-waddle").load().presenter()
    from waddle.games.waddle_waddle.cards import code

    marks = [f"card:{code(state.hands[1][i])}", f"card:{code(state.hands[2][j])}"]
    assert rendered(presenter, state, 0, marks) == rendered(presenter, other, 0, marks)
    assert rendered(presenter, state, OMNISCIENT, []) != rendered(presenter, other, OMNISCIENT, [])


# -- questions ------------------------------------------------------------------------------


def test_an_answer_is_right_wrong_or_to_go_on_by_the_actions_given():
    q = Question.of([[{"a": 1}, {"b": 2}], [{"c": 3}]])
    assert judge(q, [action_text({"c": 3})]) == RIGHT
    assert judge(q, [action_text({"a": 1})]) == GO_ON
    assert judge(q, [action_text({"a": 1}), action_text({"b": 2})]) == RIGHT
    assert judge(q, [action_text({"a": 1}), action_text({"c": 3})]) == WRONG
    assert judge(q, [action_text({"b": 2})]) == WRONG


def author_question(session: Session, ply: int, turns: int) -> tuple[Study, list]:
    """The author plays the line's own next actions from ``ply`` as the answer (on the
    question's copy of the game: the line does not move)."""
    desk = StudyDesk(session)
    desk.begin()
    session.go_to(ply)
    before = session.full_record().dumps()
    assert desk.start_question(), session.message
    desk.set_question_text("Your move: play a card.", "It leads the strongest suit.")
    answer = []
    line = iter(session.full_record().actions[ply:])
    while len(answer) < turns:
        action = next(line)
        if desk.draft.state.why_illegal(action) is None:  # not the line's chance
            assert desk.draft.play(action), desk.draft.message
            answer.append(action)
    assert desk.keep_answer(), session.message
    assert session.full_record().dumps() == before and session.state.ply == ply
    return session.study, answer


def test_the_author_writes_a_question_by_playing_the_move_and_it_goes_into_the_link():
    session = played("pebbles", 2, 9, 12)
    session.all_visible = True
    study, answer = author_question(session, 4, 2)
    question = study.step(4).question
    assert question.answers == (tuple(action_text(a.to_json()) for a in answer),)
    assert question.prompt == "Your move: play a card."
    assert session.game.decode_link(session.link()).study == study


def writing_page(session: Session) -> Page:
    """The full app's page with ``session`` on screen and its study panel open."""
    page = Page(embed=False, readonly=False, saves=SaveStore(MemoryStorage()))
    page.session = session
    page.desk = StudyDesk(session)
    page.desk.begin()
    return page


@pytest.mark.parametrize("game_id", ["pebbles", "waddle-waddle"])
def test_a_question_is_written_at_any_step_of_a_finished_card_game_with_two_answers(game_id):
    """The author goes back to a step of a finished game, asks there, writes the prompt and
    the explanation first, plays the expected move on the board (the question's copy: the
    finished line never moves), keeps it, plays another and keeps it too."""
    session = played(game_id, 3, 6, 10_000)
    assert session.state.is_over()
    before = session.full_record().dumps()
    page = writing_page(session)
    desk = page.desk
    ply = 8
    while session.state.to_move() is None or session.state.ply != ply:
        session.go_to(ply)
        ply += 1 if session.state.to_move() is None else 0
    assert session.state.ply == ply and not session.may_play(), "a replay of a finished game"
    assert desk.start_question(), session.message
    desk.set_question_text("Your move: which card?", "The line's own move was best.")
    assert page.drafting and page.board_session is desk.draft
    mover = session.state.to_move()
    assert page.viewer() == mover, "played as its reader will, holding the asked hand"
    assert page.interactive() and page.may_act()
    answers = []
    for pick in (0, -1):
        action = desk.draft.state.legal_actions()[pick]
        assert desk.draft.play(action)
        assert desk.keep_answer(), session.message
        answers.append(desk.study.step(ply).question.answers[-1])
        assert desk.draft.state.ply == ply, "the copy starts again for another answer"
    question = desk.study.step(ply).question
    assert question.answers == tuple(answers) and len(set(answers)) == 2
    assert question.prompt == "Your move: which card?"
    assert question.explanation == "The line's own move was best."
    assert len(desk.answers_said()) == 2 and all(desk.answers_said())
    assert session.full_record().dumps() == before, "the finished game is as it was"
    assert session.game.decode_link(session.link()).study.step(ply).question == question
    desk.end_question()
    assert page.board_session is session


def test_writing_a_study_of_a_card_game_still_on_reaches_every_step_and_every_hand():
    """Two people at one device, the game on: the study panel (after the page has asked)
    shows every hand, no pass-the-device screen, and steps back past the undo floor; the
    computers wait; closed, the floor is back."""
    session = Session.new("pebbles", 2, 3, names=["Ann", "Bo"])
    rng = random.Random(3)
    while session.state.ply < 30:
        session.play(rng.choice(session.state.legal_actions()))
    page = Page(embed=False, readonly=False, saves=SaveStore(MemoryStorage()))
    page.session = session
    assert session.undo_floor() > 0 and page.curtain_for() is not None
    page.desk = StudyDesk(session)
    assert session.undo_floor() == 0 and page.curtain_for() is None
    assert page.viewer() == OMNISCIENT
    session.go_to(3)
    assert session.state.ply == 3
    assert page.desk.start_question(), session.message
    assert page.interactive()
    page.desk = None
    session.go_to(session.total_plies)
    assert session.undo_floor() > 0


def test_through_one_seats_eyes_only_that_seats_moves_can_be_asked():
    session = played("pebbles", 3, 4, 20)
    page = writing_page(session)
    desk = page.desk
    mover = session.state.to_move()
    desk.set_eyes((mover + 1) % 3)
    assert desk.question_refusal() is not None and not desk.start_question()
    assert "cannot answer" in session.message
    desk.set_eyes(mover)
    assert desk.start_question()


def test_a_reader_answers_wrong_then_right_and_the_study_s_game_never_moves():
    session = played("pebbles", 2, 9, 12)
    session.all_visible = True
    study, answer = author_question(session, 4, 2)
    session.go_to(4)
    before = session.full_record().dumps()
    attempt = Attempt.begin(session)
    assert attempt is not None and attempt.prompt == "Your move: play a card."
    wrong = next(a for a in attempt.session.state.legal_actions() if a != answer[0])
    verdict = attempt.answer(wrong)
    assert verdict.status == WRONG and verdict.explanation == "It leads the strongest suit."
    assert attempt.answer(answer[0]) is None, "judged: try again first"
    attempt.try_again()
    assert attempt.answer(answer[0]).status == GO_ON
    verdict = attempt.answer(answer[1].to_json())
    assert verdict.correct and verdict.move == f"{answer[0]} {answer[1]}"
    assert session.full_record().dumps() == before and session.state.ply == 4
    assert session.study == study


def test_show_answer_plays_the_author_s_first_answer_on_the_reader_s_copy():
    session = played("waddle-waddle", 3, 2, 20)
    session.all_visible = True
    _study, answer = author_question(session, 10, 1)
    session.go_to(10)
    attempt = Attempt.begin(session)
    assert attempt.show_answer() == answer
    assert attempt.session.state.history[-1] == answer[0] and attempt.shown


def test_a_step_without_a_question_has_no_attempt():
    session = played("htmf", 2, 1, 4)
    session.study = Study("t", (Step(2, "x"),))
    assert Attempt.begin(session, 2) is None


def test_the_host_page_answers_by_message_and_learns_the_verdict():
    assert parse_command('{"type": "waddle:try", "action": {"play": "7C"}}') == Try(
        action_text({"play": "7C"})
    )
    assert parse_command('{"type": "waddle:try"}') is None
    assert parse_command(json.dumps({"type": "waddle:try", "action": "x" * 400})) is None
    assert parse_command('{"type": "waddle:show-answer"}') == ShowAnswer()
    assert parse_command('{"type": "waddle:retry"}') == Retry()
    event = answer_event(
        "pebbles", 4, True, "play 7C", "It wins.", [{"play": "7C"}], "Ann played the 7 of Court."
    )
    assert event == {
        "type": ANSWER,
        "game": "pebbles",
        "step": 4,
        "correct": True,
        "move": "play 7C",
        "explanation": "It wins.",
        "actions": [{"play": "7C"}],
        "said": "Ann played the 7 of Court.",
    }


def test_a_waddle_try_message_answers_with_the_legal_action_of_that_json():
    session = played("htmf", 2, 1, 6)
    session.all_visible = True
    line = session.full_record().actions
    session.study = Study().with_question(3, [[line[3].to_json()]])
    session.go_to(3)
    attempt = Attempt.begin(session)
    command = parse_command(json.dumps({"type": "waddle:try", "action": line[3].to_json()}))
    assert attempt.answer(command.action).correct
    attempt.try_again()
    assert attempt.answer('{"nothing":1}') is None and "not a legal move" in attempt.session.message
