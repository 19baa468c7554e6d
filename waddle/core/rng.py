"""Deterministic randomness that gives the same sequence on every Python version.

Python guarantees only that ``random.Random(seed).random()`` repeats across versions for an
integer seed; ``randrange``, ``choice`` and ``shuffle`` may change their algorithms. Maps,
turn orders and bots must be identical on CPython 3.11 and Pyodide's 3.14, so everything
random goes through these helpers, which are built on ``random()`` alone.

>>> rng = Rng(7)
>>> rng.below(10) in range(10)
True
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A seeded generator with version-stable ``below``, ``choice`` and ``shuffle``."""

    __slots__ = ("_random", "random")

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an integer")
        self._random = random.Random(seed)
        self.random = self._random.random  # bound once: hot in playouts

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, for ``n`` up to 2**52."""
        return int(self.random() * n)

    def choice(self, items: Sequence[T]) -> T:
        return items[int(self.random() * len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = int(self.random() * (i + 1))
            items[i], items[j] = items[j], items[i]


def derive_seed(*parts: int) -> int:
    """Combine integers into one seed, the same on every platform (no ``hash()``)."""
    h = 0xCBF29CE484222325
    for part in parts:
        for byte in int(part).to_bytes(16, "little", signed=True):
            h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h
