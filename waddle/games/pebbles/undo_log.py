"""The log of changes of a game of Pebbles, and undo: every change of the position goes
through :meth:`_set` or a log entry (the codes below), so :meth:`undo` replays an apply's
entries backwards and restores the turn's control fields (:meth:`_control`); a
determinized world keeps no log.

:class:`UndoLog` is one part of :class:`~.state.PebblesState`, mixed into it as Waddle
Waddle's rules are (see :mod:`waddle.games.waddle_waddle.state`): its methods read and
change the state's fields through ``self``, so it never imports :mod:`.state`. The codes
live here, beside the one method that reads them back; :mod:`.turn_rules` and
:meth:`~.state.PebblesState.apply` write them.
"""

from __future__ import annotations

from bisect import insort

from waddle.games.pebbles.actions import Action

# Undo log entries (each apply's changes, undone last first).
_SET, _HAND_ADD, _HAND_DEL, _ROW, _DECK_POP, _TRICK_ADD, _ROUND, _RESHUFFLE = range(8)
# Arrays an _SET names.
_PEN, _SUPPLY, _PEBBLES, _FISH, _LOVE, _BANK = range(6)


class UndoLog:
    """Logging a change (``_set``), the control fields saved per apply, and ``undo``."""

    __slots__ = ()  # the fields are the state's

    def _set(self, code: int, array: list[int], i: int, value: int) -> None:
        log = self._log
        if log is not None:
            log.append((_SET, code, i, array[i]))
        array[i] = value

    def _control(self) -> tuple:
        return (
            self.round,
            self.lead,
            self.turn,
            self.current,
            self.step,
            self.card,
            self.done,
            self.mv_tile,
            self.mv_owner,
            self.mv_free,
            self.mv_stop,
            self.ctx,
            self.sc_moved,
            self.push_tile,
            self.push_queue,
            self.push_i,
            self.public,
        )

    def _restore(self, c: tuple) -> None:
        (
            self.round,
            self.lead,
            self.turn,
            self.current,
            self.step,
            self.card,
            self.done,
            self.mv_tile,
            self.mv_owner,
            self.mv_free,
            self.mv_stop,
            self.ctx,
            self.sc_moved,
            self.push_tile,
            self.push_queue,
            self.push_i,
            self.public,
        ) = c

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self._actions:
            raise IndexError("nothing to undo")
        if self._undo is None:
            raise ValueError("a determinized world keeps no undo information")
        control, log = self._undo.pop()
        arrays = (self.pen, self.supply, self.pebbles, self.fish, self.love, self.bank)
        for entry in reversed(log):
            op = entry[0]
            if op == _SET:
                arrays[entry[1]][entry[2]] = entry[3]
            elif op == _HAND_ADD:
                self.hands[entry[1]].remove(entry[2])
            elif op == _HAND_DEL:
                insort(self.hands[entry[1]], entry[2])
            elif op == _ROW:
                self.row[entry[1]] = entry[2]
            elif op == _DECK_POP:
                self.deck.append(entry[1])
            elif op == _TRICK_ADD:
                self.trick.pop()
            elif op == _ROUND:
                del self.discards[entry[2] :]
                self.trick[:] = entry[1]
            elif op == _RESHUFFLE:
                self.deck.clear()
                self.discards[:] = entry[1]
        self._restore(control)
        self._legal = None
        return self._actions.pop()
