"""What one seat may see of a game of Waddle Waddle: :class:`View`, frozen data.

``state.view(seat)`` builds it (:mod:`.visibility`), from the one visibility rule that
``determinize`` also follows, so a view can never show what a determinization redraws.
Cards are written as their codes (``Ki3``, ``Kv``), rookeries and threats by their ids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from waddle.games.waddle_waddle.options import Options


@dataclass(frozen=True)
class SeatView:
    """One player as the viewer sees them."""

    hand: tuple[str, ...] | None
    """Their cards, sorted, when the viewer may see this hand (else None)."""
    hand_size: int
    known: tuple[str, ...]
    """Cards everyone knows this hand holds: taken face up and not yet given back."""
    fish: int
    frozen: bool
    hero: str | None
    score: int
    nests_left: int
    nests: int
    """Nests on the board."""


@dataclass(frozen=True)
class RookeryView:
    id: str
    name: str
    species: tuple[str, ...]
    fish: int
    nests: tuple[int, ...]
    """Each player's nests here."""
    threats: tuple[str, ...]
    """Threat tokens placed here this season, oldest first."""
    threat_spaces: int
    bonus: tuple[int, int] | None
    """The Conservation Points token here: (larger, smaller) end-of-season bonus."""
    fish_token: int | None
    awards: tuple[int, ...] = ()
    """Each player's end-of-season bonus here if the season ended now."""


@dataclass(frozen=True)
class Placement:
    """A rookery a waddle may be played at now, and what it does there."""

    rookery: str
    points: int
    """The Conservation Points it scores (hero and season event included)."""
    nests: int
    """The nests it places (Davis's extra nest included)."""
    fish: int
    """The fish it costs there (two with the Elephant Seal, none without fish)."""
    pay: tuple[int, ...]
    """Each way to pay its fish: how many come from the hand, the rest from the rookery."""


@dataclass(frozen=True)
class WaddleOffer:
    """A waddle the viewer may play now, with every rookery it may go to."""

    cards: tuple[str, ...]
    bonus: bool
    """One species in numerical order."""
    places: tuple[Placement, ...]


@dataclass(frozen=True)
class View:
    """Everything ``seat`` may see (a player, ``SPECTATOR`` or ``OMNISCIENT``)."""

    seat: int
    num_players: int
    options: Options
    components: str
    season: int
    """1, 2 or 3."""
    seasons: int
    event: str | None
    """The current season's event (its id), once revealed."""
    threats_revealed: int
    """Threats revealed this season (the fourth starts the season's end)."""
    turns_left: int | None
    """Turns left in the season once it is ending, this one included; else None."""
    deck_size: int
    floe: tuple[str, ...]
    seats: tuple[SeatView, ...]
    rookeries: tuple[RookeryView, ...]
    fish_supply: int
    first_player: int
    current_player: int
    """Whose turn it is (also while a token draft or a hero choice is under way: who is
    choosing)."""
    to_move: int | None
    phase: str
    pending: tuple[tuple[str, Any], ...]
    """The turn's choices under way, as (what, value) pairs: the exchanged card, the
    waddle being played, the threat to place, nest moves left, the token draft's order..."""
    legal: tuple[str, ...]
    """The viewer's legal actions, in notation, when it is their decision (else empty)."""
    bonuses: tuple[tuple[int, ...], ...]
    """Each finished season's end-of-season bonus per player."""
    over: bool
    winners: tuple[int, ...]
    """Once over: the winners after the tie-breaks."""
    deck: tuple[str, ...] | None = None
    """Only for OMNISCIENT: the rest of this season's deck, top card first."""
    future_events: tuple[str, ...] | None = None
    """Only for OMNISCIENT: the events of the seasons still to come."""
    last_action: str | None = None
    """The last action taken, in notation (every action is public: a face-down card is
    written ``?``)."""
    event_words: tuple[str, str] | None = None
    """The current season's event's name and text, once revealed (a component set's own)."""
    conservation_tokens: tuple[tuple[int, int], ...] = ()
    """The component set's Conservation Points tokens, (larger, smaller) bonus each, by
    their number in ``cp`` actions."""
    fish_tokens: tuple[int, ...] = ()
    """The component set's Fish Supply tokens, by their number in ``supply`` actions."""
    floe_target: int = 0
    """How many face-up cards the ice floe is refilled to this season."""
    offers: tuple[WaddleOffer, ...] = ()
    """When it is the viewer's decision: every waddle it may play now with where it may go
    and what it scores there (its turn's action; the rest of its hand when a WaddleWaddle
    is asked; the waddle whose rookery it is choosing)."""
