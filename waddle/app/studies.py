"""Writing a study on the game on screen, for any game whose presenter draws marks: the
caption of the shown step, marks and arrows by clicks on the board (or typed), the list of
annotated steps. Pure Python; ``web/app.py`` forwards the study panel's events here.

A click on the board plays a move as always, marks a place, or draws an arrow (two
clicks), by the chosen :attr:`StudyDesk.mode`.

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

from waddle.core.study import MAX_ARROWS, MAX_MARKS, Study
from waddle.ui.presenter import draws_marks

MODES = ("play", "mark", "arrow")


@dataclass
class StudyDesk:
    """The study of ``session`` and how the board's clicks are taken while writing it."""

    session: Any
    mode: str = "play"
    arrow_from: str | None = None
    """The first click of an arrow being drawn."""

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

    def set_mode(self, mode: str) -> None:
        if mode in MODES:
            self.mode = mode
            self.arrow_from = None

    def click(self, place: str) -> bool:
        """A click on a place while writing: True if it marked or drew (not a move)."""
        if self.mode == "play" or self.study is None or place not in self.places():
            return False
        step = self.study.step(self.ply)
        if self.mode == "mark":
            self.session.study = self.study.with_step(step.toggle_mark(place))
            self.session.message = (
                f"{place} marked."
                if place in self.study.step(self.ply).marks
                else f"{place} unmarked."
            )
            return True
        if self.arrow_from is None or self.arrow_from == place:
            self.arrow_from = None if self.arrow_from == place else place
            self.session.message = (
                None
                if self.arrow_from is None
                else f"Arrow from {place}: now click where it points."
            )
            return True
        src, self.arrow_from = self.arrow_from, None
        self.session.study = self.study.with_step(step.toggle_arrow(src, place))
        had = (src, place) in self.study.step(self.ply).arrows
        self.session.message = f"Arrow from {src} to {place} {'drawn' if had else 'removed'}."
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
            if src in known and dst in known and src != dst and (src, dst) not in arrows:
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
            short = what if len(what) <= 48 else what[:47] + "…"
            current = s.ply == self.ply
            items.append(
                f'<li><button type="button" class="study-step{" current" if current else ""}" '
                f'data-ply="{s.ply}"{" aria-current=step" if current else ""}>'
                f"Move {s.ply}: {escape(short)}</button></li>"
            )
        return f'<ol class="study-steps">{"".join(items)}</ol>'
