"""Whole games of Waddle Waddle played in the page, checked against the engine in this
process: a hot-seat game of two through the pass-the-device screens, and six players of
whom two are people and four computers (one person against three computers, with the
keyboard, is test_waddle_waddle_keyboard.py). Quick games (one season), the computers at
their fastest level.

Between two people's turns the page must show the pass-the-device screen with nothing of
any hand in its whole HTML, and no hint, scrubbing or message; after the confirm, the
person's hand and only theirs. After every decision the address holds exactly the game so
far; at each turn the hooks show the engine's position as the seat at the screen sees it;
at the end the result panel shows the engine's replay of the address, every hand shown.
"""

from __future__ import annotations

import random

from conftest import open_app
from waddle_waddle_tools import hurried, mirror_of, play_to_the_end

from waddle.app.session import Session

WAIT_MS = 60_000
QUICK = {"seasons": 1}


def test_waddle_waddle_hot_seat_game_of_two_through_the_pass_the_device_screens(page):
    page.set_default_timeout(WAIT_MS)
    start = Session.new("waddle-waddle", 2, 4242, names=["Ada", "Zoë <b>Ø</b>"], options=QUICK)
    open_app(page, "#" + start.link())
    played = play_to_the_end(page, start, hurried(random.Random(1)))
    assert played["curtains"] >= 20, "a pass-the-device screen before every person's turn"
    assert page.locator("#result b").count() == 0, "a name is text, not markup"


def test_waddle_waddle_six_players_two_people_and_four_computers(page):
    """Computers take most seats (the game stays short); the two people pass the device
    to each other around them."""
    page.set_default_timeout(WAIT_MS)
    bots = [None, "random", "random", None, "random", "random"]
    start = Session.new("waddle-waddle", 6, 13, bots=bots, options=QUICK)  # a short deal
    open_app(page, "#" + start.link())
    page.select_option("#ai-speed", "fast")
    played = play_to_the_end(page, start, hurried(random.Random(3)))
    assert played["curtains"] >= 10, "a pass-the-device screen before each person's turn"
    assert [s.bot for s in mirror_of(played["hooks"]["hash"]).seats] == bots, "kept in links"
