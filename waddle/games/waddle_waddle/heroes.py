"""The six penguin heroes of the rulebook: their names, specialty species and abilities.

The abilities are rules, carried out by the state (:mod:`.waddle_rules`; Lynch's refill
also in :mod:`.turn_rules`); this module holds what the presenter and the rules page show.

>>> HEROES[DEE].name, SPECIES[HEROES[DEE].species]
('Dr. Dee Boersma', 'king')
>>> [h.code for h in HEROES]
['dee', 'papi', 'dyan', 'davis', 'katta', 'lynch']
"""

from __future__ import annotations

from dataclasses import dataclass

from waddle.games.waddle_waddle.cards import (
    CHINSTRAP,
    GENTOO,
    KING,
    MACARONI,
    MAGELLANIC,
    ROCKHOPPER,
    SPECIES,
)

DEE, PAPI, DYAN, DAVIS, KATTA, LYNCH = range(6)


@dataclass(frozen=True)
class Hero:
    index: int
    code: str
    name: str
    species: int
    text: str
    """The ability, in the project's words."""


HEROES: tuple[Hero, ...] = (
    Hero(
        DEE,
        "dee",
        "Dr. Dee Boersma",
        KING,
        "Each King nest a waddle places counts as one more card for its score (never "
        "beyond the 6-card row of the table).",
    ),
    Hero(
        PAPI,
        "papi",
        'Dr. Pablo "Papi" Borboroglu',
        MAGELLANIC,
        "When a waddle's highest card (or one tied for highest) is a Magellanic, it may be "
        "played at any rookery, and its Magellanic pairs place nests there.",
    ),
    Hero(
        DYAN,
        "dyan",
        "Dyan deNapoli",
        ROCKHOPPER,
        "For each Rockhopper nest a waddle places, you may move one nest (anyone's, yours "
        "too) from that rookery to any other, even one with the Brown Skua.",
    ),
    Hero(
        DAVIS,
        "davis",
        "Dr. Lloyd Spencer Davis",
        MACARONI,
        "On a turn when you place a Macaroni nest, place one extra nest at the same "
        "rookery (one extra nest a turn at most).",
    ),
    Hero(
        KATTA,
        "katta",
        'Dr. Katrin "Katta" Ludynia',
        CHINSTRAP,
        "In each waddle, up to two Chinstrap cards may count as another species, for where "
        "the waddle may go and for its nests.",
    ),
    Hero(
        LYNCH,
        "lynch",
        "Dr. Heather Lynch",
        GENTOO,
        "After a turn in which you placed a Gentoo nest, if your hand is empty, you refill "
        "it at once (two cards, at least one face up).",
    ),
)
assert [SPECIES[h.species] for h in HEROES] == [
    "king",
    "magellanic",
    "rockhopper",
    "macaroni",
    "chinstrap",
    "gentoo",
]
