#!/usr/bin/env python3
"""Screenshots of every game at a desktop and a phone size, fresh and mid-game, for
anyone to look at what a player sees (``make screenshots``; the PNGs go to screenshots/).

    python scripts/screenshots.py [--out screenshots] [--game ID ...]

The game chooser of a first visit, then each game twice per viewport: a new game
(``?game=ID``), and a game a few decisions in against the computer with the person to
move, opened from its link (a card game then shows that person's hand). The viewports are
the project's two references: 1280×800 and a 390×844 phone (touch, device scale 1 so the
files stay small). Needs dist/ (``make web``) and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from waddle.app.session import Session  # noqa: E402
from waddle.games import GAMES  # noqa: E402

VIEWPORTS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
READY_MS = 60_000


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def mid_game_link(game_id: str, decisions: int = 8, seed: int = 12) -> str:
    """A game against the computer a few decisions in, with the person (seat 0) to move."""
    entry = GAMES.by_id(game_id)
    players = entry.default_players
    levels = entry.load().bot_levels
    bots = [None] + [levels[-1]] * (players - 1)
    session = Session.new(game_id, players, seed, bots=bots)
    rng = random.Random(seed)
    made = 0
    while not session.state.is_over():
        if session.state.to_move() == 0 and made >= decisions:
            break
        session.play(rng.choice(session.state.legal_actions()))
        made += session.state.to_move() == 0
    return session.link()


def shoot(out: Path, games: list[str]) -> list[Path]:
    from playwright.sync_api import sync_playwright

    chromium = _script("chromium")
    server = _script("serve_web").make_server(ROOT / "dist")
    server.start_in_thread()
    written = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium.CHROMIUM, args=chromium.CHROMIUM_ARGS
            )
            shots = [("chooser", {"first-visit": "./"})]
            shots += [
                (game_id, {"fresh": f"?game={game_id}", "mid": "#" + mid_game_link(game_id)})
                for game_id in games
            ]
            for game_id, pages in shots:
                for size, options in VIEWPORTS.items():
                    for moment, path in pages.items():
                        context = browser.new_context(
                            base_url=server.origin + "/", service_workers="block", **options
                        )
                        page = context.new_page()
                        page.goto(path)
                        page.wait_for_selector("html[data-app='ready']", timeout=READY_MS)
                        page.wait_for_timeout(300)  # fonts and the board's fit settle
                        target = out / f"{game_id}-{size}-{moment}.png"
                        page.screenshot(path=str(target))
                        written.append(target)
                        context.close()
            browser.close()
    finally:
        server.stop()
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--game", action="append", choices=GAMES.ids, help="default: all")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for path in shoot(args.out, args.game or list(GAMES.ids)):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
