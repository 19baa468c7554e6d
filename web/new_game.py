"""The New game dialog: the game, its players, each seat (name, colour, person or a
computer level), the rules a game lets a new game change, and the board (random, from a
seed, or a custom board file).

Runs only in the browser; the dialog's markup and the reading of its options are
``waddle.app.chrome``, the new game itself ``waddle.app.session``.
"""

from pyscript import document, ffi

from waddle.app.chrome import (
    game_options_html,
    options_form_html,
    player_options_html,
    read_options,
    seat_rows_html,
    whole_number,
)
from waddle.app.page import Page
from waddle.app.session import Session
from waddle.core.records import BoardError, RecordError
from waddle.core.registry import custom_game_record, new_game_options
from waddle.games import GAMES
from web.dom import element, new_seed
from web.ports import Shell


class NewGameDialog:
    WITHOUT_A_GAME = frozenset({"new_game", "cancel_new_game"})
    """Commands that work before any game is on the board."""

    def __init__(self, page: Page, shell: Shell) -> None:
        self.page = page
        self.shell = shell
        self._random_seed = 0
        self._board_file: tuple[str, str] | None = None  # (name, text) chosen in the dialog

    def bind(self, listen) -> None:
        listen(element("new-game-form"), "submit", self.on_submit)
        listen(element("ng-players"), "change", self.on_players_change)
        listen(element("ng-game"), "change", self.on_game_change)
        listen(element("ng-board-file"), "change", self.on_board_file)

    def cmd_new_game(self, _target) -> None:
        session = self.page.session
        game_id = session.game.id if session else GAMES.default.id
        element("ng-game").innerHTML = game_options_html(GAMES, game_id)
        self._fill(game_id)
        self._random_seed = new_seed()
        element("ng-random-seed").textContent = str(self._random_seed)
        element("ng-error").hidden = True
        element("new-game").showModal()

    def cmd_cancel_new_game(self, _target) -> None:
        element("new-game").close()

    def _fill(self, game_id: str) -> None:
        entry = GAMES.by_id(game_id)
        session = self.page.session
        same = session is not None and session.game.id == game_id
        seats = session.seats if same else []
        players = len(seats) if same else entry.default_players
        element("ng-players").innerHTML = player_options_html(entry, players)
        game = entry.load()
        element("ng-seats").innerHTML = seat_rows_html(entry.players[1], game.bot_levels, seats)
        # The rules the game lets a new game change, set as the game on screen has them.
        options = new_game_options(game)
        values = game.record_options(session.setup) if same and options else {}
        element("ng-options").innerHTML = options_form_html(options, values)
        element("ng-options-box").hidden = not options
        self.on_players_change(None)

    def on_game_change(self, _event) -> None:
        self._fill(str(element("ng-game").value))

    def on_players_change(self, _event) -> None:
        players = int(element("ng-players").value)
        for row in document.querySelectorAll("#new-game .seat"):
            row.hidden = int(row.dataset.seat) >= players
        for row in document.querySelectorAll("#ng-options [data-players]"):
            low, high = (int(n) for n in str(row.dataset.players).split("-"))
            row.hidden = not low <= players <= high

    async def on_board_file(self, event) -> None:
        files = event.target.files
        if ffi.is_none(files) or files.length == 0:
            self._board_file = None
            return
        chosen = files.item(0)
        self._board_file = (str(chosen.name), str(await chosen.text()))
        document.querySelector('#new-game [name="map"][value="file"]').checked = True

    def _error(self, text: str) -> None:
        error = element("ng-error")
        error.textContent = text
        error.hidden = False

    def on_submit(self, event) -> None:
        event.preventDefault()
        form = element("new-game-form")
        entry = GAMES.by_id(str(element("ng-game").value))
        game = entry.load()
        players = int(element("ng-players").value)
        names = [form.querySelector(f'[name="name{p}"]').value for p in range(players)]
        colours = [form.querySelector(f'[name="colour{p}"]').value for p in range(players)]
        bots = [form.querySelector(f'[name="kind{p}"]').value or None for p in range(players)]
        seed = self._random_seed
        try:
            options = read_options(
                new_game_options(game), players, lambda name: form.querySelector(f'[name="{name}"]')
            )
        except ValueError as e:
            self._error(f"{e}.")
            return
        choice = form.querySelector('[name="map"]:checked').value
        if choice == "seed":
            seed = whole_number(str(element("ng-seed").value), 12)
            if seed is None:
                self._error("A board seed is a whole number of up to 12 digits.")
                return
        if choice == "file":
            if self._board_file is None:
                self._error("Choose the custom board's .json file first.")
                return
            name, text = self._board_file
            try:
                record = custom_game_record(game, players, text, seed, options)
                session = Session.start(game, record, names, colours, bots)
            except (BoardError, RecordError, ValueError) as e:
                problems = getattr(e, "problems", None) or [str(e)]
                self._error(f"The board in {name} cannot be played: " + "; ".join(problems))
                return
            message = f"New game of {entry.title} on the board from {name}."
        else:
            try:
                session = Session.new(entry.id, players, seed, names, colours, bots, options)
            except ValueError as e:
                self._error(f"These rules cannot be played together: {e}.")
                return
            message = f"New game of {entry.title} on board {seed}."
        element("new-game").close()
        self.shell.show_game(session, message)
