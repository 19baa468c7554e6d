"""A study's marks on a game of Pebbles: tiles and pathways highlighted on the board,
arrows between tiles, and cards marked on the table under it.

The places are :func:`waddle.games.pebbles.link.places`: a tile by its hex (``"q,r"``,
its ``data-hex``), a pathway as ``"pathway:7-12"`` (its ``data-pathway``), a card as
``"card:7C"`` (its ``data-card``). A card is named by what it is, so a mark follows it
from a hand to the trick and the discards; it is drawn wherever the viewer sees that card
on the table, and nowhere when they do not (a hand face down): its name is never said
either, so a mark cannot tell a hidden card.

>>> from waddle.games.pebbles.record import new_record
>>> view = new_record(2, seed=1).start().view(0)
>>> svg = draw_marks(view, ["1,0", "pathway:7-12", "card:7S"], [("1,0", "0,1")])
>>> svg.count("data-mark="), 'data-arrow="1,0&gt;0,1"' in svg
(2, True)
>>> place_words(view, "pathway:7-12"), place_words(view, "card:12L")
('the pathway between tiles 7 and 12', 'the 12 of Collect')
"""

from __future__ import annotations

from collections.abc import Sequence

from waddle.core import hexgrid
from waddle.games.pebbles.cards import parse_card
from waddle.games.pebbles.observation import PebblesView
from waddle.games.pebbles.view import SIZE, pathway_routes, tile_centres
from waddle.ui.marks import (
    arrow_svg,
    mark_elements,
    mark_svg,
    marks_overlay,
    parse_hex,
    path_mark_svg,
)


def place_words(view: PebblesView, place: str) -> str:
    """A place as players name it: "tile 7", "the pathway between tiles 7 and 12", "the
    7 of Court" (the place itself when it is none of these)."""
    layout = view.layout
    h = parse_hex(place)
    if h is not None:
        for tile in layout.tiles:
            if tile.hex == h:
                return f"tile {tile.number}"
        return place
    kind, _, value = place.partition(":")
    if kind == "pathway":
        a, _, b = value.partition("-")
        return f"the pathway between tiles {a} and {b}"
    if kind == "card":
        try:
            return f"the {parse_card(value).describe()}"
        except ValueError:
            return value
    return place


def draw_marks(view: PebblesView, marks: Sequence[str], arrows: Sequence[tuple[str, str]]) -> str:
    """The overlay over :func:`~waddle.games.pebbles.view.board_svg`: a ring on each
    marked tile, a highlight along each marked pathway, an arrow for each pair of tiles
    (cards are marked on the table: :func:`mark_table`)."""
    layout = view.layout
    centres = tile_centres(layout)
    tile_at = {t.hex: i for i, t in enumerate(layout.tiles)}
    names = [f"pathway:{a}-{b}" for a, b in layout.pathways]
    routes = dict(zip(names, pathway_routes(layout), strict=True))
    parts: list[str] = []
    said: list[str] = []
    for place in marks:
        h = parse_hex(place)
        if h is not None and h in tile_at:
            # Just outside the tile's outline: inside it the ring crossed the pebble
            # count and the pathway letters, which run close to the edge.
            ring = hexgrid.corners_around(centres[tile_at[h]], 1.04 * SIZE)
            parts.append(mark_svg(place, ring))
        elif place in routes:
            parts.append(path_mark_svg(place, routes[place]))
        else:
            continue
        said.append(place_words(view, place))
    said_arrows: list[str] = []
    for src, dst in arrows:
        a, b = parse_hex(src), parse_hex(dst)
        if a not in tile_at or b not in tile_at or a == b:
            continue
        parts.append(arrow_svg(src, dst, centres[tile_at[a]], centres[tile_at[b]], SIZE))
        said_arrows.append(f"from {place_words(view, src)} to {place_words(view, dst)}")
    return marks_overlay(parts, said, said_arrows)


def mark_table(view: PebblesView, table: str, marks: Sequence[str]) -> str:
    """The table's markup with each marked card marked where it is drawn."""
    cards = [m for m in marks if m.startswith("card:")]
    if not cards:
        return table
    return mark_elements(table, cards, {m: place_words(view, m) for m in cards})
