"""The game chooser: shown on a first visit and by the Games button; a game opens at once
from it, and a game of another kind left unfinished can be resumed from it.

Runs only in the browser. The chooser's markup (``waddle.app.chrome.chooser_html``) is drawn
by the build into the page, so a first visit shows it, and can pick a game, before Python
starts (``web/loading.js`` keeps that pick in ``<html data-pick>``, which :meth:`App.start`
opens); here only the Resume buttons are filled in, so the chooser loads no game package.
"""

from pyscript import document, ffi, window

from waddle.app.chrome import chooser_html, computer_seats, resume_html, unfinished_html
from waddle.app.opening import KEPT
from waddle.app.page import Page
from waddle.app.saves import SHELF_PREFIX, TAB_PREFIX, SaveError
from waddle.app.session import Session
from waddle.games import GAMES
from web.dom import element, focus, new_seed, now_ms
from web.focus import focus_legal
from web.ports import Shell


class Chooser:
    WITHOUT_A_GAME = frozenset({"open_chooser", "resume_game", "resume_kept"})
    """Commands that work before any game is on the board."""

    def __init__(self, page: Page, shell: Shell, fill_your_games=lambda: None) -> None:
        self.page = page
        self.shell = shell
        self._fill_your_games = fill_your_games  # () -> None: "Your games" (web/remote.py)

    def open(self, first_visit: bool = False) -> None:
        session = self.page.session
        shelved = self.page.saves.shelved()
        if session is not None and self.page.remote is None and session.game.id in shelved:
            try:  # that one is on the board (a game of this kind kept for a link is not)
                if self.page.saves.load(shelved[session.game.id].key).link() == session.link():
                    shelved.pop(session.game.id)
            except SaveError:
                pass
        slots = document.querySelectorAll("[data-resume-slot]")
        if slots.length:
            for slot in slots:
                entry = GAMES.by_id(str(slot.getAttribute("data-resume-slot")))
                slot.innerHTML = resume_html(entry, shelved.get(entry.id))
        else:  # a page not made by the build (the chooser is drawn by it): draw it here
            element("chooser-list").innerHTML = chooser_html(GAMES, shelved=shelved)
        self._fill_your_games()
        self._fill_unfinished()
        element("chooser-back").hidden = session is None
        for button in document.querySelectorAll(".needs-game"):
            button.disabled = session is None
        element("chooser").hidden = False
        document.documentElement.dataset.screen = "chooser"
        if session is None:
            document.documentElement.removeAttribute("data-game")  # no game on the board
        if not first_visit:  # asked for (the Games button): the keyboard goes on from here
            first = document.querySelector("[data-game-choice]")
            if not ffi.is_none(first):
                focus(first)

    def _fill_unfinished(self) -> None:
        """Every other unfinished game kept on this device: left for a link, or another
        tab's (issue 38: no game is lost to a link or a second tab)."""
        page = self.page
        if page.embed:
            return
        session = page.session
        on_screen = [session.link()] if session is not None and page.remote is None else []
        own = [TAB_PREFIX + page.tab] if page.tab else []
        titles = {entry.id: entry.title for entry in GAMES}
        shown = session if on_screen else None
        offered = page.saves.unfinished(on_screen, own, shown)
        markup = unfinished_html(offered, now_ms(), titles)
        element("unfinished-list").innerHTML = markup
        element("unfinished").hidden = not markup

    def cmd_resume_kept(self, target) -> None:
        """Resume one of the unfinished games kept aside; the game on screen is kept."""
        self._resume(str(target.getAttribute("data-key")))

    def open_pick(self) -> bool:
        """Open the game picked on the chooser before Python had started, if any (what
        ``web/loading.js`` noted in ``<html data-pick>``, ``data-pick-versus``)."""
        root = document.documentElement
        picked = root.getAttribute("data-pick")
        versus = root.getAttribute("data-pick-versus") == "computer"
        root.removeAttribute("data-pick")
        root.removeAttribute("data-pick-versus")
        if ffi.is_none(picked) or str(picked) not in GAMES.ids:
            return False
        self.choose_game(str(picked), against_computer=versus)
        return True

    def close(self) -> None:
        """Leave the chooser for the game, which opens at the page's top: on a phone a game
        picked low on the chooser would otherwise open scrolled as far down (past its
        board and its prompt)."""
        chooser = element("chooser")
        if not chooser.hidden:
            window.scrollTo(0, 0)
        chooser.hidden = True
        document.documentElement.removeAttribute("data-screen")

    def cmd_open_chooser(self, _target) -> None:
        self.open()

    def cmd_close_chooser(self, _target) -> None:
        if self.page.session is not None:
            self.close()
            self.shell.render()

    def choose_game(self, game_id: str, against_computer: bool = False) -> None:
        """A click on ``[data-game-choice]``: a new game of it at once, for players at this
        device, or (``data-versus="computer"``) one person against the computer."""
        entry = GAMES.by_id(game_id)
        seed = new_seed()
        seats = computer_seats(entry) if against_computer else None
        self.shell.show_game(
            Session.new(entry.id, entry.default_players, seed, bots=seats),
            f"New game of {entry.title} on board {seed}.",
        )
        focus_legal(0)

    def cmd_resume_game(self, target) -> None:
        """The chooser's Resume: the game of that kind left for another one."""
        game_id = str(target.getAttribute("data-resume"))
        self._resume(SHELF_PREFIX + game_id)

    def _resume(self, key: str) -> None:
        """Resume the game kept at ``key``; the game on screen is kept in turn (issue 38)."""
        saves = self.page.saves
        text = saves.storage.get(key)
        try:
            session = saves.load(key)
            saves.delete(key)  # it is this tab's game now
            kept = self.page.remote is None and saves.keep_in_progress(session)
        except SaveError as e:
            if text is not None and saves.storage.get(key) is None:
                saves.storage.set(key, text)  # nothing lost
            self.shell.problem(f"That game could not be resumed: {e}.")
            return
        said = "Welcome back: the game is where you left it."
        self.shell.show_game(session, f"{said} {KEPT}" if kept else said)
