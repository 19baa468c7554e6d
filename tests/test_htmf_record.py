"""Records in the ``htmf-record/1`` format: loading, saving, replaying, bad input
(htmf-record.md, "Format htmf-record/1")."""

from __future__ import annotations

import json

import pytest

from waddle.core.rng import Rng
from waddle.games.htmf import Action, Generated, Record, new_record, standard_floes
from waddle.games.htmf.record import RecordError

ONES = [{"q": q, "r": 0, "fish": 1} for q in range(1, 9)]
EXAMPLE = {
    "format": "htmf-record/1",
    "players": 2,
    "board": [{"q": 1, "r": 0, "fish": 3}, *ONES[1:], {"q": 9, "r": 0, "fish": 1}],
    "actions": [{"place": [2, 0]}, {"place": [5, 0]}],
}


def played(players: int, seed: int, plies: int | None = None) -> Record:
    record = new_record(players, seed)
    state = record.start()
    rng = Rng(seed)
    while not state.is_over() and (plies is None or state.ply < plies):
        state.apply(rng.choice(state.legal_actions()))
    return record.with_actions(state.history)


def test_a_record_of_the_contracts_form_loads_and_saves_unchanged():
    record = Record.from_json(EXAMPLE)
    assert record.to_json() == EXAMPLE
    assert record.actions == [Action.place((2, 0)), Action.place((5, 0))]
    assert record.generated is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_load_then_save_gives_back_the_same_bytes(players):
    text = played(players, seed=players).dumps()
    assert Record.loads(text).dumps() == text
    assert json.loads(Record.loads(text).dumps(indent=2)) == json.loads(text)


def test_a_standard_board_is_written_in_full_with_its_seed_beside_it():
    data = new_record(3, 77).to_json()
    assert data["generated"] == {"seed": 77}
    assert [(f["q"], f["r"], f["fish"]) for f in data["board"]] == [
        (f.q, f.r, f.fish) for f in standard_floes(77)
    ]
    assert Record.from_json(data).generated == Generated(77)
    # a reader that ignores "generated" replays the same game
    del data["generated"]
    assert Record.from_json(data).start().floes_left() == new_record(3, 77).start().floes_left()


def test_unknown_keys_are_ignored():
    data = dict(EXAMPLE, comment="hi", board=[dict(f, colour="blue") for f in EXAMPLE["board"]])
    data["actions"] = [dict(a, note=1) for a in EXAMPLE["actions"]]
    assert Record.from_json(data).to_json() == EXAMPLE


def test_replay_reproduces_the_game():
    record = played(4, seed=11)
    state = Record.loads(record.dumps()).replay()
    assert state.is_over() and state.history == record.actions


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "waddle-record/1"}, '"format" must be "htmf-record/1", not "waddle-record/1"'),
        ({"players": 5}, '"players" must be an integer from 2 to 4'),
        ({"players": "2"}, '"players" must be an integer from 2 to 4'),
        ({"players": True}, '"players" must be an integer from 2 to 4'),
        ({"players": 3}, "board: 3 players place 9 penguins, each on its own 1-fish floe, but"),
        ({"actions": {}}, '"actions" must be a list'),
        ({"actions": [{"place": [1]}]}, 'action 0: "place" must be a list of two integers'),
        ({"actions": [{"place": [1, 0]}, {"hop": 1}]}, 'action 1: an action needs "place" or'),
        ({"actions": [{"move": [[1, 0]]}]}, 'action 0: "move" must be a list of two floes'),
        ({"actions": [{"move": [[1, 0], [2, 0.0]]}]}, 'action 0: "move" must be a list of two'),
        ({"actions": ["2,0"]}, "action 0: an action must be a JSON object"),
        ({"board": "none"}, 'board: "board" must be a list of floes'),
        ({"board": [{"q": 0, "r": 0}]}, 'board: board[0]: missing "fish"'),
        ({"board": [{"q": 0, "r": 0, "fish": 1.0}]}, 'board[0]: "fish" must be an integer'),
        ({"board": [*ONES, {"q": 1, "r": 0, "fish": 2}]}, "floe 1,0 appears twice"),
        ({"board": [*ONES, {"q": 1, "r": 1, "fish": 4}]}, "floe 1,1 has 4 fish"),
    ],
)
def test_malformed_records_are_rejected_saying_which_key_is_wrong(change, message):
    with pytest.raises(RecordError) as caught:
        Record.from_json(dict(EXAMPLE, **change)).replay()
    assert message in str(caught.value)


@pytest.mark.parametrize("key", ["format", "players", "board", "actions"])
def test_missing_required_keys_are_errors(key):
    data = {k: v for k, v in EXAMPLE.items() if k != key}
    with pytest.raises(RecordError):
        Record.from_json(data)


def test_not_json_is_an_error():
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.loads("{oops")
    with pytest.raises(RecordError, match="must be a JSON object"):
        Record.loads("[1, 2]")


@pytest.mark.parametrize(
    ("actions", "index", "why"),
    [
        ([{"place": [1, 0]}], 0, "floe 1,0 has 3 fish: penguins are placed on 1-fish floes"),
        ([{"place": [20, 0]}], 0, "there is no floe at 20,0"),
        ([{"place": [2, 0]}, {"place": [2, 0]}], 1, "floe 2,0 already has a penguin"),
        ([{"place": [2, 0]}, {"move": [[2, 0], [3, 0]]}], 1, "penguins are still being placed"),
    ],
)
def test_an_illegal_action_is_named_by_its_index_and_why(actions, index, why):
    with pytest.raises(RecordError) as caught:
        Record.from_json(dict(EXAMPLE, actions=actions)).replay()
    assert caught.value.action_index == index
    assert str(caught.value).startswith(f"action {index}: ")
    assert why in str(caught.value)


def test_an_illegal_move_later_in_a_game_is_named_by_its_index():
    record = played(2, seed=3, plies=14)
    data = record.to_json()
    state = record.replay()
    penguin = state.penguins_of(state.to_move())[0]
    data["actions"].append({"move": [list(penguin), list(penguin)]})
    with pytest.raises(RecordError, match=r"action 14: .* a penguin must move at least one floe"):
        Record.from_json(data).replay()


def test_any_action_after_the_end_is_illegal():
    data = played(2, seed=3).to_json()
    data["actions"].append({"place": [1, 0]})
    index = len(data["actions"]) - 1
    with pytest.raises(RecordError, match=f"action {index}: .*the game is over"):
        Record.from_json(data).replay()


def test_records_on_the_same_board_share_one_built_board():
    a, b = played(2, seed=8), played(3, seed=8)
    assert Record.loads(a.dumps()).build_board() is Record.loads(b.dumps()).build_board()


def test_an_ill_typed_floe_is_rejected_even_when_its_board_was_seen_before():
    """The board cache is keyed by exact JSON types: 1.0 and true equal 1 in Python."""
    Record.from_json(EXAMPLE)
    for bad in (1.0, True):
        board = [dict(f) for f in EXAMPLE["board"]]
        board[1]["fish"] = bad
        with pytest.raises(RecordError, match='board\\[1\\]: "fish" must be an integer'):
            Record.from_json(dict(EXAMPLE, board=board))
