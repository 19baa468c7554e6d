"""The tutorial in the page, from the first step to the end, by clicking as its text says.

A CPython ``Tutorial`` gets the same attempts as the page (wrong ones too) and the page must
show its state after each: the step ("(step k of 6)" and its text), the board, and in the
live region ``#message`` what happened, or the step's hint when a move was refused. The
tutorial's game is never shared or saved: the address stays that of the game that was on
screen, and leaving the tutorial brings that game back.
"""

from __future__ import annotations

import random

from conftest import assert_hooks_match, click, hex_key, open_app, read_hooks

from waddle.app.session import Session
from waddle.app.tutorial import Tutorial
from waddle.games.waddle import GAME
from waddle.games.waddle.actions import SCOUT, Action
from waddle.games.waddle.presenter import PRESENTER
from waddle.games.waddle.tutorial import STEPS

WAIT_MS = 60_000
"""Waits for the page's Python on a busy machine: generous, they end as soon as it is done."""

MESSAGE_IS = "text => document.getElementById('message').textContent === text"

READ_TUTORIAL = """() => ({
  shown: document.getElementById("tutorial").checkVisibility(),
  progress: document.getElementById("tutorial-progress").textContent,
  text: document.getElementById("tutorial-text").textContent,
  message: document.getElementById("message").textContent,
  undoShown: document.querySelector('.controls [data-command="undo"]').checkVisibility(),
})"""


class Walk:
    """The page and a CPython tutorial, driven together."""

    def __init__(self, page, address: str) -> None:
        self.page = page
        self.address = address  # the game the tutorial was started from
        self.mirror = Tutorial(GAME)

    @property
    def state(self):
        return self.mirror.session.state

    def expect(self, number: int) -> dict:
        """The page shows step ``number`` and exactly the mirror's game and message."""
        self.page.wait_for_function(MESSAGE_IS, arg=self.mirror.session.message or "")
        shown = self.page.evaluate(READ_TUTORIAL)
        assert self.mirror.index == number - 1
        assert shown["shown"]
        assert shown["progress"] == f"(step {number} of {len(STEPS)})"
        assert shown["text"] == STEPS[number - 1].text
        assert not shown["undoShown"], "no undo in the tutorial"
        hooks = read_hooks(self.page)
        assert_hooks_match(hooks, self.state)
        assert hooks["hash"] == self.address, "the tutorial's game is never put in the address"
        return hooks

    def choose(self, kind: str) -> None:
        click(self.page, f'[data-token-choice="{kind}"]')
        assert PRESENTER.on_control(self.mirror.session, kind) is None
        assert self.mirror.session.ui.token == kind
        self.page.wait_for_function(
            "kind => document.querySelector(`[data-token-choice='${kind}']`)"
            ".getAttribute('aria-pressed') === 'true'",
            arg=kind,
        )

    def place(self, hex_) -> bool:
        click(self.page, f'svg#board [data-hex="{hex_key(hex_)}"]')
        double = self.mirror.session.ui.token == "double"
        return self.mirror.try_action(Action.place(hex_, double))

    def scout(self) -> bool:
        click(self.page, '[data-action="scout"]')
        return self.mirror.try_action(SCOUT)

    def refused(self, number: int, accepted: bool) -> None:
        """The attempt just made was refused, with the step's hint in the live region."""
        assert not accepted
        assert self.mirror.session.message == STEPS[number - 1].hint
        self.expect(number)


def test_the_tutorial_from_start_to_end_then_back_to_the_game(page):
    page.set_default_timeout(WAIT_MS)
    game = Session.new("waddle", 3, 4321, names=["Ann", "Ben", "Cat"])
    rng = random.Random(2)
    while game.state.ply < 7:
        assert game.play(rng.choice(game.state.legal_actions()))
    open_app(page, "#" + game.link())
    before = read_hooks(page)
    assert_hooks_match(before, game.state)

    click(page, '[data-command="start-tutorial"]')
    page.wait_for_selector("#tutorial", state="visible")
    walk = Walk(page, before["hash"])
    walk.expect(1)
    assert walk.state.active_number == 1

    # 1. Place a single. Scouting, or a double, is refused with the step's hint.
    walk.refused(1, walk.scout())
    walk.choose("double")
    walk.expect(1)
    walk.refused(1, walk.place(sorted(walk.state.legal_hexes())[0]))
    walk.choose("single")
    assert walk.place(sorted(walk.state.legal_hexes())[0])
    assert "Blue placed" in walk.mirror.session.message
    walk.expect(2)

    # 2. Choose Double, then place. A single is refused.
    walk.refused(2, walk.place(sorted(walk.state.legal_hexes())[0]))
    walk.choose("double")
    target = sorted(walk.state.legal_hexes())[-1]
    assert walk.place(target)
    hooks = walk.expect(3)
    assert hooks["hexes"][hex_key(target)]["token"] == "double"

    # 3. Scout ahead. Placing is refused.
    walk.refused(3, walk.place(sorted(walk.state.legal_hexes())[0]))
    assert walk.scout()
    walk.expect(4)
    assert walk.state.active_number == 2, "Blue filled pool 1: the round moved to pool 2"

    # 4. Place at pool 2, first as the scout. Scouting again is refused.
    walk.refused(4, walk.scout())
    assert walk.place(sorted(walk.state.legal_hexes())[0])
    hooks = walk.expect(5)

    # 5. The last player on the active track cannot scout and keeps placing.
    assert hooks["scout"]["disabled"]
    assert walk.state.why_not_scout() in hooks["scout"]["title"]
    page.keyboard.press("s")  # the button is disabled; the key still asks, and is told
    walk.refused(5, walk.mirror.try_action(SCOUT))
    while not walk.state.is_over():
        assert walk.place(sorted(walk.state.legal_hexes())[0])
        walk.expect(6 if walk.state.is_over() else 5)

    # 6. The game is over: the results are shown.
    hooks = read_hooks(page)
    assert hooks["result"] is not None and hooks["result"]["visible"]
    assert hooks["result"]["winners"] == ",".join(map(str, walk.state.winners()))

    # Leaving returns to the game that was on screen, at the same move.
    click(page, '[data-command="end-tutorial"]')
    page.wait_for_selector("#tutorial", state="hidden")
    page.wait_for_function(MESSAGE_IS, arg="Back to your game.")
    after = read_hooks(page)
    assert after["hash"] == before["hash"]
    assert after["hexes"] == before["hexes"] and after["toMove"] == before["toMove"]
    assert_hooks_match(after, game.state)
    assert page.locator('.controls [data-command="undo"]').is_visible()

    # The tutorial never replaced the autosave: a visit without an address shows the game.
    page.goto("about:blank")
    open_app(page, "./")
    again = read_hooks(page)
    assert again["hash"] == before["hash"]
    assert_hooks_match(again, game.state)
