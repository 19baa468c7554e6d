"""The Hey, That's My Fish! tutorial: every path its steps accept reaches every step, in
order, and ends in a tie on fish that the floes break.

The walk plays the real tutorial runner (:class:`waddle.app.tutorial.Tutorial`) through
every legal action each step accepts, from the first placement to the end. Paths that meet
in the same position at the same step (the same placements in another order) have the same
future, so it is walked once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from waddle.app.tutorial import Tutorial
from waddle.games.htmf import GAME, Action
from waddle.games.htmf.presenter import PRESENTER
from waddle.games.htmf.tutorial import BLUE, STEPS, YOU, blocks

KEYS = ["place", "move", "block", "out", "done"]


def replay(actions: list[Action]) -> Tutorial:
    tutorial = Tutorial(GAME)
    for action in actions:
        assert tutorial.try_action(action), (action, tutorial.session.message)
    return tutorial


def accepted(tutorial: Tutorial) -> list[Action]:
    state = tutorial.session.state
    return [a for a in state.legal_actions() if tutorial.step.accepts(state, a)]


def position(tutorial: Tutorial) -> tuple:
    """What the rest of the tutorial depends on: the position and the step."""
    state = tutorial.session.state
    return (
        tutorial.index,
        tuple(sorted(state.penguins().items())),
        tuple(sorted(state.floes_left())),
        tuple(tuple(state.taken_by(p)) for p in range(state.players)),
        tuple(state.is_out(p) for p in range(state.players)),
        state.to_move(),
    )


@dataclass
class Walk:
    paths: int = 0
    """Paths through distinct positions (the same position reached twice counts once)."""
    ends: list[Tutorial] = field(default_factory=list)
    steps_seen: set[tuple[str, ...]] = field(default_factory=set)
    decisions: dict[str, int] = field(default_factory=dict)
    """The most actions any step accepted at once."""


def walk_every_path() -> Walk:
    result = Walk()
    seen: set[tuple] = set()

    def visit(actions: list[Action], keys: tuple[str, ...]) -> None:
        tutorial = replay(actions)
        key = STEPS[tutorial.index].key
        keys = keys if keys and keys[-1] == key else (*keys, key)
        if position(tutorial) in seen:
            return
        seen.add(position(tutorial))
        if tutorial.finished:
            assert tutorial.session.state.is_over(), "the last step comes with the end"
            result.paths += 1
            result.ends.append(tutorial)
            result.steps_seen.add(keys)
            return
        options = accepted(tutorial)
        assert options, f"step {key!r} accepts no legal action after {actions}"
        result.decisions[key] = max(result.decisions.get(key, 0), len(options))
        for action in options:
            visit([*actions, action], keys)

    visit([], ())
    return result


@pytest.fixture(scope="module")
def every_path() -> Walk:
    return walk_every_path()


def test_every_accepted_path_visits_every_step_in_order(every_path):
    assert [s.key for s in STEPS] == KEYS
    assert every_path.steps_seen == {tuple(KEYS)}
    assert every_path.paths >= 10
    # The learner chooses for real: among floes to place on, and at two of the moves.
    assert every_path.decisions["place"] == 7
    assert every_path.decisions["move"] == 2
    assert every_path.decisions["out"] == 2


def test_every_accepted_path_ends_in_a_tie_on_fish_broken_by_floes(every_path):
    for tutorial in every_path.ends:
        state = tutorial.session.state
        breakdown = state.breakdown()
        assert breakdown.decided_by == "floes"
        assert breakdown.winners == (YOU,)
        # The numbers the last step's text gives.
        assert state.scores() == [10, 10]
        assert state.floe_counts() == [6, 7]
        assert "10 fish" in STEPS[-1].text and "you took 7 and Blue 6" in STEPS[-1].text


def test_blue_begins_and_the_learner_is_second():
    tutorial = Tutorial(GAME)
    state = tutorial.session.state
    assert tutorial.script.learner == YOU == 1
    assert state.ply == 1 and state.to_move() == YOU
    assert state.penguin_at((2, 0)) == BLUE
    assert tutorial.session.message == "Blue placed a penguin on B2."
    assert tutorial.session.seats[YOU].name == "Red (you)"


def test_placing_every_floe_in_any_order_leaves_one_penguin_free_to_move():
    """Whatever the learner chooses, the last placement gives the same position: each
    player has one penguin on the open ice and three hemmed in ("Placing the penguins")."""
    tutorial = Tutorial(GAME)
    while tutorial.step.key == "place":
        assert tutorial.try_action(accepted(tutorial)[-1])  # the hemmed-in floes first
    state = tutorial.session.state
    assert state.phase == "move" and tutorial.step.key == "move"
    assert state.to_move() == YOU and state.ply == 9, "Blue moved first"
    assert state.penguin_at((3, 0)) == BLUE and not state.has_floe((2, 0))
    assert state.movable_penguins() == [(2, 1)]


def test_the_first_move_blocks_nothing_and_the_block_puts_blue_out():
    """'Move' precedes 'Block': no first move the step accepts already blocks Blue; the
    blocking move leaves Blue's penguin with nowhere to go, and Blue is out at once."""
    tutorial = replay([])
    while tutorial.step.key == "place":
        assert tutorial.try_action(accepted(tutorial)[0])
    state = tutorial.session.state
    for action in accepted(tutorial):
        assert not blocks(state, action), action
    assert tutorial.try_action(Action.move((2, 1), (2, 2)))
    assert tutorial.step.key == "block" and state.penguin_at((5, 0)) == BLUE

    # A move that blocks nothing is refused with the step's hint, and changes nothing.
    before = tutorial.session.record().dumps()
    assert not tutorial.try_action(Action.move((2, 2), (3, 1)))
    assert tutorial.session.message == tutorial.step.hint
    assert tutorial.session.record().dumps() == before
    # An illegal one gets the rules' reason instead, the places named as on the board.
    assert PRESENTER.on_hex(tutorial.session, "2,2") is None
    assert PRESENTER.on_hex(tutorial.session, "2,0") is None
    assert tutorial.session.message == "The way from D3 to B2 crosses a gap at C3."
    assert tutorial.session.record().dumps() == before

    assert tutorial.try_action(Action.move((2, 2), (4, 0)))
    assert tutorial.step.key == "out"
    assert state.is_out(BLUE) and not state.penguins_of(BLUE)
    assert "Blue cannot move any more" in tutorial.session.message
    assert not state.is_over() and state.to_move() == YOU


def test_the_last_move_ends_the_game():
    tutorial = replay([])
    while tutorial.step.key == "place":
        assert tutorial.try_action(accepted(tutorial)[0])
    for action in (Action.move((2, 1), (3, 1)), Action.move((3, 1), (4, 0))):
        assert tutorial.try_action(action)
    (last,) = accepted(tutorial)
    assert tutorial.try_action(last)
    assert tutorial.finished and tutorial.session.state.is_over()
    assert tutorial.session.message.endswith("No penguin can move: the game is over.")
    assert not tutorial.try_action(last)
    assert tutorial.session.message == STEPS[-1].hint
