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

The parts: the ice as bits, reach, Voronoi and islands in :mod:`.reach`; the greedy player
(``easy``, ``medium``, and the territory estimate) in :mod:`.greedy`; the tree search's
knowledge and every level here, with the names of both parts re-exported.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from waddle.core.analysis import Meter
from waddle.core.bots import (
    KnowledgeBot,
    MctsConfig,
    SearchBot,
    greedy_levels,
    level_bot,
    rescaled,
    uct_level,
)
from waddle.core.rng import Rng
from waddle.games.htmf.actions import Action
from waddle.games.htmf.board import Board
from waddle.games.htmf.greedy import (
    EASY,
    MEDIUM,
    Greedy,
    estimate,
    greedy_values,
    relative,
    territory,
)
from waddle.games.htmf.reach import (
    BoardInfo,
    Grid,
    alive_bits,
    fish_in,
    island_bits,
    island_estimate,
    islands,
    reach_bits,
    voronoi,
    walk_bits,
)
from waddle.games.htmf.state import HtmfState

LEVELS = ("random", "easy", "medium", "hard")
"""Bot levels from weakest to strongest, as links and the page name them."""


def _answered(state: HtmfState) -> bool:
    """Whether a playout may stop here for the meter: every penguin is on the ice and each
    seat has moved once since. Before that, the territory evaluation credits whoever
    placed or moved last: the others still have a penguin to answer with."""
    return state.phase != "place" and state.ply >= state.total_penguins + state.players


METER = Meter(iterations=3500, playout=1, settled=_answered, review=2000, noise=0.015)
"""The win-chance meter: its budget, its playouts (a move of each seat past the tree, and
never stopped before every seat has placed all its penguins and moved once), its noise at
the review's budget and calibration (docs/benchmarks.md, "Calibration"; docs/analysis.md,
"What a figure is")."""
BENCH_LEVELS = ("uct",)
"""Levels :func:`make_bot` also accepts, for benchmarks only."""


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


class CheapTables:
    """The playout policy's judgement of every action on one board, for one pair of knobs
    (:attr:`HardKnobs.landing`, :attr:`HardKnobs.room`), as tables built once: the policy
    scores every legal action of every playout move, the hottest loop of the search.

    A position's free floes are read as one integer, ``int.from_bytes(bytes(free),
    "little")``: byte ``n`` is 1 where floe ``n`` is free. A floe's free neighbours are then
    one AND with a mask of their bytes and a bit count, in C.

    - ``moves[move] = (mask, values)``: ``mask`` is the bytes of the landing floe's
      neighbours other than the floe left; ``values[n]`` the move's value with ``n`` of
      them free: the fish of the floe left, plus ``landing`` times those of the floe
      landed on, plus ``room * n``, the same sum in the same order as written out in full.
    - ``places[placement] = mask``: in the byte of each of the floe's neighbours, one bit
      per fish on it; with the free floes' bytes made 7 (three bits), the fish on its free
      neighbours are the bits of ``7 * free & mask``.
    """

    __slots__ = ("moves", "places")

    _cache: ClassVar[weakref.WeakKeyDictionary[Board, dict[tuple[float, float], CheapTables]]] = (
        weakref.WeakKeyDictionary()
    )

    def __init__(self, board: Board, landing: float, room: float) -> None:
        fish, neighbors = board.fish, board.neighbors
        lane = [1 << (8 * n) for n in range(len(board))]
        rooms = [room * n for n in range(7)]
        self.moves = {
            move: (
                sum(lane[n] for n in neighbors[j] if n != i),
                tuple(fish[i] + landing * fish[j] + r for r in rooms),
            )
            for move, (i, j, *_) in board.move_index.items()
        }
        self.places = {
            action: sum(lane[n] * ((1 << fish[n]) - 1) for n in neighbors[j])
            for action, j in board.place_index.items()
        }

    @staticmethod
    def of(board: Board, landing: float, room: float) -> CheapTables:
        """The tables for ``board`` and these knobs, built on first use and kept while the
        board lives."""
        mine = CheapTables._cache.get(board)
        if mine is None:
            mine = CheapTables._cache[board] = {}
        tables = mine.get((landing, room))
        if tables is None:
            tables = mine[landing, room] = CheapTables(board, landing, room)
        return tables


def _free_bytes(state: HtmfState) -> int:
    """The free floes as an integer whose byte ``n`` is 1 where floe ``n`` is free."""
    return int.from_bytes(bytes(state.free), "little")


class HtmfKnowledge:
    """The hooks that turn the generic :class:`~waddle.core.bots.Mcts` into the hard bot."""

    def __init__(self, board: Board, knobs: HardKnobs = HARD, root_ply: int = 0) -> None:
        self.board = board
        self.root_ply = root_ply
        self.info = BoardInfo.of(board)
        self.grid = Grid.of(board)
        self.knobs = knobs
        self.cheap = CheapTables.of(board, knobs.landing, knobs.room)

    def _cheap_values(self, state: HtmfState, actions: Sequence[Action]) -> list[float]:
        """The playout policy's judgement of each action, without playing it: for a move,
        the fish it takes, plus ``landing`` times those of the floe it lands on, plus
        ``room`` per free floe next to that one; for a placement, the fish on the free
        floes next to it."""
        free = _free_bytes(state)
        out = []
        if actions and actions[0].src is None:
            places, free = self.cheap.places, 7 * free
            for action in actions:
                out.append(float((free & places[action]).bit_count()))
            return out
        moves = self.cheap.moves
        for action in actions:
            mask, values = moves[action]
            out.append(values[(free & mask).bit_count()])
        return out

    def policy(self, state: HtmfState, rng: Rng) -> Action:
        """The playout move: the best cheap value (:meth:`_cheap_values`) with noise. The
        values are worked out inline here (the hottest loop of the search), one random
        draw per legal action, in order; ties go to the first."""
        noise = self.knobs.noise
        random = rng.random
        legal = state.legal_actions()
        free = int.from_bytes(bytes(state.free), "little")  # _free_bytes, inline
        best, best_value = None, -1.0
        if legal[0].src is None:
            places, free = self.cheap.places, 7 * free
            for action in legal:
                value = (free & places[action]).bit_count() + noise * random()
                if value > best_value:
                    best, best_value = action, value
        else:
            moves = self.cheap.moves
            for action in legal:
                mask, values = moves[action]
                value = values[(free & mask).bit_count()] + noise * random()
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
        # Each player's best rival (at least -1.0): the leader's is the runner-up when it
        # leads alone, everyone else's is the top.
        leader = est.index(top) if est.count(top) == 1 else -1
        runner_up = -1.0
        if leader >= 0:
            for q in range(players):
                if q != leader and est[q] > runner_up:
                    runner_up = est[q]
        rewards = []
        for p in range(players):
            best_other = runner_up if p == leader else max(top, -1.0)
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
            raw = self._cheap_values(state, actions)
        return rescaled(raw)


class HardBot(KnowledgeBot[Action]):
    """The ``hard`` level: :class:`~waddle.core.bots.Mcts` with :class:`HtmfKnowledge`."""

    knobs = HARD
    configure = staticmethod(lambda state, knobs: search_config(state, knobs))


def search_config(state: HtmfState, knobs: HardKnobs = HARD) -> MctsConfig:
    """The hard bot's search at ``state``: what the win-chance meter and the game review
    search with too (``GAME.search_config``, :mod:`waddle.core.analysis`)."""
    knowledge = HtmfKnowledge(state.board, knobs, state.ply)
    return MctsConfig(
        exploration=knobs.exploration,
        policy=knowledge.policy,
        evaluate=knowledge.evaluate,
        playout_depth=knobs.playout_moves,
        prior=knowledge.prior,
        bias=knobs.bias,
    )


LEVEL_BOTS = {
    **greedy_levels(greedy_values, EASY, MEDIUM),
    "hard": HardBot,
    "uct": uct_level,
}
"""Each level's bot (``uct``: plain UCT, for benchmarks)."""


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
    return level_bot(LEVEL_BOTS, level, seed, seconds, iterations, LEVELS)


__all__ = [
    "BENCH_LEVELS",
    "EASY",
    "HARD",
    "LEVELS",
    "MEDIUM",
    "BoardInfo",
    "Greedy",
    "Grid",
    "HardBot",
    "HardKnobs",
    "HtmfKnowledge",
    "alive_bits",
    "estimate",
    "fish_in",
    "greedy_values",
    "island_bits",
    "island_estimate",
    "islands",
    "make_bot",
    "reach_bits",
    "relative",
    "territory",
    "voronoi",
    "walk_bits",
]
