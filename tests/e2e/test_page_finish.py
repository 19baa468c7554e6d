"""How the page opens and finishes a game, where only the browser can tell (what is on
screen, where the page is scrolled, how text lines up): a game picked low on the phone's
chooser opens at the top of the page, the chooser shows nothing of a game, titles are not
cut, a player's chip sits on its sentence's baseline; when only the computer is left it
plays out its moves and one line sums them up, the result is on screen at 1280×800 and on
a phone turned sideways, the controls of a game in progress leave, and the moves box
shows whole rows, on the last move."""

from __future__ import annotations

import random
import re

from conftest import open_app

from waddle.app.session import Session
from waddle.games import GAMES

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
SIDEWAYS = {"width": 844, "height": 390}

IN_VIEW = """(selector) => {
  const e = document.querySelector(selector);
  if (!e || !e.checkVisibility()) return false;
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
}"""

# The bottom of a chip's name and of the words after it, in one line of the prompt.
BASELINES = """() => {
  const chip = document.querySelector("#status .chip");
  const name = [...chip.childNodes].find((n) => n.nodeType === 3);
  let after = chip.closest("[data-to-move]").nextSibling;
  const range = (node) => { const r = document.createRange(); r.selectNodeContents(node);
                            return r.getClientRects()[0]; };
  return [range(name).bottom, range(after).bottom];
}"""


# The move list's rows (headings and moves) cut by its box's edges, and whether the
# current move is inside it.
MOVES_BOX = """() => {
  const box = document.getElementById("move-list").getBoundingClientRect();
  const rows = [...document.querySelectorAll("#move-list .round-head, #move-list .moves > li")]
    .map((e) => e.getBoundingClientRect());
  const cut = rows.filter((r) => r.bottom > box.top + 0.5 && r.top < box.bottom - 0.5
                          && (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)).length;
  const current = document.querySelector("#move-list .current").getBoundingClientRect();
  return [cut, current.top >= box.top - 0.5 && current.bottom <= box.bottom + 0.5];
}"""


def test_the_phone_chooser_shows_no_game_and_a_game_picked_low_opens_at_the_top(fresh_page):
    page = fresh_page(**PHONE)
    open_app(page, "./")
    assert not page.evaluate("document.getElementById('app').checkVisibility()"), (
        "nothing of a game under the chooser"
    )
    header = page.locator(".app-header button:visible")
    assert header.all_text_contents() == ["Games", "New game", "More"]
    page.locator(".more-button").click()
    shown = page.locator("#more-actions button:visible").all_text_contents()
    assert shown == ["Saves"], "Copy link, Embed, Rules and Tutorial need a game"
    page.locator(".more-button").click()

    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("scrollY") > 300
    page.locator('[data-game-choice="waddle-waddle"]').click()
    page.wait_for_function("document.documentElement.dataset.game === 'waddle-waddle'")
    assert page.evaluate("scrollY") == 0, "the game opens at the top of the page"
    assert page.evaluate(IN_VIEW, "#board-frame") and page.evaluate(IN_VIEW, "#status")
    assert not page.evaluate("document.getElementById('keys-help').checkVisibility()"), (
        "no keyboard help on a touch screen"
    )
    name, words = page.evaluate(BASELINES)
    assert abs(name - words) < 1.5, "the player's name sits on the prompt's baseline"

    # Every game's title whole in the phone's top bar (two lines if it must), the bar no
    # taller than its buttons.
    for entry in GAMES:
        cut = page.evaluate(
            """(title) => {
              const e = document.getElementById("game-title");
              e.textContent = title;
              const bar = document.querySelector(".app-header").getBoundingClientRect();
              return [e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight + 1,
                      bar.height];
            }""",
            entry.title,
        )
        assert cut == [False, cut[1]] and cut[1] <= 56, f"{entry.title}: {cut}"


def _alone_at_the_end(seed: int = 20) -> str:
    """A game of Hey, That's My Fish! against the computer (random level) at the moment
    the person is out: the computer has every last move (about 20) to make alone."""
    session = Session.new("htmf", 2, seed=seed, bots=[None, "random"])
    rng = random.Random(seed)
    while not session.state.is_out(0):
        session.play(rng.choice(session.state.legal_actions()))
    return session.link()


def test_the_computer_plays_out_its_last_moves_alone_and_the_result_is_on_screen(fresh_page):
    link = _alone_at_the_end()
    page = fresh_page(**DESKTOP)
    open_app(page, "#" + link)
    page.select_option("#ai-speed", "fast")
    page.wait_for_selector("#result:not([hidden])", timeout=60_000)
    message = page.locator("#message").text_content()
    assert re.fullmatch(r"Blue took \d+ more fish with \d+ moves\.", message), message
    assert page.evaluate(IN_VIEW, "#result h2"), "the winner is on screen"
    for gone in ("#ai-controls", '.controls [data-command="hint"]'):
        assert not page.locator(gone).is_visible(), f"{gone} stays after the end"
    points = page.locator("#result [data-chart] polyline").first.get_attribute("points")
    assert len(points.split()) == int(page.evaluate("document.getElementById('scrubber').max")) + 1

    cut, shown = page.evaluate(MOVES_BOX)
    assert cut == 0, "the moves box cuts no row in half"
    assert shown, "it shows the last move, the one on the board"

    page.set_viewport_size(SIDEWAYS)  # a phone turned sideways
    page.wait_for_timeout(100)
    assert page.evaluate(IN_VIEW, "#result h2"), "the winner is on screen sideways too"
