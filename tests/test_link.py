"""Share links: a whole game in ``location.hash``, compact and checksummed."""

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from waddle.core.bits import BitReader, BitWriter, DecodeError, pack_text, unpack_text
from waddle.core.rng import Rng
from waddle.games.waddle import Record, new_record
from waddle.games.waddle.link import (
    BOT_LEVELS,
    LinkError,
    decode_game,
    decode_link,
    encode_game,
    map_is_generated,
)


def finished(players: int, seed: int) -> Record:
    record = new_record(players, seed)
    state = record.start()
    rng = Rng(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return Record.from_state(state, record.generated)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_finished_game_round_trips_through_a_link(players):
    record = finished(players, 40 + players)
    decoded, names = decode_game(encode_game(record))
    assert decoded.dumps() == record.dumps()
    assert names is None


def test_a_game_in_progress_round_trips_with_names():
    record = finished(4, 3)
    record.actions = record.actions[:17]
    names = ["Ann", "Bö", "<b>Cy</b>", "D \u263a"]
    decoded, got = decode_game(encode_game(record, names))
    assert decoded.actions == record.actions
    assert got == names


def test_a_complete_five_player_game_fits_in_300_characters():
    """Issue goal: a complete 5-player game on a generated map in at most 300 characters."""
    lengths = [len(encode_game(finished(5, seed))) for seed in range(10)]
    assert max(lengths) <= 300


def test_a_custom_map_travels_in_full():
    record = finished(3, 8)
    record.generated = None
    text = encode_game(record)
    decoded, _ = decode_game(text)
    assert decoded.to_json()["map"] == record.to_json()["map"]
    assert decoded.actions == record.actions
    assert not map_is_generated(decoded)


def test_an_edited_generated_map_is_not_sent_as_a_seed():
    record = finished(2, 8)
    record.map = record.map[:-1]
    assert not map_is_generated(record)


@pytest.mark.parametrize("cut", [1, 5, 20])
def test_a_truncated_link_is_rejected(cut):
    text = encode_game(finished(3, 1))
    with pytest.raises(LinkError):
        decode_game(text[:-cut])


def test_every_single_character_change_is_caught():
    text = encode_game(finished(4, 2), ["Ann", "Bob", "Cyd", "Dee"])
    for i in range(3, len(text)):
        for c in "A_z0":
            if text[i] != c:
                damaged = text[:i] + c + text[i + 1 :]
                with pytest.raises(LinkError):
                    decode_game(damaged)


def test_unknown_formats_are_rejected_with_a_message():
    with pytest.raises(LinkError, match="unknown format"):
        decode_game("x9.abc")
    with pytest.raises(LinkError, match="damaged"):
        decode_game("w1.%%%<script>")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_hostile_links_only_ever_raise_link_error(junk):
    for text in (junk, "w1." + junk):
        with contextlib.suppress(LinkError):
            decode_game(text)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=120))
def test_well_checksummed_garbage_only_ever_raises_link_error(payload):
    with contextlib.suppress(LinkError):
        decode_game("w1." + pack_text(payload))


@given(st.lists(st.tuples(st.integers(-10_000, 10_000), st.text(max_size=8)), max_size=20))
def test_bit_fields_round_trip(items):
    w = BitWriter()
    for number, text in items:
        w.signed(number)
        w.text(text)
    r = BitReader(unpack_text(pack_text(w.to_bytes())))
    assert [(r.signed(), r.text()) for _ in items] == items


def test_reading_past_the_end_is_a_decode_error():
    with pytest.raises(DecodeError):
        BitReader(b"\x01").uint(9)


def test_computer_seats_travel_in_the_link_and_old_links_have_none():
    record = finished(3, 5)
    text = encode_game(record, ["Ann", "Bo", "Cy"], bots=[None, "hard", "easy"])
    game = decode_link(text)
    assert game.bots == [None, "hard", "easy"] and game.names == ["Ann", "Bo", "Cy"]
    assert game.record.dumps() == record.dumps()
    assert decode_link(encode_game(record, ["Ann", "Bo", "Cy"])).bots is None
    assert decode_link(encode_game(record)).bots is None


def test_link_bot_levels_are_the_bot_levels():
    """The link stores levels by position: the list must match the bots' own."""
    from waddle.games.waddle.ai import LEVELS

    assert LEVELS == BOT_LEVELS
