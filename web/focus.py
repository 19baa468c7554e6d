"""Keyboard focus on the board and the game's table: which legal place has it, moving it
among them, and keeping a keyboard user's place across a redraw (which replaces every
element of the board).

Runs only in the browser; nothing here knows a game (places are ``[data-hex]`` and
``[data-control]`` hooks, legal ones ``[data-legal="true"]``).
"""

from pyscript import document, ffi

from web.dom import focus

LEGAL_PLACES = '#board [data-legal="true"], #table [data-legal="true"]'
"""What the arrow keys move among: the board's places, then the game's table (a card
game's cards), in page order."""

_by_pointer = False  # the last input was a mouse or a finger, not the keyboard


def note_input(event) -> None:
    """Listened to on the document (pointerdown, keydown): the page moves the focus to the
    next place to play only for someone using the keyboard. After a click or a tap, a focus
    ring on a legal hex or card would read as a suggested move."""
    global _by_pointer
    _by_pointer = str(event.type) != "keydown"


def focus_legal(step: int, relative: bool = False, keep: bool = False) -> bool:
    """Move keyboard focus among the legal places (wrapping): the board's, then the game's
    table's; False if there are none. ``relative``: ``step`` from the focused one;
    ``keep``: leave the focus where it is if it already is on a legal place."""
    places = list(document.querySelectorAll(LEGAL_PLACES))
    if not places:
        return False
    if _by_pointer and not relative:
        return True  # there are places, but the person is not at the keyboard
    active = document.activeElement
    current = None
    if not ffi.is_none(active) and hasattr(active, "closest"):
        found = active.closest('[data-legal="true"]')
        current = None if ffi.is_none(found) else found
    if keep and current is not None:
        return True
    index = 0
    if relative and current is not None:
        for k, place in enumerate(places):
            if place.isSameNode(current):
                index = (k + step) % len(places)
                break
    focus(places[index])
    return True


def focused() -> str | None:
    """A selector for the focused hex or game control, to focus it again after a redraw
    (ending in " legal" when it was a place or card to click: its successor, when it is
    gone, is the first one to click now)."""
    active = document.activeElement
    if ffi.is_none(active) or not hasattr(active, "closest"):
        return None
    for attribute in ("data-hex", "data-control"):
        found = active.closest(f"[{attribute}]")
        if not ffi.is_none(found):
            legal = " legal" if found.getAttribute("data-legal") == "true" else ""
            return f'[{attribute}="{found.getAttribute(attribute)}"]{legal}'
    return None


def refocus(selector: str | None) -> None:
    """The redraw replaced the focused element: keep keyboard users' place."""
    if selector is None:
        return
    legal = selector.endswith(" legal")
    selector = selector.removesuffix(" legal")
    again = document.querySelector(f"#app {selector}:not([disabled])")
    if not ffi.is_none(again) and (
        not selector.startswith("[data-hex") or again.hasAttribute("tabindex")
    ):
        focus(again)
    elif selector.startswith("[data-hex") or legal:
        focus_legal(0)
