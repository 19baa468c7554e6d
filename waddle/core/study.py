"""Studies: a game record with words and marks, like a chess study's comments and shapes.

A study belongs to one game's line of play. Any step of it (the position after ``ply``
actions, 0 being the start) may carry a caption (plain text, a few sentences) and marks:
highlighted places and arrows between places. A place is named as the board's hooks name
it (``data-hex="q,r"`` on the hex boards), so a study works for any game whose presenter
can draw marks on its places (see docs/architecture.md, "Studies").

A study is stored as extra keys that other readers ignore: ``"study"`` in a record file or
a save (:meth:`Study.to_json`, docs/studies.md), and an extension after the seats of a
share link (:func:`write_study`), which decoders written before studies never reach.

A step may also be a *question* (:class:`Question`, an exercise): the move or moves the
author expects there, as the record's JSON action syntax, a prompt and an explanation;
:mod:`waddle.app.exercises` checks a reader's answer. A study of a card game may say whose
eyes it is seen through (:attr:`Study.eyes`, a seat).

Why one module: a step's every field lives in three forms here, the model, its JSON and
its bits in a link, and a field added to one must be added to the other two at once (the
link's compatibility rules are the hardest part, and they read the model's limits).

Captions and titles are text, never markup: they are cleaned of control characters here
and escaped (or set as ``textContent``) wherever they are shown.

>>> study = Study("A tie", (Step(0, "Two players."), Step(3, "Red ties.", ("1,0",))))
>>> study.step(3).marks, study.step(2).caption, study.last_annotated
(('1,0',), '', 3)
>>> Study.from_json(study.to_json(), places={"1,0"}, plies=5) == study
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from waddle.core import jsontext
from waddle.core.bits import BitReader, BitWriter, DecodeError
from waddle.core.links import LEVEL_BITS, LinkError, index_width
from waddle.core.textpack import read_packed, write_packed

MAX_TITLE = 80
"""Characters of a study's title."""
MAX_CAPTION = 400
"""Characters of one caption: a few sentences."""
MAX_MARKS = 40
"""Highlighted places on one step."""
MAX_ARROWS = 16
"""Arrows on one step."""
MAX_STEPS = 500
MAX_PROMPT = 200
"""Characters of a question's prompt ("Your move: …")."""
MAX_EXPLANATION = 400
"""Characters of a question's explanation, shown after a right or a wrong answer."""
MAX_ANSWERS = 8
"""Accepted answers of one question."""
MAX_ANSWER_ACTIONS = 16
"""Actions of one answer (a move of a card game may take several decisions)."""
MAX_ACTION_CHARS = 300
"""Characters of one action of an answer, as compact JSON."""
MAX_EYES = 7
"""The highest seat a study's ``eyes`` may name (3 bits in a link)."""

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
"""Control characters, line and paragraph separators, and lone surrogates (JSON's
``"\\ud800"``, which no UTF-8 text and so no link can carry)."""


_CARD = "card:"
"""The kind of a place that is a card (``card:7C``), which a seat may not see."""


class StudyError(ValueError):
    """A study that cannot be read: says which step and field is wrong."""


def clean_text(text: str, limit: int, one_line: bool = False) -> str:
    """Plain text as a study keeps it: no control characters (newlines stay in captions),
    no surrounding blanks, at most ``limit`` characters.

    >>> clean_text("  Red\\r\\nwins\\x00 ", 40), clean_text("A\\ntitle", 40, one_line=True)
    ('Red\\nwins', 'A title')
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if one_line:
        text = text.replace("\n", " ")
    return _CONTROL.sub("", text).strip()[:limit]


Arrow = tuple[str, str]


def is_board_place(place: str) -> bool:
    """Whether ``place`` is on the board drawing (arrows join only such places). Places
    that live elsewhere on the page carry a kind before a colon: ``card:7C``,
    ``pathway:1-9``.

    >>> is_board_place("1,-2"), is_board_place("crozet"), is_board_place("card:Ki3")
    (True, True, False)
    """
    return ":" not in place


MAX_ACTION_DEPTH = 8
"""How deep an action's JSON may nest (the games' actions nest two levels)."""


def action_text(value: Any) -> str:
    """An action's JSON value as one canonical text (what two equal actions share);
    ``StudyError`` for a value nested deeper than any action (:data:`MAX_ACTION_DEPTH`).

    >>> action_text({"play": "7C"}) == action_text({ "play" : "7C" })
    True
    """
    level = [value]
    for _ in range(MAX_ACTION_DEPTH + 1):
        level = [
            v
            for item in level
            if isinstance(item, dict | list)
            for v in (item.values() if isinstance(item, dict) else item)
        ]
        if not level:
            break
    else:
        raise StudyError(f"an action nests at most {MAX_ACTION_DEPTH} levels")
    # ASCII: a lone surrogate ("\ud800", valid JSON) stays an escape a link can carry
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


@dataclass(frozen=True)
class Question:
    """An exercise at a step: the reader is to make the move the author gave there.

    Each answer is one accepted move: the actions it takes, in order, as canonical JSON
    texts of the record's action syntax (:func:`action_text`). Most moves are one action;
    a card game's turn may take several decisions (play a card, then a tile).
    """

    answers: tuple[tuple[str, ...], ...]
    prompt: str = ""
    """What is asked ("Your move: …"); shown before the reader answers."""
    explanation: str = ""
    """Why, shown after the reader answers, right or wrong."""

    @staticmethod
    def of(answers: Iterable[Iterable[Any]], prompt: str = "", explanation: str = "") -> Question:
        """A question from answers given as JSON values of actions (each answer a list of
        actions), the texts cleaned; ``StudyError`` if an answer is empty or too long.

        >>> Question.of([[{"play": "7C"}], [{"play": "9C"}]], "Your move").answers
        (('{"play":"7C"}',), ('{"play":"9C"}',))
        """
        kept: list[tuple[str, ...]] = []
        for answer in answers:
            if len(kept) >= MAX_ANSWERS:
                raise StudyError(f"a question has 1 to {MAX_ANSWERS} answers")
            answer = list(answer)
            if len(answer) > MAX_ANSWER_ACTIONS:
                raise StudyError(f"an answer is 1 to {MAX_ANSWER_ACTIONS} actions")
            texts = tuple(action_text(a) for a in answer)
            if not texts or len(texts) > MAX_ANSWER_ACTIONS:
                raise StudyError(f"an answer is 1 to {MAX_ANSWER_ACTIONS} actions")
            if any(len(t) > MAX_ACTION_CHARS for t in texts):
                raise StudyError(f"an action of an answer is at most {MAX_ACTION_CHARS} characters")
            if texts not in kept:
                kept.append(texts)
        if not kept or len(kept) > MAX_ANSWERS:
            raise StudyError(f"a question has 1 to {MAX_ANSWERS} answers")
        return Question(
            tuple(kept),
            clean_text(prompt, MAX_PROMPT, one_line=True),
            clean_text(explanation, MAX_EXPLANATION),
        )

    def answer_values(self) -> list[list[Any]]:
        """The answers as JSON values of actions."""
        return [[json.loads(t) for t in answer] for answer in self.answers]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"answers": self.answer_values()}
        if self.prompt:
            out["prompt"] = self.prompt
        if self.explanation:
            out["explanation"] = self.explanation
        return out


@dataclass(frozen=True)
class Step:
    """What a study says and shows at one position."""

    ply: int
    """The position after this many actions of the line (0: the start)."""
    caption: str = ""
    marks: tuple[str, ...] = ()
    """Highlighted places (``data-hex`` values), each once, in the order they were marked."""
    arrows: tuple[Arrow, ...] = ()
    """Arrows from a place to another, each once."""
    question: Question | None = None
    """An exercise here: the move the reader is to find (None: none)."""

    @property
    def empty(self) -> bool:
        return not (self.caption or self.marks or self.arrows or self.question)

    def toggle_mark(self, place: str) -> Step:
        """The step with ``place`` highlighted, or no longer highlighted if it was."""
        if place in self.marks:
            return replace(self, marks=tuple(m for m in self.marks if m != place))
        if len(self.marks) >= MAX_MARKS:
            return self
        return replace(self, marks=(*self.marks, place))

    def toggle_arrow(self, src: str, dst: str) -> Step:
        """The step with an arrow from ``src`` to ``dst``, or without it if it had one."""
        if src == dst or not (is_board_place(src) and is_board_place(dst)):
            return self
        if (src, dst) in self.arrows:
            return replace(self, arrows=tuple(a for a in self.arrows if a != (src, dst)))
        if len(self.arrows) >= MAX_ARROWS:
            return self
        return replace(self, arrows=(*self.arrows, (src, dst)))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ply": self.ply}
        if self.caption:
            out["caption"] = self.caption
        if self.marks:
            out["marks"] = list(self.marks)
        if self.arrows:
            out["arrows"] = [list(a) for a in self.arrows]
        if self.question is not None:
            out["question"] = self.question.to_json()
        return out


@dataclass(frozen=True)
class Study:
    """A title and the annotated steps of a line, in order of ply (one step per ply)."""

    title: str = ""
    steps: tuple[Step, ...] = field(default=())
    eyes: int | None = None
    """A card game seen as this seat sees it (its hand, the others face down) while the
    game is on; None: as the page would show it (every hand, in a study or embed)."""

    def __post_init__(self) -> None:
        kept = {s.ply: s for s in self.steps if not s.empty}
        object.__setattr__(self, "steps", tuple(kept[p] for p in sorted(kept)))

    @property
    def empty(self) -> bool:
        return not self.title and not self.steps and self.eyes is None

    @property
    def last_annotated(self) -> int | None:
        """The ply of the last step with a caption or marks (None: there is none)."""
        return self.steps[-1].ply if self.steps else None

    @property
    def first_annotated(self) -> int | None:
        return self.steps[0].ply if self.steps else None

    def step(self, ply: int) -> Step:
        """The step at ``ply`` (an empty one where nothing was written)."""
        for s in self.steps:
            if s.ply == ply:
                return s
        return Step(ply)

    def with_step(self, step: Step) -> Study:
        """This study with ``step`` in place of whatever was at its ply (an empty step
        removes it)."""
        return replace(self, steps=(*(s for s in self.steps if s.ply != step.ply), step))

    def with_caption(self, ply: int, caption: str) -> Study:
        return self.with_step(replace(self.step(ply), caption=clean_text(caption, MAX_CAPTION)))

    def with_title(self, title: str) -> Study:
        return replace(self, title=clean_text(title, MAX_TITLE, one_line=True))

    def with_eyes(self, seat: int | None) -> Study:
        """Seen through ``seat``'s eyes (None: every hand, as before)."""
        if seat is not None and not 0 <= seat <= MAX_EYES:
            raise StudyError(f"eyes: a seat from 0 to {MAX_EYES}")
        return replace(self, eyes=seat)

    def with_question(
        self,
        ply: int,
        answers: Iterable[Iterable[Any]],
        prompt: str = "",
        explanation: str = "",
    ) -> Study:
        """The step at ``ply`` made a question whose answers are the moves given (each a
        list of actions as the record's JSON syntax: what the author played there); no
        answers at all removes the question. ``StudyError`` for an answer too long.

        >>> study = Study().with_question(3, [[{"play": "7C"}]], "Your move", "The 7 wins.")
        >>> study.step(3).question.prompt, Study.from_json(study.to_json()) == study
        ('Your move', True)
        """
        answers = [list(a) for a in answers]
        question = Question.of(answers, prompt, explanation) if answers else None
        return self.with_step(replace(self.step(ply), question=question))

    def upto(self, ply: int) -> Study:
        """Only the steps at or before ``ply`` (a line that ends there, or leaves it)."""
        return replace(self, steps=tuple(s for s in self.steps if s.ply <= ply))

    def through_eyes(
        self,
        seat: int,
        sees: Callable[[int], Collection[str]],
        asks: Callable[[int], bool],
    ) -> Study:
        """The study as a link through ``seat``'s eyes carries it (a card game's): seen
        through that seat; a mark on a card (``card:…``) only at a step where the seat sees
        that card (``sees(ply)``: the card places it sees there), so the link names no
        card the seat may not see; a question only at a step where ``asks(ply)`` (the seat
        is the one asked: another seat's answer would be that seat's cards).

        >>> study = Study(steps=(Step(2, "", ("card:7C", "card:9S", "1,0")),)).with_question(
        ...     4, [[{"play": "9S"}]])
        >>> seen = study.through_eyes(1, lambda ply: {"card:9S"}, lambda ply: False)
        >>> seen.eyes, seen.steps[0].marks, seen.step(4).question
        (1, ('card:9S', '1,0'), None)
        """
        steps = []
        for step in self.steps:
            seen = sees(step.ply) if any(m.startswith(_CARD) for m in step.marks) else ()
            marks = tuple(m for m in step.marks if not m.startswith(_CARD) or m in seen)
            question = step.question if step.question is not None and asks(step.ply) else None
            steps.append(replace(step, marks=marks, question=question))
        return Study(self.title, tuple(steps), seat)

    def seen_along(
        self,
        seat: int,
        state: Any,
        actions: Sequence[Any],
        visible: Callable[[Any, int], Collection[str]],
    ) -> Study:
        """:meth:`through_eyes` for the line ``actions`` played from ``state`` (which it
        plays): ``visible(state, seat)`` names the cards the seat sees there; the steps
        after the line's end are left out."""
        plies = {s.ply for s in self.steps}
        cards: dict[int, frozenset[str]] = {}
        movers: dict[int, Any] = {}
        for ply in range(len(actions) + 1):
            if ply in plies:
                cards[ply] = frozenset(f"{_CARD}{c}" for c in visible(state, seat))
                movers[ply] = state.to_move()
            if ply < len(actions):
                state.apply(actions[ply])
        return self.upto(len(actions)).through_eyes(
            seat, lambda ply: cards.get(ply, frozenset()), lambda ply: movers.get(ply) == seat
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.title:
            out["title"] = self.title
        if self.eyes is not None:
            out["eyes"] = self.eyes
        out["steps"] = [s.to_json() for s in self.steps]
        return out

    @staticmethod
    def from_json(
        data: Any,
        places: Collection[str] | None = None,
        plies: int | None = None,
        players: int | None = None,
    ) -> Study:
        """A study from its JSON (the ``"study"`` key); ``StudyError`` names what is wrong.

        ``places``: the places of the game's board (marks elsewhere are an error);
        ``plies``: how many actions the line has (a step after its end is an error);
        ``players``: the seats (``eyes`` on another seat is an error).
        """
        if type(data) is not dict:
            raise StudyError("a study must be a JSON object")
        title = data.get("title", "")
        if type(title) is not str or len(title) > MAX_TITLE:
            raise StudyError(f'"title" must be a text of at most {MAX_TITLE} characters')
        eyes = data.get("eyes")
        seats = MAX_EYES + 1 if players is None else min(players, MAX_EYES + 1)
        if eyes is not None and (type(eyes) is not int or not 0 <= eyes < seats):
            raise StudyError(f'"eyes" must be a seat, a whole number from 0 to {seats - 1}')
        raw_steps = data.get("steps", [])
        if type(raw_steps) is not list or len(raw_steps) > MAX_STEPS:
            raise StudyError(f'"steps" must be a list of at most {MAX_STEPS} steps')
        steps = []
        seen: set[int] = set()
        for i, raw in enumerate(raw_steps):
            step = _step_from_json(raw, f"step {i}", places, plies)
            if step.ply in seen:
                raise StudyError(f"step {i}: a second step at move {step.ply}")
            seen.add(step.ply)
            steps.append(step)
        return Study(clean_text(title, MAX_TITLE, one_line=True), tuple(steps), eyes)


def _step_from_json(
    raw: Any, where: str, places: Collection[str] | None, plies: int | None
) -> Step:
    if type(raw) is not dict:
        raise StudyError(f"{where}: must be a JSON object")
    ply = raw.get("ply")
    if type(ply) is not int or ply < 0:
        raise StudyError(f'{where}: "ply" must be a whole number (0: the start)')
    if plies is not None and ply > plies:
        raise StudyError(f"{where}: move {ply} is after the end of the game ({plies} moves)")
    caption = raw.get("caption", "")
    if type(caption) is not str or len(caption) > MAX_CAPTION:
        raise StudyError(f'{where}: "caption" must be a text of at most {MAX_CAPTION} characters')
    marks = raw.get("marks", [])
    if (
        type(marks) is not list
        or len(marks) > MAX_MARKS
        or not all(type(m) is str for m in marks)
        or len(set(marks)) != len(marks)
    ):
        raise StudyError(f'{where}: "marks" must list at most {MAX_MARKS} places, each once')
    arrows = raw.get("arrows", [])
    if type(arrows) is not list or len(arrows) > MAX_ARROWS:
        raise StudyError(f'{where}: "arrows" must list at most {MAX_ARROWS} arrows')
    pairs: list[Arrow] = []
    for a in arrows:
        if type(a) is not list or len(a) != 2 or not all(type(p) is str for p in a):
            raise StudyError(f'{where}: an arrow is a list of two places, ["1,0", "3,0"]')
        if a[0] == a[1] or (a[0], a[1]) in pairs:
            raise StudyError(f"{where}: an arrow goes between two places, each arrow once")
        if not (is_board_place(a[0]) and is_board_place(a[1])):
            raise StudyError(f"{where}: an arrow joins two places of the board, not cards")
        pairs.append((a[0], a[1]))
    if places is not None:
        for p in [*marks, *(p for pair in pairs for p in pair)]:
            if p not in places:
                raise StudyError(f"{where}: {jsontext.quoted(p, 20)} is not a place on this board")
    question = None
    if "question" in raw:
        question = _question_from_json(raw["question"], where)
    return Step(ply, clean_text(caption, MAX_CAPTION), tuple(marks), tuple(pairs), question)


def _question_from_json(raw: Any, where: str) -> Question:
    if type(raw) is not dict:
        raise StudyError(f'{where}: "question" must be a JSON object with "answers"')
    prompt, explanation = raw.get("prompt", ""), raw.get("explanation", "")
    if type(prompt) is not str or len(prompt) > MAX_PROMPT:
        raise StudyError(f'{where}: "prompt" must be a text of at most {MAX_PROMPT} characters')
    if type(explanation) is not str or len(explanation) > MAX_EXPLANATION:
        raise StudyError(
            f'{where}: "explanation" must be a text of at most {MAX_EXPLANATION} characters'
        )
    answers = raw.get("answers")
    if (
        type(answers) is not list
        or not 1 <= len(answers) <= MAX_ANSWERS
        or not all(type(a) is list for a in answers)
    ):
        raise StudyError(
            f'{where}: "answers" must list 1 to {MAX_ANSWERS} answers, each a list of actions'
        )
    try:
        return Question.of(answers, prompt, explanation)
    except StudyError as e:
        raise StudyError(f"{where}: {e}") from None


# -- in share links ------------------------------------------------------------------------

_LAYOUT = 0
"""The study extension's layout version (2 bits): a new layout takes the next value."""
_MORE_LAYOUT = 0
"""The layout version (2 bits) of what follows the steps (eyes, questions, marks beyond
the base places): a reader that finds another value keeps the study read so far."""
_TEXT_UTF8, _TEXT_PACKED = 0, 1
_EYES_BITS = 3


def write_study(
    w: BitWriter,
    study: Study | None,
    places: Sequence[str],
    players: int,
    bots: Sequence[str | None] | None,
    base: int | None = None,
) -> None:
    """A study after the seats of a link (nothing at all when there is none, so a link
    without a study is exactly what it was before studies).

    Decoders written before studies read the seats and stop: :func:`waddle.core.links.
    read_seats` reads the computer-seats flag only when at least ``1 + 3 × players`` bits
    are left, and the rest of a link was padding to them. So the flag is written out here
    (0) when ``write_seats`` left it out, and the extension is padded to at least
    ``3 × players`` bits: every decoder then reads the flag and the seats as written, and
    a new decoder finds the study's marker bit where old links have zero padding.

    ``base``: how many of ``places`` a decoder written before card marks knew (the
    game's places then; all of them by default). The steps are written as such a decoder
    reads them, with only the marks on those places, in as many bits as they need; what
    it cannot read follows the steps, where it stops reading (see :func:`_write_more`):
    the seat whose eyes the study is seen through, the marks on later places (a card, a
    pathway), and the questions.
    """
    if study is None or study.empty:
        return
    if not (bots and any(bots)):
        w.uint(0, 1)  # no computer seats, said explicitly so the study can follow
    start = w.bit_length
    index = {p: i for i, p in enumerate(places)}
    base = len(places) if base is None else base
    width = index_width(base)
    w.uint(1, 1)  # a study follows
    w.uint(_LAYOUT, 2)
    texts = [study.title, *(s.caption for s in study.steps)]
    mode = _text_mode(texts)
    w.uint(mode, 1)
    _write_text(w, study.title, mode)
    w.varint(len(study.steps))
    previous = 0
    for s in study.steps:
        w.varint(s.ply - previous)
        previous = s.ply
        _write_text(w, s.caption, mode)
        marks = [index[m] for m in s.marks if index[m] < base]
        arrows = [(index[a], index[b]) for a, b in s.arrows if max(index[a], index[b]) < base]
        w.varint(len(marks))
        for i in marks:
            w.uint(i, width)
        w.varint(len(arrows))
        for i, j in arrows:
            w.uint(i, width)
            w.uint(j, width)
    _write_more(w, study, index, base)
    while w.bit_length - start < LEVEL_BITS * players:
        w.uint(0, 1)


def _text_mode(texts: Sequence[str]) -> int:
    """The text code that spends fewer bits on ``texts``."""
    packed = BitWriter()
    for text in texts:
        write_packed(packed, text)
    plain = BitWriter()
    for text in texts:
        plain.text(text)
    return _TEXT_PACKED if packed.bit_length <= plain.bit_length else _TEXT_UTF8


def _beyond(step: Step, index: dict[str, int], base: int) -> bool:
    """Whether a step marks a place a decoder before card marks does not know."""
    ends = [*step.marks, *(p for pair in step.arrows for p in pair)]
    return any(index[p] >= base for p in ends)


def _write_more(w: BitWriter, study: Study, index: dict[str, int], base: int) -> None:
    """What follows the steps, when there is any: a ``1`` (old links have zero padding
    or nothing there), the layout (2 bits), the eyes (a bit, then the seat in 3 bits),
    the text code (1 bit), then for each step a bit saying whether its marks and arrows
    follow again in full (in as many bits as every place needs: it marks a place beyond
    ``base``), and a bit saying whether a question follows (its prompt, its explanation,
    the number of answers, and each answer as its number of actions and each action's
    JSON text)."""
    beyond = [_beyond(s, index, base) for s in study.steps]
    if study.eyes is None and not any(beyond) and not any(s.question for s in study.steps):
        return
    w.uint(1, 1)
    w.uint(_MORE_LAYOUT, 2)
    w.uint(0 if study.eyes is None else 1, 1)
    if study.eyes is not None:
        w.uint(study.eyes, _EYES_BITS)
    texts = [
        text
        for s in study.steps
        if s.question is not None
        for text in (s.question.prompt, s.question.explanation, *sum(s.question.answers, ()))
    ]
    mode = _text_mode(texts)
    w.uint(mode, 1)
    width = index_width(len(index))
    for s, full in zip(study.steps, beyond, strict=True):
        w.uint(1 if full else 0, 1)
        if full:
            w.varint(len(s.marks))
            for m in s.marks:
                w.uint(index[m], width)
            w.varint(len(s.arrows))
            for a, b in s.arrows:
                w.uint(index[a], width)
                w.uint(index[b], width)
        q = s.question
        w.uint(0 if q is None else 1, 1)
        if q is not None:
            _write_text(w, q.prompt, mode)
            _write_text(w, q.explanation, mode)
            w.varint(len(q.answers))
            for answer in q.answers:
                w.varint(len(answer))
                for text in answer:
                    _write_text(w, text, mode)


def _write_text(w: BitWriter, text: str, mode: int) -> None:
    if mode == _TEXT_PACKED:
        write_packed(w, text)
    else:
        w.text(text)


def read_study(
    r: BitReader, places: Sequence[str], plies: int, base: int | None = None
) -> Study | None:
    """The study after a link's seats, or None (an old link, or one without a study);
    ``base`` as for :func:`write_study`."""
    if r.remaining() < 1 or r.uint(1) == 0:
        return None
    if r.uint(2) != _LAYOUT:
        raise LinkError("the link's study was written by a newer version of this app")
    mode = r.uint(1)
    base = len(places) if base is None else min(base, len(places))
    width = index_width(base)
    try:
        title = _read_text(r, mode, MAX_TITLE)
        count = r.varint()
        if count > MAX_STEPS:
            raise LinkError("the link's study has too many steps")
        steps: list[Step] = []
        ply = 0
        for k in range(count):
            ply += r.varint()
            if ply > plies or (k and ply == steps[-1].ply):
                raise LinkError("the link's study has a step after the end of its game")
            caption = _read_text(r, mode, MAX_CAPTION)
            marks = _read_places(r, width, places[:base], MAX_MARKS)
            ends = _read_places(r, width, places[:base], 2 * MAX_ARROWS, pairs=True)
            arrows = tuple(zip(ends[::2], ends[1::2], strict=True))
            steps.append(
                Step(ply, clean_text(caption, MAX_CAPTION), tuple(dict.fromkeys(marks)), arrows)
            )
        eyes = None
        if r.remaining() >= 1 and r.uint(1) == 1 and r.uint(2) == _MORE_LAYOUT:
            eyes, steps = _read_more(r, places, steps)
    except DecodeError as e:
        raise LinkError(f"the link's study is damaged: {e}") from None
    return Study(clean_text(title, MAX_TITLE, one_line=True), tuple(steps), eyes)


def _read_more(
    r: BitReader, places: Sequence[str], steps: list[Step]
) -> tuple[int | None, list[Step]]:
    """Inverse of :func:`_write_more` (after its marker and layout)."""
    eyes = r.uint(_EYES_BITS) if r.uint(1) else None
    mode = r.uint(1)
    width = index_width(len(places))
    out = []
    for step in steps:
        if r.uint(1):
            marks = _read_places(r, width, places, MAX_MARKS)
            ends = _read_places(r, width, places, 2 * MAX_ARROWS, pairs=True)
            arrows = tuple(zip(ends[::2], ends[1::2], strict=True))
            if not all(is_board_place(p) for p in ends) or any(a == b for a, b in arrows):
                raise LinkError("the link's study has an arrow that joins no two board places")
            step = replace(step, marks=tuple(dict.fromkeys(marks)), arrows=arrows)
        if r.uint(1):
            step = replace(step, question=_read_question(r, mode))
        out.append(step)
    return eyes, out


def _read_question(r: BitReader, mode: int) -> Question:
    prompt = _read_text(r, mode, MAX_PROMPT)
    explanation = _read_text(r, mode, MAX_EXPLANATION)
    count = r.varint()
    if not 1 <= count <= MAX_ANSWERS:
        raise LinkError("the link's study has a question without answers, or too many")
    answers = []
    for _ in range(count):
        length = r.varint()
        if not 1 <= length <= MAX_ANSWER_ACTIONS:
            raise LinkError("the link's study has an answer of no actions, or too many")
        actions = []
        for _ in range(length):
            text = _read_text(r, mode, MAX_ACTION_CHARS)
            try:
                actions.append(jsontext.loads(text))
            except ValueError:
                raise LinkError("the link's study has an answer that is not an action") from None
        answers.append(actions)
    try:
        return Question.of(answers, prompt, explanation)
    except StudyError as e:
        raise LinkError(f"the link's study has a question that cannot be read: {e}") from None


def _read_text(r: BitReader, mode: int, limit: int) -> str:
    if mode == _TEXT_PACKED:
        return read_packed(r, limit)
    return r.text(4 * limit).encode("utf-8")[: 4 * limit].decode("utf-8", "ignore")


def _read_places(
    r: BitReader, width: int, places: Sequence[str], limit: int, pairs: bool = False
) -> list[str]:
    count = r.varint() * (2 if pairs else 1)
    if count > limit:
        raise LinkError("the link's study marks too many places")
    out = []
    for _ in range(count):
        i = r.uint(width)
        if i >= len(places):
            raise LinkError("the link's study marks a place that is not on its board")
        out.append(places[i])
    return out


def study_places(cells: Iterable[tuple[int, int]]) -> tuple[str, ...]:
    """The place names of hex cells, in order: what a hex game's ``places`` returns.

    >>> study_places([(0, 0), (1, -1)])
    ('0,0', '1,-1')
    """
    return tuple(f"{q},{r}" for q, r in cells)
