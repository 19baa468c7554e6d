"""Who can reach which floes, as the bots of Hey, That's My Fish! see the ice: per-board
tables of floes as bits (:class:`BoardInfo`, the padded :class:`Grid`), each player's reach
in one move (:func:`reach_bits`), the free floes split by who gets there first
(:func:`voronoi`), and the islands the ice falls apart into with what they decide
(:func:`islands`, :func:`island_estimate`).

Separate from the players that use it (:mod:`.greedy`, and the tree search in :mod:`.ai`):
these are facts of a position, computed in integer operations on bit sets, and a level's
knobs come in only as arguments; what a player makes of them is theirs. Deterministic as
:mod:`.ai` says.
"""

from __future__ import annotations

import weakref
from itertools import compress
from typing import ClassVar

from waddle.games.htmf.board import Board
from waddle.games.htmf.state import HtmfState

# -- what a board tells a bot, computed once per board ----------------------------------------


class BoardInfo:
    """Per-board tables for the bots: floes as bits of an integer, so that sets of floes
    (where a player can go, an island) are unions and counts in C.

    >>> from waddle.games.htmf import standard_board
    >>> info = BoardInfo.of(standard_board(1))
    >>> fish_in(info, (1 << 60) - 1)  # every floe: 30 + 2 * 20 + 3 * 10
    100
    """

    __slots__ = ("__weakref__", "board", "by_fish", "ray_bits")

    _cache: ClassVar[weakref.WeakKeyDictionary[Board, BoardInfo]] = weakref.WeakKeyDictionary()

    def __init__(self, board: Board) -> None:
        self.board = board
        self.by_fish = tuple(
            sum(1 << i for i, f in enumerate(board.fish) if f == k) for k in (1, 2, 3)
        )
        """The floes with 1, 2 and 3 fish, as bit sets."""
        ray_bits = []
        for rays in board.rays:
            mine = []
            for ray in rays:
                prefixes = [0]
                for j in ray:
                    prefixes.append(prefixes[-1] | 1 << j)
                mine.append(tuple(prefixes))
            ray_bits.append(tuple(mine))
        self.ray_bits = tuple(ray_bits)
        """``ray_bits[i][d][n]``: the first ``n`` floes of ``board.rays[i][d]`` as bits."""

    @staticmethod
    def of(board: Board) -> BoardInfo:
        """The tables for ``board``, built on first use and kept while the board lives."""
        info = BoardInfo._cache.get(board)
        if info is None:
            info = BoardInfo._cache[board] = BoardInfo(board)
        return info


def fish_in(info: BoardInfo, bits: int) -> int:
    """The fish on a set of floes given as bits."""
    one, two, three = info.by_fish
    return (bits & one).bit_count() + 2 * (bits & two).bit_count() + 3 * (bits & three).bit_count()


def reach_bits(state: HtmfState, info: BoardInfo) -> list[int]:
    """For each player, the floes their penguins could move to now, as bits.

    In the placement phase rays are not kept up to date, so they are walked here.
    """
    out = [0] * state.players
    per = state.per_player
    ray_bits = info.ray_bits
    if state.placed == state.total_penguins:
        ray_now = state.ray_now
        for s, f in enumerate(state.pos):
            if f >= 0:
                bits = ray_bits[f]
                b = 6 * s
                out[s // per] |= (
                    bits[0][len(ray_now[b])]
                    | bits[1][len(ray_now[b + 1])]
                    | bits[2][len(ray_now[b + 2])]
                    | bits[3][len(ray_now[b + 3])]
                    | bits[4][len(ray_now[b + 4])]
                    | bits[5][len(ray_now[b + 5])]
                )
        return out
    for s, f in enumerate(state.pos):
        if f >= 0:
            out[s // per] |= walk_bits(state, info, f)
    return out


def walk_bits(state: HtmfState, info: BoardInfo, f: int) -> int:
    """The floes a penguin on ``f`` could move to now, by walking its rays."""
    free = state.free
    bits = 0
    for d, ray in enumerate(state.board.rays[f]):
        n = 0
        for x in ray:
            if not free[x]:
                break
            n += 1
        bits |= info.ray_bits[f][d][n]
    return bits


def alive_bits(state: HtmfState) -> int:
    """The floes still on the board, penguins' included, as bits."""
    bits = 0
    for i, p in enumerate(state.taker):
        if p < 0:
            bits |= 1 << i
    return bits


# -- a padded bit grid: every player's territory in a few integer operations -----------------


class Grid:
    """The board on a padded grid of bits, where a step in a direction is a shift.

    Floe ``(q, r)`` is bit ``(r - r0) * width + (q - q0)``; each row has one spare
    column, always empty, so that a step off one end of a row never lands on the next.
    A set of floes is an integer, and "every floe a penguin on any of these could slide
    to" is six shift-and-mask fills (:meth:`slide`).
    """

    __slots__ = ("__weakref__", "bit", "by_fish", "shifts", "width")

    _cache: ClassVar[weakref.WeakKeyDictionary[Board, Grid]] = weakref.WeakKeyDictionary()

    def __init__(self, board: Board) -> None:
        qs = [q for q, _ in board.coords]
        rs = [r for _, r in board.coords]
        q0, r0 = min(qs), min(rs)
        width = max(qs) - q0 + 2  # one spare column
        self.width = width
        self.bit = tuple(1 << ((r - r0) * width + (q - q0)) for q, r in board.coords)
        """The bit of each floe."""
        self.by_fish = tuple(
            sum(b for b, f in zip(self.bit, board.fish, strict=True) if f == k) for k in (1, 2, 3)
        )
        offset = {(1, 0): 1, (0, 1): width, (-1, 1): width - 1}
        self.shifts = tuple(offset[step] for step in ((1, 0), (0, 1), (-1, 1)))
        """Shift left by these for directions (+1, 0), (0, +1), (-1, +1); right for the
        opposite three."""

    @staticmethod
    def of(board: Board) -> Grid:
        grid = Grid._cache.get(board)
        if grid is None:
            grid = Grid._cache[board] = Grid(board)
        return grid

    def slide(self, sources: int, empty: int) -> int:
        """Every floe of ``empty`` that a penguin on ``sources`` could slide to."""
        out = 0
        for shift in self.shifts:
            x = sources
            while True:
                x = (x << shift) & empty
                if not x:
                    break
                out |= x
            x = sources
            while True:
                x = (x >> shift) & empty
                if not x:
                    break
                out |= x
        return out

    def fish(self, bits: int) -> int:
        one, two, three = self.by_fish
        return (
            (bits & one).bit_count() + 2 * (bits & two).bit_count() + 3 * (bits & three).bit_count()
        )


def voronoi(state: HtmfState, grid: Grid, levels: int = 6) -> list[float]:
    """Each player's fish if every free floe went to whoever can reach it in the fewest
    moves (straight slides over free floes; shared on a tie), plus what they took and
    what their penguins stand on. Floes nobody can reach count for nobody, so islands
    come out right: one player's island is all theirs.

    The value of every stopped playout of the hard bot's search, so written for speed:
    :meth:`Grid.fish` inline as two bit planes (odd fish, two or
    more: the same integers), and two players apart. The sums are the same, in the same
    order, whatever the path."""
    players, per = state.players, state.per_player
    bit = grid.bit
    empty = sum(compress(bit, state.free))
    fronts = [0] * players
    for s, f in enumerate(state.pos):
        if f >= 0:
            fronts[s // per] |= bit[f]
    values = [float(v) for v in state.scores()]
    one, two, three = grid.by_fish
    odd, many = one | three, two | three
    slide = grid.slide

    if players == 2:
        a, b = fronts
        value_a, value_b = values
        for _ in range(levels):
            reach_a, reach_b = slide(a, empty), slide(b, empty)
            if not (reach_a or reach_b):
                break
            tied = reach_a & reach_b
            if reach_a:
                alone = reach_a & ~reach_b
                value_a += (
                    (alone & odd).bit_count()
                    + 2 * (alone & many).bit_count()
                    + 0.5 * ((tied & odd).bit_count() + 2 * (tied & many).bit_count())
                )
            if reach_b:
                alone = reach_b & ~reach_a
                value_b += (
                    (alone & odd).bit_count()
                    + 2 * (alone & many).bit_count()
                    + 0.5 * ((tied & odd).bit_count() + 2 * (tied & many).bit_count())
                )
            empty &= ~(reach_a | reach_b)
            a, b = reach_a, reach_b
        return [value_a, value_b]
    for _ in range(levels):
        reached = [slide(front, empty) for front in fronts]
        if not any(reached):
            break
        for p in range(players):
            mine = reached[p]
            if not mine:
                continue
            shared = 0
            for q in range(players):
                if q != p:
                    shared |= reached[q]
            alone, tied = mine & ~shared, mine & shared
            values[p] += (
                (alone & odd).bit_count()
                + 2 * (alone & many).bit_count()
                + 0.5 * ((tied & odd).bit_count() + 2 * (tied & many).bit_count())
            )
        taken = 0
        for r in reached:
            taken |= r
        empty &= ~taken
        fronts = reached
    return values


# -- islands: when the ice falls apart ----------------------------------------------------------


def islands(state: HtmfState) -> list[tuple[int, list[int]]]:
    """Every island of floes still on the board: its fish and how many penguins of each
    player stand on it. Floes connect through neighbours at the start of the game that
    are still there.

    >>> from waddle.games.htmf.actions import Action
    >>> from waddle.games.htmf.board import Floe
    >>> board = Board([Floe(q, 0, 1) for q in range(9)] + [Floe(q, 2, 2) for q in range(3)])
    >>> state = HtmfState(board, 2)
    >>> for q in (0, 8, 1, 7, 2, 6, 4, 5):  # 3,0 is free: the row is one island
    ...     state.apply(Action.place((q, 0)))
    >>> sorted(islands(state))
    [(6, [0, 0]), (9, [4, 4])]
    """
    taker, at, neighbors, fish = state.taker, state.at, state.board.neighbors, state.board.fish
    per = state.per_player
    seen = bytearray(len(taker))
    out = []
    for start in range(len(taker)):
        if taker[start] >= 0 or seen[start]:
            continue
        seen[start] = 1
        group = [start]
        total = 0
        penguins = [0] * state.players
        for i in group:  # grows while iterating: breadth-first
            total += fish[i]
            s = at[i]
            if s >= 0:
                penguins[s // per] += 1
            for n in neighbors[i]:
                if not seen[n] and taker[n] < 0:
                    seen[n] = 1
                    group.append(n)
        out.append((total, penguins))
    return out


def island_bits(state: HtmfState) -> list[tuple[int, list[int]]]:
    """Every island as bits of its floes, with how many penguins of each player stand on
    it (as :func:`islands`)."""
    taker, at, neighbors = state.taker, state.at, state.board.neighbors
    per = state.per_player
    seen = bytearray(len(taker))
    out = []
    for start in range(len(taker)):
        if taker[start] >= 0 or seen[start]:
            continue
        seen[start] = 1
        group = [start]
        bits = 0
        penguins = [0] * state.players
        for i in group:  # grows while iterating: breadth-first
            bits |= 1 << i
            s = at[i]
            if s >= 0:
                penguins[s // per] += 1
            for n in neighbors[i]:
                if not seen[n] and taker[n] < 0:
                    seen[n] = 1
                    group.append(n)
        out.append((bits, penguins))
    return out


def island_estimate(state: HtmfState, contested: float) -> tuple[list[float], bool]:
    """Each player's final fish as the islands suggest, and whether the islands decide
    it (every island with penguins has one player's only).

    An island of one player's penguins is theirs; one with no penguin nobody's; a shared
    one is split by penguins, each share scaled by ``contested`` (the rest is uncertain).
    """
    est = [float(f) for f in state.taken_fish]
    decided = True
    for total, penguins in islands(state):
        owners = 0
        count = 0
        for n in penguins:
            if n:
                owners += 1
                count += n
        if owners == 1:
            for p, n in enumerate(penguins):
                if n:
                    est[p] += total
        elif owners > 1:
            decided = False
            for p, n in enumerate(penguins):
                if n:
                    est[p] += contested * total * n / count
    return est, decided
