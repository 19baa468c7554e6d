"""The line charts (waddle/ui/charts.py): a line and a legend entry per seat in its colour
and dash, a view box a phone reads, every text escaped, and the numbers as a table for
screen readers."""

from __future__ import annotations

import itertools
import math
import re
import xml.etree.ElementTree as ET

import pytest

from waddle.ui.charts import DASHES, WIDTH, line_chart
from waddle.ui.seats import make_seats


def _chart(**kw):
    seats = make_seats(3, names=["Ann", "<b>Bo</b>", "Cy & Di"])
    labels = ["start", "Round 1", "Round 2", "end"]
    series = [[0, 5, 9, 14], [0, 7, 8, 12], [0, 2, 11, 13]]
    return line_chart(labels, series, seats, title="Scores by round", **kw), seats


def test_the_chart_is_well_formed_markup_with_a_line_per_seat_in_its_colour_and_dash():
    html, seats = _chart()
    root = ET.fromstring(html)  # escaped text keeps it well formed
    lines = root.findall(".//polyline")
    assert [line.get("stroke") for line in lines] == [s.colour for s in seats]
    assert [line.get("stroke-dasharray", "") for line in lines] == list(DASHES[:3])
    assert len(lines[0].get("points").split()) == 4


def test_the_chart_is_drawn_for_a_phone_and_hidden_from_screen_readers():
    html, _ = _chart()
    svg = ET.fromstring(html).find("svg")
    assert svg.get("viewBox").startswith(f"0 0 {WIDTH} ")
    assert svg.get("aria-hidden") == "true" and svg.get("font-size") == "12"


def test_names_and_titles_are_escaped():
    html, _ = _chart()
    assert "<b>Bo</b>" not in html and "&lt;b&gt;Bo&lt;/b&gt;" in html
    assert "Cy &amp; Di" in html


def test_the_numbers_are_a_table_for_screen_readers():
    html, _ = _chart()
    table = ET.fromstring(html).find("table")
    assert table.get("class") == "visually-hidden"
    rows = table.findall("./tbody/tr")
    assert [r.find("th").text for r in rows] == ["start", "Round 1", "Round 2", "end"]
    assert [td.text for td in rows[-1].findall("td")] == ["14", "12", "13"]
    assert [th.text for th in table.findall("./thead/tr/th")] == ["Ann", "<b>Bo</b>", "Cy & Di"]


def test_win_chances_are_percentages_on_a_zero_to_hundred_axis():
    seats = make_seats(2)
    html = line_chart(["1", "2"], [[0.5, 0.6], [0.5, 0.4]], seats, title="Win chance",
                      percent=True)  # fmt: skip
    assert "100%" in html and "60%" in html and "40%" in html
    ys = [
        float(v)
        for v in re.findall(r",(\d+\.\d)", ET.fromstring(html).find(".//polyline").get("points"))
    ]
    assert ys[0] > ys[1], "a higher chance is drawn higher"


def _x_labels(html: str) -> list[tuple[float, float, str]]:
    """The x labels drawn: where each runs (estimated as the chart estimates), its text."""
    from waddle.ui.charts import label_box

    svg = ET.fromstring(html).find("svg")
    out = []
    for text in svg.iter("text"):
        if text.get("class") == "x-label":
            left, right = label_box(text.text, float(text.get("x")), text.get("text-anchor"))
            out.append((left, right, text.text))
    return out


LABEL_STYLES = {
    "score by round": lambda n: ["start", *(f"Round {i}" for i in range(1, n - 1)), "end"],
    "score by turn": lambda n: ["start", *(f"Turn {i}" for i in range(1, n - 1)), "end"],
    "review": lambda n: [*(str(i) for i in range(1, n)), "end"],
}


@pytest.mark.parametrize("style", list(LABEL_STYLES))
def test_x_labels_never_run_together_and_stay_on_the_chart(style):
    seats = make_seats(2)
    for n in range(2, 160):
        labels = LABEL_STYLES[style](n)
        html = line_chart(labels, [list(range(n)), [0] * n], seats, title="t")
        drawn = _x_labels(html)
        assert drawn[0][2] == labels[0] and drawn[-1][2] == labels[-1], "first and last shown"
        assert len(drawn) >= min(n, 3), f"{n} points: a label between the ends too"
        for (_, right, a), (left, _, b) in itertools.pairwise(drawn):
            assert right + 6 <= left, f"{n} points: {a!r} and {b!r} run together"
        assert drawn[0][0] >= 0 and drawn[-1][1] <= WIDTH


def test_the_x_labels_of_ten_rounds_are_apart():
    """The issue's "startRound 2" and "Round 10end": labels drawn touching."""
    labels = LABEL_STYLES["score by round"](12)
    drawn = _x_labels(line_chart(labels, [[0] * 12], make_seats(1), title="t"))
    texts = [t for _, _, t in drawn]
    assert "Round 1" not in texts and "Round 10" not in texts
    assert texts[0] == "start" and texts[-1] == "end"


def _y_ticks(html: str) -> list[str]:
    svg = ET.fromstring(html).find("svg")
    return [t.text for t in svg.iter("text") if t.get("text-anchor") == "end"
            and t.get("class") != "x-label"]  # fmt: skip


@pytest.mark.parametrize("high", [1, 3, 7, 12, 29, 48, 56, 97, 120, 333])
def test_score_ticks_are_whole_round_steps_on_an_axis_fitted_to_the_data(high):
    html = line_chart(["start", "end"], [[0, high], [0, high // 2]], make_seats(2), title="t")
    ticks = [float(t) for t in _y_ticks(html)]
    assert all(t == int(t) for t in ticks), f"fractions of a point: {ticks}"
    steps = {b - a for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1, ticks
    step = steps.pop()
    assert step / 10 ** math.floor(math.log10(step)) in (1, 2, 5), f"not a round step: {step}"
    assert ticks[0] == 0 and ticks[-1] >= high, "the axis holds the data"
    assert ticks[-1] - step < high, f"the axis runs a whole step past the data: {ticks}"
    assert 1 <= len(ticks) - 1 <= 8


def test_fifty_six_fish_are_drawn_on_an_axis_to_sixty_not_a_hundred():
    html = line_chart(["start", "end"], [[0, 56], [0, 40]], make_seats(2), title="t")
    assert _y_ticks(html)[-1] == "60"


def test_a_negative_score_gets_a_round_tick_below_zero():
    ticks = _y_ticks(line_chart(["a", "b"], [[0, -7], [3, 12]], make_seats(2), title="t"))
    assert ticks[0] == "-10" and "0" in ticks and ticks[-1] == "15"
