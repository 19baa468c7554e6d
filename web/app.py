"""The page around one game: DOM events in, markup from the engine out.

Runs only in the browser (it imports ``pyscript``); everything it shows comes from
``waddle.games.waddle`` (session, view, panels), which CPython tests cover.
"""

import random
import traceback

from pyscript import document, ffi, window

from waddle.games.waddle.link import LinkError
from waddle.games.waddle.panels import players_html, result_html, status_html, tracks_html
from waddle.games.waddle.session import Session
from waddle.games.waddle.view import DEFAULT_COLOURS, DEFAULT_NAMES, board_svg


def new_seed() -> int:
    """A fresh map seed, short enough to read out and type."""
    return random.SystemRandom().randrange(1, 1_000_000)


def element(element_id: str):
    return document.getElementById(element_id)


class App:
    """The page around one :class:`Session`; every handler leaves the game intact."""

    def __init__(self) -> None:

        self.board = element("board")
        self.session, problem = self._initial_session()
        self._shown_hash = ""
        self._proxies = []
        self.problem(problem)

    # -- start-up -----------------------------------------------------------------------

    def _initial_session(self):
        """The game in the address if there is one, else a fresh default game."""

        text = window.location.hash.removeprefix("#")
        if text:
            try:
                return Session.from_link(text), None
            except LinkError as e:
                return (
                    Session.new(2, new_seed()),
                    f"The game in this link could not be opened: {e}. "
                    "A new game was started instead.",
                )
        return Session.new(2, new_seed()), None

    def bind(self) -> None:
        self._listen(document, "click", self.on_click)
        self._listen(element("new-game-form"), "submit", self.on_new_game_submit)
        self._listen(element("ng-players"), "change", self.on_players_change)
        self._listen(window, "hashchange", self.on_hash_change)

    def _listen(self, target, event: str, handler) -> None:
        proxy = ffi.create_proxy(handler)
        self._proxies.append(proxy)  # JavaScript holds these; keep them alive
        target.addEventListener(event, proxy)

    # -- events -------------------------------------------------------------------------

    def on_click(self, event) -> None:
        target = event.target.closest(
            "[data-hex], [data-token-choice], [data-action], [data-command]"
        )
        if target is None or target.hasAttribute("disabled"):
            return
        dataset = target.dataset
        if target.hasAttribute("data-hex"):
            q, r = (int(v) for v in dataset.hex.split(","))
            self.guarded(self.session.click_hex, q, r)
        elif target.hasAttribute("data-token-choice"):
            self.guarded(self.session.choose_token, dataset.tokenChoice)
        elif dataset.action == "scout":
            self.guarded(self.session.scout)
        elif dataset.command == "new-game":
            self.open_new_game()
        elif dataset.command == "cancel-new-game":
            element("new-game").close()
        elif dataset.command == "copy-link":
            self.copy_link()

    def guarded(self, action, *args) -> None:
        """Run a game action and redraw; on any error, put the game back as it was."""

        before = self.session.record()
        seats = self.session.seats
        try:
            action(*args)
            self.render()
            self.problem(None)
        except Exception as error:  # a bug: say so, keep the game, keep the page alive
            window.console.error("".join(traceback.format_exception(error)))
            self.session = Session(before.replay(), seats, before.generated)
            self.render()
            self.problem(
                f"Something went wrong ({type(error).__name__}: {error}). "
                "The game is as it was before that move."
            )

    def on_hash_change(self, _event) -> None:
        """Someone pasted or edited a link: show that game (unless it is ours already)."""

        text = window.location.hash.removeprefix("#")
        if not text or text == self._shown_hash:
            return
        try:
            self.session = Session.from_link(text)
        except LinkError as e:
            self.problem(f"The game in this link could not be opened: {e}.")
            self._write_hash()
            return
        self.render()
        self.problem(None)

    def copy_link(self) -> None:
        url = window.location.href
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard is not None:
            clipboard.writeText(url)
        self.session.message = "Link copied: it opens this game at this move."
        self.render()

    # -- new game dialog ----------------------------------------------------------------

    def open_new_game(self) -> None:
        form = element("new-game-form")
        seats = self.session.seats
        element("ng-players").value = str(len(seats))
        for p in range(5):
            name = form.querySelector(f'[name="name{p}"]')
            colour = form.querySelector(f'[name="colour{p}"]')
            if p < len(seats):
                name.value = seats[p].name
                colour.value = seats[p].colour
            else:
                name.value = DEFAULT_NAMES[p]
                colour.value = DEFAULT_COLOURS[p]
        self._random_seed = new_seed()
        element("ng-random-seed").textContent = str(self._random_seed)
        element("ng-error").hidden = True
        self.on_players_change(None)
        element("new-game").showModal()

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
        self.session = Session.new(players, seed, names, colours)
        self.session.message = f"New game on map {seed}."
        element("new-game").close()
        self.render()
        self.problem(None)

    # -- drawing ------------------------------------------------------------------------

    def problem(self, text: str | None) -> None:
        box = element("problem")
        box.textContent = text or ""
        box.hidden = not text

    def render(self) -> None:

        session = self.session
        state = session.state
        drawn = board_svg(state, session.seats)
        self.board.setAttribute("viewBox", drawn.view_box)
        self.board.innerHTML = drawn.markup
        element("status").innerHTML = status_html(session)
        element("tracks").innerHTML = tracks_html(session)
        element("players").innerHTML = players_html(session)
        element("message").textContent = session.message or ""

        over = state.is_over()
        scout = document.querySelector('[data-action="scout"]')
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

        result = element("result")
        if over:
            result.innerHTML = result_html(session)
            result.dataset.winners = ",".join(map(str, state.winners()))
            result.hidden = False
        else:
            result.hidden = True
            result.removeAttribute("data-winners")
            result.innerHTML = ""
        self._write_hash()

    def _write_hash(self) -> None:
        text = self.session.link()
        if text != self._shown_hash:
            self._shown_hash = text
            window.history.replaceState(None, "", "#" + text)
