"""Reading and driving Waddle Waddle in the page, for the browser tests.

``read_ww`` returns every Waddle Waddle hook at once (docs/web-hooks.md, "Waddle Waddle").
``play_by_clicking`` makes one decision as a person does: the clicks the presenter names
for it (:func:`waddle.games.waddle_waddle.clicks.steps_to`: a card, a button, an offered
waddle, a rookery), then waits until the address holds it. ``pass_the_device`` checks the
pass-the-device screen (nothing of any hand in the page's whole HTML, no message, no hint
or scrubbing) and confirms it. ``assert_ww_hooks`` compares the hooks with the engine's
position as a seat sees it; ``assert_ww_results`` the result panel with the engine's
replay of the address.
"""

from __future__ import annotations

import re
from collections import Counter

from conftest import click
from e2e_tools import confirm_pass_the_device, mirror_of, wait_for_hash_change

from waddle.app.session import Session
from waddle.core.game import OMNISCIENT, SPECTATOR
from waddle.games.waddle_waddle.cards import code
from waddle.games.waddle_waddle.clicks import steps_to
from waddle.games.waddle_waddle.state import WaddleWaddleState

READ_WW = """() => {
  const rookeries = {};
  for (const g of document.querySelectorAll("svg#board [data-rookery]")) {
    const d = g.dataset;
    rookeries[d.rookery] = {
      hex: d.hex, fish: Number(d.fish), nests: d.nests.split(",").map(Number),
      threats: d.threats ? d.threats.split(",") : [], legal: d.legal === "true",
      last: d.last === "true", focusable: g.getAttribute("tabindex") === "0",
      awards: d.awards ? d.awards.split(",").map(Number) : [],
    };
  }
  const cards = (selector) => [...document.querySelectorAll(selector)].map((c) => c.dataset.card);
  const hands = {};
  for (const h of document.querySelectorAll("#table [data-hand-of]")) {
    hands[h.dataset.handOf] = {
      count: Number(h.dataset.count),
      cards: [...h.querySelectorAll("[data-card]")].map((c) => c.dataset.card),
      mine: h.id === "hand",
    };
  }
  const result = document.getElementById("result");
  const rows = {};
  for (const row of result.querySelectorAll("[data-result-player]")) {
    const d = row.dataset;
    rows[d.resultPlayer] = [d.score, d.nests, d.mostInOne, d.bonus].map(Number);
  }
  const problem = document.getElementById("problem");
  return {
    app: document.documentElement.dataset.app,
    game: document.documentElement.dataset.game ?? null,
    board: document.getElementById("board").dataset.board ?? null,
    curtain: document.documentElement.hasAttribute("data-curtain"),
    thinking: document.documentElement.dataset.thinking ?? null,
    hash: location.hash,
    rookeries,
    hands,
    floe: cards("#floe ol [data-card]"),
    deck: Number(document.querySelector("#floe [data-deck]")?.dataset.deck ?? -1),
    offers: [...document.querySelectorAll("#waddles [data-waddle]")].map((b) => b.dataset.waddle),
    toMove: [...document.querySelectorAll("[data-to-move]")].map((e) => e.dataset.toMove),
    message: document.getElementById("message").textContent,
    problem: problem.hidden ? null : problem.textContent,
    result: result.hidden ? null : {
      winners: result.dataset.winners ?? null, rows, visible: result.checkVisibility(),
      text: result.textContent,
      decidedBy: result.querySelector("[data-decided-by]")?.dataset.decidedBy ?? null,
    },
  };
}"""


def read_ww(page) -> dict:
    return page.evaluate(READ_WW)


def visible_cards(state: WaddleWaddleState, viewer: int) -> Counter:
    """The cards ``viewer`` may see: the ice floe, its hand (every hand for OMNISCIENT),
    the cards the others took face up."""
    seen = Counter(code(c) for c in state.floe)
    for p in range(state.n):
        shown = state.hands[p] if viewer in (p, OMNISCIENT) else state.known[p]
        seen.update(code(c) for c in shown)
    return seen


def assert_nothing_hidden_in_the_page(page, state: WaddleWaddleState, viewer: int = SPECTATOR):
    """The whole page shows exactly the cards ``viewer`` may see (as ``data-card``), and no
    waddle offer, which would tell a hand."""
    html = page.evaluate("document.documentElement.outerHTML")
    shown = Counter(re.findall(r'data-card="([A-Za-z]+[0-9]?)"', html))
    assert shown == visible_cards(state, viewer), "the page shows only what the viewer may see"
    if viewer != state.to_move():
        assert "data-waddle=" not in html
    return html


def assert_ww_hooks(hooks: dict, state: WaddleWaddleState, viewer: int) -> None:
    """The hooks show ``state`` as ``viewer`` sees it: every rookery's fish, nests, threats
    and bonus now, the ice floe, the deck, each hand (its cards when ``viewer`` may see
    them, else how many and those taken face up) and who is to move."""
    assert hooks["app"] == "ready" and hooks["game"] == "waddle-waddle"
    assert hooks["board"] == "waddle-waddle"
    view = state.view(viewer)
    assert set(hooks["rookeries"]) == {r.id for r in view.rookeries}
    for r in view.rookeries:
        shown = hooks["rookeries"][r.id]
        assert shown["hex"] == r.id
        assert (shown["fish"], shown["nests"], shown["threats"]) == (
            r.fish,
            list(r.nests),
            list(r.threats),
        ), r.id
        assert shown["awards"] == list(r.awards)
        assert shown["focusable"] == shown["legal"]
    assert Counter(hooks["floe"]) == Counter(view.floe)
    assert hooks["deck"] == view.deck_size
    for p, seat in enumerate(view.seats):
        shown = hooks["hands"][str(p)]
        assert shown["count"] == seat.hand_size
        expected = seat.hand if seat.hand is not None else seat.known
        assert sorted(shown["cards"]) == sorted(expected), f"hand of {p} seen by {viewer}"
        assert shown["mine"] == (p == viewer)
    if view.over:
        assert hooks["toMove"] == []
    else:
        assert set(hooks["toMove"]) == {str(state.to_move())}


def assert_ww_results(hooks: dict, state: WaddleWaddleState, names: list[str]) -> None:
    """The result panel shows the engine's finished ``state``: the winners and each
    player's score, nests and most nests at one rookery."""
    assert state.is_over()
    result = hooks["result"]
    assert result is not None and result["visible"], "the results panel is shown"
    assert result["winners"] == ",".join(map(str, state.winners()))
    totals, most = state.nest_totals(), state.most_in_one()
    for p in range(state.n):
        bonus = sum(b[p] for b in state.bonuses)
        assert result["rows"][str(p)] == [state.score[p], totals[p], most[p], bonus]
    for p in state.winners():
        assert names[p] in result["text"]


def selector(step: tuple[str, str]) -> str:
    kind, name = step
    if kind == "place":
        return f'svg#board [data-rookery="{name}"]'
    return f'#app [data-control="{name}"]:not([disabled])'


def assert_page_made(address: str, mirror: Session, computers: set[int]) -> None:
    """The page's ``address`` holds ``mirror``'s game: exactly, or followed by computers'
    decisions only (a computer may move before the test reads the address)."""
    if address == "#" + mirror.link():
        return
    made = mirror_of(address)
    assert made.setup == mirror.setup
    actions, mine = made.full_record().actions, mirror.full_record().actions
    assert actions[: len(mine)] == mine, "the page's game holds the engine's decisions"
    replay = mirror.state.clone()
    for action in actions[len(mine) :]:
        assert replay.to_move() in computers, f"{action} was the page's own, not a computer's"
        replay.apply(action)


def play_by_clicking(page, state: WaddleWaddleState, action) -> str:
    """Make ``action`` (legal for the person to move in ``state``) by clicking what the
    presenter names for it; returns the address after it."""
    before = page.evaluate("location.hash")
    for step in steps_to(state.view(state.to_move()), action):
        click(page, selector(step))
    return wait_for_hash_change(page, before)


KEYS = {
    "draft": "d",
    "exchange": "e",
    "fish": "f",
    "refill": "l",
    "deck": "t",
    "play-selection": "w",
    "pass": "p",
    "stop": "s",
    "cancel": "Escape",
}
"""The presenter's letter keys, by the control they press."""

ACTIVE = """() => {
  const a = document.activeElement;
  return a ? (a.dataset.rookery ? "place:" + a.dataset.rookery
              : a.dataset.control ? "control:" + a.dataset.control : a.id || a.tagName) : "";
}"""


def focus_by_key(page, step: tuple[str, str], key: str, limit: int = 80) -> None:
    """Press ``key`` (an arrow among the places and cards to click, or Tab through the
    page) until ``step``'s element has the focus."""
    want = f"{step[0]}:{step[1]}"
    for _ in range(limit):
        if page.evaluate(ACTIVE) == want:
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {want} (focus on {page.evaluate(ACTIVE)})")


def play_by_keyboard(page, state: WaddleWaddleState, action) -> str:
    """Make ``action`` with the keyboard alone: the presenter's letter keys for its buttons,
    arrows among the highlighted rookeries and cards (then Enter), Tab to the other
    buttons (heroes, whose nest, which token); returns the address after it."""
    before = page.evaluate("location.hash")
    view = state.view(state.to_move())
    for kind, name in steps_to(view, action):
        if view.phase == "waddle2" and name.startswith("waddle-"):
            name = "play-selection"  # W plays the rest of the hand
        if kind == "control" and name in KEYS:
            page.keyboard.press(KEYS[name])
            continue
        legal = page.evaluate(
            "s => document.querySelector(s)?.dataset.legal === 'true'", selector((kind, name))
        )
        focus_by_key(page, (kind, name), "ArrowRight" if legal else "Tab")
        page.keyboard.press("Enter")
    return wait_for_hash_change(page, before)


def pass_the_device(page, state: WaddleWaddleState) -> str:
    """At the pass-the-device screen: nothing of any hand is in the page; confirm it."""
    return confirm_pass_the_device(
        page, lambda: assert_nothing_hidden_in_the_page(page, state, SPECTATOR)
    )


def play_to_the_end(page, mirror: Session, choose, make=None) -> dict:
    """Play ``mirror``'s game on the page to its end: each person's decision is
    ``choose(state)``, made with ``make(page, state, action)`` (by default
    :func:`play_by_clicking`), through the pass-the-device screen when the device changes
    hands between people and the person to move holds cards the others may not see (not
    while the heroes are chosen, every hand still empty); the computers play by
    themselves. Every decision is checked against the engine, and at the end the result
    panel against its replay of the address. Returns how many decisions and
    pass-the-device screens the people saw."""
    make = make or play_by_clicking
    names = [s.name for s in mirror.seats]
    people = [p for p, s in enumerate(mirror.seats) if s.bot is None]
    computers = set(range(len(names))) - set(people)
    holder = None
    curtains = decisions = 0
    while True:
        page.wait_for_function(
            """people => !document.documentElement.dataset.thinking && (
                 !document.getElementById('result').hidden ||
                 people.some(p => document.querySelector(`[data-to-move="${p}"]`)))""",
            arg=people,
        )
        hooks = read_ww(page)
        if hooks["hash"] != "#" + mirror.link():  # computers moved: decode the address
            mirror = mirror_of(hooks["hash"])
        state = mirror.state
        if state.is_over():
            break
        player = state.to_move()
        if player not in people:
            continue  # a computer's decision landed between the two reads
        if len(people) > 1 and player != holder and state.holds_secrets(player):
            said = pass_the_device(page, state)
            assert said == f"I am {names[player]}: show my hand"
            holder = player
            curtains += 1
            hooks = read_ww(page)
        assert not hooks["curtain"], "no screen for one person, nor before a hand is dealt"
        assert_ww_hooks(hooks, state, player)
        if decisions % 7 == 0:
            assert_nothing_hidden_in_the_page(page, state, player)
        action = choose(state)
        address = make(page, state, action)
        assert mirror.play(action), mirror.message
        assert_page_made(address, mirror, computers)
        decisions += 1
    hooks = read_ww(page)
    assert not hooks["curtain"]
    assert_ww_hooks(hooks, state, OMNISCIENT)  # a finished game shows every hand
    assert_ww_results(hooks, state, names)
    assert state.bonuses, "the season was scored"
    return {"decisions": decisions, "curtains": curtains, "hooks": hooks}


def hurried(rng):
    """A person in a hurry, drawing on ``rng``: plays waddles when there are some, draws
    face down often (the season comes to its threats sooner), anything now and then.
    Returns the chooser for :func:`play_to_the_end`."""

    def choose(state: WaddleWaddleState):
        legal = list(state.legal_actions())
        plays = [a for a in legal if a.kind in ("waddle", "play")]
        if plays and rng.random() < 0.8:
            return rng.choice(plays)
        draws = [a for a in legal if a.kind in ("draft", "take") and a.a == -1]
        if draws and rng.random() < 0.6:
            return draws[0]
        return rng.choice(legal)

    return choose


__all__ = [
    "OMNISCIENT",
    "SPECTATOR",
    "assert_nothing_hidden_in_the_page",
    "assert_page_made",
    "assert_ww_hooks",
    "assert_ww_results",
    "hurried",
    "mirror_of",
    "pass_the_device",
    "play_by_clicking",
    "play_by_keyboard",
    "play_to_the_end",
    "read_ww",
    "visible_cards",
]
