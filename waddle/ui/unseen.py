"""Cards a device cannot see yet, drawn face down.

A card game played on several devices runs its rules on a determinization: every card the
device has not been shown yet is a stand-in (:mod:`waddle.core.card_world`). The rules
never depend on a stand-in, but a view can still *show* one: this seat's hand while the
deal is going on, a face-up card the rules have turned up but whose unlock tokens have not
come yet. Drawn as it is, the stand-in would be a card that is not there, changing under
the player's eyes when the real one arrives.

:func:`face_down` takes any region's markup and draws every card whose ``data-card`` is
one of the stand-ins as a card back: the element keeps its kind and size (its first class
and the classes that refine it, ``card card-mini``, never a class naming a suit) and
loses everything that names the card (its ``data-*`` hooks, its words, its symbol) and
its control (nothing to click on a card nobody has seen). It is a pass over markup the
presenters wrote, so it names no game.

>>> html = '<p><span class="card suit-court" data-card="7C">7<b>Court</b></span> <i>x</i></p>'
>>> back = face_down(html, {"7C"})
>>> back.startswith('<p><span class="card card-back card-unseen" data-unseen="true"')
True
>>> "7C" in back or "Court" in back or "suit" in back, back.endswith("</span> <i>x</i></p>")
(False, True)
>>> face_down(html, {"8C"}) == html
True
"""

from __future__ import annotations

from collections.abc import Collection
from html import escape
from html.parser import HTMLParser

UNSEEN_WORDS = "a card not turned up yet"
"""What a screen reader says of a card back."""

_VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)
"""Elements with no end tag (HTML's void elements)."""


class _Finder(HTMLParser):
    """The spans (start, end offsets) of the elements whose ``data-card`` is wanted."""

    def __init__(self, text: str, wanted: Collection[str]) -> None:
        super().__init__(convert_charrefs=False)
        self.wanted = wanted
        self.lines = [0]
        for n, ch in enumerate(text):
            if ch == "\n":
                self.lines.append(n + 1)
        self.spans: list[tuple[int, int, str]] = []
        self._depth = 0
        self._open: tuple[int, int, str] | None = None  # start offset, depth, classes

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        start = self._offset()
        if self._open is None:
            values = dict(attrs)
            if values.get("data-card") in self.wanted:
                if tag in _VOID:
                    end = start + len(self.get_starttag_text() or "")
                    self.spans.append((start, end, values.get("class") or ""))
                    return
                self._open = (start, self._depth, values.get("class") or "")
        if tag not in _VOID:
            self._depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._open is None and dict(attrs).get("data-card") in self.wanted:
            start = self._offset()
            end = start + len(self.get_starttag_text() or "")
            self.spans.append((start, end, dict(attrs).get("class") or ""))

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        self._depth -= 1
        if self._open is not None and self._depth == self._open[1]:
            start, _, classes = self._open
            rest = self.rawdata[self._offset() :]
            end = self._offset() + rest.index(">") + 1
            self.spans.append((start, end, classes))
            self._open = None


def _kind(classes: str) -> list[str]:
    """The classes that say what kind of thing and size an element is, not which card:
    the first, and those refining it (``card`` and ``card-mini`` of ``card card-mini
    suit-court``)."""
    tokens = classes.split()
    if not tokens:
        return []
    return [tokens[0], *(t for t in tokens[1:] if t.startswith(tokens[0] + "-"))]


def face_down(markup: str, unseen: Collection[str]) -> str:
    """``markup`` with every element whose ``data-card`` is in ``unseen`` drawn as a card
    back (see the module's notes). Linear in the markup's length."""
    if not unseen or "data-card" not in markup:
        return markup
    finder = _Finder(markup, frozenset(unseen))
    finder.feed(markup)
    finder.close()
    if not finder.spans:
        return markup
    out, at = [], 0
    for start, end, classes in finder.spans:
        out.append(markup[at:start])
        cls = escape(" ".join([*_kind(classes), "card-back", "card-unseen"]))
        out.append(
            f'<span class="{cls}" data-unseen="true" role="img" aria-label="{UNSEEN_WORDS}"></span>'
        )
        at = end
    out.append(markup[at:])
    return "".join(out)


__all__ = ["UNSEEN_WORDS", "face_down"]
