"""Pebbles fits the screen it is played on (issue 27): at 1280×800 and on a 390×844 phone,
without scrolling, the person playing the computer sees the board (at least 80% of it),
the prompt saying whose turn it is, and what they act on now: the hand's playable cards
when a card is to be played, the action buttons (and, on a phone, the face-up cards to
fish) when an action is to be chosen. At 1280×800 the table with a full hand stays under
about 260 px; on the phone no text of the board, the prompt, the controls or the table is
under 11 CSS px (SVG text counted at the board's scale)."""

from __future__ import annotations

import random

import pytest
from conftest import open_app

from waddle.app.session import Session

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

MEASURE = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            width: r.width, height: r.height};
  };
  const shown = (e) => e.checkVisibility() && !e.closest(".visually-hidden");
  const texts = [];
  for (const e of document.querySelectorAll(
      "#board *, #status *, #game-controls *, #table *")) {
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !shown(e)) continue;
    let px = parseFloat(getComputedStyle(e).fontSize);
    if (e instanceof SVGElement) {
      const m = e.getScreenCTM();
      px *= Math.hypot(m.a, m.b);
    }
    const cls = String(e.className.baseVal ?? e.className);
    texts.push({px, cls, text: e.textContent.trim().slice(0, 20)});
  }
  return {
    innerWidth, innerHeight, scrollY,
    frame: box(document.getElementById("board-frame")),
    status: box(document.querySelector("#status [data-to-move]")),
    table: box(document.getElementById("table")),
    hand: [...document.querySelectorAll('#hand [data-legal="true"]')].map(box),
    row: [...document.querySelectorAll('#row [data-legal="true"]')].map(box),
    buttons: [...document.querySelectorAll("#game-controls button:not([disabled])")].map(box),
    texts,
  };
}"""


READY = {"play": '#hand [data-legal="true"]', "choose": '[data-control="place"]'}
"""What is on the page once the position of each step is drawn."""


def against_the_computer(players: int, seed: int, step: str) -> Session:
    """A game against the computer a few rounds in, the person (seat 0) to move at
    ``step`` ("play": a card to play; "choose": an action to choose)."""
    session = Session.new("pebbles", players, seed, bots=[None] + ["medium"] * (players - 1))
    rng = random.Random(seed)
    state = session.state
    while not (state.round >= 2 and state.to_move() == 0 and state.step_name == step):
        assert session.play(rng.choice(state.legal_actions()))
    return session


def on_screen(box: dict, m: dict) -> bool:
    return (
        box["top"] >= -0.5
        and box["left"] >= -0.5
        and box["bottom"] <= m["innerHeight"] + 0.5
        and box["right"] <= m["innerWidth"] + 0.5
    )


def seen_fraction(box: dict, m: dict) -> float:
    """How much of ``box`` is inside the window."""
    width = min(box["right"], m["innerWidth"]) - max(box["left"], 0)
    height = min(box["bottom"], m["innerHeight"]) - max(box["top"], 0)
    return max(width, 0) * max(height, 0) / (box["width"] * box["height"])


@pytest.mark.parametrize("device", ["desktop", "phone"])
@pytest.mark.parametrize("players", [2, 4])
def test_pebbles_board_prompt_and_what_to_act_on_fit_one_screen(fresh_page, device, players):
    page = fresh_page(**(DESKTOP if device == "desktop" else PHONE))
    for step in ("play", "choose"):
        session = against_the_computer(players, seed=players + 3, step=step)
        link = "#" + session.link()
        if step == "play":
            open_app(page, link)
        else:  # the same page, another game: as a player pasting a link
            page.evaluate("link => { location.hash = link; }", link)
        page.wait_for_function("link => location.hash === link", arg=link)
        page.wait_for_selector(READY[step])
        m = page.evaluate(MEASURE)
        where = f"{device}, {players} players, {step}"
        assert m["scrollY"] == 0, where
        assert seen_fraction(m["frame"], m) >= 0.8, (where, m["frame"])
        assert on_screen(m["status"], m), (where, "the prompt")
        if step == "play":
            assert len(m["hand"]) == len(session.state.hands[0]), "every card is playable"
            assert all(on_screen(card, m) for card in m["hand"]), (where, m["hand"])
        else:
            assert m["buttons"] and all(on_screen(b, m) for b in m["buttons"]), where
            if device == "phone" and m["row"]:
                assert all(on_screen(card, m) for card in m["row"]), (where, "the row")
        if device == "desktop" and step == "play":
            assert m["table"]["height"] <= 260, (where, m["table"])
        if device == "phone":
            small = [t for t in m["texts"] if t["px"] < 11]
            assert not small, (where, small[:5])
