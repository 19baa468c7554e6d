"""Accessibility audits of Hey, That's My Fish! with axe-core (run as in test_a11y.py), in
light and then dark colour scheme, in one page: a game mid-play (nothing chosen, then a
penguin chosen), the finished game with its results, the game's rules and its tutorial.
"""

from __future__ import annotations

from conftest import FIRST_LOAD_TIMEOUT_MS, click, hex_key, open_app
from e2e_tools import show_game
from htmf_tools import random_htmf, read_htmf
from test_a11y import audit, audit_page, close_dialog, open_dialog

__all__ = ["audit_page"]  # the fixture, imported for the tests here


def test_htmf_axe_finds_nothing_serious_mid_play_finished_and_in_both_schemes(audit_page):
    page = audit_page(color_scheme="light")
    mid = random_htmf(3, seed=44, plies=20, names=["Ann", "Bo", "Cy"], bots=[None, None, "easy"])
    while mid.bot_to_move() is not None:  # the computer must not move while audited
        assert mid.play(mid.state.legal_actions()[0])
    finished = random_htmf(4, seed=45, plies=None, names=["Ann", "Bo", "Cy", "Di"])
    assert mid.state.phase == "move" and finished.state.is_over()
    open_app(page, "#" + mid.link(), timeout_ms=FIRST_LOAD_TIMEOUT_MS)

    problems = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        show_game(page, mid.link())
        problems += audit(page, f"{scheme}: mid-play")
        penguin = mid.state.movable_penguins()[0]
        click(page, f'svg#board [data-hex="{hex_key(penguin)}"]')
        page.wait_for_selector('svg#board [data-selected="true"]')
        problems += audit(page, f"{scheme}: a penguin chosen")

        show_game(page, finished.link())
        page.wait_for_selector("#result[data-winners]", state="visible")
        assert any(v["kind"] == "gone" for v in read_htmf(page)["hexes"].values())
        problems += audit(page, f"{scheme}: finished, with the results")

        open_dialog(page, "open-rules", "rules")
        problems += audit(page, f"{scheme}: the rules")
        close_dialog(page, "rules")

    click(page, '[data-command="start-tutorial"]')
    page.wait_for_selector("#tutorial", state="visible")
    problems += audit(page, "dark: the tutorial")
    assert not problems, "serious accessibility problems:\n  " + "\n  ".join(problems)
