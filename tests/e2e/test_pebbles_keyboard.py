"""A whole hot-seat game of Pebbles with the keyboard alone, checked against the engine.

The pass-the-device screen's button has the focus when it comes up: Enter confirms. Arrow
keys (and Tab) move the focus among what may be clicked now, the highlighted tiles and the
cards (of the hand, of the row), and Enter plays it; P places a penguin, W uses the card's
power (its tiles light up), E or B chooses Court's penguin or pebble, D stops a moving
penguin, Escape chooses another action. A seeded policy picks the decisions, so a failure
replays exactly.
"""

from __future__ import annotations

import random

from conftest import open_app
from pebbles_tools import (
    assert_pebbles_hooks,
    assert_pebbles_results,
    mirror_of,
    random_decision,
    read_pebbles,
    wait_for_hash_change,
)

from waddle.app.session import Session
from waddle.core.game import OMNISCIENT
from waddle.games.pebbles.actions import (
    K_COURT_PEBBLE,
    K_COURT_PENGUIN,
    K_DONE,
    K_FISH,
    K_PLACE,
    K_PLAY,
)

WAIT_MS = 60_000

# What has the keyboard focus, and what may be clicked now, in focus order.
FOCUS = """() => {
  const key = (e) => e.dataset.tile ? `tile:${e.dataset.tile}` : `card:${e.dataset.card}`;
  const active = document.activeElement;
  const place = active && active.closest ? active.closest('[data-legal="true"]') : null;
  return {
    focused: place ? key(place) : (active ? active.id || active.tagName : null),
    legal: [...document.querySelectorAll(
      '#board [data-legal="true"], #table [data-legal="true"]')].map(key),
  };
}"""


def focus(page) -> dict:
    return page.evaluate(FOCUS)


def move_focus_to(page, target: str, rng: random.Random) -> None:
    """Arrows until ``target`` ("tile:7", "card:7S") has the focus."""
    page.wait_for_function(
        "t => [...document.querySelectorAll('[data-legal=\"true\"]')].some((e) => "
        "(e.dataset.tile ? `tile:${e.dataset.tile}` : `card:${e.dataset.card}`) === t)",
        arg=target,
    )
    for _ in range(40):
        now = focus(page)
        legal, focused = now["legal"], now["focused"]
        assert target in legal, (target, now)
        if focused == target:
            return
        if focused not in legal:
            page.keyboard.press("ArrowRight")  # from elsewhere: the first one
            continue
        here, there, n = legal.index(focused), legal.index(target), len(legal)
        forward = (there - here) % n <= (here - there) % n
        page.keyboard.press(
            rng.choice(["ArrowRight", "ArrowDown"] if forward else ["ArrowLeft", "ArrowUp"])
        )
    raise AssertionError(f"the focus never reached {target}: {focus(page)}")


def decide_by_keyboard(page, state, action, rng: random.Random) -> str:
    before = page.evaluate("location.hash")
    kind = action.kind
    if kind in (K_PLAY, K_FISH):
        move_focus_to(page, f"card:{action.arg}", rng)
        page.keyboard.press(rng.choice(["Enter", " "]))
    elif kind == K_PLACE and state.step_name == "choose":
        page.keyboard.press("p")
    elif kind == K_DONE:
        page.keyboard.press("d")
    else:
        target = f"tile:{action.arg}"
        if state.step_name == "choose" and target not in focus(page)["legal"]:
            page.keyboard.press("w")
            if kind in (K_COURT_PENGUIN, K_COURT_PEBBLE):
                page.keyboard.press("e" if kind == K_COURT_PENGUIN else "b")
        move_focus_to(page, target, rng)
        page.keyboard.press(rng.choice(["Enter", " "]))
    return wait_for_hash_change(page, before)


def test_pebbles_a_whole_hot_seat_game_with_the_keyboard_only(page):
    page.set_default_timeout(WAIT_MS)
    mirror = Session.new("pebbles", 2, 606, names=["Kim", "Lou"])
    open_app(page, "#" + mirror.link())
    state = mirror.state
    rng = random.Random(8)
    holder = None
    changed_mind = 0
    while not state.is_over():
        player = state.to_move()
        if player != holder:
            page.wait_for_selector("#curtain", state="visible")
            assert focus(page)["focused"] == "curtain-button", "the screen's button has focus"
            page.keyboard.press("Enter")
            page.wait_for_selector("#curtain", state="hidden")
            holder = player
            assert_pebbles_hooks(read_pebbles(page), state, player)
        action = random_decision(state, rng)
        if (
            state.step_name == "choose"
            and action.kind not in (K_PLACE, K_FISH)
            and changed_mind < 3
            and rng.random() < 0.3
        ):
            # Choose the power, think again: Escape, and the tiles go dark.
            page.keyboard.press("w")
            page.keyboard.press("Escape")
            changed_mind += 1
        address = decide_by_keyboard(page, state, action, rng)
        assert mirror.play(action), mirror.message
        assert address == "#" + mirror.link(), f"the page made {action} as the engine did"
    hooks = read_pebbles(page)
    assert_pebbles_hooks(hooks, state, OMNISCIENT)
    assert_pebbles_results(hooks, state, ["Kim", "Lou"])
    assert mirror_of(hooks["hash"]).state.breakdown() == state.breakdown()
