"""The rules page (rules.html) covers the game in the project's words: every threat and hero,
the component set as the engine plays it, and the decisions the app takes; the rules come
first, the project's own notes folded away after them."""

from __future__ import annotations

import html
from pathlib import Path

from waddle.games.waddle_waddle.cards import SPECIES_NAMES
from waddle.games.waddle_waddle.components import BUILT_IN
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.threats import THREATS

PAGE = html.unescape(
    (Path(__file__).parent.parent / "waddle/games/waddle_waddle/rules.html").read_text("utf-8")
)


def test_every_threat_and_hero_is_on_the_page():
    for threat in THREATS:
        assert threat.name in PAGE
    for hero in HEROES:
        assert hero.name in PAGE


def test_the_page_shows_the_built_in_component_set_as_the_engine_reads_it():
    assert "its own component set" in PAGE
    for r in BUILT_IN.rookeries:
        row = PAGE[PAGE.index(f"<td>{r.name}</td>") :].split("</tr>")[0]
        for s in r.species:
            assert SPECIES_NAMES[s].split()[-1] in row, (r.name, SPECIES_NAMES[s])
        assert f"<td>{r.threat_spaces}</td>" in row
    bonuses = ", ".join(f"{a}/{b}" for a, b in BUILT_IN.conservation_tokens[:-1])
    assert bonuses in PAGE
    fish = ", ".join(map(str, BUILT_IN.fish_tokens[:-1]))
    assert fish in PAGE
    for event in BUILT_IN.events:
        assert event.name in PAGE


def test_the_page_lists_where_the_app_decides():
    decisions = PAGE[PAGE.index("Where this app decides") :]
    assert decisions.count("<li>") >= 15


def test_the_rules_come_first_and_the_projects_notes_are_folded_away_after_them():
    notes_at = PAGE.index('<details class="project-notes">')
    rules, notes = PAGE[:notes_at], PAGE[notes_at:]
    assert notes.startswith('<details class="project-notes">\n  <summary>The project\'s notes')
    assert notes.rstrip().endswith("</details>"), "nothing after the notes"
    for heading in ("The components", "The heroes' figures", "Where this app decides"):
        assert f"<h3>{heading}</h3>" in notes and f"<h3>{heading}</h3>" not in rules
    assert "%" not in rules, "the balance figures are the project's notes"
    for heading in ("A turn", "Waddles", "Threats", "Penguin heroes", "The winner"):
        assert f"<h3>{heading}</h3>" in rules
    assert rules.index("<h3>The winner</h3>") < rules.index("<h3>Playing here</h3>")
