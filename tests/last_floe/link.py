"""A game of Last Floe in a share link: ``lf1.`` and the row's length, then what every
simple game's link holds (:class:`waddle.core.link_codec.LinkCodec`)."""

from __future__ import annotations

from tests.last_floe.record import FEWEST, MOST, Record
from waddle.core.bits import BitReader, BitWriter
from waddle.core.link_codec import LinkCodec
from waddle.core.links import LinkError
from waddle.core.study import study_places

BOT_LEVELS = ("random", "medium", "hard")
"""Computer levels a link can name, by position: append, never reorder."""


def places(record: Record) -> tuple[str, ...]:
    """Every floe of the row, as the board's ``data-hex`` names it (``"k,0"``)."""
    return study_places((k, 0) for k in range(record.floes))


def _write_setup(w: BitWriter, record: Record) -> None:
    w.uint(record.floes - FEWEST, 5)


def _read_setup(r: BitReader, players: int) -> Record:
    floes = r.uint(5) + FEWEST
    if floes > MOST:
        raise LinkError("the link's row of floes is too long")
    return Record(players, floes)


CODEC = LinkCodec("lf1.", "Last Floe", (2, 2), BOT_LEVELS, _write_setup, _read_setup, places, 0)
encode_link = CODEC.encode
decode_link = CODEC.decode
