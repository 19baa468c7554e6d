"""Each player's score over a game, for the result's chart (``GAME.score_series``): the
scores as the game would end now (``state.scores()``), taken at the start, after every
turn or round, and at the end. A game chooses the unit; this module replays the record.

>>> from waddle.core.nim import Nim
>>> class Record:  # what a game's record offers: its start, its actions
...     actions = [1, 2]
...     def start(self): return Nim(players=2, stones=3)
>>> scores_by_turn(Record())[0]
['start', 'Turn 1', 'end']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from waddle.core.game import CHANCE

Series = tuple[list[str], list[list[int]]]
"""A label per point ("start", "Turn 1", …, "end") and each player's score there."""


def scores_by_turn(record: Any) -> Series:
    """A point after every turn: a run of one player's decisions (a chance outcome belongs
    to the turn that drew it)."""

    def turn_ends(state: Any, mover: Any, following: Any) -> bool:
        return following is None or (state.to_move() not in (mover, CHANCE))

    return _series(record, "Turn", turn_ends)


def scores_by_move(record: Any) -> Series:
    """A point after every move (every decision of a player; a chance outcome belongs to
    the move that drew it): when one seat makes many moves in a row (the others have none
    left), each still has its point."""

    def move_ends(state: Any, _mover: Any, _following: Any) -> bool:
        return state.to_move() != CHANCE

    return _series(record, "Move", move_ends)


def scores_by_round(record: Any, round_of: Callable[[Any], Any]) -> Series:
    """A point whenever ``round_of(state)`` changes (a trick, the placements around one
    water hex)."""
    was: list[Any] = []

    def round_ends(state: Any, _mover: Any, _following: Any) -> bool:
        return round_of(state) != was[-1]

    return _series(record, "Round", round_ends, before=lambda state: was.append(round_of(state)))


def _series(
    record: Any,
    unit: str,
    ends: Callable[[Any, Any, Any], bool],
    before: Callable[[Any], None] = lambda _state: None,
) -> Series:
    state = record.start()
    labels = ["start"]
    seats = [[s] for s in state.scores()]
    count = 0
    actions = record.actions
    for k, action in enumerate(actions):
        mover = state.to_move()
        before(state)
        state.apply(action)
        following = actions[k + 1] if k + 1 < len(actions) else None
        if state.is_over() or ends(state, mover, following):
            count += 1
            labels.append("end" if state.is_over() else f"{unit} {count}")
            for p, score in enumerate(state.scores()):
                seats[p].append(score)
    return labels, seats
