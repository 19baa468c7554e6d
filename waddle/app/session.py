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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from waddle.core.game import OMNISCIENT, resolve_chance
from waddle.core.links import LinkError
from waddle.core.records import GameRecord
from waddle.core.registry import GameModule
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

    def __post_init__(self) -> None:
        if self.ui is None:
            self.ui = self.presenter.new_ui()

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
        record = (
            game.new_record(players, seed, options) if options else game.new_record(players, seed)
        )
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

    def link_of(self, record: GameRecord) -> str:
        """The share-link text of ``record`` with this session's seats (and the steps of
        its study that ``record`` reaches)."""
        study = None if self.study is None else self.study.upto(len(record.actions))
        return self.game.encode_link(
            record, [s.name for s in self.seats], [s.bot for s in self.seats], study
        )

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

    def can_undo(self) -> bool:
        return self.state.ply > 0

    def can_redo(self) -> bool:
        return bool(self.future)

    # -- acting -------------------------------------------------------------------------

    def play(self, action: Any) -> bool:
        """Apply ``action``; on an illegal one, set ``message`` and change nothing.

        Playing the move that redo would play keeps the rest of the redo line; any other
        move starts a new line. Chance that follows (a reshuffle) is drawn from the
        record's seed, so the same game always draws the same.
        """
        reason = self.state.why_illegal(action)
        if reason is not None:
            self.message = _sentence(reason)
            return False
        if self.future and self.future[-1] == action:
            self.future.pop()
        else:
            if self.future and self.study is not None:
                # A new line leaves the old one here: the study's later steps were about it.
                self.study = self.study.upto(self.state.ply)
            self.future.clear()
        player = self.state.to_move()
        self.state.apply(action)
        self.message = self.presenter.describe_move(self, player, action)
        resolve_chance(self.state, getattr(self.setup, "seed", 0) or 0)
        self.ui = self.presenter.new_ui()
        return True

    def undo(self) -> bool:
        if not self.state.ply:
            self.message = "Nothing to undo."
            return False
        self.future.append(self.state.undo())
        self.ui = self.presenter.new_ui()
        self.message = None
        return True

    def redo(self) -> bool:
        if not self.future:
            self.message = "Nothing to redo."
            return False
        return self.play(self.future[-1])

    def undo_turn(self) -> bool:
        """Undo one move; against computer seats, back to a person's previous decision."""
        if not self.undo():
            return False
        if self.has_people():
            while self.state.ply > 0 and self.bot_to_move() is not None:
                self.undo()
        return True

    def redo_turn(self) -> bool:
        """Redo one move; against computer seats, on to a person's next decision."""
        if not self.redo():
            return False
        if self.has_people():
            while self.future and self.bot_to_move() is not None:
                self.redo()
        return True

    def go_to(self, ply: int) -> None:
        """Show the position after ``ply`` actions of the whole line (history + future)."""
        ply = max(0, min(ply, self.total_plies))
        while self.state.ply > ply:
            self.undo()
        while self.state.ply < ply:
            self.redo()


def _sentence(reason: str) -> str:
    text = reason[0].upper() + reason[1:]
    return text if text.endswith(".") else text + "."
