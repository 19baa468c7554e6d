"""One game as the app presents it: seats, the token choice, messages, the share link.

Pure Python and free of the DOM, so everything the page does on a click is testable on
CPython; ``web/main.py`` only forwards events here and copies the results into the page.

>>> session = Session.new(players=2, seed=3)
>>> q, r = session.state.legal_hexes()[0]
>>> session.click_hex(q, r)
True
>>> session.state.ply, session.message == f"{session.seats[0].name} placed a penguin on {q},{r}."
(1, True)
>>> session.click_hex(q, r)
False
>>> session.message == f"Hex {q},{r} already has a penguin."
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from waddle.games.waddle.actions import SCOUT, Action
from waddle.games.waddle.link import BOT_LEVELS, decode_link, encode_game, map_is_generated
from waddle.games.waddle.record import Generated, Record, new_record
from waddle.games.waddle.state import WaddleState
from waddle.games.waddle.view import DEFAULT_COLOURS, DEFAULT_NAMES, SHAPES, Seat

SINGLE, DOUBLE = "single", "double"


def make_seats(players: int, names=None, colours=None, bots=None) -> list[Seat]:
    """Seats with the given names, colours and computer levels; defaults where missing."""
    seats = []
    for p in range(players):
        name = (names[p] if names and p < len(names) else "").strip()[:24] or DEFAULT_NAMES[p]
        colour = colours[p] if colours and p < len(colours) else DEFAULT_COLOURS[p]
        if not _is_colour(colour):
            colour = DEFAULT_COLOURS[p]
        bot = bots[p] if bots and p < len(bots) else None
        seats.append(Seat(name, colour, SHAPES[p], bot if bot in BOT_LEVELS else None))
    return seats


@dataclass
class Session:
    """The game on screen and everything about it that is not the rules."""

    state: WaddleState
    seats: list[Seat]
    generated: Generated | None = None
    """Set when the map is exactly what this tile set and seed generate (short links)."""
    token: str = SINGLE
    """Which token the next placement uses."""
    message: str | None = None
    """Why the last attempt did nothing, or what just happened; shown to the player."""
    future: list[Action] = field(default_factory=list)
    """Actions taken back by undo, most recent last: what redo plays again."""

    # -- making one ---------------------------------------------------------------------

    @staticmethod
    def new(players: int, seed: int, names=None, colours=None, bots=None) -> Session:
        record = new_record(players, seed)
        seats = make_seats(players, names, colours, bots)
        return Session(record.start(), seats, record.generated)

    @staticmethod
    def from_record(record: Record, names=None) -> Session:
        """Replay ``record`` (``RecordError`` if it is not legal)."""
        generated = record.generated if map_is_generated(record) else None
        return Session(record.replay(), make_seats(record.players, names), generated)

    @staticmethod
    def from_link(text: str) -> Session:
        """The game in a share link (``LinkError`` with a message if it holds none)."""
        game = decode_link(text)
        seats = make_seats(game.record.players, game.names, None, game.bots)
        return Session(game.record.replay(), seats, game.record.generated)

    # -- reading ------------------------------------------------------------------------

    def record(self) -> Record:
        return Record.from_state(self.state, self.generated)

    def link(self) -> str:
        return self.link_of(self.record())

    def link_of(self, record: Record) -> str:
        """The share-link text of ``record`` with this session's seats."""
        return encode_game(
            record,
            [s.name for s in self.seats],
            generated=self.generated is not None,
            bots=[s.bot for s in self.seats],
        )

    def bot_to_move(self) -> str | None:
        """The computer level of the seat to move, or None (a person, or the game is over)."""
        player = self.state.to_move()
        return None if player is None else self.seats[player].bot

    def human_turn(self) -> bool:
        return self.bot_to_move() is None and not self.state.is_over()

    def doubles_available(self) -> bool:
        player = self.state.to_move()
        return player is not None and self.state.doubles_left[player] > 0

    def scout_blocked_reason(self) -> str | None:
        reason = self.state.why_not_scout()
        return None if reason is None else f"You cannot scout ahead: {reason}."

    # -- acting -------------------------------------------------------------------------

    def choose_token(self, kind: str) -> bool:
        if kind == DOUBLE and not self.doubles_available():
            self.message = "No double token left."
            return False
        self.token = DOUBLE if kind == DOUBLE else SINGLE
        self.message = None
        return True

    def click_hex(self, q: int, r: int) -> bool:
        """Place the chosen token on hex (q, r) if that is legal; else say why not."""
        return self.play(Action.place((q, r), self.token == DOUBLE))

    def scout(self) -> bool:
        return self.play(SCOUT)

    def play(self, action: Action) -> bool:
        """Apply ``action``; on an illegal one, set ``message`` and change nothing.

        Playing the move that redo would play keeps the rest of the redo line; any other
        move starts a new line.
        """
        reason = self.state.why_illegal(action)
        if reason is not None:
            self.message = _sentence(reason)
            return False
        if self.future and self.future[-1] == action:
            self.future.pop()
        else:
            self.future.clear()
        before, track = self.state.active, self.state.active_track
        player = self.state.to_move()
        self.state.apply(action)
        self.token = SINGLE
        self.message = f"{self.seats[player].name} {describe(action)}."
        if self.state.active != before:
            self.message += " " + self.round_change_text(self.state.active_track != track)
        return True

    def can_undo(self) -> bool:
        return self.state.ply > 0

    def can_redo(self) -> bool:
        return bool(self.future)

    def undo(self) -> bool:
        if not self.state.ply:
            self.message = "Nothing to undo."
            return False
        self.future.append(self.state.undo())
        self.token = SINGLE
        self.message = None
        return True

    def redo(self) -> bool:
        if not self.future:
            self.message = "Nothing to redo."
            return False
        return self.play(self.future[-1])

    def _has_people(self) -> bool:
        return any(seat.bot is None for seat in self.seats)

    def undo_turn(self) -> bool:
        """Undo one move; against computer seats, back to a person's previous decision."""
        if not self.undo():
            return False
        if self._has_people():
            while self.state.ply > 0 and self.bot_to_move() is not None:
                self.undo()
        return True

    def redo_turn(self) -> bool:
        """Redo one move; against computer seats, on to a person's next decision."""
        if not self.redo():
            return False
        if self._has_people():
            while self.future and self.bot_to_move() is not None:
                self.redo()
        return True

    def go_to(self, ply: int) -> None:
        """Show the position after ``ply`` actions of the whole line (history + future)."""
        ply = max(0, min(ply, self.state.ply + len(self.future)))
        while self.state.ply > ply:
            self.undo()
        while self.state.ply < ply:
            self.redo()

    @property
    def total_plies(self) -> int:
        return self.state.ply + len(self.future)

    def full_record(self) -> Record:
        """The whole line, including moves taken back by undo."""
        record = self.record()
        record.actions = record.actions + self.future[::-1]
        return record

    def round_change_text(self, switched: bool) -> str:
        """What a round change did: the new active pool, and who goes first and why."""
        state = self.state
        if state.is_over():
            return "Every pool is surrounded: the game is over."
        player = state.to_move()
        assert player is not None
        why = (
            "the first to scout ahead; the scouts go first, the others follow in order"
            if switched
            else "nobody scouted, so the turn order continues"
        )
        return (
            f"New round at pool {state.active_number}: {self.seats[player].name} goes first "
            f"({why})."
        )


def describe(action: Action) -> str:
    """What a move did, for the live region: "placed a double token on 3,-1"."""
    if action.hex is None:
        return "scouted ahead"
    where = f"{action.hex[0]},{action.hex[1]}"
    return f"placed a double token on {where}" if action.double else f"placed a penguin on {where}"


def _sentence(reason: str) -> str:
    text = reason[0].upper() + reason[1:]
    return text if text.endswith(".") else text + "."


def _is_colour(value: object) -> bool:
    return (
        isinstance(value, str)
        and len(value) == 7
        and value[0] == "#"
        and all(c in "0123456789abcdefABCDEF" for c in value[1:])
    )
