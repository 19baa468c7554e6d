"""A whole game played with the keyboard alone, checked against the engine in this process.

Arrow keys (and Tab) move the focus among the legal hexes, Enter or Space places, D/1/2
choose the token, S scouts, U and R undo and redo. A seeded policy picks the moves, so a
failure replays exactly; after every move the page's hooks must show the engine's state,
and at the end the result must be the engine's for the actions in the address.
"""

from __future__ import annotations

import random

from conftest import assert_hooks_match, hex_key, open_app, read_hooks

from waddle.app.session import Session
from waddle.games.waddle.actions import SCOUT, Action
from waddle.games.waddle.link import decode_game

WAIT_MS = 60_000
"""Waits for the page's Python on a busy machine: generous, they end as soon as it is done."""

NAMES = ["Kim", "Lou"]
SEED = 1717

# Which hex has the keyboard focus (None: no hex), and the legal hexes in focus order.
FOCUS = """() => {
  const active = document.activeElement;
  const hex = active && active.closest ? active.closest("svg#board [data-hex]") : null;
  return {
    focused: hex ? hex.dataset.hex : null,
    legal: [...document.querySelectorAll('svg#board [data-legal="true"]')]
      .map((h) => h.dataset.hex),
  };
}"""

PRESSED = """kind => document.querySelector(`[data-token-choice="${kind}"]`)
  .getAttribute("aria-pressed") === "true" """


def focus(page) -> dict:
    return page.evaluate(FOCUS)


def press_and_wait_for_move(page, key: str) -> str:
    """Press ``key`` and wait until the address changed (the move was made)."""
    before = page.evaluate("location.hash")
    page.keyboard.press(key)
    return page.wait_for_function(
        "before => location.hash !== before && location.hash", arg=before
    ).json_value()


def move_focus_to(page, target: str, rng: random.Random) -> int:
    """Arrows (or Tab, Shift+Tab) until hex ``target`` has the focus; returns the presses."""
    for presses in range(40):
        now = focus(page)
        legal, focused = now["legal"], now["focused"]
        assert target in legal
        if focused == target:
            return presses
        if focused is None:
            key = "ArrowRight"  # from outside the board: the first legal hex
        else:
            here, there, n = legal.index(focused), legal.index(target), len(legal)
            if (there - here) % n <= (here - there) % n:  # forwards is shorter (or as short)
                keys = ["ArrowRight", "ArrowDown"] + (["Tab"] if there > here else [])
            else:
                keys = ["ArrowLeft", "ArrowUp"] + (["Shift+Tab"] if there < here else [])
            key = rng.choice(keys)
        page.keyboard.press(key)
    raise AssertionError(f"the keyboard focus never reached {target}: {focus(page)}")


def choose_token(page, kind: str, can_double: bool, rng: random.Random) -> None:
    """Choose the token by keyboard: D toggles, 1 and 2 pick; sometimes change one's mind."""
    if kind == "double":
        if rng.random() < 0.3:  # D twice is single again; then 2
            page.keyboard.press("d")
            page.wait_for_function(PRESSED, arg="double")
            page.keyboard.press("d")
            page.wait_for_function(PRESSED, arg="single")
            page.keyboard.press("2")
        else:
            page.keyboard.press("d")
        page.wait_for_function(PRESSED, arg="double")
    elif can_double and rng.random() < 0.15:  # 2 then 1: back to single
        page.keyboard.press("2")
        page.wait_for_function(PRESSED, arg="double")
        page.keyboard.press("1")
        page.wait_for_function(PRESSED, arg="single")


def test_a_whole_game_with_the_keyboard_only(page):
    page.set_default_timeout(WAIT_MS)
    start = Session.new("waddle", 2, SEED, names=NAMES)
    mirror = Session.from_link(start.link())
    open_app(page, "#" + start.link())
    assert_hooks_match(read_hooks(page), mirror.state)

    # From outside the board, ArrowRight focuses the first legal hex, with a visible ring.
    assert focus(page)["focused"] is None
    page.keyboard.press("ArrowRight")
    now = focus(page)
    assert now["focused"] == now["legal"][0]
    ring = page.evaluate(
        """() => getComputedStyle(document.activeElement.querySelector(".hex-shape"))
                   .strokeWidth"""
    )
    assert ring == "4px", "the focused hex is outlined"

    rng = random.Random(5)
    kinds = {"single": 0, "double": 0, "scout": 0, "undo": 0}
    while not mirror.state.is_over():
        hooks = read_hooks(page)
        assert_hooks_match(hooks, mirror.state)
        state = mirror.state

        if state.ply in (12, 25):  # U takes the last move back, R plays it again
            undone = press_and_wait_for_move(page, "u")
            assert mirror.undo_turn() and undone == "#" + mirror.link()
            assert_hooks_match(read_hooks(page), mirror.state)
            redone = press_and_wait_for_move(page, "r")
            assert mirror.redo_turn() and redone == "#" + mirror.link()
            kinds["undo"] += 1

        if not hooks["scout"]["disabled"] and rng.random() < 0.2:
            action = SCOUT
            address = press_and_wait_for_move(page, "s")
        else:
            can_double = mirror.state.doubles_left[mirror.state.to_move()] > 0
            double = can_double and rng.random() < 0.3
            choose_token(page, "double" if double else "single", can_double, rng)
            target = rng.choice(sorted(state.legal_hexes()))
            action = Action.place(target, double)
            move_focus_to(page, hex_key(target), rng)
            address = press_and_wait_for_move(page, rng.choice(["Enter", " "]))
        kinds["scout" if action.is_scout else "double" if action.double else "single"] += 1

        assert mirror.play(action)
        assert address == "#" + mirror.link(), f"the page played {action} as the engine did"
        if not mirror.state.is_over():  # the focus waits on the first legal hex again
            now = focus(page)
            assert now["focused"] == now["legal"][0], now

    assert all(kinds.values()), kinds
    page.wait_for_selector("#result[data-winners]")
    hooks = read_hooks(page)
    assert_hooks_match(hooks, mirror.state)

    # The result against the engine's replay of the address's actions.
    record, names = decode_game(hooks["hash"].removeprefix("#"))
    assert names == NAMES
    assert record.actions == mirror.record().actions
    replayed = record.replay()
    assert replayed.is_over()
    breakdown = replayed.breakdown()
    result = hooks["result"]
    assert result["visible"]
    assert result["winners"] == ",".join(map(str, breakdown.winners))
    assert result["totals"] == {str(s.player): s.total for s in breakdown.players}
    for p in breakdown.winners:
        assert NAMES[p] in result["text"]


def test_choosing_the_token_keeps_the_focus_on_the_hex(page):
    """Focus a hex, then press D: Enter must place the double right there."""
    page.set_default_timeout(WAIT_MS)
    start = Session.new("waddle", 2, SEED, names=NAMES)
    start.play(start.state.legal_actions()[0])  # past the first round's single hex
    open_app(page, "#" + start.link())
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    now = focus(page)
    target = now["legal"][1]
    assert now["focused"] == target
    page.keyboard.press("d")
    page.wait_for_function(PRESSED, arg="double")
    assert focus(page)["focused"] == target, "the focus stays on the hex"
    press_and_wait_for_move(page, "Enter")
    placed = read_hooks(page)["hexes"][target]
    assert (placed["owner"], placed["token"]) == (str(start.state.to_move()), "double")
