"""Runs a game's tutorial script (:mod:`waddle.ui.tutorial`) through an ordinary session.

>>> from waddle.games import GAMES
>>> tutorial = Tutorial(GAMES.by_id("waddle").load())
>>> tutorial.step.key, tutorial.index, tutorial.steps > 3
('place', 0, True)
>>> tutorial.try_action(tutorial.session.state.legal_actions()[-1])  # a scout: not asked for
False
>>> tutorial.session.message == tutorial.step.hint
True
"""

from __future__ import annotations

from typing import Any

from waddle.app.session import Session
from waddle.core.registry import GameModule
from waddle.ui.tutorial import Step, TutorialScript


class Tutorial:
    """The scripted game and which step the player is on."""

    def __init__(self, game: GameModule) -> None:
        self.script: TutorialScript = game.tutorial()
        record, seats = self.script.start()
        # A script may open in the middle of a game: the record's actions are played first
        # (a card game's lesson about the end of a season starts near it).
        self.session = Session(game, record.with_actions(()), record.replay(), seats)
        self.index = 0
        # A learner who is not the first player finds the seats before them already moved.
        said = self._replies()
        self.session.message = " ".join(said) or None

    @property
    def step(self) -> Step:
        return self.script.steps[self.index]

    @property
    def steps(self) -> int:
        return len(self.script.steps)

    @property
    def finished(self) -> bool:
        return self.index == len(self.script.steps) - 1

    def try_action(self, action: Any) -> bool:
        """Play ``action`` if the step asks for it (and the rules allow it), then the
        scripted replies until it is the learner's turn again or the game ends."""
        session = self.session
        if not self.step.accepts(session.state, action):
            session.message = self.step.hint
            return False
        if not session.play(action):
            return False
        said = [session.message or "", *self._replies()]
        self.index = self.script.next_step(session.state, self.index)
        session.message = " ".join(s for s in said if s)
        return True

    def _replies(self) -> list[str]:
        """Play the scripted seats until it is the learner's turn or the game ends; what
        happened, move by move."""
        session = self.session
        state = session.state
        said = []
        while not state.is_over() and state.to_move() != self.script.learner:
            session.play(self.script.reply(state, self.step))
            said.append(session.message or "")
        return [s for s in said if s]
