"""Records in the waddle-waddle-record/1 format (docs/waddle-waddle-record.md): the setup
written out in full, every action, exact round trips, and a RecordError that says what is
wrong with a record that cannot be played."""

from __future__ import annotations

import copy
import json
import random

import pytest

from waddle.core.records import RecordError
from waddle.games.waddle_waddle import record as record_module
from waddle.games.waddle_waddle.components import BUILT_IN
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import FORMAT, Record, new_record


def played(players: int = 3, seed: int = 2, plies: int = 80, **options) -> Record:
    record = new_record(players, seed, Options.standard(players, **options))
    state = record.start()
    rng = random.Random(seed)
    while not state.is_over() and state.ply < plies:
        state.apply(rng.choice(state.legal_actions()))
    return record.with_actions(state.history)


def test_a_record_round_trips_byte_for_byte():
    record = played(kevin=True)
    text = record.dumps()
    again = Record.loads(text)
    assert again.dumps() == text and again.actions == record.actions
    assert json.loads(record.dumps(indent=2)) == json.loads(text)


def test_a_record_holds_the_whole_setup():
    data = played(seasons=3).to_json()
    assert data["format"] == FORMAT and data["players"] == 3
    assert data["components"] == "waddle-waddle-project/1"
    assert [len(d) for d in data["decks"]] == [76, 76, 76]
    assert len(data["events"]) == 3 and data["generated"] == {"seed": 2}
    assert sorted(data["tokens"]["conservation"]) == [0, 1, 2, 3, 4]


def test_new_records_are_reproducible_from_their_seed():
    assert new_record(4, 99).dumps() == new_record(4, 99).dumps()
    assert new_record(4, 99).dumps() != new_record(4, 98).dumps()


def test_replaying_a_record_never_draws_from_a_random_generator(monkeypatch):
    record = played(plies=300)
    text = record.dumps()

    class NoRandom:
        def __init__(self, seed):
            raise AssertionError("a replay drew from a generator")

    monkeypatch.setattr(record_module, "Rng", NoRandom)
    state = Record.loads(text).replay()
    assert state.history == record.actions


def test_a_custom_component_set_is_written_out_in_full():
    raw = copy.deepcopy(BUILT_IN.raw)
    raw["name"] = "printed-set"
    from waddle.games.waddle_waddle.components import components_from_json

    custom, _ = components_from_json(raw)
    record = new_record(2, 5, components=custom)
    data = json.loads(record.dumps())
    assert data["components"]["name"] == "printed-set"
    assert Record.from_json(data).components.name == "printed-set/1"


def broken(change) -> str:
    data = played().to_json()
    change(data)
    with pytest.raises(RecordError) as e:
        Record.from_json(data).replay()
    return str(e.value)


def swap_threat_up(data):
    deck = data["decks"][0]
    i = next(k for k, c in enumerate(deck) if c in ("skua", "seal", "orca", "shark", "boat"))
    deck[0], deck[i] = deck[i], deck[0]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other/1"), '"format" must be "waddle-waddle-record/1"'),
        (lambda d: d.update(players=7), '"players" must be a whole number from 2 to 6'),
        (lambda d: d.pop("options"), 'missing "options"'),
        (lambda d: d["options"].update(seasons=5), 'options: "seasons" must be 1'),
        (lambda d: d["options"].update(colour=True), "options: unknown option 'colour'"),
        (
            lambda d: d["options"].update(two_player_variant=True),
            'options: "two_player_variant" is for two players only',
        ),
        (lambda d: d.update(components="printed/3"), "names an unknown set 'printed/3'"),
        (lambda d: d.update(components={"format": "x"}), 'components: "format" must be'),
        (lambda d: d["decks"].pop(), '"decks" must list one deck per season (2)'),
        (lambda d: d["decks"][0].__setitem__(0, "Ki9"), "deck 1: no card 'Ki9'"),
        (lambda d: d["decks"][0].__setitem__(0, "Ge6"), "deck 1: a deck must hold the 72"),
        (swap_threat_up, "deck 1: card 1 ("),
        (
            lambda d: d["decks"].reverse(),
            "must hold",
        ),
        (lambda d: d["events"].reverse(), "event 1 must be one of"),
        (lambda d: d["tokens"].update(fish=[0, 0, 1, 2, 3]), '"tokens" "fish" must give'),
        (lambda d: d["actions"].append({"dance": True}), "action 80: an action names one of"),
        (lambda d: d["actions"].insert(0, {"draft": "?"}), "action 0: {'draft': '?'} is illegal"),
    ],
)
def test_a_record_that_cannot_be_played_says_why(change, message):
    assert message in broken(change)


def test_an_illegal_action_names_its_index_and_the_reason():
    record = played(plies=2)
    state = record.start()
    with pytest.raises(RecordError) as e:
        record.with_actions([*record.actions, *[state.legal_actions()[0]] * 1]).replay()
    assert e.value.action_index == 2 and "is illegal" in str(e.value)


def test_with_actions_keeps_the_setup():
    record = played()
    shorter = record.with_actions(record.actions[:10])
    assert shorter.setup is record.setup and shorter.replay().ply == 10
