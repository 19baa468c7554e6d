"""Drawing the game on screen into the page: the board, the game's regions (status,
controls, panels, table), the pass-the-device screen, the side column (message, undo and
redo, the move list and scrubber, the result), the board's fit on small screens, the
embedded view's stepper and the tutorial's box.

Runs only in the browser. What is drawn comes from the game's presenter and from
``waddle.app`` (``page``, ``chrome``); this module only copies it into the page. It reads
the :class:`waddle.app.page.Page` and changes nothing of the game.
"""

from pyscript import document, ffi, window

from waddle.app.page import Page, side_of
from waddle.ui.fit import board_fit, whole_rows
from waddle.ui.presenter import marked_table, move_list_html
from web.dom import element, focus, mark
from web.focus import focused, refocus

ZOOM_BUTTON_PX = 44
"""The Zoom button's width and height (web/board.css)."""
MOVE_LIST_PX = 224
"""The move list's box at its highest (14rem), before it scrolls."""
ZOOM_BAND_GAP_PX = 4
"""Under the Zoom button in its band above the board (web/board.css)."""


class Screen:
    """Draws ``page.session`` (see :meth:`draw`); keeps what the fit of the board needs
    between redraws, and the Zoom button's last word."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.board = element("board")
        self.view_box = ""
        self._target_units: float | None = None
        self.zoom_choice: bool | None = None  # the Zoom button's last word; None: automatic
        self._centred: tuple[int, object] | None = None  # (session id, hex) scrolled to

    def draw(self):
        """Draw the game on screen; the scene drawn (studies draw their marks over it)."""
        mark("waddle:render-start")
        try:
            return self._draw()
        finally:
            mark("waddle:render-end")

    def _draw(self):
        page = self.page
        session = page.session
        entry = page.entry
        root = document.documentElement
        root.dataset.game = entry.id
        for button in document.querySelectorAll(".needs-game"):
            button.disabled = False
        element("game-title").textContent = entry.title
        element("embed-title").textContent = f"{entry.title} game"
        document.title = f"{entry.title} · Waddle"
        curtain_for = page.curtain_for()
        # At a question step the board is the reader's copy of the game (an exercise).
        scene = page.board_session.scene(page.viewer(), page.interactive())
        drawn = page.render(scene)
        focus = focused()
        self.board.setAttribute("viewBox", drawn.board.view_box)
        _, _, width, height = (float(v) for v in drawn.board.view_box.split())
        element("board-frame").style.setProperty("--board-ratio", f"{height / width:.4f}")
        self.board.dataset.board = entry.id  # the game's board.css applies
        self.view_box = drawn.board.view_box
        self._target_units = drawn.board.target_units
        self.board.innerHTML = drawn.board.markup
        # A disclosure the person opened (what a threat does) stays open across redraws.
        opened = [str(d.id) for d in document.querySelectorAll("#app details[open][id]")]
        element("status").innerHTML = drawn.status
        element("game-controls").innerHTML = drawn.controls
        element("game-panels").innerHTML = drawn.panels
        table = element("table")
        study = session.study if page.tutorial is None else None
        marks = study.step(session.state.ply).marks if study is not None else ()
        # A study's marks on the cards, only where this view shows them face up.
        table.innerHTML = marked_table(page.presenter, scene, drawn.table, marks)
        table.hidden = not drawn.table
        for details_id in opened:
            again = element(details_id)
            if not ffi.is_none(again) and str(again.tagName).lower() == "details":
                again.open = True
        element("keys-help").textContent = page.presenter.keys_help
        refocus(focus)
        self._draw_curtain(curtain_for)
        self.fit_board(scene)
        self._draw_side(drawn.result, curtain_for is not None)
        self._draw_tutorial()
        if page.embed:
            self._draw_embed_bar()
        return scene

    def _draw_curtain(self, seat: int | None) -> None:
        curtain = element("curtain")
        was_hidden = bool(curtain.hidden)
        curtain.hidden = seat is None
        document.documentElement.toggleAttribute("data-curtain", seat is not None)
        if seat is not None:
            name = self.page.session.seats[seat].name
            element("curtain-text").textContent = (
                f"Pass the device to {name}. Nobody's hand is shown until {name} has it: "
                "everyone else, please look away."
            )
            element("curtain-button").textContent = f"I am {name}: show my hand"
            if was_hidden and not self.page.embed:
                focus(element("curtain-button"))

    def _draw_side(self, result_markup: str, curtained: bool = False) -> None:
        """Messages, undo and redo, the move list and the scrubber, the result (behind the
        pass-the-device screen: no message, which was said to the person before)."""
        session = self.page.session
        state = session.state
        # While a question's answer is played on its copy, what the copy says of it.
        said = self.page.board_session.message if self.page.drafting else None
        element("message").textContent = "" if curtained else (said or session.message or "")
        side = side_of(session, self.page.presenter.move_groups(session), curtained)
        for button in document.querySelectorAll('.controls [data-command="undo"]'):
            button.disabled = side.undo_disabled
            if side.undo_title:
                button.title = side.undo_title
            else:
                button.removeAttribute("title")
        for button in document.querySelectorAll('.controls [data-command="redo"]'):
            button.disabled = side.redo_disabled
        for button in document.querySelectorAll('.controls [data-command="hint"]'):
            button.disabled = side.hint_disabled
            # Friends on other devices play without the computer's advice (Page.may_hint).
            button.hidden = not side.playing or self.page.remote is not None
        computers = any(seat.bot is not None for seat in session.seats)
        element("ai-controls").hidden = not (computers and side.playing)
        element("move-list").innerHTML = move_list_html(
            side.groups, session.seats, state.ply, earliest=side.earliest
        )
        self.fit_move_list()
        scrubber = element("scrubber")
        scrubber.min = str(side.scrub_min)
        scrubber.max = str(side.scrub_max)
        scrubber.value = str(side.scrub_value)
        scrubber.disabled = side.scrub_disabled
        scrubber.setAttribute("aria-valuetext", side.scrub_text)
        result = element("result")
        if state.is_over():
            result.innerHTML = result_markup
            result.dataset.winners = ",".join(map(str, state.winners()))
            result.hidden = False
        else:
            result.hidden = True
            result.removeAttribute("data-winners")
            result.innerHTML = ""

    def fit_move_list(self) -> None:
        """The move list's box shows whole rows, on the move shown (waddle.ui.fit.whole_rows):
        a box of fixed height cut its last row in half, and kept the first moves in view at
        the end of a game. Not laid out yet (the page is still hidden): App.shown() asks
        again."""
        box = element("move-list")
        if not box.getClientRects().length:
            return
        rows: list[list[float]] = []
        current = None
        for item in box.querySelectorAll(".round-head, .moves > li"):
            top = float(item.offsetTop)
            bottom = top + float(item.offsetHeight)
            if not rows or top >= rows[-1][1] - 1:
                rows.append([top, bottom])
            else:  # the same line as the row before (moves wrap side by side)
                rows[-1][1] = max(rows[-1][1], bottom)
            if not ffi.is_none(item.querySelector(".current")):
                current = len(rows) - 1
        if rows:
            rows[0][0] = 0.0  # from the list's top: the first heading's margin too
        top, height = whole_rows([(a, b) for a, b in rows], current, MOVE_LIST_PX)
        box.style.maxHeight = "none" if height is None else f"{height:.0f}px"
        box.scrollTop = top

    def fit_board(self, scene=None) -> None:
        """Zoom the board when its fitted targets are too small for a finger (a 3-to-5-player
        map on a phone): drawn bigger in a frame that scrolls, centred on where the next move
        happens. The Zoom button switches between the two; by itself the board zooms while
        there is a move to make, only where the screen's width makes it small (a portrait
        phone; sideways it is shown whole), and fits at the end (:mod:`waddle.ui.fit`)."""
        page = self.page
        frame = element("board-frame")
        button = element("zoom")
        fit = None
        if not frame.clientWidth or page.session is None:
            return  # not laid out yet (the page is still loading): the observer comes back
        if not page.embed and self.view_box and self._target_units:  # embeds show it all
            # On a phone the frame's height comes from the board's shape; beside the side
            # column it takes what the column leaves, with or without a band for the button.
            phone = bool(window.matchMedia("(max-width: 760px)").matches)
            band = 0.0 if phone else float(ZOOM_BUTTON_PX + ZOOM_BAND_GAP_PX)
            room = frame.clientHeight if phone else frame.parentElement.clientHeight
            fit = board_fit(
                self.view_box,
                frame.clientWidth,
                room,
                self._target_units,
                (ZOOM_BUTTON_PX, ZOOM_BUTTON_PX),
                band,
            )
        button.hidden = fit is None or fit.zoomed is None
        size = fit.zoomed if fit is not None else None
        automatic = fit is not None and fit.by_itself and not page.session.state.is_over()
        zoomed = size is not None and (
            self.zoom_choice if self.zoom_choice is not None else automatic
        )
        button.setAttribute("aria-pressed", "true" if zoomed else "false")
        # Over the frame's corner beside a board shown whole; zoomed, the board fills the
        # frame, and the button goes above it.
        button.toggleAttribute("data-over", fit is not None and fit.button_over and not zoomed)
        if not zoomed:
            frame.removeAttribute("data-zoomed")
            self.board.removeAttribute("style")
            self._centred = None
            return
        frame.setAttribute("data-zoomed", "")
        self.board.setAttribute("style", f"width:{size[0]}px;height:{size[1]}px")
        # Scroll to where the next move happens when that moves (or on zooming), not on
        # every redraw, so a person who dragged the board to look around is not pulled back.
        focus = page.presenter.focus_hex(scene or page.session.scene())
        where = (id(page.session), focus)
        if focus is None or where == self._centred:
            return
        self._centred = where
        marker = self.board.querySelector(f'[data-hex="{focus}"]')
        if ffi.is_none(marker):
            return
        box, spot = frame.getBoundingClientRect(), marker.getBoundingClientRect()
        frame.scrollLeft += spot.left + spot.width / 2 - (box.left + box.width / 2)
        frame.scrollTop += spot.top + spot.height / 2 - (box.top + box.height / 2)

    def cmd_zoom(self, target) -> None:
        self.zoom_choice = target.getAttribute("aria-pressed") != "true"
        self._centred = None
        self.fit_board()

    def _draw_embed_bar(self) -> None:
        session = self.page.session
        bar = element("embed-bar")
        bar.hidden = False
        element("embed-position").textContent = f"Move {session.state.ply} of {session.total_plies}"
        for command, enabled in (
            ("first", session.can_undo()),
            ("undo", session.can_undo()),
            ("redo", session.can_redo()),
            ("last", session.can_redo()),
        ):
            bar.querySelector(f'[data-command="{command}"]').disabled = not enabled

    def _draw_tutorial(self) -> None:
        tutorial = self.page.tutorial
        element("tutorial").hidden = tutorial is None
        document.documentElement.toggleAttribute("data-tutorial", tutorial is not None)
        if tutorial is None:
            return
        progress = f"(step {tutorial.index + 1} of {tutorial.steps})"
        element("tutorial-progress").textContent = progress
        element("tutorial-text").textContent = tutorial.step.text

    def save_preview_markup(self) -> tuple[str, str]:
        """The board as drawn now, and its viewBox (for the next visit's preview)."""
        return str(self.board.innerHTML), self.view_box
