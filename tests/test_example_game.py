"""The worked example of docs/adding-a-game.md, Last Floe (``tests/last_floe/``), kept
working: registered beside the platform's games, it passes the whole conformance suite,
the chooser offers it, the command line plays it and a game without custom boards says so.
"""

from __future__ import annotations

import io
import json

import pytest
from conformance import CHECKS, check_contract

from waddle.app.chrome import chooser_html
from waddle.core.registry import GameEntry, Registry
from waddle.games import GAMES

LAST_FLOE = GameEntry(
    id="last-floe",
    title="Last Floe",
    players=(2, 2),
    formats=("last-floe-record/1",),
    link_prefixes=("lf1.",),
    module="tests.last_floe",
    summary="Take one to three floes from the melting end; whoever takes the last one wins.",
)
"""The entry a game adds to ``waddle/games/__init__.py`` (here, only in the tests)."""

WITH_EXAMPLE = Registry([*GAMES, LAST_FLOE])


@pytest.fixture
def registered(monkeypatch):
    """The platform with Last Floe in its registry, as if its entry were in waddle.games."""
    import waddle.cli

    monkeypatch.setattr(waddle.cli, "GAMES", WITH_EXAMPLE)
    return WITH_EXAMPLE


def test_the_example_provides_every_required_part():
    check_contract(LAST_FLOE, WITH_EXAMPLE)


@pytest.mark.parametrize("check", CHECKS, ids=[c.__name__.removeprefix("check_") for c in CHECKS])
def test_the_example_conforms(check):
    check(LAST_FLOE)


def test_the_chooser_offers_it_for_two_players():
    html = chooser_html(WITH_EXAMPLE)
    assert 'data-game-choice="last-floe"' in html and "Last Floe" in html
    card = html[html.index('data-game-choice="last-floe"') :]
    players = card[card.index("<span class=game-players>") :].split("</span>")[0]
    assert players.endswith(">2 players"), "one player count is said once, not '2 to 2'"


def test_the_command_line_starts_replays_and_refuses_custom_boards(registered):
    from waddle.cli import main

    out, err = io.StringIO(), io.StringIO()
    assert main(["new", "--game", "last-floe", "--seed", "4"], out=out, err=err) == 0
    record = json.loads(out.getvalue())
    assert record == {"format": "last-floe-record/1", "players": 2, "floes": 11, "actions": []}
    out, err = io.StringIO(), io.StringIO()
    code = main(
        ["check-map", "--game", "last-floe", "-"], out=out, err=err, stdin=io.StringIO("{}")
    )
    assert code != 0 and "last-floe has no custom boards" in err.getvalue()
