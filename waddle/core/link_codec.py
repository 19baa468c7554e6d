"""The share-link codec a game configures instead of writing one: the layout every simple
game's link has, with the game's setup as the only part of its own.

A link is ``prefix + base64url(bits + checksum)`` (:mod:`waddle.core.links`), its bits in
this order: the number of players (``player_bits``, from the fewest), whether seat names
follow (1 bit), the game's setup (``write_setup``), the actions (each its index among the
legal ones), the seats, and a study (:func:`waddle.core.study.write_study`). Decoding
replays the actions, so a decoded link is always a legal game; any damage is a
``LinkError`` with one line for the user.

A game whose link holds more (chance outcomes, a record through one seat's eyes) writes
its own with the parts of :mod:`waddle.core.links`.

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

from waddle.core.bits import BitReader, BitWriter, DecodeError, pack_text
from waddle.core.links import (
    LinkedGame,
    LinkError,
    link_reader,
    read_actions,
    read_seats,
    write_actions,
    write_seats,
)
from waddle.core.records import RecordError
from waddle.core.study import Study, read_study, write_study


@dataclass(frozen=True)
class LinkCodec:
    """A game's link: its prefix and setup, the rest as every simple game writes it. A
    game's ``link.py`` makes one and gives its :meth:`encode`, :meth:`decode` and
    ``places`` as ``encode_link``, ``decode_link`` and ``places``."""

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
    read_setup: Callable[[BitReader, int], Any]
    """Reads a setup back as a record without actions, for ``players`` (``LinkError`` for
    one that cannot be)."""
    places: Callable[[Any], tuple[str, ...]]
    """``GAME.places``: the places a study's marks are stored against."""
    player_bits: int = 2
    """Bits for the number of players (from the fewest)."""

    def encode(
        self,
        record: Any,
        names: Sequence[str] | None = None,
        bots: Sequence[str | None] | None = None,
        study: Study | None = None,
    ) -> str:
        """The link text of ``record``, with seat names and computer seats if given, and a
        ``study`` after them."""
        w = BitWriter()
        w.uint(record.players - self.players[0], self.player_bits)
        w.uint(1 if names else 0, 1)
        self.write_setup(w, record)
        write_actions(w, record.start(), record.actions)
        write_seats(w, names, bots, record.players, self.levels)
        write_study(w, study, self.places(record), record.players, bots)
        return self.prefix + pack_text(w.to_bytes())

    def decode(self, text: str) -> LinkedGame:
        """Everything in a link text: the record, seat names, computer seats and a study.

        ``LinkError`` with a message for the user if the text is damaged, truncated, from
        another game or holds an impossible game.
        """
        try:
            r = link_reader(text, self.prefix, self.title)
            players = r.uint(self.player_bits) + self.players[0]
            if players > self.players[1]:
                raise LinkError("the link's number of players is not valid")
            has_names = r.uint(1)
            record = self.read_setup(r, players)
            try:
                state = record.start()
            except RecordError as e:
                raise LinkError(f"the link's board is not valid: {e}") from None
            read_actions(r, state)
            names, bots = read_seats(r, bool(has_names), players, self.levels)
            study = read_study(r, self.places(record), len(state.history))
        except DecodeError as e:
            raise LinkError(f"the link is damaged: {e}") from None
        return LinkedGame(record.with_actions(state.history), names, bots, study)


__all__ = ["LinkCodec"]
