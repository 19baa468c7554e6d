"""Studies: a game record with words and marks, like a chess study's comments and shapes.

A study belongs to one game's line of play. Any step of it (the position after ``ply``
actions, 0 being the start) may carry a caption (plain text, a few sentences) and marks:
highlighted places and arrows between places. A place is named as the board's hooks name
it (``data-hex="q,r"`` on the hex boards), so a study works for any game whose presenter
can draw marks on its places (see docs/architecture.md, "Studies").

A study is stored as extra keys that other readers ignore: ``"study"`` in a record file or
a save (:meth:`Study.to_json`, docs/studies.md), and an extension after the seats of a
share link (:func:`write_study`), which decoders written before studies never reach.

Captions and titles are text, never markup: they are cleaned of control characters here
and escaped (or set as ``textContent``) wherever they are shown.

>>> study = Study("A tie", (Step(0, "Two players."), Step(3, "Red ties.", ("1,0",))))
>>> study.step(3).marks, study.step(2).caption, study.last_annotated
(('1,0',), '', 3)
>>> Study.from_json(study.to_json(), places={"1,0"}, plies=5) == study
True
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

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

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


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

    @property
    def empty(self) -> bool:
        return not (self.caption or self.marks or self.arrows)

    def toggle_mark(self, place: str) -> Step:
        """The step with ``place`` highlighted, or no longer highlighted if it was."""
        if place in self.marks:
            return replace(self, marks=tuple(m for m in self.marks if m != place))
        if len(self.marks) >= MAX_MARKS:
            return self
        return replace(self, marks=(*self.marks, place))

    def toggle_arrow(self, src: str, dst: str) -> Step:
        """The step with an arrow from ``src`` to ``dst``, or without it if it had one."""
        if src == dst:
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
        return out


@dataclass(frozen=True)
class Study:
    """A title and the annotated steps of a line, in order of ply (one step per ply)."""

    title: str = ""
    steps: tuple[Step, ...] = field(default=())

    def __post_init__(self) -> None:
        kept = {s.ply: s for s in self.steps if not s.empty}
        object.__setattr__(self, "steps", tuple(kept[p] for p in sorted(kept)))

    @property
    def empty(self) -> bool:
        return not self.title and not self.steps

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
        return Study(self.title, (*(s for s in self.steps if s.ply != step.ply), step))

    def with_caption(self, ply: int, caption: str) -> Study:
        return self.with_step(replace(self.step(ply), caption=clean_text(caption, MAX_CAPTION)))

    def with_title(self, title: str) -> Study:
        return Study(clean_text(title, MAX_TITLE, one_line=True), self.steps)

    def upto(self, ply: int) -> Study:
        """Only the steps at or before ``ply`` (a line that ends there, or leaves it)."""
        return Study(self.title, tuple(s for s in self.steps if s.ply <= ply))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.title:
            out["title"] = self.title
        out["steps"] = [s.to_json() for s in self.steps]
        return out

    @staticmethod
    def from_json(
        data: Any, places: Collection[str] | None = None, plies: int | None = None
    ) -> Study:
        """A study from its JSON (the ``"study"`` key); ``StudyError`` names what is wrong.

        ``places``: the places of the game's board (marks elsewhere are an error);
        ``plies``: how many actions the line has (a step after its end is an error).
        """
        if type(data) is not dict:
            raise StudyError("a study must be a JSON object")
        title = data.get("title", "")
        if type(title) is not str or len(title) > MAX_TITLE:
            raise StudyError(f'"title" must be a text of at most {MAX_TITLE} characters')
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
        return Study(clean_text(title, MAX_TITLE, one_line=True), tuple(steps))


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
        pairs.append((a[0], a[1]))
    if places is not None:
        for p in [*marks, *(p for pair in pairs for p in pair)]:
            if p not in places:
                raise StudyError(f"{where}: {p[:20]!r} is not a place on this board")
    return Step(ply, clean_text(caption, MAX_CAPTION), tuple(marks), tuple(pairs))


# -- in share links ------------------------------------------------------------------------

_LAYOUT = 0
"""The study extension's layout version (2 bits): a new layout takes the next value."""
_TEXT_UTF8, _TEXT_PACKED = 0, 1


def write_study(
    w: BitWriter,
    study: Study | None,
    places: Sequence[str],
    players: int,
    bots: Sequence[str | None] | None,
) -> None:
    """A study after the seats of a link (nothing at all when there is none, so a link
    without a study is exactly what it was before studies).

    Decoders written before studies read the seats and stop: :func:`waddle.core.links.
    read_seats` reads the computer-seats flag only when at least ``1 + 3 × players`` bits
    are left, and the rest of a link was padding to them. So the flag is written out here
    (0) when ``write_seats`` left it out, and the extension is padded to at least
    ``3 × players`` bits: every decoder then reads the flag and the seats as written, and
    a new decoder finds the study's marker bit where old links have zero padding.
    """
    if study is None or study.empty:
        return
    if not (bots and any(bots)):
        w.uint(0, 1)  # no computer seats, said explicitly so the study can follow
    start = w.bit_length
    index = {p: i for i, p in enumerate(places)}
    width = index_width(len(places))
    w.uint(1, 1)  # a study follows
    w.uint(_LAYOUT, 2)
    texts = [study.title, *(s.caption for s in study.steps)]
    packed = BitWriter()
    for text in texts:
        write_packed(packed, text)
    plain = BitWriter()
    for text in texts:
        plain.text(text)
    mode = _TEXT_PACKED if packed.bit_length <= plain.bit_length else _TEXT_UTF8
    w.uint(mode, 1)
    _write_text(w, study.title, mode)
    w.varint(len(study.steps))
    previous = 0
    for s in study.steps:
        w.varint(s.ply - previous)
        previous = s.ply
        _write_text(w, s.caption, mode)
        w.varint(len(s.marks))
        for m in s.marks:
            w.uint(index[m], width)
        w.varint(len(s.arrows))
        for a, b in s.arrows:
            w.uint(index[a], width)
            w.uint(index[b], width)
    while w.bit_length - start < LEVEL_BITS * players:
        w.uint(0, 1)


def _write_text(w: BitWriter, text: str, mode: int) -> None:
    if mode == _TEXT_PACKED:
        write_packed(w, text)
    else:
        w.text(text)


def read_study(r: BitReader, places: Sequence[str], plies: int) -> Study | None:
    """The study after a link's seats, or None (an old link, or one without a study)."""
    if r.remaining() < 1 or r.uint(1) == 0:
        return None
    if r.uint(2) != _LAYOUT:
        raise LinkError("the link's study was written by a newer version of this app")
    mode = r.uint(1)
    width = index_width(len(places))
    try:
        title = _read_text(r, mode, MAX_TITLE)
        count = r.varint()
        if count > MAX_STEPS:
            raise LinkError("the link's study has too many steps")
        steps = []
        ply = 0
        for k in range(count):
            ply += r.varint()
            if ply > plies or (k and ply == steps[-1].ply):
                raise LinkError("the link's study has a step after the end of its game")
            caption = _read_text(r, mode, MAX_CAPTION)
            marks = _read_places(r, width, places, MAX_MARKS)
            ends = _read_places(r, width, places, 2 * MAX_ARROWS, pairs=True)
            arrows = tuple(zip(ends[::2], ends[1::2], strict=True))
            steps.append(
                Step(ply, clean_text(caption, MAX_CAPTION), tuple(dict.fromkeys(marks)), arrows)
            )
    except DecodeError as e:
        raise LinkError(f"the link's study is damaged: {e}") from None
    return Study(clean_text(title, MAX_TITLE, one_line=True), tuple(steps))


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
