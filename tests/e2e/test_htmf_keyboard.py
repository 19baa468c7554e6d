"""A whole game of Hey, That's My Fish! with the keyboard alone, checked against the engine.

Arrow keys (and Tab) move the focus among the highlighted floes; Enter (or Space) places a
penguin, or chooses the penguin to move and then the floe it goes to; Escape lets the
player choose another penguin. A seeded policy picks the moves (and now and then changes
its mind with Escape), so a failure replays exactly. The game is on a small custom board
(22 floes), so that it is short.
"""

from __future__ import annotations

import random

from conftest import hex_key, open_app
from htmf_tools import assert_htmf_hooks, assert_htmf_results, read_htmf, small_game, state_of

WAIT_MS = 60_000
"""Waits for the page's Python on a busy machine: generous, they end as soon as it is done."""

# Which floe has the keyboard focus (None: no floe), and the highlighted floes in focus order.
FOCUS = """() => {
  const active = document.activeElement;
  const hex = active && active.closest ? active.closest("svg#board [data-hex]") : null;
  return {
    focused: hex ? hex.dataset.hex : null,
    legal: [...document.querySelectorAll('svg#board [data-legal="true"]')]
      .map((h) => h.dataset.hex),
    selected: document.querySelector('svg#board [data-selected="true"]')?.dataset.hex ?? null,
  };
}"""


def focus(page) -> dict:
    return page.evaluate(FOCUS)


def move_focus_to(page, target: str, rng: random.Random) -> None:
    """Arrows (or Tab, Shift+Tab) until floe ``target`` has the focus."""
    for _ in range(40):
        now = focus(page)
        legal, focused = now["legal"], now["focused"]
        assert target in legal, (target, now)
        if focused == target:
            return
        if focused is None:
            key = "ArrowRight"  # from outside the board: the first highlighted floe
        else:
            here, there, n = legal.index(focused), legal.index(target), len(legal)
            if (there - here) % n <= (here - there) % n:
                key = rng.choice(["ArrowRight", "ArrowDown"] + (["Tab"] if there > here else []))
            else:
                key = rng.choice(["ArrowLeft", "ArrowUp"] + (["Shift+Tab"] if there < here else []))
        page.keyboard.press(key)
    raise AssertionError(f"the keyboard focus never reached {target}: {focus(page)}")


def press_and_wait_for_move(page, key: str) -> str:
    before = page.evaluate("location.hash")
    page.keyboard.press(key)
    return page.wait_for_function(
        "before => location.hash !== before && location.hash", arg=before
    ).json_value()


def choose(page, penguin: str, rng: random.Random) -> None:
    """Focus ``penguin`` and press Enter: it is chosen, and the focus is on its first floe."""
    move_focus_to(page, penguin, rng)
    page.keyboard.press(rng.choice(["Enter", " "]))
    page.wait_for_function(
        "key => document.querySelector('svg#board [data-selected=\"true\"]')?.dataset.hex === key",
        arg=penguin,
    )
    now = focus(page)
    assert now["focused"] == now["legal"][0], "the focus waits on the first floe it can go to"


def test_htmf_a_whole_game_with_the_keyboard_only(page):
    page.set_default_timeout(WAIT_MS)
    mirror = small_game(2, seed=3, names=["Kim", "Lou"])
    open_app(page, "#" + mirror.link())
    state = mirror.state
    assert_htmf_hooks(read_htmf(page), state)

    # From outside the board, ArrowRight focuses the first highlighted floe, with a ring.
    assert focus(page)["focused"] is None
    page.keyboard.press("ArrowRight")
    now = focus(page)
    assert now["focused"] == now["legal"][0]
    ring = page.evaluate(
        "() => getComputedStyle(document.activeElement.querySelector('.hex-shape')).strokeWidth"
    )
    assert ring == "4px", "the focused floe is outlined"

    rng = random.Random(5)
    changed_mind = 0
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        if action.src is None:
            move_focus_to(page, hex_key(action.dst), rng)
            address = press_and_wait_for_move(page, rng.choice(["Enter", " "]))
        else:
            movable = [hex_key(h) for h in state.movable_penguins()]
            others = [h for h in movable if h != hex_key(action.src)]
            if others and (changed_mind == 0 or rng.random() < 0.3):
                # Choose another penguin first, then think again: Escape.
                choose(page, rng.choice(others), rng)
                page.keyboard.press("Escape")
                page.wait_for_function(
                    "() => !document.querySelector('svg#board [data-selected=\"true\"]')"
                )
                now = focus(page)
                assert set(now["legal"]) == set(movable) and now["focused"] in movable
                assert_htmf_hooks(read_htmf(page), state)
                changed_mind += 1
            choose(page, hex_key(action.src), rng)
            assert_htmf_hooks(read_htmf(page), state, selected=action.src)
            move_focus_to(page, hex_key(action.dst), rng)
            address = press_and_wait_for_move(page, rng.choice(["Enter", " "]))
        assert mirror.play(action)
        assert address == "#" + mirror.link(), f"the page played {action} as the engine did"
        assert_htmf_hooks(read_htmf(page), state)
        if not state.is_over():  # the focus waits on the first highlighted floe again
            now = focus(page)
            assert now["focused"] == now["legal"][0], now

    assert changed_mind >= 1
    hooks = read_htmf(page)
    assert_htmf_results(hooks, state, ["Kim", "Lou"])
    assert state_of(hooks["hash"]).breakdown() == state.breakdown()
