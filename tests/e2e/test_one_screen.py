"""One screen to play on: at 1280×800 and on a 390×844 phone, after every decision of a
game played in the page, the player sees at least 80% of the board, the prompt, and what
they can act on now (the pass-the-device button, their playable cards, the game's
controls) without scrolling; nothing sticks out sideways; and on the phone no visible text
is under 11 CSS px, the board's included. The rule and the player are
scripts/one_screen.py's, which prints the same figures for anyone to look at."""

from __future__ import annotations

import pytest
from conftest import _load_script, open_app

from waddle.games import GAMES

one_screen = _load_script("one_screen")

DECISIONS = 8


@pytest.mark.parametrize("viewport", list(one_screen.VIEWPORTS))
@pytest.mark.parametrize("game_id", [entry.id for entry in GAMES])
def test_every_decision_of_a_game_is_made_on_one_screen(fresh_page, game_id, viewport):
    page = fresh_page(**one_screen.VIEWPORTS[viewport])
    open_app(page, f"?game={game_id}")
    measured = one_screen.play_and_check(page, DECISIONS)
    assert len(measured) == DECISIONS + 1, "the page let the game be played"
    broken = {made: one_screen.problems(m, viewport) for made, m in measured}
    assert {made: found for made, found in broken.items() if found} == {}
