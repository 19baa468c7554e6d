"""The Saves dialog: named saves of every game, export and import of ``.json`` files.

Runs only in the browser; reading and writing saves is ``waddle.app.saves`` (CPython
tests, and a fuzz test of damaged saves): a file or save that cannot be read gets one
line here and changes nothing.
"""

from pyscript import ffi, window

from waddle.app.chrome import saves_html
from waddle.app.page import Page
from waddle.app.saves import SaveError, export_file, import_file
from waddle.games import GAMES
from web.dom import Download, element, now_ms, unreadable
from web.ports import Shell


class SavesDialog:
    WITHOUT_A_GAME = frozenset({"open_saves", "load_save", "delete_save"})
    """Commands that work before any game is on the board."""

    def __init__(self, page: Page, shell: Shell) -> None:
        self.page = page
        self.shell = shell
        self._download = Download()

    def bind(self, listen) -> None:
        listen(element("save-as-form"), "submit", self.on_save_as)
        listen(element("import-file"), "change", self.on_import)

    def _say(self, text: str) -> None:
        element("saves-message").textContent = text

    def cmd_open_saves(self, _target) -> None:
        self._say("")
        session = self.page.session
        element("saves-secret").hidden = not (session is not None and session.hidden_information)
        self.render()
        element("saves").showModal()

    def cmd_load_save(self, target) -> None:
        key = target.closest("[data-save-key]").dataset.saveKey
        try:
            session = self.page.saves.load(str(key))
        except SaveError as e:
            self._say(f"That save could not be loaded: {e}.")
            return
        except Exception as error:  # a bug in a reader: say so; the game on screen stays
            self._say(unreadable("That save could not be loaded", error))
            return
        element("saves").close()
        self.shell.show_game(session, "Save loaded.")

    def cmd_delete_save(self, target) -> None:
        row = target.closest("[data-save-key]")
        name = row.querySelector(".save-name").textContent
        if not window.confirm(f"Delete the save “{name}”?"):
            return
        self.page.saves.delete(str(row.dataset.saveKey))
        self._say(f"Deleted “{name}”.")
        self.render()

    def cmd_export(self, _target) -> None:
        session = self.page.session
        if session is None:
            return
        if self.page.unshareable():
            self._say(self.page.unshareable())
            return
        state = session.state
        self._download(
            export_file(session), f"{session.game.id}-{state.num_players}p-move{state.ply}.json"
        )
        self._say("Exported as a .json file.")

    def on_save_as(self, event) -> None:
        event.preventDefault()
        if self.page.session is None:
            self._say("Not saved: there is no game on the board.")
            return
        if self.page.unshareable():
            self._say(self.page.unshareable())
            return
        name = element("save-name").value
        try:
            self.page.saves.save_as(name, self.page.session, now_ms())
        except SaveError as e:
            self._say(f"Not saved: {e}.")
            return
        element("save-name").value = ""
        self._say("Saved.")
        self.render()

    async def on_import(self, event) -> None:
        files = event.target.files
        if ffi.is_none(files) or files.length == 0:
            return
        text = await files.item(0).text()
        event.target.value = ""
        try:
            session = import_file(str(text))
        except SaveError as e:
            self._say(f"Not imported: {e}.")
            return
        except Exception as error:  # a bug in a reader: say so; the game on screen stays
            self._say(unreadable("Not imported", error))
            return
        element("saves").close()
        self.shell.show_game(session, "Game imported.")

    def render(self) -> None:
        listing = self.page.saves.list()
        titles = {entry.id: entry.title for entry in GAMES}
        element("saves-list").innerHTML = saves_html(listing.entries, now_ms(), titles)
        problems = element("saves-problems")
        problems.textContent = " ".join(listing.problems)
        problems.hidden = not listing.problems
