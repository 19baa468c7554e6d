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
hooks of :class:`MctsConfig` (playout policy, evaluation, priors), a game's valuation of
its actions (:class:`GreedyBot`) or its rule for a decision (:class:`RuleBot`). A bot of a
game with hidden information decides from what its seat may see: the one-move-ahead
players on a determinization of the position (:func:`seat_world`), the tree search from
a fresh one at every iteration.

The parts: :mod:`waddle.core.search` holds what every bot thinks through (:class:`Budget`,
:class:`Search`, :class:`Bot`, :class:`SearchBot`, :class:`Decided`, :func:`level_budget`,
:func:`rescaled`); :mod:`waddle.core.mcts` the tree search (:class:`Mcts`,
:class:`InformationSetMcts`, :class:`MctsBot`, :class:`MctsConfig`); this module the
random and the greedy player, and every name of the three, as games import them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from waddle.core.game import GameState
from waddle.core.mcts import (
    Evaluate,
    InformationSetMcts,
    Mcts,
    MctsBot,
    MctsConfig,
    Policy,
    Prior,
    random_policy,
    tree_search,
    win_shares,
)
from waddle.core.rng import Rng
from waddle.core.search import (
    DEFAULT_SECONDS,
    A,
    Bot,
    Budget,
    Decided,
    Search,
    SearchBot,
    level_budget,
    rescaled,
)


def seat_world(state: GameState, rng: Rng) -> GameState:
    """The position as the seat to move may know it: for a game with hidden information
    (``state.hidden_information``) a determinization for that seat, what it cannot see
    drawn from ``rng``; any other state as it is.

    >>> from waddle.core.nim import Nim
    >>> state = Nim(players=2, stones=5)
    >>> seat_world(state, Rng(1)) is state
    True
    """
    if getattr(state, "hidden_information", False):
        return state.determinize(state.to_move(), rng)
    return state


# -- the random bot -----------------------------------------------------------------------


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
    game's :data:`Valuation` in the position its seat may know (:func:`seat_world`), and
    the best action is the highest valued (the first of equals).
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
        world = seat_world(self._state, self._rng)
        self._values = list(self._valuation(world, self._knobs, self._rng))
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


# -- a game's rule ---------------------------------------------------------------------------

Rule = Callable[[Any, Rng, Any], Any]
"""``rule(world, rng, knobs) -> action``: a game's decision for the player to move, by rules
of thumb rather than values (``rng`` for noise; ``knobs`` any value the game defines), in a
position it may see whole (:func:`seat_world`, or a playout's world)."""


class RuleBot(SearchBot[A]):
    """Plays a game's :data:`Rule` with a level's ``knobs`` in the position its seat may
    know (:func:`seat_world`); a single legal action is played without asking the rule.

    >>> from waddle.core.nim import Nim
    >>> def take_most(world, rng, knobs):
    ...     return max(world.legal_actions())
    >>> RuleBot(take_most, None, name="greedy").choose(Nim(players=2, stones=7))
    3
    """

    def __init__(
        self,
        rule: Rule,
        knobs: Any,
        seed: int = 0,
        budget: Budget | None = None,
        name: str = "rule",
    ) -> None:
        super().__init__(seed, budget)
        self.rule = rule
        self.knobs = knobs
        self.name = name

    def start(self, state: GameState) -> Search[A]:
        legal = state.legal_actions()
        if len(legal) == 1:
            return Decided(state, self.budget, legal[0])
        rng = self.search_rng(state)
        return Decided(state, self.budget, self.rule(seat_world(state, rng), rng, self.knobs))


# -- a game's levels -----------------------------------------------------------------------

LevelBot = Callable[[int, Budget], SearchBot[Any]]
"""``make(seed, budget) -> bot``: one level of a game's computer players."""


def greedy_level(valuation: Valuation, knobs: Any, name: str) -> LevelBot:
    """A level that is a :class:`GreedyBot` with the game's ``valuation`` and ``knobs``."""
    return lambda seed, budget: GreedyBot(valuation, knobs, seed, budget, name)


def greedy_levels(valuation: Valuation, easy: Any, medium: Any) -> dict[str, LevelBot]:
    """The levels most games open their table with: ``random``, then ``easy`` and
    ``medium``, greedy players with the game's ``valuation`` and two sets of knobs."""
    return {
        "random": RandomBot,
        "easy": greedy_level(valuation, easy, "easy"),
        "medium": greedy_level(valuation, medium, "medium"),
    }


def rule_levels(rule: Rule, easy: Any, medium: Any) -> dict[str, LevelBot]:
    """The same three levels for a game whose one-move-ahead player decides by its
    :data:`Rule` instead of valuing every action: ``random``, then ``easy`` and ``medium``,
    :class:`RuleBot` with two sets of knobs."""
    return {
        "random": RandomBot,
        "easy": lambda seed, budget: RuleBot(rule, easy, seed, budget, "easy"),
        "medium": lambda seed, budget: RuleBot(rule, medium, seed, budget, "medium"),
    }


class KnowledgeBot(SearchBot[A]):
    """A game's ``hard`` level: the tree search (:func:`tree_search`: :class:`Mcts`, or
    :class:`InformationSetMcts` for a game with hidden information or chance) with the
    search a game's ``configure(state, knobs)`` gives at each decision (its
    ``search_config``, which the win-chance meter and the review search with too). A game
    subclasses it with its ``configure`` and its default ``knobs``; a bot given other knobs
    searches with those (benchmarks, tuning).

    A single legal action is played without a search. Two more hooks a game may
    override: :meth:`share`, the part of the budget a decision gets (a turn of several
    decisions spends most on the one that matters), and :meth:`quick`, a decision taken
    without searching (one a game's rule decides as well as a search would).
    """

    name = "hard"
    knobs: Any = None
    configure: Callable[[Any, Any], MctsConfig]

    def __init__(self, seed: int = 0, budget: Budget | None = None, knobs: Any = None) -> None:
        super().__init__(seed, budget)
        if knobs is not None:
            self.knobs = knobs

    def share(self, state: GameState) -> float:
        """The share of the budget the decision at ``state`` gets (:meth:`Budget.part`)."""
        return 1.0

    def quick(self, state: GameState, rng: Rng) -> A | None:
        """The action to play at ``state`` without a search (drawing on ``rng``, the
        search's own generator), or None to search."""
        return None

    def start(self, state: GameState) -> Search[A]:
        legal = state.legal_actions()
        if len(legal) == 1:
            return Decided(state, self.budget, legal[0])
        rng = self.search_rng(state)
        action = self.quick(state, rng)
        if action is not None:
            return Decided(state, self.budget, action)
        config = type(self).configure(state, self.knobs)
        share = self.share(state)
        budget = self.budget if share == 1.0 else self.budget.part(share)
        return tree_search(state, budget, config, rng)


def uct_level(seed: int, budget: Budget) -> SearchBot[Any]:
    """Plain UCT (random playouts to the end, no knowledge): the ``uct`` benchmark level
    (:func:`tree_search` deals hidden cards again for a game with hidden information)."""
    bot: SearchBot[Any] = MctsBot(seed, budget)
    bot.name = "uct"
    return bot


def level_bot(
    levels: dict[str, LevelBot],
    level: str,
    seed: int = 0,
    seconds: float | None = None,
    iterations: int | None = None,
    offered: Sequence[str] | None = None,
) -> SearchBot[Any]:
    """A game's ``make_bot``: the bot of ``level`` (a key of ``levels``, or ``level@n``:
    that level with exactly ``n`` iterations a move, :func:`level_budget`) thinking for
    ``seconds`` or ``iterations`` (neither: one second; with ``iterations`` it is
    deterministic). ``ValueError`` names the ``offered`` levels (default: all of them).

    >>> from waddle.core.nim import Nim
    >>> levels = {"random": RandomBot, "uct": uct_level}
    >>> level_bot(levels, "uct@50", seed=3).budget
    Budget(seconds=None, iterations=50)
    >>> level_bot(levels, "expert", offered=("random",))
    Traceback (most recent call last):
    ...
    ValueError: unknown bot level 'expert': choose from random
    """
    name, budget = level_budget(level, seconds, iterations)
    make = levels.get(name)
    if make is None:
        raise ValueError(
            f"unknown bot level {name!r}: choose from {', '.join(offered or tuple(levels))}"
        )
    return make(seed, budget)


__all__ = [
    "DEFAULT_SECONDS",
    "Bot",
    "Budget",
    "Decided",
    "Evaluate",
    "GreedyBot",
    "GreedySearch",
    "InformationSetMcts",
    "KnowledgeBot",
    "LevelBot",
    "Mcts",
    "MctsBot",
    "MctsConfig",
    "Policy",
    "Prior",
    "RandomBot",
    "Rule",
    "RuleBot",
    "Search",
    "SearchBot",
    "Valuation",
    "greedy_level",
    "greedy_levels",
    "level_bot",
    "level_budget",
    "random_policy",
    "rescaled",
    "rule_levels",
    "seat_world",
    "tree_search",
    "uct_level",
    "win_shares",
]
