"""A link too long for a messenger, in parts that each open as a link, and joined back.

The first links of a card game's deal hold every card of the deck, locked (a few thousand
characters for Waddle Waddle); common messengers cut or refuse messages past about 2,000
characters, and a QR code stops well before. Such a link is offered in parts
(:func:`split_link`): each part is itself an ``r1.`` link (kind 3, :class:`waddle.core.
remote_cards.Part`) that names the whole (the first 48 bits of its SHA-256), its number and
the count, and carries a slice of the whole's characters, 6 bits each (a link's text is
base64url after its ``r1.``): a part of 2,000 characters carries 1,950 of the whole, so a
Waddle Waddle deal link of 14,700 characters travels in 8 parts. Opening the parts in any order
(:class:`Parts`) gives the whole back once all are there, checked against its hash; a part
of another message, twice the same part, or a damaged part never mixes in.

The other way a long link travels is a file: :func:`link_file` is its name and content (a
text file holding the link), and opening that file's text opens the link.

>>> text = "r1." + "A" * 4500
>>> parts = split_link(text, 2000)
>>> len(parts), all(len(p) <= 2000 for p in parts)
(3, True)
>>> bag = Parts()
>>> [bag.add(remote.read_link(p)) for p in reversed(parts)][-1] == text
True
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from waddle.core import remote
from waddle.core.remote_cards import _SYMBOL as _SYMBOLS
from waddle.core.remote_cards import Part

MAX_PARTS = 64
"""The most parts a link is split into (a whole card game from its start fits)."""
_OVERHEAD = 40
"""Characters a part spends besides its slice: prefix, kind, hash, numbers, checksum."""


def message_id(text: str) -> bytes:
    return hashlib.sha256(text.strip().encode("ascii")).digest()[:6]


def split_link(text: str, max_chars: int = 2000) -> list[str]:
    """``text`` as parts of at most ``max_chars`` characters each, or ``[text]`` if it
    fits. A part's slice is sized so that, base64 and all, the part fits."""
    text = text.strip()
    if len(text) <= max_chars:
        return [text]
    slice_chars = max_chars - _OVERHEAD  # 6 bits a character of base64url (a link's own)
    if slice_chars < 50:
        raise ValueError("parts that short would be too many")
    chunks = [text[i : i + slice_chars] for i in range(0, len(text), slice_chars)]
    if any(c not in _SYMBOLS for c in text[len(remote.PREFIX) :]):  # not a link: as UTF-8
        slice_chars = slice_chars * 3 // 4
        chunks = [text[i : i + slice_chars] for i in range(0, len(text), slice_chars)]
    if len(chunks) > MAX_PARTS:
        raise ValueError("this link is too long to send in parts: send it as a file")
    ident = message_id(text)
    out = []
    for i, chunk in enumerate(chunks):
        part = remote.write_link(Part(ident, i, len(chunks), chunk))  # type: ignore[arg-type]
        assert len(part) <= max_chars, len(part)
        out.append(part)
    return out


@dataclass
class Parts:
    """Parts of long links received so far, by message (in memory; the app keeps them in
    its storage between visits: :meth:`to_json`)."""

    held: dict[bytes, dict[int, str]] = field(default_factory=dict)
    counts: dict[bytes, int] = field(default_factory=dict)

    def add(self, part: Part) -> str | None:
        """Keep ``part``; the whole link once every part of its message is here and
        matches its hash (None until then). A part whose count disagrees with the
        message's other parts replaces nothing."""
        count = self.counts.setdefault(part.message, part.count)
        if count != part.count or part.index >= count:
            return None
        self.held.setdefault(part.message, {})[part.index] = part.chunk
        have = self.held[part.message]
        if len(have) < count:
            return None
        whole = "".join(have[i] for i in range(count))
        del self.held[part.message]
        del self.counts[part.message]
        if message_id(whole) != part.message:
            return None
        return whole

    def progress(self, message: bytes) -> tuple[int, int]:
        """(parts held, parts in all) of a message."""
        return len(self.held.get(message, {})), self.counts.get(message, 0)

    def to_json(self) -> dict[str, object]:
        return {
            m.hex(): {"count": self.counts[m], "parts": {str(i): c for i, c in p.items()}}
            for m, p in self.held.items()
        }

    @staticmethod
    def from_json(data: object) -> Parts:
        """Parts as :meth:`to_json` wrote them; a damaged entry is dropped (its parts
        will be asked for again)."""
        out = Parts()
        if not isinstance(data, dict):
            return out
        for key, value in data.items():
            try:
                message = bytes.fromhex(key)
                count = int(value["count"])
                parts = {int(i): str(c) for i, c in value["parts"].items()}
            except (ValueError, TypeError, KeyError, AttributeError):
                continue
            if len(message) != 6 or not 0 < count <= MAX_PARTS:
                continue
            if any(not 0 <= i < count or len(c) > remote.MAX_LINK_CHARS for i, c in parts.items()):
                continue
            out.held[message] = parts
            out.counts[message] = count
        return out


def link_file(text: str, game_title: str, game_id: str) -> tuple[str, str]:
    """The file a long link travels in: its name and its text (the link and a line for
    whoever opens it elsewhere)."""
    name = f"waddle-{game_title.lower().replace(' ', '-')}-{game_id[:8]}.txt"
    return name, f"{text.strip()}\n\nOpen this file in Waddle (Open a link) to continue the game.\n"


def link_from_file(content: str) -> str:
    """The link in a file's text (its first line that is one)."""
    for line in content.splitlines():
        line = line.strip()
        if line.startswith(remote.PREFIX):
            return line
        if "#" + remote.PREFIX in line:
            return line[line.index("#" + remote.PREFIX) + 1 :]
    raise ValueError("this file holds no link of a game")


__all__ = ["MAX_PARTS", "Parts", "link_file", "link_from_file", "message_id", "split_link"]
