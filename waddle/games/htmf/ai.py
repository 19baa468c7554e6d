"""Bots that play Hey, That's My Fish!: greedy players for "easy" and "medium", tree
search for "hard", and a plain tree search ("uct") to measure "hard" against.

>>> from waddle.games.htmf import new_game
>>> state = new_game(players=2, seed=3)
>>> bot = make_bot("medium", seed=1)
>>> bot.choose(state) in state.legal_actions()
True

The levels (:data:`LEVELS`; links and the page name them by position):

- ``random``: a uniformly random legal action (:class:`waddle.core.bots.RandomBot`).
- ``easy``: the greedy player with noise on its judgement.
- ``medium``: the greedy player. It looks one move ahead and values the position by
  *territory*: the fish each player has taken, and the fish on the floes each player's
  penguins could reach in one move, counted in full where nobody else could, and half
  where others could too, plus a little for every move left. A placement is valued the
  same way.
- ``hard``: Monte Carlo tree search (:class:`waddle.core.bots.Mcts`) with what is known
  about the game: playouts follow a fast greedy policy for a limited number of moves,
  then the position is valued by its *islands*: once the floes fall apart, the fish of
  an island where only one player's penguins stand go to that player, and an island
  with no penguin goes to nobody (:func:`islands`), so a decided endgame is scored
  exactly and early. New nodes try the greedy favourite first (progressive bias).

``uct`` (accepted by :func:`make_bot`, not one of :data:`LEVELS`) is the same tree search
with none of that knowledge: uniformly random playouts to the end of the game and the
win share as reward. The benchmark measures ``hard`` against it at equal thinking time.

Everything here is deterministic given the seed and an iteration budget (see
:mod:`waddle.core.bots`): integer arithmetic and floats built from ``+ - * /`` in a fixed
order, ties to the first action in the engine's order.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from typing import ClassVar

from waddle.core.bots import (
    Budget,
    GreedyBot,
    Mcts,
    MctsBot,
    MctsConfig,
    RandomBot,
    SearchBot,
    level_budget,
    rescaled,
)
from waddle.core.rng import Rng
from waddle.games.htmf.actions import Action
from waddle.games.htmf.board import Board
from waddle.games.htmf.state import HtmfState

LEVELS = ("random", "easy", "medium", "hard")
"""Bot levels from weakest to strongest, as links and the page name them."""
BENCH_LEVELS = ("uct",)
"""Levels :func:`make_bot` also accepts, for benchmarks only."""


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
    come out right: one player's island is all theirs."""
    players, per = state.players, state.per_player
    bit = grid.bit
    empty = sum(compress(bit, state.free))
    fronts = [0] * players
    for s, f in enumerate(state.pos):
        if f >= 0:
            fronts[s // per] |= bit[f]
    values = [float(v) for v in state.scores()]
    for _ in range(levels):
        reached = [grid.slide(front, empty) for front in fronts]
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
            values[p] += grid.fish(mine & ~shared) + 0.5 * grid.fish(mine & shared)
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


def estimate(state: HtmfState, info: BoardInfo, knobs: Greedy) -> tuple[list[float], bool]:
    """Each player's final fish as the position suggests, and whether the islands
    decide it (every island with penguins has one player's only).

    An island where only one player's penguins stand is all theirs, one without
    penguins nobody's; on a shared island a player counts the floes under their
    penguins, and the territory of :class:`Greedy` (floes only they can reach in one
    move, and those others can reach too) within it.
    """
    est = [float(f) for f in state.taken_fish]
    decided = True
    reach = None
    per, fish, pos = state.per_player, state.board.fish, state.pos
    for bits, penguins in island_bits(state):
        owners = [p for p, n in enumerate(penguins) if n]
        if len(owners) == 1:
            est[owners[0]] += fish_in(info, bits)
        elif owners:
            decided = False
            if reach is None:
                reach = reach_bits(state, info)
            for p in owners:
                others = 0
                for q in owners:
                    if q != p:
                        others |= reach[q]
                mine = reach[p] & bits
                est[p] += knobs.alone * fish_in(info, mine & ~others)
                est[p] += knobs.shared * fish_in(info, mine & others)
            for s, f in enumerate(pos):
                if f >= 0 and bits >> f & 1:
                    est[s // per] += fish[f]
    return est, decided


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


# -- the greedy player --------------------------------------------------------------------------


@dataclass(frozen=True)
class Greedy:
    """The knobs of the greedy player (``medium``; ``easy`` is noisier and shallower).

    A position is valued, for each player, as ``taken`` (fish taken, and those under
    their penguins) plus ``alone`` times the fish on floes only they could reach in one
    move, ``shared`` times those others could reach too, and ``mobility`` per move they
    have; a move's value is the mover's value less the best rival's (with two players)
    or the rivals' mean (with more).
    """

    alone: float = 0.6
    shared: float = 0.3
    mobility: float = 0.05
    noise: float = 0.0
    """Uniform noise in fish added to each action's value (0: none)."""


MEDIUM = Greedy()
EASY = Greedy(alone=0.3, shared=0.3, mobility=0.0, noise=2.5)


def territory(state: HtmfState, info: BoardInfo, knobs: Greedy) -> list[float]:
    """Each player's value of the position (see :class:`Greedy`)."""
    players = state.players
    reach = reach_bits(state, info)
    values = [float(v) for v in state.scores()]
    for p in range(players):
        others = 0
        for q in range(players):
            if q != p:
                others |= reach[q]
        mine = reach[p]
        values[p] += knobs.alone * fish_in(info, mine & ~others) + knobs.shared * fish_in(
            info, mine & others
        )
        if knobs.mobility:
            values[p] += knobs.mobility * mine.bit_count()
    return values


def relative(values: Sequence[float], player: int) -> float:
    """A value vector seen by ``player``: theirs less the best rival's (two players) or
    the rivals' mean (more: a rival's loss helps the other rivals as much)."""
    if len(values) == 2:
        return values[player] - values[1 - player]
    others = 0.0
    for q, v in enumerate(values):
        if q != player:
            others += v
    return values[player] - others / (len(values) - 1)


def greedy_values(
    state: HtmfState, knobs: Greedy = MEDIUM, rng: Rng | None = None
) -> list[tuple[Action, float]]:
    """Every legal action with the greedy player's value for it (higher is better)."""
    player = state.to_move()
    if player is None:
        return []
    info = BoardInfo.of(state.board)
    out = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        value = relative(territory(after, info, knobs), player)
        if knobs.noise and rng is not None:
            value += knobs.noise * (2 * rng.random() - 1)
        out.append((action, value))
    return out


# -- tree search with knowledge of the game ------------------------------------------------------


@dataclass(frozen=True)
class HardKnobs:
    """The knobs of the ``hard`` bot: UCT exploration, progressive bias, playouts, reward.

    - ``playout_moves``: playouts stop after this many actions and the position is
      valued by its islands (and sooner when the game ends).
    - ``landing``: in playouts, a move is worth the fish it takes, plus ``landing``
      times the fish of the floe it lands on, plus ``room`` per free floe next to that
      one, plus uniform noise up to ``noise``.
    - ``contested``: share of a shared island's fish an estimate hands out.
    - ``margin_weight``, ``margin_scale``: the reward blends the win share with the
      estimated margin over the best rival, squashed to (0, 1).
    """

    exploration: float = 0.5
    bias: float = 1.0
    playout_moves: int = 0
    landing: float = 0.5
    room: float = 0.5
    noise: float = 2.0
    contested: float = 0.8
    margin_weight: float = 0.3
    margin_scale: float = 10.0
    evaluation: str = "voronoi"
    """How a stopped playout is valued: ``voronoi`` (:func:`voronoi`), ``territory``
    (:func:`estimate`: islands, and one move's reach on shared ones) or ``islands``
    (:func:`island_estimate`)."""
    greedy_prior_depth: int = 0
    """Nodes this many actions below the root or fewer take the greedy player's values
    as priors (dearer, better); deeper ones the playout policy's cheap values."""


HARD = HardKnobs()


class HtmfKnowledge:
    """The hooks that turn the generic :class:`~waddle.core.bots.Mcts` into the hard bot."""

    def __init__(self, board: Board, knobs: HardKnobs = HARD, root_ply: int = 0) -> None:
        self.board = board
        self.root_ply = root_ply
        self.info = BoardInfo.of(board)
        self.grid = Grid.of(board)
        self.knobs = knobs
        self._move_index = board.move_index
        self._place_index = board.place_index

    def _cheap_value(self, state: HtmfState, action: Action) -> float:
        """The playout policy's judgement of one action, without playing it."""
        board = self.board
        fish, free, neighbors = board.fish, state.free, board.neighbors
        knobs = self.knobs
        if action.src is None:
            j = self._place_index[action]
            room = 0.0
            for n in neighbors[j]:
                if free[n]:
                    room += fish[n]
            return room
        i, j = self._move_index[action][:2]
        room = 0
        for n in neighbors[j]:
            if free[n] and n != i:
                room += 1
        return fish[i] + knobs.landing * fish[j] + knobs.room * room

    def policy(self, state: HtmfState, rng: Rng) -> Action:
        """The playout move: the best cheap value with noise."""
        noise = self.knobs.noise
        random = rng.random
        best, best_value = None, -1.0
        for action in state.legal_actions():
            value = self._cheap_value(state, action) + noise * random()
            if value > best_value:
                best, best_value = action, value
        assert best is not None
        return best

    def evaluate(self, state: HtmfState) -> list[float]:
        """Rewards where a playout stops: exact at the end of the game, else from the
        islands' estimate; the win share blended with the margin."""
        if state.is_over():
            est = [float(v) for v in state.scores()]
            floes = state.floe_counts()
        elif self.knobs.evaluation == "voronoi":
            est = voronoi(state, self.grid)
            floes = None
        elif self.knobs.evaluation == "territory":
            est, _ = estimate(state, self.info, MEDIUM)
            floes = None
        else:
            est, _ = island_estimate(state, self.knobs.contested)
            floes = None
        players = len(est)
        top = max(est)
        winners = [p for p in range(players) if est[p] == top]
        if floes is not None and len(winners) > 1:  # the tie-break on floes
            most = max(floes[p] for p in winners)
            winners = [p for p in winners if floes[p] == most]
        share = 1.0 / len(winners)
        weight, scale = self.knobs.margin_weight, self.knobs.margin_scale
        rewards = []
        for p in range(players):
            best_other = -1.0
            for q in range(players):
                if q != p and est[q] > best_other:
                    best_other = est[q]
            d = est[p] - best_other
            margin = 0.5 + 0.5 * d / (abs(d) + scale)
            win = share if p in winners else 0.0
            rewards.append((1.0 - weight) * win + weight * margin)
        return rewards

    def prior(self, state: HtmfState, actions: Sequence[Action]) -> list[float]:
        """Near the root the greedy player's values, deeper the cheap ones, rescaled to
        [0, 1] (the best is 1)."""
        if state.ply - self.root_ply <= self.knobs.greedy_prior_depth:
            values = dict(greedy_values(state, MEDIUM))
            raw = [values[a] for a in actions]
        else:
            raw = [self._cheap_value(state, a) for a in actions]
        return rescaled(raw)


class HardBot(SearchBot[Action]):
    """The ``hard`` level: :class:`~waddle.core.bots.Mcts` with :class:`HtmfKnowledge`."""

    name = "hard"

    def __init__(self, seed: int = 0, budget: Budget | None = None, knobs: HardKnobs = HARD):
        super().__init__(seed, budget)
        self.knobs = knobs

    def start(self, state: HtmfState) -> Mcts[Action]:
        knowledge = HtmfKnowledge(state.board, self.knobs, state.ply)
        config = MctsConfig(
            exploration=self.knobs.exploration,
            policy=knowledge.policy,
            evaluate=knowledge.evaluate,
            playout_depth=self.knobs.playout_moves,
            prior=knowledge.prior,
            bias=self.knobs.bias,
        )
        return Mcts(state, self.budget, config, self.search_rng(state))


def make_bot(
    level: str, seed: int = 0, seconds: float | None = None, iterations: int | None = None
) -> SearchBot[Action]:
    """A bot of ``level`` (one of :data:`LEVELS`, or ``uct``) thinking for ``seconds`` or
    ``iterations``. Neither means one second; with ``iterations`` it is deterministic.

    For benchmarks, ``level@n`` is ``level`` with exactly ``n`` iterations a move, whatever
    else is asked (a tournament gives every seat one budget; this gives each its own):

    >>> make_bot("hard", seed=7, iterations=100)
    <HardBot hard seed=7 Budget(seconds=None, iterations=100)>
    >>> make_bot("uct@900", seed=7, seconds=1.0).budget
    Budget(seconds=None, iterations=900)
    """
    level, budget = level_budget(level, seconds, iterations)
    if level == "random":
        return RandomBot(seed, budget)
    if level == "easy":
        return GreedyBot(greedy_values, EASY, seed, budget, "easy")
    if level == "medium":
        return GreedyBot(greedy_values, MEDIUM, seed, budget, "medium")
    if level == "hard":
        return HardBot(seed, budget)
    if level == "uct":
        bot = MctsBot(seed, budget)
        bot.name = "uct"
        return bot
    raise ValueError(f"unknown bot level {level!r}: choose from {', '.join(LEVELS)}")
