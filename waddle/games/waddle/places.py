"""Waddle's places as players name them: by the pool numbers the board shows.

The board draws a number on each numbered water hex and nothing else a player could name
a place by, so every place is named from those numbers:

- a numbered water hex is **pool 7** (short: ``7``), the number drawn on it;
- any other hex next to a numbered water hex is named by the direction from that water
  hex's centre, among the six (north is up the screen): **the ice north-east of pool 7**
  (short: ``7 NE``), **the water west of pool 4** (``4 W``) for water without a number.

Every ice hex of a generated map touches the numbered water hex of its own tile (an
invariant of the tile sets), so every place a penguin can go has such a name; a pool
number and a direction lead to one hex only, so no two places share a name. A hex next to
several numbered water hexes has a name from each: its own name (the board's labels, a
study's marks) is from the lowest number, and a move is named from the pool of its round
(``near``), the one its player was placing around, as the move list's rounds are headed.

A hex that touches no numbered water (custom maps only: check-map warns that nobody can
place there) is named by the steps from the nearest numbered water hex, at most two runs
of them, each along one direction: **the ice east, then north-east of pool 7** (``7 E
NE``), **the ice 3 hexes east, then north-east of pool 7** (``7 3E NE``). A name is as
long for a hex far off as for one near: it grows with nothing but the number of steps'
digits.

The short forms are for the move list; the full ones for messages and screen readers.
:func:`place_of` reads either back to the hex (``data-hex``, records and links keep
their ``q,r``).

>>> from waddle.games.waddle.board import Board, HexSpec
>>> board = Board([HexSpec(0, 0, "water", 7), HexSpec(1, -1, "ice"), HexSpec(2, -1, "ice"),
...                HexSpec(-1, 0, "water", None, (3,))])
>>> place_name(board, (1, -1)), place_name(board, (1, -1), short=True)
('the ice north-east of pool 7', '7 NE')
>>> place_name(board, (0, 0)), place_name(board, (-1, 0))
('pool 7', 'the water west of pool 7')
>>> place_name(board, (2, -1)), place_of(board, "7 E NE"), place_of(board, "pool 7")
('the ice east, then north-east of pool 7', (2, -1), (0, 0))
>>> far = Board([HexSpec(0, 0, "water", 7), HexSpec(40, -1, "ice")])
>>> place_name(far, (40, -1)), place_name(far, (40, -1), short=True)
('the ice 39 hexes east, then north-east of pool 7', '7 39E NE')
>>> place_of(far, "7 39e ne"), place_of(far, "the ice 39 hexes east, then north-east of pool 7")
((40, -1), (40, -1))
"""

from __future__ import annotations

import re
import weakref

from waddle.core import hexgrid
from waddle.core.hexgrid import Hex
from waddle.games.waddle.actions import Action
from waddle.games.waddle.board import Board

COMPASS: tuple[tuple[str, str], ...] = (
    ("E", "east"),
    ("NE", "north-east"),
    ("NW", "north-west"),
    ("W", "west"),
    ("SW", "south-west"),
    ("SE", "south-east"),
)
"""The short and full name of each of :data:`waddle.core.hexgrid.DIRECTIONS` (pointy-top
hexes, ``r`` growing down the screen)."""

_BY_WORD = {word: k for k, names in enumerate(COMPASS) for word in (n.lower() for n in names)}

Steps = tuple[tuple[int, int], ...]
"""Runs of steps: each a direction (an index of DIRECTIONS) and how many steps along it;
at most two runs, the second along the next direction counterclockwise."""
Path = tuple[int, Steps]
"""A pool number and the steps from its water hex to a place."""


class Places:
    """The names of one board's places, worked out once per board (:func:`places_of`)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.water_of: dict[int, Hex] = {
            board.specs[i].number: board.coords[i]  # type: ignore[misc]
            for i in board.numbered
        }
        self.own: dict[Hex, Path] = {h: self._path(h) for h in board.coords}

    def _path(self, h: Hex) -> Path:
        """The place's own path: from the nearest numbered water hex, the lowest first."""
        board = self.board
        i = board.index.get(h)
        if i is not None:
            spec = board.specs[i]
            if spec.number is not None:
                return spec.number, ()
            slots = board.ice_slots[i] if board.is_ice[i] else ()
            if slots:  # next to numbered water, as every place of a generated map is
                number = min(board.numbers[slot] for slot in slots)
                return number, _steps(hexgrid.subtract(h, self.water_of[number]))
        number = min(self.water_of, key=lambda n: (hexgrid.distance(self.water_of[n], h), n))
        return number, _steps(hexgrid.subtract(h, self.water_of[number]))

    def path(self, h: Hex, near: int | None = None) -> Path:
        """``h``'s path, from pool ``near`` when ``h`` is next to its water hex."""
        water = self.water_of.get(near) if near is not None else None
        if water is not None and hexgrid.distance(water, h) == 1:
            return near, _steps(hexgrid.subtract(h, water))  # type: ignore[return-value]
        return self.own[h] if h in self.own else self._path(h)

    def name(self, h: Hex, near: int | None = None, short: bool = False) -> str:
        number, steps = self.path(h, near)
        if short:
            return " ".join([str(number), *(f"{_count(n)}{COMPASS[k][0]}" for k, n in steps)])
        if not steps:
            return f"pool {number}"
        i = self.board.index.get(h)
        kind = "place" if i is None else self.board.specs[i].kind
        words = [f"{n} hexes {COMPASS[k][1]}" if n > 1 else COMPASS[k][1] for k, n in steps]
        way = ", then ".join(words)
        return f"the {kind} {way} of pool {number}"

    def of(self, name: str) -> Hex | None:
        found = _parse(name)
        if found is None or found[0] not in self.water_of:
            return None
        q, r = self.water_of[found[0]]
        for k, n in found[1]:
            dq, dr = hexgrid.DIRECTIONS[k]
            q, r = q + n * dq, r + n * dr
        return (q, r) if (q, r) in self.board.index else None


_PLACES: weakref.WeakKeyDictionary[Board, Places] = weakref.WeakKeyDictionary()


def places_of(board: Board) -> Places:
    """The names of ``board``'s places (built on first use, kept while the board lives)."""
    found = _PLACES.get(board)
    if found is None:
        found = _PLACES[board] = Places(board)
    return found


def place_name(board: Board, h: Hex, *, near: int | None = None, short: bool = False) -> str:
    """The name of ``h`` on ``board``: "the ice north-east of pool 7", or "7 NE" when
    ``short``; from pool ``near`` when ``h`` is next to it (a move's round)."""
    return places_of(board).name(h, near, short)


def place_of(board: Board, name: str) -> Hex | None:
    """The hex a name (short or full, any case) stands for on ``board``, or None.

    >>> from waddle.games.waddle.tutorial import tutorial_board
    >>> board = tutorial_board()
    >>> place_of(board, "The ice north-east of pool 1"), place_of(board, "2 ne")
    ((1, -1), (4, -2))
    >>> place_of(board, "pool 9"), place_of(board, "1,0")
    (None, None)
    """
    return places_of(board).of(name)


def move_notation(board: Board, action: Action, near: int | None) -> str:
    """A move as the move list shows it: "7 NE", "7 NE double", "scout".

    >>> from waddle.games.waddle.tutorial import tutorial_board
    >>> move_notation(tutorial_board(), Action.place((0, 1), True), 1)
    '1 SE double'
    """
    if action.hex is None:
        return "scout"
    where = place_name(board, action.hex, near=near, short=True)
    return f"{where} double" if action.double else where


def move_words(board: Board, action: Action, near: int | None) -> str:
    """What a move did, as a verb phrase after its player's name: "placed a penguin on the
    ice north-east of pool 7", "placed a double token (two penguins) on …", "scouted ahead".

    >>> from waddle.games.waddle.tutorial import tutorial_board
    >>> move_words(tutorial_board(), Action.place((1, 0)), 1)
    'placed a penguin on the ice east of pool 1'
    """
    if action.hex is None:
        return "scouted ahead"
    where = place_name(board, action.hex, near=near)
    what = "a double token (two penguins)" if action.double else "a penguin"
    return f"placed {what} on {where}"


def _steps(offset: Hex) -> Steps:
    """``offset`` as runs of steps: some along one direction, then the rest along the
    next one counterclockwise (any offset is such a sum), worked out at once, not step
    by step.

    >>> _steps((1, -1)), _steps((2, -1)), _steps((0, 0)), _steps((-5, 2))
    (((1, 1),), ((0, 1), (1, 1)), (), ((3, 3), (4, 2)))
    """
    n = hexgrid.distance((0, 0), offset)
    if n == 0:
        return ()
    q, r = offset
    for k in range(6):
        (q1, r1), (q2, r2) = hexgrid.DIRECTIONS[k], hexgrid.DIRECTIONS[(k + 1) % 6]
        # a * (q1, r1) + b * (q2, r2) = (q, r) with a + b = n: solve for a along one axis
        det = q1 * r2 - q2 * r1
        a = (q * r2 - q2 * r) // det
        b = n - a
        if 1 <= a <= n and (a * q1 + b * q2, a * r1 + b * r2) == offset:
            return ((k, a),) if b == 0 else ((k, a), ((k + 1) % 6, b))
    raise AssertionError(f"no steps to {offset}")  # every offset is in one of six sectors


def _count(n: int) -> str:
    """A run's count in the short form: none for one step ("E"), else "3E"."""
    return "" if n == 1 else str(n)


_SHORT = re.compile(r"^(?:pool )?([0-9]{1,19})((?: [0-9]{0,5}[a-z]{1,2})*)$")
_FULL = re.compile(r"^(?:the )?(?:ice |water |place )?(.+?) of pool ([0-9]{1,19})$")
_RUN = re.compile(r"([0-9]*)([a-z]{1,2})")
_MAX_RUN = 10_000
"""The longest run a name read back may have (maps lie within 100 steps of 0,0)."""


def _parse(name: str) -> tuple[int, Steps] | None:
    """A name's pool number and steps, or None when it is not a name of a place: the
    short form ("7 3E NE", or "7 E E E NE" as the move list wrote it once) or the full
    one ("the ice 3 hexes east, then north-east of pool 7", or "east, east, east, then
    north-east")."""
    text = " ".join(name.lower().replace(",", " ").split())
    short = _SHORT.match(text)
    runs: list[tuple[int, str]] = []
    if short:
        number = int(short.group(1))
        for word in short.group(2).split():
            count, direction = _RUN.fullmatch(word).groups()  # type: ignore[union-attr]
            runs.append((int(count) if count else 1, direction))
    else:
        full = _FULL.match(text)
        if not full:
            return None
        number = int(full.group(2))
        count = 1
        for word in full.group(1).split():
            if word in ("then", "and", "hex", "hexes"):
                continue
            if word.isdigit() and word.isascii() and len(word) <= 5:
                count = int(word)
                continue
            runs.append((count, word))
            count = 1
    steps = []
    for count, word in runs:
        k = _BY_WORD.get(word)
        if k is None or not 0 < count <= _MAX_RUN:
            return None
        steps.append((k, count))
    return number, tuple(steps)
