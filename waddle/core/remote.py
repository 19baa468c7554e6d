"""Remote play's messages: a game passed between devices as links, every decision signed.

Threat model
------------
The players are the adversaries; the messenger that carries the links is not trusted
either (anyone in the group chat may paste an edited link). There is no server. Each
device makes an Ed25519 key pair for each game it takes part in (:mod:`waddle.core.crypto`),
keeps the signing key in its own storage and never puts it in a link. A seat belongs to
the key that claimed it; computer seats belong to the key of the device that started the
game (the host), which plays and signs their moves.

What a dishonest player **cannot** do:

- *move for another seat*: every decision is covered by a signature of the key that owns
  the seat to move (:func:`decision_signers`); a move made on the wrong device, or by an
  edited link, has no such signature and is refused, naming the seat;
- *forge or alter a turn*: a signature covers the hash of the whole transcript up to its
  position (the game's identity, the setup, the seats and their keys, every action before
  it: :func:`genesis_hash`, :func:`next_hash`), so changing, dropping, inserting or
  reordering any decision breaks every later signature;
- *rewrite history that others have*: a device keeps every decision it accepted and
  refuses a link that disagrees with them, naming the seat the link claims to come from;
  a player who signs two different continuations has signed both, and whoever sees the
  second one refuses it (the game stalls, nobody is deceived);
- *change the game's setup or the host's seats*: the invitation is signed by the host, and
  each device checks that every later link starts from the setup it joined and that its
  own seat is still its own;
- *play an illegal move*: every device replays every decision with the game's own rules;
- *replay an old link*: it holds nothing the device does not have, and changes nothing.

What it **can** do: stall the game by not answering (nothing here can force a move; the
others can only wait or stop); leave and keep their copy; race another joiner for the same
seat, or, passing the invitation on before the game starts, drop or replace a claim it
received (claims are not signed: the first move of the game fixes who sits where, and a
device whose seat went to another is told so and plays no further,
:mod:`waddle.app.remote`); and see everything: the hex games have perfect information, so
a link holds nothing secret. (The card games are refused until issue 40's deal: their
links would carry every hand.)

A stolen or copied device storage holds that device's signing key: whoever has it can move
for that device's seats. That is the device's own security, as for any saved game.

Format
------
A link is ``"r1." + base64url(payload + 24-bit checksum)``, the same packing as every share
link (:mod:`waddle.core.bits`), so a damaged or truncated text is refused before anything
is read. The payload starts with 2 bits saying which message it holds:

- an **invitation** (``LOBBY``): the game's identity, its setup and the seats as far as
  they are known (the host's own, the computers', every seat claimed so far with its
  player's public key and name), and the host's signature over the parts the host fixed.
  A device that joins adds its claim and passes it on: the same message serves as the
  invitation, the joining link and the invitation passed from player to player;
- a **turn** (``TURN``): the game's identity; the whole starting table (``genesis``) when
  the link carries the game from its first move, else the position it starts from; the
  decisions from there (each an index among the legal actions, a varint); the seat to
  move after them (a check); and, for each key that made one of those decisions, that
  key's latest signature (its position and 64 bytes).

docs/remote-play.md documents every field, bit by bit. The format is versioned by its
prefix and only extended: a new kind of message takes one of the two spare kinds, a new
layout a new prefix.

>>> from waddle.core import crypto
>>> host = crypto.new_signing_key()
>>> table = Table((crypto.public_key(host),), (Seat(PERSON, 0, "Ann"), Seat(FREE)))
>>> lobby = sign_invitation(Lobby(Genesis(bytes(12), "h1.", b"\\x00", table), b""), host)
>>> read_link(write_link(lobby)) == lobby
True
>>> check_invitation(lobby) is None
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from waddle.core import crypto
from waddle.core.bits import BitReader, BitWriter, DecodeError, pack_text, unpack_text
from waddle.core.links import LinkError
from waddle.core.textpack import read_packed, write_packed

PREFIX = "r1."
"""The format's version, at the start of every remote-play link."""
LOBBY, TURN = 0, 1
"""The kinds of message (2 bits); kind 2 is a card game's message and kind 3 a part of a
longer link (:mod:`waddle.core.remote_cards`, issue 40's deal)."""
GAME_ID_BYTES = 12
"""A game's identity: 96 random bits, drawn by the host's device."""
MAX_SEATS = 8
MAX_KEYS = MAX_SEATS
MAX_NAME_CHARS = 24
"""As :data:`waddle.ui.seats.MAX_NAME_CHARS`: a seat's name is what the page shows."""
MAX_SETUP_BYTES = 4000
"""The longest setup a link carries (a custom board hex by hex fits many times over)."""
MAX_PREFIX_BYTES = 8
MAX_DECISIONS = 5000
"""As :data:`waddle.core.links.MAX_ACTIONS`."""
MAX_LINK_CHARS = 20_000
"""The longest text read as a link (a turn link of any game is under 1,000)."""
OVER = 15
"""The seat-to-move field of a finished game (4 bits)."""

FREE, PERSON, COMPUTER = 0, 1, 2
"""Who holds a seat (2 bits): nobody yet, a person's device (a key), a computer (played and
signed by the host's device)."""

_GENESIS_TAG = b"waddle remote-play/1 genesis"
_STEP_TAG = b"waddle remote-play/1 step"
_TURN_TAG = b"waddle remote-play/1 turn"
_INVITATION_TAG = b"waddle remote-play/1 invitation"


@dataclass(frozen=True)
class Seat:
    """One seat of the table."""

    holder: int = FREE
    """:data:`FREE`, :data:`PERSON` or :data:`COMPUTER`."""
    key: int = 0
    """A person's key: its index in :attr:`Table.keys` (0 is the host's); a computer's is
    always 0, the host's."""
    name: str = ""
    """The seat's name ("" for a computer or a free seat: the page shows its default)."""


@dataclass(frozen=True)
class Table:
    """The seats and the public keys that hold them (``keys[0]`` is the host's)."""

    keys: tuple[bytes, ...]
    seats: tuple[Seat, ...]

    def owner(self, seat: int) -> int | None:
        """The index of the key that decides for ``seat`` (None: a free seat)."""
        s = self.seats[seat]
        return None if s.holder == FREE else s.key

    @property
    def complete(self) -> bool:
        return all(s.holder != FREE for s in self.seats)

    def host_part(self) -> Table:
        """The seats the host fixed in its invitation (its own and the computers'); the
        others free. This is what the invitation's signature covers."""
        seats = tuple(s if s.key == 0 and s.holder != FREE else Seat() for s in self.seats)
        return Table(self.keys[:1], seats)


@dataclass(frozen=True)
class Genesis:
    """What a game starts from: its identity, the game and its setup, the table."""

    game_id: bytes
    prefix: str
    """The game's share-link prefix (``"w1."``, ``"h1."``): which game, which layout."""
    setup: bytes
    """The game's own link payload for the record before any move (its codec writes the
    board and the computer seats; ``prefix + pack_text(setup)`` is a share link of it)."""
    table: Table


@dataclass(frozen=True)
class Lobby:
    """An invitation, with every seat claimed so far."""

    genesis: Genesis
    signature: bytes
    """The host's signature of :func:`invitation_message` (the host's part of the table)."""


@dataclass(frozen=True)
class Signed:
    """A key's signature of the transcript up to ``position`` decisions."""

    key: int
    position: int
    signature: bytes


@dataclass(frozen=True)
class Turn:
    """Decisions from ``start`` on, and the signatures that cover them."""

    game_id: bytes
    genesis: Genesis | None
    """The whole starting table: present when the link carries the game from its start."""
    start: int
    decisions: tuple[int, ...]
    """Each decision as its index among the legal actions at that point."""
    to_move: int
    """The seat to move after the last decision, or :data:`OVER` (checked on reading)."""
    signatures: tuple[Signed, ...]

    @property
    def end(self) -> int:
        return self.start + len(self.decisions)


Message = Lobby | Turn
"""A hex game's message; :func:`read_link` also returns the card games' messages of
:mod:`waddle.core.remote_cards` (kinds 2 and 3)."""


# -- writing ----------------------------------------------------------------------------


def write_link(message: Message) -> str:
    """The link text of a message (a card game's too: :mod:`waddle.core.remote_cards`)."""
    w = BitWriter()
    if not isinstance(message, Lobby | Turn):
        from waddle.core import remote_cards

        w.uint(remote_cards.PART if isinstance(message, remote_cards.Part) else 2, 2)
        remote_cards.write_payload(w, message)
    elif isinstance(message, Lobby):
        w.uint(LOBBY, 2)
        _write_genesis(w, message.genesis)
        _write_bytes(w, message.signature, crypto.SIGNATURE_BYTES)
    else:
        w.uint(TURN, 2)
        _write_bytes(w, message.game_id, GAME_ID_BYTES)
        w.uint(message.genesis is not None, 1)
        if message.genesis is not None:
            _write_genesis_body(w, message.genesis)
        else:
            w.varint(message.start)
        w.varint(len(message.decisions))
        for index in message.decisions:
            w.varint(index)
        w.uint(message.to_move, 4)
        w.uint(len(message.signatures), 4)
        for signed in message.signatures:
            w.uint(signed.key, 3)
            w.varint(signed.position)
            _write_bytes(w, signed.signature, crypto.SIGNATURE_BYTES)
    return PREFIX + pack_text(w.to_bytes())


def _write_bytes(w: BitWriter, data: bytes, size: int) -> None:
    if len(data) != size:
        raise ValueError(f"{size} bytes expected, not {len(data)}")
    for byte in data:
        w.uint(byte, 8)


def _write_genesis(w: BitWriter, genesis: Genesis) -> None:
    _write_bytes(w, genesis.game_id, GAME_ID_BYTES)
    _write_genesis_body(w, genesis)


def _write_genesis_body(w: BitWriter, genesis: Genesis) -> None:
    w.text(genesis.prefix)
    w.varint(len(genesis.setup))
    for byte in genesis.setup:
        w.uint(byte, 8)
    _write_table(w, genesis.table)


def _write_table(w: BitWriter, table: Table) -> None:
    w.uint(len(table.keys) - 1, 3)
    for key in table.keys:
        _write_bytes(w, key, crypto.PUBLIC_KEY_BYTES)
    w.uint(len(table.seats) - 1, 3)
    for seat in table.seats:
        w.uint(seat.holder, 2)
        if seat.holder == PERSON:
            w.uint(seat.key, 3)
        if seat.holder != FREE:
            write_packed(w, seat.name)


# -- reading ----------------------------------------------------------------------------


def is_remote_link(text: str) -> bool:
    """Whether ``text`` is meant as a remote-play link (by its prefix only)."""
    return text.strip().startswith(PREFIX)


def read_link(text: str) -> Message:
    """The message in a link text; ``LinkError`` with one line for a player if it holds
    none (damaged, cut short, edited, too long, or impossible values). Costs time linear
    in the text's length; checks no signature (that needs the device's copy of the game)."""
    text = text.strip()
    if not text.startswith(PREFIX):
        raise LinkError("this is not a link of a game played on several devices")
    body = text[len(PREFIX) :]
    from waddle.core import remote_cards  # a card game's messages (kinds 2 and 3)

    try:
        payload = unpack_text(body, remote_cards.MAX_LINK_CHARS)
        if pack_text(payload) != body:
            raise DecodeError("the last character does not belong")
        r = BitReader(payload)
        kind = r.uint(2)
        if kind in (LOBBY, TURN) and len(text) > MAX_LINK_CHARS:
            raise DecodeError("it is too long")
        if kind == LOBBY:
            genesis = _read_genesis(r)
            message: Message = Lobby(genesis, _read_bytes(r, crypto.SIGNATURE_BYTES))
        elif kind == TURN:
            message = _read_turn(r)
        else:
            message = remote_cards.read_payload(r, kind)  # type: ignore[assignment]
        if r.remaining() >= 8:
            raise DecodeError("it has data after its end")
    except DecodeError:
        raise LinkError(
            "this link is damaged or was changed by hand (it does not read back)"
        ) from None
    return message


def _read_turn(r: BitReader) -> Turn:
    game_id = _read_bytes(r, GAME_ID_BYTES)
    genesis = None
    if r.uint(1):
        genesis = _read_genesis_body(r, game_id)
        start = 0
    else:
        start = r.varint()
        if start > MAX_DECISIONS:
            raise DecodeError("too many decisions")
    count = r.varint()
    if start + count > MAX_DECISIONS:
        raise DecodeError("too many decisions")
    decisions = tuple(r.varint(max_groups=4) for _ in range(count))
    to_move = r.uint(4)
    signatures = []
    for _ in range(r.uint(4)):
        key = r.uint(3)
        position = r.varint()
        signatures.append(Signed(key, position, _read_bytes(r, crypto.SIGNATURE_BYTES)))
    return Turn(game_id, genesis, start, decisions, to_move, tuple(signatures))


def _read_bytes(r: BitReader, size: int) -> bytes:
    return bytes(r.uint(8) for _ in range(size))


def _read_genesis(r: BitReader) -> Genesis:
    return _read_genesis_body(r, _read_bytes(r, GAME_ID_BYTES))


def _read_genesis_body(r: BitReader, game_id: bytes) -> Genesis:
    prefix = r.text(MAX_PREFIX_BYTES)
    size = r.varint()
    if size > MAX_SETUP_BYTES:
        raise DecodeError("the setup is too long")
    if size * 8 > r.remaining():
        raise DecodeError("the data ends too early")
    setup = _read_bytes(r, size)
    return Genesis(game_id, prefix, setup, _read_table(r))


def _read_table(r: BitReader) -> Table:
    keys = tuple(_read_bytes(r, crypto.PUBLIC_KEY_BYTES) for _ in range(r.uint(3) + 1))
    seats = []
    for _ in range(r.uint(3) + 1):
        holder = r.uint(2)
        if holder == 3:
            raise LinkError("this link was made by a newer version of the app")
        key = r.uint(3) if holder == PERSON else 0
        if key >= len(keys):
            raise DecodeError("a seat names a key the link does not hold")
        name = read_packed(r, MAX_NAME_CHARS) if holder != FREE else ""
        seats.append(Seat(holder, key, name))
    return Table(keys, tuple(seats))


# -- what is signed ---------------------------------------------------------------------


def genesis_bytes(genesis: Genesis) -> bytes:
    """The canonical bytes of a starting table: the bits a link writes for it."""
    w = BitWriter()
    _write_genesis(w, genesis)
    return w.to_bytes()


def read_genesis(data: bytes) -> Genesis:
    """Inverse of :func:`genesis_bytes` (``LinkError`` if ``data`` holds none)."""
    try:
        return _read_genesis(BitReader(data))
    except DecodeError as e:
        raise LinkError(f"the table is damaged: {e}") from None


def genesis_hash(genesis: Genesis) -> bytes:
    """The transcript's hash before any decision."""
    return hashlib.sha256(_GENESIS_TAG + genesis_bytes(genesis)).digest()


def next_hash(previous: bytes, action_json: str) -> bytes:
    """The transcript's hash after one more decision, given as its record JSON (compact,
    keys sorted): a change of the engine's order of legal actions cannot make a signed
    link mean another move."""
    return hashlib.sha256(_STEP_TAG + previous + action_json.encode("utf-8")).digest()


def turn_message(game_id: bytes, position: int, transcript: bytes) -> bytes:
    """What a key signs to vouch for the first ``position`` decisions."""
    return _TURN_TAG + game_id + position.to_bytes(4, "big") + transcript


def invitation_message(genesis: Genesis) -> bytes:
    """What the host signs in an invitation: the genesis with the table reduced to the
    host's part (the seats others claim later are not the host's to sign)."""
    fixed = replace(genesis, table=genesis.table.host_part())
    return _INVITATION_TAG + hashlib.sha256(genesis_bytes(fixed)).digest()


def sign_invitation(lobby: Lobby, host_key: bytes) -> Lobby:
    """``lobby`` signed by the host."""
    return replace(lobby, signature=crypto.sign(host_key, invitation_message(lobby.genesis)))


def check_invitation(lobby: Lobby) -> str | None:
    """Why an invitation is not the host's (one line), or None."""
    problem = check_table(lobby.genesis.table)
    if problem:
        return problem
    host = lobby.genesis.table.keys[0]
    if not crypto.verify(host, invitation_message(lobby.genesis), lobby.signature):
        return "its setup is not the one the game's host signed (the link was changed)"
    return None


def check_table(table: Table) -> str | None:
    """Why a table cannot be a game's (one line), or None: keys valid and distinct, every
    key but the host's holding exactly one seat."""
    if len(set(table.keys)) != len(table.keys):
        return "it names the same device twice"
    if not all(crypto.is_public_key(key) for key in table.keys):
        return "it holds a public key that is not valid"
    held = [s.key for s in table.seats if s.holder == PERSON]
    if any(s.holder == COMPUTER and s.key != 0 for s in table.seats):
        return "a computer seat belongs to someone other than the host"
    for index in range(1, len(table.keys)):
        if held.count(index) != 1:
            return "a device holds more than one seat, or none"
    return None


def decision_signers(table: Table, movers: Sequence[int]) -> list[int]:
    """The key that must vouch for each decision, given the seat that made it."""
    out = []
    for seat in movers:
        owner = table.owner(seat) if 0 <= seat < len(table.seats) else None
        if owner is None:
            raise LinkError("a decision belongs to a seat nobody holds")
        out.append(owner)
    return out


def json_of(action: Any) -> str:
    """An action's record JSON as :func:`next_hash` takes it."""
    import json

    return json.dumps(action.to_json(), separators=(",", ":"), sort_keys=True)
