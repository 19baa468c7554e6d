#!/usr/bin/env python3
"""The one-screen rule, measured: does a player see, without scrolling, the board (at least
80% of it), the prompt, and what they can act on now; does anything stick out sideways;
how small is the smallest visible text.

    python scripts/one_screen.py [--decisions 12] [--game ID ...] [--dist dist]

Plays each game hot-seat (everyone at this device, default player count) at 1280×800 and
at a 390×844 phone, one decision at a time through the page (the pass-the-device button, a
legal place or card, else the first enabled control), and checks the rule after every
decision. Prints, per game and viewport, how many checks passed and the smallest text.
``tests/e2e/test_one_screen.py`` asserts the same rule with the same code
(:data:`CHECK` and :func:`play_and_check`).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

VIEWPORTS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
BOARD_SHARE = 0.8
"""How much of the board must be on screen."""
SMALLEST_PX = 11.0
"""No visible text under this many CSS pixels on a phone."""

CHECK = """() => {
  const vw = innerWidth, vh = innerHeight;
  const shown = (e) => !!e && e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const box = (e) => e.getBoundingClientRect();
  const inside = (r) => r.width > 0 && r.height > 0 && r.left >= -1 && r.top >= -1
    && r.right <= vw + 1 && r.bottom <= vh + 1;
  const seen = (r) => Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0))
    * Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0));
  const name = (e) => (e.getAttribute("aria-label") || e.textContent || e.id || e.tagName)
    .trim().replace(/\\s+/g, " ").slice(0, 40);
  const frame = document.getElementById("board-frame");
  const board = document.getElementById("board");
  // Zoomed, the board is bigger than its frame on purpose (it scrolls): the frame counts.
  const target = box(frame.hasAttribute("data-zoomed") ? frame : board);
  const boardShare = seen(target) / Math.max(1, target.width * target.height);
  const off = [];
  const status = document.getElementById("status");
  if (shown(status) && status.textContent.trim() && !inside(box(status))) off.push("the prompt");
  for (const e of document.querySelectorAll(
      "#curtain-button, #game-controls button:not([disabled]), #table [data-legal='true']")) {
    if (shown(e) && !inside(box(e))) off.push(name(e));
  }
  const result = document.getElementById("result");
  if (shown(result) && box(result).top > vh - 60) off.push("the result");
  let smallest = {px: 1e9, text: ""};
  let under = 0;
  for (const e of document.querySelectorAll("body *")) {
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !shown(e)) continue;
    const r = box(e);
    if (r.width <= 1 || r.height <= 1 || !seen(r)) continue;  // screen-reader only, or off
    let px = parseFloat(getComputedStyle(e).fontSize);
    if (e instanceof SVGElement && e.getScreenCTM) {
      const m = e.getScreenCTM();
      px *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    }
    if (px < 11 - 0.05) under += 1;
    if (px < smallest.px) smallest = {px, text: name(e)};
  }
  return {
    boardShare, off, under, smallest,
    overflow: document.scrollingElement.scrollWidth - vw,
    scrolled: scrollY,
  };
}"""

DECIDE = """(choice) => {
  const shown = (e) => !!e && e.checkVisibility();
  const pick = (list) => list.length ? list[Math.floor(choice * list.length)] : null;
  const curtain = document.getElementById("curtain-button");
  if (shown(curtain)) { curtain.click(); return "curtain"; }
  const places = [...document.querySelectorAll(
    "#board [data-legal='true'], #table [data-legal='true']")].filter(shown);
  const controls = [...document.querySelectorAll("#game-controls button:not([disabled])")]
    .filter(shown);
  const target = (choice < 0.7 && places.length) ? pick(places) : (pick(controls) || pick(places));
  if (!target) return null;
  target.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  return target.getAttribute("data-hex") || target.getAttribute("data-control") || "card";
}"""


def problems(measured: dict, viewport: str) -> list[str]:
    """What breaks the one-screen rule in one measurement, in words (empty: it holds)."""
    found = []
    if measured["boardShare"] < BOARD_SHARE:
        found.append(f"only {measured['boardShare']:.0%} of the board on screen")
    if measured["off"]:
        found.append("off screen: " + ", ".join(measured["off"][:6]))
    if measured["overflow"] > 1:
        found.append(f"{measured['overflow']:.0f} px wider than the screen")
    if measured["scrolled"] > 1:
        found.append(f"the page scrolled itself by {measured['scrolled']:.0f} px")
    if viewport == "phone" and measured["smallest"]["px"] < SMALLEST_PX - 0.05:
        small = measured["smallest"]
        found.append(
            f"{measured['under']} texts under 11 px (smallest {small['px']:.1f}: {small['text']!r})"
        )
    return found


def play_and_check(page, decisions: int, seed: int = 1) -> list[tuple[int, dict]]:
    """Check the rule now and after each of ``decisions`` decisions made in the page; the
    measurements, each with the number of decisions made before it."""
    rng = random.Random(seed)
    measured = [(0, page.evaluate(CHECK))]
    made = 0
    tries = 0
    while made < decisions and tries < decisions * 6:
        tries += 1
        before = page.evaluate("location.hash")
        done = page.evaluate(DECIDE, rng.random())
        if done is None:
            break
        page.wait_for_timeout(60)
        page.wait_for_function("() => !document.documentElement.dataset.thinking")
        if done == "curtain" or page.evaluate("location.hash") != before:
            made += 1
            measured.append((made, page.evaluate(CHECK)))
    return measured


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    from waddle.games import GAMES

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--game", action="append", choices=GAMES.ids, help="default: all")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    chromium = _script("chromium")
    server = _script("serve_web").make_server(args.dist)
    server.start_in_thread()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium.CHROMIUM, args=chromium.CHROMIUM_ARGS
            )
            print(f"{'game':<14} {'viewport':<8} {'checks held':>11} {'smallest text':>14}")
            for game_id in args.game or list(GAMES.ids):
                for size, options in VIEWPORTS.items():
                    context = browser.new_context(
                        base_url=server.origin + "/", service_workers="block", **options
                    )
                    page = context.new_page()
                    page.goto(f"?game={game_id}")
                    page.wait_for_selector("html[data-app='ready']", timeout=60_000)
                    results = play_and_check(page, args.decisions)
                    held = sum(not problems(m, size) for _, m in results)
                    smallest = min(m["smallest"]["px"] for _, m in results)
                    print(
                        f"{game_id:<14} {size:<8} {held:>5} of {len(results):<3} "
                        f"{smallest:>12.1f}px"
                    )
                    for made, m in results:
                        for problem in problems(m, size):
                            print(f"    after {made} decisions: {problem}")
                            break
                    context.close()
            browser.close()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
