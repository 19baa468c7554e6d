"""Hey, That's My Fish! as the platform sees it: the engine side of the game's
:class:`~waddle.core.registry.GameModule`.

Everything shared code asks of a game goes through :data:`GAME`; the bots and the
benchmark are imported only when first asked for.

>>> record = GAME.new_record(3, seed=4)
>>> GAME.record_from_json(record.to_json()).dumps() == record.dumps()
True
>>> summary = GAME.summary(record.start())
>>> summary["over"], summary["phase"], summary["legal"][0]
(False, 'place', {'place': [2, 0]})
"""

from __future__ import annotations

from typing import Any

from waddle.core.records import BoardError
from waddle.core.registry import AnalysisHooks, GamePackage
from waddle.games.htmf.board import Board, check_players, load_custom_board
from waddle.games.htmf.link import BOT_LEVELS
from waddle.games.htmf.record import Record, new_record
from waddle.games.htmf.state import HtmfState


class HtmfGame(AnalysisHooks, GamePackage):
    """The game Hey, That's My Fish!, for the registry entry ``htmf``."""

    id = "htmf"
    bot_levels = BOT_LEVELS
    bench_players = (2, 3, 4)
    tutorial_class = "HtmfTutorial"

    # -- records --------------------------------------------------------------------------

    def new_record(self, players: int, seed: int) -> Record:
        return new_record(players, seed)

    def custom_record(self, players: int, board_text: str, seed: int) -> Record:
        """A game on a board read from JSON text; ``seed`` is unused (nothing is drawn)."""
        floes, _warnings = load_custom_board(board_text)
        check_players(Board(floes), players)
        return Record(players, floes)

    def check_board(self, text: str) -> tuple[str, list[str]]:
        floes, warnings = load_custom_board(text)
        board = Board(floes)
        by = [sum(1 for f in board.fish if f == k) for k in (1, 2, 3)]
        summary = (
            f"{len(board)} floes, {board.total_fish} fish "
            f"({by[0]} with 1 fish, {by[1]} with 2, {by[2]} with 3)"
        )
        return summary, warnings

    def record_from_json(self, data: Any) -> Record:
        return Record.from_json(data)

    def summary(self, state: HtmfState) -> dict[str, Any]:
        """The ``replay`` output of htmf-record.md for ``state``."""
        if state.is_over():
            scores, floes = state.scores(), state.floe_counts()
            return {
                "over": True,
                "scores": scores,
                "floes": floes,
                "winners": state.winners(),
            }
        return {
            "over": False,
            "to_move": state.to_move(),
            "phase": state.phase,
            "legal": [a.to_json() for a in state.legal_actions()],
        }

    # -- front end ------------------------------------------------------------------------

    def board_editor(self):
        from waddle.games.htmf.editor import EDITOR

        return EDITOR


GAME = HtmfGame()

__all__ = ["GAME", "BoardError", "HtmfGame"]
