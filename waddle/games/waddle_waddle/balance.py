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

``python -m waddle bench balance --game waddle-waddle`` prints the report (a benchmark, not
a test), through the functions at the end of this module (:mod:`waddle.bench.balance`
says what they are); ``--option heroes=on`` adds what each hero's ability did
(:mod:`waddle.games.waddle_waddle.abilities`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TextIO

from waddle.core.bench import BenchOption, game_of_line, results_line, switch
from waddle.core.rng import Rng, derive_seed
from waddle.core.tournament import wilson
from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.ai import make_bot
from waddle.games.waddle_waddle.components import (
    BUILT_IN,
    ROOKERIES,
    Components,
    load_components,
)
from waddle.games.waddle_waddle.handicap import fit_handicap, hero_handicap
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
    watch: Callable[[Any, Action], None] | None = None,
) -> BalanceGame:
    """One self-play game of ``level`` bots, heroes dealt at random; ``watch`` is called
    with the state and each bot's action before it is applied."""
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
        action = bots[state.to_move()].choose(state)
        if watch is not None:
            watch(state, action)
        state.apply(action)
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


# -- python -m waddle bench balance --game waddle-waddle -----------------------------------

BALANCE_OPTIONS = (
    BenchOption("components", "a component set file (default: built in)", "FILE"),
    BenchOption("hero_handicap", "play with the hero handicap option (not a rule: handicap.py)"),
    BenchOption("heroes", "also count what each hero's ability added (abilities.py)"),
    BenchOption(
        "what_if",
        "change an ability, to measure it (never a rule): no-papi, no-katta, "
        "katta-own-species, katta-one-species",
        "NAME",
    ),
)
BALANCE_GAMES = 1000
"""Games per player count when ``--games`` does not say."""
BALANCE_SEATS = "seat 0 moves first in the first season; heroes dealt at random"
TOLERANCE = 5.0
"""Points of win share a seat or a hero may be from fair."""


def balance_setups(
    players: int, level: str, iterations: int | None, options: Mapping[str, str]
) -> list[dict[str, Any]]:
    """The one setup a player count plays: Standard games (two seasons, the two-player
    variant with two) on the component set, with the options asked."""
    from waddle.games.waddle_waddle.abilities import WHAT_IFS

    make_bot(level)  # an unknown level fails here, before any game
    path = options.get("components")
    setup: dict[str, Any] = {"level": level, "iterations": iterations}
    setup["components"] = _components(path).name if path else BUILT_IN.name
    if path:
        setup["components_file"] = path
    setup["hero_handicap"] = switch(options.get("hero_handicap"))
    if switch(options.get("heroes")):
        setup["heroes"] = True
    if options.get("what_if"):
        if options["what_if"] not in WHAT_IFS:
            raise ValueError(f"no what-if {options['what_if']!r} (known: {', '.join(WHAT_IFS)})")
        setup["what_if"] = options["what_if"]
    return [setup]


@cache
def _components(path: str) -> Components:
    return load_components(Path(path).read_text(encoding="utf-8"))[0]


def play_balance(players: int, seed: int, setup: Mapping[str, Any]) -> dict[str, Any]:
    """One self-play game of ``setup``: its seats' scores and wins, the rest of its
    :class:`BalanceGame` as its figures, and with ``heroes`` what each seat's ability did."""
    from waddle.games.waddle_waddle.abilities import AbilityCounts, what_if

    options = None
    if setup.get("hero_handicap"):
        options = Options.standard(players, hero_handicap=hero_handicap(players))
    counts = AbilityCounts(players) if setup.get("heroes") else None
    with what_if(setup.get("what_if")):
        game = play_balance_game(
            players,
            seed,
            setup["level"],
            _components(setup["components_file"]) if "components_file" in setup else BUILT_IN,
            options,
            setup["iterations"],
            counts,
        )
    line = results_line(game)
    if counts is not None:
        line["figures"]["abilities"] = counts.seats
    return line


def balance_game_of(line: Mapping[str, Any]) -> BalanceGame:
    """The :class:`BalanceGame` of a results line."""
    return game_of_line(BalanceGame, line)


def print_balance(
    players: int,
    setup: Mapping[str, Any],
    lines: Sequence[Mapping[str, Any]],
    out: TextIO,
    fit: bool = False,
) -> None:
    """Waddle Waddle's own figures of a group of games, after the seats' win shares: each
    hero's win rate, each rookery's nests, the goals; with ``fit`` the hero handicap that
    would bring the heroes closest to fair; with ``heroes`` what each ability added."""
    games = [balance_game_of(line) for line in lines]
    report = BalanceReport(players, games)
    rookeries = (
        _components(setup["components_file"]) if "components_file" in setup else BUILT_IN
    ).rookeries
    print("  hero                             games  win rate  95% CI", file=out)
    for h, played, rate, low, high in report.hero_rows():
        print(f"  {HEROES[h].name:<32} {played:5d}  {rate:8.3f}  [{low:.3f}, {high:.3f}]", file=out)
    print("  rookery                nests/game  waddles/game  sole leader/season", file=out)
    for r, nests, waddles, won in report.rookery_rows():
        print(f"  {rookeries[r].name:<22} {nests:10.1f}  {waddles:12.1f}  {won:18.2f}", file=out)
    if fit:
        rows = [(g.heroes, g.scores, g.nests, g.most_in_one) for g in games]
        table, shares = fit_handicap(rows, players)
        gap = max(abs(s - report.fair) for s in shares) * 100
        heroes = ", ".join(h.code for h in HEROES)
        print(
            f"  hero handicap fit (points at the final count, {heroes}): "
            f"{table} -> win rates {', '.join(f'{s:.3f}' for s in shares)}, "
            f"furthest from fair {gap:.1f} points",
            file=out,
        )
    seat, hero = report.worst_seat(), report.worst_hero()
    ok = seat <= TOLERANCE and hero <= TOLERANCE
    print(
        f"  furthest from fair: a seat {seat:.1f} points, a hero {hero:.1f} points "
        f"-> {'within' if ok else 'NOT within'} {TOLERANCE:g}",
        file=out,
    )
    if all("abilities" in line["figures"] for line in lines):
        _print_abilities(players, lines, out)


def _print_abilities(players: int, lines: Sequence[Mapping[str, Any]], out: TextIO) -> None:
    """Per hero: games, win rate, score, and what its ability did, per game."""
    from waddle.games.waddle_waddle.abilities import COUNTS

    totals = {
        h: dict.fromkeys(("games", "wins", "score", *COUNTS), 0.0) for h in range(len(HEROES))
    }
    for line in lines:
        for p, h in enumerate(line["figures"]["heroes"]):
            t = totals[h]
            t["games"] += 1
            t["wins"] += line["wins"][p]
            t["score"] += line["scores"][p]
            for key in COUNTS:
                t[key] += line["figures"]["abilities"][p][key]
    print(f"  what each ability did, per game (fair share {100 / players:.1f}%):", file=out)
    print(
        "  hero    games  win %  95% CI          score  waddles  nests  +nests  +points"
        "  off-rookery  refills  moves",
        file=out,
    )
    for h, t in totals.items():
        g = t["games"] or 1
        low, high = wilson(t["wins"], int(t["games"]))
        per = [t[k] / g for k in COUNTS]
        print(
            f"  {HEROES[h].code:<6} {int(t['games']):6d}  {100 * t['wins'] / g:5.1f}  "
            f"[{100 * low:4.1f}, {100 * high:4.1f}]  {t['score'] / g:6.1f}  "
            f"{per[0]:7.2f}  {per[1]:5.2f}  {per[2]:6.2f}  {per[3]:7.2f}  "
            f"{per[4]:11.2f}  {per[5]:7.2f}  {per[6]:5.2f}",
            file=out,
        )
