"""Studies on the page: a study's marks over the board (and on the cards of the table) and
its caption under it; a question step (an exercise) and the reader's answer; "Show every
hand" for a finished card game seen through a seat's eyes; and the study panel that writes
one on the game on screen (a caption per move, marks and arrows drawn by clicks on the
board, the table's cards or typed, whose eyes, questions written by playing their answer).

Runs only in the browser; the study itself is ``waddle.core.study``, writing one
``waddle.app.studies.StudyDesk``, answering one ``waddle.app.exercises.Attempt`` (CPython
tests cover them).
"""

from html import escape

from pyscript import document, ffi, window

from waddle.app.exercises import Attempt
from waddle.app.page import Page
from waddle.app.studies import StudyDesk, place_from_hook
from waddle.ui.presenter import draws_marks
from web.dom import element, focus
from web.ports import Shell

MARKABLE = "[data-hex], [data-card], [data-pathway]"
"""The hooks a click marks while the panel's "Marks a place" is chosen."""


class Studies:
    def __init__(self, page: Page, shell: Shell) -> None:
        self.page = page
        self.shell = shell
        self.desk: StudyDesk | None = None  # the study panel, while it is open

    def bind(self, listen) -> None:
        # Capturing: a click that marks a hex never reaches the App's play handler.
        listen(element("board"), "click", self.on_board_click, capture=True)
        listen(element("board"), "keydown", self.on_board_key, capture=True)
        listen(element("table"), "click", self.on_board_click, capture=True)
        listen(element("table"), "keydown", self.on_board_key, capture=True)
        listen(element("study-title-input"), "input", self.on_title)
        listen(element("study-eyes"), "change", self.on_eyes)
        listen(element("study-prompt-input"), "input", self.on_prompt)
        listen(element("study-explanation-input"), "input", self.on_explanation)
        listen(element("study-caption-input"), "input", self.on_caption)
        listen(element("study-marks-input"), "change", self.on_marks)
        listen(element("study-arrows-input"), "change", self.on_arrows)

    def before_render(self) -> None:
        """The question of the shown step, if it asks one: the reader's attempt (kept while
        the step is shown; none while the study panel is open, where the author plays)."""
        page = self.page
        session = page.session
        if self.desk is not None and self.desk.session is not session:
            self.desk = StudyDesk(session) if session.study is not None else None
        study = None if session is None or page.tutorial is not None else session.study
        ply = session.state.ply if session is not None else 0
        question = study.step(ply).question if study is not None else None
        if question is None or self.desk is not None:
            page.attempt = None
            return
        attempt = page.attempt
        if (
            attempt is None
            or attempt.source is not session
            or attempt.ply != ply
            or attempt.question != question
        ):
            page.attempt = Attempt.begin(session, eyes=page.study_eyes())

    def answer(self, action) -> None:
        """The reader's move at a question step (a click, a key, ``waddle:try``)."""
        attempt = self.page.attempt
        if attempt is None or not self.page.answering():
            return
        attempt.answer(action)

    def cmd_exercise_retry(self, _target) -> None:
        if self.page.attempt is not None:
            self.shell.guarded(self.page.attempt.try_again)

    def cmd_exercise_show(self, _target) -> None:
        if self.page.attempt is not None:
            self.shell.guarded(self.page.attempt.show_answer)

    def cmd_show_hands(self, _target) -> None:
        """A finished card game seen through a seat's eyes: every hand, or that seat's again."""
        self.page.all_hands = not self.page.all_hands
        self.shell.render()

    def after_render(self, scene) -> None:
        """Marks over the board, the caption under it, the exercise, and the study panel."""
        page = self.page
        session = page.session
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
        self._render_exercise()
        hands = element("show-hands")
        hands.hidden = not page.hands_offered()
        hands.setAttribute("aria-pressed", "true" if page.all_hands else "false")
        hands.textContent = "Show only the study's hand" if page.all_hands else "Show every hand"
        element("study-caption").hidden = study is None and page.attempt is None
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
        mode = desk.mode if open_ else None
        root = document.documentElement
        if mode in ("mark", "arrow"):
            root.dataset.studyMode = mode  # the board's off-hex places take clicks then
        else:
            root.removeAttribute("data-study-mode")
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
        marks = study.step(desk.ply).marks
        said = element("study-marks-words")
        said.textContent = (
            "Marked: " + ", ".join(desk.words(m) for m in marks) + "." if marks else ""
        )
        said.hidden = not marks
        element("study-steps").innerHTML = desk.steps_html()
        self._render_eyes(desk)
        self._render_question(desk)

    def _render_eyes(self, desk: StudyDesk) -> None:
        """Whose eyes: a card game's study may be seen as one seat sees it."""
        session = desk.session
        box = element("study-eyes-box")
        box.hidden = not session.hidden_information
        if box.hidden:
            return
        chosen = "" if desk.study.eyes is None else str(desk.study.eyes)
        options = ['<option value="">Every hand</option>'] + [
            f'<option value="{p}">{escape(seat.name)}\u2019s hand only</option>'
            for p, seat in enumerate(session.seats)
        ]
        select = element("study-eyes")
        markup = "".join(options)
        if str(select.innerHTML) != markup:
            select.innerHTML = markup
        select.value = chosen

    def _render_question(self, desk: StudyDesk) -> None:
        """The question of the step: Ask here, Keep as the answer, the answers kept, its
        prompt and explanation."""
        ply = desk.question_ply()
        question = desk.study.step(ply).question
        asking = desk.asking_at is not None
        element("study-ask").hidden = asking
        element("study-ask").textContent = (
            "Add another answer here" if question is not None else "Ask the reader here"
        )
        element("study-keep-answer").hidden = not asking
        element("study-end-question").hidden = not asking
        element("study-remove-question").hidden = question is None
        element("study-question-fields").hidden = question is None
        state = element("study-question-state")
        if asking:
            state.textContent = (
                f"Writing the question of move {ply}: play the expected move, then keep it."
            )
        elif question is not None:
            state.textContent = f"Move {ply} asks the reader for a move."
        else:
            state.textContent = ""
        state.hidden = not state.textContent
        if question is None:
            element("study-answers").innerHTML = ""
            return
        _set_value("study-prompt-input", question.prompt)
        _set_value("study-explanation-input", question.explanation)
        answers = desk.answers_text() if not asking or desk.ply == ply else ""
        lines = [line for line in answers.split("\n") if line]
        element("study-answers").innerHTML = (
            "".join(f"<li>{escape(line)}</li>" for line in lines)
            if lines
            else f"<li>{len(question.answers)} answer(s) kept</li>"
        )

    def _render_exercise(self) -> None:
        """The question under the board: its prompt, then right or wrong, the author's
        explanation, Try again and Show the answer."""
        attempt = self.page.attempt
        box = element("exercise")
        box.hidden = attempt is None
        if attempt is None:
            box.removeAttribute("data-verdict")
            return
        element("exercise-prompt").textContent = attempt.prompt
        verdict = attempt.verdict
        status = "" if verdict is None else verdict.status
        box.dataset.verdict = status
        box.toggleAttribute("data-shown", attempt.shown)
        said = element("exercise-verdict")
        explanation = element("exercise-explanation")
        if verdict is None:
            if attempt.session.message:
                said.textContent = attempt.session.message  # why a move was refused
            else:
                said.textContent = "Make your move on the board."
        else:
            # The move as the game says it ("Blue played the 8 of Scurry."), not its code.
            words = verdict.said or f"{verdict.move}."
            if attempt.shown:
                said.textContent = f"The answer: {words}"
            elif verdict.status == "right":
                said.textContent = f"Right. {words}"
            elif verdict.status == "wrong":
                said.textContent = f"Not this one. {words}"
            else:
                said.textContent = f"{words} Go on: the move has more to it."
        explanation.textContent = verdict.explanation if verdict is not None else ""
        explanation.hidden = not explanation.textContent
        element("exercise-retry").hidden = verdict is None
        element("exercise-show").hidden = attempt.shown

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
            "Study: step to a move, type its caption, choose Marks a place or Draws an arrow "
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

    def cmd_study_ask(self, _target) -> None:
        if self.desk is not None:
            self._changed(self.desk.start_question)

    def cmd_study_keep_answer(self, _target) -> None:
        if self.desk is not None:
            self._changed(self.desk.keep_answer)

    def cmd_study_end_question(self, _target) -> None:
        desk = self.desk
        if desk is None:
            return
        ply = desk.asking_at
        desk.end_question()
        if ply is not None:
            self.shell.guarded(desk.session.go_to, ply)
        else:
            self.shell.render()

    def cmd_study_remove_question(self, _target) -> None:
        if self.desk is not None:
            self._changed(self.desk.remove_question)

    def on_eyes(self, event) -> None:
        if self.desk is not None:
            value = str(event.target.value)
            self._changed(self.desk.set_eyes, int(value) if value else None)

    def on_prompt(self, event) -> None:
        if self.desk is not None:
            self._changed(self._question_text, str(event.target.value), None)

    def on_explanation(self, event) -> None:
        if self.desk is not None:
            self._changed(self._question_text, None, str(event.target.value))

    def _question_text(self, prompt, explanation) -> None:
        try:
            self.desk.set_question_text(prompt, explanation)
        except ValueError as e:  # StudyError: too long, a newline in the prompt
            said = str(e)
            self._problem_of(lambda _v: said, "")

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
        found = event.target.closest(MARKABLE)
        if ffi.is_none(found):
            return None
        for kind in ("hex", "card", "pathway"):
            if found.hasAttribute(f"data-{kind}"):
                return place_from_hook(kind, str(found.getAttribute(f"data-{kind}")))
        return None


def _set_value(element_id: str, value: str) -> None:
    """Fill a field, unless the person is typing in it (that would move their caret)."""
    field = element(element_id)
    if not field.matches(":focus") and str(field.value) != value:
        field.value = value
