"""The protocol every game's state follows, so bots, records and front ends stay game-agnostic.

The shape follows OpenSpiel and python-chess: a mutable state that knows whose turn it is,
lists legal actions, applies and undoes them, and scores itself. Actions are small
immutable, hashable values with a text notation (``str(action)``) that the game can parse
back (``parse_action``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, Self, TypeVar, runtime_checkable

A = TypeVar("A", bound=Hashable)


class IllegalActionError(ValueError):
    """An action that the rules do not allow in the current state; the state is unchanged."""


@runtime_checkable
class GameState(Protocol[A]):
    """What a turn-based game state offers to bots, records and front ends."""

    @property
    def num_players(self) -> int: ...

    def to_move(self) -> int | None:
        """The player who acts next, or ``None`` once the game is over."""
        ...

    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[A]:
        """Every action the player to move may take now (empty once the game is over)."""
        ...

    def apply(self, action: A) -> None:
        """Take ``action`` for the player to move; raise ``IllegalActionError`` if illegal."""
        ...

    def undo(self) -> A:
        """Take back the last action and return it."""
        ...

    def clone(self) -> Self:
        """An independent copy: applying to one never changes the other."""
        ...

    def scores(self) -> list[int]:
        """Each player's points as if the game ended now (final once it is over)."""
        ...

    def winners(self) -> list[int]:
        """Every player with the top score (ties share the victory)."""
        ...
