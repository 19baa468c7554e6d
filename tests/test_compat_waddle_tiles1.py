"""Links, records, saves and exports on the first tile set (``waddle-project-tiles/1``),
written before the tile set was rebalanced (issue 14), still open to exactly what they held
(tests/fixtures/waddle_tiles1.json, written by the code of commit aa9d800).

A link names its tile set and seed instead of carrying the map, so it must keep opening
on the old tile set's map, and writing it again must give the very same text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from compat_checks import (
    assert_link_opens_as_written,
    assert_record_replays_as_written,
    assert_saves_open_as_written,
)

from waddle.app.saves import import_file
from waddle.games.waddle.link import decode_link

FIXTURES = json.loads(
    (Path(__file__).parent / "fixtures" / "waddle_tiles1.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("case", FIXTURES["links"], ids=lambda c: c["link"][:20])
def test_a_link_on_the_first_tile_set_opens_its_map_and_game(case) -> None:
    session = assert_link_opens_as_written(case)
    assert json.loads(case["record"])["generated"]["tileset"] == "waddle-project-tiles/1"
    # Writing it again gives the very same text: the tile set's index and the seed.
    again = session.game.encode_link(session.record(), case["names"], case["bots"])
    assert again == case["link"]


@pytest.mark.parametrize("case", FIXTURES["study_links"], ids=lambda c: c["link"][:20])
def test_a_study_link_on_the_first_tile_set_keeps_its_study(case) -> None:
    linked = decode_link(case["link"])
    assert linked.record.dumps() == case["record"]
    assert linked.study is not None and linked.study.to_json() == case["study"]


@pytest.mark.parametrize("case", FIXTURES["records"], ids=lambda c: str(len(c["text"])))
def test_a_record_on_the_first_tile_set_replays_to_the_same_scores(case) -> None:
    assert_record_replays_as_written(case)


def test_saves_and_the_autosave_on_the_first_tile_set_open_where_they_were() -> None:
    assert_saves_open_as_written(FIXTURES, "waddle-project-tiles/1")


@pytest.mark.parametrize("case", FIXTURES["exports"], ids=lambda c: str(len(c["text"])))
def test_an_export_on_the_first_tile_set_imports_to_the_same_game(case) -> None:
    session = import_file(case["text"])
    assert session.record().dumps() == case["record"]
    assert session.state.scores() == case["scores"]
