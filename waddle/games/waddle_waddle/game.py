"""Waddle Waddle as the platform sees it: the engine side of the game's
:class:`~waddle.core.registry.GameModule`.

Everything shared code asks of a game goes through :data:`GAME`; the bots and the
benchmark are imported only when first asked for. A "board" here is a component set
(``components.json``'s format): ``check_board`` checks one and ``custom_record`` starts a
game with one.

>>> record = GAME.new_record(3, seed=4)
>>> GAME.record_from_json(record.to_json()).dumps() == record.dumps()
True
>>> summary = GAME.summary(record.start())
>>> summary["over"], summary["phase"], summary["legal"][0]
(False, 'hero', {'hero': 'dee'})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from waddle.core.links import LinkedGame
from waddle.core.study import Study
from waddle.games.waddle_waddle.components import load_components
from waddle.games.waddle_waddle.link import BOT_LEVELS, decode_link, encode_link, places
from waddle.games.waddle_waddle.record import Record, new_record
from waddle.games.waddle_waddle.state import WaddleWaddleState


class WaddleWaddleGame:
    """The game Waddle Waddle, for the registry entry ``waddle-waddle``."""

    id = "waddle-waddle"
    bot_levels = BOT_LEVELS

    # -- records --------------------------------------------------------------------------

    def new_record(self, players: int, seed: int) -> Record:
        """A Standard game (two seasons; the two-player variant with two) on the built-in
        component set, its decks, events and tokens drawn from ``seed``."""
        return new_record(players, seed)

    def custom_record(self, players: int, board_text: str, seed: int) -> Record:
        """A game with a component set read from JSON text (``BoardError`` lists its
        problems), its decks drawn from ``seed``."""
        components, _warnings = load_components(board_text)
        return new_record(players, seed, components=components)

    def check_board(self, text: str) -> tuple[str, list[str]]:
        """A component set's one-line summary and its warnings (``BoardError``: problems)."""
        c, warnings = load_components(text)
        bonuses = ", ".join(f"{large}/{small}" for large, small in c.conservation_tokens)
        summary = (
            f"{c.name}: {len(c.rookeries)} rookeries, "
            f"{sum(r.threat_spaces for r in c.rookeries)} threat spaces, "
            f"bonuses {bonuses}, fish tokens {'/'.join(map(str, c.fish_tokens))}, "
            f"{len(c.events)} season events"
        )
        return summary, warnings

    def record_from_json(self, data: Any) -> Record:
        return Record.from_json(data)

    def summary(self, state: WaddleWaddleState) -> dict[str, Any]:
        """The ``replay`` output of docs/waddle-waddle-record.md for ``state``."""
        if state.is_over():
            return {
                "over": True,
                "scores": state.scores(),
                "nests": state.nest_totals(),
                "most_in_one": state.most_in_one(),
                "bonuses": [list(b) for b in state.bonuses],
                "winners": state.winners(),
            }
        return {
            "over": False,
            "to_move": state.to_move(),
            "season": state.season + 1,
            "phase": state.phase,
            "scores": state.scores(),
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
        from waddle.games.waddle_waddle import ai  # imported when a computer is first asked for

        return ai.make_bot(level, seed, seconds, iterations)

    def bench(self, players: list[int] | None, seconds: float, processes: int | None, out: TextIO):
        from waddle.games.waddle_waddle import bench

        bench.main(players or [2, 4, 6], seconds, processes, out)


GAME = WaddleWaddleGame()

__all__ = ["GAME", "WaddleWaddleGame"]
