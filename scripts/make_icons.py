#!/usr/bin/env python3
"""Draw the app icons (web/icon-*.png) from web/favicon.svg with Chromium's SVG renderer.

    make icons        (or: .venv/bin/python scripts/make_icons.py [--check])

The web app manifest lists the icons:

- ``icon-192.png``, ``icon-512.png`` (purpose ``any``): the favicon's drawing on an ice
  floe on a rounded square of the header's water blue;
- ``icon-maskable-512.png`` (purpose ``maskable``): the same, full bleed, with the drawing
  well inside the central safe circle (radius 40 % of the size) that every mask keeps.

Each icon is one SVG document (the square, the floe, and the favicon as an ``<image>``)
that headless Debian Chromium (scripts/chromium.py) draws onto a canvas, so the favicon may
be any SVG with a ``viewBox``, drawn as a browser draws an SVG image (no scripts, nothing
loaded from elsewhere). The drawing is scaled so that the longer side of its bounding box
(SVG ``getBBox`` within the viewBox: the shapes' geometry, so strokes and filter effects
reaching beyond it do not count) is 64 % of the icon (54 % when maskable), and centred.
The canvas is SUPERSAMPLE times the icon's size and each icon pixel the mean of its
samples: Chromium's own anti-aliasing is coarse on nearly horizontal edges.

The PNGs are written here, not by Chromium: RGBA, unfiltered rows, zlib level 9, no
timestamp, and two ``tEXt`` chunks: ``Software`` (``Chromium <version>``) and ``Favicon
SHA-256`` (the favicon it shows). The same favicon drawn by the same Chromium gives the
same bytes.

They are committed. tests/test_netlify.py, like ``--check`` (exit 1), says that one is
stale if it shows another favicon (by the digest, whatever drew it), or if it was drawn by
this Chromium version and its bytes differ, or, when another version drew it (Debian
updates Chromium now and then, and CI gets the one of the day), if the mean colour of any
8×8 square of pixels (premultiplied RGBA) differs by more than TOLERANCE levels of 255:
anti-aliasing moves a little coverage between neighbouring pixels and keeps those means,
while moving a shape by 1/8 px or changing a colour visibly moves them by more.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import struct
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
FAVICON = WEB / "favicon.svg"
if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (scripts/ is not a package)

WATER = "#1b6fa8"  # --water in web/app.css: the header, the manifest's theme_color
ICE = "#e8f4fb"  # --ice in web/app.css

# Drawn at the icon's size, Chromium's pixels on nearly horizontal edges are up to ~80
# levels (of 255) from the exact coverage; the mean of 8x8 samples is within a few.
SUPERSAMPLE = 8
BLOCK = 8  # side, in pixels, of the squares whose mean colours a tolerant comparison checks
# How far a square's mean may move when another Chromium version drew the icon. Drawing
# with another anti-aliasing (4x4 or 16x16 samples, or the rasteriser this project had
# before) moves it at most 2.8; moving the drawing by 1/8 px, 5.8 or more.
TOLERANCE = 3.0
SOURCE = "Favicon SHA-256"  # the tEXt keyword of the digest of the favicon an icon shows


@dataclass(frozen=True)
class Icon:
    """One icon of the manifest: its size in pixels and whether it is maskable."""

    size: int
    maskable: bool

    @property
    def corner(self) -> float:
        """Radius of the water square's corners (maskable icons are full bleed)."""
        return 0.0 if self.maskable else 0.22 * self.size

    @property
    def floe(self) -> float:
        """Radius of the ice floe, inside the safe circle (0.4 size) when maskable."""
        return (0.36 if self.maskable else 0.42) * self.size

    @property
    def drawing(self) -> float:
        """The longer side of the favicon drawing's bounding box, in pixels."""
        return (0.54 if self.maskable else 0.64) * self.size


ICONS = {
    "icon-192.png": Icon(192, maskable=False),
    "icon-512.png": Icon(512, maskable=False),
    "icon-maskable-512.png": Icon(512, maskable=True),
}


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    width: float
    height: float


def place(icon: Icon, drawing: Box, view_box: Box) -> Box:
    """Where the favicon's viewBox goes in the icon so that its drawing is centred and its
    longer side is ``icon.drawing`` long.

    >>> place(Icon(100, maskable=False), Box(0, 0, 10, 20), Box(0, 0, 20, 20))
    Box(x=34.0, y=18.0, width=64.0, height=64.0)
    """
    scale = icon.drawing / max(drawing.width, drawing.height)
    centre_x = drawing.x + drawing.width / 2
    centre_y = drawing.y + drawing.height / 2
    return Box(
        icon.size / 2 + (view_box.x - centre_x) * scale,
        icon.size / 2 + (view_box.y - centre_y) * scale,
        view_box.width * scale,
        view_box.height * scale,
    )


def icon_svg(icon: Icon, favicon: bytes, where: Box) -> str:
    """The icon as one SVG document: water, floe, and the favicon as an image at ``where``."""
    n, half = icon.size, icon.size / 2
    href = "data:image/svg+xml;base64," + base64.b64encode(favicon).decode("ascii")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{n}" height="{n}" '
        f'viewBox="0 0 {n} {n}">'
        f'<rect width="{n}" height="{n}" rx="{icon.corner:g}" fill="{WATER}"/>'
        f'<circle cx="{half:g}" cy="{half:g}" r="{icon.floe:g}" fill="{ICE}"/>'
        f'<image href="{href}" x="{where.x!r}" y="{where.y!r}" '
        f'width="{where.width!r}" height="{where.height!r}"/>'
        "</svg>"
    )


# In the page: the favicon inlined into the document, for its viewBox and bounding box.
MEASURE_JS = """(text) => {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  if (parsed.querySelector('parsererror')) throw new Error('favicon.svg is not well-formed');
  const svg = document.body.appendChild(document.importNode(parsed.documentElement, true));
  const v = svg.viewBox.baseVal, b = svg.getBBox();
  svg.remove();
  return {viewBox: [v.x, v.y, v.width, v.height], bbox: [b.x, b.y, b.width, b.height]};
}"""

# In the page: an SVG drawn (the way a browser draws an SVG image: no scripts, nothing
# loaded) onto a canvas SUPERSAMPLE times the icon's size, each icon pixel the mean of its
# SUPERSAMPLE² canvas pixels (premultiplied), and returned as straight RGBA in base64.
RASTERISE_JS = """async ({url, size, k}) => {
  const image = new Image();
  image.src = url;
  await image.decode();
  const n = size * k, canvas = document.createElement('canvas');
  canvas.width = canvas.height = n;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, n, n);
  const big = context.getImageData(0, 0, n, n).data, sums = new Float64Array(4 * size * size);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = 4 * (y * n + x), o = 4 * (Math.floor(y / k) * size + Math.floor(x / k));
      const a = big[i + 3];
      sums[o] += big[i] * a;
      sums[o + 1] += big[i + 1] * a;
      sums[o + 2] += big[i + 2] * a;
      sums[o + 3] += a;
    }
  }
  const pixels = new Uint8Array(4 * size * size);
  for (let o = 0; o < pixels.length; o += 4) {
    const a = sums[o + 3];
    if (a > 0) {
      for (let c = 0; c < 3; c++) pixels[o + c] = Math.round(sums[o + c] / a);
      pixels[o + 3] = Math.round(a / (k * k));
    }
  }
  let text = '';
  for (let i = 0; i < pixels.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, pixels.subarray(i, i + 0x8000));
  }
  return btoa(text);
}"""


class Renderer:
    """A page of headless Chromium that measures favicons and rasterises SVG."""

    def __init__(self, browser) -> None:
        self.version: str = browser.version
        self.page = browser.new_page()
        self.page.set_content("<!doctype html><title>icons</title><body></body>")

    def measure(self, favicon: bytes) -> tuple[Box, Box]:
        """The favicon's drawing (its bounding box within its viewBox) and its viewBox."""
        found = self.page.evaluate(MEASURE_JS, favicon.decode("utf-8"))
        view_box = Box(*found["viewBox"])
        if view_box.width <= 0 or view_box.height <= 0:
            raise ValueError("favicon.svg needs a viewBox: without one an SVG cannot scale")
        b = Box(*found["bbox"])
        x0, y0 = max(b.x, view_box.x), max(b.y, view_box.y)
        x1 = min(b.x + b.width, view_box.x + view_box.width)
        y1 = min(b.y + b.height, view_box.y + view_box.height)
        if x1 <= x0 or y1 <= y0:
            raise ValueError("favicon.svg draws nothing inside its viewBox")
        return Box(x0, y0, x1 - x0, y1 - y0), view_box

    def rasterise(self, svg: str, size: int, supersample: int = SUPERSAMPLE) -> bytes:
        """Straight 8-bit RGBA rows of ``svg`` drawn at size x size pixels."""
        url = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode("ascii")
        found = self.page.evaluate(RASTERISE_JS, {"url": url, "size": size, "k": supersample})
        return base64.b64decode(found)

    def icons(self, favicon: bytes, supersample: int = SUPERSAMPLE) -> dict[str, bytes]:
        """Every icon of ICONS as PNG bytes, drawn from the favicon's SVG text."""
        drawing, view_box = self.measure(favicon)
        text = {"Software": f"Chromium {self.version}", SOURCE: hashlib.sha256(favicon).hexdigest()}
        out = {}
        for name, icon in ICONS.items():
            svg = icon_svg(icon, favicon, place(icon, drawing, view_box))
            pixels = self.rasterise(svg, icon.size, supersample)
            out[name] = encode_png(icon.size, pixels, text)
        return out


@contextmanager
def renderer() -> Iterator[Renderer]:
    """Debian's Chromium, headless, for as long as the ``with`` lasts."""
    if not Path(CHROMIUM).exists():
        raise FileNotFoundError(f"{CHROMIUM} is missing: `apt-get install -y chromium`")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield Renderer(browser)
        finally:
            browser.close()


# ---------------------------------------------------------------------------- PNG


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def encode_png(size: int, rgba: bytes, text: dict[str, str]) -> bytes:
    """A square 8-bit RGBA PNG with ``text`` as tEXt chunks: the same bytes for the same
    arguments (no timestamp, rows unfiltered, zlib level 9).

    >>> png = encode_png(1, bytes([27, 111, 168, 255]), {"Software": "Chromium 1"})
    >>> decode_png(png)
    Png(size=1, text={'Software': 'Chromium 1'}, rgba=b'\\x1bo\\xa8\\xff')
    """
    stride = 4 * size
    if len(rgba) != stride * size:
        raise ValueError(f"{len(rgba)} bytes are not {size}x{size} RGBA pixels")
    rows = b"".join(b"\0" + rgba[y * stride : (y + 1) * stride] for y in range(size))
    texts = b"".join(
        _chunk(b"tEXt", key.encode("latin-1") + b"\0" + value.encode("latin-1"))
        for key, value in text.items()
    )
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
        + texts
        + _chunk(b"IDAT", zlib.compress(rows, 9))
        + _chunk(b"IEND", b"")
    )


@dataclass(frozen=True)
class Png:
    size: int
    text: dict[str, str]
    rgba: bytes


def decode_png(data: bytes) -> Png:
    """Read back a PNG as encode_png writes it (square RGBA, rows unfiltered)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    at, header, text, compressed = 8, b"", {}, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"tEXt":
            key, _, value = body.partition(b"\0")
            text[key.decode("latin-1")] = value.decode("latin-1")
        elif kind == b"IDAT":
            compressed += body
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if (width, depth, colour, interlace) != (height, 8, 6, 0):
        raise ValueError("not a square non-interlaced 8-bit RGBA PNG")
    raw, stride = zlib.decompress(compressed), 4 * width + 1
    rows = [raw[y * stride : (y + 1) * stride] for y in range(height)]
    if any(row[0] != 0 for row in rows):
        raise ValueError("filtered PNG rows: not written by make_icons")
    return Png(width, text, b"".join(row[1:] for row in rows))


# ---------------------------------------------------------------------------- staleness


def block_means(png: Png) -> list[list[float]]:
    """Per BLOCK x BLOCK square of pixels (rows of squares, left to right), the mean of each
    premultiplied channel (R·A, G·A, B·A, A), in levels of 255.

    >>> block_means(Png(8, {}, bytes([255, 0, 0, 255]) * 32 + bytes(4 * 32)))
    [[127.5, 0.0, 0.0, 127.5]]
    """
    n, size = BLOCK, png.size
    if size % n:
        raise ValueError(f"icon size {size} is not a multiple of {n}")
    sums = [[0] * 4 for _ in range((size // n) ** 2)]
    for y in range(size):
        row = png.rgba[4 * size * y : 4 * size * (y + 1)]
        first = (y // n) * (size // n)
        for x in range(size):
            r, g, b, a = row[4 * x : 4 * x + 4]
            block = sums[first + x // n]
            block[0] += r * a
            block[1] += g * a
            block[2] += b * a
            block[3] += a * 255
    return [[total / (255 * n * n) for total in block] for block in sums]


def block_difference(a: Png, b: Png) -> float:
    """The largest difference, in levels of 255, between the block means of two icons."""
    return max(
        abs(x - y)
        for block_a, block_b in zip(block_means(a), block_means(b), strict=True)
        for x, y in zip(block_a, block_b, strict=True)
    )


def why_stale(committed: bytes, fresh: bytes) -> str | None:
    """None if the committed PNG is up to date with the one drawn now, else why not (see
    the module docstring)."""
    old, new = decode_png(committed), decode_png(fresh)
    if old.size != new.size:
        return f"{old.size} px, not {new.size}"
    if old.text.get(SOURCE) != new.text[SOURCE]:
        return "drawn from another favicon.svg"
    drawn_by = old.text.get("Software", "an unknown renderer")
    if drawn_by == new.text["Software"]:
        return None if committed == fresh else f"not the bytes that {drawn_by} draws"
    worst = block_difference(old, new)
    if worst > TOLERANCE:
        return (
            f"drawn by {drawn_by}; {new.text['Software']} draws a {BLOCK}x{BLOCK} square "
            f"{worst:.1f} levels off (more than {TOLERANCE})"
        )
    return None


def stale_icons(fresh: dict[str, bytes], folder: Path = WEB) -> dict[str, str]:
    """The committed icons (in ``folder``) that are not up to date with ``fresh``, and why."""
    stale = {}
    for name, data in fresh.items():
        path = folder / name
        reason = why_stale(path.read_bytes(), data) if path.is_file() else "missing"
        if reason:
            stale[name] = reason
    return stale


def build_icons(favicon: Path = FAVICON) -> dict[str, bytes]:
    """Every icon as PNG bytes, drawn now from ``favicon`` (starts Chromium)."""
    with renderer() as chromium:
        return chromium.icons(favicon.read_bytes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if web/icon-*.png are stale")
    args = parser.parse_args(argv)
    fresh = build_icons()
    if args.check:
        stale = stale_icons(fresh)
        for name, reason in stale.items():
            print(f"make_icons: web/{name} is stale ({reason}): run make icons", file=sys.stderr)
        return 1 if stale else 0
    for name, data in fresh.items():  # what this Chromium draws, even if within tolerance
        path = WEB / name
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
            print(f"make_icons: wrote web/{name} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
