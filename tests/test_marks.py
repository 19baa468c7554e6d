"""A study's marks drawn over each game's board: rings on marked hexes, arrows between
hexes, said in words, never in the way of a click."""

from __future__ import annotations

import re

import pytest

from waddle.app.session import Session
from waddle.games.htmf.places import place_name as htmf_place
from waddle.games.waddle.places import place_name as waddle_place
from waddle.ui.marks import hex_marks_svg, parse_hex
from waddle.ui.presenter import draws_marks


@pytest.mark.parametrize("game_id", ["waddle", "htmf"])
def test_each_game_draws_the_marks_and_arrows_of_a_step_on_its_own_places(game_id):
    session = Session.new(game_id, 2, seed=3)
    presenter = session.presenter
    assert draws_marks(presenter)
    places = session.game.places(session.record())
    marks = (places[0], places[5])
    arrows = ((places[0], places[9]),)
    svg = presenter.draw_marks(session.scene(), marks, arrows)
    assert re.findall(r'data-mark="([^"]+)"', svg) == list(marks)
    assert re.findall(r'data-arrow="([^"]+)"', svg) == [f"{places[0]}&gt;{places[9]}"]
    # Said with the places' names, as the board shows them ("C4", "the ice … of pool 7").
    board = session.state.board
    name = {"waddle": waddle_place, "htmf": htmf_place}[game_id]
    said = [name(board, parse_hex(places[k])) for k in (0, 5, 9)]
    label = re.search(r'aria-label="([^"]+)"', svg).group(1)
    assert label == f"Marked: {said[0]}, {said[1]}. Arrows from {said[0]} to {said[2]}."
    assert not re.search(r"-?\d+,-?\d+", label), "never a coordinate"
    board = presenter.render(session.scene()).board.markup
    assert all(f'data-hex="{p}"' in board for p in (*marks, places[9])), "places of the board"


def test_marks_on_no_hex_draw_nothing_and_text_in_them_is_escaped():
    assert hex_marks_svg(("<b>", "1,x"), (("1,0", "1,0"),)) == ""
    assert "<b>" not in hex_marks_svg(("1,0",), (("1,0", '2,0"><b>'),))
