"""Every game of the registry keeps the platform's contract (``tests/conformance.py``): its
required parts are there, its records and links round-trip, undo, redo and clones agree
with replays, views hide what a seat may not see, its presenter draws every position of
random games and names places as the board does, and its rules page, tutorial and chooser
picture exist. A new game's registry entry is all it takes to be held to them."""

from __future__ import annotations

import pytest
from conformance import CHECKS, check_contract

from waddle.core.contract import ContractError
from waddle.core.registry import GameEntry, Registry
from waddle.games import GAMES


@pytest.mark.parametrize("entry", GAMES, ids=GAMES.ids)
def test_the_game_provides_every_required_part(entry):
    check_contract(entry, GAMES)


@pytest.mark.parametrize("check", CHECKS, ids=[c.__name__.removeprefix("check_") for c in CHECKS])
@pytest.mark.parametrize("entry", GAMES, ids=GAMES.ids)
def test_the_game_conforms(entry, check):
    check(entry)


def test_a_package_without_a_required_member_is_refused_naming_it_and_where():
    entry = GameEntry("half", "Half", (2, 2), module="tests.example_half_game")
    with pytest.raises(ContractError) as refused:
        entry.load()
    message = str(refused.value)
    assert "tests.example_half_game: GAME has no 'summary'" in message
    assert "a method of the game's GAME class, in tests/example_half_game/game.py" in message
    assert "GAME has no 'bot_levels'" in message and "GAME has no 'id'" not in message
    assert Registry([entry]).by_id("half") is entry  # registering it costs nothing
