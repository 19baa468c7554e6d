"""The page around one game, for every game: DOM events in, markup from the engine out.

Runs only in the browser (it imports ``pyscript``). Nothing here names a game: the game on
screen is ``self.session.game`` (found in the registry, ``waddle.games.GAMES``, by a link's
prefix, a save's record format or ``?game=``), and everything it draws comes from that
game's presenter (``waddle.ui.presenter``) and from the app's chrome (``waddle.app``),
which CPython tests cover.

Two views share this code: the full app, and ``index.html?embed`` (just the board and a
move stepper, sized to its frame; ``ply=N`` opens at a move, ``readonly`` disables play).
A first visit with no game in the address and none to resume shows the game chooser.
"""

import asyncio
import json
import time
import traceback

from pyscript import document, ffi, window

from waddle.app.chrome import (
    chooser_html,
    game_options_html,
    needs_curtain,
    options_form_html,
    player_options_html,
    read_options,
    saves_html,
    seat_rows_html,
    viewer_for,
    whole_number,
)
from waddle.app.opening import open_page
from waddle.app.saves import (
    SHELF_PREFIX,
    MemoryStorage,
    SaveError,
    SaveStore,
    StorageFullError,
    export_file,
    import_file,
)
from waddle.app.session import Session
from waddle.core.game import OMNISCIENT, SPECTATOR
from waddle.core.links import LinkError
from waddle.core.records import BoardError, RecordError
from waddle.core.registry import custom_game_record, new_game_options
from waddle.games import GAMES
from waddle.ui.markup import zoomed_size
from waddle.ui.presenter import MoveGroup, move_list_html
from web.teaching import Teaching

THINK_SECONDS = {"random": 0.05, "easy": 0.2, "medium": 0.4, "hard": 1.5}
"""Thinking time of each computer level per move, in the browser."""
HINT_SECONDS = 1.5
PAUSE_SECONDS = {"slow": 1.6, "normal": 0.7, "fast": 0.1}
"""The short wait before a computer moves, so people can follow (the speed control)."""
SLICE_SECONDS = 0.004
"""Thinking between two yields to the page (a slice ends after the iteration that passes
it). At 4 ms a slice task took 6-11 ms of main-thread CPU in scripts/bench_ai_page.py, at
8 ms up to 21; a search's wall time over its thinking time stayed 1.11-1.13 either way.
Shorter tasks also leave less to stretch when the OS shares the CPU with other work."""

FINGER_PX = 40
"""Below this many CSS pixels across, a fitted board's targets (hexes) are too small to
tap: the board is zoomed (see App._fit_board)."""
ZOOM_PX = 44
"""Targets across when zoomed: WCAG 2.5.5's target size."""

SHELL_KEYS = {"u": "undo", "r": "redo"}
"""Keys of the shell's own commands; each game adds its own (its presenter's ``keys``)."""

WITHOUT_A_GAME = {
    "new_game",
    "open_saves",
    "load_save",
    "delete_save",
    "open_chooser",
    "close_dialog",
    "cancel_new_game",
    "resume_game",
}
"""Commands that work on the chooser, before any game is on the board."""

LEGAL_PLACES = '#board [data-legal="true"], #table [data-legal="true"]'
"""What the arrow keys move among: the board's places, then the game's table (a card
game's cards), in page order."""

PREVIEW_KEY = "waddle:preview"
"""The board drawn at the last autosave, painted by web/loading.js while Python starts."""


def new_seed() -> int:
    """A fresh board seed, short enough to read out and type."""
    return int(window.crypto.getRandomValues(window.Uint32Array.new(1))[0]) % 1_000_000 + 1


def unreadable(what: str, error: Exception) -> str:
    """One line for an error a reader should have named (a bug): the details go to the
    console for developers, never a traceback to the player."""
    window.console.error("".join(traceback.format_exception(error)))
    return f"{what}: the file could not be read ({type(error).__name__}). Nothing was changed."


def element(element_id: str):
    return document.getElementById(element_id)


def now_ms() -> int:
    return int(window.Date.now())


def mark(name: str) -> None:
    """A performance mark (see scripts/bench_ai_page.py): a cheap call, kept in production."""
    window.performance.mark(name)


class LocalStorage:
    """``window.localStorage`` as a :class:`waddle.app.saves.Storage`."""

    def __init__(self, storage) -> None:
        self.storage = storage

    def get(self, key: str) -> str | None:
        value = self.storage.getItem(key)
        return None if ffi.is_none(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except Exception as error:  # a JsException; its name says whether the quota is hit
            if "quota" in str(error).lower():
                raise StorageFullError(str(error)) from None
            raise

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.storage.key(i)) for i in range(int(self.storage.length))]


def open_storage():
    """localStorage, or (private mode, sandboxed frame) an in-memory stand-in and a notice."""
    try:
        storage = window.localStorage
        storage.getItem("waddle:probe")
        return LocalStorage(storage), None
    except Exception:
        return MemoryStorage(), (
            "This browser does not let the page store games: saves last only until the tab closes."
        )


class App:
    """The page around one :class:`Session`; every handler leaves the game intact."""

    def __init__(self) -> None:
        params = window.URLSearchParams.new(window.location.search)
        self.embed = bool(params.has("embed"))
        self.readonly = self.embed and bool(params.has("readonly"))
        self.board = element("board")
        self._shown_hash = ""
        self._proxies = []
        self._export_url = None
        self._copy_task = None  # the clipboard write under way (kept from the GC)
        self._problem: str | None = None  # what problem() was last asked to show
        self._autosave_problem: str | None = None  # why the last autosave failed
        self._kept_autosave_game: str | None = None  # see _initial_session
        self._revealed: int | None = None  # the seat that confirmed it holds the device
        self._session: Session | None = None
        problems = []
        if self.embed:
            document.documentElement.dataset.view = "embed"
            if self.readonly:
                document.documentElement.dataset.readonly = "true"
            self.saves = SaveStore(MemoryStorage())  # an embedded board never touches saves
            self.storage = None
        else:
            self.storage, notice = open_storage()
            self.saves = SaveStore(self.storage)
            if notice:
                problems.append(notice)
        self.tutorial = None  # a waddle.app.tutorial.Tutorial while it runs
        self._before_tutorial = None
        self._ai_for: tuple[int, int] | None = None  # (session id, ply) being thought about
        self._ai_task = None
        self.ai_paused = False
        self.zoom_choice: bool | None = None  # the Zoom button's last word; None: automatic
        self._view_box = ""
        self._target_units: float | None = None
        self._centred: tuple[int, object] | None = None  # (session id, hex) scrolled to
        self._random_seed = 0
        self._board_file: tuple[str, str] | None = None  # (name, text) chosen in New game
        requested = params.get("game")
        requested = None if ffi.is_none(requested) else str(requested)
        self.session, problem = self._initial_session(requested)
        if requested is not None:
            # ?game= starts a game once: a reload then resumes it instead of starting another.
            params.delete("game")
            query = str(params.toString())
            window.history.replaceState(
                None,
                "",
                (f"?{query}" if query else window.location.pathname) + window.location.hash,
            )
        if problem:
            problems.append(problem)
        if self.embed and self.session is not None:
            ply = params.get("ply")
            shown_ply = None if ffi.is_none(ply) else whole_number(str(ply), 6)
            if shown_ply is not None:
                self.session.go_to(shown_ply)
        # Studies, the board editor, the embed builder (and the embedded view's &end,
        # &theme and host messages): web/teaching.py.
        self.teaching = Teaching(self, params)
        self.problem(" ".join(problems) or None)

    # -- start-up -----------------------------------------------------------------------

    def _initial_session(self, requested: str | None) -> tuple[Session | None, str | None]:
        """The first game on screen (see :func:`waddle.app.opening.open_page`, which keeps
        the game in progress whatever the address holds)."""
        text = window.location.hash.removeprefix("#")
        opened = open_page(text, requested, self.saves, self.embed, new_seed)
        if opened.keep_autosave and opened.session is not None:
            self._kept_autosave_game = opened.session.link()  # until this game changes
        return opened.session, opened.problem

    def start(self) -> None:
        """Show the first screen: the game, or the chooser when there is none."""
        if self.session is None:
            self.open_chooser(first_visit=True)
        else:
            self.render()
            self._load_bots_if_needed()

    def shown(self) -> None:
        """The page has just become visible (``data-app="ready"``): what must have the focus
        gets it now (nothing hidden can take it): the pass-the-device screen's button. The
        board is fitted now too: while the page was hidden it had no width, and waiting for
        the resize observer's next frame would leave a moment in which the page says
        "ready" with a 5-player map squeezed into a phone's width."""
        self._fit_board()
        curtain = element("curtain")
        if not curtain.hidden and not self.embed:
            element("curtain-button").focus()

    def bind(self) -> None:
        self._listen(document, "click", self.on_click)
        self._listen(element("new-game-form"), "submit", self.on_new_game_submit)
        self._listen(element("ng-players"), "change", self.on_players_change)
        self._listen(element("ng-game"), "change", self.on_new_game_game_change)
        self._listen(element("ng-board-file"), "change", self.on_board_file)
        self._listen(element("save-as-form"), "submit", self.on_save_as)
        self._listen(element("import-file"), "change", self.on_import)
        self._listen(element("embed-readonly"), "change", lambda _e: self.fill_share())
        self._listen(window, "hashchange", self.on_hash_change)
        self._listen(document, "keydown", self.on_key)
        self._listen(element("scrubber"), "input", self.on_scrub)
        # The board's room changes when the page first shows (it is hidden while loading),
        # on rotating a phone, on resizing a window: re-fit then. Zooming changes the size
        # of what is observed, so the fit waits for the next frame: done inside the
        # observer's callback, the browser reports "ResizeObserver loop completed with
        # undelivered notifications" as an error. The next round finds the same width and
        # leaves the board as it is, so this settles at once.
        fit = ffi.create_proxy(lambda _time: self._fit_board())
        refit = ffi.create_proxy(lambda _entries, _observer: window.requestAnimationFrame(fit))
        self._proxies += [fit, refit]
        window.ResizeObserver.new(refit).observe(document.querySelector(".board-wrap"))
        self.teaching.bind()

    def _listen(self, target, event: str, handler) -> None:
        proxy = ffi.create_proxy(handler)
        self._proxies.append(proxy)  # JavaScript holds these; keep them alive
        target.addEventListener(event, proxy)

    @property
    def session(self) -> Session | None:
        return self._session

    @session.setter
    def session(self, session: Session | None) -> None:
        # The embedded view shows every hand (a replay for teaching): nothing there limits
        # undo or the scrubber. Every session the page shows comes through here.
        if session is not None:
            session.all_visible = self.embed
        self._session = session

    @property
    def entry(self):
        return GAMES.by_id(self.session.game.id)

    @property
    def presenter(self):
        return self.session.game.presenter()

    # -- events -------------------------------------------------------------------------

    def on_click(self, event) -> None:
        target = event.target.closest(
            "[data-hex], [data-control], [data-command], [data-ply], [data-game-choice]"
        )
        if ffi.is_none(target) or target.hasAttribute("disabled"):
            return
        if target.hasAttribute("data-game-choice"):
            self.choose_game(str(target.getAttribute("data-game-choice")))
        elif target.hasAttribute("data-command"):
            # data-command="open-saves" runs cmd_open_saves(target)
            name = str(target.getAttribute("data-command")).replace("-", "_")
            handler = getattr(self, "cmd_" + name, None) or getattr(
                self.teaching, "cmd_" + name, None
            )
            without_a_game = name in WITHOUT_A_GAME or name in Teaching.WITHOUT_A_GAME
            if handler is not None and (self.session is not None or without_a_game):
                handler(target)
        elif self.session is None:
            return
        elif target.hasAttribute("data-hex"):
            if not self.readonly and not ffi.is_none(target.closest("#board")):
                self.guarded(self.click_hex, str(target.getAttribute("data-hex")))
        elif target.hasAttribute("data-control"):
            self.guarded(self.control, str(target.getAttribute("data-control")))
        elif target.hasAttribute("data-ply"):
            self.guarded(self.session.go_to, int(target.getAttribute("data-ply")))

    def click_hex(self, hex_id: str) -> None:
        """A click on ``data-hex="q,r"``: read inside guarded(), so a bad value is shown."""
        if not self._may_act():
            return
        self._act(self.presenter.on_hex(self.session, hex_id))

    def control(self, name: str) -> None:
        """A press on one of the game's controls (``data-control``) or its key."""
        if not self._may_act():
            return
        self._act(self.presenter.on_control(self.session, name))

    def _may_act(self) -> bool:
        """Whether the person at the screen may act on the game now; else say why. Behind
        the pass-the-device screen nobody may (the board shows no hand, and a click would
        act for the person the device is being passed to)."""
        if self.tutorial is not None:
            return True
        if self._curtain_for() is not None:
            self.session.message = None
            return False
        if not self.session.may_play():
            self.session.message = (
                "This finished game is shown as a replay here: go to its last move to play."
            )
            return False
        return self._wait_for_computer()

    def _act(self, action) -> None:
        if action is None:
            return  # the presenter only changed its choice (a token, a selection)
        if self.tutorial is not None:
            self.tutorial.try_action(action)
        else:
            self.session.play(action)

    def _wait_for_computer(self) -> bool:
        """True if a person may move now; else say whose turn it is."""
        if self.session.bot_to_move() is None:
            return True
        self.session.message = self._computer_turn_message()
        return False

    def _computer_turn_message(self) -> str:
        name = self.session.seats[self.session.state.to_move()].name
        if self.ai_paused:
            return f"The computers are paused: {name} (computer) plays next, after Resume."
        return f"Wait: {name} (computer) is playing."

    def guarded(self, action, *args) -> None:
        """Run a game action and redraw; on any error, put the game back as it was."""
        session = self.session
        before = session.full_record()
        ply = session.state.ply
        try:
            action(*args)
            self.render()
            self.problem(None)
        except Exception as error:  # a bug: say so, keep the game, keep the page alive
            window.console.error("".join(traceback.format_exception(error)))
            self.session = Session.start(session.game, before, None, None, None)
            self.session.seats = session.seats
            self.session.study = session.study
            self.session.go_to(ply)
            if self.tutorial is not None:
                self.tutorial.session = self.session
            self.render()
            self.problem(
                f"Something went wrong ({type(error).__name__}: {error}). "
                "The game is as it was before that move."
            )

    def on_scrub(self, event) -> None:
        self.guarded(self.session.go_to, int(event.target.value))

    def on_key(self, event) -> None:
        """Keyboard play: Enter/Space on a focused hex acts; letters for the rest."""
        if event.ctrlKey or event.metaKey or event.altKey or self.session is None:
            return
        target = event.target
        if ffi.is_none(target) or not hasattr(target, "closest"):
            return
        tag = str(target.tagName).lower()
        if tag in ("input", "textarea", "select") or not ffi.is_none(target.closest("dialog")):
            return
        key = str(event.key)
        hex_element = target.closest("[data-hex]")
        on_hex = not ffi.is_none(hex_element)
        if on_hex and key in ("Enter", " "):
            event.preventDefault()
            if not self.readonly:
                self.guarded(self.click_hex, str(hex_element.getAttribute("data-hex")))
                self.focus_legal(0)
            return
        if key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            if self.focus_legal(step, relative=True):
                event.preventDefault()
            return
        if self.readonly:
            return
        command = SHELL_KEYS.get(key.lower())
        control = self.presenter.keys.get(key.lower())
        if command is None and control is None:
            return
        event.preventDefault()
        if command == "undo":
            self.cmd_undo(None)
        elif command == "redo":
            self.cmd_redo(None)
        else:
            self.guarded(self.control, control)
            self.focus_legal(0, keep=True)

    def focus_legal(self, step: int, relative: bool = False, keep: bool = False) -> bool:
        """Move keyboard focus among the legal places (wrapping): the board's, then the
        game's table's; False if there are none. ``relative``: ``step`` from the focused
        one; ``keep``: leave the focus where it is if it already is on a legal place."""
        places = list(document.querySelectorAll(LEGAL_PLACES))
        if not places:
            return False
        active = document.activeElement
        current = None
        if not ffi.is_none(active) and hasattr(active, "closest"):
            found = active.closest('[data-legal="true"]')
            current = None if ffi.is_none(found) else found
        if keep and current is not None:
            return True
        index = 0
        if relative and current is not None:
            for k, place in enumerate(places):
                if place.isSameNode(current):
                    index = (k + step) % len(places)
                    break
        places[index].focus()
        return True

    def on_hash_change(self, _event) -> None:
        """Someone pasted or edited a link: show that game (unless it is ours already)."""
        text = window.location.hash.removeprefix("#")
        if not text or text == self._shown_hash:
            return
        try:
            session = Session.from_link(text)
        except LinkError as e:
            self.problem(f"The game in this link could not be opened: {e}.")
            self._shown_hash = ""  # the address holds the bad link now: put ours back
            self._write_hash()
            return
        self.show_game(session)

    # -- the chooser ----------------------------------------------------------------------

    def open_chooser(self, first_visit: bool = False) -> None:
        shelved = self.saves.shelved()
        if self.session is not None:
            shelved.pop(self.session.game.id, None)  # that one is on the board
        element("chooser-list").innerHTML = chooser_html(GAMES, shelved=shelved)
        element("chooser-back").hidden = self.session is None
        for button in document.querySelectorAll(".needs-game"):
            button.disabled = self.session is None
        element("chooser").hidden = False
        document.documentElement.dataset.screen = "chooser"
        if self.session is None:
            document.documentElement.removeAttribute("data-game")  # no game on the board
        if not first_visit or self.session is None:
            first = document.querySelector("[data-game-choice]")
            if not ffi.is_none(first):
                first.focus()

    def cmd_open_chooser(self, _target) -> None:
        self.open_chooser()

    def cmd_close_chooser(self, _target) -> None:
        if self.session is not None:
            self._close_chooser()
            self.render()

    def _close_chooser(self) -> None:
        element("chooser").hidden = True
        document.documentElement.removeAttribute("data-screen")

    def choose_game(self, game_id: str) -> None:
        """A click on ``[data-game-choice]``: a new game of it at once, default seats."""
        entry = GAMES.by_id(game_id)
        seed = new_seed()
        self.show_game(
            Session.new(entry.id, entry.default_players, seed),
            f"New game of {entry.title} on board {seed}.",
        )
        self.focus_legal(0)

    def cmd_resume_game(self, target) -> None:
        """The chooser's Resume: the game of that kind left for another one."""
        game_id = str(target.getAttribute("data-resume"))
        try:
            session = self.saves.load(SHELF_PREFIX + game_id)
        except SaveError as e:
            self.problem(f"That game could not be resumed: {e}.")
            return
        self.show_game(session, "Welcome back: the game is where you left it.")
        self.saves.delete(SHELF_PREFIX + game_id)  # it is the autosave now

    # -- commands (buttons with data-command) ---------------------------------------------

    def cmd_undo(self, _target) -> None:
        if self.tutorial is None and self._curtain_for() is None:
            self.guarded(self.session.undo_turn)

    def cmd_redo(self, _target) -> None:
        if self.tutorial is None and self._curtain_for() is None:
            self.guarded(self.session.redo_turn)

    def cmd_reveal(self, _target) -> None:
        """The pass-the-device screen's button: the person to move holds the device now."""
        self._revealed = self.session.state.to_move()
        self.session.message = None  # whatever was said before is not theirs to read
        self.render()
        self.focus_legal(0)

    def cmd_pause_ai(self, target) -> None:
        self.ai_paused = not self.ai_paused
        target.setAttribute("aria-pressed", "true" if self.ai_paused else "false")
        target.textContent = "Resume" if self.ai_paused else "Pause"
        if self.ai_paused:
            self._cancel_ai()
            if self.session.bot_to_move() is not None:
                self.session.message = self._computer_turn_message()
        self.render()

    def cmd_hint(self, _target) -> None:
        """A hint for the person to move, and only them: in a game with hidden hands the
        search starts from what their seat sees (the bots' information-set search), and
        nobody else may ask (it would tell them about that hand)."""
        if self.tutorial is not None or not self.session.human_turn():
            return
        if self._curtain_for() is not None or not self.session.may_play():
            return
        if self._viewer() not in (OMNISCIENT, self.session.state.to_move()):
            return
        self._start_task(self._hint())

    def cmd_open_rules(self, _target) -> None:
        if self.session is None:
            return
        element("rules-body").innerHTML = self.presenter.rules_html()
        element("rules").showModal()

    def cmd_start_tutorial(self, target) -> None:
        from waddle.app.tutorial import Tutorial  # only for those who ask

        self.cmd_close_dialog(target)
        if self.tutorial is None:
            self._before_tutorial = self.session
        self.tutorial = Tutorial(self.session.game)
        self.session = self.tutorial.session
        self.render()
        self.problem(None)
        self.focus_legal(0)

    def cmd_end_tutorial(self, _target) -> None:
        if self.tutorial is None:
            return
        self.tutorial = None
        self.session = self._before_tutorial
        self.session.message = "Back to your game."
        self.render()

    def cmd_zoom(self, target) -> None:
        self.zoom_choice = target.getAttribute("aria-pressed") != "true"
        self._centred = None
        self._fit_board()

    def cmd_first(self, _target) -> None:
        self.guarded(self.session.go_to, 0)

    def cmd_last(self, _target) -> None:
        self.guarded(self.session.go_to, self.session.total_plies)

    def cmd_close_dialog(self, target) -> None:
        if target is None:
            return
        dialog = target.closest("dialog")
        if not ffi.is_none(dialog):
            dialog.close()

    cmd_cancel_new_game = cmd_close_dialog

    def cmd_copy_link(self, _target) -> None:
        warning = self._link_warning()
        self._copy(
            window.location.href,
            "Link copied: it opens this game at this move." + warning,
            "copy the address from the address bar." + warning,
        )

    def _link_warning(self) -> str:
        """What a link of a game with hidden hands gives away while the game is on."""
        if not self.session.hidden_information or self.session.line_over:
            return ""
        return (
            " It holds the whole game, every hidden hand and the deck too: whoever opens "
            "it can see them, so share it only with people who are not playing."
        )

    def cmd_open_share(self, _target) -> None:
        self.teaching.open_builder()
        warning = element("share-warning")
        warning.textContent = self._link_warning().strip()
        warning.hidden = not warning.textContent
        element("share").showModal()

    def cmd_copy_embed(self, _target) -> None:
        self.fill_share()
        self._copy(
            element("embed-code").value,
            "Embed code copied.",
            "select the embed code and copy it.",
        )

    def fill_share(self) -> None:
        """The Embed dialog's code and preview, for the options chosen (web/teaching.py)."""
        self.teaching.fill_builder()

    def _copy(self, text: str, done: str, by_hand: str) -> None:
        """Put ``text`` on the clipboard, then say ``done``, or ``by_hand`` if that failed."""
        self._copy_task = asyncio.ensure_future(self._write_clipboard(text, done, by_hand))

    async def _write_clipboard(self, text: str, done: str, by_hand: str) -> None:
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:  # no Clipboard API (a plain-http address), or the browser refused
            done = "The browser did not let the page copy: " + by_hand
        self.session.message = done
        self.render()

    # -- the New game dialog ----------------------------------------------------------------

    def cmd_new_game(self, _target) -> None:
        game_id = self.session.game.id if self.session else GAMES.default.id
        element("ng-game").innerHTML = game_options_html(GAMES, game_id)
        self._fill_new_game(game_id)
        self._random_seed = new_seed()
        element("ng-random-seed").textContent = str(self._random_seed)
        element("ng-error").hidden = True
        element("new-game").showModal()

    def _fill_new_game(self, game_id: str) -> None:
        entry = GAMES.by_id(game_id)
        same = self.session is not None and self.session.game.id == game_id
        seats = self.session.seats if same else []
        players = len(seats) if same else entry.default_players
        element("ng-players").innerHTML = player_options_html(entry, players)
        game = entry.load()
        element("ng-seats").innerHTML = seat_rows_html(entry.players[1], game.bot_levels, seats)
        # The rules the game lets a new game change, set as the game on screen has them.
        options = new_game_options(game)
        values = game.record_options(self.session.setup) if same and options else {}
        element("ng-options").innerHTML = options_form_html(options, values)
        element("ng-options-box").hidden = not options
        self.on_players_change(None)

    def on_new_game_game_change(self, _event) -> None:
        self._fill_new_game(str(element("ng-game").value))

    def on_players_change(self, _event) -> None:
        players = int(element("ng-players").value)
        for row in document.querySelectorAll("#new-game .seat"):
            row.hidden = int(row.dataset.seat) >= players
        for row in document.querySelectorAll("#ng-options [data-players]"):
            low, high = (int(n) for n in str(row.dataset.players).split("-"))
            row.hidden = not low <= players <= high

    async def on_board_file(self, event) -> None:
        files = event.target.files
        if ffi.is_none(files) or files.length == 0:
            self._board_file = None
            return
        chosen = files.item(0)
        self._board_file = (str(chosen.name), str(await chosen.text()))
        document.querySelector('#new-game [name="map"][value="file"]').checked = True

    def _new_game_error(self, text: str) -> None:
        error = element("ng-error")
        error.textContent = text
        error.hidden = False

    def on_new_game_submit(self, event) -> None:
        event.preventDefault()
        form = element("new-game-form")
        entry = GAMES.by_id(str(element("ng-game").value))
        game = entry.load()
        players = int(element("ng-players").value)
        names = [form.querySelector(f'[name="name{p}"]').value for p in range(players)]
        colours = [form.querySelector(f'[name="colour{p}"]').value for p in range(players)]
        bots = [form.querySelector(f'[name="kind{p}"]').value or None for p in range(players)]
        seed = self._random_seed
        try:
            options = read_options(
                new_game_options(game), players, lambda name: form.querySelector(f'[name="{name}"]')
            )
        except ValueError as e:
            self._new_game_error(f"{e}.")
            return
        choice = form.querySelector('[name="map"]:checked').value
        if choice == "seed":
            seed = whole_number(str(element("ng-seed").value), 12)
            if seed is None:
                self._new_game_error("A board seed is a whole number of up to 12 digits.")
                return
        if choice == "file":
            if self._board_file is None:
                self._new_game_error("Choose the custom board's .json file first.")
                return
            name, text = self._board_file
            try:
                record = custom_game_record(game, players, text, seed, options)
                session = Session.start(game, record, names, colours, bots)
            except (BoardError, RecordError, ValueError) as e:
                problems = getattr(e, "problems", None) or [str(e)]
                self._new_game_error(
                    f"The board in {name} cannot be played: " + "; ".join(problems)
                )
                return
            message = f"New game of {entry.title} on the board from {name}."
        else:
            try:
                session = Session.new(entry.id, players, seed, names, colours, bots, options)
            except ValueError as e:
                self._new_game_error(f"These rules cannot be played together: {e}.")
                return
            message = f"New game of {entry.title} on board {seed}."
        element("new-game").close()
        self.show_game(session, message)

    # -- saves ----------------------------------------------------------------------------

    def cmd_open_saves(self, _target) -> None:
        element("saves-message").textContent = ""
        element("saves-secret").hidden = not (
            self.session is not None and self.session.hidden_information
        )
        self.render_saves()
        element("saves").showModal()

    def cmd_load_save(self, target) -> None:
        key = target.closest("[data-save-key]").dataset.saveKey
        try:
            session = self.saves.load(str(key))
        except SaveError as e:
            element("saves-message").textContent = f"That save could not be loaded: {e}."
            return
        except Exception as error:  # a bug in a reader: say so; the game on screen stays
            element("saves-message").textContent = unreadable(
                "That save could not be loaded", error
            )
            return
        element("saves").close()
        self.show_game(session, "Save loaded.")

    def cmd_delete_save(self, target) -> None:
        row = target.closest("[data-save-key]")
        name = row.querySelector(".save-name").textContent
        if not window.confirm(f"Delete the save “{name}”?"):
            return
        self.saves.delete(str(row.dataset.saveKey))
        element("saves-message").textContent = f"Deleted “{name}”."
        self.render_saves()

    def cmd_export(self, _target) -> None:
        if self.session is None:
            return
        text = export_file(self.session)
        options = ffi.to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
        blob = window.Blob.new(ffi.to_js([text]), options)
        # The previous file's URL is released now, not on a timer: pyscript.ffi has no
        # one-shot callback, and its download has long been handed over.
        if self._export_url is not None:
            window.URL.revokeObjectURL(self._export_url)
        url = self._export_url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        state = self.session.state
        link.download = f"{self.session.game.id}-{state.num_players}p-move{state.ply}.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        element("saves-message").textContent = "Exported as a .json file."

    def on_save_as(self, event) -> None:
        event.preventDefault()
        if self.session is None:
            element("saves-message").textContent = "Not saved: there is no game on the board."
            return
        name = element("save-name").value
        try:
            self.saves.save_as(name, self.session, now_ms())
        except SaveError as e:
            element("saves-message").textContent = f"Not saved: {e}."
            return
        element("save-name").value = ""
        element("saves-message").textContent = "Saved."
        self.render_saves()

    async def on_import(self, event) -> None:
        files = event.target.files
        if ffi.is_none(files) or files.length == 0:
            return
        text = await files.item(0).text()
        event.target.value = ""
        try:
            session = import_file(str(text))
        except SaveError as e:
            element("saves-message").textContent = f"Not imported: {e}."
            return
        except Exception as error:  # a bug in a reader: say so; the game on screen stays
            element("saves-message").textContent = unreadable("Not imported", error)
            return
        element("saves").close()
        self.show_game(session, "Game imported.")

    def render_saves(self) -> None:
        listing = self.saves.list()
        titles = {entry.id: entry.title for entry in GAMES}
        element("saves-list").innerHTML = saves_html(listing.entries, now_ms(), titles)
        problems = element("saves-problems")
        problems.textContent = " ".join(listing.problems)
        problems.hidden = not listing.problems

    # -- drawing ------------------------------------------------------------------------

    def show_game(self, session: Session, message: str | None = None) -> None:
        """Put another game on screen (leaving the tutorial and the chooser, if shown). A
        game of another kind left unfinished is shelved, for the chooser to resume."""
        shelf_problem = None
        if not self.embed and self.session is not None:
            shelf_problem = self._shelve(session.game.id)
        self.tutorial = None
        self.session = session
        self._revealed = None
        self._kept_autosave_game = None  # a game the player asked for: it may be saved
        session.message = message
        self._close_chooser()
        self.render()
        self.problem(shelf_problem)
        self._load_bots_if_needed()

    def _shelve(self, leaving_for: str) -> str | None:
        try:
            self.saves.shelve(leaving_for)
        except SaveError as e:
            return f"The game you left could not be kept to resume: {e}."
        return None

    def _load_bots_if_needed(self) -> None:
        """Import the bots on the click that asked for computers, not while one thinks."""
        if any(seat.bot for seat in self.session.seats):
            self.session.game.make_bot("random")

    def problem(self, text: str | None) -> None:
        """Show ``text`` (None: no problem), and that the last autosave failed, if it did."""
        self._problem = text
        text = " ".join(t for t in (text, self._autosave_problem) if t)
        box = element("problem")
        box.textContent = text
        box.hidden = not text
        status = element("embed-status")
        status.textContent = text if self.embed else ""
        status.hidden = not (text and self.embed)
        chooser = element("chooser-problem")  # the chooser is shown when there is no game
        chooser.textContent = text if self.session is None else ""
        chooser.hidden = not (text and self.session is None)

    def render(self) -> None:
        mark("waddle:render-start")
        try:
            self._render()
        finally:
            mark("waddle:render-end")

    def _viewer(self) -> int:
        return viewer_for(self.session, self.entry.hidden_information, self.embed, self._revealed)

    def _curtain_for(self) -> int | None:
        """The seat the device must be passed to before anything more is shown, or None."""
        if self.tutorial is not None:
            return None
        return needs_curtain(
            self.session, self.entry.hidden_information, self.embed, self._revealed
        )

    def _render(self) -> None:
        session = self.session
        entry = self.entry
        root = document.documentElement
        root.dataset.game = entry.id
        for button in document.querySelectorAll(".needs-game"):
            button.disabled = False
        element("game-title").textContent = f"· {entry.title}"
        element("embed-title").textContent = f"{entry.title} game"
        document.title = f"{entry.title} · Waddle"
        curtain_for = self._curtain_for()
        interactive = (
            not self.readonly
            and curtain_for is None
            and session.may_play()
            and (session.human_turn() or self.tutorial is not None)
        )
        scene = session.scene(self._viewer(), interactive)
        drawn = self.presenter.render(scene)
        focus = self._focused()
        self.board.setAttribute("viewBox", drawn.board.view_box)
        self.board.dataset.board = entry.id  # the game's board.css applies
        self._view_box = drawn.board.view_box
        self._target_units = drawn.board.target_units
        self.board.innerHTML = drawn.board.markup
        # A disclosure the person opened (what a threat does) stays open across redraws.
        opened = [str(d.id) for d in document.querySelectorAll("#app details[open][id]")]
        element("status").innerHTML = drawn.status
        element("game-controls").innerHTML = drawn.controls
        element("game-panels").innerHTML = drawn.panels
        table = element("table")
        table.innerHTML = drawn.table
        table.hidden = not drawn.table
        for details_id in opened:
            again = element(details_id)
            if not ffi.is_none(again) and str(again.tagName).lower() == "details":
                again.open = True
        element("keys-help").textContent = self.presenter.keys_help
        self._refocus(focus)
        self._render_curtain(curtain_for)
        self._fit_board(scene)
        self._render_side(drawn.result, curtain_for is not None)
        self._render_tutorial()
        element("ai-controls").hidden = all(seat.bot is None for seat in session.seats)
        if self.embed:
            self._render_embed_bar()
        self.teaching.after_render(scene)
        self._persist()
        self._schedule_ai()

    def _focused(self) -> str | None:
        """A selector for the focused hex or game control, to focus it again after a redraw
        (ending in " legal" when it was a place or card to click: its successor, when it
        is gone, is the first one to click now)."""
        active = document.activeElement
        if ffi.is_none(active) or not hasattr(active, "closest"):
            return None
        for attribute in ("data-hex", "data-control"):
            found = active.closest(f"[{attribute}]")
            if not ffi.is_none(found):
                legal = " legal" if found.getAttribute("data-legal") == "true" else ""
                return f'[{attribute}="{found.getAttribute(attribute)}"]{legal}'
        return None

    def _refocus(self, selector: str | None) -> None:
        """The redraw replaced the focused element: keep keyboard users' place."""
        if selector is None:
            return
        legal = selector.endswith(" legal")
        selector = selector.removesuffix(" legal")
        again = document.querySelector(f"#app {selector}:not([disabled])")
        if not ffi.is_none(again) and (
            not selector.startswith("[data-hex") or again.hasAttribute("tabindex")
        ):
            again.focus()
        elif selector.startswith("[data-hex") or legal:
            self.focus_legal(0)

    def _render_curtain(self, seat: int | None) -> None:
        curtain = element("curtain")
        was_hidden = bool(curtain.hidden)
        curtain.hidden = seat is None
        document.documentElement.toggleAttribute("data-curtain", seat is not None)
        if seat is not None:
            name = self.session.seats[seat].name
            element("curtain-text").textContent = (
                f"Pass the device to {name}. Nobody's hand is shown until {name} has it: "
                "everyone else, please look away."
            )
            element("curtain-button").textContent = f"I am {name}: show my hand"
            if was_hidden and not self.embed:
                element("curtain-button").focus()

    def _render_side(self, result_markup: str, curtained: bool = False) -> None:
        """Messages, undo and redo, the move list and the scrubber, the result. Behind the
        pass-the-device screen: no message (it was said to the person before), the move
        list only up to the position shown, no undo, redo, hint or scrubbing."""
        session = self.session
        state = session.state
        element("message").textContent = "" if curtained else (session.message or "")
        refusal = session.undo_refusal() if not curtained else None
        for button in document.querySelectorAll('.controls [data-command="undo"]'):
            button.disabled = curtained or not session.can_undo()
            if refusal and state.ply:
                button.title = refusal
            else:
                button.removeAttribute("title")
        for button in document.querySelectorAll('.controls [data-command="redo"]'):
            button.disabled = curtained or not session.can_redo()
        for button in document.querySelectorAll('.controls [data-command="hint"]'):
            button.disabled = curtained or not session.may_play()
        groups = self.presenter.move_groups(session)
        if curtained:
            groups = [
                MoveGroup(g.heading, tuple(m for m in g.moves if m.ply <= state.ply))
                for g in groups
            ]
            groups = [g for g in groups if g.moves]
        floor = session.undo_floor()
        element("move-list").innerHTML = move_list_html(
            groups, session.seats, state.ply, earliest=floor
        )
        scrubber = element("scrubber")
        scrubber.min = str(floor)
        scrubber.max = str(state.ply if curtained else session.total_plies)
        scrubber.value = str(state.ply)
        scrubber.disabled = curtained or floor >= session.total_plies
        scrubber.setAttribute("aria-valuetext", f"move {state.ply} of {session.total_plies}")
        result = element("result")
        if state.is_over():
            result.innerHTML = result_markup
            result.dataset.winners = ",".join(map(str, state.winners()))
            result.hidden = False
        else:
            result.hidden = True
            result.removeAttribute("data-winners")
            result.innerHTML = ""

    def _fit_board(self, scene=None) -> None:
        """Zoom the board when its fitted targets are too small for a finger (a 3-to-5-player
        map on a phone): drawn bigger in a frame that scrolls, centred on where the next move
        happens. The Zoom button switches between the two; by itself the board zooms while
        there is a move to make and fits at the end."""
        frame = element("board-frame")
        button = element("zoom")
        size = None
        if not frame.clientWidth or self.session is None:
            return  # not laid out yet (the page is still loading): the observer comes back
        if not self.embed and self._view_box and self._target_units:  # embeds show it all
            size = zoomed_size(
                self._view_box, frame.clientWidth, FINGER_PX, ZOOM_PX, self._target_units
            )
        button.hidden = size is None
        zoomed = size is not None and (
            self.zoom_choice if self.zoom_choice is not None else not self.session.state.is_over()
        )
        button.setAttribute("aria-pressed", "true" if zoomed else "false")
        if not zoomed:
            frame.removeAttribute("data-zoomed")
            self.board.removeAttribute("style")
            self._centred = None
            return
        frame.setAttribute("data-zoomed", "")
        self.board.setAttribute("style", f"width:{size[0]}px;height:{size[1]}px")
        # Scroll to where the next move happens when that moves (or on zooming), not on
        # every redraw, so a person who dragged the board to look around is not pulled back.
        focus = self.presenter.focus_hex(scene or self.session.scene())
        where = (id(self.session), focus)
        if focus is None or where == self._centred:
            return
        self._centred = where
        marker = self.board.querySelector(f'[data-hex="{focus}"]')
        if ffi.is_none(marker):
            return
        box, spot = frame.getBoundingClientRect(), marker.getBoundingClientRect()
        frame.scrollLeft += spot.left + spot.width / 2 - (box.left + box.width / 2)
        frame.scrollTop += spot.top + spot.height / 2 - (box.top + box.height / 2)

    def _render_embed_bar(self) -> None:
        session = self.session
        bar = element("embed-bar")
        bar.hidden = False
        element("embed-position").textContent = f"Move {session.state.ply} of {session.total_plies}"
        for command, enabled in (
            ("first", session.can_undo()),
            ("undo", session.can_undo()),
            ("redo", session.can_redo()),
            ("last", session.can_redo()),
        ):
            bar.querySelector(f'[data-command="{command}"]').disabled = not enabled

    def _render_tutorial(self) -> None:
        box = element("tutorial")
        box.hidden = self.tutorial is None
        document.documentElement.toggleAttribute("data-tutorial", self.tutorial is not None)
        if self.tutorial is None:
            return
        step = self.tutorial.step
        element(
            "tutorial-progress"
        ).textContent = f"(step {self.tutorial.index + 1} of {self.tutorial.steps})"
        element("tutorial-text").textContent = step.text

    # -- computer players -----------------------------------------------------------------

    def _start_task(self, coroutine) -> None:
        self._cancel_ai()
        self._ai_task = asyncio.ensure_future(coroutine)

    def _cancel_ai(self) -> None:
        if self._ai_task is not None and not self._ai_task.done():
            self._ai_task.cancel()
        self._ai_task = None
        self._ai_for = None
        self._thinking(None)

    def _schedule_ai(self) -> None:
        """If a computer seat is to move, let it think (once per position)."""
        session = self.session
        level = session.bot_to_move()
        position = (id(session), session.state.ply)
        # An embedded board shows a game: its computer seats never move by themselves.
        idle = self.tutorial is not None or self.embed or self.ai_paused or not session.may_play()
        if level is None or idle:
            if self._ai_for is not None and self._ai_for != position:
                self._cancel_ai()
            return
        if self._ai_for == position:
            return  # already thinking about this very position
        self._start_task(self._computer_move(level))
        self._ai_for = position

    async def _think(self, level: str, seconds: float):
        """Search in short slices, yielding to the page between them; the chosen action.

        The bot gets the whole state but, in a game with hidden hands, searches only
        worlds its seat cannot tell apart from it (``GameState.determinize``): it decides
        from what that seat sees.

        Afterwards ``html[data-ai-iterations]``, ``[data-ai-seconds]`` (thinking time, not
        counting the pauses between slices) and ``[data-ai-longest-slice-ms]`` describe
        this search, and the marks ``waddle:think-start``/``-end`` bracket it (for
        scripts/bench_ai_page.py).
        """
        mark("waddle:think-start")
        state = self.session.state
        bot = self.session.game.make_bot(level, seed=state.ply + 1, seconds=seconds)
        search = bot.start(state.clone())
        longest = 0.0
        while True:
            started = time.perf_counter()
            finished = search.advance(SLICE_SECONDS)
            longest = max(longest, time.perf_counter() - started)
            if finished:
                break
            await asyncio.sleep(0)
        action = search.best()
        root = document.documentElement.dataset
        root.aiIterations = str(search.iterations)
        root.aiSeconds = f"{search.elapsed:.3f}"
        root.aiLongestSliceMs = f"{longest * 1000:.1f}"
        mark("waddle:think-end")
        return action

    async def _computer_move(self, level: str) -> None:
        session = self.session
        player = session.state.to_move()
        self._thinking(player)
        started = time.monotonic()
        action = await self._think(level, THINK_SECONDS[level])
        pause = PAUSE_SECONDS.get(str(element("ai-speed").value), 0.7)
        await asyncio.sleep(max(0.0, pause - (time.monotonic() - started)))
        if session is not self.session:
            return
        self._ai_for = None
        self._thinking(None)
        self.guarded(session.play, action)

    async def _hint(self) -> None:
        self.session.message = "Thinking about a hint…"
        element("message").textContent = self.session.message
        ply = self.session.state.ply
        action = await self._think("hard", HINT_SECONDS)
        if self.session.state.ply != ply:
            return
        hint = self.presenter.hint(self.session, action)
        self.session.message = hint.text
        self.render()
        for hex_id in hint.hexes:
            marked = self.board.querySelector(f'[data-hex="{hex_id}"]')
            if not ffi.is_none(marked):
                marked.setAttribute("data-hint", "true")
        if hint.control is not None:
            marked = document.querySelector(f'[data-control="{hint.control}"]')
            if not ffi.is_none(marked):
                marked.setAttribute("data-hint", "true")

    def _thinking(self, player: int | None) -> None:
        """Show (or clear) that a computer seat is thinking."""
        root = document.documentElement
        if player is None:
            root.removeAttribute("data-thinking")
            return
        root.dataset.thinking = str(player)
        name = self.session.seats[player].name
        element("message").textContent = f"{name} (computer) is thinking…"

    def _persist(self) -> None:
        """Keep the address and (full app) the autosave in step with the game."""
        if self.tutorial is not None:
            return  # the tutorial's scripted game is neither shared nor saved
        self._write_hash()
        if self.embed:
            return
        if self._kept_autosave_game is not None:
            if self._shown_hash == self._kept_autosave_game:
                return  # a damaged autosave is kept until this game is changed
            self._kept_autosave_game = None
        try:
            self.saves.autosave(self.session, now_ms())
            failed = None
        except SaveError as e:
            failed = f"Autosave failed: {e}."
        if failed is None:
            self._save_preview()
        if failed != self._autosave_problem:  # shown until an autosave succeeds again
            self._autosave_problem = failed
            self.problem(self._problem)

    def _save_preview(self) -> None:
        """Keep the board as drawn, for web/loading.js to paint on the next visit while
        Python starts. Never at the cost of a save: a full storage just skips it.

        The next visit may be anyone's: in a game with hidden hands the kept board is
        drawn again from what every seat may see (``SPECTATOR``), never from the view of
        the person at the screen, so no hand is left in storage in the clear."""
        if self.storage is None:
            return
        markup, view_box = str(self.board.innerHTML), self._view_box
        if self.entry.hidden_information and self._viewer() != SPECTATOR:
            public = self.presenter.render(self.session.scene(SPECTATOR, False)).board
            markup, view_box = public.markup, public.view_box
        preview = {
            "hash": self._shown_hash,
            "game": self.entry.id,
            "title": self.entry.title,
            "viewBox": view_box,
            "markup": markup,
        }
        try:
            self.storage.set(PREVIEW_KEY, json.dumps(preview, separators=(",", ":")))
        except StorageFullError:
            self.storage.remove(PREVIEW_KEY)

    def _write_hash(self) -> None:
        if self.embed:
            text = self.session.link_of(self.session.full_record())
            element("open-full").href = f"./#{text}"
        else:
            text = self.session.link()
        if text != self._shown_hash:
            self._shown_hash = text
            window.history.replaceState(None, "", "#" + text)
