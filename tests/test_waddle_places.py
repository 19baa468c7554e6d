"""Waddle's places as players name them (waddle/games/waddle/places.py): from the pool
numbers the board draws, never by the coordinates it does not show."""

from __future__ import annotations

import pytest

from waddle.core import hexgrid
from waddle.games.waddle.actions import SCOUT, Action
from waddle.games.waddle.board import Board
from waddle.games.waddle.mapgen import TILESET_FILES, generate_map, tileset_named
from waddle.games.waddle.places import move_notation, move_words, place_name, place_of
from waddle.games.waddle.tutorial import tutorial_board

MAPS = [
    (tileset, players, seed)
    for tileset in TILESET_FILES
    for players in range(2, 6)
    for seed in range(12)
]


@pytest.mark.parametrize(("tileset", "players", "seed"), MAPS)
def test_every_place_of_a_generated_map_has_a_name_of_its_own_from_a_pool_next_to_it(
    tileset, players, seed
):
    board = Board(generate_map(players, seed, tileset_named(tileset)))
    full = [place_name(board, h) for h in board.coords]
    short = [place_name(board, h, short=True) for h in board.coords]
    assert len(set(full)) == len(full) and len(set(short)) == len(short), "unique names"
    for h, name, brief in zip(board.coords, full, short, strict=True):
        assert place_of(board, name) == h and place_of(board, brief) == h, name
        # One step from a numbered water hex, or that hex itself: "7 NE", "pool 7".
        assert len(brief.split()) <= 2, f"{name}: every place touches a numbered pool"
        assert "," not in name and "," not in brief, "never a coordinate"


@pytest.mark.parametrize(("tileset", "players", "seed"), MAPS[::7])
def test_a_place_next_to_several_pools_is_named_from_the_pool_asked_for(tileset, players, seed):
    board = Board(generate_map(players, seed, tileset_named(tileset)))
    for slot, ice in enumerate(board.slot_ice):
        number = board.numbers[slot]
        water = board.coords[board.numbered[slot]]
        for i in ice:
            h = board.coords[i]
            brief = place_name(board, h, near=number, short=True)
            direction = hexgrid.DIRECTIONS.index(hexgrid.subtract(h, water))
            assert brief == f"{number} {('E', 'NE', 'NW', 'W', 'SW', 'SE')[direction]}"
            assert place_of(board, brief) == h
            assert place_of(board, place_name(board, h, near=number)) == h


def test_the_names_read_as_a_player_says_them():
    board = tutorial_board()  # pool 1 at 0,0 ringed by ice; pool 2 at 3,-1
    assert place_name(board, (0, 0)) == "pool 1"
    assert place_name(board, (1, -1)) == "the ice north-east of pool 1"
    assert place_name(board, (0, 1), short=True) == "1 SE"
    assert place_name(board, (2, 0)) == "the ice south-west of pool 2"
    assert place_of(board, "The ice SOUTH-WEST of pool 2") == (2, 0)
    for wrong in ("2,0", "pool 3", "1 XX", "the ice of pool 1", "", "north of pool 1"):
        assert place_of(board, wrong) is None, wrong


def test_a_move_is_shown_and_said_by_the_pool_of_its_round():
    board = tutorial_board()
    assert move_notation(board, Action.place((1, 0)), 1) == "1 E"
    assert move_notation(board, Action.place((3, -2), True), 2) == "2 NW double"
    assert move_notation(board, SCOUT, 1) == "scout"
    assert (
        move_words(board, Action.place((-1, 0)), 1) == "placed a penguin on the ice west of pool 1"
    )
    assert move_words(board, Action.place((4, -2), True), 2) == (
        "placed a double token (two penguins) on the ice north-east of pool 2"
    )
    assert move_words(board, SCOUT, 2) == "scouted ahead"


def test_the_rules_page_explains_the_names_and_folds_the_projects_notes_after_the_rules():
    from waddle.games.waddle.presenter import PRESENTER

    page = PRESENTER.rules_html()
    notes = page.index('<details class="rules-notes" id="rules-notes">')
    assert "<summary>The project's notes</summary>" in page[notes:]
    assert page.rstrip().endswith("</details>"), "the notes come last"
    rules = page[:notes]
    for words in ("the ice north-east of pool 7", "7 NE", "Scoring", "Round end"):
        assert words in rules, words
    for note in ("tile set", "Seat compensation", "docs/benchmarks.md"):
        assert note not in rules and note in page[notes:], note
