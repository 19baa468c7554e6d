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


class KnowledgeBot(SearchBot[A]):
    """A game's ``hard`` level: :class:`Mcts` with the search a game's ``configure(state,
    knobs)`` gives at each decision (its ``search_config``, which the win-chance meter
    and the review search with too). A game subclasses it with its ``configure`` and its
    default ``knobs``; a bot given other knobs searches with those (benchmarks, tuning)."""

    name = "hard"
    knobs: Any = None
    configure: Callable[[Any, Any], MctsConfig]

    def __init__(self, seed: int = 0, budget: Budget | None = None, knobs: Any = None) -> None:
        super().__init__(seed, budget)
        if knobs is not None:
            self.knobs = knobs

    def start(self, state: GameState) -> Mcts[A]:
        config = type(self).configure(state, self.knobs)
        return Mcts(state, self.budget, config, self.search_rng(state))


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
    "Search",
    "SearchBot",
    "Valuation",
    "greedy_level",
    "greedy_levels",
    "level_bot",
    "level_budget",
    "random_policy",
    "rescaled",
    "tree_search",
    "uct_level",
    "win_shares",
]
