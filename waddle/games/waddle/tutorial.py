"""Waddle's first-game tutorial: a small real game in which the player does each step.

You play Red against a scripted Blue on a two-pool map. Each step says what to do and
accepts only that kind of move, so the player places, places a double, scouts, meets the
last-player-placing rule, sees a round change, and ends at the final scoring. The app's
tutorial runner (:mod:`waddle.app.tutorial`) plays it.

>>> from waddle.app.tutorial import Tutorial
>>> from waddle.games.waddle import GAME
>>> tutorial = Tutorial(GAME)
>>> tutorial.step.key
'place'
>>> tutorial.try_action(Action.place(tutorial.session.state.legal_hexes()[0]))
True
>>> tutorial.step.key
'double'
"""

from __future__ import annotations

from waddle.games.waddle.actions import SCOUT, Action
from waddle.games.waddle.board import Board, HexSpec
from waddle.games.waddle.record import Record
from waddle.games.waddle.state import WaddleState
from waddle.ui.seats import Seat
from waddle.ui.tutorial import Step

YOU, BLUE = 0, 1


def tutorial_board() -> Board:
    """Pool 1 (3 fish) with six ice hexes round it; pool 2 (5 and 2) with five."""
    water = [HexSpec(0, 0, "water", 1, (3,)), HexSpec(3, -1, "water", 2, (5, 2))]
    ice = [
        (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1),  # around pool 1
        (4, -1), (4, -2), (3, -2), (2, 0), (3, 0),  # around pool 2
    ]  # fmt: skip
    return Board(water + [HexSpec(q, r, "ice") for q, r in ice])


def _single(_state: WaddleState, action: Action) -> bool:
    return action.hex is not None and not action.double


def _double(_state: WaddleState, action: Action) -> bool:
    return action.double


def _scout(_state: WaddleState, action: Action) -> bool:
    return action.hex is None


def _any_place(_state: WaddleState, action: Action) -> bool:
    return action.hex is not None


STEPS = (
    Step(
        "place",
        "Welcome! You are Red. The dashed ring marks the active pool, number 1. On your turn "
        "you place a penguin on an empty ice hex next to it: click one of the green hexes.",
        _single,
        "Place a single penguin: keep 'Single' chosen and click a green hex.",
    ),
    Step(
        "double",
        "Blue placed too. Each player has two double tokens: one hex, but two penguins for "
        "scoring. Choose 'Double' (or press D), then click a green hex next to your penguin: "
        "touching penguins form one waddle.",
        _double,
        "Choose 'Double' first, then click a green hex.",
    ),
    Step(
        "scout",
        "Instead of placing you can scout ahead: you place no more this round, but you move "
        "to the other turn track and go first in the next round, at pool 2. Click 'Scout "
        "ahead' (or press S).",
        _scout,
        "Click 'Scout ahead' this time.",
    ),
    Step(
        "lead",
        "Blue was the last player left on the active track, so Blue could not scout and had "
        "to fill pool 1. The round ended: the marker moved to pool 2, the lowest-numbered "
        "pool with empty ice, and because you scouted, your track became active and you go "
        "first. Place a penguin next to pool 2.",
        _any_place,
        "Place a penguin next to pool 2.",
    ),
    Step(
        "last",
        "Blue scouted ahead. Now you are the last player on the active track: you may not "
        "scout (see the greyed button) and must place until pool 2 is surrounded. Place "
        "your penguins.",
        _any_place,
        "You must keep placing: the last player placing cannot scout.",
    ),
    Step(
        "done",
        "Every ice hex is filled, so the game is over. Each waddle scores 1, 3, 6, 10… by its "
        "size, and each pool's fish go to the players with the most penguins around it. The "
        "results list every waddle and pool. Well played! Start a real game with 'New game'.",
        lambda _s, _a: False,
        "The game is over.",
    ),
)


class WaddleTutorial:
    """The script: Red (you) against Blue, who places on the first legal hex, except that
    at pool 2 Blue scouts, so that you meet the last-player-placing rule."""

    learner = YOU
    steps = STEPS

    def start(self) -> tuple[Record, list[Seat]]:
        board = tutorial_board()
        seats = [Seat("Red (you)", "#d55e00", "circle"), Seat("Blue", "#0072b2", "square")]
        return Record(2, board.specs, (YOU, BLUE)), seats

    def reply(self, state: WaddleState, step: Step) -> Action:
        if step.key == "lead" and state.can_scout():
            return SCOUT
        return Action.place(state.legal_hexes()[0])

    def next_step(self, state: WaddleState, index: int) -> int:
        if state.is_over():
            return len(STEPS) - 1
        if STEPS[index].key in ("place", "double", "scout", "lead"):
            return index + 1
        return index
