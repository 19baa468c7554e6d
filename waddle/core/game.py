"""The protocol every game's state follows, so bots, records and front ends stay game-agnostic.

The shape follows OpenSpiel and python-chess: a mutable state that knows whose turn it is,
lists legal actions, applies and undoes them, and scores itself. Actions are small
immutable, hashable values with a text notation (``str(action)``) that the game can parse
back, and a JSON form (``action.to_json()``) that is the record's action syntax.

Two things exist for the games with hidden information and chance (the card games), and
every game answers them, so shared code never asks which kind of game it holds:

- **What a seat may see.** ``state.view(seat)`` is everything player ``seat`` may know:
  their own hand, the public cards, how many cards the others hold. ``view(SPECTATOR)`` is
  the public information only; the game over, or a replay of a finished game, is shown
  with ``view(OMNISCIENT)``. Presenters draw a view, never the state, so a hidden card
  cannot reach the screen by a side door (the markup, its ``data-*`` hooks, the messages).
  ``state.determinize(seat, rng)`` is a whole state that agrees with ``view(seat)``, the
  hidden parts drawn at random: a bot searches such worlds and so decides from what its
  seat sees, never from the real hidden cards.
- **Chance.** Chance that happens at setup (a shuffle, a deal) is written out in the
  record in full, so replaying a record never needs the random generator. Chance in the
  middle of a game (a reshuffle when a deck runs out) is a *chance node*: ``to_move()``
  returns :data:`CHANCE`, ``sample_chance(rng)`` draws the outcome as an ordinary action,
  and that action goes into the record like any other. Who draws it says where the
  randomness comes from: the app's session from the record's seed and the ply
  (:func:`resolve_chance`), a bot from its own search generator.

- **What cannot be taken back.** ``state.reveals(action)`` says whether an action turns up
  something hidden until now (a card drawn from the deck, a refill of the face-up row, a
  reshuffle). The app never undoes such an action: seeing a card and then choosing again
  would be cheating.

Perfect-information games (Waddle, Hey, That's My Fish!) take all of these from
:class:`PerfectInformation`: the view is the state itself, a determinization is a clone,
nothing is revealed. Neither has chance nodes.

>>> from waddle.core.rng import Rng
>>> class Coin(PerfectInformation):  # the smallest game with a chance node
...     def __init__(self): self.history = []
...     num_players = 1
...     ply = property(lambda self: len(self.history))
...     def to_move(self): return CHANCE if not self.history else None
...     def sample_chance(self, rng): return "HT"[rng.below(2)]
...     def apply(self, action): self.history.append(action)
>>> coin = Coin()
>>> [a in "HT" for a in resolve_chance(coin, seed=7)], coin.to_move() is None
([True], True)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Final, Protocol, Self, TypeVar, runtime_checkable

from waddle.core.rng import Rng, derive_seed

A = TypeVar("A", bound=Hashable)

CHANCE: Final = -2
"""What ``to_move()`` returns at a chance node: nobody chooses, the outcome is drawn."""
SPECTATOR: Final = -1
"""``view(SPECTATOR)``: the public information only (whose hand is whose stays hidden)."""
OMNISCIENT: Final = -3
"""``view(OMNISCIENT)``: everything, as a finished game, a replay or an embedded study shows it."""

_CHANCE_STREAM = 0x43484E43  # keeps session chance draws apart from other uses of the seed


class IllegalActionError(ValueError):
    """An action that the rules do not allow in the current state; the state is unchanged."""


@runtime_checkable
class GameState(Protocol[A]):
    """What a turn-based game state offers to bots, records and front ends."""

    @property
    def num_players(self) -> int: ...

    @property
    def ply(self) -> int:
        """Actions taken so far (chance actions included)."""
        ...

    @property
    def history(self) -> list[A]:
        """Every action taken so far, oldest first: with the setup, the whole record."""
        ...

    @property
    def last_action(self) -> A | None: ...

    def to_move(self) -> int | None:
        """The player who acts next, :data:`CHANCE` at a chance node, ``None`` once over."""
        ...

    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[A]:
        """Every action the player to move may take now (empty once the game is over)."""
        ...

    def why_illegal(self, action: A) -> str | None:
        """Why ``action`` cannot be taken now, in words for the player; None if it is legal."""
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
        """Every player who wins: the top score after the game's tie-breaks (may be shared)."""
        ...

    def view(self, seat: int) -> Any:
        """What ``seat`` (a player, :data:`SPECTATOR` or :data:`OMNISCIENT`) may see.

        Immutable data with no way back to the hidden parts of the state; perfect
        information games return the state itself, which callers only read.
        """
        ...

    def determinize(self, seat: int, rng: Rng) -> Self:
        """A complete state that ``seat`` cannot tell from this one, hidden parts drawn from
        ``rng``: ``determinize(p, rng).view(p) == view(p)``. Independent of ``self``."""
        ...

    def sample_chance(self, rng: Rng) -> A:
        """At a chance node, the outcome drawn from ``rng`` (an action to apply)."""
        ...

    def reveals(self, action: A) -> bool:
        """Whether applying ``action`` here turns up something hidden until now (a card
        drawn from the deck, a refill of a face-up row, a reshuffle).

        The app never takes such an action back: undo stops before it, since undoing and
        choosing again would let a player act on what they have seen. Always False in
        perfect-information games.
        """
        ...


def holds_secrets(state: Any, seat: int) -> bool:
    """Whether ``seat`` holds anything the other seats may not see (a hand of cards), so
    that a shared device must be passed before it is shown: a state may answer with an
    optional ``holds_secrets(seat)`` method (Waddle Waddle's hands are empty while the
    heroes are chosen); without one, a game with hidden information always does.

    >>> holds_secrets(object(), 0)
    True
    """
    ask = getattr(state, "holds_secrets", None)
    return True if ask is None else bool(ask(seat))


class PerfectInformation:
    """Defaults for games in which every player sees everything and nothing is left to chance
    after setup: the view is the state, a determinization is a clone."""

    __slots__ = ()

    hidden_information: bool = False

    def view(self, seat: int) -> Self:
        return self

    def determinize(self, seat: int, rng: Rng) -> Self:
        return self.clone()  # type: ignore[attr-defined]

    def sample_chance(self, rng: Rng) -> Any:
        raise ValueError("this game has no chance nodes")

    def reveals(self, action: Any) -> bool:
        return False


def resolve_chance(state: GameState, seed: int) -> list[Any]:
    """Apply chance actions while ``state`` is at a chance node; return them.

    Each outcome is drawn from ``seed`` and the ply it happens at, so the same game always
    gets the same outcomes, on every platform, however it was reached (played, undone and
    redone, or replayed from a link that holds only the seed).
    """
    drawn = []
    while state.to_move() == CHANCE:
        action = chance_outcome(state, seed)
        state.apply(action)
        drawn.append(action)
    return drawn


def chance_outcome(state: GameState, seed: int) -> Any:
    """The outcome :func:`resolve_chance` draws at ``state``'s chance node (not applied)."""
    return state.sample_chance(Rng(derive_seed(seed, state.ply, _CHANCE_STREAM)))
