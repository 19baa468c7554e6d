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

from collections.abc import Mapping
from typing import Any

from waddle.core.registry import AnalysisHooks, GameOption, GamePackage
from waddle.games.waddle_waddle.components import load_components
from waddle.games.waddle_waddle.handicap import hero_handicap
from waddle.games.waddle_waddle.link import BOT_LEVELS
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import Record, new_record
from waddle.games.waddle_waddle.state import WaddleWaddleState

SIMPLIFIED = "Simplified rules"

NEW_GAME_OPTIONS = (
    GameOption(
        "seasons",
        "Game speed",
        2,
        choices=(
            (1, "Quick: one season"),
            (2, "Standard: two seasons"),
            (3, "Epic: three seasons"),
        ),
    ),
    GameOption(
        "two_player_variant",
        "Two-player variant",
        True,
        players=(2, 2),
        help="An ice floe of four cards, a season's bonus only to the player with the most "
        "nests at a rookery, a second colour of nests.",
    ),
    GameOption(
        "kevin",
        "Kevin, the leucistic Gentoo",
        False,
        help="Never part of a waddle; exchanged or taken fishing, he gives a second action.",
    ),
    GameOption(
        "gentle_first_season",
        "No Snowy Sheathbill or Oil Spill in the first season",
        True,
        help="The rulebook's advice for a first game.",
    ),
    GameOption(
        "no_threats",
        "No threats",
        False,
        group=SIMPLIFIED,
        help="A season ends when the deck runs out.",
    ),
    GameOption("keep_hand", "Keep the rest of your hand after a waddle", False, group=SIMPLIFIED),
    GameOption(
        "no_fish", "No fish", False, group=SIMPLIFIED, help="A waddle costs nothing to play."
    ),
    GameOption(
        "no_frozen",
        "No Frozen cards",
        False,
        group=SIMPLIFIED,
        help="Exchange as often as you like.",
    ),
    GameOption("no_events", "No season events", False, group=SIMPLIFIED),
    GameOption("no_heroes", "No penguin heroes", False, group=SIMPLIFIED),
    GameOption(
        "hero_handicap",
        "Hero handicap (not in the rulebook)",
        False,
        help="At the end, each player adds the points their hero's handicap gives, so the "
        "weaker heroes can keep up with Katta and Davis. Not a rule of Waddle Waddle: the "
        "app's own remedy (see the rules page).",
    ),
)
"""Every switch of :class:`~.options.Options`, as the New game dialog and ``python -m
waddle new --option`` offer them: the speed, the two-player variant (a switch shown with
two players, on by default), Kevin, the rulebook's advice for the first season, each
simplified rule on its own, and the hero handicap (not a rule: :mod:`.handicap`; on, the
record holds the current table for its player count)."""


class WaddleWaddleGame(AnalysisHooks, GamePackage):
    """The game Waddle Waddle, for the registry entry ``waddle-waddle``."""

    id = "waddle-waddle"
    bot_levels = BOT_LEVELS
    bench_players = (2, 4, 6)
    tutorial_class = "WaddleWaddleTutorial"
    new_game_options = NEW_GAME_OPTIONS

    def remote_deal(self) -> Any:
        """The game's mental-poker deal for play on several devices (its ``remote_deal``
        module: :class:`waddle.core.card_world.CardGame`)."""
        return self._module("remote_deal").REMOTE_DEAL

    # -- records --------------------------------------------------------------------------

    def new_record(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> Record:
        """A game on the built-in component set, its decks, events and tokens drawn from
        ``seed``: a Standard game (the two-player variant with two) unless ``options``
        (:class:`~.options.Options`' keys) say otherwise (``ValueError`` if they cannot be
        played by ``players``)."""
        return new_record(players, seed, _options(options, players))

    def custom_record(
        self, players: int, board_text: str, seed: int, options: Mapping[str, Any] | None = None
    ) -> Record:
        """A game with a component set read from JSON text (``BoardError`` lists its
        problems), its decks drawn from ``seed``."""
        components, _warnings = load_components(board_text)
        return new_record(players, seed, _options(options, players), components=components)

    def record_options(self, record: Record) -> dict[str, Any]:
        """A record's options, by key (what the New game dialog starts from)."""
        options = record.options.to_json()
        options["hero_handicap"] = "hero_handicap" in options
        return options

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

    def board_editor(self) -> Any:
        """The board editor's half of the game (:class:`waddle.ui.editor.BoardEditor`)."""
        from waddle.games.waddle_waddle.editor import EDITOR

        return EDITOR

    def record_from_json(self, data: Any) -> Record:
        return Record.from_json(data)

    def redact(self, record: Record, seat: int) -> Record:
        """The record as ``seat`` has seen it by its last action (:mod:`.eyes`)."""
        from waddle.games.waddle_waddle.eyes import redact

        return redact(record, seat)

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


def _options(options: Mapping[str, Any] | None, players: int) -> Options | None:
    """The dialog's options as a record's: the hero handicap switch becomes the table."""
    if not options:
        return None
    values = dict(options)
    if values.get("hero_handicap") is True:
        values["hero_handicap"] = list(hero_handicap(players))
    elif values.get("hero_handicap") is False:
        del values["hero_handicap"]
    return Options.from_json(values, players)


GAME = WaddleWaddleGame()

__all__ = ["GAME", "WaddleWaddleGame"]
