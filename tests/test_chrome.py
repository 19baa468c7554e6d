"""The app's chrome for every game (waddle/app/chrome.py): the chooser, the saves list, the
New game dialog's seats, the embed code. Names from users are text, never markup."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from waddle.app.chrome import (
    chooser_html,
    embed_code,
    game_options_html,
    picture,
    player_options_html,
    resume_html,
    saves_html,
    seat_rows_html,
)
from waddle.app.saves import SaveEntry
from waddle.games import GAMES
from waddle.ui.seats import Seat

HOSTILE = '<img src=x onerror="alert(1)">'


def test_the_chooser_offers_every_game_of_the_registry_with_its_players():
    html = chooser_html(GAMES, thumbnails=False)
    assert re.findall(r'data-game-choice="([a-z-]+)"', html) == list(GAMES.ids)
    for entry in GAMES:
        low, high = entry.players
        said = f"{low} players" if low == high else f"{low} to {high} players"
        assert f"<span class=game-players>{said}</span>" in html  # never "2 to 2 players"


def test_each_chooser_card_links_its_rules_page_and_holds_a_slot_to_resume_a_game():
    html = chooser_html(GAMES, thumbnails=False)
    for entry in GAMES:
        assert f'<a class="game-rules" href="./rules/{entry.id}.html"' in html
        assert f'data-resume-slot="{entry.id}"></span>' in html  # empty: nothing shelved
    kept = SaveEntry("waddle:shelf:htmf", "Last game", "htmf", 0, 2, ("A", "B"), 12, False)
    shelved = chooser_html(GAMES, thumbnails=False, shelved={"htmf": kept})
    assert 'data-resume="htmf">Resume your game (at move 12)</button>' in shelved
    assert resume_html(GAMES.by_id("htmf"), kept) in shelved


def test_a_chooser_picture_is_an_image_without_the_boards_hooks():
    drawn = GAMES.by_id("waddle").load().presenter().thumbnail()
    assert "data-hex=" in drawn.markup
    art = picture(drawn, "waddle", "A board of Waddle")
    ET.fromstring(art)  # well-formed SVG
    assert "data-hex=" not in art and "tabindex" not in art and 'role="button"' not in art
    assert art.startswith('<svg class="thumbnail" data-board="waddle"')
    assert 'role="img" aria-label="A board of Waddle"' in art


def test_the_saves_list_names_each_saves_game_and_escapes_names():
    entry = SaveEntry("waddle:save:1", HOSTILE, "waddle", 0, 2, (HOSTILE, "Bo"), 3, False)
    html = saves_html([entry], now_ms=120_000, titles={"waddle": "Waddle"})
    assert "<img" not in html and "&lt;img" in html
    assert 'data-save-game="waddle"' in html and "<td>Waddle</td>" in html
    assert "2 min ago" in html and "move 3" in html


def test_seat_rows_show_each_seats_name_colour_and_level_escaped():
    seats = [Seat(HOSTILE, "#123456", "circle", "hard"), Seat("Bo", "#654321", "square")]
    html = seat_rows_html(4, ("easy", "hard"), seats)
    assert html.count('class="seat"') == 4
    assert "<img" not in html
    assert 'value="#123456"' in html
    assert '<option value="hard" selected>Computer, hard</option>' in html
    assert 'name="name3"' in html and 'value="Pink"' in html  # defaults beyond the game's seats


def test_player_and_game_options_follow_the_registry():
    waddle = GAMES.by_id("waddle")
    assert re.findall(r'value="(\d)"', player_options_html(waddle, 9)) == ["2", "3", "4", "5"]
    assert 'value="5" selected' in player_options_html(waddle, 9)
    assert 'value="htmf" selected' in game_options_html(GAMES, "htmf")


def test_embed_code_escapes_its_address_and_title():
    code = embed_code('https://x/?embed#w1."><script>', "Waddle game")
    assert "<script>" not in code and "&quot;&gt;&lt;script&gt;" in code


def test_game_options_are_a_checkbox_or_a_list_set_from_the_game_on_screen():
    from waddle.app.chrome import options_form_html, read_options
    from waddle.core.registry import GameOption

    options = [
        GameOption("speed", "Speed", 2, choices=((1, "Quick"), (2, "Standard"))),
        GameOption("duo", "Two-player rule", True, players=(2, 2)),
        GameOption("plain", HOSTILE, False, group="Simplified rules", help=HOSTILE),
    ]
    html = options_form_html(options, {"speed": 1})
    assert '<option value="1" selected>Quick</option>' in html
    assert (
        'data-option="duo" data-players="2-2"><input type="checkbox" name="opt-duo" checked>'
        in (html)
    )
    assert "<legend>Simplified rules</legend>" in html and "<img" not in html

    class Field:
        def __init__(self, checked=False, value=""):
            self.checked, self.value = checked, value

    form = {"opt-speed": Field(value="1"), "opt-duo": Field(True), "opt-plain": Field(True)}
    assert read_options(options, 2, form.__getitem__) == {"speed": 1, "duo": True, "plain": True}
    assert read_options(options, 3, form.__getitem__) == {"speed": 1, "plain": True}
    form["opt-speed"].value = "9"
    with pytest.raises(ValueError, match="speed is one of 1, 2"):
        read_options(options, 3, form.__getitem__)
