"""Writing a study on the game on screen, for any game whose presenter draws marks: the
caption of the shown step, marks and arrows by clicks on the board (or typed), the list of
annotated steps. Pure Python; ``web/app.py`` forwards the study panel's events here.

A click on the board plays a move as always, marks a place, or draws an arrow (two
clicks), by the chosen :attr:`StudyDesk.mode`. In a card game a click on a card of the
table (``[data-card]``) or on a pathway (``[data-pathway]``) marks it too: the page turns
the hook into the place with :func:`place_from_hook`. Arrows join places of the board.

A step becomes a question (an exercise, :mod:`waddle.app.exercises`) the way the author
plays it: :meth:`StudyDesk.start_question` at the step, play the expected move (one action
or several), :meth:`StudyDesk.keep_answer`; going back to the step and playing another
move, then keeping it, adds a second accepted answer (a move off the line starts a new
line, as any move does: write the later steps after the question's answers).

>>> from waddle.app.session import Session
>>> session = Session.new("htmf", 2, seed=1)
>>> desk = StudyDesk(session)
>>> desk.begin().title, session.study is not None
('', True)
>>> desk.mode = "mark"; desk.click("1,0"), session.study.step(0).marks
(True, ('1,0',))
>>> desk.set_caption("Floes with <b>one</b> fish first."); session.study.step(0).caption
'Floes with <b>one</b> fish first.'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from html import escape
from typing import Any

from waddle.core.game import CHANCE, OMNISCIENT, chance_outcome
from waddle.core.study import (
    MAX_ANSWERS,
    MAX_ARROWS,
    MAX_MARKS,
    Study,
    StudyError,
    action_text,
    is_board_place,
)
from waddle.ui.presenter import draws_marks, place_words


def place_from_hook(kind: str, value: str) -> str:
    """The place a clicked element names: ``data-hex`` is the place itself; any other
    hook ``data-KIND="VALUE"`` (a card, a pathway) is ``"KIND:VALUE"``.

    >>> place_from_hook("hex", "1,0"), place_from_hook("card", "7C")
    ('1,0', 'card:7C')
    """
    return value if kind == "hex" else f"{kind}:{value}"


MODES = ("play", "mark", "arrow")


@dataclass
class StudyDesk:
    """The study of ``session`` and how the board's clicks are taken while writing it."""

    session: Any
    mode: str = "play"
    arrow_from: str | None = None
    """The first click of an arrow being drawn."""
    asking_at: int | None = None
    """The step whose question's answer the author is playing (:meth:`start_question`)."""

    @property
    def study(self) -> Study | None:
        return self.session.study

    @property
    def ply(self) -> int:
        return self.session.state.ply

    def available(self) -> bool:
        """Whether this game can have studies (its presenter draws marks)."""
        return draws_marks(self.session.presenter)

    def begin(self) -> Study:
        """Make the game on screen a study (an empty one), or keep the one it has."""
        if self.session.study is None:
            self.session.study = Study()
        return self.session.study

    def remove(self) -> None:
        self.session.study = None
        self.mode, self.arrow_from = "play", None

    def places(self) -> tuple[str, ...]:
        return self.session.game.places(self.session.full_record())

    def set_caption(self, text: str) -> None:
        self.session.study = self.begin().with_caption(self.ply, text)

    def set_title(self, text: str) -> None:
        self.session.study = self.begin().with_title(text)

    def clear_step(self) -> None:
        self.session.study = self.begin().with_step(
            replace(self.begin().step(self.ply), caption="", marks=(), arrows=())
        )

    def words(self, place: str) -> str:
        """A place as players name it ("tile 7", "the 7 of Court"; a hex's ``q,r``)."""
        return place_words(self.session.presenter, self.session.state.view(OMNISCIENT), place)

    def set_eyes(self, seat: int | None) -> None:
        """Show the study through ``seat``'s eyes (None: every hand)."""
        players = len(self.session.seats)
        if seat is not None and not 0 <= seat < players:
            return
        self.session.study = self.begin().with_eyes(seat)

    # -- questions --------------------------------------------------------------------------

    def start_question(self) -> None:
        """The author is about to play the answer of a question at the shown step."""
        self.begin()
        self.asking_at = self.ply
        self.session.message = (
            f"Now play the expected move from move {self.ply}, then keep it as the answer."
        )

    def keep_answer(self) -> bool:
        """The actions the author played since :meth:`start_question` (chance left out)
        become an answer of the question there (added to its answers). False (and a
        message) when there is nothing to keep."""
        start = self.asking_at
        if start is None or self.ply <= start:
            self.session.message = "Play the expected move first, from the question's step."
            return False
        history = self.session.state.history
        state = self.session.setup.start()
        for action in history[:start]:
            state.apply(action)
        mine = []
        for action in history[start:]:
            if state.to_move() != CHANCE:
                mine.append(action.to_json())
            state.apply(action)
        study = self.begin()
        old = study.step(start).question
        answers = old.answer_values() if old is not None else []
        if len(answers) >= MAX_ANSWERS:
            self.session.message = f"A question has at most {MAX_ANSWERS} answers."
            return False
        prompt = old.prompt if old is not None else ""
        explanation = old.explanation if old is not None else ""
        try:
            self.session.study = study.with_question(start, [*answers, mine], prompt, explanation)
        except StudyError as e:
            self.session.message = f"Not kept: {e}."
            return False
        count = len(self.session.study.step(start).question.answers)
        moves = " ".join(str(a) for a in history[start:])
        self.session.message = (
            f"Kept {moves} as {'the' if count == 1 else f'answer {count} of the'} "
            f"question at move {start}."
        )
        return True

    def question_ply(self) -> int:
        """The step whose question the panel edits: the one being answered, else the shown."""
        return self.ply if self.asking_at is None else self.asking_at

    def set_question_text(self, prompt: str | None = None, explanation: str | None = None) -> None:
        """The prompt and the explanation of the question being written (that of
        :meth:`question_ply`, if it has one)."""
        study = self.begin()
        ply = self.question_ply()
        question = study.step(ply).question
        if question is None:
            return
        self.session.study = study.with_question(
            ply,
            question.answer_values(),
            question.prompt if prompt is None else prompt,
            question.explanation if explanation is None else explanation,
        )

    def remove_question(self) -> None:
        """The question being written (or the shown step's) is removed."""
        self.session.study = self.begin().with_question(self.question_ply(), [])
        self.asking_at = None

    def end_question(self) -> None:
        """Done writing the question's answers (the panel edits the shown step's again)."""
        self.asking_at = None

    def answers_text(self) -> str:
        """The shown step's answers in the game's notation, one answer per line."""
        question = self.study.step(self.ply).question if self.study else None
        if question is None:
            return ""
        state = self.session.setup.start()
        for action in self.session.full_record().actions[: self.ply]:
            state.apply(action)
        lines = []
        for answer in question.answers:
            trial = state.clone()
            said = []
            for text in answer:
                legal = next(
                    (a for a in trial.legal_actions() if action_text(a.to_json()) == text), None
                )
                if legal is None:
                    said.append(text)
                    break
                said.append(str(legal))
                trial.apply(legal)
                while trial.to_move() == CHANCE:  # only its notation is wanted here
                    trial.apply(chance_outcome(trial, 0))
            lines.append(" ".join(said))
        return "\n".join(lines)

    def set_mode(self, mode: str) -> None:
        if mode in MODES:
            self.mode = mode
            self.arrow_from = None

    def click(self, place: str) -> bool:
        """A click on a place while writing: True if it marked or drew (not a move)."""
        if self.mode == "play" or self.study is None or place not in self.places():
            return False
        step = self.study.step(self.ply)
        said = self.words(place)
        if self.mode == "mark":
            self.session.study = self.study.with_step(step.toggle_mark(place))
            self.session.message = (
                f"{said} marked."
                if place in self.study.step(self.ply).marks
                else f"{said} unmarked."
            )
            return True
        if not is_board_place(place):
            self.session.message = "An arrow joins two places of the board."
            return True
        if self.arrow_from is None or self.arrow_from == place:
            self.arrow_from = None if self.arrow_from == place else place
            self.session.message = (
                None
                if self.arrow_from is None
                else f"Arrow from {said}: now click where it points."
            )
            return True
        src, self.arrow_from = self.arrow_from, None
        self.session.study = self.study.with_step(step.toggle_arrow(src, place))
        had = (src, place) in self.study.step(self.ply).arrows
        self.session.message = (
            f"Arrow from {self.words(src)} to {said} {'drawn' if had else 'removed'}."
        )
        return True

    def set_marks_text(self, text: str) -> str | None:
        """The marks of the shown step typed as places apart ("1,0 2,-1"); what was wrong."""
        known = set(self.places())
        wanted = list(dict.fromkeys(text.replace(";", " ").split()))
        bad = [p for p in wanted if p not in known]
        marks = tuple(p for p in wanted if p in known)[:MAX_MARKS]
        step = self.begin().step(self.ply)
        self.session.study = self.begin().with_step(replace(step, marks=marks))
        return f"Not on this board: {', '.join(bad)}." if bad else None

    def set_arrows_text(self, text: str) -> str | None:
        """The arrows of the shown step typed as ``from>to`` apart ("1,0>3,0")."""
        known = set(self.places())
        arrows: list[tuple[str, str]] = []
        bad = []
        for item in text.replace(";", " ").split():
            src, _, dst = item.partition(">")
            board = is_board_place(src) and is_board_place(dst)
            if board and src in known and dst in known and src != dst and (src, dst) not in arrows:
                arrows.append((src, dst))
            else:
                bad.append(item)
        step = self.begin().step(self.ply)
        self.session.study = self.begin().with_step(
            replace(step, arrows=tuple(arrows[:MAX_ARROWS]))
        )
        return f"Not arrows between two places of this board: {', '.join(bad)}." if bad else None

    # -- what the panel shows ---------------------------------------------------------------

    def marks_text(self) -> str:
        return " ".join(self.study.step(self.ply).marks) if self.study else ""

    def arrows_text(self) -> str:
        return (
            " ".join(f"{a}>{b}" for a, b in self.study.step(self.ply).arrows) if self.study else ""
        )

    def steps_html(self) -> str:
        """The annotated steps, each a button that shows it (``data-ply``)."""
        study = self.study
        if study is None or not study.steps:
            return '<p class="hint">No step has a caption or marks yet.</p>'
        items = []
        for s in study.steps:
            what = s.caption or (
                f"{len(s.marks) + len(s.arrows)} marks" if s.marks or s.arrows else ""
            )
            if s.question is not None:
                what = f"Question: {s.question.prompt or what}"
            short = what if len(what) <= 48 else what[:47] + "…"
            current = s.ply == self.ply
            items.append(
                f'<li><button type="button" class="study-step{" current" if current else ""}" '
                f'data-ply="{s.ply}"{" aria-current=step" if current else ""}>'
                f"Move {s.ply}: {escape(short)}</button></li>"
            )
        return f'<ol class="study-steps">{"".join(items)}</ol>'
