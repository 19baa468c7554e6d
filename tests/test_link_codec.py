"""The link codec's options, on Nim (shared code names no game): a layout added later under a
prefix of its own leaves the first layout's links as they were, a link through one seat's
eyes carries that seat and is read back through the game's redaction, and whatever a
damaged or foreign text holds comes back as one line."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

from waddle.core.bits import BitReader, BitWriter, pack_text, unpack_text
from waddle.core.link_codec import Eyes, LinkCodec
from waddle.core.links import LinkError, read_permutation, write_permutation
from waddle.core.nim import Nim

LEVELS = ("easy", "hard")


@dataclass(frozen=True)
class Pile:
    """A record of Nim: players, stones, actions; ``bonus`` came with a later layout and
    ``eyes`` is the seat a record is seen through."""

    players: int
    stones: int
    actions: tuple = ()
    bonus: int = 0
    eyes: int | None = None

    def start(self) -> Nim:
        return Nim(self.players, self.stones)

    def with_actions(self, actions) -> Pile:
        return replace(self, actions=tuple(actions))


def _write_setup(w: BitWriter, record: Pile) -> None:
    w.varint(record.stones)
    if record.bonus:
        w.varint(record.bonus)


def _read_setup(r: BitReader, players: int, variant: int = 0) -> Pile:
    stones = r.varint()
    return Pile(players, stones, bonus=r.varint() if variant == 1 else 0)


def _redact(record: Pile, seat: int) -> Pile:
    return replace(record, eyes=seat)


FIRST = LinkCodec("n1.", "Nim", (2, 5), LEVELS, _write_setup, _read_setup, lambda _r: ())
"""The codec as it was before the bonus."""
LATER = replace(
    FIRST,
    variants=("n2.",),
    variant=lambda record: 1 if record.bonus else 0,
    eyes=Eyes("n3.", _redact, lambda _record, study, _seat: study),
)
"""The same game once it has the bonus and links through one seat's eyes."""


def played(players: int = 3, stones: int = 20, bonus: int = 0) -> Pile:
    return Pile(players, stones, (1, 3, 2, 2), bonus)


def test_a_record_that_needs_no_later_layout_keeps_the_first_prefix_and_its_bits():
    record = played()
    assert LATER.encode(record, ["Ann", "Bo", "Cy"], [None, "hard", None]) == FIRST.encode(
        record, ["Ann", "Bo", "Cy"], [None, "hard", None]
    )
    assert LATER.decode(FIRST.encode(record)).record == record


def test_a_record_that_needs_the_later_layout_goes_under_its_prefix_and_comes_back_whole():
    record = played(bonus=7)
    text = LATER.encode(record, None, [None, "easy", "hard"])
    assert text.startswith("n2.")
    game = LATER.decode(text)
    assert game.record == record and game.bots == [None, "easy", "hard"]
    with pytest.raises(LinkError, match="does not hold a game of Nim"):
        FIRST.decode(text)  # an app from before refuses it rather than lose the bonus


@pytest.mark.parametrize("bonus", [0, 5])
def test_a_link_through_one_seats_eyes_carries_the_seat_and_the_layout(bonus):
    record = replace(played(bonus=bonus), eyes=2)
    text = LATER.encode(record, ["Ann", "Bo", "Cy"])
    assert text.startswith("n3.")
    assert LATER.decode(text).record == record
    assert LATER.prefixes == ("n1.", "n2.", "n3.")


def test_a_link_through_the_eyes_of_a_seat_its_game_lacks_is_refused():
    w = BitWriter()
    w.uint(4, 3)  # seat 4 of a game of three
    w.uint(0, 1)
    w.uint(1, 2)
    w.uint(0, 1)
    _write_setup(w, played())
    w.varint(0)
    with pytest.raises(LinkError, match="not a seat of its game"):
        LATER.decode("n3." + pack_text(w.to_bytes()))


def _same_bytes(body: str, other: str) -> bool:
    try:
        return unpack_text(other) == unpack_text(body)
    except ValueError:
        return False


def test_spare_bits_set_in_the_last_character_are_damage_unless_the_format_never_checked():
    record = next(p for p in (played(stones=s) for s in range(20, 40)) if len(FIRST.encode(p)) % 4)
    body = FIRST.encode(record)[3:]
    spare = next(
        body[:-1] + c
        for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        if c != body[-1] and _same_bytes(body, body[:-1] + c)
    )
    with pytest.raises(LinkError, match="damaged"):
        FIRST.decode("n1." + spare)
    assert replace(FIRST, exact_text=False).decode("n1." + spare).record == record


def test_a_deal_written_as_a_permutation_comes_back_and_an_impossible_one_is_refused():
    cards = list(range(10, 30))
    deal = random.Random(4).sample(cards, len(cards))
    w = BitWriter()
    write_permutation(w, deal, cards)
    assert read_permutation(BitReader(w.to_bytes()), cards) == deal
    w = BitWriter()
    w.uint(2**62 - 1, 62)  # beyond 20!, in the 62 bits a deal of 20 takes
    with pytest.raises(LinkError, match="impossible shuffle"):
        read_permutation(BitReader(w.to_bytes()), cards)


def test_damaged_links_of_every_layout_come_back_as_one_line():
    rng = random.Random(7)
    texts = [
        LATER.encode(played()),
        LATER.encode(played(bonus=3)),
        LATER.encode(replace(played(bonus=3), eyes=1)),
    ]
    for text in texts:
        prefix, payload = text[:3], unpack_text(text[3:])
        for _ in range(200):
            data = bytearray(payload)
            if rng.random() < 0.5 and data:
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
            else:
                data = data[: rng.randrange(len(data) + 1)]
            try:
                LATER.decode(prefix + pack_text(bytes(data)))
            except LinkError as e:
                assert "\n" not in str(e)
