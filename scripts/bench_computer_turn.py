#!/usr/bin/env python3
"""How long a computer's whole turn takes in the page, and how much of it is search.

    python scripts/bench_computer_turn.py [--game pebbles] [--turns 6] [--dist dist]

Plays a game of one person against the computer (its medium level) at the Normal speed:
the person's decisions are made through the page (scripts/one_screen.py's player), and
each computer turn is timed from the person's last decision to the moment the person is
to move again. The search time is the sum of ``html[data-ai-seconds]`` over the turn's
steps. Prints each turn and the medians; the issue's goal is a whole turn within about
1.5 s beyond its search.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from waddle.app.chrome import computer_seats  # noqa: E402
from waddle.app.session import Session  # noqa: E402
from waddle.games import GAMES  # noqa: E402

# Records every search's seconds and when the person is to move again, in the page.
WATCH = """() => {
  window.__turns = {searches: [], personAt: null};
  new MutationObserver(() => {
    const d = document.documentElement.dataset;
    if (d.aiSeconds && d.aiSeconds !== window.__last) {
      window.__last = d.aiSeconds; window.__turns.searches.push(parseFloat(d.aiSeconds));
    }
  }).observe(document.documentElement, {attributes: true});
}"""


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="pebbles", choices=GAMES.ids)
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    one_screen, chromium = _script("one_screen"), _script("chromium")
    entry = GAMES.by_id(args.game)
    link = Session.new(entry.id, entry.default_players, 7, bots=computer_seats(entry)).link()
    server = _script("serve_web").make_server(args.dist)
    server.start_in_thread()
    rng = random.Random(3)
    walls, searches = [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium.CHROMIUM, args=chromium.CHROMIUM_ARGS
            )
            page = browser.new_page(base_url=server.origin + "/", service_workers="block")
            page.set_default_timeout(60_000)
            page.goto("#" + link)
            page.wait_for_selector("html[data-app='ready']")
            page.evaluate(WATCH)
            while len(walls) < args.turns:
                if page.evaluate("() => !document.querySelector('[data-to-move]')"):
                    break  # the game is over
                before = page.evaluate("location.hash")
                page.evaluate("() => { window.__turns.searches = []; }")
                page.evaluate(one_screen.DECIDE, rng.random())
                page.wait_for_timeout(20)
                if page.evaluate("location.hash") == before:
                    continue
                started = page.evaluate("performance.now()")
                if not page.evaluate("() => !!document.documentElement.dataset.thinking"):
                    page.wait_for_timeout(100)
                    if not page.evaluate("() => !!document.documentElement.dataset.thinking"):
                        continue  # still the person's turn (a step of their own)
                page.wait_for_function(
                    "() => !document.documentElement.dataset.thinking"
                    " && document.querySelector('[data-to-move=\"0\"]')"
                )
                wall = (page.evaluate("performance.now()") - started) / 1000
                search = sum(page.evaluate("window.__turns.searches"))
                walls.append(wall)
                searches.append(search)
                message = page.locator("#message").text_content()
                print(
                    f"turn {len(walls)}: {wall:.2f} s, search {search:.2f} s, "
                    f"beyond search {wall - search:.2f} s: {message}"
                )
            browser.close()
    finally:
        server.stop()
    if walls:
        beyond = [w - s for w, s in zip(walls, searches, strict=True)]
        print(
            f"median over {len(walls)} turns: whole {statistics.median(walls):.2f} s, "
            f"search {statistics.median(searches):.2f} s, "
            f"beyond search {statistics.median(beyond):.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
