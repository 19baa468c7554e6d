"""The teaching kit's part of the page: studies (caption under the board, the study panel,
marks by clicks), the board editor screen, the embed builder and the embedded view's
``postMessage`` interface. Runs only in the browser; everything with rules or markup in it
is in ``waddle.app`` (``studies``, ``editor``, ``embed``), which CPython tests cover.

:class:`Teaching` is created by ``web/app.py``'s ``App`` and reaches the game through it
(``app.session``); the App calls :meth:`Teaching.after_render` at the end of every redraw
and finds the ``data-command`` buttons of this file here (``cmd_*``). Like the App,
nothing here names a game.
"""

import asyncio
import json
from html import escape

from pyscript import document, ffi, window

from waddle.app.chrome import whole_number
from waddle.app.editor import DRAFT_PREFIX, BoardEditing, board_game, has_editor
from waddle.app.embed import (
    DEFAULT_SIZE,
    STEP,
    Ask,
    EmbedOptions,
    GoTo,
    clamp_size,
    embed_src,
    iframe_code,
    parse_command,
    step_event,
)
from waddle.app.saves import SaveError
from waddle.app.studies import StudyDesk
from waddle.core.records import BoardError
from waddle.games import GAMES
from waddle.ui.presenter import draws_marks

EMBED_PARAMS = ("ply", "readonly", "end", "theme")
PREVIEW_DELAY_SECONDS = 0.35
"""The preview's address follows the options after this pause, so typing a width or a
move number reloads the preview once, not at every key."""


def element(element_id: str):
    return document.getElementById(element_id)


def _js(data):
    return ffi.to_js(data, dict_converter=window.Object.fromEntries)


class Teaching:
    """Studies, the board editor and the embed builder, around the App's session."""

    WITHOUT_A_GAME = frozenset({"open_editor"})
    """Commands of this file that work with no game on the board."""

    def __init__(self, app, params) -> None:
        self.app = app
        given = {name: str(params.get(name)) for name in EMBED_PARAMS if params.has(name)}
        self.options = EmbedOptions.from_query(given) if app.embed else EmbedOptions()
        self.desk: StudyDesk | None = None  # the study panel, while it is open
        self.editing: BoardEditing | None = None
        self._editings: dict[str, BoardEditing] = {}  # one draft per game while the page lives
        self._posted = None  # (session id, step, steps) last told to the host page
        self._preview_task = None
        self._preview_src = ""
        self._sources: dict[str, object] = {}  # builder: save key -> its session
        self._download_url = None
        self._proxies = []
        if app.embed:
            if self.options.theme:
                document.documentElement.dataset.theme = self.options.theme
            if app.session is not None:
                self.options.apply(app.session)

    def bind(self) -> None:
        listen = self._listen
        # Capturing: a click that marks a hex never reaches the App's play handler.
        listen(element("board"), "click", self.on_board_click, capture=True)
        listen(element("board"), "keydown", self.on_board_key, capture=True)
        listen(window, "message", self.on_message)
        listen(window, "keydown", self.on_embed_key, capture=True)
        listen(element("embed-scrubber"), "input", self.on_embed_scrub)
        listen(element("study-title-input"), "input", self.on_study_title)
        listen(element("study-caption-input"), "input", self.on_study_caption)
        listen(element("study-marks-input"), "change", self.on_study_marks)
        listen(element("study-arrows-input"), "change", self.on_study_arrows)
        editor = element("editor")
        listen(editor, "click", self.on_editor_click)
        listen(editor, "change", self.on_editor_change)
        listen(editor, "keydown", self.on_editor_key)
        listen(element("editor-save-form"), "submit", self.on_editor_save)
        listen(element("editor-import"), "change", self.on_editor_import)
        listen(element("editor-game"), "change", self.on_editor_game)
        share = element("share")
        listen(share, "input", lambda _e: self.fill_builder())
        listen(share, "close", lambda _e: self._stop_preview())
        listen(element("embed-source"), "change", lambda _e: self.fill_builder(new_source=True))

    def _listen(self, target, event: str, handler, capture: bool = False) -> None:
        proxy = ffi.create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy, capture)

    @property
    def session(self):
        return self.app.session

    # -- after every redraw --------------------------------------------------------------

    def after_render(self, scene) -> None:
        """Marks over the board, the caption under it, the study panel, and (embedded)
        the scrubber and the step event for the host page."""
        session = self.session
        in_tutorial = self.app.tutorial is not None
        if self.desk is not None and self.desk.session is not session:
            self.desk = StudyDesk(session) if session.study is not None else None
        study = None if in_tutorial else session.study
        step = study.step(session.state.ply) if study is not None else None
        presenter = self.app.presenter
        if step is not None and (step.marks or step.arrows) and draws_marks(presenter):
            overlay = presenter.draw_marks(scene, step.marks, step.arrows)
            self.app.board.insertAdjacentHTML("beforeend", overlay)
        if self.desk is not None and self.desk.arrow_from is not None:
            start = self.app.board.querySelector(f'[data-hex="{self.desk.arrow_from}"]')
            if not ffi.is_none(start):
                start.setAttribute("data-arrow-from", "true")
        box = element("study-caption")
        box.hidden = study is None
        heading = element("study-heading")
        heading.textContent = study.title if study is not None else ""
        heading.hidden = not (study is not None and study.title)
        element("caption").textContent = step.caption if step is not None else ""
        if study is not None and study.title:
            element("embed-title").textContent = study.title
        document.documentElement.toggleAttribute("data-study", study is not None)
        self._render_panel()
        if self.app.embed:
            self._render_embed_extras()

    def _render_panel(self) -> None:
        panel = element("study-panel")
        desk = self.desk
        open_ = desk is not None and self.app.tutorial is None
        panel.hidden = not open_
        button = document.querySelector('.moves-panel [data-command="open-study"]')
        button.setAttribute("aria-pressed", "true" if open_ else "false")
        button.textContent = "Close the study panel" if open_ else "Write a study of this game"
        if not open_:
            return
        element("study-ply").textContent = str(desk.ply)
        study = desk.begin()
        self._set_value("study-title-input", study.title)
        self._set_value("study-caption-input", study.step(desk.ply).caption)
        self._set_value("study-marks-input", desk.marks_text())
        self._set_value("study-arrows-input", desk.arrows_text())
        for mode in panel.querySelectorAll('[data-command="study-mode"]'):
            mode.setAttribute("aria-pressed", "true" if mode.dataset.mode == desk.mode else "false")
        element("study-steps").innerHTML = desk.steps_html()

    @staticmethod
    def _set_value(element_id: str, value: str) -> None:
        """Fill a field, unless the person is typing in it (that would move their caret)."""
        field = element(element_id)
        if not field.matches(":focus") and str(field.value) != value:
            field.value = value

    def _render_embed_extras(self) -> None:
        session = self.session
        scrubber = element("embed-scrubber")
        scrubber.max = str(session.total_plies)
        scrubber.value = str(session.state.ply)
        scrubber.setAttribute(
            "aria-valuetext", f"move {session.state.ply} of {session.total_plies}"
        )
        told = (id(session), session.state.ply, session.total_plies)
        if told != self._posted:
            self._posted = told
            self._post_step()

    def _post_step(self) -> None:
        """Tell the host page which step is shown (targetOrigin "*": nothing in it is
        secret, the host page put the whole game into the frame's address itself)."""
        session = self.session
        study = session.study
        caption = study.step(session.state.ply).caption if study is not None else ""
        event = step_event(session.game.id, session.state.ply, session.total_plies, caption)
        window.parent.postMessage(_js(event), "*")

    # -- the embedded view: messages, keys, scrubber ----------------------------------------

    def on_message(self, event) -> None:
        """``postMessage`` from the host page (any origin): only the two commands of
        waddle.app.embed, which change nothing but the shown step."""
        try:
            text = window.JSON.stringify(event.data)
        except Exception:  # a message that cannot be written as JSON is none of ours
            return
        if ffi.is_none(text):
            return
        text = str(text)
        if not self.app.embed:
            self._preview_said(event, text)
            return
        if self.session is None:
            return
        command = parse_command(text)
        if isinstance(command, GoTo):
            self.app.guarded(self.session.go_to, command.step)
        elif isinstance(command, Ask):
            self._posted = None
            self._render_embed_extras()

    def on_embed_key(self, event) -> None:
        """Embedded: left and right step, Home and End go to the first and last step."""
        if not self.app.embed or self.session is None:
            return
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        tag = "" if ffi.is_none(target) else str(getattr(target, "tagName", "")).lower()
        if tag in ("input", "textarea", "select"):
            return
        ply, total = self.session.state.ply, self.session.total_plies
        goal = {"ArrowLeft": ply - 1, "ArrowRight": ply + 1, "Home": 0, "End": total}.get(
            str(event.key)
        )
        if goal is None:
            return
        event.preventDefault()
        event.stopPropagation()
        self.app.guarded(self.session.go_to, max(0, min(goal, total)))

    def on_embed_scrub(self, event) -> None:
        self.app.guarded(self.session.go_to, int(event.target.value))

    # -- writing a study ------------------------------------------------------------------

    def cmd_open_study(self, _target) -> None:
        """The button under the moves: open or close the study panel of the game on screen."""
        if self.app.tutorial is not None:
            return
        if self.desk is not None:
            self.desk = None
            self.app.render()
            return
        desk = StudyDesk(self.session)
        if not desk.available():
            self.session.message = "Studies are not available for this game yet."
            self.app.render()
            return
        desk.begin()
        self.desk = desk
        self.session.message = (
            "Study: step to a move, type its caption, choose Marks a hex or Draws an arrow "
            "and click the board."
        )
        self.app.render()
        element("study-caption-input").focus()

    def cmd_study_mode(self, target) -> None:
        if self.desk is not None:
            self.desk.set_mode(str(target.dataset.mode))
            self.app.render()

    def cmd_study_clear_step(self, _target) -> None:
        if self.desk is not None:
            self.desk.clear_step()
            self.app.render()

    def cmd_study_remove(self, _target) -> None:
        if self.desk is None or not window.confirm("Remove this study's captions and marks?"):
            return
        self.desk.remove()
        self.desk = None
        self.session.message = "The study was removed; the game stays."
        self.app.render()

    def on_study_title(self, event) -> None:
        if self.desk is not None:
            self.desk.set_title(str(event.target.value))
            self.app.render()

    def on_study_caption(self, event) -> None:
        if self.desk is not None:
            self.desk.set_caption(str(event.target.value))
            self.app.render()

    def on_study_marks(self, event) -> None:
        if self.desk is not None:
            self._study_problem(self.desk.set_marks_text(str(event.target.value)))
            self.app.render()

    def on_study_arrows(self, event) -> None:
        if self.desk is not None:
            self._study_problem(self.desk.set_arrows_text(str(event.target.value)))
            self.app.render()

    def _study_problem(self, text: str | None) -> None:
        box = element("study-problem")
        box.textContent = text or ""
        box.hidden = not text

    def on_board_click(self, event) -> None:
        """While marks or arrows are being drawn, a click on a place marks it."""
        place = self._marking_place(event)
        if place is None:
            return
        event.stopPropagation()
        event.preventDefault()
        self.app.guarded(self.desk.click, place)

    def on_board_key(self, event) -> None:
        if str(event.key) not in ("Enter", " "):
            return
        place = self._marking_place(event)
        if place is None:
            return
        event.stopPropagation()
        event.preventDefault()
        self.app.guarded(self.desk.click, place)

    def _marking_place(self, event) -> str | None:
        if self.app.embed or self.desk is None or self.desk.mode == "play":
            return None
        found = event.target.closest("[data-hex]")
        return None if ffi.is_none(found) else str(found.getAttribute("data-hex"))

    # -- the embed builder ----------------------------------------------------------------

    def open_builder(self) -> None:
        """Fill the Embed dialog's choices for the game on screen (the App shows it)."""
        listing = self.app.saves.list().entries if not self.app.embed else []
        options = ['<option value="">The game on the board</option>']
        for entry in listing:
            if entry.study is not None:
                label = f"Study: {entry.study or entry.name}"
            else:
                label = f"Saved game: {entry.name}"
            options.append(f'<option value="{_attr(entry.key)}">{_text(label)}</option>')
        element("embed-source").innerHTML = "".join(options)
        self._sources = {}
        self.fill_builder(new_source=True)

    def _source(self):
        key = str(element("embed-source").value)
        if not key:
            return self.session
        if key not in self._sources:
            try:
                self._sources[key] = self.app.saves.load(key)
            except SaveError:
                return self.session
        return self._sources[key]

    def fill_builder(self, new_source: bool = False) -> None:
        """The code and the preview for the options now chosen in the Embed dialog."""
        source = self._source()
        if source is None:
            return
        study = source.study
        stop = element("embed-stop")
        last = study.last_annotated if study is not None else None
        stop.disabled = last is None
        if last is None:
            stop.checked = False
        end = last if stop.checked and last is not None else None
        step_field = element("embed-step")
        if new_source:
            step_field.value = str(source.state.ply)
        steps = end if end is not None else source.total_plies
        step_field.max = str(steps)
        typed = whole_number(str(step_field.value), 6)
        ply = min(typed, steps) if typed is not None else source.state.ply
        theme = str(element("embed-theme").value) or None
        options = EmbedOptions(ply, bool(element("embed-readonly").checked), end, theme)
        base = str(window.location.href).split("#")[0].split("?")[0]
        src = embed_src(base, source.link_of(source.full_record()), options)
        width = clamp_size(str(element("embed-width").value), DEFAULT_SIZE[0])
        height = clamp_size(str(element("embed-height").value), DEFAULT_SIZE[1])
        entry = GAMES.by_id(source.game.id)
        title = study.title if study is not None and study.title else f"{entry.title} game"
        element("share-link").value = str(window.location.href)
        element("embed-code").value = iframe_code(src, title, width, height)
        if source.hidden_information and not source.line_over:
            # The embedded view shows every hand: not on this screen while the game is on.
            self._stop_preview()
            element(
                "embed-preview-state"
            ).textContent = "(no preview while the game is on: the embedded view shows every hand)"
            return
        preview = self._preview()
        preview.width = str(width)
        preview.height = str(height)
        if src != self._preview_src:
            self._preview_src = src
            element("embed-preview-state").textContent = "(loading…)"
            if self._preview_task is not None and not self._preview_task.done():
                self._preview_task.cancel()
            self._preview_task = asyncio.ensure_future(self._show_preview(src))

    async def _show_preview(self, src: str) -> None:
        await asyncio.sleep(PREVIEW_DELAY_SECONDS)
        preview = self._preview()
        # Through a blank page: an address that differs only after "#" would not load the
        # frame again, and the preview must start exactly as the code's frame does.
        preview.src = "about:blank"
        await asyncio.sleep(0.05)
        preview.src = src
        preview.dataset.src = src  # the address it was given, as the code has it

    @staticmethod
    def _preview():
        """The preview frame, made when the dialog needs it (the page holds no frame
        otherwise)."""
        preview = element("embed-preview")
        if ffi.is_none(preview):
            preview = document.createElement("iframe")
            preview.id = "embed-preview"
            preview.title = "Preview of the embedded board"
            element("embed-preview-slot").appendChild(preview)
        return preview

    def _stop_preview(self) -> None:
        """The dialog closed: the preview goes, and its Python with it."""
        if self._preview_task is not None and not self._preview_task.done():
            self._preview_task.cancel()
        self._preview_src = ""
        preview = element("embed-preview")
        if not ffi.is_none(preview):
            preview.remove()
        element("embed-preview-state").textContent = ""

    def _preview_said(self, event, text: str) -> None:
        """The preview (our own origin) tells the dialog which step it shows."""
        if str(event.origin) != str(window.location.origin):
            return
        try:
            data = json.loads(text)
        except ValueError:
            return
        if type(data) is dict and data.get("type") == STEP:
            step, steps = data.get("step"), data.get("steps")
            if type(step) is int and type(steps) is int:
                element("embed-preview-state").textContent = f"(move {step} of {steps})"

    # -- the board editor -----------------------------------------------------------------

    def cmd_open_editor(self, target) -> None:
        """The chooser's and the New game dialog's Board editor: the editor screen, on the
        game on screen (or the first game with an editor)."""
        dialog = None if target is None else target.closest("dialog")
        if dialog is not None and not ffi.is_none(dialog):
            dialog.close()
        session = self.session
        game = session.game if session is not None else None
        if game is None or not has_editor(game):
            game = next(e.load() for e in GAMES if has_editor(e.load()))
        element("editor-game").innerHTML = "".join(
            f'<option value="{e.id}"{" selected" if e.id == game.id else ""}>'
            f"{_text(e.title)}</option>"
            for e in GAMES
            if has_editor(e.load())
        )
        self._edit_game(game)
        element("chooser").hidden = True
        document.documentElement.dataset.screen = "editor"
        first = document.querySelector("#editor-board [data-edit-hex]")
        if not ffi.is_none(first):
            first.focus()

    def _edit_game(self, game) -> None:
        editing = self._editings.get(game.id)
        if editing is None:
            editing = BoardEditing(game)
            kept = self._kept_draft(game.id)
            if kept is not None:
                try:
                    editing.load_text(kept, "the board kept from last time")
                    editing.undo_texts.clear()
                    editing.message = "The board you edited last time, as you left it."
                except BoardError:
                    pass
            self._editings[game.id] = editing
        self.editing = editing
        entry = GAMES.by_id(game.id)
        low, high = entry.players
        players = element("editor-players")
        chosen = str(players.value) if str(players.value) else str(entry.default_players)
        if not low <= (whole_number(chosen, 2) or 0) <= high:
            chosen = str(entry.default_players)
        players.innerHTML = "".join(
            f'<option value="{n}"{" selected" if str(n) == chosen else ""}>{n}</option>'
            for n in range(low, high + 1)
        )
        element("editor-title").textContent = f"Board editor · {entry.title}"
        self.render_editor()

    def _kept_draft(self, game_id: str) -> str | None:
        storage = self.app.storage
        return None if storage is None else storage.get(DRAFT_PREFIX + game_id)

    def _keep_draft(self) -> None:
        storage = self.app.storage
        if storage is None or self.editing is None:
            return
        try:
            storage.set(DRAFT_PREFIX + self.editing.game.id, self.editing.text())
        except Exception:  # a full storage: the board stays on screen, and can be exported
            self.editing.message = (
                (self.editing.message or "")
                + " (The browser's storage is full: export the board to keep it.)"
            ).strip()

    def render_editor(self, focus: str | None = None) -> None:
        editing = self.editing
        board = editing.board()
        svg = element("editor-board")
        svg.setAttribute("viewBox", board.view_box)
        svg.dataset.board = editing.game.id
        svg.innerHTML = board.markup
        element("editor-tools").innerHTML = editing.tools_html()
        element("editor-help").textContent = editing.editor.help
        element("editor-checks").innerHTML = editing.checks_html()
        element("editor-message").textContent = editing.message or ""
        play = element("editor-play")
        playable = editing.check().playable
        play.disabled = not playable
        play.title = "" if playable else "Fix the errors first."
        element("editor-from-game").disabled = (
            self.session is None or self.session.game.id != editing.game.id
        )
        if focus is not None:
            again = svg.querySelector(f'[data-edit-hex="{focus}"]')
            if not ffi.is_none(again):
                again.focus()

    def _edited(self, focus: str | None = None) -> None:
        self._keep_draft()
        self.render_editor(focus)

    def on_editor_click(self, event) -> None:
        target = event.target.closest("[data-edit-hex], [data-edit-tool], [data-editor-command]")
        if ffi.is_none(target) or target.hasAttribute("disabled"):
            return
        if target.hasAttribute("data-edit-hex"):
            place = str(target.getAttribute("data-edit-hex"))
            self.editing.on_hex(place)
            self._edited(place)
        elif target.hasAttribute("data-edit-tool"):
            self.editing.on_tool(str(target.getAttribute("data-edit-tool")))
            self.render_editor()
        else:
            self._editor_command(str(target.getAttribute("data-editor-command")))

    def on_editor_change(self, event) -> None:
        field = event.target.closest("[data-edit-field]")
        if ffi.is_none(field):
            return
        self.editing.on_tool(str(field.getAttribute("data-edit-field")), str(field.value))
        # The tools are not drawn again: that would take the focus from the next field.
        for tool in document.querySelectorAll("#editor-tools [data-edit-tool]"):
            chosen = tool.getAttribute("data-edit-tool") == self.editing.ui.tool
            tool.setAttribute("aria-pressed", "true" if chosen else "false")

    def on_editor_key(self, event) -> None:
        """Keys on the editor are the editor's: the game's letter keys must not act on the
        game behind it. Enter or Space on a place edits it; arrows go from place to place."""
        event.stopPropagation()
        target = event.target
        if ffi.is_none(target) or not hasattr(target, "closest"):
            return
        place = target.closest("[data-edit-hex]")
        if ffi.is_none(place):
            return
        key = str(event.key)
        if key in ("Enter", " "):
            event.preventDefault()
            name = str(place.getAttribute("data-edit-hex"))
            self.editing.on_hex(name)
            self._edited(name)
        elif key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
            event.preventDefault()
            places = list(document.querySelectorAll("#editor-board [data-edit-hex]"))
            keys = [str(p.getAttribute("data-edit-hex")) for p in places]
            here = keys.index(str(place.getAttribute("data-edit-hex")))
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            places[(here + step) % len(places)].focus()

    def on_editor_game(self, _event) -> None:
        self._edit_game(GAMES.by_id(str(element("editor-game").value)).load())

    def _players(self) -> int:
        return int(element("editor-players").value)

    def _editor_command(self, name: str) -> None:
        editing = self.editing
        if name == "empty":
            editing.start_from_empty()
        elif name == "generated":
            seed = self.app_seed()
            editing.start_from_generated(self._players(), seed)
        elif name == "from-game" and self.session is not None:
            editing.start_from_record(self.session.setup, "the game on screen")
        elif name == "undo":
            editing.undo()
        elif name == "export":
            self._download(editing.text(), f"{editing.game.id}-{editing.editor.noun}.json")
            editing.message = f"Exported the {editing.editor.noun} as a .json file."
        elif name == "play":
            self._play_on_draft()
            return
        elif name == "close":
            self._close_editor()
            return
        self._edited()

    def app_seed(self) -> int:
        from web.app import new_seed  # the App's seeds: short enough to read out

        return new_seed()

    def _play_on_draft(self) -> None:
        editing = self.editing
        try:
            session = editing.start(self._players(), self.app_seed())
        except BoardError as e:
            editing.message = "This board cannot be played: " + "; ".join(e.problems)
            self.render_editor()
            return
        self._close_editor(render=False)
        self.app.show_game(session, f"New game on the {editing.editor.noun} from the editor.")
        self.app.focus_legal(0)

    def _close_editor(self, render: bool = True) -> None:
        document.documentElement.removeAttribute("data-screen")
        if self.session is None:
            self.app.open_chooser()
        elif render:
            self.app.render()

    def on_editor_save(self, event) -> None:
        event.preventDefault()
        editing = self.editing
        name = str(element("editor-save-name").value).strip() or f"My {editing.editor.noun}"
        try:
            session = editing.start(self._players(), self.app_seed())
            self.app.saves.save_as(name, session, int(window.Date.now()))
        except BoardError as e:
            editing.message = (
                f"Not saved as a game: this {editing.editor.noun} cannot be played yet ("
                + "; ".join(e.problems)
                + "). It stays here, and Export keeps it as a file."
            )
        except SaveError as e:
            editing.message = f"Not saved: {e}."
        else:
            editing.message = f"Saved as “{name}”: it is in Saves, a game on this board."
            element("editor-save-name").value = ""
        self.render_editor()

    async def on_editor_import(self, event) -> None:
        files = event.target.files
        if ffi.is_none(files) or files.length == 0:
            return
        chosen = files.item(0)
        name, text = str(chosen.name), str(await chosen.text())
        event.target.value = ""
        game_id = board_game(text, self.editing.game.id)
        if game_id != self.editing.game.id:
            element("editor-game").value = game_id
            self._edit_game(GAMES.by_id(game_id).load())
        try:
            self.editing.load_text(text, name)
        except BoardError as e:
            self.editing.message = f"Not imported: {name} holds no board ({'; '.join(e.problems)})."
        self._edited()

    def _download(self, text: str, filename: str) -> None:
        options = _js({"type": "application/json"})
        blob = window.Blob.new(ffi.to_js([text]), options)
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = filename
        document.body.appendChild(link)
        link.click()
        link.remove()
        # The previous file's URL is released now (as the App does for its exports).
        if self._download_url is not None:
            window.URL.revokeObjectURL(self._download_url)
        self._download_url = url


def _attr(text: str) -> str:
    return escape(text, quote=True)


def _text(text: str) -> str:
    return escape(text)
