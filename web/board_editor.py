"""The board editor screen: any game with a board editor (``GAME.board_editor()``); the
board being edited, the game's tools, the live checks of ``check-map``, and a draft kept
in the browser (a board that cannot be played yet is kept too) until it is played, saved
among the saves or exported.

Runs only in the browser; the draft, its checks and its files are
``waddle.app.editor.BoardEditing`` (CPython tests).
"""

from html import escape

from pyscript import document, ffi, window

from waddle.app.chrome import whole_number
from waddle.app.editor import DRAFT_PREFIX, BoardEditing, board_game, has_editor
from waddle.app.page import Page
from waddle.app.saves import SaveError
from waddle.core.records import BoardError
from waddle.games import GAMES
from web.dom import Download, element, focus, new_seed, now_ms
from web.focus import focus_legal
from web.ports import Shell


class BoardEditor:
    WITHOUT_A_GAME = frozenset({"open_editor"})
    """Commands that work before any game is on the board."""

    def __init__(self, page: Page, shell: Shell) -> None:
        self.page = page
        self.shell = shell
        self.editing: BoardEditing | None = None
        self._editings: dict[str, BoardEditing] = {}  # one draft per game while the page lives
        self._download = Download()

    def bind(self, listen) -> None:
        editor = element("editor")
        listen(editor, "click", self.on_click)
        listen(editor, "change", self.on_change)
        # As typed too, so the board already shows a field's value when the field loses
        # the focus (and its change event draws nothing new).
        listen(editor, "input", self.on_change)
        listen(editor, "keydown", self.on_key)
        listen(element("editor-save-form"), "submit", self.on_save)
        listen(element("editor-import"), "change", self.on_import)
        listen(element("editor-game"), "change", self.on_game)

    def cmd_open_editor(self, target) -> None:
        """The chooser's and the New game dialog's Board editor: the editor screen, on the
        game on screen (or the first game with an editor)."""
        dialog = None if target is None else target.closest("dialog")
        if dialog is not None and not ffi.is_none(dialog):
            dialog.close()
        session = self.page.session
        game = session.game if session is not None else None
        if game is None or not has_editor(game):
            game = next(e.load() for e in GAMES if has_editor(e.load()))
        element("editor-game").innerHTML = "".join(
            f'<option value="{e.id}"{" selected" if e.id == game.id else ""}>'
            f"{escape(e.title)}</option>"
            for e in GAMES
            if has_editor(e.load())
        )
        self._edit_game(game)
        element("chooser").hidden = True
        document.documentElement.dataset.screen = "editor"
        window.scrollTo(0, 0)  # the editor opens at its top, wherever the chooser was
        first = document.querySelector("#editor-board [data-edit-hex]")
        if not ffi.is_none(first):
            focus(first)

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
        self.render()

    def _kept_draft(self, game_id: str) -> str | None:
        storage = self.page.storage
        return None if storage is None else storage.get(DRAFT_PREFIX + game_id)

    def _keep_draft(self) -> None:
        storage = self.page.storage
        if storage is None or self.editing is None:
            return
        try:
            storage.set(DRAFT_PREFIX + self.editing.game.id, self.editing.text())
        except Exception:  # a full storage: the board stays on screen, and can be exported
            self.editing.message = (
                (self.editing.message or "")
                + " (The browser's storage is full: export the board to keep it.)"
            ).strip()

    def render(self, focus_on: str | None = None, tools: bool = True) -> None:
        """Draw the board, its checks and the message; the tools too unless ``tools`` is
        False (a field was just edited: drawn again, the tools would take the focus from
        the next field)."""
        editing = self.editing
        board = editing.board()
        svg = element("editor-board")
        svg.setAttribute("viewBox", board.view_box)
        svg.dataset.board = editing.game.id
        # Drawn again only when it changed: a field's change event comes as the field
        # loses the focus, which is when a place of the board is pressed; a board drawn
        # anew under the pointer would swallow that click.
        drawn = str(hash(board.markup))
        if svg.getAttribute("data-drawn") != drawn:
            svg.innerHTML = board.markup
            svg.setAttribute("data-drawn", drawn)
        if tools:
            element("editor-tools").innerHTML = editing.tools_html()
        element("editor-help").textContent = editing.editor.help
        element("editor-checks").innerHTML = editing.checks_html()
        element("editor-message").textContent = editing.message or ""
        play = element("editor-play")
        playable = editing.check().playable
        play.disabled = not playable
        play.title = "" if playable else "Fix the errors first."
        session = self.page.session
        element("editor-from-game").disabled = session is None or session.game.id != editing.game.id
        if focus_on is not None:
            again = svg.querySelector(f'[data-edit-hex="{focus_on}"]')
            if not ffi.is_none(again):
                focus(again)

    def _edited(self, focus_on: str | None = None) -> None:
        self._keep_draft()
        self.render(focus_on)

    def on_click(self, event) -> None:
        target = event.target.closest("[data-edit-hex], [data-edit-tool], [data-editor-command]")
        if ffi.is_none(target) or target.hasAttribute("disabled"):
            return
        if target.hasAttribute("data-edit-hex"):
            place = str(target.getAttribute("data-edit-hex"))
            self.editing.on_hex(place)
            self._edited(place)
        elif target.hasAttribute("data-edit-tool"):
            self.editing.on_tool(str(target.getAttribute("data-edit-tool")))
            self.render()
        else:
            self._command(str(target.getAttribute("data-editor-command")))

    def on_change(self, event) -> None:
        field = event.target.closest("[data-edit-field]")
        if ffi.is_none(field):
            return
        self.editing.on_tool(str(field.getAttribute("data-edit-field")), str(field.value))
        # The board, the checks and the message show the edit at once (a rookery's new
        # name, a territory's value); the tools are not drawn again: that would take the
        # focus from the next field.
        self._keep_draft()
        self.render(tools=False)
        for tool in document.querySelectorAll("#editor-tools [data-edit-tool]"):
            chosen = tool.getAttribute("data-edit-tool") == self.editing.ui.tool
            tool.setAttribute("aria-pressed", "true" if chosen else "false")

    def on_key(self, event) -> None:
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
            focus(places[(here + step) % len(places)])

    def on_game(self, _event) -> None:
        self._edit_game(GAMES.by_id(str(element("editor-game").value)).load())

    def _players(self) -> int:
        return int(element("editor-players").value)

    def _command(self, name: str) -> None:
        editing = self.editing
        session = self.page.session
        if name == "empty":
            editing.start_from_empty()
        elif name == "generated":
            editing.start_from_generated(self._players(), new_seed())
        elif name == "from-game" and session is not None:
            editing.start_from_record(session.setup, "the game on screen")
        elif name == "undo":
            editing.undo()
        elif name == "export":
            self._download(editing.text(), f"{editing.game.id}-{editing.editor.noun}.json")
            editing.message = f"Exported the {editing.editor.noun} as a .json file."
        elif name == "play":
            self._play_on_draft()
            return
        elif name == "close":
            self._close()
            return
        self._edited()

    def _play_on_draft(self) -> None:
        editing = self.editing
        try:
            session = editing.start(self._players(), new_seed())
        except BoardError as e:
            editing.message = "This board cannot be played: " + "; ".join(e.problems)
            self.render()
            return
        self._close(render=False)
        self.shell.show_game(session, f"New game on the {editing.editor.noun} from the editor.")
        focus_legal(0)

    def _close(self, render: bool = True) -> None:
        document.documentElement.removeAttribute("data-screen")
        if self.page.session is None:
            self.shell.open_chooser()
        elif render:
            self.shell.render()

    def on_save(self, event) -> None:
        event.preventDefault()
        editing = self.editing
        name = str(element("editor-save-name").value).strip() or f"My {editing.editor.noun}"
        try:
            session = editing.start(self._players(), new_seed())
            self.page.saves.save_as(name, session, now_ms())
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
        self.render()

    async def on_import(self, event) -> None:
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
