"""Pebbles as the platform sees it: ``GAME``, the engine side of its ``GameModule``
(tested directly: the registry entry comes with the page)."""

from __future__ import annotations

import io
import json

import pytest
from pebbles_helpers import LINE_JSON, play_out

from waddle.core.game import CHANCE
from waddle.core.records import BoardError
from waddle.core.registry import GameModule
from waddle.games.pebbles import Record
from waddle.games.pebbles.game import GAME


def test_game_has_every_engine_side_method_of_a_game_module():
    for name in (
        "new_record", "custom_record", "check_board", "record_from_json", "summary",
        "encode_link", "decode_link", "places", "make_bot", "bench",
    ):  # fmt: skip
        assert callable(getattr(GAME, name)), name
        assert hasattr(GameModule, name)
    assert GAME.id == "pebbles" and GAME.bot_levels == ("random", "easy", "medium", "hard")


def replay_output(record: Record) -> dict:
    """What ``python -m waddle replay`` prints: the record read back from its text, replayed."""
    data = json.loads(record.dumps())
    return json.loads(json.dumps(GAME.summary(GAME.record_from_json(data).replay())))


def test_a_finished_game_prints_scores_winners_and_every_scoring_line():
    record = GAME.new_record(3, 5)
    state = play_out(record.start(), 5)
    out = replay_output(record.with_actions(state.history))
    breakdown = state.breakdown()
    assert out["over"] is True and out["scores"] == state.scores()
    assert out["winners"] == state.winners() and out["decided_by"] == breakdown.decided_by
    assert [line["total"] for line in out["breakdown"]] == state.scores()
    assert set(out["breakdown"][0]) == {
        "total", "pebbles", "territories", "love", "fish", "fish_tokens", "tiles",
        "territory_names",
    }  # fmt: skip


def test_a_game_in_progress_prints_the_round_who_moves_the_step_and_every_legal_decision():
    record = GAME.new_record(2, 6)
    state = play_out(record.start(), 6, plies=7)
    while state.to_move() == CHANCE:
        state = play_out(state, 6, plies=state.ply + 1)
    out = replay_output(record.with_actions(state.history))
    assert out == {
        "over": False,
        "round": state.round + 1,
        "to_move": state.to_move(),
        "step": state.step_name,
        "legal": [a.to_json() for a in state.legal_actions()],
    }


def test_at_a_reshuffle_the_output_lists_the_cards_to_shuffle():
    record = GAME.new_record(2, 2)
    state = record.start()
    seed = 0
    while state.to_move() != CHANCE:
        state = play_out(state, seed, plies=state.ply + 1)
    out = replay_output(record.with_actions(state.history))
    assert out["to_move"] == "chance" and out["step"] == "chance" and out["legal"] == []
    assert sorted(out["reshuffle"]) == sorted(str(c) for c in state.view(0).discards)


def test_new_records_are_reproducible_from_their_seed():
    assert GAME.new_record(4, 99).dumps() == GAME.new_record(4, 99).dumps()
    assert GAME.new_record(4, 99).dumps() != GAME.new_record(4, 98).dumps()


def test_a_custom_record_is_dealt_on_the_layout_given():
    record = GAME.custom_record(2, json.dumps(LINE_JSON), seed=1)
    assert record.layout.name is None and len(record.start().layout) == 7
    with pytest.raises(BoardError, match="a game of 3 players needs a tile"):
        GAME.custom_record(3, json.dumps(LINE_JSON), seed=1)


def test_check_board_gives_a_summary_and_warnings():
    assert GAME.check_board(json.dumps(LINE_JSON)) == (
        "7 tiles (7-13), 4 territories, 2 pathways: fits 2 players",
        [],
    )


def test_links_through_game():
    record = GAME.new_record(3, 4)
    game = GAME.decode_link(GAME.encode_link(record, ["A", "B", "C"], [None, "easy", "hard"]))
    assert game.record.dumps() == record.dumps() and game.bots == [None, "easy", "hard"]
    assert len(GAME.places(record)) == 10 + 2 + 40, "tiles, pathways, cards"


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_make_bot_gives_every_level(level):
    bot = GAME.make_bot(level, seed=1, iterations=20)
    state = GAME.new_record(2, 1).start()
    assert bot.choose(state) in state.legal_actions()
    with pytest.raises(ValueError, match="unknown bot level"):
        GAME.make_bot("grandmaster")


def test_bench_prints_a_row_per_player_count():
    out = io.StringIO()
    GAME.bench([2], 0.3, 1, out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("pebbles bench") and lines[2].split()[0] == "2"


def test_the_record_notes_example_replays_to_the_output_it_shows():
    """docs/pebbles-record.md: the example record and its ``replay`` line agree."""
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "pebbles-record.md").read_text("utf-8")
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    shown = text.split("$ python -m waddle replay game.json\n", 1)[1].split("\n", 1)[0]
    record = GAME.record_from_json(json.loads(example))
    assert json.dumps(GAME.summary(record.replay()), separators=(",", ":")) == shown
