"""The small grammar every game's explanations share: whom a sentence speaks to, a list of
clauses joined as a person writes them, a count with its noun, a signed change with its
unit, and the words for a choice that only the search can tell apart.

A hint speaks to the player to move ("your penguins"); a game review speaks about a
player by name ("Ann's penguins"). Each game's ``explain.py`` writes its sentences through
a :class:`Voice`, so one function serves both.

>>> Voice().your, Voice("Ann").your, Voice().verb("leads", "lead"), Voice("Ann").you
('your', "Ann's", 'lead', 'Ann')
>>> join(["takes 3 fish", "traps a penguin", "keeps the lead"])
'takes 3 fish, traps a penguin and keeps the lead'
>>> plural(1, "fish"), plural(2, "nest"), signed(3, "VP"), signed(-2, "point")
('1 fish', '2 nests', '+3 VP', '−2 points')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

_SAME_PLURAL = frozenset({"fish", "VP"})


@dataclass(frozen=True)
class Voice:
    """Whom the words are about: ``name`` None speaks to the player ("you", "your"), a
    name speaks about them ("Ann", "Ann's")."""

    name: str | None = None

    @property
    def you(self) -> str:
        """The player as a subject or an object: "you", "Ann"."""
        return self.name or "you"

    @property
    def your(self) -> str:
        """The player's: "your", "Ann's"."""
        return f"{self.name}'s" if self.name else "your"

    def verb(self, third: str, second: str) -> str:
        """The verb that agrees with :attr:`you`: ``verb("leads", "lead")``."""
        return third if self.name else second


def join(parts: Sequence[str], last: str = "and") -> str:
    """Clauses as one phrase: "a", "a and b", "a, b and c" (empty clauses left out)."""
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and its noun: "1 nest", "2 nests" (fish and VP stay as they are)."""
    if n == 1 or word in _SAME_PLURAL:
        return f"{n} {word}"
    return f"{n} {many or word + 's'}"


def signed(n: float, unit: str) -> str:
    """A change with its sign and unit, as the explanations bracket it: "+3 VP", "−2
    points" (a true minus sign, so the number reads as one)."""
    value = round(n)
    sign = "+" if value >= 0 else "−"
    return f"{sign}{plural(abs(value), unit)}"


def capitalised(text: str) -> str:
    """``text`` with its first letter a capital (a sentence that starts with a move's
    name: "the 8 of Scurry …" → "The 8 of Scurry …")."""
    return text[:1].upper() + text[1:]


def only_ahead(other: str, behind: str = "") -> str:
    """Why a move is better when the position as it stands cannot say: the search played
    on from both and found it better. ``behind``: what ``other`` does better for now, if
    anything ("takes 2 more fish now"), said so the player sees the trade.

    >>> only_ahead("D5")
    'does as well as D5 for now, and the search, playing on from both, found it better'
    >>> print(only_ahead("D5", "takes 2 more fish now"))  # doctest: +NORMALIZE_WHITESPACE
    does less than D5 at once (it takes 2 more fish now), but the search, playing on from
    both, found it better
    """
    if behind:
        return (
            f"does less than {other} at once (it {behind}), but the search, playing on from "
            "both, found it better"
        )
    return f"does as well as {other} for now, and the search, playing on from both, found it better"


__all__ = ["Voice", "capitalised", "join", "only_ahead", "plural", "signed"]
