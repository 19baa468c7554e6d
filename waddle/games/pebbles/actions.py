"""The decisions of Pebbles, one per ply: small immutable values with a text notation and a
JSON form (the record's action syntax, ``pebbles-record/1``).

A turn is several decisions (see :mod:`waddle.games.pebbles.state`): the card, then for
each of the two actions the choice of action with its first target, each further target,
each step of a moving penguin, and ``done`` where stopping early is allowed.

>>> str(PLAY[Card.of(7, COURT)]), str(COURT_PEBBLE[5]), str(STEP[9]), str(DONE)
('play 7C', 'court pebble 5', 'step 9', 'done')
>>> parse_action("fish 12S") == FISH[Card.of(12, SCURRY)]
True
>>> Action.from_json({"push": 4}) is PUSH[4], PUSH[4].to_json()
(True, {'push': 4})
>>> str(Action.reshuffle([Card.of(9, PUSH_SUIT), Card.of(2, COLLECT)]))
'reshuffle 9P 2L'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from waddle.core.jsontext import quoted
from waddle.games.pebbles.cards import (
    CARDS,
    COLLECT,
    COURT,
    NUMBERS,
    SCURRY,
    Card,
    parse_card,
)
from waddle.games.pebbles.cards import PUSH as PUSH_SUIT

# Kinds of decision, as small integers (compared in every apply).
K_PLAY = 0
"""Play a card from your hand into the trick."""
K_PLACE = 1
"""The action "place a penguin" on the tile of the card played."""
K_FISH = 2
"""The action "go fishing": take this face-up card."""
K_COLLECT = 3
"""The Collect power: a pebble on this tile."""
K_COURT_PENGUIN = 4
"""The Court power: one of your penguins on this tile (it has 2+ penguins)."""
K_COURT_PEBBLE = 5
"""The Court power: a pebble on this tile (it has 2+ penguins)."""
K_SCURRY = 6
"""The Scurry power: move one of your penguins from this tile."""
K_PUSH = 7
"""The Push power on this tile."""
K_STEP = 8
"""The penguin being moved goes one step, to this tile."""
K_DONE = 9
"""Stop here: this penguin moves no further, or no second penguin scurries."""
K_RESHUFFLE = 10
"""Chance: the discards, shuffled, become the deck in this order (top first)."""

_WORDS = (
    "play",
    "place",
    "fish",
    "collect",
    "court penguin",
    "court pebble",
    "scurry",
    "push",
    "step",
    "done",
    "reshuffle",
)
_JSON_KEYS = (
    "play",
    "place",
    "fish",
    "collect",
    "court-penguin",
    "court-pebble",
    "scurry",
    "push",
    "step",
    "done",
    "reshuffle",
)
_ON_TILE = frozenset(
    (K_PLACE, K_COLLECT, K_COURT_PENGUIN, K_COURT_PEBBLE, K_SCURRY, K_PUSH, K_STEP)
)
_WITH_CARD = frozenset((K_PLAY, K_FISH))


class Action(NamedTuple):
    """``kind`` is one of the ``K_*`` constants; ``arg`` a card (play, fish), a tile number
    (the others but ``done``), the new deck (reshuffle) or None (done).

    A named tuple: hashing and comparing (in every ``apply``) run in C.
    """

    kind: int
    arg: Any

    @staticmethod
    def reshuffle(order: Iterable[Card]) -> Action:
        return Action(K_RESHUFFLE, tuple(CARDS[int(c)] for c in order))

    @property
    def tile(self) -> int | None:
        """The tile number the decision names, if it names one."""
        return self.arg if self.kind in _ON_TILE else None

    @property
    def card(self) -> Card | None:
        return self.arg if self.kind in _WITH_CARD else None

    def __str__(self) -> str:
        """``play 7C``, ``place 7``, ``fish 12S``, ``collect 5``, ``court penguin 5``,
        ``court pebble 5``, ``scurry 3``, ``push 3``, ``step 9``, ``done``,
        ``reshuffle 9P 2L ...``."""
        word = _WORDS[self.kind]
        if self.kind == K_DONE:
            return word
        if self.kind == K_RESHUFFLE:
            return " ".join([word, *map(str, self.arg)])
        return f"{word} {self.arg}"

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        """The record's action syntax: one key naming the decision."""
        key = _JSON_KEYS[self.kind]
        if self.kind == K_DONE:
            return {key: True}
        if self.kind == K_RESHUFFLE:
            return {key: [str(c) for c in self.arg]}
        if self.kind in _WITH_CARD:
            return {key: str(self.arg)}
        return {key: self.arg}

    @staticmethod
    def from_json(data: Any) -> Action:
        """Parse the record's action syntax; ``ValueError`` says what is wrong."""
        if type(data) is not dict or len(data) != 1:
            raise ValueError('an action must be a JSON object with one key, like {"play": "7C"}')
        ((key, value),) = data.items()
        kind = _KIND_OF_KEY.get(key)
        if kind is None:
            raise ValueError(f"unknown action {quoted(key)} (known: {', '.join(_JSON_KEYS)})")
        if kind == K_DONE:
            if value is not True:
                raise ValueError('"done" must be true')
            return DONE
        if kind == K_RESHUFFLE:
            if type(value) is not list:
                raise ValueError('"reshuffle" must be a list of cards, top of the deck first')
            if len(value) > len(CARDS):  # refused whole, before its cards are read
                raise ValueError(
                    f'"reshuffle" lists {len(value):,} cards; the deck has {len(CARDS)}'
                )
            return Action.reshuffle(parse_card(c) for c in value)
        if kind in _WITH_CARD:
            return _BY_CARD[kind][parse_card(value)]
        if type(value) is not int or not 1 <= value <= NUMBERS:
            raise ValueError(f'"{key}" must be a tile number from 1 to {NUMBERS}')
        return _BY_TILE[kind][value]


_KIND_OF_KEY = {key: kind for kind, key in enumerate(_JSON_KEYS)}


def _tiles(kind: int) -> tuple[Action, ...]:
    """The canonical decisions of ``kind`` by tile number (index 0 unused)."""
    return (Action(kind, 0), *(Action(kind, n) for n in range(1, NUMBERS + 1)))


PLAY: tuple[Action, ...] = tuple(Action(K_PLAY, c) for c in CARDS)
"""``PLAY[card]``: play that card."""
FISH: tuple[Action, ...] = tuple(Action(K_FISH, c) for c in CARDS)
"""``FISH[card]``: go fishing and take that face-up card."""
PLACE = _tiles(K_PLACE)
"""``PLACE[n]``: place a penguin on tile ``n`` (the number of the card played)."""
COLLECT_ON = _tiles(K_COLLECT)
COURT_PENGUIN = _tiles(K_COURT_PENGUIN)
COURT_PEBBLE = _tiles(K_COURT_PEBBLE)
SCURRY_FROM = _tiles(K_SCURRY)
PUSH = _tiles(K_PUSH)
STEP = _tiles(K_STEP)
DONE = Action(K_DONE, None)
_BY_TILE = {
    K_PLACE: PLACE,
    K_COLLECT: COLLECT_ON,
    K_COURT_PENGUIN: COURT_PENGUIN,
    K_COURT_PEBBLE: COURT_PEBBLE,
    K_SCURRY: SCURRY_FROM,
    K_PUSH: PUSH,
    K_STEP: STEP,
}
_BY_CARD = {K_PLAY: PLAY, K_FISH: FISH}
POWER_KINDS = frozenset((K_COLLECT, K_COURT_PENGUIN, K_COURT_PEBBLE, K_SCURRY, K_PUSH))
"""The decisions that start using a card's power."""
SUIT_KINDS = {
    SCURRY.id: (K_SCURRY,),
    COURT.id: (K_COURT_PENGUIN, K_COURT_PEBBLE),
    PUSH_SUIT.id: (K_PUSH,),
    COLLECT.id: (K_COLLECT,),
}
"""The decisions that start each suit's power."""

_SPACES = re.compile(r"\s+")


def parse_action(text: str) -> Action:
    """Parse the notation of ``str(action)`` (case and extra spaces do not matter)."""
    words = _SPACES.split(text.strip().lower())
    if words[:2] in (["court", "penguin"], ["court", "pebble"]):
        words = [f"{words[0]} {words[1]}", *words[2:]]
    try:
        kind = _WORDS.index(words[0])
    except ValueError:
        raise ValueError(f"not a Pebbles decision: {quoted(text)}") from None
    if kind == K_DONE and len(words) == 1:
        return DONE
    if kind == K_RESHUFFLE:
        return Action.reshuffle(parse_card(w) for w in words[1:])
    if len(words) != 2:
        raise ValueError(f"not a Pebbles decision: {quoted(text)}")
    if kind in _WITH_CARD:
        return _BY_CARD[kind][parse_card(words[1])]
    # isascii too: isdigit() alone takes "٣" for 3 and "²", which int() refuses
    if not (words[1].isascii() and words[1].isdigit()) or not 1 <= int(words[1]) <= NUMBERS:
        raise ValueError(f"not a tile number: {quoted(words[1])} in {quoted(text)}")
    return _BY_TILE[kind][int(words[1])]
