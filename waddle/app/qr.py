"""The QR code of a link, as SVG markup the page can show: a phone beside the screen reads
a remote-play turn (docs/remote-play.md) with its camera.

Made by ``segno`` (PyPI, pure Python, BSD), not by the project: the same pinned version
runs in the tests (requirements-test.txt) and in the page, where ``scripts/build_web.py``
packs it into the app zip (``PAGE_WHEELS``). A turn link of any game is at most 1,000
characters: with the page's address that is a version 23 code (117 modules a side) at the
lowest error correction, which segno raises when the same size allows.

>>> svg = link_qr_svg("https://waddle.example/#r1.AAAA")
>>> svg.startswith("<svg") and 'viewBox="0 0 33 33"' in svg and "<title>" in svg
True
"""

from __future__ import annotations

import io

QR_TITLE = "QR code of the link"
BORDER = 4
"""Modules of light margin around the code: the standard's quiet zone."""


def link_qr_svg(text: str, title: str = QR_TITLE) -> str:
    """SVG markup (an ``<svg>`` element with a ``viewBox``, no fixed size: the page's CSS
    sizes it) of a QR code holding ``text``; dark modules on a white ground, whatever the
    page's colours, so a camera reads it in dark mode too. ``title`` is escaped.
    ``ValueError`` if ``text`` does not fit in any QR code (about 2,900 characters)."""
    import segno

    try:
        code = segno.make(text, error="l", micro=False)
    except segno.DataOverflowError:
        raise ValueError("this link is too long for a QR code") from None
    buffer = io.BytesIO()
    code.save(
        buffer,
        kind="svg",
        xmldecl=False,
        svgns=True,
        nl=False,
        omitsize=True,
        scale=1,
        border=BORDER,
        dark="#000",
        light="#fff",
        title=title,
        svgclass="qr",
        lineclass=None,
    )
    return buffer.getvalue().decode("utf-8")


def qr_version(text: str) -> int:
    """The QR version (1 to 40: 17 + 4 × version modules a side) :func:`link_qr_svg` uses."""
    import segno

    return segno.make(text, error="l", micro=False).version
