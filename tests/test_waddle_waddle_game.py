"""Waddle Waddle as the platform sees it: ``GAME``'s engine-side methods, whose ``summary``
is exactly the replay output of docs/waddle-waddle-record.md. (The registry entry comes
with the app half of the game; these tests use ``GAME`` directly.)"""

from __future__ import annotations

import copy
import io
import json
import random

import pytest

from waddle.core.records import BoardError, RecordError
from waddle.games.waddle_waddle.components import BUILT_IN
from waddle.games.waddle_waddle.game import GAME
from waddle.games.waddle_waddle.record import Record


def replay_output(record: Record) -> dict:
    """What ``replay`` prints: the record read back from its JSON text, replayed."""
    data = json.loads(record.dumps())
    return json.loads(json.dumps(GAME.summary(GAME.record_from_json(data).replay())))


def finished(players: int, seed: int) -> Record:
    record = GAME.new_record(players, seed)
    state = record.start()
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return record.with_actions(state.history)


def test_game_names_itself_and_its_levels():
    assert GAME.id == "waddle-waddle"
    assert GAME.bot_levels == ("random", "easy", "medium", "hard")


def test_a_finished_game_prints_scores_nests_bonuses_and_winners():
    record = finished(3, 5)
    state = record.replay()
    out = replay_output(record)
    assert out == {
        "over": True,
        "scores": state.scores(),
        "nests": state.nest_totals(),
        "most_in_one": state.most_in_one(),
        "bonuses": [list(b) for b in state.bonuses],
        "winners": state.winners(),
    }
    assert len(out["bonuses"]) == 2


def test_a_game_in_progress_prints_who_moves_and_every_legal_action():
    record = GAME.new_record(2, 6)
    out = replay_output(record)
    assert out["over"] is False and out["to_move"] == 0 and out["phase"] == "hero"
    assert len(out["legal"]) == 6
    state = record.start()
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    out = replay_output(record.with_actions(state.history))
    assert out["legal"] == [a.to_json() for a in state.legal_actions()]
    assert out["season"] == 1 and out["scores"] == state.scores()


def test_check_board_summarises_a_component_set_and_lists_its_problems():
    text = json.dumps(BUILT_IN.raw)
    summary, warnings = GAME.check_board(text)
    assert summary.startswith("waddle-waddle-project/1: 5 rookeries, 10 threat spaces")
    assert warnings == []
    bad = copy.deepcopy(BUILT_IN.raw)
    bad["fish_tokens"] = "many"
    bad["rookeries"][1]["species"] = []
    with pytest.raises(BoardError) as e:
        GAME.check_board(json.dumps(bad))
    assert len(e.value.problems) == 2


def test_a_custom_record_plays_with_the_component_set_given():
    raw = copy.deepcopy(BUILT_IN.raw)
    raw["name"] = "printed"
    raw["fish_tokens"] = [5, 5, 5, 5, 5]
    record = GAME.custom_record(2, json.dumps(raw), seed=3)
    state = record.start()
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert sum(state.rfish) >= 25 and record.components.name == "printed/1"
    with pytest.raises(BoardError):
        GAME.custom_record(2, "{}", seed=3)


def test_record_from_json_says_what_is_wrong():
    with pytest.raises(RecordError, match='"format" must be'):
        GAME.record_from_json({"format": "htmf-record/1"})


def test_links_round_trip_through_game():
    record = finished(4, 2)
    text = GAME.encode_link(record, ["A", "B", "C", "D"], [None, "hard", None, "medium"])
    linked = GAME.decode_link(text)
    assert linked.record.dumps() == record.dumps() and linked.bots[1] == "hard"
    assert GAME.places(record)[3] == "crozet"


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_make_bot_gives_each_level_playing_legal_actions(level):
    bot = GAME.make_bot(level, seed=1, iterations=20)
    state = GAME.new_record(3, 4).start()
    for _ in range(12):
        action = bot.choose(state)
        assert action in state.legal_actions()
        state.apply(action)


def test_bench_prints_random_games_per_second():
    out = io.StringIO()
    GAME.bench([2], 0.3, 1, out)
    text = out.getvalue()
    assert "games/s" in text and "\n      2 " in text
