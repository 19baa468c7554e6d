"""Control and scoring (rulebook: "Controlling Tiles", "Controlling Territories", "Ending the
Game"): pure functions over plain counts, so the state only gathers them.

- A tile is controlled by the players with the most penguins on it (at least one); all
  tied players control it.
- A territory is controlled by the players who control the most of its tiles (at least
  one); all tied players control it.
- At the end each player scores the pebbles on the tiles they control, the VP token of
  every territory they control, one point per love token and one per two fish tokens.
  Ties for control give every tied player the full points.
- The most points wins; among those tied, the most love tokens; then the most pebbles on
  controlled tiles; players still tied share the victory.

>>> tile_controllers([2, 0, 2]), tile_controllers([0, 0, 0]), tile_controllers([1, 3, 0])
((0, 2), (), (1,))
>>> rank([12, 12, 9], love=[3, 3, 4], pebbles=[5, 7, 2])
([1], 'pebbles')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

DecidedBy = Literal["score", "love", "pebbles", "shared"]


def tile_controllers(counts: Sequence[int]) -> tuple[int, ...]:
    """The players with the most penguins among ``counts`` (one per player); none if empty."""
    top = max(counts)
    if not top:
        return ()
    return tuple(p for p, c in enumerate(counts) if c == top)


def control(
    pen: Sequence[int], players: int, members: Sequence[Sequence[int]]
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Who controls each tile and each territory now.

    ``pen[t * players + p]`` is player ``p``'s penguins on tile ``t``; ``members`` lists
    each territory's tiles.

    >>> control([1, 0, 1, 1, 0, 2], 2, [(0, 1), (2,)])
    ([(0,), (0, 1), (1,)], [(0,), (1,)])
    """
    tiles = []
    for t in range(0, len(pen), players):
        tiles.append(tile_controllers(pen[t : t + players]))
    territories = []
    for group in members:
        held = [0] * players
        for t in group:
            for p in tiles[t]:
                held[p] += 1
        territories.append(tile_controllers(held))
    return tiles, territories


@dataclass(frozen=True)
class PlayerScore:
    """One player's points, line by line (as if the game ended now, until it is over)."""

    pebbles: int
    """Pebbles on the tiles this player controls."""
    territories: int
    """VP of the territories this player controls."""
    love: int
    """Love tokens (one point each)."""
    fish: int
    """Points for fish tokens: one per two."""
    fish_tokens: int
    tiles: tuple[int, ...]
    """The numbers of the tiles this player controls."""
    territory_names: tuple[str, ...]
    """The territories this player controls."""

    @property
    def total(self) -> int:
        return self.pebbles + self.territories + self.love + self.fish

    def to_json(self) -> dict[str, object]:
        return {
            "total": self.total,
            "pebbles": self.pebbles,
            "territories": self.territories,
            "love": self.love,
            "fish": self.fish,
            "fish_tokens": self.fish_tokens,
            "tiles": list(self.tiles),
            "territory_names": list(self.territory_names),
        }


@dataclass(frozen=True)
class Breakdown:
    """The result panel: every player's lines, the winners and what decided it."""

    players: tuple[PlayerScore, ...]
    winners: tuple[int, ...]
    decided_by: DecidedBy
    """``score``: one player has the most points; ``love``: love tokens broke a tie;
    ``pebbles``: pebbles controlled broke it; ``shared``: still tied, a shared win."""

    @property
    def totals(self) -> list[int]:
        return [p.total for p in self.players]

    def to_json(self) -> dict[str, object]:
        return {
            "players": [p.to_json() for p in self.players],
            "winners": list(self.winners),
            "decided_by": self.decided_by,
        }


def rank(
    totals: Sequence[int], love: Sequence[int], pebbles: Sequence[int]
) -> tuple[list[int], DecidedBy]:
    """The winners by the tie-breaks, and what decided.

    >>> rank([10, 8], [2, 5], [3, 3]), rank([9, 9], [2, 2], [4, 4])
    (([0], 'score'), ([0, 1], 'shared'))
    """
    best = list(range(len(totals)))
    for key, reason in ((totals, "score"), (love, "love"), (pebbles, "pebbles")):
        top = max(key[p] for p in best)
        best = [p for p in best if key[p] == top]
        if len(best) == 1:
            return best, reason  # type: ignore[return-value]
    return best, "shared"
