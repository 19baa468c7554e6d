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
(ties split), penguins and tokens placed, scouts (and whether they paid), for each pool in
number order the seats that took its best fish, and for each round who placed first and
how many ice hexes it had. :class:`BalanceReport` adds them up with 95% intervals.
``python -m waddle bench balance`` prints the report (a benchmark, not a test), through the
functions at the end of this module (:mod:`waddle.bench.balance` says what they are).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TextIO

from waddle.core.bench import BenchOption, figure_row, game_of_line, results_line, switch
from waddle.core.tournament import wilson
from waddle.games.waddle.ai import make_bot
from waddle.games.waddle.compensation import fit_compensation, seat_compensation
from waddle.games.waddle.mapgen import TileSet, default_tileset, load_tileset
from waddle.games.waddle.record import Record, new_record
from waddle.games.waddle.state import WaddleState


@dataclass(frozen=True)
class SeatGame:
    """One finished game, every figure indexed by seat (0 = the first mover)."""

    seed: int
    seat_of: tuple[int, ...]
    """The seat of each player number."""
    scores: tuple[int, ...]
    """Final scores, the seat compensation option's VP included (if the game has it)."""
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
    leaders: tuple[int, ...] = ()
    """For each round, in the order played: the seat that placed its first penguin."""
    round_sizes: tuple[int, ...] = ()
    """For each round: the empty ice hexes around the active hex when it began."""
    scouts_paid: tuple[int, ...] = ()
    """Per seat: scouts after which that seat took the best fish of the next round's pool
    (alone or tied); a scout before a fishless pool or the last round never pays."""
    compensation: tuple[int, ...] = ()
    """The seat compensation option's VP by seat, included in ``scores``; () without it."""

    @property
    def compensated(self) -> bool:
        """Whether the game had the seat compensation option."""
        return bool(self.compensation)

    @property
    def board_scores(self) -> tuple[int, ...]:
        """Each seat's score without the option's VP: what the board gave it, which is what
        a compensation table is fitted to (a game played with the option counts too)."""
        if not self.compensation:
            return self.scores
        return tuple(s - c for s, c in zip(self.scores, self.compensation, strict=True))


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
    best_takers: dict[int | None, tuple[int, ...]] = {}  # pool number -> players
    pools = []
    for pool in sorted((p for p in breakdown.pools if p.fish), key=_pool_order):
        best = pool.fish[0]
        takers = tuple(p for p, got in enumerate(pool.awards) if got and got[0] == best)
        best_takers[pool.number] = takers
        pools.append(tuple(sorted(seat_of[p] for p in takers)))
    scouts = [0] * players
    paid = [0] * players
    leaders: list[int] = []
    sizes: list[int] = []
    pending: list[int] = []  # players who scouted this round, to judge next round
    replay = WaddleState(state.board, players, state.order, state.compensation)
    board = state.board
    starting = True  # the next action is a round's first
    for action in state.history:
        player = replay.to_move()
        assert player is not None
        if starting:
            sizes.append(len(replay.legal_hexes()))
            starting = False
        if action.is_scout:
            scouts[player] += 1
            pending.append(player)
        elif len(leaders) < len(sizes):
            leaders.append(seat_of[player])
        active = replay.active
        replay.apply(action)
        if replay.active != active and replay.active >= 0:  # a round ended, not the game
            starting = True
            water = board.numbered[replay.active]
            number = board.pools[board.pool_of[water]].number
            for p in pending:
                if p in best_takers.get(number, ()):
                    paid[p] += 1
            pending = []
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
        tuple(leaders),
        tuple(sizes),
        per_seat(paid),
        tuple(state.compensation or ()),
    )


def _pool_order(pool) -> tuple[int, int]:
    return (pool.number is None, pool.number or 0)


def self_play(
    players: int,
    seed: int,
    level: str = "medium",
    iterations: int | None = None,
    tileset: TileSet | None = None,
    compensation: tuple[int, ...] | None = None,
) -> Record:
    """The record of one game on the generated map of ``seed`` (of ``tileset``, by default
    the current one) with every seat played by ``level`` at ``iterations`` a move, with
    the seat ``compensation`` option's VP if given (the bots then play for it too)."""
    record = new_record(players, seed, tileset, compensation)
    state = record.start()
    bots = [make_bot(level, seed * 16 + p, None, iterations or 1) for p in range(players)]
    while not state.is_over():
        state.apply(bots[state.to_move()].choose(state))
    return record.with_actions(state.history)


def play_self_play(
    players: int,
    seed: int,
    level: str = "medium",
    iterations: int | None = None,
    tileset: TileSet | None = None,
    compensation: tuple[int, ...] | None = None,
) -> SeatGame:
    """The figures of :func:`self_play`'s game, by seat."""
    return record_game(self_play(players, seed, level, iterations, tileset, compensation))


def record_game(record: Record) -> SeatGame:
    """The figures of a finished record, by seat (its seed from ``generated``, else 0)."""
    state = record.replay()
    if not state.is_over():
        raise ValueError("the record's game is not finished")
    return seat_game(state, record.generated.seed if record.generated else 0)


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

    def pool_wins(self, pools: int | None = None) -> list[list[float]]:
        """For the first ``pools`` pools with fish by number (default: all): how often
        each seat took the best fish, as a share of the games that have that pool (ties
        count for each)."""
        rows = []
        for k in range(self.pool_count() if pools is None else pools):
            having = [g for g in self.games if len(g.pool_winners) > k]
            counts = [0.0] * self.players
            for g in having:
                for s in g.pool_winners[k]:
                    counts[s] += 1
            rows.append([c / len(having) if having else 0.0 for c in counts])
        return rows

    def pool_count(self) -> int:
        """The most pools with fish of any game played."""
        return max((len(g.pool_winners) for g in self.games), default=0)

    def lead_shares(self, rounds: int | None = None) -> list[float]:
        """Each seat's share of the rounds it placed first in (of the first ``rounds``
        rounds of each game, or all): who had the first pick."""
        counts = [0] * self.players
        for g in self.games:
            for seat in g.leaders[:rounds]:
                counts[seat] += 1
        total = sum(counts) or 1
        return [c / total for c in counts]

    def mean_round_sizes(self, rounds: int = 4) -> list[float]:
        """The mean empty ice of each of the first ``rounds`` rounds when it began."""
        out = []
        for k in range(rounds):
            sizes = [g.round_sizes[k] for g in self.games if len(g.round_sizes) > k]
            out.append(sum(sizes) / len(sizes) if sizes else 0.0)
        return out

    def scout_pay_rates(self) -> list[float]:
        """Per seat, the share of its scouts after which it took the next pool's best fish."""
        scouts = [sum(g.scouts[s] for g in self.games) for s in range(self.players)]
        paid = [sum(g.scouts_paid[s] for g in self.games) for s in range(self.players)]
        return [p / n if n else 0.0 for p, n in zip(paid, scouts, strict=True)]

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


# -- python -m waddle bench balance --game waddle ------------------------------------------

BALANCE_OPTIONS = (
    BenchOption("tileset", "a tile set file (default: the current tile set)", "FILE"),
    BenchOption(
        "compensation", "play with the seat compensation option (not a rule: compensation.py)"
    ),
)
BALANCE_GAMES = 300
"""Games per player count when ``--games`` does not say."""
BALANCE_SEATS = "seat 0 moves first"
HARD_ITERATIONS = 300
"""The hard bot's iterations a move unless ``--iterations`` says otherwise: a run is
reproducible from its seeds whatever the machine's load."""


def balance_setups(
    players: int, level: str, iterations: int | None, options: Mapping[str, str]
) -> list[dict[str, Any]]:
    """The one setup a player count plays (``ValueError`` or ``OSError`` on a bad option)."""
    if level == "hard" and iterations is None:
        iterations = HARD_ITERATIONS
    make_bot(level)  # an unknown level fails here, before any game
    path = options.get("tileset")
    setup: dict[str, Any] = {"level": level, "iterations": iterations}
    setup["tileset"] = _tileset(path).name if path else default_tileset().name
    if path:
        setup["tileset_file"] = path
    setup["compensation"] = switch(options.get("compensation"))
    return [setup]


@cache
def _tileset(path: str) -> TileSet:
    return load_tileset(json.loads(Path(path).read_text(encoding="utf-8")))


def play_balance(players: int, seed: int, setup: Mapping[str, Any]) -> dict[str, Any]:
    """One self-play game of ``setup``: its seats' scores and wins, its figures (a
    :class:`SeatGame`'s) and its record (``python -m waddle replay --jsonl`` reads it)."""
    path = setup.get("tileset_file")
    compensation = seat_compensation(players) if setup.get("compensation") else None
    record = self_play(
        players,
        seed,
        setup["level"],
        setup["iterations"],
        _tileset(path) if path else None,
        compensation,
    )
    return _figures(record)


def balance_line(data: Any) -> dict[str, Any]:
    """A game record (what the former script's ``--records`` kept) as a results line."""
    record = Record.from_json(data)
    figures = _figures(record)
    return {"players": record.players, "seed": figures["figures"]["seed"], "setup": {}, **figures}


def _figures(record: Record) -> dict[str, Any]:
    return results_line(record_game(record), record=record.to_json())


def seat_game_of(line: Mapping[str, Any]) -> SeatGame:
    """The :class:`SeatGame` of a results line."""
    return game_of_line(SeatGame, line)


def print_balance(
    players: int,
    setup: Mapping[str, Any],
    lines: Sequence[Mapping[str, Any]],
    out: TextIO,
    fit: bool = False,
) -> None:
    """Waddle's own figures of a group of games, after the seats' win shares."""
    report = BalanceReport(players, [seat_game_of(line) for line in lines])

    row = figure_row

    print(f"  penguins       {row(report.mean_penguins())}", file=out)
    print(f"  tokens         {row(report.mean_tokens())}", file=out)
    print(f"  scouts         {row(report.mean_scouts(), '{:5.2f}')}", file=out)
    print(
        f"  scouts paid    {row([100 * v for v in report.scout_pay_rates()], '{:4.0f}%')}", file=out
    )
    print(f"  led round 1-3  {row([100 * v for v in report.lead_shares(3)], '{:4.0f}%')}", file=out)
    print(f"  led any round  {row([100 * v for v in report.lead_shares()], '{:4.0f}%')}", file=out)
    print(f"  rounds 1-4 ice {row(report.mean_round_sizes(4), '{:5.2f}')}", file=out)
    for k, pool in enumerate(report.pool_wins()):
        print(f"  pool {k + 1:2} best  {row([100 * v for v in pool], '{:4.0f}%')}", file=out)
    print(f"  ice mod {players}: {report.ice_parity()} (remainder: games)", file=out)
    if fit:
        # Fitted to the board's scores, so games played with the option count too (its VP
        # taken off); the bots knew the VP in those games, a small bias the check by
        # self-play with the new table (compensation=on, other seeds) is there to catch.
        scores = [g.board_scores for g in report.games]
        played = sorted({g.compensation for g in report.games if g.compensated})
        table, shares = fit_compensation(scores, players)
        taken_off = ", ".join(map(str, played))
        with_option = f" (the option's {taken_off} taken off)" if played else ""
        print(
            f"  fitted seat compensation {table}{with_option}: win shares would be "
            f"{row([100 * v for v in shares], '{:5.1f}%')}",
            file=out,
        )
