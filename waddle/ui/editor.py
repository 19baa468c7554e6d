"""The board editor's protocol: what a game gives the app so its boards can be edited.

The app's editor (:mod:`waddle.app.editor`) knows no game. It holds a game's *draft* (any
board, even one that cannot be played yet) and asks the game's :class:`BoardEditor`
(``GAME.board_editor()``) to draw it, to draw the tools, and to apply a click or a tool;
it checks the draft after every change with the game's own ``check_board`` (what
``python -m waddle check-map`` prints), so the messages beside the board are the command
line's, errors apart from warnings.

A draft's file (:meth:`BoardEditor.to_text`) is what ``check-map`` and ``new --map`` read,
with a ``"game"`` key naming the game, so the command line needs no ``--game`` for it.

Shared drawing for hex boards is here too: which empty places next to a board can be
added to (:func:`open_places`) and each place's hooks (:func:`place_attrs`).

>>> sorted(open_places({(0, 0)}))[:3]
[(-1, 0), (-1, 1), (0, -1)]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from html import escape
from typing import Any, Protocol

from waddle.core import hexgrid
from waddle.core.hexgrid import Hex
from waddle.ui.markup import BoardSvg


class BoardEditor(Protocol):
    """A game's half of the board editor (a draft is whatever the game likes; the app
    only passes it back)."""

    noun: str
    """What the game calls its board, for buttons and messages: "map", "board"."""
    help: str
    """One sentence under the tools: how to edit."""

    def empty(self) -> Any:
        """A draft with nothing on it."""
        ...

    def from_record(self, record: Any) -> Any:
        """The draft of a record's board (a generated board, the game on screen)."""
        ...

    def from_text(self, text: str) -> tuple[Any, list[str]]:
        """A draft from a board file (or a record file), and notes on what could not be
        kept as it was (a place listed twice); ``BoardError`` if the text holds no board."""
        ...

    def to_text(self, draft: Any) -> str:
        """The draft as a board file: JSON that ``check-map`` and ``new --map`` read."""
        ...

    def new_ui(self) -> Any:
        """The chosen tool and its settings, before any choice."""
        ...

    def render(self, draft: Any, ui: Any) -> BoardSvg:
        """The draft and the empty places next to it that can be added to; every place is a
        focusable ``[data-edit-hex="q,r"]`` with ``data-kind`` (``"empty"`` for an open
        place) and an ``aria-label`` saying what is there. The hook's value is the game's
        own name of the place, passed back to :meth:`on_hex` as it is: a hex's ``q,r``
        (Waddle, Hey, That's My Fish!, Pebbles), a rookery's id (Waddle Waddle)."""
        ...

    def tools_html(self, draft: Any, ui: Any) -> str:
        """The tools: buttons ``[data-edit-tool=NAME]`` (``aria-pressed`` on the chosen
        one) and fields ``[data-edit-field=NAME]`` (inputs, selects)."""
        ...

    def on_hex(self, draft: Any, ui: Any, place: str) -> str | None:
        """Apply the chosen tool at ``place`` (changing ``draft``); what happened, in words."""
        ...

    def on_tool(self, draft: Any, ui: Any, name: str, value: str | None) -> str | None:
        """A press on a tool (``value`` None) or a new value in a field."""
        ...


def open_places(cells: Collection[Hex], when_empty: Iterable[Hex] = ()) -> set[Hex]:
    """The empty hexes next to ``cells`` (``when_empty`` when there are no cells): where
    the editor offers to add."""
    if not cells:
        return set(when_empty)
    return {n for h in cells for n in hexgrid.neighbors(h) if n not in cells}


def place_attrs(h: Hex, kind: str, label: str, extra: str = "") -> str:
    """The hooks of one place of an edited board: focusable, pressable, described."""
    return (
        f'data-edit-hex="{h[0]},{h[1]}" data-kind="{kind}"{extra} role="button" tabindex="0" '
        f'aria-label="{escape(label)}"'
    )


def pressed(flag: bool) -> str:
    return "true" if flag else "false"
