"""Checks shared by the compatibility tests (tests/test_compat_*.py): what an old version
of the app wrote into a browser's storage opens today to exactly what it held."""

from __future__ import annotations

from waddle.app.saves import MemoryStorage, SaveStore


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
