"""Remote play in the page (issue 39): "Play on several devices" (the dialog that starts a
game and its invitation), opening a ``#r1.`` link (by the address, or pasted into the
chooser's "Open a link"), joining, the panel beside a remote game (whose turn, send your
move by Share / Copy link / QR code, Undo before sending, send again), and the chooser's
"Your games".

Runs only in the browser. What it says and draws is ``waddle.app.remote_page``; the games
and the catch-up rule are ``waddle.app.remote`` (docs/remote-play.md). The crypto port is
loaded (``await crypto.ready()``) on the first remote call: a page that never plays
remotely never loads libsodium.
"""

import asyncio
import traceback
from dataclasses import replace

from pyscript import document, ffi, window

from waddle.app.chrome import options_form_html, player_options_html, read_options
from waddle.app.page import Page
from waddle.app.remote import STORE_PREFIX, RemoteGames, session_of
from waddle.app.remote_game import RemoteError
from waddle.app.remote_page import (
    entries_for_dialog,
    join_html,
    join_title,
    link_address,
    link_in,
    new_move_marks,
    outcome_of,
    panel_of,
    read_remote_seats,
    remote_refusal,
    remote_seat_rows_html,
    your_games_html,
)
from waddle.core import crypto
from waddle.core.registry import new_game_options
from waddle.core.remote import is_remote_link
from waddle.games import GAMES
from waddle.ui.presenter import draws_marks
from web.dom import element, focus, new_seed, now_ms, to_js
from web.focus import focus_legal
from web.ports import Shell


class RemotePlay:
    WITHOUT_A_GAME = frozenset(
        {
            "remote_new",
            "remote_cancel",
            "remote_open_game",
            "remote_send_again",
            "remote_join",
            "remote_not_now",
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

    def bind(self, listen) -> None:
        listen(element("remote-new-form"), "submit", self.on_submit)
        listen(element("rn-game"), "change", lambda _e: self._fill(str(element("rn-game").value)))
        listen(element("rn-players"), "change", lambda _e: self._players_changed())
        listen(element("open-link-form"), "submit", self.on_open_link)
        listen(element("remote-join-form"), "submit", self.on_join)

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

    # -- starting: "Play on several devices" ----------------------------------------------

    def cmd_remote_new(self, _target) -> None:
        session = self.page.session
        game_id = session.game.id if session else GAMES.default.id
        new_game = element("new-game")
        if new_game.open:
            game_id = str(element("ng-game").value)
            new_game.close()
        element("rn-game").innerHTML = "".join(
            f'<option value="{e.id}"{" selected" if e.id == game_id else ""}>{e.title}</option>'
            for e in entries_for_dialog()
        )
        element("rn-name").value = self._my_name()
        self._fill(game_id)
        element("remote-new").showModal()

    def cmd_remote_cancel(self, target) -> None:
        target.closest("dialog").close()

    def _my_name(self) -> str:
        storage = self.page.storage
        return (storage.get("waddle:remote-name") if storage else None) or ""

    def _fill(self, game_id: str) -> None:
        entry = GAMES.by_id(game_id)
        refusal = remote_refusal(entry)
        error = element("rn-error")
        error.textContent = refusal or ""
        error.hidden = refusal is None
        element("rn-submit").disabled = refusal is not None
        element("rn-setup").hidden = refusal is not None
        if refusal is not None:
            return
        game = entry.load()
        element("rn-players").innerHTML = player_options_html(entry, entry.players[0])
        element("rn-seats").innerHTML = remote_seat_rows_html(entry.players[1], game.bot_levels)
        options = new_game_options(game)
        element("rn-options").innerHTML = options_form_html(options, {})
        element("rn-options-box").hidden = not options
        self._players_changed()

    def _players_changed(self) -> None:
        players = int(element("rn-players").value)
        for row in document.querySelectorAll("#rn-seats .seat"):
            row.hidden = int(row.dataset.seat) >= players
        for row in document.querySelectorAll("#rn-options [data-players]"):
            low, high = (int(n) for n in str(row.dataset.players).split("-"))
            row.hidden = not low <= players <= high

    def on_submit(self, event) -> None:
        event.preventDefault()
        self._spawn(self._invite())

    async def _invite(self) -> None:
        form = element("remote-new-form")
        entry = GAMES.by_id(str(element("rn-game").value))
        players = int(element("rn-players").value)
        seats = read_remote_seats(
            [str(form.querySelector(f'[name="rseat{p}"]').value) for p in range(players)]
        )
        name = str(element("rn-name").value).strip()
        error = element("rn-error")
        try:
            options = read_options(
                new_game_options(entry.load()),
                players,
                lambda key: form.querySelector(f'[name="{key}"]'),
            )
            games = await self.ready()
            game = games.invite(
                entry.id,
                players,
                new_seed(),
                seats,
                [name] * seats.count("me"),
                options,
                now_ms(),
            )
        except (RemoteError, ValueError) as e:
            error.textContent = str(e) if str(e).endswith(".") else f"{e}."
            error.hidden = False
            return
        if name and self.page.storage is not None:
            self.page.storage.set("waddle:remote-name", name)
        element("remote-new").close()
        self.show(game, "Invitation ready: send it to your friends.")

    # -- showing a remote game -------------------------------------------------------------

    def show(
        self, game, message: str | None = None, mark_from: int | None = None, link: str = ""
    ) -> None:
        """Put ``game`` on screen (a different game on screen is kept, never replaced);
        ``link``: the link that brought it (the address shows it)."""
        session = session_of(game)
        self.page.remote_link = link
        if game.status == "over" and not game.unsent():
            # A finished game is an ordinary finished game: record, review, saves, studies.
            self.shell.show_game(session, (message or "") + " " + FINISHED)
            return
        self.shell.show_game(session, message, game)
        if mark_from is not None:
            record = session.full_record()
            marks = new_move_marks(session.game, record, mark_from)
            self._marks = (game.game_id, len(game.actions), marks)
            self.shell.render()

    def sync(self) -> None:
        """Before a redraw: the moves played on the board since (the person's, a computer's
        on the host's device) are this device's decisions in the remote game."""
        game, session = self.game, self.page.session
        if game is None or session is None or self.page.writing:
            return  # a study's moves are never this device's decisions
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
            return
        root.dataset.remoteGame = game.game_id
        panel = panel_of(game)
        box.hidden = False
        box.dataset.urgent = "true" if panel.urgent else "false"
        box.dataset.state = game.status
        box.dataset.kind = panel.kind
        box.dataset.moves = str(len(game.actions))
        element("remote-heading").textContent = panel.heading
        element("remote-text").textContent = panel.text
        element("remote-send").hidden = not panel.send
        element("remote-send-label").textContent = panel.send
        element("remote-undo").hidden = not panel.undo
        share = element("remote-share")
        share.hidden = ffi.is_none(getattr(window.navigator, "share", None))
        if self._made_for != (game.game_id, len(game.actions), game.status) or not panel.send:
            # The link and QR code shown are of the position they were made at only.
            element("remote-link").hidden = True
            element("remote-qr").hidden = True

    def _draw_marks(self, scene) -> None:
        game, session = self.game, self.page.session
        if game is None or self._marks is None or not draws_marks(self.page.presenter):
            return
        game_id, upto, (marks, arrows) = self._marks
        if (game_id, upto) != (game.game_id, len(game.actions)):
            self._marks = None  # a move since: the marks are old news
            return
        if session.state.ply == upto and (marks or arrows) and session.study is None:
            overlay = self.page.presenter.draw_marks(scene, marks, arrows)
            element("board").insertAdjacentHTML("beforeend", overlay)

    # -- sending ------------------------------------------------------------------------

    def _link(self) -> str:
        game = self.game
        link = game.send()  # signs this device's decisions: no undo after this
        self.games.save(game)
        self.page.remote_link = link
        address = link_address(str(window.location.href), link)
        field = element("remote-link")
        field.value = address
        field.hidden = False
        self._made_for = (game.game_id, len(game.actions), game.status)
        return address

    def _after_send(self, said: str) -> None:
        game = self.game
        session = self.page.session
        if game.status == "over":
            self.page.remote = None
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
        if not game.undo():
            self.page.session.message = "Your move is sent: it cannot be taken back any more."
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
        game = games.get(outcome.show)
        self.show(game, outcome.message, outcome.mark_from, text)
        focus_legal(0)

    def on_open_link(self, event) -> None:
        event.preventDefault()
        field = element("open-link-input")
        text = link_in(str(field.value))
        if not text:
            return
        field.value = ""
        element("open-link-problem").hidden = True
        if is_remote_link(text):
            self.open_link(text)
        else:
            window.location.hash = text  # an ordinary share link: the address opens it

    # -- joining --------------------------------------------------------------------------

    def _offer_join(self, invitation) -> None:
        self._invitation = invitation
        element("remote-join-title").textContent = join_title(invitation)
        element("remote-join-body").innerHTML = join_html(invitation)
        element("join-name").value = self._my_name()
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
