"""``python -m waddle bench calibration`` (waddle/bench/calibration.py): a line per game with
the meter's estimate of every seat at every decision, a summary with the calibration table
and the Brier scores that a results file gives again, and resumed runs."""

from __future__ import annotations

import io
import json

import pytest

from waddle.bench.calibration import _line, brier, fitted_power, opening_report, samples, table
from waddle.cli import main
from waddle.core.analysis import METHOD, Meter


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["bench", "calibration", *argv], out=out, err=err)
    return code, out.getvalue()


@pytest.mark.parametrize("game", ["htmf", "pebbles"])
def test_a_run_writes_the_meters_estimates_and_summarizes_to_what_it_printed(game, tmp_path):
    results = tmp_path / "c.jsonl"
    args = ("--game", game, "--players", "2", "--games", "1", "--budget", "8")
    code, out = run(*args, "--processes", "1", "--results", str(results))
    assert code == 0
    (line,) = [json.loads(raw) for raw in results.read_text().splitlines()]
    assert line["kind"] == "calibration" and line["iterations"] == 8
    assert len(line["estimates"]) > 10
    assert all(sum(shares) == pytest.approx(1, abs=1e-3) for _ply, shares in line["estimates"])
    assert sum(line["wins"]) == pytest.approx(1)
    code, summary = run("--summarize", str(results))
    assert code == 0 and out.endswith(summary)
    assert "Brier, after the opening" in summary and "fitted power" in summary


def test_a_resumed_run_plays_only_the_games_the_file_lacks(tmp_path):
    results = tmp_path / "c.jsonl"
    args = ("--game", "htmf", "--players", "2", "--budget", "5", "--processes", "1")
    run(*args, "--games", "1", "--results", str(results))
    code, out = run(*args, "--games", "2", "--results", str(results))
    assert code == 0 and "2 games, 1 of them from" in out and ": 1 played" in out


def test_a_perfect_forecast_scores_zero_and_the_fair_share_a_quarter_with_two_players():
    lines = [{"estimates": [[0, [1.0, 0.0]], [1, [1.0, 0.0]]], "wins": [1.0, 0.0]}]
    rows = samples(lines)
    assert brier(rows) == 0.0 and brier(rows, baseline=True) == 0.25
    assert table(rows)[9] == (2, 1.0, 1.0) and table(rows)[0] == (2, 0.0, 0.0)


def test_the_fitted_power_softens_an_overconfident_forecast():
    # Said 90% but won 70% of the time: the best power is 0.5 (90% -> 75%; 0.25: 62.5%).
    lines = [{"estimates": [[0, [0.9, 0.1]]], "wins": [1.0, 0.0]} for _ in range(7)] + [
        {"estimates": [[0, [0.9, 0.1]]], "wins": [0.0, 1.0]} for _ in range(3)
    ]
    assert fitted_power(lines) == 0.5
    calibrated = samples(lines, power=0.5)
    assert brier(calibrated) < brier(samples(lines))


def test_a_meter_calibrates_each_game_with_the_power_for_its_player_count():
    two = {"players": 2, "estimates": [[0, [0.75, 0.25]]], "wins": [1.0, 0.0]}
    three = {"players": 3, "estimates": [[0, [0.64, 0.36, 0.0]]], "wins": [1.0, 0.0, 0.0]}
    rows = samples([two, three], Meter(100, power=2.0, by_players={3: 0.5}))
    assert [round(p, 4) for p, _won, _n in rows] == [0.9, 0.1, 0.5714, 0.4286, 0.0]


def test_a_line_keeps_its_moves_and_estimating_it_again_replays_the_same_game(tmp_path):
    first, again = tmp_path / "first.jsonl", tmp_path / "again.jsonl"
    base = ("--game", "htmf", "--players", "2", "--games", "1", "--processes", "1")
    run(*base, "--budget", "8", "--results", str(first))
    code, out = run(*base, "--budget", "30", "--again", str(first), "--results", str(again))
    assert code == 0
    (played,) = [json.loads(raw) for raw in first.read_text().splitlines()]
    (judged,) = [json.loads(raw) for raw in again.read_text().splitlines()]
    assert judged["actions"] == played["actions"] and judged["wins"] == played["wins"]
    assert [ply for ply, _ in judged["estimates"]] == [ply for ply, _ in played["estimates"]]
    assert judged["iterations"] == 30 and judged["estimates"] != played["estimates"]
    assert "move 0 says" in out and "swings between consecutive decisions" in out


def test_the_opening_report_compares_move_0_with_the_seats_results_and_the_swings():
    def line(estimates, wins):
        return {"players": 2, "wins": wins, "estimates": list(enumerate(estimates))}

    # A meter that says 80% for whoever is to move: it swings every decision.
    lines = [line([[0.8, 0.2], [0.2, 0.8]] * 4, [1.0, 0.0]), line([[0.8, 0.2]] * 8, [0.0, 1.0])]
    report = opening_report(lines)
    assert report.move0 == [0.8, 0.2] and report.won == [0.5, 0.5]
    assert report.reference(0) == 0.5  # two games say nothing: the fair share
    assert report.largest_swing == pytest.approx(0.6)
    assert report.opening_swing == pytest.approx(0.3)  # the median of [0.6, 0.0]


def test_the_noise_run_estimates_positions_with_several_seeds_and_summarizes_again(tmp_path):
    games, noise = tmp_path / "games.jsonl", tmp_path / "noise.jsonl"
    run("--game", "htmf", "--players", "2", "--games", "1", "--budget", "8",
        "--processes", "1", "--results", str(games))  # fmt: skip
    code, out = run("--game", "htmf", "--noise", str(games), "--positions", "3", "--seeds",
                    "3", "--budget", "20", "--processes", "1", "--results", str(noise))  # fmt: skip
    assert code == 0
    lines = [json.loads(raw) for raw in noise.read_text().splitlines()]
    assert len(lines) == 3 and all(len(line["chances"]) == 3 for line in lines)
    assert all(line["sd"] >= 0 and line["iterations"] == 20 for line in lines)
    assert "Meter.noise" in out
    code, summary = run("--summarize", str(noise))
    assert code == 0 and "noise: 3 positions" in summary


def test_a_line_names_the_way_its_games_meter_estimates_so_two_ways_are_never_pooled():
    # Waddle Waddle's meter searches part of its budget from the public view since issue
    # 36 (method 3: half at every count; 4: a quarter at 3 and 4 players): its lines are
    # a way of their own; the other games' figures are the same as before.
    assert _line("waddle-waddle", 2, 0, None)["meter"] == 4
    assert _line("htmf", 2, 0, None)["meter"] == METHOD == 2
