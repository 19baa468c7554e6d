"""docs/teaching-example.html: its four studies show, at their annotated steps, what their
captions say (checked with the engine), and the page is what scripts/teaching_example.py
writes."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

from waddle.app.session import Session
from waddle.core import hexgrid

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "teaching-example.html"


def frames() -> dict[str, tuple[str, Session, dict[str, str]]]:
    """Frame id → (its src, the session its link opens, its query parameters)."""
    text = PAGE.read_text(encoding="utf-8")
    out = {}
    for frame_id, src in re.findall(r'<iframe id="([^"]+)" src="([^"]+)"', text):
        src = html.unescape(src)
        query, _, link = src.partition("#")
        params = dict(p.partition("=")[::2] for p in query.removeprefix("?").split("&"))
        out[frame_id] = (src, Session.from_link(link), params)
    return out


def state_at(session: Session, ply: int):
    record = session.full_record()
    return record.with_actions(record.actions[:ply]).replay()


def test_the_page_is_what_the_script_writes():
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "teaching_example.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_page_embeds_four_read_only_studies_that_stop_at_their_last_step():
    found = frames()
    assert list(found) == ["frame-tie", "frame-scout", "frame-blocked", "frame-lead"]
    for key, (_src, session, params) in found.items():
        study = session.study
        assert study is not None and study.title
        assert len(study.steps) == (1 if key == "frame-lead" else 3)
        assert all(s.caption for s in study.steps)
        assert "readonly" in params
        assert int(params["end"]) == study.last_annotated
        assert int(params["ply"]) == study.first_annotated
        assert len(_src.partition("#")[2]) < 800


def test_a_tie_at_a_waddle_pool_scores_the_best_fish_for_both_tied_players():
    _src, session, _ = frames()["frame-tie"]
    assert session.game.id == "waddle" and session.state.num_players == 3
    tie, end = session.study.steps[1], session.study.steps[2]
    pool_hexes = {tuple(map(int, p.split(","))) for p in end.marks}
    final = state_at(session, end.ply)
    assert final.is_over()
    pool = next(p for p in final.breakdown().pools if set(p.hexes) == pool_hexes)
    top = max(pool.counts)
    tied = [p for p, c in enumerate(pool.counts) if c == top]
    assert len(tied) == 2 and all(pool.awards[p] == (pool.fish[0],) for p in tied)
    names = [s.name for s in session.seats]
    assert all(names[p] in end.caption for p in tied) and f"({pool.fish[0]})" in end.caption
    at_tie = next(p for p in state_at(session, tie.ply).breakdown().pools if p.hexes == pool.hexes)
    assert at_tie.counts == pool.counts, "the tie is there at the step that says so"
    before = state_at(session, tie.ply - 1).breakdown().pools
    assert next(p for p in before if p.hexes == pool.hexes).counts != pool.counts


def test_the_last_player_on_the_active_track_cannot_scout():
    _src, session, _ = frames()["frame-scout"]
    step = session.study.steps[1]
    state = state_at(session, step.ply)
    assert state.why_not_scout() == (
        "the last player on the active track must place until the active hex is surrounded"
    )
    assert len(state.scouted_this_round()) == 2
    assert session.seats[state.to_move()].name in step.caption
    assert f"{state.active_hex[0]},{state.active_hex[1]}" in step.marks
    assert state_at(session, step.ply - 1).why_not_scout() is None, "before, scouting was legal"


def test_the_htmf_penguin_is_blocked_in_by_the_slide_drawn_as_an_arrow():
    _src, session, _ = frames()["frame-blocked"]
    assert session.game.id == "htmf"
    before_step, step, end = session.study.steps
    (blocked,) = step.marks
    h = tuple(map(int, blocked.split(",")))
    ((src, dst),) = step.arrows
    move = session.full_record().actions[step.ply - 1]
    assert (f"{move.src[0]},{move.src[1]}", f"{move.dst[0]},{move.dst[1]}") == (src, dst)
    state = state_at(session, step.ply)
    owner = state.penguin_at(h)
    assert owner == state.to_move() and h not in state.movable_penguins()
    assert state.movable_penguins(), "the player has another penguin to move"
    assert not state.is_over()
    final = state_at(session, end.ply)
    assert final.is_over() and final.taker[final.board.index[h]] == owner
    earlier = state_at(session, before_step.ply)
    assert any(
        earlier.has_floe(n) and earlier.penguin_at(n) is None for n in hexgrid.neighbors(h)
    ), "the step before, it could still slide away"


def test_the_card_game_exercise_is_seen_through_the_leads_eyes_and_takes_any_court_card():
    """Pebbles: the study is seen through Blue's eyes (the address says so too), marks
    Blue's highest Court card, and asks for a lead; every Court card of Blue's is right."""
    from waddle.app.exercises import Attempt
    from waddle.games.pebbles.cards import COURT

    _src, session, params = frames()["frame-lead"]
    study = session.study
    state = session.state
    lead = state.to_move()
    assert study.eyes == lead == int(params["eyes"])
    courts = [c for c in state.hands[lead] if c.suit == COURT]
    step = study.step(0)
    assert f"card:{max(courts, key=lambda c: c.number)}" in step.marks
    for action in state.legal_actions():
        attempt = Attempt.begin(session)
        verdict = attempt.answer(action)
        assert verdict.correct == (action.to_json()["play"] in {str(c) for c in courts})
