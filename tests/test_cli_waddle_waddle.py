"""``python -m waddle`` with Waddle Waddle, through the registry: ``new`` (with its rules as
``--option``), ``replay`` (alone, in a ``--jsonl`` file that mixes the four record formats,
from standard input), ``move``, ``tournament``, ``bench`` and ``check-map`` with ``--game
waddle-waddle`` (docs/waddle-waddle-record.md for the output)."""

from __future__ import annotations

import json

from test_cli import ROOT, finished_record, htmf_finished, run, run_with_stdin, write
from test_cli_pebbles import pebbles_finished

from waddle.core.rng import Rng
from waddle.games.waddle_waddle import GAME
from waddle.games.waddle_waddle.record import Record

COMPONENTS = str(ROOT / "waddle/games/waddle_waddle/components.json")


def ww_finished(players: int, seed: int, **options):
    record = GAME.new_record(players, seed, options or None)
    state = record.start()
    rng = Rng(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return record.with_actions(state.history), state


def test_new_prints_a_record_dealt_from_the_seed_with_the_rules_asked_for():
    code, out, err = run("new", "--game", "waddle-waddle", "--players", "3", "--seed", "5")
    assert (code, err) == (0, "")
    record = Record.loads(out)
    assert record.players == 3 and record.actions == []
    assert record.dumps() == GAME.new_record(3, 5).dumps()
    code, out, err = run(
        "new", "--game", "waddle-waddle", "--players", "2", "--seed", "5",
        "--option", "seasons=1", "--option", "kevin=on", "--option", "two_player_variant=off",
    )  # fmt: skip
    options = Record.loads(out).options
    assert code == 0 and (options.seasons, options.kevin) == (1, True)
    assert not options.two_player_variant
    code, _, err = run("new", "--game", "waddle-waddle", "--players", "7")
    assert code == 2 and "Waddle Waddle is for 2 to 6 players, not 7" in err
    code, _, err = run(
        "new", "--game", "waddle-waddle", "--players", "3", "--option", "two_player_variant=on"
    )
    assert code == 2 and "two_player_variant is not an option with 3 players" in err
    code, _, err = run("new", "--game", "waddle-waddle", "--players", "3", "--option", "speed=1")
    assert code == 2 and "seasons, two_player_variant, kevin" in err


def test_replay_of_a_finished_game_prints_its_result_with_the_tie_breaks(tmp_path):
    record, state = ww_finished(4, 7, seasons=1)
    code, out, err = run("replay", write(tmp_path, "ww.json", record.dumps()))
    result = json.loads(out)
    assert (code, err) == (0, "")
    assert result["over"] is True and result["scores"] == state.scores()
    assert result["winners"] == state.winners()
    assert result["nests"] == state.nest_totals() and result["most_in_one"] == state.most_in_one()


def test_replay_jsonl_mixes_the_four_formats_and_reports_errors_in_place(tmp_path):
    waddle = finished_record(2, 4)
    htmf, htmf_state = htmf_finished(2, 4)
    pebbles, pebbles_state = pebbles_finished(2, 4)
    ww, ww_state = ww_finished(2, 4, seasons=1)
    bad = ww.to_json()
    bad["actions"] = [*bad["actions"][:2], {"play": "crozet"}]  # no waddle to play
    lines = [ww.dumps(), waddle.dumps(), pebbles.dumps(), htmf.dumps(), json.dumps(bad)]
    code, out, _ = run("replay", "--jsonl", write(tmp_path, "mixed.jsonl", "\n".join(lines)))
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(results) == 5
    assert results[0]["winners"] == ww_state.winners()
    assert results[1]["scores"] == waddle.replay().scores()
    assert results[2]["winners"] == pebbles_state.winners()
    assert results[3]["floes"] == htmf_state.floe_counts()
    assert "action 2" in results[4]["error"]


def test_replay_reads_a_record_from_standard_input():
    running = GAME.new_record(2, 8)
    code, out, err = run_with_stdin(running.dumps(), "replay", "-")
    result = json.loads(out)
    assert (code, err) == (0, "")
    assert result["over"] is False and result["phase"] == "hero" and result["to_move"] == 0


def test_move_prints_the_bots_decision_in_the_records_syntax(tmp_path):
    record = GAME.new_record(2, 3)
    state = record.start()
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    path = write(tmp_path, "ww.json", record.with_actions(state.history).dumps())
    code, out, err = run(
        "move", "--game", "waddle-waddle", "--bot", "hard", "--iterations", "20", path
    )
    assert (code, err) == (0, "")
    assert json.loads(out) in [a.to_json() for a in state.legal_actions()]
    code, _, err = run("move", "--game", "pebbles", path)
    assert code == 2 and "not a game of pebbles" in err


def test_tournament_and_bench_run_waddle_waddle():
    code, out, _ = run(
        "tournament", "--game", "waddle-waddle", "--levels", "easy", "random", "--games", "2",
        "--iterations", "5", "--processes", "1", "--json",
    )  # fmt: skip
    report = json.loads(out)[0]
    assert code == 0 and report["game"] == "waddle-waddle" and report["games"] == 2
    code, out, _ = run(
        "bench", "--game", "waddle-waddle", "--players", "2", "--seconds", "0.1",
        "--processes", "1",
    )  # fmt: skip
    assert code == 0 and "games/s" in out


def test_check_map_of_a_component_set_says_what_it_holds_or_lists_its_problems(tmp_path):
    code, out, _ = run("check-map", COMPONENTS)  # the file names its game
    assert code == 0 and out.startswith("ok: waddle-waddle-project/1: 5 rookeries")
    with open(COMPONENTS, encoding="utf-8") as f:
        bad = json.load(f)
    bad["rookeries"][2]["species"] = ["emperor"]
    bad["fish_tokens"] = [1, 2]
    code, out, err = run("check-map", write(tmp_path, "b.json", json.dumps(bad)))
    assert code == 2 and out == ""
    assert 'rookery argentine: "species" must list species among' in err
    assert '"fish_tokens" must list 5 tokens' in err
