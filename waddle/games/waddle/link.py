"""A whole game of Waddle in a short, checksummed text for share links (``location.hash``).

``encode_link`` packs a record (and optional seat names, computer seats and a study) into
``"w1." + base64url`` (``"w2."`` for a game with the seat compensation option) with the
:class:`~waddle.core.link_codec.LinkCodec` it configures:

- a generated map travels as its tile set and seed, a custom map hex by hex;
- each action as its index among the legal actions at that point, in as few bits as that
  choice needs (at most 13 choices, so 4 bits or fewer);
- a 24-bit checksum catches damaged or truncated links.

Decoding replays the actions, so a decoded link is always a legal game; anything wrong
raises :class:`LinkError` with a message for the user.

>>> from waddle.games.waddle import new_record
>>> record = new_record(3, seed=9)
>>> text = encode_game(record, ["Ann", "Bo", "Cy"])
>>> decoded, names = decode_game(text)
>>> decoded.dumps() == record.dumps(), names
(True, ['Ann', 'Bo', 'Cy'])
"""

from __future__ import annotations

from waddle.core.bits import BitReader, BitWriter
from waddle.core.link_codec import LinkCodec
from waddle.core.links import LinkedGame, LinkError, is_seed
from waddle.core.study import Study, study_places
from waddle.games.waddle.board import MAX_FISH, MAX_HEXES, HexSpec
from waddle.games.waddle.mapgen import generate_map, tileset_named
from waddle.games.waddle.record import MAX_COMPENSATION, Generated, Record
from waddle.games.waddle.state import MAX_PLAYERS, MIN_PLAYERS

PREFIX = "w1."
"""Format version of the link text; a new layout gets a new prefix."""
PREFIX_COMPENSATED = "w2."
"""The layout of a game with the seat compensation option: ``w1.``'s, with each seat's
compensation VP (a varint each) right after the first four bits. A game without the option
is always written ``w1.``, exactly as before; an app older than the option refuses a
``w2.`` link (unknown format) rather than open it without the compensation."""
PREFIXES = (PREFIX, PREFIX_COMPENSATED)

TILESETS = ("waddle-project-tiles/1", "waddle-project-tiles/2", "waddle-project-tiles/3")
"""Tile sets a link can name, by position: append, never reorder. A link names the tile set
its map came from, so a link written before a new tile set keeps opening on the old one."""

BOT_LEVELS = ("random", "easy", "medium", "hard")
"""Computer seat levels a link can name, by position: append, never reorder."""


__all__ = [
    "BOT_LEVELS",
    "PREFIX",
    "LinkError",
    "LinkedGame",
    "decode_game",
    "decode_link",
    "encode_link",
]


def map_is_generated(record: Record) -> bool:
    """Whether the record's map is exactly what its tile set and seed generate (checked
    once per setup: the answer is kept in the record and its copies)."""
    if record.generated_checked is None:
        gen = record.generated
        record.generated_checked = (
            gen is not None
            and is_seed(gen.seed)
            and gen.tileset in TILESETS
            and tuple(generate_map(record.players, gen.seed, tileset_named(gen.tileset)))
            == tuple(record.map)
        )
    return record.generated_checked


def _write_setup(w: BitWriter, record: Record) -> None:
    generated = map_is_generated(record)
    w.uint(0 if generated else 1, 1)
    if record.compensation is not None:
        for vp in record.compensation:
            w.varint(vp)
    if generated:
        assert record.generated is not None
        w.uint(TILESETS.index(record.generated.tileset), 3)
        w.varint(record.generated.seed)
    else:
        _write_map(w, record.map)
    for player in record.order:
        w.uint(player, 3)


def _read_setup(r: BitReader, players: int, variant: int) -> Record:
    custom = r.uint(1)
    compensation = None
    if variant == 1:  # w2.
        compensation = tuple(r.varint() for _ in range(players))
        if any(vp > MAX_COMPENSATION for vp in compensation):
            raise LinkError("the link's seat compensation is not valid")
    if custom == 0:
        index = r.uint(3)
        if index >= len(TILESETS):
            raise LinkError("this link uses a map tile set this version does not have")
        seed = r.varint()
        specs = tuple(generate_map(players, seed, tileset_named(TILESETS[index])))
        generated: Generated | None = Generated(TILESETS[index], seed)
    else:
        specs = _read_map(r)
        generated = None
    order = tuple(r.uint(3) for _ in range(players))
    if sorted(order) != list(range(players)):
        raise LinkError("the link's turn order is not valid")
    record = Record(players, specs, order, [], generated, compensation)
    record.generated_checked = generated is not None
    return record


def places(record: Record) -> tuple[str, ...]:
    """The places a study may mark: every hex of the map, in the record's order."""
    return study_places(s.hex for s in record.map)


CODEC = LinkCodec(
    PREFIX,
    "Waddle",
    (MIN_PLAYERS, MAX_PLAYERS),
    BOT_LEVELS,
    _write_setup,
    _read_setup,
    lambda record: places(record),  # looked up at each call: a test may stand in for it
    setup_name="map",
    variants=(PREFIX_COMPENSATED,),
    variant=lambda record: 0 if record.compensation is None else 1,
    exact_text=False,  # Waddle's links were read without the check: adding it would refuse some
)
"""The link: players, names flag, whether the map is custom, the seat compensation
(``w2.`` only), the map (its tile set and seed if generated), the turn order, actions,
seats, study."""
encode_link = CODEC.encode
decode_link = CODEC.decode


def encode_game(
    record: Record,
    names: list[str] | None = None,
    *,
    generated: bool | None = None,
    bots: list[str | None] | None = None,
    study: Study | None = None,
) -> str:
    """The link text of ``record``; ``generated`` skips re-checking the map when known.
    A ``study`` (captions and marks) goes after the seats (:func:`waddle.core.study.
    write_study`)."""
    if generated is not None:
        record = record.with_actions(record.actions)  # the caller's record keeps its cache
        record.generated_checked = generated
    return encode_link(record, names, bots, study)


def decode_game(text: str) -> tuple[Record, list[str] | None]:
    """The record (and seat names, if any) in a link text; ``LinkError`` if it holds none."""
    game = decode_link(text)
    return game.record, game.names


def _write_map(w: BitWriter, specs: tuple[HexSpec, ...]) -> None:
    w.varint(len(specs))
    for s in specs:
        w.signed(s.q)
        w.signed(s.r)
        w.uint(1 if s.kind == "water" else 0, 1)
        if s.kind == "water":
            w.uint(0 if s.number is None else 1, 1)
            if s.number is not None:
                w.signed(s.number)
            w.varint(len(s.fish))
            for f in s.fish:
                w.varint(f)


def _read_map(r: BitReader) -> tuple[HexSpec, ...]:
    n = r.varint()
    if n > MAX_HEXES:
        raise LinkError("the link's map is too large")
    specs = []
    for _ in range(n):
        q, rr = r.signed(), r.signed()
        if r.uint(1):
            number = r.signed() if r.uint(1) else None
            count = r.varint()
            if count > MAX_FISH:
                raise LinkError("the link's map is not valid")
            fish = tuple(r.varint() for _ in range(count))
            specs.append(HexSpec(q, rr, "water", number, fish))
        else:
            specs.append(HexSpec(q, rr, "ice"))
    return tuple(specs)
