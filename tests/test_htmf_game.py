"""Hey, That's My Fish! as the platform sees it: the registry entry loads ``GAME``, whose
``summary`` is exactly the replay output of htmf-record.md ("python -m waddle replay")."""

from __future__ import annotations

import io
import json

import pytest

from waddle.core.records import BoardError, RecordError
from waddle.core.rng import Rng
from waddle.games import GAMES
from waddle.games.htmf import GAME, Record, new_record


def test_the_registry_entry_loads_this_game():
    entry = GAMES.by_format("htmf-record/1")
    assert entry.id == "htmf" and entry.load() is GAME
    assert GAMES.by_link(GAME.encode_link(new_record(2, 1))) is entry
    assert GAME.id == "htmf" and GAME.bot_levels == ("random", "easy", "medium", "hard")


def replay_output(record: Record) -> dict:
    """What ``replay`` prints: the record read back from its JSON text, replayed."""
    data = json.loads(record.dumps())
    return json.loads(json.dumps(GAME.summary(GAME.record_from_json(data).replay())))


def test_a_finished_game_prints_scores_floes_and_winners_only():
    record = new_record(3, 5)
    state = record.start()
    rng = Rng(5)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    out = replay_output(record.with_actions(state.history))
    assert out == {
        "over": True,
        "scores": state.scores(),
        "floes": state.floe_counts(),
        "winners": state.winners(),
    }
    assert len(out["scores"]) == len(out["floes"]) == 3


def test_a_game_in_progress_prints_who_moves_the_phase_and_every_legal_action():
    record = new_record(2, 6)
    out = replay_output(record)
    assert out["over"] is False and out["to_move"] == 0 and out["phase"] == "place"
    assert len(out["legal"]) == 30 and all(set(a) == {"place"} for a in out["legal"])
    state = record.start()
    while state.phase == "place":
        state.apply(state.legal_actions()[0])
    out = replay_output(record.with_actions(state.history))
    assert out["phase"] == "move" and out["to_move"] == state.to_move()
    assert out["legal"] == [a.to_json() for a in state.legal_actions()]
    assert all(list(a) == ["move"] for a in out["legal"])


def test_new_records_are_reproducible_from_their_seed():
    assert GAME.new_record(4, 99).dumps() == GAME.new_record(4, 99).dumps()
    assert GAME.new_record(4, 99).dumps() != GAME.new_record(4, 98).dumps()


BOARD = json.dumps([{"q": q, "r": r, "fish": 1 + (q + r) % 3} for q in range(6) for r in range(5)])


def test_check_board_gives_a_summary_line_and_warnings():
    summary, warnings = GAME.check_board(BOARD)
    assert summary == "30 floes, 60 fish (10 with 1 fish, 10 with 2, 10 with 3)"
    assert warnings == []
    with pytest.raises(BoardError, match="appears twice"):
        GAME.check_board(json.dumps([{"q": 0, "r": 0, "fish": 1}] * 9))


def test_a_custom_record_starts_on_the_board_given():
    record = GAME.custom_record(2, BOARD, seed=1)
    assert record.generated is None and record.players == 2
    assert len(record.start().floes_left()) == 30
    ten_ones = json.dumps([{"q": q, "r": 0, "fish": 1} for q in range(8)])
    with pytest.raises(BoardError, match="3 players place 9 penguins"):
        GAME.custom_record(3, ten_ones, seed=1)


def test_record_from_json_errors_are_record_errors():
    with pytest.raises(RecordError, match='"players" must be an integer from 2 to 4'):
        GAME.record_from_json({"format": "htmf-record/1", "players": 9})


def test_bench_prints_games_per_second_for_each_player_count():
    out = io.StringIO()
    GAME.bench([2, 3], seconds=0.2, processes=1, out=out)
    text = out.getvalue()
    assert "games/s" in text and "movegen" in text
    rows = [line.split() for line in text.splitlines() if line.strip()[:1].isdigit()]
    assert [int(row[0]) for row in rows[:2]] == [2, 3]
    assert all(float(row[1]) > 0 for row in rows[:2])
