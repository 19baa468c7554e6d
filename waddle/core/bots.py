"""Game-agnostic bots: a random player and Monte Carlo tree search (UCT) for N players.

A bot never blocks for its whole budget in one call. It thinks through a :class:`Search`,
which a caller advances in slices, so a web page can think for a few milliseconds, yield
to its event loop, and carry on:

>>> from waddle.core.nim import Nim
>>> state = Nim(players=2, stones=7)
>>> bot = MctsBot(seed=1, budget=Budget(iterations=40))
>>> search = bot.start(state)
>>> while not search.advance(0.005):  # a page would ``await asyncio.sleep(0)`` here
...     pass
>>> search.best() in state.legal_actions(), search.iterations
(True, 40)

``bot.choose(state)`` does the same in one call. A bot with an iteration budget is
deterministic: the same state, seed and iteration count give the same action, however
the search is sliced and on any Python (CPython or Pyodide). That rules out ``hash()``,
set iteration order, time-dependent logic and library functions whose results may differ
across platforms or versions: all randomness comes from :class:`~waddle.core.rng.Rng`,
float sums are plain ``+=`` loops (``sum()`` of floats changed algorithm in 3.12) and no
``math.log``/``exp`` is used, only the correctly rounded ``+ - * /`` and ``sqrt``.

Bots work on any :class:`~waddle.core.game.GameState`; game knowledge comes in through the
hooks of :class:`MctsConfig` (playout policy, evaluation, priors).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from waddle.core.game import CHANCE, GameState
from waddle.core.jsontext import quoted
from waddle.core.rng import Rng, derive_seed

A = TypeVar("A")
S = TypeVar("S", bound=GameState)

DEFAULT_SECONDS = 1.0
"""Thinking time per move when a bot is given neither seconds nor iterations."""

Policy = Callable[[Any, Rng], Any]
"""``policy(state, rng) -> action``: the move a playout makes in a non-terminal state."""
Evaluate = Callable[[Any], Sequence[float]]
"""``evaluate(state) -> rewards``: one reward in [0, 1] per player where a playout stops."""
Prior = Callable[[Any, Sequence[Any]], Sequence[float]]
"""``prior(state, actions) -> weights``: how promising each action looks, each in [0, 1]."""


@dataclass(frozen=True)
class Budget:
    """How long a bot may think about one move: seconds of thinking, or iterations.

    With ``iterations`` the result never depends on the clock, so it is reproducible.

    >>> Budget(seconds=0.5), Budget(iterations=200)
    (Budget(seconds=0.5, iterations=None), Budget(seconds=None, iterations=200))
    """

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if (self.seconds is None) == (self.iterations is None):
            raise ValueError("a budget is either seconds or iterations (exactly one)")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError("seconds must be positive")
        if self.iterations is not None and not self.iterations > 0:
            raise ValueError("iterations must be positive")

    @staticmethod
    def of(seconds: float | None = None, iterations: int | None = None) -> Budget:
        """The budget for the given options; neither means :data:`DEFAULT_SECONDS`."""
        if seconds is None and iterations is None:
            return Budget(seconds=DEFAULT_SECONDS)
        return Budget(seconds, iterations)


class Search(Generic[A]):
    """One decision in progress: advance it in slices, then ask for :meth:`best`.

    Subclasses implement :meth:`_iterate` (run some iterations) and :meth:`best`, and
    set ``done`` once more thinking cannot change the answer.
    """

    def __init__(self, state: GameState, budget: Budget) -> None:
        self.legal: list[A] = list(state.legal_actions())
        if not self.legal:
            raise ValueError("the game is over: there is no action to choose")
        self.budget = budget
        self.iterations = 0
        """Iterations run so far (playouts, for tree search)."""
        self.elapsed = 0.0
        """Seconds spent thinking so far, in :meth:`step` calls only (not between slices)."""
        self.done = len(self.legal) == 1
        """True once more iterations cannot change the answer (e.g. a single legal action)."""

    # -- what subclasses provide -------------------------------------------------------

    def _iterate(self, count: int) -> int:
        """Run up to ``count`` iterations; return how many ran (0 when ``done``)."""
        raise NotImplementedError

    def best(self) -> A:
        """The action to play, given the thinking done so far (any time, even before it)."""
        raise NotImplementedError

    def stats(self) -> list[tuple[A, int, float]]:
        """``(action, visits, mean reward)`` per root action, most visited first."""
        return []

    # -- driving it --------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """True when the budget is used up or the search is ``done``."""
        if self.done:
            return True
        if self.budget.iterations is not None:
            return self.iterations >= self.budget.iterations
        assert self.budget.seconds is not None
        return self.elapsed >= self.budget.seconds

    def step(self, max_iterations: int = 1) -> int:
        """Run up to ``max_iterations`` iterations, ignoring the budget; return how many ran."""
        if self.done or max_iterations <= 0:
            return 0
        start = time.perf_counter()
        ran = self._iterate(max_iterations)
        self.iterations += ran
        self.elapsed += time.perf_counter() - start
        return ran

    def run_for(self, seconds: float) -> int:
        """Think for about ``seconds`` (ignoring the budget); return the iterations run."""
        deadline = time.perf_counter() + seconds
        ran = 0
        while not self.done:
            ran += self.step(1)
            if time.perf_counter() >= deadline:
                break
        return ran

    def advance(self, slice_seconds: float = math.inf) -> bool:
        """Think for at most about ``slice_seconds`` within the budget; True when finished.

        This is the call for time slicing. With an iteration budget the slices only split
        the same iterations, so the answer does not depend on how the search was sliced.
        """
        deadline = time.perf_counter() + slice_seconds
        while not self.finished:  # one iteration at a time: each checks the budget
            self.step(1)
            if time.perf_counter() >= deadline:
                break
        return self.finished


class Bot(Protocol[A]):
    """A player: ``start`` a search on a state, or ``choose`` in one call."""

    name: str
    budget: Budget

    def start(self, state: GameState) -> Search[A]: ...

    def choose(self, state: GameState) -> A: ...


class SearchBot(Generic[A]):
    """Base of the bots here: ``choose`` runs the search that ``start`` returns.

    Each search gets its own random stream from the bot's seed and the position's ply (if
    the state has one), so the same position always gets the same stream, whatever was
    asked of the bot before: a page may ask for a hint and a move in either order.
    """

    name = "bot"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        self.seed = seed
        self.budget = budget or Budget.of()

    def search_rng(self, state: GameState) -> Rng:
        return Rng(derive_seed(self.seed, getattr(state, "ply", 0)))

    def start(self, state: GameState) -> Search[A]:
        raise NotImplementedError

    def choose(self, state: GameState) -> A:
        """The action this bot plays in ``state``, thinking for its whole budget."""
        search = self.start(state)
        search.advance()
        return search.best()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seed={self.seed} {self.budget}>"


def level_budget(
    level: str, seconds: float | None = None, iterations: int | None = None
) -> tuple[str, Budget]:
    """A ``make_bot`` level and its budget: ``level@n`` is ``level`` with exactly ``n``
    iterations a move whatever else is asked (a benchmark gives each seat its own
    budget), any other level gets :meth:`Budget.of` ``seconds`` or ``iterations``.

    >>> level_budget("hard@900", seconds=1.0)
    ('hard', Budget(seconds=None, iterations=900))
    >>> level_budget("easy")
    ('easy', Budget(seconds=1.0, iterations=None))
    """
    if "@" in level:
        level, _, count = level.partition("@")
        # isascii too: isdigit() alone takes "²", which int() then refuses with its own error
        if not (count.isascii() and count.isdigit()) or int(count) < 1:
            raise ValueError(
                f"unknown bot level {level}@{quoted(count)}: @ takes a number of iterations"
            )
        seconds, iterations = None, int(count)
    return level, Budget.of(seconds, iterations)


def rescaled(values: Sequence[float]) -> list[float]:
    """``values`` mapped linearly onto [0, 1], the best to 1 (all 0.5 when they are equal):
    a game's action values as :data:`Prior` weights.

    >>> rescaled([2.0, 4.0, 3.0]), rescaled([1.0, 1.0])
    ([0.0, 1.0, 0.5], [0.5, 0.5])
    """
    lo, hi = min(values), max(values)
    if hi <= lo:
        return [0.5] * len(values)
    return [(v - lo) / (hi - lo) for v in values]


# -- the random bot -----------------------------------------------------------------------


class Decided(Search[A]):
    """A search whose answer is known at the start: for a bot that decides without
    searching (at random, by a rule, or a single legal action)."""

    def __init__(self, state: GameState, budget: Budget, action: A) -> None:
        super().__init__(state, budget)
        self._action = action
        self.done = True

    def _iterate(self, count: int) -> int:
        return 0

    def best(self) -> A:
        return self._action


class RandomBot(SearchBot[A]):
    """Plays a uniformly random legal action: the baseline every other bot should beat.

    >>> from waddle.core.nim import Nim
    >>> state = Nim(players=3, stones=9)
    >>> RandomBot(seed=4).choose(state) == RandomBot(seed=4).choose(state)
    True
    """

    name = "random"

    def start(self, state: GameState) -> Search[A]:
        legal = list(state.legal_actions())
        if not legal:
            raise ValueError("the game is over: there is no action to choose")
        return Decided(state, self.budget, self.search_rng(state).choice(legal))


# -- the greedy player -------------------------------------------------------------------

Valuation = Callable[[Any, Any, Rng], Sequence[tuple[Any, float]]]
"""``valuation(state, knobs, rng) -> [(action, value), ...]``: each legal action of the
player to move with its value to them (higher is better), judged with a game's ``knobs``
(any value the game defines; ``rng`` for noise or dealing hidden cards)."""


class GreedySearch(Search[A]):
    """A one-move-ahead decision: its single iteration values every legal action with a
    game's :data:`Valuation`, and the best action is the highest valued (the first of equals).
    """

    def __init__(
        self, state: GameState, budget: Budget, valuation: Valuation, knobs: Any, rng: Rng
    ) -> None:
        super().__init__(state, budget)
        self._state = state.clone()
        self._valuation = valuation
        self._knobs = knobs
        self._rng = rng
        self._values: list[tuple[A, float]] = []

    def _iterate(self, count: int) -> int:
        self._values = list(self._valuation(self._state, self._knobs, self._rng))
        self.done = True
        return 1

    def best(self) -> A:
        if not self.done:
            self.step()
        if not self._values:  # a single legal action needs no thought
            return self.legal[0]
        best, best_value = self._values[0]
        for action, value in self._values[1:]:
            if value > best_value:
                best, best_value = action, value
        return best

    def stats(self) -> list[tuple[A, int, float]]:
        return sorted(((a, 1, v) for a, v in self._values), key=lambda row: -row[2])


class GreedyBot(SearchBot[A]):
    """Plays a :class:`GreedySearch`: the best action by a game's valuation, one move ahead.

    A game gives its :data:`Valuation` and the knobs of a level; the budget does not
    matter (a single iteration decides).

    >>> from waddle.core.nim import Nim
    >>> def leave_pile(state, knobs, rng):  # knobs: the pile the mover wants to leave
    ...     return [(n, -abs(state.stones - n - knobs)) for n in state.legal_actions()]
    >>> GreedyBot(leave_pile, 4, name="leave four").choose(Nim(players=2, stones=7))
    3
    """

    def __init__(
        self,
        valuation: Valuation,
        knobs: Any,
        seed: int = 0,
        budget: Budget | None = None,
        name: str = "greedy",
    ) -> None:
        super().__init__(seed, budget)
        self.valuation = valuation
        self.knobs = knobs
        self.name = name

    def start(self, state: GameState) -> GreedySearch[A]:
        return GreedySearch(state, self.budget, self.valuation, self.knobs, self.search_rng(state))


# -- Monte Carlo tree search --------------------------------------------------------------


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
    """

    exploration: float = 0.7
    policy: Policy = random_policy
    evaluate: Evaluate = win_shares
    playout_depth: int | None = None
    prior: Prior | None = None
    bias: float = 0.0


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
        order = sorted(range(len(actions)), key=lambda i: weights[i])  # stable: deterministic
        return [(actions[i], weights[i]) for i in order]

    def _select(self, node: _Node) -> _Node:
        c = self.config.exploration
        bias = self.config.bias
        log_n = _ln(node.visits)
        best, best_value = node.children[0], -math.inf
        for child in node.children:
            n = child.visits
            value = child.total / n + c * math.sqrt(log_n / n)
            if bias:
                value += bias * child.prior / (n + 1)
            if value > best_value:
                best, best_value = child, value
        return best

    def _iterate(self, count: int) -> int:
        config = self.config
        policy, evaluate, depth_limit = config.policy, config.evaluate, config.playout_depth
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
            while not state.is_over() and (depth_limit is None or steps < depth_limit):
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
            while not world.is_over() and (depth_limit is None or steps < depth_limit):
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
