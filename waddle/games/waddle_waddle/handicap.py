"""The hero handicap option: Conservation Points at the final count for the weaker heroes.

**Not a rule of Waddle Waddle.** The rulebook's six heroes are not equally strong: in
self-play of the project's bots, heroes dealt at random, Katta (Chinstrap) wins 72% of
two-player games and Davis (Macaroni) 59%, while Papi (Magellanic) wins 40% (fair: 50%);
switched off, Katta's ability leaves her at 35%, so the gap is the ability's, not the
project's component set's (the README's "seats and heroes" note has the figures and
what was tried). The rules of the game stay exactly the rulebook's, so the app offers
the remedy board games have long used for an uneven start (komi in Go) as an option, off
by default: at the end of the game each player adds their hero's handicap to their score.
A game with it says so in its record (``"options": {"hero_handicap": [...]}``, the points
per hero), its share link (``ww2.``), its rules page and its score panel, which shows the
points apart.

The table gives each hero's points by player count, in :data:`.heroes.HEROES` order. It
is the fit of ``python -m waddle bench balance --game waddle-waddle --fit`` to medium
self-play (4000 games per count, heroes dealt at random, setup seeds 0-3999) and was
checked by self-play with the option on, on other setups (``--option hero_handicap=on
--seed 10000``,
2000 games per count: every hero within 4.9 points of fair at 2 players, 1.2 at 6; the
README has the tables). A
record stores the points it was played with, so changing the table later never changes
an old game.

>>> from waddle.games.waddle_waddle.heroes import KATTA
>>> hero_handicap(2)[KATTA]
0
>>> game = ((0, 1), (10, 12), (5, 5), (2, 2))  # by seat: heroes, scores, nests, most
>>> win_shares([game], (0, 0, 0, 0, 0, 0))[:2], win_shares([game], (3, 0, 0, 0, 0, 0))[:2]
([0.0, 1.0], [1.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Sequence

from waddle.games.waddle_waddle.heroes import HEROES

MOST = 40
"""The largest handicap a hero may have, in a record or a link."""

HERO_VP: dict[int, tuple[int, ...]] = {
    2: (27, 29, 24, 12, 0, 32),
    3: (10, 13, 11, 0, 0, 11),
    4: (7, 8, 8, 0, 0, 7),
    5: (4, 7, 6, 0, 0, 6),
    6: (5, 6, 6, 0, 0, 5),
}
"""Points each hero adds at the final count (Dee, Papi, Dyan, Davis, Katta, Lynch), by
player count."""

GameRow = tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]]
"""One finished game, by seat: heroes, scores, nests, most nests at one rookery."""


def hero_handicap(players: int) -> tuple[int, ...]:
    """The option's points for each hero in a ``players`` game."""
    return HERO_VP[players]


def check_handicap(vp: Sequence[int]) -> tuple[int, ...]:
    """``vp`` as a table of points per hero; ``ValueError`` if it is not one."""
    if (
        not isinstance(vp, (list, tuple))
        or len(vp) != len(HEROES)
        or any(type(v) is not int or not 0 <= v <= MOST for v in vp)
    ):
        raise ValueError(
            f'"hero_handicap" must give each of the {len(HEROES)} heroes 0 to {MOST} points'
        )
    return tuple(vp)


def winners_with(row: GameRow, vp: Sequence[int]) -> list[int]:
    """The seats that win ``row`` with the handicap ``vp`` added (the rulebook's
    tie-breaks: most nests, then most nests at one rookery, then shared)."""
    heroes, scores, nests, most = row
    keys = [
        (scores[p] + (vp[heroes[p]] if heroes[p] >= 0 else 0), nests[p], most[p])
        for p in range(len(scores))
    ]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


def win_shares(games: Sequence[GameRow], vp: Sequence[int]) -> list[float]:
    """Each hero's win rate over the games it played, with the handicap ``vp``."""
    played = [0] * len(HEROES)
    wins = [0.0] * len(HEROES)
    for row in games:
        won = winners_with(row, vp)
        for p, h in enumerate(row[0]):
            if h >= 0:
                played[h] += 1
                if p in won:
                    wins[h] += 1 / len(won)
    return [w / n if n else 0.0 for w, n in zip(wins, played, strict=True)]


def fit_handicap(
    games: Sequence[GameRow], players: int, most: int = MOST
) -> tuple[tuple[int, ...], list[float]]:
    """The handicap (0 to ``most`` points a hero, 0 for the strongest) that brings the
    heroes' win rates in these games closest to fair: the smallest largest gap from
    ``1/players``, then the smallest sum of squared gaps.

    A coordinate search (one hero's points at a time, until no single change helps),
    started from nothing. An estimate from games played without the option, where no bot
    played for the points; a table is checked by self-play with it on.

    >>> rows = [((0, 1), (20, 10), (5, 5), (2, 2)), ((1, 0), (9, 12), (5, 5), (2, 2))]
    >>> table, rates = fit_handicap(rows, 2, most=10)
    >>> table[:2], rates[:2]
    ((0, 4), [0.5, 0.5])
    """
    fair = 1 / players

    def cost(vp: Sequence[int]) -> tuple[float, float]:
        shares = win_shares(games, vp)
        gaps = [abs(s - fair) for s in shares]
        return round(max(gaps), 9), round(sum(g * g for g in gaps), 12)

    vp = [0] * len(HEROES)
    best = cost(vp)
    improved = True
    while improved:
        improved = False
        for h in range(len(HEROES)):
            for value in range(most + 1):
                if value == vp[h]:
                    continue
                trial = [*vp[:h], value, *vp[h + 1 :]]
                c = cost(trial)
                if c < best:
                    best, vp, improved = c, trial, True
    low = min(vp)  # the same points for everyone change nothing
    table = tuple(v - low for v in vp)
    return table, win_shares(games, table)


__all__ = [
    "HERO_VP",
    "MOST",
    "check_handicap",
    "fit_handicap",
    "hero_handicap",
    "win_shares",
    "winners_with",
]
