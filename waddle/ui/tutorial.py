"""What a game's tutorial script provides: a small scripted game and the steps through it.

A tutorial makes the player do each step of the game for real: every :class:`Step` says
what to do and accepts only that kind of action, the other seats answer as the script
says, and the app's tutorial runner (:mod:`waddle.app.tutorial`) plays it through the
same session as any game, so messages, undo rules and drawing are the game's own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from waddle.ui.seats import Seat


@dataclass(frozen=True)
class Step:
    key: str
    text: str
    """What to do now (shown above the board)."""
    accepts: Callable[[Any, Any], bool]
    """``accepts(state, action)``: whether this is the action the step asks for."""
    hint: str
    """Said when the player does something else."""


class TutorialScript(Protocol):
    learner: int
    """The seat the person plays."""
    steps: Sequence[Step]

    def start(self) -> tuple[Any, list[Seat]]:
        """The scripted game's record and its seats. Its actions, if any, are played before
        the first step: the lesson may start in the middle of a game."""
        ...

    def reply(self, state: Any, step: Step) -> Any:
        """The move of the scripted seat to move in ``state``, during ``step``."""
        ...

    def next_step(self, state: Any, index: int) -> int:
        """The step after the learner's action at step ``index`` (and the replies)."""
        ...
