"""Waddle as the platform sees it: the :class:`~waddle.core.registry.GameModule` of the game.

Everything shared code asks of a game goes through :data:`GAME`; the front-end parts (the
presenter, the tutorial) and the bots are imported only when first asked for.

>>> record = GAME.new_record(3, seed=4)
>>> GAME.record_from_json(record.to_json()).dumps() == record.dumps()
True
>>> GAME.summary(record.start())["over"]
False
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from waddle.core.registry import AnalysisHooks, GameOption, GamePackage
from waddle.games.waddle.board import Board, load_custom_map
from waddle.games.waddle.compensation import seat_compensation
from waddle.games.waddle.link import BOT_LEVELS
from waddle.games.waddle.record import Record, new_record, starting_order
from waddle.games.waddle.state import WaddleState


class WaddleGame(AnalysisHooks, GamePackage):
    """The game Waddle, for the registry entry ``waddle``."""

    id = "waddle"
    bot_levels = BOT_LEVELS
    bench_players = (2, 3, 4, 5)
    tutorial_class = "WaddleTutorial"
    new_game_options = (
        GameOption(
            "compensation",
            "Seat compensation (not in the rulebook)",
            False,
            help="Each player after the first starts the final count with a few victory "
            "points, against the first player's head start (with 2 players the seats are "
            "even without it, so it adds none). Not a rule of Waddle: the app's own remedy "
            "(see the rules page).",
        ),
    )

    # -- records --------------------------------------------------------------------------

    def new_record(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> Record:
        """A game on a map generated from ``seed``, with the ``options`` of
        :attr:`new_game_options` (by key).

        >>> GAME.new_record(3, seed=4, options={"compensation": True}).compensation
        (0, 0, 1)
        """
        return self._with_options(new_record(players, seed), options)

    def custom_record(
        self, players: int, board_text: str, seed: int, options: Mapping[str, Any] | None = None
    ) -> Record:
        specs, _warnings = load_custom_map(board_text)
        record = Record(players, tuple(specs), starting_order(players, seed))
        return self._with_options(record, options)

    def record_options(self, record: Record) -> dict[str, Any]:
        """The options ``record`` was started with, by key (what New game offers again)."""
        return {"compensation": bool(record.compensation)}

    def _with_options(self, record: Record, options: Mapping[str, Any] | None) -> Record:
        unknown = set(options or {}) - {o.key for o in self.new_game_options}
        if unknown:
            raise ValueError(f"Waddle has no option {', '.join(sorted(unknown))}")
        if options and options.get("compensation"):
            record.compensation = seat_compensation(record.players)
        return record

    def check_board(self, text: str) -> tuple[str, list[str]]:
        specs, warnings = load_custom_map(text)
        board = Board(specs)
        summary = (
            f"{len(board)} hexes, {board.ice_count} ice, {len(board.numbered)} numbered water, "
            f"{len(board.pools)} pools"
        )
        return summary, warnings

    def record_from_json(self, data: Any) -> Record:
        return Record.from_json(data)

    def summary(self, state: WaddleState) -> dict[str, Any]:
        """The ``replay`` output of waddle-record.md for ``state``."""
        if state.is_over():
            return {"over": True, **state.result_json()}
        return {
            "over": False,
            "to_move": state.to_move(),
            "active": state.active_number,
            "legal": [a.to_json() for a in state.legal_actions()],
        }

    # -- front end ------------------------------------------------------------------------

    def board_editor(self):
        from waddle.games.waddle.editor import EDITOR

        return EDITOR


GAME = WaddleGame()
