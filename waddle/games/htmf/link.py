"""A whole game of Hey, That's My Fish! in a short, checksummed text for share links.

``encode_link`` packs a record (and optional seat names and computer seats) into
``"h1." + base64url`` with the :class:`~waddle.core.link_codec.LinkCodec` it configures:

- the number of players (2 bits), whether names follow (1 bit), whether the board is
  a standard one (1 bit);
- a standard board as its seed (a varint), any other board floe by floe (``q`` and
  ``r`` zigzag varints, the fish in 2 bits), in the record's order;
- each action as its index among the legal actions at that point, in as few bits as
  that choice needs; decoding replays them, so a decoded link is always a legal game;
- seat names and computer seats, then a 24-bit checksum.

A whole 4-player game on a standard board takes about 60 characters.

>>> from waddle.games.htmf import new_record
>>> record = new_record(3, seed=9)
>>> state = record.start()
>>> for _ in range(12):
...     state.apply(state.legal_actions()[-1])
>>> record = record.with_actions(state.history)
>>> text = encode_link(record, ["Ann", "Bo", "Cy"], [None, "hard", None])
>>> text[:3], len(text) < 60
('h1.', True)
>>> game = decode_link(text)
>>> game.record.dumps() == record.dumps(), game.names, game.bots
(True, ['Ann', 'Bo', 'Cy'], [None, 'hard', None])
"""

from __future__ import annotations

from collections.abc import Sequence

from waddle.core.bits import BitReader, BitWriter
from waddle.core.link_codec import LinkCodec
from waddle.core.links import LinkedGame, LinkError, is_seed
from waddle.core.study import study_places
from waddle.games.htmf.board import (
    MAX_FISH,
    MAX_FLOES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Floe,
    standard_floes,
)
from waddle.games.htmf.record import Generated, Record

PREFIX = "h1."
"""Format version of the link text; a new layout gets a new prefix."""

BOT_LEVELS = ("random", "easy", "medium", "hard")
"""Computer seat levels a link can name, by position: append, never reorder."""

__all__ = ["BOT_LEVELS", "PREFIX", "LinkError", "LinkedGame", "decode_link", "encode_link"]


def board_is_generated(record: Record) -> bool:
    """Whether the record's board is exactly the standard board of its seed."""
    gen = record.generated
    return gen is not None and is_seed(gen.seed) and standard_floes(gen.seed) == tuple(record.board)


def _write_setup(w: BitWriter, record: Record) -> None:
    generated = board_is_generated(record)
    w.uint(0 if generated else 1, 1)
    if generated:
        assert record.generated is not None
        w.varint(record.generated.seed)
    else:
        _write_board(w, record.board)


def _read_setup(r: BitReader, players: int) -> Record:
    if r.uint(1) == 0:
        seed = r.varint()
        return Record(players, standard_floes(seed), [], Generated(seed))
    return Record(players, _read_board(r))


def places(record: Record) -> tuple[str, ...]:
    """The places a study may mark: every floe of the board, in the record's order."""
    return study_places(f.hex for f in record.board)


CODEC = LinkCodec(
    PREFIX,
    "Hey, That's My Fish!",
    (MIN_PLAYERS, MAX_PLAYERS),
    BOT_LEVELS,
    _write_setup,
    _read_setup,
    lambda record: places(record),  # looked up at each call: a test may stand in for it
)
"""The link: players, names flag, the board (its seed if standard), actions, seats, study."""
encode_link = CODEC.encode
decode_link = CODEC.decode


def _write_board(w: BitWriter, floes: Sequence[Floe]) -> None:
    w.varint(len(floes))
    for f in floes:
        w.signed(f.q)
        w.signed(f.r)
        w.uint(f.fish - 1, 2)


def _read_board(r: BitReader) -> tuple[Floe, ...]:
    n = r.varint()
    if n > MAX_FLOES:
        raise LinkError("the link's board is too large")
    floes = []
    for _ in range(n):
        q, rr = r.signed(), r.signed()
        fish = r.uint(2) + 1
        if fish > MAX_FISH:
            raise LinkError("the link's board is not valid: a floe has more than 3 fish")
        floes.append(Floe(q, rr, fish))
    return tuple(floes)
