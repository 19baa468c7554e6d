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


def _nice_max(value: float) -> float:
    """The top of the y axis: ``value`` rounded up to 1, 2 or 5 times a power of ten.

    >>> _nice_max(37), _nice_max(0), _nice_max(1.0), _nice_max(120)
    (50, 1, 1, 200)
    """
    if value <= 0:
        return 1
    step = 1
    while step * 10 <= value:
        step *= 10
    for k in (1, 2, 5, 10):
        if k * step >= value:
            return k * step
    return 10 * step


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
    top = 1.0 if percent else _nice_max(max((max(s) for s in series if s), default=0))
    bottom_value = 0.0 if percent else min(0.0, min((min(s) for s in series if s), default=0))
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
        f'focusable="false" font-size="12">'
    ]
    for k in range(5):  # grid lines and the y axis's labels
        v = bottom_value + span * k / 4
        gy = y(v)
        out.append(
            f'<line x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{gy:.1f}" y2="{gy:.1f}" '
            f'stroke="currentColor" stroke-opacity="{0.5 if k == 0 else 0.15}"/>'
            f'<text x="{_LEFT - 4}" y="{gy + 4:.1f}" text-anchor="end" fill="currentColor">'
            f"{escape(_fmt(v, percent))}</text>"
        )
    if n:  # x labels: at most six, the first and the last always
        shown = sorted({round(k * (n - 1) / 5) for k in range(6)}) if n > 6 else range(n)
        for i in shown:
            anchor = "start" if i == 0 and n > 1 else "end" if i == n - 1 and n > 1 else "middle"
            out.append(
                f'<text x="{x(i):.1f}" y="{_PLOT_BOTTOM + 16}" text-anchor="{anchor}" '
                f'fill="currentColor">{escape(str(labels[i]))}</text>'
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
