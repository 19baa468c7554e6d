"""The playouts' quick judgement of one Pebbles decision, without playing it: what a card,
a penguin or a pebble is worth to the player to move against the average rival, from who
controls each tile and territory (:class:`Control`). The hard bot's playout policy and its
tree's priors use it (:mod:`waddle.games.pebbles.ai`); it is the hottest code of a search,
so it remembers what playouts ask again and again (the control of a placement of penguins
and what each penguin's move there changes), and every memo returns exactly what the plain
computation would (the bots' and the meter's figures do not depend on it).
"""

from __future__ import annotations

from collections.abc import Sequence

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
from waddle.games.pebbles.cards import NUMBER_OF, SUIT_OF
from waddle.games.pebbles.state import PebblesState

TRICK_VALUE = 1.4
"""A trick won: its love token, and leading the next round."""


def _rel(who: Sequence[int], me: int, n: int) -> float:
    """What control by ``who`` is worth to ``me`` against the average rival, per point."""
    if not who:
        return 0.0
    mine = 1.0 if me in who else 0.0
    others = len(who) - mine
    return mine - others / (n - 1)


def _rel_table(me: int, n: int) -> dict[tuple[int, ...], float]:
    """:func:`_rel` of every group of players (as :func:`_top` lists them), remembered."""
    table = _RELS.get((me, n))
    if table is None:
        table = _RELS[me, n] = {}
        for mask in range(1 << n):
            who = tuple(p for p in range(n) if mask >> p & 1)
            table[who] = _rel(who, me, n)
    return table


_RELS: dict[tuple[int, int], dict[tuple[int, ...], float]] = {}


def _top(counts: Sequence[int]) -> tuple[int, ...]:
    """The players with the most of ``counts`` (at least one), as the rules' control."""
    top = max(counts)
    if not top:
        return ()
    if counts.count(top) == 1:  # the usual case, without a generator
        return (counts.index(top),)
    return tuple(p for p, c in enumerate(counts) if c == top)


class Control:
    """Who controls each tile and territory of a position, to value what-ifs quickly: a
    penguin moved or a pebble added changes one or two tiles and their territories.

    Playouts ask about the same positions again and again, so the control of a placement
    of penguins is remembered (:func:`_control_of`) with what each penguin's move there
    changes (:meth:`penguin`)."""

    __slots__ = (
        "held",
        "most",
        "moves",
        "n",
        "pebbles",
        "pen",
        "size",
        "territories",
        "territory_of",
        "tiles",
        "values",
    )

    def __init__(self, state: PebblesState) -> None:
        self.n = state.players
        self.pen = state.pen
        self.pebbles = state.pebbles
        self.size = len(state.pebbles) + 1
        self.territory_of = state.layout.territory_of
        self.values = state.layout.vp[state.players]  # each territory's points
        self.tiles, self.most, self.held, self.territories, self.moves = _control_of(state)

    def penguin(self, me: int, owner: int, src: int, dst: int) -> float:
        """How ``me``'s relative points change if ``owner``'s penguin goes from tile index
        ``src`` to ``dst`` (-1: from the supply, or off the board)."""
        size = self.size
        key = ((me * self.n + owner) * size + src + 1) * size + dst + 1
        change = self.moves.get(key)
        if change is None:
            change = self.moves[key] = self._change(me, owner, src, dst)
        at_src, at_dst, territories = change
        pebbles = self.pebbles
        total = 0.0
        # Summed in the order the tiles and then the territories change (the same floats
        # whether remembered or not).
        if at_src is not None and pebbles[src]:
            total += pebbles[src] * at_src
        if at_dst is not None and pebbles[dst]:
            total += pebbles[dst] * at_dst
        for value in territories:
            total += value
        return total

    def _change(self, me: int, owner: int, src: int, dst: int) -> tuple:
        """What :meth:`penguin` adds up, but for the pebbles: the change in ``me``'s share
        of the source tile and of the destination tile (None: its control does not change),
        and the change in points of each territory whose control changes, in that order."""
        n = self.n
        pen, tiles, most = self.pen, self.tiles, self.most
        rel = _rel_table(me, n)
        changed = []
        at = [None, None]
        # A tile's control can change only where the owner has (or gets) the most penguins:
        # elsewhere the same players keep the most.
        for side, t, d in ((0, src, -1), (1, dst, 1)):
            if t < 0 or pen[t * n + owner] + (d > 0) < most[t]:
                continue
            row = pen[t * n : t * n + n]
            row[owner] += d
            new = _top(row)
            old = tiles[t]
            if new != old:
                changed.append((t, old, new))
                at[side] = rel[new] - rel[old]
        territories = []
        territory_of = self.territory_of
        done = -1
        for t, _, _ in changed:
            k = territory_of[t]
            if k == done:
                continue
            done = k
            held = list(self.held[k])
            for u, old, new in changed:
                if territory_of[u] == k:
                    for p in old:
                        held[p] -= 1
                    for p in new:
                        held[p] += 1
            territories.append(self.values[k] * (rel[_top(held)] - rel[self.territories[k]]))
        return at[0], at[1], tuple(territories)

    def pebble(self, me: int, t: int) -> float:
        """What a pebble on tile index ``t`` is worth to ``me`` (relative)."""
        return _rel(self.tiles[t], me, self.n)


def _control_of(state: PebblesState) -> tuple:
    """Who controls each tile, the most penguins on each, how many tiles of each territory
    each player controls, who controls each territory, and a memo of
    :meth:`Control._change`, for ``state``'s penguins (remembered: :class:`Control`)."""
    n = state.players
    pen = state.pen
    layout = state.layout
    key = (layout, n, tuple(pen))
    known = _CONTROLS.get(key)
    if known is not None:
        return known
    tiles = []
    most = []
    for t in range(len(layout)):
        row = pen[t * n : t * n + n]
        most.append(max(row))
        tiles.append(_top(row))
    helds = []
    for group in layout.members:
        held = [0] * n
        for t in group:
            for p in tiles[t]:
                held[p] += 1
        helds.append(tuple(held))
    known = (tuple(tiles), tuple(most), tuple(helds), tuple(_top(h) for h in helds), {})
    if len(_CONTROLS) >= _CONTROLS_LIMIT:
        _CONTROLS.clear()
    _CONTROLS[key] = known
    return known


_CONTROLS: dict[tuple, tuple] = {}
""":func:`_control_of` by layout, players and penguins on each tile."""
_CONTROLS_LIMIT = 2048
"""Placements :data:`_CONTROLS` keeps before it starts again (each with its memo of moves:
a few MB at most)."""


def card_value(state: PebblesState, card: int, control: Control) -> float:
    """A card to play: its chance at the trick, and the placement it allows."""
    n = state.players
    trick = state.trick
    me = state.current
    number = NUMBER_OF[card]
    later = n - len(trick) - 1
    if not trick:
        chance = (number / 13.0) ** (later + 1)
    else:
        led = SUIT_OF[trick[0]]
        best = trick[0]
        for c in trick[1:]:
            if SUIT_OF[c] == led and c > best:
                best = c
        if SUIT_OF[card] == led and card > best:
            chance = (number / 13.0) ** later - 0.02 * (card - best)
        else:
            chance = 0.0
    value = TRICK_VALUE * chance
    if state.supply[me]:
        t = state.layout.index.get(number)
        if t is not None:
            value += 0.8 * control.penguin(me, me, -1, t)
    return value


def quick_value(state: PebblesState, action: Action, control: Control) -> float:
    """The playout policy's judgement of one decision of the player to move, unplayed
    (``control`` is :class:`Control` of ``state``)."""
    kind = action.kind
    me = state.current
    index = state.layout.index
    if kind == K_PLAY:
        return card_value(state, action.arg, control)
    if kind in (K_PLACE, K_COURT_PENGUIN):
        return control.penguin(me, me, -1, index[action.arg]) + 0.05
    if kind in (K_COLLECT, K_COURT_PEBBLE):
        return control.pebble(me, index[action.arg])
    if kind == K_FISH:
        return 0.6 + 0.02 * NUMBER_OF[action.arg]
    if kind == K_STEP:
        value = control.penguin(me, state.mv_owner, state.mv_tile, index[action.arg])
        if state.mv_free == 0:
            value -= 0.5  # a fish token
        return value
    if kind == K_DONE:
        return 0.0
    neighbours = state.layout.neighbours
    if kind == K_SCURRY:
        t = index[action.arg]
        best = 0.0
        for j in neighbours[t]:
            v = control.penguin(me, me, t, j)
            if v > best:
                best = v
        return best
    if kind == K_PUSH:
        t = index[action.arg]
        n = state.players
        value = 0.0
        for q in range(n):
            if q != me and state.pen[t * n + q]:
                best = 0.0
                for j in neighbours[t]:
                    v = control.penguin(me, q, t, j)
                    if v > best:
                        best = v
                value += best
        return value
    return 0.0
