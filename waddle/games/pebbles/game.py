"""Pebbles as the platform sees it: the engine side of the game's
:class:`~waddle.core.registry.GameModule`.

Everything shared code asks of a game goes through :data:`GAME`; the bots and the
benchmark are imported only when first asked for, the presenter and the tutorial (the
app's half of the game) only by the page.

>>> record = GAME.new_record(3, seed=4)
>>> GAME.record_from_json(record.to_json()).dumps() == record.dumps()
True
>>> summary = GAME.summary(record.start())
>>> summary["over"], summary["step"], summary["to_move"] == record.lead, len(summary["legal"])
(False, 'play', True, 10)
"""

from __future__ import annotations

from typing import Any

from waddle.core.game import CHANCE
from waddle.core.records import BoardError
from waddle.core.registry import AnalysisHooks, GamePackage
from waddle.games.pebbles.cards import CARDS
from waddle.games.pebbles.layout import check_layout, load_custom_layout
from waddle.games.pebbles.link import BOT_LEVELS
from waddle.games.pebbles.record import Record, new_record
from waddle.games.pebbles.state import PebblesState


class PebblesGame(AnalysisHooks, GamePackage):
    """The game Pebbles, for the registry entry ``pebbles``."""

    id = "pebbles"
    bot_levels = BOT_LEVELS
    bench_players = (2, 3, 4)
    tutorial_class = "PebblesTutorial"

    def remote_deal(self) -> Any:
        """The game's mental-poker deal for play on several devices (its ``remote_deal``
        module: :class:`waddle.core.card_world.CardGame`)."""
        return self._module("remote_deal").REMOTE_DEAL

    # -- records --------------------------------------------------------------------------

    def new_record(self, players: int, seed: int) -> Record:
        """The built-in layout for ``players``, the deck shuffled and dealt from ``seed``."""
        return new_record(players, seed)

    def custom_record(self, players: int, board_text: str, seed: int) -> Record:
        """A game on a layout read from JSON text, dealt from ``seed``."""
        layout, _warnings = load_custom_layout(board_text)
        problems = layout.problems_for(players)
        if problems:
            raise BoardError(problems)
        return new_record(players, seed, layout)

    def check_board(self, text: str) -> tuple[str, list[str]]:
        return check_layout(text)

    def board_editor(self) -> Any:
        """The board editor's half of the game (:class:`waddle.ui.editor.BoardEditor`)."""
        from waddle.games.pebbles.editor import EDITOR

        return EDITOR

    def record_from_json(self, data: Any) -> Record:
        return Record.from_json(data)

    def redact(self, record: Record, seat: int) -> Record:
        """The record as ``seat`` has seen it by its last action (:mod:`.eyes`)."""
        from waddle.games.pebbles.eyes import redact

        return redact(record, seat)

    def summary(self, state: PebblesState) -> dict[str, Any]:
        """The ``replay`` output of pebbles-record.md for ``state``."""
        if state.is_over():
            breakdown = state.breakdown()
            return {
                "over": True,
                "scores": breakdown.totals,
                "winners": list(breakdown.winners),
                "decided_by": breakdown.decided_by,
                "breakdown": [p.to_json() for p in breakdown.players],
            }
        out: dict[str, Any] = {
            "over": False,
            "round": state.round + 1,
            "to_move": "chance" if state.to_move() == CHANCE else state.to_move(),
            "step": state.step_name,
            "legal": [a.to_json() for a in state.legal_actions()],
        }
        if state.to_move() == CHANCE:
            out["reshuffle"] = [str(CARDS[c]) for c in sorted(state.discards)]
        return out


GAME = PebblesGame()

__all__ = ["GAME", "PebblesGame"]
