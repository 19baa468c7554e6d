"""Analysis on the page: the win-chance meter beside the board, the game review, the
result's score chart (issue 31; the engine half is docs/analysis.md).

Runs only in the browser. Every search here is the engine's own, stepped in short slices
on the page's main thread between its tasks, as the computer players are
(``web/computers.py``): a slice of :data:`SLICE_SECONDS`, then ``await asyncio.sleep(0)``,
so a click waits at most one slice (docs/benchmarks.md, "Analysis on the page", has the
figures that kept it here rather than in a Web Worker).

- **The meter** estimates the position on screen from the viewer the page draws
  (``Page.viewer``): in a card game only what that seat sees (on the pass-the-device
  screen, what everyone sees). It starts again whenever the position or the viewer
  changes, keeps the last estimates it finished (scrubbing back shows them at once), and
  waits while a computer or the hint searches (``Page.searching``): the computers think
  for a time, not a number of iterations, so sharing the thread would make them weaker
  and slower; the meter resumes when they are done.
- **The review** judges every decision of a finished line (:class:`waddle.app.review.Review`)
  with a progress bar and Cancel, then shows its chart, its marked decisions (each shows
  its position with the better move marked) and "Save as a study".
"""

import asyncio
import contextlib
from collections import OrderedDict
from html import escape

from pyscript import document, ffi, window

from waddle.app.analysis import (
    decision_caption,
    decision_marks,
    marked_list_html,
    meter_html,
    meter_key,
    meter_shown,
    review_html,
    review_progress_html,
    score_chart,
)
from waddle.app.page import Page
from waddle.app.review import Review, review_to_study
from waddle.core.analysis import meter_for
from waddle.ui.presenter import draws_marks
from web.dom import element, mark, to_js
from web.ports import Shell

SLICE_SECONDS = 0.004
"""Searching between two yields to the page, as the computers do (web/computers.py)."""
METER_SEED = 0
"""The meter's search seed: the same position, viewer and budget always give the same
figures (so a card game's meter is comparable across deals that differ in hidden cards)."""
REVIEW_SLICE_SECONDS = 0.048
"""The review's slices: longer than the meter's, since a review is a long job the person
asked for and waits on (each yield to the page costs a few milliseconds: at 4 ms slices
the review ran about half the time; 48 against 16 ms took Pebbles' review from 23.4 to
19.2 s, docs/benchmarks.md), and a slice never starts while input waits
(:func:`input_pending`): a click waits at most one slice (48 ms, under the 100 ms a
click may take to answer)."""
KEPT = 64
"""Finished estimates kept, by position and viewer."""
WAIT_SECONDS = 0.05
"""How often a waiting meter looks again whether the computers are done."""
PAINT_FIRST_SECONDS = 0.05
"""A new estimate starts this long after the redraw that asked for it: setting up a search
(the root's moves and their priors) is not a slice's work, and the click that changed the
position must reach the screen first."""


def input_pending() -> bool:
    """Whether the person's input waits to be handled (Chromium's
    ``navigator.scheduling.isInputPending``; elsewhere never): the next slice waits."""
    scheduling = getattr(window.navigator, "scheduling", None)
    if scheduling is None or ffi.is_none(scheduling):
        return False
    return bool(scheduling.isInputPending())


class Analysis:
    """The meter and the review; ``after_render`` draws them after each redraw."""

    def __init__(self, page: Page, shell: Shell, params) -> None:
        self.page = page
        self.shell = shell
        self.embed_meter = bool(page.embed and params.has("meter"))
        self._meter_task = None
        self._meter_key = None  # the position and viewer being estimated (or shown)
        self._kept: OrderedDict = OrderedDict()  # key -> finished chances
        self.review: Review | None = None
        self._review_session = None
        self._review_task = None
        self._review_ply: int | None = None  # the marked decision shown
        self._review_found = 0  # marked decisions drawn while the review runs
        self._chart = None  # (game, its score chart)
        self._choices: dict[str, str] = {}  # the switch's choices in this visit

    # -- the meter ------------------------------------------------------------------------

    def meter_on(self) -> bool:
        page = self.page
        if page.embed:
            return self.embed_meter
        if page.tutorial is not None or page.session is None:
            return False
        key = meter_key(page.session.seats)
        stored = self._choices.get(key)
        if stored is None and page.storage is not None:
            stored = page.storage.get(key)
        return meter_shown(stored, page.session.seats)

    def cmd_toggle_meter(self, _target) -> None:
        """The switch: remembered (``localStorage``) for games like this one."""
        page = self.page
        key = meter_key(page.session.seats)
        choice = "off" if self.meter_on() else "on"
        self._choices[key] = choice  # a full storage: it still holds for this visit
        if page.storage is not None:
            with contextlib.suppress(Exception):
                page.storage.set(key, choice)
        self.shell.render()

    def _position_key(self):
        session = self.page.session
        history = tuple(str(a) for a in session.state.history)
        return (id(session), history, self.page.viewer())

    def _draw_meter(self) -> None:
        page = self.page
        button = element("meter-button")
        box = element("meter")
        on = self.meter_on()
        button.setAttribute("aria-pressed", "true" if on else "false")
        button.hidden = page.embed or page.tutorial is not None
        root = document.documentElement
        if not on or page.session is None or page.attempt is not None:
            box.hidden = True
            root.removeAttribute("data-meter")
            self._stop_meter()
            return
        box.hidden = False
        key = self._position_key()
        session = page.session
        viewer = key[2]
        kept = self._kept.get(key)
        if kept is not None:
            self._stop_meter()
            self._meter_key = key
            self._show(kept, True, viewer)
            return
        if self._meter_key == key and self._meter_task is not None:
            return  # already estimating this very position
        self._stop_meter()
        self._meter_key = key
        previous = box.querySelector(".meter-bars")
        if ffi.is_none(previous) or int(previous.children.length) != len(session.seats):
            self._show(None, False, viewer)
        else:
            previous.setAttribute("data-meter-state", "estimating")
            root.dataset.meter = "estimating"
        self._meter_task = asyncio.ensure_future(
            self._estimate(key, session.game, session.state.clone(), viewer)
        )

    def _show(self, chances, done: bool, viewer: int) -> None:
        seats = self.page.session.seats
        element("meter-bars").innerHTML = meter_html(chances, seats, done, viewer)
        document.documentElement.dataset.meter = "done" if done else "estimating"

    def _stop_meter(self) -> None:
        if self._meter_task is not None and not self._meter_task.done():
            self._meter_task.cancel()
        self._meter_task = None
        self._meter_key = None

    async def _estimate(self, key, game, state, viewer) -> None:
        await asyncio.sleep(PAINT_FIRST_SECONDS)
        mark("waddle:meter-start")
        meter = meter_for(game, state, viewer, seed=METER_SEED)
        while not meter.finished:
            if self.page.searching or self._review_task is not None or input_pending():
                # a computer, the hint or the review first; and the person's input
                await asyncio.sleep(WAIT_SECONDS)
                continue
            meter.advance(SLICE_SECONDS)
            await asyncio.sleep(0)
        mark("waddle:meter-end")
        chances = meter.chances()
        self._kept[key] = chances
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        self._meter_task = None
        if self._meter_key == key and self.page.session is not None:
            self._show(chances, True, key[2])

    # -- the review -----------------------------------------------------------------------

    def cmd_review_game(self, _target) -> None:
        """Judge every decision of the finished line on screen (a progress bar, Cancel)."""
        page = self.page
        session = page.session
        if session is None or not session.line_over or self._review_task is not None:
            return
        budget = document.documentElement.getAttribute("data-review-budget")
        iterations = int(budget) if not ffi.is_none(budget) and str(budget).isdigit() else None
        self.review = Review(session.game, session.full_record(), seed=METER_SEED,
                             iterations=iterations)  # fmt: skip
        self._review_session = session
        self._review_ply = None
        self._review_found = 0
        self._stop_meter()
        box = element("review")
        box.hidden = False
        box.dataset.review = "running"
        box.innerHTML = review_progress_html(self.review)
        self._review_task = asyncio.ensure_future(self._run_review(self.review))
        box.scrollIntoView(to_js({"block": "nearest"}))

    async def _run_review(self, review: Review) -> None:
        mark("waddle:review-start")
        while True:
            if self.page.searching or input_pending():
                await asyncio.sleep(WAIT_SECONDS)
                continue
            if review.step(REVIEW_SLICE_SECONDS):
                break
            self._draw_progress(review)
            await asyncio.sleep(0)
        mark("waddle:review-end")
        self._review_task = None
        if self.review is review:
            element("review").dataset.review = "done"
            self._draw_review()
            self.shell.render()  # the meter may go on now

    def _draw_progress(self, review: Review) -> None:
        bar = element("review-progress")
        if ffi.is_none(bar):
            return
        value = round(100 * review.progress)
        if str(bar.value) != str(value):
            bar.value = value
            bar.textContent = f"{value}%"
        status = element("review-status")
        judging = min(len(review.decisions) + 1, review.total)
        status.textContent = f"Judging decision {judging} of {review.total}…"
        marked = len(review.marked())
        if marked != self._review_found:  # a mark appears as soon as it is found
            self._review_found = marked
            found = element("review-found")
            if not ffi.is_none(found):
                seats = self.page.session.seats
                found.innerHTML = marked_list_html(review, seats, self._review_ply)

    def cmd_cancel_review(self, _target) -> None:
        """Stop the review where it is: what was judged so far stays readable."""
        if self._review_task is not None and not self._review_task.done():
            self._review_task.cancel()
        self._review_task = None
        if self.review is not None:
            element("review").dataset.review = "cancelled"
            self._draw_review()
        self.shell.render()

    def cmd_close_review(self, _target) -> None:
        self._drop_review()
        self.shell.render()

    def _drop_review(self) -> None:
        if self._review_task is not None and not self._review_task.done():
            self._review_task.cancel()
        self._review_task = None
        self.review = None
        self._review_session = None
        self._review_ply = None
        box = element("review")
        box.hidden = True
        box.innerHTML = ""
        box.removeAttribute("data-review")

    def cmd_review_go(self, target) -> None:
        """A marked decision: its position, the better move marked on the board."""
        review = self.review
        if review is None or target is None:
            return
        ply = int(target.getAttribute("data-review-ply"))
        self._review_ply = ply
        self.shell.guarded(self.page.session.go_to, ply)
        self._draw_review()
        # On a phone the board is above the review: bring it back into view.
        element("board-frame").scrollIntoView(to_js({"block": "nearest"}))

    def cmd_save_review(self, _target) -> None:
        """The review as the game's study: its captions and marks go with links and saves."""
        review = self.review
        session = self.page.session
        if review is None or session is not self._review_session:
            return
        names = [seat.name for seat in session.seats]
        entry_title = self.page.entry.title
        session.study = review_to_study(review, names, title=f"Review of a {entry_title} game")
        session.message = "The review is now this game's study: links and saves carry it."
        self.cmd_close_review(None)

    def _draw_review(self) -> None:
        review = self.review
        if review is None:
            return
        seats = self.page.session.seats
        box = element("review")
        if self._review_task is not None:  # still judging: its progress, the marks so far
            html = review_progress_html(review, seats, self._review_ply)
        else:
            html = review_html(review, seats, self._review_ply)
        if self._review_ply is not None:
            said = decision_caption(review, self._review_ply, seats)
            html = html.replace(
                "</h2>", f'</h2><p id="review-caption" class="caption">{escape(said)}</p>', 1
            )
        box.innerHTML = html

    def _draw_review_marks(self, scene) -> None:
        """The better move of the marked decision shown, drawn with the study marks."""
        review = self.review
        page = self.page
        if review is None or self._review_ply is None or page.session is not self._review_session:
            return
        if page.session.state.ply != self._review_ply or not draws_marks(page.presenter):
            return
        marks, arrows = decision_marks(review, self._review_ply)
        if marks or arrows:
            overlay = page.presenter.draw_marks(scene, marks, arrows)
            element("board").insertAdjacentHTML("beforeend", overlay)

    # -- after each redraw ----------------------------------------------------------------

    def after_render(self, scene) -> None:
        page = self.page
        session = page.session
        if self.review is not None and session is not self._review_session:
            self._drop_review()  # another game is on screen
        element("review-button").hidden = (
            page.embed or session is None or not session.line_over or page.tutorial is not None
        )
        self._draw_result_extras()
        self._draw_review_marks(scene)
        self._draw_meter()

    def _draw_result_extras(self) -> None:
        """Under the result's table: the score chart, and "Review this game"."""
        page = self.page
        session = page.session
        result = element("result")
        if session is None or not session.state.is_over() or result.hidden:
            return
        key = (id(session), session.total_plies, tuple(session.seats))
        if self._chart is None or self._chart[0] != key:
            self._chart = (key, score_chart(session.game, session.full_record(), session.seats))
        chart = self._chart[1]
        button = ""
        if not page.embed and page.tutorial is None:
            button = (
                '<p class="result-review"><button type="button" data-command="review-game">'
                "Review this game</button></p>"
            )
        result.insertAdjacentHTML("beforeend", chart + button)
