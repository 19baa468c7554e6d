"""How the page fits a board into its frame: whether it is drawn whole or zoomed so a
finger can hit its targets, whether it zooms by itself, and where the Zoom button goes;
and how the move list's box shows whole rows (:func:`whole_rows`). Pure arithmetic on
sizes the page measures (``web/screen.py`` measures and applies).

A portrait phone is as wide as a board can be: when a big map's hexes come out too small
for a finger there, only zooming helps, so the board zooms by itself (while there is a move
to make) and the frame scrolls. A phone turned sideways is the other way round: the
board's frame is low, and zooming would show a band of the board cropped at top and bottom
(Board Game Arena and lichess show the whole board there), so the board is shown whole and
Zoom is offered; it zooms by itself only if its targets would be too small to hit at all
(:data:`SMALLEST_PX`). The Zoom button sits over the frame's corner when the fitted board
leaves the room there (beside a board shown whole in a wide frame), else in a band above
the frame: never over a hex.

>>> flats = 52.0  # a hex across its flats, in the board's units (HEX_SIZE 30)
>>> board_fit("0 0 600 540", 360, 360, flats, (44, 44))  # a 5-player map, portrait phone
BoardFit(zoomed=(508, 457), by_itself=True, button_over=False)
>>> board_fit("0 0 428 432", 440, 316, flats, (44, 44), band=48)  # 2 players, sideways
BoardFit(zoomed=(363, 366), by_itself=False, button_over=True)
>>> board_fit("0 0 428 432", 860, 700, flats, (44, 44), band=48).zoomed is None  # a laptop
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from waddle.ui.markup import zoomed_size

FINGER_PX = 40
"""Below this many CSS pixels across, a fitted board's targets (hexes) are small for a
finger: Zoom is offered."""
ZOOM_PX = 44
"""Targets across when zoomed: WCAG 2.5.5's target size."""
SMALLEST_PX = 28
"""Below this many CSS pixels across, targets are too small to hit at all: the board
zooms by itself even in a low frame (a 5-player map on a phone turned sideways in the
phone's one-column layout comes out at 19 px)."""
BUTTON_MARGIN = 6
"""Room around the Zoom button laid over the frame's corner, in CSS pixels."""


@dataclass(frozen=True)
class BoardFit:
    """How to show a board in its frame."""

    zoomed: tuple[int, int] | None
    """The board's size zoomed (CSS pixels), or None: its fitted targets are big enough,
    and no Zoom is offered."""
    by_itself: bool
    """The board zooms by itself while there is a move to make (the person's Zoom button
    overrides it either way)."""
    button_over: bool
    """The Zoom button goes over the frame's top-right corner, beside the board shown
    whole; else in a band above the frame."""


def board_fit(
    view_box: str,
    frame_w: float,
    frame_h: float,
    target: float,
    button: tuple[float, float],
    band: float = 0.0,
) -> BoardFit:
    """How to show the board of ``view_box`` whose smallest targets are ``target`` units
    across, in a frame ``frame_w`` by ``frame_h`` CSS pixels (its height with the Zoom
    button laid over it). ``button``: the Zoom button's width and height; ``band``: what
    a band above the frame takes from the frame's height (0 where the frame's height does
    not depend on it, as on a portrait phone, where it is set from the board's shape)."""
    _, _, width, height = (float(v) for v in view_box.split())
    scale = min(frame_w / width, frame_h / height)
    side_room = (frame_w - width * scale) / 2
    top_room = (frame_h - height * scale) / 2
    button_w, button_h = button
    room = side_room >= button_w + 2 * BUTTON_MARGIN or top_room >= button_h + 2 * BUTTON_MARGIN
    shown_h = frame_h if room else frame_h - band
    zoomed = zoomed_size(view_box, frame_w, FINGER_PX, ZOOM_PX, target, shown_h)
    if zoomed is None:
        return BoardFit(None, False, False)
    across_width = frame_w / width * target  # what the width alone allows
    fitted = min(frame_w / width, shown_h / height) * target
    by_itself = across_width < FINGER_PX or fitted < SMALLEST_PX
    return BoardFit(zoomed, by_itself, room)


def whole_rows(
    rows: Sequence[tuple[float, float]], current: int | None, limit: float
) -> tuple[float, float | None]:
    """How to show a list of rows (each its top and bottom, in pixels from the list's top,
    in order; the first row's top is 0, to show what comes before it) in a box at most
    ``limit`` high that scrolls: where to scroll it and how high to make it (None: as
    high as the whole list, which fits). The box shows whole rows only, never a row cut
    in half at its bottom edge, and the ``current`` row (the move on the board), with as
    many rows before it as fit, as lichess keeps its move list on the move shown; no
    current row: the top.

    >>> rows = [(0, 20), (24, 44), (48, 68), (72, 92), (96, 116)]
    >>> whole_rows(rows, 4, 100)  # the last four rows (92 px); a fifth would not fit
    (24, 92)
    >>> whole_rows(rows, 0, 100), whole_rows(rows, None, 100)  # from the top: rows 0-3
    ((0, 92), (0, 92))
    >>> whole_rows(rows, 2, 200)  # the whole list fits
    (0, None)
    """
    if not rows or rows[-1][1] - rows[0][0] <= limit:
        return 0, None
    last = len(rows) - 1
    shown = min(max(current if current is not None else 0, 0), last)
    start = next(k for k in range(shown + 1) if rows[shown][1] - rows[k][0] <= limit)
    end = max(k for k in range(shown, last + 1) if rows[k][1] - rows[start][0] <= limit)
    return rows[start][0], rows[end][1] - rows[start][0]


__all__ = [
    "BUTTON_MARGIN",
    "FINGER_PX",
    "SMALLEST_PX",
    "ZOOM_PX",
    "BoardFit",
    "board_fit",
    "whole_rows",
]


# -- the embedded view -------------------------------------------------------------------

EMBED_MIN_BOARD_PX = 180
"""The embedded view's board is never fitted lower than this (or its natural height):
smaller, its places are too small to read, and the frame's page scrolls instead."""
EMBED_COMFORT = 0.6
"""A board fitted to at least this share of its natural height keeps everything else in
view under it; lower than that, the board keeps more and the rest of the table scrolls."""
BESIDE_MIN_WIDTH = 720
"""A frame this wide may put the board beside the rest."""
BESIDE_COLUMN_PX = 320
"""The column beside the board: room for a caption and a hand of cards."""
BESIDE_GAIN = 1.25
"""Beside is chosen when its board is this much taller than the stacked one."""


@dataclass(frozen=True)
class EmbedFit:
    """How the embedded view lays itself out in its frame."""

    board_px: int
    """The board's box: its height stacked, its width beside (CSS pixels)."""
    beside: bool
    """The board beside the column (a wide, low frame), else above it."""
    whole: bool
    """Everything is in view (stacked), with nothing below the frame's bottom."""


def embed_fit(
    frame_w: float,
    frame_h: float,
    board_ratio: float,
    essential: float,
    everything: float,
) -> EmbedFit:
    """The embedded view's layout in a frame ``frame_w`` by ``frame_h`` CSS pixels, for a
    board of height over width ``board_ratio``. ``everything`` is what the view shows
    under the board, stacked at this width (the stepper, the caption with room for the
    longest, the question, the state, the table, and the gaps); ``essential`` its part
    that must stay in view (down to the end of the reader's hand).

    The board takes its natural height (the frame's width times its ratio) when all of
    it fits; else the frame's height less ``everything`` if that leaves it
    :data:`EMBED_COMFORT` of its height; else what the essential part leaves, never under
    :data:`EMBED_MIN_BOARD_PX` (the page scrolls then). A wide frame puts the board beside
    a column when that draws it much bigger.

    >>> embed_fit(480, 1400, 1.0, 500, 900)  # the builder's proposal: all in view
    EmbedFit(board_px=480, beside=False, whole=True)
    >>> embed_fit(480, 1200, 1.0, 500, 900)  # a little lower: the board gives way
    EmbedFit(board_px=300, beside=False, whole=True)
    >>> embed_fit(480, 760, 1.0, 500, 900)  # the caption, question and hand stay in view
    EmbedFit(board_px=260, beside=False, whole=False)
    >>> embed_fit(480, 520, 1.0, 500, 900)  # too low for that: the page scrolls
    EmbedFit(board_px=180, beside=False, whole=False)
    >>> embed_fit(800, 480, 0.9, 150, 300)  # wide and low: beside
    EmbedFit(board_px=480, beside=True, whole=False)
    """
    natural = frame_w * board_ratio
    least = min(natural, EMBED_MIN_BOARD_PX)
    room = frame_h - everything
    if room >= natural:
        stacked, whole = natural, True
    elif room >= EMBED_COMFORT * natural and room >= least:
        stacked, whole = room, True
    else:
        stacked, whole = max(least, min(natural, frame_h - essential)), False
    beside_w = min(frame_w - BESIDE_COLUMN_PX, (frame_h - 8) / board_ratio)
    if frame_w >= BESIDE_MIN_WIDTH and not whole and beside_w * board_ratio > BESIDE_GAIN * stacked:
        return EmbedFit(int(beside_w), True, False)
    return EmbedFit(int(stacked), False, whole)


def embed_height(frame_w: float, board_ratio: float, everything: float) -> int:
    """The frame height that shows the embedded view whole at ``frame_w``: the board at its
    natural height and ``everything`` under it (what the embed builder proposes, and the
    ``waddle:size`` event tells a host page).

    >>> embed_height(480, 1.02, 905.7)
    1396
    """
    return math.ceil(frame_w * board_ratio + everything)
