"""The game review: every decision of a line judged by the win-chance meter, as lichess
reviews a chess game; pure, stepped in slices, and written out as a study.

>>> from waddle.games import GAMES
>>> game = GAMES.by_id("htmf").load()
>>> record = game.new_record(2, seed=3)
>>> state = record.start()
>>> bot = game.make_bot("medium", seed=1)
>>> for _ in range(4):
...     state.apply(bot.choose(state))
>>> review = Review(game, record.with_actions(state.history), iterations=60)
>>> while not review.step(0.01):  # a page draws the progress bar between slices
...     pass
>>> review.progress, len(review.decisions)
(1.0, 4)

A *decision* is a position where the player to move had more than one legal action (a
chance outcome and a forced move are no decisions). At each, the meter searches from the
mover's view (in the card games: only what that player could see then), so a decision is
judged by what its player knew. It gives each seat's chance before the move, the search's
best move; the mover's chance after the move played and after the best move come from
searches of the position after each, from the mover's view again, so the two are compared
on the same footing (the best move's search is saved where the move played lost at most
:data:`SCREEN`).

The *loss* is the drop in the mover's chance, after the best move less after the played
one, in percentage points; :data:`THRESHOLDS` names it. The same ladder as lichess's
(inaccuracy, mistake, blunder as a drop in winning chances), with wider steps: these games
have two to six players and the meter's figures are a search's, noisier than a chess
engine's, so a drop of less than 10 points is within what two searches of one position
may disagree by (docs/benchmarks.md, "Calibration") and is not called anything; 10 points
is an inaccuracy, 20 a mistake, 30 a blunder (in a two-player game, a blunder turns an
even game into a likely loss: 50% to 20%).

**The meter's own noise.** A loss is judged at all only where it is larger than
:attr:`Review.margin`, :data:`NOISE_Z` standard deviations of the difference of two
estimates of equally good moves, from the game's measured noise at the review's budget
(``Meter.noise``: the same position estimated with other seeds, docs/benchmarks.md,
"Calibration"), so a move is never called a mistake by the luck of the search.

**Exact endgames.** In a two-player game of perfect information, the decisions near the
end whose rest of the game is small enough are judged by exact search instead
(:class:`waddle.core.solve.Solver`, as lichess trusts a tablebase): the review solves back
from the last decision until a position is too large, in slices that take turns with the
judging from the start (so the first marks do not wait for it), each solve reusing what
the solve after it learnt (the position before a decision holds the one after). There a
move that keeps the best value is never marked, one that gives up a forced win is a
blunder, and the chances shown are the values under perfect play (``Decision.exact``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from waddle.core.analysis import NOISE_Z, Meter, WinChance, meter_for
from waddle.core.game import CHANCE
from waddle.core.records import GameRecord
from waddle.core.search import Decided
from waddle.core.solve import PAUSED, Solver, solvable
from waddle.core.study import MAX_ARROWS, MAX_CAPTION, MAX_MARKS, Step, Study

THRESHOLDS = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))
"""Drops in the mover's chance to win that name a decision, the largest first."""
SCREEN = 0.05
"""A played move whose position the meter values at most this much below the position
before it is not looked at further (no second search): the loss of a move is the drop
from the best move's position, and the position before it is worth about that."""


QUICK = 0.5
"""The share of the budget the search after the better move first runs: where the loss
it gives is then far from every line between two names (:data:`RACE_Z` of its noise),
the rest of that search would not change the decision's name and is not run."""
RACE_Z = 2.5
"""How many standard deviations of the first half's estimate the loss must be from the
margin and from each threshold for the decision to be named after half a search."""


def classify(loss: float) -> str | None:
    """The name of a decision that lost ``loss`` of the mover's chance (None: fine).

    >>> classify(0.05), classify(0.12), classify(0.2), classify(0.45)
    (None, 'inaccuracy', 'mistake', 'blunder')
    """
    for name, at in THRESHOLDS:
        if loss >= at - 1e-9:
            return name
    return None


@dataclass(frozen=True)
class Decision:
    """One decision of the line, judged."""

    ply: int
    """The position before the move (the study step it is written at)."""
    mover: int
    played: Any
    before: tuple[float, ...]
    """Each seat's chance to win before the move, from the mover's view."""
    after_played: float
    """The mover's chance after the move played."""
    after_best: float
    """The mover's chance after the best move the search found."""
    best: Any
    margin: float = 0.0
    """The smallest loss judged at all: the noise of two estimates (:attr:`Review.margin`)."""
    exact: bool = False
    """Judged by exact search (:mod:`waddle.core.solve`), not by the meter: the chances
    are the values under perfect play (1 a forced win, 0 a forced loss)."""
    judged: bool = True
    """False for a decision the game's strongest computer player takes by a rule, without
    searching (in Waddle Waddle: a nest or fish moved, a refill's second card): the review
    does not search it either, and says so; its chances are the last decision's."""

    @property
    def loss(self) -> float:
        return max(0.0, self.after_best - self.after_played)

    @property
    def kind(self) -> str | None:
        """``"inaccuracy"``, ``"mistake"``, ``"blunder"`` or None (:func:`classify`): None
        for the best move and for a loss within the noise of the estimates."""
        if not self.judged or self.best == self.played or self.loss <= self.margin:
            return None
        return classify(self.loss)


class Review:
    """The review of ``record``'s line, stepped in slices: ``step(slice_seconds)`` until it
    returns True, ``progress`` for the bar; stopping is simply not stepping any more (the
    decisions judged so far stay readable, and each is final when it is added).

    ``iterations``: the meter's budget per estimate (default: the game's review budget,
    ``GAME.meter.review``); ``noise``: the standard deviation of one estimate of the mover's
    chance at that budget (default: the game's measured one, ``GAME.meter.noise``, scaled
    to ``iterations``), which sets :attr:`margin`; ``start``: the first ply judged (the
    decisions before it are not).
    """

    def __init__(
        self,
        game: Any,
        record: GameRecord,
        seed: int = 0,
        iterations: int | None = None,
        noise: float | None = None,
        start: int = 0,
    ) -> None:
        self.game = game
        self.record = record
        self.seed = seed
        self.decisions: list[Decision] = []
        state = record.start()
        self.players = state.num_players
        settings = getattr(game, "meter", None) or Meter(1000)
        self.iterations = iterations or settings.review_budget(self.players)
        if noise is None:
            noise = settings.noise_at(self.iterations, self.players)
        self.noise = noise
        self.margin = NOISE_Z * math.sqrt(2.0) * noise
        """The smallest loss judged: two estimates, each with ``noise``, differ by more
        than this about once in a thousand."""
        self.quick = max(1, round(self.iterations * QUICK))
        """The iterations of the first half of the better move's search (:data:`QUICK`)."""
        self._quick_noise = noise * math.sqrt(self.iterations / self.quick)
        self._states = []  # the position before each decision
        for action in record.actions:
            decides = state.ply >= start and state.to_move() != CHANCE
            if decides and len(state.legal_actions()) > 1:
                self._states.append(state.clone())
            state.apply(action)
        self.final = state
        self._hidden = bool(getattr(state, "hidden_information", False))
        self._cache: dict[tuple, WinChance] = {}
        self._next = 0  # the decision being judged
        self._pending: WinChance | None = None  # the search running
        # The endgame judged exactly, from the last decision back while it is small
        # enough (waddle.core.solve): decision index -> (played's value, best, its value).
        self._exact: dict[int, tuple] = {}
        self._solving = solvable(state)
        self._solved_from = len(self._states)
        self._solver: Solver | None = Solver()  # one table: each solve reuses the last's
        levels = getattr(game, "bot_levels", ())
        self._strongest = game.make_bot(levels[-1], seed=seed) if levels else None
        self._slices = 0
        self._shown = 0.0  # the progress shown so far
        self._ruled: dict[int, bool] = {}  # decision index -> taken by rule (_by_rule)

    @property
    def total(self) -> int:
        """How many decisions the line has."""
        return len(self._states)

    @property
    def finished(self) -> bool:
        return self._next >= len(self._states)

    @property
    def progress(self) -> float:
        """From 0 to 1: decisions judged, and the share of the current one's search; the
        endgame's decisions count once they are solved (judging them is then immediate).
        It never goes back (a decision's next search starts its share again)."""
        total = len(self._states)
        if not total:
            return 1.0
        part = self._pending.progress if self._pending is not None else 0.0
        solved = total - max(self._solved_from, self._next)
        self._shown = max(self._shown, min(1.0, (self._next + part + solved) / total))
        return self._shown

    def step(self, slice_seconds: float = math.inf) -> bool:
        """Judge for about ``slice_seconds``; True when every decision is judged.

        While the endgame is being solved, every other slice goes to the decisions from
        the start, so their marks appear while it is solved."""
        deadline = time.perf_counter() + slice_seconds
        self._slices += 1
        if self._solving and self._slices % 2 and not self._solve_back(deadline):
            return False
        while not self.finished:
            values = self._exact.get(self._next)
            state = self._states[self._next]
            if values is not None:
                decision = self._solved(state, values)
            elif self._by_rule(self._next):
                decision = self._unjudged(state)
            else:
                decision = self._judge(state, deadline)
            if decision is None:
                return False
            self.decisions.append(decision)
            self._drop_old(decision.ply)
            self._next += 1
            self._pending = None
            if time.perf_counter() >= deadline:
                break
        return self.finished

    def _solve_back(self, deadline: float) -> bool:
        """Solve the endgame back from the last decision while it is small enough; False
        when the slice ended first (the solver goes on from there at the next call)."""
        solver = self._solver
        while self._solving and solver is not None:
            k = self._solved_from - 1
            values = None
            if k >= self._next:
                state = self._states[k]
                values = solver.judge(state, self.record.actions[state.ply], deadline)
                if values is PAUSED:
                    return False
            if values is None:
                self._solving = False
                self._solver = None  # its table is of no more use
                break
            self._exact[k] = values
            self._solved_from = k
            if time.perf_counter() >= deadline:
                return False
        return True

    @property
    def unjudged(self) -> int:
        """How many decisions so far were not judged (:attr:`Decision.judged`)."""
        return sum(1 for d in self.decisions if not d.judged)

    def _by_rule(self, index: int) -> bool:
        """Whether the game's strongest computer player takes decision ``index`` without
        searching (its search is :class:`~waddle.core.search.Decided` from the start): the
        game's own judgement that the choice is a small one, settled by a rule. Asked once
        a decision (a bot's start costs a little, and a decision takes many slices)."""
        ruled = self._ruled.get(index)
        if ruled is None:
            bot = self._strongest
            start = bot.start(self._states[index]) if bot is not None else None
            ruled = self._ruled[index] = isinstance(start, Decided)
        return ruled

    def _unjudged(self, state: Any) -> Decision:
        played = self.record.actions[state.ply]
        before = (
            self.decisions[-1].before
            if self.decisions
            else tuple(1.0 / self.players for _ in range(self.players))
        )
        mover = state.to_move()
        return Decision(state.ply, mover, played, before, before[mover], before[mover], played,
                        self.margin, judged=False)  # fmt: skip

    def _solved(self, state: Any, judged: tuple) -> Decision:
        """The decision at ``state`` judged exactly (:func:`waddle.core.solve.judge`): a
        move that keeps the best value is sound whatever the meter would say; one that
        loses a forced win loses all of it (a blunder)."""
        mover = state.to_move()
        value, best, top = judged
        played = self.record.actions[state.ply]
        before = tuple(top if p == mover else 1.0 - top for p in range(self.players))
        return Decision(state.ply, mover, played, before, value, top, best, 0.0, True)

    def _judge(self, state: Any, deadline: float) -> Decision | None:
        """The decision at ``state`` judged, or None when the slice ended first (the
        searches so far are kept: the next call goes on with them).

        Like lichess: the position before the move, from the mover's view, gives each
        seat's chance and the search's best move. A move other than that is compared
        with it on the same footing: a search of the position after each, from the
        mover's view again, so whatever the meter makes of whose turn it is weighs the
        same on both sides. The second search is saved where the position after the
        played move is worth no less than the position before it (within
        :data:`SCREEN`): the best move cannot be worth much more than that."""
        mover = state.to_move()
        played = self.record.actions[state.ply]
        before = self._estimate(state, mover, (), deadline)
        if before is None:
            return None
        best = before.best()
        chances = tuple(before.chances())
        if best is None or best == played:
            return Decision(state.ply, mover, played, chances, chances[mover], chances[mover],
                            played, self.margin)  # fmt: skip
        after = self._estimate(state, mover, (played,), deadline)
        if after is None:
            return None
        after_played = after.chances()[mover]
        if chances[mover] - after_played <= SCREEN:
            return Decision(state.ply, mover, played, chances, after_played,
                            max(after_played, chances[mover]), best, self.margin)  # fmt: skip
        other = self._estimate(state, mover, (best,), deadline, self.quick)
        if other is None:
            return None
        if other.iterations < self.iterations and not self._settled(
            other.chances()[mover] - after_played
        ):
            other = self._estimate(state, mover, (best,), deadline)  # the same search goes on
            if other is None:
                return None
        after_best = other.chances()[mover]
        return Decision(state.ply, mover, played, chances, after_played, after_best, best,
                        self.margin)  # fmt: skip

    def _settled(self, loss: float) -> bool:
        """Whether a loss measured after the first half of the better move's search is
        far enough from every line between two names (the margin, each threshold above
        it) that the second half would not change its name."""
        lines = [self.margin] + [at for _, at in THRESHOLDS if at > self.margin]
        reach = RACE_Z * self._quick_noise
        return self.noise > 0 and all(abs(loss - at) > reach for at in lines)

    def _estimate(
        self, state: Any, viewer: int, moves: tuple, deadline: float, iterations: int = 0
    ) -> WinChance | None:
        """The finished estimate of ``state`` after ``moves``, from ``viewer``'s view, at
        ``iterations`` (0: the review's budget), or None when the slice ended first. Kept
        while it may be asked again: without hidden information the viewer makes no
        difference, so the search after the move played is the one before the next
        decision; asked for more iterations, a kept search goes on (:meth:`WinChance.extend`)."""
        iterations = iterations or self.iterations
        if moves:
            state = state.clone()
            for action in moves:
                state.apply(action)
        played = not moves or moves[-1] == self.record.actions[state.ply - 1]
        key = (state.ply, None if not self._hidden else viewer, played)
        meter = self._cache.get(key)
        if meter is None:
            meter = self._cache[key] = meter_for(
                self.game, state, viewer, self.seed, iterations, judging=True
            )
        meter.extend(iterations)
        self._pending = meter
        if not meter.advance(max(0.0, deadline - time.perf_counter())):
            return None
        return meter

    def _drop_old(self, ply: int) -> None:
        for key in [k for k in self._cache if k[0] <= ply or not k[2]]:
            del self._cache[key]

    # -- reading it ------------------------------------------------------------------------

    def marked(self) -> list[Decision]:
        """The decisions judged an inaccuracy or worse, in the line's order."""
        return [d for d in self.decisions if d.kind]

    def series(self) -> tuple[list[str], list[list[float]]]:
        """The chart's data: a label per point (the move's number, then "end") and per
        seat its chance to win before each decision, then the result once the line is
        over and judged (:func:`waddle.ui.charts.line_chart` draws it)."""
        judged = [d for d in self.decisions if d.judged]
        labels = [str(d.ply + 1) for d in judged]
        seats = [[d.before[p] for d in judged] for p in range(self.players)]
        if self.finished and self.final.is_over():
            winners = self.final.winners()
            labels.append("end")
            for p in range(self.players):
                seats[p].append(1.0 / len(winners) if p in winners else 0.0)
        return labels, seats


def move_name(game: Any, state: Any, action: Any) -> str:
    """How a player names ``action`` in ``state``: the game's ``GAME.move_name`` when it
    has one (cards by name, places as the board names them), else the action's notation."""
    name = getattr(game, "move_name", None)
    return name(state, action) if name is not None else str(action)


def why_better(
    game: Any,
    state: Any,
    action: Any,
    other: Any,
    who: str | None = None,
    called: str | None = None,
) -> str:
    """Why ``action`` is better than ``other`` in ``state``, as a verb phrase after "It":
    the game's ``GAME.explain_versus`` (what it gains that ``other`` would not), else what
    ``action`` does (``GAME.explain_move``), else nothing. ``who``: the player's name when
    the words are about them (a review); ``called``: how to name ``other``."""
    versus = getattr(game, "explain_versus", None)
    if versus is not None and other is not None and other != action:
        return versus(state, action, other, who, called)
    explain = getattr(game, "explain_move", None)
    return explain(state, action, who) if explain is not None else ""


def fit(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters at the end of a clause, with "…" where
    it was cut (a study's caption has a limit; a sentence cut mid-word reads as a fault).

    >>> fit("It takes 3 fish, traps a penguin and keeps the lead.", 30)
    'It takes 3 fish…'
    >>> fit("Short.", 30)
    'Short.'
    """
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    for mark in ("; ", ", ", " and ", " where ", " "):
        at = cut.rfind(mark)
        if at > limit // 3:
            return cut[:at].rstrip(" ,;:") + "…"
    return cut + "…"


def _percent(p: float) -> str:
    return f"{round(100 * p)}%"


def caption(game: Any, state: Any, decision: Decision, names: Sequence[str]) -> str:
    """A marked decision in words: "Blunder: Red chose F1 (win chance 27% after it). The
    better move was D5 (86%): it brings Red's share of the ice … to 23 against the other
    player's 19, where F1 would leave 17 against 25." The reason compares the better move
    with the move played, in the game's own terms (:func:`why_better`)."""
    who = names[decision.mover] if decision.mover < len(names) else f"Player {decision.mover + 1}"
    kind = (decision.kind or "").capitalize()
    played = move_name(game, state, decision.played)
    text = (
        f"{kind}: {who} chose {played} (win chance {_percent(decision.after_played)} after "
        f"it). The better move was {move_name(game, state, decision.best)} "
        f"({_percent(decision.after_best)})"
    )
    why = why_better(game, state, decision.best, decision.played, who, played)
    return f"{text}: it {why}." if why else f"{text}."


def review_to_study(
    review: Review, names: Sequence[str] | None = None, title: str = "Game review"
) -> Study:
    """The review as a study: at each marked decision (the position before the move) a
    caption (:func:`caption`) and, when the game names the places a move touches
    (``GAME.action_places``), the better move's places marked and an arrow for a move from
    one place to another."""
    game = review.game
    names = list(names or [f"Player {p + 1}" for p in range(review.players)])
    places = getattr(game, "action_places", None)
    board = set(game.places(review.record)) if places is not None else set()
    steps = []
    state = review.record.start()
    for decision in review.marked():
        while state.ply < decision.ply:
            state.apply(review.record.actions[state.ply])
        marks: tuple[str, ...] = ()
        arrows: tuple[tuple[str, str], ...] = ()
        if places is not None:
            touched = [p for p in places(state, decision.best) if p in board]
            marks = tuple(dict.fromkeys(touched))[:MAX_MARKS]
            if len(touched) == 2 and touched[0] != touched[1]:
                arrows = ((touched[0], touched[1]),)[:MAX_ARROWS]
        text = fit(caption(game, state, decision, names), MAX_CAPTION)
        steps.append(Step(decision.ply, text, marks, arrows))
    return Study(title, tuple(steps))


__all__ = [
    "NOISE_Z",
    "SCREEN",
    "THRESHOLDS",
    "Decision",
    "Review",
    "caption",
    "classify",
    "fit",
    "move_name",
    "review_to_study",
    "why_better",
]
