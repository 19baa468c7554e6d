"""A whole game of Waddle Waddle in a short, checksummed text for share links (``ww1.``).

``encode_link`` packs a record (and optional seat names, computer seats and a study) with
the :class:`~waddle.core.link_codec.LinkCodec` it configures:

- the number of players (3 bits), whether names follow (1 bit), the options (the speed in
  2 bits, then one bit per switch, in :class:`~.options.Options` order);
- the component set: 0 for the built-in one, 1 and its JSON text for a custom set;
- the setup: ``0`` and the seed, when the record's setup is exactly what that seed draws
  (:meth:`.record.Record.is_generated`); else ``1`` and the setup written out: each season's
  deck as a permutation (its threats as an 8-bit set, then each card as its index among
  the distinct cards not yet written, in as few bits as that choice needs), each season's
  event as its index among that season's events, and the first season's tokens as two
  permutations of five;
- each action as its index among the legal actions, then seats, a study and a 24-bit
  checksum.

**Seed or permutations.** A link from a seed regenerates the decks with
:class:`waddle.core.rng.Rng`, which uses only ``random.Random(seed).random()`` (Python
guarantees that sequence for an integer seed across versions) and the project's own
shuffle, and is checked against the record when written: a record whose decks are not
what its seed draws is written out card by card. Records themselves always hold the
decks in full, so replaying a record never depends on a generator, and a link only
carries a seed for a setup it has just been shown to reproduce.

>>> from waddle.games.waddle_waddle.record import new_record
>>> record = new_record(3, seed=9)
>>> state = record.start()
>>> for _ in range(30):
...     state.apply(state.legal_actions()[-1])
>>> record = record.with_actions(state.history)
>>> text = encode_link(record, ["Ann", "Bo", "Cy"], [None, "hard", None])
>>> text[:4], len(text) < 80
('ww1.', True)
>>> game = decode_link(text)
>>> game.record.dumps() == record.dumps(), game.names, game.bots
(True, ['Ann', 'Bo', 'Cy'], [None, 'hard', None])
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import fields

from waddle.core import jsontext
from waddle.core.bits import BitReader, BitWriter
from waddle.core.link_codec import Eyes, LinkCodec
from waddle.core.links import LinkError, index_width
from waddle.core.records import BoardError, RecordError
from waddle.games.waddle_waddle.cards import KEVIN, SPECIES_CODES, THREAT0, full_deck
from waddle.games.waddle_waddle.components import (
    BUILT_IN,
    ROOKERIES,
    ROOKERY_IDS,
    Components,
    components_from_json,
)
from waddle.games.waddle_waddle.components import (
    MAX_BYTES as MAX_COMPONENTS_BYTES,
)
from waddle.games.waddle_waddle.eyes import redact, seen_study
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Generated,
    Record,
    Setup,
    generate_setup,
)

PREFIX = "ww1."
"""Format version of the link text; a new layout gets a new prefix."""

PREFIX_HANDICAP = "ww2."
"""The layout of a game with the hero handicap option (not a rule: :mod:`.handicap`):
``ww1.``'s, with each hero's points (6 bits each, in ``HEROES`` order) right after the
switches. A game without the option keeps ``ww1.``, so its links are what they were; an
app from before the option refuses a ``ww2.`` link (an unknown format) rather than open
it without the handicap."""

PREFIX_EYES = "ww3."
"""A game seen through one seat's eyes (:mod:`.eyes`): the seat in 3 bits, whether the
game has the hero handicap (1 bit), then ``ww1.``'s layout (``ww2.``'s with the handicap)
for the record as that seat has seen it, its setup written out with stand-ins where the
seat has seen nothing (which the decoder works out again). An app from before refuses it
(an unknown format) rather than take the stand-ins for the cards."""
EYES_BITS = 3

BOT_LEVELS = ("random", "easy", "medium", "hard")
"""Computer seat levels a link can name, by position: append, never reorder."""

CARD_CODES: tuple[str, ...] = (
    *(f"{species}{n}" for species in SPECIES_CODES for n in range(1, 7)),
    "Kv",
)
"""Every card a hand, the floe or a waddle may show, in card order: the 36 penguins and
Kevin (threat cards go to the map as they come up: a study marks the rookery)."""

_SWITCHES = tuple(f.name for f in fields(Options) if f.name not in ("seasons", "hero_handicap"))
_HANDICAP_BITS = 6

__all__ = [
    "BOT_LEVELS",
    "PREFIX",
    "PREFIX_EYES",
    "PREFIX_HANDICAP",
    "decode_link",
    "encode_link",
    "places",
]


def _write_setup(w: BitWriter, record: Record) -> None:
    setup = record.setup
    w.uint(setup.options.seasons - 1, 2)
    for name in _SWITCHES:
        w.uint(1 if getattr(setup.options, name) else 0, 1)
    handicap = setup.options.hero_handicap
    if handicap is not None:
        for vp in handicap:
            w.uint(vp, _HANDICAP_BITS)
    if setup.components is BUILT_IN:
        w.uint(0, 1)
    else:
        w.uint(1, 1)
        raw = setup.components.to_json()
        w.text(json.dumps(raw, separators=(",", ":"), ensure_ascii=False))
    if record.is_generated():
        assert record.generated is not None
        w.uint(0, 1)
        w.varint(record.generated.seed)
    else:
        w.uint(1, 1)
        _write_deal(w, setup)


def _read_setup(r: BitReader, players: int, variant: int) -> Record:
    seasons = r.uint(2) + 1
    switches = {name: bool(r.uint(1)) for name in _SWITCHES}
    handicap = tuple(r.uint(_HANDICAP_BITS) for _ in range(len(HEROES))) if variant == 1 else None
    try:
        options = Options(seasons=seasons, hero_handicap=handicap, **switches)
        options.check(players)
    except ValueError as e:
        raise LinkError(f"the link's options are not valid: {e}") from None
    components = BUILT_IN
    if r.uint(1):
        try:
            raw = jsontext.loads(r.text(MAX_COMPONENTS_BYTES))
            components, _warnings = components_from_json(raw)
        except (ValueError, BoardError) as e:  # a text too long, not JSON, not a set
            raise LinkError(f"the link's component set is not valid: {e}") from None
    if r.uint(1) == 0:
        seed = r.varint()
        return Record(generate_setup(players, seed, options, components), [], Generated(seed))
    setup = _read_deal(r, players, options, components)
    try:  # the same checks as a record file's
        Record.from_json({**setup.to_json(), "actions": []})
    except RecordError as e:
        raise LinkError(f"the link's setup is not valid: {e}") from None
    return Record(setup)


CODEC = LinkCodec(
    PREFIX,
    "Waddle Waddle",
    (MIN_PLAYERS, MAX_PLAYERS),
    BOT_LEVELS,
    _write_setup,
    _read_setup,
    lambda record: places(record),  # looked up at each call: a test may stand in for it
    player_bits=3,
    setup_name="setup",
    variants=(PREFIX_HANDICAP,),
    variant=lambda record: 0 if record.setup.options.hero_handicap is None else 1,
    eyes=Eyes(PREFIX_EYES, redact, seen_study, EYES_BITS),
    study_base=lambda record: len(ROOKERY_IDS),
    max_chars=40_000,
)
"""The link: (``ww3.``: the seat and whether the game has the hero handicap), players,
names flag, options, the component set, the setup (its seed, or written out), actions,
seats, study. A record through one seat's eyes (``record.eyes``) gets a ``ww3.`` link that
holds only what that seat has seen by its last action, and a study of what it may see."""
encode_link = CODEC.encode
decode_link = CODEC.decode


def places(record: Record) -> tuple[str, ...]:
    """The places a study may mark, in a fixed order: the five rookeries, by id (what the
    map's ``data-hex`` hooks carry), then every card a table may show, as ``"card:Ki3"``
    (its ``data-card``), in card order (:data:`CARD_CODES`).

    The rookeries come first and alone set the width of a mark in a link's steps, as
    before cards could be marked (:func:`waddle.core.study.write_study`'s ``base``), so
    study links written then open as they did.

    >>> names = places(None)
    >>> names[:2], names[5], names[-1], len(names)
    (('macquarie', 'peninsula'), 'card:Mg1', 'card:Kv', 42)
    """
    return (*ROOKERY_IDS, *(f"card:{c}" for c in CARD_CODES))


# -- a setup written out --------------------------------------------------------------------


def _deck_cards(threats: Sequence[int], kevin: bool) -> list[int]:
    return sorted([*full_deck(), *([KEVIN] if kevin else []), *(THREAT0 + t for t in threats)])


def _write_permutation(w: BitWriter, items: Sequence[int], pool: list[int]) -> None:
    """``items`` (a permutation of the multiset ``pool``) as indexes among the distinct
    values left, one after the other."""
    left = sorted(pool)
    for item in items:
        distinct = sorted(set(left))
        w.uint(distinct.index(item), index_width(len(distinct)))
        left.remove(item)


def _read_permutation(r: BitReader, pool: list[int]) -> list[int]:
    left = sorted(pool)
    out = []
    for _ in range(len(pool)):
        distinct = sorted(set(left))
        i = r.uint(index_width(len(distinct)))
        if i >= len(distinct):
            raise LinkError("the link's setup is not valid: an impossible card")
        out.append(distinct[i])
        left.remove(distinct[i])
    return out


def _write_deal(w: BitWriter, setup: Setup) -> None:
    for deck in setup.decks:
        threats = sorted(c - THREAT0 for c in deck if c >= THREAT0)
        w.uint(sum(1 << t for t in threats), 8)
        _write_permutation(w, deck, _deck_cards(threats, setup.options.kevin))
    for s, event_id in enumerate(setup.events):
        choices = [e.id for e in setup.components.events_of(s + 1)]
        w.uint(choices.index(event_id), index_width(len(choices)))
    for tokens in setup.tokens:
        _write_permutation(w, tokens, list(range(ROOKERIES)))


def _read_deal(r: BitReader, players: int, options: Options, components: Components) -> Setup:
    decks = []
    for _ in range(options.seasons):
        mask = r.uint(8)
        threats = [t for t in range(8) if mask >> t & 1]
        decks.append(tuple(_read_permutation(r, _deck_cards(threats, options.kevin))))
    events = []
    if not options.no_events:
        for s in range(options.seasons):
            choices = [e.id for e in components.events_of(s + 1)]
            i = r.uint(index_width(len(choices)))
            if i >= len(choices):
                raise LinkError("the link's setup is not valid: an unknown event")
            events.append(choices[i])
    cp = tuple(_read_permutation(r, list(range(ROOKERIES))))
    fish = tuple(_read_permutation(r, list(range(ROOKERIES))))
    return Setup(players, options, components, tuple(decks), tuple(events), (cp, fish))
