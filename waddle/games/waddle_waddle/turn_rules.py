"""A player's turn in Waddle Waddle: the ice floe refilled at its start, the hero pick
before the first season, the actions on the ice floe and the hand (draft, exchange, fishing
trip, refill, pass) with their second decisions, the cards moving between the deck, the
ice floe and the hands, and the end of an action and of the turn.

Playing waddles (:mod:`.waddle_rules`), threats (:mod:`.threat_rules`) and the seasons
(:mod:`.season_rules`) are parts of their own; each of their actions ends here, in
``_action_done``, which gives an action that is owed or ends the turn.

:class:`TurnRules` is one part of :class:`~.state.WaddleWaddleState`, mixed into it (see
:mod:`.state`): its methods read and change the state's fields and call the other parts,
through ``self``.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence

from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import HIDDEN, KEVIN, THREAT0
from waddle.games.waddle_waddle.phases import LYNCH_REFILL, MAX_FISH, PLAY, REFILL2, TAKE, TURN


class TurnRules:
    """The phases ``hero``, ``turn``, ``take``, ``refill2`` and ``lynch`` (``_do_<phase>``),
    the turn's flow and the cards moving."""

    __slots__ = ()  # the fields are the state's

    # -- what the ice floe offers ----------------------------------------------------------

    def _takeable(self) -> list[int]:
        """The distinct face-up cards a player may take now (not Kevin just put down)."""
        out = []
        last = -2
        for c in self.floe:
            if c != last and not (c == KEVIN and self.kevin_down):
                out.append(c)
            last = c
        return out

    def _can_draw_blind(self) -> bool:
        return self.pos < len(self.decks[self.season]) and self._effect("face_up_only") is None

    # -- each phase's action, in order of play ---------------------------------------------

    def _do_hero(self, action: Action) -> None:
        self.hero[self.mover] = action.a
        self.picks += 1
        if self.picks == self.n:
            self._start_season()
        else:
            self.mover = (self.first + self.picks) % self.n

    def _do_turn(self, action: Action) -> None:
        p = self.cur
        kind, c, _ = action
        if kind == K.DRAFT:
            if c == HIDDEN:
                drawn = self._draw()
                if drawn >= THREAT0:
                    self._reveal(drawn)
                    return
                insort(self.hands[p], drawn)
            else:
                self._from_floe(p, c)
            self._action_done()
        elif kind == K.EXCHANGE:
            self._to_floe(p, c)
            self.given = c
            if c == KEVIN:
                self.kevin_down = True
            self.phase = TAKE
        elif kind == K.FISH:
            self._to_floe(p, c)
            catch = self._effect("fishing_catch")
            take = min(catch.param("amount") if catch else 1, MAX_FISH - self.fish[p], self.supply)
            self.fish[p] += take
            self.supply -= take
            if c == KEVIN:
                self.kevin_down = True
                self.extra += 1
            self._action_done()
        elif kind == K.REFILL:
            self._from_floe(p, c)
            self._second_refill_card()
        elif kind == K.WADDLE:
            self._take_from_hand(p, c)
            self.pending = c
            self.phase = PLAY
        else:  # pass
            self._action_done()

    def _do_take(self, action: Action) -> None:
        p = self.cur
        self._from_floe(p, action.a)
        if self.given == KEVIN:
            self.extra += 1  # Kevin: no Frozen card, and a second action
        elif not self.options.no_frozen:
            self.frozen[p] = True
        self.given = -1
        self._action_done()

    def _do_refill2(self, action: Action) -> None:
        p = self.cur
        if action.a == HIDDEN:
            drawn = self._draw()
            if drawn >= THREAT0:
                self._reveal(drawn)
                return
            insort(self.hands[p], drawn)
        else:
            self._from_floe(p, action.a)
        self._action_done()

    def _do_lynch(self, action: Action) -> None:
        self._from_floe(self.cur, action.a)
        self._second_refill_card()

    def _second_refill_card(self) -> None:
        if self._takeable() or self._can_draw_blind():
            self.phase = REFILL2
        else:
            self._action_done()

    # -- the end of an action and of the turn ----------------------------------------------

    def _action_done(self) -> None:
        """An action (and what it set off) is over: another action if one is owed, the
        Lynch refill if due, else the end of the turn."""
        if self.extra > 0:
            self.extra -= 1
            self.phase = TURN
            self.mover = self.cur
            return
        p = self.cur
        if self.lynch_due:
            self.lynch_due = False
            if not self.hands[p] and self._takeable():
                self.phase = LYNCH_REFILL
                self.mover = p
                return
        self._end_turn()

    def _end_turn(self) -> None:
        self.kevin_down = False
        self.davis_used = False
        self.lynch_due = False
        self.extra = 0
        if self.turns_left > 0:
            self.turns_left -= 1
            if self.turns_left == 0:
                self._end_season()
                return
        elif self.options.no_threats and self.pos == len(self.decks[self.season]):
            self._end_season()
            return
        self.cur = (self.cur + 1) % self.n
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Refill the ice floe (rulebook, "Starting a Turn"), then the player's action."""
        self.mover = self.cur
        target = self.floe_target()
        deck = self.decks[self.season]
        while len(self.floe) < target and self.pos < len(deck):
            c = self._draw()
            if c >= THREAT0:
                self._reveal(c)
                return
            insort(self.floe, c)
        self.phase = TURN

    def floe_target(self) -> int:
        """How many face-up cards the ice floe is refilled to: one per player (four in the
        two-player variant), changed by the season's event."""
        target = 4 if self.options.two_player_variant else self.n
        event = self._effect("floe_size")
        if event is not None:
            target += event.param("amount")
        return max(target, 1)

    # -- cards moving ----------------------------------------------------------------------

    def _draw(self) -> int:
        c = self.decks[self.season][self.pos]
        self.pos += 1
        return c

    def _from_floe(self, p: int, c: int) -> None:
        self.floe.remove(c)
        insort(self.hands[p], c)
        insort(self.known[p], c)  # taken face up: everyone saw it

    def _to_floe(self, p: int, c: int) -> None:
        self.hands[p].remove(c)
        if c in self.known[p]:
            self.known[p].remove(c)
        insort(self.floe, c)

    def _take_from_hand(self, p: int, cards: Sequence[int]) -> None:
        hand, known = self.hands[p], self.known[p]
        for c in cards:
            hand.remove(c)
            if c in known:
                known.remove(c)
