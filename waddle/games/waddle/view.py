"""Waddle positions drawn as SVG markup: pure functions, so CPython tests reach them.

The browser sets the result as the content of ``svg#board``. Each hex is one ``<g>`` with
the page's public hooks (see the project's web hooks design note): ``data-hex="q,r"``,
``data-kind``, ``data-number`` on numbered water, ``data-active``, ``data-legal``,
``data-owner`` and ``data-token``; beyond those, ``data-last="true"`` marks the penguin placed
by the last action (a ring round it, a single or a double), so a move made by someone else
(a computer, a step in an embedded replay) can be seen, and after a scout, which places
nothing, a badge beside the active pool (``[data-last-scout="p"]``) shows who scouted.
Every place's ``aria-label`` names it as the board shows it (:mod:`.places`).

>>> from waddle.games.waddle import new_game
>>> markup = board_svg(new_game(3, seed=1)).markup
>>> markup.count('data-active="true"')
1
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from waddle.core import hexgrid
from waddle.core.hexgrid import Hex
from waddle.games.waddle.board import Board
from waddle.games.waddle.places import place_name
from waddle.games.waddle.state import EMPTY, WaddleState
from waddle.ui.markup import HEX_SIZE, BoardSvg, last_move_ring, pt, token_markup
from waddle.ui.seats import Seat, default_seats

TARGET_UNITS = math.sqrt(3) * HEX_SIZE
"""A hex across its flats: the smallest thing a player taps on this board."""


def _circle(cls: str, cx: float, cy: float, r: float) -> str:
    return f'<circle class="{cls}" cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}"/>'


THIN = "\u2009"
"""Between a water hex's fish values: a thin space, so that three of them fit in a hex."""


def _fish_label(fish: tuple[int, ...]) -> str:
    return THIN.join(str(f) for f in fish)


# The board's text, in SVG units: at least 14.5, so that on a 390 px phone, where the board
# is drawn at no less than 0.77 CSS px a unit (smaller, and the page zooms it for fingers),
# nothing on it is under 11 CSS px. board.css sets the same sizes.
NUMBER_UNITS = 17.0
FISH_UNITS = 14.5
_DIGIT, _THIN, _ICON = 0.7 * FISH_UNITS, 0.2 * FISH_UNITS, 12.5
"""A bold digit's width (DejaVu Sans Bold, Debian's system-ui, the widest), a thin
space's, and the fish drawn before the values with its gap: for centring the line."""


def _water_text(number: int | None, fish: tuple[int, ...], cx: float, cy: float) -> str:
    """A water hex's number above its fish (a fish drawn, then their values: "3 2")."""
    out = ""
    if number is not None:
        out += (
            f'<text x="{cx:.1f}" y="{cy - 4:.1f}" class="number" '
            f'text-anchor="middle">{number}</text>'
        )
    if fish:
        label = _fish_label(fish)
        digits = sum(len(str(f)) for f in fish)
        width = _ICON + _DIGIT * digits + _THIN * (len(fish) - 1)
        x, y = cx - width / 2, cy + (14 if number is not None else 5)
        out += (
            f'<path class="fish-icon" d="M{x:.1f} {y - 5:.1f}'
            f'q4.5 -4.5 8 0q-3.5 4.5 -8 0zm8 0l3 -3v6z"/>'
            f'<text x="{x + _ICON:.1f}" y="{y:.1f}" class="fish">{label}</text>'
        )
    return out


@dataclass(frozen=True)
class _Static:
    """The parts of a board's drawing that never change during a game, built once."""

    view_box: str
    centres: tuple[tuple[float, float], ...]
    attrs: tuple[str, ...]
    """``data-hex``, ``data-kind`` and ``data-number`` of each hex."""
    shapes: tuple[str, ...]
    """Each hex's polygon, and on water its number and fish."""
    shores: str


_STATIC: weakref.WeakKeyDictionary[Board, _Static] = weakref.WeakKeyDictionary()


def _static(board: Board) -> _Static:
    cached = _STATIC.get(board)
    if cached is not None:
        return cached
    size = HEX_SIZE
    xs: list[float] = []
    ys: list[float] = []
    centres, attrs, shapes, shore_parts = [], [], [], []
    for i, spec in enumerate(board.specs):
        h = spec.hex
        corners = hexgrid.corners(h, size)
        xs.extend(x for x, _ in corners)
        ys.extend(y for _, y in corners)
        cx, cy = hexgrid.to_pixel(h, size)
        centres.append((cx, cy))
        attr = f'data-hex="{h[0]},{h[1]}" data-kind="{spec.kind}"'
        shape = f'<polygon class="hex-shape" points="{" ".join(pt(x, y) for x, y in corners)}"/>'
        if spec.kind == "water":
            if spec.number is not None:
                attr += f' data-number="{spec.number}"'
            shape += _water_text(spec.number, spec.fish, cx, cy)
            # Pool shores: each water edge facing anything but the same pool, so the water
            # hexes of one pool read as a single body of water.
            pool = board.pool_of[i]
            shore_parts.append(_outline_edges(h, size, lambda n, p=pool: _pool_of(board, n) == p))
        attrs.append(attr)
        shapes.append(shape)
    pad = 6.0
    x0, y0 = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    static = _Static(
        f"{x0:.1f} {y0:.1f} {width:.1f} {height:.1f}",
        tuple(centres),
        tuple(attrs),
        tuple(shapes),
        f'<path class="shore" d="{"".join(shore_parts)}"/>',
    )
    _STATIC[board] = static
    return static


def board_svg(
    state: WaddleState,
    seats: list[Seat] | None = None,
    *,
    show_legal: bool = True,
    show_final: bool | None = None,
) -> BoardSvg:
    """The board of ``state``: hexes, pools, penguins, the active marker, legal hexes.

    ``show_final`` (default: when the game is over) outlines every waddle in its owner's
    colour and marks who scored each pool.
    """
    seats = seats or default_seats(state.players)
    board = state.board
    static = _static(board)
    size = HEX_SIZE
    final = state.is_over() if show_final is None else show_final
    legal = set(state.legal_hexes()) if show_legal else set()
    active = state.active_hex
    owner, token = state.owner, state.token
    last_action = state.last_action
    last = None if last_action is None else last_action.hex  # None too after a scout
    near = state.active_number  # places next to the active pool are named from it

    parts: list[str] = []
    for i, spec in enumerate(board.specs):
        h = spec.hex
        cx, cy = static.centres[i]
        attrs = static.attrs[i]
        classes = "hex " + spec.kind
        inner = static.shapes[i]
        is_legal = is_last = False
        if spec.kind == "water":
            if h == active:
                attrs += ' data-active="true"'
                classes += " active"
                inner += _circle("active-marker", cx, cy, size * 0.78)
        else:
            player = owner[i]
            if player != EMPTY:
                seat = seats[player]
                if h == last:
                    is_last = True
                    attrs += ' data-last="true"'
                    inner += last_move_ring(cx, cy, size)
                if token[i] == 2:
                    attrs += f' data-owner="{player}" data-token="double"'
                    inner += token_markup(seat.shape, seat.colour, cx - 7, cy - 6, size * 0.36)
                    inner += token_markup(seat.shape, seat.colour, cx + 6, cy + 6, size * 0.36, "2")
                else:
                    attrs += f' data-owner="{player}" data-token="single"'
                    inner += token_markup(seat.shape, seat.colour, cx, cy, size * 0.42)
            elif h in legal:
                is_legal = True
                attrs += ' data-legal="true"'
                classes += " legal"
                inner += _circle("legal-dot", cx, cy, size * 0.22)
        label = _hex_label(state, seats, i, is_legal, near) + (", last move" if is_last else "")
        if is_legal:  # focusable and pressable: keyboard and screen-reader play
            attrs += f' role="button" tabindex="0" aria-label="{escape(label)}"'
        else:
            attrs += f' role="img" aria-label="{escape(label)}"'
        parts.append(f'<g class="{classes}" {attrs}>{inner}</g>')
    parts.append(static.shores)
    if last_action is not None and last_action.is_scout and active is not None:
        parts.append(_scout_badge(state, seats, static))
    if final:
        parts.append(_final_overlays(state, seats, size))
    return BoardSvg("".join(parts), static.view_box, TARGET_UNITS)


def _hex_label(state: WaddleState, seats: list[Seat], i: int, legal: bool, near: int | None) -> str:
    """What a screen reader says for hex ``i``: its name as the board shows it (see
    :mod:`waddle.games.waddle.places`), then what is on it, e.g. "the ice north-east of
    pool 7, empty, you can place here"; "pool 7, fish 3 2, active"."""
    spec = state.board.specs[i]
    where = place_name(state.board, spec.hex, near=near)
    if spec.kind == "water":
        parts = [where]
        if spec.fish:
            parts.append("fish " + " ".join(map(str, spec.fish)))
        if spec.hex == state.active_hex:
            parts.append("active")
        return ", ".join(parts)
    player = state.owner[i]
    if player != EMPTY:
        kind = "double token (two penguins)" if state.token[i] == 2 else "penguin"
        return f"{where}, {seats[player].name}'s {kind}"
    return f"{where}, empty" + (", you can place here" if legal else "")


SCOUT_BADGE = (98.0, 26.0)
"""The "scouted" badge's width and height, in SVG units."""


def _scout_badge(state: WaddleState, seats: list[Seat], static: _Static) -> str:
    """After a scout, which places nothing: a badge beside the active pool with the
    scout's token and "scouted", over the neighbour it hides least of (off the map, then
    water, then a penguin; an empty ice hex, where the next penguin may go, last)."""
    board = state.board
    player = state.tracks[1 - state.active_track][-1]  # a scout joins the other track's end
    seat = seats[player]
    active = state.active_hex
    assert active is not None
    frame = tuple(float(v) for v in static.view_box.split())

    def cost(k: int) -> tuple[int, int]:
        i = board.index.get(hexgrid.add(active, hexgrid.DIRECTIONS[k]))
        if i is None:
            rank = 0 if _badge_at(active, k, frame) == _badge_at(active, k, None) else 4
        elif not board.is_ice[i]:
            rank = 1
        else:
            rank = 2 if state.owner[i] != EMPTY else 3
        return rank, k

    left, top = _badge_at(active, min(range(6), key=cost), frame)
    width, height = SCOUT_BADGE
    label = f"{seat.name} scouted ahead"
    return (
        f'<g class="scout-badge" data-last-scout="{player}" role="img" '
        f'aria-label="{escape(label)}">'
        f'<rect x="{left:.1f}" y="{top:.1f}" width="{width:.0f}" height="{height:.0f}" rx="13"/>'
        + token_markup(seat.shape, seat.colour, left + 14, top + height / 2, 8)
        + f'<text x="{left + 26:.1f}" y="{top + height / 2 + 5:.1f}">scouted</text></g>'
    )


def _badge_at(active: Hex, k: int, frame: tuple[float, ...] | None) -> tuple[float, float]:
    """The scout badge's top left corner over the active hex's neighbour ``k``: wider than
    a hex, it reaches out sideways, away from the active hex, so that it covers no other
    neighbour of it; kept inside ``frame`` (the viewBox) when given."""
    width, height = SCOUT_BADGE
    cx, cy = hexgrid.to_pixel(hexgrid.add(active, hexgrid.DIRECTIONS[k]), HEX_SIZE)
    ax, _ = hexgrid.to_pixel(active, HEX_SIZE)
    cx += math.copysign((width - TARGET_UNITS) / 2, cx - ax)
    if frame is not None:
        x0, y0, w, h = frame
        cx = min(max(cx, x0 + width / 2), x0 + w - width / 2)
        cy = min(max(cy, y0 + height / 2), y0 + h - height / 2)
    return round(cx - width / 2, 1), round(cy - height / 2, 1)


def _pool_of(board, h: Hex) -> int:
    i = board.index.get(h)
    return -1 if i is None else board.pool_of[i]


def _outline_edges(h: Hex, size: float, same, inset: float = 1.0) -> str:
    """Path data for the edges of ``h`` whose neighbour is not ``same``; ``inset`` draws
    them that much inside the hex, about its own centre (a waddle's outline keeps off
    the pools around it)."""
    corners = hexgrid.corners_around(hexgrid.to_pixel(h, size), size * inset)
    out = []
    for k, direction in enumerate(hexgrid.EDGE_DIRECTIONS):
        if not same(hexgrid.add(h, direction)):
            (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % 6]
            out.append(f"M{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}")
    return "".join(out)


def _final_overlays(state: WaddleState, seats: list[Seat], size: float) -> str:
    """Waddle outlines in their owner's colour, and a badge on each pool's scorers."""
    breakdown = state.breakdown()
    parts = []
    for score in breakdown.players:
        colour = escape(seats[score.player].colour)
        for waddle in score.waddles:
            members = set(waddle.hexes)
            d = "".join(
                _outline_edges(h, size, members.__contains__, OUTLINE_INSET) for h in waddle.hexes
            )
            parts.append(
                f'<path class="waddle-outline" data-waddle-owner="{score.player}" '
                f'data-penguins="{waddle.penguins}" stroke="{colour}" d="{d}">'
                f"<title>{escape(seats[score.player].name)}: waddle of {waddle.penguins}, "
                f"{waddle.vp} VP</title></path>"
            )
    for pool in breakdown.pools:
        scorers = [p for p, fish in enumerate(pool.awards) if fish]
        if not scorers:
            continue
        cx, cy = pool_badge_spot(state.board, pool.hexes, size)
        for k, p in enumerate(scorers):
            seat = seats[p]
            x = cx - 8 * (len(scorers) - 1) + 16 * k
            parts.append(
                f'<g class="pool-winner" data-pool-winner="{p}">'
                + token_markup(seat.shape, seat.colour, x, cy, BADGE_RADIUS)
                + f"<title>{escape(seat.name)} scores {sum(pool.awards[p])} here</title></g>"
            )
    return "".join(parts)


OUTLINE_INSET = 0.9
"""A waddle's outline runs this far inside its hexes' edges (of the radius), about each
hex's own centre: on the ice, clear of the pools' numbers and fish beside it."""
BADGE_RADIUS = 5.5
"""The pool winners' tokens drawn on a pool at the end (board units)."""


def pool_badge_spot(board: Board, hexes: Sequence[Hex], size: float) -> tuple[float, float]:
    """Where the pool's winners' tokens go at the end: where the pool has no text. On a
    water hex without a number or fish, its centre; else above the fish of a hex without
    a number; else (one hex, numbered) under its fish, near the bottom corner."""

    def text(h: Hex) -> tuple[bool, bool, Hex]:
        spec = board.specs[board.index[h]]
        return (spec.number is not None, bool(spec.fish), h)

    numbered, fish, h = min(text(h) for h in hexes)  # min() also keeps the choice stable
    cx, cy = hexgrid.to_pixel(h, size)
    if not numbered and not fish:
        return cx, cy
    if not numbered:
        return cx, cy - 0.6 * size  # the fish line runs from cy - 6 to cy + 5
    return cx, cy + 0.72 * size  # under the fish line (its foot at cy + 14)
