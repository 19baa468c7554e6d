"""The first-game tutorial: each step needs the player to do that step."""

from waddle.app.tutorial import Tutorial
from waddle.games.waddle import GAME, SCOUT, Action
from waddle.games.waddle.presenter import PRESENTER
from waddle.games.waddle.tutorial import BLUE, STEPS, YOU


def first_hex(tutorial: Tutorial):
    return tutorial.session.state.legal_hexes()[0]


def test_the_tutorial_walks_through_every_step_to_the_final_scoring():
    t = Tutorial(GAME)
    state = t.session.state
    assert [s.key for s in STEPS] == ["place", "double", "scout", "lead", "last", "done"]

    # placing: only a single is accepted, then Blue replies and it is our turn again
    assert not t.try_action(SCOUT) and t.step.key == "place" and state.ply == 0
    assert t.try_action(Action.place(first_hex(t)))
    assert t.step.key == "double" and state.to_move() == YOU and state.ply == 2

    # doubles
    assert not t.try_action(Action.place(first_hex(t)))
    assert t.session.message.startswith("Choose 'Double'")
    assert t.try_action(Action.place(first_hex(t), double=True))
    assert state.doubles_left[YOU] == 1 and t.step.key == "scout"

    # scouting: Blue is then the last player placing and fills pool 1; the round changes
    assert t.try_action(SCOUT)
    assert t.step.key == "lead"
    assert state.active_number == 2 and state.to_move() == YOU
    assert "New round at pool 2" in t.session.message

    # at pool 2 Blue scouts, so we are the last player placing and cannot scout
    assert t.try_action(Action.place(first_hex(t)))
    assert t.step.key == "last" and state.scouted_this_round() == [BLUE]
    assert not state.can_scout()
    assert not t.try_action(SCOUT)
    while not state.is_over():
        assert t.try_action(Action.place(first_hex(t)))
    assert t.finished and t.step.key == "done"
    assert all(state.penguin_at(h) for h in map(lambda i: state.board.coords[i], state.board.ice))


def test_an_illegal_move_in_a_step_is_explained_and_changes_nothing():
    t = Tutorial(GAME)
    assert not t.try_action(Action.place((0, 0)))
    assert t.session.state.ply == 0
    # A click, as the page sends it: the reason names the place as the board shows it.
    assert PRESENTER.on_hex(t.session, "0,0") is None
    assert t.session.message == "Pool 1 is water; penguins go on ice."
    assert PRESENTER.on_hex(t.session, "4,-1") is None
    assert t.session.message == ("The ice east of pool 2 is not next to the active water hex 1.")
    assert t.session.state.ply == 0


def test_the_steps_name_places_as_the_board_shows_them():
    t = Tutorial(GAME)
    assert t.try_action(Action.place(first_hex(t)))
    assert "," not in t.session.message.replace(", ", "")  # never "1,-1"
    assert "of pool 1" in t.session.message, t.session.message
