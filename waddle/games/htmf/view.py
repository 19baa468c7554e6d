"""Hey, That's My Fish! positions drawn as SVG markup: pure functions, so CPython tests
reach them.

Each place of the board is one ``<g>`` with the page's public hooks (the web hooks note,
"Hey, That's My Fish!"): ``data-hex="q,r"``; a floe still on the board has
``data-kind="ice"`` and ``data-fish="n"``, a floe that was taken ``data-kind="gone"``;
``data-owner`` where a penguin stands; ``data-legal`` where the player to move may click
now (a floe to place on; a penguin that can move; with one selected, where it may go);
``data-selected`` on the chosen penguin; ``data-last`` on the last move's floe.

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
from waddle.games.htmf.state import HtmfState
from waddle.ui.markup import HEX_SIZE, BoardSvg, circle, last_move_ring, pt, token_markup, view_box
from waddle.ui.seats import Seat, default_seats

TARGET_UNITS = math.sqrt(3) * HEX_SIZE
"""A floe across its flats: what a player taps."""

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
            f'<text class="fish-count" x="{cx:.1f}" y="{cy + 17:.1f}" '
            f'text-anchor="middle">{n}</text>'
        )
    static = _Static(
        view_box(list(board.coords), size), tuple(centres), tuple(outlines), tuple(fish)
    )
    _STATIC[board] = static
    return static


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
) -> BoardSvg:
    """The board of ``state``: floes with their fish, gaps, penguins, what may be clicked.

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

    parts: list[str] = []
    for i, h in enumerate(board.coords):
        cx, cy = static.centres[i]
        key = f"{h[0]},{h[1]}"
        if not state.has_floe(h):
            cls = "floe gone" + (" just-taken" if h == last_from else "")
            parts.append(
                f'<g class="{cls}" data-hex="{key}" data-kind="gone" role="img" '
                f'aria-label="{escape(_gone_label(state, seats, h))}">{static.outlines[i]}</g>'
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
        label = escape(_label(state, seats, h, owner, is_legal, h == selected, h == last_to))
        if is_legal:
            attrs += f' role="button" tabindex="0" aria-label="{label}"'
        else:
            attrs += f' role="img" aria-label="{label}"'
        parts.append(f'<g class="floe" {attrs}>{inner}</g>')
    return BoardSvg("".join(parts), static.view_box, TARGET_UNITS)


def _label(
    state: HtmfState,
    seats: Sequence[Seat],
    h: Hex,
    owner: int | None,
    legal: bool,
    selected: bool,
    last: bool,
) -> str:
    """What a screen reader says: "floe 2,0, 3 fish, Red's penguin, you can move it"."""
    fish = state.board.fish[state.board.index[h]]
    text = f"floe {h[0]},{h[1]}, {fish} fish" if fish > 1 else f"floe {h[0]},{h[1]}, 1 fish"
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


def _gone_label(state: HtmfState, seats: Sequence[Seat], h: Hex) -> str:
    i = state.board.index[h]
    taker = state.taker[i]
    who = f", taken by {seats[taker].name}" if taker >= 0 else ""
    return f"gap at {h[0]},{h[1]}{who}"
