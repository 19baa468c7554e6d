"""Hey, That's My Fish!'s places as players name them: a row letter and a number, **C4**,
read off the labels the board draws round the ice.

- Rows are lettered from the top: **A** is the top row, then B, C, … (after Z: AA, AB…).
- Numbers count the places of a row from the left. Rows lie half a floe apart, so the
  numbers along the **top** edge stand in line with the rows of the top row's kind (on the
  standard board A, C, E and G, seven floes each) and those along the **bottom** edge in
  line with the others (B, D, F and H, eight each): on the standard board B1 is the first
  floe of row B, A1 the first of row A, half a floe to its right.

A floe keeps its name when it is taken (the gap at C4). A move is "C4 → E6". On a custom
board with holes a number still counts the places of the row, holes included, so the
labels keep standing in line with their floes.

The board's ``data-hex="q,r"`` hooks, records and links keep their coordinates;
:func:`place_of` reads a name back to them.

>>> from waddle.games.htmf.board import standard_board
>>> board = standard_board(seed=1)
>>> place_name(board, (1, 0)), place_name(board, (0, 1)), place_name(board, (4, 7))
('A1', 'B1', 'H8')
>>> place_of(board, "c4"), place_of(board, "A8")
((3, 2), None)
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from waddle.core.hexgrid import Hex
from waddle.games.htmf.actions import Action
from waddle.games.htmf.board import Board


def letters(k: int) -> str:
    """Row ``k`` (0: the top row) as letters, as spreadsheets name columns.

    >>> letters(0), letters(7), letters(25), letters(26), letters(27)
    ('A', 'H', 'Z', 'AA', 'AB')
    """
    out = ""
    k += 1
    while k:
        k, rest = divmod(k - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


@dataclass(frozen=True)
class Label:
    """One label the board draws: its text and, in half floes across, where it stands."""

    text: str
    at: int
    """``2q + r`` for a number (a column), ``r`` for a row letter."""


MAX_LABELLED_GAP = 4
"""The widest run of empty columns between two columns of floes whose numbers are still
drawn (a hole in a board, so that the labels keep counting across it); past it the
numbers go on at the next floes. So the labels a board draws grow with its floes, never
with how far apart they lie."""


class Grid:
    """The names of the places of one board shape (any floes at ``coords``)."""

    def __init__(self, coords: Iterable[Hex]) -> None:
        coords = tuple(coords)
        rows = sorted({r for _, r in coords})
        self.top = rows[0] if rows else 0
        self.last = rows[-1] if rows else -1
        self.rows: dict[int, str] = {r: letters(r - self.top) for r in rows}
        """The letter of each row that holds a place (an empty row between two is named
        by its place, :func:`letters`, when asked)."""
        self.first: dict[int, int] = {}
        """For each kind of row (``r % 2``), the smallest ``2q + r`` of its places."""
        for q, r in coords:
            kind, across = r % 2, 2 * q + r
            self.first[kind] = min(self.first.get(kind, across), across)
        self.names: dict[Hex, str] = {h: self._name(h) for h in coords}
        self.by_name: dict[str, Hex] = {name: h for h, name in self.names.items()}
        self.row_labels = tuple(Label(self.rows[r], r) for r in rows)
        self.top_labels, self.bottom_labels = self._numbers(coords)

    def _name(self, h: Hex) -> str:
        q, r = h
        first = self.first.get(r % 2)
        if not self.top <= r <= self.last or first is None or 2 * q + r < first:
            return "a place off the board"
        row = self.rows.get(r) or letters(r - self.top)
        return f"{row}{(2 * q + r - first) // 2 + 1}"

    def _numbers(self, coords: tuple[Hex, ...]) -> tuple[tuple[Label, ...], tuple[Label, ...]]:
        """The numbers along the top (the top row's kind) and along the bottom (the other):
        one over each column of floes, and over each empty column of a gap of at most
        :data:`MAX_LABELLED_GAP` columns between two of them."""
        top_kind = self.top % 2
        out: dict[int, list[Label]] = {0: [], 1: []}
        for kind, first in self.first.items():
            columns = sorted({2 * q + r for q, r in coords if r % 2 == kind})
            ats = [columns[0]]
            for before, at in pairwise(columns):
                if (at - before) // 2 - 1 <= MAX_LABELLED_GAP:
                    ats.extend(range(before + 2, at, 2))
                ats.append(at)
            out[kind] = [Label(str((at - first) // 2 + 1), at) for at in ats]
        return tuple(out[top_kind]), tuple(out[1 - top_kind])

    def name(self, h: Hex) -> str:
        return self.names.get(h) or self._name(h)

    def of(self, name: str) -> Hex | None:
        return self.by_name.get("".join(name.split()).upper())


_GRIDS: weakref.WeakKeyDictionary[Board, Grid] = weakref.WeakKeyDictionary()


def grid_of(board: Board) -> Grid:
    """The names of ``board``'s places (worked out once per board)."""
    grid = _GRIDS.get(board)
    if grid is None:
        grid = _GRIDS[board] = Grid(board.coords)
    return grid


def place_name(board: Board, h: Hex) -> str:
    """The name of the place ``h`` of ``board``: "C4"."""
    return grid_of(board).name(h)


def place_of(board: Board, name: str) -> Hex | None:
    """The place of ``board`` a name (any case) stands for, or None."""
    return grid_of(board).of(name)


def move_notation(board: Board, action: Action) -> str:
    """A move as the move list shows it: "A2" (a penguin placed), "C4 → E6".

    >>> from waddle.games.htmf.board import standard_board
    >>> move_notation(standard_board(1), Action.move((3, 2), (5, 2)))
    'C4 → C6'
    """
    if action.src is None:
        return place_name(board, action.dst)
    return f"{place_name(board, action.src)} → {place_name(board, action.dst)}"


def move_words(board: Board, action: Action, fish: int | None = None) -> str:
    """What a move did, as a verb phrase after its player's name: "placed a penguin on
    A2", "moved a penguin from C4 to E6" (with ``fish``, the fish of the floe it left:
    "…, taking a floe with 3 fish").

    >>> from waddle.games.htmf.board import standard_board
    >>> move_words(standard_board(1), Action.move((3, 2), (5, 2)), 1)
    'moved a penguin from C4 to C6, taking a floe with 1 fish'
    """
    if action.src is None:
        return f"placed a penguin on {place_name(board, action.dst)}"
    text = (
        f"moved a penguin from {place_name(board, action.src)} to {place_name(board, action.dst)}"
    )
    if fish is not None:
        text += f", taking a floe with {fish} fish"
    return text
