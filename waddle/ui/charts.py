"""Line charts for any game: each seat's score over the game (``GAME.score_series``) in the
result, and each seat's win chance over the moves in the game review
(:meth:`waddle.app.review.Review.series`).

A chart is a ``<figure>``: its caption, an SVG drawn for a phone (a 360-unit wide view box
that the page scales to its width, text at 12 units so it reads at 360 px), and the same
numbers as a table for screen readers (``<table class="visually-hidden">``; the SVG is
``aria-hidden``, so the numbers are read once, as a table). Seats are told apart by their
colour and by the line's dash (solid, dashed, dotted, …) with a legend, never by colour
alone; every text (names, labels, the title) is escaped.

>>> from waddle.ui.seats import default_seats
>>> html = line_chart(["start", "1", "end"], [[0, 4, 9], [0, 6, 7]], default_seats(2),
...                   title="Scores <by round>")
>>> html.count("<polyline"), "Scores &lt;by round&gt;" in html, 'class="visually-hidden"' in html
(2, True, True)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from html import escape

from waddle.ui.seats import Seat

WIDTH = 360
"""The view box's width: a phone's width in CSS pixels, so 12 units of text read as 12 px."""
HEIGHT = 220
DASHES = ("", "6 4", "2 3", "10 3 2 3", "1 5", "8 2 2 2 2 2")
"""The line of each seat after its colour: solid, dashed, dotted, …"""
_LEFT, _RIGHT, _TOP = 40, 12, 10
_PLOT_BOTTOM = 150  # the x axis; the labels and the legend below it


FONT = 12
"""The chart's text size in view-box units."""
LABEL_GAP = 8
"""The least room between two x labels, in view-box units."""
MOST_Y_STEPS = 8
"""A score axis has at most this many steps between its grid lines."""
_EM = {**dict.fromkeys("0123456789", 0.64), " ": 0.32, ".": 0.32, ",": 0.32, ":": 0.34,
       "%": 0.95, "-": 0.36, "i": 0.28, "l": 0.28, "j": 0.28, "t": 0.4, "f": 0.36,
       "r": 0.42, "I": 0.3, "m": 0.98, "w": 0.82, "M": 0.86, "W": 1.0}  # fmt: skip
"""How wide characters are, in ems, a little wider than the sans-serif fonts a page uses
(DejaVu Sans, the widest common one, sets digits at 0.64 em; measured in Debian's
Chromium the estimate of "start", "Round 10", "Turn 37", "100%" and others is 0-7% wider
than drawn): an estimate that errs wide keeps labels apart."""


def text_width(text: str, size: float = FONT) -> float:
    """About how wide ``text`` is at ``size`` units (see :data:`_EM`): never narrower than
    a sans-serif font draws it.

    >>> text_width("Round 10") > 50
    True
    """
    return size * sum(_EM.get(c, 0.72 if c.isupper() else 0.64) for c in text)


def y_ticks(low: float, high: float, percent: bool = False) -> list[float]:
    """The grid lines of the y axis, from the bottom up: round steps (1, 2 or 5 times a
    power of ten, never a fraction of a point), at most :data:`MOST_Y_STEPS` of them,
    running from 0 (or below, for a negative score) to the first line at or above the
    data: the axis fits the data instead of the next power of ten. Win chances
    (``percent``) run from 0 to 100% in quarters.

    >>> y_ticks(0, 56)
    [0, 10, 20, 30, 40, 50, 60]
    >>> y_ticks(0, 48), y_ticks(0, 3)
    ([0, 10, 20, 30, 40, 50], [0, 1, 2, 3])
    >>> y_ticks(-7, 12), y_ticks(0, 0)
    ([-10, -5, 0, 5, 10, 15], [0, 1])
    >>> y_ticks(0, 1, percent=True)
    [0.0, 0.25, 0.5, 0.75, 1.0]
    """
    if percent:
        return [k / 4 for k in range(5)]
    low, high = min(0.0, low), max(0.0, high)
    if high <= low:
        return [0, 1]
    step = 1
    while True:
        for k in (1, 2, 5):
            size = k * step
            bottom, top = math.floor(low / size), math.ceil(high / size)
            if top - bottom <= MOST_Y_STEPS:
                return [size * i for i in range(bottom, top + 1)]
        step *= 10


def label_box(label: str, x: float, anchor: str) -> tuple[float, float]:
    """Where an x label drawn at ``x`` with ``anchor`` runs, left to right (estimated)."""
    width = text_width(label)
    if anchor == "start":
        return x, x + width
    if anchor == "end":
        return x - width, x
    return x - width / 2, x + width / 2


def x_ticks(labels: Sequence[str], xs: Sequence[float]) -> list[tuple[int, str]]:
    """Which x labels to write, and how each is anchored: the first and the last always
    (at the ends of the axis, anchored inwards), and between them labels at a round step
    of points (every 1, 2, 5, 10, 20, … points), the smallest step whose labels keep
    :data:`LABEL_GAP` apart from each other and from the ends: labels never run together.

    >>> xs = [40 + 28 * i for i in range(12)]
    >>> labels = ["start"] + [f"Round {i}" for i in range(1, 11)] + ["end"]
    >>> [i for i, _ in x_ticks(labels, xs)]
    [0, 5, 11]
    """
    n = len(labels)
    if n == 0:
        return []
    if n == 1:
        return [(0, "middle")]

    def anchor(i: int) -> str:
        return "start" if i == 0 else "end" if i == n - 1 else "middle"

    def apart(a: int, b: int) -> bool:
        return (
            label_box(labels[a], xs[a], anchor(a))[1] + LABEL_GAP
            <= label_box(labels[b], xs[b], anchor(b))[0]
        )

    ends = [0, n - 1] if apart(0, n - 1) else [n - 1]
    step = 1
    while True:
        for k in (1, 2, 5):
            size = k * step
            inner = [
                i
                for i in range(size, n - 1, size)
                if (ends[0] != 0 or apart(0, i)) and apart(i, n - 1)
            ]
            if all(apart(a, b) for a, b in itertools.pairwise(inner)):
                return [(i, anchor(i)) for i in sorted({*ends, *inner})]
        step *= 10


def _fmt(value: float, percent: bool) -> str:
    return f"{round(100 * value)}%" if percent else f"{value:g}"


def line_chart(
    labels: Sequence[str],
    series: Sequence[Sequence[float]],
    seats: Sequence[Seat],
    *,
    title: str,
    percent: bool = False,
    chart_id: str = "chart",
) -> str:
    """A figure with a line per seat over ``labels`` (one value per label), the numbers as
    a table too. ``percent``: values are shares from 0 to 1, shown as percentages on a
    0-100% axis (win chances)."""
    n = len(labels)
    every = [v for s in series for v in s]
    ticks = y_ticks(min(every, default=0), max(every, default=0), percent)
    bottom_value, top = ticks[0], ticks[-1]
    span = (top - bottom_value) or 1.0
    plot_w = WIDTH - _LEFT - _RIGHT
    plot_h = _PLOT_BOTTOM - _TOP

    def x(i: int) -> float:
        return _LEFT + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y(v: float) -> float:
        return _PLOT_BOTTOM - plot_h * (v - bottom_value) / span

    legend_rows = (len(series) + 1) // 2
    height = HEIGHT + 18 * max(0, legend_rows - 2)
    out = [
        f'<svg class="chart-svg" viewBox="0 0 {WIDTH} {height}" aria-hidden="true" '
        f'focusable="false" font-size="{FONT}">'
    ]
    for v in ticks:  # grid lines and the y axis's labels
        gy = y(v)
        out.append(
            f'<line x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{gy:.1f}" y2="{gy:.1f}" '
            f'stroke="currentColor" stroke-opacity="{0.5 if v == 0 else 0.15}"/>'
            f'<text x="{_LEFT - 4}" y="{gy + 4:.1f}" text-anchor="end" fill="currentColor">'
            f"{escape(_fmt(v, percent))}</text>"
        )
    for i, anchor in x_ticks([str(label) for label in labels], [x(i) for i in range(n)]):
        out.append(
            f'<text class="x-label" x="{x(i):.1f}" y="{_PLOT_BOTTOM + 16}" '
            f'text-anchor="{anchor}" fill="currentColor">{escape(str(labels[i]))}</text>'
        )
    for p, values in enumerate(series):
        seat = seats[p] if p < len(seats) else None
        colour = seat.colour if seat else "currentColor"
        dash = DASHES[p % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        out.append(
            f'<polyline data-seat="{p}" points="{points}" fill="none" stroke="{escape(colour)}" '
            f'stroke-width="2.5" stroke-linejoin="round"{dash_attr}/>'
        )
        lx = _LEFT + (p % 2) * (plot_w / 2)  # the legend: two seats a row
        ly = _PLOT_BOTTOM + 40 + 18 * (p // 2)
        name = seat.name if seat else f"Player {p + 1}"
        out.append(
            f'<line x1="{lx:.1f}" x2="{lx + 24:.1f}" y1="{ly - 4}" y2="{ly - 4}" '
            f'stroke="{escape(colour)}" stroke-width="2.5"{dash_attr}/>'
            f'<text x="{lx + 30:.1f}" y="{ly}" fill="currentColor">{escape(name)}</text>'
        )
    out.append("</svg>")
    return (
        f'<figure class="chart" data-chart="{escape(chart_id)}">'
        f"<figcaption>{escape(title)}</figcaption>{''.join(out)}"
        f"{_table(labels, series, seats, title, percent)}</figure>"
    )


def _table(
    labels: Sequence[str],
    series: Sequence[Sequence[float]],
    seats: Sequence[Seat],
    title: str,
    percent: bool,
) -> str:
    """The chart's numbers for screen readers: a row per label, a column per seat."""
    names = [s.name for s in seats] + [f"Player {p + 1}" for p in range(len(seats), len(series))]
    head = "".join(f'<th scope="col">{escape(names[p])}</th>' for p in range(len(series)))
    rows = []
    for i, label in enumerate(labels):
        cells = "".join(
            f"<td>{escape(_fmt(values[i], percent)) if i < len(values) else ''}</td>"
            for values in series
        )
        rows.append(f'<tr><th scope="row">{escape(str(label))}</th>{cells}</tr>')
    return (
        f'<table class="visually-hidden"><caption>{escape(title)}</caption>'
        f"<thead><tr><td></td>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


__all__ = ["DASHES", "line_chart"]
