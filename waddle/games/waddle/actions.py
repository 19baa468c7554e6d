"""Waddle's actions: place a single penguin, place a double token, or scout ahead.

Actions are immutable values with a short text notation used in move lists:

>>> Action.place((1, -2))
Action.place((1, -2))
>>> str(Action.place((1, -2), double=True))
'1,-2d'
>>> parse_action("scout") == SCOUT
True
>>> Action.from_json({"place": [3, 0], "double": True}).to_json()
{'place': [3, 0], 'double': True}
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from waddle.core.hexgrid import Hex
from waddle.core.jsontext import quoted


@dataclass(frozen=True, slots=True)
class Action:
    """``hex`` is where a penguin goes; ``None`` means scouting ahead."""

    hex: Hex | None
    double: bool = False

    @staticmethod
    def place(hex: Hex, double: bool = False) -> Action:
        return Action((int(hex[0]), int(hex[1])), bool(double))

    @property
    def is_scout(self) -> bool:
        return self.hex is None

    def __str__(self) -> str:
        """Notation: ``q,r`` for a single, ``q,rd`` for a double, ``S`` for scouting."""
        if self.hex is None:
            return "S"
        return f"{self.hex[0]},{self.hex[1]}{'d' if self.double else ''}"

    def __repr__(self) -> str:
        if self.hex is None:
            return "SCOUT"
        extra = ", double=True" if self.double else ""
        return f"Action.place({self.hex}{extra})"

    def to_json(self) -> dict[str, Any]:
        """The record's action syntax (``waddle-record/1``)."""
        if self.hex is None:
            return {"scout": True}
        out: dict[str, Any] = {"place": [self.hex[0], self.hex[1]]}
        if self.double:
            out["double"] = True
        return out

    @staticmethod
    def from_json(data: Any) -> Action:
        """Parse the record's action syntax; raise ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("an action must be a JSON object")
        if "place" in data:
            where = data["place"]
            if not (isinstance(where, list) and len(where) == 2 and all(_is_int(v) for v in where)):
                raise ValueError('"place" must be a list of two integers [q, r]')
            double = data.get("double", False)
            if not isinstance(double, bool):
                raise ValueError('"double" must be true or false')
            return Action((where[0], where[1]), double)
        if "scout" in data:
            if data["scout"] is not True:
                raise ValueError('"scout" must be true')
            return SCOUT
        raise ValueError('an action needs "place" or "scout"')


SCOUT = Action(None)
"""Scout ahead: move to the other turn track and place no more this round."""

_PAIRS: dict[Hex, tuple[Action, Action]] = {}
_MAX_PAIRS = 50_000  # far more hexes than any map has; a bound against hostile input


def place_pair(hex: Hex) -> tuple[Action, Action]:
    """The (single, double) placing actions on ``hex``, one shared pair per hex: actions
    are immutable, so boards and records reuse them instead of allocating their own.

    >>> place_pair((2, 0))[1] is place_pair((2, 0))[1]
    True
    >>> place_pair((2, 0))[1] == Action.place((2, 0), True)
    True
    """
    pair = _PAIRS.get(hex)
    if pair is None:
        pair = (Action(hex), Action(hex, True))
        if len(_PAIRS) < _MAX_PAIRS:
            _PAIRS[hex] = pair
    return pair


# ASCII only: str.isdigit() and a plain \\d also take "٣" and "²" for digits.
_NOTATION = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*([dD]?)\s*$", re.ASCII)


def parse_action(text: str) -> Action:
    """Parse the notation of ``str(action)`` (``"scout"`` is accepted for ``S``)."""
    if text.strip().lower() in ("s", "scout"):
        return SCOUT
    m = _NOTATION.match(text)
    if not m:
        raise ValueError(f"not an action: {quoted(text)} (expected 'q,r', 'q,rd' or 'S')")
    return Action((int(m.group(1)), int(m.group(2))), bool(m.group(3)))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
