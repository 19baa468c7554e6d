"""The embedded view's options, the embed builder's <iframe> code, the host page's
postMessage commands, and writing a study on the game on screen."""

from __future__ import annotations

import html
import json
import re

import pytest

from waddle.app.embed import (
    ASK,
    GO,
    STEP,
    Ask,
    EmbedOptions,
    GoTo,
    clamp_size,
    embed_src,
    iframe_code,
    parse_command,
    step_event,
)
from waddle.app.session import Session
from waddle.app.studies import StudyDesk
from waddle.core.study import Step, Study

HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(2)>'


def played(game_id: str, plies: int) -> Session:
    session = Session.new(game_id, 2, seed=7)
    for _ in range(plies):
        session.play(session.state.legal_actions()[0])
    return session


@pytest.mark.parametrize(
    "options",
    [
        EmbedOptions(),
        EmbedOptions(ply=0),
        EmbedOptions(ply=5, readonly=True),
        EmbedOptions(ply=2, readonly=True, end=9, theme="dark"),
        EmbedOptions(end=4, theme="light"),
    ],
)
def test_the_options_read_back_from_the_address_they_write(options):
    query = options.query()
    params = dict(p.partition("=")[::2] for p in query.split("&"))
    assert params.pop("embed") == ""
    assert EmbedOptions.from_query(params | {"embed": ""}) == options


def test_malformed_options_in_an_address_are_left_out_never_an_error():
    assert EmbedOptions.from_query({"ply": "-3", "end": "x", "theme": "<b>"}) == EmbedOptions()


def test_the_end_cuts_the_line_so_the_reader_cannot_step_past_it():
    session = played("waddle", 10)
    EmbedOptions(ply=2, end=6).apply(session)
    assert (session.state.ply, session.total_plies) == (2, 6)
    session.go_to(99)
    assert session.state.ply == 6 and not session.can_redo()


def test_without_a_first_step_a_cut_study_still_opens_where_it_begins():
    session = played("htmf", 10)
    session.study = Study("", (Step(3, "three"), Step(7, "seven")))
    session.go_to(3)
    EmbedOptions(end=7).apply(session)
    assert (session.state.ply, session.total_plies) == (3, 7)


def test_the_iframe_code_carries_the_address_the_size_and_an_escaped_title():
    src = embed_src("https://example.org/w/", "h1.ABC", EmbedOptions(3, True, 8, "dark"))
    assert src == "https://example.org/w/?embed&ply=3&readonly&end=8&theme=dark#h1.ABC"
    code = iframe_code(src, HOSTILE, 640, 700)
    assert "<script>" not in code and "<img" not in code
    match = re.fullmatch(
        r'<iframe src="([^"]+)" width="640" height="700" title="([^"]+)" [^<>]*></iframe>', code
    )
    assert match and html.unescape(match.group(1)) == src
    assert html.unescape(match.group(2)) == HOSTILE
    assert (clamp_size("5000", 480), clamp_size("", 520)) == (2000, 520)


@pytest.mark.parametrize(
    "message, command",
    [
        ({"type": GO, "step": 4}, GoTo(4)),
        ({"type": GO, "step": 0, "extra": "ignored"}, GoTo(0)),
        ({"type": ASK}, Ask()),
        ({"type": GO, "step": "4"}, None),
        ({"type": GO, "step": 4.5}, None),
        ({"type": GO, "step": True}, None),
        ({"type": GO, "step": -1}, None),
        ({"type": GO}, None),
        ({"type": "waddle:play", "action": {"scout": True}}, None),
        ({"type": "waddle:load", "link": "w1.AAAA"}, None),
        ({"type": STEP, "step": 3}, None),
        ("waddle:go", None),
        ([GO, 3], None),
        ({"type": GO, "step": 1, "pad": "x" * 2000}, None),
    ],
)
def test_only_the_two_commands_are_understood_from_a_host_page(message, command):
    assert parse_command(json.dumps(message)) == command


def test_the_step_event_says_the_step_the_line_and_the_caption_as_text():
    event = step_event("htmf", 3, 12, HOSTILE)
    assert event == {"type": STEP, "step": 3, "steps": 12, "game": "htmf", "caption": HOSTILE}


# -- writing a study ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["waddle", "htmf"])
def test_a_study_is_written_by_captions_clicks_and_typed_places(game_id):
    session = played(game_id, 6)
    desk = StudyDesk(session)
    assert desk.available()
    desk.begin()
    places = desk.places()
    desk.set_title("  A title\nin two lines ")
    desk.set_caption(HOSTILE)
    assert not desk.click(places[0]), "in play mode a click is a move, not a mark"
    desk.set_mode("mark")
    assert desk.click(places[0]) and desk.click(places[1]) and desk.click(places[0])
    assert session.study.step(6).marks == (places[1],)
    desk.set_mode("arrow")
    assert desk.click(places[2]) and desk.arrow_from == places[2]
    assert (
        desk.click(places[3]) and session.message == f"Arrow from {places[2]} to {places[3]} drawn."
    )
    assert not desk.click("99,99"), "a place off the board is not a mark"
    assert session.study == Study(
        "A title in two lines", (Step(6, HOSTILE, (places[1],), ((places[2], places[3]),)),)
    )
    assert desk.set_marks_text(f"{places[4]} 99,99 {places[4]}") == "Not on this board: 99,99."
    assert desk.marks_text() == places[4]
    assert desk.set_arrows_text(f"{places[0]}>{places[1]} {places[0]}>{places[0]} junk") == (
        f"Not arrows between two places of this board: {places[0]}>{places[0]}, junk."
    )
    assert desk.arrows_text() == f"{places[0]}>{places[1]}"
    html_list = desk.steps_html()
    assert 'data-ply="6"' in html_list and "<script>" not in html_list
    desk.clear_step()
    assert session.study.steps == ()
    desk.remove()
    assert session.study is None


def test_a_study_written_here_is_in_the_link_the_page_writes():
    session = played("htmf", 12)
    desk = StudyDesk(session)
    desk.begin()
    desk.set_caption("Both penguins are placed.")
    session.go_to(4)
    desk.set_mode("mark")
    desk.click(desk.places()[0])
    again = Session.from_link(session.link())
    assert again.study == session.study and again.state.ply == 4
    assert again.total_plies == 12
