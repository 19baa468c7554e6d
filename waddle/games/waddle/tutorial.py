"""The interactive first-game tutorial: a small real game in which the player does each step.

You play Red against a scripted Blue on a two-pool map. Each :class:`Step` says what to do
and accepts only that kind of move, so the player places, places a double, scouts, meets
the last-player-placing rule, sees a round change, and ends at the final scoring.

>>> tutorial = Tutorial()
>>> tutorial.step.key
'place'
>>> tutorial.try_action(Action.place(tutorial.session.state.legal_hexes()[0]))
True
>>> tutorial.step.key
'double'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from waddle.games.waddle.actions import SCOUT, Action
from waddle.games.waddle.board import Board, HexSpec
from waddle.games.waddle.session import Session, describe
from waddle.games.waddle.state import WaddleState
from waddle.games.waddle.view import Seat

YOU, BLUE = 0, 1


def tutorial_board() -> Board:
    """Pool 1 (3 fish) with six ice hexes round it; pool 2 (5 and 2) with five."""
    water = [HexSpec(0, 0, "water", 1, (3,)), HexSpec(3, -1, "water", 2, (5, 2))]
    ice = [
        (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1),  # around pool 1
        (4, -1), (4, -2), (3, -2), (2, 0), (3, 0),  # around pool 2
    ]  # fmt: skip
    return Board(water + [HexSpec(q, r, "ice") for q, r in ice])


@dataclass(frozen=True)
class Step:
    key: str
    text: str
    """What to do now (shown above the board)."""
    accepts: Callable[[WaddleState, Action], bool]
    hint: str
    """Said when the player does something else."""


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


class Tutorial:
    """The scripted game and which step the player is on."""

    def __init__(self) -> None:
        seats = [Seat("Red (you)", "#d55e00", "circle"), Seat("Blue", "#0072b2", "square")]
        self.session = Session(WaddleState(tutorial_board(), 2, [YOU, BLUE]), seats)
        self.index = 0

    @property
    def step(self) -> Step:
        return STEPS[self.index]

    @property
    def steps(self) -> int:
        return len(STEPS)

    @property
    def finished(self) -> bool:
        return self.step.key == "done"

    def try_action(self, action: Action) -> bool:
        """Play ``action`` if the step asks for it (and the rules allow it), then Blue's reply."""
        state = self.session.state
        if not self.step.accepts(state, action):
            self.session.message = self.step.hint
            return False
        if not self.session.play(action):
            return False
        said = [self.session.message or ""]
        said += self._blue_moves()
        self._advance()
        self.session.message = " ".join(s for s in said if s)
        return True

    def _blue_moves(self) -> list[str]:
        """Blue's scripted replies until it is the player's turn again (or the game ends)."""
        said = []
        state = self.session.state
        while state.to_move() == BLUE:
            if self.step.key == "lead" and state.can_scout():
                action = SCOUT  # Blue scouts at pool 2, so the player becomes last placing
            else:
                action = Action.place(state.legal_hexes()[0])
            self.session.play(action)
            said.append(self.session.message or f"Blue {describe(action)}.")
        return said

    def _advance(self) -> None:
        state = self.session.state
        if state.is_over():
            self.index = len(STEPS) - 1
        elif self.step.key in ("place", "double", "scout", "lead"):
            self.index += 1
