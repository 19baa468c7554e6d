"""Questions about a position of Hey, That's My Fish! that the presenter, the board view,
the tutorial and the tests ask: where penguins stand and may go, which floes are left and
who took which, who is out.

:class:`PositionQueries` is one part of :class:`~.state.HtmfState`, mixed into it (as
Waddle Waddle's rules are: see :mod:`waddle.games.waddle_waddle.state`): its methods
read the state's fields through ``self``. None is on the hot path of play (``apply``,
``legal_actions``, ``undo`` and the scores stay in :mod:`.state`), so they live apart
from the speed machinery they only read.
"""

from __future__ import annotations

from waddle.core.hexgrid import Hex


class PositionQueries:
    """Where penguins stand and may go, the floes left and taken, who is out."""

    __slots__ = ()  # the fields are the state's

    def penguins_of(self, player: int) -> list[Hex]:
        """Where ``player``'s penguins on the board stand, in the order they were placed."""
        coords, pos = self.board.coords, self.pos
        return [coords[pos[s]] for s in self._slots(player) if pos[s] >= 0]

    def penguins(self) -> dict[Hex, int]:
        """Every penguin on the board: its floe and its player."""
        coords, per = self.board.coords, self.per_player
        return {coords[f]: s // per for s, f in enumerate(self.pos) if f >= 0}

    def penguin_at(self, h: Hex) -> int | None:
        """The player whose penguin stands on ``h``, or None."""
        i = self.board.index.get(h)
        if i is None or self.at[i] < 0:
            return None
        return self.at[i] // self.per_player

    def floes_left(self) -> dict[Hex, int]:
        """Every floe still on the board (with or without a penguin) and its fish."""
        board, taker = self.board, self.taker
        return {board.coords[i]: board.fish[i] for i in range(len(board)) if taker[i] < 0}

    def has_floe(self, h: Hex) -> bool:
        i = self.board.index.get(h)
        return i is not None and self.taker[i] < 0

    def taken_by(self, player: int) -> list[Hex]:
        """The floes ``player`` has taken off the board so far, in board order."""
        coords = self.board.coords
        return [coords[i] for i, p in enumerate(self.taker) if p == player]

    @property
    def taken_floes(self) -> list[int]:
        """How many floes each player has taken off the board so far."""
        return [self.taker.count(p) for p in range(self.players)]

    @property
    def reach(self) -> list[int]:
        """``reach[6 * slot + d]``: how far each penguin could slide in direction ``d``."""
        return [len(moves) for moves in self.ray_now]

    def is_out(self, player: int) -> bool:
        """Whether ``player`` takes no more turns (they could not move, or it is over)."""
        return self.out[player]

    def can_move(self, player: int) -> bool:
        """Whether any of ``player``'s penguins can move (in the movement phase)."""
        return any(self._listed(s) for s in self._slots(player) if self.pos[s] >= 0)

    def movable_penguins(self) -> list[Hex]:
        """The mover's penguins that can move now (none in the placement phase)."""
        if self.mover < 0 or self.placed < self.total_penguins:
            return []
        coords, pos = self.board.coords, self.pos
        return [coords[pos[s]] for s in self._slots(self.mover) if pos[s] >= 0 and self._listed(s)]

    def destinations(self, h: Hex) -> list[Hex]:
        """Where the penguin on ``h`` can move to now, direction by direction, nearest
        first (empty if no penguin of the player to move stands there)."""
        i = self.board.index.get(h)
        if i is None or self.mover < 0 or self.placed < self.total_penguins:
            return []
        slot = self.at[i]
        if slot < 0 or slot // self.per_player != self.mover:
            return []
        return [a.dst for a in self._listed(slot)]

    def placements(self) -> list[Hex]:
        """Where a penguin may be placed now (none after the placement phase)."""
        if self.mover < 0 or self.placed >= self.total_penguins:
            return []
        return [a.dst for a in self.legal_actions()]
