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
from itertools import accumulate
from typing import Any

MAX_DEPTH = 40
"""Deepest nesting any of the project's formats uses is 5 (a save holds a record holds a
study holds steps holds marks); 40 leaves room for other tools' files and stays far from
every interpreter's recursion limit."""

SHOWN_CHARS = 40
"""How much of an outside value an error message quotes."""

# A JSON string (with its escapes), so that brackets inside strings are not counted.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


class JSONTextError(ValueError):
    """Text that is not JSON, or JSON deeper or larger than a reader accepts."""


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
            raise JSONTextError("it is not text in UTF-8") from None
    if not isinstance(text, str):
        raise JSONTextError("it is not text")
    if max_chars is not None and len(text) > max_chars:
        raise JSONTextError(f"it is too long ({len(text):,} characters; at most {max_chars:,})")
    if depth(text) > max_depth:
        raise JSONTextError(f"it is nested deeper than {max_depth} levels")
    try:
        return json.loads(text)
    except RecursionError:  # unreachable after the depth check; kept as the last guard
        raise JSONTextError(f"it is nested deeper than {max_depth} levels") from None
    except ValueError as e:
        raise JSONTextError(f"it is not valid JSON ({e})") from None


def shown(value: Any, limit: int = SHOWN_CHARS) -> str:
    """``value`` as JSON for an error message, cut to ``limit`` characters with "…".

    Only a prefix of a long string is encoded, so quoting a huge value costs little.

    >>> shown({"format": "x"}), shown(None), shown(10**80)
    ('{"format": "x"}', 'null', '1000000000000000000000000000000000000000…')
    """
    if isinstance(value, str) and len(value) > limit:
        return json.dumps(value[:limit])[:-1] + '…"'
    try:
        text = json.dumps(value) if _shallow(value) else repr(type(value).__name__)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= limit else text[:limit] + "…"


def _shallow(value: Any) -> bool:
    """Whether ``value`` is cheap to encode whole: a scalar, or a small flat container."""
    if isinstance(value, list | dict):
        items = value.values() if isinstance(value, dict) else value
        return len(value) <= 8 and all(not isinstance(v, list | dict) for v in items)
    return not isinstance(value, str) or len(value) <= SHOWN_CHARS
