"""The board editor, for any game with one: a draft board, its live checks, undo, files,
and a game started on it. Pure Python (``web/app.py`` forwards clicks here and copies the
markup into ``#editor``), so CPython tests cover the whole round trip.

What differs per game (the draft, the tools, the drawing) comes from the game's
``board_editor()`` (:class:`waddle.ui.editor.BoardEditor`); the checks are the game's own
``check_board``, the very messages of ``python -m waddle check-map``. A draft that cannot
be played yet is still a draft: it can be kept (:data:`DRAFT_PREFIX`, exported) and fixed.

>>> from waddle.games import GAMES
>>> editor = BoardEditing(GAMES.by_id("htmf").load())
>>> editor.check().errors
('the board has no floes',)
>>> editor.start_from_generated(players=2, seed=4).playable
True
>>> session = editor.start(players=2, seed=1)
>>> session.state.ply, session.game.id
(0, 'htmf')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from waddle.core import jsontext
from waddle.core.records import BoardError, RecordError
from waddle.core.registry import GameModule
from waddle.games import GAMES
from waddle.ui.markup import BoardSvg

DRAFT_PREFIX = "waddle:board-draft:"
"""``waddle:board-draft:<game>``: the board last edited for that game, kept as its file
text (playable or not) so that closing the page never loses it."""
UNDO_LIMIT = 200


def has_editor(game: GameModule) -> bool:
    """Whether a game offers a board editor (an optional part of a game)."""
    return callable(getattr(game, "board_editor", None))


def board_game(text: str, default: str | None = None) -> str | None:
    """The id of the game a board or record file is for: its ``"game"`` key (what the
    editor writes) or its record ``"format"``; ``default`` when it names neither.

    >>> board_game('{"game": "htmf", "board": []}'), board_game("[]", "waddle")
    ('htmf', 'waddle')
    """
    try:
        data = jsontext.loads(text)
    except jsontext.JSONTextError:  # not JSON, or nested deeper than a board ever is
        return default
    if isinstance(data, dict):
        named = data.get("game")
        if isinstance(named, str) and named in GAMES.ids:
            return named
        entry = GAMES.by_format(data.get("format"))
        if entry is not None:
            return entry.id
    return default


@dataclass(frozen=True)
class Check:
    """What ``check-map`` says about the draft: a summary when playable, else errors."""

    summary: str | None
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    @property
    def playable(self) -> bool:
        return not self.errors


@dataclass
class BoardEditing:
    """One game's draft board and everything around it in the editor."""

    game: GameModule
    draft: Any = None
    ui: Any = None
    message: str | None = None
    undo_texts: list[str] = field(default_factory=list)
    _checked: tuple[str, Check] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.draft is None:
            self.draft = self.editor.empty()
        if self.ui is None:
            self.ui = self.editor.new_ui()

    @property
    def editor(self) -> Any:
        return self.game.board_editor()

    # -- the draft ----------------------------------------------------------------------

    def text(self) -> str:
        """The draft's board file: what ``check-map`` and ``new --map`` read."""
        return self.editor.to_text(self.draft)

    def check(self) -> Check:
        """The game's checks of the draft (computed once per version of the draft)."""
        text = self.text()
        if self._checked is None or self._checked[0] != text:
            try:
                summary, warnings = self.game.check_board(text)
                result = Check(summary, (), tuple(warnings))
            except BoardError as e:
                result = Check(None, tuple(e.problems))
            self._checked = (text, result)
        return self._checked[1]

    def _edit(self, change) -> None:
        before = self.text()
        said = change()
        if self.text() != before:
            self.undo_texts.append(before)
            del self.undo_texts[:-UNDO_LIMIT]
        self.message = said

    def on_hex(self, place: str) -> None:
        """A click on ``[data-edit-hex]``: the chosen tool acts there."""
        self._edit(lambda: self.editor.on_hex(self.draft, self.ui, place))

    def on_tool(self, name: str, value: str | None = None) -> None:
        """A press on ``[data-edit-tool]`` or a change of ``[data-edit-field]``."""
        self._edit(lambda: self.editor.on_tool(self.draft, self.ui, name, value))

    def undo(self) -> bool:
        if not self.undo_texts:
            self.message = "Nothing to undo."
            return False
        self.draft, _notes = self.editor.from_text(self.undo_texts.pop())
        self.message = "Undone."
        return True

    def replace(self, draft: Any, message: str) -> BoardEditing:
        """Put another board in the editor (the one before stays a step of undo)."""
        self._edit(lambda: self._put(draft, message))
        return self

    def _put(self, draft: Any, message: str) -> str:
        self.draft = draft
        return message

    def start_from_empty(self) -> Check:
        self.replace(self.editor.empty(), f"An empty {self.editor.noun}.")
        return self.check()

    def start_from_generated(self, players: int, seed: int) -> Check:
        record = self.game.new_record(players, seed)
        self.replace(
            self.editor.from_record(record),
            f"The {self.editor.noun} of a new {players}-player game, seed {seed}.",
        )
        return self.check()

    def start_from_record(self, record: Any, what: str) -> Check:
        self.replace(self.editor.from_record(record), f"The {self.editor.noun} of {what}.")
        return self.check()

    def load_text(self, text: str, name: str = "the file") -> None:
        """Import a board file (or a record file); ``BoardError`` if it holds no board. A
        board that cannot be played is imported all the same, to be fixed here."""
        draft, notes = self.editor.from_text(text)
        self.replace(draft, " ".join([f"Imported {name}.", *(f"Note: {n}." for n in notes)]))

    # -- leaving the editor -------------------------------------------------------------

    def start(
        self,
        players: int,
        seed: int,
        names: list[str] | None = None,
        colours: list[str] | None = None,
        bots: list[str | None] | None = None,
    ):
        """A new game on the draft (``BoardError`` lists why it cannot be played)."""
        from waddle.app.session import Session

        check = self.check()
        if not check.playable:
            raise BoardError(list(check.errors))
        try:
            record = self.game.custom_record(players, self.text(), seed)
            return Session.start(self.game, record, names, colours, bots)
        except RecordError as e:
            raise BoardError([str(e)]) from None

    # -- drawing ------------------------------------------------------------------------

    def board(self) -> BoardSvg:
        return self.editor.render(self.draft, self.ui)

    def tools_html(self) -> str:
        return self.editor.tools_html(self.draft, self.ui)

    def checks_html(self) -> str:
        """The checks beside the board: a summary or the errors, then the warnings apart."""
        check = self.check()
        noun = self.editor.noun
        if check.playable:
            head = (
                f'<p class="check-ok" data-playable="true">This {noun} can be played: '
                f"{escape(check.summary or '')}.</p>"
            )
        else:
            items = "".join(f"<li>{escape(e)}</li>" for e in check.errors)
            head = (
                f'<p class="check-bad" data-playable="false">This {noun} cannot be played '
                f'yet:</p><ul class="check-errors" data-errors="{len(check.errors)}">'
                f"{items}</ul>"
            )
        warnings = ""
        if check.warnings:
            items = "".join(f"<li>{escape(w)}</li>" for w in check.warnings)
            warnings = (
                f'<p class="check-warn-head">Warnings (it can be played, but look):</p>'
                f'<ul class="check-warnings" data-warnings="{len(check.warnings)}">{items}</ul>'
            )
        return head + warnings
