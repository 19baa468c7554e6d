"""The options of a game: its speed, the variants and every simplified rule, each a switch.

>>> Options.standard(2).seasons, Options.standard(2).two_player_variant
(2, True)
>>> Options.from_json({"seasons": 1, "no_fish": True}, players=3).to_json()["no_fish"]
True
>>> Options.from_json({"hero_handicap": [0, 9, 4, 2, 0, 6]}, players=2).hero_handicap
(0, 9, 4, 2, 0, 6)
>>> Options.from_json({"seasons": 4}, players=3)
Traceback (most recent call last):
...
ValueError: "seasons" must be 1 (Quick), 2 (Standard) or 3 (Epic)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from waddle.core.jsontext import quoted
from waddle.games.waddle_waddle.handicap import check_handicap

SPEEDS = {1: "Quick", 2: "Standard", 3: "Epic"}


@dataclass(frozen=True)
class Options:
    """How a game is played; each simplified rule of the rulebook is its own switch."""

    seasons: int = 2
    """The game speed: 1 Quick, 2 Standard, 3 Epic."""
    kevin: bool = False
    """Kevin is shuffled into the top half of each season's deck."""
    two_player_variant: bool = False
    """Only with two players: an ice floe of four, season bonuses to the sole leader only,
    a second colour of nests."""
    gentle_first_season: bool = True
    """The rulebook's advice: no Snowy Sheathbill or Oil Spill in the first season."""
    no_threats: bool = False
    """Simplified: no threats; a season ends when the deck has no face-down card left."""
    keep_hand: bool = False
    """Simplified: the rest of the hand is kept after playing waddles."""
    no_fish: bool = False
    """Simplified: no fish; a waddle costs nothing (and there are no fishing trips)."""
    no_frozen: bool = False
    """Simplified: no Frozen cards; exchanges are unlimited."""
    no_events: bool = False
    """Simplified: no season events."""
    no_heroes: bool = False
    """Simplified: no penguin heroes."""
    hero_handicap: tuple[int, ...] | None = None
    """Not a rule: the hero handicap option (:mod:`.handicap`), the points each hero adds
    at the final count (in ``HEROES`` order), or None. A record leaves it out when None."""

    @staticmethod
    def standard(players: int, **changes: Any) -> Options:
        """The defaults for ``players``: a Standard game, the two-player variant with two."""
        return replace(Options(two_player_variant=players == 2), **changes)

    def check(self, players: int) -> None:
        """``ValueError`` if these options cannot be played by ``players``."""
        if self.hero_handicap is not None:
            check_handicap(self.hero_handicap)
            if self.no_heroes:
                raise ValueError('"hero_handicap" needs the heroes ("no_heroes" is on)')
        if self.seasons not in SPEEDS:
            raise ValueError('"seasons" must be 1 (Quick), 2 (Standard) or 3 (Epic)')
        if self.two_player_variant and players != 2:
            raise ValueError('"two_player_variant" is for two players only')

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if self.hero_handicap is None:
            del data["hero_handicap"]  # records without the option stay as they were
        else:
            data["hero_handicap"] = list(self.hero_handicap)
        return data

    @staticmethod
    def from_json(data: Any, players: int) -> Options:
        """Options from a record's ``"options"``; a missing switch keeps its default (the
        two-player variant defaults to on with two players)."""
        if type(data) is not dict:
            raise ValueError('"options" must be a JSON object')
        known = {f.name: f.type for f in fields(Options)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise ValueError(f"unknown option {quoted(unknown[0])}")
        values: dict[str, Any] = {}
        for name, value in data.items():
            if name == "seasons":
                if type(value) is not int:
                    raise ValueError('"seasons" must be 1 (Quick), 2 (Standard) or 3 (Epic)')
            elif name == "hero_handicap":
                value = None if value is None else check_handicap(value)
            elif type(value) is not bool:
                raise ValueError(f'"{name}" must be true or false')
            values[name] = value
        options = Options.standard(players, **values)
        options.check(players)
        return options
