"""Hey, That's My Fish!'s places as players name them (waddle/games/htmf/places.py): a row
letter and a number ("C4"), read off the labels the board draws round the ice."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from waddle.core import hexgrid
from waddle.games.htmf.board import Board, Floe, standard_board
from waddle.games.htmf.places import Grid, letters, place_name, place_of
from waddle.games.htmf.record import new_record
from waddle.games.htmf.state import HtmfState
from waddle.games.htmf.tutorial import tutorial_floes
from waddle.games.htmf.view import TEXT_UNITS, board_svg

SVG = "{http://www.w3.org/2000/svg}"


def labels(board: Board) -> list[tuple[str, float, float]]:
    """The text of the board's row and column labels, where each is drawn."""
    markup = board_svg(HtmfState(board, 2)).markup
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{markup}</svg>')
    return [
        (t.text, float(t.attrib["x"]), float(t.attrib["y"]))
        for t in root.iter(f"{SVG}text")
        if t.attrib.get("class") == "board-label"
    ]


def test_the_standard_board_names_rows_a_to_h_and_counts_each_row_from_the_left():
    board = standard_board(seed=3)
    rows = {}
    for q, r in board.coords:
        rows.setdefault(r, []).append(place_name(board, (q, r)))
    assert rows[0] == [f"A{k}" for k in range(1, 8)], "seven floes in row A"
    assert rows[1] == [f"B{k}" for k in range(1, 9)], "eight in row B"
    assert rows[7] == [f"H{k}" for k in range(1, 9)]
    assert sorted(rows) == list(range(8))


@pytest.mark.parametrize("seed", range(6))
def test_every_place_has_one_name_that_reads_back_to_it(seed):
    for board in (standard_board(seed), Board(tutorial_floes())):
        names = [place_name(board, h) for h in board.coords]
        assert len(set(names)) == len(names)
        for h, name in zip(board.coords, names, strict=True):
            assert re.fullmatch(r"[A-Z]+[1-9][0-9]*", name), name
            assert place_of(board, name) == h and place_of(board, name.lower()) == h
    assert place_of(standard_board(0), "A8") is None, "row A has seven floes"
    assert place_of(standard_board(0), "3,0") is None


def test_the_board_draws_the_row_letters_and_the_numbers_the_names_are_read_from():
    board = standard_board(seed=2)
    drawn = labels(board)
    letters_drawn = [t for t, _, _ in drawn if t.isalpha()]
    assert letters_drawn == list("ABCDEFGH")
    # Each letter stands level with its row; each number in line with the floes it counts.
    x_of = {h: hexgrid.to_pixel(h, 30)[0] for h in board.coords}
    y_of = {h: hexgrid.to_pixel(h, 30)[1] for h in board.coords}
    for text, x, y in drawn:
        if text.isalpha():
            row = [h for h in board.coords if place_name(board, h)[0] == text]
            assert all(abs(y_of[h] + 5 - y) < 1 and x < x_of[h] - 26 for h in row)
            continue
        counted = [h for h in board.coords if place_name(board, h)[1:] == text]
        in_line = [h for h in counted if abs(x_of[h] - x) < 1]
        assert in_line, f"number {text} stands over floes it counts"
        above = y < min(y_of.values())
        rows = {place_name(board, h)[0] for h in in_line}
        assert rows == (set("ACEG") if above else set("BDFH"))
    numbers = [t for t, _, y in drawn if t.isdigit()]
    assert numbers == [str(k) for k in range(1, 8)] + [str(k) for k in range(1, 9)]


def test_the_labels_fit_in_the_picture_and_are_legible_on_a_phone():
    """On a 390 px phone the standard board is fitted to the width: every text on it,
    labels and fish counts, is 11 CSS px or more."""
    state = new_record(2, seed=1).start()
    drawing = board_svg(state)
    x0, y0, width, height = (float(v) for v in drawing.view_box.split())
    for _, x, y in labels(state.board):
        assert x0 < x - 10 and x + 10 < x0 + width and y0 < y - 11 and y < y0 + height
    frame_width, frame_height = 390, 0.56 * 844
    scale = min(frame_width / width, frame_height / height)
    assert TEXT_UNITS * scale >= 11, f"{TEXT_UNITS * scale:.1f} px"


def test_rows_past_z_and_boards_with_holes_keep_the_columns_in_line():
    assert [letters(k) for k in (0, 25, 26, 51, 52)] == ["A", "Z", "AA", "AZ", "BA"]
    # Row C reaches further left than row A, and row A has a hole at A3.
    grid = Grid([(2, 0), (4, 0), (0, 2), (1, 2), (5, 1)])
    assert grid.names[(0, 2)] == "C1" and grid.names[(1, 2)] == "C2"
    assert grid.names[(2, 0)] == "A2" and grid.names[(4, 0)] == "A4", "in line with C2, C4"
    assert grid.names[(5, 1)] == "B1"
    assert [n.text for n in grid.top_labels] == ["1", "2", "3", "4"]
    assert [n.text for n in grid.bottom_labels] == ["1"]


def test_a_custom_board_of_one_row_is_named_too():
    board = Board([Floe(q, 5, 1) for q in range(-4, 4)])
    assert [place_name(board, h) for h in board.coords] == [f"A{k}" for k in range(1, 9)]


def test_the_rules_page_explains_the_names_and_folds_the_projects_notes_after_the_rules():
    from waddle.games.htmf.presenter import PRESENTER

    page = PRESENTER.rules_html()
    notes = page.index('<details class="rules-notes" id="rules-notes">')
    assert "<summary>The project's notes</summary>" in page[notes:]
    assert page.rstrip().endswith("</details>"), "the notes come last"
    rules = page[:notes]
    for words in ("C3", "C3 → E5", "lettered down the left", "most floes wins"):
        assert words in rules, words
    assert "Where this app decides" in page[notes:]
