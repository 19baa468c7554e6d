"""The search every bot thinks through, and what a game's ``make_bot`` builds its levels
with: the budget, :class:`Search` (advanced in slices), the :class:`Bot` protocol and the
:class:`SearchBot` base, a search decided at once, ``level@n`` budgets and priors rescaled.

Separate from the bots themselves (:mod:`waddle.core.bots`: random and greedy; tree search
in :mod:`waddle.core.mcts`) because every bot and every game's bots build on it, and the
tree search must import it without importing the module that re-exports the tree search.
What :mod:`waddle.core.bots` says of determinism holds here too.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from waddle.core.game import GameState
from waddle.core.jsontext import quoted
from waddle.core.rng import Rng, derive_seed

A = TypeVar("A")
S = TypeVar("S", bound=GameState)

DEFAULT_SECONDS = 1.0
"""Thinking time per move when a bot is given neither seconds nor iterations."""


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

    def part(self, share: float) -> Budget:
        """``share`` of this budget (at least one iteration): what a game gives a decision
        that matters less than the one its budget was set for.

        >>> Budget(iterations=40).part(0.25), Budget(seconds=1.0).part(0.5)
        (Budget(seconds=None, iterations=10), Budget(seconds=0.5, iterations=None))
        """
        if self.iterations is not None:
            return Budget(iterations=max(1, round(self.iterations * share)))
        assert self.seconds is not None
        return Budget(seconds=self.seconds * share)

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


# -- a search decided at once ------------------------------------------------------------


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
