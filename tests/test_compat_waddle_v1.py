"""Links, saves and exports written before the platform held more than one game still open
to exactly what they held (tests/fixtures/waddle_v1.json, written by commit cedc16c)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from compat_checks import assert_link_opens_as_written, assert_saves_open_as_written

from waddle.app.saves import import_file

FIXTURES = json.loads(
    (Path(__file__).parent / "fixtures" / "waddle_v1.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("case", FIXTURES["links"], ids=lambda c: c["link"][:16])
def test_an_old_share_link_opens_the_same_game_with_its_seats(case) -> None:
    session = assert_link_opens_as_written(case)
    assert session.game.id == "waddle"
    # Writing the link again gives the very same text: old links stay what they were.
    assert session.link() == case["link"]


def test_old_named_saves_and_the_autosave_open_at_their_position_with_the_redo_line() -> None:
    assert_saves_open_as_written(FIXTURES)


@pytest.mark.parametrize("case", FIXTURES["exports"], ids=lambda c: str(len(c["text"])))
def test_an_old_exported_file_imports_to_the_same_game(case) -> None:
    session = import_file(case["text"])
    assert session.record().dumps() == case["record"]
    assert session.state.scores() == case["scores"]
