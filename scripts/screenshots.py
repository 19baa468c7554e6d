#!/usr/bin/env python3
"""Screenshots of every game at a desktop, a phone and a phone turned sideways, at each
moment of a game, for anyone to look at what a player sees (``make screenshots``; the PNGs
go to screenshots/, named GAME-SIZE-MOMENT.png).

    python scripts/screenshots.py [--out screenshots] [--game ID ...] [--size NAME ...]
                                  [--moment NAME ...] [--review-seconds 60]

The game chooser of a first visit, then each game at five moments, against the computer
(the person in the first seat), each opened from its link: ``fresh`` (a new game,
``?game=ID``), ``mid`` (a few decisions in, the person to move: a card game shows that
person's hand), ``computer`` (a computer's turn, taken while it thinks), ``end`` (the game
played to its end) and ``review`` (that finished game with Review this game pressed, taken
when the review is done or after ``--review-seconds``). The sizes are the project's
references: 1280×800, a 390×844 phone and the same phone sideways, 844×390 (touch, device
scale 1 so the files stay small). Needs dist/ (``make web``) and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import contextlib
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
    "landscape": {"viewport": {"width": 844, "height": 390}, "is_mobile": True, "has_touch": True},
}
MOMENTS = ("fresh", "mid", "computer", "end", "review")
READY_MS = 60_000


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _versus_computer(game_id: str, seed: int) -> Session:
    entry = GAMES.by_id(game_id)
    players = entry.default_players
    levels = entry.load().bot_levels
    bots = [None] + [levels[-1]] * (players - 1)
    return Session.new(game_id, players, seed, bots=bots)


def mid_game_link(game_id: str, decisions: int = 8, seed: int = 12) -> str:
    """A game against the computer a few decisions in, with the person (seat 0) to move."""
    session = _versus_computer(game_id, seed)
    rng = random.Random(seed)
    made = 0
    while not session.state.is_over():
        if session.state.to_move() == 0 and made >= decisions:
            break
        session.play(rng.choice(session.state.legal_actions()))
        made += session.state.to_move() == 0
    return session.link()


def computer_turn_link(game_id: str, decisions: int = 8, seed: int = 12) -> str:
    """The same game a little further: a computer to move."""
    session = _versus_computer(game_id, seed)
    rng = random.Random(seed)
    made = 0
    while not session.state.is_over():
        mover = session.state.to_move()
        if mover is not None and mover > 0 and made >= decisions:
            break
        session.play(rng.choice(session.state.legal_actions()))
        made += session.state.to_move() == 0
    return session.link()


def end_link(game_id: str, seed: int = 12) -> str:
    """A game against the computer played to its end (random moves)."""
    session = _versus_computer(game_id, seed)
    rng = random.Random(seed)
    while not session.state.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    return session.link()


def _settle(page, moment: str, review_seconds: float) -> None:
    """Bring the page to ``moment`` after it is ready."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    if moment == "computer":
        # Taken while the computer thinks (a quick one: the position after its move).
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_selector("html[data-thinking]", timeout=10_000)
    elif moment == "review":
        page.click("#review-button")
        # Done, or still running: its progress is what a player sees then.
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_selector(
                "#review [data-chart], #review .review-none", timeout=review_seconds * 1000
            )
    page.wait_for_timeout(300)  # fonts and the board's fit settle


def shoot(
    out: Path,
    games: list[str],
    sizes: list[str] | None = None,
    moments: list[str] | None = None,
    review_seconds: float = 60,
) -> list[Path]:
    from playwright.sync_api import sync_playwright

    sizes = sizes or list(VIEWPORTS)
    moments = moments or list(MOMENTS)
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
            for game_id in games:
                paths = {
                    "fresh": f"?game={game_id}",
                    "mid": "#" + mid_game_link(game_id),
                    "computer": "#" + computer_turn_link(game_id),
                    "end": "#" + end_link(game_id),
                    "review": "#" + end_link(game_id),
                }
                shots.append((game_id, {m: paths[m] for m in moments}))
            for game_id, pages in shots:
                for size in sizes:
                    for moment, path in pages.items():
                        context = browser.new_context(
                            base_url=server.origin + "/",
                            service_workers="block",
                            **VIEWPORTS[size],
                        )
                        page = context.new_page()
                        page.goto(path)
                        page.wait_for_selector("html[data-app='ready']", timeout=READY_MS)
                        _settle(page, moment, review_seconds)
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
    parser.add_argument("--size", action="append", choices=list(VIEWPORTS), help="default: all")
    parser.add_argument("--moment", action="append", choices=MOMENTS, help="default: all")
    parser.add_argument("--review-seconds", type=float, default=60)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    shots = shoot(args.out, args.game or list(GAMES.ids), args.size, args.moment,
                  args.review_seconds)  # fmt: skip
    for path in shots:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
