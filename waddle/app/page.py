"""The page's state that every part of the browser front end reads, and what follows from
it: whose view is drawn, whether the pass-the-device screen stands, whether the person at
the screen may act, and the side column's buttons. Plain Python (no DOM), so CPython
tests reach it; ``web/`` holds one :class:`Page` and draws from it.

>>> from waddle.app.saves import MemoryStorage, SaveStore
>>> page = Page(embed=False, readonly=False, saves=SaveStore(MemoryStorage()))
>>> page.session = Session.new("pebbles", 2, seed=3)
>>> page.curtain_for()  # two people at one device: the first must take it
0
>>> page.revealed = 0
>>> page.curtain_for() is None, page.viewer()
(True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from html import escape
from typing import Any

from waddle.app.chrome import needs_curtain, viewer_for
from waddle.app.embed import reveal_offered, viewer_with_eyes
from waddle.app.saves import SaveStore, Storage
from waddle.app.session import Session
from waddle.core.game import OMNISCIENT, SPECTATOR
from waddle.core.registry import GameEntry
from waddle.games import GAMES
from waddle.ui.presenter import MoveGroup, Rendered
from waddle.ui.unseen import face_down

NOT_SHAREABLE = (
    "A card game on several devices is shared by its own links only (Send your link): "
    "once it is over and its deal checked, save it or share it as any game."
)


class Page:
    """The game on screen and how the page shows it.

    ``session`` is the game on the board (None: the chooser); ``tutorial`` the running
    :class:`waddle.app.tutorial.Tutorial`, whose session is then the one shown;
    ``revealed`` the seat that confirmed it holds the device; ``ai_paused`` the Pause
    button's state.

    Studies add three: ``eyes``, the embedded view's ``&eyes=N`` (which goes before the
    study's own); ``all_hands``, the reader asked to see every hand of a finished game
    seen through a seat's eyes; ``attempt``, the reader's
    :class:`waddle.app.exercises.Attempt` at a question step (its copy of the game is what
    the board shows and takes clicks on: :attr:`board_session`)."""

    def __init__(
        self, embed: bool, readonly: bool, saves: SaveStore, storage: Storage | None = None
    ) -> None:
        self.embed = embed
        self.readonly = readonly
        self.saves = saves
        self.storage = storage
        self.tutorial: Any = None
        self.revealed: int | None = None
        self.ai_paused = False
        self.searching = False
        """A computer or the hint is searching now: the win-chance meter and the review
        wait (their slices would share the main thread with its search, see web/analysis.py)."""
        self.eyes: int | None = None
        self.all_hands = False
        self.attempt: Any = None
        self.remote: Any = None
        """The game on screen is played on several devices: its
        :class:`waddle.app.remote_game.RemoteGame` (the session shows it; only this device's
        seats are played here, and only on their turn), else None."""
        self.tab = ""
        """This browser tab's id (kept in its sessionStorage): its game's own save."""
        self.remote_link = ""
        """The link of the remote game on screen last opened or made here: the address
        holds it, so a reload opens the game again."""
        self._desk: Any = None
        self._session: Session | None = None

    @property
    def session(self) -> Session | None:
        return self._session

    @session.setter
    def session(self, session: Session | None) -> None:
        # The embedded view shows every hand (a replay for teaching), and so does a study
        # being written: nothing there limits undo or the scrubber. Every session the page
        # shows comes through here.
        if session is not None:
            session.all_visible = self.embed or self.writing
        self._session = session

    @property
    def desk(self) -> Any:
        """The study being written (a :class:`waddle.app.studies.StudyDesk`, while the study
        panel is open), or None. Its author sees every hand (or the study's eyes), steps to
        any position of the line, plays any seat's move on it, and answers its questions on
        a copy of the game (:attr:`board_session`); the computers wait meanwhile. In a card
        game still on, that is an end to fair play for whoever is at the screen: the page
        asks first (web/studies.py)."""
        return self._desk

    @desk.setter
    def desk(self, desk: Any) -> None:
        self._desk = desk
        if self._session is not None:
            self._session.all_visible = self.embed or self.writing

    @property
    def writing(self) -> bool:
        return self._desk is not None and self.tutorial is None

    @property
    def entry(self) -> GameEntry:
        return GAMES.by_id(self.session.game.id)

    @property
    def presenter(self) -> Any:
        return self.session.game.presenter()

    @property
    def board_session(self) -> Session:
        """The game the board shows and plays on: the reader's copy at a question step, the
        author's copy while writing a question's answers, else the session."""
        if self.attempt is not None:
            return self.attempt.session
        if self.writing and self._desk.draft is not None:
            return self._desk.draft
        return self.session

    @property
    def drafting(self) -> bool:
        """The author is playing a question's answer on its copy of the game."""
        return self.writing and self._desk.draft is not None

    def study_eyes(self) -> int | None:
        """The seat a card game's study is seen through (the address's ``&eyes=``, else the
        study's own), or None: every hand, as the usual rules say."""
        session = self.session
        if self.tutorial is not None or session is None or not session.hidden_information:
            return None
        eyes = self.eyes if self.eyes is not None else getattr(session.study, "eyes", None)
        return eyes if eyes is not None and 0 <= eyes < len(session.seats) else None

    def viewer(self) -> int:
        """The seat whose view is drawn (see :func:`waddle.app.chrome.viewer_for`); a study
        seen through a seat's eyes narrows a view of every hand to that seat's
        (:func:`waddle.app.embed.viewer_with_eyes`), never widens one.

        >>> from waddle.app.saves import MemoryStorage, SaveStore
        >>> from waddle.core.study import Study
        >>> page = Page(embed=True, readonly=False, saves=SaveStore(MemoryStorage()))
        >>> page.session = Session.new("pebbles", 2, seed=3)
        >>> page.viewer() == OMNISCIENT
        True
        >>> page.session.study = Study(eyes=1); page.viewer()
        1
        """
        hidden = self.entry.hidden_information
        seat = self.remote_seat()
        if seat is not None:
            return seat  # a card game on several devices: this device's seat only
        if self.drafting and hidden:
            # A question's answer is played as its reader will: holding the asked hand.
            mover = self.board_session.state.to_move()
            if mover is not None and mover >= 0:
                return mover
        shown_whole = self.embed or self.writing  # a replay for teaching, a study written
        seen = viewer_for(self.session, hidden, shown_whole, self.revealed)
        eyes = self.study_eyes()
        mover = self.session.state.to_move()
        asked = self.attempt is not None and eyes is None and seen == OMNISCIENT
        if asked and self.entry.hidden_information and mover is not None and mover >= 0:
            return mover  # "Your move": the reader holds the asked seat's hand
        if eyes is None or seen != OMNISCIENT:
            return seen
        players = len(self.session.seats)
        return viewer_with_eyes(eyes, players, self.session.line_over, self.all_hands)

    def hands_offered(self) -> bool:
        """Whether the page offers "Show every hand" (a finished game seen through eyes):
        not for a game that holds only one seat's view (a ``p2.``/``ww3.`` link's), where
        there is no other hand to show."""
        eyes = self.study_eyes()
        if eyes is None or getattr(self.session.setup, "eyes", None) is not None:
            return False
        return reveal_offered(eyes, len(self.session.seats), self.session.line_over)

    def answering(self) -> bool:
        """Whether the reader may play an answer now, at a question step: the answer is not
        judged yet, and the seat asked is the one whose eyes the page shows (if any)."""
        attempt = self.attempt
        if attempt is None or self.curtain_for() is not None:
            return False
        if attempt.verdict is not None and attempt.verdict.judged:
            return False
        mover = attempt.session.state.to_move()
        if mover is None or mover < 0 or attempt.session.state.is_over():
            return False
        eyes = self.study_eyes()
        return eyes is None or mover == eyes

    def curtain_for(self) -> int | None:
        """The seat the device must be passed to before anything more is shown, or None."""
        if self.tutorial is not None or self.writing or self.remote_seat() is not None:
            return None
        return needs_curtain(self.session, self.entry.hidden_information, self.embed, self.revealed)

    def interactive(self) -> bool:
        """Whether the board takes clicks now (the scene is drawn with its legal places)."""
        if self.attempt is not None:
            return self.answering()  # read-only too: an answer is played on a copy
        session = self.board_session
        eyes = self.study_eyes()
        if eyes is not None and self.viewer() == eyes and session.state.to_move() != eyes:
            return False  # seen through a seat's eyes: only that seat plays
        if self.writing:  # the author plays any seat's move (the computers wait)
            return session.may_play() and not session.state.is_over()
        return (
            not self.readonly
            and self.remote_allows()
            and self.curtain_for() is None
            and session.may_play()
            and (session.human_turn() or self.tutorial is not None)
        )

    def may_act(self) -> bool:
        """Whether the person at the screen may act on the game now; else the session's
        message says why. Behind the pass-the-device screen nobody may (the board shows no
        hand, and a click would act for the person the device is being passed to)."""
        if self.tutorial is not None:
            return True
        if self.curtain_for() is not None:
            self.session.message = None
            return False
        if self.attempt is not None:
            return self.answering()
        board = self.board_session
        eyes = self.study_eyes()
        if eyes is not None and self.viewer() == eyes and board.state.to_move() != eyes:
            self.session.message = "Only the seat whose eyes the study shows plays here."
            return False
        if self.drafting:
            return not board.state.is_over()
        if not self.session.may_play():
            self.session.message = (
                "This finished game is a replay here: to ask the reader for a move at this "
                "step, press Ask the reader here; to play on, go to its last move."
                if self.writing
                else "This finished game is shown as a replay here: go to its last move to play."
            )
            return False
        if self.writing:
            return True  # the author plays any seat's move; the computers wait
        if not self.remote_allows():
            self.session.message = self.remote_refusal()
            return False
        if self.session.bot_to_move() is None:
            return True
        self.session.message = self.computer_turn_message()
        return False

    def remote_seat(self) -> int | None:
        """The seat of this device in a card game played on several devices while it is on
        (the screen draws that seat's view only, never the stand-in hands of the session:
        :func:`waddle.app.remote.session_of`), or None."""
        remote = self.remote
        if remote is None or not self.entry.hidden_information or self.session.shareable:
            return None
        seat = getattr(remote, "my_seat", None)
        return seat if seat is not None else SPECTATOR

    def render(self, scene: Any) -> Rendered:
        """The presenter's markup for ``scene``, as this device may show it. In a card game
        on several devices while it is on: every stand-in (a card this device has not been
        shown, which the rules' view may still hold: its hand during the deal, a card turned
        up whose unlock tokens have not come) is drawn face down, and while the deal goes on
        or a card waits to be unlocked the status says so, as the panel does, rather than
        whose turn it will be."""
        drawn = self.presenter.render(scene)
        if self.remote_seat() is None:
            return drawn
        game = self.remote
        unseen = game.unseen_labels()
        line = game.waiting_for()
        status = drawn.status
        if not game.my_turn() and line.startswith(("Dealing", "Waiting for")):
            status = f'<p class="status" data-waiting="true">{escape(line)}</p>'
        return replace(
            drawn,
            board=replace(drawn.board, markup=face_down(drawn.board.markup, unseen)),
            status=face_down(status, unseen),
            controls=face_down(drawn.controls, unseen),
            panels=face_down(drawn.panels, unseen),
            table=face_down(drawn.table, unseen),
        )

    def unshareable(self) -> str | None:
        """Why the game on screen may not be shared, saved or exported (a card game on
        several devices while it is on: its session holds stand-ins for the hands this
        device cannot see), or None."""
        if self.session is not None and not self.session.shareable:
            return NOT_SHAREABLE
        return None

    def remote_allows(self) -> bool:
        """A game on several devices takes a move here only from this device's person, on
        their turn, at the game's latest position (not while looking back at it)."""
        remote = self.remote
        if remote is None or self.writing:
            return True
        return remote.my_turn() and not self.session.future

    def remote_refusal(self) -> str:
        if self.remote.my_turn():
            return "Go to the last move to play."
        return f"Not your turn here: {self.remote.waiting_for()}"

    def computer_turn_message(self) -> str:
        name = self.session.seats[self.session.state.to_move()].name
        if self.ai_paused:
            return f"The computers are paused: {name} (computer) plays next, after Resume."
        return f"Wait: {name} (computer) is playing."

    def may_hint(self) -> bool:
        """A hint is for the person to move, and only them: in a game with hidden hands
        nobody else may ask (it would tell them about that hand)."""
        session = self.session
        if self.tutorial is not None or not session.human_turn():
            return False
        if self.remote is not None:
            return False  # friends on other devices play without the computer's advice
        if self.curtain_for() is not None or not session.may_play():
            return False
        return self.viewer() in (OMNISCIENT, session.state.to_move())

    def link_warning(self) -> str:
        """What a link of a game with hidden hands gives away while the game is on."""
        if not self.session.hidden_information or self.session.line_over:
            return ""
        if self.session.link_eyes is not None:  # it holds only what that seat has seen
            return ""
        return (
            " It holds the whole game, every hidden hand and the deck too: whoever opens "
            "it can see them, so share it only with people who are not playing."
        )


@dataclass(frozen=True)
class Side:
    """The side column's history controls for one redraw."""

    undo_disabled: bool
    undo_title: str | None
    redo_disabled: bool
    hint_disabled: bool
    groups: list[MoveGroup] = field(default_factory=list)
    earliest: int = 0
    scrub_min: int = 0
    scrub_max: int = 0
    scrub_value: int = 0
    scrub_disabled: bool = True
    scrub_text: str = ""
    playing: bool = True
    """The position shown is one to play on (not over, not a replay of a finished game):
    else the controls that only apply to a game in progress (the hint, the computers'
    speed and Pause) leave the screen."""


def side_of(session: Session, groups: list[MoveGroup], curtained: bool) -> Side:
    """Undo, redo, hint, the move list and the scrubber. Behind the pass-the-device screen
    the move list stops at the position shown and nothing can be taken back, redone,
    hinted or scrubbed.

    >>> session = Session.new("waddle", 2, seed=1)
    >>> side_of(session, [], curtained=False).undo_disabled
    True
    >>> side_of(session, [], curtained=False).playing
    True
    """
    state = session.state
    refusal = None if curtained else session.undo_refusal()
    if curtained:
        groups = [
            MoveGroup(g.heading, tuple(m for m in g.moves if m.ply <= state.ply)) for g in groups
        ]
        groups = [g for g in groups if g.moves]
    floor = session.undo_floor()
    return Side(
        undo_disabled=curtained or not session.can_undo(),
        undo_title=refusal if refusal and state.ply else None,
        redo_disabled=curtained or not session.can_redo(),
        # A hint is for a person to move (a computer's turn, or the game over: none).
        hint_disabled=curtained or not session.may_play() or not session.human_turn(),
        groups=list(groups),
        earliest=floor,
        scrub_min=floor,
        scrub_max=state.ply if curtained else session.total_plies,
        scrub_value=state.ply,
        scrub_disabled=curtained or floor >= session.total_plies,
        scrub_text=f"move {state.ply} of {session.total_plies}",
        playing=not state.is_over() and session.may_play(),
    )


LONGEST_TURN_LINE = 3
"""A computer's run of more moves than this (the move list's entries) is summed up in one
line (:func:`run_line`) instead of told move by move."""


def turn_line(groups: list[MoveGroup], player: int, after: int, upto: int) -> str:
    """What ``player`` did between plies ``after`` and ``upto``, as one sentence's end:
    the move list's spoken words of those moves, joined (the page writes the seat's name
    before it after a computer's turn of several steps).

    >>> from waddle.ui.presenter import Move, MoveGroup
    >>> moves = (Move(1, 0, "10C", "played the 10 of Court"), Move(2, 0, "P10", "placed a"
    ...          " penguin on tile 10"), Move(3, 1, "x", "passed"))
    >>> turn_line([MoveGroup("Round 1", moves)], player=0, after=0, upto=3)
    'played the 10 of Court and placed a penguin on tile 10.'
    """
    spoken = [
        move.spoken
        for group in groups
        for move in group.moves
        if move.player == player and after < move.ply <= upto and move.spoken
    ]
    if not spoken:
        return ""
    text = spoken[0] if len(spoken) == 1 else ", ".join(spoken[:-1]) + " and " + spoken[-1]
    return text if text.endswith(".") else text + "."


def run_line(presenter: Any, session: Any, player: int, after: int, gained: float) -> str:
    """What a computer's run of moves since ply ``after`` did, as one sentence's end: move
    by move (:func:`turn_line`) up to :data:`LONGEST_TURN_LINE` moves of the move list,
    else summed up: the game's own words (its presenter's optional ``sum_up(session,
    player, after, moves, gained)``, given how many moves and what ``player`` scored in
    them), or how many moves and points. A run that long happens when the others have no
    move left: a 25-clause paragraph told nobody anything.

    >>> from waddle.ui.presenter import Move, MoveGroup
    >>> class Moves:  # a presenter's move list: 25 moves of seat 1
    ...     def move_groups(self, session):
    ...         return [MoveGroup("Round 9", tuple(Move(k, 1, "", f"moved {k}")
    ...                                               for k in range(1, 26)))]
    >>> from types import SimpleNamespace
    >>> session = SimpleNamespace(state=SimpleNamespace(ply=25))  # after those moves
    >>> run_line(Moves(), session, 1, 0, gained=28)
    'made 25 more moves and scored 28 more points.'
    >>> run_line(Moves(), session, 1, 23, gained=3)
    'moved 24 and moved 25.'
    """
    groups = presenter.move_groups(session)
    upto = session.state.ply
    count = sum(1 for g in groups for m in g.moves if m.player == player and after < m.ply <= upto)
    if count <= LONGEST_TURN_LINE:
        return turn_line(groups, player, after, upto)
    sum_up = getattr(presenter, "sum_up", None)
    said = sum_up(session, player, after, count, gained) if sum_up is not None else ""
    if said:
        return said
    points = f"{gained:g} more point{'' if gained == 1 else 's'}"
    return f"made {count} more moves" + (f" and scored {points}." if gained else ".")
