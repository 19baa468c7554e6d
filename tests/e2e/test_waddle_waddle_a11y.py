"""Accessibility audits of Waddle Waddle with axe-core (run as in test_a11y.py), in light
and then dark colour scheme, in one page: a person's turn against computers (hand, offered
waddles, map, panels), the threats' list opened, the New game dialog with the game's rules,
the pass-the-device screen, the finished game with its result, the rules, and the
tutorial.
"""

from __future__ import annotations

import random

from conftest import FIRST_LOAD_TIMEOUT_MS, click, open_app
from e2e_tools import show_game
from test_a11y import audit, audit_page, close_dialog, open_dialog
from waddle_waddle_tools import assert_nothing_hidden_in_the_page

from waddle.app.session import Session

__all__ = ["audit_page"]  # the fixture, imported for the tests here


def test_waddle_waddle_axe_finds_nothing_serious_in_every_view_and_both_schemes(audit_page):
    page = audit_page(color_scheme="light")
    rng = random.Random(1)
    # One person on their turn, late in a season, against two computers (who wait).
    mid = Session.new("waddle-waddle", 3, 606, bots=[None, "random", "random"])
    while mid.state.ply < 60 or mid.state.to_move() != 0 or mid.state.phase != "turn":
        assert mid.play(rng.choice(mid.state.legal_actions()))
    hot = Session.new("waddle-waddle", 2, 607)
    while hot.state.phase == "hero":  # the pass-the-device screen comes with the first hand
        assert hot.play(hot.state.legal_actions()[0])
    over = Session.new("waddle-waddle", 4, 608, options={"seasons": 1})
    while not over.state.is_over():
        assert over.play(rng.choice(over.state.legal_actions()))
    open_app(page, "#" + mid.link(), timeout_ms=FIRST_LOAD_TIMEOUT_MS)

    problems = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        show_game(page, mid.link())
        page.wait_for_selector('#game-controls [data-control="draft"]')
        problems += audit(page, f"{scheme}: your turn")
        if not page.locator("#ww-threats-info[open]").count():  # it stays open once opened
            click(page, "#ww-threats-info summary")
            page.wait_for_selector("#ww-threats-info[open]")
        problems += audit(page, f"{scheme}: the threats shown")
        open_dialog(page, "new-game", "new-game")
        problems += audit(page, f"{scheme}: New game with the game's rules")
        close_dialog(page, "new-game")

        show_game(page, hot.link())
        page.wait_for_selector("#curtain", state="visible")
        assert_nothing_hidden_in_the_page(page, hot.state)
        problems += audit(page, f"{scheme}: pass the device")

        show_game(page, over.link())
        page.wait_for_selector("#result[data-winners]", state="visible")
        problems += audit(page, f"{scheme}: finished, with the result")
        open_dialog(page, "open-rules", "rules")
        problems += audit(page, f"{scheme}: the rules")
        close_dialog(page, "rules")

    click(page, '.app-header [data-command="start-tutorial"]')
    page.wait_for_selector("#tutorial", state="visible")
    problems += audit(page, "dark: the tutorial")
    assert not problems, "serious accessibility problems:\n  " + "\n  ".join(problems)
