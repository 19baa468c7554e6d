"""Bots that play Waddle Waddle, deciding from what their seat may see.

>>> from waddle.games.waddle_waddle.record import new_record
>>> state = new_record(3, seed=2).start()
>>> bot = make_bot("medium", seed=1)
>>> bot.choose(state) in state.legal_actions()
True

The levels (:data:`LEVELS`; links and the page name them by position):

- ``random``: a uniformly random legal action (:class:`waddle.core.bots.RandomBot`).
- ``easy``: the greedy player with noise on its judgement.
- ``medium``: the greedy player (:func:`greedy_action`). It values a hand by the waddles it
  holds and nearly holds and what its hero makes of them, a nest by what it changes in the
  rookery's end-of-season bonuses (this season's token and the seasons to come), a waddle
  with what its hero's ability adds (Lynch's refill, Dyan's nest moves), and plays a
  waddle when the hand is ripe, the hand is nearly full or the season is ending;
  otherwise it drafts, exchanges or fishes for what improves its hand most. Threats go
  where they protect its majorities or hurt the leader's.
- ``hard``: information-set Monte Carlo tree search (:class:`waddle.core.bots.
  InformationSetMcts`) with that knowledge: playouts follow the greedy player for a
  limited number of actions, then every player's final score is estimated
  (:func:`estimate`: points, the bonuses their nests would take, the hand and fish in
  hand), and new nodes try the greedy favourite first.

Every bot sees only its seat's observation: the greedy player decides on a
determinization of the position (:meth:`~.state.WaddleWaddleState.determinize`, a
function of the seat's view and the bot's generator), and the tree search starts each
iteration from a fresh one. Everything is deterministic given the seed and an iteration
budget: integer counts and floats from ``+ - * /``, ties to the engine's first action.

The parts: what hands and nests are worth in :mod:`.worth`, the greedy player in
:mod:`.greedy`; the tree search's estimate of the end and every level here, with the
names of both parts re-exported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from waddle.core.analysis import Meter
from waddle.core.bots import (
    KnowledgeBot,
    LevelBot,
    MctsConfig,
    SearchBot,
    level_bot,
    rule_levels,
    seat_world,
)
from waddle.core.rng import Rng
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.components import ROOKERIES
from waddle.games.waddle_waddle.greedy import (
    BLIND_GAIN,
    FULL_HAND,
    HERO_PREFERENCE,
    PLAY_VALUE,
    WADDLES_CONSIDERED,
    best_play,
    dyan_moves_worth,
    greedy_action,
    greedy_policy,
    play_value,
)
from waddle.games.waddle_waddle.state import (
    PLAY,
    TAKE,
    THREAT,
    TOKENS,
    TURN,
    WADDLE2,
    WaddleWaddleState,
)
from waddle.games.waddle_waddle.worth import (
    DYAN_MOVE_WORTH,
    FISH_VALUE,
    KATTA_CHINSTRAP,
    LYNCH_REFILL_WORTH,
    NEST_WORTH,
    _awards,
    _future_seasons,
    _token,
    hand_value,
    majority_value,
    nest_gain,
)

LEVELS = ("random", "easy", "medium", "hard")
"""Bot levels from weakest to strongest, as links and the page name them."""


def _round_start(state: WaddleWaddleState) -> bool:
    """Whether a playout may stop here for the meter: a turn of the season's first player
    begins, so every seat has had as many turns as the others since the last such point.
    Stopped anywhere else, the estimate credits whoever has just drafted or played (their
    hand or nests grew; the others have not answered yet)."""
    return state.phase == TURN and state.cur == state.first and state.mover == state.first


# -- estimating the end: the tree search's evaluation ----------------------------------------------


def _board_estimate(state: WaddleWaddleState) -> list[float]:
    """Each player's points and what their nests are worth: this season's bonuses as the
    nests stand, and (half, per season) those of the seasons to come; with the hero
    handicap option, its points too (the score gets them only when the game ends)."""
    est = [float(s) for s in state.score]
    if state.is_over():
        return est
    for p, due in enumerate(state.handicap_points()):  # the option's, due at the end
        est[p] += due
    later = _future_seasons(state)
    season_over = state.phase == TOKENS
    c = state.components
    avg_large = sum(t[0] for t in c.conservation_tokens) / len(c.conservation_tokens)
    avg_small = sum(t[1] for t in c.conservation_tokens) / len(c.conservation_tokens)
    for r in range(ROOKERIES):
        counts = state.nests[r]
        if not season_over:
            large, small = _token(state, r)
            for p, a in enumerate(_awards(state, counts, large, small)):
                est[p] += a
        if later:
            weight = 0.5 * later
            for p, a in enumerate(_awards(state, counts, avg_large, avg_small)):
                est[p] += weight * a
    for p in range(state.n):
        est[p] += FISH_VALUE * state.fish[p]
    return est


HAND_WEIGHT = 0.5
"""How much of a hand's worth counts in the estimate (it is not played yet)."""
UNSEEN_CARD = 1.6
"""What a card someone else holds face down is worth to the estimate, seen from outside."""


def estimate(state: WaddleWaddleState) -> list[float]:
    """Each player's final score as it looks now: points, nests (:func:`_board_estimate`),
    fish in hand, and their hand's worth."""
    est = _board_estimate(state)
    if not state.is_over():
        for p in range(state.n):
            est[p] += HAND_WEIGHT * hand_value(state.hands[p], state.hero[p])
    return est


def _public_hand(state: WaddleWaddleState, p: int) -> float:
    """A hand's worth as the others see it: the cards taken face up, and the rest unseen."""
    known = state.known[p]
    unseen = len(state.hands[p]) - len(known)
    return HAND_WEIGHT * (hand_value(known, state.hero[p]) + UNSEEN_CARD * unseen)


SCALE = 12.0
"""Conservation Points over which a lead turns into a likely win (the evaluation's slope)."""


def rewards(state: WaddleWaddleState) -> list[float]:
    """Rewards in [0, 1]: each player's chance of finishing first, from smooth pairwise
    comparisons of estimates (``x / (1 + |x|)``: no ``exp``, the same on every platform),
    normalised to sum to one; a finished game gives the win shares.

    Each player compares their own estimate (their hand as they hold it) with the others'
    as they can see them (hands by their face-up cards and size): so a search's value of
    its own moves does not swing with the hidden cards of the world it samples.
    """
    n = state.n
    if state.is_over():
        winners = state.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    board = _board_estimate(state)
    own = [board[p] + HAND_WEIGHT * hand_value(state.hands[p], state.hero[p]) for p in range(n)]
    seen = [board[p] + _public_hand(state, p) for p in range(n)]
    out = []
    total = 0.0
    for p in range(n):
        v = 1.0
        for q in range(n):
            if q != p:
                x = (own[p] - seen[q]) / SCALE
                v *= 0.5 + 0.5 * x / (1.0 + (x if x >= 0 else -x))
        out.append(v)
        total += v
    return [v / total for v in out] if total > 0 else [1.0 / n] * n


METER = Meter(
    iterations=200,
    settled=_round_start,
    review=50,
    noise=0.052,
    public=0.25,
    public_by_players={2: 0.5},
    method=4,
)
"""The win-chance meter: its budget (part of it searched from the public view, since a seat's
own view favours that seat, less with more players: half at 2 players, a quarter at 3 and
4, both measured, and a quarter at 5 and 6 too, unmeasured, where half would overshoot
further; docs/benchmarks.md, "Where Waddle Waddle's drift comes from" and "A share per
player count"), its
playouts (about a round past the tree, as the hard bot's, then on to the start of a
round), the review's budget (a quarter of the meter's:
a game has 200-300 decisions, and its review must take at most 30 s on the page) and its
noise there (docs/benchmarks.md, "Calibration"; docs/analysis.md, "What a figure is")."""


def prior(state: WaddleWaddleState, actions: Sequence[Action]) -> list[float]:
    """The greedy favourite first: weight 1 for it, 0 for the others."""
    favourite = greedy_action(state, Rng(0))
    return [1.0 if a == favourite else 0.0 for a in actions]


# -- the bots ---------------------------------------------------------------------------------

MEDIUM = 0.0
EASY = 6.0
"""The greedy player's knobs, the noise on its judgement (:func:`greedy_action`)."""


HARD = MctsConfig(
    exploration=0.25,
    policy=greedy_policy,
    evaluate=rewards,
    playout_depth=4,
    prior=prior,
    bias=0.2,
)
"""The hard bot's search; ``playout_depth`` is per player (a playout runs about one round)."""

SEARCHED = frozenset((TURN, PLAY, THREAT, TOKENS, TAKE, WADDLE2))
"""The decisions the hard bot searches; the others (a nest or fish moved, a refill's second
card, a tie to break) it takes as the greedy player does."""


class HardBot(KnowledgeBot[Action]):
    """Information-set tree search with greedy playouts of about one round and the score
    estimate; the greedy player's choice for the decisions it does not search."""

    knobs = HARD
    configure = staticmethod(lambda state, config: search_config(state, config))

    def quick(self, state: WaddleWaddleState, rng: Rng) -> Action | None:
        if state.phase in SEARCHED:
            return None
        return greedy_action(seat_world(state, rng), rng)


def search_config(state: WaddleWaddleState, config: MctsConfig = HARD) -> MctsConfig:
    """The hard bot's search at ``state`` (playouts of about one round: ``playout_depth``
    per player): what the win-chance meter and the game review search with too
    (``GAME.search_config``, :mod:`waddle.core.analysis`)."""
    depth = None if config.playout_depth is None else config.playout_depth * state.n
    return replace(config, playout_depth=depth)


LEVEL_BOTS: dict[str, LevelBot] = {
    **rule_levels(greedy_action, EASY, MEDIUM),
    "hard": HardBot,
}
"""Each level's bot; the budget matters to ``hard`` only."""


def make_bot(
    level: str, seed: int = 0, seconds: float | None = None, iterations: int | None = None
) -> SearchBot:
    """A bot of ``level`` (one of :data:`LEVELS`); the budget matters to ``hard`` only.

    Benchmarks may write ``"hard@300"``: that level with 300 iterations, whatever the
    budget given (so seats of one tournament can have budgets of their own).
    """
    return level_bot(LEVEL_BOTS, level, seed, seconds, iterations)


__all__ = [
    "BLIND_GAIN",
    "DYAN_MOVE_WORTH",
    "EASY",
    "FISH_VALUE",
    "FULL_HAND",
    "HAND_WEIGHT",
    "HARD",
    "HERO_PREFERENCE",
    "KATTA_CHINSTRAP",
    "LEVELS",
    "LYNCH_REFILL_WORTH",
    "MEDIUM",
    "NEST_WORTH",
    "PLAY_VALUE",
    "SCALE",
    "SEARCHED",
    "UNSEEN_CARD",
    "WADDLES_CONSIDERED",
    "HardBot",
    "best_play",
    "dyan_moves_worth",
    "estimate",
    "greedy_action",
    "greedy_policy",
    "hand_value",
    "majority_value",
    "make_bot",
    "nest_gain",
    "play_value",
    "prior",
    "rewards",
]
