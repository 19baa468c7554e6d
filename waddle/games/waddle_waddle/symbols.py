"""Waddle Waddle's own symbols, drawn as SVG: each species' penguin head, a fish, Kevin.

A system font's glyph is not the project's to choose (Debian's Chromium has no emoji
font), so every symbol is a path of its own. Each species is a penguin head in profile,
facing right, with the mark that tells that species apart in the wild, drawn bold enough
to read at 16 CSS px: the Magellanic's white band around the face, the Rockhopper's
spiky crest, the Chinstrap's white face and the thin strap under it, the King's ear
patch, the Macaroni's plume and the Gentoo's white bonnet over the eyes. The shapes are
filled with ``currentColor`` (white marks are holes, ``fill-rule="evenodd"``), so a
symbol takes the ink of what it sits in: a card, a badge on the board, the legend.

Symbols are decoration beside words that say the same (a species' name or code), so
they are hidden from screen readers.

>>> icon = species_icon(3)
>>> icon.startswith('<svg class="species-icon" data-species-icon="king"'), 'aria-hidden' in icon
(True, True)
>>> len({species_shape(k) for k in range(6)})  # six different drawings
6
"""

from __future__ import annotations

from waddle.games.waddle_waddle.cards import SPECIES

SIZE = 20
"""The symbols are drawn on a 20-unit square."""

_HEAD = "M3 12A6.5 6.5 0 0 1 15.4 9.3L19.6 11.6 15.9 13.4A6.5 6.5 0 0 1 3 12Z"
"""A penguin's head, facing right, its beak to the right edge."""
_EYE = "M13.3 9.6a1.25 1.25 0 1 0-2.5 0 1.25 1.25 0 1 0 2.5 0Z"
"""The eye: a hole in the head."""

_MARKS: tuple[str, ...] = (
    # Magellanic: a white band from above the eye, round the cheek, under the throat.
    '<path fill-rule="evenodd" d="' + _HEAD + _EYE + "M14.6 7.6C11.6 5.6 7.3 6.2 6.2 9.7"
    "c-.8 2.6.5 5 3.2 6l-.7 2c-3.9-1.3-5.7-4.9-4.6-8.6 1.5-4.8 7.1-5.9 11.3-3.2Z"
    '"/>',
    # Rockhopper: a crest of spikes standing up behind the eye.
    '<path fill-rule="evenodd" d="' + _HEAD + _EYE + '"/>'
    '<path d="M5.6 7.6 2.2 3.4l4.6 2.4L6.4 1.2l2.9 4.1L11 .9l.9 4.9 2.6-2.6-.7 4.3Z"/>',
    # Chinstrap: a white face under a dark cap, a thin dark strap under the chin.
    '<path fill-rule="evenodd" d="'
    + _HEAD
    + _EYE
    + 'M4.4 11.4C6.6 11.2 12 11 15.3 12.9L15.2 15A6.5 6.5 0 0 1 4.4 11.4Z"/>'
    '<path d="M5.6 14.2c3 1.9 6.3 1.9 9.2.4l.4.9c-3.2 1.8-6.9 1.8-10.1-.3Z"/>',
    # King: a large teardrop patch on the side of the head.
    '<path fill-rule="evenodd" d="' + _HEAD + _EYE + "M8.6 10.2c1.9.3 2.5 2.5 1.5 4.2-.8 1.3"
    '-2.2 2.3-3.6 3 .6-1.7-.1-2.9-.5-4.3-.6-1.8.6-3.2 2.6-2.9Z"/>',
    # Macaroni: a long plume from the brow, swept back over the head and hanging down.
    '<path fill-rule="evenodd" d="' + _HEAD + _EYE + '"/>'
    '<path d="M13.6 6.9C11 4.3 6.6 3.3 3.3 4.6 1.4 5.4.6 7.4 1.3 9.6 1.5 7.6 2.8 6.3 4.7 6'
    'c2.7-.4 5.7.6 8 2.3Z"/>',
    # Gentoo: a white bonnet, a band over the crown from one eye to the other.
    '<path fill-rule="evenodd" d="' + _HEAD + _EYE + "M5.2 9.2C7.4 6.3 11.4 5.6 14.5 7.5l-.9 1.4"
    'C11 7.4 8.2 8 6.6 10.2Z"/>',
)
assert len(_MARKS) == len(SPECIES)

FISH = (
    '<path d="M2 10c3.6-5 9.4-5 13 0l3.6-3.4v6.8L15 10c-3.6 5-9.4 5-13 0Z'
    'M6.6 9a1.1 1.1 0 1 0 0 .01Z" fill-rule="evenodd"/>'
)
"""A fish, facing left, its eye a hole: the fish of rookeries, hands and the supply."""

KEVIN_MARK = (
    '<path fill-rule="evenodd" d="M9.6 1.2c2 0 3.4 1.4 3.6 3.2l2.6.9-2.7.9c-.1.4-.2.8-.4 1.1'
    " 2.6 1.7 4.1 5 4.1 8.3 0 1.3-.3 2.3-.9 2.9H4.1c-.6-.6-.9-1.6-.9-2.9 0-3.3 1.5-6.6 4.1"
    "-8.3C6.4 6.7 6 5.9 6 5c0-2.1 1.6-3.8 3.6-3.8ZM9.6 8.8c-2 0-3.5 2.5-3.5 5.6 0 1.3.2 2.2"
    ".6 2.7h5.8c.4-.5.6-1.4.6-2.7 0-3.1-1.5-5.6-3.5-5.6ZM11.3 3.6a.9.9 0 1 0-1.8 0 .9.9 0 1 0"
    ' 1.8 0Z"/>'
)
"""Kevin, the leucistic Gentoo: a whole standing penguin, white-bellied, in outline."""


def species_shape(k: int) -> str:
    """The drawing of species ``k`` (its index in :data:`~.cards.SPECIES`) on the
    20-unit square, in ``currentColor``: to place inside any SVG."""
    return _MARKS[k]


def species_icon(k: int, size: float = 16) -> str:
    """Species ``k``'s symbol as an inline SVG for HTML (a card, the legend, a button),
    ``size`` CSS px square."""
    return (
        f'<svg class="species-icon" data-species-icon="{SPECIES[k]}" viewBox="0 0 {SIZE} {SIZE}"'
        f' width="{size:g}" height="{size:g}" fill="currentColor" aria-hidden="true" '
        f'focusable="false">{_MARKS[k]}</svg>'
    )


def species_in_svg(k: int, x: float, y: float, size: float) -> str:
    """Species ``k``'s symbol inside an SVG (the board): a ``size``-unit square whose top
    left corner is at (``x``, ``y``), in the ink of the ``--ink`` around it."""
    scale = size / SIZE
    return (
        f'<g class="species-symbol" transform="translate({x:.1f} {y:.1f}) scale({scale:.3f})">'
        f"{_MARKS[k]}</g>"
    )


def fish_icon(size: float = 16) -> str:
    """A fish as an inline SVG for HTML."""
    return (
        f'<svg class="fish-icon" viewBox="0 0 {SIZE} {SIZE}" width="{size:g}" '
        f'height="{size:g}" fill="currentColor" aria-hidden="true" focusable="false">{FISH}</svg>'
    )


def fish_in_svg(x: float, y: float, size: float) -> str:
    """A fish inside an SVG (the board), its square's top left corner at (``x``, ``y``)."""
    return (
        f'<g class="fish-symbol" transform="translate({x:.1f} {y:.1f}) scale({size / SIZE:.3f})">'
        f"{FISH}</g>"
    )


def kevin_icon(size: float = 16) -> str:
    """Kevin's symbol as an inline SVG for HTML."""
    return (
        f'<svg class="species-icon" data-species-icon="kevin" viewBox="0 0 {SIZE} {SIZE}" '
        f'width="{size:g}" height="{size:g}" fill="currentColor" aria-hidden="true" '
        f'focusable="false">{KEVIN_MARK}</svg>'
    )


__all__ = [
    "FISH",
    "KEVIN_MARK",
    "SIZE",
    "fish_icon",
    "fish_in_svg",
    "kevin_icon",
    "species_icon",
    "species_in_svg",
    "species_shape",
]
