"""Links, records, saves and exports on the second tile set (``waddle-project-tiles/2``),
written before tile set 3 became the tile set of new games (issue 14), still open to
exactly what they held (tests/fixtures/waddle_tiles2.json, written by the code of commit
56f6d3e).

A link names its tile set and seed instead of carrying the map, so it must keep opening
on the old tile set's map, and writing it again must give the very same text. A game with
the seat compensation option (a ``w2.`` link) keeps its compensation."""

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

TILESET = "waddle-project-tiles/2"
FIXTURES = json.loads(
    (Path(__file__).parent / "fixtures" / "waddle_tiles2.json").read_text(encoding="utf-8")
)


def compensation(case) -> tuple[int, ...] | None:
    vp = case["compensation"]
    return None if vp is None else tuple(vp)


def test_the_fixtures_are_games_on_the_second_tile_set() -> None:
    assert FIXTURES["tileset"] == TILESET
    assert FIXTURES["written_by_commit"].startswith("56f6d3e")
    # Both kinds of link: without and with the seat compensation option.
    assert {c["link"][:3] for c in FIXTURES["links"]} == {"w1.", "w2."}


@pytest.mark.parametrize("case", FIXTURES["links"], ids=lambda c: c["link"][:20])
def test_a_link_on_the_second_tile_set_opens_its_map_and_game(case) -> None:
    session = assert_link_opens_as_written(case)
    assert json.loads(case["record"])["generated"]["tileset"] == TILESET
    # The seat compensation option is kept: in the record, the rules and New game's options.
    assert session.record().compensation == compensation(case)
    assert session.state.compensation == compensation(case)
    assert session.game.record_options(session.record()) == {
        "compensation": case["compensation"] is not None
    }
    assert case["link"].startswith("w1." if case["compensation"] is None else "w2.")
    # Writing it again gives the very same text: the tile set's index and the seed.
    again = session.game.encode_link(session.record(), case["names"], case["bots"])
    assert again == case["link"]


@pytest.mark.parametrize("case", FIXTURES["study_links"], ids=lambda c: c["link"][:20])
def test_a_study_link_on_the_second_tile_set_keeps_its_study(case) -> None:
    linked = decode_link(case["link"])
    assert linked.record.dumps() == case["record"]
    assert linked.record.generated is not None and linked.record.generated.tileset == TILESET
    assert linked.study is not None and linked.study.to_json() == case["study"]


@pytest.mark.parametrize("case", FIXTURES["records"], ids=lambda c: str(len(c["text"])))
def test_a_record_on_the_second_tile_set_replays_to_the_same_scores(case) -> None:
    record = assert_record_replays_as_written(case)
    assert record.generated is not None and record.generated.tileset == TILESET


def test_saves_and_the_autosave_on_the_second_tile_set_open_where_they_were() -> None:
    assert_saves_open_as_written(FIXTURES, TILESET)


@pytest.mark.parametrize("case", FIXTURES["exports"], ids=lambda c: str(len(c["text"])))
def test_an_export_on_the_second_tile_set_imports_to_the_same_game(case) -> None:
    session = import_file(case["text"])
    assert session.record().dumps() == case["record"]
    assert session.setup.generated.tileset == TILESET
    assert session.state.scores() == case["scores"]
