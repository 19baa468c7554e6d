"""Helpers for the Hey, That's My Fish! tests: boards drawn as pictures, positions set up
by legal placements, a snapshot of a state, candidate actions for brute-force checks.

A picture draws row ``r`` on line ``r`` after a ``|`` margin; hex ``(q, r)`` sits at
column ``2q + r``, so each row is shifted half a hex from the one above, as on the
board. ``1``-``3`` is a floe with that many fish, ``.`` or a space no floe, and ``A``-``D``
a penguin of player 0-3 on a 1-fish floe:

>>> floes, penguins = picture('''
...     |1 2 A
...     | 3 B
... ''')
>>> [(f.q, f.r, f.fish) for f in floes], penguins
([(0, 0, 1), (1, 0, 2), (2, 0, 1), (0, 1, 3), (1, 1, 1)], {0: [(2, 0)], 1: [(1, 1)]})
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from waddle.games.htmf import Action, Board, Floe, HtmfState

Hex = tuple[int, int]


def picture(text: str) -> tuple[list[Floe], dict[int, list[Hex]]]:
    """The floes and the penguins (by player, in reading order) of a picture."""
    floes: list[Floe] = []
    penguins: dict[int, list[Hex]] = {}
    rows = [line.split("|", 1)[1] for line in text.splitlines() if "|" in line]
    for r, row in enumerate(rows):
        for col, ch in enumerate(row):
            if ch in " .":
                continue
            if (col - r) % 2:
                raise ValueError(f"row {r}: {ch!r} at column {col} is between two hexes")
            q = (col - r) // 2
            if ch in "123":
                floes.append(Floe(q, r, int(ch)))
            elif ch in "ABCD":
                floes.append(Floe(q, r, 1))
                penguins.setdefault("ABCD".index(ch), []).append((q, r))
            else:
                raise ValueError(f"row {r}: unknown mark {ch!r}")
    return floes, penguins


def position(text: str, players: int | None = None) -> HtmfState:
    """The state after placing the picture's penguins by legal placements: player 0's
    first penguin, player 1's first, ..., then everyone's second, and so on."""
    floes, penguins = picture(text)
    players = players or len(penguins)
    state = HtmfState(Board(floes), players)
    per = state.per_player
    for p in range(players):
        assert len(penguins.get(p, [])) == per, f"player {p} needs {per} penguins"
    for k in range(per):
        for p in range(players):
            state.apply(Action.place(penguins[p][k]))
    return state


def move(state: HtmfState, src: Hex, dst: Hex) -> HtmfState:
    state.apply(Action.move(src, dst))
    return state


def snapshot(state: HtmfState) -> tuple[Any, ...]:
    """Everything that makes up a position, as comparable plain values (the lazily
    listed moves listed)."""
    moves = [state._listed(s) for s in range(state.total_penguins)]
    return (
        tuple(state.free),
        tuple(state.at),
        tuple(state.taker),
        tuple(state.pos),
        tuple(state.ray_now),
        tuple(moves),
        tuple(state.legal_actions()),
        tuple(state.taken_fish),
        tuple(state.out),
        state.placed,
        state.mover,
        tuple(state.history),
    )


def every_candidate_action(state: HtmfState) -> list[Action]:
    """Placing on every floe of the board and a ring just off it, and every move between
    two such hexes that starts on a floe."""
    coords = list(state.board.coords)
    ring = sorted(
        {(q + dq, r + dr) for q, r in coords for dq in (-1, 0, 1) for dr in (-1, 0, 1)}
        - set(coords)
    )
    places = [Action.place(h) for h in coords + ring]
    moves = [Action.move(a, b) for a in coords for b in coords + ring]
    return places + moves


def brute_force_legal(state: HtmfState) -> set[Action]:
    return {a for a in every_candidate_action(state) if state.why_illegal(a) is None}


def as_reference(action: Action) -> tuple:
    if action.src is None:
        return ("place", *action.dst)
    return ("move", *action.src, *action.dst)


def reference_set(actions: Iterable[Action]) -> set[tuple]:
    return {as_reference(a) for a in actions}
