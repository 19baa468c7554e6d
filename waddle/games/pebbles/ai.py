"""Bots that play Pebbles, deciding from their seat's view only.

>>> from waddle.games.pebbles import new_game
>>> state = new_game(players=2, seed=3)
>>> bot = make_bot("medium", seed=1)
>>> bot.choose(state) in state.legal_actions()
True

The levels (:data:`LEVELS`; links and the page name them by position):

- ``random``: a uniformly random legal decision (:class:`waddle.core.bots.RandomBot`).
- ``easy``: the greedy player with noise on its judgement.
- ``medium``: the greedy player. For each decision it plays the rest of its own turn
  greedily (each later decision by its immediate value) and values the position where the
  turn ends: the points as they stand (pebbles of controlled tiles, territories, love
  tokens, fish) and its chance to win the trick in play, against its rivals'.
- ``hard``: information-set tree search (:class:`waddle.core.bots.InformationSetMcts`):
  each iteration deals the cards it cannot see again at random (``determinize``), so it
  decides from its view alone. Playouts follow a cheap policy that knows the game (the
  swing in points of a penguin or a pebble, where the trick stands) for a limited number
  of decisions; then the position is valued like the greedy player's, with the margin
  squashed to (0, 1). New nodes try the cheap policy's favourite first.

Every bot sees only what its seat sees: the greedy player also thinks in a determinized
world (its own turn can draw a card from the deck), and the tests check that changing
the cards a seat cannot see does not change any bot's choice.

Everything here is deterministic given the seed and an iteration budget (see
:mod:`waddle.core.bots`): integer arithmetic and floats built from ``+ - * /`` in a fixed
order, ties to the first decision in the engine's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from waddle.core.bots import (
    KnowledgeBot,
    MctsConfig,
    SearchBot,
    greedy_levels,
    level_bot,
    rescaled,
    uct_level,
)
from waddle.core.game import CHANCE
from waddle.core.rng import Rng
from waddle.games.pebbles.actions import (
    Action,
)
from waddle.games.pebbles.cards import NUMBER_OF, SUIT_OF
from waddle.games.pebbles.meter import METER  # GAME.meter reads it here
from waddle.games.pebbles.quick import TRICK_VALUE, Control, quick_value
from waddle.games.pebbles.state import MOVE, PLAY_STEP, PebblesState

LEVELS = ("random", "easy", "medium", "hard")
"""Bot levels from weakest to strongest, as links and the page name them."""


BENCH_LEVELS = ("uct",)
"""Levels :func:`make_bot` also accepts, for benchmarks only: ``uct`` is the same
determinized tree search with none of the knowledge (uniformly random playouts to the end
of the game, win shares as rewards)."""


# -- what the position is worth -------------------------------------------------------------------


def points(state: PebblesState) -> list[float]:
    """Each player's points as if the game ended now (the rules' scoring, fast)."""
    n = state.players
    key = (state.layout, n, tuple(state.pen), tuple(state.pebbles))
    board = _BOARD_POINTS.get(key)
    if board is None:
        if len(_BOARD_POINTS) >= _MEMO_LIMIT:
            _BOARD_POINTS.clear()
        board = _BOARD_POINTS[key] = _board_points(state)
    love, fish = state.love, state.fish
    return [board[p] + love[p] + fish[p] // 2 for p in range(n)]


_MEMO_LIMIT = 8192
"""Entries a memo keeps before it starts again (a few MB at most: the page runs these too)."""
_BOARD_POINTS: dict[tuple, tuple[float, ...]] = {}
"""Points from tiles and territories by position of the penguins and pebbles: the greedy
player values many positions that differ only in cards and fish."""


def _board_points(state: PebblesState) -> tuple[float, ...]:
    """Each player's points from pebbles on controlled tiles and controlled territories."""
    n = state.players
    pen = state.pen
    pebbles = state.pebbles
    layout = state.layout
    values = layout.vp[n]
    tiles = len(pebbles)
    pts = [0.0] * n
    ctrl: list[tuple[int, ...]] = [()] * tiles
    for t in range(tiles):
        base = t * n
        row = pen[base : base + n]
        top = max(row)
        if top:
            if row.count(top) == 1:
                who: tuple[int, ...] = (row.index(top),)
            else:
                who = tuple(p for p in range(n) if row[p] == top)
            ctrl[t] = who
            k = pebbles[t]
            if k:
                for p in who:
                    pts[p] += k
    for k, group in enumerate(layout.members):
        held = [0] * n
        for t in group:
            for p in ctrl[t]:
                held[p] += 1
        top = max(held)
        if top:
            v = values[k]
            for p in range(n):
                if held[p] == top:
                    pts[p] += v
    return tuple(pts)


def _values(state: PebblesState) -> tuple[int, ...]:
    return state.layout.vp[state.players]


def relative(values: Sequence[float], player: int) -> float:
    """A value vector seen by ``player``: theirs less the best rival's."""
    best = None
    for q, v in enumerate(values):
        if q != player and (best is None or v > best):
            best = v
    return values[player] - (best or 0.0)


def trick_outlook(state: PebblesState) -> list[float]:
    """Each player's expected share of the trick in play (0 when no trick is open): the
    player whose card leads it now, times the chance that none of the players still to
    play holds a higher card of the led suit (from the number of such cards nobody has
    played, a cheap estimate that uses no hidden card)."""
    n = state.players
    trick = state.trick
    if not trick:
        return [0.0] * n
    key = (n, state.lead, tuple(trick), tuple(state.row), tuple(state.discards))
    known = _TRICKS.get(key)
    if known is None:
        if len(_TRICKS) >= _MEMO_LIMIT:
            _TRICKS.clear()
        known = _TRICKS[key] = _trick_outlook(state)
    return list(known)


_TRICKS: dict[tuple, tuple[float, ...]] = {}


def _trick_outlook(state: PebblesState) -> tuple[float, ...]:
    n = state.players
    out = [0.0] * n
    trick = state.trick
    led = SUIT_OF[trick[0]]
    best = 0
    for k in range(1, len(trick)):
        if SUIT_OF[trick[k]] == led and trick[k] > trick[best]:
            best = k
    winner = (state.lead + best) % n
    to_play = n - len(trick)  # players who have not played their card yet
    higher = 13 - NUMBER_OF[trick[best]]
    seen = 0
    for c in state.discards:
        if SUIT_OF[c] == led and c > trick[best]:
            seen += 1
    for c in state.row:
        if c >= 0 and SUIT_OF[c] == led and c > trick[best]:
            seen += 1
    unseen_higher = max(0, higher - seen)
    hold = 1.0
    for _ in range(to_play):
        hold *= _NOBODY_HAS[min(unseen_higher, 12)]
    out[winner] = hold
    return tuple(out)


_NOBODY_HAS = tuple(0.62**k for k in range(13))
"""How likely one player still to play holds none of ``k`` unseen higher cards of the led
suit (each in a given hand a bit over a third of the time, as rough as it is cheap)."""


def estimate(state: PebblesState, hands: float = 0.0) -> list[float]:
    """Each player's points as they stand plus their share of the open trick, and with
    ``hands`` > 0 that weight of their share of the tricks still to come
    (:func:`hands_outlook`)."""
    values = points(state)
    for p, share in enumerate(trick_outlook(state)):
        values[p] += TRICK_VALUE * share
    if hands:
        for p, share in enumerate(hands_outlook(state)):
            values[p] += hands * share
    return values


_CARD_WEIGHT = tuple((number / 13.0) ** 3 for number in range(14))


def hands_outlook(state: PebblesState) -> list[float]:
    """Each player's expected tricks among the rounds after this one, from the strength of
    the hands in this state: a high card counts far more than a low one. (In a
    determinized world the other hands are a guess drawn from what the seat has seen.)"""
    n = state.players
    rounds = 10 - state.round - (1 if state.trick else 0)
    if rounds <= 0:
        return [0.0] * n
    strength = []
    for hand in state.hands:
        total = 0.0
        for c in hand:
            total += _CARD_WEIGHT[NUMBER_OF[c]]
        strength.append(total)
    whole = 0.0
    for v in strength:
        whole += v
    if whole <= 0.0:
        return [rounds / n] * n
    return [rounds * v / whole for v in strength]


# -- the greedy player ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Greedy:
    """The greedy player's knobs: ``noise`` is uniform noise on every value (easy)."""

    noise: float = 0.0


MEDIUM = Greedy()
EASY = Greedy(noise=2.0)


def _finish_turn(world: PebblesState, me: int, rng: Rng) -> None:
    """Play the rest of ``me``'s turn, each decision by its immediate estimate."""
    while not world.is_over():
        who = world.to_move()
        if who == CHANCE:
            world.apply(world.sample_chance(rng))
            continue
        if who != me or world.step == PLAY_STEP:
            return
        best, best_value = None, 0.0
        for action in world.legal_actions():
            after = world.clone()
            after.apply(action)
            value = relative(estimate(after), me)
            if best is None or value > best_value:
                best, best_value = action, value
        world.apply(best)


def greedy_values(world: PebblesState, knobs: Greedy, rng: Rng) -> list[tuple[Action, float]]:
    """Every legal decision with the greedy player's value for it (higher is better),
    judged in ``world``: the :class:`~waddle.core.bots.GreedyBot` gives it one determinized
    world (the seat's view, the rest dealt from ``rng``: :func:`waddle.core.bots.seat_world`)."""
    me = world.to_move()
    out = []
    for action in world.legal_actions():
        after = world.clone()
        after.apply(action)
        _finish_turn(after, me, rng)
        value = relative(estimate(after), me)
        if knobs.noise:
            value += knobs.noise * (2 * rng.random() - 1)
        out.append((action, value))
    return out


# -- tree search with knowledge of the game ------------------------------------------------------


@dataclass(frozen=True)
class HardKnobs:
    """The knobs of the ``hard`` bot.

    - ``exploration``, ``bias``: UCT's constant and the progressive bias of the priors.
    - ``playout_decisions``: playouts stop after this many decisions per player (and at
      the end of the game), and the position is valued by :func:`estimate`.
    - ``noise``: uniform noise on the playout policy's values.
    - ``margin_scale``: the reward is the margin over the best rival squashed to (0, 1):
      ``0.5 + 0.5 * d / (|d| + margin_scale)``; at the end of the game it is blended
      with the win share by ``win_weight``.
    """

    exploration: float = 0.5
    bias: float = 0.5
    playout_decisions: int = 8
    noise: float = 0.6
    margin_scale: float = 4.0
    win_weight: float = 0.5
    hands: float = 0.0
    """Weight of the tricks the hands promise (:func:`hands_outlook`) in the valuation."""


HARD = HardKnobs()


class PebblesKnowledge:
    """The hooks that turn :class:`~waddle.core.bots.InformationSetMcts` into the hard bot."""

    def __init__(self, knobs: HardKnobs = HARD) -> None:
        self.knobs = knobs

    def policy(self, state: PebblesState, rng: Rng) -> Action:
        """The playout decision: the best quick value, with noise."""
        noise = self.knobs.noise
        random = rng.random
        control = Control(state)
        best, best_value = None, 0.0
        for action in state.legal_actions():
            value = quick_value(state, action, control) + noise * random()
            if best is None or value > best_value:
                best, best_value = action, value
        return best

    def evaluate(self, state: PebblesState) -> list[float]:
        """Rewards where a playout stops: the margin over the best rival, squashed; at the
        end of the game blended with the win share."""
        est = estimate(state, self.knobs.hands)
        n = len(est)
        scale = self.knobs.margin_scale
        rewards = []
        over = state.is_over()
        winners = state.winners() if over else ()
        weight = self.knobs.win_weight if over else 0.0
        for p in range(n):
            d = relative(est, p)
            margin = 0.5 + 0.5 * d / (abs(d) + scale)
            if weight:
                win = 1.0 / len(winners) if p in winners else 0.0
                margin = (1.0 - weight) * margin + weight * win
            rewards.append(margin)
        return rewards

    def prior(self, state: PebblesState, actions: Sequence[Action]) -> list[float]:
        """The quick values, rescaled to [0, 1] (the best is 1)."""
        control = Control(state)
        raw = [quick_value(state, a, control) for a in actions]
        return rescaled(raw)


STEP_SHARE = {PLAY_STEP: 1.0, MOVE: 0.25}
"""The share of a turn's budget a decision gets, by the turn's step (others: 0.5): the
card matters most, a penguin's steps least (see :class:`HardBot`)."""


class HardBot(KnowledgeBot[Action]):
    """The ``hard`` level: :class:`~waddle.core.bots.InformationSetMcts` with
    :class:`PebblesKnowledge`.

    The budget given is a card decision's; the other decisions of a turn get a share of it
    (:data:`STEP_SHARE`), and a decision with a single choice costs nothing.
    """

    knobs = HARD
    configure = staticmethod(lambda state, knobs: search_config(state, knobs))

    def share(self, state: PebblesState) -> float:
        return STEP_SHARE.get(state.step, 0.5)


def search_config(state: PebblesState, knobs: HardKnobs = HARD) -> MctsConfig:
    """The hard bot's search at ``state``: what the win-chance meter and the game review
    search with too (``GAME.search_config``, :mod:`waddle.core.analysis`)."""
    knowledge = PebblesKnowledge(knobs)
    return MctsConfig(
        exploration=knobs.exploration,
        policy=knowledge.policy,
        evaluate=knowledge.evaluate,
        playout_depth=knobs.playout_decisions * state.players,
        prior=knowledge.prior,
        bias=knobs.bias,
    )


LEVEL_BOTS = {
    **greedy_levels(greedy_values, EASY, MEDIUM),
    "hard": HardBot,
    "uct": uct_level,  # InformationSetMcts: the state has hidden information
}
"""Each level's bot (``uct``: plain UCT, for benchmarks)."""


def make_bot(
    level: str, seed: int = 0, seconds: float | None = None, iterations: int | None = None
) -> SearchBot[Action]:
    """A bot of ``level`` (one of :data:`LEVELS`) thinking for ``seconds`` or
    ``iterations``. Neither means one second; with ``iterations`` it is deterministic.

    For benchmarks, ``level@n`` is ``level`` with exactly ``n`` iterations a card
    decision, whatever else is asked:

    >>> make_bot("hard", seed=7, iterations=100)
    <HardBot hard seed=7 Budget(seconds=None, iterations=100)>
    >>> make_bot("hard@900", seed=7, seconds=1.0).budget
    Budget(seconds=None, iterations=900)
    """
    return level_bot(LEVEL_BOTS, level, seed, seconds, iterations, LEVELS)


__all__ = ["HARD", "LEVELS", "METER", "HardBot", "HardKnobs", "make_bot"]
