"""The seat compensation option: VP for the later seats of the starting order.

**Not a rule of Waddle.** The rulebook has no compensation: the first player simply goes
first. Self-play of the project's bots shows the seats of the starting order faring
unevenly with 3 to 5 players, which the project's tile sets narrow but do not close (on
set 3, the current one, the last of three seats wins 28% of hard self-play games and the
last of five 11%; docs/benchmarks.md has the figures), so the app offers this
remedy, the one board games have long used for a first-mover advantage (komi in Go): each
seat after the first starts the final count with a few VP. It is off by default; a game
with it says so in its record (``"compensation"``), its share link (``w2.``) and its rules
page, and the result panel shows the VP apart.

The table gives each seat of the starting order its VP, by player count, for tile set 3.
Each entry was fitted with ``python -m waddle bench balance --fit`` (see
:func:`fit_compensation`) to 400 hard self-play games (300 iterations a move, seeds
0-399), then checked by 400 games played with it on, on maps the fit had not seen (seeds
2000-2399):

- 2 players, (0, 0): the seats are even without it (50.6 / 49.4%), so it adds nothing.
- 3 players, (0, 0, 1): with it on, 36.2 / 33.7 / 30.1% (without, 35.7 / 36.0 / 28.3%).
- 4 players, (0, 1, 1, 2): with it on, 26.8 / 26.0 / 24.1 / 23.2%.
- 5 players, (0, 0, 1, 1, 2): with it on, 24.1 / 23.9 / 18.5 / 18.9 / 14.5% (without,
  26.1 / 25.4 / 19.0 / 18.7 / 10.7%); (0, 0, 1, 1, 3), checked on seeds 3000-3399, left
  the fourth seat at 12.7%.

On set 2 the same method gave (0, 0, 2), (0, 0, 1, 2) and (0, 0, 1, 2, 2) for 3 to 5 players.
A record stores the VP it was played with, so changing the table never changes an old game.

>>> seat_compensation(4)
(0, 1, 1, 2)
>>> from waddle.games.waddle.record import new_record
>>> record = new_record(4, seed=4, compensation=seat_compensation(4))
>>> record.start().scores()[record.order[3]]
2
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

SEAT_VP: dict[int, tuple[int, ...]] = {
    2: (0, 0),
    3: (0, 0, 1),
    4: (0, 1, 1, 2),
    5: (0, 0, 1, 1, 2),
}
"""VP added to each seat's final score (seat 0 moves first), by player count."""


def seat_compensation(players: int) -> tuple[int, ...]:
    """The option's VP for each seat of a ``players`` game, first mover first."""
    return SEAT_VP[players]


def win_shares(scores: Sequence[Sequence[int]], compensation: Sequence[int]) -> list[float]:
    """Each seat's share of the wins (ties split) if ``compensation`` were added to the
    final ``scores`` (one row per game, by seat).

    >>> win_shares([[10, 8], [7, 9]], [0, 2])
    [0.25, 0.75]
    """
    seats = len(compensation)
    wins = [0.0] * seats
    for row in scores:
        totals = [row[s] + compensation[s] for s in range(seats)]
        top = max(totals)
        winners = [s for s in range(seats) if totals[s] == top]
        for s in winners:
            wins[s] += 1 / len(winners)
    return [w / len(scores) for w in wins] if scores else wins


def fit_compensation(
    scores: Sequence[Sequence[int]], players: int, most: int = 8
) -> tuple[tuple[int, ...], list[float]]:
    """The compensation (from 0 to ``most`` VP a seat, 0 for at least one seat) that brings
    the win shares of these games' ``scores`` (by seat) closest to fair: the smallest
    largest gap from ``1/players``, then the fewest VP in all.

    ``scores`` are what the board gave (:attr:`SeatGame.board_scores`, the VP of a game
    played with the option taken off). An estimate: with the option on, the bots know the
    compensation and play for it, so a table is checked by self-play with it on.

    >>> fit_compensation([[10, 8], [7, 9], [12, 9], [9, 9]], 2)
    ((0, 1), [0.5, 0.5])
    """
    fair = 1 / players
    best: tuple[float, int, tuple[int, ...], list[float]] | None = None
    for table in product(range(most + 1), repeat=players):
        if min(table) != 0:
            continue
        shares = win_shares(scores, table)
        key = (round(max(abs(s - fair) for s in shares), 9), sum(table))
        if best is None or key < best[:2]:
            best = (*key, table, shares)
    assert best is not None
    return best[2], best[3]
