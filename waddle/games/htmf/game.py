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

from collections.abc import Sequence
from typing import Any, TextIO

from waddle.core.links import LinkedGame
from waddle.core.records import BoardError
from waddle.core.study import Study
from waddle.games.htmf.board import Board, check_players, load_custom_board
from waddle.games.htmf.link import BOT_LEVELS, decode_link, encode_link, places
from waddle.games.htmf.record import Record, new_record
from waddle.games.htmf.state import HtmfState


class HtmfGame:
    """The game Hey, That's My Fish!, for the registry entry ``htmf``."""

    id = "htmf"
    bot_levels = BOT_LEVELS

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

    # -- links ----------------------------------------------------------------------------

    def encode_link(
        self,
        record: Record,
        names: Sequence[str] | None = None,
        bots: Sequence[str | None] | None = None,
        study: Study | None = None,
    ) -> str:
        return encode_link(record, names, bots, study)

    def decode_link(self, text: str) -> LinkedGame:
        return decode_link(text)

    def places(self, record: Record) -> tuple[str, ...]:
        return places(record)

    # -- bots and benchmarks ---------------------------------------------------------------

    def make_bot(
        self,
        level: str,
        seed: int = 0,
        seconds: float | None = None,
        iterations: int | None = None,
    ):
        from waddle.games.htmf import ai  # imported when a computer is first asked for

        return ai.make_bot(level, seed, seconds, iterations)

    def bench(self, players: list[int] | None, seconds: float, processes: int | None, out: TextIO):
        from waddle.games.htmf import bench

        bench.main(players or [2, 3, 4], seconds, processes, out)

    # -- front end ------------------------------------------------------------------------

    def presenter(self):
        from waddle.games.htmf.presenter import PRESENTER

        return PRESENTER

    def board_editor(self):
        from waddle.games.htmf.editor import EDITOR

        return EDITOR

    def tutorial(self):
        from waddle.games.htmf.tutorial import HtmfTutorial

        return HtmfTutorial()


GAME = HtmfGame()

__all__ = ["GAME", "BoardError", "HtmfGame"]
