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
>>> parse_command('{"type": "waddle:try", "action": {"play": "7C"}}')
Try(action='{"play":"7C"}')
>>> EmbedOptions.from_query({"embed": "", "eyes": "1"}).query()
'embed&eyes=1'
>>> EmbedOptions.from_query({"embed": "", "ply": "2", "meter": ""}).query()
'embed&ply=2&meter'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from waddle.app.chrome import whole_number
from waddle.core import jsontext
from waddle.core.game import OMNISCIENT
from waddle.core.study import MAX_ACTION_CHARS, MAX_EYES, action_text

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
TRY = "waddle:try"
"""Host → board, at a question step: ``{"type": "waddle:try", "action": ACTION}`` answers
with ``ACTION`` (the record's JSON syntax of one action), as a click making it would."""
SHOW_ANSWER = "waddle:show-answer"
"""Host → board, at a question step: ``{"type": "waddle:show-answer"}`` plays the answer."""
RETRY = "waddle:retry"
"""Host → board, at a question step: ``{"type": "waddle:retry"}`` takes the reader's
answer back, to try again."""
ANSWER = "waddle:answer"
"""Board → host, when the reader's answer to a question is judged (a move of several
actions: once it is complete or has left every answer): ``{"type": "waddle:answer",
"game": ID, "step": N, "correct": BOOL, "move": NOTATION, "explanation": TEXT,
"actions": [ACTION, …], "said": TEXT}``."""
SIZE = "waddle:size"
"""Board → host, once the view is laid out and whenever it changes: ``{"type":
"waddle:size", "width": W, "height": H}``, the frame height that shows all of the view at
its width W without scrolling (:func:`waddle.ui.fit.embed_height`); the embed builder
proposes it, and a host page may size its frame by it."""
MAX_MESSAGE_CHARS = 1000
MAX_STEP_DIGITS = 6
"""Digits of ``&ply=`` and ``&end=`` read (a game has at most 5,000 actions); a longer
number is left out, as anything malformed is."""


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
    eyes: int | None = None
    """``&eyes=N``: a card game shown as seat N (0 the first) sees it while the game is
    on: its own hand, the others face down (:func:`viewer_with_eyes`); None: the study's
    own ``eyes``, or every hand."""
    meter: bool = False
    """``&meter``: the win-chance meter beside the board (docs/analysis.md)."""

    @staticmethod
    def from_query(params: Mapping[str, str]) -> EmbedOptions:
        """From the address's parameters; anything malformed is left out, never an error."""

        def number(name: str) -> int | None:
            value = params.get(name)
            # ASCII digits only (str.isdigit also takes "٣", Arabic-Indic three), and no
            # more of them than a step can need: 5,000 digits were a ValueError, and the
            # embedded view did not start
            return None if value is None else whole_number(value, MAX_STEP_DIGITS)

        theme = params.get("theme")
        eyes = number("eyes")
        return EmbedOptions(
            ply=number("ply"),
            readonly="readonly" in params,
            end=number("end"),
            theme=theme if theme in THEMES else None,
            eyes=eyes if eyes is not None and eyes <= MAX_EYES else None,
            meter="meter" in params,
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
        if self.eyes is not None:
            parts.append(f"eyes={self.eyes}")
        if self.meter:
            parts.append("meter")
        return "&".join(parts)

    def eyes_for(self, study: Any) -> int | None:
        """Whose eyes the view is seen through: the address's ``eyes``, else the study's."""
        if self.eyes is not None:
            return self.eyes
        return getattr(study, "eyes", None)

    def apply(self, session: Any) -> None:
        """Put ``session`` where these options say: cut at ``end``, then at ``ply`` (without
        ``ply``, where it was: a study's start)."""
        shown = session.state.ply if self.ply is None else self.ply
        if self.end is not None and self.end < session.total_plies:
            session.go_to(self.end)
            session.future.clear()  # the reader cannot step past the end
        session.go_to(shown)


def embed_link(session: Any, options: EmbedOptions) -> str:
    """The link an embedded view's address carries for ``options``: the session's whole
    line, with its study. Seen through a seat's eyes (a card game: ``options.eyes``, else
    the study's), only what that seat has seen by the last step a reader can reach (``end``,
    else the line's end): the other hands and the deck's order stay out of the address.

    >>> from waddle.app.session import Session
    >>> session = Session.new("pebbles", 2, seed=3)
    >>> embed_link(session, EmbedOptions(eyes=1))[:3], embed_link(session, EmbedOptions())[:3]
    ('p2.', 'p1.')
    """
    record = session.full_record()
    eyes = options.eyes_for(session.study)
    if eyes is None or not getattr(session, "hidden_information", False):
        return session.link_of(record)
    if options.end is not None and options.end < len(record.actions):
        record = record.with_actions(record.actions[: options.end])
    return session.link_of(record, eyes)


def preview_hides(page: Any, source: Any, eyes: int | None) -> str:
    """Why the embed builder shows no preview of ``source`` (a card game still on), in
    words after "no preview while the game is on: ", or "" when it may: the preview shows
    what the embedded view will, and this screen shows no hand it does not show now.

    A finished game hides nothing. Through one seat's eyes (``eyes``), the preview shows
    that seat's hand: only of the game on the board, and only where the screen already
    shows that hand (or every hand: a game of computers, a study being written).

    >>> from waddle.app.page import Page
    >>> from waddle.app.saves import MemoryStorage, SaveStore
    >>> from waddle.app.session import Session
    >>> page = Page(embed=False, readonly=False, saves=SaveStore(MemoryStorage()))
    >>> page.session = Session.new("pebbles", 2, seed=3, names=["Ann", "Bo"])
    >>> page.revealed = 0  # Ann holds the device, her hand on screen
    >>> preview_hides(page, page.session, None)
    'the embedded view shows every hand'
    >>> preview_hides(page, page.session, 0), preview_hides(page, page.session, 1)
    ('', 'it would show Bo’s hand')
    """
    if not getattr(source, "hidden_information", False) or source.line_over:
        return ""
    if eyes is None or not 0 <= eyes < len(source.seats):
        return "the embedded view shows every hand"
    if source is page.session and page.viewer() in (eyes, OMNISCIENT):
        return ""
    return f"it would show {source.seats[eyes].name}\u2019s hand"


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


def viewer_with_eyes(eyes: int | None, players: int, over: bool, reveal: bool) -> int:
    """Whose view a study or an embedded view draws (a seat, or ``OMNISCIENT``).

    With ``eyes`` (a seat of the game: :attr:`EmbedOptions.eyes` or the study's), that
    seat's view while the game is on, so a page can ask "what would you play here?"
    without the answer showing in the other hands; a finished game (``over``: its line
    ends over) shows every hand only when the reader asks (``reveal``). Without eyes (or
    eyes on no seat of this game), every hand, as the embedded view always did.

    >>> viewer_with_eyes(1, 3, over=False, reveal=True), viewer_with_eyes(1, 3, True, False)
    (1, 1)
    >>> viewer_with_eyes(1, 3, True, True) == OMNISCIENT == viewer_with_eyes(None, 3, False, False)
    True
    """
    if eyes is None or not 0 <= eyes < players:
        return OMNISCIENT
    if over and reveal:
        return OMNISCIENT
    return eyes


def reveal_offered(eyes: int | None, players: int, over: bool) -> bool:
    """Whether the page offers the reader to show every hand (``#show-hands``):
    a view through a seat's eyes of a finished game."""
    return eyes is not None and 0 <= eyes < players and over


@dataclass(frozen=True)
class GoTo:
    step: int


@dataclass(frozen=True)
class Ask:
    pass


@dataclass(frozen=True)
class Try:
    action: str
    """The action's JSON as canonical text (:func:`waddle.core.study.action_text`): the
    page plays the legal action with that JSON, if there is one, as the reader's answer."""


@dataclass(frozen=True)
class ShowAnswer:
    pass


@dataclass(frozen=True)
class Retry:
    pass


def parse_command(text: str) -> GoTo | Ask | Try | ShowAnswer | Retry | None:
    """What a message from the host page asks, or None for anything else.

    ``text`` is the message's data as JSON (``JSON.stringify`` in the page). Two commands
    change the shown step and nothing else; three answer a question step (an exercise) as
    the reader could by clicks, and the page ignores them at any other step. None can
    change the game, its study, the address or anything stored: from any origin,
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
    if kind == TRY:
        action = data.get("action")
        if action is None:
            return None
        try:
            canonical = action_text(action)
        except ValueError:  # nested deeper than any action
            return None
        return Try(canonical) if len(canonical) <= MAX_ACTION_CHARS else None
    if kind == SHOW_ANSWER:
        return ShowAnswer()
    if kind == RETRY:
        return Retry()
    return None


def answer_event(
    game_id: str,
    step: int,
    correct: bool,
    move: str,
    explanation: str,
    actions: Sequence[Any] = (),
    said: str = "",
) -> dict[str, Any]:
    """The :data:`ANSWER` event's data: the step of the question, whether the reader's
    move was an answer the author gave, the move in the game's notation (``"play 13C"``;
    the actions of a move of several, apart by spaces), the author's explanation, the
    move's actions in the record's JSON syntax (what ``waddle:try`` takes) and the move in
    the game's words, as the board says it (plain text: a host shows it as text).

    >>> answer_event("pebbles", 0, True, "play 13C", "", [{"play": "13C"}],
    ...              "Blue played the 13 of Court.")["actions"]
    [{'play': '13C'}]
    """
    return {
        "type": ANSWER,
        "game": game_id,
        "step": step,
        "correct": correct,
        "move": move,
        "explanation": explanation,
        "actions": list(actions),
        "said": said,
    }


def size_event(width: int, height: int) -> dict[str, Any]:
    """The :data:`SIZE` event's data."""
    return {"type": SIZE, "width": width, "height": height}


def step_event(game_id: str, step: int, steps: int, caption: str) -> dict[str, Any]:
    """The :data:`STEP` event's data (the caption is plain text: a host shows it as text)."""
    return {"type": STEP, "step": step, "steps": steps, "game": game_id, "caption": caption}
