"""Monte Carlo tree search (UCT) for N players on any game state, and its information-set
variant for games with hidden information or chance: :class:`Mcts`,
:class:`InformationSetMcts`, :func:`tree_search` (which of the two a state needs) and
:class:`MctsBot`, with the hooks of :class:`MctsConfig` where a game's knowledge comes in.

A module of its own: the search is one piece (the tree's nodes, the deterministic log of
UCT, selection, expansion, playout and backpropagation only make sense together) and the
largest part of the bots; :mod:`waddle.core.bots` re-exports it. Every rule of
determinism in :mod:`waddle.core.bots` is kept here: no ``math.log``, plain ``+=`` sums.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from waddle.core.game import CHANCE, GameState
from waddle.core.rng import Rng
from waddle.core.search import A, Budget, Search, SearchBot

Policy = Callable[[Any, Rng], Any]
"""``policy(state, rng) -> action``: the move a playout makes in a non-terminal state."""
Evaluate = Callable[[Any], Sequence[float]]
"""``evaluate(state) -> rewards``: one reward in [0, 1] per player where a playout stops."""
Prior = Callable[[Any, Sequence[Any]], Sequence[float]]
"""``prior(state, actions) -> weights``: how promising each action looks, each in [0, 1]."""


def win_shares(state: GameState) -> list[float]:
    """The default reward of a finished game: 1 for a sole winner, split on a tie, else 0.

    >>> from waddle.core.nim import Nim
    >>> win_shares(Nim(players=2, stones=4))  # nobody has won yet: a two-way tie
    [0.5, 0.5]
    """
    winners = state.winners()
    share = 1.0 / len(winners)
    rewards = [0.0] * state.num_players
    for p in winners:
        rewards[p] = share
    return rewards


def random_policy(state: GameState, rng: Rng) -> Any:
    """The default playout policy: a uniformly random legal action."""
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


@dataclass(frozen=True)
class MctsConfig:
    """How :class:`Mcts` searches; the hooks are where game knowledge comes in.

    - ``exploration``: the UCT constant (rewards are in [0, 1]).
    - ``policy``: the playout policy; uniformly random by default.
    - ``evaluate``: rewards where a playout stops; win shares of a finished game by default.
      Required when ``playout_depth`` is set, since playouts then stop before the end.
    - ``playout_depth``: stop playouts after this many actions (None: play to the end).
    - ``prior`` and ``bias``: progressive bias. A new node tries its actions in order of
      prior, and selection adds ``bias * prior / (visits + 1)``, a nudge that fades as
      real results come in.
    - ``settled``: where a playout stopped by ``playout_depth`` may stop: it plays on
      until ``settled(state)`` (None: anywhere). For an evaluation that cannot be trusted
      in some positions, such as a count of territory while penguins are still being
      placed, where whoever placed last looks ahead.
    """

    exploration: float = 0.7
    policy: Policy = random_policy
    evaluate: Evaluate = win_shares
    playout_depth: int | None = None
    prior: Prior | None = None
    bias: float = 0.0
    settled: Callable[[Any], bool] | None = None


class _Node:
    """A tree node: the position after ``action`` (taken by ``mover``) in its parent's.

    ``total`` sums the rewards of ``mover`` over the playouts through this node, so a
    parent picks among its children from the point of view of the player choosing there
    (max^n, the usual N-player generalisation of UCT).

    Nodes hold no link to their parent (backpropagation follows the iteration's path):
    a finished tree then has no reference cycles, and is freed the moment the search is
    dropped. With parent links the whole tree is one cycle that only Python's cyclic
    collector frees, in one pass over every node: a pause of 15-30 ms in the browser
    whenever it comes (scripts/bench_ai_page.py).
    """

    __slots__ = ("action", "children", "mover", "prior", "total", "untried", "visits")

    def __init__(self, action: Any, mover: int, prior: float) -> None:
        self.action = action
        self.mover = mover
        self.prior = prior
        self.children: list[_Node] = []
        self.untried: list[tuple[Any, float]] | None = None  # listed when first revisited
        self.visits = 0
        self.total = 0.0


def _ln(n: int) -> float:
    """A deterministic natural log for UCT: exact at powers of two, linear in between.

    ``math.log`` is not correctly rounded on every platform, and a last-bit difference
    could flip a close comparison between CPython and Pyodide; this uses ``* /`` only.
    """
    k = n.bit_length() - 1
    return (k + (n / (1 << k) - 1.0)) * 0.6931471805599453


class Mcts(Search[A]):
    """UCT for N players with a reward per player, on any :class:`GameState`.

    Each iteration copies the root position, walks down the tree by UCT (plus progressive
    bias), adds one node, plays out with the policy and backs the reward vector up.
    """

    def __init__(self, state: GameState, budget: Budget, config: MctsConfig, rng: Rng) -> None:
        super().__init__(state, budget)
        self.config = config
        self.rng = rng
        self._state = state.clone()  # private: the caller may change theirs meanwhile
        self.root = _Node(None, -1, 0.0)
        self.root.untried = self._ordered_actions(self._state, self.legal)

    def _ordered_actions(self, state: GameState, actions: Sequence[A]) -> list[tuple[A, float]]:
        """Actions with their priors, best prior last (``untried.pop()`` takes it first)."""
        prior = self.config.prior
        if prior is None or not actions:
            return [(a, 0.0) for a in reversed(actions)]
        weights = prior(state, actions)
        order = sorted(range(len(actions)), key=weights.__getitem__)  # stable: deterministic
        return [(actions[i], weights[i]) for i in order]

    def _select(self, node: _Node) -> _Node:
        c = self.config.exploration
        bias = self.config.bias
        log_n = _ln(node.visits)
        sqrt = math.sqrt
        children = node.children
        best, best_value = children[0], -math.inf
        # The hottest loop of the tree: the bias test is made once, not per child (the
        # sums are the same, in the same order).
        if bias:
            for child in children:
                n = child.visits
                value = child.total / n + c * sqrt(log_n / n) + bias * child.prior / (n + 1)
                if value > best_value:
                    best, best_value = child, value
        else:
            for child in children:
                n = child.visits
                value = child.total / n + c * sqrt(log_n / n)
                if value > best_value:
                    best, best_value = child, value
        return best

    def _iterate(self, count: int) -> int:
        config = self.config
        policy, evaluate, depth_limit = config.policy, config.evaluate, config.playout_depth
        settled = config.settled
        rng = self.rng
        for _ in range(count):
            state = self._state.clone()
            node = self.root
            path = [node]
            # Selection down the tree, then expansion of one new child. A node lists its
            # actions (and runs the prior) only when first reached again after being
            # added: most leaves are visited once, and never pay for it.
            while True:
                if node.untried is None:
                    node.untried = self._ordered_actions(state, state.legal_actions())
                if node.untried:
                    action, prior = node.untried.pop()
                    mover = state.to_move()
                    state.apply(action)
                    node = _Node(action, mover, prior)
                    path[-1].children.append(node)
                    path.append(node)
                    break
                if not node.children:  # the game is over here
                    break
                node = self._select(node)
                path.append(node)
                state.apply(node.action)
            # Playout.
            steps = 0
            while not state.is_over() and (
                depth_limit is None
                or steps < depth_limit
                or (settled is not None and not settled(state))
            ):
                state.apply(policy(state, rng))
                steps += 1
            rewards = evaluate(state)
            # Backpropagation.
            for node in path:
                node.visits += 1
                if node.mover >= 0:
                    node.total += rewards[node.mover]
        return count

    def best(self) -> A:
        """The most visited root action (ties: better mean, then the earlier one tried)."""
        children = self.root.children
        if not children:
            return self.root.untried[-1][0] if self.root.untried else self.legal[0]
        best = children[0]
        for child in children[1:]:
            if (child.visits, child.total * best.visits) > (best.visits, best.total * child.visits):
                best = child
        return best.action

    def stats(self) -> list[tuple[A, int, float]]:
        rows = [(c.action, c.visits, c.total / c.visits) for c in self.root.children]
        rows.sort(key=lambda row: -row[1])  # stable: ties keep the order they were tried in
        return rows


class _SeenNode(_Node):
    """A node of :class:`InformationSetMcts`: also how often it was available (legal in the
    world of an iteration that reached its parent), which stands in for the parent's visits
    in UCT, since a child cannot be chosen in worlds where it is illegal."""

    __slots__ = ("available",)

    def __init__(self, action: Any, mover: int, prior: float) -> None:
        super().__init__(action, mover, prior)
        self.available = 1


class InformationSetMcts(Mcts[A]):
    """Tree search for games with hidden information or chance, seeing only what the seat
    to move may see (single-observer information-set MCTS, as in OpenSpiel's ISMCTS).

    Each iteration starts from a fresh ``determinize(seat, rng)`` of the root: a world that
    agrees with the seat's view, the hidden parts drawn at random. The tree is shared by all
    worlds: a node's children are the actions tried there in any world, an iteration expands
    or selects only among those legal in its world, and each child counts how often it was
    available. Chance nodes are drawn as they come, from the search's generator, and make no
    tree nodes. So the real hidden cards never reach the search: a bot built on this
    decides from its observation alone.
    """

    def __init__(self, state: GameState, budget: Budget, config: MctsConfig, rng: Rng) -> None:
        super().__init__(state, budget, config, rng)
        self.seat = state.to_move()

    def _iterate(self, count: int) -> int:
        config = self.config
        policy, evaluate, depth_limit = config.policy, config.evaluate, config.playout_depth
        settled = config.settled
        rng = self.rng
        c = config.exploration
        for _ in range(count):
            world = self._state.determinize(self.seat, rng)
            node = self.root
            path = [node]
            while True:
                _draw_chance(world, rng)
                if world.is_over():
                    break
                legal = world.legal_actions()
                here = set(legal)
                open_children = [child for child in node.children if child.action in here]
                for child in open_children:
                    child.available += 1
                tried = {child.action for child in node.children}
                untried = [a for a in legal if a not in tried]
                if untried:
                    action, prior = self._ordered_actions(world, untried)[-1]
                    mover = world.to_move()
                    world.apply(action)
                    node = _SeenNode(action, mover, prior)
                    path[-1].children.append(node)
                    path.append(node)
                    break
                best, best_value = open_children[0], -math.inf
                for child in open_children:
                    n = child.visits
                    value = child.total / n + c * math.sqrt(_ln(child.available) / n)
                    if config.bias:
                        value += config.bias * child.prior / (n + 1)
                    if value > best_value:
                        best, best_value = child, value
                node = best
                path.append(node)
                world.apply(node.action)
            steps = 0
            while not world.is_over() and (
                depth_limit is None
                or steps < depth_limit
                or (settled is not None and not settled(world))
            ):
                if not _draw_chance(world, rng):
                    world.apply(policy(world, rng))
                steps += 1
            rewards = evaluate(world)
            for node in path:
                node.visits += 1
                if node.mover >= 0:
                    node.total += rewards[node.mover]
        return count


def _draw_chance(state: GameState, rng: Rng) -> bool:
    """Apply chance outcomes while ``state`` is at a chance node; True if there was one."""
    drew = False
    while state.to_move() == CHANCE:
        state.apply(state.sample_chance(rng))
        drew = True
    return drew


def tree_search(state: GameState, budget: Budget, config: MctsConfig, rng: Rng) -> Mcts:
    """The right tree search for ``state``: plain UCT for perfect information without chance,
    :class:`InformationSetMcts` for a game with hidden information or chance nodes (the
    state class says so with ``hidden_information`` / ``has_chance``)."""
    if getattr(state, "hidden_information", False) or getattr(state, "has_chance", False):
        return InformationSetMcts(state, budget, config, rng)
    return Mcts(state, budget, config, rng)


class MctsBot(SearchBot[A]):
    """Monte Carlo tree search with the hooks of :class:`MctsConfig`.

    >>> from waddle.core.nim import Nim
    >>> state = Nim(players=3, stones=11)
    >>> bot = MctsBot(seed=3, budget=Budget(iterations=30))
    >>> bot.choose(state) == MctsBot(seed=3, budget=Budget(iterations=30)).choose(state)
    True
    """

    name = "mcts"

    def __init__(
        self, seed: int = 0, budget: Budget | None = None, config: MctsConfig | None = None
    ) -> None:
        super().__init__(seed, budget)
        self.config = config or MctsConfig()

    def start(self, state: GameState) -> Mcts[A]:
        return tree_search(state, self.budget, self.config, self.search_rng(state))
