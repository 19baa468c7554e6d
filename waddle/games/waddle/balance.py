"""Seat balance of Waddle on the project's tile set: self-play games, counted by seat.

A *seat* is a position in the starting turn order (``Record.order``): seat 0 moves first.
Every player of a self-play game is the same bot, so any difference between the seats
comes from the turn order, the tile set or the map generator, not from the players.

>>> game = play_self_play(players=2, seed=4, level="random")
>>> sorted(game.seat_of), len(game.scores)
([0, 1], 2)
>>> report = BalanceReport(2, [game])
>>> round(sum(report.win_shares()), 6)
1.0

Per game it keeps what the balance questions need: each seat's score and share of the win
(ties split), penguins and tokens placed, scouts, and for each pool in number order the
seats that took its best fish. :class:`BalanceReport` adds them up with 95% intervals.
``scripts/bench_balance.py`` prints the report (a benchmark, not a test).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from waddle.core.tournament import wilson
from waddle.games.waddle.ai import make_bot
from waddle.games.waddle.record import new_record
from waddle.games.waddle.state import WaddleState


@dataclass(frozen=True)
class SeatGame:
    """One finished game, every figure indexed by seat (0 = the first mover)."""

    seed: int
    seat_of: tuple[int, ...]
    """The seat of each player number."""
    scores: tuple[int, ...]
    wins: tuple[float, ...]
    """Each seat's share of the win: 1 alone, 1/k in a k-way tie, else 0."""
    penguins: tuple[int, ...]
    """Penguins placed (a double counts 2)."""
    tokens: tuple[int, ...]
    """Tokens placed (a double counts 1)."""
    scouts: tuple[int, ...]
    pool_winners: tuple[tuple[int, ...], ...]
    """For each pool with fish, lowest number first: the seats that scored its best fish."""
    ice: int
    """Ice hexes on the map (every one is filled by the end of a generated game)."""


def seat_game(state: WaddleState, seed: int) -> SeatGame:
    """The figures of a finished ``state``, by seat."""
    players = state.players
    seat_of = [0] * players
    for seat, player in enumerate(state.order):
        seat_of[player] = seat

    def per_seat(values: Sequence[float]) -> tuple:
        out = [0] * players
        for player, v in enumerate(values):
            out[seat_of[player]] = v
        return tuple(out)

    breakdown = state.breakdown()
    totals = breakdown.totals
    winners = breakdown.winners
    penguins = [0] * players
    tokens = [0] * players
    for i in state.board.ice:
        owner = state.owner[i]
        if owner >= 0:
            penguins[owner] += state.token[i]
            tokens[owner] += 1
    scouts = [0] * players
    replay = WaddleState(state.board, players, state.order)
    for action in state.history:
        if action.is_scout:
            scouts[replay.to_move()] += 1
        replay.apply(action)
    pools = []
    for pool in sorted((p for p in breakdown.pools if p.fish), key=_pool_order):
        best = pool.fish[0]
        pools.append(
            tuple(sorted(seat_of[p] for p, got in enumerate(pool.awards) if got and got[0] == best))
        )
    return SeatGame(
        seed,
        tuple(seat_of),
        per_seat(totals),
        per_seat([1 / len(winners) if p in winners else 0.0 for p in range(players)]),
        per_seat(penguins),
        per_seat(tokens),
        per_seat(scouts),
        tuple(pools),
        len(state.board.ice),
    )


def _pool_order(pool) -> tuple[int, int]:
    return (pool.number is None, pool.number or 0)


def play_self_play(
    players: int, seed: int, level: str = "medium", iterations: int | None = None
) -> SeatGame:
    """One game on the generated map of ``seed`` with every seat played by ``level``."""
    state = new_record(players, seed).start()
    bots = [make_bot(level, seed * 16 + p, None, iterations or 1) for p in range(players)]
    while not state.is_over():
        state.apply(bots[state.to_move()].choose(state))
    return seat_game(state, seed)


class BalanceReport:
    """Self-play games of one player count, added up by seat."""

    def __init__(self, players: int, games: Sequence[SeatGame]) -> None:
        self.players = players
        self.games = list(games)

    def _mean(self, field: str) -> list[float]:
        n = len(self.games)
        return [sum(getattr(g, field)[s] for g in self.games) / n for s in range(self.players)]

    def win_shares(self) -> list[float]:
        return self._mean("wins")

    def win_intervals(self) -> list[tuple[float, float]]:
        """95% Wilson intervals of each seat's win share."""
        n = len(self.games)
        return [wilson(sum(g.wins[s] for g in self.games), n) for s in range(self.players)]

    def mean_scores(self) -> list[float]:
        return self._mean("scores")

    def mean_penguins(self) -> list[float]:
        return self._mean("penguins")

    def mean_tokens(self) -> list[float]:
        return self._mean("tokens")

    def mean_scouts(self) -> list[float]:
        return self._mean("scouts")

    def pool_wins(self, pools: int = 4) -> list[list[float]]:
        """For the first ``pools`` pools by number: how often each seat took the best
        fish, as a share of the games that have that pool (ties count for each)."""
        rows = []
        for k in range(pools):
            having = [g for g in self.games if len(g.pool_winners) > k]
            counts = [0.0] * self.players
            for g in having:
                for s in g.pool_winners[k]:
                    counts[s] += 1
            rows.append([c / len(having) if having else 0.0 for c in counts])
        return rows

    def ice_parity(self) -> dict[int, int]:
        """How many games had each remainder of (ice hexes mod players): with an even
        share of the placements, the first seats place one more when it is not 0."""
        out: dict[int, int] = {}
        for g in self.games:
            r = g.ice % self.players
            out[r] = out.get(r, 0) + 1
        return dict(sorted(out.items()))

    def largest_gap(self) -> float:
        """The largest distance of any seat's win share from the fair 1/players."""
        fair = 1 / self.players
        return max(abs(w - fair) for w in self.win_shares())
