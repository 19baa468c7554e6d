"""Remote play's link format (waddle/core/remote.py): messages round-trip, and hostile
links (random text, valid links damaged bit by bit behind a valid checksum, hostile sizes)
get one line and change nothing, in time linear in their length."""

from __future__ import annotations

import contextlib
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from remote_helpers import first_turns_links, start_game

from waddle.app.remote_game import RemoteError
from waddle.core import crypto, remote
from waddle.core.bits import BitWriter, pack_text, unpack_text
from waddle.core.links import LinkError
from waddle.core.remote import COMPUTER, FREE, PERSON, Genesis, Lobby, Seat, Signed, Table, Turn
from waddle.ui import seats as ui_seats

KEYS = [crypto.public_key(bytes([i]) * 32) for i in range(1, 9)]
SLOW = 1.0


def names():
    return st.text(
        alphabet=st.characters(blacklist_categories=("Cs",)), max_size=remote.MAX_NAME_CHARS
    )


@st.composite
def tables(draw):
    count = draw(st.integers(1, remote.MAX_KEYS))
    keys = tuple(KEYS[:count])
    seats = []
    for _ in range(draw(st.integers(1, remote.MAX_SEATS))):
        holder = draw(st.sampled_from((FREE, PERSON, COMPUTER)))
        key = draw(st.integers(0, count - 1)) if holder == PERSON else 0
        seats.append(Seat(holder, key, draw(names()) if holder != FREE else ""))
    return Table(keys, tuple(seats))


@st.composite
def geneses(draw):
    return Genesis(
        draw(st.binary(min_size=12, max_size=12)),
        draw(st.sampled_from(("w1.", "h1.", "ww1."))),
        draw(st.binary(max_size=60)),
        draw(tables()),
    )


@st.composite
def messages(draw):
    signature = draw(st.binary(min_size=64, max_size=64))
    if draw(st.booleans()):
        return Lobby(draw(geneses()), signature)
    genesis = draw(st.none() | geneses())
    game_id = genesis.game_id if genesis else draw(st.binary(min_size=12, max_size=12))
    start = 0 if genesis else draw(st.integers(0, 400))
    signed = draw(
        st.lists(
            st.builds(
                Signed,
                st.integers(0, 7),
                st.integers(0, 5000),
                st.just(signature),
            ),
            max_size=8,
        )
    )
    return Turn(
        game_id,
        genesis,
        start,
        tuple(draw(st.lists(st.integers(0, 400), max_size=60))),
        draw(st.integers(0, 15)),
        tuple(signed),
    )


@settings(max_examples=300, deadline=None)
@given(messages())
def test_every_message_reads_back_as_written(message):
    assert remote.read_link(remote.write_link(message)) == message


def test_the_name_limit_is_the_pages():
    assert remote.MAX_NAME_CHARS == ui_seats.MAX_NAME_CHARS


def test_the_genesis_hash_binds_every_part_of_the_table():
    table = Table(tuple(KEYS[:2]), (Seat(PERSON, 0, "Ann"), Seat(PERSON, 1, "Bo")))
    genesis = Genesis(bytes(12), "h1.", b"\x01", table)
    variants = [
        Genesis(b"\x01" + bytes(11), "h1.", b"\x01", table),
        Genesis(bytes(12), "w1.", b"\x01", table),
        Genesis(bytes(12), "h1.", b"\x02", table),
        Genesis(bytes(12), "h1.", b"\x01", Table(table.keys, (table.seats[1], table.seats[0]))),
        Genesis(
            bytes(12), "h1.", b"\x01", Table(table.keys, (table.seats[0], Seat(PERSON, 1, "Bob")))
        ),
        Genesis(bytes(12), "h1.", b"\x01", Table((KEYS[0], KEYS[2]), table.seats)),
    ]
    hashes = {remote.genesis_hash(g) for g in [genesis, *variants]}
    assert len(hashes) == len(variants) + 1


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_read_or_refused_with_a_link_error(text):
    try:
        remote.read_link(text)
    except LinkError as error:
        assert "\n" not in str(error)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_any_payload_behind_a_valid_checksum_is_read_or_refused(payload):
    with contextlib.suppress(LinkError):
        remote.read_link(remote.PREFIX + pack_text(payload))


@pytest.mark.parametrize(
    "build",
    [
        lambda w: (w.uint(1, 2), [w.uint(0, 8) for _ in range(12)], w.uint(0, 1), w.varint(2**60)),
        lambda w: (
            w.uint(1, 2),
            [w.uint(0, 8) for _ in range(12)],
            w.uint(0, 1),
            w.varint(0),
            w.varint(10**9),
        ),
        lambda w: (w.uint(0, 2), [w.uint(0, 8) for _ in range(12)], w.text("w1."), w.varint(10**6)),
        lambda w: (w.uint(0, 2), [w.uint(0, 8) for _ in range(12)], w.text("x" * 200)),
        lambda w: (w.uint(3, 2),),
    ],
    ids=["huge start", "huge count", "huge setup", "long prefix", "future kind"],
)
def test_hostile_sizes_are_refused_at_once(build):
    w = BitWriter()
    build(w)
    text = remote.PREFIX + pack_text(w.to_bytes())
    began = time.process_time()
    with pytest.raises(LinkError):
        remote.read_link(text)
    assert time.process_time() - began < SLOW


def test_a_link_too_long_to_be_one_is_refused_at_once():
    text = remote.PREFIX + "A" * 5_000_000
    began = time.process_time()
    with pytest.raises(LinkError):
        remote.read_link(text)
    assert time.process_time() - began < SLOW


@pytest.fixture(scope="module")
def game_links():
    devices, game_id = start_game("waddle", 3, seed=13)
    links = first_turns_links(devices, game_id, 7)
    invitation = devices[0].game(game_id).genesis
    return devices, game_id, links, invitation


def flip_bits(link: str, rng: random.Random) -> str:
    """``link`` with one to three bits flipped, cut or extended behind a valid checksum."""
    payload = bytearray(unpack_text(link[len(remote.PREFIX) :]))
    kind = rng.randrange(3)
    if kind == 0:
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(payload) * 8)
            payload[i // 8] ^= 1 << (i % 8)
    elif kind == 1:
        payload = payload[: rng.randrange(len(payload))]
    else:
        payload += bytes(rng.randrange(256) for _ in range(rng.randint(1, 40)))
    return remote.PREFIX + pack_text(bytes(payload))


def test_damaged_links_behind_a_valid_checksum_change_nothing(game_links):
    """Opened by a device of the game: every damaged link is refused with one line, or
    (if the damage left it meaning the same) changes nothing it should not."""
    devices, game_id, links, _ = game_links
    rng = random.Random(2026)
    device = devices[2]
    reference = device.game(game_id).actions[:]
    for _ in range(400):
        link = flip_bits(rng.choice(links), rng)
        before = dict(device.games.storage.data)
        began = time.process_time()
        try:
            opened = device.games.open(link)
        except RemoteError as error:
            assert "\n" not in str(error) and len(str(error)) < 240
            assert device.games.storage.data == before
        else:
            assert not opened.changed
        assert time.process_time() - began < SLOW
        assert device.game(game_id).actions == reference


def test_every_turn_link_stays_under_the_qr_limit(game_links):
    _, _, links, _ = game_links
    assert all(len(link) <= 1000 for link in links)


def test_hostile_store_entries_are_skipped_with_one_line(game_links):
    """Every value of a real store entry replaced by values of other types and sizes: the
    list skips the entry with one line, and the other games stay listed."""
    import json

    devices, game_id, _, _ = game_links
    storage = devices[1].games.storage
    key = "waddle:remote:" + game_id
    real = json.loads(storage.get(key))
    rng = random.Random(7)
    hostile = [None, True, -1, 2**70, 1.5, "", "x" * 5000, [], {}, [1, "a"], {"0": [1]}]
    for _ in range(300):
        data = dict(real)
        field = rng.choice(sorted(data))
        data[field] = rng.choice([*hostile, *(v for v in real.values())])
        if rng.random() < 0.3:
            data.pop(rng.choice(sorted(data)))
        copy = {**storage.data, key: json.dumps(data)}
        games = type(devices[1].games)(type(storage)())
        games.storage.data.update(copy)
        listed = games.games()
        assert len(listed) + len(games.problems) == 1
        for problem in games.problems:
            assert "\n" not in problem and "skipped" in problem
