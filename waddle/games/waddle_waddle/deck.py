"""The penguin deck of a season: how it is built, which threats it holds, and its shape.

At the start of each season (rulebook, "The Penguin Deck") the 72 penguin cards are
shuffled; four stacks of 9 are dealt, a threat is added to each and each stack is
shuffled; the stacks are piled up as the deck's bottom half and the other 36 cards go on
top (with Kevin shuffled among them, when he plays). A deck is written top card first:

>>> from waddle.core.rng import Rng
>>> deck = build_deck(Rng(1), threats=(0, 1, 2, 3), kevin=True)
>>> len(deck), deck_problems(deck, (0, 1, 2, 3), kevin=True)
(77, [])
>>> [stack_of(i, len(deck), True) for i in (0, 36, 37, 46, 47, 76)]
[-1, -1, 0, 0, 1, 3]

Which threats a season uses (a decision of the project, rules page "Threats"): the first
season draws four at random (leaving out the Snowy Sheathbill and the Oil Spill when the
rulebook's advice is followed), the second uses the four the first set aside, the third
draws four of the eight again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from waddle.core.rng import Rng
from waddle.games.waddle_waddle.cards import KEVIN, THREAT0, code, full_deck
from waddle.games.waddle_waddle.threats import FIRST_SEASON_EXCLUDED, THREATS, THREATS_PER_SEASON

STACKS = THREATS_PER_SEASON
STACK_CARDS = 9
"""Penguin cards in each bottom stack; with its threat a stack has ten cards."""
BOTTOM = STACKS * (STACK_CARDS + 1)
"""Cards of the deck's bottom half when threats play (40)."""
ALL_THREATS = tuple(range(len(THREATS)))


def threat_pool(season: int, before: Sequence[Sequence[int]], gentle: bool) -> tuple[int, ...]:
    """The threats season ``season`` (0-based) draws its four from, given the threats of the
    seasons ``before`` it: the second season's are exactly the four the first set aside."""
    if season == 0:
        return tuple(t for t in ALL_THREATS if not (gentle and t in FIRST_SEASON_EXCLUDED))
    if season == 1:
        return tuple(t for t in ALL_THREATS if t not in before[0])
    return ALL_THREATS


def choose_threats(rng: Rng, pool: Sequence[int]) -> tuple[int, ...]:
    """Four threats of ``pool`` at random (all of it when it has four), sorted."""
    left = list(pool)
    rng.shuffle(left)
    return tuple(sorted(left[:THREATS_PER_SEASON]))


def build_deck(rng: Rng, threats: Sequence[int], kevin: bool) -> tuple[int, ...]:
    """A season's deck, top card first: shuffled, the four threat stacks at the bottom.

    ``threats`` is empty when the game plays without threats: then the deck is the 72
    penguins (and Kevin) shuffled.
    """
    cards = full_deck()
    rng.shuffle(cards)
    bottom: list[int] = []
    if threats:
        for s, threat in enumerate(threats):
            stack = [*cards[s * STACK_CARDS : (s + 1) * STACK_CARDS], THREAT0 + threat]
            rng.shuffle(stack)
            bottom += stack
        cards = cards[len(threats) * STACK_CARDS :]
    if kevin:
        cards.append(KEVIN)
        rng.shuffle(cards)
    return (*cards, *bottom)


def top_size(deck_size: int, has_threats: bool) -> int:
    """Cards above the threat stacks (the whole deck without threats)."""
    return deck_size - BOTTOM if has_threats else deck_size


def stack_of(position: int, deck_size: int, has_threats: bool) -> int:
    """The bottom stack (0..3) a position of the deck belongs to, or -1 for the top half."""
    top = top_size(deck_size, has_threats)
    return -1 if position < top else (position - top) // (STACK_CARDS + 1)


def deck_problems(deck: Sequence[int], threats: Sequence[int], kevin: bool) -> list[str]:
    """What is wrong with a season's deck for these threats and Kevin (empty if nothing)."""
    problems = []
    expected = sorted([*full_deck(), *([KEVIN] if kevin else []), *(THREAT0 + t for t in threats)])
    if sorted(deck) != expected:
        missing = _difference(expected, deck)
        extra = _difference(deck, expected)
        detail = []
        if missing:
            detail.append(f"missing {', '.join(code(c) for c in missing[:4])}")
        if extra:
            detail.append(f"extra {', '.join(_name(c) for c in extra[:4])}")
        return [
            "a deck must hold the 72 penguin cards (two of each)"
            + (", Kevin" if kevin else "")
            + (f" and the threats {', '.join(THREATS[t].code for t in threats)}" if threats else "")
            + f": {'; '.join(detail)}"
        ]
    has_threats = bool(threats)
    for i, c in enumerate(deck):
        stack = stack_of(i, len(deck), has_threats)
        if c >= THREAT0 and stack < 0:
            problems.append(f"card {i + 1} ({code(c)}) is a threat in the deck's top half")
        if c == KEVIN and stack >= 0:
            problems.append(f"card {i + 1} is Kevin, who goes in the deck's top half")
    if has_threats:
        top = top_size(len(deck), True)
        for s in range(STACKS):
            stack = deck[top + s * (STACK_CARDS + 1) : top + (s + 1) * (STACK_CARDS + 1)]
            if sum(1 for c in stack if c >= THREAT0) != 1:
                problems.append(f"bottom stack {s + 1} must hold exactly one threat")
    return problems


def _difference(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The cards of ``a`` that ``b`` lacks (as many copies as it lacks), sorted.

    Counted, in linear time: removing each card from a list of the others took 29 s on a
    1.36 MB deck of repeated cards.

    >>> _difference([3, 1, 1, 2], [1, 2, 5])
    [1, 3]
    """
    return sorted((Counter(a) - Counter(b)).elements())


def _name(c: int) -> str:
    try:
        return code(c)
    except ValueError:
        return str(c)
