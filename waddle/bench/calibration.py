"""``python -m waddle bench calibration --game ID``: is the win-chance meter honest?

Self-play at the meter's own budget: at every decision (a position with more than one
legal action) the meter estimates every seat's chance from the view of the seat to move
(:func:`waddle.core.analysis.meter_for`, the game's ``GAME.meter`` budget), and that
seat plays the search's move, so the games are the meter's strong play and cost no extra
search. Chance (a reshuffle) is drawn from the game's seed, as the app draws it. Each game
is a line of ``--results`` as it finishes, with the *raw* (uncalibrated) estimates, so a
calibration can be fitted and checked afterwards without playing again::

    {"kind": "calibration", "game": "htmf", "players": 2, "seed": 0, "iterations": null,
     "estimates": [[0, [0.52, 0.48]], [1, [0.55, 0.45]], ...], "wins": [1.0, 0.0],
     "scores": [41, 37], "cpu": 6.2}

(``estimates``: the ply and each seat's raw share; ``iterations`` null is the game's own
budget; ``wins`` by seat, ties split; ``actions``: the line's moves, as the record writes
them, chance outcomes and forced moves included; ``meter``: which way of estimating made
the figures, the game's ``Meter.method`` (:data:`~waddle.core.analysis.METHOD` unless
its meter changed since: Waddle Waddle's 3, half its search from the public view),
absent in lines of the first one.)

``--again FILE`` estimates the games of another file again with the current meter, move
for move as they were played, instead of playing new ones: so two ways of estimating are
compared on the same games, the same file holding both (a line's ``meter`` keeps them
apart).

The summary (:func:`print_summary`) pools every estimate of every seat: a calibration
table (predicted 0-10%, 10-20%, ... against how often that seat won, with counts), the
Brier score (mean squared error of each seat's estimate against its win share) beside the
fair-share baseline (``1/players`` for everyone), over all decisions and after the
opening (a game's first quarter of decisions), first with the game's current calibration
(``Meter.power``), then raw; and the power that would minimise the Brier score on these
games (:data:`POWERS`, tried in turn), which is how ``Meter.power`` is fitted.

``--noise FILE`` measures the meter's own noise instead (:mod:`waddle.bench.noise`).

Then, per player count, what a player sees over a game (:func:`opening_report`): each
seat's figure at the first decision (move 0, before anyone has chosen) against the fair
share and against how often that seat won these games (with its 95% interval), the
largest swing of a seat's figure between consecutive decisions, and the median swing in
the opening against later in the game (a meter that favours whoever is to move swings
with the seat to move, most in the opening, where the search's figures are least sure).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import TextIO

from waddle.bench.results import Line, append_line, existing_lines, game_key, grouped, span
from waddle.core.analysis import METHOD, Meter, calibrate, meter_for
from waddle.core.game import CHANCE, resolve_chance
from waddle.core.tournament import wilson
from waddle.games import GAMES

DEFAULT_GAMES = 12
"""Games per player count when ``--games`` is not given."""
OPENING = 0.25
"""The share of a game's decisions counted as its opening."""
BUCKETS = 10


def run(
    game: str,
    out: TextIO,
    players: Sequence[int] | None = None,
    games: int | None = None,
    seed: int = 0,
    iterations: int | None = None,
    processes: int = 1,
    results: str | Path | None = None,
    progress: TextIO | None = None,
    again: Sequence[Line] | None = None,
) -> None:
    """Play ``games`` games per player count (seeds from ``seed``), those ``results`` does
    not hold yet, and print the summary of them all. With ``again`` (the lines of another
    file), estimate those games again instead, their moves as they were played (the
    player counts and seeds asked for, of those that hold their moves)."""
    entry = GAMES.by_id(game)
    done = {
        game_key(line): line
        for line in existing_lines(results, game)
        if line["kind"] == "calibration"
    }
    counts = list(players or range(entry.players[0], entry.players[1] + 1))
    seeds = range(seed, seed + games) if games else None
    if again is not None:
        lines = [
            {**_line(game, line["players"], line["seed"], iterations), "again": line}
            for line in again
            if line["kind"] == "calibration"
            and line["game"] == game
            and "actions" in line
            and line["players"] in counts
            and (seeds is None or line["seed"] in seeds)
        ]
    else:
        # Seeds outer, player counts inner: a run stopped early has every player count.
        lines = [
            _line(game, n, s, iterations)
            for s in (seeds or range(seed, seed + DEFAULT_GAMES))
            for n in counts
        ]
    have = [done[game_key(line)] for line in lines if game_key(line) in done]
    todo = [line for line in lines if game_key(line) not in done]
    started = time.perf_counter()
    played = []
    for line in _play(todo, processes):
        append_line(results, line)
        played.append(line)
        if progress:
            print(
                f"  {line['players']} players, seed {line['seed']}: {len(have) + len(played)} "
                f"of {len(lines)} ({time.perf_counter() - started:.0f} s)",
                file=progress,
                flush=True,
            )
    kept = f", {len(have)} of them from {results}" if have else ""
    print(
        f"{entry.title}: {len(lines)} games{kept}: {len(played)} played in "
        f"{time.perf_counter() - started:.0f} s",
        file=out,
    )
    print_summary(have + played, out)


def _line(game: str, players: int, seed: int, iterations: int | None) -> Line:
    return {
        "kind": "calibration",
        "game": game,
        "players": players,
        "seed": seed,
        "iterations": iterations,
        "meter": getattr(GAMES.by_id(game).load().meter, "method", METHOD),
    }


def play_one(line: Line) -> Line:
    """One self-play game, its meter's raw estimate at every decision added to ``line``;
    with ``line["again"]`` (a line of another file), that game's moves as they were played
    instead of the meter's."""
    started = time.process_time()
    game = GAMES.by_id(line["game"]).load()
    seed = line["seed"]
    record = game.new_record(line["players"], seed)
    again = line.pop("again", None)
    moves = None
    if again is not None:
        data = record.to_json()
        data["actions"] = again["actions"]
        moves = iter(game.record_from_json(data).actions)
    state = record.start()
    estimates = []
    while not state.is_over():
        if state.to_move() == CHANCE:
            if moves is None:
                resolve_chance(state, seed)
            else:
                state.apply(next(moves))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:  # no decision: nothing to estimate, nothing to choose
            state.apply(legal[0] if moves is None else next(moves))
            continue
        meter = meter_for(game, state, state.to_move(), seed, line["iterations"])
        meter.advance()
        estimates.append([state.ply, [round(p, 4) for p in meter.raw()]])
        state.apply(meter.best() if moves is None else next(moves))
    winners = state.winners()
    wins = [1.0 / len(winners) if p in winners else 0.0 for p in range(state.num_players)]
    return {
        **line,
        "power": game.meter.power_for(line["players"]),
        "estimates": estimates,
        "wins": wins,
        "scores": list(state.scores()),
        "cpu": round(time.process_time() - started, 3),
        "actions": record.with_actions(state.history).to_json()["actions"],
    }


def _map(work, items: list[Line], processes: int) -> Iterator[Line]:
    if processes > 1 and len(items) > 1:
        with ProcessPoolExecutor(min(processes, len(items))) as pool:
            yield from pool.map(work, items)
    else:
        yield from map(work, items)


def _play(lines: list[Line], processes: int) -> Iterator[Line]:
    if processes > 1 and len(lines) > 1:
        with ProcessPoolExecutor(min(processes, len(lines))) as pool:
            yield from pool.map(play_one, lines)
    else:
        yield from map(play_one, lines)


# -- the summary -------------------------------------------------------------------------


def samples(
    lines: Sequence[Line], power: float | Meter = 1.0, after_opening: bool = False
) -> list[tuple[float, float, int]]:
    """Every ``(estimate, win share, players)`` of every seat at every decision, the
    estimates calibrated by ``power`` as the meter does (:func:`~waddle.core.analysis.
    calibrate`; 1: raw; a :class:`~waddle.core.analysis.Meter`: its power for each game's
    player count)."""
    out = []
    for line in lines:
        estimates = line["estimates"]
        skip = int(len(estimates) * OPENING) if after_opening else 0
        used = power.power_for(line["players"]) if isinstance(power, Meter) else power
        for _ply, shares in estimates[skip:]:
            for p, share in enumerate(calibrate(shares, used)):
                out.append((share, line["wins"][p], len(shares)))
    return out


def brier(rows: Sequence[tuple[float, float, int]], baseline: bool = False) -> float:
    """Mean squared error of the estimates against the win shares (``baseline``: of the
    fair share instead of the estimate).

    >>> brier([(1.0, 1.0, 2), (0.0, 0.0, 2)]), brier([(1.0, 1.0, 2)], baseline=True)
    (0.0, 0.25)
    """
    total = 0.0
    for p, won, n in rows:
        guess = 1.0 / n if baseline else p
        total += (guess - won) ** 2
    return total / len(rows) if rows else 0.0


POWERS = tuple(k / 4 for k in range(0, 17))
"""The calibration powers the fit tries: 0 to 4 in quarters (what :func:`~waddle.core.
analysis.power_of` computes exactly)."""


def fitted_power(lines: Sequence[Line], after_opening: bool = False) -> float:
    """The calibration power that minimises the Brier score of ``lines``' estimates.

    >>> said_90_won_70 = [{"estimates": [[0, [0.9, 0.1]]], "wins": [1.0, 0.0]}] * 7 + [
    ...     {"estimates": [[0, [0.9, 0.1]]], "wins": [0.0, 1.0]}] * 3
    >>> fitted_power(said_90_won_70)  # 0.9 and 0.1 to the power 0.5 -> 75% and 25%
    0.5
    """
    best, best_score = 1.0, math.inf
    for power in POWERS:
        score = brier(samples(lines, power, after_opening))
        if score < best_score - 1e-12:
            best, best_score = power, score
    return best


def table(rows: Sequence[tuple[float, float, int]]) -> list[tuple[int, float, float]]:
    """Per tenth of predicted chance: how many estimates, their mean and how often won."""
    count = [0] * BUCKETS
    said = [0.0] * BUCKETS
    won = [0.0] * BUCKETS
    for p, w, _n in rows:
        b = min(BUCKETS - 1, int(p * BUCKETS))
        count[b] += 1
        said[b] += p
        won[b] += w
    return [
        (count[b], said[b] / count[b] if count[b] else 0.0, won[b] / count[b] if count[b] else 0.0)
        for b in range(BUCKETS)
    ]


def print_summary(lines: Sequence[Line], out: TextIO) -> None:
    """The calibration of ``calibration`` lines (each game once), a block per game."""
    games = {game_key(line): line for line in lines if line["kind"] == "calibration"}
    balance = [line for line in lines if line["kind"] == "balance"]
    for group in grouped(
        games.values(), lambda line: (line["game"], line["iterations"], line.get("meter", 1))
    ):
        _print_game(group, out, balance)
    from waddle.bench.noise import print_noise  # it reads this module's helpers

    print_noise(lines, out)


def _print_game(lines: list[Line], out: TextIO, balance: Sequence[Line] = ()) -> None:
    first = lines[0]
    entry = GAMES.by_id(first["game"])
    meter = entry.load().meter
    counts = sorted({line["players"] for line in lines})
    cpu = sum(line.get("cpu", 0.0) for line in lines)
    decisions = sum(len(line["estimates"]) for line in lines)
    budget = first["iterations"] or f"the meter's ({meter.iterations} at 2 players)"
    print(
        f"\n{entry.title} calibration: {len(lines)} games ({', '.join(map(str, counts))} "
        f"players; seeds {span([line['seed'] for line in lines])}), {decisions} decisions, "
        f"iterations {budget}, meter {first.get('meter', 1)}; {cpu:.0f} s of processor "
        f"({cpu / max(1, decisions):.2f} s an estimate)",
        file=out,
    )
    powers = {n: shown_power(next(x for x in lines if x["players"] == n), meter) for n in counts}
    meter = Meter(meter.iterations, meter.power, powers)  # as the lines were shown
    calibrated = ", ".join(f"{powers[n]:g} at {n}" for n in counts)
    for label, used in ((f"calibrated (power {calibrated})", meter), ("raw (power 1)", 1.0)):
        if used == 1.0 and set(powers.values()) == {1.0}:
            continue
        every, late = samples(lines, used), samples(lines, used, after_opening=True)
        print(f"  {label}:", file=out)
        _print_table(every, out)
        for name, rows in (("all decisions", every), ("after the opening", late)):
            _print_brier(f"Brier, {name}", rows, out)
    print(
        f"  fitted power: {fitted_power(lines):g} (all decisions), "
        f"{fitted_power(lines, after_opening=True):g} (after the opening)",
        file=out,
    )
    if len(counts) > 1:
        for n in counts:
            some = [line for line in lines if line["players"] == n]
            late = samples(some, meter, after_opening=True)
            worst = max(
                ((abs(won - said), b) for b, (k, said, won) in enumerate(table(late)) if k >= 100),
                default=None,
            )
            where = f"{100 * worst[0]:.1f} points at {10 * worst[1]}%" if worst else "none"
            print(
                f"  {n} players ({len(some)} games), power {powers[n]:g}: fitted "
                f"{fitted_power(some):g} (all), {fitted_power(some, after_opening=True):g} "
                f"(after the opening); worst bucket of 100+ after the opening: {where}",
                file=out,
            )
            _print_brier("    Brier after the opening", late, out)
    for n in counts:
        some = [line for line in lines if line["players"] == n]
        selfplay = [b for b in balance if b["game"] == first["game"] and b["players"] == n]
        _print_opening(opening_report(some, powers[n], selfplay), n, out)
    out.flush()


def shown_power(line: Line, meter: Meter) -> float:
    """The calibration the page applied to ``line``'s raw figures: the power the line says
    it was estimated with, else (a line older than that) the game's current one."""
    return line.get("power", meter.power_for(line["players"]))


def swings(estimates: Sequence[Sequence[float]]) -> list[float]:
    """Between each pair of consecutive decisions, the largest change of a seat's figure.

    >>> [round(s, 2) for s in swings([[0.5, 0.5], [0.8, 0.2], [0.7, 0.3]])]
    [0.3, 0.1]
    """
    return [
        max(abs(b - a) for a, b in zip(before, after, strict=True))
        for before, after in pairwise(estimates)
    ]


def median(values: Sequence[float]) -> float:
    """The median (0 for none).

    >>> median([3, 1, 2]), median([1, 2, 3, 4]), median([])
    (2, 2.5, 0.0)
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


@dataclass(frozen=True)
class Opening:
    """What a player sees of the meter over the games of one player count
    (:func:`opening_report`)."""

    games: int
    move0: list[float]
    """Each seat's figure at the first decision, the mean over the games."""
    won: list[float]
    """How often each seat won the games (ties split)."""
    interval: list[tuple[float, float]]
    """The 95% Wilson interval of each seat's win rate."""
    largest_swing: float
    """The largest change of a seat's figure between consecutive decisions."""
    typical_largest: float
    """The median over the games of each game's largest swing."""
    opening_swing: float
    """The median swing between consecutive decisions in the opening."""
    later_swing: float
    """The median swing after the opening."""
    opening_drift: float
    """The mean change of the mover's figure over their own decision, in the opening: an
    honest forecast does not expect to change (a martingale), so a meter that favours
    whoever is to move shows it here as a fall, the mover's figure dropping once the next
    seat is to move."""
    later_drift: float
    """The same after the opening."""
    selfplay_games: int = 0
    """Games of the balance benchmark's self-play of this count, where given: thicker
    data on each seat's win rate than the calibration's own games."""
    selfplay: list[float] = field(default_factory=list)
    selfplay_interval: list[tuple[float, float]] = field(default_factory=list)

    @property
    def fair(self) -> float:
        return 1.0 / len(self.move0)

    def reference(self, seat: int, thin: float = 0.10) -> float:
        """What seat's move-0 figure should be: its win rate in self-play (the balance
        benchmark's games where given, else these games), or the fair share where the
        games are too few to tell (the interval is wider than ``thin`` either side and
        holds the fair share)."""
        won, (low, high) = (
            (self.selfplay[seat], self.selfplay_interval[seat])
            if self.selfplay
            else (self.won[seat], self.interval[seat])
        )
        if high - low > 2 * thin and low <= self.fair <= high:
            return self.fair
        return won


def opening_report(
    lines: Sequence[Line], power: float = 1.0, selfplay: Sequence[Line] = ()
) -> Opening:
    """The move-0 figures, win rates and swings of ``lines`` (games of one player count),
    their estimates calibrated by ``power`` as the page shows them; ``selfplay``: lines
    of the balance benchmark for the same count, the seats' win rates over more games."""
    players = len(lines[0]["wins"])
    move0 = [0.0] * players
    won = [0.0] * players
    every, opening, later, largest = [], [], [], []
    drift: tuple[list[float], list[float]] = ([], [])
    for line in lines:
        shown = [calibrate(shares, power) for _ply, shares in line["estimates"]]
        for p in range(players):
            move0[p] += shown[0][p] / len(lines)
            won[p] += line["wins"][p]
        steps = swings(shown)
        skip = int(len(shown) * OPENING)
        opening += steps[: max(0, skip - 1)] if skip > 1 else steps[:1]
        later += steps[skip:]
        every += steps
        largest.append(max(steps, default=0.0))
        movers = _movers(line)
        for k in range(len(shown) - 1):
            if movers is not None:
                mover = movers[k]
                drift[k >= skip].append(shown[k + 1][mover] - shown[k][mover])
    n = len(lines)
    return Opening(
        games=n,
        move0=move0,
        won=[w / n for w in won],
        interval=[wilson(w, n) for w in won],
        largest_swing=max(every, default=0.0),
        typical_largest=median(largest),
        opening_swing=median(opening),
        later_swing=median(later),
        opening_drift=sum(drift[0]) / len(drift[0]) if drift[0] else 0.0,
        later_drift=sum(drift[1]) / len(drift[1]) if drift[1] else 0.0,
        selfplay_games=len(selfplay),
        selfplay=[sum(b["wins"][p] for b in selfplay) / len(selfplay) for p in range(players)]
        if selfplay
        else [],
        selfplay_interval=[
            wilson(sum(b["wins"][p] for b in selfplay), len(selfplay)) for p in range(players)
        ]
        if selfplay
        else [],
    )


def _movers(line: Line) -> list[int] | None:
    """The seat to move at each decision of ``line`` (None: the line keeps no moves)."""
    if "actions" not in line:
        return None
    game = GAMES.by_id(line["game"]).load()
    record = game.new_record(line["players"], line["seed"])
    data = record.to_json()
    data["actions"] = line["actions"]
    state = record.start()
    movers = []
    decisions = {ply for ply, _shares in line["estimates"]}
    for action in game.record_from_json(data).actions:
        if state.ply in decisions:
            movers.append(state.to_move())
        state.apply(action)
    return movers


def _print_opening(report: Opening, players: int, out: TextIO) -> None:
    seats = " / ".join(f"{100 * p:.0f}" for p in report.move0)
    wins = " / ".join(
        f"{100 * w:.0f} [{100 * low:.0f}, {100 * high:.0f}]"
        for w, (low, high) in zip(report.won, report.interval, strict=True)
    )
    off = max(abs(report.move0[p] - report.reference(p)) for p in range(players))
    print(
        f"  {players} players ({report.games} games): move 0 says {seats}% (fair share "
        f"{100 * report.fair:.0f}%); the seats won {wins}%",
        file=out,
    )
    if report.selfplay:
        measured = " / ".join(
            f"{100 * w:.0f} [{100 * low:.0f}, {100 * high:.0f}]"
            for w, (low, high) in zip(report.selfplay, report.selfplay_interval, strict=True)
        )
        print(f"    in {report.selfplay_games} self-play games: {measured}%", file=out)
    reference = " / ".join(f"{100 * report.reference(p):.0f}" for p in range(players))
    print(
        f"    reference {reference}%: largest gap from it at move 0 {100 * off:.1f} points",
        file=out,
    )
    ratio = report.opening_swing / report.later_swing if report.later_swing else math.inf
    print(
        f"    swings between consecutive decisions: largest {100 * report.largest_swing:.0f} "
        f"points (median of each game's largest {100 * report.typical_largest:.0f}); "
        f"median {100 * report.opening_swing:.1f} in the opening, "
        f"{100 * report.later_swing:.1f} later ({ratio:.1f}x); the mover's own figure "
        f"changes by {100 * report.opening_drift:+.1f} points over their decision in the "
        f"opening, {100 * report.later_drift:+.1f} later",
        file=out,
    )


def _print_table(rows: Sequence[tuple[float, float, int]], out: TextIO) -> None:
    print(f"  {'predicted':>10} {'count':>6} {'mean said':>9} {'won':>6} {'off':>6}", file=out)
    for b, (n, said, won) in enumerate(table(rows)):
        if n:
            flag = (
                "  <-- 100+ samples, off by more than 10 points"
                if (n >= 100 and abs(won - said) > 0.10)
                else ""
            )
            print(
                f"  {10 * b:>3}-{10 * b + 10:>3}%  {n:>6} {said:>9.1%} {won:>6.1%} "
                f"{100 * (won - said):>+6.1f}{flag}",
                file=out,
            )


def _print_brier(name: str, rows: Sequence[tuple[float, float, int]], out: TextIO) -> None:
    meter, base = brier(rows), brier(rows, baseline=True)
    print(
        f"  {name}: {meter:.4f} against {base:.4f} for the fair share "
        f"({100 * (1 - meter / base) if base else 0:.0f}% better)",
        file=out,
    )


__all__ = [
    "POWERS",
    "Opening",
    "brier",
    "fitted_power",
    "opening_report",
    "play_one",
    "print_summary",
    "run",
    "samples",
    "swings",
]
