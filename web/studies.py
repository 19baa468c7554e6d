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
from web.dom import element, focus, to_js
from web.ports import Shell

MARKABLE = "[data-hex], [data-card], [data-pathway]"
"""The hooks a click marks while the panel's "Marks a place" is chosen."""


class Studies:
    def __init__(self, page: Page, shell: Shell) -> None:
        self.page = page
        self.shell = shell

    @property
    def desk(self) -> StudyDesk | None:
        """The study panel's desk, while it is open (the page's: see Page.desk)."""
        return self.page.desk

    @desk.setter
    def desk(self, desk: StudyDesk | None) -> None:
        self.page.desk = desk

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
        desk = self.desk
        if desk is not None and desk.asking_at is not None and desk.asking_at != desk.ply:
            desk.end_question()  # the author stepped away from the question's step
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
        said = (step is not None and bool(step.caption or study.title)) or page.attempt is not None
        box = element("study-caption")
        # Embedded, a study's caption box keeps its room at every step (web/embedded.py).
        kept = (
            page.embed and study is not None and any(s.caption or s.question for s in study.steps)
        )
        box.hidden = not (said or kept)
        box.toggleAttribute("data-empty", kept and not said)
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
        # A game on several devices still on: a move played in the panel would be taken as
        # this device's decision and sent; its study is written once the game is over.
        button.closest(".study-open").hidden = self.page.remote is not None and not open_
        button.setAttribute("aria-pressed", "true" if open_ else "false")
        button.textContent = "Close the study panel" if open_ else "Write a study of this game"
        if not open_:
            return
        label = element("study-ply")
        label.textContent = desk.step_words()
        label.dataset.ply = str(desk.ply)
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
        """The question of the step: Ask the reader here (or Edit the question); while it
        is written, its prompt and explanation, the answers kept, Keep as an answer, Play
        it again and Done."""
        ply = desk.question_ply()
        question = desk.study.step(ply).question
        asking = desk.asking_at is not None
        ask = element("study-ask")
        ask.hidden = asking
        ask.textContent = "Edit the question" if question is not None else "Ask the reader here"
        refusal = None if asking else desk.question_refusal()
        ask.disabled = refusal is not None
        ask.title = refusal or ""
        element("study-remove-question").hidden = question is None
        element("study-question-fields").hidden = not asking
        state = element("study-question-state")
        if asking:
            mover = desk.session.seats[desk.session.state.to_move()].name
            state.textContent = (
                f"The question {desk.step_words(ply)}: play {mover}\u2019s expected move on "
                "the board, then keep it. Each move kept is an accepted answer."
            )
        elif question is not None:
            count = len(question.answers)
            state.textContent = (
                f"This step asks the reader for a move ({count} accepted answer"
                f"{'s' if count != 1 else ''})."
            )
        else:
            state.textContent = refusal or ""
        state.hidden = not state.textContent
        if not asking:
            element("study-answers").innerHTML = ""
            return
        prompt, explanation = desk.question_text()
        _set_value("study-prompt-input", prompt)
        _set_value("study-explanation-input", explanation)
        said = desk.answers_said()
        element("study-answers-head").textContent = (
            "Accepted answers:" if said else "No answer kept yet."
        )
        element("study-answers").innerHTML = "".join(
            f"<li><span>{escape(line)}</span> "
            f'<button type="button" class="small" data-command="study-remove-answer" '
            f'data-answer="{i}" aria-label="Remove answer {i + 1}">Remove</button></li>'
            for i, line in enumerate(said)
        )
        draft = desk.draft
        element("study-said").textContent = (
            (draft.message if draft is not None else None) or desk.session.message or ""
        )
        played = bool(desk.drafted())
        element("study-keep-answer").disabled = not played
        element("study-again").disabled = not played

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
        if page.remote is not None:
            page.session.message = (
                "A game on several devices gets its study once it is over: a move played "
                "here now would be sent as yours."
            )
            self.shell.render()
            return
        desk = StudyDesk(page.session)
        if not desk.available():
            page.session.message = "Studies are not available for this game yet."
            self.shell.render()
            return
        session = page.session
        people = any(seat.bot is None for seat in session.seats)
        secret = session.hidden_information and not session.line_over and people
        if secret and not window.confirm(
            "Writing a study shows every hand and lets you step back to any move of this "
            "game: it ends fair play for whoever is at this screen. Write it now?"
        ):
            return
        desk.begin()
        self.desk = desk
        page.session.message = (
            "Study: step to a move, type its caption, choose Marks a place or Draws an arrow "
            "and click the board."
        )
        self.shell.render()
        # It opens above the moves, where the column may be scrolled past: into view.
        element("study-panel").scrollIntoView(to_js({"block": "start", "behavior": "instant"}))
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
            if self.desk.asking_at is not None:
                focus(element("study-prompt-input"))

    def cmd_study_keep_answer(self, _target) -> None:
        if self.desk is not None:
            self._changed(self.desk.keep_answer)

    def cmd_study_again(self, _target) -> None:
        if self.desk is not None:
            self._changed(self.desk.again)

    def cmd_study_end_question(self, _target) -> None:
        if self.desk is not None:
            self._changed(self.desk.end_question)

    def cmd_study_remove_question(self, _target) -> None:
        if self.desk is not None:
            self._changed(self.desk.remove_question)

    def cmd_study_remove_answer(self, target) -> None:
        if self.desk is not None:
            self._changed(self.desk.remove_answer, int(target.dataset.answer))

    def undo_draft(self) -> bool:
        """Undo while a question's answer is played: the author's last action on its copy."""
        if not self.page.drafting:
            return False
        self._changed(self.desk.undo_draft)
        return True

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
