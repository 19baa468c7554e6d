"""Reading JSON that anyone may have written: bounded, in linear time, never a traceback.

Every reader of outside text (records, board files, saves, imports, ``--jsonl`` lines,
links' component sets) parses through :func:`loads`, which refuses text nested deeper than
a record ever is *before* the parser recurses into it: CPython's ``json`` raises
``RecursionError`` near 1,000 levels, and Pyodide's stack ends in a fatal error near
5,000, which leaves the page's Python unusable until a reload. The depth is measured in
one pass of regular expressions (linear in the text, no recursion).

Error messages quote outside values through :func:`shown`, which keeps a short prefix: a
50 MB ``"format"`` string gets a one-line message, not a 50 MB one.

>>> loads('{"a": [1, 2, {"b": null}]}')
{'a': [1, 2, {'b': None}]}
>>> loads("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
waddle.core.jsontext.JSONTextError: it is nested deeper than 40 levels
>>> shown("x" * 100)
'"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from itertools import accumulate
from typing import Any

MAX_DEPTH = 40
"""Deepest nesting any of the project's formats uses is 5 (a save holds a record holds a
study holds steps holds marks); 40 leaves room for other tools' files and stays far from
every interpreter's recursion limit."""

SHOWN_CHARS = 40
"""How much of an outside value an error message quotes."""

# A JSON string (with its escapes), so that brackets inside strings are not counted. The
# loop is unrolled (runs of plain characters, then one escape): an alternation tried at
# every character takes seconds on a 50 MB string, this takes a tenth of one.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


class JSONTextError(ValueError):
    """Text that is not JSON, or JSON deeper or larger than a reader accepts.

    Its message says "it ..."; :meth:`about` names the text instead, for the reader's own
    error (``the record is nested deeper than 40 levels``).
    """

    def __init__(self, reason: str) -> None:
        super().__init__(f"it {reason}")
        self.reason = reason

    def about(self, subject: str) -> str:
        """The message with ``subject`` for "it".

        >>> JSONTextError("is not text").about("the layout")
        'the layout is not text'
        """
        return f"{subject} {self.reason}"


def depth(text: str) -> int:
    """How deeply ``text``'s arrays and objects nest (strings' contents do not count).

    >>> depth('[1, {"a": "[[[["}]'), depth("3"), depth("[[]")
    (2, 0, 2)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    return max(accumulate(_STEP[b] for b in brackets.encode("ascii")))


def loads(text: str | bytes, max_depth: int = MAX_DEPTH, max_chars: int | None = None) -> Any:
    """``json.loads`` for outside text: ``JSONTextError`` (a ``ValueError``) for text that
    is not JSON, is longer than ``max_chars``, or nests deeper than ``max_depth``."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise JSONTextError("is not text in UTF-8") from None
    if not isinstance(text, str):
        raise JSONTextError("is not text")
    if max_chars is not None and len(text) > max_chars:
        raise JSONTextError(f"is too long ({len(text):,} characters; at most {max_chars:,})")
    if depth(text) > max_depth:
        raise JSONTextError(f"is nested deeper than {max_depth} levels")
    try:
        return json.loads(text)
    except RecursionError:  # unreachable after the depth check; kept as the last guard
        raise JSONTextError(f"is nested deeper than {max_depth} levels") from None
    except ValueError as e:
        raise JSONTextError(f"is not valid JSON ({e})") from None


def excerpt(value: Any, limit: int = SHOWN_CHARS, python: bool = False) -> str:
    """A short excerpt of an outside value for a message: its text (JSON, or Python's
    repr with ``python``) cut to ``limit`` characters with "…": the one helper every
    reader's error quotes what it refuses through (:func:`shown` and :func:`quoted` are
    this with a string's quotes kept round its cut).

    Only as much of the value is written as the excerpt shows, so an action of 100,000
    cards or a 50 MB string costs no more to quote than a short one; a value nested
    deeper than any format is written "…" past :data:`_EXCERPT_DEPTH` levels.

    >>> excerpt({"waddle": ["Ki3"] * 100_000}, 30, python=True)
    "{'waddle': ['Ki3', 'Ki3', 'Ki3…"
    >>> excerpt([1, [2, {"a": None}]]), excerpt("x" * 100, 8), excerpt(2**20000)
    ('[1, [2, {"a": null}]]', '"xxxxxxx…', 'int')
    """
    parts: list[str] = []
    size = 0
    for piece in _pieces(value, python, limit + 1, 0):
        parts.append(piece)
        size += len(piece)
        if size > limit:
            break
    text = _visible("".join(parts))
    return text if len(text) <= limit else text[:limit] + "…"


MESSAGE_CHARS = 300
"""The longest sentence of a reader's (its reason for refusing an action, say) that a
message passes on: whatever it quotes, one line stays short."""


def excerpt_text(text: Any, limit: int = MESSAGE_CHARS) -> str:
    """A message's own words (an exception's text), cut to ``limit`` characters with
    "…" and kept on one line: :func:`excerpt` for text that is already words.

    >>> excerpt_text("you do not hold " + "Ki3 " * 1000, 24)
    'you do not hold Ki3 Ki3 …'
    """
    text = _visible(str(text)[: limit + 1])
    return text if len(text) <= limit else text[:limit] + "…"


_EXCERPT_DEPTH = 8
"""How deep an excerpt writes a nested value (an action nests two levels, a record five)."""


def _pieces(value: Any, python: bool, room: int, depth: int) -> Iterator[str]:
    """The text of ``value`` piece by piece, each string cut to ``room`` characters (an
    excerpt stops reading once it has what it shows)."""
    if depth > _EXCERPT_DEPTH:
        yield "…"
    elif isinstance(value, dict):
        yield "{"
        for k, (key, item) in enumerate(value.items()):
            yield ", " if k else ""
            yield from _pieces(key if isinstance(key, str) else str(key), python, room, depth + 1)
            yield ": "
            yield from _pieces(item, python, room, depth + 1)
        yield "}"
    elif isinstance(value, list | tuple):
        yield "["
        for k, item in enumerate(value):
            yield ", " if k else ""
            yield from _pieces(item, python, room, depth + 1)
        yield "]"
    elif isinstance(value, str):
        cut = value[:room]
        yield repr(cut) if python else json.dumps(cut, ensure_ascii=False)
    elif value is None or isinstance(value, bool):
        yield repr(value) if python else json.dumps(value)
    elif isinstance(value, int):
        # str() refuses to write more than 4,300 digits: beyond them, say what it is
        yield str(value) if value.bit_length() < 14_000 else type(value).__name__
    elif isinstance(value, float):
        yield repr(value) if python else json.dumps(value)
    else:
        yield type(value).__name__


def shown(value: Any, limit: int = SHOWN_CHARS) -> str:
    """``value`` as JSON for an error message, cut to ``limit`` characters with "…"
    (:func:`excerpt`; a long string keeps its closing quote after the "…").

    Letters beyond ASCII are shown as they are (a territory "Forêt" is named so), and
    what cannot be seen or would break the line (controls, U+2028, direction marks) as
    an escape.

    >>> shown({"format": "x"}), shown(None), shown(10**80)
    ('{"format": "x"}', 'null', '1000000000000000000000000000000000000000…')
    >>> shown("Forêt"), shown("a\\u2028b"), shown(["x" * 10**6], 12)
    ('"Forêt"', '"a\\\\u2028b"', '["xxxxxxxxxx…')
    """
    if isinstance(value, str) and len(value) > limit:
        return _visible(json.dumps(value[:limit], ensure_ascii=False))[:-1] + '…"'
    return excerpt(value, limit)


def quoted(value: Any, limit: int = SHOWN_CHARS) -> str:
    """:func:`shown`, but a string in Python's quotes (``'Ki9'``), for the messages that
    have always quoted that way.

    >>> quoted("Ki9"), quoted("x" * 100, 5), quoted(None)
    ("'Ki9'", "'xxxxx…'", 'null')
    """
    if not isinstance(value, str):
        return shown(value, limit)
    text = _visible(repr(value[:limit]))
    return text[:-1] + "…" + text[-1] if len(value) > limit else text


def _visible(text: str) -> str:
    """``text`` with every character that is not printable as a ``\\u`` escape."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)
