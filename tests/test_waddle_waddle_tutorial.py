"""Waddle Waddle's tutorial: the player drafts, exchanges, goes fishing, turns up and places
the season's fourth threat, plays a waddle with a nest and a WaddleWaddle, and sees the
season scored; every step refuses anything else; every choice a step leaves open (where the
threat and the waddles go) still leads to the end; the deal is the one its script designs."""

from __future__ import annotations

import importlib.util
from itertools import product
from pathlib import Path

from waddle.app.tutorial import Tutorial
from waddle.games.waddle_waddle import GAME
from waddle.games.waddle_waddle.actions import parse_action
from waddle.games.waddle_waddle.tutorial import DECK, OPENING, STEPS

ROOT = Path(__file__).resolve().parent.parent
LESSON = ("draft Ki2", "exchange Mg5", "take Ge3", "fish Rk6", "draft ?")


def test_the_lesson_does_each_kind_of_action_and_ends_with_the_season_scored():
    tutorial = Tutorial(GAME)
    state = tutorial.session.state
    assert tutorial.session.seats[1].bot is not None, "no pass-the-device screen"
    assert state.threats_seen == 3 and state.phase == "turn" and state.to_move() == 0
    for text in LESSON:
        wrong = next(a for a in state.legal_actions() if str(a) != text)
        assert not tutorial.try_action(wrong)
        assert tutorial.session.message == tutorial.step.hint
        assert tutorial.try_action(parse_action(text)), text
    assert state.phase == "threat" and state.threats_seen == 4  # the deck's top card
    assert tutorial.step.key == "threat"
    assert tutorial.try_action(parse_action("threat macquarie"))
    assert "the season ends" in tutorial.session.message or state.turns_left > 0
    before = sum(state.nests[r][0] for r in range(5))
    assert tutorial.try_action(parse_action("waddle Ki2 Ki2 Ki3"))
    assert tutorial.try_action(parse_action("play crozet"))
    assert sum(state.nests[r][0] for r in range(5)) == before + 1, "the pair of Kings nests"
    assert state.phase == "waddle2" and tutorial.step.key == "waddlewaddle"
    assert tutorial.try_action(parse_action("waddle Ge1 Ge2 Ge3"))
    assert tutorial.try_action(parse_action("play georgia"))
    assert state.is_over() and tutorial.step.key == "done" and tutorial.finished
    assert "Season 1 is over. End-of-season bonuses" in tutorial.session.message
    assert state.bonuses and state.winners() == [0]


def test_every_place_the_lesson_leaves_open_leads_to_the_end():
    ends = 0
    tutorial = Tutorial(GAME)
    for text in LESSON:
        tutorial.try_action(parse_action(text))
    start = tutorial.session.state.clone()
    assert start.phase == "threat"
    for threat in start.legal_actions():
        after_threat = start.clone()
        after_threat.apply(threat)
        after_threat.apply(parse_action("draft ?"))  # Blue
        after_threat.apply(parse_action("waddle Ki2 Ki2 Ki3"))
        kings = [a for a in after_threat.legal_actions() if a.kind == "play"]
        for king, gentoo_index in product(kings, range(4)):
            world = after_threat.clone()
            world.apply(king)
            world.apply(parse_action("waddle Ge1 Ge2 Ge3"))
            plays = [a for a in world.legal_actions() if a.kind == "play"]
            assert plays, (threat, king)
            world.apply(plays[gentoo_index % len(plays)])
            world.apply(parse_action("draft ?"))  # Blue's last turn
            assert world.is_over()
            ends += 1
    assert ends >= 20


def test_the_deal_is_the_one_its_script_designs():
    spec = importlib.util.spec_from_file_location(
        "make_tutorial", ROOT / "scripts" / "make_waddle_waddle_tutorial.py"
    )
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    found = None
    for red_tail in script.RED_TAILS:
        for blue_tail in script.BLUE_TAILS:
            found = found or script.attempt(red_tail, blue_tail)
    deck, actions = found
    assert " ".join(script.code(c) for c in deck) == DECK
    assert " / ".join(str(a) for a in actions) == OPENING
    assert len(STEPS) == 11
