"""Pebbles' own symbols, drawn as inline SVG: the four suits and the tick of a step done.

A system font's glyph is not the project's to choose: Debian's Chromium has no emoji
font, so ✋ came out as an empty box there and as a colour emoji elsewhere, among
monochrome symbols. These are drawn in ``currentColor``, on a 16-unit square, so a symbol
takes the ink of the text around it (a card's suit colour, a button's text).

Each symbol is decoration beside words that say the same (a suit's name, "done"), so it
is hidden from screen readers.

>>> icon = suit_icon(COURT)
>>> icon.startswith('<svg class="suit-icon" data-suit-icon="court"'), 'aria-hidden="true"' in icon
(True, True)
>>> len({suit_icon(s) for s in SUITS})  # four different drawings
4
"""

from __future__ import annotations

from waddle.games.pebbles.cards import COLLECT, COURT, PUSH, SCURRY, SUITS, Suit

_SHAPES = {
    # Two chevrons: a penguin hurrying on.
    SCURRY.id: (
        '<path d="M2.5 3l5 5-5 5M8.5 3l5 5-5 5" fill="none" stroke="currentColor" '
        'stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    # A heart: courting.
    COURT.id: (
        '<path d="M8 14.3C3.3 10.8 1 8.4 1 5.6 1 3.5 2.6 1.9 4.6 1.9c1.4 0 2.6.7 3.4 1.9'
        '.8-1.2 2-1.9 3.4-1.9 2 0 3.6 1.6 3.6 3.7 0 2.8-2.3 5.2-7 8.7z" fill="currentColor"/>'
    ),
    # An open hand, palm out: a push.
    PUSH.id: (
        '<g fill="currentColor"><rect x="4.4" y="7" width="8" height="7.6" rx="2.6"/>'
        '<rect x="4.4" y="2.6" width="1.9" height="7" rx=".95"/>'
        '<rect x="6.5" y="1.2" width="1.9" height="8" rx=".95"/>'
        '<rect x="8.6" y="1.6" width="1.9" height="8" rx=".95"/>'
        '<rect x="10.7" y="3" width="1.8" height="7" rx=".9"/>'
        '<rect x="1.9" y="6.6" width="1.9" height="5.6" rx=".95" '
        'transform="rotate(-32 2.85 9.4)"/></g>'
    ),
    # A pebble, as the board draws them.
    COLLECT.id: (
        '<path d="M1.6 10.4C1.6 7 4.7 4.4 8.5 4.4c3.8 0 6 2.1 6 4.9 0 3-2.9 4.4-6.7 4.4'
        'C4 13.7 1.6 12.8 1.6 10.4z" fill="currentColor"/>'
    ),
}


def suit_icon(suit: Suit, size: float = 16) -> str:
    """The suit's symbol, ``size`` CSS pixels square (CSS may resize ``.suit-icon``)."""
    return (
        f'<svg class="suit-icon" data-suit-icon="{suit.name.lower()}" viewBox="0 0 16 16" '
        f'width="{size:g}" height="{size:g}" aria-hidden="true" focusable="false">'
        f"{_SHAPES[suit.id]}</svg>"
    )


def tick_icon(size: float = 14) -> str:
    """A tick, for a step of the turn already taken."""
    return (
        f'<svg class="tick-icon" viewBox="0 0 16 16" width="{size:g}" height="{size:g}" '
        'aria-hidden="true" focusable="false"><path d="M2.5 8.6l3.6 3.6L13.6 4.4" '
        'fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" '
        'stroke-linejoin="round"/></svg>'
    )


def card_back_icon(size: float = 14) -> str:
    """A small card seen from the back, beside a count of face-down cards."""
    return (
        f'<svg class="back-icon" viewBox="0 0 12 16" width="{size * 0.75:g}" '
        f'height="{size:g}" aria-hidden="true" focusable="false">'
        '<rect x="1" y="1" width="10" height="14" rx="2" fill="#2b6a96" stroke="#10222e" '
        'stroke-width="1.2"/><path d="M3 4l6 8M9 4l-6 8" stroke="#9fc9e6" '
        'stroke-width="1"/></svg>'
    )


__all__ = ["SUITS", "card_back_icon", "suit_icon", "tick_icon"]
