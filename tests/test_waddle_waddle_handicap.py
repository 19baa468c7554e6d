"""The hero handicap option (waddle/games/waddle_waddle/handicap.py): not a rule of Waddle
Waddle but the app's remedy for heroes of unequal strength, off by default, stored in
records (``"options": {"hero_handicap": [...]}``) and links (``ww2.``)."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest

from waddle.app.saves import MemoryStorage, SaveStore, export_file, import_file
from waddle.app.session import Session
from waddle.cli import main
from waddle.core.links import LinkError
from waddle.core.rng import Rng
from waddle.games.waddle_waddle import GAME, handicap
from waddle.games.waddle_waddle.ai import estimate
from waddle.games.waddle_waddle.handicap import HERO_VP, MOST, fit_handicap, hero_handicap
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.link import decode_link, encode_link
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.panels import result_html
from waddle.games.waddle_waddle.record import Record, RecordError, new_record
from waddle.ui.seats import default_seats

TABLE = (3, 11, 7, 5, 0, 9)
"""A handicap for these tests, different for every hero."""


def finished(players: int, seed: int, handicap=None) -> Record:
    options = Options.standard(players, hero_handicap=handicap)
    record = new_record(players, seed, options)
    state = record.start()
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return record.with_actions(state.history)


def without_option(record: Record) -> Record:
    data = record.to_json()
    del data["options"]["hero_handicap"]
    return Record.from_json(data)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_each_player_adds_their_heros_points_at_the_end_and_the_winner_follows(players):
    record = finished(players, 20 + players, TABLE)
    state, plain = record.replay(), without_option(record).replay()
    heroes = state.hero
    assert state.scores() == [s + TABLE[h] for s, h in zip(plain.scores(), heroes, strict=True)]
    assert state.handicap_points() == [TABLE[h] for h in heroes]
    keys = list(zip(state.scores(), state.nest_totals(), state.most_in_one(), strict=True))
    assert state.winners() == [p for p in range(players) if keys[p] == max(keys)]


def test_the_points_come_only_at_the_final_count_so_no_season_order_changes():
    record = finished(3, 5, (40, 40, 40, 40, 0, 40))
    state, plain = record.start(), without_option(record).start()
    for action in record.actions[:-1]:
        state.apply(action)
        plain.apply(action)
        assert state.scores() == plain.scores()  # also through the season change
    state.apply(record.actions[-1])
    assert state.is_over() and state.scores() != without_option(record).replay().scores()


def test_the_option_is_off_by_default_and_a_plain_record_is_written_as_before():
    record = GAME.new_record(4, 3)
    assert record.options.hero_handicap is None
    assert "hero_handicap" not in record.to_json()["options"]
    assert GAME.record_options(record)["hero_handicap"] is False
    state = finished(4, 3).replay()
    assert state.handicap_points() == [0, 0, 0, 0]


def test_a_record_keeps_the_points_it_was_played_with():
    record = finished(2, 8, TABLE)
    again = Record.loads(record.dumps())
    assert again.options.hero_handicap == TABLE
    assert record.to_json()["options"]["hero_handicap"] == list(TABLE)
    assert again.replay().scores() == record.replay().scores()


BAD = [[0, 1], [0, 1, 2, 3, 4, -1], [0, 0, 0, 0, 0, MOST + 1], "0,1", [0, 1.5, 0, 0, 0, 0]]


@pytest.mark.parametrize("bad", [*BAD, [0, True, 0, 0, 0, 0]])
def test_an_ill_formed_handicap_is_an_error_that_names_it(bad):
    data = GAME.new_record(3, 1).to_json()
    data["options"]["hero_handicap"] = bad
    with pytest.raises(RecordError, match='"hero_handicap"'):
        Record.from_json(data)


def test_the_handicap_needs_the_heroes():
    with pytest.raises(ValueError, match="no_heroes"):
        GAME.new_record(3, 1, {"hero_handicap": True, "no_heroes": True})


def test_a_link_with_the_option_is_a_ww2_link_and_one_without_is_unchanged():
    plain = finished(3, 5)
    assert encode_link(plain).startswith("ww1.")
    record = finished(3, 5, TABLE)
    text = encode_link(record, ["Ann", "Bo", "Cy"], [None, "hard", None])
    assert text.startswith("ww2.")
    linked = decode_link(text)
    assert linked.record.dumps() == record.dumps()
    assert linked.names == ["Ann", "Bo", "Cy"] and linked.bots == [None, "hard", None]
    assert Session.from_link(text).link() == text
    assert decode_link(encode_link(plain)).record.options.hero_handicap is None


def test_a_ww2_link_with_too_many_points_is_refused_with_a_message(monkeypatch):
    monkeypatch.setattr(handicap, "MOST", 63)  # write what the app never writes
    text = encode_link(finished(2, 7, (0, 0, 0, 0, 0, MOST + 1)))
    monkeypatch.undo()
    with pytest.raises(LinkError, match="hero_handicap"):
        decode_link(text)


def test_new_game_with_the_switch_takes_the_current_table_and_saves_keep_it():
    session = Session.new("waddle-waddle", 3, seed=8, options={"hero_handicap": True})
    assert session.record().options.hero_handicap == hero_handicap(3)
    assert GAME.record_options(session.record())["hero_handicap"] is True
    session.play(session.state.legal_actions()[0])
    store = SaveStore(MemoryStorage())
    key = store.save_as("with the handicap", session, 1)
    assert store.load(key).record().dumps() == session.record().dumps()
    assert import_file(export_file(session)).record().options.hero_handicap == hero_handicap(3)


def test_the_command_line_starts_a_game_with_the_option():
    out, err = io.StringIO(), io.StringIO()
    command = ["new", "--game", "waddle-waddle", "--players", "4", "--seed", "3"]
    assert main([*command, "--option", "hero_handicap=on"], out=out, err=err) == 0
    assert json.loads(out.getvalue())["options"]["hero_handicap"] == list(hero_handicap(4))


def test_the_result_shows_the_handicap_apart_and_the_columns_add_up():
    record = finished(4, 11, TABLE)
    state = record.replay()
    seats = default_seats(4)
    html = result_html(state.view(-1), seats)
    assert "Hero handicap" in html and "not a rule" in html
    for p in range(4):
        row = re.search(rf'<tr data-result-player="{p}"[^>]*>(.*?)</tr>', html).group(1)
        waddles, bonus, extra, *_rest, total = map(int, re.findall(r"<td[^>]*>(\d+)</td>", row))
        assert extra == TABLE[state.hero[p]] and waddles + bonus + extra == total
    assert "Hero handicap" not in result_html(without_option(record).replay().view(-1), seats)


def test_the_table_gives_some_hero_nothing_and_stays_within_a_link():
    for players in range(2, 7):
        table = HERO_VP[players]
        assert len(table) == len(HEROES) and min(table) == 0 and max(table) <= MOST


def test_fitting_finds_the_points_that_even_out_given_games():
    rng = Rng(5)
    games = []
    for _ in range(600):  # hero 0 scores about 6 more than hero 1, the rest never play
        a, b = 50 + rng.below(9) + 6, 50 + rng.below(9)
        games.append(((0, 1), (a, b), (5, 5), (2, 2)) if rng.below(2) else ((1, 0), (b, a),
                      (5, 5), (2, 2)))  # fmt: skip
    none, _ = fit_handicap(games, 2, most=0)
    table, rates = fit_handicap(games, 2)
    assert none == (0,) * 6 and table[0] == 0 and 4 <= table[1] <= 8
    assert abs(rates[0] - 0.5) < 0.05 and abs(rates[1] - 0.5) < 0.05


def test_the_rules_page_says_the_option_is_not_a_rule_and_gives_its_table():
    page = Path(__file__).parent.parent / "waddle/games/waddle_waddle/rules.html"
    text = page.read_text("utf-8")
    section = text[text.index('id="rules-hero-handicap"') :]
    assert "an option, not a rule" in section
    rows = re.findall(r'<tr><th scope="row">(\d)</th>(.*?)</tr>', section)
    table = {
        int(n): tuple(int(v) for v in re.findall(r"<td>(\d+)</td>", cells)) for n, cells in rows
    }
    assert table == HERO_VP


def test_the_hard_bots_estimate_counts_the_points_still_to_come():
    record = finished(3, 4, TABLE)
    state, plain = record.start(), without_option(record).start()
    for action in record.actions[:60]:
        state.apply(action)
        plain.apply(action)
    extra = [TABLE[h] for h in state.hero]
    expected = [e + x for e, x in zip(estimate(plain), extra, strict=True)]
    assert estimate(state) == pytest.approx(expected)
    done = record.replay()
    assert estimate(done) == [float(s) for s in done.scores()]  # counted once, at the end
