"""The platform around the games, in the browser: the chooser on a first visit, ``?game=``,
``html[data-game]``, and a returning visit that sees its board while Python starts (the web
hooks note, "More than one game")."""

from __future__ import annotations

from conftest import open_app, read_hooks
from e2e_tools import wait_ready
from playwright.sync_api import expect

from waddle.games import GAMES

# Before any script of the page: what the board holds when the painted preview appears.
WATCH_PREVIEW = """
window.__preview = null;
new MutationObserver(() => {
  const root = document.documentElement;
  if (window.__preview === null && root.hasAttribute("data-preview")) {
    window.__preview = {
      app: root.dataset.app,
      hexes: document.querySelectorAll("svg#board [data-hex]").length,
      legal: document.querySelectorAll("svg#board [data-legal]").length,
      inert: document.getElementById("app").inert,
      at: performance.now(),
    };
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-preview"] });
"""


def test_a_first_visit_shows_the_chooser_and_one_click_starts_a_running_game(page):
    open_app(page, "./")
    root = page.locator("html")
    expect(page.locator("#chooser")).to_be_visible()
    assert root.get_attribute("data-game") is None
    choices = page.locator("[data-game-choice]")
    assert [choices.nth(k).get_attribute("data-game-choice") for k in range(choices.count())] == [
        *GAMES.ids
    ]
    assert page.locator("[data-game-choice] svg.thumbnail").count() == len(GAMES.ids)
    assert page.locator("#chooser [data-hex]").count() == 0, "pictures carry no board hooks"
    assert page.locator('.app-header [data-command="copy-link"]').is_disabled()

    page.click('[data-game-choice="waddle"]')
    expect(page.locator("#chooser")).to_be_hidden()
    expect(root).to_have_attribute("data-game", "waddle")
    hooks = read_hooks(page)
    assert hooks["hash"].startswith("#w1.") and any(h["legal"] for h in hooks["hexes"].values())
    assert page.locator("#message").text_content().startswith("New game of Waddle on board ")


def test_game_in_the_address_opens_at_once_then_a_reload_paints_the_last_board_first(page):
    page.add_init_script(WATCH_PREVIEW)
    open_app(page, "./?game=waddle")
    expect(page.locator("html")).to_have_attribute("data-game", "waddle")
    assert page.evaluate("location.search") == "", "?game= starts one game, not one per reload"
    for _ in range(3):
        before = page.evaluate("location.hash")
        page.click('svg#board [data-legal="true"]')
        page.wait_for_function("h => location.hash !== h", arg=before)
    shown = read_hooks(page)

    page.reload()
    wait_ready(page)
    preview = page.evaluate("window.__preview")
    assert preview is not None, "the last board was painted while Python started"
    assert preview["app"] == "loading" and preview["inert"], "seen, not yet playable"
    assert preview["hexes"] == len(shown["hexes"]) and preview["legal"] == 0
    assert page.evaluate("document.documentElement.hasAttribute('data-preview')") is False
    again = read_hooks(page)
    assert again["hash"] == shown["hash"] and again["hexes"] == shown["hexes"]

    # An unknown game in the address: the page says so and resumes the last game.
    page.goto("./?game=chess")
    wait_ready(page)
    expect(page.locator("#problem")).to_contain_text("There is no game called “chess” here.")
    assert read_hooks(page)["hash"] == shown["hash"]
