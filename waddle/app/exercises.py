"""Exercises: a study step that asks the reader for a move (:class:`waddle.core.study.
Question`), and the reader's attempts at it. Pure Python: the page (the study view, the
embedded view) asks :class:`Attempt` what to show and posts
:func:`waddle.app.embed.answer_event` when an answer is judged.

The reader answers on a copy of the game cut at the question's step (the attempt's own
session, with no computer seats), so the study's line, its later steps and its redo line
stay as they are whatever the reader plays: trying again starts a new copy, and showing
the answer plays the author's first answer on one.

An answer is judged on the reader's own actions since the step (chance, such as a
reshuffle, is not theirs): right when they are one of the author's answers, wrong as soon
as they are the start of none, and "go on" while they are the start of an answer of
several actions (a card game's turn may take several decisions).

>>> from waddle.app.session import Session
>>> session = Session.new("htmf", 2, seed=1)
>>> first = session.state.legal_actions()[0]
>>> session.study = Study().with_question(0, [[first.to_json()]], "Your move", "The corner.")
>>> attempt = Attempt.begin(session)
>>> attempt.prompt
'Your move'
>>> attempt.answer(session.state.legal_actions()[1]).status, attempt.verdict.explanation
('wrong', 'The corner.')
>>> attempt.try_again(); attempt.answer(first).correct
True
>>> session.state.ply  # the study's own game did not move
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from waddle.core.study import Question, Study, action_text

RIGHT, WRONG, GO_ON = "right", "wrong", "go on"
DEFAULT_PROMPT = "Your move: find the move played here."


def judge(question: Question, played: Sequence[str]) -> str:
    """:data:`RIGHT`, :data:`WRONG` or :data:`GO_ON` for the reader's actions since the
    step (canonical JSON texts, :func:`waddle.core.study.action_text`).

    >>> q = Question.of([[{"play": "7C"}, {"place": 3}], [{"play": "9C"}]])
    >>> judge(q, ['{"play":"9C"}']), judge(q, ['{"play":"7C"}']), judge(q, ['{"play":"8C"}'])
    ('right', 'go on', 'wrong')
    """
    played = tuple(played)
    if played in question.answers:
        return RIGHT
    if any(len(a) > len(played) and a[: len(played)] == played for a in question.answers):
        return GO_ON
    return WRONG


def legal_matching(state: Any, action: str | Any) -> Any | None:
    """The legal action of ``state`` whose JSON is ``action`` (a JSON value, or its
    canonical text), or None: how an answer given as JSON (a study file, a link, a
    ``waddle:try`` message) becomes a move of the game."""
    wanted = action if isinstance(action, str) else action_text(action)
    for legal in state.legal_actions():
        if action_text(legal.to_json()) == wanted:
            return legal
    return None


@dataclass(frozen=True)
class Verdict:
    """What the page says of an answer: the status, the explanation once judged (right or
    wrong), the reader's move in the game's notation, its actions in the record's JSON
    syntax and in words (the game's own sentences, which say only what is public)."""

    status: str
    explanation: str
    move: str
    actions: tuple[Any, ...] = ()
    said: str = ""

    @property
    def correct(self) -> bool:
        return self.status == RIGHT

    @property
    def judged(self) -> bool:
        return self.status != GO_ON


@dataclass
class Attempt:
    """The reader at a question step: their copy of the game and what they played."""

    source: Any
    """The study's session (never changed here)."""
    ply: int
    question: Question
    session: Any = None
    """The reader's copy of the game at the step (what the page draws while answering)."""
    played: list[Any] = field(default_factory=list)
    verdict: Verdict | None = None
    shown: bool = False
    """The answer was shown (played by "Show the answer")."""
    _said: list[str] = field(default_factory=list, repr=False)
    """The game's sentence for each action played (``session.message`` after it)."""

    @staticmethod
    def begin(session: Any, ply: int | None = None, eyes: int | None = None) -> Attempt | None:
        """An attempt at the question of the step at ``ply`` (the shown one by default) of
        ``session``'s study; None when that step asks nothing.

        Seen through a seat's eyes (``eyes``: a card game's study or embed), a question is
        asked only of that seat: another seat's move is answered from that seat's hand,
        which these readers may not see, and its answer ("Show the answer", the move
        told to the host page) would show one of its cards. The step's caption stays."""
        ply = session.state.ply if ply is None else ply
        study: Study | None = session.study
        question = None if study is None else study.step(ply).question
        if question is None:
            return None
        if eyes is not None and session.state.ply == ply and session.state.to_move() != eyes:
            return None  # known without a copy: the usual case, the step shown
        attempt = Attempt(session, ply, question)
        attempt.try_again()
        if eyes is not None and attempt.session.state.to_move() != eyes:
            return None
        return attempt

    @property
    def prompt(self) -> str:
        return self.question.prompt or DEFAULT_PROMPT

    @property
    def seat(self) -> int | None:
        """The seat whose move is asked (None: the game is over there, or chance)."""
        mover = self.session.state.to_move()
        return mover if mover is not None and mover >= 0 and not self.played else None

    def try_again(self) -> None:
        """A fresh copy of the game at the step, nothing played."""
        self.session = self.source.copy_at(self.ply)
        self.played, self.verdict, self.shown = [], None, False
        self._said = []

    def answer(self, action: Any) -> Verdict | None:
        """The reader plays ``action`` (an action of the game, or its JSON): the verdict,
        or None when it is not a legal move there (the copy's ``message`` says why) or the
        answer was judged already (try again first)."""
        if self.verdict is not None and self.verdict.judged:
            return None
        state = self.session.state
        if isinstance(action, str | dict | list):
            found = legal_matching(state, action)
            if found is None:
                self.session.message = "That is not a legal move here."
                return None
            action = found
        if not self.session.play(action):
            return None
        self.played.append(action)
        self._said.append(self.session.message or "")
        texts = [action_text(a.to_json()) for a in self.played]
        status = judge(self.question, texts)
        explanation = self.question.explanation if status != GO_ON else ""
        self.verdict = self._verdict(status, explanation)
        return self.verdict

    def _verdict(self, status: str, explanation: str) -> Verdict:
        return Verdict(
            status,
            explanation,
            " ".join(str(a) for a in self.played),
            tuple(a.to_json() for a in self.played),
            " ".join(s for s in self._said if s),
        )

    def show_answer(self) -> list[Any]:
        """The author's first answer played on a fresh copy (the actions played; fewer
        when an action of the answer is not legal there: a study written by hand)."""
        self.try_again()
        played = []
        for text in self.question.answers[0]:
            action = legal_matching(self.session.state, text)
            if action is None or not self.session.play(action):
                break
            played.append(action)
            self._said.append(self.session.message or "")
        self.played = played
        self.verdict = self._verdict(RIGHT, self.question.explanation)
        self.shown = True
        return played
