"""Waddle Waddle explains itself to a player who never read the rules: the threat being
placed is on screen (its token, name and what it does) with where it may go drawn on the
map; between seasons a token is in hand at once, shown as the map draws it and said with
what it does, and one click on a rookery places it; empty threat spaces say what they are."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

from waddle.app.session import Session
from waddle.games.waddle_waddle.presenter import PRESENTER
from waddle.games.waddle_waddle.threats import THREATS


def _at(phase: str, seed: int = 5) -> Session:
    """A 2-player game at this device (hot seat) played at random until ``phase``."""
    session = Session.new("waddle-waddle", 2, seed)
    rng = random.Random(1)
    while session.state.phase != phase:
        assert not session.state.is_over()
        session.play(rng.choice(session.state.legal_actions()))
    return session


def _drawn(session: Session):
    return PRESENTER.render(session.scene(session.state.to_move(), True))


def _rookeries(board: str) -> dict[str, ET.Element]:
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{board}</svg>')
    return {g.get("data-rookery"): g for g in root.iter() if g.get("data-rookery")}


def _words(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup))


def test_the_threat_being_placed_is_shown_with_what_it_does_and_where_it_may_go():
    session = _at("threat")
    code = dict(session.state.view(session.state.to_move()).pending)["threat"]
    threat = next(t for t in THREATS if t.code == code)
    drawn = _drawn(session)
    status = _words(drawn.status)
    assert f'data-threat-card="{code}"' in drawn.status
    assert threat.name in status and threat.text in status, "its name and what it does"
    assert threat.name in status.split(threat.text)[0], "the prompt names it"
    rookeries = _rookeries(drawn.board.markup)
    legal = {rid for rid, g in rookeries.items() if g.get("data-legal") == "true"}
    assert legal
    for rid, g in rookeries.items():
        ghosts = [e for e in g.iter() if e.get("data-ghost") == code]
        assert len(ghosts) == (rid in legal), f"{rid}: drawn faintly where it would go"


def test_between_seasons_a_token_is_in_hand_and_one_click_places_it():
    session = _at("tokens")
    state = session.state
    view = state.view(state.to_move())
    drawn = _drawn(session)
    buttons = re.findall(
        r'<button[^>]*data-control="token-(\d)"[^>]*>(.*?)</button>', drawn.controls
    )
    in_hand = [t for t, inner in buttons if "in hand" in inner]
    assert in_hand == [buttons[0][0]], "the first token is in hand from the start"
    larger, smaller = view.conservation_tokens[int(in_hand[0])]
    assert f'class="token-pill cp" aria-hidden="true">{larger}/{smaller}<' in drawn.controls
    tip = _words(drawn.status)
    assert f"bonus token {larger}/{smaller}" in tip and f"score {larger}" in tip, "what it does"
    rookeries = _rookeries(drawn.board.markup)
    target = next(rid for rid, g in rookeries.items() if g.get("data-legal") == "true")
    assert [e.get("data-ghost") for e in rookeries[target].iter() if e.get("data-ghost")] == ["cp"]

    placed = PRESENTER.on_hex(session, target)  # one click
    assert placed is not None and session.play(placed)
    assert state.view(0).rookeries[[r.id for r in state.view(0).rookeries].index(target)].bonus == (
        larger,
        smaller,
    )

    # Another token pressed is the one in hand from then on.
    drawn = _drawn(session)
    other = re.findall(r'data-control="token-(\d)"', drawn.controls)[-1]
    assert PRESENTER.on_control(session, f"token-{other}") is None
    assert re.search(rf'data-control="token-{other}" aria-pressed="true">.*?in hand',
                     _drawn(session).controls)  # fmt: skip


def test_empty_threat_spaces_say_what_they_are_for():
    session = Session.new("waddle-waddle", 2, 3)
    board = _drawn(session).board.markup
    spaces = re.findall(r'<g class="threat-space">.*?</g>', board)
    assert len(spaces) == 10 and all(">threat space</text>" in g for g in spaces)


def test_a_threat_that_acts_at_once_keeps_its_card_and_the_prompt_says_why():
    """The Shark, the Oil Spill and the Snowy Sheathbill ask for decisions as soon as they
    are placed: their card stays under the prompt, which names the rookery and why."""
    seen = {}
    for seed in range(1, 80):
        session = Session.new("waddle-waddle", 3, seed)
        rng = random.Random(seed)
        while not session.state.is_over() and len(seen) < 3:
            phase = session.state.phase
            if phase in ("shark", "oil", "sheathbill") and phase not in seen:
                seen[phase] = _drawn(session).status
            session.play(rng.choice(session.state.legal_actions()))
        if len(seen) == 3:
            break
    assert set(seen) == {"shark", "oil", "sheathbill"}
    for phase, status in seen.items():
        assert f'data-threat-card="{phase}"' in status
        words = _words(status)
        name = {"shark": "Shark", "oil": "Oil Spill", "sheathbill": "Snowy Sheathbill"}[phase]
        assert words.index(name) < words.index("click" if phase != "sheathbill" else "choose")
