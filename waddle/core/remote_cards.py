"""Remote play's messages for the card games: the deal's steps, the decisions and the
unlock tokens, as ``r1.`` links of kind 2 (docs/remote-play.md, "The card games' links").

The hex games' messages (:mod:`waddle.core.remote`, kinds 0 and 1) carry a game whose every
decision every device can check; a card game's also carry its mental-poker deal
(:mod:`waddle.core.deal`, where its threat model is): the shuffles and relocks, each
player's unlock tokens and shares, and at the end every player's secrets. A card game's
link is kind 2, then one bit for which message it is:

- a **lobby** (``CardLobby``): the invitation, also passed on as players claim seats (as
  :class:`waddle.core.remote.Lobby`), with the host's first shuffle of the deal;
- a **turn** (``CardTurn``): everything after the table is complete, as a *chain* of
  entries (:class:`Decision`, :class:`waddle.core.deal.Shuffle`,
  :class:`waddle.core.deal.Relock`) that every device keeps in the same order, signed
  the way turn links are (each key's latest signature covers every entry before its
  position), plus *attachments* that need no place in the chain: releases of tokens and
  shares (their proofs tie them to their player) and reveals (checked against the hashes
  published in the chain).

A shuffle made in the lobby signs itself (the table is not complete yet, so there is no
chain to sign): its signature covers the game's id, the host's part of the table and the
setup, the shuffles before it and its own points.

Entries are hashed into the chain one after the other:
``H(n+1) = SHA-256("waddle remote-play/1 card entry" + H(n) + the entry's bits)``, from
:func:`waddle.core.remote.genesis_hash`; a key vouches for the first ``p`` entries by
signing :func:`waddle.core.remote.turn_message` of ``H(p)``.

Kind 3 is a **part** of a longer link (:mod:`waddle.core.link_parts`): the deal's first
links of a big game are longer than a messenger takes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from waddle.core import crypto, deal, remote
from waddle.core.bits import BitReader, BitWriter, DecodeError
from waddle.core.remote import Genesis, Signed

CARDS = 2
"""The kind of a card game's message (2 bits, after :data:`waddle.core.remote.TURN`)."""
PART = 3
"""The kind of a part of a longer link."""
LOBBY_MESSAGE, TURN_MESSAGE = 0, 1

MAX_ENTRIES = 6000
MAX_JSON_BYTES = 2000
"""The longest decision (a record action's JSON)."""
MAX_RELEASES = 4000
MAX_TOKENS = deal.MAX_POSITIONS
MAX_LINK_CHARS = 400_000
"""The longest card link read (a whole Waddle Waddle game from its start)."""

_ENTRY_TAG = b"waddle remote-play/1 card entry"
_SHUFFLE_TAG = b"waddle remote-play/1 card shuffle"

DECISION, SHUFFLE, RELOCK, MORE = 0, 1, 2, 3
"""Entry kinds (2 bits); ``MORE`` is followed by 2 more bits: 0 is :class:`Keep`, the
others are spare (a reader says "made by a newer version")."""
KEEP = 0


@dataclass(frozen=True)
class Decision:
    """A player's decision: the seat that took it and its record JSON (compact, sorted
    keys), so no device needs another's view of the legal actions to read it."""

    seat: int
    action: str

    @staticmethod
    def of(seat: int, action: Any) -> Decision:
        return Decision(seat, remote.json_of(action))

    def json(self) -> Any:
        return json.loads(self.action)


@dataclass(frozen=True)
class Keep:
    """A player says it keeps the card it drew face down at ``position``: it is not one
    the rules show at once (a threat of Waddle Waddle). Checked at the end, against the
    deal."""

    seat: int
    position: int


@dataclass(frozen=True)
class SignedShuffle:
    """A shuffle made in the lobby, with its player's signature (see the module's notes)."""

    step: deal.Shuffle
    signature: bytes


Entry = Decision | deal.Shuffle | deal.Relock | SignedShuffle | Keep


@dataclass(frozen=True)
class CardLobby:
    """An invitation to a card game: the genesis (as an invitation's), the host's
    signature and the lobby's shuffles (the host's first)."""

    genesis: Genesis
    signature: bytes
    shuffles: tuple[SignedShuffle, ...]


@dataclass(frozen=True)
class CardTurn:
    """Entries of the chain from ``start`` on, the signatures that cover them, and the
    attachments (releases and reveals). The genesis comes with it while some device may
    not have the complete table yet (it starts past the lobby's shuffles then: every
    device has the invitation)."""

    game_id: bytes
    genesis: Genesis | None
    start: int
    entries: tuple[Entry, ...]
    signatures: tuple[Signed, ...]
    releases: tuple[deal.Release, ...] = ()
    reveals: tuple[deal.Reveal, ...] = ()
    sender: int = 0
    """The key of the device that made the link (its signature is among
    :attr:`signatures`)."""

    @property
    def end(self) -> int:
        return self.start + len(self.entries)


@dataclass(frozen=True)
class Part:
    """One part of a longer link: which message (the first 6 bytes of its text's
        SHA-256), which part, of how many, and its characters (a slice of the whole's text;
        in the bits 6 bits each when all are base64url's, as a link's are after the first part's
    ``r1.``, which is implied; else as UTF-8)."""

    message: bytes
    index: int
    count: int
    chunk: str


_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
"""base64url's alphabet: a part's characters travel as 6 bits each (a link's text after its
prefix is base64url), so a part of 2,000 characters carries 1,950 of its whole, not the
1,460 it would as UTF-8 text, base64'd again."""
_SYMBOL = {c: i for i, c in enumerate(_SYMBOLS)}


# -- writing ------------------------------------------------------------------------------


def write_payload(w: BitWriter, message: CardLobby | CardTurn | Part) -> None:
    """A card message's bits, after its kind."""
    if isinstance(message, Part):
        _write_bytes(w, message.message, 6)
        w.varint(message.index)
        w.varint(message.count)
        head = remote.PREFIX if message.index == 0 else ""  # the whole's, implied
        body = message.chunk[len(head) :]
        if message.chunk.startswith(head) and all(c in _SYMBOL for c in body):
            w.uint(1, 1)
            w.varint(len(body))
            for c in body:
                w.uint(_SYMBOL[c], 6)
        else:
            w.uint(0, 1)
            w.text(message.chunk)
        return
    if isinstance(message, CardLobby):
        w.uint(LOBBY_MESSAGE, 1)
        w.uint(0, 2)  # spare
        remote._write_genesis(w, message.genesis)
        _write_bytes(w, message.signature, crypto.SIGNATURE_BYTES)
        w.uint(len(message.shuffles), 4)
        for shuffle in message.shuffles:
            _write_entry(w, shuffle)
        return
    w.uint(TURN_MESSAGE, 1)
    w.uint(0, 2)  # spare
    _write_bytes(w, message.game_id, remote.GAME_ID_BYTES)
    w.uint(message.sender, 3)
    w.uint(message.genesis is not None, 1)
    if message.genesis is not None:
        remote._write_genesis_body(w, message.genesis)
    w.varint(message.start)
    w.varint(len(message.entries))
    for entry in message.entries:
        _write_entry(w, entry)
    w.uint(len(message.signatures), 4)
    for signed in message.signatures:
        w.uint(signed.key, 3)
        w.varint(signed.position)
        _write_bytes(w, signed.signature, crypto.SIGNATURE_BYTES)
    w.varint(len(message.releases))
    for release in message.releases:
        _write_release(w, release)
    w.uint(len(message.reveals), 4)
    for reveal in message.reveals:
        w.uint(reveal.player, 3)
        _write_bytes(w, reveal.lock, 32)
        _write_bytes(w, reveal.seed, 32)


def _write_bytes(w: BitWriter, data: bytes, size: int) -> None:
    if len(data) != size:
        raise ValueError(f"{size} bytes expected, not {len(data)}")
    if size:
        w.uint(int.from_bytes(data, "big"), 8 * size)


def _write_points(w: BitWriter, points: Sequence[bytes]) -> None:
    w.varint(len(points))
    for point in points:
        _write_bytes(w, point, crypto.POINT_BYTES)


def _write_entry(w: BitWriter, entry: Entry) -> None:
    if isinstance(entry, Decision):
        w.uint(DECISION, 2)
        w.uint(entry.seat, 3)
        data = entry.action.encode("utf-8")
        w.varint(len(data))
        _write_bytes(w, data, len(data))
    elif isinstance(entry, Keep):
        w.uint(MORE, 2)
        w.uint(KEEP, 2)
        w.uint(entry.seat, 3)
        w.varint(entry.position)
    elif isinstance(entry, SignedShuffle):
        _write_shuffle(w, entry.step, entry.signature)
    elif isinstance(entry, deal.Shuffle):
        _write_shuffle(w, entry, None)
    else:
        w.uint(RELOCK, 2)
        w.uint(entry.player, 3)
        _write_bytes(w, entry.seed_commitment, 32)
        _write_points(w, entry.points)


def _write_shuffle(w: BitWriter, step: deal.Shuffle, signature: bytes | None) -> None:
    w.uint(SHUFFLE, 2)
    w.uint(step.player, 3)
    w.uint(step.pass_index, 2)
    _write_bytes(w, step.commitment, crypto.POINT_BYTES)
    _write_points(w, step.points)
    w.uint(signature is not None, 1)
    if signature is not None:
        _write_bytes(w, signature, crypto.SIGNATURE_BYTES)


def _write_release(w: BitWriter, release: deal.Release) -> None:
    w.uint(release.player, 3)
    w.varint(len(release.nodes))
    for level, index, value in release.nodes:
        w.uint(level, 4)
        w.varint(index)
        _write_bytes(w, value, 32)
    w.varint(len(release.shares))
    for tag, share in release.shares:
        w.varint(tag)
        _write_bytes(w, share, crypto.POINT_BYTES)
    if len(release.proof) % 32:
        raise ValueError("a proof is whole 32-byte words")
    w.uint(len(release.proof) // 32, 4)
    _write_bytes(w, release.proof, len(release.proof))


_BITS: dict[int, tuple[Entry, bytes]] = {}
"""Entries' bits written lately, by the entry (kept with it, so its id is not reused): a
device hashes and compares the same big shuffles at every link."""


def entry_bytes(entry: Entry) -> bytes:
    """An entry's bits, as hashed into the chain."""
    held = _BITS.get(id(entry))
    if held is not None and held[0] is entry:
        return held[1]
    w = BitWriter()
    _write_entry(w, entry)
    data = w.to_bytes()
    if isinstance(entry, deal.Shuffle | deal.Relock | SignedShuffle):
        if len(_BITS) > 512:
            _BITS.clear()
        _BITS[id(entry)] = (entry, data)
    return data


# -- reading --------------------------------------------------------------------------------


def read_payload(r: BitReader, kind: int) -> CardLobby | CardTurn | Part:
    """A card message after its kind (:class:`DecodeError` if it holds none)."""
    if kind == PART:
        message = _read_bytes(r, 6)
        index, count = r.varint(), r.varint()
        if not 0 <= index < count <= 64:
            raise DecodeError("a part out of its message")
        if not r.uint(1):
            return Part(message, index, count, r.text(remote.MAX_LINK_CHARS))
        size = r.varint()
        if size > remote.MAX_LINK_CHARS or 6 * size > r.remaining():
            raise DecodeError("a part is longer than its link")
        head = remote.PREFIX if index == 0 else ""
        return Part(message, index, count, head + "".join(_SYMBOLS[r.uint(6)] for _ in range(size)))
    sub = r.uint(1)
    if r.uint(2):
        raise remote.LinkError("this link was made by a newer version of the app")
    if sub == LOBBY_MESSAGE:
        genesis = remote._read_genesis(r)
        signature = _read_bytes(r, crypto.SIGNATURE_BYTES)
        shuffles = []
        for _ in range(r.uint(4)):
            entry = _read_entry(r)
            if not isinstance(entry, SignedShuffle):
                raise DecodeError("a lobby holds only signed shuffles")
            shuffles.append(entry)
        return CardLobby(genesis, signature, tuple(shuffles))
    game_id = _read_bytes(r, remote.GAME_ID_BYTES)
    sender = r.uint(3)
    genesis = None
    if r.uint(1):
        genesis = remote._read_genesis_body(r, game_id)
    start = r.varint()
    if start > MAX_ENTRIES:
        raise DecodeError("too many entries")
    count = r.varint()
    if start + count > MAX_ENTRIES:
        raise DecodeError("too many entries")
    entries = tuple(_read_entry(r) for _ in range(count))
    signatures = []
    for _ in range(r.uint(4)):
        key = r.uint(3)
        position = r.varint()
        signatures.append(Signed(key, position, _read_bytes(r, crypto.SIGNATURE_BYTES)))
    count = r.varint()
    if count > MAX_RELEASES:
        raise DecodeError("too many releases")
    releases = tuple(_read_release(r) for _ in range(count))
    reveals = tuple(
        deal.Reveal(r.uint(3), _read_bytes(r, 32), _read_bytes(r, 32)) for _ in range(r.uint(4))
    )
    return CardTurn(game_id, genesis, start, entries, tuple(signatures), releases, reveals, sender)


def _read_bytes(r: BitReader, size: int) -> bytes:
    if size * 8 > r.remaining():
        raise DecodeError("the data ends too early")
    return r.uint(8 * size).to_bytes(size, "big") if size else b""


def _read_points(r: BitReader) -> tuple[bytes, ...]:
    count = r.varint()
    if count > deal.MAX_POSITIONS or count * 8 * crypto.POINT_BYTES > r.remaining():
        raise DecodeError("too many cards")
    return tuple(_read_bytes(r, crypto.POINT_BYTES) for _ in range(count))


def _read_entry(r: BitReader) -> Entry:
    kind = r.uint(2)
    if kind == DECISION:
        seat = r.uint(3)
        size = r.varint()
        if size > MAX_JSON_BYTES:
            raise DecodeError("a decision is too long")
        try:
            text = _read_bytes(r, size).decode("utf-8")
            json.loads(text)
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise DecodeError("a decision is not JSON") from None
        return Decision(seat, text)
    if kind == SHUFFLE:
        player, pass_index = r.uint(3), r.uint(2)
        commitment = _read_bytes(r, crypto.POINT_BYTES)
        step = deal.Shuffle(player, pass_index, commitment, _read_points(r))
        if r.uint(1):
            return SignedShuffle(step, _read_bytes(r, crypto.SIGNATURE_BYTES))
        return step
    if kind == RELOCK:
        player = r.uint(3)
        commitment = _read_bytes(r, 32)
        return deal.Relock(player, commitment, _read_points(r))
    if r.uint(2) == KEEP:
        seat = r.uint(3)
        position = r.varint()
        if position >= deal.MAX_POSITIONS:
            raise DecodeError("a card out of the deal")
        return Keep(seat, position)
    raise remote.LinkError("this link was made by a newer version of the app")


def _read_release(r: BitReader) -> deal.Release:
    player = r.uint(3)
    count = r.varint()
    if count > MAX_TOKENS:
        raise DecodeError("too many tokens")
    nodes = []
    for _ in range(count):
        level, index = r.uint(4), r.varint()
        if level > deal.TREE_DEPTH or index >= 1 << level:
            raise DecodeError("a token that is no node of a key tree")
        nodes.append((level, index, _read_bytes(r, 32)))
    tokens = tuple(nodes)
    count = r.varint()
    if count > MAX_TOKENS:
        raise DecodeError("too many shares")
    shares = tuple((r.varint(), _read_bytes(r, crypto.POINT_BYTES)) for _ in range(count))
    proof = _read_bytes(r, 32 * r.uint(4))
    return deal.Release(player, tokens, shares, proof)


# -- what is signed -----------------------------------------------------------------------------


def next_hash(previous: bytes, entry: Entry) -> bytes:
    """The chain's hash after one more entry."""
    return hashlib.sha256(_ENTRY_TAG + previous + entry_bytes(entry)).digest()


def chain_hashes(genesis: Genesis, entries: Sequence[Entry]) -> list[bytes]:
    """The chain's hash after 0, 1, ... entries."""
    hashes = [remote.genesis_hash(genesis)]
    for entry in entries:
        hashes.append(next_hash(hashes[-1], entry))
    return hashes


def shuffle_message(genesis: Genesis, before: Sequence[SignedShuffle], step: deal.Shuffle) -> bytes:
    """What a lobby shuffle's player signs: the game, its host's part of the table and its
    setup (as the invitation's signature covers them), the shuffles before, its points."""
    fixed = remote.invitation_message(genesis)
    digest = hashlib.sha256(_SHUFFLE_TAG + genesis.game_id + fixed)
    for shuffle in before:
        digest.update(entry_bytes(shuffle.step))
    digest.update(entry_bytes(step))
    return _SHUFFLE_TAG + digest.digest()


def sign_shuffle(
    key: bytes, genesis: Genesis, before: Sequence[SignedShuffle], step: deal.Shuffle
) -> SignedShuffle:
    return SignedShuffle(step, crypto.sign(key, shuffle_message(genesis, before, step)))


def check_shuffles(
    genesis: Genesis, shuffles: Sequence[SignedShuffle], keys: Sequence[bytes]
) -> str | None:
    """Why a lobby's shuffles are not their players' (one line), or None: each signed by
    the key of its player (its index in ``keys``, the table's keys)."""
    for i, shuffle in enumerate(shuffles):
        player = shuffle.step.player
        if not 0 <= player < len(keys):
            return "a shuffle of the deal names nobody at the table"
        message = shuffle_message(genesis, shuffles[:i], shuffle.step)
        if not crypto.verify(keys[player], message, shuffle.signature):
            return "a shuffle of the deal is not signed by its player (the link was changed)"
    return None


__all__ = [
    "CARDS",
    "PART",
    "CardLobby",
    "CardTurn",
    "Decision",
    "Entry",
    "Keep",
    "Part",
    "SignedShuffle",
    "chain_hashes",
    "check_shuffles",
    "entry_bytes",
    "next_hash",
    "read_payload",
    "shuffle_message",
    "sign_shuffle",
    "write_payload",
]
