"""Why an action of Hey, That's My Fish! is illegal, in words for the player: a placement
off the 1-fish floes, a move off the straight lines, across a gap or a penguin.

:class:`Refusals` is one part of :class:`~.state.HtmfState`, mixed into it (see
:mod:`.queries`). Apart from the rules' hot path: :meth:`~.state.HtmfState.apply` checks
legality inline and asks here only to explain a rejection.
"""

from __future__ import annotations

from waddle.core import hexgrid
from waddle.core.hexgrid import Hex
from waddle.games.htmf.actions import Action


class Refusals:
    """:meth:`why_illegal` and the gap it names."""

    __slots__ = ()  # the fields are the state's

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` cannot be taken now, in words for the player; None if it is legal."""
        if self.mover < 0:
            return "the game is over"
        board = self.board
        dst = action.dst
        j = board.index.get(dst)
        to = f"{dst[0]},{dst[1]}"
        if action.src is None:
            if self.placed >= self.total_penguins:
                return "every penguin is on the ice: move one of yours instead"
            if j is None or self.taker[j] >= 0:
                return f"there is no floe at {to}"
            if self.at[j] >= 0:
                return f"floe {to} already has a penguin"
            if board.fish[j] != 1:
                return f"floe {to} has {board.fish[j]} fish: penguins are placed on 1-fish floes"
            return None
        src = action.src
        at = f"{src[0]},{src[1]}"
        if self.placed < self.total_penguins:
            return "penguins are still being placed: place one on an empty 1-fish floe"
        i = board.index.get(src)
        if i is None or self.at[i] < 0:
            return f"there is no penguin on {at}"
        owner = self.at[i] // self.per_player
        if owner != self.mover:
            return f"the penguin on {at} is player {owner}'s, not yours"
        if src == dst:
            return "a penguin must move at least one floe"
        line = None if j is None else board.lines[i].get(j)
        if line is None:
            if j is None or self.taker[j] >= 0:
                return f"there is no floe at {to}"
            gap = self._gap_between(src, dst)
            if gap is None:
                return f"{to} is not in a straight line from {at}"
            return f"the way from {at} to {to} crosses a gap at {gap[0]},{gap[1]}"
        d, k = line[0], line[1]
        for x in board.rays[i][d][: k + 1]:
            h = board.coords[x]
            where = f"{h[0]},{h[1]}"
            if self.taker[x] >= 0:
                if x == j:
                    return f"there is no floe at {to}"
                return f"the way from {at} to {to} crosses a gap at {where}"
            if self.at[x] >= 0:
                if x == j:
                    return f"floe {to} already has a penguin"
                return f"the way from {at} to {to} is blocked by a penguin on {where}"
        return None

    def _gap_between(self, src: Hex, dst: Hex) -> Hex | None:
        """The first place without a floe on the straight line from ``src`` to ``dst``
        (None if they are not in a straight line)."""
        n = hexgrid.distance(src, dst)
        for step in hexgrid.DIRECTIONS:
            h = src
            for _ in range(n):
                h = hexgrid.add(h, step)
            if h != dst:
                continue
            h = hexgrid.add(src, step)
            while h != dst:
                if not self.has_floe(h):
                    return h
                h = hexgrid.add(h, step)
        return None
