"""The Hey, That's My Fish! tutorial in the page, from the first step to the end, by clicking
as its text says, started with the shell's Tutorial button while a game is on screen.

A CPython ``Tutorial`` gets the same clicks (wrong ones too, through the same presenter)
and the page must show its state after each: the step ("(step k of 5)" and its text), the
board, and in the live region ``#message`` what happened, or why a click was refused. The
tutorial's game is never shared or saved: the address stays that of the game that was on
screen, and leaving the tutorial brings that game back.
"""

from __future__ import annotations

from conftest import click, hex_key, open_app
from htmf_tools import assert_htmf_hooks, assert_htmf_results, random_htmf, read_htmf

from waddle.app.tutorial import Tutorial
from waddle.games.htmf import GAME
from waddle.games.htmf.presenter import PRESENTER
from waddle.games.htmf.tutorial import BLUE, STEPS, YOU

WAIT_MS = 60_000
"""Waits for the page's Python on a busy machine: generous, they end as soon as it is done."""

MESSAGE_IS = "text => document.getElementById('message').textContent === text"

READ_TUTORIAL = """() => ({
  shown: document.getElementById("tutorial").checkVisibility(),
  progress: document.getElementById("tutorial-progress").textContent,
  text: document.getElementById("tutorial-text").textContent,
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
        """The page shows step ``number``, the mirror's game and its message."""
        self.page.wait_for_function(MESSAGE_IS, arg=self.mirror.session.message or "")
        shown = self.page.evaluate(READ_TUTORIAL)
        assert self.mirror.index == number - 1
        assert shown["shown"]
        assert shown["progress"] == f"(step {number} of {len(STEPS)})"
        assert shown["text"] == STEPS[number - 1].text
        assert not shown["undoShown"], "no undo in the tutorial"
        hooks = read_htmf(self.page)
        assert_htmf_hooks(hooks, self.state, selected=self.mirror.session.ui.selected)
        assert hooks["hash"] == self.address, "the tutorial's game is never put in the address"
        return hooks

    def click(self, h) -> bool:
        """A click on floe ``h``, on the page and through the presenter in the mirror:
        whether it played a move (choosing a penguin plays none)."""
        click(self.page, f'svg#board [data-hex="{hex_key(h)}"]')
        action = PRESENTER.on_hex(self.mirror.session, hex_key(h))
        return action is not None and self.mirror.try_action(action)

    def move(self, src, dst) -> bool:
        assert not self.click(src) and self.mirror.session.ui.selected == src
        self.page.wait_for_function(MESSAGE_IS, arg=self.mirror.session.message)
        return self.click(dst)


def test_htmf_the_tutorial_from_start_to_end_then_back_to_the_game(page):
    page.set_default_timeout(WAIT_MS)
    game = random_htmf(2, seed=99, plies=11, names=["Ann", "Ben"])
    open_app(page, "#" + game.link())
    before = read_htmf(page)
    assert_htmf_hooks(before, game.state)

    click(page, '[data-command="start-tutorial"]')
    page.wait_for_selector("#tutorial", state="visible")
    walk = Walk(page, before["hash"])
    assert walk.mirror.session.message == "Blue placed a penguin on B2."
    walk.expect(1)

    # 1. Place four penguins on one-fish floes; a floe with two fish is refused by the rules.
    assert not walk.click((3, 1))
    assert walk.mirror.session.message.endswith("penguins are placed on 1-fish floes.")
    walk.expect(1)
    while walk.state.phase == "place":
        assert walk.click(walk.state.placements()[0])
        walk.expect(1 if walk.state.phase == "place" else 2)
    assert "Blue moved a penguin from B2 to B3" in walk.mirror.session.message

    # 2. A move: choose the penguin that can move, then where it slides.
    (penguin,) = walk.state.movable_penguins()
    assert walk.move(penguin, (2, 2))
    walk.expect(3)
    assert walk.state.penguin_at((5, 0)) == BLUE

    # 3. Block: a move elsewhere is refused with the step's hint; onto the way out blocks.
    assert not walk.move((2, 2), (3, 1))
    assert walk.mirror.session.message == STEPS[2].hint
    walk.expect(3)
    PRESENTER.on_control(walk.mirror.session, "deselect")
    page.keyboard.press("Escape")
    walk.expect(3)
    assert walk.move((2, 2), (4, 0))
    assert "Blue cannot move any more" in walk.mirror.session.message
    hooks = walk.expect(4)
    assert walk.state.is_out(BLUE) and hooks["players"][str(BLUE)]["out"]

    # 4. The last move: the game ends.
    assert walk.move((4, 0), walk.state.destinations((4, 0))[0])
    hooks = walk.expect(5)

    # 5. The result: a tie on fish, broken by floes.
    assert_htmf_results(hooks, walk.state, ["Blue", "Red (you)"])
    assert hooks["result"]["winners"] == str(YOU) and hooks["result"]["decidedBy"] == "floes"
    assert "tied on 10 fish; the most floes breaks the tie" in hooks["result"]["text"]

    # Leaving returns to the game that was on screen, at the same move.
    click(page, '[data-command="end-tutorial"]')
    page.wait_for_selector("#tutorial", state="hidden")
    page.wait_for_function(MESSAGE_IS, arg="Back to your game.")
    after = read_htmf(page)
    assert after["hash"] == before["hash"] and after["hexes"] == before["hexes"]
    assert_htmf_hooks(after, game.state)
    assert page.locator('.controls [data-command="undo"]').is_visible()
