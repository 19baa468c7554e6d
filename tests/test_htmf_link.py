"""Share links of Hey, That's My Fish!: a whole game in ``location.hash``, compact and
checksummed, and every damaged or foreign link refused with a message for the user."""

from __future__ import annotations

import contextlib
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from waddle.core.bits import BitWriter, pack_text
from waddle.core.links import LinkError
from waddle.core.rng import Rng
from waddle.games.htmf import GAME, Floe, Record, new_record
from waddle.games.htmf.link import BOT_LEVELS, PREFIX, board_is_generated


def finished(players: int, seed: int, plies: int | None = None) -> Record:
    record = new_record(players, seed)
    state = record.start()
    rng = Rng(seed)
    while not state.is_over() and (plies is None or state.ply < plies):
        state.apply(rng.choice(state.legal_actions()))
    return record.with_actions(state.history)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_finished_game_round_trips_through_a_link(players):
    record = finished(players, 40 + players)
    game = GAME.decode_link(GAME.encode_link(record))
    assert game.record.dumps() == record.dumps()
    assert game.names is None and game.bots is None


def test_a_game_in_progress_round_trips_with_names_and_computer_seats():
    record = finished(4, 3, plies=17)
    names = ["Ann", "Bö", "<b>Cy</b>", "D \u263a"]
    bots = [None, "hard", "random", None]
    game = GAME.decode_link(GAME.encode_link(record, names, bots))
    assert game.record.actions == record.actions
    assert (game.names, game.bots) == (names, bots)
    assert GAME.bot_levels == BOT_LEVELS == ("random", "easy", "medium", "hard")


def test_a_whole_four_player_game_on_a_standard_board_fits_in_100_characters():
    """The goal: a full 4-player game on a generated board, without names, in at most
    100 characters. Seeds drawn as the app draws them (up to 2**31)."""
    rng = Rng(2026)
    lengths = [len(GAME.encode_link(finished(4, rng.below(2**31)))) for _ in range(150)]
    assert max(lengths) <= 100
    assert statistics.median(lengths) < 60


def test_a_custom_board_travels_floe_by_floe():
    floes = tuple(Floe(q, r, 1 + (q * 7 + r) % 3) for q in range(-2, 6) for r in range(3))
    record = Record(2, floes)
    state = record.start()
    while not state.is_over():
        state.apply(state.legal_actions()[-1])
    record = record.with_actions(state.history)
    assert not board_is_generated(record)
    game = GAME.decode_link(GAME.encode_link(record))
    assert game.record.dumps() == record.dumps()


def test_an_edited_standard_board_is_not_sent_as_its_seed():
    record = new_record(2, 8)
    assert board_is_generated(record)
    record.board = (Floe(20, 20, 1), *record.board[1:])
    assert not board_is_generated(record)
    assert GAME.decode_link(GAME.encode_link(record)).record.board == record.board


@pytest.mark.parametrize("cut", [1, 4, 12])
def test_a_truncated_link_is_refused(cut):
    text = GAME.encode_link(finished(3, 1))
    with pytest.raises(LinkError, match="the link is damaged"):
        GAME.decode_link(text[:-cut])


def test_every_single_character_change_is_caught():
    text = GAME.encode_link(finished(4, 2), ["Ann", "Bob", "Cyd", "Dee"])
    for i in range(len(PREFIX), len(text)):
        for c in "A_z0":
            if text[i] != c:
                with pytest.raises(LinkError):
                    GAME.decode_link(text[:i] + c + text[i + 1 :])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("w1.AAAA", "does not hold a game of Hey, That's My Fish!"),
        ("https://example.org/#h1.AAAA", "does not hold a game of Hey, That's My Fish!"),
        ("h1.", "the link is damaged"),
        ("h1.***", "the link is damaged: the data has characters that do not belong"),
    ],
)
def test_foreign_and_garbled_links_are_refused_with_a_message(text, message):
    with pytest.raises(LinkError, match=message):
        GAME.decode_link(text)


def link_of(write) -> str:
    w = BitWriter()
    write(w)
    return PREFIX + pack_text(w.to_bytes())


def test_a_well_formed_link_holding_an_impossible_game_is_refused():
    def five_players(w):
        w.uint(3, 2)

    with pytest.raises(LinkError, match="number of players is not valid"):
        GAME.decode_link(link_of(five_players))

    def too_many_moves(w):
        w.uint(0, 2), w.uint(0, 1), w.uint(0, 1), w.varint(5)
        w.varint(6000)

    with pytest.raises(LinkError, match="too many moves"):
        GAME.decode_link(link_of(too_many_moves))

    def duplicate_floes(w):
        w.uint(0, 2), w.uint(0, 1), w.uint(1, 1), w.varint(9)
        for _ in range(9):
            w.signed(0), w.signed(0), w.uint(0, 2)

    with pytest.raises(LinkError, match=r"board is not valid: .*appears twice"):
        GAME.decode_link(link_of(duplicate_floes))

    def impossible_move(w):
        w.uint(0, 2), w.uint(0, 1), w.uint(0, 1), w.varint(5)
        w.varint(1), w.uint(31, 5)  # 30 placements to choose from: 31 is none of them

    with pytest.raises(LinkError, match="impossible move"):
        GAME.decode_link(link_of(impossible_move))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=40))
def test_no_bytes_make_decoding_fail_other_than_with_a_link_error(payload):
    with contextlib.suppress(LinkError):
        GAME.decode_link(PREFIX + pack_text(payload))
