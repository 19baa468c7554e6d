"""Last Floe's tutorial: a row of nine floes, three steps and the win
(:class:`waddle.ui.tutorial.TutorialScript`)."""

from __future__ import annotations

from typing import Any

from tests.last_floe.record import Record
from tests.last_floe.state import LastFloeState, Take
from waddle.ui.seats import Seat, default_seats
from waddle.ui.tutorial import Step

YOU = 0


def _leaves_four(state: LastFloeState, action: Any) -> bool:
    return (state.left - action.floes) % 4 == 0


STEPS = (
    Step("take", "Take one to three floes: click the floe where your take begins.",
         lambda state, action: True, ""),
    Step("four", "Now leave a multiple of four floes: whatever the other penguin takes, "
         "you can leave four again.", _leaves_four, "Leave exactly four floes."),
    Step("last", "Take every floe that is left.", lambda state, action: action.floes == state.left,
         "Take all the floes that are left: the last one wins."),
    Step("done", "You took the last floe: you win.", lambda state, action: False, ""),
)  # fmt: skip


class Tutorial:
    learner = YOU
    steps = STEPS

    def start(self) -> tuple[Record, list[Seat]]:
        return Record(2, 9), default_seats(2)

    def reply(self, state: LastFloeState, step: Step) -> Take:
        return Take(1)  # leaves the learner the room each step needs

    def next_step(self, state: LastFloeState, index: int) -> int:
        return len(STEPS) - 1 if state.is_over() else min(index + 1, len(STEPS) - 2)
