"""Studies on the page: a study's marks over the board and its caption under it, and the
study panel that writes one on the game on screen (a caption per move, marks and arrows
drawn by clicks on the board or typed).

Runs only in the browser; the study itself is ``waddle.core.study``, writing one
``waddle.app.studies.StudyDesk`` (CPython tests cover both).
"""

from pyscript import document, ffi, window

from waddle.app.page import Page
from waddle.app.studies import StudyDesk
from waddle.ui.presenter import draws_marks
from web.dom import element, focus
from web.ports import Shell


class Studies:
    def __init__(self, page: Page, shell: Shell) -> None:
        self.page = page
        self.shell = shell
        self.desk: StudyDesk | None = None  # the study panel, while it is open

    def bind(self, listen) -> None:
        # Capturing: a click that marks a hex never reaches the App's play handler.
        listen(element("board"), "click", self.on_board_click, capture=True)
        listen(element("board"), "keydown", self.on_board_key, capture=True)
        listen(element("study-title-input"), "input", self.on_title)
        listen(element("study-caption-input"), "input", self.on_caption)
        listen(element("study-marks-input"), "change", self.on_marks)
        listen(element("study-arrows-input"), "change", self.on_arrows)

    def after_render(self, scene) -> None:
        """Marks over the board, the caption under it, and the study panel."""
        page = self.page
        session = page.session
        if self.desk is not None and self.desk.session is not session:
            self.desk = StudyDesk(session) if session.study is not None else None
        study = None if page.tutorial is not None else session.study
        step = study.step(session.state.ply) if study is not None else None
        presenter = page.presenter
        board = element("board")
        if step is not None and (step.marks or step.arrows) and draws_marks(presenter):
            overlay = presenter.draw_marks(scene, step.marks, step.arrows)
            board.insertAdjacentHTML("beforeend", overlay)
        if self.desk is not None and self.desk.arrow_from is not None:
            start = board.querySelector(f'[data-hex="{self.desk.arrow_from}"]')
            if not ffi.is_none(start):
                start.setAttribute("data-arrow-from", "true")
        element("study-caption").hidden = study is None
        heading = element("study-heading")
        heading.textContent = study.title if study is not None else ""
        heading.hidden = not (study is not None and study.title)
        element("caption").textContent = step.caption if step is not None else ""
        if study is not None and study.title:
            element("embed-title").textContent = study.title
        document.documentElement.toggleAttribute("data-study", study is not None)
        self._render_panel()

    def _render_panel(self) -> None:
        panel = element("study-panel")
        desk = self.desk
        open_ = desk is not None and self.page.tutorial is None
        panel.hidden = not open_
        button = document.querySelector('.moves-panel [data-command="open-study"]')
        button.setAttribute("aria-pressed", "true" if open_ else "false")
        button.textContent = "Close the study panel" if open_ else "Write a study of this game"
        if not open_:
            return
        element("study-ply").textContent = str(desk.ply)
        study = desk.begin()
        _set_value("study-title-input", study.title)
        _set_value("study-caption-input", study.step(desk.ply).caption)
        _set_value("study-marks-input", desk.marks_text())
        _set_value("study-arrows-input", desk.arrows_text())
        for mode in panel.querySelectorAll('[data-command="study-mode"]'):
            mode.setAttribute("aria-pressed", "true" if mode.dataset.mode == desk.mode else "false")
        element("study-steps").innerHTML = desk.steps_html()

    # -- writing a study ------------------------------------------------------------------

    def cmd_open_study(self, _target) -> None:
        """The button under the moves: open or close the study panel of the game on screen."""
        page = self.page
        if page.tutorial is not None:
            return
        if self.desk is not None:
            self.desk = None
            self.shell.render()
            return
        desk = StudyDesk(page.session)
        if not desk.available():
            page.session.message = "Studies are not available for this game yet."
            self.shell.render()
            return
        desk.begin()
        self.desk = desk
        page.session.message = (
            "Study: step to a move, type its caption, choose Marks a hex or Draws an arrow "
            "and click the board."
        )
        self.shell.render()
        focus(element("study-caption-input"))

    def _changed(self, change, *args) -> None:
        """Apply a change to the study being written, then redraw."""
        change(*args)
        self.shell.render()

    def cmd_study_mode(self, target) -> None:
        if self.desk is not None:
            self._changed(self.desk.set_mode, str(target.dataset.mode))

    def cmd_study_clear_step(self, _target) -> None:
        if self.desk is not None:
            self._changed(self.desk.clear_step)

    def cmd_study_remove(self, _target) -> None:
        if self.desk is None or not window.confirm("Remove this study's captions and marks?"):
            return
        self.desk.remove()
        self.desk = None
        self.page.session.message = "The study was removed; the game stays."
        self.shell.render()

    def on_title(self, event) -> None:
        if self.desk is not None:
            self._changed(self.desk.set_title, str(event.target.value))

    def on_caption(self, event) -> None:
        if self.desk is not None:
            self._changed(self.desk.set_caption, str(event.target.value))

    def on_marks(self, event) -> None:
        if self.desk is not None:
            self._changed(self._problem_of, self.desk.set_marks_text, str(event.target.value))

    def on_arrows(self, event) -> None:
        if self.desk is not None:
            self._changed(self._problem_of, self.desk.set_arrows_text, str(event.target.value))

    @staticmethod
    def _problem_of(setter, value: str) -> None:
        text = setter(value)
        box = element("study-problem")
        box.textContent = text or ""
        box.hidden = not text

    def on_board_click(self, event) -> None:
        """While marks or arrows are being drawn, a click on a place marks it."""
        place = self._marking_place(event)
        if place is None:
            return
        event.stopPropagation()
        event.preventDefault()
        self.shell.guarded(self.desk.click, place)

    def on_board_key(self, event) -> None:
        if str(event.key) not in ("Enter", " "):
            return
        self.on_board_click(event)

    def _marking_place(self, event) -> str | None:
        if self.page.embed or self.desk is None or self.desk.mode == "play":
            return None
        found = event.target.closest("[data-hex]")
        return None if ffi.is_none(found) else str(found.getAttribute("data-hex"))


def _set_value(element_id: str, value: str) -> None:
    """Fill a field, unless the person is typing in it (that would move their caret)."""
    field = element(element_id)
    if not field.matches(":focus") and str(field.value) != value:
        field.value = value
