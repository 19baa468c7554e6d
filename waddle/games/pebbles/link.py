"""A whole game of Pebbles in a short, checksummed text for share links (``p1.``).

``encode_link`` packs a record (and optional seat names, computer seats and a study) into
``"p1." + base64url`` with the shared parts of :mod:`waddle.core.links`:

- the number of players (2 bits), whether names follow (1 bit), whether the layout is a
  built-in one (1 bit): a built-in as its index among :func:`~waddle.games.pebbles.layout.
  builtin_names` (a varint), a custom one written out (territories, tiles, pathways);
- the lead player (2 bits) and the record's seed (a varint: later reshuffles are drawn
  from it);
- the deal: the hands (each in card order), the row and the deck, in that order, as one
  permutation of the game's cards, packed as its rank in ``ceil(log2(n!))`` bits (226 bits
  for the 52 cards of a 4-player game, 160 for 40, 98 for 28);
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
>>> perm = [3, 0, 2, 1]
>>> unrank(rank(perm, [0, 1, 2, 3]), [0, 1, 2, 3]) == perm
True
"""

from __future__ import annotations

from collections.abc import Sequence
from math import factorial

from waddle.core.bits import BitReader, BitWriter, DecodeError, pack_text
from waddle.core.game import CHANCE
from waddle.core.links import (
    MAX_ACTIONS,
    LinkedGame,
    LinkError,
    index_width,
    link_reader,
    read_seats,
    write_seats,
)
from waddle.core.records import BoardError, RecordError
from waddle.core.study import Study, read_study, study_places, write_study
from waddle.games.pebbles.actions import Action
from waddle.games.pebbles.cards import CARDS, MIN_PLAYERS, NUMBERS, deck_for
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
]


def rank(perm: Sequence[int], items: Sequence[int]) -> int:
    """The rank of ``perm`` among the permutations of ``items`` (Lehmer code): a number
    below ``len(items)!``, the same for the same order whatever order ``items`` is in."""
    pool = sorted(items)
    value = 0
    for x in perm:
        i = pool.index(x)
        value = value * len(pool) + i
        del pool[i]
    return value


def unrank(value: int, items: Sequence[int]) -> list[int]:
    """Inverse of :func:`rank`."""
    pool = sorted(items)
    n = len(pool)
    digits = [0] * n
    for j in range(n - 1, -1, -1):
        value, digits[j] = divmod(value, n - j)
    return [pool.pop(d) for d in digits]


def _write_perm(w: BitWriter, perm: Sequence[int], items: Sequence[int]) -> None:
    w.uint(rank(perm, items), index_width(factorial(len(items))))


def _read_perm(r: BitReader, items: Sequence[int]) -> list[int]:
    value = r.uint(index_width(factorial(len(items))))
    if value >= factorial(len(items)):
        raise LinkError("the link holds an impossible shuffle")
    return unrank(value, items)


def encode_link(
    record: Record,
    names: Sequence[str] | None = None,
    bots: Sequence[str | None] | None = None,
    study: Study | None = None,
) -> str:
    """The link text of ``record``, with seat names and computer seats if given, and a
    ``study`` after them (:func:`waddle.core.study.write_study`). A record through one
    seat's eyes (``record.eyes``) gets a ``p2.`` link that holds only what that seat has
    seen by its last action, and a study of what it may see (:func:`eyes.seen_study`)."""
    players = record.players
    w = BitWriter()
    eyes = record.eyes
    if eyes is not None:
        record = redact(record, eyes)
        study = seen_study(record, study, eyes)
        w.uint(eyes, EYES_BITS)
    w.uint(players - MIN_PLAYERS, 2)
    w.uint(1 if names else 0, 1)
    builtin = record.layout.name is not None and record.layout.name in builtin_names()
    w.uint(1 if builtin else 0, 1)
    if builtin:
        w.varint(builtin_names().index(record.layout.name))
    else:
        _write_layout(w, record.layout)
    w.uint(record.lead, 2)
    w.varint(record.seed)  # 0 to MAX_SEED: the record reader refuses any other
    deal = [c for hand in record.hands for c in hand] + list(record.row) + list(record.deck)
    _write_perm(w, deal, deck_for(players))
    state = record.start()
    w.varint(len(record.actions))
    for action in record.actions:
        if state.to_move() == CHANCE:
            _write_perm(w, action.arg, state.discards)
        else:
            legal = state.legal_actions()
            w.uint(legal.index(action), index_width(len(legal)))
        state.apply(action)
    write_seats(w, names, bots, players, BOT_LEVELS)
    write_study(w, study, places(record), players, bots, base=len(record.layout.tiles))
    return (PREFIX if eyes is None else PREFIX_EYES) + pack_text(w.to_bytes())


def decode_link(text: str) -> LinkedGame:
    """Everything in a link text: the record, seat names, computer seats and a study.

    ``LinkError`` with a message for the user if the text is damaged, truncated, from
    another game or holds an impossible game.
    """
    try:
        seen = text.strip().startswith(PREFIX_EYES)
        r = link_reader(text, PREFIX_EYES if seen else PREFIX, "Pebbles")
        eyes = r.uint(EYES_BITS) if seen else None
        players = r.uint(2) + MIN_PLAYERS
        if players > 4:
            raise LinkError("the link's number of players is not valid")
        has_names = r.uint(1)
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
        deal = [CARDS[c] for c in _read_perm(r, deck_for(players))]
        hands = tuple(tuple(sorted(deal[p * HAND : (p + 1) * HAND])) for p in range(players))
        row = tuple(deal[players * HAND : players * HAND + ROW])
        deck = tuple(deal[players * HAND + ROW :])
        record = Record(players, layout, hands, row, deck, lead, [], seed)
        try:
            state = record.start()
        except RecordError as e:
            raise LinkError(f"the link's layout is not valid: {e}") from None
        _read_actions(r, state)
        names, bots = read_seats(r, bool(has_names), players, BOT_LEVELS)
        study = read_study(r, places(record), state.ply, base=len(record.layout.tiles))
    except DecodeError as e:
        raise LinkError(f"the link is damaged: {e}") from None
    record = record.with_actions(state.history)
    if eyes is not None:
        if eyes >= players:
            raise LinkError("the link's seat is not a seat of its game")
        # The stand-ins are worked out again from what the seat has seen: whatever the
        # link held in their places is not read as anyone's cards.
        record = redact(record, eyes)
    return LinkedGame(record, names, bots, study)


def _read_actions(r: BitReader, state: PebblesState) -> None:
    count = r.varint()
    if count > MAX_ACTIONS:
        raise LinkError("the link has too many moves")
    for _ in range(count):
        if state.to_move() == CHANCE:
            state.apply(Action.reshuffle(_read_perm(r, state.discards)))
            continue
        legal = state.legal_actions()
        if not legal:
            raise LinkError("the link has moves after the end of the game")
        i = r.uint(index_width(len(legal)))
        if i >= len(legal):
            raise LinkError("the link has an impossible move")
        state.apply(legal[i])


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
