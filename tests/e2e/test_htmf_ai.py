"""Computer players of Hey, That's My Fish! in the page: a person plays to the end against
each level (random, easy and hard in one 4-player game, where hard, which thinks longest,
has fewest turns; medium in a 2-player game pasted into the same page's address), on a
small custom board so that the games are short.

Whatever the computers play, the game the page saved is replayed here with the engine on
CPython: every action must be legal where it was played, the person's seat must have
played exactly the person's clicks and every computer its own turns, and the results
panel must show the engine's result.
"""

from __future__ import annotations

import json
import random

from conftest import open_app
from htmf_tools import (
    assert_htmf_hooks,
    assert_htmf_results,
    game_of,
    play_by_clicking,
    read_htmf,
    small_game,
    state_of,
)
from playwright.sync_api import expect

from waddle.app.saves import AUTOSAVE_KEY
from waddle.games.htmf import Record

MOVE_TIMEOUT_MS = 90_000
"""Longest wait for one computer move (a hard think on a loaded machine, with margin)."""

# True when the game is over, or when it is one of ``seats``' turn and no computer thinks.
PERSON_OR_OVER = """seats => {
  const result = document.getElementById("result");
  if (!result.hidden && result.dataset.winners !== undefined) return true;
  if (document.documentElement.hasAttribute("data-thinking")) return false;
  const toMove = [...document.querySelectorAll("[data-to-move]")].map((e) => e.dataset.toMove);
  return toMove.length > 0 && toMove.every((p) => seats.includes(p));
}"""


def play_as_person(page, person: int, rng: random.Random) -> int:
    """Play the person's turns by clicking until the game is over; returns the clicks'
    actions (one per turn)."""
    turns = 0
    while True:
        page.wait_for_function(PERSON_OR_OVER, arg=[str(person)], timeout=MOVE_TIMEOUT_MS)
        hooks = read_htmf(page)
        if hooks["result"] is not None:
            return turns
        state = state_of(hooks["hash"])
        assert state.to_move() == person
        assert_htmf_hooks(hooks, state)
        play_by_clicking(page, rng.choice(state.legal_actions()))
        turns += 1


def saved_game_checked(page, bots: list[str | None]):
    """The game the page autosaved, replayed action by action: each one legal where it was
    played. Returns the final state and how many actions each seat took."""
    saved = json.loads(page.evaluate("k => localStorage.getItem(k)", AUTOSAVE_KEY))
    assert [seat.get("bot") for seat in saved["game"]["seats"]] == bots
    record = Record.from_json(saved["game"])
    state = record.start()
    played = [0] * record.players
    for action in record.actions:
        player = state.to_move()
        assert player is not None, "no action after the end of the game"
        assert action in state.legal_actions(), f"{action} by seat {player} at ply {state.ply}"
        state.apply(action)
        played[player] += 1
    return state, played


def test_htmf_a_person_against_each_computer_level_to_the_end(page):
    games = [
        (small_game(4, seed=1, names=["Ada", "Rand", "Easy", "Deep"],
                    bots=[None, "random", "easy", "hard"]), 0),
        (small_game(2, seed=2, names=["Medi", "Ada"], bots=["medium", None]), 1),
    ]  # fmt: skip
    for n, (session, person) in enumerate(games):
        bots = [seat.bot for seat in session.seats]
        link = session.link()
        if n == 0:
            open_app(page, "#" + link)
            expect(page.locator("#ai-controls")).to_be_visible()
            page.select_option("#ai-speed", "fast")
        else:
            page.evaluate("link => { location.hash = link; }", link)
        turns = play_as_person(page, person, random.Random(n))

        hooks = read_htmf(page)
        state, played = saved_game_checked(page, bots)
        assert state.is_over()
        assert played[person] == turns, "the person's seat played exactly the person's clicks"
        assert all(played[p] for p in range(len(bots)) if bots[p]), (
            f"every computer played: {played}"
        )
        assert game_of(hooks["hash"]).bots == bots, "the address keeps which seats are computers"
        assert state_of(hooks["hash"]).history == state.history
        assert_htmf_hooks(hooks, state)
        assert_htmf_results(hooks, state, [seat.name for seat in session.seats])
        assert page.evaluate("document.documentElement.dataset.thinking ?? null") is None
