"""Compact binary encodings for links: a bit writer/reader, base64url and a checksum.

Game-agnostic: each game decides what goes in; this module only packs integers and text
densely and turns bytes into URL-safe text that survives copying.

>>> w = BitWriter()
>>> w.uint(5, 3); w.varint(300); w.signed(-7); w.text("Ann")
>>> r = BitReader(w.to_bytes())
>>> r.uint(3), r.varint(), r.signed(), r.text()
(5, 300, -7, 'Ann')
>>> unpack_text(pack_text(b"penguins"))
b'penguins'
"""

from __future__ import annotations

import base64
import zlib

from waddle.core.jsontext import shown

VARINT_GROUPS = 16
"""How many 4-bit groups :meth:`BitReader.varint` reads back by default: a varint field of a
link holds 0 to :data:`MAX_VARINT`, and a writer must not write more."""
MAX_VARINT = (1 << 4 * VARINT_GROUPS) - 1
"""The largest varint a link reads back: 2**64 - 1."""
MIN_SIGNED, MAX_SIGNED = -(1 << 4 * VARINT_GROUPS - 1), (1 << 4 * VARINT_GROUPS - 1) - 1
"""The range of :meth:`BitWriter.signed` a link reads back: -2**63 to 2**63 - 1."""


class DecodeError(ValueError):
    """Damaged or truncated encoded data."""


class BitWriter:
    """Append unsigned fields of any width; most significant bit first."""

    __slots__ = ("_bits", "_value")

    def __init__(self) -> None:
        self._value = 0
        self._bits = 0

    def uint(self, value: int, bits: int) -> None:
        if bits == 0:
            return
        if not 0 <= value < (1 << bits):
            raise ValueError(f"{value} does not fit in {bits} bits")
        self._value = (self._value << bits) | value
        self._bits += bits

    def varint(self, value: int) -> None:
        """A non-negative integer in groups of 4 bits plus a continuation bit: small is short."""
        if not 0 <= value <= MAX_VARINT:
            # a larger one would be written, and the link then refused by every reader
            raise ValueError(f"a varint holds 0 to {MAX_VARINT}, not {shown(value)}")
        groups = []
        while True:
            groups.append(value & 0xF)
            value >>= 4
            if not value:
                break
        for k, group in enumerate(reversed(groups)):
            self.uint(1 if k < len(groups) - 1 else 0, 1)
            self.uint(group, 4)

    def signed(self, value: int) -> None:
        """Zigzag: 0, -1, 1, -2, 2 ... map to 0, 1, 2, 3, 4 ..."""
        self.varint(value * 2 if value >= 0 else -value * 2 - 1)

    def text(self, value: str) -> None:
        data = value.encode("utf-8")
        self.varint(len(data))
        for byte in data:
            self.uint(byte, 8)

    @property
    def bit_length(self) -> int:
        """How many bits have been written so far."""
        return self._bits

    def to_bytes(self) -> bytes:
        pad = -self._bits % 8
        return (self._value << pad).to_bytes((self._bits + pad) // 8, "big")


class BitReader:
    __slots__ = ("_bits", "_pos", "_value")

    def __init__(self, data: bytes) -> None:
        self._value = int.from_bytes(data, "big")
        self._bits = len(data) * 8
        self._pos = 0

    def uint(self, bits: int) -> int:
        if bits == 0:
            return 0
        if self._pos + bits > self._bits:
            raise DecodeError("the data ends too early")
        self._pos += bits
        return (self._value >> (self._bits - self._pos)) & ((1 << bits) - 1)

    def varint(self, max_groups: int = VARINT_GROUPS) -> int:
        value = 0
        for _ in range(max_groups):
            more = self.uint(1)
            value = (value << 4) | self.uint(4)
            if not more:
                return value
        raise DecodeError("a number is too long")

    def signed(self) -> int:
        z = self.varint()
        return z // 2 if z % 2 == 0 else -(z + 1) // 2

    def text(self, max_bytes: int = 200) -> str:
        n = self.varint()
        if n > max_bytes:
            raise DecodeError("a text is too long")
        data = bytes(self.uint(8) for _ in range(n))
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise DecodeError("a text is not UTF-8") from None

    def remaining(self) -> int:
        return self._bits - self._pos


CHECK_BYTES = 3


def pack_text(payload: bytes) -> str:
    """``payload`` plus a 24-bit checksum, as unpadded base64url."""
    check = zlib.crc32(payload).to_bytes(4, "big")[:CHECK_BYTES]
    return base64.urlsafe_b64encode(payload + check).decode("ascii").rstrip("=")


def unpack_text(text: str, max_chars: int = 20_000) -> bytes:
    """Inverse of :func:`pack_text`; ``DecodeError`` if damaged, truncated or too long."""
    if len(text) > max_chars:
        raise DecodeError("the data is too long")
    if not text or any(c not in _B64URL for c in text):
        raise DecodeError("the data has characters that do not belong")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        raise DecodeError("the data is not valid base64") from None
    payload, check = raw[:-CHECK_BYTES], raw[-CHECK_BYTES:]
    if len(raw) < CHECK_BYTES or zlib.crc32(payload).to_bytes(4, "big")[:CHECK_BYTES] != check:
        raise DecodeError("the checksum does not match: the data is damaged or incomplete")
    return payload


_B64URL = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
