"""The card powers and movement in Pebbles (rulebook: "Use a Card Power", "Moving a Penguin
/ Adjacency", "Pathway Tokens", "Fish Tokens"), with what this project decided where the
rulebook is silent.

Positions are on the line layout of tests/pebbles_helpers.py: tiles 7 to 13 in a row,
pathways 7-13 and 8-11.
"""

from __future__ import annotations

from pebbles_helpers import do, game, legal, put

from waddle.games.pebbles import builtin_layout, parse_action

ROW = "10S 11C 12P 7L"


def test_adjacency_tiles_touch_when_their_hexes_are_neighbours_or_a_pathway_joins_them():
    """Moving a Penguin / Adjacency and Pathway Tokens: each step goes to a tile that
    touches, or to the tile at the other end of a pathway."""
    state = game(["7S", "8P"], row=ROW)
    layout = state.layout
    near = {n: [layout.numbers[j] for j in layout.neighbours[layout.index[n]]] for n in (7, 8, 10)}
    assert near == {7: [8, 13], 8: [7, 9, 11], 10: [9, 11]}
    assert [layout.numbers[j] for j in layout.touching[layout.index[7]]] == [8]


def test_scurry_moves_one_or_two_penguins_one_or_two_tiles_each():
    """Use a Card Power, Scurry: 1 or 2 of your penguins, 1 or 2 tiles each, from
    different tiles if you like."""
    state = game(["7S 9C", "8P 13L"], row=ROW)
    put(state, 9, 0)
    put(state, 11, 0)
    state.fish[0] = 0
    do(state, "play 7S")
    assert legal(state) == ["place 7", "scurry 9", "scurry 11", *(f"fish {c}" for c in ROW.split())]
    do(state, "scurry 9")
    assert legal(state) == ["step 8", "step 10"]
    do(state, "step 10")
    assert legal(state) == ["step 9", "step 11", "done"]
    do(state, "step 11")  # two tiles: its move is over (no fish to go on)
    assert state.step_name == "scurry-again" and legal(state) == ["scurry 11", "done"]
    do(state, "scurry 11", "step 12", "done")
    assert state.penguins_on(11) == [1, 0] and state.penguins_on(12) == [1, 0]
    assert state.step_name == "choose" and "scurry 11" not in legal(state)


def test_decision_a_scurrying_penguin_moves_at_least_one_tile():
    """Scurry moves penguins "1 or 2 tiles": no "done" before the first step."""
    state = game(["7S 9C", "8P 13L"], row=ROW)
    put(state, 9, 0)
    do(state, "play 7S", "scurry 9")
    assert state.why_illegal(parse_action("done")) == "a scurrying penguin moves at least 1 tile"


def test_decision_scurry_moves_two_different_penguins():
    """Where the rulebook is silent: the second scurry is another penguin ("the penguins
    move independently"): with one penguin on the board no second scurry is offered, and
    from the tile the first one reached only if another of yours stands there."""
    alone = game(["7S 9C", "8P 13L"], row=ROW)
    put(alone, 9, 0)
    alone.fish[0] = 0
    do(alone, "play 7S", "scurry 9", "step 10", "done")
    assert alone.step_name == "choose"
    two = game(["7S 9C", "8P 13L"], row=ROW)
    put(two, 9, 0, 2)
    two.fish[0] = 0
    do(two, "play 7S", "scurry 9", "step 10", "done")
    assert legal(two) == ["scurry 9", "done"]
    assert two.why_illegal(parse_action("scurry 10")) == (
        "you have no other penguin that can scurry from tile 10"
    )


def test_court_puts_a_penguin_or_a_pebble_on_a_tile_with_two_or_more_penguins():
    """Use a Card Power, Court: 1 of your penguins or 1 pebble, on a tile holding 2 or more
    penguins of any players (2 of one player count too)."""
    state = game(["9C 7S", "8P 13L"], row=ROW)
    put(state, 10, 0)
    put(state, 10, 1)
    put(state, 12, 1, 2)
    put(state, 13, 1)
    do(state, "play 9C")
    assert legal(state)[:5] == [
        "place 9",
        "court penguin 10",
        "court pebble 10",
        "court penguin 12",
        "court pebble 12",
    ]
    assert state.why_illegal(parse_action("court pebble 13")) == (
        "Court goes on a tile with 2 or more penguins, and tile 13 has fewer"
    )
    pebbles = state.pebbles[state.layout.index[10]]
    do(state, "court pebble 10")
    assert state.pebbles[state.layout.index[10]] == pebbles + 1 and state.bank[0] == 25


def test_court_a_penguin_placed_by_court_may_take_fish_steps():
    """Fish Tokens: "after placing ... a penguin": Court's penguin is placed too."""
    state = game(["9C 7S", "8P 13L"], row=ROW)
    put(state, 10, 0)
    put(state, 10, 1)
    do(state, "play 9C", "court penguin 10")
    assert state.penguins_on(10) == [2, 1] and state.supply[0] == 8
    assert legal(state) == ["step 9", "step 11", "done"]
    do(state, "step 11")
    assert state.penguins_on(11) == [1, 0] and state.fish[0] == 0 and state.bank[1] == 15


def test_push_moves_one_penguin_of_each_player_on_the_tile_up_to_one_tile():
    """Use a Card Power, Push: on a tile where you have a penguin, one penguin of each
    player there (yours included) moves up to 1 tile; the pusher pays any fish steps,
    also for the others' penguins (the rulebook's example)."""
    state = game(["8P 9C", "7S 13L"], row=ROW)
    put(state, 10, 0, 2)
    put(state, 10, 1)
    state.fish[0] = 2
    do(state, "play 8P")
    assert "push 10" in legal(state)
    do(state, "push 10")
    view = state.view(0)
    assert (view.turn.moving.owner, view.turn.push_tile, view.turn.push_players) == (0, 10, (0, 1))
    assert legal(state) == ["step 9", "step 11", "done"]
    do(state, "step 11", "done")  # own penguin: one tile, no fish step
    assert state.view(0).turn.moving.owner == 1
    do(state, "step 9", "step 8")  # the other's: one tile free, one paid with a fish
    assert state.penguins_on(10) == [1, 0] and state.penguins_on(11) == [1, 0]
    assert state.penguins_on(8) == [0, 1] and state.fish == [1, 1]
    do(state, "done")
    assert state.step_name == "choose"


def test_push_a_penguin_may_stay_and_then_takes_no_fish_step():
    """Push: "up to 1 tile": done at once leaves the penguin where it is; a fish step
    only follows a penguin that moved."""
    state = game(["8P 9C", "7S 13L"], row=ROW)
    put(state, 10, 0)
    put(state, 10, 1)
    do(state, "play 8P", "push 10", "done")
    assert state.penguins_on(10) == [1, 1] and state.view(0).turn.moving.owner == 1
    do(state, "done")
    assert state.penguins_on(10) == [1, 1] and state.step_name == "choose"


def test_decision_push_moves_penguins_along_a_pathway():
    """Where the rulebook is silent: a pathway makes its tiles adjacent for every move, so
    a pushed penguin may be sent along it."""
    state = game(["8P 9C", "7S 13L"], row=ROW)
    put(state, 8, 0)
    put(state, 8, 1)
    do(state, "play 8P", "push 8", "done")
    assert legal(state) == ["step 7", "step 9", "step 11", "done"]
    do(state, "step 11")
    assert state.penguins_on(11) == [0, 1]


def test_decision_push_goes_clockwise_from_the_pusher():
    """Where the rulebook is silent: the pusher's own penguin moves first, then the other
    players' penguins clockwise from the pusher."""
    state = game(["8P", "9P", "10S"], row=ROW, lead=1, layout=builtin_layout(3))
    for p in range(3):
        put(state, 9, p)
    do(state, "play 9P", "push 9")
    assert state.view(1).turn.push_players == (1, 2, 0)


def test_collect_puts_a_pebble_on_any_tile():
    """Use a Card Power, Collect: 1 pebble on any tile, with or without penguins."""
    state = game(["13L 9C", "8P 7S"], row=ROW)
    do(state, "play 13L")
    assert [a for a in legal(state) if a.startswith("collect")] == [
        f"collect {n}" for n in range(7, 14)
    ]
    do(state, "collect 8")
    assert state.pebbles[state.layout.index[8]] == 1 and state.bank[0] == 25


def test_decision_no_pebble_left_no_collect_and_no_court_pebble():
    """Components: 30 pebbles. Where the rulebook is silent: once the supply has none,
    Collect and Court's pebble are not possible (the power is skipped if it has no other
    use)."""
    state = game(["13L 9C", "8P 7S"], row=ROW)
    state.bank[0] = 0
    do(state, "play 13L")
    assert not [a for a in legal(state) if a.startswith("collect")]
    assert state.why_illegal(parse_action("collect 8")) == "all 30 pebbles are on the board"


def test_fish_tokens_a_placed_penguin_moves_one_tile_per_fish_token():
    """Fish Tokens: after placing a penguin, discard a fish token to move it 1 tile, and
    again for each further tile; spent tokens go back to the supply."""
    state = game(["7S 9C", "8P 13L"], row=ROW)
    state.fish[0] = 2
    state.bank[1] = 12
    do(state, "play 7S", "place 7", "step 13")  # along the 7-13 pathway
    assert state.fish[0] == 1 and state.bank[1] == 13
    do(state, "step 12")
    assert state.penguins_on(12) == [1, 0] and state.fish[0] == 0 and state.bank[1] == 14
    assert state.step_name == "choose"  # no token left: the move is over


def test_fish_tokens_extend_a_scurry_after_its_free_steps():
    """Fish Tokens: "after ... moving a penguin": past Scurry's two tiles, a token a step."""
    state = game(["7S 9C", "8P 13L"], row=ROW)
    put(state, 9, 0)
    do(state, "play 7S", "scurry 9", "step 10", "step 11")
    assert state.fish[0] == 1 and legal(state) == ["step 8", "step 10", "step 12", "done"]
    do(state, "step 12")
    assert state.fish[0] == 0 and state.penguins_on(12) == [1, 0]


def test_decision_a_moving_penguin_may_pass_through_tiles_and_come_back():
    """Where the rulebook is silent: no tile blocks a step, and a penguin may step back to
    a tile it has left (even to where it started)."""
    state = game(["9C 7S", "8P 13L"], row=ROW)
    state.fish[0] = 2
    put(state, 10, 1, 3)
    do(state, "play 9C", "place 9", "step 10", "step 9")
    assert state.penguins_on(9) == [1, 0] and state.fish[0] == 0
