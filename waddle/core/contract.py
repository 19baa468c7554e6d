"""What a game's package must provide and what it may leave out: the contract every game of
the registry is held to, stated once as data (:data:`CONTRACT`) and checked from it.

Required means the platform cannot do without it: :meth:`GameEntry.load
<waddle.core.registry.GameEntry.load>` refuses a package whose ``GAME`` lacks a required
member, with a message naming what is missing and where it belongs, and the conformance
suite (``tests/test_conformance.py``) checks the modules and files too. Optional means a
documented default that works: :class:`~waddle.core.registry.GamePackage` gives it, or
shared code asks with ``getattr`` and leaves the feature out.

docs/architecture.md's table "What a game provides" is written from :data:`CONTRACT`
(``scripts/registry_docs.py``), so the table and the checks cannot disagree.

>>> [part.name for part in CONTRACT if part.required][:4]
['GAME', 'GAME.id', 'GAME.bot_levels', 'GAME.new_record']
>>> class Half:  # a game that wrote only its records
...     id = "half"
...     def new_record(self, players, seed): ...
>>> game_problems(Half(), "half", "toy.half")[0]
"toy.half: GAME has no 'bot_levels' (the computer levels a link can name, weakest first: a class attribute of the game's GAME class, in toy/half/game.py)"
"""  # noqa: E501

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any


class ContractError(TypeError):
    """A game's package does not provide what the platform needs; the message names each
    missing part and where it belongs."""


@dataclass(frozen=True)
class Part:
    """One part of the contract between the platform and a game's package."""

    name: str
    """``GAME.member`` (an attribute of the package's ``GAME``), ``module.attribute`` (an
    attribute of the module ``<package>/module.py``) or a file name (``rules.html``)."""
    what: str
    """What it is, for the message of a missing part and the docs."""
    where: str
    """Where a game writes it, relative to its package."""
    default: str | None = None
    """None: required. Else what a game that leaves it out gets, in words."""
    test: str = "test_conformance.py"
    """The test that checks it."""

    @property
    def required(self) -> bool:
        return self.default is None

    @property
    def module(self) -> str | None:
        """The package's module that holds the part, or None for a ``GAME`` member or a file."""
        head, dot, _ = self.name.partition(".")
        return head if dot and head != "GAME" else None


CONTRACT: tuple[Part, ...] = (
    # -- the GAME object: the only way shared code reaches a game --------------------------
    Part("GAME", "the game as the platform sees it (an instance of a `GamePackage` subclass)",
         "game.py, exported by __init__.py"),
    Part("GAME.id", "the registry entry's id, the same string", "game.py"),
    Part("GAME.bot_levels", "the computer levels a link can name, weakest first",
         "game.py (the tuple `BOT_LEVELS` of link.py by habit)"),
    Part("GAME.new_record", "`new_record(players, seed)`: a game not yet started", "game.py"),
    Part("GAME.record_from_json", "`record_from_json(data)`: a record from parsed JSON "
         "(`RecordError`)", "game.py"),
    Part("GAME.summary", "`summary(state)`: what `python -m waddle replay` prints", "game.py"),
    Part("GAME.encode_link", "`encode_link(record, names, bots, study)`: the share link",
         "GamePackage: link.encode_link"),
    Part("GAME.decode_link", "`decode_link(text)`: a `LinkedGame` (`LinkError`)",
         "GamePackage: link.decode_link"),
    Part("GAME.places", "`places(record)`: the board's `data-hex` values (then `kind:value` "
         "places off the board) in a fixed order; links and saves store a study's marks "
         "by index", "GamePackage: link.places"),
    Part("GAME.make_bot", "`make_bot(level, seed, seconds, iterations)`: a computer player",
         "GamePackage: ai.make_bot"),
    Part("GAME.bench", "`bench(players, seconds, processes, out)`: `bench speed`",
         "GamePackage: bench.main"),
    Part("GAME.presenter", "`presenter()`: the front end (`waddle.ui.presenter.Presenter`)",
         "GamePackage: presenter.PRESENTER"),
    Part("GAME.tutorial", "`tutorial()`: a fresh `waddle.ui.tutorial.TutorialScript`",
         "GamePackage: tutorial.<tutorial_class>"),
    # -- the fixed modules GamePackage hands calls to ---------------------------------------
    Part("link.encode_link", "the record, names, computer seats and study as link text",
         "link.py"),
    Part("link.decode_link", "link text back to a `LinkedGame`, or `LinkError`", "link.py"),
    Part("link.places", "the places a study may mark", "link.py"),
    Part("ai.make_bot", "a bot of each of `bot_levels` (`waddle.core.bots.level_bot`)", "ai.py"),
    Part("bench.main", "`main(players, seconds, processes, out)`: the random-games table "
         "(`waddle.core.bench.random_games_bench`)",
         "bench.py"),
    Part("presenter.PRESENTER", "the presenter instance", "presenter.py"),
    Part("rules.html", "the rules page, opening with "
         "`<h2 id=\"rules-title\">How to play TITLE</h2>` (the Rules dialog and the "
         "chooser's rules pages show it)", "rules.html",
         test="test_conformance.py, test_netlify.py"),
    Part("tutorial.<tutorial_class>", "a `TutorialScript` class", "tutorial.py"),
    # -- optional, each with the default a game gets -----------------------------------------
    Part("GAME.tutorial_class", "the tutorial class's name in tutorial.py", "game.py",
         default='`"Tutorial"`'),
    Part("GAME.bench_players", "the player counts `bench speed` measures when given none",
         "game.py", default="`(2, 3, 4)`"),
    Part("GAME.versus_level", "the level the chooser's Play the computer gives the computer",
         "game.py", default='`"medium"` if `bot_levels` has it, else the strongest level'),
    Part("GAME.search_config", "`search_config(state)`: the hard bot's `MctsConfig`, what the "
         "win-chance meter and the review search with", "ai.search_config",
         default="plain UCT (`MctsConfig()`: random playouts to the end)"),
    Part("GAME.meter", "the meter's budget and calibration (`waddle.core.analysis.Meter`)",
         "ai.METER", default="`Meter(1000)`: 1000 playouts, uncalibrated"),
    Part("GAME.custom_record", "`custom_record(players, board_text, seed[, options])`: a game "
         "on a board read from JSON (`BoardError`)", "game.py",
         default="`BoardError`: the game has no custom boards (`new --map` says so)"),
    Part("GAME.check_board", "`check_board(text)`: a board's summary and warnings (`BoardError`)",
         "game.py", default="`BoardError`: the game has no custom boards (`check-map` says so)"),
    Part("GAME.new_game_options", "the rules a new game may change (`GameOption`s); "
         "`new_record` and `custom_record` then take `options`", "game.py", default="`()`"),
    Part("GAME.record_options", "`record_options(record)`: a record's options by key",
         "game.py", default="`{}`"),
    Part("GAME.redact", "`redact(record, seat)`: the record as one seat has seen it (a game "
         "with hidden information; one seat's eyes links)", "game.py (eyes.py by habit)",
         default="absent: no links through one seat's eyes", test="test_eyes_links.py"),
    Part("GAME.board_editor", "`board_editor()`: a `waddle.ui.editor.BoardEditor`", "editor.py",
         default="absent: no board editor", test="test_board_editor.py"),
    Part("GAME.explain_move", "`AnalysisHooks`: what a move does, in the game's terms",
         "explain.explain", default="absent: the review says the move's notation",
         test="test_explain.py"),
    Part("GAME.explain_versus", "`AnalysisHooks`: why a move beats another", "explain.versus",
         default="absent: the review says what `explain_move` says", test="test_explain.py"),
    Part("GAME.move_name", "`AnalysisHooks`: a move in words", "explain.move_name",
         default="absent: the move's notation", test="test_words_not_notation.py"),
    Part("GAME.action_places", "`AnalysisHooks`: the places a move touches",
         "explain.action_places", default="absent: the review marks no place",
         test="test_review.py"),
    Part("GAME.score_series", "`AnalysisHooks`: each seat's score over the game",
         "series.score_series", default="absent: no score chart", test="test_score_series.py"),
    Part("bench.BOT_GOALS", "the goals of `bench bots` (with `BOT_SECONDS`, `CALIBRATED_LEVELS`, "
         "`calibrate`)", "bench.py", default="absent: no `bench bots`", test="test_bench.py"),
    Part("balance.play_balance", "self-play of `bench balance` (with `BALANCE_OPTIONS`, "
         "`BALANCE_GAMES`, `BALANCE_SEATS`, `balance_setups`, `print_balance`)", "balance.py",
         default="absent: no `bench balance`", test="test_bench.py"),
    Part("board.css", "the board's style, scoped to `svg[data-board=\"ID\"]`; the build joins "
         "every game's into `web/games.css`", "board.css",
         default="absent: the shared style only", test="test_view.py"),
)  # fmt: skip
"""Every part, required first; the order of docs/architecture.md's table."""


HANDED = {
    "link.encode_link": "encode_link",
    "link.decode_link": "decode_link",
    "link.places": "places",
    "ai.make_bot": "make_bot",
    "bench.main": "bench",
    "presenter.PRESENTER": "presenter",
    "tutorial.<tutorial_class>": "tutorial",
}
"""The module attributes :class:`~waddle.core.registry.GamePackage` hands a ``GAME`` method
to (a game's class that overrides the method needs no such attribute)."""


def _game_file(module: str) -> str:
    return module.replace(".", "/") + "/game.py"


def game_problems(game: Any, game_id: str, module: str) -> list[str]:
    """What the ``GAME`` of the package ``module`` lacks of the required ``GAME.*`` parts,
    and an ``id`` that is not the entry's, one message each (empty: all there). Cheap: it
    imports nothing (a page pays for every import), so :meth:`GameEntry.load` runs it."""
    problems = []
    for part in CONTRACT:
        if not part.required or not part.name.startswith("GAME."):
            continue
        member = part.name.removeprefix("GAME.")
        if getattr(game, member, None) is None:
            where = (
                f"a method of the game's GAME class, in {_game_file(module)}"
                if part.what.lstrip("`").startswith(f"{member}(")
                else f"a class attribute of the game's GAME class, in {_game_file(module)}"
            )
            if part.where.startswith("GamePackage"):
                where = (
                    f"the GAME class subclasses waddle.core.registry.GamePackage, which "
                    f"hands it to {part.where.removeprefix('GamePackage: ')}"
                )
            problems.append(f"{module}: GAME has no {member!r} ({part.what}: {where})")
    own = getattr(game, "id", None)
    if own is not None and own != game_id:
        problems.append(f"{module}: GAME.id is {own!r}, but the registry's entry is {game_id!r}")
    return problems


def package_problems(game: Any, module: str) -> list[str]:
    """What the package ``module`` lacks of the required modules and files, one message
    each: the modules :class:`~waddle.core.registry.GamePackage` hands calls to (unless the
    game's class overrides the call) and the rules page. It imports those modules."""
    from waddle.core.registry import GamePackage

    problems = []
    klass = type(game)
    folder = module.replace(".", "/")
    for part in CONTRACT:
        method = HANDED.get(part.name)
        if method is None or not isinstance(game, GamePackage):
            continue
        if getattr(klass, method) is not getattr(GamePackage, method):
            continue  # the game's class does it its own way
        name, _, attribute = part.name.partition(".")
        if attribute == "<tutorial_class>":
            attribute = getattr(game, "tutorial_class", "Tutorial")
        if importlib.util.find_spec(f"{module}.{name}") is None:
            problems.append(f"{module}: no module {folder}/{name}.py (it holds {part.what})")
        elif not hasattr(importlib.import_module(f"{module}.{name}"), attribute):
            problems.append(f"{module}: {folder}/{name}.py has no {attribute!r} ({part.what})")
    spec = importlib.util.find_spec(module)
    roots = list(spec.submodule_search_locations or []) if spec else []
    if roots and not any((_path(root) / "rules.html").is_file() for root in roots):
        problems.append(f"{module}: no {folder}/rules.html (the rules page)")
    return problems


def _path(root: str) -> Any:
    from pathlib import Path

    return Path(root)


__all__ = ["CONTRACT", "ContractError", "Part", "game_problems", "package_problems"]
