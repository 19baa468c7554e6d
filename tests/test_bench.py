"""``python -m waddle bench KIND --game ID`` (waddle/bench/): every kind's help, a small run
of each kind on each game that offers it, results files read back to the same summary,
resumed runs, and the results files kept in docs/results/. The figures themselves are
benchmarks (docs/benchmarks.md), not tests."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from waddle.cli import main
from waddle.games import GAMES

ROOT = Path(__file__).resolve().parent.parent

KINDS = ("speed", "bots", "balance", "calibration", "replay")

BOTS = {  # the quickest goal of each game, at 2 iterations a move
    "waddle": "two",
    "htmf": "uct",
    "pebbles": "two",
    "waddle-waddle": "two",
}
BALANCE = ("waddle", "pebbles", "waddle-waddle")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["bench", *argv], out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize("kind", [None, *KINDS])
def test_every_kind_has_a_help_that_names_its_options(kind, capsys):
    argv = ["bench", "--help"] if kind is None else ["bench", kind, "--help"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: ") and "--game" in text and "--summarize" in text
    if kind == "bots":  # every game's goals, in words
        assert "--game pebbles --goals two: hard wins at least 65% against medium" in text
    if kind == "balance":  # every game's own options
        assert "--game waddle --option compensation=on" in text


def test_a_kind_given_no_game_measures_the_default_one_and_unknown_options_fail():
    assert main(["bench", "bots", "--goals", "nonsense", "--games", "1"]) == 2
    code, _, err = run("bots", "--game", "htmf", "--goals", "nonsense", "--games", "1")
    assert code == 2 and err.startswith("error: no goal 'nonsense' (the game's: medium, uct")
    code, _, err = run("balance", "--game", "pebbles", "--option", "tileset=x.json")
    assert code == 2 and "its options: layout=NAME[,NAME...], layout_file=" in err
    code, _, err = run("balance", "--game", "htmf", "--option", "x=y", "--games", "1")
    assert code == 2 and err == (
        "error: Hey, That's My Fish!'s balance takes no option 'x' (its options: none)\n"
    )
    code, _, err = run("bots", "--game", "htmf", "--players", "5", "--calibrate-only")
    assert code == 2 and "for 2 to 4 players, not 5" in err


@pytest.mark.parametrize("game", GAMES.ids)
def test_speed_writes_a_line_per_player_count_that_the_summary_shows(game, tmp_path):
    results = tmp_path / "speed.jsonl"
    args = ("--game", game, "--players", "2", "--seconds", "0.1", "--processes", "1")
    code, out, _ = run("speed", *args, "--results", str(results))
    assert code == 0 and "games/s" in out
    [line] = lines_of(results)
    assert (line["kind"], line["game"], line["players"], line["seconds"]) == ("speed", game, 2, 0.1)
    assert line["games_per_second"] > 0 and line["actions_per_game"] > 0
    code, summary, _ = run("--summarize", str(results))
    assert code == 0 and summary.splitlines()[1].split()[:3] == [game, "2", "0.1"]


def test_bench_without_a_kind_is_the_speed_bench_as_it_always_was(tmp_path):
    results = tmp_path / "speed.jsonl"
    args = ("--game", "htmf", "--players", "2", "--seconds", "0.1", "--processes", "1")
    code, out, _ = run(*args, "--results", str(results))
    assert code == 0 and out.startswith("htmf bench: random complete games, 0.1 s per figure")
    assert lines_of(results)[0]["kind"] == "speed"


@pytest.mark.parametrize("game", GAMES.ids)
def test_bots_write_a_line_per_game_and_summarize_to_what_the_run_printed(game, tmp_path):
    results = tmp_path / "bots.jsonl"
    goal = BOTS[game]
    args = ("--game", game, "--goals", goal, "--games", "2", "--iterations", "2")
    code, out, _ = run("bots", *args, "--processes", "1", "--results", str(results))
    assert code == 0
    lines = lines_of(results)
    assert [(line["kind"], line["game"], line["goal"], line["index"]) for line in lines] == [
        ("bots", game, goal, 0),
        ("bots", game, goal, 1),
    ]
    assert lines[0]["levels"] == list(reversed(lines[1]["levels"]))  # seats rotated
    assert all(len(line["cpu"]) == len(line["moves"]) == line["players"] for line in lines)
    code, summary, _ = run("bots", "--summarize", str(results))
    assert code == 0 and summary and out.endswith(summary)
    assert "hard@2" in summary and "goal: " in summary


@pytest.mark.parametrize("game", BALANCE)
def test_balance_writes_a_line_per_game_and_summarizes_to_what_the_run_printed(game, tmp_path):
    results = tmp_path / "balance.jsonl"
    args = ("--game", game, "--players", "2", "--games", "2", "--level", "random", "--fit")
    code, out, _ = run("balance", *args, "--processes", "1", "--results", str(results))
    assert code == 0
    lines = lines_of(results)
    assert [(line["kind"], line["game"], line["seed"]) for line in lines] == [
        ("balance", game, 0),
        ("balance", game, 1),
    ]
    assert all(sum(line["wins"]) == pytest.approx(1) for line in lines)
    code, summary, _ = run("balance", "--summarize", str(results), "--fit")
    assert code == 0 and summary and out.endswith(summary)
    assert "  seat win share" in summary


def test_the_heroes_figures_are_the_balance_games_with_what_each_ability_added(tmp_path):
    """The former heroes script, as an option of the balance: the same games (so the same
    seat figures), plus a table of what each ability did."""
    plain, counted = tmp_path / "plain.jsonl", tmp_path / "heroes.jsonl"
    args = ("balance", "--game", "waddle-waddle", "--players", "2", "--games", "2")
    run(*args, "--level", "random", "--processes", "1", "--results", str(plain))
    code, out, _ = run(
        *args, "--level", "random", "--processes", "1", "--option", "heroes=on",
        "--results", str(counted),
    )  # fmt: skip
    assert code == 0 and "what each ability did, per game" in out
    for a, b in zip(lines_of(plain), lines_of(counted), strict=True):
        assert (a["scores"], a["wins"]) == (b["scores"], b["wins"])
        assert set(b["figures"]["abilities"][0]) >= {"waddles", "extra_nests", "refills"}


def test_a_resumed_run_plays_only_the_games_the_file_lacks_and_ends_as_one_run(tmp_path):
    whole, pieces = tmp_path / "whole.jsonl", tmp_path / "pieces.jsonl"
    args = ("bots", "--game", "htmf", "--goals", "uct", "--iterations", "3")
    run(*args, "--games", "4", "--processes", "1", "--results", str(whole))
    run(*args, "--games", "2", "--processes", "1", "--results", str(pieces))
    code, out, _ = run(*args, "--games", "4", "--processes", "2", "--results", str(pieces))
    assert code == 0 and f"4 games, 2 of them from {pieces}: 2 played" in out

    def games(path: Path) -> list:
        return [(g["index"], g["levels"], g["scores"], g["moves"]) for g in lines_of(path)]

    assert games(pieces) == games(whole)


def test_a_resumed_bots_run_takes_the_budgets_of_the_games_it_holds(tmp_path, monkeypatch):
    """Calibrated budgets differ from run to run; a resumed run plays on with the file's,
    so its games are the very ones one long run would have played."""
    from waddle.games.htmf import bench

    monkeypatch.setattr(bench, "calibrate", lambda level, players, seconds: (3, "measured"))
    results = tmp_path / "bots.jsonl"
    args = ("bots", "--game", "htmf", "--goals", "uct", "--processes", "1")
    code, out, _ = run(*args, "--games", "1", "--results", str(results))
    assert code == 0 and "hard 2 players: measured -> 3 iterations = 1 s a move" in out
    monkeypatch.setattr(bench, "calibrate", lambda level, players, seconds: (99, "measured"))
    code, out, _ = run(*args, "--games", "2", "--results", str(results))
    assert code == 0 and f"hard 2 players: 3 iterations (from {results})" in out
    assert [line["levels"] for line in lines_of(results)] == [
        ["hard@3", "uct@3"],
        ["uct@3", "hard@3"],
    ]


def test_a_resumed_balance_run_plays_only_the_seeds_the_file_lacks(tmp_path):
    results = tmp_path / "balance.jsonl"
    args = ("balance", "--game", "pebbles", "--players", "2", "--level", "random")
    run(*args, "--games", "2", "--processes", "1", "--results", str(results))
    code, out, _ = run(*args, "--games", "3", "--processes", "1", "--results", str(results))
    assert code == 0 and "3 games, 2 of them from" in out and ": 1 played" in out
    assert [line["seed"] for line in lines_of(results)] == [0, 1, 2]


def test_the_kept_hey_thats_my_fish_run_summarizes_to_the_figures_of_the_notes():
    """docs/results/htmf-uct-1s.jsonl was written by the former per-game script, whose
    lines name no game: --game says which (docs/benchmarks.md gives these figures)."""
    kept = str(ROOT / "docs/results/htmf-uct-1s.jsonl")
    code, _, err = run("bots", "--summarize", kept)
    assert code == 2 and "say which with --game" in err
    code, out, _ = run("bots", "--game", "htmf", "--summarize", kept)
    assert code == 0
    assert "2 players, hard@30223 vs uct@12028, 200 games (games 1-200), seed 1" in out
    hard, uct = (line.split() for line in out.splitlines()[2:4])
    assert hard[:5] == ["hard@30223", "1", "0.905", "[0.856,", "0.938]"]
    assert hard[6:8] == ["1.342", "s"] and uct[6:8] == ["1.185", "s"]
    assert (
        out.splitlines()[-1]
        == "  goal: hard wins at least 70% against uct: met (the whole interval)"
    )


def test_a_file_of_game_records_summarizes_as_a_balance(tmp_path):
    """The former Waddle balance script kept records (--records); its files still read."""
    from waddle.games.waddle.balance import self_play

    records = tmp_path / "records.jsonl"
    records.write_text("".join(self_play(2, seed, "random").dumps() + "\n" for seed in (0, 1)))
    code, out, _ = run("balance", "--summarize", str(records))
    assert code == 0 and "Waddle balance, 2 players, 2 games (seeds 0-1); seat 0 moves first" in out


def test_replay_times_each_game_and_the_mixed_file_against_the_reference(tmp_path):
    results, kept = tmp_path / "replay.jsonl", tmp_path / "records.jsonl"
    code, out, _ = run(
        "replay", "--games", "8", "--rounds", "1", "--results", str(results), "--keep", str(kept)
    )
    assert code == 0
    lines = lines_of(results)
    assert [(line["file"], line["games"], line["records"]) for line in lines] == [
        ("waddle", ["waddle"], 4),
        ("htmf", ["htmf"], 4),
        ("mixed", ["waddle", "htmf"], 8),
    ]
    assert all(project and reference for line in lines for project, reference in line["rounds"])
    assert len(kept.read_text().splitlines()) == 8
    code, summary, _ = run("replay", "--summarize", str(results))
    assert code == 0 and out == summary
