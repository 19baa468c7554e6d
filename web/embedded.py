"""The embedded view (``index.html?embed#…``): the options in its address (``ply``,
``readonly``, ``end``, ``theme``, ``eyes``), its stepper (keys and slider), and the
``postMessage`` interface a host page drives it with (``waddle:go``, ``waddle:ask``, and
at a question step ``waddle:try``, ``waddle:show-answer``, ``waddle:retry``;
``waddle:step`` and ``waddle:answer`` back).

Runs only in the browser; the options and messages are ``waddle.app.embed`` (CPython
tests), documented in docs/embedding.md.
"""

from pyscript import document, ffi, window

from waddle.app.embed import (
    Ask,
    EmbedOptions,
    GoTo,
    Retry,
    ShowAnswer,
    Try,
    answer_event,
    parse_command,
    size_event,
    step_event,
)
from waddle.app.exercises import DEFAULT_PROMPT
from waddle.app.page import Page
from waddle.ui.fit import embed_fit, embed_height
from web.dom import element, to_js
from web.ports import Shell

ESSENTIAL = ("embed-bar", "meter", "study-caption", "show-hands", "result", "status", "hand")
"""What stays in view under the embedded board when the frame cannot show all (in the
order web/app.css lays them out): down to the hand a question is answered from."""

EMBED_PARAMS = ("ply", "readonly", "end", "theme", "eyes", "meter")


class Embedded:
    """The embedded view's part of the page (idle in the full app but for the preview's
    messages, which it hands to ``on_preview_message``)."""

    def __init__(self, page: Page, shell: Shell, params, on_preview_message) -> None:
        self.page = page
        self.shell = shell
        self._on_preview_message = on_preview_message
        given = {name: str(params.get(name)) for name in EMBED_PARAMS if params.has(name)}
        self.options = EmbedOptions.from_query(given) if page.embed else EmbedOptions()
        self._posted = None  # (session id, step, steps) last told to the host page
        self._answered = None  # the reader's copy of the game whose answer was told
        self._sized = None  # (width, height) last told to the host page
        self._reserved = None  # (study, width) the caption's room was measured for
        if page.embed:
            page.eyes = self.options.eyes
            if self.options.theme:
                document.documentElement.dataset.theme = self.options.theme
            if page.session is not None:
                self.options.apply(page.session)

    def bind(self, listen) -> None:
        listen(window, "message", self.on_message)
        listen(window, "keydown", self.on_key, capture=True)
        listen(element("embed-scrubber"), "input", self.on_scrub)
        if self.page.embed:
            listen(window, "resize", lambda _event: self.fit())

    def after_render(self) -> None:
        """The scrubber, and the step event for the host page when the step changed."""
        if not self.page.embed:
            return
        session = self.page.session
        scrubber = element("embed-scrubber")
        scrubber.max = str(session.total_plies)
        scrubber.value = str(session.state.ply)
        scrubber.setAttribute(
            "aria-valuetext", f"move {session.state.ply} of {session.total_plies}"
        )
        told = (id(session), session.state.ply, session.total_plies)
        if told != self._posted:
            self._posted = told
            self._post_step()
        self._post_answer()
        self.fit()

    # -- the layout ---------------------------------------------------------------------

    def fit(self) -> None:
        """Lay the view out for its frame: measure what goes under the board (stacked, the
        caption given the room of the longest), let waddle.ui.fit.embed_fit size the board,
        and tell the host page the height that shows it all (``waddle:size``)."""
        if not self.page.embed or self.page.session is None:
            return
        root = document.documentElement
        app = element("app")
        wrap = document.querySelector(".board-wrap")
        if not app.clientWidth or str(root.dataset.app) != "ready":
            return  # not laid out yet: App.shown() fits it
        root.removeAttribute("data-embed-beside")  # measured stacked
        self._reserve_caption(app)
        _, _, view_w, view_h = (
            float(v) for v in str(element("board").getAttribute("viewBox")).split()
        )
        ratio = view_h / view_w
        width = float(wrap.clientWidth)
        top = float(app.getBoundingClientRect().top)
        board = float(wrap.getBoundingClientRect().height)
        everything = float(app.getBoundingClientRect().height) - board
        essential = 0.0
        for name in ESSENTIAL:
            part = element(name)
            if ffi.is_none(part) or not part.getClientRects().length:
                continue
            essential = max(essential, float(part.getBoundingClientRect().bottom) - top - board)
        bottom_pad = float(window.getComputedStyle(app).paddingBottom.replace("px", "") or 0)
        essential = min(everything, essential + bottom_pad)
        fit = embed_fit(width, float(window.innerHeight), ratio, essential, everything)
        style = root.style
        if fit.beside:
            root.setAttribute("data-embed-beside", "")
            style.setProperty("--embed-board-w", f"{fit.board_px}px")
            style.setProperty("--embed-board-h", f"{fit.board_px * ratio:.0f}px")
        else:
            style.setProperty("--embed-board-h", f"{fit.board_px}px")
        size = (int(window.innerWidth), embed_height(width, ratio, everything))
        if size != self._sized:
            self._sized = size
            window.parent.postMessage(to_js(size_event(*size)), "*")

    def _reserve_caption(self, app) -> None:
        """The caption box keeps the room of the study's longest caption and question at
        this width, measured on a hidden copy of it, so the board keeps its size from step
        to step (a step with nothing to say shows the room empty)."""
        box = element("study-caption")
        study = self.page.session.study
        steps = [] if study is None else [s for s in study.steps if s.caption or s.question]
        style = window.getComputedStyle(app)
        pads = sum(
            float(str(v).replace("px", "") or 0) for v in (style.paddingLeft, style.paddingRight)
        )
        width = float(app.clientWidth) - pads
        key = (study, width)
        if key == self._reserved:
            return
        self._reserved = key
        box.style.minHeight = ""
        if not steps:
            return
        probe = box.cloneNode(True)
        probe.removeAttribute("id")
        probe.removeAttribute("data-empty")
        for named in probe.querySelectorAll("[id]"):
            named.removeAttribute("id")
        probe.hidden = False
        probe.setAttribute("aria-hidden", "true")
        probe.style.cssText = (
            f"position:absolute;visibility:hidden;left:0;top:0;width:{width}px;min-height:0"
        )
        heading, caption = probe.querySelector(".study-heading"), probe.querySelector(".caption")
        exercise = probe.querySelector(".exercise")
        heading.textContent = study.title
        heading.hidden = not study.title
        app.appendChild(probe)
        tallest = 0.0
        try:
            for step in steps:
                caption.textContent = step.caption
                question = step.question
                exercise.hidden = question is None
                if question is not None:
                    probe.querySelector(".exercise-prompt").textContent = (
                        question.prompt or DEFAULT_PROMPT
                    )
                    probe.querySelector(
                        ".exercise-verdict"
                    ).textContent = "Not this one. The move played, in words."
                    said = probe.querySelector(".exercise-explanation")
                    said.textContent = question.explanation
                    said.hidden = not question.explanation
                    for button in probe.querySelectorAll(".exercise-buttons button"):
                        button.hidden = False
                tallest = max(tallest, float(probe.getBoundingClientRect().height))
        finally:
            probe.remove()
        box.style.minHeight = f"{tallest:.0f}px"

    def _post_answer(self) -> None:
        """Tell the host page the reader's answer once it is judged (by clicks or by
        ``waddle:try``); not for "Show the answer", nor while a move goes on."""
        attempt = self.page.attempt
        if attempt is None or attempt.shown or attempt.verdict is None:
            return
        if not attempt.verdict.judged or self._answered is attempt.session:
            return
        self._answered = attempt.session
        verdict = attempt.verdict
        event = answer_event(
            self.page.session.game.id,
            attempt.ply,
            verdict.correct,
            verdict.move,
            verdict.explanation,
            verdict.actions,
            verdict.said,
        )
        window.parent.postMessage(to_js(event), "*")

    def _post_step(self) -> None:
        """Tell the host page which step is shown (targetOrigin "*": nothing in it is
        secret, the host page put the whole game into the frame's address itself)."""
        session = self.page.session
        study = session.study
        caption = study.step(session.state.ply).caption if study is not None else ""
        event = step_event(session.game.id, session.state.ply, session.total_plies, caption)
        window.parent.postMessage(to_js(event), "*")

    def on_message(self, event) -> None:
        """``postMessage`` from the host page (any origin): only the two commands of
        waddle.app.embed, which change nothing but the shown step."""
        try:
            text = window.JSON.stringify(event.data)
        except Exception:  # a message that cannot be written as JSON is none of ours
            return
        if ffi.is_none(text):
            return
        text = str(text)
        if not self.page.embed:
            self._on_preview_message(event, text)
            return
        session = self.page.session
        if session is None:
            return
        command = parse_command(text)
        if isinstance(command, GoTo):
            self.shell.guarded(session.go_to, command.step)
        elif isinstance(command, Ask):
            self._posted = None
            self.after_render()
        elif self.page.attempt is None:
            return  # the three answering commands are for a question step only
        elif isinstance(command, Try):
            self.shell.guarded(self._try, command.action)
        elif isinstance(command, ShowAnswer):
            self.shell.guarded(self.page.attempt.show_answer)
        elif isinstance(command, Retry):
            self.shell.guarded(self.page.attempt.try_again)

    def _try(self, action: str) -> None:
        """``waddle:try``: the action answered as a click making it would (refused, with
        the copy's message, when it is not legal there or the seat is not the reader's)."""
        if self.page.answering():
            self.page.attempt.answer(action)

    def on_key(self, event) -> None:
        """Embedded: left and right step, Home and End go to the first and last step."""
        session = self.page.session
        if not self.page.embed or session is None:
            return
        if event.ctrlKey or event.metaKey or event.altKey:
            return
        target = event.target
        tag = "" if ffi.is_none(target) else str(getattr(target, "tagName", "")).lower()
        if tag in ("input", "textarea", "select"):
            return
        ply, total = session.state.ply, session.total_plies
        goal = {"ArrowLeft": ply - 1, "ArrowRight": ply + 1, "Home": 0, "End": total}.get(
            str(event.key)
        )
        if goal is None:
            return
        event.preventDefault()
        event.stopPropagation()
        self.shell.guarded(session.go_to, max(0, min(goal, total)))

    def on_scrub(self, event) -> None:
        self.shell.guarded(self.page.session.go_to, int(event.target.value))
