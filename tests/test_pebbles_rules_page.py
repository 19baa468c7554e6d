"""The rules page of Pebbles (waddle/games/pebbles/rules.html, the Rules dialog): in the
project's words, with every decision taken where the rulebook is silent next to its rule,
and the note that the layouts are the project's own."""

from __future__ import annotations

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
def test_the_rules_page_names_each_suit_with_its_letter_and_symbol(suit):
    from waddle.games.pebbles import SUITS

    s = next(s for s in SUITS if s.name == suit)
    assert f"<strong>{s.name}</strong> ({s.letter}, {s.symbol})" in RULES
