"""Remote play in the page: the dialog "Play on several devices", which starts a game on
several devices and makes its invitation (the seats, "Me", "A friend" or a computer, and
the game's options, less those no remote deal offers). The rest of remote play (opening
links, joining, the panel, sending) is ``web/remote.py``; what the dialog says is
``waddle.app.remote_page``.

Runs only in the browser.
"""

from pyscript import document

from waddle.app.chrome import options_form_html, player_options_html, read_options
from waddle.app.page import Page
from waddle.app.remote import computer_seat_refused
from waddle.app.remote_game import RemoteError
from waddle.app.remote_page import (
    entries_for_dialog,
    read_remote_seats,
    remote_options,
    remote_refusal,
    remote_seat_rows_html,
    seats_hint,
)
from waddle.core.registry import new_game_options
from waddle.games import GAMES
from web.dom import element, new_seed, now_ms
from web.ports import Shell


class RemoteNewGame:
    WITHOUT_A_GAME = frozenset({"remote_new", "remote_cancel"})
    """Commands that work on the chooser, before any game is on the board."""

    def __init__(self, page: Page, shell: Shell, remote) -> None:
        self.page = page
        self.shell = shell
        self.remote = remote  # web.remote.RemotePlay: its storage, tasks and screens

    def bind(self, listen) -> None:
        listen(element("remote-new-form"), "submit", self.on_submit)
        listen(element("rn-game"), "change", lambda _e: self._fill(str(element("rn-game").value)))
        listen(element("rn-players"), "change", lambda _e: self._players_changed())

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
        element("rn-name").value = self.remote.my_name()
        self._fill(game_id)
        element("remote-new").showModal()

    def cmd_remote_cancel(self, target) -> None:
        target.closest("dialog").close()

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
        computers = computer_seat_refused(entry.id) is None
        element("rn-seats").innerHTML = remote_seat_rows_html(
            entry.players[1], game.bot_levels, computers
        )
        element("rn-seats-hint").textContent = seats_hint(entry.id)
        options = remote_options(new_game_options(game))
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
        self.remote._spawn(self._invite())

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
                remote_options(new_game_options(entry.load())),
                players,
                lambda key: form.querySelector(f'[name="{key}"]'),
            )
            games = await self.remote.ready()
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
        self.remote.show(game, "Invitation ready: send it to your friends.")
