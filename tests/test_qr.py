"""The QR code of a remote-play link (waddle/app/qr.py): the SVG the page shows reads back
as the link, by a real QR decoder (zxing-cpp, test only) reading the modules the markup
draws, and stays a size a phone's camera reads off a screen."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
import zxingcpp

from waddle.app.qr import BORDER, link_qr_svg, qr_version

ROOT = Path(__file__).resolve().parent.parent
ORIGIN = "https://waddle.example/#"


def modules(svg: str) -> list[list[bool]]:
    """The dark modules the SVG draws: its path is segno's run-length form (``M x y``
    absolute, ``m dx dy`` relative moves, ``h dx`` a dark run along the row)."""
    root = ElementTree.fromstring(svg)
    ns = {"svg": "http://www.w3.org/2000/svg"}
    size = int(root.attrib["viewBox"].split()[2])
    (dark,) = [p for p in root.findall("svg:path", ns) if p.attrib.get("stroke") == "#000"]
    grid = [[False] * size for _ in range(size)]
    x = y = 0.0
    for command, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?:[ ,](-?[\d.]+))?", dark.attrib["d"]):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            run = int(float(a))
            for i in range(run):
                grid[int(y)][int(x) + i] = True
            x += run
    return grid


def decoded(svg: str, scale: int = 3) -> list[str]:
    """What zxing-cpp reads from the drawn modules (white ground, each module a square)."""
    grid = modules(svg)
    size = len(grid) * scale
    pixels = bytearray(b"\xff" * (size * size))
    for y, row in enumerate(grid):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    start = (y * scale + dy) * size + x * scale
                    pixels[start : start + scale] = bytes(scale)

    class Image:  # what zxing-cpp reads without numpy: the array interface
        def __init__(self) -> None:
            self.__array_interface__ = {
                "shape": (size, size),
                "typestr": "|u1",
                "data": bytes(pixels),
                "version": 3,
            }

    return [result.text for result in zxingcpp.read_barcodes(Image())]


@pytest.mark.parametrize("length", [60, 400, 1000])
def test_the_qr_code_reads_back_as_the_link(length):
    link = ORIGIN + "r1." + ("AbC-_9" * 200)[:length]
    svg = link_qr_svg(link)
    assert decoded(svg) == [link]


def test_a_turn_link_makes_a_code_a_camera_reads_off_a_screen():
    """The longest turn link (1,000 characters) and the page's address: version 23 at
    most (117 modules a side, a little over 3 px a module in a 400 px square)."""
    link = ORIGIN + "r1." + "A" * 1000
    assert qr_version(link) <= 23
    size = 17 + 4 * qr_version(link) + 2 * BORDER
    assert f'viewBox="0 0 {size} {size}"' in link_qr_svg(link)


def test_the_markup_is_one_svg_element_with_an_escaped_title():
    svg = link_qr_svg(ORIGIN + "r1.AAAA", title='Bo\'s turn <script>alert("x")</script>')
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "<script>" not in svg
    root = ElementTree.fromstring(svg)
    assert root.find("{http://www.w3.org/2000/svg}title").text.startswith("Bo's turn <script>")
    assert "width" not in root.attrib  # sized by the page's CSS


def test_a_text_too_long_for_any_qr_code_is_refused():
    with pytest.raises(ValueError, match="too long for a QR code"):
        link_qr_svg("A" * 8000)


def test_the_page_packs_the_segno_the_tests_run():
    spec = importlib.util.spec_from_file_location("build_web_qr", ROOT / "scripts" / "build_web.py")
    build_web = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_web_qr", build_web)
    spec.loader.exec_module(build_web)
    pins = dict(
        line.split("==")
        for line in (ROOT / "requirements-test.txt").read_text().splitlines()
        if "==" in line and not line.startswith("#")
    )
    for name, version, _, members in build_web.PAGE_WHEELS:
        assert pins[name] == version
        assert f"{name}/__init__.py" in members
    import segno

    assert segno.__version__ == "1.6.6"
