"""Balance of Waddle Waddle on a component set: bot self-play, counted by seat, by hero and
by rookery.

Every player of a game is the same bot, so a difference between seats comes from the turn
order and a difference between heroes from their abilities on this component set. Heroes
are dealt at random (each game a random permutation, from the seed) instead of chosen, so
each hero plays as often as the others and in every seat.

>>> game = play_balance_game(players=3, seed=4, level="random")
>>> len(game.wins), round(sum(game.wins), 6), len(game.rookery_nests)
(3, 1.0, 5)
>>> report = BalanceReport(3, [game])
>>> round(sum(report.seat_shares()), 6)
1.0

``scripts/bench_waddle_waddle_balance.py`` prints the report (a benchmark, not a test).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from waddle.core.rng import Rng, derive_seed
from waddle.core.tournament import wilson
from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.ai import make_bot
from waddle.games.waddle_waddle.components import BUILT_IN, ROOKERIES, Components
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import new_record


@dataclass(frozen=True)
class BalanceGame:
    """One finished self-play game; seat ``p`` is player ``p`` (seat 0 moves first in the
    first season)."""

    seed: int
    heroes: tuple[int, ...]
    """Each seat's hero (-1 without heroes)."""
    scores: tuple[int, ...]
    """Each seat's final score (with the hero handicap if the game had it)."""
    nests: tuple[int, ...]
    """Each seat's nests at the end (the first tie-break)."""
    most_in_one: tuple[int, ...]
    """Each seat's most nests at one rookery (the second tie-break)."""
    wins: tuple[float, ...]
    """Each seat's share of the win: 1 alone, 1/k in a k-way tie, else 0."""
    rookery_nests: tuple[int, ...]
    """Nests at each rookery at the end."""
    rookery_waddles: tuple[int, ...]
    """Waddles played at each rookery."""
    rookery_won: tuple[int, ...]
    """Seasons in which each rookery had a sole leader (someone took its larger bonus)."""
    seasons: int


def play_balance_game(
    players: int,
    seed: int,
    level: str = "medium",
    components: Components = BUILT_IN,
    options: Options | None = None,
    iterations: int | None = None,
) -> BalanceGame:
    """One self-play game of ``level`` bots, heroes dealt at random."""
    options = options or Options.standard(players)
    state = new_record(players, seed, options, components).start()
    heroes = list(range(len(HEROES)))
    Rng(derive_seed(seed, 0x4845524F)).shuffle(heroes)
    bots = [
        make_bot(level, seed=derive_seed(seed, p), iterations=iterations) for p in range(players)
    ]
    won = [0] * ROOKERIES
    seasons_done = 0
    while not state.is_over():
        if state.phase == "hero":
            state.apply(Action(K.HERO, heroes[state.to_move()]))
            continue
        state.apply(bots[state.to_move()].choose(state))
        if len(state.bonuses) > seasons_done:  # a season just ended: who led where
            seasons_done = len(state.bonuses)
            for r in range(ROOKERIES):
                counts = state.nests[r]
                top = max(counts)
                if top and counts.count(top) == 1:
                    won[r] += 1
    winners = state.winners()
    wins = tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(players))
    waddles = [0] * ROOKERIES
    for action in state.history:
        if action.kind == K.PLAY:
            waddles[action.a] += 1
    return BalanceGame(
        seed,
        tuple(state.hero),
        tuple(state.scores()),
        tuple(state.nest_totals()),
        tuple(state.most_in_one()),
        wins,
        tuple(sum(state.nests[r]) for r in range(ROOKERIES)),
        tuple(waddles),
        tuple(won),
        len(state.bonuses),
    )


class BalanceReport:
    """The games of one player count, added up with 95% intervals."""

    def __init__(self, players: int, games: Sequence[BalanceGame]) -> None:
        self.players = players
        self.games = list(games)

    @property
    def fair(self) -> float:
        return 1.0 / self.players

    def seat_shares(self) -> list[float]:
        n = len(self.games)
        return [sum(g.wins[p] for g in self.games) / n for p in range(self.players)]

    def seat_intervals(self) -> list[tuple[float, float]]:
        n = len(self.games)
        return [wilson(sum(g.wins[p] for g in self.games), n) for p in range(self.players)]

    def mean_scores(self) -> list[float]:
        n = len(self.games)
        return [sum(g.scores[p] for g in self.games) / n for p in range(self.players)]

    def hero_rows(self) -> list[tuple[int, int, float, float, float]]:
        """Per hero: games played, win rate, and its 95% interval."""
        rows = []
        for h in range(len(HEROES)):
            played = wins = 0.0
            for g in self.games:
                if h in g.heroes:
                    played += 1
                    wins += g.wins[g.heroes.index(h)]
            low, high = wilson(wins, int(played))
            rows.append((h, int(played), wins / played if played else 0.0, low, high))
        return rows

    def rookery_rows(self) -> list[tuple[int, float, float, float]]:
        """Per rookery: nests at the end, waddles played, and the share of seasons in which
        it had a sole leader, per game."""
        n = len(self.games)
        seasons = sum(g.seasons for g in self.games)
        return [
            (
                r,
                sum(g.rookery_nests[r] for g in self.games) / n,
                sum(g.rookery_waddles[r] for g in self.games) / n,
                sum(g.rookery_won[r] for g in self.games) / seasons if seasons else 0.0,
            )
            for r in range(ROOKERIES)
        ]

    def worst_seat(self) -> float:
        """The largest distance of a seat's win share from fair, in points."""
        return max(abs(s - self.fair) for s in self.seat_shares()) * 100

    def worst_hero(self) -> float:
        return (
            max(abs(rate - self.fair) for _, played, rate, _, _ in self.hero_rows() if played) * 100
        )
