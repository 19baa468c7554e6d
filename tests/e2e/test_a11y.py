"""Accessibility audits of the page with axe-core, in light and dark colour schemes.

axe-core (an exact-pinned npm dev dependency, never copied into dist/) is injected into
the running app. The page's Content-Security-Policy allows scripts from 'self' only, so
these pages live in browser contexts made with ``bypass_csp=True``; they report console
errors, page errors and foreign requests into the same ``page_log`` as every other test.

Every view people meet is audited: the game screen fresh, with a hint shown, mid-game
(with a computer seat) and over with its results; the New game, Saves, Share and Rules
dialogs; the tutorial; the embedded view. A "serious" or "critical" violation fails the
test; all of them are printed (``pytest -s``). Also: with ``prefers-reduced-motion:
reduce`` the active marker on the board does not spin.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from conftest import (
    FIRST_LOAD_TIMEOUT_MS,
    ROOT,
    PageLog,
    _load_script,
    click,
    click_and_wait,
    open_app,
)

from waddle.app.session import Session
from waddle.games import GAMES

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WAIT_MS = 60_000
"""Waits for the page's Python on a busy machine: generous, they end as soon as it is done."""
BLOCKING = ("serious", "critical")

RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary})),
  }));
}"""


@pytest.fixture
def audit_page(browser, server, page_log: PageLog) -> Iterator[Callable[..., object]]:
    """``audit_page(**context_options)``: a page in a new context that may inject axe-core."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: `npm ci` installs axe-core (a dev dependency)")
    contexts = []

    def make(**options):
        context = browser.new_context(base_url=server.origin + "/", bypass_csp=True, **options)
        context.set_default_timeout(WAIT_MS)
        context.on("console", page_log.on_console)
        context.on("weberror", lambda web_error: page_log.on_page_error(web_error.error))
        context.on("request", page_log.on_request)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
    page_log.check("after the test")


def audit(page, view: str) -> list[str]:
    """Run axe-core on the page as it is; print every violation, return the blocking ones."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    violations = page.evaluate(RUN_AXE)
    blocking = []
    print(f"\n== axe: {view}: {len(violations)} violation(s)")
    for v in violations:
        print(f"  [{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} element(s))")
        for node in v["nodes"][:5]:
            print(f"      {node['target']}: {node['summary'].splitlines()[-1].strip()}")
        if v["impact"] in BLOCKING:
            targets = ", ".join(n["target"] for n in v["nodes"][:5])
            blocking.append(f"{view}: [{v['impact']}] {v['id']} ({v['help']}) at {targets}")
    return blocking


def played(session: Session, plies: int | None, seed: int) -> Session:
    rng = random.Random(seed)
    while not session.state.is_over() and (plies is None or session.state.ply < plies):
        assert session.play(rng.choice(session.state.legal_actions()))
    return session


def mid_game_with_a_computer() -> str:
    """A 3-player game at move 20 with an easy computer seat, a person to move."""
    session = played(Session.new("waddle", 3, 808, bots=[None, "easy", None]), plies=20, seed=4)
    while session.bot_to_move() is not None:  # the computer must not move while audited
        assert session.play(session.state.legal_actions()[0])
    assert session.human_turn()
    return session.link()


def finished_game() -> str:
    return played(
        Session.new("waddle", 4, 909, names=["Ann", "Bo", "Cy", "Di"]), plies=None, seed=6
    ).link()


def show_game(page, link: str) -> None:
    """Paste another game's address into this page (no reload) and wait until it is shown."""
    page.evaluate("link => { location.hash = link; }", link)
    page.wait_for_function(
        """link => location.hash === "#" + link
             && document.querySelectorAll("#move-list [data-ply]").length > 0""",
        arg=link,
    )


HINT_RING = """() => {
  const stroke = (hex) => getComputedStyle(hex.querySelector(".hex-shape")).stroke;
  return {
    hinted: stroke(document.querySelector('svg#board [data-hint="true"]')),
    legal: stroke(document.querySelector('svg#board [data-legal="true"]:not([data-hint])')),
  };
}"""


def open_dialog(page, command: str, dialog: str) -> None:
    click(page, f'[data-command="{command}"]')
    page.wait_for_selector(f"dialog#{dialog}[open]")


def close_dialog(page, dialog: str) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector(f"dialog#{dialog}", state="hidden")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_in_the_app(audit_page, scheme):
    page = audit_page(color_scheme=scheme)
    open_app(page, "", timeout_ms=FIRST_LOAD_TIMEOUT_MS)
    problems = audit(page, f"{scheme}: fresh game")

    # A hint: "marked on the board", says the message, so the hex must look different from
    # the other legal hexes (after the first round, which is a single hex on this tile set).
    click_and_wait(page, 'svg#board [data-legal="true"]')
    click(page, '[data-command="hint"]')
    hinted = page.wait_for_selector('[data-hint="true"]')
    message = page.locator("#message").text_content()
    if hinted.get_attribute("data-hex") is not None:
        assert "marked on the board" in message, message
        ring = page.evaluate(HINT_RING)
        assert ring["hinted"] != ring["legal"], "the hinted hex is drawn apart from the rest"
    problems += audit(page, f"{scheme}: a hint shown")

    open_dialog(page, "new-game", "new-game")
    problems += audit(page, f"{scheme}: New game dialog")
    close_dialog(page, "new-game")

    open_dialog(page, "open-saves", "saves")
    page.fill("#save-name", "Audit <b>me</b>")
    page.click('[data-command="save-as"]')
    page.wait_for_selector("#saves-list [data-save-key]")
    problems += audit(page, f"{scheme}: Saves dialog with a save")
    close_dialog(page, "saves")

    open_dialog(page, "open-share", "share")
    problems += audit(page, f"{scheme}: Share dialog")
    close_dialog(page, "share")

    open_dialog(page, "open-rules", "rules")
    problems += audit(page, f"{scheme}: Rules dialog")
    click(page, '#rules [data-command="start-tutorial"]')  # the rules lead to the tutorial
    page.wait_for_selector("#tutorial", state="visible")
    problems += audit(page, f"{scheme}: tutorial")
    click(page, '[data-command="end-tutorial"]')
    page.wait_for_selector("#tutorial", state="hidden")

    show_game(page, mid_game_with_a_computer())
    assert page.locator("#ai-controls").is_visible()
    problems += audit(page, f"{scheme}: mid-game with a computer seat")

    show_game(page, finished_game())
    page.wait_for_selector("#result[data-winners]", state="visible")
    problems += audit(page, f"{scheme}: game over with results")

    click(page, '[data-command="open-chooser"]')
    page.wait_for_selector("#chooser", state="visible")
    problems += audit(page, f"{scheme}: the game chooser")

    assert not problems, "serious accessibility problems:\n  " + "\n  ".join(problems)


@pytest.mark.parametrize(
    ("query", "scheme"), [("?embed", "light"), ("?embed&readonly&ply=9", "dark")]
)
def test_axe_finds_nothing_serious_in_the_embedded_view(audit_page, query, scheme):
    page = audit_page(color_scheme=scheme)
    open_app(page, f"{query}#{finished_game()}", timeout_ms=FIRST_LOAD_TIMEOUT_MS)
    assert page.locator("#embed-bar").is_visible()
    problems = audit(page, f"{scheme}: embedded view {query}")
    assert not problems, "serious accessibility problems:\n  " + "\n  ".join(problems)


MOTION = """() => ({
  marker: getComputedStyle(document.querySelector("svg#board .active-marker")).animationName,
  loading: getComputedStyle(document.querySelector(".progress-track"), "::after").animationName,
})"""


@pytest.mark.parametrize(("preference", "spins"), [("reduce", False), ("no-preference", True)])
def test_reduced_motion_stops_the_active_marker(audit_page, preference, spins):
    page = audit_page(reduced_motion=preference)
    open_app(page, "", timeout_ms=FIRST_LOAD_TIMEOUT_MS)
    motion = page.evaluate(MOTION)
    if spins:
        assert motion == {"marker": "marker-spin", "loading": "sheen"}
    else:
        assert motion == {"marker": "none", "loading": "none"}


def test_axe_core_is_a_pinned_dev_dependency_only():
    """Never shipped: axe-core is a devDependency at an exact version, absent from dist/."""
    manifest = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert "axe-core" not in manifest.get("dependencies", {})
    pin = manifest["devDependencies"]["axe-core"]
    assert pin[0].isdigit(), f"an exact version, not a range: {pin}"
    installed = json.loads((AXE.parent / "package.json").read_text(encoding="utf-8"))["version"]
    assert installed == pin, "node_modules holds the pinned axe-core (npm ci)"
    assert not any(Path(ROOT / "dist").rglob("axe*.js"))


@pytest.mark.parametrize("game_id", [entry.id for entry in GAMES])
def test_axe_finds_nothing_serious_on_a_phone_in_any_game(audit_page, game_id):
    one_screen = _load_script("one_screen")
    page = audit_page(**one_screen.VIEWPORTS["phone"])
    open_app(page, f"?game={game_id}", timeout_ms=WAIT_MS)
    problems = audit(page, f"{game_id} on a phone: a new game")
    one_screen.play_and_check(page, 3)
    problems += audit(page, f"{game_id} on a phone: three decisions in")
    assert not problems, "serious accessibility problems:\n" + "\n".join(problems)
