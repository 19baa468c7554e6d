"""``python -m waddle`` with Pebbles, through the registry: ``new``, ``replay`` (alone, in a
``--jsonl`` file that mixes the three record formats, from standard input), ``move``,
``tournament``, ``bench`` and ``check-map`` with ``--game pebbles`` (docs/pebbles-record.md
for the output)."""

from __future__ import annotations

import json
import subprocess
import sys

from test_cli import ROOT, finished_record, htmf_finished, run, run_with_stdin, write

from waddle.core.rng import Rng
from waddle.games.pebbles import GAME, Record
from waddle.games.pebbles.layout import builtin_layout


def pebbles_finished(players: int, seed: int):
    record = GAME.new_record(players, seed)
    state = record.start()
    rng = Rng(seed)
    while not state.is_over():
        if state.to_move() == -2:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return record.with_actions(state.history), state


def test_new_prints_a_pebbles_record_dealt_from_the_seed():
    code, out, err = run("new", "--game", "pebbles", "--players", "3", "--seed", "5")
    assert (code, err) == (0, "")
    record = Record.loads(out)
    assert record.players == 3 and record.seed == 5 and record.actions == []
    assert record.dumps() == GAME.new_record(3, 5).dumps()
    code, _, err = run("new", "--game", "pebbles", "--players", "5")
    assert code == 2 and "Pebbles is for 2 to 4 players, not 5" in err


def test_replay_of_a_finished_pebbles_game_prints_its_scoring_lines(tmp_path):
    record, state = pebbles_finished(4, 7)
    code, out, err = run("replay", write(tmp_path, "p.json", record.dumps()))
    result = json.loads(out)
    assert (code, err) == (0, "")
    breakdown = state.breakdown()
    assert result["over"] is True and result["scores"] == breakdown.totals
    assert result["winners"] == list(breakdown.winners)
    assert result["decided_by"] == breakdown.decided_by
    assert [line["total"] for line in result["breakdown"]] == breakdown.totals


def test_replay_jsonl_mixes_the_three_formats_and_reports_errors_in_place(tmp_path):
    waddle = finished_record(2, 4)
    htmf, htmf_state = htmf_finished(2, 4)
    pebbles, pebbles_state = pebbles_finished(2, 4)
    bad = pebbles.to_json()
    bad["actions"] = [*bad["actions"][:2], {"place": 2}]  # no tile 2 in a 2-player game
    lines = [waddle.dumps(), pebbles.dumps(), htmf.dumps(), json.dumps(bad)]
    code, out, _ = run("replay", "--jsonl", write(tmp_path, "mixed.jsonl", "\n".join(lines)))
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(results) == 4
    assert results[0]["scores"] == waddle.replay().scores()
    assert results[1]["winners"] == pebbles_state.winners()
    assert results[2]["floes"] == htmf_state.floe_counts()
    assert "action 2" in results[3]["error"]


def test_replay_reads_a_pebbles_record_from_standard_input():
    pebbles, state = pebbles_finished(3, 2)
    code, out, err = run_with_stdin(pebbles.dumps(), "replay", "-")
    assert (code, err) == (0, "") and json.loads(out)["scores"] == state.scores()
    running = GAME.new_record(2, 8)
    proc = subprocess.run(
        [sys.executable, "-m", "waddle", "replay", "--jsonl", "-"],
        cwd=ROOT,
        input=f"{running.dumps()}\n{pebbles.dumps()}\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    first, second = (json.loads(line) for line in proc.stdout.splitlines())
    assert proc.returncode == 0
    assert first["over"] is False and first["to_move"] == running.lead
    assert first["step"] == "play" and len(first["legal"]) == 10
    assert second["over"] is True


def test_move_prints_the_bots_decision_in_the_records_syntax(tmp_path):
    record = GAME.new_record(2, 3)
    path = write(tmp_path, "p.json", record.dumps())
    code, out, err = run("move", "--game", "pebbles", "--bot", "medium", "--iterations", "20", path)
    assert (code, err) == (0, "")
    decision = json.loads(out)
    state = record.start()
    assert decision in [a.to_json() for a in state.legal_actions()]
    code, _, err = run("move", "--game", "htmf", path)
    assert code == 2 and "not a game of htmf" in err


def test_tournament_and_bench_run_pebbles():
    code, out, _ = run(
        "tournament", "--game", "pebbles", "--levels", "easy", "random", "--games", "2",
        "--iterations", "5", "--processes", "1", "--json",
    )  # fmt: skip
    report = json.loads(out)[0]
    assert code == 0 and report["game"] == "pebbles" and report["games"] == 2
    code, out, _ = run(
        "bench", "--game", "pebbles", "--players", "2", "--seconds", "0.1", "--processes", "1"
    )
    assert code == 0 and "games/s" in out


def test_check_map_of_a_pebbles_layout_says_what_it_fits_or_lists_its_errors(tmp_path):
    good = json.dumps(builtin_layout(3).to_json())
    code, out, _ = run("check-map", write(tmp_path, "good.json", good))
    assert code == 0 and out.startswith("ok: 10 tiles (4-13), 4 territories, 2 pathways")
    bad = {
        "game": "pebbles",
        "territories": [{"name": "A", "value": "X"}],
        "tiles": [{"number": 7, "q": 0, "r": 0, "territory": "B"}],
    }
    code, out, err = run(
        "check-map", "--game", "pebbles", write(tmp_path, "b.json", json.dumps(bad))
    )
    assert code == 2 and out == ""
    assert 'territory "B" is not one of the layout\'s ("A")' in err
