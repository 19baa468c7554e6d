"""A whole game of Pebbles in a short, checksummed text for share links (``p1.``).

``encode_link`` packs a record (and optional seat names, computer seats and a study) into
``"p1." + base64url`` with the :class:`~waddle.core.link_codec.LinkCodec` it configures:

- the number of players (2 bits), whether names follow (1 bit), whether the layout is a
  built-in one (1 bit): a built-in as its index among :func:`~waddle.games.pebbles.layout.
  builtin_names` (a varint), a custom one written out (territories, tiles, pathways);
- the lead player (2 bits) and the record's seed (a varint: later reshuffles are drawn
  from it);
- the deal: the hands (each in card order), the row and the deck, in that order, as one
  permutation of the game's cards, packed as its rank in ``ceil(log2(n!))`` bits (226 bits
  for the 52 cards of a 4-player game, 160 for 40, 98 for 28:
  :func:`waddle.core.links.write_permutation`);
- each action as its index among the legal actions at that point, in as few bits as that
  choice needs, except a reshuffle, whose new deck is a permutation of the discards,
  packed as its rank the same way; decoding replays them, so a decoded link is always a
  legal game;
- seat names and computer seats, a study, then a 24-bit checksum.

The link of an unfinished game holds every hidden card: whoever opens it can see them,
except a link through one seat's eyes (``p2.``, :data:`PREFIX_EYES`), which holds only
what that seat has seen.

>>> from waddle.games.pebbles.record import new_record
>>> record = new_record(2, seed=9)
>>> text = encode_link(record, ["Ann", "Bo"], [None, "hard"])
>>> text[:3], len(text) < 60
('p1.', True)
>>> game = decode_link(text)
>>> game.record.dumps() == record.dumps(), game.names, game.bots
(True, ['Ann', 'Bo'], [None, 'hard'])
"""

from __future__ import annotations

from waddle.core.bits import BitReader, BitWriter
from waddle.core.link_codec import Eyes, LinkCodec
from waddle.core.links import (
    LinkedGame,
    LinkError,
    rank,
    read_permutation,
    unrank,
    write_permutation,
)
from waddle.core.records import BoardError
from waddle.core.study import study_places
from waddle.games.pebbles.actions import Action
from waddle.games.pebbles.cards import CARDS, MAX_PLAYERS, MIN_PLAYERS, NUMBERS, deck_for
from waddle.games.pebbles.eyes import redact, seen_study
from waddle.games.pebbles.layout import (
    MAX_PATHWAYS,
    MAX_TERRITORIES,
    Layout,
    Territory,
    Tile,
    builtin_names,
    layout_named,
    parse_layout,
)
from waddle.games.pebbles.record import Record
from waddle.games.pebbles.state import HAND, ROW, PebblesState

PREFIX = "p1."
"""Format version of the link text; a new layout of the bits gets a new prefix."""

PREFIX_EYES = "p2."
"""A game seen through one seat's eyes (:mod:`.eyes`): the seat in 3 bits, then ``p1.``'s
layout for the record as that seat has seen it (the cards it has not seen are stand-ins,
in card order, which the decoder works out again; the seed is 0). An app from before
refuses it (an unknown format) rather than take its stand-ins for the cards."""
EYES_BITS = 3

BOT_LEVELS = ("random", "easy", "medium", "hard")
"""Computer seat levels a link can name, by position: append, never reorder."""

__all__ = [
    "BOT_LEVELS",
    "PREFIX",
    "PREFIX_EYES",
    "LinkError",
    "LinkedGame",
    "decode_link",
    "encode_link",
    "rank",
    "unrank",
]


def _write_setup(w: BitWriter, record: Record) -> None:
    builtin = record.layout.name is not None and record.layout.name in builtin_names()
    w.uint(1 if builtin else 0, 1)
    if builtin:
        w.varint(builtin_names().index(record.layout.name))
    else:
        _write_layout(w, record.layout)
    w.uint(record.lead, 2)
    w.varint(record.seed)  # 0 to MAX_SEED: the record reader refuses any other
    deal = [c for hand in record.hands for c in hand] + list(record.row) + list(record.deck)
    write_permutation(w, deal, deck_for(record.players))


def _read_setup(r: BitReader, players: int) -> Record:
    if r.uint(1):
        k = r.varint()
        names_ = builtin_names()
        if k >= len(names_):
            raise LinkError("the link names a layout this version does not know")
        layout = layout_named(names_[k])
    else:
        layout = _read_layout(r)
    lead = r.uint(2)
    if lead >= players:
        raise LinkError("the link's lead player is not valid")
    seed = r.varint()
    deal = [CARDS[c] for c in read_permutation(r, deck_for(players))]
    hands = tuple(tuple(sorted(deal[p * HAND : (p + 1) * HAND])) for p in range(players))
    row = tuple(deal[players * HAND : players * HAND + ROW])
    deck = tuple(deal[players * HAND + ROW :])
    return Record(players, layout, hands, row, deck, lead, [], seed)


def _write_reshuffle(w: BitWriter, state: PebblesState, action: Action) -> None:
    write_permutation(w, action.arg, state.discards)


def _read_reshuffle(r: BitReader, state: PebblesState) -> Action:
    return Action.reshuffle(read_permutation(r, state.discards))


CODEC = LinkCodec(
    PREFIX,
    "Pebbles",
    (MIN_PLAYERS, MAX_PLAYERS),
    BOT_LEVELS,
    _write_setup,
    _read_setup,
    lambda record: places(record),  # looked up at each call: a test may stand in for it
    setup_name="layout",
    write_chance=_write_reshuffle,
    read_chance=_read_reshuffle,
    eyes=Eyes(PREFIX_EYES, redact, seen_study, EYES_BITS),
    study_base=lambda record: len(record.layout.tiles),
)
"""The link: (``p2.``: the seat), players, names flag, the layout (its index if built in),
the lead, the seed, the deal, actions (a reshuffle as the new deck's order), seats, study.
A record through one seat's eyes (``record.eyes``) gets a ``p2.`` link that holds only
what that seat has seen by its last action, and a study of what it may see
(:func:`eyes.seen_study`)."""
encode_link = CODEC.encode
decode_link = CODEC.decode


def places(record: Record) -> tuple[str, ...]:
    """The places a study may mark, in a fixed order: every tile's hex (``"q,r"``, its
    ``data-hex``), in tile-number order; then each pathway (``"pathway:1-9"``, its
    ``data-pathway``), in the layout's order; then every card of the game
    (``"card:7C"``, its ``data-card``), in card order. A card is named by what it is, so
    a mark follows it from a hand to the trick or the row, step after step.

    The tiles come first and alone set the width of a mark in a link's steps, as before
    pathways and cards could be marked (:func:`waddle.core.study.write_study`'s ``base``),
    so study links written then open as they did.

    >>> from waddle.games.pebbles.record import new_record
    >>> names = places(new_record(2, seed=1))
    >>> names[0], names[7], names[9], len(names)
    ('1,0', 'pathway:7-12', 'card:7S', 37)
    """
    layout = record.layout
    return (
        *study_places(t.hex for t in layout.tiles),
        *(f"pathway:{a}-{b}" for a, b in layout.pathways),
        *(f"card:{CARDS[c]}" for c in deck_for(record.players)),
    )


def _write_layout(w: BitWriter, layout: Layout) -> None:
    w.uint(len(layout.territories) - 1, 2)
    for t in layout.territories:
        w.text(t.name)
        w.text(t.value)
    w.uint(len(layout.tiles) - 1, 4)
    for tile in layout.tiles:
        w.uint(tile.number - 1, 4)
        w.signed(tile.q)
        w.signed(tile.r)
        w.uint(tile.territory, 2)
    w.uint(len(layout.pathways), 2)
    for a, b in layout.pathways:
        w.uint(a - 1, 4)
        w.uint(b - 1, 4)


def _read_layout(r: BitReader) -> Layout:
    territories = [Territory(r.text(60), r.text(20)) for _ in range(r.uint(2) + 1)]
    tiles = []
    for _ in range(r.uint(4) + 1):
        number = r.uint(4) + 1
        q, rr = r.signed(), r.signed()
        territory = r.uint(2)
        if number > NUMBERS or territory >= len(territories):
            raise LinkError("the link's layout is not valid")
        tiles.append(Tile(number, q, rr, territory))
    pathways = []
    count = r.uint(2)
    if count > MAX_PATHWAYS or len(territories) > MAX_TERRITORIES:
        raise LinkError("the link's layout is not valid")
    for _ in range(count):
        pathways.append([r.uint(4) + 1, r.uint(4) + 1])
    data = Layout(tuple(tiles), tuple(territories), ()).to_json()
    data["pathways"] = pathways
    try:
        layout, _ = parse_layout(data)  # the same checks as a layout file
    except BoardError as e:
        raise LinkError(f"the link's layout is not valid: {e}") from None
    return layout
