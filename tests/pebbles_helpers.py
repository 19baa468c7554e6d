"""Helpers for the Pebbles tests: a small line-shaped layout, positions dealt by hand,
decisions written in their notation, penguins put on tiles, and a snapshot of a state.

The *line* layout has tiles 7 to 13 in a row (each touches the next), pathways 7-13 and
8-11, and four territories: A = 7, 8; B = 9, 10; C = 11, 12; D = 13, worth X, X+1, 2 and
X-1 (with 2 players: 2, 3, 2, 1).

>>> state = game(["7S 9C", "8P 13L"], row="10S 11C 12P 7L", deck="9S 10C")
>>> do(state, "play 7S", "place 7")
>>> state.penguins_on(7), state.step_name
([1, 0], 'move')
"""

from __future__ import annotations

import json
from typing import Any

from waddle.core.game import CHANCE
from waddle.core.rng import Rng
from waddle.games.pebbles import PebblesState, load_custom_layout, parse_action, parse_card
from waddle.games.pebbles.actions import _BY_TILE, DONE, FISH, PLAY
from waddle.games.pebbles.layout import Layout

LINE_JSON: dict[str, Any] = {
    "game": "pebbles",
    "territories": [
        {"name": "A", "value": "X"},
        {"name": "B", "value": "X+1"},
        {"name": "C", "value": "2"},
        {"name": "D", "value": "X-1"},
    ],
    "tiles": [
        {"number": n, "q": n - 7, "r": 0, "territory": "AABBCCD"[n - 7]} for n in range(7, 14)
    ],
    "pathways": [[7, 13], [8, 11]],
}
LINE: Layout = load_custom_layout(json.dumps(LINE_JSON))[0]

CANDIDATES = (*PLAY, *FISH, *(a for table in _BY_TILE.values() for a in table[1:]), DONE)
"""Every decision that could be written down (the chance action aside): every card to
play or to fish, every kind of decision on every tile number, ``done``."""


def cards(text: str) -> list:
    return [parse_card(w) for w in text.split()]


def game(
    hands: list[str],
    row: str = "",
    deck: str = "",
    lead: int = 0,
    layout: Layout = LINE,
) -> PebblesState:
    """A game dealt by hand: each hand and the row and deck (top first) as card notation."""
    return PebblesState(
        layout, len(hands), [cards(h) for h in hands], cards(row), cards(deck), lead
    )


def do(state: PebblesState, *decisions: str) -> None:
    """Apply decisions written in their notation (``"play 7S"``, ``"step 9"``, ``"done"``)."""
    for text in decisions:
        state.apply(parse_action(text))


def put(state: PebblesState, tile: int, player: int, count: int = 1) -> None:
    """Put ``count`` of ``player``'s penguins on ``tile`` from their supply (a test's setup)."""
    i = state.layout.index[tile] * state.players + player
    state.pen[i] += count
    state.supply[player] -= count
    state._legal = None


def legal(state: PebblesState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def snapshot(state: PebblesState) -> tuple:
    """Everything that makes up a position (the undo log aside)."""
    return (
        tuple(map(tuple, state.hands)),
        tuple(state.row),
        tuple(state.deck),
        tuple(state.discards),
        tuple(state.trick),
        tuple(state.pen),
        tuple(state.supply),
        tuple(state.pebbles),
        tuple(state.fish),
        tuple(state.love),
        tuple(state.bank),
        state._control(),
        tuple(state.history),
    )


def play_out(state: PebblesState, seed: int, plies: int | None = None) -> PebblesState:
    """Random legal decisions (and chance outcomes) from ``seed`` until the end or ``plies``."""
    rng = Rng(seed)
    while not state.is_over() and (plies is None or state.ply < plies):
        if state.to_move() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state
