"""A Quick game of Waddle Waddle at four, one person against three computers, played with
the keyboard alone: the pass-the-device screen is never shown (one person), heroes and
other buttons are reached with Tab, cards, offered waddles and rookeries with the arrow
keys and Enter, the actions with their letters (D, T, E, F, L, W, P, S). Each decision
lands as the engine makes it, and the game ends as the engine replays the address."""

from __future__ import annotations

import random

from conftest import open_app
from waddle_waddle_tools import mirror_of, play_by_keyboard, play_to_the_end

from waddle.app.session import Session

WAIT_MS = 60_000


def keyboard_choice(rng: random.Random, played: set[str]):
    """Plays fast but does, once each, every kind of decision a turn can ask for; adds
    the kind of each decision to ``played``."""
    done: set[str] = set()

    def choose(state):
        legal = list(state.legal_actions())
        choice = None
        for kind in ("exchange", "fish", "take", "refill", "waddle", "play", "stop", "threat"):
            found = [a for a in legal if a.kind == kind]
            if found and (kind not in done or kind in ("play", "take", "threat", "stop")):
                done.add(kind)
                choice = rng.choice(found)
                break
        faceup = [a for a in legal if a.kind == "draft" and a.a != -1]
        draws = [a for a in legal if a.kind == "draft" and a.a == -1]
        if choice is None and faceup and "draft" not in done:
            done.add("draft")
            choice = faceup[0]
        elif choice is None and draws and rng.random() < 0.8:
            choice = draws[0]
        choice = choice or rng.choice(legal)
        played.add(choice.kind)
        return choice

    return choose


def test_waddle_waddle_one_person_against_three_computers_with_the_keyboard_alone(page):
    page.set_default_timeout(WAIT_MS)
    bots = [None, "random", "random", "random"]
    start = Session.new(
        "waddle-waddle", 4, 515, names=["Key", "C1", "C2", "C3"], bots=bots,
        options={"seasons": 1},
    )  # fmt: skip
    open_app(page, "#" + start.link())
    page.select_option("#ai-speed", "fast")
    page.locator("#app").focus()
    played: set[str] = set()
    game = play_to_the_end(page, start, keyboard_choice(random.Random(5), played), play_by_keyboard)
    assert game["curtains"] == 0 and game["decisions"] >= 10
    assert {"hero", "draft", "exchange", "take", "fish", "waddle", "play"} <= played
    assert [s.bot for s in mirror_of(game["hooks"]["hash"]).seats] == bots, "kept in links"
