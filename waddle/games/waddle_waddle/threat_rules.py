"""The threats at play in a game of Waddle Waddle (rulebook, "Playing a Threat"): a threat
turned up from the deck, where it may go, and what the immediate ones do at once (the
Shark's fish, the Oil Spill's nests, the Snowy Sheathbill's nest, another action after a
Shark or a Fishing Boat that found nothing).

The threats as cards, with their names, words and forbidden rookeries, are
:mod:`.threats`; what a lasting threat changes for a waddle (Skua, Elephant Seal, Orca,
Fishing Boat, Pollution) is asked where waddles are played (:mod:`.waddle_rules`).

:class:`ThreatRules` is one part of :class:`~.state.WaddleWaddleState`, mixed into it (see
:mod:`.state`): its methods read and change the state's fields and call the other parts,
through ``self``.
"""

from __future__ import annotations

from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import THREAT0
from waddle.games.waddle_waddle.components import ROOKERIES, ROOKERY_IDS
from waddle.games.waddle_waddle.phases import (
    OIL_MOVES,
    OIL_NESTS,
    SHARK_FISH,
    SHEATHBILL_TIE,
    THREAT,
)
from waddle.games.waddle_waddle.threats import (
    BOAT,
    OIL,
    SHARK,
    SHEATHBILL,
    THREATS,
    THREATS_PER_SEASON,
)

_NOT_AT = tuple(
    -1 if t.not_at is None else ROOKERY_IDS.index(t.not_at) for t in THREATS
)  # each threat's forbidden rookery, by index


class ThreatRules:
    """A threat revealed (``_reveal``), placed (``_do_threat``) and acting at once
    (``_do_shark``, ``_do_oil``, ``_do_sheathbill``)."""

    __slots__ = ()  # the fields are the state's

    def _threat_places(self) -> tuple[list[int], bool]:
        """Where the revealed threat may go, and whether a Fishing Boat found no rookery
        with fish (it then gives another action)."""
        t = self.threat
        free = [r for r in range(ROOKERIES) if len(self.threats_at[r]) < self.spaces[r]]
        allowed = [r for r in free if r != _NOT_AT[t]] or free
        if t == BOAT:
            with_fish = [r for r in allowed if self.rfish[r] > 0]
            if with_fish:
                return with_fish, False
            return allowed, True
        return allowed, False

    def _reveal(self, card: int) -> None:
        """A threat turned up: the player places it; the turn then ends (rulebook, "Playing
        a Threat")."""
        self.threat = card - THREAT0
        self.threats_seen += 1
        self.season_threats.append(self.threat)
        self.extra = 0
        self.lynch_due = False
        self.phase = THREAT
        self.mover = self.cur

    def _do_threat(self, action: Action) -> None:
        r = action.a
        _places, boat_extra = self._threat_places()
        t = self.threat
        self.threats_at[r].append(t)
        self.threat = -1
        if self.threats_seen == THREATS_PER_SEASON:
            # The rest of this round, then one final round (this turn counts as one).
            self.turns_left = self.n - (self.cur - self.first) % self.n + self.n
        self.at = r
        if t == SHARK:
            if self.rfish[r] > 0:
                self.phase = SHARK_FISH
                return
            self.extra += 1
        elif t == BOAT and boat_extra:
            self.extra += 1
        elif t == OIL and any(self.nests[r]):
            self.moves_left = min(OIL_MOVES, sum(self.nests[r]))
            self.phase = OIL_NESTS
            return
        elif t == SHEATHBILL and any(self.nests[r]):
            most = max(self.nests[r])
            tied = [q for q in range(self.n) if self.nests[r][q] == most]
            if len(tied) == 1:
                self._remove_nest(tied[0], r)
            else:
                self.tied = tied
                self.phase = SHEATHBILL_TIE
                return
        self._action_done()

    def _do_shark(self, action: Action) -> None:
        self.rfish[self.at] -= 1
        self.rfish[action.a] += 1
        if self.rfish[self.at] == 0:
            self._action_done()

    def _do_oil(self, action: Action) -> None:
        self._move_nest(action.a, self.at, action.b)
        self.moves_left -= 1
        if self.moves_left == 0 or not any(self.nests[self.at]):
            self._action_done()

    def _do_sheathbill(self, action: Action) -> None:
        self._remove_nest(action.a, self.at)
        self.tied = []
        self._action_done()
