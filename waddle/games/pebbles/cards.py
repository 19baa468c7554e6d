"""The cards of Pebbles: numbers 1 to 13 in four suits, each suit with its power.

A card is a small integer (``suit * 13 + number - 1``) with a text form: its number, then
its suit's letter. Suits have a name, a letter for the notation and a symbol, so that no
screen has to tell them apart by colour alone.

>>> card = Card.of(7, COURT)
>>> str(card), card.number, card.suit.name, card.suit.symbol
('7C', 7, 'Court', '♥')
>>> parse_card("13l") == Card.of(13, COLLECT), int(Card.of(1, SCURRY))
(True, 0)
>>> [str(c) for c in deck_for(2)[:3]], len(deck_for(2)), len(deck_for(3)), len(deck_for(4))
(['7S', '8S', '9S'], 28, 40, 52)
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from waddle.core.jsontext import quoted, shown

MIN_PLAYERS = 2
MAX_PLAYERS = 4
NUMBERS = 13
"""Cards are numbered 1 to 13 in every suit."""


class Suit(NamedTuple):
    """A suit and the power its cards give (rulebook, "Use a Card Power")."""

    id: int
    """The suit's place in card order (a card's id is ``suit.id * 13 + number - 1``)."""
    name: str
    letter: str
    """The card notation's letter: ``7S`` is the 7 of Scurry."""
    symbol: str
    """Shown with the name wherever the suit is drawn, so that it never rests on colour."""
    power: str
    """What the power does, in a few words."""


SCURRY = Suit(0, "Scurry", "S", "»", "move 1 or 2 of your penguins 1 or 2 tiles each")
COURT = Suit(1, "Court", "C", "♥", "put 1 of your penguins or 1 pebble on a tile with 2+ penguins")
PUSH = Suit(2, "Push", "P", "✋", "on a tile of yours, move 1 penguin of each player up to 1 tile")
COLLECT = Suit(3, "Collect", "L", "●", "put 1 pebble on any tile")
SUITS: tuple[Suit, ...] = (SCURRY, COURT, PUSH, COLLECT)
"""The four suits in card order (a card's id is ``suit * 13 + number - 1``)."""


class Card(int):
    """One card, as its integer id; ``str`` gives the notation (``"7S"``).

    The 52 cards exist once each (:data:`CARDS`): the state keeps them in plain lists and
    compares them as integers.
    """

    __slots__ = ()

    @staticmethod
    def of(number: int, suit: Suit) -> Card:
        if not 1 <= number <= NUMBERS:
            raise ValueError(f"cards are numbered 1 to {NUMBERS}, not {number}")
        return CARDS[suit.id * NUMBERS + number - 1]

    @property
    def number(self) -> int:
        return int(self) % NUMBERS + 1

    @property
    def suit(self) -> Suit:
        return SUITS[int(self) // NUMBERS]

    def __str__(self) -> str:
        return f"{self.number}{self.suit.letter}"

    def __repr__(self) -> str:
        return f"Card({self})"

    def to_json(self) -> str:
        return str(self)

    def describe(self) -> str:
        """The card in words, for a screen reader or a move list: ``"7 of Court"``."""
        return f"{self.number} of {self.suit.name}"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(4 * NUMBERS))
"""Every card, by id."""

NUMBER_OF: tuple[int, ...] = tuple(i % NUMBERS + 1 for i in range(4 * NUMBERS))
"""A card id's number, as a table (faster than ``Card.number`` where it is hot)."""
SUIT_OF: tuple[int, ...] = tuple(i // NUMBERS for i in range(4 * NUMBERS))
"""A card id's suit index, as a table."""

LOWEST = {2: 7, 3: 4, 4: 1}
"""The lowest number in the deck by the number of players (rulebook, "Setup" 1: with 3
players cards 1-3 of each suit go back in the box, with 2 players cards 1-6)."""


def numbers_for(players: int) -> range:
    """The card numbers in play with ``players`` players (and so the tiles that can
    receive a placed penguin)."""
    check_players(players)
    return range(LOWEST[players], NUMBERS + 1)


def deck_for(players: int) -> tuple[Card, ...]:
    """The cards of the game with ``players`` players, suit by suit, in number order."""
    low = LOWEST[check_players(players)]
    return tuple(c for c in CARDS if c.number >= low)


def check_players(players: int) -> int:
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"Pebbles is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {shown(players)}"
        )
    return players


_NOTATION = re.compile(r"^\s*(\d{1,2})\s*([A-Za-z])\s*$", re.ASCII)  # "٧S" is no card
_BY_LETTER = {s.letter: s for s in SUITS}


def parse_card(text: Any) -> Card:
    """A card from its notation (``"7S"``, any case); ``ValueError`` says what is wrong."""
    if not isinstance(text, str):
        raise ValueError(f"a card is written as a number and a suit letter, not {quoted(text)}")
    m = _NOTATION.match(text)
    suit = _BY_LETTER.get(m.group(2).upper()) if m else None
    if m is None or suit is None:
        letters = ", ".join(f"{s.letter} ({s.name})" for s in SUITS)
        raise ValueError(f"not a card: {quoted(text)} (a number 1-13 and a suit: {letters})")
    return Card.of(int(m.group(1)), suit)
