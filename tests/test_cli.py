"""``python -m waddle``: replay, new, check-map and bench, as the record design note says."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from waddle.cli import main
from waddle.core.rng import Rng
from waddle.games.waddle import Action, Record, new_record

ROOT = Path(__file__).resolve().parent.parent


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def run_process(*argv: str) -> subprocess.CompletedProcess:
    """The real command, as a user runs it (proves no traceback escapes)."""
    return subprocess.run(
        [sys.executable, "-m", "waddle", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def finished_record(players: int, seed: int) -> Record:
    state = new_record(players, seed).start()
    rng = Rng(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return Record.from_state(state)


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_replay_of_a_finished_game_prints_scores_winners_and_breakdown(tmp_path):
    record = finished_record(3, 5)
    state = record.replay()
    code, out, err = run("replay", write(tmp_path, "game.json", record.dumps()))
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert result["over"] is True
    assert result["scores"] == state.scores()
    assert result["winners"] == state.winners()
    breakdown = state.breakdown()
    for p, entry in enumerate(result["breakdown"]):
        assert entry["waddles"] == sorted(entry["waddles"], reverse=True)
        assert entry["waddles"] == [w.penguins for w in breakdown.players[p].waddles]
        assert entry["waddle_vp"] + entry["pool_vp"] == result["scores"][p]


def test_replay_of_a_game_in_progress_prints_who_moves_and_the_legal_actions(tmp_path):
    record = new_record(4, 8)
    state = record.start()
    state.apply(state.legal_actions()[0])
    record.actions = state.history
    code, out, _ = run("replay", write(tmp_path, "game.json", record.dumps()))
    result = json.loads(out)
    assert code == 0
    assert result == {
        "over": False,
        "to_move": state.to_move(),
        "active": state.active_number,
        "legal": [a.to_json() for a in state.legal_actions()],
    }
    assert {"scout": True} in result["legal"]
    assert {"place": list(state.legal_hexes()[0]), "double": True} in result["legal"]


def test_replay_reports_an_illegal_action_with_its_index_and_exit_2(tmp_path):
    record = finished_record(2, 4)
    record.actions = [*record.actions[:5], Action.place((99, 99))]
    proc = run_process("replay", write(tmp_path, "bad.json", record.dumps()))
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1
    assert (
        lines[0].startswith("error: ") and "action 5" in lines[0] and "not on the map" in lines[0]
    )
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    "text", ["", "{", "[]", '{"format": "waddle-record/1"}', "\x00\x01garbage"]
)
def test_replay_of_a_malformed_record_is_one_error_line(tmp_path, text):
    code, out, err = run("replay", write(tmp_path, "bad.json", text))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")


def test_replay_of_a_missing_file_is_an_error():
    code, out, err = run("replay", "/nonexistent/game.json")
    assert code == 2 and out == "" and err.startswith("error: cannot read")


def test_replay_jsonl_prints_one_line_per_record_and_errors_in_place(tmp_path):
    good = finished_record(5, 1)
    running = new_record(2, 3)
    bad = finished_record(3, 2)
    bad.actions.append(Action.place((0, 0)))
    lines = [good.dumps(), running.dumps(), "not json", bad.dumps(), ""]
    proc = run_process("replay", "--jsonl", write(tmp_path, "games.jsonl", "\n".join(lines)))
    assert proc.returncode == 2
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(results) == 4
    assert results[0]["over"] is True and results[0]["scores"] == good.replay().scores()
    assert results[1]["over"] is False
    assert set(results[2]) == {"error"} and set(results[3]) == {"error"}
    assert f"action {len(bad.actions) - 1}" in results[3]["error"]
    assert all(line.startswith("error: ") for line in proc.stderr.splitlines())
    assert "Traceback" not in proc.stderr


def test_replay_jsonl_of_good_records_exits_0(tmp_path):
    text = "\n".join(finished_record(p, p).dumps() for p in (2, 3, 4, 5)) + "\n"
    code, out, err = run("replay", "--jsonl", write(tmp_path, "games.jsonl", text))
    assert code == 0 and err == ""
    assert [json.loads(line)["over"] for line in out.splitlines()] == [True] * 4


def test_new_prints_a_playable_record_reproducible_from_its_seed():
    code, out, _ = run("new", "--players", "4", "--seed", "12")
    assert code == 0
    record = Record.loads(out)
    assert record.players == 4 and record.actions == []
    assert out.strip() == new_record(4, 12).dumps()
    assert not record.replay().is_over()


def test_new_without_a_seed_picks_one_and_records_it():
    code, out, _ = run("new", "--players", "2")
    record = Record.loads(out)
    assert code == 0 and record.generated is not None
    assert new_record(2, record.generated.seed).dumps() == out.strip()


def test_new_without_players_starts_the_games_usual_count():
    code, out, _ = run("new", "--game", "htmf", "--seed", "3")
    assert code == 0 and json.loads(out)["players"] == 2


def test_new_rejects_a_player_count_outside_2_to_5():
    proc = run_process("new", "--players", "6")
    assert proc.returncode == 2 and "2 to 5 players" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_new_with_a_custom_map(tmp_path):
    custom = [
        {"q": 0, "r": 0, "kind": "water", "number": 1, "fish": [2]},
        {"q": 1, "r": 0, "kind": "ice"},
        {"q": 0, "r": 1, "kind": "ice"},
    ]
    code, out, _ = run(
        "new",
        "--players",
        "2",
        "--seed",
        "1",
        "--map",
        write(tmp_path, "m.json", json.dumps(custom)),
    )
    assert code == 0
    assert Record.loads(out).to_json()["map"] == custom


def test_check_map_lists_errors_and_warnings(tmp_path):
    broken = [
        {"q": 0, "r": 0, "kind": "water", "number": 1},
        {"q": 0, "r": 0, "kind": "ice"},
        {"q": 3, "r": 0, "kind": "water", "number": 1},
    ]
    code, out, err = run("check-map", write(tmp_path, "broken.json", json.dumps(broken)))
    assert code == 2 and out == ""
    assert "hex 0,0 appears twice" in err and "number 1 is used twice" in err
    island = [
        {"q": 0, "r": 0, "kind": "water", "number": 1},
        {"q": 1, "r": 0, "kind": "ice"},
        {"q": 5, "r": 5, "kind": "ice"},
    ]
    code, out, err = run("check-map", write(tmp_path, "island.json", json.dumps({"map": island})))
    assert code == 0 and out.startswith("ok: 3 hexes, 2 ice")
    assert "warning:" in err and "5,5" in err and "never be filled" in err


def test_bench_prints_games_per_second_for_each_player_count():
    code, out, _ = run("bench", "--players", "2", "--seconds", "0.3", "--processes", "1")
    assert code == 0
    row = next(line.split() for line in out.splitlines() if line.split()[:1] == ["2"])
    assert float(row[1]) > 0 and float(row[2]) > 0
    assert "µs per action" in out


# -- more than one game ----------------------------------------------------------------------


def htmf_finished(players: int, seed: int):
    from waddle.games.htmf.record import new_record as htmf_new_record

    record = htmf_new_record(players, seed)
    state = record.start()
    rng = Rng(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return record.with_actions(state.history), state


def test_replay_tells_the_games_apart_by_format_also_in_one_mixed_jsonl_file(tmp_path):
    waddle = finished_record(3, 4)
    htmf, htmf_state = htmf_finished(3, 4)
    bad_htmf = htmf.to_json()
    bad_htmf["actions"] = [*bad_htmf["actions"][:3], {"place": [99, 99]}]
    lines = [waddle.dumps(), htmf.dumps(), json.dumps(bad_htmf), '{"format": "chess/1"}']
    code, out, err = run("replay", "--jsonl", write(tmp_path, "mixed.jsonl", "\n".join(lines)))
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 2 and len(results) == 4
    assert results[0]["scores"] == waddle.replay().scores() and "breakdown" in results[0]
    assert results[1] == {
        "over": True,
        "scores": htmf_state.scores(),
        "floes": htmf_state.floe_counts(),
        "winners": htmf_state.winners(),
    }
    assert "action 3" in results[2]["error"]
    assert "waddle-record/1" in results[3]["error"] and "htmf-record/1" in results[3]["error"]
    assert [line.split(":")[0] for line in err.splitlines()] == ["error", "error"]


def test_replay_reads_standard_input_when_the_file_is_a_dash():
    htmf, state = htmf_finished(2, 9)
    code, out, err = run_with_stdin(htmf.dumps(), "replay", "-")
    assert (code, err) == (0, "")
    assert json.loads(out)["winners"] == state.winners()
    proc = subprocess.run(
        [sys.executable, "-m", "waddle", "replay", "--jsonl", "-"],
        cwd=ROOT,
        input=f"{htmf.dumps()}\n{finished_record(2, 3).dumps()}\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0
    assert [json.loads(line)["over"] for line in proc.stdout.splitlines()] == [True, True]


def run_with_stdin(text: str, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err, stdin=io.StringIO(text))
    return code, out.getvalue(), err.getvalue()


def test_new_check_map_and_move_take_the_game():
    code, out, _ = run("new", "--game", "htmf", "--players", "4", "--seed", "5")
    data = json.loads(out)
    assert code == 0 and data["format"] == "htmf-record/1" and data["players"] == 4
    assert len(data["board"]) == 60 and data["actions"] == []
    proc = run_process("new", "--game", "htmf", "--players", "5")
    assert proc.returncode == 2 and "2 to 4 players" in proc.stderr
    code, out, err = run_with_stdin(json.dumps(data), "move", "-", "--bot", "medium")
    assert code == 0 and "place" in json.loads(out)
    code, out, err = run_with_stdin(json.dumps(data), "move", "-", "--game", "waddle")
    assert code == 2 and "not a game of waddle" in err


def test_check_map_of_a_custom_htmf_board_lists_its_errors(tmp_path):
    board = [{"q": 0, "r": 0, "fish": 1}, {"q": 0, "r": 0, "fish": 2}, {"q": 1, "r": 0, "fish": 4}]
    code, out, err = run(
        "check-map", "--game", "htmf", write(tmp_path, "b.json", json.dumps(board))
    )
    assert code == 2 and out == ""
    assert all(line.startswith("error: ") for line in err.splitlines()) and err.count("\n") >= 2
    assert "0,0" in err and "4" in err


def test_tournament_and_bench_take_the_game():
    code, out, _ = run(
        "tournament", "--game", "htmf", "--levels", "medium", "random", "--games", "2",
        "--iterations", "1", "--processes", "1", "--json",
    )  # fmt: skip
    report = json.loads(out)[0]
    assert code == 0 and report["game"] == "htmf" and report["games"] == 2
    assert {row["level"] for row in report["levels"]} == {"medium", "random"}
    code, out, _ = run("tournament", "--game", "htmf", "--levels", "nonsense", "--games", "1")
    assert code == 2


def test_new_takes_options_only_from_games_that_have_them():
    code, _, err = run("new", "--game", "htmf", "--players", "2", "--option", "speed=1")
    assert code == 2 and "the game's options: none" in err
