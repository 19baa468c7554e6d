"""What may be done now in a game of Waddle Waddle, and why an action may not: the legal
actions of each phase, and a refusal in words for the player.

The two answer one question from both sides (``why_illegal`` is None exactly for the
listed actions), so they sit together, apart from what the actions do (:mod:`.turn_rules`,
:mod:`.waddle_rules`, :mod:`.threat_rules`, :mod:`.season_rules`).

:class:`Legality` is one part of :class:`~.state.WaddleWaddleState`, mixed into it (see
:mod:`.state`): its methods read the state's fields and ask the other parts, through
``self``.
"""

from __future__ import annotations

from typing import Any

from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import HIDDEN, KEVIN, code, is_waddle, waddles_in
from waddle.games.waddle_waddle.components import ROOKERIES
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.phases import (
    DYAN_MOVES,
    HAND_LIMIT,
    HERO_PHASE,
    LYNCH_REFILL,
    MAX_FISH,
    OIL_NESTS,
    OVER,
    PLAY,
    REFILL2,
    SHARK_FISH,
    SHEATHBILL_TIE,
    TAKE,
    THREAT,
    TOKENS,
    TURN,
    WADDLE2,
)
from waddle.games.waddle_waddle.threat_rules import _NOT_AT
from waddle.games.waddle_waddle.threats import BOAT, POLLUTION, SKUA, THREATS


class Legality:
    """The legal actions now (``_list_legal``, cached by ``legal_actions``) and the reason
    for a refusal (``_reason``, for ``why_illegal`` and ``apply``)."""

    __slots__ = ()  # the fields are the state's

    # -- what is legal now -----------------------------------------------------------------

    def _list_legal(self) -> list[Action]:
        phase = self.phase
        p = self.cur
        if phase == TURN:
            return self._turn_actions(p)
        if phase == PLAY:
            return [Action(K.PLAY, r, h) for r, h in self.play_options(p, self.pending)]
        if phase == TAKE:
            return [Action(K.TAKE, c) for c in self._takeable() if c != self.given]
        if phase == REFILL2:
            out = [Action(K.TAKE, c) for c in self._takeable()]
            if self._can_draw_blind():
                out.append(Action(K.TAKE, HIDDEN))
            return out
        if phase == LYNCH_REFILL:
            return [Action(K.REFILL, c) for c in self._takeable()]
        if phase == WADDLE2:
            out = [Action(K.STOP)]
            rest = self.hands[p]
            if is_waddle(rest) and self.can_play(p, rest):
                out.insert(0, Action.waddle(rest))
            return out
        if phase == DYAN_MOVES:
            return [*self._nest_moves(self.at, skua_ok=True), Action(K.STOP)]
        if phase == THREAT:
            return [Action(K.THREAT, r) for r in self._threat_places()[0]]
        if phase == SHARK_FISH:
            return [Action(K.FISHTO, r) for r in range(ROOKERIES) if r != self.at]
        if phase == OIL_NESTS:
            return self._nest_moves(self.at, skua_ok=False)
        if phase == SHEATHBILL_TIE:
            return [Action(K.REMOVE, q) for q in self.tied]
        if phase == TOKENS:
            return self._token_actions()
        if phase == HERO_PHASE:
            return [Action(K.HERO, h) for h in range(len(HEROES)) if h not in self.hero]
        return []

    def _turn_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        hand = self.hands[p]
        takeable = self._takeable()
        if len(hand) < HAND_LIMIT:
            out += [Action(K.DRAFT, c) for c in takeable]
            if self._can_draw_blind():
                out.append(Action(K.DRAFT, HIDDEN))
        distinct = sorted(set(hand))
        may_exchange = not self.frozen[p] or self.options.no_frozen
        for c in distinct:
            if (c == KEVIN or may_exchange) and takeable.count(c) != len(takeable):
                out.append(Action(K.EXCHANGE, c))
        if not self.options.no_fish and self.fish[p] < MAX_FISH and self.supply > 0:
            out += [Action(K.FISH, c) for c in distinct]
        if not hand:
            out += [Action(K.REFILL, c) for c in takeable]
        for w in waddles_in(hand):
            if self.can_play(p, w):
                out.append(Action(K.WADDLE, w))
        if not out:
            out.append(Action(K.PASS))
        return out

    def _nest_moves(self, src: int, skua_ok: bool) -> list[Action]:
        to = [
            r for r in range(ROOKERIES) if r != src and (skua_ok or SKUA not in self.threats_at[r])
        ]
        return [Action(K.MOVE, q, r) for q in range(self.n) if self.nests[src][q] > 0 for r in to]

    def _token_actions(self) -> list[Action]:
        kind, _player = self.queue[0]
        at = self.cp_at if kind == K.CP else self.ft_at
        values = (
            self.components.conservation_tokens if kind == K.CP else self.components.fish_tokens
        )
        seen = set()
        tokens = []
        for i, v in enumerate(values):
            if i not in at and v not in seen:  # equal tokens are one choice
                seen.add(v)
                tokens.append(i)
        free = [r for r in range(ROOKERIES) if at[r] < 0]
        return [Action(kind, i, r) for i in tokens for r in free]

    # -- words -----------------------------------------------------------------------------

    def _reason(self, action: Any) -> str:
        """Why an action that is not legal now cannot be taken, in words for the player."""
        try:
            action = Action(*action)
            kind = action.kind
        except TypeError:
            return f"not an action: {action!r}"
        phase = self.phase
        if phase == OVER:
            return "the game is over"
        if kind not in K.KINDS:
            return f"not an action: {action!r}"
        wanted = {
            HERO_PHASE: "choose a hero",
            TAKE: "take a face-up card for the one you exchanged",
            REFILL2: "take the refill's second card",
            LYNCH_REFILL: "refill your hand (Dr. Lynch)",
            PLAY: "choose the rookery of your waddle",
            DYAN_MOVES: "move a nest from the rookery or stop",
            WADDLE2: "play the rest of your hand as a second waddle, or stop",
            THREAT: "place the threat you revealed",
            SHARK_FISH: "move the Shark's fish to another rookery",
            OIL_NESTS: "move a nest away from the Oil Spill",
            SHEATHBILL_TIE: "choose whose nest the Sheathbill takes",
            TOKENS: "place a token",
        }
        phase_kinds = {
            TURN: (K.DRAFT, K.EXCHANGE, K.FISH, K.REFILL, K.WADDLE, K.PASS),
            HERO_PHASE: (K.HERO,),
            TAKE: (K.TAKE,),
            REFILL2: (K.TAKE,),
            LYNCH_REFILL: (K.REFILL,),
            PLAY: (K.PLAY,),
            DYAN_MOVES: (K.MOVE, K.STOP),
            WADDLE2: (K.WADDLE, K.STOP),
            THREAT: (K.THREAT,),
            SHARK_FISH: (K.FISHTO,),
            OIL_NESTS: (K.MOVE,),
            SHEATHBILL_TIE: (K.REMOVE,),
            TOKENS: (K.CP, K.SUPPLY),
        }
        if kind not in phase_kinds[phase]:
            return f"first {wanted.get(phase, 'take your action')}"
        p = self.cur
        hand = self.hands[p]
        a = action.a
        if kind == K.DRAFT:
            if len(hand) >= HAND_LIMIT:
                return f"you cannot draft with {HAND_LIMIT} cards in hand"
            if a == HIDDEN:
                if self._effect("face_up_only"):
                    return "no card is taken face down this season (Blizzard)"
                return "the deck is empty"
        if kind in (K.DRAFT, K.TAKE, K.REFILL) and a != HIDDEN:
            if a == KEVIN and self.kevin_down:
                return "Kevin cannot come back to your hand this turn"
            if a not in self.floe:
                return f"{_card_name(a)} is not on the ice floe"
            if kind == K.TAKE and a == self.given:
                return "take a different card from the one you gave"
            if kind == K.REFILL and hand:
                return "you can refill only with an empty hand"
        if kind == K.TAKE and a == HIDDEN:
            return "the refill's second card can only come face up now"
        if kind in (K.EXCHANGE, K.FISH):
            if a not in hand:
                return f"you do not hold {_card_name(a)}"
            if kind == K.EXCHANGE:
                if self.frozen[p] and a != KEVIN and not self.options.no_frozen:
                    return "you cannot exchange while you are frozen"
                return "the ice floe has no other card to take"
            if self.options.no_fish:
                return "this game is played without fish"
            if self.fish[p] >= MAX_FISH:
                return f"you cannot go fishing with {MAX_FISH} fish"
            return "the fish supply is empty"
        if kind == K.WADDLE:
            cards = a if isinstance(a, tuple) else ()
            left = list(hand)
            for c in cards:
                if c not in left:
                    return "you do not hold those cards"
                left.remove(c)
            if KEVIN in cards:
                return "Kevin is never part of a waddle"
            if not is_waddle(cards):
                return "3 to 6 cards in numerical order, of one species or of one number"
            if phase == WADDLE2:
                return "a WaddleWaddle uses every card left in your hand"
            return "no rookery can take that waddle now (species, threats or fish)"
        if kind == K.PLAY:
            if not 0 <= a < ROOKERIES:
                return "no such rookery"
            r = a
            if not self.compatible(p, self.pending, r):
                return "none of the waddle's species nests there"
            if POLLUTION in self.threats_at[r] and len(self.pending) > 4:
                return "Pollution: at most 4 cards there"
            if BOAT in self.threats_at[r] and action.b != self.fish_cost(r):
                return "the Fishing Boat: pay with fish from your hand there"
            return "you cannot pay the fish that way"
        if kind == K.THREAT:
            t = self.threat
            if _NOT_AT[t] == a:
                return f"the {THREATS[t].name} may not go there"
            if t == BOAT:
                return "the Fishing Boat goes to a rookery with fish"
            return "that rookery has no free threat space"
        if kind == K.PASS:
            return "you can only pass when no action is possible"
        if kind == K.HERO:
            return "that hero is taken"
        return "not possible now"


def _card_name(c: Any) -> str:
    try:
        return code(c)
    except (ValueError, TypeError):
        return repr(c)
