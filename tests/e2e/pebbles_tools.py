"""Reading and driving Pebbles in the page, for the ``test_pebbles_*`` browser tests.

The page runs the engine under Pyodide; these helpers compare what it shows (its public
hooks: docs/web-hooks.md, "Pebbles" and "Card games") with the same engine on CPython, and
make each decision the way a person does: a card of the hand or of the row is one click; a
placement is the "Place a penguin" button; a power is its button (when a tile click would
be ambiguous), Court's penguin-or-pebble button, then a tile; a step is a tile; stopping is
"Stop here". Between two people's turns the pass-the-device screen is checked (nothing of
any hand in the page's HTML) and confirmed.
"""

from __future__ import annotations

import re

from conftest import click
from e2e_tools import confirm_pass_the_device, mirror_of, wait_for_hash_change

from waddle.app.session import Session
from waddle.core.game import CHANCE, OMNISCIENT, SPECTATOR
from waddle.games.pebbles.actions import (
    K_COLLECT,
    K_COURT_PEBBLE,
    K_COURT_PENGUIN,
    K_DONE,
    K_FISH,
    K_PLACE,
    K_PLAY,
    K_PUSH,
    K_SCURRY,
    K_STEP,
    Action,
)
from waddle.games.pebbles.cards import CARDS
from waddle.games.pebbles.presenter import last_turn_of
from waddle.games.pebbles.state import PebblesState

# Every Pebbles hook in one round trip.
READ_PEBBLES = """() => {
  const tiles = {};
  for (const g of document.querySelectorAll("svg#board [data-tile]")) {
    const d = g.dataset;
    tiles[d.tile] = {
      hex: d.hex, pebbles: Number(d.pebbles), penguins: d.penguins.split(",").map(Number),
      control: d.controlledBy, territory: Number(d.territory), legal: d.legal === "true",
      last: d.last === "true", moving: d.moving === "true",
      focusable: g.getAttribute("tabindex") === "0",
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
  const results = {};
  for (const row of result.querySelectorAll("[data-result-player]")) {
    const d = row.dataset;
    results[d.resultPlayer] = [d.total, d.pebbles, d.territories, d.love, d.fish].map(Number);
  }
  const problem = document.getElementById("problem");
  return {
    app: document.documentElement.dataset.app,
    game: document.documentElement.dataset.game ?? null,
    board: document.getElementById("board").dataset.board ?? null,
    curtain: document.documentElement.hasAttribute("data-curtain"),
    thinking: document.documentElement.dataset.thinking ?? null,
    hash: location.hash,
    tiles,
    hands,
    legalCards: cards('#table [data-card][data-legal="true"]'),
    trick: cards("#trick [data-card]"),
    led: document.getElementById("trick")?.dataset.ledSuit ?? null,
    row: cards("#row [data-card]"),
    deck: Number(document.querySelector("#row [data-deck]")?.dataset.deck ?? -1),
    discards: Number(document.querySelector("#row [data-discards]")?.dataset.discards ?? -1),
    toMove: [...document.querySelectorAll("[data-to-move]")].map((e) => e.dataset.toMove),
    message: document.getElementById("message").textContent,
    problem: problem.hidden ? null : problem.textContent,
    undo: document.querySelector('.controls [data-command="undo"]').disabled,
    result: result.hidden ? null : {
      winners: result.dataset.winners ?? null, results, visible: result.checkVisibility(),
      text: result.textContent,
      decidedBy: result.querySelector("[data-decided-by]")?.dataset.decidedBy ?? null,
    },
  };
}"""


def read_pebbles(page) -> dict:
    return page.evaluate(READ_PEBBLES)


def assert_pebbles_hooks(hooks: dict, state: PebblesState, viewer: int) -> None:
    """The hooks show ``state`` as ``viewer`` sees it: every tile's pebbles, penguins and
    control, the trick, the row, the deck and discards, each hand (its cards when
    ``viewer`` may see them, else only how many) and who is to move."""
    assert hooks["app"] == "ready" and hooks["game"] == "pebbles" and hooks["board"] == "pebbles"
    view = state.view(viewer)
    layout = state.layout
    marks = last_turn_of(view)  # what the last turn changed, once the view says it
    last = marks.tiles if marks is not None else {view.last_tile}
    assert set(hooks["tiles"]) == {str(t.number) for t in layout.tiles}
    for i, tile in enumerate(layout.tiles):
        shown = hooks["tiles"][str(tile.number)]
        assert shown["hex"] == f"{tile.q},{tile.r}"
        assert shown["pebbles"] == view.pebbles[i], f"pebbles on tile {tile.number}"
        assert shown["penguins"] == list(view.penguins[i]), f"penguins on tile {tile.number}"
        assert shown["control"] == ",".join(map(str, view.tile_control[i]))
        assert shown["last"] == (tile.number in last), f"data-last on tile {tile.number}"
        assert shown["focusable"] == shown["legal"]
    assert hooks["trick"] == [str(card) for _, card in view.trick]
    assert hooks["led"] == (view.led_suit.name.lower() if view.led_suit else None)
    assert hooks["row"] == [str(c) for c in view.row if c is not None]
    assert (hooks["deck"], hooks["discards"]) == (view.deck_size, len(view.discards))
    for p, hand in enumerate(view.hands):
        shown = hooks["hands"][str(p)]
        assert shown["count"] == hand.size
        assert shown["cards"] == [str(c) for c in hand.cards], f"hand of {p} seen by {viewer}"
        assert shown["mine"] == (p == viewer)
    if view.over:
        assert hooks["toMove"] == []
    else:
        assert set(hooks["toMove"]) == {str(state.to_move())}


def assert_pebbles_results(hooks: dict, state: PebblesState, names: list[str]) -> None:
    """The results panel shows the engine's scoring of the finished ``state``."""
    assert state.is_over()
    breakdown = state.breakdown()
    result = hooks["result"]
    assert result is not None and result["visible"], "the results panel is shown"
    assert result["winners"] == ",".join(map(str, breakdown.winners))
    assert result["decidedBy"] == breakdown.decided_by
    assert result["results"] == {
        str(p): [r.total, r.pebbles, r.territories, r.love, r.fish]
        for p, r in enumerate(breakdown.players)
    }
    for p in breakdown.winners:
        assert names[p] in result["text"]


def hidden_cards(state: PebblesState, viewer: int) -> list:
    """Every card in a hand or the deck that ``viewer`` may not see."""
    out = [
        CARDS[c] for p, hand in enumerate(state.hands) for c in hand if not state.sees(viewer, c, p)
    ]
    return out + [CARDS[c] for c in state.deck if not state.sees(viewer, c, -1)]


def assert_nothing_hidden_in_the_page(page, state: PebblesState, viewer: int = SPECTATOR):
    """The whole page's HTML names no card ``viewer`` may not see: no ``data-card`` of it,
    not its name in words, not its notation as a card's text."""
    html = page.evaluate("document.documentElement.outerHTML")
    shown = set(re.findall(r'data-card="([0-9]+[A-Z])"', html))
    for card in hidden_cards(state, viewer):
        assert str(card) not in shown, f"{card} is in the page"
        named = re.search(rf"(?<![0-9]){card.describe()}\b", html)
        assert named is None, f"{card.describe()} is in the page"
    return html


LEGAL_TILE = """n => document.querySelector(`svg#board [data-tile="${n}"]`)
  ?.dataset.legal === "true" """


def play_by_clicking(page, state: PebblesState, action: Action) -> str:
    """Make ``action`` (legal for the person to move in ``state``) as a person does, by
    clicking; returns the address after it."""
    before = page.evaluate("location.hash")
    kind = action.kind
    if kind == K_PLAY:
        click(page, f'#hand [data-card="{action.arg}"]')
    elif kind == K_FISH:
        click(page, f'#row [data-card="{action.arg}"]')
    elif kind == K_PLACE and state.step_name == "choose":
        click(page, '[data-control="place"]')
    elif kind == K_DONE:
        click(page, '[data-control="done"]')
    else:
        tile = action.arg
        if state.step_name == "choose" and not page.evaluate(LEGAL_TILE, tile):
            click(page, '[data-control="power"]')
            if kind in (K_COURT_PENGUIN, K_COURT_PEBBLE):
                which = "court-penguin" if kind == K_COURT_PENGUIN else "court-pebble"
                if page.locator(f'[data-control="{which}"]').count():
                    click(page, f'[data-control="{which}"]')
            page.wait_for_function(LEGAL_TILE, arg=tile)
        assert kind in (K_COLLECT, K_COURT_PENGUIN, K_COURT_PEBBLE, K_SCURRY, K_PUSH, K_STEP)
        click(page, f'svg#board [data-tile="{tile}"]')
    return wait_for_hash_change(page, before)


def pass_the_device(page, state: PebblesState) -> str:
    """At the pass-the-device screen: nothing of any hand is in the page; confirm it."""

    def nothing_hidden() -> None:
        assert read_pebbles(page)["hands"], "the table is there, every hand face down"
        assert_nothing_hidden_in_the_page(page, state, SPECTATOR)

    return confirm_pass_the_device(page, nothing_hidden)


def random_decision(state: PebblesState, rng) -> Action:
    """A seeded choice that plays like a person in a hurry: every kind of decision now and
    then, stopping moves more often than wandering."""
    legal = list(state.legal_actions())
    stops = [a for a in legal if a.kind == K_DONE]
    if stops and rng.random() < 0.6:
        return stops[0]
    return rng.choice(legal)


def settle(page, mirror: Session) -> None:
    """After a decision: the page is at the mirror's position."""
    assert page.evaluate("location.hash") == "#" + mirror.link()


__all__ = [
    "CHANCE",
    "OMNISCIENT",
    "SPECTATOR",
    "assert_nothing_hidden_in_the_page",
    "assert_pebbles_hooks",
    "assert_pebbles_results",
    "mirror_of",
    "pass_the_device",
    "play_by_clicking",
    "random_decision",
    "read_pebbles",
    "settle",
    "wait_for_hash_change",
]
