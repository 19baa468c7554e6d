"""Pebbles drawn as markup: the nest tiles as SVG (``svg#board``) and the cards as HTML (the
page's table under the board). Pure functions of a :class:`~waddle.games.pebbles.
observation.PebblesView`, never of the state, so what a seat may not see cannot reach the
page.

Each tile is one ``<g>`` with the public hooks (docs/web-hooks.md, "Pebbles"):
``data-hex="q,r"`` and ``data-tile="n"``, ``data-territory`` (its territory's index),
``data-pebbles``, ``data-penguins`` (each player's count, comma-separated),
``data-controlled-by`` (the players who control it now, comma-separated, empty if none),
``data-legal`` where a click does something now, ``data-moving`` under the penguin being
moved, ``data-last`` on each tile the last turn changed (given its :class:`~waddle.games.
pebbles.turns.TurnMarks`; else the tile of the last decision that named one).

Territories show by colour *and* pattern (stripes, dots, checks, waves) and a thicker
edge where two territories meet; pathways are dashed lines between the tiles they join,
around the board's rim, with a lettered token on each tile; penguins are their seat's
shape and colour with their count inside; a gold disc behind a player's token marks each
player who controls the tile.

The last turn's changes are marked: a ring where a penguin or a pebble was put, and an
arrow from the tile a penguin set out from to where it ended, step by step.

Cards are HTML (``[data-card="7S"]``): the number, the suit's own symbol (SVG,
:mod:`~waddle.games.pebbles.symbols`) and the suit's name, which is its power's name, so a
suit never rests on its colour; what each power does is one disclosure
(:func:`powers_legend`), not printed on every card.

>>> from waddle.games.pebbles.record import new_record
>>> board = board_svg(new_record(4, seed=1).start().view(0))
>>> board.markup.count("data-tile="), board.markup.count("pathway-end")
(13, 4)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from html import escape

from waddle.core import hexgrid
from waddle.core.hexgrid import Hex
from waddle.games.pebbles.cards import SUITS, Card, Suit
from waddle.games.pebbles.layout import Layout
from waddle.games.pebbles.observation import PebblesView
from waddle.games.pebbles.symbols import suit_icon
from waddle.games.pebbles.turns import TurnMarks
from waddle.ui.markup import BoardSvg, circle, last_move_ring, pt, token_markup
from waddle.ui.seats import Seat, default_seats

SIZE = 44.0
"""A tile's circumradius in SVG units: room for its number, four players' penguins and
its pebbles."""
TARGET_UNITS = math.sqrt(3) * SIZE
"""A tile across its flats: what a player taps."""

TERRITORY_LOOKS = (
    ("#cfe9c3", "stripes", "diagonal stripes"),
    ("#f6e0ae", "dots", "dots"),
    ("#ded3f1", "checks", "checks"),
    ("#c3e2ee", "waves", "waves"),
)
"""Each territory's fill and pattern, by its index in the layout, and the pattern's name
in words (the territories panel names it, so that a territory never rests on colour)."""

PATHWAY_LOOKS = (("#b35c00", "A"), ("#6a1b9a", "B"))
"""Each pathway pair's colour and the letter on its tokens (two pairs in the box)."""

_PATTERN_INK = "#2d3b45"


def pattern_defs(prefix: str) -> str:
    """``<defs>`` with one pattern per territory look, ids ``{prefix}-t{k}``."""
    parts = []
    for k, (fill, kind, _) in enumerate(TERRITORY_LOOKS):
        ink = f'stroke="{_PATTERN_INK}" stroke-opacity="0.28"'
        if kind == "stripes":
            body = f'<line x1="0" y1="0" x2="0" y2="9" {ink} stroke-width="2.4"/>'
            extra = ' patternTransform="rotate(45)"'
        elif kind == "dots":
            body = f'<circle cx="4.5" cy="4.5" r="1.6" fill="{_PATTERN_INK}" fill-opacity="0.3"/>'
            extra = ""
        elif kind == "checks":
            body = (
                f'<rect x="0" y="0" width="4.5" height="4.5" fill="{_PATTERN_INK}" '
                'fill-opacity="0.13"/><rect x="4.5" y="4.5" width="4.5" height="4.5" '
                f'fill="{_PATTERN_INK}" fill-opacity="0.13"/>'
            )
            extra = ""
        else:
            body = f'<path d="M0 6q2.25-3 4.5 0t4.5 0" fill="none" {ink} stroke-width="1.4"/>'
            extra = ""
        parts.append(
            f'<pattern id="{prefix}-t{k}" width="9" height="9" patternUnits="userSpaceOnUse"'
            f'{extra}><rect width="9" height="9" fill="{fill}"/>{body}</pattern>'
        )
    return f"<defs>{''.join(parts)}</defs>"


def territory_swatch(k: int) -> str:
    """A small picture of territory ``k``'s colour and pattern, for the panels."""
    prefix = f"pbs{k}"
    return (
        f'<svg class="swatch" viewBox="0 0 18 18" width="18" height="18" aria-hidden="true">'
        f'{pattern_defs(prefix)}<rect x="1" y="1" width="16" height="16" rx="2" '
        f'fill="url(#{prefix}-t{k % len(TERRITORY_LOOKS)})" stroke="#2d3b45"/></svg>'
    )


# -- the layout's fixed drawing, built once per layout ---------------------------------------------


@dataclass(frozen=True)
class _Static:
    view_box: str
    centres: tuple[tuple[float, float], ...]
    shapes: tuple[str, ...]
    """Each tile's hexagon, filled with its territory's pattern (``{prefix}`` to fill in)."""
    edges: str
    """Thick lines where tiles of two territories (or a tile and the outside) meet."""
    pathways: str
    pebble_at: tuple[float, ...]
    """Each tile's pebbles, as an x offset from its centre: away from a pathway token on
    the tile's lower half."""
    routes: tuple[str, ...] = ()
    """Each pathway's line (an SVG path), in the layout's order."""


@cache
def _static(layout: Layout) -> _Static:
    hexes = [t.hex for t in layout.tiles]
    centres = tuple(hexgrid.to_pixel(h, SIZE) for h in hexes)
    shapes = []
    for i, tile in enumerate(layout.tiles):
        corners = hexgrid.corners_around(centres[i], SIZE * 0.96)
        look = tile.territory % len(TERRITORY_LOOKS)
        shapes.append(
            f'<polygon class="tile-shape" points="{" ".join(pt(x, y) for x, y in corners)}" '
            f'fill="url(#{{prefix}}-t{look})"/>'
        )
    edges = territory_edges({t.hex: t.territory for t in layout.tiles})
    xs = [x for h in hexes for x, _ in hexgrid.corners(h, SIZE)]
    ys = [y for h in hexes for _, y in hexgrid.corners(h, SIZE)]
    middle = (sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres))
    rim = max(math.hypot(x - middle[0], y - middle[1]) for x, y in centres) + SIZE * 1.05
    pathway_parts = []
    routes = []
    pebble_at = [-7.0] * len(layout.tiles)
    for k, (a, b) in enumerate(layout.pathways):
        path, ends, points = pathway_route(
            centres[layout.index[a]], centres[layout.index[b]], middle, rim + 9.0 * k
        )
        routes.append(path)
        xs += [x for x, _ in points]
        ys += [y for _, y in points]
        for tile, (x, y) in zip((a, b), ends, strict=True):
            i = layout.index[tile]
            dx, dy = x - centres[i][0], y - centres[i][1]
            if dy > 8:  # a token low on the tile: the pebbles go to the other side
                pebble_at[i] = 4.0 if dx < 0 else -16.0
        pathway_parts.append(pathway_svg(k, f"{a}-{b}", path, ends))
    pad = 8.0
    view_box = (
        f"{min(xs) - pad:.1f} {min(ys) - pad:.1f} "
        f"{max(xs) - min(xs) + 2 * pad:.1f} {max(ys) - min(ys) + 2 * pad:.1f}"
    )
    return _Static(
        view_box,
        centres,
        tuple(shapes),
        edges,
        "".join(pathway_parts),
        tuple(pebble_at),
        tuple(routes),
    )


def tile_centres(layout: Layout) -> tuple[tuple[float, float], ...]:
    """Each tile's centre on the board drawing, in tile order (for a study's marks)."""
    return _static(layout).centres


def pathway_routes(layout: Layout) -> tuple[str, ...]:
    """Each pathway's line on the board drawing (an SVG path), in the layout's order."""
    return _static(layout).routes


def territory_edges(where: Mapping[Hex, int]) -> str:
    """Thick lines where tiles of two territories meet, or a tile and the outside (tile
    hex → territory): what tells the territories apart besides their patterns."""
    parts = []
    for h, territory in where.items():
        corners = hexgrid.corners(h, SIZE)
        for e, direction in enumerate(hexgrid.EDGE_DIRECTIONS):
            other = where.get(hexgrid.add(h, direction))
            if other == territory:
                continue
            if other is not None and other < territory:
                continue  # a shared edge is drawn once
            (x1, y1), (x2, y2) = corners[e], corners[(e + 1) % 6]
            parts.append(f"M{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}")
    return f'<path class="territory-edge" d="{"".join(parts)}"/>'


def pathway_svg(k: int, hook: str, path: str, ends: Sequence[tuple[float, float]]) -> str:
    """The ``k``-th pathway (``data-pathway="a-b"``): its line in its pair's colour and a
    lettered token at each end (:data:`PATHWAY_LOOKS`)."""
    colour, letter = PATHWAY_LOOKS[k % len(PATHWAY_LOOKS)]
    tokens = "".join(
        f'<g class="pathway-end">{circle("pathway-token", x, y, 9.0)}'
        f'<text class="pathway-letter" x="{x:.1f}" y="{y + 4.1:.1f}" '
        f'text-anchor="middle">{letter}</text></g>'
        for x, y in ends
    )
    return (
        f'<g class="pathway" data-pathway="{hook}" style="--pathway:{colour}">'
        f'<path class="pathway-line" d="{path}"/>{tokens}</g>'
    )


def pathway_route(
    a: tuple[float, float], b: tuple[float, float], middle: tuple[float, float], radius: float
) -> tuple[str, list[tuple[float, float]], list[tuple[float, float]]]:
    """A pathway's line: out from tile ``a`` away from the board's ``middle``, around the
    board at ``radius`` (the shorter way), and in to tile ``b``, so it never runs over the
    tiles between (the layouts put pathways on tiles at the rim). Returns the SVG path, the
    two token places (on the tiles' outer sides) and points along it (for the picture's
    bounds)."""
    angles = [math.atan2(p[1] - middle[1], p[0] - middle[0]) for p in (a, b)]
    ends = [
        (p[0] + math.cos(t) * SIZE * 0.84, p[1] + math.sin(t) * SIZE * 0.84)
        for p, t in zip((a, b), angles, strict=True)
    ]
    turn = (angles[1] - angles[0] + math.pi) % (2 * math.pi) - math.pi
    out = [(middle[0] + math.cos(t) * radius, middle[1] + math.sin(t) * radius) for t in angles]
    sweep = 1 if turn > 0 else 0
    path = (
        f"M{ends[0][0]:.1f} {ends[0][1]:.1f}L{out[0][0]:.1f} {out[0][1]:.1f}"
        f"A{radius:.1f} {radius:.1f} 0 0 {sweep} {out[1][0]:.1f} {out[1][1]:.1f}"
        f"L{ends[1][0]:.1f} {ends[1][1]:.1f}"
    )
    points = [
        (
            middle[0] + math.cos(angles[0] + turn * i / 16) * radius,
            middle[1] + math.sin(angles[0] + turn * i / 16) * radius,
        )
        for i in range(17)
    ]
    return path, ends, points


# -- the board -------------------------------------------------------------------------------------


# Where each player's penguins stand on a tile, as offsets from its centre (up to four).
_PENGUIN_AT = ((-12.0, -4.0), (12.0, -4.0), (-12.0, 14.0), (12.0, 14.0))
TOKEN_RADIUS = 8.5
"""A penguin token's radius: room for its count in board text (see :data:`TEXT_SIZES`)."""
TEXT_SIZES = {
    "tile-number": 15.0,
    "token-label": 11.5,
    "pebble-count": 12.0,
    "pathway-letter": 11.5,
}
"""Each text of the board, in SVG units (board.css sets them): a phone draws the largest
layout at about 1.03 CSS px a unit, so none is under 11 CSS px there."""


def board_svg(
    view: PebblesView,
    seats: Sequence[Seat] | None = None,
    *,
    clicks: Mapping[int, str] | None = None,
    prefix: str = "pb",
    marks: TurnMarks | None = None,
) -> BoardSvg:
    """The tiles of ``view``: territories, pathways, penguins, pebbles, who controls what.

    ``clicks`` maps the tiles a click acts on now to what it does in words ("place a
    penguin here"): they get ``data-legal`` and become buttons. ``prefix`` keeps the
    patterns' ids apart when two boards share a page (the chooser's picture). ``marks``
    are what the last turn changed, marked on the board (without them, the tile of the
    last decision that named one).
    """
    seats = list(seats or default_seats(view.players))
    layout = view.layout
    static = _static(layout)
    clicks = clicks or {}
    if marks is None:
        last = view.last_tile
        marks = TurnMarks(placed=(last,)) if last is not None else TurnMarks()
    changed = marks.tiles
    ringed = {*marks.placed, *marks.pebbles}
    moving = view.turn.moving.tile if view.turn.moving is not None else None
    parts = [pattern_defs(prefix)]
    tile_marks: list[str] = []
    for i, tile in enumerate(layout.tiles):
        cx, cy = static.centres[i]
        number = tile.number
        counts = view.penguins[i]
        controllers = view.tile_control[i]
        attrs = (
            f'data-hex="{tile.q},{tile.r}" data-tile="{number}" '
            f'data-territory="{tile.territory}" data-pebbles="{view.pebbles[i]}" '
            f'data-penguins="{",".join(map(str, counts))}" '
            f'data-controlled-by="{",".join(map(str, controllers))}"'
        )
        inner = [static.shapes[i].replace("{prefix}", prefix)]
        # What is drawn on the tile (its number, penguins, pebbles) says what its label says
        # in words: a layer above the tiles, hidden from screen readers, that clicks pass
        # through (the tile's accessible name is its label alone).
        pebbles = _pebbles(view.pebbles[i], cx + static.pebble_at[i], cy)
        tile_marks.append(
            f'<g class="tile-marks" aria-hidden="true"><text class="tile-number" x="{cx:.1f}" '
            f'y="{cy - 19:.1f}" text-anchor="middle">{number}</text>'
            f"{_penguins(counts, controllers, seats, cx, cy)}{pebbles}</g>"
        )
        if number in changed:
            attrs += ' data-last="true"'
        if number in ringed:
            inner.append(last_move_ring(cx, cy, SIZE * 0.98))
        if number == moving:
            attrs += ' data-moving="true"'
            inner.append(circle("moving-ring", cx, cy, SIZE * 0.7))
        doing = clicks.get(number)
        label = escape(_tile_label(view, seats, i, doing, _changes_here(marks, number)))
        if doing is not None:
            attrs += f' data-legal="true" role="button" tabindex="0" aria-label="{label}"'
        else:
            attrs += f' role="img" aria-label="{label}"'
        parts.append(f'<g class="tile" {attrs}>{"".join(inner)}</g>')
    parts.append(static.edges)
    # The arrows under the tiles' numbers, penguins and pebbles: a long one crosses tiles
    # on its way, and what they say stays on top (the numbers on a halo).
    parts.append(_move_arrows(marks, layout, static.centres))
    parts.extend(tile_marks)
    parts.append(static.pathways)
    return BoardSvg("".join(parts), static.view_box, TARGET_UNITS)


def _move_arrows(marks: TurnMarks, layout: Layout, centres: Sequence[tuple[float, float]]) -> str:
    """An arrow for each penguin the last turn moved, from the tile it set out from
    through each tile it stepped to, on a white halo so it reads on every territory's
    pattern. Its ends stop beyond the tokens round a tile's centre, so a step to the
    next tile is an arrow across their shared edge and hides no count, and further where
    it would start or end on the tile's number (a jump along a pathway straight up or
    down); drawn under the tiles' numbers and tokens, which it crosses on a long way."""
    arrows = []
    for _, start, path in marks.moves:
        stops = (start, *path)
        tiles = [t for k, t in enumerate(stops) if k == 0 or t != stops[k - 1]]
        if len(tiles) < 2:
            continue
        anchors = [centres[layout.index[t]] for t in tiles]
        first, last = (_number_box(centres[layout.index[t]], t) for t in (tiles[0], tiles[-1]))
        points = list(anchors)
        points[0] = _clear_of(anchors[0], anchors[1], first, shaft=True)
        points[-1] = _clear_of(anchors[-1], anchors[-2], last, shaft=False)
        head = _arrow_head(points[-2], points[-1], 11.0)
        # The shaft stops inside the head, so its round end never shows past the tip.
        shaft = [*points[:-1], _towards(points[-1], points[-2], 7.0)]
        d = "M" + "L".join(f"{x:.1f} {y:.1f}" for x, y in shaft)
        arrows.append(
            f'<path class="move-arrow-halo" d="{d}"/><path class="move-arrow" d="{d}"/>'
            f'<polygon class="move-arrow-head" points="{head}"/>'
        )
    if not arrows:
        return ""
    return f'<g class="last-turn" aria-hidden="true">{"".join(arrows)}</g>'


def _number_box(centre: tuple[float, float], number: int) -> tuple[float, float, float, float]:
    """Where a tile's number is drawn (left, top, right, bottom), with a little room: bold
    digits about 0.64 em wide and 0.75 em high, the foot 19 units above the centre."""
    size = TEXT_SIZES["tile-number"]
    half = 0.32 * size * len(str(number)) + 2
    cx, cy = centre
    return cx - half, cy - 19 - 0.75 * size - 2, cx + half, cy - 19 + 2


def _clear_of(
    anchor: tuple[float, float],
    towards: tuple[float, float],
    box: tuple[float, float, float, float],
    shaft: bool,
) -> tuple[float, float]:
    """An arrow's end in the tile of ``anchor``, on the way to ``towards``: past the tokens
    round the centre (0.55 of a tile's size), and further while it (the shaft's first
    units, or the head of 11 units) would lie on the tile's number ``box``."""

    def on_box(x: float, y: float) -> bool:
        return box[0] < x < box[2] and box[1] < y < box[3]

    for by in range(round(SIZE * 0.55), round(SIZE * 1.25)):
        end = _towards(anchor, towards, by)
        if shaft:
            near = [_towards(end, towards, k) for k in range(0, 12, 2)]
        else:
            head = [
                tuple(map(float, p.split(","))) for p in _arrow_head(towards, end, 11.0).split()
            ]
            near = [end, *head, ((head[1][0] + head[2][0]) / 2, (head[1][1] + head[2][1]) / 2)]
        if not any(on_box(x, y) for x, y in near):
            return end
    return _towards(anchor, towards, SIZE * 0.55)


def _towards(a: tuple[float, float], b: tuple[float, float], by: float) -> tuple[float, float]:
    """The point ``by`` units from ``a`` on the way to ``b``."""
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    return (a[0] + (b[0] - a[0]) * by / length, a[1] + (b[1] - a[1]) * by / length)


def _arrow_head(a: tuple[float, float], b: tuple[float, float], size: float) -> str:
    """A triangle pointing from ``a`` to ``b``, its tip at ``b``."""
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    left = angle + math.radians(150)
    right = angle - math.radians(150)
    corners = [
        b,
        (b[0] + size * math.cos(left), b[1] + size * math.sin(left)),
        (b[0] + size * math.cos(right), b[1] + size * math.sin(right)),
    ]
    return " ".join(pt(x, y) for x, y in corners)


def _changes_here(marks: TurnMarks, number: int) -> str:
    """What the last turn changed on tile ``number``, in words for its label."""
    said = []
    if number in marks.placed:
        said.append("a penguin put here last turn")
    if number in marks.pebbles:
        said.append("a pebble put here last turn")
    for _, start, path in marks.moves:
        if start == number and path[-1] != number:
            said.append(f"a penguin left here for tile {path[-1]} last turn")
        if path[-1] == number and start != number:
            said.append(f"a penguin came here from tile {start} last turn")
    return ", ".join(said)


def _penguins(
    counts: Sequence[int], controllers: Sequence[int], seats: Sequence[Seat], cx: float, cy: float
) -> str:
    out = []
    slot = 0
    for p, count in enumerate(counts):
        if not count:
            continue
        dx, dy = _PENGUIN_AT[slot % len(_PENGUIN_AT)]
        slot += 1
        x, y = cx + dx, cy + dy
        if p in controllers:
            out.append(circle("control-ring", x, y, TOKEN_RADIUS + 3.5))
        seat = seats[p]
        out.append(token_markup(seat.shape, seat.colour, x, y, TOKEN_RADIUS, str(count)))
    return "".join(out)


def _pebbles(count: int, x: float, cy: float) -> str:
    """The tile's pebbles: one drawn, then how many, from ``x``."""
    if not count:
        return ""
    y = cy + 30
    return (
        f'<ellipse class="pebble" cx="{x:.1f}" cy="{y:.1f}" rx="5.5" ry="4"/>'
        f'<text class="pebble-count" x="{x + 8:.1f}" y="{y + 4.2:.1f}">{count}</text>'
    )


def _tile_label(
    view: PebblesView, seats: Sequence[Seat], i: int, doing: str | None, changes: str
) -> str:
    """What a screen reader says of a tile: its number, territory, pebbles, penguins, who
    controls it, and what a click does."""
    layout = view.layout
    tile = layout.tiles[i]
    parts = [f"tile {tile.number}", layout.territories[tile.territory].name]
    pebbles = view.pebbles[i]
    parts.append(f"{pebbles} pebble{'s' if pebbles != 1 else ''}" if pebbles else "no pebbles")
    penguins = [
        f"{seats[p].name} {n} penguin{'s' if n != 1 else ''}"
        for p, n in enumerate(view.penguins[i])
        if n
    ]
    parts.append(", ".join(penguins) if penguins else "no penguins")
    controllers = view.tile_control[i]
    if controllers:
        parts.append("controlled by " + " and ".join(seats[p].name for p in controllers))
    if view.turn.moving is not None and view.turn.moving.tile == tile.number:
        parts.append(f"{seats[view.turn.moving.owner].name}'s penguin moving from here")
    if changes:
        parts.append(changes)
    if doing:
        parts.append(doing)
    return ", ".join(parts)


# -- cards -----------------------------------------------------------------------------------------


def suit_class(suit: Suit) -> str:
    return f"suit-{suit.name.lower()}"


def card_html(card: Card, control: str | None = None, doing: str = "", last: bool = False) -> str:
    """One face-up card: its number, its suit's symbol and name (the power's name). With
    ``control`` it is a button (``data-control``, ``data-legal``) whose click does
    ``doing``. Its accessible name is what it shows, "7 of Court", then the click.

    >>> from waddle.games.pebbles.cards import parse_card
    >>> html = card_html(parse_card("7C"), "card-7C", "play it")
    >>> html.startswith('<button type="button" class="card suit-court" data-card="7C"')
    True
    >>> "♥" in html, "put 1 of your penguins" in html  # the rule is in the legend
    (False, False)
    """
    suit = card.suit
    face = (
        f'<span class="card-number">{card.number}</span>{suit_icon(suit, 18)}'
        f'<span class="card-suit"><span class="visually-hidden">of </span>{suit.name}</span>'
    )
    attrs = f'class="card {suit_class(suit)}" data-card="{card}" data-suit="{suit.name.lower()}"'
    if last:
        attrs += ' data-last="true"'
    if control is None:
        return f"<span {attrs}>{face}</span>"
    said = f'<span class="visually-hidden">: {escape(doing)}</span>' if doing else ""
    return (
        f'<button type="button" {attrs} data-control="{control}" data-legal="true">'
        f"{face}{said}</button>"
    )


def mini_card_html(card: Card, hook: bool = True) -> str:
    """A card small, its number and symbol: another player's known card, or every hand
    of a finished game. Said as "7 of Court". Without ``hook`` it has no ``data-card``
    (the deck's known cards, which are in no hand and not face up)."""
    suit = card.suit
    attrs = f' data-card="{card}"' if hook else ""
    return (
        f'<span class="card card-mini {suit_class(suit)}"{attrs} '
        f'data-suit="{suit.name.lower()}"><span class="card-number">{card.number}</span>'
        f'{suit_icon(suit, 14)}<span class="visually-hidden"> of {suit.name}</span></span>'
    )


def suit_name(suit: Suit) -> str:
    """A suit as markup: its symbol, then its name ("Court")."""
    return f'<span class="suit-name {suit_class(suit)}">{suit_icon(suit, 15)}{suit.name}</span>'


def powers_legend() -> str:
    """What each suit's power does, one disclosure for the whole table (``<details>``
    with an id, so the page keeps it open across moves), rather than on every card."""
    items = "".join(
        f'<div class="power {suit_class(suit)}"><dt>{suit_icon(suit, 16)}'
        f"<strong>{suit.name}</strong></dt><dd>{escape(_capital(suit.power))}.</dd></div>"
        for suit in SUITS
    )
    return (
        '<details class="powers" id="pebbles-powers"><summary>What the suits do</summary>'
        f'<dl class="powers-list">{items}</dl></details>'
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
