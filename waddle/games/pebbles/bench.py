"""``python -m waddle bench --game pebbles``: how fast random complete games run, and where
the time goes; and for ``bench bots`` the bots' strength goals and what a turn costs.

A benchmark, not a test: it prints figures. Deals are made before timing starts (a
handful, used in turn), so the figures are about playing and scoring. Chance outcomes
(reshuffles) are drawn as they come and count as actions.

For each player count it prints:
- games per second in one process by the wall clock, and by processor time (what the
  process itself used: on a shared machine the wall clock also counts the others);
- games per second in one process per core playing at once;
- the split of one process's time between move generation (``legal_actions``, or
  ``sample_chance`` at a chance node), applying (``apply``) and scoring (``scores`` and
  ``winners``), from a separately timed pass, and µs per action.

The goals (:data:`BOT_GOALS`, issue 11), at 1 s of processor per *turn*, seats rotated
over deals:

- ``two``: two players, hard against the greedy bot (medium): hard wins at least 65%;
- ``four``: four players, one hard bot against three greedy bots: hard's win share is at
  least 40% (a fair share is 25%);
- ``uct``: two players, hard against plain determinized UCT (random playouts to the end,
  no knowledge) given the same processor time: measured, no goal.

**The budget.** A turn is several decisions: the card, the first action and its targets,
the second, the steps of a moving penguin. The hard bot's budget is the card decision's
iterations; the turn's other decisions get a share of it (``ai.STEP_SHARE``: half for an
action, a quarter for a step), and a decision with one choice costs nothing. So
:func:`calibrate` finds the card decision's iterations for which an average turn costs the
seconds asked (measured over sample turns of greedy games, per player count).
"""

from __future__ import annotations

import time
from functools import cache

from waddle.core.bench import Goal, random_games_bench
from waddle.core.game import CHANCE, resolve_chance
from waddle.games.pebbles.record import Record, new_record
from waddle.games.pebbles.state import PebblesState

DEALS = 16


@cache
def _records(players: int) -> list[Record]:
    return [new_record(players, seed) for seed in range(DEALS)]


def start(players: int, index: int) -> PebblesState:
    """The ``index``-th random game: the first deals of the built-in layout, in turn."""
    return _records(players)[index % DEALS].start()


main = random_games_bench("pebbles", start, split_games_per_second=100)
"""``bench speed``: random complete games (:func:`waddle.core.bench.random_games_bench`)."""


# -- bots ------------------------------------------------------------------------------------

TURNS = 10
"""Turns each player has in a game (the deck's ten cards): processor time is told per turn."""
BOT_GOALS = {
    "two": Goal(2, ("hard", "medium"), 0.65, per="turn", per_game=TURNS),
    "four": Goal(4, ("hard", "medium"), 0.40, per="turn", per_game=TURNS),
    "uct": Goal(2, ("hard", "uct"), None, per="turn", per_game=TURNS),
}
"""``bench bots --game pebbles``: the hard bot against greedy and against plain UCT."""
DEFAULT_GOALS = ("two", "four")
"""The goals played when ``--goals`` does not say (``uct`` measures, it has no goal)."""
BOT_SECONDS = 1.0
"""Processor seconds a turn that ``bench bots`` calibrates the searching levels to."""
CALIBRATED_LEVELS = ("hard", "uct")
"""The levels that take an iteration budget (each calibrated on its own)."""
PROBE = 200
"""The card decision's iterations at which a turn's cost is measured."""


def sample_turns(players: int, games: int = 2, every: int = 3) -> list:
    """Positions at the start of turns (the card to play) from greedy games."""
    from waddle.games.pebbles.ai import make_bot
    from waddle.games.pebbles.state import PLAY_STEP

    turns = []
    for seed in range(games):
        state = new_record(players, 5000 + seed).start()
        bots = [make_bot("medium", seed=p) for p in range(players)]
        k = 0
        while not state.is_over():
            if state.to_move() == CHANCE:
                resolve_chance(state, seed)
                continue
            if state.step == PLAY_STEP:
                k += 1
                if k % every == 0:
                    turns.append(state.clone())
            state.apply(bots[state.to_move()].choose(state))
    return turns


def turn_cost(level: str, players: int, iterations: int) -> tuple[float, float, int, float]:
    """Mean processor and wall seconds of one whole turn of ``level`` at ``iterations`` a
    card decision (the turn played out by the bot itself), the decisions per turn, and the
    mean processor seconds of the card decision alone (the one given the whole budget)."""
    from waddle.games.pebbles.ai import make_bot
    from waddle.games.pebbles.state import PLAY_STEP

    cpu = wall = card = 0.0
    decisions = 0
    turns = sample_turns(players)
    for start in turns:
        state = start.clone()
        me = state.to_move()
        bot = make_bot(level, seed=1, iterations=iterations)
        c0, w0 = time.process_time(), time.perf_counter()
        state.apply(bot.choose(state))  # the card
        card += time.process_time() - c0
        decisions += 1
        while state.to_move() == me and not state.is_over():
            while state.to_move() == CHANCE:
                resolve_chance(state, 3)
            if state.step == PLAY_STEP or state.to_move() != me:
                break
            state.apply(bot.choose(state))
            decisions += 1
        cpu += time.process_time() - c0
        wall += time.perf_counter() - w0
    k = len(turns)
    return cpu / k, wall / k, round(decisions / k), card / k


def calibrate(level: str, players: int, seconds: float) -> tuple[int, str]:
    """The card decision's iterations for which a turn of ``level`` costs ``seconds`` of
    processor, and what a turn cost at :data:`PROBE` iterations."""
    cpu, wall, decisions, card = turn_cost(level, players, PROBE)
    return (
        max(1, round(PROBE * seconds / cpu)),
        f"{cpu:.3f} s processor ({wall:.3f} s wall) a turn of {decisions} decisions, "
        f"{card:.3f} s its card decision, at {PROBE} iterations a card decision",
    )
