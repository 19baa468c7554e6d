"""The actions of Hey, That's My Fish!: place a penguin, or move one in a straight line.

Actions are immutable values with a short text notation for move lists, and a JSON form
that is the record's action syntax (``htmf-record/1``):

>>> Action.place((2, 0))
Action.place((2, 0))
>>> str(Action.move((2, 0), (5, 0)))
'2,0-5,0'
>>> parse_action("2,0 - 5,0") == Action.move((2, 0), (5, 0))
True
>>> Action.from_json({"move": [[2, 0], [5, 0]]}).to_json()
{'move': [[2, 0], [5, 0]]}

Boards keep one canonical instance per placement and per move (:mod:`.board`), which
the state hands out and records, so a game allocates no actions while it is played.
Equal actions are interchangeable: ``apply`` looks any of them up in the board's tables.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from waddle.core.hexgrid import Hex
from waddle.core.jsontext import quoted


class Action(NamedTuple):
    """``dst`` is where a penguin goes; ``src`` where it comes from (``None``: placing).

    A named tuple, so that hashing and comparing (in every ``apply``) run in C; like any
    tuple it also equals the plain tuple ``(src, dst)``.
    """

    src: Hex | None
    dst: Hex

    @staticmethod
    def place(hex: Hex) -> Action:
        return Action(None, (int(hex[0]), int(hex[1])))

    @staticmethod
    def move(src: Hex, dst: Hex) -> Action:
        return Action((int(src[0]), int(src[1])), (int(dst[0]), int(dst[1])))

    @property
    def is_place(self) -> bool:
        return self.src is None

    def __str__(self) -> str:
        """Notation: ``q,r`` to place on a floe, ``q1,r1-q2,r2`` to move from one to another."""
        to = f"{self.dst[0]},{self.dst[1]}"
        if self.src is None:
            return to
        return f"{self.src[0]},{self.src[1]}-{to}"

    def __repr__(self) -> str:
        if self.src is None:
            return f"Action.place({self.dst})"
        return f"Action.move({self.src}, {self.dst})"

    def to_json(self) -> dict[str, Any]:
        """The record's action syntax."""
        if self.src is None:
            return {"place": [self.dst[0], self.dst[1]]}
        return {"move": [[self.src[0], self.src[1]], [self.dst[0], self.dst[1]]]}

    @staticmethod
    def from_json(data: Any) -> Action:
        """Parse the record's action syntax; raise ``ValueError`` saying what is wrong."""
        if type(data) is not dict:
            raise ValueError("an action must be a JSON object")
        if "place" in data:
            where = data["place"]
            if not _is_pair(where):
                raise ValueError('"place" must be a list of two integers [q, r]')
            return Action(None, (where[0], where[1]))
        if "move" in data:
            move = data["move"]
            if not (
                type(move) is list and len(move) == 2 and _is_pair(move[0]) and _is_pair(move[1])
            ):
                raise ValueError('"move" must be a list of two floes [[q1, r1], [q2, r2]]')
            src, dst = move
            return Action((src[0], src[1]), (dst[0], dst[1]))
        raise ValueError('an action needs "place" or "move"')


def _is_pair(value: Any) -> bool:
    """A JSON list of two integers (``true`` and ``1.0`` are not integers here)."""
    return type(value) is list and len(value) == 2 and type(value[0]) is type(value[1]) is int


_HEX = r"\s*(-?\d+)\s*,\s*(-?\d+)\s*"
_NOTATION = re.compile(rf"^{_HEX}(?:-{_HEX})?$", re.ASCII)  # "٣" is no digit here


def parse_action(text: str) -> Action:
    """Parse the notation of ``str(action)``: ``q,r`` or ``q1,r1-q2,r2`` (spaces allowed)."""
    m = _NOTATION.match(text)
    if not m:
        raise ValueError(f"not an action: {quoted(text)} (expected 'q,r' or 'q1,r1-q2,r2')")
    q1, r1, q2, r2 = m.groups()
    if q2 is None:
        return Action(None, (int(q1), int(r1)))
    return Action((int(q1), int(r1)), (int(q2), int(r2)))
