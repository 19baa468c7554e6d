"""Bots that play Waddle: greedy players for "easy" and "medium", tree search for "hard".

>>> from waddle.games.waddle import new_game
>>> state = new_game(players=2, seed=3)
>>> bot = make_bot("medium", seed=1)
>>> bot.choose(state) in state.legal_actions()
True

The levels (:data:`LEVELS`):

- ``random``: a uniformly random legal action (:class:`waddle.core.bots.RandomBot`).
- ``easy``: the greedy player with noise on its judgement and no deliberate scouting.
- ``medium``: the greedy player: each placement is valued by the VP it changes right now
  for everyone (waddles joined, pool majorities won or lost, :func:`place_gain`), plus
  what it leaves open for later and, with two players, what the hex would have been
  worth to the rival (blocking); doubles are kept for where they pay, and it scouts when
  going first at the next hex is worth more than its remaining turns in this round.
- ``hard``: Monte Carlo tree search (:class:`waddle.core.bots.Mcts`) whose playouts are
  played by a fast greedy policy, whose new nodes try the greedy favourite first
  (progressive bias) and whose reward adds the score margin to the win, so that it still
  tells good moves from bad when every line wins or every line loses.

Everything here is deterministic given the seed (see :mod:`waddle.core.bots`): values
are integers or floats built from ``+ - * /`` in a fixed order, and ties go to the
first action in the engine's order.
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
)
from waddle.core.rng import Rng
from waddle.games.waddle.actions import SCOUT, Action
from waddle.games.waddle.board import Board
from waddle.games.waddle.scoring import pool_awards, waddle_vp
from waddle.games.waddle.state import MAX_PLAYERS, WaddleState

LEVELS = ("random", "easy", "medium", "hard")
"""Bot levels from weakest to strongest, as :func:`make_bot` and the command line name them."""

METER = Meter(iterations=1600, power=2.0, noise=0.032)
"""The win-chance meter's budget, its noise at the review's budget and calibration
(docs/benchmarks.md, "Calibration")."""

EMPTY = -1


# -- what a board tells a bot, computed once per board --------------------------------------


class BoardInfo:
    """Per-board tables the bots need on top of :class:`Board`.

    >>> from waddle.games.waddle import new_game
    >>> info = BoardInfo.of(new_game(players=2, seed=1).board)
    >>> all(info.pool_fish[p] for near in info.pools_near for p in near)
    True
    """

    __slots__ = (
        "__weakref__",
        "board",
        "fillable",
        "playable",
        "pool_fish",
        "pool_ice",
        "pools_near",
    )

    _cache: ClassVar[weakref.WeakKeyDictionary[Board, BoardInfo]] = weakref.WeakKeyDictionary()

    def __init__(self, board: Board) -> None:
        self.board = board
        self.pool_ice = tuple(pool.ice for pool in board.pools)
        self.pool_fish = tuple(pool.fish for pool in board.pools)
        near: list[list[int]] = [[] for _ in range(len(board))]
        for p, pool in enumerate(board.pools):
            if pool.fish:  # a pool without fish scores nothing: no reason to look at it
                for i in pool.ice:
                    near[i].append(p)
        self.pools_near = tuple(tuple(n) for n in near)
        """For each hex index, the pools with fish whose shore it is on."""
        self.fillable = tuple(bool(slots) for slots in board.ice_slots)
        """Whether each hex is ice that some numbered water hex will make playable."""
        self.playable = max(1, sum(self.fillable))
        """How many hexes are ``fillable`` (at least 1, as it divides)."""

    @staticmethod
    def of(board: Board) -> BoardInfo:
        """The tables for ``board``, built on first use and kept while the board lives."""
        info = BoardInfo._cache.get(board)
        if info is None:
            info = BoardInfo._cache[board] = BoardInfo(board)
        return info


# -- exact value of one placement ------------------------------------------------------------


def _group_sizes(state: WaddleState, i: int, player: int) -> list[int]:
    """Penguins in each distinct waddle of ``player`` next to hex ``i`` (a double is 2)."""
    owner, token = state.owner, state.token
    neighbors = state.board.ice_neighbors
    seen = [i]
    sizes = []
    for start in neighbors[i]:
        if owner[start] != player or start in seen:
            continue
        seen.append(start)
        group = [start]
        size = 0
        for j in group:  # grows while iterating: breadth-first
            size += token[j]
            for n in neighbors[j]:
                if owner[n] == player and n not in seen:
                    seen.append(n)
                    group.append(n)
        sizes.append(size)
    return sizes


def _pool_points(counts: list[int], fish: tuple[int, ...], players: int) -> list[int]:
    """VP each player scores from one pool; the two-player case inline, as it is hot."""
    if players == 2:
        a, b = counts
        if a == b:
            return [0, 0] if a == 0 else [sum(fish)] * 2
        return [sum(fish), 0] if a > b else [0, sum(fish)]
    return [sum(award) for award in pool_awards(counts, fish, players)]


def place_gain(
    state: WaddleState, i: int, player: int, tokens: int, info: BoardInfo | None = None
) -> list[int]:
    """How every player's VP would change if ``player`` put ``tokens`` penguins on hex ``i``.

    Exact for the position as it stands: the waddles the penguin joins, and every pool
    whose ranking it changes (a pool majority can take fish from someone else).

    >>> from waddle.games.waddle import Board, HexSpec
    >>> board = Board([HexSpec(0, 0, "water", 1, (4,)), HexSpec(1, 0, "ice"),
    ...                HexSpec(0, 1, "ice"), HexSpec(1, -1, "ice")])
    >>> state = WaddleState(board, players=2)
    >>> state.owner[board.index[(1, -1)]], state.token[board.index[(1, -1)]] = 1, 1
    >>> place_gain(state, board.index[(1, 0)], player=0, tokens=1)  # ties the pool: both 4
    [5, 0]
    >>> place_gain(state, board.index[(1, 0)], player=0, tokens=2)  # wins it from player 1
    [7, -4]
    """
    info = info or BoardInfo.of(state.board)
    return _gain(state, info, i, player, tokens, _group_sizes(state, i, player))


def _gain(
    state: WaddleState, info: BoardInfo, i: int, player: int, tokens: int, sizes: list[int]
) -> list[int]:
    """:func:`place_gain`, given the sizes of the waddles the placement joins."""
    players = state.players
    gain = [0] * players
    before = 0
    for s in sizes:
        before += waddle_vp(s, players)
    gain[player] = waddle_vp(sum(sizes) + tokens, players) - before
    owner, token = state.owner, state.token
    for p in info.pools_near[i]:
        counts = [0] * players
        for j in info.pool_ice[p]:
            if owner[j] != EMPTY:
                counts[owner[j]] += token[j]
        fish = info.pool_fish[p]
        was = _pool_points(counts, fish, players)
        counts[player] += tokens
        now = _pool_points(counts, fish, players)
        for q in range(players):
            gain[q] += now[q] - was[q]
    return gain


def relative(gain: list[int], player: int) -> float:
    """A gain vector seen by ``player``: their own gain less the average of the others'.

    What counts is finishing ahead, so a pool taken from a rival is worth twice its fish
    in a two-player game.
    """
    others = 0
    for q, g in enumerate(gain):
        if q != player:
            others += g
    return gain[player] - others / (len(gain) - 1)


# -- the greedy player ------------------------------------------------------------------------


@dataclass(frozen=True)
class Greedy:
    """The knobs of the greedy player (``medium``; ``easy`` adds noise and never scouts).

    - ``open_weight``: value of each still-empty playable hex next to a placement, per
      penguin of the waddle it would extend (room for the waddle to grow later).
    - ``double_min``: extra value a double must add over a single at the same hex before
      it is spent, at the start of the game; the bar falls to 0 as the ice runs out.
    - ``scout``: whether to weigh scouting at all; ``scout_margin`` is how much more
      going first at the next hex must be worth than the turns given up.
    - ``deny_weight``: in a two-player game, the share of what the hex would be worth to
      the rival that counts for taking it first (blocking a join or a pool majority).
      With more players a block helps the other rivals as much as us; measured, it
      does not pay there, so it is not used.
    - ``noise``: uniform noise in VP added to each action's value (0: none).
    """

    open_weight: float = 0.25
    deny_weight: float = 1.0
    double_min: float = 6.0
    scout: bool = True
    scout_margin: float = 1.0
    noise: float = 0.0


MEDIUM = Greedy()
EASY = Greedy(open_weight=0.0, deny_weight=0.0, double_min=0.0, scout=False, noise=4.0)


def _open_room(state: WaddleState, info: BoardInfo, i: int) -> int:
    """Still-empty hexes next to ``i`` that some round will make playable."""
    owner, fillable = state.owner, info.fillable
    room = 0
    for n in state.board.ice_neighbors[i]:
        if owner[n] == EMPTY and fillable[n]:
            room += 1
    return room


def _placement_value(
    state: WaddleState, info: BoardInfo, knobs: Greedy, i: int, player: int, tokens: int
) -> float:
    sizes = _group_sizes(state, i, player)
    value = relative(_gain(state, info, i, player, tokens, sizes), player)
    if knobs.open_weight:
        waddle = tokens + sum(sizes)
        value += knobs.open_weight * waddle * _open_room(state, info, i)
    if knobs.deny_weight and state.players == 2:
        rival = 1 - player
        denied = relative(_gain(state, info, i, rival, 1, _group_sizes(state, i, rival)), rival)
        value += knobs.deny_weight * max(denied, 0.0)
    return value


def _ice_left(state: WaddleState, info: BoardInfo) -> int:
    """Playable ice still empty anywhere on the map."""
    owner, fillable = state.owner, info.fillable
    left = 0
    for i in state.board.ice:
        if owner[i] == EMPTY and fillable[i]:
            left += 1
    return left


def _next_round_hexes(state: WaddleState) -> list[int]:
    """Empty ice around the hex that will be active next round (none if the game ends)."""
    board, owner = state.board, state.owner
    now = set(board.slot_ice[state.active])  # filled this round whoever places
    for slot in range(state.active + 1, len(board.slot_ice)):
        later = [i for i in board.slot_ice[slot] if owner[i] == EMPTY and i not in now]
        if later:
            return later
    return []


def first_next_round(state: WaddleState) -> int:
    """Who would move first next round if nobody else scouts and the mover places."""
    track = state.tracks[state.active_track]
    scouts = state.tracks[1 - state.active_track]
    if scouts:
        return scouts[0]
    empty = len(state.legal_hexes())
    return track[empty % len(track)]


def scout_value(
    state: WaddleState, knobs: Greedy, best_now: float, info: BoardInfo | None = None
) -> float:
    """What scouting ahead is worth to the player to move, against placing at ``best_now``.

    Going first next round takes the best hex there before anyone else, instead of the
    one the others leave; the price is every turn left to us in this round, which the
    others take instead (estimated at ``best_now`` each).
    """
    if not state.can_scout():
        return -1e9
    player = state.to_move()
    assert player is not None
    info = info or BoardInfo.of(state.board)
    scouts = state.tracks[1 - state.active_track]
    if not scouts and first_next_round(state) == player:
        return -1e9  # first next round anyway: scouting would only give turns away
    values = sorted(
        (_placement_value(state, info, knobs, i, player, 1) for i in _next_round_hexes(state)),
        reverse=True,
    )
    if not values:
        return -1e9  # the game ends with this round: nothing to be first at
    track = state.tracks[state.active_track]
    ahead_of = len(track) - 1  # players who would otherwise pick before us next round
    later = values[min(ahead_of, len(values) - 1)] if len(values) > 1 else 0.0
    empty = len(state.legal_hexes())
    turns_given_up = -(-empty // len(track))  # ceil: we move first among the track
    return values[0] - later - turns_given_up * max(best_now, 0.0) - knobs.scout_margin


def greedy_values(
    state: WaddleState, knobs: Greedy = MEDIUM, rng: Rng | None = None
) -> list[tuple[Action, float]]:
    """Every legal action with the greedy player's value for it (higher is better).

    A double's value is its placement value less a bar that falls as the ice runs out,
    so doubles are saved for the hexes where the second penguin counts most.
    """
    player = state.to_move()
    if player is None:
        return []
    info = BoardInfo.of(state.board)
    index = state.board.index
    bar = knobs.double_min * _ice_left(state, info) / info.playable
    out: list[tuple[Action, float]] = []
    best_now = -1e9
    for action in state.legal_actions():
        if action.hex is None:
            continue
        i = index[action.hex]
        value = _placement_value(state, info, knobs, i, player, 2 if action.double else 1)
        if action.double:
            value -= bar
        else:
            best_now = max(best_now, value)
        if knobs.noise and rng is not None:
            value += knobs.noise * (2 * rng.random() - 1)
        out.append((action, value))
    if state.can_scout():
        value = scout_value(state, knobs, best_now, info) if knobs.scout else -1e9
        out.append((SCOUT, value))
    return out


# -- tree search with Waddle knowledge --------------------------------------------------------


@dataclass(frozen=True)
class Playout:
    """The knobs of the fast playout policy of the ``hard`` bot.

    Each empty hex around the active one is scored by cheap features: penguins of the
    mover next to it (their waddle grows), and pools where one more penguin takes or
    shares the lead (worth the fish at stake); the best is played, with uniform noise of
    ``noise`` so playouts vary. A double goes where that score reaches ``double_at``.
    Players scout with probability ``scout`` when allowed.
    """

    friend: float = 2.0
    pool: float = 1.0
    noise: float = 3.0
    double_at: float = 6.0
    scout: float = 0.08


@dataclass(frozen=True)
class HardKnobs:
    """The knobs of the ``hard`` bot: UCT exploration, progressive bias, reward, playouts.

    Measured against the medium bot (100 two-player games per variant at 300 iterations
    a move), exploration 0.3, no bias, no margin in the reward, playouts that never or
    more often scout, noisier playouts, uniformly random playouts (at three times the
    iterations) and playouts that also block all landed within the noise of these
    values (scouting in 8% of playout turns did a little better than 0% or 20%). The
    playouts stay cheap: blocking in them did not pay.
    """

    exploration: float = 0.5
    bias: float = 1.0
    margin_weight: float = 0.3
    """Share of the reward given by the score margin rather than the result."""
    margin_scale: float = 20.0
    """Score margin (VP) at which the margin part of the reward is three quarters."""
    playout: Playout = Playout()


HARD = HardKnobs()


class WaddleKnowledge:
    """The hooks that turn the generic :class:`~waddle.core.bots.Mcts` into the hard bot."""

    def __init__(self, board: Board, knobs: HardKnobs = HARD) -> None:
        self.info = BoardInfo.of(board)
        self.knobs = knobs
        playout = knobs.playout
        self._friends = (0.0, playout.friend * 1, playout.friend * 2)
        """What a neighbour of the mover's with 1 or 2 penguins adds (the policy's
        products, made once)."""
        self._pool_gains = tuple(
            tuple(
                playout.pool * (2 if players == 2 else 1) * fish[0] if fish else 0.0
                for fish in self.info.pool_fish
            )
            for players in range(MAX_PLAYERS + 1)
        )
        """``_pool_gains[players][p]``: what taking or sharing the lead of pool ``p`` adds
        (the policy's products, made once)."""

    def policy(self, state: WaddleState, rng: Rng) -> Action:
        """The playout move: a noisy greedy choice from cheap features, or a scout.

        Each empty hex around the active one is worth ``friend`` per penguin of the mover
        next to it, plus ``pool`` times the best fish of each pool (doubled with two
        players) where one more penguin takes or shares the lead; the sums are added in
        that order, so the products are made once (``_friends``, ``_pool_gains``)."""
        knobs = self.knobs.playout
        track = state.tracks[state.active_track]
        if len(track) > 1 and rng.random() < knobs.scout:
            return SCOUT
        owner, token = state.owner, state.token
        board = state.board
        info = self.info
        player = track[0]
        players = state.players
        neighbors = board.ice_neighbors
        pools_near, pool_ice = info.pools_near, info.pool_ice
        random = rng.random
        noise = knobs.noise
        friends, pool_gains = self._friends, self._pool_gains[players]
        leads: dict[int, int] = {}  # pool -> mover's penguins less the best rival's
        best_i, best_w, best_base = -1, -1.0, 0.0
        for i in board.slot_ice[state.active]:
            if owner[i] != EMPTY:
                continue
            w = 0.0
            for n in neighbors[i]:
                if owner[n] == player:
                    w += friends[token[n]]
            for p in pools_near[i]:
                lead = leads.get(p)
                if lead is None:
                    counts = [0] * players
                    for j in pool_ice[p]:
                        o = owner[j]
                        if o != EMPTY:
                            counts[o] += token[j]
                    mine = counts[player]
                    counts[player] = 0
                    lead = leads[p] = mine - max(counts)
                if -2 < lead <= 0:  # one more penguin takes or shares the lead
                    w += pool_gains[p]
            score = w + noise * random()
            if score > best_w:
                best_i, best_w, best_base = i, score, w
        double = bool(state.doubles_left[player]) and best_base >= knobs.double_at
        return board.place_actions[best_i][double]

    def evaluate(self, state: WaddleState) -> list[float]:
        """Reward of a finished game: the win share, blended with the score margin."""
        scores = state.scores()
        players = len(scores)
        top = max(scores)
        winners = scores.count(top)
        weight = self.knobs.margin_weight
        scale = self.knobs.margin_scale
        rewards = []
        for p in range(players):
            best_other = -1
            for q in range(players):
                if q != p and scores[q] > best_other:
                    best_other = scores[q]
            d = scores[p] - best_other
            margin = 0.5 + 0.5 * d / (abs(d) + scale)  # squashed to (0, 1), no exp needed
            share = 1.0 / winners if scores[p] == top else 0.0
            rewards.append((1.0 - weight) * share + weight * margin)
        return rewards

    def prior(self, state: WaddleState, actions: Sequence[Action]) -> list[float]:
        """The greedy player's values, rescaled to [0, 1] (the best is 1)."""
        values = dict(greedy_values(state, MEDIUM))
        raw = [values.get(a, -1e9) for a in actions]
        raw = [max(v, -30.0) for v in raw]  # "never" is just bad, not infinitely so
        return rescaled(raw)


class HardBot(KnowledgeBot[Action]):
    """The ``hard`` level: :class:`~waddle.core.bots.Mcts` with :class:`WaddleKnowledge`."""

    knobs = HARD
    configure = staticmethod(lambda state, knobs: search_config(state, knobs))


def search_config(state: WaddleState, knobs: HardKnobs = HARD) -> MctsConfig:
    """The hard bot's search at ``state``: what the win-chance meter and the game review
    search with too (``GAME.search_config``, :mod:`waddle.core.analysis`)."""
    knowledge = WaddleKnowledge(state.board, knobs)
    return MctsConfig(
        exploration=knobs.exploration,
        policy=knowledge.policy,
        evaluate=knowledge.evaluate,
        prior=knowledge.prior,
        bias=knobs.bias,
    )


LEVEL_BOTS = {
    **greedy_levels(greedy_values, EASY, MEDIUM),
    "hard": HardBot,
}
"""Each level's bot."""


def make_bot(
    level: str, seed: int = 0, seconds: float | None = None, iterations: int | None = None
) -> SearchBot[Action]:
    """A bot of ``level`` (one of :data:`LEVELS`) thinking for ``seconds`` or ``iterations``.

    Neither means one second; with ``iterations`` the bot is deterministic. For
    benchmarks, ``level@n`` is ``level`` with exactly ``n`` iterations a move, whatever else
    is asked (a tournament gives every seat one budget; this gives each its own), as in the
    other games:

    >>> make_bot("hard", seed=7, iterations=100)
    <HardBot hard seed=7 Budget(seconds=None, iterations=100)>
    >>> make_bot("hard@900", seed=7, seconds=1.0).budget
    Budget(seconds=None, iterations=900)
    """
    return level_bot(LEVEL_BOTS, level, seed, seconds, iterations, LEVELS)
