"""The rules of Waddle Waddle as a mutable state with undo, views per seat and
determinization: the :class:`~waddle.core.game.GameState` protocol for a card game.

>>> from waddle.games.waddle_waddle.record import new_record
>>> state = new_record(players=2, seed=1).start()
>>> state.phase, state.to_move(), [str(a) for a in state.legal_actions()][:3]
('hero', 0, ['hero dee', 'hero papi', 'hero dyan'])
>>> state.apply(parse_action("hero katta")); state.apply(parse_action("hero dee"))
>>> state.phase, state.to_move(), len(state.hands[0]), len(state.floe)
('turn', 0, 2, 4)

**The turn as a state machine.** ``phase`` says what the decision to take is; each action
is one decision and moves to the next phase (rules page, "A turn, decision by decision"):

- ``hero``: each player picks a hero in turn from the first player; then the season starts.
- ``turn``: the player's action: ``draft``, ``exchange``, ``fish``, ``refill``, ``waddle``
  (or ``pass`` when nothing is possible). Before it, the ice floe was refilled; a threat
  turned up goes to ``threat`` instead.
- ``take``: the exchange's card from the ice floe.
- ``refill2``: the refill's second card, face up or from the deck (also after a Lynch
  refill, which starts in ``lynch``).
- ``play``: the rookery of the waddle just chosen (and how its fish are paid).
- ``dyan``: Dyan deNapoli's nest moves (``move``, or ``stop``).
- ``waddle2``: after a first waddle, whether the rest of the hand is played as a second
  one (entered whenever the rest could be one by its size, so that entering it tells the
  others nothing: ``stop`` is always possible).
- ``threat``: where the revealed threat goes; then ``shark`` (each fish moved), ``oil``
  (each nest moved) or ``sheathbill`` (whose nest, on a tie), if it acts at once.
- ``tokens``: between seasons, the token draft, one token and rookery per decision.
- ``over``.

An action that takes another for free (Kevin, a Shark or a Fishing Boat that did nothing)
returns to ``turn`` for the same player; otherwise the turn passes.

**The rules by concern.** This module holds the state's fields, the protocol and undo; the
rules themselves are parts of the class, each in a module of its own and mixed in:

- :mod:`.turn_rules`: the turn, its actions on the ice floe and the hand, its end;
- :mod:`.waddle_rules`: waddles and nests (where a waddle goes, what it places and scores);
- :mod:`.threat_rules`: threats turned up, placed and acting at once;
- :mod:`.season_rules`: seasons, their event, their end and its scoring, the token draft;
- :mod:`.legality`: the legal actions of each phase and the words of a refusal;
- :mod:`.visibility`: ``view`` and ``determinize``, on one rule of who sees what;
- :mod:`.phases`: the phases' names and the rules' limits, which every part shares.

Parts of one class rather than functions of the state: the rules are one state machine
whose steps call each other across concerns (an action ends the turn, which may end the
season, which starts the next, whose deal may turn up a threat): as methods the parts
reach one another through ``self``, so none imports this module (no import circle), a step
costs no extra call, and every method keeps its name on the state, where the bots, the
presenter and the scripts ask for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from waddle.core.game import IllegalActionError
from waddle.games.waddle_waddle.actions import Action, parse_action
from waddle.games.waddle_waddle.components import ROOKERIES, Components
from waddle.games.waddle_waddle.deck import STACK_CARDS
from waddle.games.waddle_waddle.legality import Legality
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.phases import (
    DYAN_MOVES,
    HAND_LIMIT,
    HERO_PHASE,
    LYNCH_REFILL,
    MAX_FISH,
    OIL_MOVES,
    OIL_NESTS,
    OVER,
    PLAY,
    REFILL2,
    SHARK_FISH,
    SHEATHBILL_TIE,
    TAKE,
    THREAT,
    TOKENS,
    TURN,
    WADDLE2,
)
from waddle.games.waddle_waddle.season_rules import SeasonRules
from waddle.games.waddle_waddle.threat_rules import ThreatRules
from waddle.games.waddle_waddle.turn_rules import TurnRules
from waddle.games.waddle_waddle.visibility import Visibility
from waddle.games.waddle_waddle.waddle_rules import WaddleRules


class WaddleWaddleState(TurnRules, WaddleRules, ThreatRules, SeasonRules, Legality, Visibility):
    """A game of Waddle Waddle in progress (the class of :mod:`.state`'s docstring).

    The setup (component set, options, every season's deck, the season events and the
    first season's tokens) is fixed at creation, as a record writes it; everything else
    changes with the actions. Player 0 is the first player of the first season.
    """

    hidden_information = True
    has_chance = False  # every deck is written in the record: no chance node in play

    _SCALARS = (
        "season",
        "pos",
        "supply",
        "threats_seen",
        "first",
        "cur",
        "turns_left",
        "phase",
        "mover",
        "extra",
        "kevin_down",
        "given",
        "pending",
        "waddles",
        "at",
        "moves_left",
        "threat",
        "lynch_due",
        "davis_used",
        "picks",
    )
    _LISTS = (
        "floe",
        "fish",
        "rfish",
        "nest_left",
        "cp_at",
        "ft_at",
        "score",
        "hero",
        "frozen",
        "season_threats",
        "queue",
        "tied",
        "bonuses",
        "history",
    )
    _LISTS2 = ("hands", "known", "nests", "threats_at")

    __slots__ = (
        "_future",
        "_legal",
        "_undo",
        "components",
        "decks",
        "events",
        "eyes",
        "n",
        "options",
        "spaces",
        "species_masks",
        "tokens",
        *_SCALARS,
        *_LISTS,
        *_LISTS2,
    )

    def __init__(
        self,
        components: Components,
        options: Options,
        players: int,
        decks: Sequence[Sequence[int]],
        events: Sequence[int],
        tokens: tuple[Sequence[int], Sequence[int]],
    ) -> None:
        """``decks``: each season's deck, top card first; ``events``: each season's event,
        an index into ``components.events`` (empty without events); ``tokens``: the first
        season's Conservation Points and Fish Supply token at each rookery, as indexes."""
        self.components = components
        self.options = options
        self.n = players
        self.decks = tuple(tuple(d) for d in decks)
        self.events = tuple(events)
        self.tokens = (tuple(tokens[0]), tuple(tokens[1]))
        self.spaces = tuple(r.threat_spaces for r in components.rookeries)
        self.species_masks = components.species_masks
        n = players
        self.season = 0
        self.pos = 0
        self.supply = components.fish
        self.threats_seen = 0
        self.first = 0
        self.cur = 0
        self.turns_left = -1
        self.phase = HERO_PHASE
        self.mover: int | None = 0
        self.extra = 0
        self.kevin_down = False
        self.given = -1
        self.pending: tuple[int, ...] = ()
        self.waddles = 0
        self.at = -1
        self.moves_left = 0
        self.threat = -1
        self.lynch_due = False
        self.davis_used = False
        self.picks = 0
        self.floe: list[int] = []
        self.fish = [0] * n
        self.rfish = [0] * ROOKERIES
        per_colour = components.nests_per_colour
        self.nest_left = [per_colour * (2 if options.two_player_variant else 1)] * n
        self.cp_at = [-1] * ROOKERIES
        self.ft_at = [-1] * ROOKERIES
        self.score = [0] * n
        self.hero = [-1] * n
        self.frozen = [False] * n
        self.season_threats: list[int] = []
        self.queue: list[tuple[str, int]] = []
        self.tied: list[int] = []
        self.bonuses: list[tuple[int, ...]] = []
        self.history: list[Action] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.nests = [[0] * n for _ in range(ROOKERIES)]
        self.threats_at: list[list[int]] = [[] for _ in range(ROOKERIES)]
        self._legal: list[Action] | None = None
        self._undo: list[tuple] | None = []
        self._future = 0
        """A determinized world's seed for the decks of seasons to come (see determinize)."""
        self.eyes: int | None = None
        """The seat a record through one seat's eyes is seen through (:mod:`.eyes`): what
        it has not seen is stand-ins, so no view shows more than that seat's."""
        if options.no_heroes:
            self._start_season()

    # -- the protocol: who moves, what is legal ------------------------------------------

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def players(self) -> int:
        return self.n

    @property
    def ply(self) -> int:
        return len(self.history)

    @property
    def last_action(self) -> Action | None:
        return self.history[-1] if self.history else None

    def to_move(self) -> int | None:
        return self.mover

    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def deck(self) -> tuple[int, ...]:
        """This season's whole deck, top card first (``pos`` cards of it are drawn)."""
        return self.decks[self.season]

    @property
    def deck_left(self) -> int:
        return len(self.decks[self.season]) - self.pos

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._list_legal()
        return self._legal

    # -- applying --------------------------------------------------------------------------

    def why_illegal(self, action: Any) -> str | None:
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ValueError as e:
                return str(e)
        if self.phase == OVER:
            return "the game is over"
        if action in self.legal_actions():
            return None
        return self._reason(action)

    def apply(self, action: Any) -> None:
        if action not in self.legal_actions():
            if isinstance(action, (Action, tuple)):
                raise IllegalActionError(self._reason(action) if self.phase != OVER else "over")
            raise IllegalActionError(f"not an action: {action!r}")
        action = Action(*action)
        if self._undo is not None:
            self._undo.append(self._snapshot())
        self._legal = None
        self.history.append(action)
        # The phase's own step, ``_do_<phase>``, in the part of the rules it belongs to.
        getattr(self, "_do_" + self.phase)(action)

    def apply_text(self, text: str) -> None:
        """Apply an action written in its notation."""
        self.apply(parse_action(text))

    # -- results ---------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Conservation Points so far (end-of-season bonuses only once a season ends; the
        hero handicap option's points, if on, once the game ends)."""
        return list(self.score)

    def winners(self) -> list[int]:
        """The most Conservation Points; a tie goes to the most nests, then to the most
        nests at one rookery; players still tied share the win (rulebook, "Winning")."""
        keys = list(zip(self.score, self.nest_totals(), self.most_in_one(), strict=True))
        best = max(keys)
        return [p for p in range(self.n) if keys[p] == best]

    # -- undo and clone ---------------------------------------------------------------------

    def _snapshot(self) -> tuple:
        return (
            tuple(getattr(self, f) for f in self._SCALARS),
            tuple(list(getattr(self, f)) for f in self._LISTS[:-1]),
            tuple([list(x) for x in getattr(self, f)] for f in self._LISTS2),
        )

    def undo(self) -> Action:
        if not self.history:
            raise ValueError("nothing to undo")
        if not self._undo:
            raise ValueError("this state keeps no undo history (a determinized world)")
        scalars, lists, lists2 = self._undo.pop()
        for f, v in zip(self._SCALARS, scalars, strict=True):
            setattr(self, f, v)
        # Copies: a clone shares this stack's snapshots, and both may undo them.
        for f, v in zip(self._LISTS[:-1], lists, strict=True):
            setattr(self, f, list(v))
        for f, v in zip(self._LISTS2, lists2, strict=True):
            setattr(self, f, [list(x) for x in v])
        self._legal = None
        return self.history.pop()

    def clone(self) -> WaddleWaddleState:
        return self._copy(keep_undo=True)

    def _copy(self, keep_undo: bool) -> WaddleWaddleState:
        other = WaddleWaddleState.__new__(WaddleWaddleState)
        for f in ("components", "decks", "events", "n", "options", "spaces", "species_masks"):
            setattr(other, f, getattr(self, f))
        other.tokens = self.tokens
        other._future = self._future
        other.eyes = self.eyes
        for f in self._SCALARS:
            setattr(other, f, getattr(self, f))
        for f in self._LISTS:
            setattr(other, f, list(getattr(self, f)))
        for f in self._LISTS2:
            setattr(other, f, [list(x) for x in getattr(self, f)])
        other._legal = self._legal
        other._undo = list(self._undo) if keep_undo and self._undo is not None else None
        return other

    # -- the undo barrier ------------------------------------------------------------------

    def reveals(self, action: Action) -> bool:
        """Whether applying ``action`` now turns up something hidden until now: a card from
        the deck (a face-down draft or refill, the ice floe refilled at the next turn's
        start, a new season's deal). The app never takes such an action back."""
        if action not in self.legal_actions():
            return False
        world = self._copy(keep_undo=False)
        before = (world.season, world.pos)
        world.apply(action)
        return (world.season, world.pos) != before


__all__ = [
    "DYAN_MOVES",
    "HAND_LIMIT",
    "HERO_PHASE",
    "LYNCH_REFILL",
    "MAX_FISH",
    "OIL_MOVES",
    "OIL_NESTS",
    "OVER",
    "PLAY",
    "REFILL2",
    "SHARK_FISH",
    "SHEATHBILL_TIE",
    "STACK_CARDS",
    "TAKE",
    "THREAT",
    "TOKENS",
    "TURN",
    "WADDLE2",
    "WaddleWaddleState",
]
