"""Checks shared by the compatibility tests (tests/test_compat_*.py): what an old version
of the app wrote into a browser's storage opens today to exactly what it held."""

from __future__ import annotations

from waddle.app.saves import MemoryStorage, SaveStore
from waddle.app.session import Session
from waddle.games.waddle import Record


def assert_link_opens_as_written(case: dict) -> Session:
    """A fixture's share link opens to the record it held, over or not, with its scores,
    seat names and computer seats (when it had any); the session, for further checks."""
    session = Session.from_link(case["link"])
    assert session.record().dumps() == case["record"]
    assert session.state.is_over() == case["over"]
    assert session.state.scores() == case["scores"]
    if case["names"]:
        assert [s.name for s in session.seats] == case["names"]
    if case["bots"]:
        assert [s.bot for s in session.seats] == case["bots"]
    return session


def assert_record_replays_as_written(case: dict) -> Record:
    """A fixture's record text replays to its ply, end and scores, and is written back
    as the very same text; the record, for further checks."""
    record = Record.loads(case["text"])
    state = record.replay()
    assert state.ply == case["ply"] and state.is_over() == case["over"]
    assert state.scores() == case["scores"]
    assert record.dumps() == case["text"]
    return record


def assert_saves_open_as_written(fixtures: dict, tileset: str | None = None) -> None:
    """The named saves and the autosave of ``fixtures`` (a fixture file's ``saves`` and
    ``autosave``), put in a storage as the old app left them, all list without a problem
    and open at their shown ply with the whole redo line, their seat names and computer
    seats; and, given ``tileset``, on the map of that tile set."""
    storage = MemoryStorage()
    for case in fixtures["saves"]:
        storage.data[case["key"]] = case["text"]
    storage.data["waddle:autosave"] = fixtures["autosave"]["text"]
    store = SaveStore(storage)
    listing = store.list()
    assert listing.problems == []
    assert sorted(e.key for e in listing.entries) == sorted(c["key"] for c in fixtures["saves"])
    for case in fixtures["saves"]:
        session = store.load(case["key"])
        assert session.full_record().dumps() == case["full_record"]
        if tileset is not None:
            assert session.setup.generated.tileset == tileset
        assert session.state.ply == case["ply"]
        assert [s.name for s in session.seats] == case["names"]
        assert [s.bot for s in session.seats] == case["bots"]
    session, problem = store.load_autosave()
    assert problem is None
    assert session.full_record().dumps() == fixtures["autosave"]["full_record"]
    assert session.state.ply == fixtures["autosave"]["ply"]
