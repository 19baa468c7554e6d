"""The page around one game, for every game: the shell that holds the parts of the page
together, takes the DOM's events and hands them to the part they belong to.

Runs only in the browser (it imports ``pyscript``). Nothing here names a game: the game on
screen is ``page.session.game`` (found in the registry, ``waddle.games.GAMES``, by a
link's prefix, a save's record format or ``?game=``), and everything drawn comes from that
game's presenter (``waddle.ui.presenter``) and from the app's chrome (``waddle.app``),
which CPython tests cover.

The parts, each given the :class:`waddle.app.page.Page` it reads and the small
:class:`web.ports.Shell` interface of this App, never the App itself:

==========================  ===========================================================
``web/screen.py``           drawing the game, the side column, the board's fit
``web/computers.py``        the computer players and the hint, time-sliced
``web/address.py``          the opening game, the link in the address, the autosave
``web/chooser.py``          the game chooser
``web/new_game.py``         the New game dialog
``web/saves_dialog.py``     the Saves dialog: saves, export, import
``web/share.py``            Copy link and the Share and embed dialog (embed builder)
``web/studies.py``          a study's marks and caption; the study panel
``web/embedded.py``         the embedded view's address options, stepper and messages
``web/analysis.py``         the win-chance meter, the game review, the result's chart
``web/board_editor.py``     the board editor screen
``web/remote.py``           games on several devices: invite, join, send, Your games
``web/focus.py``            keyboard focus among the legal places
``web/dom.py``              elements, listeners, files, localStorage
==========================  ===========================================================

Two views share this code: the full app, and ``index.html?embed`` (just the board and a
move stepper, sized to its frame; ``ply=N`` opens at a move, ``readonly`` disables play).
A first visit with no game in the address and none to resume shows the game chooser.
"""

import traceback

from pyscript import document, ffi, window

from waddle.app.chrome import whole_number
from waddle.app.page import Page
from waddle.app.saves import MemoryStorage, SaveError, SaveStore
from waddle.app.session import Session
from web.address import Address
from web.analysis import Analysis
from web.board_editor import BoardEditor
from web.chooser import Chooser
from web.computers import Computers
from web.dom import Listeners, element, focus, open_storage
from web.embedded import Embedded
from web.focus import focus_legal, note_input
from web.new_game import NewGameDialog
from web.remote import RemotePlay
from web.remote_new import RemoteNewGame
from web.saves_dialog import SavesDialog
from web.screen import Screen
from web.share import ShareDialog
from web.studies import Studies

SHELL_KEYS = {"u": "undo", "r": "redo"}
"""Keys of the shell's own commands; each game adds its own (its presenter's ``keys``)."""

WITHOUT_A_GAME = frozenset({"close_dialog", "toggle_menu"})
"""The shell's commands that work on the chooser, before any game is on the board (each
part names its own in its ``WITHOUT_A_GAME``)."""


class App:
    """The page around one :class:`Session`; every handler leaves the game intact."""

    def __init__(self) -> None:
        params = window.URLSearchParams.new(window.location.search)
        embed = bool(params.has("embed"))
        problems = []
        if embed:
            document.documentElement.dataset.view = "embed"
            if params.has("readonly"):
                document.documentElement.dataset.readonly = "true"
            storage = None
            saves = SaveStore(MemoryStorage())  # an embedded board never touches saves
        else:
            storage, notice = open_storage()
            saves = SaveStore(storage)
            if notice:
                problems.append(notice)
        self.page = Page(embed, embed and bool(params.has("readonly")), saves, storage)
        self._listeners = Listeners()
        self._problem: str | None = None  # what problem() was last asked to show
        self._before_tutorial: Session | None = None
        self.screen = Screen(self.page)
        self.computers = Computers(self.page, self)
        self.address = Address(self.page, self, self.screen.save_preview_markup)
        self.remote = RemotePlay(self.page, self)
        self.remote_new = RemoteNewGame(self.page, self, self.remote)
        self.chooser = Chooser(self.page, self, self.remote.fill_chooser)
        self.new_game = NewGameDialog(self.page, self)
        self.saves_dialog = SavesDialog(self.page, self)
        self.share = ShareDialog(self.page, self)
        self.studies = Studies(self.page, self)
        self.editor = BoardEditor(self.page, self)
        requested = params.get("game")
        requested = None if ffi.is_none(requested) else str(requested)
        self.page.session, problem = self.address.opening(requested)
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
        if embed and self.page.session is not None:
            ply = params.get("ply")
            shown_ply = None if ffi.is_none(ply) else whole_number(str(ply), 6)
            if shown_ply is not None:
                self.page.session.go_to(shown_ply)
        self.embedded = Embedded(self.page, self, params, self.share.preview_said)
        self.analysis = Analysis(self.page, self, params)
        # Where a data-command="name" button's cmd_name is found, the shell first.
        self._parts = (
            self,
            self.screen,
            self.computers,
            self.chooser,
            self.new_game,
            self.saves_dialog,
            self.share,
            self.studies,
            self.editor,
            self.analysis,
            self.remote,
            self.remote_new,
        )
        self._without_a_game = WITHOUT_A_GAME.union(
            *(getattr(part, "WITHOUT_A_GAME", ()) for part in self._parts)
        )
        self.problem(" ".join(problems) or None)

    @property
    def session(self) -> Session | None:
        return self.page.session

    # -- start-up -----------------------------------------------------------------------

    def start(self) -> None:
        """Show the first screen: the game picked on the chooser while Python was starting,
        else the game, or the chooser when there is none."""
        if self.address.remote_pending is not None:
            self.remote.open_link(self.address.remote_pending, reload=True)
        if self.chooser.open_pick():
            return
        if self.session is None:
            self.chooser.open(first_visit=True)
        else:
            self.render()
            self.computers.load_if_needed()

    def shown(self) -> None:
        """The page has just become visible (``data-app="ready"``): what must have the focus
        gets it now (nothing hidden can take it): the pass-the-device screen's button. The
        board is fitted now too: while the page was hidden it had no width, and waiting for
        the resize observer's next frame would leave a moment in which the page says
        "ready" with a 5-player map squeezed into a phone's width."""
        self.screen.fit_board()
        self.screen.fit_move_list()
        self.embedded.fit()
        if not element("curtain").hidden and not self.page.embed:
            focus(element("curtain-button"))

    def bind(self) -> None:
        listen = self._listeners.listen
        listen(document, "click", self.on_click)
        listen(document, "keydown", self.on_key)
        listen(document, "pointerdown", note_input, capture=True)
        listen(document, "keydown", note_input, capture=True)
        listen(element("scrubber"), "input", self.on_scrub)
        listen(window, "hashchange", self.address.on_hash_change)
        parts = (self.new_game, self.saves_dialog, self.share, self.studies, self.editor)
        for part in (*parts, self.remote, self.remote_new):
            part.bind(listen)
        self.embedded.bind(listen)
        # The board's room changes when the page first shows (it is hidden while loading),
        # on rotating a phone, on resizing a window: re-fit then. Zooming changes the size
        # of what is observed, so the fit waits for the next frame: done inside the
        # observer's callback, the browser reports "ResizeObserver loop completed with
        # undelivered notifications" as an error. The next round finds the same width and
        # leaves the board as it is, so this settles at once.
        fit = ffi.create_proxy(lambda _time: self.screen.fit_board())
        refit = ffi.create_proxy(lambda _entries, _observer: window.requestAnimationFrame(fit))
        self._listeners.keep(fit)
        self._listeners.keep(refit)
        window.ResizeObserver.new(refit).observe(document.querySelector(".board-wrap"))

    # -- events -------------------------------------------------------------------------

    def on_click(self, event) -> None:
        target = event.target.closest(
            "[data-hex], [data-control], [data-command], [data-ply], [data-game-choice], "
            "[data-versus-computer]"
        )
        if ffi.is_none(target) or str(target.getAttribute("data-command")) != "toggle-menu":
            self._show_menu(False)  # any other click closes the phone's More menu
        if ffi.is_none(target) or target.hasAttribute("disabled"):
            return
        if target.hasAttribute("data-game-choice"):
            self.chooser.choose_game(str(target.getAttribute("data-game-choice")))
        elif target.hasAttribute("data-versus-computer"):
            game_id = str(target.getAttribute("data-versus-computer"))
            self.chooser.choose_game(game_id, against_computer=True)
        elif target.hasAttribute("data-command"):
            # data-command="open-saves" runs cmd_open_saves(target) of the part that has it
            name = str(target.getAttribute("data-command")).replace("-", "_")
            handler = next(
                (getattr(p, "cmd_" + name) for p in self._parts if hasattr(p, "cmd_" + name)),
                None,
            )
            if handler is not None and (self.session is not None or name in self._without_a_game):
                handler(target)
        elif self.session is None:
            return
        elif target.hasAttribute("data-hex"):
            may = not self.page.readonly or self.page.attempt is not None
            if may and not ffi.is_none(target.closest("#board")):
                self.guarded(self.click_hex, str(target.getAttribute("data-hex")))
        elif target.hasAttribute("data-control"):
            self.guarded(self.control, str(target.getAttribute("data-control")))
        elif target.hasAttribute("data-ply"):
            self.guarded(self.session.go_to, int(target.getAttribute("data-ply")))

    def click_hex(self, hex_id: str) -> None:
        """A click on ``data-hex="q,r"``: read inside guarded(), so a bad value is shown."""
        if self.page.may_act():
            self._act(self.page.presenter.on_hex(self.page.board_session, hex_id))

    def control(self, name: str) -> None:
        """A press on one of the game's controls (``data-control``) or its key."""
        if self.page.may_act():
            self._act(self.page.presenter.on_control(self.page.board_session, name))

    def _act(self, action) -> None:
        if action is None:
            return  # the presenter only changed its choice (a token, a selection)
        if self.page.tutorial is not None:
            self.page.tutorial.try_action(action)
        elif self.page.attempt is not None:
            self.studies.answer(action)  # a question step: played on the reader's copy
        elif self.page.drafting:
            self.page.board_session.play(action)  # a question's answer, on its copy
        else:
            self.session.play(action)

    def guarded(self, action, *args) -> None:
        """Run a game action and redraw; on any error, put the game back as it was."""
        page = self.page
        session = page.session
        before = session.full_record()
        ply = session.state.ply
        try:
            action(*args)
            self.render()
            self.problem(None)
        except Exception as error:  # a bug: say so, keep the game, keep the page alive
            window.console.error("".join(traceback.format_exception(error)))
            page.session = Session.start(session.game, before, None, None, None)
            page.session.seats = session.seats
            page.session.study = session.study
            page.session.go_to(ply)
            if page.tutorial is not None:
                page.tutorial.session = page.session
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
        if not ffi.is_none(hex_element) and key in ("Enter", " "):
            event.preventDefault()
            if not self.page.readonly or self.page.attempt is not None:
                self.guarded(self.click_hex, str(hex_element.getAttribute("data-hex")))
                focus_legal(0)
            return
        if key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            if focus_legal(step, relative=True):
                event.preventDefault()
            return
        if self.page.readonly and self.page.attempt is None:
            return
        command = SHELL_KEYS.get(key.lower())
        control = self.page.presenter.keys.get(key.lower())
        if command is None and control is None:
            return
        event.preventDefault()
        if command == "undo":
            self.cmd_undo(None)
        elif command == "redo":
            self.cmd_redo(None)
        else:
            self.guarded(self.control, control)
            focus_legal(0, keep=True)

    # -- the shell's own commands (buttons with data-command) -----------------------------

    def cmd_undo(self, _target) -> None:
        if self.studies.undo_draft():
            return  # the author's last action on a question's answer
        if self.page.remote is not None and not self.page.writing:
            self.remote.cmd_remote_undo(None)  # only this device's moves not sent yet
            return
        if self.page.tutorial is None and self.page.curtain_for() is None:
            self.guarded(self.session.undo_turn)

    def cmd_redo(self, _target) -> None:
        if self.page.remote is not None and not self.page.writing:
            self.guarded(self.session.go_to, self.session.total_plies)  # a move taken back
            return  # is played again by playing it: it was never sent
        if self.page.tutorial is None and self.page.curtain_for() is None:
            self.guarded(self.session.redo_turn)

    def cmd_first(self, _target) -> None:
        self.guarded(self.session.go_to, 0)

    def cmd_last(self, _target) -> None:
        self.guarded(self.session.go_to, self.session.total_plies)

    def cmd_reveal(self, _target) -> None:
        """The pass-the-device screen's button: the person to move holds the device now."""
        self.page.revealed = self.session.state.to_move()
        self.session.message = None  # whatever was said before is not theirs to read
        self.render()
        focus_legal(0)

    def cmd_toggle_menu(self, _target) -> None:
        """The phone's More button: the top bar's other commands, under it."""
        self._show_menu(element("more-button").getAttribute("aria-expanded") != "true")

    def _show_menu(self, shown: bool) -> None:
        element("more-button").setAttribute("aria-expanded", "true" if shown else "false")
        element("more-actions").toggleAttribute("data-open", shown)

    def cmd_open_rules(self, _target) -> None:
        element("rules-body").innerHTML = self.page.presenter.rules_html()
        dialog = element("rules")
        dialog.showModal()
        # showModal focuses the first control, the folded notes at the end: the rules are
        # read from their top.
        focus(dialog)
        dialog.scrollTop = 0

    def cmd_close_dialog(self, target) -> None:
        if target is None:
            return
        dialog = target.closest("dialog")
        if not ffi.is_none(dialog):
            dialog.close()

    def cmd_start_tutorial(self, target) -> None:
        from waddle.app.tutorial import Tutorial  # only for those who ask

        self.cmd_close_dialog(target)
        page = self.page
        if page.tutorial is None:
            self._before_tutorial = page.session
        page.tutorial = Tutorial(page.session.game)
        page.session = page.tutorial.session
        self.render()
        self.problem(None)
        focus_legal(0)

    def cmd_end_tutorial(self, _target) -> None:
        page = self.page
        if page.tutorial is None:
            return
        page.tutorial = None
        page.session = self._before_tutorial
        page.session.message = "Back to your game."
        self.render()

    # -- the Shell interface the parts use (web/ports.py) ---------------------------------

    def render(self) -> None:
        self.remote.sync()
        self.studies.before_render()
        scene = self.screen.draw()
        self.studies.after_render(scene)
        self.analysis.after_render(scene)
        self.remote.after_render(scene)
        self.embedded.after_render()
        if self.address.persist():
            self.problem(self._problem)  # the autosave's failure is said, or no longer
        self.computers.schedule()

    def show_game(self, session: Session, message: str | None = None, remote=None) -> None:
        """Put another game on screen (leaving the tutorial and the chooser, if shown). A
        game of another kind left unfinished is shelved, for the chooser to resume; so is
        any game of this device's left for a game played on several devices (``remote``,
        its RemoteGame: the game in progress is never replaced by a link)."""
        page = self.page
        shelf_problem = None
        if not page.embed and page.session is not None and page.remote is None:
            try:
                page.saves.shelve("" if remote is not None else session.game.id)
            except SaveError as e:
                shelf_problem = f"The game you left could not be kept to resume: {e}."
        page.tutorial = None
        page.remote = remote
        page.session = session
        page.revealed = None
        self.address.game_changed_by_player()  # it may be saved over a kept autosave
        session.message = message
        self.chooser.close()
        self.render()
        self.problem(shelf_problem)
        self.computers.load_if_needed()

    def problem(self, text: str | None) -> None:
        """Show ``text`` (None: no problem), and that the last autosave failed, if it did."""
        self._problem = text
        text = " ".join(t for t in (text, self.address.autosave_problem) if t)
        box = element("problem")
        box.textContent = text
        box.hidden = not text
        embed = self.page.embed
        status = element("embed-status")
        status.textContent = text if embed else ""
        status.hidden = not (text and embed)
        chooser = element("chooser-problem")  # the chooser is shown when there is no game
        chooser.textContent = text if self.session is None else ""
        chooser.hidden = not (text and self.session is None)

    def open_remote_link(self, text: str) -> None:
        self.remote.open_link(text)

    def open_chooser(self, first_visit: bool = False) -> None:
        self.chooser.open(first_visit)
