"""The eight threats of the rulebook: what each is called, where it may not go, what it does.

Their effects are rules, carried out by the state (:mod:`.threat_rules`; the lasting ones'
effects on waddles in :mod:`.waddle_rules`); this module holds what the presenter and the
rules page show, and the placement limits, by rookery id (:mod:`.components`).

>>> THREATS[SHARK].name, THREATS[SHARK].not_at
('Shark', 'peninsula')
>>> [t.code for t in THREATS if t.immediate]
['shark', 'oil', 'sheathbill']
"""

from __future__ import annotations

from dataclasses import dataclass

from waddle.games.waddle_waddle.cards import THREAT_CODES

SKUA, SEAL, ORCA, SHARK, BOAT, OIL, SHEATHBILL, POLLUTION = range(8)

THREATS_PER_SEASON = 4
"""One threat in each of the four bottom stacks of the penguin deck."""
FIRST_SEASON_EXCLUDED = (OIL, SHEATHBILL)
"""The rulebook recommends leaving these two out of the first season (an option here)."""


@dataclass(frozen=True)
class Threat:
    index: int
    code: str
    name: str
    text: str
    """What it does, in the project's words."""
    not_at: str | None = None
    """A rookery it may not be placed at (the red box on the card)."""
    immediate: bool = False
    """Whether it does something the moment it is placed (else it lasts the season)."""


THREATS: tuple[Threat, ...] = (
    Threat(
        SKUA,
        "skua",
        "Brown Skua",
        "Not at the Argentine Sea. No nests can be placed at its rookery.",
        not_at="argentine",
    ),
    Threat(SEAL, "seal", "Elephant Seal", "A waddle played at its rookery costs two fish."),
    Threat(
        ORCA,
        "orca",
        "Orca",
        "At its rookery a nest takes three cards of one species instead of a pair.",
    ),
    Threat(
        SHARK,
        "shark",
        "Shark",
        "Not at the Antarctic Peninsula. Move every fish of its rookery to other rookeries; "
        "if there was no fish to move, take another action.",
        not_at="peninsula",
        immediate=True,
    ),
    Threat(
        BOAT,
        "boat",
        "Fishing Boat",
        "Goes to a rookery that has fish if one has room; if none has, take another action. "
        "A waddle played at its rookery is paid with fish from the hand.",
    ),
    Threat(
        OIL,
        "oil",
        "Oil Spill",
        "Move three nests from its rookery (all, if fewer) to rookeries of your choice.",
        immediate=True,
    ),
    Threat(
        SHEATHBILL,
        "sheathbill",
        "Snowy Sheathbill",
        "Remove one nest of the player with the most nests at its rookery (you choose "
        "among players tied for the most).",
        immediate=True,
    ),
    Threat(POLLUTION, "pollution", "Pollution", "At its rookery a waddle has at most 4 cards."),
)
assert tuple(t.code for t in THREATS) == THREAT_CODES
