"""Markup every game's view uses: penguin tokens by shape, player chips, the board's frame.

Every text that comes from users (seat names, captions) is escaped where it is put into
markup, so nothing from a link, a save or a file is ever inserted as HTML.

>>> chip(Seat("<b>Ann</b>", "#d55e00", "circle"), 0).endswith("&lt;b&gt;Ann&lt;/b&gt;</span>")
True
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from waddle.core import hexgrid
from waddle.ui.seats import Seat

HEX_SIZE = 30.0
"""Circumradius of a hex in SVG user units for hex boards; the viewBox scales it."""


@dataclass(frozen=True)
class BoardSvg:
    """What a presenter draws for ``svg#board``."""

    markup: str
    view_box: str
    target_units: float | None = None
    """How wide the smallest thing a player taps is, in user units (a hex across its
    flats), so the page can zoom when that gets too small for a finger; None: never."""


def zoomed_size(
    view_box: str,
    frame_px: float,
    min_target_px: float,
    zoom_target_px: float,
    target: float,
    frame_height_px: float | None = None,
) -> tuple[int, int] | None:
    """How big to draw the board so a finger can hit its targets, in CSS pixels (width,
    height); None when the board fitted into the frame already draws every target at least
    ``min_target_px`` across.

    The page fits the board into a frame ``frame_px`` wide and ``frame_height_px`` high
    (square when not given), so the tighter of the two sets the scale. Zoomed, every
    target is ``zoom_target_px`` across and the frame scrolls.

    >>> flats = math.sqrt(3) * HEX_SIZE
    >>> zoomed_size("0 0 600 540", 360, 40, 48, flats)  # a 5-player map on a phone: 31 px
    (555, 499)
    >>> zoomed_size("0 0 420 380", 360, 40, 48, flats) is None  # a 2-player map: 45 px
    True
    >>> zoomed_size("0 0 420 380", 360, 40, 48, flats, 250)  # the same in a low frame: 34 px
    (388, 352)
    """
    _, _, width, height = (float(v) for v in view_box.split())
    fitted = min(frame_px / width, (frame_height_px or frame_px) / height)
    if fitted * target >= min_target_px:
        return None
    scale = zoom_target_px / target
    return math.ceil(width * scale), math.ceil(height * scale)


def pt(x: float, y: float) -> str:
    """A point for SVG ``points`` lists, to a tenth of a unit."""
    return f"{x:.1f},{y:.1f}"


def polygon(points: list[tuple[float, float]], cls: str = "", extra: str = "") -> str:
    attrs = f' class="{cls}"' if cls else ""
    return f'<polygon{attrs} points="{" ".join(pt(x, y) for x, y in points)}"{extra}/>'


def circle(cls: str, cx: float, cy: float, r: float) -> str:
    return f'<circle class="{cls}" cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}"/>'


def hex_polygon(h: hexgrid.Hex, size: float, cls: str = "hex-shape") -> str:
    """The outline of hex ``h`` as an SVG polygon."""
    return polygon(hexgrid.corners(h, size), cls)


def view_box(hexes: list[hexgrid.Hex], size: float, pad: float = 6.0) -> str:
    """The viewBox that shows every hex of ``hexes`` with ``pad`` units around them."""
    xs: list[float] = []
    ys: list[float] = []
    for h in hexes:
        for x, y in hexgrid.corners(h, size):
            xs.append(x)
            ys.append(y)
    x0, y0 = min(xs) - pad, min(ys) - pad
    return f"{x0:.1f} {y0:.1f} {max(xs) - min(xs) + 2 * pad:.1f} {max(ys) - min(ys) + 2 * pad:.1f}"


def last_move_ring(cx: float, cy: float, size: float) -> str:
    """An inset hexagon outline: marks the last move's hex without relying on colour."""
    return polygon(hexgrid.corners_around((cx, cy), 0.8 * size), "last-move")


@lru_cache(maxsize=4096)  # the same tokens are drawn again at every redraw
def token_markup(shape: str, colour: str, cx: float, cy: float, r: float, label: str = "") -> str:
    """One penguin token: a filled shape with a dark outline (``label`` drawn inside)."""
    style = f'fill="{escape(colour)}" stroke="#10202c" stroke-width="2"'
    if shape == "circle":
        body = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" {style}/>'
    else:
        if shape == "square":
            s = r * 0.9
            points = [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
        elif shape == "triangle":
            points = [
                (cx, cy - r * 1.1),
                (cx + r * 1.05, cy + r * 0.75),
                (cx - r * 1.05, cy + r * 0.75),
            ]
        elif shape == "diamond":
            points = [(cx, cy - r * 1.15), (cx + r, cy), (cx, cy + r * 1.15), (cx - r, cy)]
        elif shape == "cross":
            a, b = r * 1.05, r * 0.38
            points = [
                (cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b),
                (cx + a, cy + b), (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a),
                (cx - b, cy + b), (cx - a, cy + b), (cx - a, cy - b), (cx - b, cy - b),
            ]  # fmt: skip
        else:  # star
            points = []
            for k in range(10):
                radius = r * 1.15 if k % 2 == 0 else r * 0.5
                angle = math.radians(-90 + 36 * k)
                points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        body = f'<polygon points="{" ".join(pt(x, y) for x, y in points)}" {style}/>'
    if label:
        body += (
            f'<text x="{cx:.1f}" y="{cy + r * 0.35:.1f}" class="token-label" '
            f'text-anchor="middle">{escape(label)}</text>'
        )
    return body


def chip(seat: Seat, player: int, size: int = 18) -> str:
    """A small token of the seat's shape and colour, then its name."""
    r = size / 2 - 2
    icon = (
        f'<svg class="chip-icon" viewBox="0 0 {size} {size}" width="{size}" height="{size}" '
        f'aria-hidden="true">{token_markup(seat.shape, seat.colour, size / 2, size / 2, r)}</svg>'
    )
    return f'<span class="chip" data-player="{player}">{icon}{escape(seat.name)}</span>'


def attr(text: str) -> str:
    """Escape for an HTML attribute value in double quotes."""
    return escape(text, quote=True)


_COORDINATES = re.compile(r"\b(?:(hex|floe|place) )?(-?\d+),(-?\d+)")


def named_places(text: str, name: Callable[[hexgrid.Hex], str], nouns: bool = False) -> str:
    """``text`` (a rule's reason, from a game's state) with each ``q,r`` in it put as the
    board names that place (``name``): players never see axial coordinates. With
    ``nouns``, a "hex", "floe" or "place" before the coordinates goes too, for names that
    carry their own noun ("the ice north-east of pool 7").

    >>> named_places("floe 1,0 has 3 fish", lambda h: "C4")
    'floe C4 has 3 fish'
    >>> named_places("hex 3,-1 is water", lambda h: f"pool {h[0]}", nouns=True)
    'pool 3 is water'
    """

    def put(match: re.Match[str]) -> str:
        noun, q, r = match.groups()
        named = name((int(q), int(r)))
        return named if nouns or noun is None else f"{noun} {named}"

    return _COORDINATES.sub(put, text)


def sentence(text: str) -> str:
    """A reason as a sentence of its own: a capital first, a full stop last.

    >>> sentence("the game is over")
    'The game is over.'
    """
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def victory_headline(seats: Sequence[Seat], winners: Sequence[int]) -> str:
    """The result panel's headline: who won, or who shares the victory (names escaped).

    >>> seats = [Seat("Ann", "#000", "circle"), Seat("<b>Bo</b>", "#fff", "square")]
    >>> victory_headline(seats, [0]), victory_headline(seats, [0, 1])
    ('Ann wins!', 'Shared victory: Ann, &lt;b&gt;Bo&lt;/b&gt;!')
    """
    names = [escape(seats[p].name) for p in winners]
    if len(names) == 1:
        return f"{names[0]} wins!"
    return "Shared victory: " + ", ".join(names) + "!"


# -- the status line and the result panel's head: the same skeleton in every game --------


def to_move(seats: Sequence[Seat], player: int) -> str:
    """The seat to move as the status line shows it: its chip in ``[data-to-move]``, the
    hook the page and its tests read whose turn it is (docs/web-hooks.md)."""
    return f'<span data-to-move="{player}">{chip(seats[player], player)}</span>'


def status_line(markup: str) -> str:
    """The status region's one line (``markup`` is put in as it is)."""
    return f'<p class="status">{markup}</p>'


def turn_status(seats: Sequence[Seat], player: int, doing: str) -> str:
    """Whose turn and what they do: the seat's chip, then ``doing`` (markup).

    >>> seats = [Seat("Ann", "#000", "circle")]
    >>> turn_status(seats, 0, "to move.").endswith("Ann</span></span> to move.</p>")
    True
    """
    return status_line(f"{to_move(seats, player)} {doing}")


def game_over_status(how: str = "") -> str:
    """The status line of a finished game: "Game over", then ``how`` (markup) if given.

    >>> game_over_status(), game_over_status(": ten tricks played")
    ('<p class="status">Game over.</p>', '<p class="status">Game over: ten tricks played.</p>')
    """
    return status_line(f"Game over{how}.")


def result_head(
    seats: Sequence[Seat], winners: Sequence[int], decided_by: str | None = None, why: str = ""
) -> str:
    """The result panel's head: the winners' headline, then what decided the game (markup,
    with its ``data-decided-by`` hook: the rule of the game that broke the tie, or the
    score) when the game says it.

    >>> seats = [Seat("Ann", "#000", "circle"), Seat("Bo", "#fff", "square")]
    >>> result_head(seats, [1], "score", "Bo has more.")
    '<h2>Bo wins!</h2><p class="tie-break" data-decided-by="score">Bo has more.</p>'
    """
    head = f"<h2>{victory_headline(seats, winners)}</h2>"
    if decided_by is None:
        return head
    return head + f'<p class="tie-break" data-decided-by="{attr(decided_by)}">{why}</p>'
