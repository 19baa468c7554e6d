"""Small helpers shared by the saves, links and embed browser tests.

The games these tests open are made here, on CPython, with the same engine the page runs
under Pyodide; what the page shows is then compared with the engine's own state.
"""

from __future__ import annotations

import random

from conftest import DEFAULT_TIMEOUT_MS, FIRST_LOAD_TIMEOUT_MS
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
