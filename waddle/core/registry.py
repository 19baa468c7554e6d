"""How games plug into the platform: a static entry per game, and what its package provides.

Shared code (the command line, the app's session and saves, the web shell) never names a
game. It looks games up in the registry, :data:`waddle.games.GAMES`, by id (``?game=``,
``--game``), by record format (``"format"`` of a record or a save) or by link prefix, and
talks to what the entry loads, a :class:`GameModule`.

An entry is plain data and imports nothing: the game's package is imported by
:meth:`GameEntry.load` on first use, so a page that shows one game never pays for the
start-up of the others (Pyodide pays for every import).

>>> entry = GameEntry("toy", "Toy", (2, 3), formats=("toy-record/1",), link_prefixes=("t1.",),
...                   module="toy_package")
>>> games = Registry([entry])
>>> games.by_format("toy-record/1") is entry, games.by_link("t1.AAAA") is entry
(True, True)
>>> games.by_id("chess")
Traceback (most recent call last):
...
KeyError: "no game 'chess' (known: toy)"
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from waddle.core.bots import Bot
from waddle.core.contract import ContractError, game_problems
from waddle.core.game import GameState
from waddle.core.links import LinkedGame, seed_problem
from waddle.core.records import BoardError, GameRecord
from waddle.core.study import Study


@dataclass(frozen=True)
class GameOption:
    """A rule a new game may change: a switch, or a choice among values. A game lists its
    own in ``GAME.new_game_options``; the New game dialog offers each one and
    ``python -m waddle new --option KEY=VALUE`` sets it.

    >>> speed = GameOption("seasons", "Game speed", 2, choices=((1, "Quick"), (2, "Standard")))
    >>> speed.parse("1"), GameOption("kevin", "Kevin", False).parse("on")
    (1, True)
    """

    key: str
    label: str
    default: Any
    """A switch's default (True or False), or a choice's value."""
    choices: tuple[tuple[Any, str], ...] = ()
    """Each value of a choice and its words; empty for a switch."""
    players: tuple[int, int] | None = None
    """Only for these player counts (fewest, most); None: for every game."""
    group: str = ""
    """A heading the dialog gathers options under ("Simplified rules"); "" for none."""
    help: str = ""
    """A sentence about what it changes."""

    @property
    def switch(self) -> bool:
        return not self.choices

    def applies(self, players: int) -> bool:
        return self.players is None or self.players[0] <= players <= self.players[1]

    def parse(self, text: str) -> Any:
        """The value written ``text`` (``ValueError`` if it is not one of this option's)."""
        word = text.strip().lower()
        if self.switch:
            if word in ("1", "true", "yes", "on"):
                return True
            if word in ("0", "false", "no", "off"):
                return False
            raise ValueError(f"{self.key} is on or off, not {text!r}")
        for value, _words in self.choices:
            if str(value).lower() == word:
                return value
        values = ", ".join(str(v) for v, _ in self.choices)
        raise ValueError(f"{self.key} is one of {values}, not {text!r}")


def new_game_options(game: Any) -> tuple[GameOption, ...]:
    """The rules a new game of ``game`` may change (none for most games)."""
    return tuple(getattr(game, "new_game_options", ()))


def new_game_record(
    game: Any, players: int, seed: int, options: Mapping[str, Any] | None = None
) -> GameRecord:
    """``game.new_record`` with the rules ``options`` changed (``ValueError`` if they are
    not the game's, or if ``seed`` is not one a link can carry: :func:`~waddle.core.links.
    seed_problem`). A game without options is asked without them: its ``new_record``
    takes no third argument.

    >>> new_game_record(None, 2, -1)
    Traceback (most recent call last):
    ...
    ValueError: the seed must be an integer from 0 to 18446744073709551615 (what a share link holds), not -1
    """  # noqa: E501
    _check_seed(seed)
    return game.new_record(players, seed, options) if options else game.new_record(players, seed)


def custom_game_record(
    game: Any, players: int, board_text: str, seed: int, options: Mapping[str, Any] | None = None
) -> GameRecord:
    """``game.custom_record`` with the rules ``options`` changed, as :func:`new_game_record`."""
    _check_seed(seed)
    if options:
        return game.custom_record(players, board_text, seed, options)
    return game.custom_record(players, board_text, seed)


def _check_seed(seed: Any) -> None:
    problem = seed_problem(seed)
    if problem:
        raise ValueError(problem)


@dataclass(frozen=True)
class GameEntry:
    """What the platform knows about a game without importing it."""

    id: str
    """The key: ``html[data-game]``, ``?game=``, ``--game``."""
    title: str
    players: tuple[int, int]
    """Fewest and most players."""
    default_players: int = 2
    """The usual count: the chooser's Play and ``new`` without ``--players`` start a game of
    it. A count outside :attr:`players` (a game not played by 2) is read as the fewest."""
    hidden_information: bool = False
    """Hands or cards some seats may not see: views per seat, the pass-the-device screen."""
    formats: tuple[str, ...] = ()
    """Record formats the game reads; the first is the one it writes."""
    link_prefixes: tuple[str, ...] = ()
    """Share-link prefixes the game reads; the first is the one it writes."""
    module: str = ""
    """The package whose ``GAME`` attribute is the :class:`GameModule`."""
    summary: str = ""
    """One sentence for the game chooser."""
    _loaded: list[Any] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        low, high = self.players
        if not low <= self.default_players <= high:
            object.__setattr__(self, "default_players", low)

    def load(self) -> GameModule:
        """The game's module, imported on first use; :class:`~waddle.core.contract.
        ContractError` names every required member its ``GAME`` lacks and where it belongs
        (:func:`~waddle.core.contract.game_problems`)."""
        if not self._loaded:
            package = importlib.import_module(self.module)
            game = getattr(package, "GAME", None)
            problems = (
                [f"{self.module}: no GAME (the game's GamePackage instance, in game.py, "
                 f"exported by {self.module.replace('.', '/')}/__init__.py)"]
                if game is None
                else game_problems(game, self.id, self.module)
            )  # fmt: skip
            if problems:
                raise ContractError("; ".join(problems))
            self._loaded.append(game)
        return self._loaded[0]


class GameModule(Protocol):
    """What a game's package provides as its ``GAME``: the only way shared code reaches a
    game. :data:`waddle.core.contract.CONTRACT` lists every part, required or optional with
    its default, and docs/architecture.md's table is written from it; a game's ``GAME``
    class subclasses :class:`GamePackage`, which gives the defaults and hands calls to the
    package's fixed modules (``link.py``, ``ai.py``, ``bench.py``, ``presenter.py``,
    ``tutorial.py``).

    Required, engine side (the command line, tournaments, saves and links):
    """

    id: str
    """The registry entry's id (:meth:`GameEntry.load` checks they are the same)."""
    bot_levels: tuple[str, ...]
    """Computer levels, weakest first; links store a level by its position here (append,
    never reorder)."""
    versus_level: str
    """The level the chooser's Play the computer gives the computer (:class:`GamePackage`:
    ``medium`` if the game has it, else its strongest)."""

    def new_record(self, players: int, seed: int) -> GameRecord:
        """A game not yet started: a generated board and the starting order, from ``seed``."""
        ...

    def custom_record(self, players: int, board_text: str, seed: int) -> GameRecord:
        """A game not yet started on a board read from JSON text (``BoardError``; the
        :class:`GamePackage` default: the game has no custom boards)."""
        ...

    def check_board(self, text: str) -> tuple[str, list[str]]:
        """A custom board's one-line summary and its warnings (``BoardError`` lists errors;
        the :class:`GamePackage` default: the game has no custom boards)."""
        ...

    def record_from_json(self, data: Any) -> GameRecord:
        """A record of this game from parsed JSON (``RecordError`` says what is wrong)."""
        ...

    def summary(self, state: GameState) -> dict[str, Any]:
        """What ``python -m waddle replay`` prints for a position (the record note's form)."""
        ...

    def encode_link(
        self,
        record: GameRecord,
        names: Sequence[str] | None = None,
        bots: Sequence[str | None] | None = None,
        study: Study | None = None,
    ) -> str:
        """The link text of ``record``; a ``study`` goes after the seats
        (:func:`waddle.core.study.write_study`)."""
        ...

    def decode_link(self, text: str) -> LinkedGame:
        """Everything in a link text (``LinkError`` with a message for the user)."""
        ...

    def places(self, record: GameRecord) -> tuple[str, ...]:
        """The places of the record's board that a study may mark, in a fixed order: the
        values of the board's ``data-hex`` hooks, then ``kind:value`` places off the board
        (links, saves and studies store a mark as its index here). Required: links and
        saves call it for every game."""
        ...

    def make_bot(
        self,
        level: str,
        seed: int = 0,
        seconds: float | None = None,
        iterations: int | None = None,
    ) -> Bot: ...

    def search_config(self, state: GameState) -> Any:
        """The hard bot's :class:`~waddle.core.mcts.MctsConfig` at ``state``, what the
        win-chance meter and the review search with (:class:`GamePackage`: ``ai.
        search_config``, else plain UCT)."""
        ...

    @property
    def meter(self) -> Any:
        """The meter's budget and calibration (:class:`GamePackage`: ``ai.METER``, else
        1000 playouts, uncalibrated)."""
        ...

    def bench(
        self, players: list[int] | None, seconds: float, processes: int | None, out
    ) -> list[dict[str, Any]] | None:
        """``python -m waddle bench --game ID``: print the engine's speed figures, and
        return them as one JSON object per player count (``waddle.core.bench.SpeedRow``;
        None from a game that prints only)."""
        ...

    # Front-end side, imported only when asked for (the page, the tutorial):

    def presenter(self) -> Any:
        """The game's :class:`waddle.ui.presenter.Presenter` (board, panels, rules page)."""
        ...

    def tutorial(self) -> Any:
        """A fresh :class:`waddle.ui.tutorial.TutorialScript` of the game."""
        ...

    # Optional: rules a new game may change (speeds, variants). A game that has some lists
    # them, and its new_record and custom_record take them as a last argument (shared code
    # asks through new_game_record and custom_game_record, which leave it out for others):
    #
    # new_game_options: tuple[GameOption, ...]        (GamePackage: ())
    # def new_record(self, players, seed, options: Mapping[str, Any] | None = None): ...
    # def custom_record(self, players, board_text, seed, options=None): ...
    # def record_options(self, record) -> dict[str, Any]: a record's options, by key
    #     (GamePackage: {})
    #
    # Optional, for a game with hidden information (shared code asks with getattr):
    #
    # def redact(self, record, seat) -> GameRecord: the record as ``seat`` has seen it by
    #     its last action (``record.eyes`` is ``seat``): what it has not seen replaced by
    #     stand-ins worked out from what it has, which its JSON writes "?" and its link
    #     leaves out; the game's views of it show nobody more than that seat's. A link
    #     from one seat's eyes carries such a record (docs/studies.md).
    #
    # Optional front-end parts (shared code asks with getattr and offers the feature only
    # when the game has it, so a new game can add them later):
    #
    # def board_editor(self) -> waddle.ui.editor.BoardEditor: the board editor's half
    #     that knows the game (drafts, tools, drawing); see docs/architecture.md.
    #
    # Optional analysis parts: AnalysisHooks below.


class GamePackage:
    """The half of a :class:`GameModule` that is the same for every game: it hands each
    call to the module of the game's package that holds it, by the package layout of
    docs/architecture.md (``link``, ``ai``, ``bench``, ``presenter``, ``tutorial``).

    A game's ``GAME`` class subclasses it, lives in ``<package>.game`` and gives what
    differs: ``id``, ``bot_levels``, the records, :attr:`bench_players` and
    :attr:`tutorial_class`; it overrides a method whose module differs. The bots, the
    benchmark and the front end are imported on first use only (Pyodide pays for every
    import), the link module when a link is first made or read.

    >>> class ToyGame(GamePackage):
    ...     bench_players = (2, 3)
    >>> ToyGame.__module__ = "toy_package.game"  # as if defined in toy_package/game.py
    >>> ToyGame().package
    'toy_package'
    """

    bench_players: tuple[int, ...] = (2, 3, 4)
    """The player counts ``python -m waddle bench`` measures when given none."""
    tutorial_class = "Tutorial"
    """The name of the tutorial class in ``<package>.tutorial``."""
    new_game_options: tuple[GameOption, ...] = ()
    """The rules a new game may change (none unless the game lists some)."""

    @property
    def versus_level(self) -> str:
        """The level the chooser's Play the computer gives the computer: ``medium`` if the
        game has it, else its strongest level."""
        levels: tuple[str, ...] = getattr(self, "bot_levels", ())
        return "medium" if "medium" in levels else levels[-1]

    @property
    def package(self) -> str:
        """The game's package: the one whose ``game`` module defines this class."""
        return type(self).__module__.rpartition(".")[0]

    def _module(self, name: str) -> Any:
        """The game's module ``name``, imported on first use."""
        return importlib.import_module(f"{self.package}.{name}")

    # -- links ----------------------------------------------------------------------------

    def encode_link(
        self,
        record: GameRecord,
        names: Sequence[str] | None = None,
        bots: Sequence[str | None] | None = None,
        study: Study | None = None,
    ) -> str:
        return self._module("link").encode_link(record, names, bots, study)

    def decode_link(self, text: str) -> LinkedGame:
        return self._module("link").decode_link(text)

    def places(self, record: GameRecord) -> tuple[str, ...]:
        return self._module("link").places(record)

    # -- bots and benchmarks ---------------------------------------------------------------

    def make_bot(
        self,
        level: str,
        seed: int = 0,
        seconds: float | None = None,
        iterations: int | None = None,
    ) -> Bot:
        return self._module("ai").make_bot(level, seed, seconds, iterations)

    def bench(
        self, players: list[int] | None, seconds: float, processes: int | None, out: TextIO
    ) -> list[dict[str, Any]] | None:
        return self._module("bench").main(
            players or list(self.bench_players), seconds, processes, out
        )

    def search_config(self, state: GameState) -> Any:
        """The hard bot's search (a :class:`waddle.core.mcts.MctsConfig`) at ``state``:
        what the win-chance meter and the game review search with (``ai.search_config``;
        plain UCT, random playouts to the end, for an ``ai.py`` without one)."""
        configure = getattr(self._module("ai"), "search_config", None)
        if configure is None:
            from waddle.core.mcts import MctsConfig

            return MctsConfig()
        return configure(state)

    @property
    def meter(self) -> Any:
        """The win-chance meter's budget and calibration (a :class:`waddle.core.analysis.
        Meter`, ``ai.METER``; 1000 playouts, uncalibrated, for an ``ai.py`` without one)."""
        meter = getattr(self._module("ai"), "METER", None)
        if meter is None:
            from waddle.core.analysis import Meter

            return Meter(1000)
        return meter

    # -- records and boards -----------------------------------------------------------------

    def custom_record(self, players: int, board_text: str, seed: int) -> GameRecord:
        """A game on a board read from JSON text: a game with custom boards overrides it
        (and :meth:`check_board`); this one says the game has none."""
        raise BoardError([f"{self.id} has no custom boards"])  # type: ignore[attr-defined]

    def check_board(self, text: str) -> tuple[str, list[str]]:
        """A custom board's summary and warnings: see :meth:`custom_record`."""
        raise BoardError([f"{self.id} has no custom boards"])  # type: ignore[attr-defined]

    def record_options(self, record: GameRecord) -> dict[str, Any]:
        """The options ``record`` was started with, by key (a game without options: none)."""
        return {}

    # -- front end ------------------------------------------------------------------------

    def presenter(self) -> Any:
        return self._module("presenter").PRESENTER

    def tutorial(self) -> Any:
        return getattr(self._module("tutorial"), self.tutorial_class)()


class AnalysisHooks:
    """The optional analysis parts of a :class:`GamePackage` (docs/architecture.md, "What a
    game provides"), for a game whose package has ``explain.py`` and ``series.py``; a
    game's ``GAME`` class lists it before :class:`GamePackage` to offer them. Shared code
    asks for each with ``getattr``, so a game without them simply does not offer them."""

    def explain_move(self, state: GameState, action: Any, who: str | None = None) -> str:
        """What ``action`` does in ``state``, in the game's own terms: a verb phrase that
        follows "It" ("joins your waddle to 5 penguins (+9 VP)"). ``who``: the player's
        name when the words are about them (a review), else they speak to them ("your")."""
        return self._module("explain").explain(state, action, who)  # type: ignore[attr-defined]

    def explain_versus(
        self,
        state: GameState,
        action: Any,
        other: Any,
        who: str | None = None,
        called: str | None = None,
    ) -> str:
        """Why ``action`` is better than ``other`` in ``state``: a verb phrase that follows
        "It", saying what it gains that ``other`` would not, in the game's own terms and
        the engine's own figures ("brings your share of the ice to 23 against the other
        player's 19, where D5 would leave 20 against 21"), or, when the position as it
        stands cannot tell them apart, that the search found it better by playing on.
        ``called``: how the sentence names ``other`` (its ``move_name`` by default)."""
        module = self._module("explain")
        return module.versus(state, action, other, who, called)  # type: ignore[attr-defined]

    def move_name(self, state: GameState, action: Any) -> str:
        """``action`` as a player names it, places as the board names them."""
        return self._module("explain").move_name(state, action)  # type: ignore[attr-defined]

    def action_places(self, state: GameState, action: Any) -> list[str]:
        """The places ``action`` touches, as :meth:`GamePackage.places` names them (the
        board's ``data-hex`` values); two places are a move from the first to the second."""
        return self._module("explain").action_places(state, action)  # type: ignore[attr-defined]

    def score_series(self, record: GameRecord) -> tuple[list[str], list[list[int]]]:
        """Each seat's score over the game: a label per point and per seat its scores."""
        return self._module("series").score_series(record)  # type: ignore[attr-defined]


class Registry:
    """The games of the platform, in the order the chooser shows them."""

    def __init__(self, entries: Iterable[GameEntry]) -> None:
        self.entries: tuple[GameEntry, ...] = tuple(entries)
        ids = [e.id for e in self.entries]
        if len(set(ids)) != len(ids):
            raise ValueError(f"duplicate game ids in {ids}")

    def __iter__(self) -> Iterator[GameEntry]:
        return iter(self.entries)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.entries)

    @property
    def default(self) -> GameEntry:
        return self.entries[0]

    def by_id(self, game_id: str) -> GameEntry:
        for entry in self.entries:
            if entry.id == game_id:
                return entry
        raise KeyError(f"no game {game_id!r} (known: {', '.join(self.ids)})")

    def by_format(self, fmt: object) -> GameEntry | None:
        """The game whose records have this ``"format"``, or None."""
        for entry in self.entries:
            if fmt in entry.formats:
                return entry
        return None

    def by_link(self, text: str) -> GameEntry | None:
        """The game a link text belongs to, by its prefix, or None."""
        text = text.strip()
        for entry in self.entries:
            if any(text.startswith(prefix) for prefix in entry.link_prefixes):
                return entry
        return None
