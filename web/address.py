"""The address and the autosave: which game the page opens with, the share link kept in
``location.hash`` at every move, the autosave and the board kept for the next visit's
preview, and a link pasted into the address bar.

Runs only in the browser. What to open is decided by ``waddle.app.opening`` (plain Python,
tested on CPython): whatever the address holds, the game in progress survives.
"""

import json

from pyscript import window

from waddle.app.embed import EmbedOptions, embed_link
from waddle.app.opening import KEPT, LINK_NOT_OPENED, open_page
from waddle.app.page import Page
from waddle.app.saves import SaveError, StorageFullError
from waddle.app.session import Session
from waddle.core.game import SPECTATOR
from waddle.core.links import LinkError
from waddle.core.remote import is_remote_link
from web.dom import element, new_seed, now_ms
from web.ports import Shell

PREVIEW_KEY = "waddle:preview"
"""The board drawn at the last autosave, painted by web/loading.js while Python starts."""


class Address:
    """Keeps the address and the autosave in step with the game on screen."""

    def __init__(self, page: Page, shell: Shell, board_markup) -> None:
        self.page = page
        self.shell = shell
        self._board_markup = board_markup  # () -> (markup, viewBox) of the board as drawn
        self.shown_hash = ""
        self.autosave_problem: str | None = None  # why the last autosave failed
        self._kept_autosave_game: str | None = None  # see waddle.app.opening.Opening
        self.remote_pending: str | None = None  # a remote-play link in the first address
        if not page.embed:
            page.tab = tab_id()

    def opening(self, requested: str | None) -> tuple[Session | None, str | None]:
        """The first game on screen (see :func:`waddle.app.opening.open_page`)."""
        page = self.page
        text = window.location.hash.removeprefix("#")
        if is_remote_link(text) and not page.embed:
            # A game on several devices: opened once the crypto port is loaded
            # (web/remote.py); meanwhile the page opens as without a link.
            self.remote_pending = text
            text = ""
        opened = open_page(text, requested, page.saves, page.embed, new_seed)
        if opened.keep_autosave and opened.session is not None:
            self._kept_autosave_game = opened.session.link()  # until this game changes
        return opened.session, opened.problem

    def game_changed_by_player(self) -> None:
        """A game the player asked for is on screen: it may be saved over a kept autosave."""
        self._kept_autosave_game = None

    def persist(self) -> bool:
        """Keep the address and (full app) the autosave in step with the game; True if
        whether the autosave fails changed (the page's problem line then says it anew)."""
        page = self.page
        if page.tutorial is not None:
            return False  # the tutorial's scripted game is neither shared nor saved
        self._write_hash()
        if page.embed or page.remote is not None:
            return False  # a remote game is kept in its own entry (waddle.app.remote)
        if self._kept_autosave_game is not None:
            if self.shown_hash == self._kept_autosave_game:
                return False  # a damaged autosave is kept until this game is changed
            self._kept_autosave_game = None
        try:
            page.saves.autosave(page.session, now_ms(), page.tab)
            failed = None
        except SaveError as e:
            failed = f"Autosave failed: {e}."
        if failed is None:
            self._save_preview()
        if failed == self.autosave_problem:
            return False
        self.autosave_problem = failed  # shown until an autosave succeeds again
        return True

    def _save_preview(self) -> None:
        """Keep the board as drawn, for web/loading.js to paint on the next visit while
        Python starts. Never at the cost of a save: a full storage just skips it.

        The next visit may be anyone's: in a game with hidden hands the kept board is
        drawn again from what every seat may see (``SPECTATOR``), never from the view of
        the person at the screen, so no hand is left in storage in the clear."""
        page = self.page
        if page.storage is None or page.unshareable():
            return  # a card game on several devices keeps no board, not even face down
        markup, view_box = self._board_markup()
        if page.entry.hidden_information and page.viewer() != SPECTATOR:
            public = page.presenter.render(page.session.scene(SPECTATOR, False)).board
            markup, view_box = public.markup, public.view_box
        preview = {
            "hash": self.shown_hash,
            "game": page.entry.id,
            "title": page.entry.title,
            "viewBox": view_box,
            "markup": markup,
        }
        try:
            page.storage.set(PREVIEW_KEY, json.dumps(preview, separators=(",", ":")))
        except StorageFullError:
            page.storage.remove(PREVIEW_KEY)

    def _write_hash(self) -> None:
        session = self.page.session
        if self.page.embed:
            # Through a seat's eyes (&eyes=, else the study's), "Open in Waddle" opens the
            # game as that seat has seen it, also from an address written before such links
            # (&eyes over a link that holds every hand).
            text = embed_link(session, EmbedOptions(eyes=self.page.eyes))
            element("open-full").href = f"./#{text}"
        elif self.page.remote is not None:
            # The game's last link: a reload opens it again ("nothing changed").
            text = self.page.remote_link or self.page.remote.last_link
        else:
            text = session.link()
        if text != self.shown_hash:
            self.shown_hash = text
            window.history.replaceState(None, "", "#" + text)

    def on_hash_change(self, _event) -> None:
        """Someone pasted or edited a link: show that game (unless it is ours already)."""
        text = window.location.hash.removeprefix("#")
        if not text or text == self.shown_hash:
            return
        if is_remote_link(text) and not self.page.embed:
            self.shown_hash = text
            self.shell.open_remote_link(text)
            return
        try:
            session = Session.from_link(text)
        except LinkError as e:
            self.shell.problem(LINK_NOT_OPENED.format(reason=e))
            if self.page.session is not None:
                self.shown_hash = ""  # the address holds the bad link now: put ours back
                self._write_hash()
            return
        message = None
        if not self.page.embed and self.page.remote is None:
            try:  # the game in progress is kept, whatever its kind, unless this continues it
                message = KEPT if self.page.saves.keep_in_progress(session) else None
            except SaveError as e:
                message = f"The game you left could not be kept to resume: {e}."
        self.shell.show_game(session, message)


TAB_KEY = "waddle:tab"


def tab_id() -> str:
    """This tab's id, kept in its ``sessionStorage`` (a reload keeps it, another tab has
    its own): the key of the tab's own game (``waddle.app.saves.TAB_PREFIX``). "" where
    the browser denies the storage (then only the shared autosave is written)."""
    try:
        storage = window.sessionStorage
        tab = storage.getItem(TAB_KEY)
        if not tab:
            tab = f"{now_ms():x}{new_seed():x}"
            storage.setItem(TAB_KEY, tab)
        return str(tab)
    except Exception:
        return ""
