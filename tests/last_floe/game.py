"""Last Floe as the platform sees it: the :class:`~waddle.core.registry.GameModule`."""

from __future__ import annotations

from typing import Any

from tests.last_floe.link import BOT_LEVELS
from tests.last_floe.record import Record, new_record
from tests.last_floe.state import LastFloeState
from waddle.core.registry import GamePackage


class LastFloeGame(GamePackage):
    id = "last-floe"
    bot_levels = BOT_LEVELS
    bench_players = (2,)

    def new_record(self, players: int, seed: int) -> Record:
        return new_record(players, seed)

    def record_from_json(self, data: Any) -> Record:
        return Record.from_json(data)

    def summary(self, state: LastFloeState) -> dict[str, Any]:
        if state.is_over():
            return {"over": True, "winners": state.winners()}
        return {"over": False, "to_move": state.to_move(), "left": state.left}


GAME = LastFloeGame()
