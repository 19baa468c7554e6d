"""The presenter base every game's presenter subclasses (``waddle.ui.presenter.
GamePresenter``): the rules page and the chooser's picture made once, the illegal-move
message in the board's words, and the parts a game may leave out."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.last_floe.presenter import LastFloePresenter
from waddle.app.session import Session
from waddle.games import GAMES
from waddle.ui.presenter import GamePresenter


def test_the_rules_page_is_the_packages_rules_html_read_once(monkeypatch):
    presenter = LastFloePresenter()
    reads = []
    read_text = Path.read_text
    monkeypatch.setattr(
        Path, "read_text", lambda self, **kw: reads.append(self) or read_text(self, **kw)
    )
    page = presenter.rules_html()
    assert presenter.rules_html() is page
    assert [path.name for path in reads] == ["rules.html"]
    assert reads[0].parent == Path(__file__).parent / "last_floe"
    assert page.startswith('<h2 id="rules-title">How to play Last Floe</h2>')


def test_a_game_draws_into_its_rules_page_through_rules_page():
    # Pebbles draws each suit's symbol where its rules.html says <!--suit:court-->.
    page = GAMES.by_id("pebbles").load().presenter().rules_html()
    assert "<!--suit:" not in page and "<svg" in page


def test_the_thumbnail_is_drawn_once():
    drawn = []

    class Counting(LastFloePresenter):
        def draw_thumbnail(self):
            drawn.append(1)
            return super().draw_thumbnail()

    presenter = Counting()
    assert presenter.thumbnail() is presenter.thumbnail()
    assert drawn == [1]


def test_a_game_that_draws_no_thumbnail_is_told_so():
    with pytest.raises(NotImplementedError, match="GamePresenter draws no thumbnail"):
        GamePresenter().thumbnail()


def test_a_game_without_keys_controls_or_ui_state_gets_the_empty_defaults():
    presenter = GamePresenter()
    assert dict(presenter.keys) == {} and presenter.keys_help.startswith("Keys:")
    assert presenter.new_ui() is None
    assert presenter.on_control(None, "anything") is None
    assert presenter.focus_hex(None) is None


def test_an_illegal_click_says_the_rules_reason_naming_places_as_the_board_does():
    # Hey, That's My Fish!: a penguin goes on a floe with one fish; its label names it.
    session = Session.new("htmf", players=2, seed=3)
    state = session.state
    taken = next(h for h in state.board.index if h not in state.placements())
    assert session.presenter.on_hex(session, f"{taken[0]},{taken[1]}") is None
    message = session.message
    assert message and message[0].isupper() and message.endswith(".")
    assert f"{taken[0]},{taken[1]}" not in message  # never the axial coordinates


def test_a_game_that_names_its_ui_class_starts_each_position_with_a_fresh_one():
    from dataclasses import dataclass

    @dataclass
    class Picked:
        penguin: str | None = None

    class Picking(GamePresenter):
        ui_class = Picked

    presenter = Picking()
    first = presenter.new_ui()
    assert first == Picked() and presenter.new_ui() is not first
