"""The card games' board editors: Pebbles' own tile setups and Waddle Waddle's component
sets, built by clicks and fields in the shared editor (:mod:`waddle.app.editor`), checked
by the game's own ``check_board`` (``check-map``'s messages) and played."""

from __future__ import annotations

import json
import random
import time

import pytest

from waddle.app.editor import BoardEditing, board_game, has_editor
from waddle.core.records import BoardError
from waddle.games import GAMES
from waddle.games.pebbles.layout import builtin_layout
from waddle.games.waddle_waddle.cards import GENTOO

PEBBLES = GAMES.by_id("pebbles").load()
WW = GAMES.by_id("waddle-waddle").load()


def play_to_the_end(session, seed: int) -> None:
    rng = random.Random(seed)
    while not session.state.is_over():
        assert session.play(rng.choice(session.state.legal_actions())), session.message


def test_both_card_games_offer_a_board_editor():
    assert has_editor(PEBBLES) and has_editor(WW)


# -- Pebbles --------------------------------------------------------------------------------


def build_layout_by_clicks(editor: BoardEditing, players: int) -> None:
    """The built-in layout of ``players`` laid tile by tile, as a person would."""
    layout = builtin_layout(players)
    for k, territory in enumerate(layout.territories):
        if k >= 4:
            editor.on_tool("add-territory")
        editor.on_tool(f"territory-name-{k}", territory.name)
        editor.on_tool(f"territory-value-{k}", territory.value)
    for tile in layout.tiles:
        editor.on_tool("number", str(tile.number))
        editor.on_tool("territory", str(tile.territory))
        editor.on_hex(f"{tile.q},{tile.r}")
    editor.on_tool("pathway")
    for a, b in layout.pathways:
        for n in (a, b):
            t = layout.tiles[layout.index[n]]
            editor.on_hex(f"{t.q},{t.r}")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_pebbles_editor_builds_a_layout_check_map_accepts_and_a_game_is_played_on_it(
    players,
):
    editor = BoardEditing(PEBBLES)
    assert not editor.check().playable
    build_layout_by_clicks(editor, players)
    check = editor.check()
    assert check.playable, check.errors
    assert str(players) in check.summary.split("fits ")[1]
    assert PEBBLES.check_board(editor.text()) == (check.summary, list(check.warnings))
    assert "can be played" in editor.checks_html()
    session = editor.start(players=players, seed=3)
    assert session.state.layout.key() == builtin_layout(players).key()
    play_to_the_end(session, players)
    assert session.state.is_over()


def test_the_pebbles_editor_says_check_map_s_own_errors_live():
    editor = BoardEditing(PEBBLES)
    editor.on_hex("0,0")
    with pytest.raises(BoardError) as e:
        PEBBLES.check_board(editor.text())
    assert editor.check().errors == tuple(e.value.problems)
    assert 'territory "Shore" has no tile' in editor.check().errors
    assert 'data-playable="false"' in editor.checks_html()


def test_pebbles_tiles_are_moved_painted_removed_and_pathways_toggled():
    editor = BoardEditing(PEBBLES)
    editor.on_tool("number", "9")
    editor.on_hex("0,0")
    editor.on_tool("number", "9")
    editor.on_hex("2,0")
    assert editor.message == "Tile 9 of Ridge moved to 2,0."
    assert list(editor.draft.tiles) == [(2, 0)]
    editor.on_tool("territory", "2")
    editor.on_tool("territory")
    editor.on_hex("2,0")
    assert editor.message == "Tile 9 is now Cove." and editor.draft.tiles[(2, 0)][1] == 2
    editor.on_tool("tile")
    editor.on_tool("number", "8")
    editor.on_hex("-2,0")
    editor.on_tool("pathway")
    editor.on_hex("2,0")
    editor.on_hex("-2,0")
    assert editor.draft.pathways == [(9, 8)]
    editor.on_hex("-2,0")
    editor.on_hex("2,0")
    assert editor.draft.pathways == [] and "removed" in editor.message
    editor.on_tool("remove")
    editor.on_hex("2,0")
    assert list(editor.draft.tiles) == [(-2, 0)]
    assert editor.undo() and (2, 0) in editor.draft.tiles


def test_a_pebbles_layout_file_or_record_opens_in_the_editor_and_writes_back_the_same():
    editor = BoardEditing(PEBBLES)
    record = PEBBLES.new_record(4, seed=1)
    editor.load_text(record.dumps(), "a record")
    text = editor.text()
    assert json.loads(text)["tiles"] == json.loads(json.dumps(builtin_layout(4).to_json()))["tiles"]
    assert board_game(text) == "pebbles"
    again = BoardEditing(PEBBLES)
    again.load_text(text)
    assert again.text() == text and again.check().playable


def test_the_pebbles_editor_draws_every_tile_and_open_place_as_a_focusable_hook():
    editor = BoardEditing(PEBBLES)
    build_layout_by_clicks(editor, 2)
    svg = editor.board().markup
    assert svg.count('data-kind="tile"') == 7 and 'data-kind="empty"' in svg
    assert 'aria-label="tile 13, ' in svg and svg.count("data-pathway=") == 2
    tools = editor.tools_html()
    assert 'data-edit-field="territory-name-0"' in tools and 'data-edit-tool="pathway"' in tools


def test_the_pebbles_editor_draws_tiles_as_the_board_does_territories_and_pathways():
    """Each tile filled with its territory's colour and pattern (defined in the drawing:
    without them a tile was solid black), the edges between territories, and each pathway
    in its pair's colour with a lettered token at both ends, as on the game's board."""
    from waddle.games.pebbles.view import PATHWAY_LOOKS, TERRITORY_LOOKS

    editor = BoardEditing(PEBBLES)
    build_layout_by_clicks(editor, 3)
    svg = editor.board().markup
    layout = builtin_layout(3)
    for tile in layout.tiles:
        look = tile.territory % len(TERRITORY_LOOKS)
        hook = f'data-edit-hex="{tile.q},{tile.r}"'
        drawn = svg[svg.index(hook) : svg.index("</g>", svg.index(hook))]
        assert f'fill="url(#pbe-t{look})"' in drawn, tile.number
        assert f'<pattern id="pbe-t{look}"' in svg, "the pattern is in the drawing"
    assert 'class="territory-edge"' in svg
    for k, (a, b) in enumerate(layout.pathways):
        colour, letter = PATHWAY_LOOKS[k % len(PATHWAY_LOOKS)]
        start = svg.index(f'data-pathway="{a}-{b}"')
        drawn = svg[start : svg.index("</g></g>", start)]
        assert f"--pathway:{colour}" in drawn and drawn.count(f">{letter}</text>") == 2


# -- Waddle Waddle --------------------------------------------------------------------------


def test_the_waddle_waddle_editor_changes_a_rookery_s_species_and_a_new_game_follows_it():
    editor = BoardEditing(WW)
    assert editor.check().playable, editor.check().errors
    editor.on_tool("species", "gentoo")
    editor.on_hex("argentine")
    assert editor.message == "Gentoo penguins now nest at Argentine Sea."
    check = editor.check()
    assert check.playable, check.errors
    session = editor.start(players=3, seed=2)
    argentine = session.state.components.rookery("argentine")
    assert argentine.has(GENTOO)
    view = session.state.view(0)
    drawn = next(r for r in view.rookeries if r.id == "argentine")
    assert "gentoo" in drawn.species
    assert 'data-rookery="argentine"' in session.presenter.render(session.scene(0)).board.markup
    play_to_the_end(session, 2)


def test_waddle_waddle_tokens_and_names_are_fields_checked_live():
    editor = BoardEditing(WW)
    editor.on_tool("cp-larger-crozet", "25")
    editor.on_tool("fish-token-crozet", "11")
    assert editor.message.startswith("A Fish Supply token holds 0 to 10 fish")
    editor.on_tool("name-crozet", "Île de la Possession")
    data = json.loads(editor.text())
    crozet = data["rookeries"][[r["id"] for r in data["rookeries"]].index("crozet")]
    assert crozet["name"] == "Île de la Possession"
    assert data["conservation_tokens"][3]["larger"] == 25
    editor.on_tool("cp-larger-crozet", "2")  # smaller than the smaller bonus
    with pytest.raises(BoardError) as e:
        WW.check_board(editor.text())
    assert editor.check().errors == tuple(e.value.problems)


def test_a_rookery_left_with_no_species_is_an_error_of_the_game_s_own_checks():
    editor = BoardEditing(WW)
    species = list(editor.draft["rookeries"][0]["species"])
    rookery = editor.draft["rookeries"][0]["id"]
    for s in species:
        editor.on_tool("species", s)
        editor.on_hex(rookery)
    assert editor.draft["rookeries"][0]["species"] == []
    with pytest.raises(BoardError) as e:
        WW.check_board(editor.text())
    assert editor.check().errors == tuple(e.value.problems)
    assert any("species" in p for p in e.value.problems), e.value.problems


def test_a_waddle_waddle_set_opens_from_its_file_or_a_record_and_writes_back_the_same():
    editor = BoardEditing(WW)
    editor.on_tool("threats", "3")
    editor.on_hex("georgia")
    text = editor.text()
    assert board_game(text) == "waddle-waddle"
    again = BoardEditing(WW)
    again.load_text(text)
    assert again.text() == text
    session = editor.start(players=2, seed=1)
    from_record = BoardEditing(WW)
    from_record.load_text(session.record().dumps(), "a record")
    assert json.loads(from_record.text())["rookeries"] == json.loads(text)["rookeries"]


# -- hostile files --------------------------------------------------------------------------


@pytest.mark.parametrize("game", [PEBBLES, WW], ids=["pebbles", "waddle-waddle"])
def test_damaged_board_files_open_as_a_draft_or_get_one_board_error_quickly(game):
    editor = BoardEditing(game)
    if game is PEBBLES:
        build_layout_by_clicks(editor, 3)
    base = editor.text()
    rng = random.Random(f"editor:{game.id}")
    for i in range(300):
        at = rng.randrange(len(base))
        text = rng.choice(
            [
                base[:at],
                base[:at] + rng.choice('[]{}",:0-9x٣\ud800') + base[at + 1 :],
                base[:at] + base[at : at + 50] * 400 + base[at:],
                "[" * 3000 + "]" * 3000,
                json.dumps({"tiles": [{"number": 1, "q": 10**400, "r": 0}] * 5000}),
                json.dumps({"rookeries": [{"id": "crozet", "species": [[[]]]}] * 5000}),
            ]
        )
        started = time.process_time()
        fresh = BoardEditing(game)
        try:
            fresh.load_text(text)
        except BoardError as e:
            assert e.problems and all("\n" not in p for p in e.problems), i
        else:
            fresh.board()
            fresh.tools_html()
            fresh.checks_html()
        assert time.process_time() - started < 2.0, f"input {i} took too long"
