"""One game played on several devices, as this device holds it: the table, the decisions it
has accepted, the signatures that cover them, and what each other device is known to have.

The catch-up rule (:meth:`RemoteGame.accept`): a turn link is merged only if it starts
where this device can follow it, agrees with every decision this device already has,
holds only legal decisions, each covered by a signature of the key that owns the seat
that made it, and names the right seat to move. Otherwise nothing changes and one line
says why. The threat model is at the top of :mod:`waddle.core.remote`.

Pure Python: the page's storage and clock come in through :mod:`waddle.app.remote`.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any

from waddle.core import crypto, remote
from waddle.core.bits import pack_text
from waddle.core.game import CHANCE
from waddle.core.links import LinkedGame, LinkError
from waddle.core.records import SetupCache
from waddle.core.registry import GameEntry
from waddle.core.remote import COMPUTER, FREE, OVER, PERSON, Genesis, Lobby, Seat, Signed, Turn
from waddle.games import GAMES
from waddle.ui.seats import DEFAULT_NAMES

CARD_GAMES_REFUSED = (
    "{title} is dealt between the devices, and this link holds no such deal (it was made "
    "by hand, or by another app): it cannot be opened."
)
LOBBY, PLAYING, OVER_STATUS, LEFT_OUT = "lobby", "playing", "over", "left out"


class RemoteError(ValueError):
    """A link or a move refused: one line for the player, and nothing changed."""


@dataclass
class Merge:
    """What opening a link did to a game."""

    changed: bool
    message: str
    new_from: int | None = None
    """The first decision this link brought (to mark on the board), or None."""


def entry_for(prefix: str) -> GameEntry:
    """The game a setup's prefix names; :class:`RemoteError` for an unknown or card game."""
    entry = GAMES.by_link(prefix) if prefix else None
    if entry is None or not any(prefix == p for p in entry.link_prefixes):
        raise RemoteError("This link holds a game this version of the app does not know.")
    if entry.hidden_information:
        raise RemoteError(CARD_GAMES_REFUSED.format(title=entry.title))
    return entry


_SETUPS: SetupCache[tuple[str, bytes], LinkedGame | str] = SetupCache(limit=16)
"""The setups decoded lately: a device reads the same game's setup at every link, and
generating a board from its seed is the costly part (about 0.1 s for Waddle)."""


def decode_setup(genesis: Genesis) -> tuple[GameEntry, LinkedGame]:
    """The game and its setup (record without moves, computer seats), checked against the
    table: :class:`RemoteError` if they disagree."""
    entry = entry_for(genesis.prefix)

    def decode(key: tuple[str, bytes]) -> LinkedGame | str:
        try:
            return entry.load().decode_link(key[0] + pack_text(key[1]))
        except LinkError as e:
            return f"The game's setup in this link cannot be read: {e}."

    linked = _SETUPS.get_or_build((genesis.prefix, genesis.setup), decode)
    if isinstance(linked, str):
        raise RemoteError(linked)
    record, seats = linked.record, genesis.table.seats
    bots = linked.bots or [None] * record.players
    if record.actions or linked.study is not None or linked.names:
        raise RemoteError("This link's setup holds more than a setup (it was changed).")
    if record.players != len(seats):
        raise RemoteError("This link's seats do not match its game (it was changed).")
    if any((bots[i] is not None) != (s.holder == COMPUTER) for i, s in enumerate(seats)):
        raise RemoteError("This link's computer seats do not match its game (it was changed).")
    return entry, linked


class TableSeats:
    """Who is who at a game on several devices, from its table: what a hex game
    (:class:`RemoteGame`) and a card game (:class:`waddle.app.remote_cards.RemoteCardGame`)
    share. The class needs ``genesis`` (its table), ``_public`` (this device's public key)
    and ``bots`` (each seat's computer level, or None)."""

    genesis: Genesis
    _public: bytes
    bots: list[str | None]

    @property
    def game_id(self) -> str:
        return self.genesis.game_id.hex()

    @property
    def table(self) -> remote.Table:
        return self.genesis.table

    @property
    def my_index(self) -> int | None:
        """This device's key in the table (None: it holds no seat, left out)."""
        keys = self.table.keys
        return keys.index(self._public) if self._public in keys else None

    @property
    def is_host(self) -> bool:
        return self.my_index == 0

    @property
    def my_seats(self) -> list[int]:
        """The seats this device's person (or people) play."""
        me = self.my_index
        return [i for i, s in enumerate(self.table.seats) if s.holder == PERSON and s.key == me]

    def seat_name(self, seat: int, table: remote.Table | None = None) -> str:
        """A seat's name as players know it (a computer: its level)."""
        s = (table or self.table).seats[seat]
        if s.holder == COMPUTER:
            return f"Computer ({self.bots[seat]})"
        return s.name or DEFAULT_NAMES[seat % len(DEFAULT_NAMES)]

    def names(self) -> list[str]:
        """Each seat's name for the board ("" for a computer: the page names it)."""
        return [
            "" if s.holder == COMPUTER else (s.name or DEFAULT_NAMES[i % len(DEFAULT_NAMES)])
            for i, s in enumerate(self.table.seats)
        ]

    def key_names(self, key: int, table: remote.Table | None = None) -> str:
        """Who a key is: the names of the people whose seats it holds ("Ann"), or "the
        host" for a host that plays only computers."""
        table = table or self.table
        seats = [i for i, s in enumerate(table.seats) if s.holder == PERSON and s.key == key]
        return " and ".join(self.seat_name(i, table) for i in seats) or "the host"

    @property
    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.table.seats) if s.holder == FREE]


@dataclass
class RemoteGame(TableSeats):
    """A game this device takes part in (see the module's notes)."""

    genesis: Genesis
    lobby_signature: bytes
    key: bytes
    """This device's signing key for this game (never in a link)."""
    status: str = LOBBY
    actions: list[Any] = field(default_factory=list)
    signatures: dict[int, tuple[int, bytes]] = field(default_factory=dict)
    """Each key's latest signature: (position, 64 bytes)."""
    known: dict[int, int] = field(default_factory=dict)
    """The most decisions each key is known to have (by its signatures)."""
    last_link: str = ""
    created_ms: int = 0
    last_move_ms: int = 0
    note: str = ""
    """The last thing worth telling about this game (a seat claimed twice, left out)."""

    def __post_init__(self) -> None:
        self.entry, linked = decode_setup(self.genesis)
        self.game = self.entry.load()
        self.setup_record = linked.record
        self.bots: list[str | None] = list(linked.bots or [None] * linked.record.players)
        self._public = crypto.public_key(self.key)
        self.state = self.setup_record.start()
        for action in self.actions:
            self.state.apply(action)

    def to_move(self) -> int | None:
        """The seat to move, or None (the game is over, or not every seat is taken)."""
        if self.state.is_over() or not self.table.complete or self.status == LEFT_OUT:
            return None
        seat = self.state.to_move()
        return None if seat is None or seat < 0 else seat

    def my_turn(self) -> bool:
        """Whether the person at this device is to move."""
        seat = self.to_move()
        return seat is not None and seat in self.my_seats

    def computer_to_move(self) -> str | None:
        """The level of the computer to move when this device plays it (the host), else
        None: the page runs that computer here and plays its move with :meth:`play`."""
        seat = self.to_move()
        if seat is None or not self.is_host or self.table.seats[seat].holder != COMPUTER:
            return None
        return self.bots[seat]

    def waiting_for(self) -> str:
        """One line for the "Your games" list and the page: whose move it is."""
        if self.status == LEFT_OUT:
            return self.note or "This device has no seat in this game."
        if self.state.is_over():
            return "Finished."
        if not self.table.complete:
            free = len(self.free_seats)
            return f"Waiting for {free} more player{'s' if free > 1 else ''} to join."
        if self.my_turn():
            return "Your turn."
        seat = self.to_move()
        if seat is not None and self.table.seats[seat].holder == COMPUTER:
            return "The computer's turn." if self.is_host else f"{self.key_names(0)}'s turn."
        return f"{self.seat_name(seat)}'s turn." if seat is not None else ""

    # -- playing here -------------------------------------------------------------------

    def play(self, action: Any, now_ms: int = 0) -> None:
        """Apply this device's decision (its person's, or the host's computer's);
        :class:`RemoteError` if it is not this device's to make, or not legal."""
        if not (self.my_turn() or self.computer_to_move()):
            seat = self.to_move()
            who = "nobody's" if seat is None else f"{self.seat_name(seat)}'s"
            raise RemoteError(f"It is {who} turn, not this device's.")
        reason = self.state.why_illegal(action)
        if reason is not None:
            raise RemoteError(reason[0].upper() + reason[1:].rstrip(".") + ".")
        self.state.apply(action)
        self.actions.append(action)
        self.status = OVER_STATUS if self.state.is_over() else PLAYING
        self.last_move_ms = now_ms

    def unsent(self) -> int:
        """How many decisions at the end are this device's and not yet signed."""
        mine = self.my_index
        signed = self.signatures.get(mine, (0, b""))[0] if mine is not None else 0
        movers = self._movers()
        count = 0
        for i in range(len(self.actions) - 1, -1, -1):
            if i < signed or self.table.owner(movers[i]) != mine:
                break
            count += 1
        return count

    def undo(self) -> bool:
        """Take back this device's last decision if it has not been sent (signed)."""
        if not self.unsent():
            return False
        self.actions.pop()
        self.state.undo()
        if not self.actions and self.my_index not in self.signatures:
            self.status = LOBBY  # the first move taken back: the game has not started
        return True

    def send(self) -> str:
        """The link to send now (and keep for "Send again"): the invitation with every
        claim while the game has not started, else a turn link with this device's
        decisions signed. One link serves every other player."""
        if self.status == LOBBY and not self.actions:
            self.last_link = remote.write_link(Lobby(self.genesis, self.lobby_signature))
            return self.last_link
        mine = self.my_index
        if mine is None:
            return self.last_link
        if self.unsent() or mine not in self.signatures:
            position = len(self.actions)
            transcript = self._hashes()[position]
            message = remote.turn_message(self.genesis.game_id, position, transcript)
            self.signatures[mine] = (position, crypto.sign(self.key, message))
            self.known[mine] = position
        self.last_link = self._turn_link()
        return self.last_link

    def _turn_link(self) -> str:
        mine = self.my_index
        others = [k for k in range(len(self.table.keys)) if k != mine]
        whole = self._turn_from(0)
        known = [self.known.get(k, -1) for k in others]
        if not others or min(known) < 0 or min(known) >= len(self.actions):
            return whole
        since = self._turn_from(min(min(known), len(self.actions)))
        return since if len(since) < len(whole) else whole

    def _turn_from(self, start: int) -> str:
        movers = self._movers()
        state = self.setup_record.start()
        indices = []
        for i, action in enumerate(self.actions):
            if i >= start:
                indices.append(state.legal_actions().index(action))
            state.apply(action)
        keys = sorted({self.table.owner(movers[i]) for i in range(start, len(self.actions))})
        signed = tuple(Signed(k, *self.signatures[k]) for k in keys if k in self.signatures)
        turn = Turn(
            self.genesis.game_id,
            self.genesis if start == 0 else None,
            start,
            tuple(indices),
            OVER if state.is_over() else state.to_move(),
            signed,
        )
        return remote.write_link(turn)

    # -- the transcript -----------------------------------------------------------------

    def _movers(self, actions: list[Any] | None = None) -> list[int]:
        """The seat that made each decision."""
        state = self.setup_record.start()
        out = []
        for action in self.actions if actions is None else actions:
            out.append(state.to_move())
            state.apply(action)
        return out

    def _hashes(self, actions: list[Any] | None = None) -> list[bytes]:
        """The transcript's hash after 0, 1, ... decisions."""
        hashes = [remote.genesis_hash(self.genesis)]
        for action in self.actions if actions is None else actions:
            hashes.append(remote.next_hash(hashes[-1], remote.json_of(action)))
        return hashes

    # -- receiving ----------------------------------------------------------------------

    def accept(self, turn: Turn, now_ms: int = 0) -> Merge:
        """Merge a turn link (see the module's notes); :class:`RemoteError` with one line
        if it is refused, and then nothing has changed."""
        genesis = self._genesis_for(turn)
        sender = self._sender(turn, genesis)
        if turn.start > len(self.actions):
            raise RemoteError(
                f"This link continues from move {turn.start + 1}, but this device has only "
                f"{len(self.actions)} moves of the game: open the links before it first."
            )
        if not turn.decisions:
            raise RemoteError("This link holds no move: nothing changed.")
        state = self.setup_record.start()
        for action in self.actions[: turn.start]:
            state.apply(action)
        incoming: list[Any] = []
        movers: list[int] = []
        for n, index in enumerate(turn.decisions, turn.start + 1):
            if state.is_over():
                raise RemoteError(f"This link has moves after the end of the game ({sender}).")
            seat = state.to_move()
            if seat == CHANCE or seat is None:
                raise RemoteError("This link holds a move nobody can make.")
            legal = state.legal_actions()
            if index >= len(legal):
                raise RemoteError(f"Move {n} in this link is not a legal move (from {sender}).")
            action = legal[index]
            if n <= len(self.actions) and self.actions[n - 1] != action:
                raise RemoteError(
                    f"Refused: this link from {sender} changes moves this device already has."
                )
            movers.append(seat)
            incoming.append(action)
            state.apply(action)
        if turn.to_move != (OVER if state.is_over() else state.to_move()):
            raise RemoteError("This link was changed by hand: its player to move is wrong.")
        line = self.actions[: turn.start] + incoming
        self._check_signatures(turn, genesis, line, movers, sender)
        if self.status == LOBBY and turn.genesis is not None:
            self._adopt(turn.genesis)
        for signed in turn.signatures:
            if signed.position > self.signatures.get(signed.key, (-1, b""))[0]:
                self.signatures[signed.key] = (signed.position, signed.signature)
            self.known[signed.key] = max(self.known.get(signed.key, -1), signed.position)
        if turn.end <= len(self.actions):
            if self.status == LOBBY:
                self.status = PLAYING
            older = turn.end < len(self.actions)
            return Merge(False, OLDER if older else SEEN)
        new_from = len(self.actions)
        for action in line[new_from:]:
            self.state.apply(action)
            self.actions.append(action)
        self.status = OVER_STATUS if self.state.is_over() else PLAYING
        self.last_move_ms = now_ms
        count = len(self.actions) - new_from
        moved = f"{count} new move{'s' if count > 1 else ''} from {sender}."
        return Merge(True, f"{moved} {self.waiting_for()}", new_from)

    def _genesis_for(self, turn: Turn) -> Genesis:
        return genesis_for(self.genesis, self.status, turn.genesis)

    def _sender(self, turn: Turn, genesis: Genesis) -> str:
        """Who the link claims to come from: the seats of the key of its latest signature."""
        if not turn.signatures:
            return "a player"
        latest = max(turn.signatures, key=lambda s: s.position)
        if latest.key >= len(genesis.table.keys):
            raise RemoteError("This link was changed by hand: it names a player nobody is.")
        return self.key_names(latest.key, genesis.table)

    def _check_signatures(
        self, turn: Turn, genesis: Genesis, line: list[Any], movers: list[int], sender: str
    ) -> None:
        table = genesis.table
        signers = remote.decision_signers(table, movers)
        by_key: dict[int, Signed] = {}
        for signed in turn.signatures:
            if signed.key >= len(table.keys) or signed.key in by_key:
                raise RemoteError("This link was changed by hand: its signatures do not add up.")
            if not turn.start < signed.position <= turn.end:
                raise RemoteError("This link was changed by hand: a signature is out of place.")
            by_key[signed.key] = signed
        for j, key in enumerate(signers, turn.start):
            covering = by_key.get(key)
            if covering is None or covering.position <= j:
                who = self.key_names(key, table)
                raise RemoteError(
                    f"Refused: move {j + 1} is {who}'s, but this link does not carry "
                    f"{who}'s signature for it (from {sender})."
                )
        hashes = [remote.genesis_hash(genesis)]
        for action in line:
            hashes.append(remote.next_hash(hashes[-1], remote.json_of(action)))
        for signed in by_key.values():
            message = remote.turn_message(genesis.game_id, signed.position, hashes[signed.position])
            if not crypto.verify(table.keys[signed.key], message, signed.signature):
                names = self.key_names(signed.key, table)
                raise RemoteError(
                    f"Refused: the moves of {names} in this link are not signed by {names}'s "
                    "device (the link was changed, or made on another device)."
                )

    def _adopt(self, genesis: Genesis) -> None:
        """The game started from ``genesis`` (a signed first move): its table is final."""
        me = self.my_index
        mine = [(i, s) for i, s in enumerate(self.table.seats) if s.holder == PERSON]
        mine = [(i, s) for i, s in mine if s.key == me]
        self.genesis = genesis
        keys = genesis.table.keys
        still = self._public in keys and all(
            genesis.table.seats[i].holder == PERSON
            and keys[genesis.table.seats[i].key] == self._public
            and genesis.table.seats[i].name == s.name
            for i, s in mine
        )
        if not still:
            self.status = LEFT_OUT
            taken = ", ".join(f"seat {i + 1} went to {self.seat_name(i)}" for i, _ in mine)
            self.note = f"The game started without this device: {taken}."
            raise _LeftOut(self.note)
        self.status = PLAYING


def genesis_for(mine: Genesis, status: str, theirs: Genesis | None) -> Genesis:
    """The start a link's game goes by, for a device holding ``mine`` in ``status``: its
    own, or (in the lobby) the link's table once every seat is taken. A link that starts
    another game, other seats or another setup is refused with one line (hex and card
    games alike)."""
    if theirs is None:
        if status == LOBBY:
            raise RemoteError(
                "This link continues a game this device has not seen start: ask for "
                "the game again (Send again) from one who has it."
            )
        return mine
    if status != LOBBY:
        if remote.genesis_bytes(theirs) != remote.genesis_bytes(mine):
            raise RemoteError(
                "Refused: this link starts the game with other seats or another setup "
                "than the copy on this device."
            )
        return mine
    problem = remote.check_table(theirs.table)
    if problem:
        raise RemoteError(f"This link cannot be opened: {problem}.")
    if (mine.prefix, mine.setup, mine.table.host_part()) != (
        theirs.prefix,
        theirs.setup,
        theirs.table.host_part(),
    ):
        raise RemoteError("Refused: this link's game is not the one this device joined.")
    if not theirs.table.complete:
        raise RemoteError("This link starts the game before every seat is taken.")
    return theirs


class _LeftOut(RemoteError):
    """This device's seat went to another at the start: the game is kept, as left out."""


OLDER = "This link is older than the game on this device: nothing changed."
SEEN = "This device already has every move in this link: nothing changed."


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii")


def unb64(text: Any, size: int | None = None) -> bytes:
    if not isinstance(text, str) or len(text) > 20_000:
        raise ValueError("not base64 text")
    data = base64.urlsafe_b64decode(text.encode("ascii"))
    if size is not None and len(data) != size:
        raise ValueError("wrong length")
    return data


__all__ = [
    "CARD_GAMES_REFUSED",
    "LEFT_OUT",
    "LOBBY",
    "OVER_STATUS",
    "PLAYING",
    "Merge",
    "RemoteError",
    "RemoteGame",
    "Seat",
    "decode_setup",
    "entry_for",
]
