"""A whole game of Hey, That's My Fish! in a short, checksummed text for share links.

``encode_link`` packs a record (and optional seat names and computer seats) into
``"h1." + base64url`` with the shared parts of :mod:`waddle.core.links`:

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

from waddle.core.bits import BitReader, BitWriter, DecodeError, pack_text
from waddle.core.links import (
    LinkedGame,
    LinkError,
    is_seed,
    link_reader,
    read_actions,
    read_seats,
    write_actions,
    write_seats,
)
from waddle.core.records import RecordError
from waddle.core.study import Study, read_study, study_places, write_study
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


def encode_link(
    record: Record,
    names: Sequence[str] | None = None,
    bots: Sequence[str | None] | None = None,
    study: Study | None = None,
) -> str:
    """The link text of ``record``, with seat names and computer seats if given, and a
    ``study`` after them (:func:`waddle.core.study.write_study`)."""
    generated = board_is_generated(record)
    w = BitWriter()
    w.uint(record.players - MIN_PLAYERS, 2)
    w.uint(1 if names else 0, 1)
    w.uint(0 if generated else 1, 1)
    if generated:
        assert record.generated is not None
        w.varint(record.generated.seed)
    else:
        _write_board(w, record.board)
    write_actions(w, record.start(), record.actions)
    write_seats(w, names, bots, record.players, BOT_LEVELS)
    write_study(w, study, places(record), record.players, bots)
    return PREFIX + pack_text(w.to_bytes())


def decode_link(text: str) -> LinkedGame:
    """Everything in a link text: the record, seat names and computer seats.

    ``LinkError`` with a message for the user if the text is damaged, truncated, from
    another game or holds an impossible game.
    """
    try:
        r = link_reader(text, PREFIX, "Hey, That's My Fish!")
        players = r.uint(2) + MIN_PLAYERS
        if players > MAX_PLAYERS:
            raise LinkError("the link's number of players is not valid")
        has_names = r.uint(1)
        if r.uint(1) == 0:
            seed = r.varint()
            record = Record(players, standard_floes(seed), [], Generated(seed))
        else:
            record = Record(players, _read_board(r))
        try:
            state = record.start()
        except RecordError as e:
            raise LinkError(f"the link's board is not valid: {e}") from None
        read_actions(r, state)
        names, bots = read_seats(r, bool(has_names), players, BOT_LEVELS)
        study = read_study(r, places(record), len(state.history))
    except DecodeError as e:
        raise LinkError(f"the link is damaged: {e}") from None
    return LinkedGame(record.with_actions(state.history), names, bots, study)


def places(record: Record) -> tuple[str, ...]:
    """The places a study may mark: every floe of the board, in the record's order."""
    return study_places(f.hex for f in record.board)


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
