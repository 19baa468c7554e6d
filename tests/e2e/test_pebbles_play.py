"""Whole games of Pebbles played in the page, checked against the engine in this process:
a hot-seat game of 3 through the pass-the-device screens (pasted into the address of a page
in the middle of a 2-player game, as a player opening a link does), and a 4-player game of
two people passing the device and two computers. The whole 2-player hot-seat game is played
with the keyboard (test_pebbles_keyboard.py).

Between two people's turns the page must show the pass-the-device screen with nothing of
any hand in its whole HTML, and no hint, scrubbing or message; after the confirm, the
person's hand and only theirs. After every decision the address holds exactly the game so
far; at each turn's end the hooks show the engine's position as the seat at the screen
sees it; at the end the results panel shows the engine's replay of the address.
"""

from __future__ import annotations

import random

from conftest import open_app
from pebbles_tools import (
    assert_pebbles_hooks,
    assert_pebbles_results,
    mirror_of,
    pass_the_device,
    play_by_clicking,
    random_decision,
    read_pebbles,
)

from waddle.app.session import Session
from waddle.core.game import OMNISCIENT

WAIT_MS = 60_000


def play_hot_seat(page, mirror: Session, policy_seed: int, decisions: int | None = None):
    """Play ``mirror``'s game (on the page, every seat a person) to its end by clicking, or
    only its first ``decisions``."""
    rng = random.Random(policy_seed)
    state = mirror.state
    names = [s.name for s in mirror.seats]
    holder = None
    curtains = 0
    while not state.is_over():
        player = state.to_move()
        if player != holder:
            said = pass_the_device(page, state)
            assert said == f"I am {names[player]}: show my hand"
            holder = player
            curtains += 1
            assert_pebbles_hooks(read_pebbles(page), state, player)
        action = random_decision(state, rng)
        address = play_by_clicking(page, state, action)
        assert mirror.play(action), mirror.message
        assert address == "#" + mirror.link(), f"the page made {action} as the engine did"
        if decisions is not None and mirror.state.ply >= decisions:
            return None
    hooks = read_pebbles(page)
    assert not hooks["curtain"]
    assert_pebbles_hooks(hooks, state, OMNISCIENT)  # a finished game shows every hand
    assert_pebbles_results(hooks, state, names)
    replayed = mirror_of(hooks["hash"]).state
    assert replayed.is_over() and replayed.breakdown() == state.breakdown()
    # One before every turn whose person differs from the last turn's (the winner of a trick
    # who played last in it leads the next round without passing the device).
    assert curtains >= 10, "a pass-the-device screen between people in every round"
    return hooks


def test_pebbles_hot_seat_game_of_3_players_through_the_pass_the_device_screens(page):
    page.set_default_timeout(WAIT_MS)
    first = Session.new("pebbles", 2, 4242, names=["Ada", "Zoë Ørsted"])
    open_app(page, "#" + first.link())
    play_hot_seat(page, first, policy_seed=1, decisions=4)

    second = Session.new("pebbles", 3, 77, names=["Ann", "Bo", "<b>Cy</b>"])
    page.evaluate("link => { location.hash = link; }", second.link())
    page.wait_for_function("link => location.hash === '#' + link", arg=second.link())
    hooks = play_hot_seat(page, second, policy_seed=2)
    assert page.locator("#result b").count() == 0, "a name is text, not markup"
    assert hooks["result"]["winners"]


def test_pebbles_four_players_two_people_passing_the_device_and_two_computers(page):
    """Two people and two computers: before each person's turn the pass-the-device screen;
    during a computer's turn nobody's hand on the screen; the game ends as the engine
    replays it."""
    page.set_default_timeout(WAIT_MS)
    names = ["Ann", "C1", "Bo", "C2"]
    bots = [None, "random", None, "random"]
    start = Session.new("pebbles", 4, 31, names=names, bots=bots)
    open_app(page, "#" + start.link())
    page.select_option("#ai-speed", "fast")
    rng = random.Random(9)
    decisions = curtains = computer_turns_seen = 0
    holder = None
    while True:
        # A computer's turn: no hand of anyone on the screen.
        hooks = read_pebbles(page)
        if hooks["thinking"] is not None and not hooks["curtain"]:
            assert not any(h["mine"] for h in hooks["hands"].values()), "no hand shown"
            computer_turns_seen += 1
        page.wait_for_function(
            """() => !document.documentElement.dataset.thinking &&
               (document.querySelector('[data-to-move="0"], [data-to-move="2"]') ||
                !document.getElementById('result').hidden)"""
        )
        hooks = read_pebbles(page)
        mirror = mirror_of(hooks["hash"])
        state = mirror.state
        if state.is_over():
            break
        player = state.to_move()
        if player not in (0, 2):
            continue  # a computer's decision landed between the two reads
        if hooks["curtain"]:
            pass_the_device(page, state)
            curtains += 1
            holder = player
        assert holder == player, "the screen shows this person only after their confirm"
        assert_pebbles_hooks(read_pebbles(page), state, player)
        action = random_decision(state, rng)
        play_by_clicking(page, state, action)
        decisions += 1
    assert decisions >= 30 and curtains >= 10 and computer_turns_seen >= 1
    assert_pebbles_hooks(hooks, state, OMNISCIENT)
    assert_pebbles_results(hooks, state, names)
    assert [s.bot for s in mirror.seats] == bots, "the link keeps the computer seats"
