"""Small helpers shared by the saves, links and embed browser tests, and by every card
game's (the address, the pass-the-device screen).

The games these tests open are made here, on CPython, with the same engine the page runs
under Pyodide; what the page shows is then compared with the engine's own state.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from conftest import DEFAULT_TIMEOUT_MS, FIRST_LOAD_TIMEOUT_MS, click
from playwright.sync_api import expect

from waddle.app.session import Session
from waddle.games.waddle.link import decode_game
from waddle.games.waddle.state import WaddleState

LEGAL = 'svg#board [data-legal="true"]'

# Playwright's assertions wait 5 s by default; on a busy 2-core machine a Pyodide redraw can
# take longer, so they wait as long as the context's other waits. (A global setting: it
# only makes other tests' assertions more patient.)
expect.set_options(timeout=DEFAULT_TIMEOUT_MS)


def wait_ready(page, timeout_ms: int = FIRST_LOAD_TIMEOUT_MS) -> None:
    """After a reload or a popup: wait until the app left "loading", and insist on "ready"."""
    page.wait_for_function("document.documentElement.dataset.app !== 'loading'", timeout=timeout_ms)
    assert page.evaluate("document.documentElement.dataset.app") == "ready"


def state_of(hash_text: str, ply: int | None = None) -> WaddleState:
    """The engine's state for a ``#w1.…`` address (after ``ply`` actions if given)."""
    record, _names = decode_game(hash_text.removeprefix("#"))
    if ply is not None:
        record.actions = record.actions[:ply]
    return record.replay()


def owners(hooks: dict) -> dict[str, str]:
    """Hex → owner, for every hex with a penguin, from ``read_hooks``."""
    return {key: shown["owner"] for key, shown in hooks["hexes"].items() if shown["owner"]}


def random_session(players: int, seed: int, plies: int | None, policy_seed: int = 1) -> Session:
    """A game on generated map ``seed``, ``plies`` random legal actions in (None: to the end)."""
    session = Session.new("waddle", players, seed)
    rng = random.Random(policy_seed)
    while not session.state.is_over() and (plies is None or session.state.ply < plies):
        assert session.play(rng.choice(session.state.legal_actions()))
    return session


def placements(session: Session, ply: int) -> int:
    """How many penguins (hexes taken) the first ``ply`` actions of the game put down."""
    return sum(1 for action in session.full_record().actions[:ply] if not action.is_scout)


# ---------------------------------------------------------------------------- any game's address


def mirror_of(hash_text: str) -> Session:
    """The game in a page's address (``#p1.…``, ``#ww1.…``, any game's), as a session on
    CPython."""
    return Session.from_link(hash_text.removeprefix("#"))


def wait_for_hash_change(page, before: str) -> str:
    """Wait until ``location.hash`` is no longer ``before``; returns the new one."""
    return page.wait_for_function(
        "before => location.hash !== before && location.hash",
        arg=before,
        timeout=DEFAULT_TIMEOUT_MS,
    ).json_value()


def show_game(page, link: str) -> None:
    """Paste another game's address into this page (no reload) and wait until it is shown."""
    page.evaluate("link => { location.hash = link; }", link)
    page.wait_for_function("link => location.hash === '#' + link", arg=link)


# ---------------------------------------------------------------------------- card games


def confirm_pass_the_device(page, assert_nothing_hidden: Callable[[], object]) -> str:
    """At a card game's pass-the-device screen: ``assert_nothing_hidden()`` (the game's
    check of the page's HTML), no hint, scrubbing or message; then its button, which
    names the person the device goes to. Returns those words."""
    page.wait_for_selector("#curtain", state="visible")
    name = page.locator("#curtain-button").text_content()
    assert_nothing_hidden()
    assert page.locator('.controls [data-command="hint"]').is_disabled()
    assert page.locator("#scrubber").is_disabled()
    assert page.locator("#message").text_content() == ""
    click(page, "#curtain-button")
    page.wait_for_selector("#curtain", state="hidden")
    return name
