"""Each seat's chance to win, as a game's own tree search estimates it: the win-chance meter
and the game review's judge. Game-agnostic: a game gives its search's :class:`MctsConfig`
(``GAME.search_config(state)``, the same hooks its hard bot searches with) and its meter's
settings (``GAME.meter``, a :class:`Meter`); nothing here names a game.

An estimate is a :class:`WinChance`, advanced in slices as a bot's search is (a page
thinks a few milliseconds between frames), with an iteration budget, so the same position,
viewer, seed and budget always give the same figures, however they were sliced:

>>> from waddle.core.mcts import MctsConfig
>>> from waddle.core.nim import Nim
>>> meter = WinChance(Nim(players=2, stones=5), MctsConfig(), viewer=0, iterations=1000, seed=1)
>>> while not meter.advance(0.005):  # a page would yield to its event loop here
...     pass
>>> [round(p, 1) for p in meter.chances()]  # five stones: the player to move wins (1-3 rule)
[1.0, 0.0]
>>> meter.progress
1.0

What an estimate is. The search runs from the position; every playout ends in a reward
vector, and the meter records, per seat, the *win share* of where the playout stopped: the
real winners' shares when it reached the end of the game, else the game's own evaluation
normalised to sum to one (a search that stops playouts early values the position there:
that is its guess at who wins). The estimate is the mean of those over every playout of
the search (the visit-weighted value of the root's actions: the mean through the most
visited action alone is the best of several noisy means, too sure of the player to move),
calibrated by the game's :attr:`Meter.power`, fitted by
``python -m waddle bench calibration``: a search's win shares can be too sure (the best of
several noisy means is optimistic, an early stop's evaluation is sure of itself) or too
cautious (noisy playouts finish games more randomly than good players do).

Whose knowledge. With hidden information, the estimate uses only what ``viewer`` may see:
the search never holds the real state, only one determinization of it for ``viewer``
(``state.determinize(viewer, rng)``), and every iteration starts from a fresh
determinization of that for the same viewer, so two states that ``viewer`` cannot tell
apart give the same figures (same seed and budget). ``OMNISCIENT`` sees every card (a
finished game, a replay). A finished game's estimate is its result: the winners share 1.
Each seat's own view favours that seat (the others' hands are dealt at random, without
what their owners did to get them), so a game's meter may search part of its budget from
the public view and average the two (:attr:`Meter.public`, :class:`MixedChance`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from waddle.core.game import CHANCE, OMNISCIENT, SPECTATOR, GameState
from waddle.core.mcts import InformationSetMcts, Mcts, MctsConfig, tree_search, win_shares
from waddle.core.rng import Rng, derive_seed
from waddle.core.search import Budget

METHOD = 2
"""Which way of estimating this is, written into the calibration benchmark's lines so that
figures of two ways are never pooled (docs/analysis.md, "What a figure is")."""

NOISE_Z = 3.0
"""How many standard deviations of the difference of two estimates a loss must exceed to
be judged at all by the game review (its margin, ``waddle.app.review.Review.margin``):
the chance that two searches of equally good moves differ by that much is about one in a
thousand, so a sound move is not called a mistake by the luck of the search."""
_STREAM = 0x57494E43  # "WINC": keeps the meter's draws apart from the bots' on one seed


@dataclass(frozen=True)
class Meter:
    """A game's win-chance meter: its budget and its calibration.

    - ``iterations``: the search's iterations per estimate with two players, chosen so
      that one estimate takes at most about 0.3 s of CPython (about 0.6 s under Pyodide,
      about twice slower), and deterministic (an iteration budget, not a time). With more
      players a playout costs more, so :meth:`budget` scales it by ``2/players``.
    - ``power``: the calibration, each share raised to ``power`` and normalised
      (:func:`calibrate`): 1 keeps the search's figures, less pulls them toward the fair
      share, more sharpens them. Fitted by the calibration benchmark (docs/benchmarks.md,
      "Calibration") and kept in the game's ``ai.py``.
    - ``by_players``: a power of its own for a player count, where the search's figures
      are too sure with some counts and too cautious with others (fitted per count by the
      same benchmark); counts not named take ``power``.
    """

    iterations: int
    power: float = 1.0
    by_players: Mapping[int, float] = field(default_factory=dict, hash=False)
    playout: int | None = None
    """Moves of each seat a playout plays past the search's tree before the game's
    evaluation values where it stopped (None: where the bot's search stops them). An
    evaluation right after the tree's last move values a position in which the seats to
    move next have not answered it; a round or two later they have."""
    settled: Callable[[Any], bool] | None = field(default=None, compare=False)
    """Where a playout may stop (:attr:`~waddle.core.mcts.MctsConfig.settled`; None:
    anywhere), for an evaluation that cannot be trusted in some positions."""
    public: float = 0.0
    """With hidden hands, the share of the budget searched from the public view (the
    spectator's: every hand the viewer cannot see dealt again, and the viewer's own too),
    whose figures are averaged in with that weight (:class:`MixedChance`; 0: the viewer's
    view only). A seat's own view deals the others' hidden cards at random and favours
    that seat; the public view deals every hand at random and underrates whoever holds
    good cards. In Waddle Waddle the two err by about as much either way, and half of
    each neither favours the seat to move nor follows it (docs/benchmarks.md, "Where
    Waddle Waddle's drift comes from"). The game review keeps the mover's own view
    (``meter_for(..., judging=True)``): it compares the mover's moves."""
    public_by_players: Mapping[int, float] = field(default_factory=dict, hash=False)
    """A public share of its own for a player count (:meth:`public_for`), as
    ``by_players`` is for the power: with more players a seat's own view favours it less
    (its hand is a smaller part of what it cannot see), so less of the public view
    balances it. Chosen per count by the mover's drift in the calibration benchmark;
    counts not named take ``public``."""
    method: int = METHOD
    """Which way of estimating the game's figures are (:data:`METHOD`, or a later number
    for a game whose meter changed since), written into the calibration benchmark's lines
    so that figures of two ways are never pooled."""
    review: int | None = None
    """The iterations of a game review's estimate with two players (scaled as
    :meth:`budget` scales ``iterations``; None: the meter's own)."""
    noise: float = 0.0
    """The standard deviation of the mover's calibrated chance between estimates of one
    position with other seeds, at the review's budget: measured by the calibration
    benchmark (docs/benchmarks.md, "Calibration"); the review judges no loss within it
    (:mod:`waddle.app.review`)."""

    def budget(self, players: int) -> int:
        """The iterations of one estimate with ``players`` players.

        >>> Meter(1000).budget(2), Meter(1000).budget(4)
        (1000, 500)
        """
        return max(50, round(self.iterations * 2 / max(2, players)))

    def review_budget(self, players: int) -> int:
        """The iterations of one review estimate with ``players`` players.

        >>> Meter(1000).review_budget(2), Meter(1000, review=3000).review_budget(3)
        (1000, 2000)
        """
        return (
            self.budget(players)
            if self.review is None
            else replace(self, iterations=self.review).budget(players)
        )

    def noise_at(self, iterations: int, players: int) -> float:
        """The estimates' noise at ``iterations`` (:attr:`noise` is the review budget's; a
        search's sampling noise shrinks as the square root of its playouts).

        >>> Meter(1000, noise=0.02).noise_at(250, 2)
        0.04
        """
        if not self.noise:
            return 0.0
        return self.noise * math.sqrt(self.review_budget(players) / max(1, iterations))

    def power_for(self, players: int) -> float:
        """The calibration power with ``players`` players.

        >>> meter = Meter(100, power=2.0, by_players={3: 0.5})
        >>> meter.power_for(2), meter.power_for(3), meter.power_for(4)
        (2.0, 0.5, 2.0)
        """
        return self.by_players.get(players, self.power)

    def public_for(self, players: int) -> float:
        """The share of the budget searched from the public view with ``players`` players.

        >>> meter = Meter(100, public=0.5, public_by_players={3: 0.25})
        >>> meter.public_for(2), meter.public_for(3), meter.public_for(4)
        (0.5, 0.25, 0.5)
        """
        return self.public_by_players.get(players, self.public)

    def calibrated(self, raw: Sequence[float]) -> list[float]:
        """``raw`` shares calibrated (they still sum to one), with the power for as many
        players as ``raw`` has shares.

        >>> [round(p, 4) for p in Meter(100, power=0.5).calibrated([0.8, 0.2])]
        [0.6667, 0.3333]
        """
        return calibrate(raw, self.power_for(len(raw)))


def power_of(p: float, power: float) -> float:
    """``p ** power`` for a power in quarters, from ``*`` and ``sqrt`` only: both are
    correctly rounded, so the figures are the same on every platform (``**`` with a
    fractional power is not promised to be).

    >>> power_of(0.25, 2.0), power_of(0.25, 0.5), power_of(0.0, 0.25)
    (0.0625, 0.5, 0.0)
    """
    quarters = round(power * 4)
    out = 1.0
    for _ in range(quarters // 4):
        out *= p
    rest = quarters % 4
    if rest >= 2:
        out *= math.sqrt(p)
    if rest % 2:
        out *= math.sqrt(math.sqrt(p))
    return out


def calibrate(raw: Sequence[float], power: float) -> list[float]:
    """``raw`` win shares raised to ``power`` and normalised: 1 keeps them, less pulls them
    toward the fair share (0: everyone's is fair), more pushes the leader's up (a search
    too cautious). Powers are taken in quarters (:func:`power_of`).

    >>> calibrate([0.5, 0.3, 0.2], 1.0), calibrate([0.75, 0.25], 2.0), calibrate([0.9, 0.1], 0)
    ([0.5, 0.3, 0.2], [0.9, 0.1], [0.5, 0.5])
    """
    if power == 1.0:
        return list(raw)
    return normalised([power_of(p, power) for p in raw])


def normalised(values: Sequence[float]) -> list[float]:
    """Rewards as shares summing to one (fair shares when they are all zero).

    >>> normalised([0.75, 0.25]), normalised([1.0, 1.0, 2.0]), normalised([0.0, 0.0])
    ([0.75, 0.25], [0.25, 0.25, 0.5], [0.5, 0.5])
    """
    total = 0.0
    for v in values:
        total += v
    if total <= 0.0:
        return [1.0 / len(values)] * len(values)
    return [v / total for v in values]


class _Recorder:
    """The search's evaluation, recording each playout's win shares as it passes them on:
    the search is unchanged, the meter reads what it saw."""

    __slots__ = ("evaluate", "last")

    def __init__(self, evaluate: Callable[[Any], Sequence[float]]) -> None:
        self.evaluate = evaluate
        self.last: list[float] = []

    def __call__(self, state: Any) -> Sequence[float]:
        rewards = self.evaluate(state)
        self.last = win_shares(state) if state.is_over() else normalised(rewards)
        return rewards


class WinChance:
    """Each seat's chance to win from ``state``, seen by ``viewer``, searched with
    ``config`` for ``iterations`` playouts from ``seed``; advanced in slices.

    ``chances()`` may be read at any time (fair shares before the first playout);
    ``best()`` is the search's move and ``after(action)`` the estimate after a root action
    (for the game review). ``power`` is the game's calibration (:class:`Meter`).
    """

    def __init__(
        self,
        state: GameState,
        config: MctsConfig,
        viewer: int = OMNISCIENT,
        iterations: int = 1000,
        seed: int = 0,
        power: float = 1.0,
    ) -> None:
        self.players = state.num_players
        self.viewer = viewer
        self.iterations = max(1, iterations)
        self.power = power
        self.elapsed = 0.0
        """Seconds spent in :meth:`advance` so far."""
        self.search: Mcts | None = None
        self._final: list[float] | None = None
        if state.is_over():
            self._final = win_shares(state)
            return
        rng = Rng(derive_seed(seed, _STREAM, getattr(state, "ply", 0)))
        root = state
        hidden = getattr(state, "hidden_information", False) or getattr(state, "has_chance", False)
        if hidden:
            # The search never holds the real state: one world the viewer cannot tell from
            # it, at a decision (a chance node is drawn first: nobody chooses there).
            root = state.determinize(viewer, rng)
            while root.to_move() == CHANCE:
                root.apply(root.sample_chance(rng))
            if root.is_over():
                self._final = win_shares(root)
                return
        self._recorder = _Recorder(config.evaluate)
        search = tree_search(
            root, Budget(iterations=self.iterations), replace(config, evaluate=self._recorder), rng
        )
        if isinstance(search, InformationSetMcts):
            search.seat = viewer  # each iteration determinizes for the viewer, not the mover
        search.done = False  # a single legal action still has a value to estimate
        self.search = search
        self._sums: list[list[float]] = []  # per root child (in the tree's order), per seat
        self._visits: list[int] = []
        self._total = [0.0] * self.players  # every playout's shares, per seat
        self._playouts = 0

    # -- driving it ------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.search is None or self.search.iterations >= self.iterations

    @property
    def progress(self) -> float:
        """How much of the budget is done, from 0 to 1."""
        if self.search is None:
            return 1.0
        return min(1.0, self.search.iterations / self.iterations)

    def extend(self, iterations: int) -> None:
        """Raise the budget to ``iterations``: the search goes on where it stopped, so the
        figures are those of an estimate given that budget from the start (the game
        review spends the second half of an estimate only where a decision is close).

        >>> from waddle.core.mcts import MctsConfig
        >>> from waddle.core.nim import Nim
        >>> whole = WinChance(Nim(2, 9), MctsConfig(), 0, iterations=400, seed=2)
        >>> half = WinChance(Nim(2, 9), MctsConfig(), 0, iterations=200, seed=2)
        >>> whole.advance(), half.advance()
        (True, True)
        >>> half.extend(400)
        >>> half.advance(), half.chances() == whole.chances(), half.best() == whole.best()
        (True, True, True)
        """
        self.iterations = max(self.iterations, iterations)

    def advance(self, slice_seconds: float = math.inf) -> bool:
        """Search for at most about ``slice_seconds`` within the budget; True when finished.

        With an iteration budget the slices only split the same iterations, so the figures
        do not depend on how the estimate was sliced."""
        search = self.search
        if search is None:
            return True
        start = time.perf_counter()
        deadline = start + slice_seconds
        children = search.root.children
        while search.iterations < self.iterations:
            search.step(1)
            self._attribute(children)
            if time.perf_counter() >= deadline:
                break
        self.elapsed += time.perf_counter() - start
        return self.finished

    def _attribute(self, children: list) -> None:
        """Add the last playout's shares to the total and to the root action it went
        through."""
        shares = self._recorder.last
        total = self._total
        for p, share in enumerate(shares):
            total[p] += share
        self._playouts += 1
        sums, visits = self._sums, self._visits
        if len(children) > len(sums):  # a new root action: this playout went through it
            sums.append(list(shares))
            visits.append(children[-1].visits)
            return
        for k, child in enumerate(children):
            if child.visits != visits[k]:
                visits[k] = child.visits
                row = sums[k]
                for p, share in enumerate(shares):
                    row[p] += share
                return

    # -- reading it ------------------------------------------------------------------------

    def raw(self) -> list[float]:
        """The search's win shares before calibration: the mean over every playout of the
        search (see the module's note)."""
        if self._final is not None:
            return list(self._final)
        if not self._playouts:
            return [1.0 / self.players] * self.players
        return [t / self._playouts for t in self._total]

    def chances(self) -> list[float]:
        """Each seat's chance to win, calibrated; they sum to one. A finished game's are its
        result (not calibrated: it is no estimate)."""
        if self._final is not None:
            return list(self._final)
        return calibrate(self.raw(), self.power)

    def _best_index(self) -> int | None:
        """The root action the search would play (most visits, then better mean for the
        player choosing, then the first tried), as :meth:`Mcts.best` picks it."""
        if self.search is None or not self._visits:
            return None
        children = self.search.root.children
        best = 0
        for k in range(1, len(children)):
            c, b = children[k], children[best]
            if (c.visits, c.total * b.visits) > (b.visits, b.total * c.visits):
                best = k
        return best

    def best(self) -> Any | None:
        """The root action the search found best (None for a finished game or before the
        first playout)."""
        k = self._best_index()
        return None if k is None else self.search.root.children[k].action

    def after(self, action: Any) -> tuple[list[float], int] | None:
        """The calibrated estimate after the root action ``action`` and the playouts it is
        based on, or None if the search never tried it."""
        if self.search is None:
            return None
        for k, child in enumerate(self.search.root.children):
            if child.action == action:
                raw = [s / self._visits[k] for s in self._sums[k]]
                return calibrate(raw, self.power), self._visits[k]
        return None


class MixedChance:
    """Two estimates of one position, the viewer's and the public view's, their raw
    figures averaged with the public one's ``weight`` and then calibrated: what
    :func:`meter_for` gives for a game whose meter searches part of its budget from the
    public view (:attr:`Meter.public`). It reads as a :class:`WinChance`; the search's
    move and the estimates after a root action are the viewer's search's. The viewer's
    search runs first, then the public one, so the figures do not depend on the slicing.
    """

    def __init__(self, own: WinChance, public: WinChance, weight: float, power: float) -> None:
        self.own, self.public, self.weight, self.power = own, public, weight, power
        self.players = own.players
        self.viewer = own.viewer
        self.search = own.search

    @property
    def iterations(self) -> int:
        return self.own.iterations + self.public.iterations

    @property
    def elapsed(self) -> float:
        return self.own.elapsed + self.public.elapsed

    @property
    def finished(self) -> bool:
        return self.own.finished and self.public.finished

    @property
    def progress(self) -> float:
        own, public = self.own, self.public
        return (own.progress * own.iterations + public.progress * public.iterations) / (
            self.iterations
        )

    def extend(self, iterations: int) -> None:
        """Raise the whole budget to ``iterations``, shared as before."""
        public = round(iterations * self.public.iterations / self.iterations)
        self.own.extend(iterations - public)
        self.public.extend(public)

    def advance(self, slice_seconds: float = math.inf) -> bool:
        start = time.perf_counter()
        if not self.own.advance(slice_seconds):
            return False
        return self.public.advance(max(0.0, slice_seconds - (time.perf_counter() - start)))

    def raw(self) -> list[float]:
        """The two searches' raw figures averaged (a search with no playout yet gives way
        to the other)."""
        own, public = self.own, self.public
        if own._final is not None:
            return own.raw()
        if not public._playouts:
            return own.raw()
        if not own._playouts:
            return public.raw()
        w = self.weight
        return [(1.0 - w) * a + w * b for a, b in zip(own.raw(), public.raw(), strict=True)]

    def chances(self) -> list[float]:
        if self.own._final is not None:
            return self.own.chances()
        return calibrate(self.raw(), self.power)

    def best(self) -> Any | None:
        return self.own.best()

    def after(self, action: Any) -> tuple[list[float], int] | None:
        return self.own.after(action)


def meter_for(
    game: Any,
    state: GameState,
    viewer: int = OMNISCIENT,
    seed: int = 0,
    iterations: int | None = None,
    judging: bool = False,
) -> WinChance | MixedChance:
    """A :class:`WinChance` for a game of the registry: its search's config
    (``game.search_config(state)``) and its meter's budget and calibration (``game.meter``,
    the power for the state's player count);
    ``iterations`` overrides the budget. A game without ``search_config`` is searched by
    plain UCT (uniformly random playouts to the end), without ``meter`` at 1000 playouts,
    uncalibrated. A meter that searches part of its budget from the public view
    (:attr:`Meter.public`) gives a :class:`MixedChance` for a seat's view of hidden
    cards, unless ``judging`` (the game review: the viewer's own view only)."""
    settings = getattr(game, "meter", None) or Meter(1000)
    configure = getattr(game, "search_config", None)
    config = configure(state) if configure is not None and not state.is_over() else MctsConfig()
    if settings.playout is not None:
        config = replace(config, playout_depth=settings.playout * state.num_players)
    if settings.settled is not None:
        config = replace(config, settled=settings.settled)
    budget = iterations or settings.budget(state.num_players)
    power = settings.power_for(state.num_players)
    hidden = getattr(state, "hidden_information", False)
    share = settings.public_for(state.num_players)
    if share and not judging and hidden and viewer not in (OMNISCIENT, SPECTATOR):
        public = round(budget * share)
        return MixedChance(
            WinChance(state, config, viewer, budget - public, seed),
            WinChance(state, config, SPECTATOR, public, seed),
            share,
            power,
        )
    return WinChance(state, config, viewer, budget, seed, power)


__all__ = [
    "METHOD",
    "NOISE_Z",
    "Meter",
    "MixedChance",
    "WinChance",
    "calibrate",
    "meter_for",
    "normalised",
    "power_of",
]
