"""What every game's record is and does, and the errors shared code expects from one.

A *record* is the whole of one game as plain JSON: the setup (players, board, order, and
for card games the shuffled deck written out in full) plus every action. Each game has its
own format (``waddle-record/1``, ``htmf-record/1``, ...; see ``docs/``), told apart by the
``"format"`` key, and its own record class following :class:`GameRecord`.

>>> replay_actions  # doctest: +ELLIPSIS
<function replay_actions at ...>
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Protocol, Self, TypeVar

from waddle.core import jsontext
from waddle.core.game import GameState, IllegalActionError
from waddle.core.jsontext import excerpt, excerpt_text, shown
from waddle.core.links import MAX_ACTIONS

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


ACTION_CHARS = 60
"""How much of an illegal action its error quotes (a whole ordinary action fits)."""


class RecordError(ValueError):
    """A record that cannot be replayed; ``action_index`` is set for an illegal action."""

    def __init__(self, message: str, action_index: int | None = None) -> None:
        super().__init__(message)
        self.action_index = action_index


class BoardError(ValueError):
    """A board (map) that cannot be played; ``problems`` lists every reason."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = list(problems)

    def brief(self, limit: int = 3) -> str:
        """The first ``limit`` problems and how many more: one short line for a message
        about a whole record, however many entries of its board are wrong.

        >>> BoardError([f"hex {i} is wrong" for i in range(5)]).brief()
        'hex 0 is wrong; hex 1 is wrong; hex 2 is wrong; and 2 more problems'
        """
        more = len(self.problems) - limit
        listed = self.problems[:limit]
        if more > 0:
            listed.append(f"and {more} more problem{'s' if more > 1 else ''}")
        return "; ".join(listed)


class GameRecord(Protocol):
    """The setup and the action history of one game, in one game's record format."""

    FORMAT: str
    players: int
    actions: list[Any]

    def to_json(self) -> dict[str, Any]: ...

    def dumps(self, indent: int | None = None) -> str:
        """The record as JSON text; the same record always gives the same bytes."""
        ...

    def start(self) -> GameState:
        """The position before the first action."""
        ...

    def replay(self) -> GameState:
        """Play every action; ``RecordError`` names the first illegal one and why."""
        ...

    def with_actions(self, actions: Iterable[Any]) -> Self:
        """The same setup with other actions (the setup's derived data is shared)."""
        ...


def record_text(data: dict[str, Any], indent: int | None = None, ascii_only: bool = True) -> str:
    """A record's JSON text: compact without ``indent``, so the same record always gives
    the same bytes; ``ascii_only=False`` writes letters beyond ASCII as they are.

    >>> record_text({"format": "toy-record/1", "players": 2})
    '{"format":"toy-record/1","players":2}'
    """
    if indent is None:
        return json.dumps(data, separators=(",", ":"), ensure_ascii=ascii_only)
    return json.dumps(data, indent=indent, ensure_ascii=ascii_only)


def parse_record_text(text: str | bytes) -> Any:
    """The JSON value of a record's text: ``RecordError`` if it is not JSON, or nests
    deeper than any record does (:func:`waddle.core.jsontext.loads`: checked before the
    parser recurses, so a hostile file gets this message, never a ``RecursionError``).

    >>> parse_record_text('{"players": 2}')
    {'players': 2}
    >>> parse_record_text("[" * 5000)
    Traceback (most recent call last):
    ...
    waddle.core.records.RecordError: the record is nested deeper than 40 levels
    """
    try:
        return jsontext.loads(text)
    except jsontext.JSONTextError as e:
        raise RecordError(e.about("the record")) from None


def read_header(data: Any, fmt: str, fewest: int, most: int, number: str = "an integer") -> int:
    """Check that ``data`` is a record object of format ``fmt`` for ``fewest`` to ``most``
    players, and return its ``"players"``; ``RecordError`` says what is wrong (``number``
    is the error's words for a player count).

    >>> read_header({"format": "toy-record/1", "players": 3}, "toy-record/1", 2, 4)
    3
    >>> read_header({"format": "toy-record/1", "players": True}, "toy-record/1", 2, 4)
    Traceback (most recent call last):
    ...
    waddle.core.records.RecordError: "players" must be an integer from 2 to 4
    """
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    found = data.get("format")
    if found != fmt:
        raise RecordError(f'"format" must be "{fmt}", not {shown(found)}')
    players = data.get("players")
    if not (is_int(players) and fewest <= players <= most):
        raise RecordError(f'"players" must be {number} from {fewest} to {most}')
    return players


def replay_actions(state: GameState, actions: Iterable[Any]) -> GameState:
    """Apply ``actions`` to ``state`` in turn; ``RecordError`` names the first illegal one."""
    for i, action in enumerate(actions):
        try:
            state.apply(action)
        except IllegalActionError as e:
            raise illegal_action(i, action, e) from None
    return state


def illegal_action(index: int, action: Any, why: Exception | str) -> RecordError:
    """The error of a record's illegal action: its number, a short excerpt of it (an
    action of 100,000 cards is quoted in a few dozen characters) and why.

    >>> class Reshuffle:  # any game's action: what it writes in a record
    ...     def to_json(self):
    ...         return {"reshuffle": ["1S"] * 100_000}
    >>> str(illegal_action(3, Reshuffle(), "the cards are not the discards"))
    "action 3: {'reshuffle': ['1S', '1S', '1S', '1S', '1S', '1S', '1S', '1S… is illegal: the cards are not the discards"
    """  # noqa: E501
    quoted_action = excerpt(action.to_json(), ACTION_CHARS, python=True)
    return RecordError(f"action {index}: {quoted_action} is illegal: {excerpt_text(why)}", index)


def check_actions(raw: Any) -> list[Any]:
    """A record's ``"actions"``, checked to be a list no longer than any game here can be
    (:data:`~waddle.core.links.MAX_ACTIONS`, what a share link carries), before any action
    is read: 100,000 actions are refused in one line, not parsed one by one.

    >>> check_actions([{"scout": True}] * 100_000)
    Traceback (most recent call last):
    ...
    waddle.core.records.RecordError: "actions" lists 100,000 actions; a game has at most 5,000 (what a share link carries)
    """  # noqa: E501
    if not isinstance(raw, list):
        raise RecordError('"actions" must be a list')
    if len(raw) > MAX_ACTIONS:
        raise RecordError(
            f'"actions" lists {len(raw):,} actions; a game has at most {MAX_ACTIONS:,} '
            "(what a share link carries)"
        )
    return raw


def parse_actions(raw: Any, parse: Callable[[Any], Any]) -> list[Any]:
    """The record's ``"actions"`` list parsed by ``parse`` (which raises ``ValueError``)."""
    raw = check_actions(raw)
    actions = []
    for i, item in enumerate(raw):
        try:
            actions.append(parse(item))
        except ValueError as e:
            raise RecordError(f"action {i}: {e}", action_index=i) from None
    return actions


def is_int(value: Any) -> bool:
    """An integer in JSON terms: ``True`` and ``False`` are not integers here."""
    return isinstance(value, int) and not isinstance(value, bool)


_MISSING: Any = object()


class SetupCache(dict[K, V]):
    """The last few boards built, by what they were built from.

    Building a board validates it and precomputes its tables, which costs far more than
    replaying a game on it; a file of records played on the same few boards (a
    tournament's, a replay of saved games) builds each board once.

    >>> cache = SetupCache(limit=2)
    >>> cache.get_or_build("a", str.upper), cache.get_or_build("a", str.lower)
    ('A', 'A')
    """

    def __init__(self, limit: int = 64) -> None:
        super().__init__()
        self.limit = limit

    def get_or_build(self, key: K, build: Callable[[K], V]) -> V:
        value = self.pop(key, _MISSING)  # re-inserted below: the most recent stays longest
        if value is _MISSING:
            value = build(key)
            if len(self) >= self.limit:
                del self[next(iter(self))]
        self[key] = value
        return value
