"""Whole games played by clicking, checked move by move against the engine in this process.

The page runs the engine under Pyodide; this test process runs the same engine on CPython
from the same actions and compares the page's public hooks with it after every click, and
the results panel with the engine's own scoring at the end. A deterministic policy, seeded
here, picks singles, doubles and scouts, so a failure replays exactly.
"""

from __future__ import annotations

import random
from collections import Counter

from conftest import (
    assert_hooks_match,
    assert_results_match,
    choose_token,
    click_and_wait,
    hex_key,
    open_app,
    read_hooks,
)
from conftest import start_new_game as start_game_in_dialog

from waddle.games.waddle import SCOUT, Action, Record, new_record
from waddle.games.waddle.link import decode_game, encode_game

SCOUT_SHARE = 0.2
"""Chance of scouting when the scout control is enabled."""
DOUBLE_SHARE = 0.25
"""Chance of placing a double when the double choice is enabled."""


def play_by_clicking(
    page, players: int, seed: int, names: list[str], policy_seed: int, *, midway=None
):
    """Play the game on map ``seed`` to its end by clicking; returns (state, kinds).

    After every action the hooks must show the engine's state and the address must hold
    exactly the actions played. ``midway(hooks)`` is called once, halfway through.
    """
    record = new_record(players, seed)
    generated = record.generated
    state = record.start()
    rng = random.Random(policy_seed)
    kinds: Counter[str] = Counter()
    hooks = read_hooks(page)
    assert_hooks_match(hooks, state)
    halfway = None
    while not state.is_over():
        player = state.to_move()
        roll = rng.random()
        if not hooks["scout"]["disabled"] and roll < SCOUT_SHARE:
            action = SCOUT
            click_and_wait(page, '[data-action="scout"]')
        else:
            double = not hooks["double"]["disabled"] and rng.random() < DOUBLE_SHARE
            if double:
                choose_token(page, "double")
                chosen = read_hooks(page)
                assert chosen["double"]["pressed"] == "true"
                assert chosen["single"]["pressed"] == "false"
                assert chosen["hash"] == hooks["hash"], "choosing a token is not a move"
            target = rng.choice(sorted(state.legal_hexes()))
            action = Action.place(target, double)
            click_and_wait(page, f'svg#board [data-hex="{hex_key(target)}"]')
        kinds["scout" if action == SCOUT else "double" if action.double else "single"] += 1
        state.apply(action)

        hooks = read_hooks(page)
        assert_hooks_match(hooks, state)
        if action != SCOUT:
            placed = hooks["hexes"][hex_key(action.hex)]
            assert placed["owner"] == str(player)
            assert placed["token"] == ("double" if action.double else "single")
            assert not placed["legal"]
        assert hooks["single"]["pressed"] == "true", "the choice goes back to single"
        assert hooks["problem"] is None
        expected = encode_game(Record.from_state(state, generated), names, generated=True)
        assert hooks["hash"] == "#" + expected, "the address holds every action so far"
        if midway is not None and halfway is None and state.ply >= 30:
            halfway = midway(hooks)
    return state, kinds


def replay_from_address(hooks: dict, players: int, seed: int, names: list[str]):
    """The game in the page's address, replayed from scratch in this process."""
    record, linked_names = decode_game(hooks["hash"].removeprefix("#"))
    assert (record.players, linked_names) == (players, names)
    assert record.generated is not None and record.generated.seed == seed
    fresh = new_record(players, seed)
    assert record.map == fresh.map and record.order == fresh.order
    return record.replay()


def same_board(a: dict, b: dict) -> None:
    """Two pages show the same position: every hex, the player to move, the result."""
    assert a["hexes"] == b["hexes"]
    assert a["toMove"] == b["toMove"]
    assert (a["result"] or {}).get("totals") == (b["result"] or {}).get("totals")
    assert (a["result"] or {}).get("winners") == (b["result"] or {}).get("winners")


def test_two_player_game_played_by_clicking(page, fresh_page):
    names = ["Ada", "Zoë Ørsted"]
    open_app(page)
    start_game_in_dialog(page, 2, names, seed=4242)
    assert page.locator("#message").text_content() == "New game of Waddle on board 4242."

    state, kinds = play_by_clicking(page, 2, 4242, names, policy_seed=2)

    assert kinds["single"] and kinds["double"] and kinds["scout"], kinds
    hooks = read_hooks(page)
    assert_hooks_match(hooks, state)
    assert_results_match(hooks, state, names)
    replayed = replay_from_address(hooks, 2, 4242, names)
    assert replayed.breakdown() == state.breakdown()
    assert replayed.is_over()

    # The finished game's address, opened in someone else's browser: the same board.
    other = open_app(fresh_page(), hooks["hash"])
    again = read_hooks(other)
    assert again["hash"] == hooks["hash"]
    same_board(again, hooks)
    assert_results_match(again, replayed, names)
    assert again["problem"] is None


def test_five_player_game_played_by_clicking(page, fresh_page):
    names = ["Ann", "Bo", "Cyd", "Dee", "Eve"]
    open_app(page)
    start_game_in_dialog(page, 5, names, seed=31337)
    seen_midway = []

    def keep(hooks):
        seen_midway.append(hooks)
        return hooks

    state, kinds = play_by_clicking(page, 5, 31337, names, policy_seed=5, midway=keep)

    assert kinds["single"] and kinds["double"] and kinds["scout"], kinds
    hooks = read_hooks(page)
    assert_hooks_match(hooks, state)
    assert_results_match(hooks, state, names)
    assert replay_from_address(hooks, 5, 31337, names).breakdown() == state.breakdown()

    # A mid-game address in a fresh browser context: same owners, same player to move,
    # same legal and active hexes, and play goes on from there.
    (midway,) = seen_midway
    other = open_app(fresh_page(), midway["hash"])
    again = read_hooks(other)
    assert again["hash"] == midway["hash"]
    same_board(again, midway)
    assert again["problem"] is None
    record, _ = decode_game(midway["hash"].removeprefix("#"))
    resumed = record.replay()
    assert_hooks_match(again, resumed)
    target = sorted(resumed.legal_hexes())[0]
    click_and_wait(other, f'svg#board [data-hex="{hex_key(target)}"]')
    resumed.apply(Action.place(target))
    assert_hooks_match(read_hooks(other), resumed)


def test_hooks_are_updated_when_the_click_handler_returns(app):
    """The page's promise: hooks show the new state before the next frame. Here: already
    when dispatchEvent returns, since the handler runs synchronously."""
    outcome = app.evaluate(
        """() => {
          const hex = document.querySelector('svg#board [data-legal="true"]');
          const key = hex.dataset.hex, before = location.hash;
          const toMove = document.querySelector("[data-to-move]").dataset.toMove;
          hex.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
          const now = document.querySelector(`svg#board [data-hex="${key}"]`);
          return {changed: location.hash !== before, owner: now.dataset.owner ?? null,
                  toMove, legal: now.dataset.legal ?? null};
        }"""
    )
    assert outcome["changed"]
    assert outcome["owner"] == outcome["toMove"]
    assert outcome["legal"] is None
