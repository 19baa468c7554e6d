"""End-of-game scoring: waddles and fishing pools (rulebook, "Game End & Scoring").

Pure functions over plain numbers, so the tables can be tested on their own and the state
only has to gather the counts.

>>> waddle_vp(7, players=4), waddle_vp(12, players=4), waddle_vp(9, players=2)
(28, 36, 45)
>>> pool_awards([3, 1, 0, 1], fish=(5, 2, 1), players=4)
[[5], [2], [], [2]]
>>> pool_awards([2, 2], fish=(4, 1), players=2)
[[4, 1], [4, 1]]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from waddle.core.hexgrid import Hex

WADDLE_CAP = 8
"""Penguins at which a waddle stops scoring more, with 3 to 5 players (36 VP)."""
WADDLE_CAP_TWO_PLAYERS = 10
"""The same with 2 players (55 VP) ("2 Player Scoring")."""


def waddle_vp(penguins: int, players: int) -> int:
    """VP of one waddle of ``penguins`` (a double counts 2): the triangular numbers, capped."""
    cap = WADDLE_CAP_TWO_PLAYERS if players == 2 else WADDLE_CAP
    n = min(penguins, cap)
    return n * (n + 1) // 2


def pool_awards(counts: list[int], fish: tuple[int, ...], players: int) -> list[list[int]]:
    """The fish each player scores from one pool.

    ``counts[p]`` is player p's penguins next to the pool (a double counts 2), ``fish`` the
    pool's fish values, best first. A player needs at least one penguin to score.

    3 to 5 players: in rank order each rank scores one fish, best first; players tied on a
    rank each score that same fish in full and the next rank takes the next-best fish;
    leftover fish are not scored. 2 players: the one with more penguins scores every fish;
    a tie scores every fish for both.
    """
    awards: list[list[int]] = [[] for _ in counts]
    if not fish:
        return awards
    if players == 2:
        best = max(counts)
        if best > 0:
            for p, c in enumerate(counts):
                if c == best:
                    awards[p] = list(fish)
        return awards
    ranks = sorted({c for c in counts if c > 0}, reverse=True)
    for rank, level in enumerate(ranks[: len(fish)]):
        for p, c in enumerate(counts):
            if c == level:
                awards[p] = [fish[rank]]
    return awards


@dataclass(frozen=True)
class Waddle:
    """One connected group of a player's penguins."""

    player: int
    hexes: tuple[Hex, ...]
    penguins: int
    vp: int

    def to_json(self) -> dict[str, Any]:
        return {"hexes": [list(h) for h in self.hexes], "penguins": self.penguins, "vp": self.vp}


@dataclass(frozen=True)
class PoolResult:
    """How one fishing pool was scored."""

    number: int | None
    """The lowest number among the pool's water hexes, or None for an unnumbered pool."""
    hexes: tuple[Hex, ...]
    fish: tuple[int, ...]
    counts: tuple[int, ...]
    """Penguins of each player next to the pool (doubles count 2)."""
    awards: tuple[tuple[int, ...], ...]
    """The fish each player scored here."""

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "hexes": [list(h) for h in self.hexes],
            "fish": list(self.fish),
            "counts": list(self.counts),
            "awards": [list(a) for a in self.awards],
        }


@dataclass(frozen=True)
class PlayerScore:
    """One player's total and where it came from."""

    player: int
    waddles: tuple[Waddle, ...] = field(default=())
    """Largest first."""
    pool_vp: int = 0
    bonus: int = 0
    """VP of the seat compensation option (0 without it)."""

    @property
    def waddle_vp(self) -> int:
        return sum(w.vp for w in self.waddles)

    @property
    def total(self) -> int:
        return self.waddle_vp + self.pool_vp + self.bonus

    def to_json(self) -> dict[str, Any]:
        out = {
            "total": self.total,
            "waddles": [w.penguins for w in self.waddles],
            "waddle_vp": self.waddle_vp,
            "pool_vp": self.pool_vp,
        }
        if self.bonus:
            out["bonus"] = self.bonus
        return out


@dataclass(frozen=True)
class Breakdown:
    """The full scoring of a position: per player, per waddle and per pool."""

    players: tuple[PlayerScore, ...]
    pools: tuple[PoolResult, ...]

    @property
    def totals(self) -> list[int]:
        return [p.total for p in self.players]

    @property
    def winners(self) -> list[int]:
        totals = self.totals
        top = max(totals)
        return [p for p, t in enumerate(totals) if t == top]
