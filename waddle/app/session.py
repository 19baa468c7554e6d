"""One game as the app presents it: the game, its seats, the line of play, messages, links.

Pure Python and free of the DOM, so everything the page does on a click is testable on
CPython; ``web/app.py`` only forwards events here and copies the results into the page.
The same session holds any game of the registry: what differs between games comes from
the game's module (``session.game``) and its presenter.

>>> session = Session.new("waddle", players=2, seed=3)
>>> action = session.state.legal_actions()[0]
>>> session.play(action), session.state.ply
(True, 1)
>>> session.play(action)
False
>>> session.message.endswith("already has a penguin.")
True
>>> session.undo(), session.redo(), session.state.ply
(True, True, 1)

In a game with hidden information (a card game) undo has a floor (:meth:`Session.
undo_floor`): it never takes back a move that turned up a hidden card
(``state.reveals(action)``, noted before the move was made), nor a computer's move after
one, and with several people at one device it stays within the turn of the person to
move. The scrubber and the move list go no further back while the game is on; once the
line of play is over, or when everything is shown anyway (the embedded view,
:attr:`Session.all_visible`), every position may be looked at.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from waddle.core.game import CHANCE, OMNISCIENT, chance_outcome
from waddle.core.links import LinkError
from waddle.core.records import GameRecord
from waddle.core.registry import GameModule, new_game_record
from waddle.core.study import Study
from waddle.games import GAMES
from waddle.ui.presenter import Scene
from waddle.ui.seats import Seat, make_seats


@dataclass
class Session:
    """The game on screen and everything about it that is not the rules."""

    game: GameModule
    setup: GameRecord
    """The record's setup with no actions: what every record of this session starts from."""
    state: Any
    seats: list[Seat]
    message: str | None = None
    """Why the last attempt did nothing, or what just happened; shown to the player."""
    future: list[Any] = field(default_factory=list)
    """Actions taken back by undo, most recent last: what redo plays again."""
    ui: Any = None
    """The presenter's state between clicks (a chosen token, a selected penguin)."""
    study: Study | None = None
    """Captions and marks on steps of the whole line (None: a plain game)."""
    all_visible: bool = False
    """Every hand is shown to whoever looks (the embedded view, a replay for teaching):
    nothing is hidden, so nothing limits undo, redo or the scrubber."""
    plies: list[Ply] | None = field(default=None, repr=False)
    """Games with hidden information: who took each action of the history and whether it
    turned something up (evaluated before it was applied); None for the others."""
    over_at: int | None = None
    """The length of the line of play when it ends with the game over (None: it does not
    end so): a finished game shows every hand, at every position."""
    shareable: bool = True
    """Whether this session may be shared, saved or exported: False for a card game played
    on several devices while it is on (its record is that device's determinization, other
    hands stand-ins: :func:`waddle.app.remote.session_of`)."""
    _link_memo: tuple[Any, str] = field(default=(None, ""), repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.ui is None:
            self.ui = self.presenter.new_ui()
        if self.plies is None and getattr(self.state, "hidden_information", False):
            # What each action of the history was, from the setup: a session may start
            # from a record that already holds actions (a link, a save).
            replay = self.setup.start()
            self.plies = []
            for action in self.state.history:
                self.plies.append(Ply(replay.to_move(), replay.reveals(action)))
                replay.apply(action)
        if self.state.is_over():
            self.over_at = self.state.ply
        if self.state.to_move() == CHANCE:  # a record that stops at a chance node
            self._settle()

    # -- making one ---------------------------------------------------------------------

    @staticmethod
    def new(
        game_id: str,
        players: int,
        seed: int,
        names: Sequence[str] | None = None,
        colours: Sequence[str] | None = None,
        bots: Sequence[str | None] | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Session:
        """A new game of ``game_id`` on a board generated from ``seed``, with the rules of
        ``options`` changed (see :class:`waddle.core.registry.GameOption`; ``ValueError``
        if they are not the game's)."""
        game = GAMES.by_id(game_id).load()
        record = new_game_record(game, players, seed, options)
        return Session.start(game, record, names, colours, bots)

    @staticmethod
    def start(
        game: GameModule,
        record: GameRecord,
        names: Sequence[str] | None = None,
        colours: Sequence[str] | None = None,
        bots: Sequence[str | None] | None = None,
        study: Study | None = None,
    ) -> Session:
        """Replay ``record`` (``RecordError`` if it is not legal) with the given seats; a
        ``study`` opens where it begins (its first annotated step), the rest to redo."""
        state = record.replay()
        seats = make_seats(record.players, names, colours, bots, game.bot_levels)
        session = Session(game, record.with_actions(()), state, seats, study=study)
        if study is not None:
            session.go_to(study.first_annotated or 0)
        return session

    @staticmethod
    def from_link(text: str) -> Session:
        """The game in a share link (``LinkError`` with a message if it holds none)."""
        entry = GAMES.by_link(text)
        if entry is None:
            raise LinkError("this link does not hold a game of this app (unknown format)")
        game = entry.load()
        linked = game.decode_link(text)
        return Session.start(game, linked.record, linked.names, None, linked.bots, linked.study)

    def copy_at(self, ply: int) -> Session:
        """A copy of this game at position ``ply`` of its line, to play on without changing
        it: the same setup and seats (no computer seat: nothing plays by itself there), no
        redo line, no study; it shows every hand as this session does (a reader's answer
        to a question, an author's answer being written)."""
        record = self.setup.with_actions(self.full_record().actions[:ply])
        names = [s.name for s in self.seats]
        colours = [s.colour for s in self.seats]
        copy = Session.start(self.game, record, names, colours, None)
        copy.all_visible = self.all_visible
        return copy

    # -- reading ------------------------------------------------------------------------

    @property
    def presenter(self) -> Any:
        return self.game.presenter()

    def record(self) -> GameRecord:
        """The game up to the shown position."""
        return self.setup.with_actions(self.state.history)

    def full_record(self) -> GameRecord:
        """The whole line, including moves taken back by undo."""
        return self.setup.with_actions(self.state.history + self.future[::-1])

    def link(self) -> str:
        """The game up to the shown position; a study's whole line (it opens at its start)."""
        return self.link_of(self.full_record() if self.study else self.record())

    @property
    def link_eyes(self) -> int | None:
        """The seat this game's links are seen through (a card game's: its study's eyes,
        or the seat of the link it was opened from), or None: its links hold every hand."""
        if getattr(self.setup, "eyes", None) is not None:
            return self.setup.eyes
        eyes = None if self.study is None else self.study.eyes
        if eyes is None or getattr(self.game, "redact", None) is None:
            return None
        return eyes if 0 <= eyes < len(self.seats) else None

    def link_of(self, record: GameRecord, eyes: int | None = None) -> str:
        """The share-link text of ``record`` with this session's seats (and the steps of
        its study that ``record`` reaches).

        Seen through a seat's eyes (``eyes``, else the study's), a card game's link holds
        only what that seat has seen by ``record``'s last action (``GAME.redact``): the
        other hands and the deck's order stay out of it (docs/studies.md)."""
        study = None if self.study is None else self.study.upto(len(record.actions))
        if eyes is None and study is not None:
            eyes = study.eyes
        redact = getattr(self.game, "redact", None)
        if redact is None or eyes is None or not 0 <= eyes < len(self.seats):
            eyes = None
        names, bots = [s.name for s in self.seats], [s.bot for s in self.seats]
        # The page asks at every redraw, most often for the link it had: encoding replays
        # the game (a link stores each action by its index among the legal ones), and a
        # seat's eyes replay it again. Records given here share this session's setup: the
        # actions, the seats, the study and the eyes tell them apart.
        key = (tuple(record.actions), tuple(names), tuple(bots), study, eyes)
        if self._link_memo[0] == key:
            return self._link_memo[1]
        if eyes is not None:
            record = redact(record, eyes)
        text = self.game.encode_link(record, names, bots, study)
        self._link_memo = (key, text)
        return text

    def bot_to_move(self) -> str | None:
        """The computer level of the seat to move, or None (a person, or the game is over)."""
        player = self.state.to_move()
        return None if player is None or player < 0 else self.seats[player].bot

    def human_turn(self) -> bool:
        return self.bot_to_move() is None and not self.state.is_over()

    def has_people(self) -> bool:
        return any(seat.bot is None for seat in self.seats)

    def scene(self, viewer: int = OMNISCIENT, interactive: bool = True) -> Scene:
        """What the presenter draws for ``viewer`` (perfect-information games: everything)."""
        return Scene(self.state.view(viewer), self.seats, self.ui, viewer, interactive)

    @property
    def total_plies(self) -> int:
        return self.state.ply + len(self.future)

    @property
    def hidden_information(self) -> bool:
        return self.plies is not None

    @property
    def line_over(self) -> bool:
        """Whether the line of play (history and redo line) ends with the game over."""
        return self.over_at is not None and self.over_at == self.total_plies

    def guarded(self) -> bool:
        """Whether undo and the scrubber are limited now: a game with hidden information,
        still on, and not shown whole (see :meth:`undo_floor`)."""
        return self.hidden_information and not self.all_visible and not self.line_over

    def may_play(self) -> bool:
        """Whether a move may be made at the shown position. A finished game with hidden
        information looked at before its end is a replay: every hand is on screen, so
        playing on from there would be playing with open cards."""
        return not (self.hidden_information and self.line_over and self.future)

    def undo_floor(self) -> int:
        """The earliest position undo and the scrubber may go back to.

        0 unless :meth:`guarded`. Then not before a move that turned up a hidden card (it
        cannot be unseen), nor before a computer's move made after one (undoing it would
        ask the computer again about what was turned up), and, with two people or more
        at the device, not before the turn of the person to move (a turn is the run of
        actions of one seat): the others' moves were made out of this person's sight.
        """
        return self._floor()[0]

    def undo_refusal(self) -> str | None:
        """Why undo cannot go back one more move now, in words, or None if it can."""
        if self.state.ply == 0:
            return "Nothing to undo."
        floor, why = self._floor()
        if self.state.ply > floor:
            return None
        return why

    def _floor(self) -> tuple[int, str]:
        plies = self.plies
        if plies is None or not self.guarded():
            return 0, ""
        floor, why, revealed = 0, "", False
        for i, ply in enumerate(plies):
            if ply.revealed:
                floor, revealed = i + 1, True
                why = "A move that turned up a hidden card is never taken back."
            elif revealed and ply.mover >= 0 and self.seats[ply.mover].bot is not None:
                floor = i + 1
                why = "A computer's move made after a hidden card turned up is never taken back."
        people = [p for p, seat in enumerate(self.seats) if seat.bot is None]
        if len(people) >= 2:
            mover = self.state.to_move()
            start = len(plies)
            while start > floor and plies[start - 1].mover == mover:
                start -= 1
            if start > floor:
                floor = start
                why = (
                    "With several people at one device, undo takes back only the moves of "
                    "your own turn."
                )
        return floor, why

    def can_undo(self) -> bool:
        return self.state.ply > self.undo_floor()

    def can_redo(self) -> bool:
        return bool(self.future)

    # -- acting -------------------------------------------------------------------------

    def play(self, action: Any) -> bool:
        """Apply ``action``; on an illegal one, set ``message`` and change nothing.

        Playing the move that redo would play keeps the rest of the redo line; any other
        move starts a new line. Chance that follows (a reshuffle) is the redo line's own
        outcome when it goes on from here, else drawn from the record's seed and the ply,
        so the same game always draws the same.
        """
        reason = self.state.why_illegal(action)
        if reason is not None:
            self.message = _sentence(reason)
            return False
        redoing = bool(self.future) and self.future[-1] == action
        if not redoing and not self.may_play():
            self.message = "This is a replay of a finished game: go to its end to play on."
            return False
        if redoing:
            self.future.pop()
        else:
            if self.future and self.study is not None:
                # A new line leaves the old one here: the study's later steps were about it.
                self.study = self.study.upto(self.state.ply)
            self.future.clear()
        player = self.state.to_move()
        self._apply(action)
        self.message = self.presenter.describe_move(self, player, action)
        self._settle()
        self.ui = self.presenter.new_ui()
        return True

    def _apply(self, action: Any) -> None:
        """Apply a legal action, keeping what the undo floor needs to know about it."""
        state = self.state
        if self.plies is not None:
            self.plies.append(Ply(state.to_move(), state.reveals(action)))
        state.apply(action)
        if state.is_over():
            self.over_at = state.ply
        elif self.over_at is not None and self.over_at != self.total_plies:
            self.over_at = None  # a new line that does not end the game (yet)

    def _settle(self) -> None:
        """Past any chance node: the redo line's outcome if it holds one here, else one
        drawn from the record's seed (:func:`waddle.core.game.resolve_chance`)."""
        state = self.state
        while state.to_move() == CHANCE:
            if self.future and state.why_illegal(self.future[-1]) is None:
                self._apply(self.future.pop())
            else:
                self.future.clear()
                self._apply(chance_outcome(state, getattr(self.setup, "seed", 0) or 0))

    def undo(self) -> bool:
        refusal = self.undo_refusal()
        if refusal is not None:
            self.message = refusal
            return False
        self._undo_one()
        # Never rest on a chance node: the move that led to it goes back too.
        while self.state.to_move() == CHANCE and self.state.ply > self.undo_floor():
            self._undo_one()
        if self.state.to_move() == CHANCE:  # not possible while the floor holds: redo it
            self.play(self.future[-1])
        self.ui = self.presenter.new_ui()
        self.message = None
        return True

    def _undo_one(self) -> None:
        self.future.append(self.state.undo())
        if self.plies is not None:
            self.plies.pop()

    def redo(self) -> bool:
        if not self.future:
            self.message = "Nothing to redo."
            return False
        return self.play(self.future[-1])

    def undo_turn(self) -> bool:
        """Undo one move; against computer seats, back to a person's previous decision
        (no further than :meth:`undo_floor`: when no such decision is left above it,
        nothing is undone, since the computer would only play its move again)."""
        if self.plies is not None and self.has_people() and self.can_undo():
            floor = self.undo_floor()
            target = self.state.ply - 1
            while target >= floor and not self._persons_decision(target):
                target -= 1
            if target < floor:
                self.message = (
                    self.undo_refusal()
                    or "Undo stops here: the moves before are the computers' and stay."
                )
                return False
            self.go_to(target)
            return True
        if not self.undo():
            return False
        if self.has_people():
            while self.state.ply > 0 and self.bot_to_move() is not None:
                self.undo()
        return True

    def _persons_decision(self, ply: int) -> bool:
        """Whether a person was to move at position ``ply`` of the history."""
        mover = self.plies[ply].mover if self.plies is not None else -1
        return mover >= 0 and self.seats[mover].bot is None

    def redo_turn(self) -> bool:
        """Redo one move; against computer seats, on to a person's next decision."""
        if not self.redo():
            return False
        if self.has_people():
            while self.future and self.bot_to_move() is not None:
                self.redo()
        return True

    def go_to(self, ply: int) -> None:
        """Show the position after ``ply`` actions of the whole line (history + future),
        no further back than :meth:`undo_floor` (a chance node is passed, not shown)."""
        ply = max(self.undo_floor(), min(ply, self.total_plies))
        while self.state.ply > ply and self.undo():
            pass
        while self.state.ply < ply and self.redo():
            pass


@dataclass(frozen=True)
class Ply:
    """What the undo floor needs to know of one action of a game with hidden information."""

    mover: int
    """Who took it: a seat, or :data:`~waddle.core.game.CHANCE`."""
    revealed: bool
    """Whether it turned up something hidden (``state.reveals`` before it was applied)."""


def _sentence(reason: str) -> str:
    text = reason[0].upper() + reason[1:]
    return text if text.endswith(".") else text + "."
