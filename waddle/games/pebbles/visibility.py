"""What each seat sees of a game of Pebbles: :meth:`view` (a
:class:`~.observation.PebblesView`) and :meth:`determinize` (a world the seat cannot tell
from the real one), both on the one rule of :func:`~.observation.sees`, so they can never
disagree.

:class:`Visibility` is one part of :class:`~.state.PebblesState`, mixed into it as Waddle
Waddle's rules are (see :mod:`waddle.games.waddle_waddle.state`): its methods read the
state's fields and call the other parts through ``self``, so it never imports
:mod:`.state`, and a step costs no extra call.
"""

from __future__ import annotations

from typing import Self

from waddle.core.game import OMNISCIENT
from waddle.core.rng import Rng
from waddle.games.pebbles.cards import CARDS, SUIT_OF, SUITS
from waddle.games.pebbles.observation import NOBODY, HandView, MoveView, PebblesView, TurnView, sees
from waddle.games.pebbles.steps import (
    B_FISH,
    B_LOVE,
    B_PEBBLES,
    CTX_PUSH,
    CTX_SCURRY2,
    DID_FISH,
    DID_PLACE,
    DID_POWER,
    LOVE_TOKENS,
    MOVE,
    SCURRY_AGAIN,
    STEP_NAMES,
)
from waddle.games.pebbles.turns import last_turn_marks

# How the view names the actions taken this turn (bits of ``done``), and what a moving
# penguin's move is for (by its CTX_ code).
_DONE_NAMES = ((DID_PLACE, "place"), (DID_POWER, "power"), (DID_FISH, "fish"))
_PURPOSE = ("place", "court", "scurry", "scurry", "push")


class Visibility:
    """``view``, ``determinize`` and the rule of who sees which card."""

    __slots__ = ()  # the fields are the state's

    def holder(self, card: int) -> int:
        """The player whose hand holds ``card``, or :data:`NOBODY`."""
        for p, hand in enumerate(self.hands):
            if card in hand:
                return p
        return NOBODY

    def sees(self, seat: int, card: int, holder: int) -> bool:
        """The one rule of visibility (:func:`~waddle.games.pebbles.observation.sees`)."""
        return sees(self.public, holder, seat, card)

    def view(self, seat: int) -> PebblesView:
        """Everything ``seat`` may see (a player, SPECTATOR or OMNISCIENT); a game seen
        through one seat's eyes (``eyes``) shows nobody every hand: its stand-ins for the
        cards that seat has not seen are nobody's to see."""
        if seat == OMNISCIENT and self.eyes is not None:
            seat = self.eyes
        n = self.players
        layout = self.layout
        hands = tuple(
            HandView(len(h), tuple(CARDS[c] for c in h if self.sees(seat, c, p)))
            for p, h in enumerate(self.hands)
        )
        deck_known = tuple(sorted(CARDS[c] for c in self.deck if self.sees(seat, c, NOBODY)))
        tiles, territories = self.control()
        breakdown = self.breakdown()
        players = self.trick_players()
        to_move = self.to_move()
        moving = None
        if self.step == MOVE:
            moving = MoveView(
                layout.numbers[self.mv_tile],
                self.mv_owner,
                _PURPOSE[self.ctx],
                self.mv_free,
                self.mv_stop,
            )
        pushing = self.push_tile >= 0 and self.step == MOVE and self.ctx == CTX_PUSH
        turn = TurnView(
            player=to_move if to_move is not None and to_move >= 0 else None,
            step=STEP_NAMES[self.step],
            card=CARDS[self.card] if self.card >= 0 else None,
            actions_done=tuple(name for bit, name in _DONE_NAMES if self.done & bit),
            moving=moving,
            scurried=1 if self.step == SCURRY_AGAIN or (self.ctx == CTX_SCURRY2 and moving) else 0,
            push_tile=layout.numbers[self.push_tile] if pushing else None,
            push_players=self.push_queue[self.push_i :] if pushing else (),
        )
        legal = self.legal_actions() if seat in (OMNISCIENT, to_move) else ()
        return PebblesView(
            seat=seat,
            players=n,
            layout=layout,
            round=min(self.round + 1, LOVE_TOKENS),
            lead=self.lead,
            to_move=to_move,
            hands=hands,
            row=tuple(CARDS[c] if c >= 0 else None for c in self.row),
            deck_size=len(self.deck),
            deck_known=deck_known,
            deck=tuple(CARDS[c] for c in reversed(self.deck)) if seat == OMNISCIENT else None,
            discards=tuple(CARDS[c] for c in self.discards),
            trick=tuple(zip(players, (CARDS[c] for c in self.trick), strict=True)),
            led_suit=SUITS[SUIT_OF[self.trick[0]]] if self.trick else None,
            penguins=tuple(tuple(self.pen[i * n : i * n + n]) for i in range(len(layout))),
            pebbles=tuple(self.pebbles),
            penguin_supply=tuple(self.supply),
            pebble_supply=self.bank[B_PEBBLES],
            fish=tuple(self.fish),
            fish_supply=self.bank[B_FISH],
            love=tuple(self.love),
            love_supply=self.bank[B_LOVE],
            tile_control=tuple(tiles),
            territory_control=tuple(territories),
            scores=breakdown,
            turn=turn,
            legal=tuple(legal),
            last_tile=self._last_tile(),
            last_turn=last_turn_marks(self),
        )

    def _last_tile(self) -> int | None:
        """The tile of the most recent decision that named one (public: every such
        decision is seen by all)."""
        for action in reversed(self._actions):
            tile = action.tile
            if tile is not None:
                return tile
        return None

    def determinize(self, seat: int, rng: Rng) -> Self:
        """A whole state that ``seat`` cannot tell from this one: the cards it cannot see
        (the others' unknown cards, the undrawn part of the first deck) dealt again at
        random, and the deck's order shuffled. Built from what the seat sees only, so two
        states with the same view give the same worlds from the same ``rng``. The world
        keeps no undo information (which could hold hidden cards)."""
        world = self._copy()
        if seat == OMNISCIENT:
            return world
        public = self.public
        others = [p for p in range(self.players) if p != seat]
        hidden = []
        for p in others:
            hidden.extend(c for c in self.hands[p] if not (public >> c) & 1)
        hidden.extend(c for c in self.deck if not (public >> c) & 1)
        hidden.sort()
        rng.shuffle(hidden)
        k = 0
        for p in others:
            known = [c for c in self.hands[p] if (public >> c) & 1]
            unknown = len(self.hands[p]) - len(known)
            world.hands[p] = sorted(known + hidden[k : k + unknown])
            k += unknown
        deck = sorted(c for c in self.deck if (public >> c) & 1) + hidden[k:]
        rng.shuffle(deck)
        world.deck = deck
        world._legal = None
        return world
