"""The result of a game of Hey, That's My Fish!: each player's fish and floes
(:class:`PlayerResult`), the result panel's :class:`Breakdown`, and the tie-breaks
(:func:`rank`: the most fish, then the most floes, else a shared victory).

Pure data and a pure function over counts, apart from the state that gathers them
(:meth:`~.state.HtmfState.breakdown`), as Waddle's and Pebbles' ``scoring`` modules are:
the tie-breaks can be read and tested without the rules' machinery. :mod:`.state` and the
package re-export them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class PlayerResult:
    """What one player took (as if the game ended now, until it is over)."""

    player: int
    fish: int
    floes: int
    by_fish: tuple[int, ...]
    """How many of their floes had 1, 2 and 3 fish."""

    def to_json(self) -> dict[str, object]:
        return {"fish": self.fish, "floes": self.floes, "by_fish": list(self.by_fish)}


@dataclass(frozen=True)
class Breakdown:
    """The result panel: every player's fish and floes, the winners and what decided it."""

    players: tuple[PlayerResult, ...]
    winners: tuple[int, ...]
    decided_by: Literal["fish", "floes", "shared"]
    """``fish``: one player has the most fish; ``floes``: the most floes broke a tie on
    fish; ``shared``: players tied on both share the victory."""

    @property
    def scores(self) -> list[int]:
        return [p.fish for p in self.players]

    @property
    def floes(self) -> list[int]:
        return [p.floes for p in self.players]


def rank(fish: list[int], floes: list[int]) -> tuple[list[int], str]:
    """The winners by the tie-breaks, and what decided: ``fish``, ``floes`` or ``shared``.

    >>> rank([10, 12, 12], [5, 4, 6]), rank([9, 9], [4, 4])
    (([2], 'floes'), ([0, 1], 'shared'))
    """
    top = max(fish)
    tied = [p for p, f in enumerate(fish) if f == top]
    if len(tied) == 1:
        return tied, "fish"
    most = max(floes[p] for p in tied)
    best = [p for p in tied if floes[p] == most]
    return best, "floes" if len(best) == 1 else "shared"
