"""Seat balance of Pebbles on a layout: self-play games, counted by seat.

A *seat* is a position from the first lead player: seat 0 leads the first round, seat 1 is
on its left, and so on. Every player of a self-play game is the same bot, so a difference
between the seats comes from the order of play and the layout, not from the players.

>>> game = play_self_play(players=2, seed=4, level="random")
>>> sorted(game.seat_of), len(game.scores)
([0, 1], 2)
>>> report = BalanceReport(2, [game])
>>> round(sum(report.win_shares()), 6)
1.0

Per game it keeps what the balance questions need: each seat's score, its scoring lines and
its share of the win (ties split); who controls each territory and each tile at the end;
which tiles ever held a penguin; how many tricks each seat won, and how many of the tricks
were won by the player who led them. :class:`BalanceReport` adds them up with 95%
intervals; ``python -m waddle bench balance --game pebbles`` prints the report (a benchmark,
not a test), through the functions at the end of this module (:mod:`waddle.bench.balance`
says what they are).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TextIO

from waddle.core.bench import BenchOption, figure_row, game_of_line, results_line
from waddle.core.game import CHANCE, resolve_chance
from waddle.core.tournament import wilson
from waddle.games.pebbles.ai import make_bot
from waddle.games.pebbles.layout import (
    Layout,
    builtin_layout,
    layout_named,
    load_custom_layout,
)
from waddle.games.pebbles.record import new_record


@dataclass(frozen=True)
class SeatGame:
    """One finished game, every figure indexed by seat (0 = the first lead)."""

    seed: int
    seat_of: tuple[int, ...]
    """The seat of each player number."""
    scores: tuple[int, ...]
    wins: tuple[float, ...]
    """Each seat's share of the win: 1 alone, 1/k in a k-way tie, else 0."""
    lines: tuple[tuple[int, int, int, int], ...]
    """Each seat's points from pebbles, territories, love tokens and fish."""
    territories: tuple[tuple[int, ...], ...]
    """For each territory, the seats that control it at the end."""
    tiles: tuple[tuple[int, ...], ...]
    """For each tile (layout order), the seats that control it at the end."""
    visited: tuple[bool, ...]
    """For each tile, whether a penguin ever stood on it."""
    placed: tuple[int, ...]
    """For each tile, penguins placed on it by Place or Court."""
    leader_won: int
    """Tricks won by the player who led them."""
    led: tuple[int, ...]
    """Rounds each seat led."""
    decided_by: str = "score"
    """What decided the winner: ``score``, ``love``, ``pebbles`` or ``shared``."""


def play_self_play(
    players: int,
    seed: int,
    level: str = "medium",
    iterations: int | None = None,
    layout: str | Layout | None = None,
) -> SeatGame:
    """One game of ``level`` against itself on the built-in layout, or the one named (or
    given)."""
    if isinstance(layout, Layout):
        chosen = layout
    else:
        chosen = layout_named(layout) if layout else builtin_layout(players)
    record = new_record(players, seed, chosen)
    state = record.start()
    bots = [make_bot(level, seed=seed * 8 + p, iterations=iterations or 1) for p in range(players)]
    n = players
    tiles = len(chosen)
    visited = [False] * tiles
    placed = [0] * tiles
    leader_won = 0
    led = [0] * n
    while not state.is_over():
        round_, lead = state.round, state.lead
        if state.to_move() == CHANCE:  # a reshuffle may be what ends a turn, and a round
            resolve_chance(state, seed)
        else:
            before = list(state.pen)
            supply = sum(state.supply)
            state.apply(bots[state.to_move()].choose(state))
            for t in range(tiles):
                if sum(state.pen[t * n : t * n + n]) > sum(before[t * n : t * n + n]):
                    visited[t] = True
                    if sum(state.supply) < supply:
                        placed[t] += 1
        if state.round != round_:
            led[lead] += 1
            if state.lead == lead:  # the trick went to its leader
                leader_won += 1
    seat_of = tuple((p - record.lead) % n for p in range(n))

    def per_seat(values: Sequence) -> tuple:
        out: list = [0] * n
        for p, v in enumerate(values):
            out[seat_of[p]] = v
        return tuple(out)

    breakdown = state.breakdown()
    winners = breakdown.winners
    control_tiles, control_territories = state.control()
    return SeatGame(
        seed=seed,
        seat_of=seat_of,
        scores=per_seat(breakdown.totals),
        wins=per_seat([1.0 / len(winners) if p in winners else 0.0 for p in range(n)]),
        lines=per_seat([(s.pebbles, s.territories, s.love, s.fish) for s in breakdown.players]),
        territories=tuple(tuple(sorted(seat_of[p] for p in who)) for who in control_territories),
        tiles=tuple(tuple(sorted(seat_of[p] for p in who)) for who in control_tiles),
        visited=tuple(visited),
        placed=tuple(placed),
        leader_won=leader_won,
        led=per_seat(led),
        decided_by=breakdown.decided_by,
    )


class BalanceReport:
    """Self-play games of one player count added up by seat."""

    def __init__(self, players: int, games: Sequence[SeatGame]) -> None:
        self.players = players
        self.games = list(games)

    def _mean(self, values: Sequence[float]) -> float:
        return sum(values) / len(values) if values else 0.0

    def win_shares(self) -> list[float]:
        return [self._mean([g.wins[s] for g in self.games]) for s in range(self.players)]

    def win_intervals(self) -> list[tuple[float, float]]:
        n = len(self.games)
        return [wilson(sum(g.wins[s] for g in self.games), n) for s in range(self.players)]

    def largest_gap(self) -> float:
        fair = 1.0 / self.players
        return max(abs(w - fair) for w in self.win_shares())

    def mean_scores(self) -> list[float]:
        return [self._mean([g.scores[s] for g in self.games]) for s in range(self.players)]

    def mean_lines(self) -> list[tuple[float, float, float, float]]:
        """Each seat's mean points from pebbles, territories, love and fish."""
        return [
            tuple(self._mean([g.lines[s][k] for g in self.games]) for k in range(4))  # type: ignore[misc]
            for s in range(self.players)
        ]

    def decided(self) -> dict[str, tuple[float, list[float]]]:
        """For each tie-break that decided games: the share of games, and each seat's share
        of the wins in those games."""
        out = {}
        for reason in ("score", "love", "pebbles", "shared"):
            games = [g for g in self.games if g.decided_by == reason]
            if games:
                wins = [sum(g.wins[s] for g in games) / len(games) for s in range(self.players)]
                out[reason] = (len(games) / len(self.games), wins)
        return out

    def mean_led(self) -> list[float]:
        """Rounds each seat led, per game."""
        return [self._mean([g.led[s] for g in self.games]) for s in range(self.players)]

    def leader_won(self) -> float:
        """Share of tricks won by the player who led them."""
        return sum(g.leader_won for g in self.games) / (10 * len(self.games) or 1)

    def territory_shares(self) -> list[list[float]]:
        """For each territory, each seat's share of its control (ties split; the rest of
        the 100% is games where nobody controls it)."""
        out = []
        for k in range(len(self.games[0].territories)):
            row = [0.0] * self.players
            for g in self.games:
                who = g.territories[k]
                for s in who:
                    row[s] += 1.0 / len(who)
            out.append([v / len(self.games) for v in row])
        return out

    def tile_rows(self) -> list[tuple[float, float, float]]:
        """For each tile: the share of games in which a penguin stood on it, the share in
        which somebody controls it at the end, and the penguins placed on it per game."""
        n = len(self.games)
        rows = []
        for t in range(len(self.games[0].tiles)):
            rows.append(
                (
                    sum(g.visited[t] for g in self.games) / n,
                    sum(1 for g in self.games if g.tiles[t]) / n,
                    sum(g.placed[t] for g in self.games) / n,
                )
            )
        return rows


# -- python -m waddle bench balance --game pebbles -----------------------------------------

BALANCE_OPTIONS = (
    BenchOption(
        "layout", "built-in layouts by name, any version in layouts.json", "NAME[,NAME...]"
    ),
    BenchOption(
        "layout_file", "candidate layouts to screen (JSON, as check-map reads)", "FILE[,FILE...]"
    ),
)
BALANCE_GAMES = 1000
"""Games per player count (and layout) when ``--games`` does not say."""
BALANCE_SEATS = "seat 0 leads the first round"


def balance_setups(
    players: int, level: str, iterations: int | None, options: Mapping[str, str]
) -> list[dict[str, Any]]:
    """A setup per layout that fits ``players``: each layout named in the options (a
    built-in one made for that count, or a file); if none fits, the count's built-in one."""
    make_bot(level)  # an unknown level fails here, before any game
    names = [name for name in options.get("layout", "").split(",") if name]
    files = [path for path in options.get("layout_file", "").split(",") if path]
    chosen: dict[str, tuple[Layout, str | None]] = {}
    for name in names:
        try:
            chosen[name] = (layout_named(name), None)
        except KeyError as e:
            raise ValueError(e.args[0]) from None
    for path in files:
        chosen[Path(path).name] = (_layout_file(path), path)
    fit = [name for name, (layout, _) in chosen.items() if not layout.problems_for(players)]
    fit = [name for name in fit if name.endswith(".json") or f"-{players}p/" in name]
    setups = []
    for name in fit or [builtin_layout(players).name]:
        setup: dict[str, Any] = {"level": level, "iterations": iterations, "layout": name}
        path = chosen.get(name, (None, None))[1]
        if path:
            setup["layout_file"] = path
        setups.append(setup)
    return setups


@cache
def _layout_file(path: str) -> Layout:
    return load_custom_layout(Path(path).read_text("utf-8"))[0]


def _layout(setup: Mapping[str, Any]) -> Layout:
    path = setup.get("layout_file")
    return _layout_file(path) if path else layout_named(setup["layout"])


def play_balance(players: int, seed: int, setup: Mapping[str, Any]) -> dict[str, Any]:
    """One self-play game of ``setup``: its seats' scores and wins, and the rest of its
    :class:`SeatGame` as its figures."""
    return results_line(
        play_self_play(players, seed, setup["level"], setup["iterations"], _layout(setup))
    )


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
    """Pebbles' own figures of a group of games, after the seats' win shares."""
    rep = BalanceReport(players, [seat_game_of(line) for line in lines])
    layout = _layout(setup)

    row = figure_row

    for k, label in enumerate(("pebbles", "territories", "love", "fish")):
        print(f"    {label:<14} {row(line[k] for line in rep.mean_lines())}", file=out)
    print(f"  rounds led       {row(rep.mean_led())}", file=out)
    for reason, (share, wins) in rep.decided().items():
        won = row((100 * w for w in wins), "{:4.0f}%")
        print(f"  decided by {reason:<8} {share:5.1%} of games, won by seat {won}", file=out)
    print(f"  tricks won by their leader: {rep.leader_won():.1%}", file=out)
    print("  territory control by seat (fair: one share each; the rest: nobody)", file=out)
    for k, shares in enumerate(rep.territory_shares()):
        t = layout.territories[k]
        spread = max(shares) - min(shares)
        print(
            f"    {t.name:<8} ({t.value:>4} = {t.vp(players)} VP, {len(layout.members[k])} tiles)"
            f"  {row((100 * v for v in shares), '{:4.0f}%')}  spread {100 * spread:.0f} points",
            file=out,
        )
    print("  tiles: a penguin ever / controlled at the end / placed per game", file=out)
    for t, (ever, held, placed) in zip(layout.tiles, rep.tile_rows(), strict=True):
        name = layout.territories[t.territory].name
        print(f"    {t.number:>2} {name:<8} {ever:5.0%} {held:5.0%} {placed:5.2f}", file=out)
