"""Share links of Waddle Waddle (``ww1.``): a record, seat names, computer seats and a study
survive the round trip exactly, from a seed or with the decks packed card by card."""

from __future__ import annotations

import copy
import random

import pytest

from waddle.core.links import LinkError
from waddle.core.study import Step, Study
from waddle.games.waddle_waddle.components import BUILT_IN, components_from_json
from waddle.games.waddle_waddle.link import CARD_CODES, decode_link, encode_link, places
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import Record, Setup, new_record


def played(record: Record, plies: int, seed: int = 1) -> Record:
    state = record.start()
    rng = random.Random(seed)
    while not state.is_over() and state.ply < plies:
        state.apply(rng.choice(state.legal_actions()))
    return record.with_actions(state.history)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_whole_game_from_a_seed_round_trips(players):
    options = Options.standard(players, kevin=players % 2 == 0, seasons=1 + players % 3)
    record = played(new_record(players, 40 + players, options), plies=10_000)
    assert record.replay().is_over()
    text = encode_link(record)
    game = decode_link(text)
    assert game.record.dumps() == record.dumps() and game.names is None and game.bots is None


def test_a_setup_that_is_not_its_seeds_is_written_card_by_card():
    record = new_record(3, 8)
    decks = list(record.setup.decks)
    first = list(decks[0])
    first[0], first[1] = first[1], first[0]
    if first[0] == first[1]:
        first[0], first[2] = first[2], first[0]
    decks[0] = tuple(first)
    changed = Record(Setup(**{**record.setup.__dict__, "decks": tuple(decks)}), [], None)
    changed = played(changed, plies=60)
    short = encode_link(played(record, plies=60))
    long = encode_link(changed)
    assert len(long) > len(short) + 100
    assert decode_link(long).record.dumps() == changed.dumps()


def test_a_custom_component_set_travels_in_the_link():
    raw = copy.deepcopy(BUILT_IN.raw)
    raw["name"] = "printed"
    raw["fish_tokens"] = [0, 1, 1, 2, 5]
    custom, _ = components_from_json(raw)
    record = played(new_record(2, 3, components=custom), plies=40)
    game = decode_link(encode_link(record))
    assert game.record.dumps() == record.dumps()
    assert game.record.components.fish_tokens == (0, 1, 1, 2, 5)


def test_names_computer_seats_and_a_study_round_trip():
    record = played(new_record(4, 5), plies=30)
    study = Study(title="A threat", steps=(Step(ply=12, caption="Here", marks=("crozet",)),))
    text = encode_link(record, ["Ann", "Bo", "Cy", "Di"], [None, "hard", "easy", None], study)
    game = decode_link(text)
    assert game.names == ["Ann", "Bo", "Cy", "Di"] and game.bots == [None, "hard", "easy", None]
    assert game.study == study


def test_places_are_the_five_rookeries_first_then_the_cards():
    names = places(new_record(2, 1))
    assert names[:5] == ("macquarie", "peninsula", "argentine", "crozet", "georgia")
    assert names[5:] == tuple(f"card:{c}" for c in CARD_CODES) and len(names) == 5 + 37


def test_a_damaged_or_foreign_link_is_refused_with_a_message():
    text = encode_link(played(new_record(2, 1), plies=20))
    with pytest.raises(LinkError, match="does not hold a game of Waddle Waddle"):
        decode_link("h1." + text[4:])
    with pytest.raises(LinkError, match="damaged"):
        decode_link(text[:-3] + ("A" if text[-3] != "A" else "B") + text[-2:])
    with pytest.raises(LinkError, match="damaged"):
        decode_link(text[:20])
