"""Waddle Waddle fits the screen it is played on (issue 27), by scripts/one_screen.py's rule:
at 1280×800 and on a 390×844 phone, without scrolling, the player sees the map (at least
80% of it), the prompt, and everything they act on now (every card of the table a click
takes, every enabled button of the game); nothing sticks out sideways; on the phone no text
is under 11 CSS px (the map's text counted at its scale). Checked after every decision of
a hot-seat game played in the page, and at the table's fullest: a hand of eight cards or
more with many waddles to play, and a waddle whose rookery and fish are chosen among many
places."""

from __future__ import annotations

import random

import pytest
from conftest import _load_script, open_app

from waddle.app.session import Session

ONE_SCREEN = _load_script("one_screen")
WAIT_MS = 60_000


def problems_after_each_decision(page, size: str, decisions: int, seed: int) -> list[str]:
    measured = ONE_SCREEN.play_and_check(page, decisions, seed)
    assert len(measured) > decisions // 2, "the game was played in the page"
    return [
        f"after {made} decisions: {problem}"
        for made, m in measured
        for problem in ONE_SCREEN.problems(m, size)
    ]


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_waddle_waddle_keeps_one_screen_after_every_decision_of_a_hot_seat_game(fresh_page, size):
    page = fresh_page(**ONE_SCREEN.VIEWPORTS[size])
    page.set_default_timeout(WAIT_MS)
    open_app(page, "?game=waddle-waddle")
    found = problems_after_each_decision(page, size, decisions=24, seed=2)
    assert not found, found


def against_the_computers(wanted, seed: int) -> Session:
    """A three-player game against two computers, played at random until seat 0 (the
    person) is to move where ``wanted(state)`` holds: drafting a lot, so hands grow."""
    session = Session.new("waddle-waddle", 3, seed, bots=[None, "easy", "easy"])
    state = session.state
    rng = random.Random(seed)
    while not (state.to_move() == 0 and wanted(state)):
        assert not state.is_over(), "no such position in this game"
        legal = state.legal_actions()
        waddles = [a for a in legal if a.kind == "waddle"]
        draws = [a for a in legal if a.kind in ("draft", "take", "refill")]
        if wanted is _choosing_where and waddles and state.to_move() == 0:
            choice = rng.choice(waddles)
        elif draws and rng.random() < 0.85:
            choice = rng.choice(draws)
        else:
            choice = rng.choice(legal)
        assert session.play(choice)
    return session


def _full_hand(state) -> bool:
    view = state.view(0)
    return state.phase == "turn" and len(view.seats[0].hand) >= 8 and len(view.offers) >= 6


def _choosing_where(state) -> bool:
    view = state.view(0)
    return state.phase == "play" and sum(len(p.pay) for p in view.offers[0].places) >= 6


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_waddle_waddle_fits_one_screen_at_its_fullest_table(fresh_page, size):
    page = fresh_page(**ONE_SCREEN.VIEWPORTS[size])
    page.set_default_timeout(WAIT_MS)
    for wanted, ready in (
        (_full_hand, '#waddles [data-waddle][data-legal="true"]'),
        (_choosing_where, '#waddles [data-control^="play-"]'),
    ):
        session = against_the_computers(wanted, seed=1)
        link = "#" + session.link()
        open_app(page, link)
        page.wait_for_function("link => location.hash === link", arg=link)
        page.wait_for_selector(ready)
        measured = page.evaluate(ONE_SCREEN.CHECK)
        found = ONE_SCREEN.problems(measured, size)
        assert not found, (wanted.__name__, found)
        if wanted is _full_hand:
            cards = page.locator('#hand [data-legal="true"]').count()
            assert cards == len(session.state.hands[0]), "every card of the hand to pick"
