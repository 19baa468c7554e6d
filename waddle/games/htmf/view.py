"""Hey, That's My Fish! positions drawn as SVG markup: pure functions, so CPython tests
reach them.

Each place of the board is one ``<g>`` with the page's public hooks (the web hooks note,
"Hey, That's My Fish!"): ``data-hex="q,r"``; a floe still on the board has
``data-kind="ice"`` and ``data-fish="n"``, a floe that was taken ``data-kind="gone"``;
``data-owner`` where a penguin stands; ``data-legal`` where the player to move may click
now (a floe to place on; a penguin that can move; with one selected, where it may go);
``data-selected`` on the chosen penguin; ``data-last`` on the last move's floe, and
``data-last-from`` on the floe a move started from (now a gap), with an arrow from one to
the other, so that a computer's move can be followed.

Row letters down the left and numbers along the top and the bottom name the places, as
messages, the move list and screen readers do ("C4", :mod:`waddle.games.htmf.places`).

Fish show as fish drawn on the floe and as a number, never by colour alone; penguins are
the seat's colour and shape.

>>> from waddle.games.htmf.record import new_record
>>> markup = board_svg(new_record(2, seed=1).start()).markup
>>> markup.count('data-kind="ice"'), markup.count('data-legal="true"')
(60, 30)
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from waddle.core import hexgrid
from waddle.core.hexgrid import Hex
from waddle.games.htmf.board import Board
from waddle.games.htmf.places import Grid, grid_of
from waddle.games.htmf.state import HtmfState
from waddle.ui.markup import (
    HEX_SIZE,
    BoardSvg,
    circle,
    last_move_ring,
    polygon,
    pt,
    token_markup,
    view_box,
)
from waddle.ui.seats import Seat, default_seats

TARGET_UNITS = math.sqrt(3) * HEX_SIZE
"""A floe across its flats: what a player taps."""

TEXT_UNITS = 14.5
"""The board's text (fish counts, row and column labels), in SVG units: a 390 px phone
draws the standard board at about 0.87 CSS px a unit, and any board at 0.77 or more
(smaller, the page zooms it for fingers), so nothing on it is under 11 CSS px."""
HALF_ACROSS = math.sqrt(3) * HEX_SIZE / 2
"""Half a floe across: the step between a row and the next, sideways."""
LABEL_ROOM = 20.0
"""The margin the labels take on the left, at the top and at the bottom."""

# Where the fish of a 1-, 2- or 3-fish floe are drawn, as offsets from its centre.
_FISH_AT = {
    1: ((0.0, -8.0),),
    2: ((-7.0, -9.0), (7.0, -5.0)),
    3: ((-8.0, -11.0), (8.0, -11.0), (0.0, -2.0)),
}


@dataclass(frozen=True)
class _Static:
    """What never changes during a game: each place's centre, outline and fish, built once."""

    view_box: str
    centres: tuple[tuple[float, float], ...]
    outlines: tuple[str, ...]
    fish: tuple[str, ...]
    labels: str
    """The row letters and column numbers round the ice."""
    grid: Grid


_STATIC: weakref.WeakKeyDictionary[Board, _Static] = weakref.WeakKeyDictionary()


def _static(board: Board) -> _Static:
    cached = _STATIC.get(board)
    if cached is not None:
        return cached
    size = HEX_SIZE
    centres, outlines, fish = [], [], []
    for h, n in zip(board.coords, board.fish, strict=True):
        cx, cy = hexgrid.to_pixel(h, size)
        centres.append((cx, cy))
        corners = hexgrid.corners_around((cx, cy), size * 0.94)  # a sliver of sea between floes
        outlines.append(
            f'<polygon class="hex-shape" points="{" ".join(pt(x, y) for x, y in corners)}"/>'
        )
        drawn = "".join(_fish_icon(cx + dx, cy + dy) for dx, dy in _FISH_AT[n])
        fish.append(
            f'<g class="fish-icons" aria-hidden="true">{drawn}</g>'
            f'<text class="fish-count" x="{cx:.1f}" y="{cy + 19:.1f}" '
            f'text-anchor="middle">{n}</text>'
        )
    grid = grid_of(board)
    static = _Static(
        labelled_view_box(board.coords),
        tuple(centres),
        tuple(outlines),
        tuple(fish),
        labels_svg(grid, board.coords),
        grid,
    )
    _STATIC[board] = static
    return static


def labelled_view_box(coords: Sequence[Hex]) -> str:
    """The viewBox of a board and its labels: the floes, with room for the row letters on
    the left and the numbers above and below."""
    x0, y0, width, height = (float(v) for v in view_box(list(coords), HEX_SIZE).split())
    room = LABEL_ROOM - 6.0  # view_box() leaves 6 units round the floes already
    return f"{x0 - room:.1f} {y0 - room:.1f} {width + room:.1f} {height + 2 * room:.1f}"


def labels_svg(grid: Grid, coords: Sequence[Hex]) -> str:
    """Row letters down the left, numbers along the top (in line with the top row's kind
    of row) and along the bottom (the other kind): what places are named by."""
    if not coords:
        return ""
    xs = [hexgrid.to_pixel(h, HEX_SIZE)[0] for h in coords]
    ys = [hexgrid.to_pixel(h, HEX_SIZE)[1] for h in coords]
    left = min(xs) - HALF_ACROSS - 5
    top, bottom = min(ys) - HEX_SIZE - 5, max(ys) + HEX_SIZE + 5 + 0.72 * TEXT_UNITS
    parts = [
        f'<text class="board-label" x="{left:.1f}" y="{1.5 * HEX_SIZE * row.at + 5:.1f}" '
        f'text-anchor="end">{row.text}</text>'
        for row in grid.row_labels
    ]
    for y, numbers in ((top, grid.top_labels), (bottom, grid.bottom_labels)):
        parts.extend(
            f'<text class="board-label" x="{HALF_ACROSS * n.at:.1f}" y="{y:.1f}" '
            f'text-anchor="middle">{n.text}</text>'
            for n in numbers
        )
    return f'<g class="board-labels" aria-hidden="true">{"".join(parts)}</g>'


def _fish_icon(x: float, y: float) -> str:
    return (
        f'<path class="fish-icon" d="M{x - 6:.1f} {y:.1f}q6 -5 11 0q-5 5 -11 0zm11 0l4 -3.5v7z"/>'
    )


def board_svg(
    state: HtmfState,
    seats: Sequence[Seat] | None = None,
    *,
    selected: Hex | None = None,
    show_legal: bool = True,
    labelled: bool = True,
) -> BoardSvg:
    """The board of ``state``: floes with their fish, gaps, penguins, what may be clicked,
    the labels that name the places (none when not ``labelled``: the chooser's picture,
    too small to read them), the last move.

    ``selected`` is the penguin chosen to move (the page's UI state); with it, the legal
    places are its destinations, without it the penguins that can move.
    """
    seats = list(seats or default_seats(state.players))
    board = state.board
    static = _static(board)
    size = HEX_SIZE
    legal: set[Hex] = set()
    if show_legal and not state.is_over():
        if state.phase == "place":
            legal = set(state.placements())
        elif selected is not None and selected in state.movable_penguins():
            legal = set(state.destinations(selected))
        else:
            selected = None
            legal = set(state.movable_penguins())
    else:
        selected = None
    penguins = state.penguins()
    last = state.last_action
    last_to = None if last is None else last.dst
    last_from = None if last is None else last.src

    names = static.grid.names
    parts: list[str] = [static.labels] if labelled else []
    for i, h in enumerate(board.coords):
        cx, cy = static.centres[i]
        key = f"{h[0]},{h[1]}"
        if not state.has_floe(h):
            cls, attrs, inner = "floe gone", "", static.outlines[i]
            label = _gone_label(state, seats, h, names[h])
            if h == last_from:
                cls += " just-taken"
                attrs = ' data-last-from="true"'
                inner += polygon(hexgrid.corners_around((cx, cy), 0.8 * size), "last-from")
                label += ", where the last move started"
            parts.append(
                f'<g class="{cls}" data-hex="{key}" data-kind="gone"{attrs} role="img" '
                f'aria-label="{escape(label)}">{inner}</g>'
            )
            continue
        owner = penguins.get(h)
        attrs = f'data-hex="{key}" data-kind="ice" data-fish="{board.fish[i]}"'
        inner = static.outlines[i] + static.fish[i]
        if h == last_to:
            attrs += ' data-last="true"'
            inner += last_move_ring(cx, cy, size)
        if owner is not None:
            seat = seats[owner]
            attrs += f' data-owner="{owner}"'
            # Above the centre, clear of the fish count, which stays readable under it.
            inner += token_markup(seat.shape, seat.colour, cx, cy - 4, size * 0.34)
            if h == selected:
                attrs += ' data-selected="true"'
                inner += circle("selected-ring", cx, cy, size * 0.72)
        is_legal = h in legal
        if is_legal:
            attrs += ' data-legal="true"'
            if owner is None:
                inner += circle("legal-dot", cx, cy + 2, size * 0.2)
        label = _label(state, seats, h, names[h], owner, is_legal, h == selected, h == last_to)
        if is_legal:
            attrs += f' role="button" tabindex="0" aria-label="{escape(label)}"'
        else:
            attrs += f' role="img" aria-label="{escape(label)}"'
        parts.append(f'<g class="floe" {attrs}>{inner}</g>')
    if last_from is not None and last_to is not None:
        parts.append(
            last_move_arrow(hexgrid.to_pixel(last_from, size), hexgrid.to_pixel(last_to, size))
        )
    frame = static.view_box if labelled else view_box(list(board.coords), size)
    return BoardSvg("".join(parts), frame, TARGET_UNITS)


def last_move_arrow(a: tuple[float, float], b: tuple[float, float], size: float = HEX_SIZE) -> str:
    """An arrow from the floe a move left (``a``) to where it landed (``b``), stopping
    short of the penguin there; clicks pass through it."""
    (x1, y1), (x2, y2) = a, b
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    start = (x1 + ux * size * 0.3, y1 + uy * size * 0.3)
    tip = (x2 - ux * size * 0.52, y2 - uy * size * 0.52)
    head = size * 0.36
    base = (tip[0] - ux * head, tip[1] - uy * head)
    wing = (-uy * head * 0.6, ux * head * 0.6)
    points = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    shaft = f"M{pt(*start)}L{pt(*base)}"
    return (
        '<g class="last-move-arrow" aria-hidden="true">'
        f'<path class="last-arrow-halo" d="{shaft}"/><path class="last-arrow-shaft" d="{shaft}"/>'
        f"{polygon(points, 'last-arrow-head')}</g>"
    )


def _label(
    state: HtmfState,
    seats: Sequence[Seat],
    h: Hex,
    name: str,
    owner: int | None,
    legal: bool,
    selected: bool,
    last: bool,
) -> str:
    """What a screen reader says: "floe C4, 3 fish, Red's penguin, you can move it"."""
    fish = state.board.fish[state.board.index[h]]
    text = f"floe {name}, {fish} fish"
    if owner is not None:
        text += f", {seats[owner].name}'s penguin"
        if selected:
            text += ", chosen to move"
        elif legal:
            text += ", you can move it"
    elif legal:
        text += ", you can place here" if state.phase == "place" else ", you can move here"
    if last:
        text += ", last move"
    return text


def _gone_label(state: HtmfState, seats: Sequence[Seat], h: Hex, name: str) -> str:
    """What a screen reader says of a taken floe: "gap at C4, taken by Red"."""
    taker = state.taker[state.board.index[h]]
    who = f", taken by {seats[taker].name}" if taker >= 0 else ""
    return f"gap at {name}{who}"
