"""Links and records on the first Pebbles layouts (``pebbles-2p/1``, ``pebbles-3p/1``,
``pebbles-4p/1``), written before a layout was rebalanced (issue 11), still open to exactly
what they held (tests/fixtures/pebbles_layouts1.json, written by the code of commit
e9197bc).

A record names a built-in layout by name and version, and a link by its index among
``builtin_names()``: a new version is added after the old ones and never replaces them,
so an old game keeps its layout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from waddle.app.session import Session
from waddle.games.pebbles import Record

FIXTURES = json.loads(
    (Path(__file__).parent / "fixtures" / "pebbles_layouts1.json").read_text(encoding="utf-8")
)


def test_the_fixtures_cover_every_first_layout() -> None:
    assert sorted({case["layout"] for case in FIXTURES["links"]}) == FIXTURES["layouts"]


@pytest.mark.parametrize("case", FIXTURES["links"], ids=lambda c: c["link"][:20])
def test_a_link_on_a_first_layout_opens_that_layout_and_game(case) -> None:
    session = Session.from_link(case["link"])
    record = session.record()
    assert record.layout.name == case["layout"]
    assert record.dumps() == case["record"]
    assert session.state.ply == case["ply"] and session.state.is_over() == case["over"]
    assert list(session.state.scores()) == case["scores"]
    if case["names"]:
        assert [s.name for s in session.seats] == case["names"]
    if case["bots"]:
        assert [s.bot for s in session.seats] == case["bots"]
    # Written again it is the very same text: the layout keeps its index.
    again = session.game.encode_link(record, case["names"], case["bots"])
    assert again == case["link"]


@pytest.mark.parametrize("case", FIXTURES["records"], ids=lambda c: f"{c['players']}p-{c['ply']}")
def test_a_record_on_a_first_layout_replays_to_the_same_scores(case) -> None:
    record = Record.loads(case["text"])
    assert record.layout.name == case["layout"]
    state = record.replay()
    assert state.ply == case["ply"] and state.is_over() == case["over"]
    assert list(state.scores()) == case["scores"]
    assert record.dumps() == case["text"]
