"""The rules of a turn of Pebbles, one piece each: a card played into the trick, a penguin
placed, a move step by step (free steps, then a fish token a step), Scurry and Push, fishing
and the row refilled, the reshuffle, the next action, the end of a turn and of a round
(the trick's winner takes a love token and leads).

Every change of the position goes through the state's log (``_set`` and the log codes of
:mod:`.steps`), so undo can replay it backwards.

:class:`TurnRules` is one part of :class:`~.state.PebblesState`, mixed into it as Waddle
Waddle's rules are (see :mod:`waddle.games.waddle_waddle.state`): its methods read and
change the state's fields and call the other parts through ``self``, so it never imports
:mod:`.state`, and a step costs no extra call.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence

from waddle.games.pebbles.cards import CARDS, SUIT_OF
from waddle.games.pebbles.observation import NOBODY
from waddle.games.pebbles.steps import (
    B_FISH,
    B_LOVE,
    CHANCE_STEP,
    CHOOSE,
    CTX_PUSH,
    CTX_SCURRY1,
    DID_FISH,
    MOVE,
    OVER,
    PLAY_STEP,
    ROW,
    SCURRY_AGAIN,
)
from waddle.games.pebbles.undo_log import (
    _BANK,
    _DECK_POP,
    _FISH,
    _HAND_ADD,
    _HAND_DEL,
    _LOVE,
    _PEN,
    _RESHUFFLE,
    _ROUND,
    _ROW,
    _SUPPLY,
    _TRICK_ADD,
)


class TurnRules:
    """The pieces :meth:`~.state.PebblesState.apply` calls, and the turn's flow."""

    __slots__ = ()  # the fields are the state's

    def _play(self, card: int) -> None:
        p = self.current
        self.hands[p].remove(card)
        self.trick.append(card)
        if self._log is not None:
            self._log.append((_HAND_DEL, p, card))
            self._log.append((_TRICK_ADD,))
        self.public |= 1 << card
        self.card = card
        self.done = 0
        self._after_action()

    def _place(self, i: int, did: int, ctx: int) -> None:
        p = self.current
        self.done |= did
        self._set(_SUPPLY, self.supply, p, self.supply[p] - 1)
        k = i * self.players + p
        self._set(_PEN, self.pen, k, self.pen[k] + 1)
        self.ctx = ctx
        self._start_move(i, p, 0, True)
        self._continue_move()

    def _start_move(self, i: int, owner: int, free: int, may_stop: bool) -> None:
        self.mv_tile = i
        self.mv_owner = owner
        self.mv_free = free
        self.mv_stop = may_stop

    def _step(self, j: int) -> None:
        n = self.players
        owner = self.mv_owner
        if self.mv_free > 0:
            self.mv_free -= 1
        else:  # a fish step, paid by the player whose turn it is
            p = self.current
            self._set(_FISH, self.fish, p, self.fish[p] - 1)
            self._set(_BANK, self.bank, B_FISH, self.bank[B_FISH] + 1)
        a = self.mv_tile * n + owner
        b = j * n + owner
        self._set(_PEN, self.pen, a, self.pen[a] - 1)
        self._set(_PEN, self.pen, b, self.pen[b] + 1)
        self.mv_tile = j
        self.mv_stop = True
        self._continue_move()

    def _continue_move(self) -> None:
        """Stay in the move while there is a choice; end it when there is none."""
        if not self.layout.neighbours[self.mv_tile] or (
            self.mv_free == 0 and not self.fish[self.current]
        ):
            self._end_move()
        else:
            self.step = MOVE

    def _end_move(self) -> None:
        ctx = self.ctx
        moved = self.mv_tile
        self.mv_tile = self.mv_owner = self.mv_free = -1
        self.mv_stop = False
        if ctx == CTX_PUSH:
            self.push_i += 1
            self._next_push()
        elif ctx == CTX_SCURRY1 and self._scurry_sources(moved):
            self.sc_moved = moved
            self.step = SCURRY_AGAIN
        else:
            self._after_action()

    def _next_push(self) -> None:
        """The next pushed penguin (0 or 1 free step, then fish steps), or the power ends."""
        queue = self.push_queue
        while self.push_i < len(queue):
            if self.layout.neighbours[self.push_tile]:
                self._start_move(self.push_tile, queue[self.push_i], 1, True)
                self.step = MOVE
                return
            self.push_i += 1
        self._after_action()

    def _fish(self, card: int) -> None:
        p = self.current
        self.done |= DID_FISH
        slot = self.row.index(card)
        log = self._log
        self.row[slot] = -1
        insort(self.hands[p], card)
        if log is not None:
            log.append((_ROW, slot, card))
            log.append((_HAND_ADD, p, card))
        if self.bank[B_FISH]:
            self._set(_BANK, self.bank, B_FISH, self.bank[B_FISH] - 1)
            self._set(_FISH, self.fish, p, self.fish[p] + 1)
        self._fill_row()
        if not self.deck and self.discards:
            self.step = CHANCE_STEP
        else:
            self._after_action()

    def _fill_row(self) -> None:
        """Empty places of the row take the top cards of the deck while it has any."""
        row, deck, log = self.row, self.deck, self._log
        for slot in range(ROW):
            if row[slot] < 0 and deck:
                card = deck.pop()
                row[slot] = card
                self.public |= 1 << card
                if log is not None:
                    log.append((_DECK_POP, card))
                    log.append((_ROW, slot, -1))

    def _reshuffle(self, order: Sequence[int]) -> None:
        if self._log is not None:
            self._log.append((_RESHUFFLE, tuple(self.discards)))
        self.deck[:] = [CARDS[c] for c in reversed(order)]
        self.discards.clear()
        self._fill_row()
        self._after_action()

    def _after_action(self) -> None:
        """A card or an action is finished: the next action, or the turn is over."""
        if self.done.bit_count() < 2:
            self.step = CHOOSE
            if self._choices():
                return
        self._end_turn()

    def _end_turn(self) -> None:
        self.card = -1
        self.done = 0
        self.sc_moved = -1
        self.push_tile = -1
        self.push_queue = ()
        self.push_i = 0
        self.turn += 1
        if self.turn == self.players:
            self._end_round()
        else:
            self.current = (self.lead + self.turn) % self.players
            self.step = PLAY_STEP

    def _end_round(self) -> None:
        """The trick goes to the highest card of the led suit; its player takes a love
        token and leads the next round (rulebook, "Ending a Round")."""
        trick = self.trick
        led = SUIT_OF[trick[0]]
        best = 0
        for k in range(1, len(trick)):
            c = trick[k]
            if SUIT_OF[c] == led and c > trick[best]:
                best = k
        winner = (self.lead + best) % self.players
        self._set(_LOVE, self.love, winner, self.love[winner] + 1)
        self._set(_BANK, self.bank, B_LOVE, self.bank[B_LOVE] - 1)
        if self._log is not None:
            self._log.append((_ROUND, tuple(trick), len(self.discards)))
        self.discards.extend(trick)
        trick.clear()
        self.lead = winner
        self.round += 1
        self.turn = 0
        if self.bank[B_LOVE] == 0:
            self.step = OVER
            self.current = NOBODY
        else:
            self.current = winner
            self.step = PLAY_STEP
