"""Saved games: autosave, named saves, export/import, and damaged or full storage."""

import json

import pytest

from waddle.app.saves import (
    AUTOSAVE_KEY,
    NAMED_PREFIX,
    MemoryStorage,
    SaveError,
    SaveStore,
    export_file,
    import_file,
)
from waddle.app.session import Session
from waddle.core.rng import Rng


def session_after(plies: int, players: int = 3, seed: int = 1) -> Session:
    session = Session.new("waddle", players, seed, names=["Ann", "<b>Bo</b>", "Cy", "Di", "Ed"])
    rng = Rng(seed)
    while session.state.ply < plies and not session.state.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    return session


def same_game(a: Session, b: Session) -> bool:
    return a.record().dumps() == b.record().dumps() and a.seats == b.seats


def test_autosave_resumes_the_exact_game():
    storage = MemoryStorage()
    saves = SaveStore(storage)
    session = session_after(12)
    saves.autosave(session, now_ms=5)
    restored, problem = SaveStore(storage).load_autosave()
    assert problem is None and same_game(restored, session)
    assert restored.setup.generated == session.setup.generated
    assert restored.link() == session.link(), "the short link of a generated map survives"


def test_a_save_keeps_the_moves_taken_back_and_opens_at_the_shown_position():
    storage = MemoryStorage()
    saves = SaveStore(storage)
    session = session_after(20)
    whole = session.record().dumps()
    session.go_to(7)  # looking back through the game (undo, the move list, the scrubber)
    saves.autosave(session, now_ms=5)
    key = saves.save_as("looking back", session, now_ms=6)
    for restored in (saves.load_autosave()[0], saves.load(key)):
        assert restored.state.ply == 7 and restored.total_plies == 20
        assert restored.record().dumps() == session.record().dumps()
        restored.go_to(20)
        assert restored.record().dumps() == whole
    assert saves.list().entries[0].ply == 7, "the list says where the game was left"


def test_no_autosave_means_no_game_and_no_problem():
    assert SaveStore(MemoryStorage()).load_autosave() == (None, None)


def test_named_saves_list_newest_first_and_load_and_delete():
    saves = SaveStore(MemoryStorage())
    first = session_after(5)
    second = session_after(9, players=4, seed=2)
    k1 = saves.save_as("First", first, now_ms=1000)
    k2 = saves.save_as("  ", second, now_ms=2000)
    listing = saves.list()
    assert [e.name for e in listing.entries] == ["Unnamed game", "First"]
    newest = listing.entries[0]
    assert (newest.players, newest.ply, newest.over) == (4, 9, False)
    assert newest.names[1] == "<b>Bo</b>"  # stored as text; escaped where shown
    assert same_game(saves.load(k1), first) and same_game(saves.load(k2), second)
    saves.delete(k1)
    assert [e.key for e in saves.list().entries] == [k2]
    with pytest.raises(SaveError, match="no longer exists"):
        saves.load(k1)


def test_two_saves_in_the_same_millisecond_both_survive():
    saves = SaveStore(MemoryStorage())
    a = saves.save_as("A", session_after(1), now_ms=7)
    b = saves.save_as("B", session_after(2), now_ms=7)
    assert a != b and len(saves.list().entries) == 2


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("{not json", "not JSON"),
        ('"a string"', "damaged"),
        ('{"format": "waddle-save/0", "name": "old"}', "unknown format"),
        ('{"format": "waddle-save/1", "name": "x"}', "fields missing"),
    ],
)
def test_damaged_or_foreign_saves_are_reported_and_skipped(text, why):
    storage = MemoryStorage()
    saves = SaveStore(storage)
    good = saves.save_as("Good", session_after(4), now_ms=1)
    storage.set(NAMED_PREFIX + "999", text)
    storage.set("someone-else:key", "whatever")
    listing = saves.list()
    assert [e.key for e in listing.entries] == [good]
    assert len(listing.problems) == 1 and why in listing.problems[0]
    assert storage.get(NAMED_PREFIX + "999") == text  # reported, not destroyed


def test_a_save_whose_game_is_illegal_fails_to_load_with_a_message():
    storage = MemoryStorage()
    saves = SaveStore(storage)
    key = saves.save_as("Tampered", session_after(6), now_ms=1)
    data = json.loads(storage.get(key))
    data["game"]["actions"].append({"place": [99, 99]})
    storage.set(key, json.dumps(data))
    with pytest.raises(SaveError, match="action 6"):
        saves.load(key)


def test_a_damaged_autosave_is_reported_and_left_alone():
    storage = MemoryStorage()
    storage.set(AUTOSAVE_KEY, "garbage")
    session, problem = SaveStore(storage).load_autosave()
    assert session is None and "could not be restored" in problem
    assert storage.get(AUTOSAVE_KEY) == "garbage"


def test_a_full_storage_gives_a_message_and_loses_no_save():
    storage = MemoryStorage(quota=12_000)
    saves = SaveStore(storage)
    keys = []
    with pytest.raises(SaveError, match="storage for this site is full"):
        for n in range(100):
            keys.append(saves.save_as(f"Game {n}", session_after(3), now_ms=n))
    assert len(keys) >= 1
    before = dict(storage.data)
    with pytest.raises(SaveError, match="full"):
        saves.autosave(session_after(40), now_ms=999)
    assert storage.data == before
    assert [e.key for e in saves.list().entries] == sorted(keys, reverse=True)


def test_export_then_import_gives_the_same_game():
    session = session_after(20, players=5, seed=3)
    assert same_game(import_file(export_file(session)), session)


def test_a_plain_record_file_imports_with_default_seats():
    session = session_after(8)
    imported = import_file(session.record().dumps())
    assert imported.record().dumps() == session.record().dumps()
    assert [s.name for s in imported.seats] == ["Red", "Blue", "Green"]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("hello", "not JSON"),
        ("[1, 2]", "not a game record"),
        ('{"format": "chess-pgn"}', 'its "format" is none of waddle-record/1'),
        ('{"format": "waddle-record/1", "players": 9}', "players"),
    ],
)
def test_a_foreign_or_broken_file_gets_a_clear_message(text, why):
    with pytest.raises(SaveError, match=why):
        import_file(text)


def test_computer_seats_are_saved_and_exported():
    session = Session.new("waddle", 2, 5, bots=["medium", None])
    restored = import_file(export_file(session))
    assert [s.bot for s in restored.seats] == ["medium", None]


def test_a_save_of_a_game_this_version_does_not_know_is_reported_not_loaded():
    storage = MemoryStorage()
    saves = SaveStore(storage)
    key = saves.save_as("From the future", session_after(4), now_ms=1)
    data = json.loads(storage.get(key))
    data["game"]["format"] = "chess-record/9"
    storage.set(key, json.dumps(data))
    listing = saves.list()
    assert listing.entries == [] and "does not know" in listing.problems[0]
    with pytest.raises(SaveError, match="chess-record/9"):
        saves.load(key)
    assert json.loads(storage.get(key)) == data  # left as it is


def test_leaving_a_game_for_another_kind_of_game_shelves_it_to_resume():
    storage = MemoryStorage()
    saves = SaveStore(storage)
    waddle = session_after(9)
    saves.autosave(waddle, now_ms=1)
    saves.shelve(leaving_for="waddle")  # a new game of the same kind replaces it
    assert saves.shelved() == {}
    saves.shelve(leaving_for="htmf")
    kept = saves.shelved()["waddle"]
    assert (kept.game, kept.ply) == ("waddle", 9)
    assert same_game(saves.load(kept.key), waddle)
    assert [e.key for e in saves.list().entries] == [], "a shelf is not a named save"


def test_a_full_storage_says_so_when_a_game_cannot_be_shelved():
    storage = MemoryStorage(quota=3_000)
    saves = SaveStore(storage)
    saves.autosave(session_after(9), now_ms=1)
    with pytest.raises(SaveError, match="full"):
        saves.shelve(leaving_for="htmf")
    assert saves.autosaved_game() == "waddle", "the autosave is still there"
