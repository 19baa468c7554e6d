"""What one seat may see of a game of Pebbles: :meth:`PebblesState.view` returns a
:class:`PebblesView`, immutable data with no way back to the hidden cards.

Visibility rests on one rule (:func:`sees`), shared by the view and by the
determinization, so the two can never disagree:

- a card's whereabouts are *public* once it has been face up: in the row, in the trick,
  in the discards, in a hand after its holder took it from the row, in the deck after the
  discards were shuffled into it (everyone knows those cards are in the deck, not their
  order);
- a seat also sees the cards in its own hand; :data:`~waddle.core.game.OMNISCIENT` sees
  everything, the deck's order too; :data:`~waddle.core.game.SPECTATOR` only what is public.

Everything else (the dealt hands, the undrawn part of the first deck, the deck's order)
is hidden.

>>> sees(public=0b100, holder=1, seat=1, card=0), sees(public=0b100, holder=1, seat=0, card=0)
(True, False)
>>> sees(public=0b100, holder=1, seat=0, card=2)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from waddle.core.game import OMNISCIENT
from waddle.games.pebbles.actions import Action
from waddle.games.pebbles.cards import Card, Suit
from waddle.games.pebbles.layout import Layout
from waddle.games.pebbles.scoring import Breakdown
from waddle.games.pebbles.turns import TurnMarks

NOBODY = -1
"""The holder of a card that is in no hand."""


def sees(public: int, holder: int, seat: int, card: int) -> bool:
    """Whether ``seat`` knows where ``card`` is: it is public (bit ``card`` of ``public``),
    in the seat's own hand (``holder``), or the seat is :data:`OMNISCIENT`."""
    return seat == OMNISCIENT or (public >> card) & 1 == 1 or (holder == seat and holder >= 0)


@dataclass(frozen=True)
class HandView:
    """One hand as a seat sees it."""

    size: int
    cards: tuple[Card, ...]
    """The cards of the hand this seat knows, in card order: all of them for its own hand;
    for another hand, those its holder took from the face-up row and has not played."""

    @property
    def unknown(self) -> int:
        """How many of the hand's cards this seat cannot see."""
        return self.size - len(self.cards)


@dataclass(frozen=True)
class MoveView:
    """A penguin being moved, step by step."""

    tile: int
    """The number of the tile it stands on now."""
    owner: int
    purpose: str
    """``"place"`` (placed, now fish steps), ``"court"`` (the same, by Court),
    ``"scurry"`` or ``"push"``."""
    free_steps: int
    """Steps it may still take without paying (Scurry: 2, then 1; Push: 1)."""
    may_stop: bool
    """Whether ``done`` is allowed now (a scurrying penguin moves at least one tile)."""


@dataclass(frozen=True)
class TurnView:
    """Where the turn of the player to move stands (the state machine's step)."""

    player: int | None
    step: str
    """``play`` (choose a card), ``choose`` (choose an action and its first target),
    ``move`` (a penguin is moving), ``scurry-again`` (a second penguin, or done),
    ``chance`` (the discards are being shuffled into a new deck), ``over``."""
    card: Card | None
    """The card played this turn."""
    actions_done: tuple[str, ...]
    """The actions taken so far this turn: ``place``, ``power``, ``fish``."""
    moving: MoveView | None
    scurried: int
    """Penguins moved so far by this turn's Scurry."""
    push_tile: int | None
    push_players: tuple[int, ...]
    """Players whose penguin on the pushed tile is still to be moved, the current first."""


@dataclass(frozen=True)
class PebblesView:
    """Everything one seat may see; equal for any two states that seat cannot tell apart."""

    seat: int
    players: int
    layout: Layout
    round: int
    """The round being played, 1 to 10 (10 once the game is over)."""
    lead: int
    """The player who leads this round's trick."""
    to_move: int | None
    """The player to move, :data:`~waddle.core.game.CHANCE`, or None once over."""
    hands: tuple[HandView, ...]
    row: tuple[Card | None, ...]
    """The four face-up cards by position; None where the row could not be refilled."""
    deck_size: int
    deck_known: tuple[Card, ...]
    """Cards known to be in the deck (once the discards were shuffled into it), in card
    order: which cards, not their order."""
    deck: tuple[Card, ...] | None
    """The deck's order, top first: for :data:`~waddle.core.game.OMNISCIENT` only."""
    discards: tuple[Card, ...]
    """Played cards of the finished rounds since the last reshuffle, in play order."""
    trick: tuple[tuple[int, Card], ...]
    """This round's cards so far: (player, card), lead first."""
    led_suit: Suit | None
    penguins: tuple[tuple[int, ...], ...]
    """``penguins[i][p]``: player ``p``'s penguins on ``layout.tiles[i]``."""
    pebbles: tuple[int, ...]
    """Pebbles on each tile, in the layout's tile order."""
    penguin_supply: tuple[int, ...]
    """Penguins each player has not yet placed (of 10)."""
    pebble_supply: int
    fish: tuple[int, ...]
    fish_supply: int
    love: tuple[int, ...]
    love_supply: int
    tile_control: tuple[tuple[int, ...], ...]
    """Who controls each tile now (all tied players; none on an empty tile)."""
    territory_control: tuple[tuple[int, ...], ...]
    scores: Breakdown
    """The points as if the game ended now (final once it is over)."""
    turn: TurnView
    legal: tuple[Action, ...]
    """The decisions open to this seat now: empty unless it is the seat to move (or
    everything is seen), since a hand's choices would show the hand."""
    last_tile: int | None = None
    """The tile the most recent decision naming a tile was about (a placement, a power's
    target, a step), or None before any: where the app marks the last move."""
    last_turn: TurnMarks | None = field(default=None, compare=False)
    """What the most recent turn that changed a tile changed (placements, pebbles, each
    penguin's steps; public: every decision naming a tile is seen by all), for the board's
    marks. Not compared: a bot's world, which keeps no undo log, has none."""

    @property
    def over(self) -> bool:
        return self.turn.step == "over"
