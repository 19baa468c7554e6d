"""What a game's presenter gives the app: its board, panels, controls, words and rules page.

The web shell (``web/app.py``) knows no game. It asks the presenter of the game on screen
to draw a :class:`Scene` (the view one seat may see, the seats, the presenter's own UI
state) into markup for the page's regions, and to turn a click on a hex or a game control
into an action. Everything here is pure Python and returns text, so CPython tests cover
every game's drawing.

A presenter draws ``scene.view``, what ``scene.viewer`` may see (see
:mod:`waddle.core.game`), never the state itself: for a card game that is the difference
between a hidden hand and a leaked one. Waddle and Hey, That's My Fish! have perfect
information, and their view is the state.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from waddle.core.game import OMNISCIENT
from waddle.core.hexgrid import Hex
from waddle.ui.markup import BoardSvg, named_places, sentence
from waddle.ui.seats import Seat


@dataclass(frozen=True)
class Scene:
    """One moment of a game as one viewer sees it, and what they may do in it."""

    view: Any
    """``state.view(viewer)``: all the presenter may draw."""
    seats: Sequence[Seat]
    ui: Any
    """The presenter's own state between clicks (a chosen token, a selected penguin)."""
    viewer: int
    """The seat whose view this is, or SPECTATOR / OMNISCIENT."""
    interactive: bool
    """Whether the person looking may act now: legal moves are marked and focusable."""


@dataclass(frozen=True)
class Rendered:
    """The markup of each region of the page for one scene."""

    board: BoardSvg
    status: str
    """Whose turn and what to do (holds ``[data-to-move]`` while the game is on)."""
    controls: str
    """The game's own controls beside the board (buttons with ``data-control``)."""
    panels: str
    """The game's side panels (scores, turn order), each a ``<section class="panel">``."""
    result: str
    """The result panel once the game is over ("" before)."""
    table: str = ""
    """What lies on the table beside the board, drawn under it: a card game's hands,
    trick and face-up cards ("" for games that are all board)."""


@dataclass(frozen=True)
class Move:
    """One entry of the move list."""

    ply: int
    """The position after this move (what clicking it shows)."""
    player: int
    notation: str
    spoken: str
    """The move in words, for screen readers and the line after a computer's turn: a verb
    phrase naming places as the board does ("placed a penguin on the ice north-east of
    pool 7")."""


@dataclass(frozen=True)
class MoveGroup:
    """Moves under one heading: a round, a phase."""

    heading: str
    moves: tuple[Move, ...]


F = TypeVar("F")


class LineFacts(Generic[F]):
    """What a move list needs to know about each action of a line (``fact(state, action)``,
    asked before the action is applied), kept from one redraw to the next: the next line
    is most often the same plus an action, and then only the new actions are replayed. A
    replay of the whole game at every redraw costs a Pyodide page tens of milliseconds
    late in a long game.

    >>> from dataclasses import dataclass
    >>> from waddle.core.nim import Nim
    >>> @dataclass
    ... class Stones:  # a record of Nim from 7 stones
    ...     actions: list
    ...     def start(self): return Nim(2, 7)
    ...     def with_actions(self, actions): return Stones(list(actions))
    >>> asked = []
    >>> facts = LineFacts(lambda state, action: asked.append(action) or (state.to_move(), action))
    >>> facts.of(Stones([2, 1]))
    [(0, 2), (1, 1)]
    >>> facts.of(Stones([2, 1, 3])), asked  # only the 3 was new
    ([(0, 2), (1, 1), (0, 3)], [2, 1, 3])
    >>> facts.of(Stones([1])), asked  # another line: replayed from the start
    ([(0, 1)], [2, 1, 3, 1])
    """

    def __init__(self, fact: Callable[[Any, Any], F]) -> None:
        self._fact = fact
        self._setup: Any = None
        self._actions: list[Any] = []
        self._state: Any = None
        self._facts: list[F] = []

    def of(self, record: Any) -> list[F]:
        """The fact of each action of ``record``, in order (a list the caller must not
        change)."""
        actions = record.actions
        known = len(self._actions)
        setup = record.with_actions(())
        same = self._state is not None and self._setup == setup
        if not (same and known <= len(actions) and list(actions[:known]) == self._actions):
            self._setup, self._actions, self._facts = setup, [], []
            self._state = record.start()
        for action in actions[len(self._actions) :]:
            self._facts.append(self._fact(self._state, action))
            self._state.apply(action)
            self._actions.append(action)
        return self._facts


@dataclass(frozen=True)
class Hint:
    """What a hint says, and what it marks on the page."""

    text: str
    hexes: tuple[str, ...] = ()
    """``data-hex`` values to mark on the board."""
    control: str | None = None
    """A game control (its ``data-control`` value) to mark."""


class Presenter(Protocol):
    """A game's front end, as the web shell uses it (one instance per game).

    Optional (asked with ``getattr``): ``sum_up(session, player, after, moves, gained)``,
    a computer's long run of moves since ply ``after`` in one line of the game's words
    ("took 28 more fish with 25 moves"; :func:`waddle.app.page.run_line` says how many
    moves and points without it)."""

    keys: Mapping[str, str]
    """Letter keys of the game's controls: key → ``data-control`` value, e.g. ``s`` → ``scout``."""
    keys_help: str
    """The keyboard line under the side panel."""

    def new_ui(self) -> Any:
        """The UI state of a position nobody has started to act in."""
        ...

    def render(self, scene: Scene) -> Rendered: ...

    def on_hex(self, session: Any, hex_id: str) -> Any | None:
        """A click (or Enter) on the board's ``data-hex="q,r"``: the action to play, or None
        when it only changed ``session.ui`` or set ``session.message``."""
        ...

    def on_control(self, session: Any, control: str) -> Any | None:
        """A press on one of the game's controls (``data-control``), or its letter key."""
        ...

    def describe_move(self, session: Any, player: int, action: Any) -> str:
        """The message after ``player`` took ``action`` (already applied to the state)."""
        ...

    def move_groups(self, session: Any) -> list[MoveGroup]:
        """The whole line of play (history and the redo line), grouped for the move list."""
        ...

    def hint(self, session: Any, action: Any) -> Hint: ...

    def focus_hex(self, scene: Scene) -> str | None:
        """The hex a zoomed board scrolls to (where the next move happens), or None."""
        ...

    def rules_html(self) -> str:
        """The rules page (the inside of the Rules dialog), in the project's words."""
        ...

    def thumbnail(self) -> BoardSvg:
        """A small picture of the game's board, for the chooser (its hooks are removed)."""
        ...


class GamePresenter:
    """What every game's presenter shares, written once: a game's presenter subclasses it
    and keeps its look (``render``, words) and its clicks (``on_hex``, ``on_control``).

    It gives the :class:`Presenter` members a game may leave out (no letter keys, no UI
    state between clicks, no game controls, no hex to scroll to), the rules page (the
    package's ``rules.html`` beside the presenter's module, read once, through
    :meth:`rules_page` for a game that draws into it) and the chooser's picture (drawn
    once by :meth:`draw_thumbnail`), the illegal-move message (:meth:`checked`), and the
    position a move was made in (:meth:`position_before`) and the mover's view
    (:meth:`mover_view`) that words and clicks start from. Study marks: the mixins of
    :mod:`waddle.ui.marks` (``HexStudyMarks``, ``StudyMarks``).

    >>> from waddle.core.nim import Nim
    >>> class Session:  # what on_hex is given: the state and the message
    ...     state, message = Nim(2, 3), None
    >>> session = Session()
    >>> GamePresenter.checked(session, 4), session.message
    (None, 'Take 1 to 3 stones, no more than left.')
    >>> GamePresenter.checked(session, 2), GamePresenter().new_ui()
    (2, None)
    """

    keys: ClassVar[Mapping[str, str]] = MappingProxyType({})
    keys_help: ClassVar[str] = (
        "Keys: Tab to a highlighted place, Enter to choose it, U undo, R redo."
    )

    ui_class: ClassVar[Callable[[], Any] | None] = None
    """What ``new_ui`` makes: the class of the presenter's state between clicks (a chosen
    token, a selected penguin), made with no arguments; None: the game keeps none."""

    def new_ui(self) -> Any:
        return None if self.ui_class is None else self.ui_class()

    def on_control(self, session: Any, control: str) -> Any | None:
        return None

    def focus_hex(self, scene: Scene) -> str | None:
        return None

    # -- the rules page and the chooser's picture, each made once ----------------------------

    def rules_html(self) -> str:
        page = self.__dict__.get("_rules_html")
        if page is None:
            module = sys.modules[type(self).__module__].__file__
            text = Path(str(module)).with_name("rules.html").read_text(encoding="utf-8")
            page = self.__dict__["_rules_html"] = self.rules_page(text)
        return page

    def rules_page(self, text: str) -> str:
        """The rules page from the text of ``rules.html`` (a game that draws symbols into
        it does so here)."""
        return text

    def thumbnail(self) -> BoardSvg:
        drawn = self.__dict__.get("_thumbnail")
        if drawn is None:
            drawn = self.__dict__["_thumbnail"] = self.draw_thumbnail()
        return drawn

    def draw_thumbnail(self) -> BoardSvg:
        """A small picture of the game's board for the chooser: a few moves into a game
        (asked once)."""
        raise NotImplementedError(f"{type(self).__name__} draws no thumbnail")

    # -- the illegal-move message --------------------------------------------------------

    @staticmethod
    def checked(
        session: Any, action: Any, name: Callable[[Hex], str] | None = None, nouns: bool = False
    ) -> Any | None:
        """``action`` if the rules allow it; else None, and ``session.message`` says the
        rules' reason (``why_illegal``) as a sentence, each ``q,r`` in it named by
        ``name`` as the board names that place (:func:`~waddle.ui.markup.named_places`)."""
        reason = session.state.why_illegal(action)
        if reason is None:
            return action
        session.message = sentence(reason if name is None else named_places(reason, name, nouns))
        return None

    @staticmethod
    def position_before(state: Any) -> Any:
        """A copy of ``state`` before its last action: what words after a move compare
        with."""
        before = state.clone()
        before.undo()
        return before

    @staticmethod
    def mover_view(state: Any) -> Any:
        """What the seat to move sees (everything when no seat is: a chance node, the end),
        which a card game's click is checked against."""
        mover = state.to_move()
        return state.view(mover if mover is not None and mover >= 0 else OMNISCIENT)


class StudyPresenter(Protocol):
    """What a presenter adds for studies (captions and marks on the steps of a game, see
    :mod:`waddle.core.study`). Optional: the app offers studies in a game only when its
    presenter has it (:func:`draws_marks`), so a game can pick studies up later.

    Marks name places as the board's ``data-hex`` hooks do, and the game's ``places``
    (:class:`waddle.core.registry.GameModule`) lists them; the presenter decides how a
    highlight and an arrow look on its board (hex boards: :mod:`waddle.ui.marks`).

    A place that is not on the board drawing is named ``kind:value``: it is the page's
    element ``[data-kind="value"]`` (a card game's ``card:7C`` is ``[data-card="7C"]`` in
    the table under the board, a Pebbles pathway ``pathway:7-12`` is ``[data-pathway]`` on
    the board). Arrows join board places only. Two optional methods serve such games
    (:func:`marked_table` and :func:`place_words` ask for them):

    - ``mark_table(scene, table, marks) -> str``: ``render(scene).table`` with the marked
      cards marked where this viewer sees them (:func:`waddle.ui.marks.mark_elements`:
      ``data-marked`` on the card, a ``[data-mark]`` child with an ``aria-label``), and
      nowhere a card is not drawn face up, so a mark never tells a hidden card;
    - ``place_words(view, place) -> str``: a place as players name it ("tile 7", "the 7
      of Court", "Crozet Islands"), for the study panel's messages.
    """

    def draw_marks(
        self, scene: Scene, marks: Sequence[str], arrows: Sequence[tuple[str, str]]
    ) -> str:
        """SVG markup drawn over ``render(scene).board``: each mark's ``[data-mark]`` and
        each arrow's ``[data-arrow="from>to"]``, with their meaning in an ``aria-label``;
        places not on the board are skipped. Clicks must pass through it."""
        ...


def draws_marks(presenter: Any) -> bool:
    """Whether a game's presenter draws study marks (:class:`StudyPresenter`)."""
    return callable(getattr(presenter, "draw_marks", None))


def marked_table(presenter: Any, scene: Scene, table: str, marks: Sequence[str]) -> str:
    """The table region with a study's marks on its cards, when the presenter marks any
    (``StudyPresenter.mark_table``); else the table as it was."""
    mark = getattr(presenter, "mark_table", None)
    return mark(scene, table, marks) if callable(mark) and marks else table


def place_words(presenter: Any, view: Any, place: str) -> str:
    """A place as players name it (``StudyPresenter.place_words``), else its hook's value."""
    words = getattr(presenter, "place_words", None)
    return words(view, place) if callable(words) else place


def move_list_html(
    groups: Sequence[MoveGroup], seats: Sequence[Seat], current: int, earliest: int = 0
) -> str:
    """The moves, group by group; each move is a button that shows the position after it
    (disabled before ``earliest``, the first position that may be shown: see
    :meth:`waddle.app.session.Session.undo_floor`).

    A button's accessible name holds its visible text ("Red 3,-1d"), so speech control
    finds it by what it shows (WCAG 2.5.3), then says the move in words.
    """
    parts = []
    for group in groups:
        items = "".join(
            f'<li><button type="button" class="move{" current" if m.ply == current else ""}" '
            f'data-ply="{m.ply}" aria-label="Move {m.ply}: {escape(seats[m.player].name)} '
            f'{escape(m.notation)}, {escape(m.spoken)}"'
            f"{' aria-current=step' if m.ply == current else ''}"
            f"{' disabled' if m.ply < earliest else ''}>"
            f'<span class="move-player" data-player="{m.player}">'
            f"{escape(seats[m.player].name)}</span> {escape(m.notation)}</button></li>"
            for m in group.moves
        )
        parts.append(
            f'<li class="round"><div class="round-head">{escape(group.heading)}</div>'
            f'<ol class="moves">{items}</ol></li>'
        )
    return f'<ol class="rounds">{"".join(parts)}</ol>'
