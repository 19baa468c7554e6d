"""The page around one game: DOM events in, markup from the engine out.

Runs only in the browser (it imports ``pyscript``); everything it shows comes from
``waddle.games.waddle`` (session, view, panels, saves, link), which CPython tests cover.

Two views share this code: the full app, and ``index.html?embed`` (just the board and a
move stepper, sized to its frame; ``ply=N`` opens at a move, ``readonly`` disables play).
"""

import asyncio
import time
import traceback

from pyscript import document, ffi, window

from waddle.games.waddle.actions import SCOUT, Action
from waddle.games.waddle.link import LinkError
from waddle.games.waddle.panels import (
    move_list_html,
    players_html,
    result_html,
    saves_html,
    status_html,
    tracks_html,
)
from waddle.games.waddle.saves import (
    MemoryStorage,
    SaveError,
    SaveStore,
    StorageFullError,
    export_file,
    import_file,
)
from waddle.games.waddle.session import Session
from waddle.games.waddle.view import DEFAULT_COLOURS, DEFAULT_NAMES, board_svg, zoomed_size

DEFAULT_PLAYERS = 2

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

FINGER_HEX_PX = 40
"""Below this many CSS pixels across, a fitted board's hexes are too small to tap: the
board is zoomed (see App._fit_board)."""
ZOOM_HEX_PX = 44
"""Hexes across when zoomed: WCAG 2.5.5's target size."""

KEYS = {"s": "scout", "d": "double", "1": "single", "2": "double", "u": "undo", "r": "redo"}
"""Keyboard shortcuts (the page lists them under the side panel)."""


def new_seed() -> int:
    """A fresh map seed, short enough to read out and type."""
    return int(window.crypto.getRandomValues(window.Uint32Array.new(1))[0]) % 1_000_000 + 1


def element(element_id: str):
    return document.getElementById(element_id)


def now_ms() -> int:
    return int(window.Date.now())


class LocalStorage:
    """``window.localStorage`` as a :class:`waddle.games.waddle.saves.Storage`."""

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
        problems = []
        if self.embed:
            document.documentElement.dataset.view = "embed"
            if self.readonly:
                document.documentElement.dataset.readonly = "true"
            self.saves = SaveStore(MemoryStorage())  # an embedded board never touches saves
        else:
            storage, notice = open_storage()
            self.saves = SaveStore(storage)
            if notice:
                problems.append(notice)
        self.tutorial = None  # a waddle.games.waddle.tutorial.Tutorial while it runs
        self._ai_for: tuple[int, int] | None = None  # (session id, ply) being thought about
        self._ai_task = None
        self.ai_paused = False
        self.zoom_choice: bool | None = None  # the Zoom button's last word; None: automatic
        self._view_box = ""
        self._centred: tuple[int, object] | None = None  # (session id, hex) scrolled to
        self.session, problem = self._initial_session()
        if any(seat.bot for seat in self.session.seats):
            load_bots()
        if problem:
            problems.append(problem)
        if self.embed:
            ply = params.get("ply")
            if not ffi.is_none(ply) and str(ply).isdigit():
                self.session.go_to(int(ply))
        self.problem(" ".join(problems) or None)

    # -- start-up -----------------------------------------------------------------------

    def _initial_session(self) -> tuple[Session, str | None]:
        """The game in the address, else (full app) the autosave, else a fresh game."""
        text = window.location.hash.removeprefix("#")
        problem = autosave_problem = None
        if text:
            try:
                linked = Session.from_link(text)
            except LinkError as e:
                problem = f"The game in this link could not be opened: {e}."
            else:
                if not self.embed:
                    # A reload: the autosave is this very game, with the moves taken back
                    # by undo that a link does not hold. Use it, to redo them.
                    saved, _ = self.saves.load_autosave()
                    if saved is not None and saved.link() == linked.link():
                        return saved, None
                return linked, None
        if not self.embed:
            session, autosave_problem = self.saves.load_autosave()
            if session is not None:
                return session, problem
            problem = " ".join(p for p in (problem, autosave_problem) if p) or None
        session = Session.new(DEFAULT_PLAYERS, new_seed())
        if autosave_problem:
            # The damaged autosave (a newer version's, perhaps) stays as it is until the
            # player changes this fresh game: merely opening the page must not destroy it.
            self._kept_autosave_game = session.link()
        if problem:
            problem += " A new game was started instead."
        return session, problem

    def bind(self) -> None:
        self._listen(document, "click", self.on_click)
        self._listen(element("new-game-form"), "submit", self.on_new_game_submit)
        self._listen(element("ng-players"), "change", self.on_players_change)
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

    def _listen(self, target, event: str, handler) -> None:
        proxy = ffi.create_proxy(handler)
        self._proxies.append(proxy)  # JavaScript holds these; keep them alive
        target.addEventListener(event, proxy)

    # -- events -------------------------------------------------------------------------

    def on_click(self, event) -> None:
        target = event.target.closest(
            "[data-hex], [data-token-choice], [data-action], [data-command], [data-ply]"
        )
        if ffi.is_none(target) or target.hasAttribute("disabled"):
            return
        dataset = target.dataset
        session = self.session
        if target.hasAttribute("data-hex"):
            if not self.readonly and not ffi.is_none(target.closest("#board")):
                self.guarded(self.click_hex, str(dataset.hex))
        elif target.hasAttribute("data-token-choice"):
            self.guarded(session.choose_token, dataset.tokenChoice)
        elif target.getAttribute("data-action") == "scout":  # dataset.action raises if absent
            self.guarded(self.scout)
        elif target.hasAttribute("data-ply"):
            self.guarded(session.go_to, int(target.getAttribute("data-ply")))
        else:
            # data-command="open-saves" runs cmd_open_saves(target)
            handler = getattr(self, "cmd_" + str(dataset.command).replace("-", "_"), None)
            if handler is not None:
                handler(target)

    def click_hex(self, text: str) -> None:
        """A click on ``data-hex="q,r"``: read inside guarded(), so a bad value is shown."""
        q, r = (int(v) for v in text.split(","))
        if self.tutorial is not None:
            self.tutorial.try_action(Action.place((q, r), self.session.token == "double"))
        elif self._wait_for_computer():
            self.session.click_hex(q, r)

    def scout(self) -> None:
        if self.tutorial is not None:
            self.tutorial.try_action(SCOUT)
        elif self._wait_for_computer():
            self.session.scout()

    def _wait_for_computer(self) -> bool:
        """True if a person may move now; else say whose turn it is."""
        level = self.session.bot_to_move()
        if level is None:
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
        before = self.session.full_record()
        ply = self.session.state.ply
        seats = self.session.seats
        try:
            action(*args)
            self.render()
            self.problem(None)
        except Exception as error:  # a bug: say so, keep the game, keep the page alive
            window.console.error("".join(traceback.format_exception(error)))
            self.session = Session(before.replay(), seats, before.generated)
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
        """Keyboard play: Enter/Space on a focused hex places; letters for the rest."""
        if event.ctrlKey or event.metaKey or event.altKey:
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
            if self.focus_legal(step, relative=on_hex):
                event.preventDefault()
            return
        command = KEYS.get(key.lower())
        if command is None or self.readonly:
            return
        event.preventDefault()
        session = self.session
        if command == "scout":
            self.guarded(self.scout)
            self.focus_legal(0)
        elif command in ("single", "double"):
            kind = command
            if key.lower() == "d" and session.token == "double":
                kind = "single"  # D toggles
            self.guarded(session.choose_token, kind)
        elif command == "undo":
            self.cmd_undo(None)
        else:
            self.cmd_redo(None)

    def focus_legal(self, step: int, relative: bool = False) -> bool:
        """Move keyboard focus among the legal hexes (wrapping); False if there are none."""
        hexes = list(self.board.querySelectorAll('[data-legal="true"]'))
        if not hexes:
            return False
        index = 0
        if relative:
            keys = [str(h.getAttribute("data-hex")) for h in hexes]
            current = document.activeElement.closest("[data-hex]")
            if not ffi.is_none(current) and str(current.getAttribute("data-hex")) in keys:
                index = (keys.index(str(current.getAttribute("data-hex"))) + step) % len(hexes)
        hexes[index].focus()
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

    # -- commands (buttons with data-command) ---------------------------------------------

    def cmd_undo(self, _target) -> None:
        if self.tutorial is None:
            self.guarded(self.session.undo_turn)

    def cmd_redo(self, _target) -> None:
        if self.tutorial is None:
            self.guarded(self.session.redo_turn)

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
        if self.tutorial is None and self.session.human_turn():
            load_bots()
            self._start_task(self._hint())

    def cmd_open_rules(self, _target) -> None:
        element("rules").showModal()

    def cmd_start_tutorial(self, target) -> None:
        self.cmd_close_dialog(target)
        if self.tutorial is None:
            self._before_tutorial = self.session
        from waddle.games.waddle.tutorial import Tutorial  # only for those who ask

        self.tutorial = Tutorial()
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
        dialog = target.closest("dialog")
        if not ffi.is_none(dialog):
            dialog.close()

    cmd_cancel_new_game = cmd_close_dialog

    def cmd_copy_link(self, _target) -> None:
        self._copy(
            window.location.href,
            "Link copied: it opens this game at this move.",
            "copy the address from the address bar.",
        )

    def cmd_open_share(self, _target) -> None:
        self.fill_share()
        element("share").showModal()

    def cmd_copy_embed(self, _target) -> None:
        self.fill_share()
        self._copy(
            element("embed-code").value,
            "Embed code copied.",
            "select the embed code and copy it.",
        )

    def fill_share(self) -> None:
        base = str(window.location.href).split("#")[0].split("?")[0]
        readonly = "&readonly" if element("embed-readonly").checked else ""
        link = self.session.link_of(self.session.full_record())
        src = f"{base}?embed&ply={self.session.state.ply}{readonly}#{link}"
        element("share-link").value = str(window.location.href)
        element("embed-code").value = (
            f'<iframe src="{_attr(src)}" width="480" height="520" title="Waddle game" '
            'style="border:0;max-width:100%" loading="lazy"></iframe>'
        )

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

    def cmd_new_game(self, _target) -> None:
        form = element("new-game-form")
        seats = self.session.seats
        element("ng-players").value = str(len(seats))
        for p in range(5):
            name = form.querySelector(f'[name="name{p}"]')
            colour = form.querySelector(f'[name="colour{p}"]')
            name.value = seats[p].name if p < len(seats) else DEFAULT_NAMES[p]
            colour.value = seats[p].colour if p < len(seats) else DEFAULT_COLOURS[p]
            kind = form.querySelector(f'[name="kind{p}"]')
            kind.value = (seats[p].bot or "") if p < len(seats) else ""
        self._random_seed = new_seed()
        element("ng-random-seed").textContent = str(self._random_seed)
        element("ng-error").hidden = True
        self.on_players_change(None)
        element("new-game").showModal()

    def cmd_open_saves(self, _target) -> None:
        element("saves-message").textContent = ""
        self.render_saves()
        element("saves").showModal()

    def cmd_load_save(self, target) -> None:
        key = target.closest("[data-save-key]").dataset.saveKey
        try:
            session = self.saves.load(str(key))
        except SaveError as e:
            element("saves-message").textContent = f"That save could not be loaded: {e}."
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
        link.download = f"waddle-{self.session.state.players}p-move{self.session.state.ply}.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        element("saves-message").textContent = "Exported as a .json file."

    # -- forms --------------------------------------------------------------------------

    def on_players_change(self, _event) -> None:
        players = int(element("ng-players").value)
        for row in document.querySelectorAll("#new-game .seat"):
            row.hidden = int(row.dataset.seat) >= players

    def on_new_game_submit(self, event) -> None:
        event.preventDefault()
        form = element("new-game-form")
        players = int(element("ng-players").value)
        names = [form.querySelector(f'[name="name{p}"]').value for p in range(players)]
        colours = [form.querySelector(f'[name="colour{p}"]').value for p in range(players)]
        seed = self._random_seed
        if form.querySelector('[name="map"]:checked').value == "seed":
            text = element("ng-seed").value.strip()
            if not text.isdigit() or len(text) > 12:
                error = element("ng-error")
                error.textContent = "A map seed is a whole number of up to 12 digits."
                error.hidden = False
                return
            seed = int(text)
        bots = [form.querySelector(f'[name="kind{p}"]').value or None for p in range(players)]
        if any(bots):
            load_bots()
        element("new-game").close()
        self.show_game(Session.new(players, seed, names, colours, bots), f"New game on map {seed}.")

    def on_save_as(self, event) -> None:
        event.preventDefault()
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
        element("saves").close()
        self.show_game(session, "Game imported.")

    # -- drawing ------------------------------------------------------------------------

    def show_game(self, session: Session, message: str | None = None) -> None:
        """Put another game on screen (leaving the tutorial, if it was on)."""
        self.tutorial = None
        self.session = session
        session.message = message
        self.render()
        self.problem(None)

    def problem(self, text: str | None) -> None:
        """Show ``text`` (None: no problem), and that the last autosave failed, if it did."""
        self._problem = text
        text = " ".join(t for t in (text, self._autosave_problem) if t)
        box = element("problem")
        box.textContent = text
        box.hidden = not text
        if self.embed:
            status = element("embed-status")
            status.textContent = text
            status.hidden = not text

    def render_saves(self) -> None:
        listing = self.saves.list()
        element("saves-list").innerHTML = saves_html(listing.entries, now_ms())
        problems = element("saves-problems")
        problems.textContent = " ".join(listing.problems)
        problems.hidden = not listing.problems

    def render(self) -> None:
        mark("waddle:render-start")
        try:
            self._render()
        finally:
            mark("waddle:render-end")

    def _render(self) -> None:
        session = self.session
        state = session.state
        show_legal = not self.readonly and (session.human_turn() or self.tutorial is not None)
        drawn = board_svg(state, session.seats, show_legal=show_legal)
        self.board.setAttribute("viewBox", drawn.view_box)
        self._view_box = drawn.view_box
        active = document.activeElement
        focused = None if ffi.is_none(active) else active.closest("[data-hex]")
        focused = None if ffi.is_none(focused) else str(focused.getAttribute("data-hex"))
        self.board.innerHTML = drawn.markup
        if focused is not None:  # the redraw replaced the focused hex: keep keyboard users' place
            again = self.board.querySelector(f'[data-hex="{focused}"][tabindex]')
            if ffi.is_none(again):
                self.focus_legal(0)
            else:
                again.focus()
        self._fit_board()
        self._render_side()
        self._render_tutorial()
        element("ai-controls").hidden = all(seat.bot is None for seat in session.seats)
        if self.embed:
            self._render_embed_bar()
        self._persist()
        self._schedule_ai()

    def _render_side(self) -> None:
        session = self.session
        state = session.state
        element("status").innerHTML = status_html(session)
        element("tracks").innerHTML = tracks_html(session)
        element("players").innerHTML = players_html(session)
        element("message").textContent = session.message or ""

        over = state.is_over()
        scout = document.querySelector('[data-action="scout"]')
        scout.removeAttribute("data-hint")  # a hint lasts until the next redraw
        reason = session.scout_blocked_reason()
        scout.disabled = reason is not None
        scout.title = reason or "Place no more this round, and go first in the next one."
        element("scout-reason").textContent = "" if over else (reason or "")
        for button in document.querySelectorAll("[data-token-choice]"):
            kind = button.dataset.tokenChoice
            button.setAttribute("aria-pressed", "true" if kind == session.token else "false")
            button.disabled = over or (kind == "double" and not session.doubles_available())
        double = document.querySelector('[data-token-choice="double"]')
        player = state.to_move()
        double.textContent = (
            "Double" if player is None else f"Double ({state.doubles_left[player]} left)"
        )
        for button in document.querySelectorAll('.controls [data-command="undo"]'):
            button.disabled = not session.can_undo()
        for button in document.querySelectorAll('.controls [data-command="redo"]'):
            button.disabled = not session.can_redo()
        element("move-list").innerHTML = move_list_html(session)
        scrubber = element("scrubber")
        scrubber.max = str(session.total_plies)
        scrubber.value = str(state.ply)
        scrubber.setAttribute("aria-valuetext", f"move {state.ply} of {session.total_plies}")

        result = element("result")
        if over:
            result.innerHTML = result_html(session)
            result.dataset.winners = ",".join(map(str, state.winners()))
            result.hidden = False
        else:
            result.hidden = True
            result.removeAttribute("data-winners")
            result.innerHTML = ""

    def _fit_board(self) -> None:
        """Zoom the board when its fitted hexes are too small for a finger (a 3-to-5-player
        map on a phone): drawn bigger in a frame that scrolls, centred on the active hex,
        around which every legal hex lies. The Zoom button switches between the two; by
        itself the board zooms while there is a move to make and fits at the end."""
        frame = element("board-frame")
        button = element("zoom")
        size = None
        if not frame.clientWidth:
            return  # not laid out yet (the page is still loading): the observer comes back
        if not self.embed and self._view_box:  # an embedded board always shows it all
            size = zoomed_size(self._view_box, frame.clientWidth, FINGER_HEX_PX, ZOOM_HEX_PX)
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
        # Scroll to the active hex when it moves (or on zooming), not on every redraw, so a
        # person who dragged the board to look around is not pulled back at each click.
        active = self.session.state.active_hex
        where = (id(self.session), active)
        if active is None or where == self._centred:
            return
        self._centred = where
        marker = self.board.querySelector('[data-active="true"]')
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
        idle = self.tutorial is not None or self.embed or self.ai_paused
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

        Afterwards ``html[data-ai-iterations]``, ``[data-ai-seconds]`` (thinking time, not
        counting the pauses between slices) and ``[data-ai-longest-slice-ms]`` describe
        this search, and the marks ``waddle:think-start``/``-end`` bracket it (for
        scripts/bench_ai_page.py).
        """
        mark("waddle:think-start")
        state = self.session.state
        bot = load_bots().make_bot(level, seed=state.ply + 1, seconds=seconds)
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
        self.session.message = "Hint: " + describe_hint(action)
        self.render()
        if action.hex is not None:
            hexes = self.board.querySelector(f'[data-hex="{action.hex[0]},{action.hex[1]}"]')
            if not ffi.is_none(hexes):
                hexes.setAttribute("data-hint", "true")
        else:
            document.querySelector('[data-action="scout"]').setAttribute("data-hint", "true")

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
        if self._shown_hash == self._kept_autosave_game:
            return  # a damaged autosave is kept until this game is changed
        self._kept_autosave_game = None
        try:
            self.saves.autosave(self.session, now_ms())
            failed = None
        except SaveError as e:
            failed = f"Autosave failed: {e}."
        if failed != self._autosave_problem:  # shown until an autosave succeeds again
            self._autosave_problem = failed
            self.problem(self._problem)

    def _write_hash(self) -> None:
        if self.embed:
            text = self.session.link_of(self.session.full_record())
            element("open-full").href = f"./#{text}"
        else:
            text = self.session.link()
        if text != self._shown_hash:
            self._shown_hash = text
            window.history.replaceState(None, "", "#" + text)


_bots = None


def load_bots():
    """The bots module, imported on first need: a game without computer seats never pays
    for it, and the import (a long task) happens on the click that asked for computers,
    not while one is thinking."""
    global _bots
    if _bots is None:
        from waddle.games.waddle import ai

        _bots = ai
    return _bots


def mark(name: str) -> None:
    """A performance mark (see scripts/bench_ai_page.py): a cheap call, kept in production."""
    window.performance.mark(name)


def describe_hint(action) -> str:
    if action.hex is None:
        return "scout ahead."
    what = "a double token" if action.double else "a penguin"
    return f"place {what} on {action.hex[0]},{action.hex[1]} (marked on the board)."


def _attr(text: str) -> str:
    """Escape for an HTML attribute value in double quotes."""
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
