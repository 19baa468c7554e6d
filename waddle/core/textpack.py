"""Short texts in few bits, for links: a fixed prefix code tuned for English sentences.

A study's captions travel inside its share link, and a link must stay short enough to
paste anywhere (a study with five 80-character captions in under 800 characters). UTF-8
spends 8 bits on every letter; this code spends about 4.5 on English prose, and any
character outside its table still fits (an escape, then the code point).

The code is a canonical Huffman code built at import from the fixed weights below, ties
broken by the table's order: the same on every Python, so the same text always packs to
the same bits (unlike ``zlib``, whose output may change with the library's version).
Append-only: changing a weight or the order changes every packed text.

>>> from waddle.core.bits import BitReader, BitWriter
>>> w = BitWriter()
>>> write_packed(w, "Red blocks pool 3 at 2,-1.")
>>> w.bit_length < 8 * len("Red blocks pool 3 at 2,-1.")
True
>>> read_packed(BitReader(w.to_bytes()), max_chars=100)
'Red blocks pool 3 at 2,-1.'
"""

from __future__ import annotations

import heapq

from waddle.core.bits import BitReader, BitWriter, DecodeError

# (symbol, weight): rough counts per thousand characters of English captions that name
# hexes ("3,-1"), players and pools. ESCAPE stands for any other character.
ESCAPE = ""
_LOWER = (
    "e102 t75 a65 o62 i57 n57 s53 r50 h49 d34 l33 u23 c22 m20 w19 f18 g16 y16 p15 b12 v8 k6 "
    "j1 x1 q1 z1"
)
_TABLE: tuple[tuple[str, int], ...] = (
    (" ", 180),
    *((item[0], int(item[1:])) for item in _LOWER.split()),
    *((item[0].upper(), max(1, int(item[1:]) // 12)) for item in _LOWER.split()),
    *((d, 6) for d in "0123456789"),
    (".", 10),
    (",", 12),
    ("-", 4),
    ("'", 3),
    ("!", 1),
    ("?", 1),
    (":", 1),
    (";", 1),
    ("(", 1),
    (")", 1),
    ('"', 1),
    ("/", 1),
    ("\n", 1),
    (ESCAPE, 2),
)


def _code_lengths(table: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """Huffman code lengths of the table, deterministic (ties by position in the table)."""
    heap: list[tuple[int, int, tuple[str, ...]]] = [
        (weight, order, (symbol,)) for order, (symbol, weight) in enumerate(table)
    ]
    heapq.heapify(heap)
    lengths = {symbol: 0 for symbol, _ in table}
    order = len(table)
    while len(heap) > 1:
        w1, _, a = heapq.heappop(heap)
        w2, _, b = heapq.heappop(heap)
        for symbol in a + b:
            lengths[symbol] += 1
        heapq.heappush(heap, (w1 + w2, order, a + b))
        order += 1
    return lengths


def _canonical(lengths: dict[str, int]) -> dict[str, tuple[int, int]]:
    """symbol → (code, length), canonical order: by length, then table order."""
    position = {symbol: i for i, (symbol, _) in enumerate(_TABLE)}
    ranked = sorted(lengths, key=lambda s: (lengths[s], position[s]))
    codes: dict[str, tuple[int, int]] = {}
    code = 0
    previous = lengths[ranked[0]]
    for symbol in ranked:
        code <<= lengths[symbol] - previous
        previous = lengths[symbol]
        codes[symbol] = (code, previous)
        code += 1
    return codes


_CODES = _canonical(_code_lengths(_TABLE))
_DECODE = {(length, code): symbol for symbol, (code, length) in _CODES.items()}
_MAX_LENGTH = max(length for _, length in _CODES.values())


def packed_bits(text: str) -> int:
    """How many bits :func:`write_packed` spends on ``text`` (its length prefix included)."""
    w = BitWriter()
    write_packed(w, text)
    return w.bit_length


def write_packed(w: BitWriter, text: str) -> None:
    """The number of characters, then each character's code (escaped ones as code points)."""
    w.varint(len(text))
    for char in text:
        found = _CODES.get(char)
        if found is None or char == ESCAPE:
            code, length = _CODES[ESCAPE]
            w.uint(code, length)
            w.varint(ord(char))
        else:
            w.uint(found[0], found[1])


def read_packed(r: BitReader, max_chars: int) -> str:
    """Inverse of :func:`write_packed`; ``DecodeError`` if damaged or over ``max_chars``."""
    count = r.varint()
    if count > max_chars:
        raise DecodeError("a text is too long")
    out = []
    for _ in range(count):
        code = length = 0
        while True:
            code = (code << 1) | r.uint(1)
            length += 1
            symbol = _DECODE.get((length, code))
            if symbol is not None:
                break
            if length > _MAX_LENGTH:
                raise DecodeError("a text is damaged")
        if symbol == ESCAPE:
            point = r.varint(max_groups=6)
            if point > 0x10FFFF or 0xD800 <= point <= 0xDFFF:
                raise DecodeError("a text is damaged")
            symbol = chr(point)
        out.append(symbol)
    return "".join(out)
