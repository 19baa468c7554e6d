"""The line charts (waddle/ui/charts.py): a line and a legend entry per seat in its colour
and dash, a view box a phone reads, every text escaped, and the numbers as a table for
screen readers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

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
