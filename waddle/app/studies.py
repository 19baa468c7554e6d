"""Writing a study on the game on screen, for any game whose presenter draws marks: the
caption of the shown step, marks and arrows by clicks on the board (or typed), the list of
annotated steps. Pure Python; ``web/app.py`` forwards the study panel's events here.

A click on the board plays a move as always, marks a place, or draws an arrow (two
clicks), by the chosen :attr:`StudyDesk.mode`. In a card game a click on a card of the
table (``[data-card]``) or on a pathway (``[data-pathway]``) marks it too: the page turns
the hook into the place with :func:`place_from_hook`. Arrows join places of the board.

A step becomes a question (an exercise, :mod:`waddle.app.exercises`) the way the author
plays it: :meth:`StudyDesk.start_question` at the step, play the expected move (one action
or several) on the board, :meth:`StudyDesk.keep_answer`; another move played and kept is
another accepted answer. The answers are played on a copy of the game at the step
(:attr:`StudyDesk.draft`), so the study's line never changes: a finished game, a game still
on and the later steps stay as they are, and any step of any game can ask.

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

from collections.abc import Sequence
from dataclasses import dataclass, replace
from html import escape
from typing import Any

from waddle.core.game import CHANCE, OMNISCIENT
from waddle.core.study import (
    MAX_ANSWERS,
    MAX_ARROWS,
    MAX_EXPLANATION,
    MAX_MARKS,
    MAX_PROMPT,
    Study,
    StudyError,
    action_text,
    clean_text,
    is_board_place,
)
from waddle.ui.presenter import MoveGroup, draws_marks, place_words


def place_from_hook(kind: str, value: str) -> str:
    """The place a clicked element names: ``data-hex`` is the place itself; any other
    hook ``data-KIND="VALUE"`` (a card, a pathway) is ``"KIND:VALUE"``.

    >>> place_from_hook("hex", "1,0"), place_from_hook("card", "7C")
    ('1,0', 'card:7C')
    """
    return value if kind == "hex" else f"{kind}:{value}"


MODES = ("play", "mark", "arrow")


def step_words(groups: Sequence[MoveGroup], seats: Sequence[Any], ply: int) -> str:
    """A step of the line as the move list names it, for the study panel: the entries of
    a card game's move list are turns of several actions, so a step's number of actions
    ("move 30") matches nothing the author sees.

    >>> from waddle.ui.presenter import Move
    >>> from waddle.ui.seats import default_seats
    >>> moves = (Move(2, 0, "6 Court", "played the 6 of Court"), Move(5, 1, "S", "scouted"))
    >>> groups, seats = [MoveGroup("Round 2", moves)], default_seats(2)
    >>> step_words(groups, seats, 0), step_words(groups, seats, 2)
    ('the start', 'after Red 6 Court (Round 2)')
    >>> step_words(groups, seats, 4)
    'during Blue\u2019s turn S (Round 2), after 2 of its actions'
    """
    if ply <= 0:
        return "the start"
    before = 0
    for group in groups:
        for move in group.moves:
            heading = f" ({group.heading})" if group.heading else ""
            name = seats[move.player].name if 0 <= move.player < len(seats) else "?"
            if move.ply == ply:
                return f"after {name} {move.notation}{heading}"
            if move.ply > ply:
                done = ply - before
                return (
                    f"during {name}\u2019s turn {move.notation}{heading}, after {done} of its "
                    f"action{'s' if done != 1 else ''}"
                )
            before = move.ply
    return f"after {ply} actions"


@dataclass
class StudyDesk:
    """The study of ``session`` and how the board's clicks are taken while writing it."""

    session: Any
    mode: str = "play"
    arrow_from: str | None = None
    """The first click of an arrow being drawn."""
    asking_at: int | None = None
    """The step whose question the author is writing (:meth:`start_question`)."""
    draft: Any = None
    """While writing a question: the copy of the game at its step the board plays on (a
    :class:`waddle.app.session.Session`); the study's own line never changes."""
    pending: tuple[str, str] = ("", "")
    """The prompt and explanation typed before the question's first answer was kept."""

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
        self.end_question()

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

    def question_refusal(self) -> str | None:
        """Why the shown step cannot ask the reader for a move, in words, or None."""
        state = self.session.state
        mover = state.to_move()
        if state.is_over() or mover is None or mover < 0:
            return "The game is over here: there is no move to ask for."
        eyes = self.study.eyes if self.study is not None else None
        if eyes is not None and mover != eyes:
            seats = self.session.seats
            return (
                f"Readers see {seats[eyes].name}\u2019s hand: they cannot answer for "
                f"{seats[mover].name}. Ask at a move of {seats[eyes].name}\u2019s, or let "
                "readers see every hand."
            )
        return None

    def start_question(self) -> bool:
        """Write the question of the shown step (a new one, or the one it has): the board
        plays on a copy of the game there (:attr:`draft`), never on the study's line, so
        a finished game, a game still on and any later step stay as they are. False (and
        a message) when the step cannot ask (:meth:`question_refusal`)."""
        refusal = self.question_refusal()
        if refusal is not None:
            self.session.message = refusal
            return False
        self.begin()
        self.asking_at = self.ply
        self.draft = self.session.copy_at(self.ply)
        self.draft.all_visible = True
        question = self.study.step(self.ply).question
        self.pending = ("", "") if question is None else (question.prompt, question.explanation)
        mover = self.session.seats[self.session.state.to_move()].name
        self.session.message = (
            f"Play {mover}\u2019s expected move on the board, then keep it as an answer."
        )
        return True

    def drafted(self) -> list[Any]:
        """The author's actions on the draft since the question's step, chance left out
        (a reshuffle is the game's, not the reader's)."""
        if self.draft is None or self.asking_at is None:
            return []
        state = self.session.setup.start()
        history = self.draft.state.history
        for action in history[: self.asking_at]:
            state.apply(action)
        mine = []
        for action in history[self.asking_at :]:
            if state.to_move() != CHANCE:
                mine.append(action)
            state.apply(action)
        return mine

    def keep_answer(self) -> bool:
        """The move played on the draft becomes an answer of the question (added to its
        answers), and the draft starts again at the step for another. False (and a
        message) when there is nothing to keep."""
        start = self.asking_at
        mine = self.drafted()
        if start is None or not mine:
            self.session.message = "Play the expected move on the board first."
            return False
        study = self.begin()
        old = study.step(start).question
        answers = old.answer_values() if old is not None else []
        wanted = [a.to_json() for a in mine]
        texts = tuple(action_text(a) for a in wanted)
        if old is not None and texts in old.answers:
            self.session.message = "That move is an answer already."
            self.again()
            return False
        if len(answers) >= MAX_ANSWERS:
            self.session.message = f"A question has at most {MAX_ANSWERS} answers."
            return False
        prompt, explanation = self.pending
        try:
            self.session.study = study.with_question(start, [*answers, wanted], prompt, explanation)
        except StudyError as e:
            self.session.message = f"Not kept: {e}."
            return False
        count = len(self.session.study.step(start).question.answers)
        said = self.draft.message or " ".join(str(a) for a in mine)
        self.session.message = (
            f"Kept as answer {count}: {said} Play another accepted move to add it, or press Done."
            if count > 1
            else f"Kept as the answer: {said} Another accepted move may be played and kept too."
        )
        self.again()
        return True

    def again(self) -> None:
        """The draft back at the question's step, nothing played (to play another answer)."""
        if self.asking_at is not None:
            self.draft = self.session.copy_at(self.asking_at)
            self.draft.all_visible = True

    def undo_draft(self) -> bool:
        """Take back the author's last action on the draft (not before the step)."""
        draft = self.draft
        if draft is None or self.asking_at is None or draft.state.ply <= self.asking_at:
            return False
        return draft.undo()

    def remove_answer(self, index: int) -> None:
        """An accepted answer of the question being written goes (the last: the question)."""
        ply = self.question_ply()
        question = self.begin().step(ply).question
        if question is None or not 0 <= index < len(question.answers):
            return
        answers = question.answer_values()
        del answers[index]
        self.session.study = self.study.with_question(
            ply, answers, question.prompt, question.explanation
        )
        if not answers:
            self.pending = (question.prompt, question.explanation)

    def question_ply(self) -> int:
        """The step whose question the panel edits: the one being written, else the shown."""
        return self.ply if self.asking_at is None else self.asking_at

    def set_question_text(self, prompt: str | None = None, explanation: str | None = None) -> None:
        """The prompt and the explanation of the question being written: kept with the
        question, or until its first answer is kept (``StudyError`` if too long)."""
        study = self.begin()
        ply = self.question_ply()
        question = study.step(ply).question
        old_prompt, old_explanation = (
            self.pending if question is None else (question.prompt, question.explanation)
        )
        prompt = old_prompt if prompt is None else prompt
        explanation = old_explanation if explanation is None else explanation
        if question is None:  # cleaned as the question's will be
            self.pending = (
                clean_text(prompt, MAX_PROMPT, one_line=True),
                clean_text(explanation, MAX_EXPLANATION),
            )
            return
        self.session.study = study.with_question(ply, question.answer_values(), prompt, explanation)

    def question_text(self) -> tuple[str, str]:
        """The prompt and explanation the panel shows for the question being written."""
        question = self.begin().step(self.question_ply()).question
        return self.pending if question is None else (question.prompt, question.explanation)

    def remove_question(self) -> None:
        """The question being written (or the shown step's) is removed."""
        self.session.study = self.begin().with_question(self.question_ply(), [])
        self.end_question()

    def end_question(self) -> None:
        """Done writing the question: the board shows the study's line again."""
        self.asking_at = None
        self.draft = None
        self.pending = ("", "")

    def answers_said(self) -> list[str]:
        """The answers of the question being written (else the shown step's), each in the
        game's words (its sentences for the seat's actions)."""
        ply = self.question_ply()
        question = self.study.step(ply).question if self.study else None
        if question is None:
            return []
        lines = []
        for answer in question.answers:
            trial = self.session.copy_at(ply)
            trial.all_visible = True
            said = []
            for text in answer:
                legal = next(
                    (a for a in trial.state.legal_actions() if action_text(a.to_json()) == text),
                    None,
                )
                if legal is None or not trial.play(legal):
                    said.append(text)
                    break
                said.append(trial.message or str(legal))
            lines.append(" ".join(said))
        return lines

    def step_words(self, ply: int | None = None) -> str:
        """The step ``ply`` (the shown one) as the move list names it: "the start",
        "after Blue 6 Court (Round 2)", or within a turn of several actions."""
        session = self.session
        ply = self.ply if ply is None else ply
        groups = session.presenter.move_groups(session)
        return step_words(groups, session.seats, ply)

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
            where = self.step_words(s.ply)
            items.append(
                f'<li><button type="button" class="study-step{" current" if current else ""}" '
                f'data-ply="{s.ply}"{" aria-current=step" if current else ""}>'
                f"{escape(where[:1].upper() + where[1:])}: {escape(short)}</button></li>"
            )
        return f'<ol class="study-steps">{"".join(items)}</ol>'
