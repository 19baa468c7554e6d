"""Saved games in the page: the autosave, named saves, export/import files, and storage that
is damaged or full. (Named test_saves_page.py: tests/test_saves.py, the engine's save
store tests, already has the plain basename and the test folders are not packages.)

Every game the page shows is checked against the engine in this process, decoded from the
page's address; what the page stores is read straight from ``localStorage``.
"""

from __future__ import annotations

import json

from conftest import assert_hooks_match, click_and_wait, open_app, read_hooks, start_new_game
from e2e_tools import LEGAL, expect, owners, random_session, state_of, wait_ready

from waddle.app.saves import AUTOSAVE_KEY, NAMED_PREFIX, MemoryStorage, SaveStore
from waddle.games.waddle.link import decode_game
from waddle.games.waddle.record import FORMAT as RECORD_FORMAT
from waddle.games.waddle.record import Record

STORED = """() => Object.fromEntries(
  Object.keys(localStorage).filter((k) => k.startsWith("waddle:") && k !== "waddle:preview")
    .sort().map((k) => [k, localStorage.getItem(k)]))"""
"""Every ``waddle:`` entry of ``localStorage``, key → text, but the board painted at start-up
(``waddle:preview``, a picture of the autosave, not a save)."""

ROWS = "#saves-list [data-save-key]"


def play(page, moves: int, double_at: int | None = None) -> None:
    """Place ``moves`` penguins by clicking legal hexes (a double as move ``double_at``)."""
    for n in range(moves):
        if n == double_at:
            page.click('[data-token-choice="double"]')
        click_and_wait(page, LEGAL)


def open_saves(page) -> None:
    page.click('.app-header [data-command="open-saves"]')
    expect(page.locator("dialog#saves")).to_be_visible()


def close_saves(page) -> None:
    page.click('#saves [data-command="close-dialog"]')
    expect(page.locator("dialog#saves")).to_be_hidden()


def seed_storage(page, items: dict[str, str]) -> None:
    """Put entries into localStorage before the app's first start: an init script that runs
    before any page script, once per tab (a reload finds the app's own writes)."""
    page.add_init_script(
        f"""(() => {{
  if (!location.protocol.startsWith("http") || sessionStorage.getItem("seeded")) return;
  sessionStorage.setItem("seeded", "yes");
  for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v);
}})();"""
    )


# ---------------------------------------------------------------------------- the autosave


def test_saves_autosave_resumes_after_reload_and_from_the_bare_address(page):
    open_app(page)
    play(page, 5, double_at=2)
    before = read_hooks(page)
    state = state_of(before["hash"])
    assert state.ply == 5
    assert_hooks_match(before, state)
    autosave = json.loads(page.evaluate("k => localStorage.getItem(k)", AUTOSAVE_KEY))
    assert autosave["ply"] == 5
    assert Record.from_json(autosave["game"]).actions == state.history

    page.reload()
    wait_ready(page)
    after = read_hooks(page)
    assert after["hash"] == before["hash"]
    assert after["hexes"] == before["hexes"]  # owners, tokens and legal hexes on every hex
    assert after["toMove"] == before["toMove"]
    assert after["problem"] is None

    # The address without the game: the autosave brings it back, and the address again.
    open_app(page, "./")
    again = read_hooks(page)
    assert again["hash"] == before["hash"]
    assert again["hexes"] == before["hexes"]
    assert again["toMove"] == before["toMove"]
    assert again["problem"] is None


# ---------------------------------------------------------------------------- named saves


def test_saves_named_save_round_trip_and_delete(page):
    open_app(page)
    play(page, 3)
    saved = read_hooks(page)

    open_saves(page)
    expect(page.locator("#saves-list")).to_have_text("No saved games yet.")
    name = "<b>x</b> & <i>co</i>"
    page.fill("#save-name", name)
    page.click('[data-command="save-as"]')
    expect(page.locator("#saves-message")).to_have_text("Saved.")
    rows = page.locator(ROWS)
    expect(rows).to_have_count(1)
    expect(rows.locator(".save-name")).to_have_text(name)  # shown as text, not markup
    assert page.locator("#saves-list b, #saves-list i").count() == 0
    expect(rows).to_contain_text("move 3")
    key = rows.get_attribute("data-save-key")
    assert key.startswith(NAMED_PREFIX)
    stored = json.loads(page.evaluate("k => localStorage.getItem(k)", key))
    assert stored["name"] == name
    assert Record.from_json(stored["game"]).actions == state_of(saved["hash"]).history
    close_saves(page)

    start_new_game(page, 3, ["Ann", "Bo", "Cy"], seed=4242)
    fresh = read_hooks(page)
    assert fresh["hash"] != saved["hash"] and owners(fresh) == {}

    open_saves(page)
    page.click(f'[data-save-key="{key}"] [data-command="load-save"]')
    expect(page.locator("dialog#saves")).to_be_hidden()
    expect(page.locator("#message")).to_have_text("Save loaded.")
    loaded = read_hooks(page)
    assert loaded["hash"] == saved["hash"]
    assert loaded["hexes"] == saved["hexes"]
    assert loaded["toMove"] == saved["toMove"]

    # Delete asks first: "Cancel" keeps the save, "OK" removes it from list and storage.
    questions = []

    def answer(accept: bool):
        def handler(dialog) -> None:
            questions.append(dialog.message)
            if accept:
                dialog.accept()
            else:
                dialog.dismiss()

        return handler

    open_saves(page)
    page.once("dialog", answer(False))
    page.click(f'[data-save-key="{key}"] [data-command="delete-save"]')
    expect(rows).to_have_count(1)
    assert page.evaluate("k => localStorage.getItem(k)", key) is not None
    page.once("dialog", answer(True))
    page.click(f'[data-save-key="{key}"] [data-command="delete-save"]')
    expect(rows).to_have_count(0)
    expect(page.locator("#saves-list")).to_have_text("No saved games yet.")
    expect(page.locator("#saves-message")).to_have_text(f"Deleted “{name}”.")
    assert questions == [f"Delete the save “{name}”?"] * 2
    assert [k for k in page.evaluate(STORED) if k.startswith(NAMED_PREFIX)] == []
    # The game on screen is not affected by deleting its save.
    assert read_hooks(page)["hash"] == saved["hash"]


# ---------------------------------------------------------------------------- files


def test_saves_export_and_import_of_files(page, tmp_path):
    open_app(page)
    play(page, 4, double_at=1)
    hooks = read_hooks(page)
    record, names = decode_game(hooks["hash"][1:])

    open_saves(page)
    with page.expect_download() as info:
        page.click('[data-command="export"]')
    download = info.value
    assert download.suggested_filename == "waddle-2p-move4.json"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    expect(page.locator("#saves-message")).to_have_text("Exported as a .json file.")

    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["format"] == RECORD_FORMAT
    exported = Record.loads(text)
    assert exported.actions == record.actions
    assert (exported.players, exported.map, exported.order) == (
        record.players,
        record.map,
        record.order,
    )
    assert exported.replay().history == record.actions  # legal from start to end
    assert [seat["name"] for seat in data["seats"]] == names
    close_saves(page)

    start_new_game(page, 4, ["A", "B", "C", "D"], seed=77)
    assert read_hooks(page)["hash"] != hooks["hash"]
    open_saves(page)
    page.set_input_files("#import-file", path)
    expect(page.locator("dialog#saves")).to_be_hidden()
    expect(page.locator("#message")).to_have_text("Game imported.")
    imported = read_hooks(page)
    assert imported["hash"] == hooks["hash"]
    assert imported["hexes"] == hooks["hexes"]

    # Foreign and broken files: a message that says what is wrong, and nothing changes.
    illegal = json.loads(text)
    illegal["actions"].append({"place": [99, 99]})
    bad_files = [
        ("notes.txt", "hello, this is not JSON", "not a game record (it is not JSON)"),
        ("empty.json", "", "not a game record (it is not JSON)"),
        (
            "chess.json",
            '{"format": "chess-pgn", "moves": []}',
            'its "format" is none of waddle-record/1',
        ),
        ("list.json", "[1, 2, 3]", "not a game record"),
        ("tampered.json", json.dumps(illegal), "action 4"),
        ("bad.json", '{"format": "waddle-record/1", "players": 9}', '"players" must be'),
    ]
    stored = page.evaluate(STORED)
    open_saves(page)
    for filename, content, why in bad_files:
        page.set_input_files(
            "#import-file",
            {"name": filename, "mimeType": "application/json", "buffer": content.encode()},
        )
        message = page.locator("#saves-message")
        expect(message).to_contain_text(why)
        expect(message).to_contain_text("Not imported: ")
        page.evaluate("() => { document.getElementById('saves-message').textContent = '' }")
        assert page.locator("dialog#saves").is_visible()
        now = read_hooks(page)
        assert now["hash"] == hooks["hash"] and now["hexes"] == hooks["hexes"], filename
        assert page.evaluate(STORED) == stored, filename


# ---------------------------------------------------------------------------- damaged storage


def test_saves_damaged_storage_is_reported_and_left_alone(page):
    good_session = random_session(3, seed=31, plies=7)
    good_store = MemoryStorage()
    good_key = SaveStore(good_store).save_as("Good game", good_session, now_ms=1_700_000_000_002)
    damaged = {
        AUTOSAVE_KEY: '{"format":"waddle-save/1","name":"Last game","game":{"format":"wadd',
        NAMED_PREFIX + "1700000000000": "<img src=x onerror=alert(1)> not a save",
        NAMED_PREFIX + "1700000000001": '{"format": "waddle-save/9", "name": "from the future"}',
    }
    seed_storage(page, {**damaged, good_key: good_store.get(good_key)})

    open_app(page)
    hooks = read_hooks(page)
    assert hooks["problem"] is not None
    assert "The last game could not be restored (it is damaged (not JSON))" in hooks["problem"]
    assert "A new game was started instead." in hooks["problem"]
    assert owners(hooks) == {} and any(shown["legal"] for shown in hooks["hexes"].values())
    stored = page.evaluate(STORED)
    for key, text in damaged.items():
        assert stored[key] == text, f"{key} was changed at start-up"

    open_saves(page)
    problems = page.locator("#saves-problems")
    expect(problems).to_be_visible()
    expect(problems).to_contain_text(f"A save ({NAMED_PREFIX}1700000000000) was skipped")
    expect(problems).to_contain_text("damaged (not JSON)")
    expect(problems).to_contain_text(f"A save ({NAMED_PREFIX}1700000000001) was skipped")
    expect(problems).to_contain_text('unknown format ("waddle-save/9")')
    assert page.locator("img").count() == 0
    rows = page.locator(ROWS)
    expect(rows).to_have_count(1)
    expect(rows.locator(".save-name")).to_have_text("Good game")
    page.click(f'[data-save-key="{good_key}"] [data-command="load-save"]')
    expect(page.locator("dialog#saves")).to_be_hidden()
    loaded = read_hooks(page)
    assert loaded["hash"] == "#" + good_session.link()
    assert_hooks_match(loaded, good_session.state)
    assert loaded["problem"] is None

    # Loading is a change the player asked for: the autosave now holds that game; the
    # damaged named saves are still exactly as they were.
    stored = page.evaluate(STORED)
    for key in list(damaged)[1:]:
        assert stored[key] == damaged[key]
    assert json.loads(stored[AUTOSAVE_KEY])["ply"] == 7


# ---------------------------------------------------------------------------- full storage

FILL_STORAGE = """() => {
  // Fill this origin's localStorage to its quota: big strings, then smaller ones, until
  // not even one more character fits.
  let n = 0;
  for (let size = 1 << 20; size >= 1; size >>= 2) {
    const chunk = "x".repeat(size);
    for (;;) {
      try {
        localStorage.setItem("filler:" + n, chunk);
        n += 1;
      } catch (error) {
        if (error.name !== "QuotaExceededError") throw error;
        break;
      }
    }
  }
  return n;
}"""

EMPTY_FILLER = """() => {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith("filler:")) localStorage.removeItem(key);
  }
}"""


def test_saves_full_storage_gives_a_message_and_loses_nothing(page):
    open_app(page)
    play(page, 2)
    open_saves(page)
    for name in ("First", "Second"):
        page.fill("#save-name", name)
        page.click('[data-command="save-as"]')
        expect(page.locator("#saves-message")).to_have_text("Saved.")
        page.evaluate("() => { document.getElementById('saves-message').textContent = '' }")
    expect(page.locator(ROWS)).to_have_count(2)
    close_saves(page)
    before = page.evaluate(STORED)
    assert len(before) == 4  # the autosave, this tab's game and two named saves

    assert page.evaluate(FILL_STORAGE) > 0
    click_and_wait(page, LEGAL)
    problem = page.locator("#problem")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("Autosave failed: the browser's storage for this site is full")
    expect(problem).to_contain_text("export this game to a file")
    assert page.evaluate(STORED) == before  # count and content of every save

    open_saves(page)
    page.fill("#save-name", "Third")
    page.click('[data-command="save-as"]')
    expect(page.locator("#saves-message")).to_contain_text(
        "Not saved: the browser's storage for this site is full"
    )
    expect(page.locator(ROWS)).to_have_count(2)
    assert page.evaluate(STORED) == before
    close_saves(page)

    # Room again: the next move is autosaved and the message goes away.
    page.evaluate(EMPTY_FILLER)
    click_and_wait(page, LEGAL)
    expect(problem).to_be_hidden()
    now = read_hooks(page)
    autosave = json.loads(page.evaluate("k => localStorage.getItem(k)", AUTOSAVE_KEY))
    assert Record.from_json(autosave["game"]).actions == state_of(now["hash"]).history
    assert autosave["ply"] == 4
