"""The rules page of Pebbles (waddle/games/pebbles/rules.html, the Rules dialog): in the
project's words, the rules first in the order a player needs them, then the project's
notes folded away: every decision taken where the rulebook is silent with its reason, and
the note that the layouts are the project's own, with their balance figures."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

RULES = (Path(__file__).parent.parent / "waddle/games/pebbles/rules.html").read_text("utf-8")
VOID = {"br", "hr", "img", "input", "meta", "link"}


def test_the_rules_page_has_the_dialogs_title_and_balanced_markup():
    assert RULES.startswith("<!--") and 'id="rules-title"' in RULES
    stack: list[str] = []

    class Check(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag not in VOID:
                stack.append(tag)

        def handle_endtag(self, tag):
            assert stack and stack.pop() == tag, f"</{tag}> closes nothing open"

    Check().feed(RULES)
    assert stack == []


def test_the_rules_page_says_the_layouts_are_the_projects_own():
    assert "The layouts are this app's own." in RULES and "not the publisher's" in RULES


@pytest.mark.parametrize(
    "decision",
    [
        "Only the setup's cards put pebbles.",
        "Both actions are compulsory while possible.",
        "Scurry moves two different penguins.",
        "Push and pathways.",
        "Fish steps.",
        "Running out.",
        "The deck runs out.",
        "An empty hand cannot happen.",
        "Who sees what.",
        "tiles 1 to 6, are left\n    out",
        "High tiles in the poorest territory.",
    ],
)
def test_the_rules_page_writes_down_each_decision_with_its_reason(decision):
    assert decision in RULES
    paragraph = RULES.split(decision, 1)[1].split("</li>", 1)[0]
    assert len(paragraph.split()) >= 12, "a decision comes with its reason"


@pytest.mark.parametrize("suit", ["Scurry", "Court", "Push", "Collect"])
def test_the_rules_page_names_each_suit_with_its_symbol_letter_and_the_codes_power(suit):
    """The suit's own SVG symbol (never a font's glyph), its letter in records, and the
    power in the words the table's legend uses (the code's), however the lines wrap."""
    from waddle.games.pebbles import SUITS
    from waddle.games.pebbles.presenter import PRESENTER
    from waddle.games.pebbles.symbols import suit_icon

    s = next(s for s in SUITS if s.name == suit)
    page = " ".join(PRESENTER.rules_html().split())
    assert f"{suit_icon(s, 16)}<strong>{s.name}</strong> ({s.letter}): {s.power}" in page
    assert s.symbol not in page, "no font glyph"


def test_the_rules_come_first_and_the_projects_notes_are_folded_away_after_them():
    rules, notes = RULES.split('<details class="project-notes">', 1)
    assert "<summary>The project's notes</summary>" in notes
    for figure in ("58 games in 100", "51 games in 100", "The layouts are this app's own."):
        assert figure in notes and figure not in rules
    assert "Where this app decides" in notes
    headings = re.findall(r"<h3>([^<]*)</h3>", rules)
    assert headings[:3] == ["Your turn", "The cards and their powers", "The trick"]
    assert "The end and the score" in headings
