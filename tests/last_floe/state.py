"""The rules of Last Floe: a row of floes, a move takes one to three from the melting end,
whoever takes the last floe wins.

>>> state = LastFloeState(5)
>>> [str(a) for a in state.legal_actions()]
['take 1', 'take 2', 'take 3']
>>> state.apply(Take(3)); state.apply(Take(2))
>>> state.is_over(), state.winners()
(True, [1])
>>> LastFloeState(2).why_illegal(Take(3))
'only 2 floes are left'
"""

from __future__ import annotations

from dataclasses import dataclass

from waddle.core.game import IllegalActionError, PerfectInformation

MOST = 3
"""The most floes one move takes."""


@dataclass(frozen=True)
class Take:
    """Take ``floes`` floes from the melting end."""

    floes: int

    def __str__(self) -> str:
        return f"take {self.floes}"

    def to_json(self) -> int:
        return self.floes

    @classmethod
    def from_json(cls, data: object) -> Take:
        if not isinstance(data, int) or isinstance(data, bool) or not 1 <= data <= MOST:
            raise ValueError(f"a move takes 1 to {MOST} floes, not {data!r}")
        return cls(data)


class LastFloeState(PerfectInformation):
    """A game of Last Floe in progress (the state protocol of :mod:`waddle.core.game`)."""

    num_players = 2

    def __init__(self, floes: int) -> None:
        self.floes = floes
        """The floes at the start, numbered 1 to ``floes``; the melting end is the last."""
        self.left = floes
        self.history: list[Take] = []

    @property
    def ply(self) -> int:
        return len(self.history)

    @property
    def last_action(self) -> Take | None:
        return self.history[-1] if self.history else None

    def to_move(self) -> int | None:
        return None if self.is_over() else self.ply % 2

    def is_over(self) -> bool:
        return self.left == 0

    def legal_actions(self) -> list[Take]:
        return [Take(k) for k in range(1, min(MOST, self.left) + 1)]

    def why_illegal(self, action: object) -> str | None:
        if not isinstance(action, Take):
            return "that is not a move of Last Floe"
        if self.is_over():
            return "the game is over"
        if not 1 <= action.floes <= MOST:
            return f"a move takes one to {MOST} floes"
        if action.floes > self.left:
            return f"only {self.left} floes are left"
        return None

    def apply(self, action: Take) -> None:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(reason)
        self.left -= action.floes
        self.history.append(action)

    def undo(self) -> Take:
        action = self.history.pop()
        self.left += action.floes
        return action

    def clone(self) -> LastFloeState:
        copy = LastFloeState(self.floes)
        copy.left = self.left
        copy.history = list(self.history)
        return copy

    def winners(self) -> list[int]:
        """Whoever took the last floe."""
        return [(self.ply - 1) % 2] if self.is_over() else []

    def scores(self) -> list[int]:
        return [1 if p in self.winners() else 0 for p in range(2)]
