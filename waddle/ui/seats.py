"""Seats: how each player is shown (name, colour, shape) and who plays it (a person or a
computer level). The same for every game.

Players differ by shape as well as colour, so every board reads without colour vision.

>>> [s.name for s in make_seats(3, names=["Ann", "  "], bots=[None, "hard", "nonsense"],
...                             levels=("easy", "hard"))]
['Ann', 'Blue', 'Green']
>>> [s.bot for s in make_seats(3, bots=[None, "hard", "nonsense"], levels=("easy", "hard"))]
[None, 'hard', None]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SHAPES = ("circle", "square", "triangle", "diamond", "star", "cross")
"""Token shape of each seat; the shape is fixed by seat so colours can be anything."""

DEFAULT_COLOURS = ("#d55e00", "#0072b2", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
"""Okabe-Ito colours: distinguishable with the common colour-vision deficiencies."""

DEFAULT_NAMES = ("Red", "Blue", "Green", "Pink", "Orange", "Sky")

MAX_SEATS = len(SHAPES)
MAX_NAME_CHARS = 24


@dataclass(frozen=True)
class Seat:
    """How a player is shown."""

    name: str
    colour: str
    shape: str
    bot: str | None = None
    """The computer level playing this seat, or None for a person."""


def default_seats(players: int) -> list[Seat]:
    return [Seat(DEFAULT_NAMES[p], DEFAULT_COLOURS[p], SHAPES[p]) for p in range(players)]


def make_seats(
    players: int,
    names: Sequence[str] | None = None,
    colours: Sequence[str] | None = None,
    bots: Sequence[str | None] | None = None,
    levels: Sequence[str] = (),
) -> list[Seat]:
    """Seats with the given names, colours and computer levels; defaults where missing or
    not valid (a level not in ``levels`` is a person)."""
    seats = []
    for p in range(players):
        name = names[p] if names and p < len(names) and isinstance(names[p], str) else ""
        name = name.strip()[:MAX_NAME_CHARS] or DEFAULT_NAMES[p]
        colour = colours[p] if colours and p < len(colours) else DEFAULT_COLOURS[p]
        if not is_colour(colour):
            colour = DEFAULT_COLOURS[p]
        bot = bots[p] if bots and p < len(bots) else None
        seats.append(Seat(name, colour, SHAPES[p], bot if bot in levels else None))
    return seats


def is_colour(value: object) -> bool:
    """A ``#rrggbb`` colour, the only form a seat's colour may take (it goes into markup)."""
    return (
        isinstance(value, str)
        and len(value) == 7
        and value[0] == "#"
        and all(c in "0123456789abcdefABCDEF" for c in value[1:])
    )
