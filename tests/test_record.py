"""Records in the ``waddle-record/1`` format: loading, saving, replaying, bad input."""

import json

import pytest

from waddle.core.rng import Rng
from waddle.games.waddle import SCOUT, Action, Record, RecordError, new_record

EXAMPLE = {
    "format": "waddle-record/1",
    "players": 3,
    "map": [
        {"q": 0, "r": 0, "kind": "water", "number": 1, "fish": [5, 1]},
        {"q": 2, "r": -1, "kind": "water", "fish": []},
        {"q": 1, "r": 0, "kind": "ice"},
        {"q": 1, "r": -1, "kind": "ice"},
        {"q": 0, "r": -1, "kind": "ice"},
    ],
    "order": [2, 0, 1],
    "actions": [{"place": [1, 0]}, {"place": [1, -1], "double": True}, {"scout": True}],
}


def played(players: int, seed: int, plies: int | None = None):
    """A game on a generated map with random legal actions, ``plies`` of them or to the end."""
    state = new_record(players, seed).start()
    rng = Rng(seed)
    while not state.is_over() and (plies is None or state.ply < plies):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_design_note_example_loads_and_saves_unchanged():
    record = Record.from_json(EXAMPLE)
    assert record.to_json() == EXAMPLE
    assert record.actions == [Action.place((1, 0)), Action.place((1, -1), True), SCOUT]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_load_then_save_gives_back_the_same_record(players):
    state = played(players, seed=players)
    text = Record.from_state(state).dumps()
    assert Record.loads(text).dumps() == text
    pretty = Record.loads(text).dumps(indent=2)
    assert json.loads(pretty) == json.loads(text)


def test_unknown_keys_are_ignored():
    data = dict(EXAMPLE, comment="hello", map=[dict(h, colour="blue") for h in EXAMPLE["map"]])
    assert Record.from_json(data).to_json() == EXAMPLE


def test_replay_reproduces_the_game():
    state = played(4, seed=11)
    again = Record.loads(Record.from_state(state).dumps()).replay()
    assert again.history == state.history
    assert again.scores() == state.scores()
    assert again.is_over()


def test_a_generated_record_remembers_its_seed_and_tile_set():
    record = new_record(3, 77)
    assert record.generated is not None and record.generated.seed == 77
    assert Record.loads(record.dumps()).generated == record.generated


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "waddle-record/2"}, '"format" must be "waddle-record/1"'),
        ({"players": 6}, '"players" must be an integer from 2 to 5'),
        ({"players": "3"}, '"players" must be an integer from 2 to 5'),
        ({"players": True}, '"players" must be an integer from 2 to 5'),
        ({"order": [0, 1, 1]}, '"order" must list each player 0..2 exactly once'),
        ({"order": [0, 1]}, '"order" must list each player 0..2 exactly once'),
        ({"actions": {}}, '"actions" must be a list'),
        ({"actions": [{"place": [1]}]}, 'action 0: "place" must be a list of two integers'),
        (
            {"actions": [{"scout": True}, {"jump": 1}]},
            'action 1: an action needs "place" or "scout"',
        ),
        ({"actions": [{"place": [1, 0], "double": "yes"}]}, '"double" must be true or false'),
        ({"map": "none"}, '"map" must be a list of hexes'),
        ({"map": [{"q": 0, "r": 0, "kind": "lava"}]}, 'map[0]: "kind" must be "ice" or "water"'),
        ({"map": [{"q": 0, "kind": "ice"}]}, 'map[0]: missing "r"'),
    ],
)
def test_malformed_records_are_rejected_with_a_clear_message(change, message):
    data = dict(EXAMPLE, **change)
    with pytest.raises(RecordError) as caught:
        Record.from_json(data).replay()
    assert message in str(caught.value)


def test_missing_required_keys_are_errors():
    for key in ("format", "players", "map", "order", "actions"):
        data = {k: v for k, v in EXAMPLE.items() if k != key}
        with pytest.raises(RecordError):
            Record.from_json(data)


def test_not_json_is_an_error():
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.loads("{oops")
    with pytest.raises(RecordError, match="must be a JSON object"):
        Record.loads("[1, 2]")


def test_a_map_with_duplicate_hexes_cannot_be_replayed():
    data = dict(EXAMPLE, map=[*EXAMPLE["map"], {"q": 1, "r": 0, "kind": "ice"}])
    with pytest.raises(RecordError, match="hex 1,0 appears twice"):
        Record.from_json(data).replay()


@pytest.mark.parametrize(
    ("actions", "index", "why"),
    [
        ([{"place": [0, 0]}], 0, "is water"),
        ([{"place": [9, 9]}], 0, "not on the map"),
        ([{"place": [1, 0]}, {"place": [1, 0]}], 1, "already has a penguin"),
        ([{"place": [2, -1]}], 0, "is water"),
        (
            [{"place": [1, 0], "double": True}, {"scout": True}, {"scout": True}, {"scout": True}],
            3,
            "last player on the active track",
        ),
    ],
)
def test_illegal_actions_name_their_index_and_why(actions, index, why):
    data = dict(EXAMPLE, actions=actions)
    with pytest.raises(RecordError) as caught:
        Record.from_json(data).replay()
    assert caught.value.action_index == index
    assert f"action {index}:" in str(caught.value)
    assert why in str(caught.value)


def test_a_third_double_is_illegal():
    """Rulebook, "Components": two double tokens per player."""
    state = new_record(2, 1).start()
    doubles = 0
    while doubles < 3:
        player = state.to_move()
        double = next((a for a in state.legal_actions() if a.double), None)
        if double is None:
            assert state.doubles_left[player] == 0
            single = state.legal_actions()[0]
            third = Action.place(single.hex, double=True)
            assert state.why_illegal(third) == "no double token left"
            data = Record.from_state(state).to_json()
            data["actions"].append(third.to_json())
            with pytest.raises(RecordError, match=f"action {state.ply}: .*no double token left"):
                Record.from_json(data).replay()
            return
        state.apply(double if player == 0 else state.legal_actions()[0])
        doubles += player == 0
    pytest.fail("player 0 placed a third double")


def test_any_action_after_the_end_is_illegal():
    state = played(2, seed=3)
    data = Record.from_state(state).to_json()
    data["actions"].append({"scout": True})
    with pytest.raises(RecordError, match="the game is over"):
        Record.from_json(data).replay()
