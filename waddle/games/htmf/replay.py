"""Replaying many actions of Hey, That's My Fish! at once (``Record.replay``, whatever the
record came from): :meth:`~.state.HtmfState.apply_all`, which checks and applies them as
:meth:`~.state.HtmfState.apply` would without keeping every penguin's moves on the way.

:class:`FastReplay` is one part of :class:`~.state.HtmfState`, mixed into it (see
:mod:`.queries`). A shortcut of its own, beside the one-action hot path in :mod:`.state`
that it must agree with: tests/test_htmf_properties.py checks that both end in the same
state and refuse the same action for the same reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from waddle.core.game import IllegalActionError
from waddle.games.htmf.actions import Action
from waddle.games.htmf.phases import NOBODY


class FastReplay:
    """:meth:`apply_all` and its turn pass."""

    __slots__ = ()  # the fields are the state's

    def apply_all(self, actions: Sequence[Action]) -> None:
        """Take ``actions`` in turn, as as many :meth:`apply` calls would, only faster: a
        move is checked by the floes it crosses and whether the next player can move by
        the floes next to their penguins, and every penguin's moves are found once, at
        the end (replaying a record never asks for them on the way).

        On an illegal action, raises ``IllegalActionError`` with its position in
        ``actions`` as ``.index``; the state is then where it was before that action.
        """
        board = self.board
        free, at, pos, taker, fish = self.free, self.at, self.pos, self.taker, board.fish
        place_index, move_index = board.place_index, board.move_index
        place_actions = board.place_actions
        history, taken_fish = self._history, self.taken_fish
        per, players, total = self.per_player, self.players, self.total_penguins
        advance = self._advance_by_neighbours
        out, neighbors = self.out, board.neighbors
        bad = None
        for n, action in enumerate(actions):
            mover = self.mover
            if action.src is None:
                j = place_index.get(action)
                placed = self.placed
                if j is None or mover < 0 or placed >= total or not free[j]:
                    bad = n
                    break
                slot = mover * per + placed // players
                free[j] = 0
                at[j] = slot
                pos[slot] = j
                self.placed = placed + 1
                if placed + 1 < total:
                    self.mover = mover + 1 if mover + 1 < players else 0
                    history.append((place_actions[j], -1, mover, None))
                else:
                    history.append((place_actions[j], -1, mover, advance(mover)))
                continue
            found = move_index.get(action)
            if found is None or mover < 0 or self.placed < total:
                bad = n
                break
            i, j, _, _, canonical, path = found
            slot = at[i]
            if slot < 0 or slot // per != mover:
                bad = n
                break
            for x in path:
                if not free[x]:
                    break
            else:
                at[i] = NOBODY
                taker[i] = mover
                taken_fish[mover] += fish[i]
                free[j] = 0
                at[j] = slot
                pos[slot] = j
                # The usual turn pass, inline: the next player is in and their first
                # penguin has a free floe next to it (else the full pass decides).
                p = mover + 1 if mover + 1 < players else 0
                if not out[p]:
                    f = pos[p * per]
                    if f >= 0:
                        for x in neighbors[f]:
                            if free[x]:
                                self.mover = p
                                history.append((canonical, i, mover, None))
                                break
                        else:
                            history.append((canonical, i, mover, advance(mover)))
                        continue
                history.append((canonical, i, mover, advance(mover)))
                continue
            bad = n
            break
        if self.placed == total:
            self._refresh_all()
        self._legal = None
        if bad is not None:
            error = IllegalActionError(self.why_illegal(actions[bad]) or "illegal action")
            error.index = bad  # type: ignore[attr-defined]
            raise error

    def _advance_by_neighbours(self, mover: int) -> list[tuple[int, list[int]]] | None:
        """:meth:`_advance` for :meth:`apply_all`: whether a player can move is whether a
        free floe is next to one of their penguins (their moves are not kept on the way)."""
        players, out, pos, free = self.players, self.out, self.pos, self.free
        neighbors, per = self.board.neighbors, self.per_player
        removed = None
        p = mover
        for _ in range(players):
            p = p + 1 if p + 1 < players else 0
            if out[p]:
                continue
            for s in range(p * per, p * per + per):
                f = pos[s]
                if f >= 0:
                    for x in neighbors[f]:
                        if free[x]:
                            self.mover = p
                            return removed
            if removed is None:
                removed = []
            removed.append((p, pos[p * per : p * per + per]))
            self._take_off(p)
        self.mover = NOBODY
        return removed
