"""A game of Last Floe as JSON, the format ``last-floe-record/1``:
``{"format": "last-floe-record/1", "players": 2, "floes": 9, "actions": [3, 1]}``, each
action the number of floes it took.

>>> record = Record.from_json({"format": FORMAT, "players": 2, "floes": 9, "actions": [3]})
>>> record.replay().left, record.dumps()
(6, '{"format":"last-floe-record/1","players":2,"floes":9,"actions":[3]}')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tests.last_floe.state import LastFloeState, Take
from waddle.core.records import (
    RecordError,
    is_int,
    parse_actions,
    read_header,
    record_text,
    replay_actions,
)

FORMAT = "last-floe-record/1"
FEWEST, MOST = 4, 30
"""The floes a row may have."""


@dataclass
class Record:
    players: int
    floes: int
    actions: list[Take] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "players": self.players,
            "floes": self.floes,
            "actions": [a.to_json() for a in self.actions],
        }

    def dumps(self, indent: int | None = None) -> str:
        return record_text(self.to_json(), indent)

    def start(self) -> LastFloeState:
        return LastFloeState(self.floes)

    def replay(self) -> LastFloeState:
        return replay_actions(self.start(), self.actions)

    def with_actions(self, actions: Iterable[Take]) -> Record:
        return Record(self.players, self.floes, list(actions))

    @classmethod
    def from_json(cls, data: Any) -> Record:
        players = read_header(data, FORMAT, 2, 2)
        floes = data.get("floes")
        if not (is_int(floes) and FEWEST <= floes <= MOST):
            raise RecordError(f'"floes" must be an integer from {FEWEST} to {MOST}')
        record = cls(players, floes, parse_actions(data.get("actions", []), Take.from_json))
        record.replay()  # RecordError names the first illegal action
        return record


def new_record(players: int, seed: int) -> Record:
    """A row of 7 to 12 floes, drawn from ``seed``."""
    return Record(players, 7 + seed % 6)
