"""A study's marks on a game of Waddle Waddle: rookeries highlighted on the map, arrows
between rookeries (a nest moved, fish moved by the Shark), and cards marked on the table.

The places are :func:`waddle.games.waddle_waddle.link.places`: a rookery by its id (its
``data-hex``, ``"crozet"``), a card as ``"card:Ki3"`` (its ``data-card``). The game has
two of most cards: a card mark names a card by what it is (the King 3), and marks every
copy the viewer sees on the table; none the viewer may not see (a hand face down) is
drawn or named, so a mark cannot tell a hidden card.

>>> from waddle.games.waddle_waddle.record import new_record
>>> view = new_record(3, seed=1).start().view(0)
>>> svg = draw_marks(view, ["crozet", "card:Ki3"], [("crozet", "georgia")])
>>> svg.count("data-mark="), 'data-arrow="crozet&gt;georgia"' in svg
(1, True)
>>> place_words(view, "crozet"), place_words(view, "card:Ki3")
('Crozet Islands', 'King 3')
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from waddle.games.waddle_waddle.link import CARD_CODES
from waddle.games.waddle_waddle.observation import View
from waddle.games.waddle_waddle.view import BOX_H, BOX_W, PLACES, card_words
from waddle.ui.marks import arrow_svg, mark_elements, mark_svg, marks_overlay

_ARROW_SIZE = 30.0


def _centre(rookery: str) -> tuple[float, float]:
    x, y = PLACES[rookery]
    return x + BOX_W / 2, y + BOX_H / 2


def _edge(rookery: str, inside: tuple[float, float], towards: tuple[float, float]):
    """Where the line from ``inside`` (the box's centre) to ``towards`` leaves the box.

    >>> _edge("crozet", (100.0, 50.0), (400.0, 50.0)) == (100.0 + BOX_W / 2, 50.0)
    True
    """
    (x1, y1), (x2, y2) = inside, towards
    dx, dy = x2 - x1, y2 - y1
    scale = min(
        (BOX_W / 2) / abs(dx) if dx else math.inf,
        (BOX_H / 2) / abs(dy) if dy else math.inf,
    )
    return x1 + dx * scale, y1 + dy * scale


def place_words(view: View, place: str) -> str:
    """A place as players name it: the rookery's name, a card in words ("King 3")."""
    for r in view.rookeries:
        if r.id == place:
            return r.name
    kind, _, value = place.partition(":")
    if kind == "card" and value in CARD_CODES:
        return card_words(value)
    return place


def draw_marks(view: View, marks: Sequence[str], arrows: Sequence[tuple[str, str]]) -> str:
    """The overlay over the map: a ring inside each marked rookery's box, an arrow for
    each pair of rookeries (cards are marked on the table: :func:`mark_table`)."""
    parts: list[str] = []
    said: list[str] = []
    for place in marks:
        if place not in PLACES:
            continue
        x, y = PLACES[place]
        # On the box's own border, not inside it: the title, the species and the threat
        # slots run to a few units from the edge, and the ring must not cross them.
        ring = [(x - 1, y - 1), (x + BOX_W + 1, y - 1), (x + BOX_W + 1, y + BOX_H + 1),
                (x - 1, y + BOX_H + 1)]  # fmt: skip
        parts.append(mark_svg(place, ring))
        said.append(place_words(view, place))
    said_arrows: list[str] = []
    for src, dst in arrows:
        if src not in PLACES or dst not in PLACES or src == dst:
            continue
        a, b = _centre(src), _centre(dst)
        # From box edge to box edge: drawn from the centres, the shaft would cross the
        # boxes' titles and species badges.
        parts.append(arrow_svg(src, dst, _edge(src, a, b), _edge(dst, b, a), _ARROW_SIZE))
        said_arrows.append(f"from {place_words(view, src)} to {place_words(view, dst)}")
    return marks_overlay(parts, said, said_arrows)


def mark_table(view: View, table: str, marks: Sequence[str]) -> str:
    """The table's markup with every copy of each marked card marked where it is drawn."""
    cards = [m for m in marks if m.startswith("card:")]
    if not cards:
        return table
    return mark_elements(table, cards, {m: place_words(view, m) for m in cards})
