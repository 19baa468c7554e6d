"""The cards of Waddle Waddle, what makes a waddle, and what a waddle scores.

A penguin card is a small integer: ``species * 6 + (number - 1)``, so 0..35, species in
the rulebook's order (Magellanic, Rockhopper, Chinstrap, King, Macaroni, Gentoo). Kevin is
:data:`KEVIN` and the eight threat cards are ``THREAT0 + t``. Each card has a short code:

>>> code(card("king", 3)), parse_card("Ge6"), code(KEVIN), code(THREAT0 + 2)
('Ki3', 35, 'Kv', 'orca')

A *waddle* is 3 to 6 penguin cards that run in numerical order (each number once, no gap),
or are all of one species, or all of one number; one of one species in numerical order is
a *bonus* waddle (rulebook, "What's a Waddle?" and "Bonus Waddles"):

>>> is_waddle(cards("Ki1 Ki2 Ki3")), is_bonus(cards("Ki1 Ki2 Ki3")), points(3, True)
(True, True, 8)
>>> is_waddle(cards("Ki1 Ge2 Mg3")), is_waddle(cards("Ki1 Ki1 Ki5")), is_waddle(cards("Ki1 Ge3"))
(True, True, False)
>>> [" ".join(map(code, w)) for w in waddles_in(cards("Ki1 Ki2 Ge2 Ge3 Mc3"))]
['Ki1 Ki2 Mc3', 'Ki1 Ki2 Ge3', 'Ki1 Mc3 Ge2', 'Ki1 Ge2 Ge3']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

from waddle.core.jsontext import quoted

SPECIES: tuple[str, ...] = ("magellanic", "rockhopper", "chinstrap", "king", "macaroni", "gentoo")
"""The six species, in the rulebook's order; a card's species is ``card // 6``."""
SPECIES_CODES: tuple[str, ...] = ("Mg", "Rk", "Ch", "Ki", "Mc", "Ge")
SPECIES_NAMES: tuple[str, ...] = (
    "Magellanic",
    "Southern Rockhopper",
    "Chinstrap",
    "King",
    "Macaroni",
    "Gentoo",
)
MAGELLANIC, ROCKHOPPER, CHINSTRAP, KING, MACARONI, GENTOO = range(6)

NUMBERS = 6
"""Penguin cards are numbered 1 to 6; two cards of each species and number."""
COPIES = 2
PENGUIN_CARDS = 36 * COPIES
"""72: six species, 1 to 6, two of each."""

KEVIN = 36
"""Kevin, the leucistic Gentoo (an optional card that is never part of a waddle)."""
THREAT0 = 40
"""Threat ``t`` (see :mod:`.threats`) is the card ``THREAT0 + t``."""
HIDDEN = -1
"""A card nobody may see (a face-down draft in an action's notation: ``?``)."""

THREAT_CODES: tuple[str, ...] = (
    "skua",
    "seal",
    "orca",
    "shark",
    "boat",
    "oil",
    "sheathbill",
    "pollution",
)
"""The eight threats' codes, in the rulebook's order."""

MIN_WADDLE, MAX_WADDLE = 3, 6

NORMAL_POINTS = {3: 5, 4: 8, 5: 11, 6: 15}
"""Conservation Points of a waddle by its size (rulebook, "Waddle Scoring")."""
BONUS_POINTS = {3: 8, 4: 12, 5: 16, 6: 21}
"""The same for a bonus waddle: +1 per card, one species in numerical order."""


def card(species: str | int, number: int) -> int:
    """The card of a species (name or index) and a number 1..6."""
    s = SPECIES.index(species) if isinstance(species, str) else species
    if not (0 <= s < 6 and 1 <= number <= NUMBERS):
        raise ValueError(f"no penguin card {species} {number}")
    return s * 6 + number - 1


def species_of(c: int) -> int:
    return c // 6


def number_of(c: int) -> int:
    return c % 6 + 1


def is_threat(c: int) -> bool:
    return c >= THREAT0


def code(c: int) -> str:
    """A card's short code: ``Ki3`` (King 3), ``Kv`` (Kevin), ``orca`` (a threat), ``?``."""
    if 0 <= c < 36:
        return f"{SPECIES_CODES[c // 6]}{c % 6 + 1}"
    if c == KEVIN:
        return "Kv"
    if THREAT0 <= c < THREAT0 + len(THREAT_CODES):
        return THREAT_CODES[c - THREAT0]
    if c == HIDDEN:
        return "?"
    raise ValueError(f"not a card: {c}")


_BY_CODE = {code(c): c for c in [*range(36), KEVIN, *range(THREAT0, THREAT0 + 8)]}
_BY_CODE_LOWER = {k.lower(): v for k, v in _BY_CODE.items()}


def parse_card(text: str) -> int:
    """The card of a code (any case): ``ki3``, ``Kv``, ``orca``; ``ValueError`` if none."""
    if type(text) is not str:
        raise ValueError(f"a card is a code such as 'Ki3', not {quoted(text)}")
    c = _BY_CODE_LOWER.get(text.strip().lower())
    if c is None:
        raise ValueError(f"no card {quoted(text)} (cards are written Mg1..Ge6, Kv, or a threat)")
    return c


def cards(text: str) -> tuple[int, ...]:
    """Cards from codes separated by spaces, sorted: ``cards("Ki3 Mg1")``."""
    return tuple(sorted(parse_card(t) for t in text.split()))


def codes(cs: Iterable[int]) -> str:
    return " ".join(code(c) for c in cs)


# -- waddles ------------------------------------------------------------------------------


def is_waddle(cs: Sequence[int]) -> bool:
    """Whether these cards (any order) form a waddle: 3 to 6 penguins in numerical order,
    or of one species, or of one number. Kevin and threats are never part of one."""
    n = len(cs)
    if not MIN_WADDLE <= n <= MAX_WADDLE or any(c >= 36 for c in cs):
        return False
    species = {c // 6 for c in cs}
    if len(species) == 1:
        return True
    numbers = sorted(c % 6 for c in cs)
    if numbers[0] == numbers[-1]:
        return True
    return numbers[-1] - numbers[0] == n - 1 and len(set(numbers)) == n


def is_bonus(cs: Sequence[int]) -> bool:
    """A waddle of one species in numerical order (+1 point per card)."""
    key = tuple(cs)
    found = _BONUS.get(key)
    if found is None:
        if len(_BONUS) >= 4096:
            _BONUS.clear()
        found = _BONUS[key] = _is_bonus(key)
    return found


_BONUS: dict[tuple[int, ...], bool] = {}
""":func:`is_bonus` remembered (the bots ask it for every waddle they weigh)."""


def _is_bonus(cs: Sequence[int]) -> bool:
    if len({c // 6 for c in cs}) != 1:
        return False
    numbers = sorted(c % 6 for c in cs)
    return numbers[-1] - numbers[0] == len(cs) - 1 and len(set(numbers)) == len(cs)


def points(size: int, bonus: bool) -> int:
    """The scoring table: a waddle's Conservation Points by size (capped at 6)."""
    size = min(size, MAX_WADDLE)
    return (BONUS_POINTS if bonus else NORMAL_POINTS)[size]


def _sub_multisets(group: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct sub-multiset of ``group`` (sorted cards) with 3 to 6 cards."""
    faces = sorted(set(group))
    counts = [group.count(f) for f in faces]
    out = []
    for picks in product(*(range(k + 1) for k in counts)):
        size = sum(picks)
        if MIN_WADDLE <= size <= MAX_WADDLE:
            out.append(tuple(f for f, k in zip(faces, picks, strict=True) for _ in range(k)))
    return out


_WADDLES: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}


def waddles_in(hand: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Every distinct waddle that can be made from the cards of ``hand`` (sorted tuples,
    in increasing order): the choices of the Play Waddles action.

    >>> len(waddles_in(cards("Ki1 Ki2 Ki3 Ki4"))), waddles_in(cards("Ki1 Ge2 Kv"))
    (5, ())
    """
    key = tuple(sorted(hand))
    found = _WADDLES.get(key)
    if found is not None:
        return found
    penguins = [c for c in key if c < 36]
    out: set[tuple[int, ...]] = set()
    for s in range(6):  # one species (its runs included)
        group = [c for c in penguins if c // 6 == s]
        if len(group) >= MIN_WADDLE:
            out.update(_sub_multisets(group))
    for n in range(NUMBERS):  # one number
        group = [c for c in penguins if c % 6 == n]
        if len(group) >= MIN_WADDLE:
            out.update(_sub_multisets(group))
    by_number = [sorted({c for c in penguins if c % 6 == n}) for n in range(NUMBERS)]
    for length in range(MIN_WADDLE, MAX_WADDLE + 1):  # runs of two or more species
        for start in range(NUMBERS - length + 1):
            choices = by_number[start : start + length]
            if all(choices):
                for run in product(*choices):
                    if len({c // 6 for c in run}) > 1:
                        out.add(tuple(sorted(run)))
    found = tuple(sorted(out))
    if len(_WADDLES) > 50_000:  # a memo, not a leak: hands repeat within a game
        _WADDLES.clear()
    _WADDLES[key] = found
    return found


def full_deck() -> list[int]:
    """The 72 penguin cards, sorted: two of each species and number."""
    return [c for c in range(36) for _ in range(COPIES)]
