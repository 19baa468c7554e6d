"""The seat compensation option (waddle/games/waddle/compensation.py): not a rule of
Waddle but the app's remedy for the first player's head start, off by default, stored in
records (``"compensation"``) and links (``w2.``)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from waddle.app.saves import MemoryStorage, SaveStore, export_file, import_file
from waddle.app.session import Session
from waddle.cli import main
from waddle.core.links import LinkError
from waddle.core.rng import Rng
from waddle.games.waddle import GAME, Board, HexSpec, Record, RecordError, WaddleState, new_record
from waddle.games.waddle.compensation import SEAT_VP, fit_compensation, seat_compensation
from waddle.games.waddle.link import decode_link, encode_game


def finished(players: int, seed: int, compensation=None) -> Record:
    record = new_record(players, seed, compensation=compensation)
    state = record.start()
    rng = Rng(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return Record.from_state(state, record.generated)


def test_each_seat_of_the_starting_order_gets_its_vp_at_the_end():
    board = Board([HexSpec(0, 0, "water", 1, (3,)), HexSpec(1, 0, "ice"), HexSpec(0, 1, "ice")])
    plain = WaddleState(board, players=3, order=[2, 0, 1])
    given = WaddleState(board, players=3, order=[2, 0, 1], compensation=(0, 2, 5))
    for state in (plain, given):
        state.apply(state.legal_actions()[0])  # player 2 (seat 0)
        state.apply(state.legal_actions()[0])  # player 0 (seat 1)
    assert plain.scores() == [4, 0, 4]  # a tie for the pool: both score its fish
    assert given.scores() == [4 + 2, 0 + 5, 4]  # seat 1 is player 0, seat 2 player 1
    assert plain.winners() == [0, 2] and given.winners() == [0]
    assert [p.bonus for p in given.breakdown().players] == [2, 5, 0]
    assert given.clone().scores() == given.scores()


def test_the_option_is_off_by_default_and_a_plain_record_is_written_as_before():
    record = finished(4, 3)
    assert record.compensation is None
    assert "compensation" not in record.to_json()
    summary = GAME.summary(record.replay())
    assert all("bonus" not in row for row in summary["breakdown"])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_record_with_the_option_keeps_it_and_replays_with_it(players):
    table = seat_compensation(players)
    record = finished(players, 10 + players, table)
    again = Record.loads(record.dumps())
    assert again.compensation == table == tuple(record.to_json()["compensation"])
    assert len(table) == players
    plain = Record.loads(json.dumps({**record.to_json(), "compensation": None}))
    by_player = [table[record.order.index(p)] for p in range(players)]
    assert again.replay().scores() == [
        s + b for s, b in zip(plain.replay().scores(), by_player, strict=True)
    ]
    summary = GAME.summary(again.replay())
    assert [row["bonus"] for row in summary["breakdown"]] == by_player
    assert summary["scores"] == [row["total"] for row in summary["breakdown"]]


@pytest.mark.parametrize(
    "bad", [[0, 1], [0, -1, 2], [0, 1, 100], "0,1,2", [0, 1.5, 2], [0, True, 1]]
)
def test_an_ill_formed_compensation_is_an_error_that_names_it(bad):
    data = {**new_record(3, 1).to_json(), "compensation": bad}
    with pytest.raises(RecordError, match='"compensation"'):
        Record.from_json(data)


def test_a_link_with_the_option_is_a_w2_link_and_one_without_is_unchanged():
    plain = finished(3, 5)
    assert encode_game(plain).startswith("w1.")
    record = finished(3, 5, (0, 2, 3))
    text = encode_game(record, ["Ann", "Bo", "Cy"], bots=[None, "hard", None])
    assert text.startswith("w2.")
    linked = decode_link(text)
    assert linked.record.dumps() == record.dumps()
    assert linked.names == ["Ann", "Bo", "Cy"] and linked.bots == [None, "hard", None]
    assert Session.from_link(text).link() == text
    custom = finished(4, 2, (0, 1, 2, 3))
    custom.generated = None
    assert decode_link(encode_game(custom)).record.dumps() == custom.dumps()


def test_a_w1_link_has_no_compensation_and_a_w2_link_too_much_is_refused():
    assert decode_link(encode_game(finished(2, 7))).record.compensation is None
    record = finished(2, 7, (0, 99))
    assert decode_link(encode_game(record)).record.compensation == (0, 99)
    record.compensation = (0, 100)  # more than a record may hold: written, never read
    with pytest.raises(LinkError, match="compensation"):
        decode_link(encode_game(record))


def test_saves_and_exports_keep_the_option():
    session = Session.new("waddle", 3, seed=8, options={"compensation": True})
    assert session.record().compensation == seat_compensation(3)
    session.play(session.state.legal_actions()[0])
    store = SaveStore(MemoryStorage())
    key = store.save_as("with compensation", session, 1)
    assert store.load(key).record().dumps() == session.record().dumps()
    assert import_file(export_file(session)).record().compensation == seat_compensation(3)


def test_the_command_line_starts_a_game_with_the_option():
    out, err = io.StringIO(), io.StringIO()
    command = ["new", "--players", "4", "--seed", "3", "--option", "compensation=on"]
    assert main(command, out=out, err=err) == 0
    assert json.loads(out.getvalue())["compensation"] == list(seat_compensation(4))
    out, err = io.StringIO(), io.StringIO()
    assert main(["new", "--players", "4", "--option", "komi=1"], out=out, err=err) == 2
    assert "the game's options: compensation" in err.getvalue()


def test_the_table_gives_every_player_count_a_seat_each_and_no_vp_to_some_seat():
    for players in (2, 3, 4, 5):
        table = SEAT_VP[players]
        assert len(table) == players and min(table) == 0 and all(v >= 0 for v in table)


def test_fitting_finds_the_compensation_that_evens_out_given_scores():
    rng = Rng(5)
    # seat 1 scores 2 less than seat 0 and seat 2 four less, each with noise
    scores = [[50 + rng.below(9), 48 + rng.below(9), 46 + rng.below(9)] for _ in range(300)]
    none = fit_compensation(scores, 3, most=0)
    table, shares = fit_compensation(scores, 3, most=8)
    assert none[0] == (0, 0, 0) and none[1][0] > none[1][1] > none[1][2]
    assert table[0] == 0 and 1 <= table[1] <= table[2]
    assert max(abs(s - 1 / 3) for s in shares) < max(abs(s - 1 / 3) for s in none[1])


def test_the_rules_page_says_the_option_is_not_a_rule_and_gives_its_table():
    page = (Path(__file__).parent.parent / "waddle/games/waddle/rules.html").read_text("utf-8")
    section = page[page.index('id="rules-compensation"') :]
    assert "an option, not a rule" in section and "no compensation" in section
    rows = re.findall(r'<tr><th scope="row">(\d)</th>(.*?)</tr>', section)
    table = {
        int(n): tuple(int(v) for v in re.findall(r"<td>(\d+)</td>", cells)) for n, cells in rows
    }
    assert table == SEAT_VP
