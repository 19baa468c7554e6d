"""The board editor: building a board, its live check-map messages, its file (which the
command line reads), a game and a save on it, for Waddle and Hey, That's My Fish!"""

from __future__ import annotations

import io
import json

import pytest

from waddle.app.editor import BoardEditing, board_game
from waddle.app.saves import MemoryStorage, SaveStore
from waddle.cli import main
from waddle.core.records import BoardError
from waddle.games import GAMES
from waddle.games.waddle.mapgen import default_tileset


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def editing(game_id: str) -> BoardEditing:
    return BoardEditing(GAMES.by_id(game_id).load())


def places(editor: BoardEditing) -> dict[str, str]:
    """``data-edit-hex`` → ``data-kind`` of every place the editor draws."""
    import re

    markup = editor.board().markup
    return dict(re.findall(r'data-edit-hex="([^"]+)" data-kind="([^"]+)"', markup))


# -- Waddle -----------------------------------------------------------------------------------


def test_a_waddle_map_is_laid_from_the_project_tiles_placed_turned_and_removed():
    editor = editing("waddle")
    assert editor.check().errors == ("the map has no hexes",)
    assert set(places(editor).values()) == {"empty"}, "an empty map offers places to build on"
    editor.on_hex("0,0")  # the Place a tile tool and tile 1 are chosen at first
    assert editor.message == "Tile 1 placed with its numbered water on 0,0."
    tile1 = default_tileset().tiles[0]
    assert len(editor.draft.hexes) == len(tile1.hexes)
    assert 'data-edit-hex="0,0" data-kind="water" data-number="1"' in editor.board().markup
    editor.on_tool("tile", "2")
    editor.on_hex("0,0")
    assert editor.message.startswith("Tile 2 does not fit there: 0,0")
    editor.on_hex("3,0")
    editor.on_tool("rotation", "2")
    editor.on_hex("-2,3")
    assert sorted(editor.draft.tiles) == [1, 2, 3]
    assert f"Tile 1: {len(tile1.hexes)} hexes, on the map" in editor.tools_html()
    assert editor.check().playable, editor.check()
    before = set(editor.draft.hexes)
    editor.on_tool("rotate")
    editor.on_hex("3,0")
    assert editor.message == "Tile 2 turned a sixth of a turn."
    assert set(editor.draft.hexes) != before and len(editor.draft.hexes) == len(before)
    editor.on_tool("remove")
    editor.on_hex("-2,3")
    assert editor.message == "Tile 3 removed." and sorted(editor.draft.tiles) == [1, 2]
    editor.on_hex("9,9")
    assert editor.message == "No tile lies on 9,9: use Erase for single hexes."


def test_a_waddle_map_is_edited_hex_by_hex_and_check_map_speaks_at_every_step():
    editor = editing("waddle")
    editor.on_tool("ice")
    for place in ("0,0", "1,0", "2,0"):
        editor.on_hex(place)
    assert editor.check().errors == ("the map has no numbered water hex, so no round can start",), (
        "errors come from check-map itself"
    )
    assert 'data-playable="false"' in editor.checks_html()
    editor.on_tool("number", "1")
    editor.on_tool("fish", "4 2")
    assert editor.ui.tool == "water", "typing a number or fish chooses Water"
    editor.on_hex("1,-1")
    assert editor.message == "Water on 1,-1, number 1, fish 4 2."
    assert editor.ui.number == "", "the next water hex has no number unless one is typed"
    check = editor.check()
    assert check.playable and check.summary.startswith("4 hexes, 3 ice, 1 numbered water")
    assert check.warnings == ("1 ice hex(es) touch no numbered water and can never be filled: 2,0",)
    html = editor.checks_html()
    assert 'data-playable="true"' in html and 'data-warnings="1"' in html
    assert html.index("can be played") < html.index("Warnings"), "warnings apart, after"
    editor.on_tool("number", "1")
    editor.on_hex("3,-1")
    assert "number 1 is used twice (hexes 1,-1 and 3,-1)" in editor.check().errors
    assert editor.undo() and editor.check().playable, "undo takes the second 1 back"
    editor.on_tool("fish", "three")
    editor.on_hex("3,-1")
    assert editor.message == "Fish are whole numbers apart, like 3 1."
    editor.on_tool("erase")
    editor.on_hex("2,0")
    assert editor.check().warnings == ()


def test_a_generated_map_opens_in_the_editor_with_its_tiles_whole():
    for players in (2, 5):
        for seed in range(6):
            editor = editing("waddle")
            editor.start_from_generated(players, seed)
            assert sorted(editor.draft.tiles) == [
                t.number for t in default_tileset().for_players(players)
            ], (players, seed)
            assert editor.check().playable


def test_a_waddle_board_file_goes_through_check_map_new_and_back_into_the_editor(tmp_path):
    editor = editing("waddle")
    editor.start_from_generated(3, seed=8)
    editor.on_tool("remove")
    editor.on_hex(next(f"{h[0]},{h[1]}" for h in editor.draft.tiles[4].cells))
    editor.on_tool("ice")
    editor.on_hex("20,20")  # an island: a warning
    path = tmp_path / "my-map.json"
    path.write_text(editor.text(), encoding="utf-8")
    assert board_game(editor.text()) == "waddle"
    code, out, err = run("check-map", str(path))
    assert code == 0 and out.startswith("ok: ")
    assert out.removeprefix("ok: ").strip() == editor.check().summary
    assert err.splitlines() == [f"warning: {path}: {w}" for w in editor.check().warnings]
    code, out, _ = run("new", "--players", "3", "--seed", "2", "--map", str(path))
    record = json.loads(out)
    assert code == 0 and {(h["q"], h["r"]) for h in record["map"]} == set(editor.draft.hexes)
    again = editing("waddle")
    again.load_text(path.read_text(encoding="utf-8"), "my-map.json")
    assert again.message == "Imported my-map.json."
    assert again.draft == editor.draft, "hexes and tiles come back as they were"
    assert again.text() == editor.text()


def test_a_game_starts_on_the_edited_map_and_is_saved_among_the_saves():
    editor = editing("waddle")
    editor.start_from_generated(2, seed=3)
    session = editor.start(players=2, seed=5, names=["Ann", "Bo"])
    assert session.game.id == "waddle" and session.state.ply == 0
    assert {s.hex for s in session.setup.map} == set(editor.draft.hexes)
    saves = SaveStore(MemoryStorage())
    key = saves.save_as("My map", session, now_ms=1)
    loaded = saves.load(key)
    assert loaded.setup.map == session.setup.map and [s.name for s in loaded.seats] == ["Ann", "Bo"]
    back = editing("waddle")
    back.start_from_record(loaded.setup, "the saved game")
    assert back.draft.hexes == editor.draft.hexes


def test_an_unplayable_map_cannot_start_a_game_but_stays_to_be_fixed():
    editor = editing("waddle")
    editor.on_tool("ice")
    editor.on_hex("0,0")
    with pytest.raises(BoardError, match="no numbered water"):
        editor.start(players=2, seed=1)
    kept = editor.text()
    again = editing("waddle")
    again.load_text(kept)
    assert again.check() == editor.check() and not again.check().playable


def test_an_imported_board_file_that_lists_a_hex_twice_keeps_the_last_and_says_so():
    editor = editing("waddle")
    text = json.dumps(
        [{"q": 0, "r": 0, "kind": "ice"}, {"q": 0, "r": 0, "kind": "water", "number": 2}]
    )
    editor.load_text(text, "twice.json")
    assert editor.message == (
        "Imported twice.json. Note: hex 0,0 was listed twice: the last one is kept."
    )
    assert editor.draft.hexes[(0, 0)].kind == "water"
    for bad in ("not json", "{}", '[{"q": "x"}]'):
        with pytest.raises(BoardError):
            editor.load_text(bad)


# -- Hey, That's My Fish! -----------------------------------------------------------------------


def test_an_htmf_board_is_laid_floe_by_floe_with_gaps_and_checked_live():
    editor = editing("htmf")
    assert editor.check().errors == ("the board has no floes",)
    assert len(places(editor)) == 60, "an empty board offers the standard board's places"
    editor.on_tool("fish-1")
    for q in range(8):
        editor.on_hex(f"{q},0")
    assert "the board has 8 floe(s) with 1 fish" not in " ".join(editor.check().errors)
    check = editor.check()
    assert check.playable and check.summary == "8 floes, 8 fish (8 with 1 fish, 0 with 2, 0 with 3)"
    assert check.warnings == ("only 8 floes with 1 fish: too few for 3 players",)
    editor.on_tool("gap")
    editor.on_hex("3,0")  # a gap in the middle: fewer than the fewest penguins, two islands
    assert not editor.check().playable
    editor.on_tool("fish-3")
    editor.on_hex("3,1")
    editor.on_tool("fish-1")
    editor.on_hex("3,2")
    check = editor.check()
    assert check.playable and check.warnings == (
        "only 8 floes with 1 fish: too few for 3 players",
        "the board is 2 separate islands",
    )
    assert places(editor)["3,0"] == "empty" and places(editor)["3,1"] == "ice"
    with pytest.raises(BoardError, match="3 players place 9 penguins"):
        editor.start(players=3, seed=1)
    assert editor.start(players=2, seed=1).state.legal_actions()


def test_an_htmf_board_file_goes_through_check_map_and_new_without_naming_the_game(tmp_path):
    editor = editing("htmf")
    editor.start_from_generated(2, seed=6)
    editor.on_tool("gap")
    editor.on_hex("1,0")
    path = tmp_path / "board.json"
    path.write_text(editor.text(), encoding="utf-8")
    code, out, _ = run("check-map", str(path))
    assert code == 0 and out == f"ok: {editor.check().summary}\n"
    code, out, _ = run("new", "--players", "4", "--map", str(path))
    record = json.loads(out)
    assert code == 0 and record["format"] == "htmf-record/1" and len(record["board"]) == 59
    again = editing("htmf")
    again.load_text(path.read_text(encoding="utf-8"))
    assert again.draft == editor.draft
    again.load_text(out, "a record")  # a record file holds a board too
    assert again.draft == editor.draft


def test_the_editor_file_names_its_game_and_check_map_still_takes_game_over_it(tmp_path):
    editor = editing("htmf")
    editor.start_from_generated(2, seed=1)
    path = tmp_path / "b.json"
    path.write_text(editor.text(), encoding="utf-8")
    code, _, err = run("check-map", "--game", "waddle", str(path))
    assert code == 2 and 'object with a "map" list' in err
