"""What a game's benchmark modules give ``python -m waddle bench`` (:mod:`waddle.bench`):
the random-games table of ``bench speed``, a bots goal (:class:`Goal`) and a balance
option (:class:`BenchOption`). Games import these; the shared machinery that plays and
summarises lives in :mod:`waddle.bench`, which finds a game's modules by its package.

The random-games table: a game gives how it plays random complete games and how it splits
their time; :func:`print_random_games` prints the table and returns its rows.

A benchmark, not a test: it prints figures. For each player count, a row: games per
second in one process by the wall clock (median of three runs) and by processor time
(what the process itself used: on a shared machine the wall clock also counts the
others), games per second in one process per core playing at once, actions per game,
µs per action and the split of one process's time between move generation, applying and
scoring, from a separately timed pass.

>>> import io
>>> def play(players, seconds, seed):  # a game that reports 1 game of 3 actions
...     return 1, 3, 0.5, 0.25
>>> def split(players, games):
...     return {"movegen": 1.0, "apply": 2.0, "scoring": 1.0, "actions": 3 * games}
>>> out = io.StringIO()
>>> rows = print_random_games("toy", [2], 0.1, 1, out, play, split, split_games_per_second=100)
>>> rows[0]["games_per_second_cpu"], rows[0]["split"]
(4.0, {'movegen': 25.0, 'apply': 50.0, 'scoring': 25.0})
>>> print(out.getvalue().splitlines()[0])
toy bench: random complete games, 0.1 s per figure, 1 cores
>>> out.getvalue().splitlines()[2].split()
['2', '2', '4', '2', '3.0', '50000.00', '25%', '50%', '25%']
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, fields
from functools import partial
from typing import Any, TextIO, TypeVar

from waddle.core.game import CHANCE
from waddle.core.rng import Rng

SpeedRow = dict[str, Any]
T = TypeVar("T")
"""One player count's figures of ``bench speed``, as a JSON object: ``players``,
``games_per_second`` (one process, wall clock), ``games_per_second_parallel`` and
``processes``, ``actions_per_game``, ``us_per_action``, and where the game measures them
``games_per_second_cpu`` and ``split`` (percent of the time in ``movegen``, ``apply``,
``scoring``). A game's ``bench.main`` returns one per player count."""


@dataclass(frozen=True)
class Goal:
    """A strength goal of a game's bots, for ``python -m waddle bench bots``: ``lineup``
    plays with seats rotated over boards, and the first level should win ``target``.

    A game's ``bench`` module names its goals in ``BOT_GOALS``:

    >>> two = Goal(2, ("hard", "medium"), 0.65)
    >>> two.lineup[0], two.describe()
    ('hard', 'hard wins at least 65% against medium')
    >>> Goal(4, ("hard", "medium"), 0.40).describe()
    "hard's win share is at least 40% against 3 medium"
    >>> Goal(2, ("hard", "uct"), None).describe()
    'hard against uct: measured, no goal'
    """

    players: int
    lineup: tuple[str, ...]
    """The level of each seat; the first is the one the goal is about, the last fills the
    seats the lineup does not name."""
    target: float | None
    """The least win share of the first level (ties split); None: measured, no goal."""
    games: int = 200
    """Games when ``--games`` does not say."""
    per: str = "move"
    """What a calibrated budget buys: ``move`` (one decision), or for a game whose turn is
    several decisions ``turn`` (the budget is then the turn's first decision's)."""
    per_game: int = 0
    """With ``per`` not ``move``: how many each seat has in a game (its processor time is
    reported per one of them)."""

    def describe(self) -> str:
        """The goal in words."""
        others = list(self.lineup[1:]) + [self.lineup[-1]] * (self.players - len(self.lineup))
        against = others[0] if len(others) == 1 else f"{len(others)} {others[0]}"
        if len(set(others)) > 1:
            against = " and ".join(others)
        if self.target is None:
            return f"{self.lineup[0]} against {against}: measured, no goal"
        if self.players == 2:
            return f"{self.lineup[0]} wins at least {self.target:.0%} against {against}"
        return f"{self.lineup[0]}'s win share is at least {self.target:.0%} against {against}"


@dataclass(frozen=True)
class BenchOption:
    """A game's own setting of ``python -m waddle bench balance``, given as
    ``--option KEY=VALUE`` (a tile set, a layout, a rule option to play with).

    >>> BenchOption("compensation", "play with the seat compensation option").usage
    'compensation=on'
    """

    key: str
    help: str
    value: str = "on"
    """What VALUE is, for the help: ``on`` for a switch, else a word such as ``FILE``."""

    @property
    def usage(self) -> str:
        return f"{self.key}={self.value}"


def switch(text: str | None) -> bool:
    """A switch's value from its text (``on``, ``yes``, ``1``, ``true``; None is off).

    >>> switch("on"), switch("off"), switch(None)
    (True, False, False)
    """
    if text is None:
        return False
    word = text.strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"a switch is on or off, not {text!r}")


PlayRandomGames = Callable[[int, float, int], tuple[int, int, float, float]]
"""``play(players, seconds, seed) -> (games, actions, wall seconds, processor seconds)``:
random complete games for about ``seconds``. A module-level function (it is sent to
other processes)."""

TimeSplit = Callable[[int, int], dict[str, float]]
"""``split(players, games) -> {"movegen": s, "apply": s, "scoring": s, "actions": n}``:
the seconds of each part over ``games`` random games, timed call by call."""


def _play(args: tuple[PlayRandomGames, int, float, int]) -> tuple[int, int, float, float]:
    """One process's share of the parallel figure."""
    play, players, seconds, seed = args
    return play(players, seconds, seed)


def print_random_games(
    name: str,
    players: Sequence[int],
    seconds: float,
    processes: int | None,
    out: TextIO,
    play: PlayRandomGames,
    split: TimeSplit,
    split_games_per_second: int,
) -> list[SpeedRow]:
    """Print the table for ``players`` to ``out`` and return its rows: ``seconds`` per
    figure, ``processes`` (default: one per core) at once for the parallel one. The split
    pass plays ``split_games_per_second`` games per second of ``seconds`` (at least 20): a
    game sets it to about its own speed."""
    processes = processes or os.cpu_count() or 1
    rows: list[SpeedRow] = []
    print(
        f"{name} bench: random complete games, {seconds:g} s per figure, {processes} cores",
        file=out,
    )
    print(
        f"{'players':>7} {'games/s 1 proc':>15} {'games/s cpu':>12} "
        f"{f'games/s {processes} proc':>15} {'actions/game':>12} {'µs/action':>9} "
        f"{'movegen':>8} {'apply':>6} {'scoring':>8}",
        file=out,
    )
    pool = ProcessPoolExecutor(processes) if processes > 1 else None
    try:
        for n in players:
            runs = [play(n, seconds / 3, seed) for seed in (1, 2, 3)]
            rate = statistics.median(g / wall for g, _, wall, _ in runs)
            cpu_rate = statistics.median(g / cpu for g, _, _, cpu in runs if cpu > 0)
            games = sum(r[0] for r in runs)
            actions = sum(r[1] for r in runs)
            if pool is None:
                parallel = rate
            else:
                jobs = [(play, n, seconds, s) for s in range(processes)]
                parallel = sum(g / wall for g, _, wall, _ in pool.map(_play, jobs))
            parts = split(n, max(20, int(split_games_per_second * seconds)))
            total = parts["movegen"] + parts["apply"] + parts["scoring"]
            per_action = (parts["movegen"] + parts["apply"]) / parts["actions"]
            print(
                f"{n:>7} {rate:>15.0f} {cpu_rate:>12.0f} {parallel:>15.0f} "
                f"{actions / games:>12.1f} {per_action * 1e6:>9.2f} "
                + " ".join(
                    f"{100 * parts[k] / total:>{w}.0f}%"
                    for k, w in (("movegen", 7), ("apply", 5), ("scoring", 7))
                ),
                file=out,
            )
            rows.append(
                {
                    "players": n,
                    "games_per_second": round(rate, 2),
                    "games_per_second_cpu": round(cpu_rate, 2),
                    "games_per_second_parallel": round(parallel, 2),
                    "processes": processes,
                    "actions_per_game": round(actions / games, 2),
                    "us_per_action": round(per_action * 1e6, 3),
                    "split": {
                        k: round(100 * parts[k] / total, 1) for k in ("movegen", "apply", "scoring")
                    },
                }
            )
    finally:
        if pool is not None:
            pool.shutdown()
    print(
        "\ngames/s cpu: games per second of this process's processor time (the wall clock on a"
        "\nshared machine also counts other processes); µs/action: move generation + apply,"
        "\ntimed call by call (timer cost included)",
        file=out,
    )
    return rows


StartGame = Callable[[int, int], Any]
"""``start(players, index) -> state``: the ``index``-th game of a game's random-games
bench, a state at its start (a module-level function that draws from a few setups built
once, so the figures are about playing, not about building boards)."""


def final_scores(state: Any) -> None:
    """What the random-games bench counts as scoring a finished game: its scores and its
    winners (after the tie-breaks)."""
    state.scores()
    state.winners()


def play_random_games(
    start: StartGame,
    players: int,
    seconds: float,
    seed: int = 1,
    score: Callable[[Any], Any] = final_scores,
) -> tuple[int, int, float, float]:
    """Random complete games from ``start`` for about ``seconds`` (a chance node draws from
    the game's ``sample_chance``): (games, actions, wall seconds, processor seconds). Given
    a game's ``start`` with :func:`functools.partial`, it is a :data:`PlayRandomGames`.

    >>> from waddle.core.nim import Nim
    >>> def nim(players, index): return Nim(players, 9)
    >>> games, actions, wall, cpu = play_random_games(nim, 2, 0.0)
    >>> games, 1 <= actions <= 9
    (1, True)
    """
    rng = Rng(seed)
    random = rng.random
    games = actions = 0
    start(players, 0)  # builds what the game caches (its boards) before the clock starts
    started, cpu_start = time.perf_counter(), time.process_time()
    deadline = started + seconds
    while True:
        state = start(players, games)
        while not state.is_over():
            if state.to_move() == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[int(random() * len(legal))])
            actions += 1
        score(state)
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return games, actions, now - started, time.process_time() - cpu_start


def time_split(
    start: StartGame,
    players: int,
    games: int,
    seed: int = 2,
    score: Callable[[Any], Any] = final_scores,
) -> dict[str, float]:
    """Seconds in move generation (``legal_actions``, or drawing a chance outcome),
    applying and scoring (``score``) over ``games`` random games from ``start``, timed
    call by call, and the number of actions taken: a :data:`TimeSplit` given a game's
    ``start``."""
    rng = Rng(seed)
    random = rng.random
    clock = time.perf_counter
    gen = app = scoring = 0.0
    actions = 0
    for g in range(games):
        state = start(players, g)
        while not state.is_over():
            t0 = clock()
            if state.to_move() == CHANCE:
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                action = legal[int(random() * len(legal))]
            t1 = clock()
            state.apply(action)
            t2 = clock()
            gen += t1 - t0
            app += t2 - t1
            actions += 1
        t0 = clock()
        score(state)
        scoring += clock() - t0
    return {"movegen": gen, "apply": app, "scoring": scoring, "actions": actions}


def random_games_bench(
    name: str, start: StartGame, split_games_per_second: int
) -> Callable[[list[int], float, int | None, TextIO], list[SpeedRow]]:
    """A game's ``bench.main`` (``bench speed``): :func:`print_random_games` of random games
    from ``start``, a module-level function of the game's ``bench.py``.

    >>> from waddle.core.nim import Nim
    >>> main = random_games_bench("nim", Nim, 1000)
    >>> import io; out = io.StringIO()
    >>> [row["players"] for row in main([2, 3], 0.03, 1, out)]
    [2, 3]
    """

    def main(players: list[int], seconds: float, processes: int | None, out: TextIO):
        play = partial(play_random_games, start)
        split = partial(time_split, start)
        return print_random_games(
            name, players, seconds, processes, out, play, split, split_games_per_second
        )

    return main


def results_line(game: Any, **extra: Any) -> dict[str, Any]:
    """A self-play game's line of ``bench balance`` results: the ``scores`` and ``wins`` of
    the game's dataclass of seat figures, every other field under ``figures`` (what
    :func:`game_of_line` reads back), then ``extra`` keys.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Seats:
    ...     scores: tuple
    ...     wins: tuple
    ...     order: tuple = ()
    >>> results_line(Seats((3, 1), (1.0, 0.0), (1, 0)))
    {'scores': (3, 1), 'wins': (1.0, 0.0), 'figures': {'order': (1, 0)}}
    """
    figures = asdict(game)
    scores, wins = figures.pop("scores"), figures.pop("wins")
    return {"scores": scores, "wins": wins, "figures": figures, **extra}


def figure_row(values: Iterable[float], fmt: str = "{:5.1f}") -> str:
    """Figures side by side, as a balance summary prints a figure per seat.

    >>> figure_row([1, 2.25])
    '  1.0   2.2'
    """
    return " ".join(fmt.format(v) for v in values)


def game_of_line(kind: type[T], line: Mapping[str, Any]) -> T:
    """The balance benchmark's dataclass ``kind`` (a game's seat figures) from a results
    line: ``scores`` and ``wins`` beside the other ``figures``, JSON lists back to tuples;
    a field the line lacks (written before it existed) keeps its default.

    >>> from dataclasses import asdict, dataclass, fields
    >>> @dataclass
    ... class Seats:
    ...     scores: tuple
    ...     wins: tuple
    ...     order: tuple = ()
    >>> game_of_line(Seats, {"scores": [3, 1], "wins": [0], "figures": {"order": [[1, 0]]}})
    Seats(scores=(3, 1), wins=(0,), order=((1, 0),))
    """
    figures = dict(line["figures"], scores=line["scores"], wins=line["wins"])
    return kind(**{f.name: _tuples(figures[f.name]) for f in fields(kind) if f.name in figures})


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def sample_positions(
    new_record: Callable[[int, int], Any],
    make_bot: Callable[..., Any],
    players: int,
    games: int,
    every: int,
    first_seed: int = 1000,
    choices_only: bool = True,
) -> list[Any]:
    """Every ``every``-th position of ``games`` games of the ``medium`` bot in every seat,
    on the records ``new_record(players, first_seed + k)`` (``choices_only``: only those
    with more than one legal action): what ``bench bots`` calibrates its budgets over."""
    positions = []
    for seed in range(games):
        state = new_record(players, first_seed + seed).start()
        bots = [make_bot("medium", seed=p) for p in range(players)]
        while not state.is_over():
            if state.ply % every == 0 and (not choices_only or len(state.legal_actions()) > 1):
                positions.append(state.clone())
            state.apply(bots[state.to_move()].choose(state))
    return positions


def search_speed(make_bot: Callable[..., Any], positions: Sequence[Any], iterations: int):
    """Iterations per second of processor and of wall time of ``make_bot("hard", …)``'s
    search over ``positions``: what the bots benchmark calibrates a budget from."""
    cpu = wall = 0.0
    done = 0
    for position in positions:
        search = make_bot("hard", seed=1, iterations=iterations).start(position)
        c0, w0 = time.process_time(), time.perf_counter()
        search.advance()
        cpu += time.process_time() - c0
        wall += time.perf_counter() - w0
        done += search.iterations
    return done / cpu, done / wall
