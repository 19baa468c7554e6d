"""The page's layout on a phone (360×740, portrait) and a laptop (1280×800): nothing wider
than the screen, the board within the width, and finger-sized targets on the phone."""

from __future__ import annotations

import pytest
from conftest import open_app

from waddle.app.session import Session

PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}

FINGER_PX = 40
"""Smallest side of a tap target on the phone (WCAG 2.5.5 asks 44; ~40 is the floor here)."""

MEASURE = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            width: r.width, height: r.height};
  };
  const visible = (e) => e.checkVisibility();
  const name = (e) => (e.textContent.trim() || e.getAttribute("aria-label") || e.outerHTML)
    .slice(0, 30);
  return {
    innerWidth, innerHeight,
    scrollWidth: document.scrollingElement.scrollWidth,
    // The board's frame: the board itself is wider than the screen when zoomed.
    board: {...box(document.getElementById("board-frame")),
            visible: visible(document.getElementById("board"))},
    svg: box(document.getElementById("board")),
    zoom: {hidden: document.getElementById("zoom").hidden,
           pressed: document.getElementById("zoom").getAttribute("aria-pressed")},
    zoomButton: box(document.getElementById("zoom")),
    // The side column's parts (on a phone its wrapper steps aside, display: contents,
    // and its parts are ordered under the board): the box around those shown.
    side: (() => {
      const parts = [...document.querySelectorAll(".side > *, .side > .controls > *")]
        .filter(visible).map(box).filter((r) => r.width > 0 && r.height > 0);
      if (!parts.length) return {visible: false};
      const left = Math.min(...parts.map((r) => r.left));
      const right = Math.max(...parts.map((r) => r.right));
      const top = Math.min(...parts.map((r) => r.top));
      const bottom = Math.max(...parts.map((r) => r.bottom));
      return {left, right, top, bottom, width: right - left, height: bottom - top,
              visible: true};
    })(),
    legal: [...document.querySelectorAll('svg#board [data-legal="true"] .hex-shape')]
      .map((e) => ({hex: e.closest("[data-hex]").dataset.hex, ...box(e)})),
    buttons: [...document.querySelectorAll("#app button, .app-header button")]
      .filter(visible).map((e) => ({name: name(e), ...box(e)})),
    // Whatever sticks out to the right of the screen, for the failure message.
    wide: [...document.querySelectorAll("body *")]
      .filter((e) => visible(e) && e.getBoundingClientRect().right > innerWidth + 0.5)
      .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className.baseVal ?? e.className}`)
      .slice(0, 8),
  };
}"""


def open_measured(fresh_page, device: dict, players: int, seed: int) -> dict:
    page = fresh_page(**device)
    open_app(page, "#" + Session.new("waddle", players, seed).link())
    return page.evaluate(MEASURE)


def assert_fits_the_width(m: dict) -> None:
    assert m["scrollWidth"] <= m["innerWidth"], f"sideways scrolling; too wide: {m['wide']}"
    board, side = m["board"], m["side"]
    assert board["visible"] and side["visible"]
    assert board["left"] >= -0.5 and board["right"] <= m["innerWidth"] + 0.5, board
    assert side["left"] >= -0.5 and side["right"] <= m["innerWidth"] + 0.5, side
    assert side["width"] > 200 and side["height"] > 100


# A 5-player map is up to ~12 hexes wide: fitted into 360 px its hexes are ~31 px, so the
# phone shows it zoomed (44 px hexes, the frame scrolls); a 2-player map fits as it is.
@pytest.mark.parametrize("players, seed", [(2, 4242), (5, 31337)])
def test_phone_portrait_fits_the_width_with_finger_sized_targets(fresh_page, players, seed):
    m = open_measured(fresh_page, PHONE, players, seed)
    assert m["innerWidth"] == 360, "the page is laid out at the phone's width (no zoom-out)"
    assert_fits_the_width(m)
    assert m["board"]["width"] >= 0.95 * m["innerWidth"], "the board uses the whole width"
    assert m["side"]["top"] >= m["board"]["bottom"] - 0.5, "the side panel comes under it"
    small = [b for b in m["buttons"] if min(b["width"], b["height"]) < FINGER_PX]
    assert not small, f"buttons smaller than {FINGER_PX} px: {small}"
    assert m["legal"]
    small = [h for h in m["legal"] if min(h["width"], h["height"]) < FINGER_PX]
    assert not small, f"legal hexes smaller than {FINGER_PX} px: {small}"
    assert_inside(m["legal"], m["board"])


def assert_inside(hexes: list[dict], frame: dict) -> None:
    """Every hex is wholly in view in the board's frame (not scrolled out of it)."""
    out = [
        h["hex"]
        for h in hexes
        if h["left"] < frame["left"] - 0.5
        or h["right"] > frame["right"] + 0.5
        or h["top"] < frame["top"] - 0.5
        or h["bottom"] > frame["bottom"] + 0.5
    ]
    assert not out, f"legal hexes out of view: {out}"


# What the zoom button says at the moment the page says "ready" (a mutation observer runs
# right after the task that set it), so the test does not depend on how fast it looks.
ZOOM_AT_READY = """
new MutationObserver((_records, observer) => {
  if (document.documentElement.dataset.app !== "ready") return;
  const zoom = document.getElementById("zoom");
  window.zoomAtReady = {hidden: zoom.hidden, pressed: zoom.getAttribute("aria-pressed")};
  observer.disconnect();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-app"]});
"""


def test_phone_zooms_a_big_map_on_the_active_pool_and_zoom_shows_it_whole(fresh_page):
    page = fresh_page(**PHONE)
    page.add_init_script(ZOOM_AT_READY)
    open_app(page, "#" + Session.new("waddle", 5, 31337).link())
    ready = page.evaluate("window.zoomAtReady")
    assert ready == {"hidden": False, "pressed": "true"}, "zoomed as soon as the page is ready"
    m = page.evaluate(MEASURE)
    assert m["zoom"] == {"hidden": False, "pressed": "true"}, "zoomed by itself"
    assert m["svg"]["width"] > m["innerWidth"], "drawn bigger than the screen"
    assert m["zoomButton"]["bottom"] <= m["board"]["top"] + 0.5, "the button hides no hex"

    # Tapping a legal hex of the zoomed board plays it.
    before = page.evaluate("location.hash")
    page.locator('svg#board [data-legal="true"] .hex-shape').first.tap()
    page.wait_for_function("h => location.hash !== h", arg=before)
    m = page.evaluate(MEASURE)
    assert m["legal"] and m["zoom"]["pressed"] == "true"
    assert_inside(m["legal"], m["board"])

    # Zoom off: the whole board within the screen (hexes ~31 px); on again: finger-sized.
    page.locator("#zoom").tap()
    m = page.evaluate(MEASURE)
    assert m["zoom"]["pressed"] == "false"
    assert m["svg"]["left"] >= -0.5 and m["svg"]["right"] <= m["innerWidth"] + 0.5
    assert all(h["width"] < FINGER_PX for h in m["legal"])
    assert_fits_the_width(m)
    page.locator("#zoom").tap()
    m = page.evaluate(MEASURE)
    assert m["zoom"]["pressed"] == "true"
    assert min(min(h["width"], h["height"]) for h in m["legal"]) >= FINGER_PX
    assert_inside(m["legal"], m["board"])

    # Turned to landscape (740×360) the screen is too low for the whole board at finger
    # size: it stays zoomed in a frame that fits the screen, nothing wider than it; back
    # to portrait, zoomed again. (Any error the resizing raises fails the test.)
    page.set_viewport_size({"width": 740, "height": 360})
    page.wait_for_function("document.getElementById('board-frame').clientWidth > 700")
    m = page.evaluate(MEASURE)
    assert m["zoom"]["pressed"] == "true"
    assert m["board"]["bottom"] - m["board"]["top"] <= m["innerHeight"]
    assert_fits_the_width(m)
    page.set_viewport_size(PHONE["viewport"])
    page.wait_for_function("!document.getElementById('zoom').hidden")
    m = page.evaluate(MEASURE)
    assert m["zoom"]["pressed"] == "true"
    assert_inside(m["legal"], m["board"])


def test_phone_shows_no_zoom_for_a_map_that_fits_with_finger_sized_hexes(fresh_page):
    m = open_measured(fresh_page, PHONE, 2, 4242)
    assert m["zoom"] == {"hidden": True, "pressed": "false"}
    assert m["svg"]["right"] <= m["innerWidth"] + 0.5


def test_laptop_shows_board_and_side_panel_side_by_side(fresh_page):
    m = open_measured(fresh_page, LAPTOP, 5, 31337)
    assert_fits_the_width(m)
    board, side = m["board"], m["side"]
    assert side["left"] >= board["right"], "the side panel is beside the board"
    assert side["top"] < m["innerHeight"] / 2, "and starts in the first screen"
    assert board["bottom"] <= m["innerHeight"] + 0.5, "the whole board fits in the window"
    assert min(min(h["width"], h["height"]) for h in m["legal"]) >= FINGER_PX


SIDEWAYS = {
    "viewport": {"width": 844, "height": 390},
    "is_mobile": True,
    "has_touch": True,
}


def test_a_phone_turned_sideways_shows_the_whole_board_with_zoom_beside_it(fresh_page):
    """844×390: the frame is low, so zooming would show a band of the board cropped at top
    and bottom; the board is shown whole, and Zoom (offered: its hexes are under 40 px)
    sits over the frame's corner beside it, taking no band above it and hiding no hex."""
    page = fresh_page(**SIDEWAYS)
    open_app(page, "#" + Session.new("waddle", 2, 4242).link())
    m = page.evaluate(MEASURE)
    assert_fits_the_width(m)
    assert m["zoom"] == {"hidden": False, "pressed": "false"}, "offered, not zoomed by itself"
    board, svg, button = m["board"], m["svg"], m["zoomButton"]
    assert svg["top"] >= board["top"] - 0.5 and svg["bottom"] <= board["bottom"] + 0.5
    assert board["bottom"] <= m["innerHeight"] + 0.5, "the whole board on screen"
    assert button["top"] >= board["top"] - 0.5, "no band above the board"
    covered = page.evaluate(
        """(b) => [...document.querySelectorAll("svg#board [data-hex] .hex-shape")]
          .map((e) => e.getBoundingClientRect())
          .filter((r) => r.left < b.right && b.left < r.right && r.top < b.bottom
                         && b.top < r.bottom).length""",
        button,
    )
    assert covered == 0, "the Zoom button hides no hex"
    page.locator("#zoom").tap()
    m = page.evaluate(MEASURE)
    assert m["zoom"]["pressed"] == "true" and m["svg"]["height"] > m["board"]["height"]
    assert m["zoomButton"]["bottom"] <= m["board"]["top"] + 0.5, "zoomed, it goes above"
