"""Links, saves and exports written before the platform held more than one game still open
to exactly what they held (tests/fixtures/waddle_v1.json, written by commit cedc16c)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from waddle.app.saves import MemoryStorage, SaveStore, import_file
from waddle.app.session import Session

FIXTURES = json.loads(
    (Path(__file__).parent / "fixtures" / "waddle_v1.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("case", FIXTURES["links"], ids=lambda c: c["link"][:16])
def test_an_old_share_link_opens_the_same_game_with_its_seats(case) -> None:
    session = Session.from_link(case["link"])
    assert session.game.id == "waddle"
    assert session.record().dumps() == case["record"]
    assert session.state.is_over() == case["over"]
    assert session.state.scores() == case["scores"]
    if case["names"]:
        assert [s.name for s in session.seats] == case["names"]
    if case["bots"]:
        assert [s.bot for s in session.seats] == case["bots"]
    # Writing the link again gives the very same text: old links stay what they were.
    assert session.link() == case["link"]


def test_old_named_saves_and_the_autosave_open_at_their_position_with_the_redo_line() -> None:
    storage = MemoryStorage()
    for case in FIXTURES["saves"]:
        storage.data[case["key"]] = case["text"]
    storage.data["waddle:autosave"] = FIXTURES["autosave"]["text"]
    store = SaveStore(storage)
    listing = store.list()
    assert listing.problems == []
    assert sorted(e.key for e in listing.entries) == sorted(c["key"] for c in FIXTURES["saves"])
    for case in FIXTURES["saves"]:
        session = store.load(case["key"])
        assert session.full_record().dumps() == case["full_record"]
        assert session.state.ply == case["ply"]
        assert [s.name for s in session.seats] == case["names"]
        assert [s.bot for s in session.seats] == case["bots"]
    session, problem = store.load_autosave()
    assert problem is None
    assert session.full_record().dumps() == FIXTURES["autosave"]["full_record"]
    assert session.state.ply == FIXTURES["autosave"]["ply"]


@pytest.mark.parametrize("case", FIXTURES["exports"], ids=lambda c: str(len(c["text"])))
def test_an_old_exported_file_imports_to_the_same_game(case) -> None:
    session = import_file(case["text"])
    assert session.record().dumps() == case["record"]
    assert session.state.scores() == case["scores"]
