#!/usr/bin/env python3
"""How long a whole game's review takes on the page (issue 36: at most 30 s), per game.

    .venv/bin/python scripts/bench_review_page.py [--games htmf waddle ...] [--players 2]

For each game, a finished game of ``--players`` medium bots (seed ``--seed``) is opened as
its share link in headless /usr/bin/chromium from dist/, "Review this game" is clicked
and the page's own marks time it (``waddle:review-start`` to ``waddle:review-end``,
web/analysis.py), at the game's review budget (``GAME.meter``), the meter switched off.
The same review is timed on CPython (processor time) for the ratio, and the first mark's
time on the page is printed too (marks are drawn as they are found). Not a test: the
figures depend on the machine (the load average is printed).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import serve_web  # scripts/ is on sys.path when this file runs as a script
from chromium import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TIMEOUT_MS = 600_000
GAMES_IDS = ("htmf", "waddle", "pebbles", "waddle-waddle")

STARTED = "() => performance.getEntriesByName('waddle:review-start').length"
FIRST_MARK = """() => new Promise((done) => {
  const started = performance.getEntriesByName('waddle:review-start')[0];
  const look = () => {
    const box = document.getElementById('review');
    if (box.dataset.review !== 'running') return done(null);
    if (box.querySelector('#review-found [data-review-ply]')) {
      return done(performance.now() - started.startTime);
    }
    setTimeout(look, 50);
  };
  look();
})"""
TIMES = """() => {
  const start = performance.getEntriesByName('waddle:review-start')[0].startTime;
  const end = performance.getEntriesByName('waddle:review-end')[0].startTime;
  return end - start;
}"""


def finished(game_id: str, players: int, seed: int):
    from waddle.app.session import Session

    session = Session.new(game_id, players, seed)
    bots = [session.game.make_bot("medium", seed=seed + p) for p in range(players)]
    while not session.state.is_over():
        assert session.play(bots[session.state.to_move()].choose(session.state))
    return session


def on_cpython(session) -> tuple[float, int, int]:
    from waddle.app.review import Review

    started = time.process_time()
    review = Review(session.game, session.full_record(), seed=0)
    while not review.step():
        pass
    return time.process_time() - started, review.total, len(review.marked())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES_IDS))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    if not (args.dist / "build-info.json").is_file():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_web.py")], check=True)
    from playwright.sync_api import sync_playwright

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    server = serve_web.make_server(args.dist)
    server.start_in_thread()
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for game_id in args.games:
                session = finished(game_id, args.players, args.seed)
                page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
                errors: list[str] = []
                page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
                page.goto(f"{server.origin}/#{session.link()}")
                page.wait_for_function(
                    "document.documentElement.dataset.app === 'ready'", timeout=TIMEOUT_MS
                )
                pressed = page.get_attribute("#meter-button", "aria-pressed")
                if pressed == "true":
                    page.click('[data-command="toggle-meter"]')
                page.click('#result [data-command="review-game"]')
                page.wait_for_function(STARTED)
                first = page.evaluate(FIRST_MARK)
                page.wait_for_selector('#review[data-review="done"]', timeout=TIMEOUT_MS)
                took = page.evaluate(TIMES) / 1000
                marks = page.locator("#review [data-review-ply]").count()
                if errors:
                    raise SystemExit(f"bench_review_page: {game_id} raised:\n" + "\n".join(errors))
                page.context.close()
                cpu, total, marked = on_cpython(session)
                rows.append((game_id, total, took, first, cpu, marks, marked))
                print(
                    f"  {game_id}: {total} decisions, page {took:.1f} s (first mark after "
                    f"{'-' if first is None else f'{first / 1000:.1f} s'}), CPython "
                    f"{cpu:.1f} s of processor ({took / cpu:.1f}x); marked {marks} "
                    f"(CPython {marked})",
                    flush=True,
                )
            browser.close()
    finally:
        server.stop()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        json.dumps(
            [
                dict(
                    zip(
                        (
                            "game",
                            "decisions",
                            "page_s",
                            "first_mark_ms",
                            "cpython_s",
                            "marks",
                            "marks_cpython",
                        ),
                        row,
                        strict=True,
                    )
                )
                for row in rows
            ]
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
