"""Pebbles records (``pebbles-record/1``, docs/pebbles-record.md) and share links (``p1.``)."""

from __future__ import annotations

import json

import pytest
from pebbles_helpers import LINE_JSON, play_out

from waddle.core.bits import BitReader
from waddle.core.game import CHANCE
from waddle.core.links import LinkError
from waddle.core.records import RecordError
from waddle.core.study import Study
from waddle.games.pebbles import Record, new_record
from waddle.games.pebbles.actions import K_RESHUFFLE
from waddle.games.pebbles.cards import deck_for
from waddle.games.pebbles.game import GAME
from waddle.games.pebbles.link import decode_link, encode_link, rank, unrank


def finished(players: int, seed: int) -> Record:
    record = new_record(players, seed)
    return record.with_actions(play_out(record.start(), seed).history)


def test_a_record_holds_the_layout_the_deal_the_lead_and_every_action():
    record = finished(3, 4)
    data = json.loads(record.dumps())
    assert list(data) == [
        "format", "players", "layout", "lead", "hands", "row", "deck", "actions", "seed",
    ]  # fmt: skip
    assert data["format"] == "pebbles-record/1" and data["layout"] == "pebbles-3p/2"
    assert [len(h) for h in data["hands"]] == [10, 10, 10] and len(data["row"]) == 4
    assert len(data["deck"]) == 40 - 34
    reshuffles = [a for a in data["actions"] if "reshuffle" in a]
    assert reshuffles, "the chance outcomes are in the record"
    assert Record.loads(record.dumps()).dumps() == record.dumps()


def test_a_custom_layout_is_written_out_in_the_record():
    record = GAME.custom_record(2, json.dumps(LINE_JSON), seed=3)
    data = json.loads(record.dumps())
    assert data["layout"]["tiles"][0] == {"number": 7, "q": 0, "r": 0, "territory": "A"}
    again = Record.loads(record.dumps())
    assert again.layout.key() == record.layout.key()


def test_replaying_never_needs_the_random_generator():
    """The deck is written out in full and every reshuffle is an action: a record whose
    seed is changed replays to the same end."""
    record = finished(4, 6)
    data = record.to_json()
    data["seed"] = 999
    again = Record.from_json(data).replay()
    assert again.breakdown() == record.replay().breakdown()


def good() -> dict:
    return new_record(2, seed=1).to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="htmf-record/1"), '"format" must be "pebbles-record/1"'),
        (lambda d: d.update(players=5), '"players" must be an integer from 2 to 4'),
        (lambda d: d.pop("layout"), 'missing "layout"'),
        (lambda d: d.update(layout="moon/1"), 'no built-in layout is named "moon/1"'),
        (lambda d: d.update(layout={"tiles": []}), "layout: "),
        (
            lambda d: d.update(layout="pebbles-2p/1", players=3),
            "layout: a game of 3 players needs a tile for every card number: 4, 5, 6 missing",
        ),
        (lambda d: d.update(lead=2), '"lead" must be a player number from 0 to 1'),
        (lambda d: d.update(hands=d["hands"][:1]), '"hands" must be a list of 2 hands'),
        (lambda d: d["hands"][0].pop(), "hand 0 must have 10 cards, not 9"),
        (lambda d: d["row"].__setitem__(0, "14S"), "row: cards are numbered 1 to 13, not 14"),
        (lambda d: d["row"].__setitem__(0, "7X"), "row: not a card: '7X'"),
        (lambda d: d["row"].__setitem__(0, d["deck"][0]), "appears twice"),
        (lambda d: d["deck"].__setitem__(0, "3S"), "card 3S is not in the deck of a 2-player"),
        (lambda d: d["deck"].pop(), "lack 1 card of the deck"),
        (lambda d: d.update(actions={}), '"actions" must be a list'),
        (lambda d: d.update(actions=[{"jump": 3}]), "action 0: unknown action 'jump'"),
        (lambda d: d.update(seed="x"), '"seed" must be an integer'),
    ],
)
def test_a_record_that_is_not_right_says_what_is_wrong(change, message):
    data = good()
    change(data)
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        Record.from_json(data)


def test_an_illegal_action_is_named_with_its_index_and_why():
    record = new_record(2, seed=1)
    state = record.start()
    first = state.legal_actions()[0]
    bad = record.with_actions([first, first])
    with pytest.raises(RecordError) as e:
        bad.replay()
    assert e.value.action_index == 1
    assert (
        str(e.value)
        == f"action 1: {first.to_json()} is illegal: you have already played a card this turn"
    )


def test_not_json_is_a_record_error():
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.loads("{")


# -- links ----------------------------------------------------------------------------------------


def test_a_permutation_packs_into_its_rank():
    items = list(deck_for(2))
    perm = items[::-1]
    assert unrank(rank(perm, items), items) == perm
    assert rank(sorted(items), items) == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_link_holds_the_whole_game_deck_reshuffles_and_seats(players):
    record = finished(players, players + 10)
    names = [f"P{p}" for p in range(players)]
    bots = [None] + ["hard"] * (players - 1)
    game = decode_link(encode_link(record, names, bots))
    assert game.record.dumps() == record.dumps()
    assert (game.names, game.bots) == (names, bots)


def test_a_complete_four_player_game_fits_in_a_short_link():
    """The deal is 226 bits (ceil(log2(52!)) = 38 characters), each of the ~200 decisions a
    few bits, each reshuffle its permutation: a whole 4-player game, reshuffles included,
    stays under 250 characters, a link one can paste in a message."""
    lengths = []
    for seed in range(5):
        record = finished(4, seed)
        assert any(action.kind == K_RESHUFFLE for action in record.actions)
        lengths.append(len(encode_link(record)))
    assert max(lengths) < 250, lengths


def test_a_link_of_an_unfinished_game_holds_every_hidden_card():
    """Said where the link is copied: whoever opens it can see every hand and the deck."""
    record = new_record(4, seed=2)
    state = record.start()
    state.apply(state.legal_actions()[3])
    text = encode_link(record.with_actions(state.history))
    again = decode_link(text).record
    assert again.hands == record.hands and again.deck == record.deck


def test_a_link_on_a_custom_layout_and_with_a_study():
    record = GAME.custom_record(2, json.dumps(LINE_JSON), seed=8)
    state = record.start()
    for _ in range(6):
        state.apply(state.legal_actions()[-1])
    record = record.with_actions(state.history)
    study = Study.from_json({"steps": [{"ply": 3, "caption": "a penguin", "marks": ["2,0"]}]})
    game = decode_link(GAME.encode_link(record, study=study))
    assert game.record.dumps() == record.dumps() and game.study == study
    assert GAME.places(record)[:2] == ("0,0", "1,0")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("h1.AAAA", "does not hold a game of Pebbles"),
        ("p1.AAAA", "damaged"),
        ("p1.!!", "damaged"),
    ],
)
def test_a_broken_link_says_so(text, message):
    with pytest.raises(LinkError, match=message):
        decode_link(text)


def test_a_link_with_a_changed_character_is_refused():
    text = encode_link(finished(2, 1))
    broken = text[:20] + ("A" if text[20] != "A" else "B") + text[21:]
    with pytest.raises(LinkError):
        decode_link(broken)


def test_reading_a_link_replays_chance_as_written():
    record = finished(2, 3)
    state = new_record(2, 3).start()
    game = decode_link(encode_link(record))
    for action in game.record.actions:
        if state.to_move() == CHANCE:
            assert sorted(action.arg) == sorted(state.discards)
        state.apply(action)
    assert state.is_over()
    assert BitReader(b"").remaining() == 0
