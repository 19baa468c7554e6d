"""A study's marks drawn over a hex board: highlighted hexes and arrows between hexes.

Each game's presenter decides how marks look on its board (``Presenter.draw_marks``, see
:mod:`waddle.ui.presenter`); the hex games draw them with :func:`hex_marks_svg`. The
overlay is one ``<g class="study-marks">`` after the board's places, which clicks pass
through (``pointer-events: none`` in web/board.css), so marks never hide a legal move.

Hooks: ``[data-mark="q,r"]`` on each highlighted hex, ``[data-arrow="q,r>q,r"]`` on each
arrow; the group's ``aria-label`` says the same in words, naming each place as the game's
board names it (``name``).

Boards that are not hexes build the same overlay from its parts (:func:`mark_svg`,
:func:`arrow_svg`, :func:`marks_overlay`). Places that are not on the board drawing are
named ``kind:value`` and are the page's ``[data-kind="value"]`` elements (a card of a
card game's table is ``card:7C``, the element ``[data-card="7C"]``): :func:`mark_elements`
marks them in the region's markup where they are drawn, so a card this viewer may not see
(never drawn with its hook) is never marked or named.

>>> svg = hex_marks_svg(("1,0",), (("1,0", "3,-1"),))
>>> svg.count("data-mark="), 'data-arrow="1,0&gt;3,-1"' in svg
(1, True)
>>> hex_marks_svg(("not a hex",), ())
''
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Container, Mapping, Sequence
from html import escape
from typing import Any, ClassVar

from waddle.core import hexgrid
from waddle.core.hexgrid import Hex
from waddle.ui.markup import HEX_SIZE, polygon, pt


def parse_hex(place: str) -> Hex | None:
    """``"q,r"`` as a hex, or None for anything else.

    >>> parse_hex("3,-1"), parse_hex("3;-1")
    ((3, -1), None)
    """
    parts = place.split(",")
    if len(parts) != 2:
        return None
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        return None


def hex_marks_svg(
    marks: Sequence[str],
    arrows: Sequence[tuple[str, str]],
    size: float = HEX_SIZE,
    inset: float = 0.86,
    name: Callable[[Hex], str] | None = None,
) -> str:
    """The overlay for ``marks`` and ``arrows`` on a board of pointy-top hexes of ``size``
    (``inset``: how far inside its hex a highlight's outline runs); ``name`` says a place
    in words, as the board names it (default: its ``q,r``).

    >>> svg = hex_marks_svg(("1,0",), (("1,0", "2,0"),), name=lambda h: f"floe {h[0] + 1}")
    >>> 'aria-label="Marked: floe 2. Arrows from floe 2 to floe 3."' in svg
    True
    """

    def said(place: str, h: Hex) -> str:
        return place if name is None else name(h)

    parts: list[str] = []
    said_marks: list[str] = []
    for place in marks:
        h = parse_hex(place)
        if h is None:
            continue
        centre = hexgrid.to_pixel(h, size)
        parts.append(mark_svg(place, hexgrid.corners_around(centre, inset * size)))
        said_marks.append(said(place, h))
    said_arrows: list[str] = []
    for src, dst in arrows:
        a, b = parse_hex(src), parse_hex(dst)
        if a is None or b is None or a == b:
            continue
        parts.append(
            arrow_svg(src, dst, hexgrid.to_pixel(a, size), hexgrid.to_pixel(b, size), size)
        )
        said_arrows.append(f"from {said(src, a)} to {said(dst, b)}")
    return marks_overlay(parts, said_marks, said_arrows)


def board_marks_svg(
    cells: Container[Hex],
    marks: Sequence[str],
    arrows: Sequence[tuple[str, str]],
    inset: float,
    name: Callable[[Hex], str],
) -> str:
    """A hex board's study marks (``StudyPresenter.draw_marks``): :func:`hex_marks_svg` for
    the marks and arrows whose hexes are among the board's ``cells``; a place off the board
    is skipped.

    >>> svg = board_marks_svg({(0, 0), (1, 0)}, ("1,0", "5,5"), (), 0.8, lambda h: "C4")
    >>> svg.count("data-mark="), "Marked: C4." in svg
    (1, True)
    """
    shown = [m for m in marks if parse_hex(m) in cells]
    drawn = [(a, b) for a, b in arrows if parse_hex(a) in cells and parse_hex(b) in cells]
    return hex_marks_svg(shown, drawn, inset=inset, name=name)


def mark_svg(place: str, ring: Sequence[tuple[float, float]]) -> str:
    """One highlighted place: a halo and a ring along ``ring`` (its outline, inset)."""
    return (
        f'<g class="study-mark" data-mark="{escape(place)}">'
        f"{polygon(ring, 'study-mark-halo')}{polygon(ring, 'study-mark-ring')}</g>"
    )


def path_mark_svg(place: str, d: str) -> str:
    """One highlighted line (a pathway): a halo and a stroke along the SVG path ``d``."""
    return (
        f'<g class="study-mark study-mark-line" data-mark="{escape(place)}">'
        f'<path class="study-arrow-halo" d="{d}"/><path class="study-mark-path" d="{d}"/></g>'
    )


def marks_overlay(
    parts: Sequence[str], said_marks: Sequence[str], said_arrows: Sequence[str]
) -> str:
    """The overlay group of drawn ``parts`` ("" when none), its ``aria-label`` saying the
    marked places and the arrows (``"from A to B"``) in words."""
    if not parts:
        return ""
    words = []
    if said_marks:
        words.append("Marked: " + ", ".join(said_marks) + ".")
    if said_arrows:
        words.append("Arrows " + "; ".join(said_arrows) + ".")
    return (
        f'<g class="study-marks" role="img" aria-label="{escape(" ".join(words))}">'
        f"{''.join(parts)}</g>"
    )


def split_place(place: str) -> tuple[str, str] | None:
    """A place off the board drawing as its hook's kind and value (None for a board place).

    >>> split_place("card:7C"), split_place("3,-1")
    (('card', '7C'), None)
    """
    kind, colon, value = place.partition(":")
    if not colon or not re.fullmatch(r"[a-z][a-z-]*", kind) or not value:
        return None
    return kind, value


def mark_elements(markup: str, marks: Sequence[str], words: Mapping[str, str]) -> str:
    """``markup`` with each element ``[data-kind="value"]`` of a mark ``kind:value`` marked:
    ``data-marked`` on it and, first inside it, a ``<span class="study-element-mark"
    data-mark="kind:value" role="img" aria-label="Marked: …">`` (``words[place]``: the
    place as players name it). Marks with no element in ``markup`` change nothing.

    >>> html = '<li><span class="card" data-card="7C">7</span></li>'
    >>> out = mark_elements(html, ["card:7C", "card:9S"], {"card:7C": "the 7 of Court"})
    >>> out.count("data-mark="), 'data-card="7C" data-marked="true">' in out
    (1, True)
    >>> 'aria-label="Marked: the 7 of Court"' in out
    True
    """
    for place in marks:
        split = split_place(place)
        if split is None:
            continue
        kind, value = split
        hook = re.compile(
            r"<([a-z]+)\b([^<>]*?)\sdata-"
            + re.escape(kind)
            + r'="'
            + re.escape(escape(value))
            + r'"([^<>]*)>'
        )
        said = escape(f"Marked: {words.get(place, value)}")
        inner = (
            f'<span class="study-element-mark" data-mark="{escape(place)}" role="img" '
            f'aria-label="{said}"></span>'
        )

        markup = hook.sub(
            lambda m, inner=inner: m.group(0)[:-1] + ' data-marked="true">' + inner, markup
        )
    return markup


def arrow_svg(
    src: str, dst: str, a: tuple[float, float], b: tuple[float, float], size: float
) -> str:
    """A shaft from near ``a``'s centre to just short of ``b``'s, and a head at ``b``."""
    (x1, y1), (x2, y2) = a, b
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    start = (x1 + ux * size * 0.3, y1 + uy * size * 0.3)
    tip = (x2 - ux * size * 0.25, y2 - uy * size * 0.25)
    head = size * 0.42
    base = (tip[0] - ux * head, tip[1] - uy * head)
    wing = (-uy * head * 0.55, ux * head * 0.55)
    points = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    shaft = f"M{pt(*start)}L{pt(*base)}"
    return (
        f'<g class="study-arrow" data-arrow="{escape(src)}&gt;{escape(dst)}">'
        f'<path class="study-arrow-halo" d="{shaft}"/><path class="study-arrow-shaft" d="{shaft}"/>'
        f"{polygon(points, 'study-arrow-head')}</g>"
    )


class StudyMarks:
    """A presenter's ``StudyPresenter`` methods (:mod:`waddle.ui.presenter`) handed to a
    module of its game (``study_marks``), which draws marks from the view:
    ``draw_marks(view, marks, arrows)``, ``mark_table(view, table, marks)`` and
    ``place_words(view, place)``. For games with places off the board (cards)."""

    study_marks: ClassVar[Any]

    def draw_marks(
        self, scene: Any, marks: Sequence[str], arrows: Sequence[tuple[str, str]]
    ) -> str:
        return self.study_marks.draw_marks(scene.view, marks, arrows)

    def mark_table(self, scene: Any, table: str, marks: Sequence[str]) -> str:
        return self.study_marks.mark_table(scene.view, table, marks)

    def place_words(self, view: Any, place: str) -> str:
        return self.study_marks.place_words(view, place)


class HexStudyMarks:
    """A hex board's ``draw_marks`` (:mod:`waddle.ui.presenter`'s ``StudyPresenter``): a
    ring ``mark_inset`` inside each marked hex, arrows from centre to centre, each said
    with ``mark_name(board, hex)``, the place's name as the board shows it; the board is
    the view's ``board``, its hexes ``board.index``. A place off the board is skipped."""

    mark_inset: ClassVar[float] = 0.86
    mark_name: ClassVar[Callable[[Any, Hex], str]]

    def draw_marks(
        self, scene: Any, marks: Sequence[str], arrows: Sequence[tuple[str, str]]
    ) -> str:
        board = scene.view.board
        name = type(self).mark_name
        return board_marks_svg(
            board.index, marks, arrows, self.mark_inset, lambda h: name(board, h)
        )
