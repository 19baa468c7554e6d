"""Nim, the smallest game that follows the state protocol: the examples of ``waddle.core``.

Shared modules must not depend on any of the platform's games, not even in their
docstrings; their examples play this instead. Players take 1 to 3 stones in turn from one
pile; whoever takes the last stone wins.

>>> state = Nim(players=2, stones=5)
>>> state.legal_actions(), state.to_move()
([1, 2, 3], 0)
>>> state.apply(1); state.apply(3); state.apply(1)
>>> state.is_over(), state.winners()
(True, [0])
"""

from __future__ import annotations

from waddle.core.game import IllegalActionError, PerfectInformation


class Nim(PerfectInformation):
    __slots__ = ("history", "players", "stones")

    def __init__(self, players: int = 2, stones: int = 10) -> None:
        self.players = players
        self.stones = stones
        self.history: list[int] = []

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def ply(self) -> int:
        return len(self.history)

    @property
    def last_action(self) -> int | None:
        return self.history[-1] if self.history else None

    def is_over(self) -> bool:
        return self.stones == 0

    def to_move(self) -> int | None:
        return None if self.stones == 0 else len(self.history) % self.players

    def legal_actions(self) -> list[int]:
        return [n for n in (1, 2, 3) if n <= self.stones]

    def why_illegal(self, action: int) -> str | None:
        if self.stones == 0:
            return "the game is over"
        return None if action in self.legal_actions() else "take 1 to 3 stones, no more than left"

    def apply(self, action: int) -> None:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(reason)
        self.stones -= action
        self.history.append(action)

    def undo(self) -> int:
        action = self.history.pop()
        self.stones += action
        return action

    def clone(self) -> Nim:
        other = Nim(self.players, self.stones)
        other.history = self.history[:]
        return other

    def scores(self) -> list[int]:
        """1 for whoever took the last stone (once the game is over), else 0."""
        if self.stones or not self.history:
            return [0] * self.players
        winner = (len(self.history) - 1) % self.players
        return [int(p == winner) for p in range(self.players)]

    def winners(self) -> list[int]:
        scores = self.scores()
        return [p for p, s in enumerate(scores) if s == max(scores)]
