"""The embedded view's options, the ``<iframe>`` code the embed builder gives, and the small
``postMessage`` interface a host page uses to drive an embedded board (docs/embedding.md).

All pure Python: ``web/app.py`` reads the address into :class:`EmbedOptions`, asks
:func:`parse_command` what a message from the host page means, and posts
:func:`step_event` when the shown step changes.

>>> options = EmbedOptions(ply=3, readonly=True, end=8, theme="dark")
>>> options.query()
'embed&ply=3&readonly&end=8&theme=dark'
>>> EmbedOptions.from_query({"embed": "", "ply": "3", "readonly": "", "end": "8",
...                          "theme": "dark"}) == options
True
>>> parse_command('{"type": "waddle:go", "step": 4}')
GoTo(step=4)
>>> parse_command('{"type": "waddle:play", "action": {"scout": true}}') is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

from waddle.core import jsontext

THEMES = ("light", "dark")
"""``&theme=``: the embedded view's colours; without it, the reader's system decides."""
DEFAULT_SIZE = (480, 520)
SIZE_LIMITS = (200, 2000)
"""Width and height the builder accepts, in CSS pixels."""

GO = "waddle:go"
"""Host → board: ``{"type": "waddle:go", "step": N}`` shows the position after N moves."""
ASK = "waddle:ask"
"""Host → board: ``{"type": "waddle:ask"}`` asks for a :data:`STEP` event now."""
STEP = "waddle:step"
"""Board → host, whenever the shown step changes (and once when the board is ready):
``{"type": "waddle:step", "step": N, "steps": M, "game": ID, "caption": TEXT}``."""
MAX_MESSAGE_CHARS = 1000


@dataclass(frozen=True)
class EmbedOptions:
    """What ``index.html?embed&…`` shows: the first step, how far the reader may go, the
    colours."""

    ply: int | None = None
    """The step shown first (``&ply=N``); None: the end of the line, or a study's start."""
    readonly: bool = False
    """``&readonly``: the reader steps through the moves but cannot play."""
    end: int | None = None
    """``&end=N``: the line stops after N moves (the builder sets the last annotated step
    of a study), so the reader cannot step past it."""
    theme: str | None = None

    @staticmethod
    def from_query(params: Mapping[str, str]) -> EmbedOptions:
        """From the address's parameters; anything malformed is left out, never an error."""

        def number(name: str) -> int | None:
            value = params.get(name)
            return int(value) if value is not None and value.isdigit() else None

        theme = params.get("theme")
        return EmbedOptions(
            ply=number("ply"),
            readonly="readonly" in params,
            end=number("end"),
            theme=theme if theme in THEMES else None,
        )

    def query(self) -> str:
        """The address's query for these options (after ``?``)."""
        parts = ["embed"]
        if self.ply is not None:
            parts.append(f"ply={self.ply}")
        if self.readonly:
            parts.append("readonly")
        if self.end is not None:
            parts.append(f"end={self.end}")
        if self.theme in THEMES:
            parts.append(f"theme={self.theme}")
        return "&".join(parts)

    def apply(self, session: Any) -> None:
        """Put ``session`` where these options say: cut at ``end``, then at ``ply`` (without
        ``ply``, where it was: a study's start)."""
        shown = session.state.ply if self.ply is None else self.ply
        if self.end is not None and self.end < session.total_plies:
            session.go_to(self.end)
            session.future.clear()  # the reader cannot step past the end
        session.go_to(shown)


def embed_src(base: str, link: str, options: EmbedOptions) -> str:
    """The embedded view's address: ``base`` is the app's address without query or hash.

    >>> embed_src("https://example.org/waddle/", "w1.AAAA", EmbedOptions(ply=2))
    'https://example.org/waddle/?embed&ply=2#w1.AAAA'
    """
    return f"{base}?{options.query()}#{link}"


def clamp_size(text: str, default: int) -> int:
    """A width or height typed into the builder, within :data:`SIZE_LIMITS`.

    >>> clamp_size("640", 480), clamp_size("9", 480), clamp_size("wide", 480)
    (640, 200, 480)
    """
    text = text.strip()
    if not text.isdigit():
        return default
    low, high = SIZE_LIMITS
    return max(low, min(high, int(text)))


def iframe_code(src: str, title: str, width: int, height: int) -> str:
    """The ``<iframe>`` to paste into a page (the title is escaped: it may be a study's)."""
    return (
        f'<iframe src="{escape(src)}" width="{width}" height="{height}" '
        f'title="{escape(title)}" style="border:0;max-width:100%" loading="lazy"></iframe>'
    )


@dataclass(frozen=True)
class GoTo:
    step: int


@dataclass(frozen=True)
class Ask:
    pass


def parse_command(text: str) -> GoTo | Ask | None:
    """What a message from the host page asks, or None for anything else.

    ``text`` is the message's data as JSON (``JSON.stringify`` in the page). Only two
    commands exist, and neither can change anything but the shown step: from any origin,
    whatever else a message holds is ignored.

    >>> parse_command('{"type": "waddle:go", "step": -1}') is None
    True
    >>> parse_command('{"type": "waddle:ask"}')
    Ask()
    """
    if len(text) > MAX_MESSAGE_CHARS:
        return None
    try:
        data = jsontext.loads(text)  # a deep "[[[[…" would end Pyodide, not just this message
    except ValueError:
        return None
    if type(data) is not dict:
        return None
    kind = data.get("type")
    if kind == GO:
        step = data.get("step")
        if type(step) is int and 0 <= step <= 100_000:
            return GoTo(step)
        return None
    if kind == ASK:
        return Ask()
    return None


def step_event(game_id: str, step: int, steps: int, caption: str) -> dict[str, Any]:
    """The :data:`STEP` event's data (the caption is plain text: a host shows it as text)."""
    return {"type": STEP, "step": step, "steps": steps, "game": game_id, "caption": caption}
