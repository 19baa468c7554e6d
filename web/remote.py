"""Remote play in the page (issue 39): opening a ``#r1.`` link (by the address, or pasted
into the chooser's "Open a link"), joining, the panel beside a remote game (whose turn, send
your move by Share / Copy link / QR code, Undo before sending, send again), a card game's
long links in parts or as a file, and the chooser's "Your games". The dialog that starts a
game and its invitation ("Play on several devices") is ``web/remote_new.py``.

Runs only in the browser. What it says and draws is ``waddle.app.remote_page``; the games
and the catch-up rule are ``waddle.app.remote`` (docs/remote-play.md). The crypto port is
loaded (``await crypto.ready()``) on the first remote call: a page that never plays
remotely never loads libsodium.
"""

import asyncio
import traceback
from dataclasses import replace

from pyscript import document, ffi, window

from waddle.app.page import Page
from waddle.app.remote import STORE_PREFIX, RemoteGames, session_of
from waddle.app.remote_cards import RemoteCardGame
from waddle.app.remote_game import RemoteError
from waddle.app.remote_page import (
    decisions_count,
    finished_here,
    join_html,
    join_title,
    link_address,
    link_in,
    new_move_marks,
    outcome_of,
    panel_of,
    parts_html,
    your_games_html,
)
from waddle.core import crypto
from waddle.core.link_parts import link_file
from waddle.core.remote import is_remote_link
from waddle.ui.presenter import draws_marks
from web.dom import Download, element, focus, now_ms, to_js
from web.focus import focus_legal
from web.ports import Shell


class RemotePlay:
    WITHOUT_A_GAME = frozenset(
        {
            "remote_open_game",
            "remote_send_again",
            "remote_join",
            "remote_not_now",
            "remote_copy_part",
            "remote_share_part",
            "remote_file",
        }
    )
    """Commands that work on the chooser, before any game is on the board."""

    def __init__(self, page: Page, shell: Shell) -> None:
        self.page = page
        self.shell = shell
        self.games: RemoteGames | None = None
        self._tasks: set = set()  # the tasks under way (kept from the GC)
        self._invitation = None  # the invitation the joining screen shows
        self._made_for: tuple | None = None  # (game, decisions) the link field shows
        self._marks: tuple | None = None  # (game, decisions, (marks, arrows)): new moves
        self._parts: list[str] = []  # the parts of the long link on screen (addresses)
        self._download = Download()
        self._card_base: tuple | None = None  # (game id, plies) of the card session shown
        self._fresh_join: str | None = None  # a card game joined here, its link not sent yet

    def bind(self, listen) -> None:
        listen(element("open-link-form"), "submit", self.on_open_link)
        listen(element("remote-join-form"), "submit", self.on_join)
        listen(element("open-link-file"), "change", self.on_open_file)

    # -- plumbing -----------------------------------------------------------------------

    def _spawn(self, coroutine) -> None:
        task = asyncio.ensure_future(self._guard(coroutine))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _guard(self, coroutine) -> None:
        try:
            await coroutine
        except RemoteError as e:
            if self.page.session is not None:
                self.shell.render()  # the address back to the game on screen
            self.shell.problem(str(e))
            if not element("chooser").hidden:  # said where the person is looking
                said = element("open-link-problem")
                said.textContent = str(e)
                said.hidden = False
        except Exception as error:  # a bug: say so, keep the page alive
            window.console.error("".join(traceback.format_exception(error)))
            self.shell.problem(f"Something went wrong ({type(error).__name__}: {error}).")

    async def ready(self) -> RemoteGames:
        if self.games is None:
            if self.page.storage is None:
                raise RemoteError("Games on several devices need this site's storage.")
            await crypto.ready()
            self.games = RemoteGames(self.page.storage)
        return self.games

    @property
    def game(self):
        return self.page.remote

    def my_name(self) -> str:
        """The name this device's person gave last (asked again when starting or joining)."""
        storage = self.page.storage
        return (storage.get("waddle:remote-name") if storage else None) or ""

    # -- showing a remote game -------------------------------------------------------------

    def show(
        self, game, message: str | None = None, mark_from: int | None = None, link: str = ""
    ) -> None:
        """Put ``game`` on screen (a different game on screen is kept, never replaced);
        ``link``: the link that brought it (the address shows it)."""
        if isinstance(game, RemoteCardGame) and game.world is None and game.status != "lobby":
            game.rebuild()
        if isinstance(game, RemoteCardGame) and game.status == "lobby":
            self._show_lobby(game, message, link)
            return
        session = session_of(game)
        self.page.remote_link = link
        if finished_here(game):
            # A finished game is an ordinary finished game: record, review, saves, studies.
            said = (message or "") + " " + FINISHED
            if isinstance(game, RemoteCardGame):
                said = f"{game.waiting_for()} {said}"
            self.shell.show_game(session, said.strip())
            return
        self._card_base = (game.game_id, len(session.state.history))
        self.shell.show_game(session, message, game)
        if mark_from is not None:
            record = session.full_record()
            marks = new_move_marks(session.game, record, mark_from)
            self._marks = (game.game_id, decisions_count(game), marks)
            self.shell.render()

    def _show_lobby(self, game, message: str | None, link: str) -> None:
        """A card game waiting for its players: no deal yet, so nothing of a board to draw
        (the panel says who is missing); a blank game of its kind stands behind the
        panel, never shared or saved (``shareable`` False) and hidden from view."""
        from waddle.app.session import Session

        session = Session.new(game.game.id, len(game.table.seats), seed=0)
        session.shareable = False
        self.page.remote_link = link
        self._card_base = None
        self.shell.show_game(session, message, game)

    def _sync_cards(self, game, session) -> None:
        """A card game's decisions made on the board: played into the remote game, then
        the board drawn again from it (a decision may turn up a card of the deal)."""
        if self._card_base is None or self._card_base[0] != game.game_id:
            return
        base = self._card_base[1]
        line = session.state.history + session.future[::-1]
        if len(line) <= base:
            return
        try:
            for action in line[base:]:
                game.play(action, now_ms())
            self.games.save(game)
            message = session.message
        except RemoteError as e:
            message = str(e)
        fresh = session_of(game)
        self._card_base = (game.game_id, len(fresh.state.history))
        self.page.session = fresh
        fresh.message = message

    def sync(self) -> None:
        """Before a redraw: the moves played on the board since (the person's, a computer's
        on the host's device) are this device's decisions in the remote game."""
        game, session = self.game, self.page.session
        if game is None or session is None or self.page.writing:
            return  # a study's moves are never this device's decisions
        if isinstance(game, RemoteCardGame):
            self._sync_cards(game, session)
            return
        line = session.state.history + session.future[::-1]
        known = game.actions
        if len(line) <= len(known):
            return
        same = all(a.to_json() == b.to_json() for a, b in zip(line, known, strict=False))
        try:
            if not same:
                raise RemoteError("That move does not follow this game on the other devices.")
            for action in line[len(known) :]:
                game.play(action, now_ms())
            self.games.save(game)
        except RemoteError as e:
            # Put the board back as the remote game has it: nothing sent is lost.
            fresh = session_of(game)
            self.page.session = fresh
            fresh.message = str(e)

    def after_render(self, scene) -> None:
        """The panel beside a remote game: whose turn, send, undo, send again; the moves a
        link brought marked on the board (until the next move)."""
        game = self.game
        self._draw_marks(scene)
        box = element("remote-panel")
        root = document.documentElement
        if game is None:
            box.hidden = True
            root.removeAttribute("data-remote-game")
            root.removeAttribute("data-remote-cards")
            return
        root.dataset.remoteGame = game.game_id
        panel = panel_of(game)
        if self._fresh_join == game.game_id and panel.kind != "send":
            # Just joined a card game: the join link (the seat and the first shuffle)
            # goes to the others before anything else happens.
            panel = replace(
                panel,
                heading="Send your link",
                text="You have a seat: send this link to the others, so the deal can go on. "
                + game.waiting_for(),
                send="Send your link",
                urgent=True,
                kind="send",
            )
        box.hidden = False
        box.dataset.urgent = "true" if panel.urgent else "false"
        box.dataset.state = game.status
        box.dataset.kind = panel.kind
        box.dataset.moves = str(decisions_count(game))
        card = isinstance(game, RemoteCardGame)
        root.dataset.remoteCards = (
            "" if not card else "waiting" if game.status == "lobby" else game.status
        )
        element("remote-heading").textContent = panel.heading
        element("remote-text").textContent = panel.text
        element("remote-send").hidden = not panel.send
        element("remote-send-label").textContent = panel.send
        element("remote-undo").hidden = not panel.undo
        share = element("remote-share")
        share.hidden = ffi.is_none(getattr(window.navigator, "share", None))
        # A card game's link stays on show while nothing changed since it was made (its
        # parts are sent one by one, perhaps while it is this device's turn again).
        if self._made_for != self._made_key(game) or not (panel.send or card):
            # The link and QR code shown are of the position they were made at only.
            element("remote-link").hidden = True
            element("remote-qr").hidden = True
            element("remote-parts").hidden = True
            self._parts = []

    def _draw_marks(self, scene) -> None:
        game, session = self.game, self.page.session
        if game is None or self._marks is None or not draws_marks(self.page.presenter):
            return
        game_id, upto, (marks, arrows) = self._marks
        if (game_id, upto) != (game.game_id, decisions_count(game)):
            self._marks = None  # a move since: the marks are old news
            return
        if session.state.ply == upto and (marks or arrows) and session.study is None:
            overlay = self.page.presenter.draw_marks(scene, marks, arrows)
            element("board").insertAdjacentHTML("beforeend", overlay)

    # -- sending ------------------------------------------------------------------------

    @staticmethod
    def _made_key(game) -> tuple:
        if isinstance(game, RemoteCardGame):
            return (game.game_id, len(game.entries), len(game.releases), game.status)
        return (game.game_id, decisions_count(game), game.status)

    def _link(self) -> str:
        game = self.game
        link = game.send()  # signs this device's decisions: no undo after this
        self.games.save(game)
        self._fresh_join = None
        self.page.remote_link = link
        base = str(window.location.href)
        address = link_address(base, link)
        field = element("remote-link")
        field.value = address
        field.hidden = False
        self._made_for = self._made_key(game)
        self._show_parts(game, base)
        return address

    def _show_parts(self, game, base: str) -> None:
        """A link too long for messengers: its parts (each a link) and a file, offered
        with the line that says why."""
        box = element("remote-parts")
        line = game.long_link_line() if isinstance(game, RemoteCardGame) else None
        if line is None:
            box.hidden = True
            self._parts = []
            return
        self._parts = [link_address(base, part) for part in game.link_parts()]
        share = not ffi.is_none(getattr(window.navigator, "share", None))
        box.innerHTML = parts_html(line, self._parts, share)
        box.hidden = False

    def _part(self, target) -> str | None:
        n = int(target.getAttribute("data-part"))
        return self._parts[n] if 0 <= n < len(self._parts) else None

    def cmd_remote_copy_part(self, target) -> None:
        address = self._part(target)
        if address is not None:
            n = int(target.getAttribute("data-part"))
            self._spawn(self._copy_part(address, n))

    async def _copy_part(self, address: str, n: int) -> None:
        count = len(self._parts)
        try:
            await window.navigator.clipboard.writeText(address)
            said = f"Part {n + 1} of {count} copied: paste it into your chat, then the others."
        except Exception:
            said = "The browser did not let the page copy: press and hold a part to copy it."
        self._say(said)

    def cmd_remote_share_part(self, target) -> None:
        address = self._part(target)
        if address is None:
            return
        n = int(target.getAttribute("data-part"))
        count = len(self._parts)
        text = f"Part {n + 1} of {count} of my link in our game:"
        data = to_js({"title": "Waddle", "text": text, "url": address})
        self._spawn(self._share_part(data, n, count))

    async def _share_part(self, data, n: int, count: int) -> None:
        try:
            await window.navigator.share(data)
            said = f"Part {n + 1} of {count} sent."
        except Exception:
            said = "Not shared: copy the parts instead."
        self._say(said)

    def cmd_remote_file(self, _target) -> None:
        game = self.game
        if game is None or not game.last_link:
            return
        name, text = link_file(game.last_link, game.game.title, game.game_id)
        self._download(text, name)
        self._say(f"Saved as {name}: send the file in your chat; they open it with Open a file.")

    def _say(self, said: str) -> None:
        if self.page.session is not None:
            self.page.session.message = said
            self.shell.render()

    def _after_send(self, said: str) -> None:
        game = self.game
        session = self.page.session
        if finished_here(game):
            self.page.remote = None
            if isinstance(game, RemoteCardGame):
                said = f"{game.waiting_for()} {said}"
            self.shell.show_game(session_of(game), said + " " + FINISHED)
            return
        session.message = said
        self.shell.render()

    def cmd_remote_share(self, _target) -> None:
        address = self._link()
        data = to_js({"title": "Waddle", "text": "Your turn in our game:", "url": address})
        self._spawn(self._share(data))

    async def _share(self, data) -> None:
        try:
            await window.navigator.share(data)
            said = "Sent."
        except Exception:  # cancelled, or not allowed: the link is in the field to copy
            said = "Not shared: copy the link below instead."
        self._after_send(said)

    def cmd_remote_copy(self, _target) -> None:
        address = self._link()
        self._spawn(self._copy(address))

    async def _copy(self, address: str) -> None:
        try:
            await window.navigator.clipboard.writeText(address)
            said = "Link copied: paste it into your chat with the other players."
        except Exception:
            said = "The browser did not let the page copy: copy the link below by hand."
        self._after_send(said)

    def cmd_remote_qr(self, _target) -> None:
        from waddle.app.qr import link_qr_svg  # only for those who ask

        address = self._link()
        box = element("remote-qr")
        box.innerHTML = link_qr_svg(address)
        box.hidden = False
        self._after_send("Show this code to the phone beside you: its camera opens the link.")

    def cmd_remote_undo(self, _target) -> None:
        game = self.game
        if game is None:
            return
        refusal = game.undo_refusal() if isinstance(game, RemoteCardGame) else None
        if not game.undo():
            self.page.session.message = (
                refusal or "Your move is sent: it cannot be taken back any more."
            )
        else:
            self.games.save(game)
            self.page.session = session_of(game)
            self.page.session.message = "Move taken back: play again."
        self.shell.render()
        focus_legal(0)

    # -- receiving ------------------------------------------------------------------------

    def open_link(self, text: str, reload: bool = False) -> None:
        """A ``r1.`` link from the address or pasted: that game comes on screen
        (``reload``: the address the page started with, perhaps its own)."""
        self._spawn(self._counted(self._open(text, reload)))

    async def _counted(self, coroutine) -> None:
        """``html[data-remote-opened]`` counts the links opened, refused or not (a hook)."""
        try:
            await self._guard(coroutine)
        finally:
            root = document.documentElement
            count = root.getAttribute("data-remote-opened")
            count = 0 if ffi.is_none(count) else int(count)
            root.setAttribute("data-remote-opened", str(count + 1))

    async def _open(self, text: str, reload: bool = False) -> None:
        games = await self.ready()
        shown = self.game
        on_screen = shown.game_id if shown is not None else None
        opened = games.open(text, now_ms())
        outcome = outcome_of(opened, on_screen, self.page.session is not None and shown is None)
        if opened.game is not None and not opened.changed and reload:
            outcome = replace(outcome, message=opened.game.waiting_for())  # its own address
        if opened.invitation is not None:
            self._offer_join(opened.invitation)
            return
        if opened.game is None:  # a part of a long link: say which are still missing
            self._progress(opened.message)
            return
        game = games.get(outcome.show)
        self.show(game, outcome.message, outcome.mark_from, text)
        focus_legal(0)

    def _progress(self, said: str) -> None:
        """What opening part of a long link did, said where the person looks."""
        if not element("chooser").hidden or self.page.session is None:
            status = element("open-link-status")
            status.textContent = said
            status.hidden = False
        else:
            self.page.session.message = said
            self.shell.render()

    def on_open_file(self, _event) -> None:
        files = element("open-link-file").files
        if files.length:
            self._spawn(self._counted(self._open_file(files.item(0))))

    async def _open_file(self, file) -> None:
        element("open-link-problem").hidden = True
        if int(file.size) > 200_000:
            raise RemoteError("This file is too big to be a link of a game.")
        content = str(await file.text())
        element("open-link-file").value = ""
        games = await self.ready()
        shown = self.game
        opened = games.open_file(content, now_ms())
        on_screen = shown.game_id if shown is not None else None
        outcome = outcome_of(opened, on_screen, self.page.session is not None and shown is None)
        if opened.invitation is not None:
            self._offer_join(opened.invitation)
            return
        if opened.game is None:
            self._progress(opened.message)
            return
        self.show(games.get(outcome.show), outcome.message, outcome.mark_from)
        focus_legal(0)

    def on_open_link(self, event) -> None:
        event.preventDefault()
        field = element("open-link-input")
        text = link_in(str(field.value))
        if not text:
            return
        field.value = ""
        element("open-link-problem").hidden = True
        element("open-link-status").hidden = True
        if is_remote_link(text):
            self.open_link(text)
        else:
            window.location.hash = text  # an ordinary share link: the address opens it

    # -- joining --------------------------------------------------------------------------

    def _offer_join(self, invitation) -> None:
        self._invitation = invitation
        element("remote-join-title").textContent = join_title(invitation)
        element("remote-join-body").innerHTML = join_html(invitation)
        element("join-name").value = self.my_name()
        element("remote-join-error").hidden = True
        element("remote-join").showModal()
        focus(element("join-name"))

    def on_join(self, event) -> None:
        event.preventDefault()
        self._spawn(self._join())

    async def _join(self) -> None:
        invitation = self._invitation
        picked = document.querySelector('[name="join-seat"]:checked')
        name = str(element("join-name").value).strip()
        error = element("remote-join-error")
        if ffi.is_none(picked):
            error.textContent = "Pick a free seat first."
            error.hidden = False
            return
        games = await self.ready()
        try:
            game = games.join(invitation.text, int(picked.value), name, now_ms())
        except RemoteError as e:
            error.textContent = str(e)
            error.hidden = False
            return
        if name and self.page.storage is not None:
            self.page.storage.set("waddle:remote-name", name)
        element("remote-join").close()
        if isinstance(game, RemoteCardGame) and game.status != "lobby":
            self._fresh_join = game.game_id  # its link goes out first
        self.show(game, f"You took seat {int(picked.value) + 1}.")

    def cmd_remote_not_now(self, _target) -> None:
        element("remote-join").close()

    # -- "Your games" ----------------------------------------------------------------------

    def fill_chooser(self) -> None:
        """The chooser's "Your games" (only when this device has some: libsodium loads
        only then)."""
        storage = self.page.storage
        keys = storage.keys() if storage is not None else ()
        if not any(k.startswith(STORE_PREFIX) for k in keys):
            element("your-games").hidden = True
            return
        self._spawn(self._fill_chooser())

    async def _fill_chooser(self) -> None:
        games = await self.ready()
        listed = games.games()
        markup = your_games_html(listed, now_ms())
        box = element("your-games")
        element("your-games-list").innerHTML = markup
        problems = element("your-games-problems")
        problems.textContent = " ".join(games.problems)
        problems.hidden = not games.problems
        box.hidden = not markup and not games.problems

    def cmd_remote_open_game(self, target) -> None:
        self._spawn(self._open_game(str(target.getAttribute("data-remote-game"))))

    async def _open_game(self, game_id: str) -> None:
        games = await self.ready()
        game = games.get(game_id)
        if game is None:
            raise RemoteError("That game is no longer on this device.")
        self.show(game, game.waiting_for())
        focus_legal(0)

    def cmd_remote_send_again(self, target) -> None:
        self._spawn(self._send_again(str(target.getAttribute("data-remote-game"))))

    async def _send_again(self, game_id: str) -> None:
        """The game comes on screen with its last link ready to send (Share, Copy, QR)."""
        await self._open_game(game_id)
        if self.game is not None and self.game.last_link:
            self._link()
            self.page.session.message = "Send it again: share it, copy it or show its QR code."
            self.shell.render()


FINISHED = "The game is over: it is an ordinary finished game now (review it, save it, share it)."
