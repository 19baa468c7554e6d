"""scripts/bench_meter_views.py, which splits the meter's drift into what the search does
from one view and what changing the viewer does (issue 36): its summary and the decisions
it takes from a calibration file."""

from __future__ import annotations

import json
from pathlib import Path

from scripts.bench_meter_views import decisions, summarize
from waddle.games import GAMES

ROOT = Path(__file__).resolve().parent.parent


def test_a_meter_that_favours_its_viewer_shows_as_a_gap_between_views_not_from_one(
    tmp_path, capsys
):
    # Two seats taking turns; every position is even, but each view gives its own seat
    # 60%: from the mover's view the mover has 0.6, from the previous mover's view 0.4.
    rows = []
    for k in range(8):
        mover = k % 2
        mine = [0.6, 0.4] if mover == 0 else [0.4, 0.6]
        row = {"seed": 0, "k": k, "ply": k, "mover": mover, "opening": True, "meter": mine}
        if k:
            row["other_view"] = [1.0 - p for p in mine]
        rows.append(row)
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    summarize([str(path)])
    out = capsys.readouterr().out
    assert "meter  to the next seat: -20.0 ± 0.0 points (7)" in out
    assert "meter, one viewer  to the next seat:  +0.0 ± 0.0 points (7)" in out
    assert "mover's view - other's view: +20.0 ± 0.0 points (7)" in out


def test_the_decisions_taken_again_are_those_the_calibration_estimated():
    game = GAMES.by_id("waddle-waddle").load()
    text = (ROOT / "docs" / "results" / "issue36-waddle-waddle.jsonl").read_text()
    line = json.loads(text.splitlines()[0])
    states = decisions(game, line)
    assert [state.ply for state in states] == [ply for ply, _ in line["estimates"]]
