"""Reading and driving Hey, That's My Fish! in the page, for the ``test_htmf_*`` browser tests.

The page runs the engine under Pyodide; these helpers compare what it shows (its public
hooks: the web hooks note, "Hey, That's My Fish!") with the same engine on CPython, and
play moves the way a person does: a placement is one click, a move two (the penguin, then
where it goes).
"""

from __future__ import annotations

import random

from conftest import click, hex_key

from waddle.app.session import Session
from waddle.games.htmf import GAME, Action, Floe, HtmfState, Record
from waddle.games.htmf.link import decode_link

# Every HTMF hook in one round trip.
READ_HTMF = """() => {
  const hexes = {};
  for (const g of document.querySelectorAll("svg#board [data-hex]")) {
    const d = g.dataset;
    hexes[d.hex] = {
      kind: d.kind ?? null, fish: d.fish ?? null, owner: d.owner ?? null,
      legal: d.legal === "true", selected: d.selected === "true", last: d.last === "true",
      focusable: g.getAttribute("tabindex") === "0", label: g.getAttribute("aria-label"),
    };
  }
  const result = document.getElementById("result");
  const results = {};
  for (const row of result.querySelectorAll("[data-result-player]")) {
    results[row.dataset.resultPlayer] = [Number(row.dataset.total), Number(row.dataset.floes)];
  }
  const players = {};
  for (const row of document.querySelectorAll("#game-panels [data-player-row]")) {
    players[row.dataset.playerRow] = {
      out: row.dataset.out === "true",
      fish: Number(row.querySelector("[data-fish-of]").textContent),
      floes: Number(row.querySelector("[data-floes-of]").textContent),
    };
  }
  const problem = document.getElementById("problem");
  return {
    app: document.documentElement.dataset.app,
    game: document.documentElement.dataset.game ?? null,
    board: document.getElementById("board").dataset.board ?? null,
    hash: location.hash,
    hexes,
    players,
    toMove: [...document.querySelectorAll("[data-to-move]")].map((e) => e.dataset.toMove),
    message: document.getElementById("message").textContent,
    problem: problem.hidden ? null : problem.textContent,
    result: result.hidden ? null : {
      winners: result.dataset.winners ?? null, results, visible: result.checkVisibility(),
      text: result.textContent, decidedBy: result.querySelector("[data-decided-by]")
        ?.dataset.decidedBy ?? null,
    },
  };
}"""


def read_htmf(page) -> dict:
    return page.evaluate(READ_HTMF)


def game_of(hash_text: str):
    """The game in a ``#h1.…`` address: the linked game (record, names, computer seats)."""
    return decode_link(hash_text.removeprefix("#"))


def state_of(hash_text: str, ply: int | None = None) -> HtmfState:
    """The engine's state for a ``#h1.…`` address (after ``ply`` actions if given)."""
    record = game_of(hash_text).record
    if ply is not None:
        record = record.with_actions(record.actions[:ply])
    return record.replay()


def assert_htmf_hooks(hooks: dict, state: HtmfState, selected=None, legal: bool = True) -> None:
    """The hooks show exactly ``state``: every place of the board, fish, gaps, penguins,
    the floes to click (none if not ``legal``), the chosen penguin, the last move, who is
    to move and who is out."""
    assert hooks["app"] == "ready" and hooks["game"] == "htmf" and hooks["board"] == "htmf"
    board = state.board
    assert set(hooks["hexes"]) == {hex_key(h) for h in board.coords}, "one element per place"
    left = state.floes_left()
    penguins = state.penguins()
    for h in board.coords:
        shown = hooks["hexes"][hex_key(h)]
        if h in left:
            assert (shown["kind"], shown["fish"]) == ("ice", str(left[h])), h
        else:
            assert (shown["kind"], shown["fish"]) == ("gone", None), f"{h} is a gap"
        owner = penguins.get(h)
        assert shown["owner"] == (None if owner is None else str(owner)), f"penguin on {h}"
    shown_legal = {k for k, v in hooks["hexes"].items() if v["legal"]}
    if not legal or state.is_over():
        expected = set()
    elif state.phase == "place":
        expected = set(state.placements())
    elif selected is not None:
        expected = set(state.destinations(selected))
    else:
        expected = set(state.movable_penguins())
    assert shown_legal == {hex_key(h) for h in expected}, "the floes to click"
    assert all(v["focusable"] == v["legal"] for v in hooks["hexes"].values())
    chosen = [k for k, v in hooks["hexes"].items() if v["selected"]]
    assert chosen == ([hex_key(selected)] if selected is not None and legal else [])
    last = [k for k, v in hooks["hexes"].items() if v["last"]]
    moved = state.last_action
    marked = moved is not None and moved.dst in left
    assert last == ([hex_key(moved.dst)] if marked else []), "the last move"
    for p in range(state.players):
        assert hooks["players"][str(p)]["out"] == state.is_out(p), f"player {p} out"
        assert hooks["players"][str(p)]["fish"] == state.scores()[p]
        assert hooks["players"][str(p)]["floes"] == state.floe_counts()[p]
    if state.is_over():
        assert hooks["toMove"] == []
    else:
        assert set(hooks["toMove"]) == {str(state.to_move())}, "the player to move"


def assert_htmf_results(hooks: dict, state: HtmfState, names: list[str]) -> None:
    """The results panel shows the engine's result of the finished ``state``: the winners,
    every player's fish and floes, and what decided it."""
    assert state.is_over()
    breakdown = state.breakdown()
    result = hooks["result"]
    assert result is not None and result["visible"], "the results panel is shown"
    assert result["winners"] == ",".join(map(str, breakdown.winners))
    assert result["results"] == {str(r.player): [r.fish, r.floes] for r in breakdown.players}
    assert result["decidedBy"] == breakdown.decided_by
    for p in breakdown.winners:
        assert names[p] in result["text"]


SELECTED = """key => document.querySelector(`svg#board [data-hex="${key}"]`)
  ?.dataset.selected === "true" """


def play_by_clicking(page, action: Action) -> str:
    """Place with one click, or move with two (the penguin, then its floe); returns the
    address after it."""
    before = page.evaluate("location.hash")
    if action.src is not None:
        click(page, f'svg#board [data-hex="{hex_key(action.src)}"]')
        page.wait_for_function(SELECTED, arg=hex_key(action.src))
    click(page, f'svg#board [data-hex="{hex_key(action.dst)}"]')
    return page.wait_for_function(
        "before => location.hash !== before && location.hash", arg=before
    ).json_value()


def random_htmf(players: int, seed: int, plies: int | None, policy_seed: int = 1, **seats):
    """A session on the standard board of ``seed``, ``plies`` random legal actions in (None:
    to the end)."""
    session = Session.new("htmf", players, seed, **seats)
    rng = random.Random(policy_seed)
    while not session.state.is_over() and (plies is None or session.state.ply < plies):
        assert session.play(rng.choice(session.state.legal_actions()))
    return session


def small_floes(seed: int) -> list[Floe]:
    """A 22-floe board (rows of 5, 6, 5 and 6 floes, the standard board's shape in small)
    with 10 one-fish floes, 8 with two and 4 with three, shuffled from ``seed``: short games
    for 2 to 4 players."""
    rows = ((0, 1, 5), (1, 0, 5), (2, 0, 4), (3, -1, 4))
    places = [(q, r) for r, first, last in rows for q in range(first, last + 1)]
    fish = [1] * 10 + [2] * 8 + [3] * 4
    random.Random(seed).shuffle(fish)
    return [Floe(q, r, f) for (q, r), f in zip(places, fish, strict=True)]


def small_game(players: int, seed: int, **seats) -> Session:
    """A new game on :func:`small_floes` (a custom board, carried floe by floe in links)."""
    return Session.start(GAME, Record(players, tuple(small_floes(seed))), **seats)
