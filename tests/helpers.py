"""Shared helpers for the Waddle rules tests: map builders, a state snapshot, playouts, and
an independent reference model of the rules used to cross-check the engine.

The reference model (:class:`ReferenceGame`) is deliberately written from the rulebook
alone, slowly and plainly: it works on coordinates and dictionaries, re-derives the
neighbours of a hex from the axial offsets, keeps an explicit "someone scouted" flag and
searches the whole numbered order for the next active hex. It shares nothing with the
engine but the :class:`HexSpec` map format, so agreement between the two means something.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from typing import Any

from waddle.games.waddle import SCOUT, Action, Board, HexSpec, WaddleState

Hex = tuple[int, int]

# Axial pointy-top neighbour offsets, written out here rather than imported from the engine.
OFFSETS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def around(h: Hex) -> list[Hex]:
    """The six hexes next to ``h`` (on or off any map)."""
    return [(h[0] + dq, h[1] + dr) for dq, dr in OFFSETS]


# -- building maps and positions ------------------------------------------------------------


def ice(q: int, r: int) -> HexSpec:
    return HexSpec(q, r, "ice")


def water(q: int, r: int, number: int | None = None, fish: Sequence[int] = ()) -> HexSpec:
    return HexSpec(q, r, "water", number, tuple(fish))


def ring(centre: Hex, number: int | None, fish: Sequence[int] = ()) -> list[HexSpec]:
    """A water hex with all six of its neighbours ice."""
    return [water(*centre, number, fish), *(ice(*h) for h in around(centre))]


def island(*waters: HexSpec) -> list[HexSpec]:
    """The given water hexes with ice on every neighbour that is not one of them."""
    wet = {w.hex for w in waters}
    shore = {n: None for w in waters for n in around(w.hex) if n not in wet}
    return [*waters, *(ice(*h) for h in shore)]


def merge(*parts: Iterable[HexSpec]) -> list[HexSpec]:
    """Join map pieces; a hex listed twice keeps its first kind (water wins if listed first)."""
    out: dict[Hex, HexSpec] = {}
    for part in parts:
        for spec in part:
            out.setdefault(spec.hex, spec)
    return list(out.values())


def strip(count: int, spacing: int = 3, fish: Sequence[int] = (1,)) -> list[HexSpec]:
    """Numbered water hexes 1..count along r=0, ``spacing`` apart, each ringed with ice.

    With spacing 3 the rings do not touch; with spacing 2 neighbouring water hexes share
    exactly one ice hex.
    """
    return merge(*(ring((spacing * k, 0), k + 1, fish) for k in range(count)))


def make_state(specs: Sequence[HexSpec], players: int = 2, order: Sequence[int] | None = None):
    return WaddleState(Board(list(specs)), players, order)


def solo_fill(state: WaddleState, player: int) -> WaddleState:
    """Play to the end with ``player`` placing every penguin (singles, in legal order).

    Everyone else scouts ahead whenever it is their turn, which always leaves ``player``
    as the last one placing; this reaches positions no ordinary turn order would.
    """
    while not state.is_over():
        if state.to_move() == player:
            state.apply(Action.place(state.legal_hexes()[0]))
        else:
            state.apply(SCOUT)
    return state


def place(q: int, r: int, double: bool = False) -> Action:
    return Action.place((q, r), double)


def play(state: WaddleState, *actions: Action) -> WaddleState:
    for action in actions:
        state.apply(action)
    return state


def put(state: WaddleState, penguins: dict[Hex, tuple[int, int]]) -> WaddleState:
    """Set penguins on ice directly, ``{hex: (player, 1 or 2)}``, for scoring-only tests.

    This bypasses turn order, so it is only used where a test checks how a finished
    arrangement scores, not how it was reached.
    """
    for h, (player, size) in penguins.items():
        i = state.board.index[h]
        assert state.board.is_ice[i], f"{h} is not ice"
        state.owner[i] = player
        state.token[i] = size
    return state


def snapshot(state: WaddleState) -> tuple[Any, ...]:
    """Everything that makes up a position, as comparable plain values."""
    return (
        tuple(state.owner),
        tuple(state.token),
        tuple(tuple(t) for t in state.tracks),
        state.active,
        state.active_track,
        tuple(state.doubles_left),
        tuple(state.empty_near),
        tuple(state.history),
    )


def random_playout(state: WaddleState, seed: int, limit: int = 10_000) -> list[Action]:
    """Play random legal actions to the end; return what was played."""
    rng = random.Random(seed)
    played = []
    while not state.is_over():
        assert len(played) < limit, "the game did not end"
        action = rng.choice(state.legal_actions())
        state.apply(action)
        played.append(action)
    return played


def every_candidate_action(state: WaddleState) -> list[Action]:
    """Single and double on every hex of the map, a ring of hexes just off it, and scouting."""
    coords = [s.hex for s in state.board.specs]
    off = sorted({n for h in coords for n in around(h)} - set(coords))
    return [Action.place(h, d) for h in coords + off for d in (False, True)] + [SCOUT]


def brute_force_legal(state: WaddleState) -> set[Action]:
    """Legal actions found by asking ``why_illegal`` about every candidate action."""
    return {a for a in every_candidate_action(state) if state.why_illegal(a) is None}


# -- an independent reference model -------------------------------------------------------

WADDLE_TABLE = [0, 1, 3, 6, 10, 15, 21, 28, 36]
"""VP of a waddle of 0..8 penguins (3 to 5 players; 8 or more score 36)."""
WADDLE_TABLE_TWO_PLAYERS = [*WADDLE_TABLE, 45, 55]
"""The same with 2 players (10 or more score 55)."""


def reference_waddle_vp(penguins: int, players: int) -> int:
    table = WADDLE_TABLE_TWO_PLAYERS if players == 2 else WADDLE_TABLE
    return table[min(penguins, len(table) - 1)]


def reference_pool_awards(counts: Sequence[int], fish: Sequence[int], players: int) -> list[int]:
    """VP each player scores from one pool (the total, not the list of fish)."""
    fish = sorted(fish, reverse=True)
    vp = [0] * len(counts)
    if not fish:
        return vp
    if players == 2:
        top = max(counts)
        for p, c in enumerate(counts):
            if c and c == top:
                vp[p] = sum(fish)
        return vp
    remaining = list(fish)
    for level in sorted({c for c in counts if c >= 1}, reverse=True):
        if not remaining:
            break
        best = remaining.pop(0)
        for p, c in enumerate(counts):
            if c == level:
                vp[p] = best
    return vp


class ReferenceGame:
    """The rules of Waddle, written plainly from the rulebook, for cross-checking."""

    def __init__(self, specs: Sequence[HexSpec], players: int, order: Sequence[int]) -> None:
        self.kind = {s.hex: s.kind for s in specs}
        self.fish = {s.hex: list(s.fish) for s in specs}
        self.numbered = [
            s.hex for s in sorted((s for s in specs if s.number is not None), key=_number)
        ]
        self.players = players
        self.penguins: dict[Hex, tuple[int, int]] = {}
        self.doubles = [2] * players
        self.tracks = [list(order), []]
        self.current = 0
        self.scouted = False
        self.active = self._first_open()

    def _first_open(self) -> Hex | None:
        for w in self.numbered:
            if self.empty_ice_around(w):
                return w
        return None

    def empty_ice_around(self, h: Hex) -> list[Hex]:
        return [n for n in around(h) if self.kind.get(n) == "ice" and n not in self.penguins]

    def over(self) -> bool:
        return self.active is None

    def to_move(self) -> int | None:
        return None if self.over() else self.tracks[self.current][0]

    def legal(self) -> set[Action]:
        if self.over():
            return set()
        player = self.to_move()
        spots = self.empty_ice_around(self.active)
        out = {Action.place(h) for h in spots}
        if self.doubles[player] > 0:
            out |= {Action.place(h, True) for h in spots}
        last_one = len(self.tracks[self.current]) == 1
        if not (last_one and spots):
            out.add(SCOUT)
        return out

    def apply(self, action: Action) -> None:
        assert action in self.legal(), action
        track = self.tracks[self.current]
        player = track.pop(0)
        if action.hex is None:
            self.tracks[1 - self.current].append(player)
            self.scouted = True
            return
        self.penguins[action.hex] = (player, 2 if action.double else 1)
        if action.double:
            self.doubles[player] -= 1
        track.append(player)
        if self.empty_ice_around(self.active):
            return
        self.active = self._first_open()
        if self.scouted:
            self.tracks[1 - self.current].extend(track)
            track.clear()
            self.current = 1 - self.current
        self.scouted = False

    def clone(self) -> ReferenceGame:
        return copy.deepcopy(self)

    def waddles(self) -> list[tuple[int, int]]:
        """Every waddle as ``(player, penguins)``."""
        seen: set[Hex] = set()
        out = []
        for start, (player, _) in self.penguins.items():
            if start in seen:
                continue
            seen.add(start)
            stack, size = [start], 0
            while stack:
                h = stack.pop()
                size += self.penguins[h][1]
                for n in around(h):
                    if n not in seen and self.penguins.get(n, (None,))[0] == player:
                        seen.add(n)
                        stack.append(n)
            out.append((player, size))
        return out

    def pools(self) -> list[set[Hex]]:
        left = {h for h, k in self.kind.items() if k == "water"}
        out = []
        while left:
            group = {left.pop()}
            stack = list(group)
            while stack:
                for n in around(stack.pop()):
                    if n in left:
                        left.discard(n)
                        group.add(n)
                        stack.append(n)
            out.append(group)
        return out

    def scores(self) -> list[int]:
        vp = [0] * self.players
        for player, size in self.waddles():
            vp[player] += reference_waddle_vp(size, self.players)
        for pool in self.pools():
            shore = {n for w in pool for n in around(w) if self.kind.get(n) == "ice"}
            counts = [0] * self.players
            for h in shore:
                if h in self.penguins:
                    player, size = self.penguins[h]
                    counts[player] += size
            fish = [f for w in pool for f in self.fish[w]]
            for p, got in enumerate(reference_pool_awards(counts, fish, self.players)):
                vp[p] += got
        return vp


def _number(spec: HexSpec) -> int:
    assert spec.number is not None
    return spec.number
