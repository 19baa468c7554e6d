"""Accessibility audits of Pebbles with axe-core (run as in test_a11y.py), in light and then
dark colour scheme, in one page: the pass-the-device screen, a turn under way (a hand to
play, then the power chosen and its tiles lit), the finished game with its results, the
rules, and the tutorial.
"""

from __future__ import annotations

from conftest import FIRST_LOAD_TIMEOUT_MS, click, open_app
from e2e_tools import show_game
from test_a11y import audit, audit_page, close_dialog, open_dialog

from waddle.app.session import Session
from waddle.games.pebbles.actions import K_PLAY

__all__ = ["audit_page"]  # the fixture, imported for the tests here


def test_pebbles_axe_finds_nothing_serious_in_every_view_and_both_schemes(audit_page):
    page = audit_page(color_scheme="light")
    mid = Session.new("pebbles", 3, 44, names=["Ann", "Bo", "Cy"])
    while mid.state.ply < 25 or mid.state.step_name != "play":
        assert mid.play(mid.state.legal_actions()[-1])
    finished = Session.new("pebbles", 4, 45, names=["Ann", "Bo", "Cy", "Di"])
    while not finished.state.is_over():
        assert finished.play(finished.state.legal_actions()[0])
    card = next(a for a in mid.state.legal_actions() if a.kind == K_PLAY).arg
    open_app(page, "#" + mid.link(), timeout_ms=FIRST_LOAD_TIMEOUT_MS)

    problems = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        show_game(page, mid.link())
        page.wait_for_selector("#curtain", state="visible")
        problems += audit(page, f"{scheme}: the pass-the-device screen")
        click(page, "#curtain-button")
        page.wait_for_selector('#hand [data-legal="true"]')
        problems += audit(page, f"{scheme}: a hand to play")
        click(page, f'#hand [data-card="{card}"]')
        page.wait_for_selector('[data-control="power"]')
        if page.locator('[data-control="power"]:not([disabled])').count():
            click(page, '[data-control="power"]')
        problems += audit(page, f"{scheme}: choosing an action")

        show_game(page, finished.link())
        page.wait_for_selector("#result[data-winners]", state="visible")
        problems += audit(page, f"{scheme}: finished, with the results")
        open_dialog(page, "open-rules", "rules")
        problems += audit(page, f"{scheme}: the rules")
        close_dialog(page, "rules")

    click(page, '.app-header [data-command="start-tutorial"]')
    page.wait_for_selector("#tutorial", state="visible")
    problems += audit(page, "dark: the tutorial")
    assert not problems, "serious accessibility problems:\n  " + "\n  ".join(problems)
