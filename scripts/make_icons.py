#!/usr/bin/env python3
"""Draw the app icons (web/icon-*.png) from the penguin in web/favicon.svg.

    python3 scripts/make_icons.py [--check]

Standard library only, no network, deterministic: the same favicon gives byte-identical
PNGs, which are committed (tests/test_netlify.py checks they are up to date; ``--check``
does the same and exits 1 when they are stale). The web app manifest lists them:

- ``icon-192.png``, ``icon-512.png`` (purpose ``any``): the penguin on an ice floe on a
  rounded square of the header's water blue;
- ``icon-maskable-512.png`` (purpose ``maskable``): the same, full bleed, with the penguin
  well inside the central safe circle (radius 40 % of the size) that every mask keeps.

The favicon may only use what this rasteriser understands: ``<ellipse>``, ``<circle>`` and
``<path>`` made of absolute ``M``/``L``/``Z`` (a convex polygon), each with a ``#rrggbb``
fill; the drawing is centred by its height and the ``viewBox`` width. Shapes are
anti-aliased by exact horizontal coverage over sub-rows; drawing all three takes seconds.
"""

from __future__ import annotations

import argparse
import math
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
FAVICON = WEB / "favicon.svg"

WATER = "#1b6fa8"  # --water in web/app.css: the header, the manifest's theme_color
ICE = "#e8f4fb"  # --ice in web/app.css
SUBROWS = 4  # vertical samples per pixel row; horizontal coverage is exact

# A span function: for a y (in pixels), the covered x interval, or None.
Span = Callable[[float], tuple[float, float] | None]


@dataclass(frozen=True)
class Shape:
    span: Span
    top: float
    bottom: float
    rgb: tuple[int, int, int]


def parse_colour(text: str) -> tuple[int, int, int]:
    match = re.fullmatch(r"#([0-9a-fA-F]{6})", text.strip())
    if not match:
        raise ValueError(f"unsupported colour {text!r}: use #rrggbb")
    value = int(match.group(1), 16)
    return (value >> 16, (value >> 8) & 0xFF, value & 0xFF)


def ellipse(cx: float, cy: float, rx: float, ry: float, rgb) -> Shape:
    def span(y: float):
        t = (y - cy) / ry
        if abs(t) >= 1:
            return None
        half = rx * math.sqrt(1 - t * t)
        return (cx - half, cx + half)

    return Shape(span, cy - ry, cy + ry, rgb)


def polygon(points: list[tuple[float, float]], rgb) -> Shape:
    """A convex polygon: the span at y runs between the edges it crosses."""
    edges = list(zip(points, points[1:] + points[:1], strict=True))

    def span(y: float):
        xs = []
        for (x0, y0), (x1, y1) in edges:
            if y0 == y1 or not (min(y0, y1) <= y <= max(y0, y1)):
                continue
            xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        return (min(xs), max(xs)) if len(xs) >= 2 else None

    ys = [p[1] for p in points]
    return Shape(span, min(ys), max(ys), rgb)


def rounded_square(x: float, y: float, size: float, radius: float, rgb) -> Shape:
    def span(v: float):
        if not y <= v <= y + size:
            return None
        dy = max(y + radius - v, v - (y + size - radius), 0.0)
        inset = radius - math.sqrt(max(radius * radius - dy * dy, 0.0)) if dy else 0.0
        return (x + inset, x + size - inset)

    return Shape(span, y, y + size, rgb)


def favicon_shapes(svg: Path, scale: float, dx: float, dy: float) -> list[Shape]:
    """The favicon's shapes, mapped by x -> x * scale + dx (y likewise)."""
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.parse(svg).getroot()
    shapes = []
    for element in root.iter():
        tag = element.tag.removeprefix(ns)
        if tag == "svg":
            continue
        a = dict(element.attrib)
        rgb = parse_colour(a.get("fill", ""))

        def num(name: str, a=a) -> float:
            return float(a[name])

        if tag == "ellipse":
            shapes.append(
                ellipse(
                    num("cx") * scale + dx,
                    num("cy") * scale + dy,
                    num("rx") * scale,
                    num("ry") * scale,
                    rgb,
                )
            )
        elif tag == "circle":
            r = num("r") * scale
            shapes.append(ellipse(num("cx") * scale + dx, num("cy") * scale + dy, r, r, rgb))
        elif tag == "path":
            tokens = re.findall(r"[MLZmlz]|-?\d*\.?\d+", a["d"])
            if any(t in "mlz" for t in tokens if t.isalpha()):
                raise ValueError("favicon path: only absolute M, L and Z are supported")
            numbers = [float(t) for t in tokens if not t.isalpha()]
            points = [
                (numbers[i] * scale + dx, numbers[i + 1] * scale + dy)
                for i in range(0, len(numbers), 2)
            ]
            shapes.append(polygon(points, rgb))
        else:
            raise ValueError(f"favicon: unsupported element <{tag}>")
    return shapes


def coverage_row(shape: Shape, row: int, width: int) -> tuple[int, list[float]] | None:
    """How much of each pixel of one row the shape covers (0..1), as (first x, coverage
    from there on), or None if nothing."""
    if shape.bottom <= row or shape.top >= row + 1:
        return None
    spans = []
    for k in range(SUBROWS):
        span = shape.span(row + (k + 0.5) / SUBROWS)
        if span is not None:
            x0, x1 = max(span[0], 0.0), min(span[1], float(width))
            if x0 < x1:
                spans.append((x0, x1))
    if not spans:
        return None
    lo = int(min(x0 for x0, _ in spans))
    hi = min(int(max(x1 for _, x1 in spans)) + 1, width)
    cover = [0.0] * (hi - lo + 1)
    ramp = [0.0] * (hi - lo + 2)  # difference array for fully covered pixels
    weight = 1.0 / SUBROWS
    for x0, x1 in spans:
        first, last = int(x0) - lo, int(x1) - lo
        x0, x1 = x0 - lo, x1 - lo
        if first == last:
            cover[first] += (x1 - x0) * weight
            continue
        cover[first] += (first + 1 - x0) * weight
        cover[last] += (x1 - last) * weight
        ramp[first + 1] += weight
        ramp[last] -= weight
    running = 0.0
    for x in range(hi - lo):
        running += ramp[x]
        cover[x] += running
    return lo, cover[: hi - lo]


def straight_rgba(pixel: tuple[float, float, float, float]) -> bytes:
    """8-bit straight RGBA of a premultiplied pixel."""
    r, g, b, a = pixel
    if a <= 0.0:
        return b"\0\0\0\0"
    return bytes(
        (
            min(255, round(r / a)),
            min(255, round(g / a)),
            min(255, round(b / a)),
            min(255, round(a * 255)),
        )
    )


def render(size: int, shapes: list[Shape]) -> bytes:
    """Raw RGBA rows, shapes painted in order with the "over" operator."""
    rows = []
    memo: dict[tuple[float, float, float, float], bytes] = {}
    for y in range(size):
        # Premultiplied RGBA per pixel.
        pixels = [(0.0, 0.0, 0.0, 0.0)] * size
        for shape in shapes:
            found = coverage_row(shape, y, size)
            if found is None:
                continue
            lo, cover = found
            r, g, b = shape.rgb
            solid = (float(r), float(g), float(b), 1.0)
            for x, c in enumerate(cover, lo):
                if c >= 1.0:
                    pixels[x] = solid
                elif c > 0.0:
                    pr, pg, pb, pa = pixels[x]
                    keep = 1.0 - c
                    pixels[x] = (
                        r * c + pr * keep,
                        g * c + pg * keep,
                        b * c + pb * keep,
                        c + pa * keep,
                    )
        row = bytearray([0])  # PNG filter type 0 (None)
        for pixel in pixels:
            encoded = memo.get(pixel)
            if encoded is None:
                encoded = memo[pixel] = straight_rgba(pixel)
            row += encoded
        rows.append(bytes(row))
    return b"".join(rows)


def png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def icon(size: int, maskable: bool, svg: Path = FAVICON) -> bytes:
    water, ice = parse_colour(WATER), parse_colour(ICE)
    if maskable:
        # Full bleed; everything that matters within the safe circle (r = 0.4 size).
        shapes = [rounded_square(0, 0, size, 0, water)]
        floe, drawing = 0.36 * size, 0.54 * size
    else:
        shapes = [rounded_square(0, 0, size, 0.22 * size, water)]
        floe, drawing = 0.42 * size, 0.64 * size
    shapes.append(ellipse(size / 2, size / 2, floe, floe, ice))
    # The penguin's height is drawing; its bounding box is centred on the floe.
    unit = favicon_shapes(svg, 1.0, 0.0, 0.0)
    top, bottom = min(s.top for s in unit), max(s.bottom for s in unit)
    width = float(ET.parse(svg).getroot().attrib["viewBox"].split()[2])
    scale = drawing / (bottom - top)
    dx = size / 2 - width / 2 * scale
    dy = size / 2 - (top + bottom) / 2 * scale
    shapes += favicon_shapes(svg, scale, dx, dy)
    return png(size, render(size, shapes))


ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
}


def build_icons() -> dict[str, bytes]:
    return {name: icon(size, maskable) for name, (size, maskable) in ICONS.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if web/icon-*.png are stale")
    args = parser.parse_args(argv)
    stale = []
    for name, data in build_icons().items():
        path = WEB / name
        if path.is_file() and path.read_bytes() == data:
            continue
        stale.append(name)
        if not args.check:
            path.write_bytes(data)
            print(f"make_icons: wrote {path.relative_to(ROOT)} ({len(data)} bytes)")
    if args.check and stale:
        print(f"make_icons: stale: {', '.join(stale)}: run scripts/make_icons.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
