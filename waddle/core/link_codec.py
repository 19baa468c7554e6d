"""The share-link codec a game configures instead of writing one: the layout every simple
game's link has, with the game's setup as the only part of its own.

A link is ``prefix + base64url(bits + checksum)`` (:mod:`waddle.core.links`), its bits in
this order: the number of players (``player_bits``, from the fewest), whether seat names
follow (1 bit), the game's setup (``write_setup``), the actions (each its index among the
legal ones; an outcome of chance as ``write_chance`` writes it), the seats, and a study
(:func:`waddle.core.study.write_study`). Decoding replays the actions, so a decoded link
is always a legal game; any damage is a ``LinkError`` with one line for the user.

What a game's link may hold beyond that, each an option:

- **variants**: later layouts of the same game under prefixes of their own (``variants``),
  for a record that needs more than the first layout holds (an option a game gained
  later): ``variant(record)`` picks one, ``read_setup`` is told which it reads, and a
  record that needs none keeps the first prefix and the very same bits;
- **chance**: ``write_chance`` and ``read_chance`` write an outcome of chance among the
  actions (a reshuffled deck as a permutation: :func:`waddle.core.links.write_permutation`);
- **one seat's eyes**: a record with ``eyes`` set (the seat it is seen through) gets a
  link under ``eyes.prefix`` holding only what that seat has seen: the seat and the
  variant first, then the record the game's ``eyes.redact`` makes of it and the study
  ``eyes.seen_study`` leaves, read back through ``redact`` again (:class:`Eyes`);
- ``study_base``: the places that alone set the width of a study's marks (places added
  later go after them);
- ``max_chars``, ``exact_text``: the longest text read, and whether the spare bits of its
  last character must be zero (a format that never checked keeps reading what it read).

>>> from dataclasses import dataclass
>>> from waddle.core.nim import Nim
>>> @dataclass
... class Pile:  # a record of Nim: players, stones, actions
...     players: int
...     stones: int
...     actions: tuple = ()
...     def start(self): return Nim(self.players, self.stones)
...     def with_actions(self, actions): return Pile(self.players, self.stones, tuple(actions))
>>> codec = LinkCodec(
...     "n1.", "Nim", (2, 5), ("easy", "hard"),
...     write_setup=lambda w, record: w.varint(record.stones),
...     read_setup=lambda r, players: Pile(players, r.varint()),
...     places=lambda record: (),
... )
>>> text = codec.encode(Pile(3, 10, (2, 3)), ["Ann", "Bo", "Cy"], [None, "hard", None])
>>> text.startswith("n1."), codec.decode(text).record, codec.decode(text).bots
(True, Pile(players=3, stones=10, actions=(2, 3)), [None, 'hard', None])
>>> codec.decode(text[:-2])
Traceback (most recent call last):
...
waddle.core.links.LinkError: the link is damaged: the checksum does not match: the data is damaged or incomplete
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from waddle.core.bits import BitWriter, DecodeError, pack_text
from waddle.core.links import (
    LinkedGame,
    LinkError,
    ReadChance,
    WriteChance,
    index_width,
    link_reader,
    read_actions,
    read_seats,
    write_actions,
    write_seats,
)
from waddle.core.records import RecordError
from waddle.core.study import Study, read_study, write_study


@dataclass(frozen=True)
class Eyes:
    """How a game writes a record seen through one seat's eyes (``record.eyes``, the seat)."""

    prefix: str
    """The prefix of such links (an app from before refuses them: an unknown format)."""
    redact: Callable[[Any, int], Any]
    """``redact(record, seat)``: the record as the seat has seen it, ``eyes`` set, what it
    has not seen replaced by stand-ins the game works out again from what it has seen
    (``RecordError`` for a record that cannot be seen so)."""
    seen_study: Callable[[Any, Any, int], Any]
    """``seen_study(record, study, seat)``: what of a study such a link carries."""
    seat_bits: int = 3
    """Bits for the seat."""


@dataclass(frozen=True)
class LinkCodec:
    """A game's link: its prefix and setup, the rest as every game writes it, with the
    options above. A game's ``link.py`` makes one and gives its :meth:`encode`,
    :meth:`decode` and ``places`` as ``encode_link``, ``decode_link`` and ``places``."""

    prefix: str
    """The prefix the game writes (the registry entry's first ``link_prefixes``)."""
    title: str
    """The game's name, in the message of a link of another game."""
    players: tuple[int, int]
    """Fewest and most players a link may hold."""
    levels: Sequence[str]
    """The computer levels a link can name (``GAME.bot_levels``)."""
    write_setup: Callable[[BitWriter, Any], None]
    """Writes a record's setup (its board, its seed: everything but players and actions)."""
    read_setup: Callable[..., Any]
    """``read_setup(r, players)`` (with ``variants``: ``(r, players, variant)``) reads a
    setup back as a record without actions (``LinkError`` for one that cannot be)."""
    places: Callable[[Any], tuple[str, ...]]
    """``GAME.places``: the places a study's marks are stored against."""
    player_bits: int = 2
    """Bits for the number of players (from the fewest)."""
    setup_name: str = "board"
    """What the setup is called in the message for one the game refuses to start from."""
    variants: tuple[str, ...] = ()
    """Prefixes of the later layouts, variant 1, 2, ... (``prefix`` is variant 0)."""
    variant: Callable[[Any], int] | None = None
    """Which variant a record is written in (with ``variants``)."""
    write_chance: WriteChance | None = None
    """An outcome of chance among the actions (:func:`waddle.core.links.write_actions`)."""
    read_chance: ReadChance | None = None
    """Inverse of ``write_chance``."""
    eyes: Eyes | None = None
    """Links through one seat's eyes, for a game with hidden information."""
    study_base: Callable[[Any], int] | None = None
    """How many of the record's first places set the width of a study's marks (None: all)."""
    max_chars: int = 20_000
    """The longest link text read."""
    exact_text: bool = True
    """Whether a text whose last character has spare bits set is refused as damaged."""

    def encode(
        self,
        record: Any,
        names: Sequence[str] | None = None,
        bots: Sequence[str | None] | None = None,
        study: Study | None = None,
    ) -> str:
        """The link text of ``record``, with seat names and computer seats if given, and a
        ``study`` after them; a record seen through one seat's eyes holds only what that
        seat has seen."""
        w = BitWriter()
        variant = 0 if self.variant is None else self.variant(record)
        seat = getattr(record, "eyes", None) if self.eyes is not None else None
        if seat is not None:
            assert self.eyes is not None
            record = self.eyes.redact(record, seat)
            study = self.eyes.seen_study(record, study, seat)
            w.uint(seat, self.eyes.seat_bits)
            w.uint(variant, self._variant_bits)
        w.uint(record.players - self.players[0], self.player_bits)
        w.uint(1 if names else 0, 1)
        self.write_setup(w, record)
        write_actions(w, record.start(), record.actions, self.write_chance)
        write_seats(w, names, bots, record.players, self.levels)
        base = None if self.study_base is None else self.study_base(record)
        write_study(w, study, self.places(record), record.players, bots, base=base)
        if seat is not None:
            assert self.eyes is not None
            prefix = self.eyes.prefix
        else:
            prefix = self.variants[variant - 1] if variant else self.prefix
        return prefix + pack_text(w.to_bytes())

    def decode(self, text: str) -> LinkedGame:
        """Everything in a link text: the record, seat names, computer seats and a study.

        ``LinkError`` with a message for the user if the text is damaged, truncated, from
        another game or holds an impossible game.
        """
        seat = None
        try:
            prefix, variant = self._prefix_of(text.strip())
            r = link_reader(text, prefix, self.title, self.max_chars, self.exact_text)
            if self.eyes is not None and prefix == self.eyes.prefix:
                seat = r.uint(self.eyes.seat_bits)
                variant = r.uint(self._variant_bits)
                if variant > len(self.variants):
                    raise LinkError("the link's format is not valid")
            players = r.uint(self.player_bits) + self.players[0]
            if players > self.players[1]:
                raise LinkError("the link's number of players is not valid")
            has_names = r.uint(1)
            if self.variants:
                record = self.read_setup(r, players, variant)
            else:
                record = self.read_setup(r, players)
            try:
                state = record.start()
            except RecordError as e:
                raise LinkError(f"the link's {self.setup_name} is not valid: {e}") from None
            read_actions(r, state, self.read_chance)
            names, bots = read_seats(r, bool(has_names), players, self.levels)
            base = None if self.study_base is None else self.study_base(record)
            study = read_study(r, self.places(record), len(state.history), base)
        except DecodeError as e:
            raise LinkError(f"the link is damaged: {e}") from None
        record = record.with_actions(state.history)
        if seat is not None:
            assert self.eyes is not None
            if seat >= players:
                raise LinkError("the link's seat is not a seat of its game")
            # The stand-ins are worked out again from what the seat has seen: whatever the
            # link held in their places is not read as anyone's cards.
            try:
                record = self.eyes.redact(record, seat)
            except RecordError as e:
                raise LinkError(f"the link's game cannot be seen through its seat: {e}") from None
        return LinkedGame(record, names, bots, study)

    @property
    def prefixes(self) -> tuple[str, ...]:
        """Every prefix the codec reads, the one a plain record gets first."""
        return (self.prefix, *self.variants, *(() if self.eyes is None else (self.eyes.prefix,)))

    @property
    def _variant_bits(self) -> int:
        return index_width(1 + len(self.variants))

    def _prefix_of(self, text: str) -> tuple[str, int]:
        """The prefix ``text`` starts with and its variant (a text with none of them is
        read with the first, which refuses it as of another game)."""
        if self.eyes is not None and text.startswith(self.eyes.prefix):
            return self.eyes.prefix, 0
        for k, prefix in enumerate(self.variants, start=1):
            if text.startswith(prefix):
                return prefix, k
        return self.prefix, 0


__all__ = ["Eyes", "LinkCodec"]
