"""The rules of Pebbles as a mutable game state with undo, hidden hands and a chance node.

>>> from waddle.games.pebbles.record import new_record
>>> state = new_record(players=2, seed=3).start()
>>> state.to_move() == state.lead, state.step_name, len(state.legal_actions())
(True, 'play', 10)

**The turn as a state machine.** Every decision is one ply (one action of the record):

- ``play``: the player to move plays a card from their hand into the trick.
- ``choose``: they choose one of the actions they have not taken this turn, with its first
  target: ``place N`` (a penguin on the tile of the card's number), ``fish CARD`` (take
  that face-up card), or the first target of the card's power (``collect N``, ``court
  penguin N``, ``court pebble N``, ``scurry N``, ``push N``). Two different actions per
  turn; taking them is compulsory while one is possible.
- ``move``: a penguin is moving (after a placement, by Scurry or by Push): ``step N``
  to an adjacent tile, free while the power allows, then one fish token a step; or
  ``done`` (not before a scurrying penguin's first step).
- ``scurry-again``: after the first scurried penguin, ``scurry N`` for a second penguin
  (another one) or ``done``.
- ``chance``: fishing emptied the deck and there are discards: the chance action
  ``reshuffle ...`` gives the new deck, top first (:meth:`PebblesState.sample_chance`).

Steps with nothing to decide are skipped: a placed penguin's fish steps when its owner has
no fish, an action that cannot be taken, a turn with no action left. When every player has
had a turn the trick is decided (the highest card of the led suit), its winner takes a love
token and leads the next round; after ten rounds the game is over.

**What the rulebook leaves open**, decided here (and on the rules page, each with a test):

- Only the four face-up cards of the setup put pebbles on tiles; a card taken when fishing
  adds none.
- Both actions are compulsory while possible; an action that cannot be taken is not
  offered (no penguin left, no card in the row, a power with no target).
- A scurry moves two *different* penguins; "1 or 2 tiles" is one or two steps; a penguin
  may pass through any tile, and come back (no tile blocks a move).
- Push moves one penguin of each player on the tile 0 or 1 step, pathways included, the
  pusher's own penguin first, then clockwise; fish steps (paid by the pusher) follow each
  penguin that moved.
- Fish steps may follow any placement (Place or Court) or any move; one token a step.
- Supplies: a player with no penguin left cannot place (Place, Court's penguin); with no
  pebble left in the supply, Collect and Court's pebble are not possible; with no fish
  token left, fishing still takes a card, without a token. Spent fish go back to the supply.
- When the deck is empty and there are no discards to reshuffle, the taken card is not
  replaced: the row holds fewer cards until the next reshuffle fills it.
- A hand is never empty when its holder must play: ten cards are dealt, one is played a
  round for ten rounds, and fishing only adds cards.

**Speed**: legal decisions are listed from small per-step tables (no whole-state scan
beyond the 13 tiles) and cached until the next apply; undo replays a short log of the
changes each apply made, and determinized worlds keep none.

**The parts.** This module holds the state's fields, the protocol (apply, clone, chance)
and the scores; the rules are parts of the class, each in a module of its own and mixed
in (as Waddle Waddle's are, for the reasons given in
:mod:`waddle.games.waddle_waddle.state`):

- :mod:`.turn_rules`: each piece of a turn, its flow, the end of a round;
- :mod:`.legality`: the legal decisions of each step, and the words of a refusal;
- :mod:`.visibility`: ``view`` and ``determinize``, on one rule of who sees what;
- :mod:`.undo_log`: the log every change goes through, and ``undo``, which replays it;
- :mod:`.steps`: the steps' codes and the box's counts, which every part shares.
"""

from __future__ import annotations

from collections.abc import Sequence

from waddle.core.game import CHANCE, IllegalActionError
from waddle.core.rng import Rng
from waddle.games.pebbles.actions import (
    K_COLLECT,
    K_COURT_PEBBLE,
    K_COURT_PENGUIN,
    K_DONE,
    K_FISH,
    K_PLACE,
    K_PLAY,
    K_PUSH,
    K_RESHUFFLE,
    K_SCURRY,
    K_STEP,
    Action,
)
from waddle.games.pebbles.cards import CARDS, NUMBER_OF, SUIT_OF, check_players
from waddle.games.pebbles.layout import Layout
from waddle.games.pebbles.legality import Legality
from waddle.games.pebbles.scoring import Breakdown, PlayerScore, control, rank
from waddle.games.pebbles.steps import (
    B_FISH,
    B_LOVE,
    B_PEBBLES,
    CHANCE_STEP,
    CHOOSE,
    CTX_COURT,
    CTX_PLACED,
    CTX_PUSH,
    CTX_SCURRY1,
    CTX_SCURRY2,
    DID_FISH,
    DID_PLACE,
    DID_POWER,
    FISH_TOKENS,
    HAND,
    LOVE_TOKENS,
    MOVE,
    OVER,
    PEBBLES,
    PENGUINS,
    PLAY_STEP,
    ROW,
    SCURRY_AGAIN,
    STEP_NAMES,
)
from waddle.games.pebbles.turn_rules import TurnRules
from waddle.games.pebbles.undo_log import _BANK, _PEBBLES, UndoLog
from waddle.games.pebbles.visibility import Visibility


class PebblesState(TurnRules, Legality, Visibility, UndoLog):
    """A game of Pebbles in progress.

    Tiles are indexed in the layout's order (tile numbers ascending); decisions name tiles
    by number. Cards are the integers of :mod:`waddle.games.pebbles.cards`.
    """

    hidden_information = True
    has_chance = True

    __slots__ = (
        "_actions",
        "_legal",
        "_log",
        "_undo",
        "bank",
        "card",
        "ctx",
        "current",
        "deck",
        "discards",
        "done",
        "eyes",
        "fish",
        "hands",
        "layout",
        "lead",
        "love",
        "mv_free",
        "mv_owner",
        "mv_stop",
        "mv_tile",
        "pebbles",
        "pen",
        "players",
        "public",
        "push_i",
        "push_queue",
        "push_tile",
        "round",
        "row",
        "sc_moved",
        "step",
        "supply",
        "trick",
        "turn",
    )

    def __init__(
        self,
        layout: Layout,
        players: int,
        hands: Sequence[Sequence[int]],
        row: Sequence[int],
        deck: Sequence[int],
        lead: int,
    ) -> None:
        """The position after setup: ``hands`` dealt, ``row`` face up (each putting a
        pebble on the tile of its number), ``deck`` top first, ``lead`` to play first."""
        check_players(players)
        problems = layout.problems_for(players)
        if problems:
            raise ValueError(problems[0])
        if len(hands) != players or not 0 <= lead < players or len(row) > ROW:
            raise ValueError("one hand per player, a lead player among them, 4 cards face up")
        n = players
        t = len(layout)
        self.layout = layout
        self.players = n
        self.hands = [sorted(CARDS[c] for c in h) for h in hands]
        self.row = [CARDS[c] for c in row] + [-1] * (ROW - len(row))
        self.deck = [CARDS[c] for c in reversed(deck)]  # top of the deck last: pop() draws
        self.discards: list[int] = []
        self.trick: list[int] = []
        self.public = 0
        for c in row:
            self.public |= 1 << c
        self.pen = [0] * (t * n)
        self.supply = [PENGUINS] * n
        self.pebbles = [0] * t
        for c in row:
            self.pebbles[layout.index[NUMBER_OF[c]]] += 1
        self.fish = [1] * n
        self.love = [0] * n
        self.bank = [PEBBLES - len(row), FISH_TOKENS - n, LOVE_TOKENS]
        self.round = 0
        self.lead = lead
        self.turn = 0
        self.current = lead
        self.step = PLAY_STEP
        self.card = -1
        self.done = 0
        self.mv_tile = self.mv_owner = self.mv_free = -1
        self.mv_stop = False
        self.ctx = CTX_PLACED
        self.sc_moved = -1
        self.push_tile = -1
        self.push_queue: tuple[int, ...] = ()
        self.push_i = 0
        self._actions: list[Action] = []
        self._undo: list[tuple[tuple, list]] | None = []
        self._log: list | None = None
        self._legal: tuple[Action, ...] | None = None
        self.eyes: int | None = None
        """The seat a record through one seat's eyes is seen through (:mod:`.eyes`): the
        cards it has not seen are stand-ins, so no view shows more than that seat's."""

    # -- the protocol: reading ---------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def ply(self) -> int:
        return len(self._actions)

    @property
    def history(self) -> list[Action]:
        return list(self._actions)

    @property
    def last_action(self) -> Action | None:
        return self._actions[-1] if self._actions else None

    @property
    def step_name(self) -> str:
        return STEP_NAMES[self.step]

    def is_over(self) -> bool:
        return self.step == OVER

    def to_move(self) -> int | None:
        step = self.step
        if step == OVER:
            return None
        if step == CHANCE_STEP:
            return CHANCE
        return self.current

    @property
    def led_suit(self) -> int | None:
        return SUIT_OF[self.trick[0]] if self.trick else None

    def trick_players(self) -> list[int]:
        """Who played each card of the trick so far, lead first."""
        n = self.players
        return [(self.lead + i) % n for i in range(len(self.trick))]

    def penguins_on(self, tile: int) -> list[int]:
        """Each player's penguins on tile number ``tile``."""
        i = self.layout.index[tile] * self.players
        return self.pen[i : i + self.players]

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._list_legal()
        return legal

    # -- the protocol: acting -------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Take ``action`` (the decision of the player to move, or the chance outcome);
        raise ``IllegalActionError`` if it is not allowed."""
        step = self.step
        if step == CHANCE_STEP:
            if action.kind != K_RESHUFFLE or sorted(action.arg) != sorted(self.discards):
                raise IllegalActionError(self.why_illegal(action) or "illegal action")
        elif action not in self.legal_actions():
            raise IllegalActionError(self.why_illegal(action) or "illegal action")
        undo = self._undo
        if undo is not None:
            undo.append((self._control(), []))
            self._log = undo[-1][1]
        else:
            self._log = None
        self._actions.append(action)
        self._legal = None
        kind = action.kind
        if kind == K_PLAY:
            self._play(action.arg)
        elif kind == K_STEP:
            self._step(self.layout.index[action.arg])
        elif kind == K_DONE:
            if step == MOVE:
                self._end_move()
            else:  # no second penguin scurries
                self._after_action()
        elif kind == K_PLACE:
            self._place(self.layout.index[action.arg], DID_PLACE, CTX_PLACED)
        elif kind == K_FISH:
            self._fish(action.arg)
        elif kind == K_COURT_PENGUIN:
            self._place(self.layout.index[action.arg], DID_POWER, CTX_COURT)
        elif kind in (K_COLLECT, K_COURT_PEBBLE):
            self.done |= DID_POWER
            i = self.layout.index[action.arg]
            self._set(_BANK, self.bank, B_PEBBLES, self.bank[B_PEBBLES] - 1)
            self._set(_PEBBLES, self.pebbles, i, self.pebbles[i] + 1)
            self._after_action()
        elif kind == K_SCURRY:
            self.done |= DID_POWER
            self.ctx = CTX_SCURRY1 if step == CHOOSE else CTX_SCURRY2
            self._start_move(self.layout.index[action.arg], self.current, 2, False)
            self.step = MOVE
        elif kind == K_PUSH:
            self.done |= DID_POWER
            i = self.layout.index[action.arg]
            n = self.players
            p = self.current
            self.push_tile = i
            self.push_queue = tuple(
                q for q in ((p + k) % n for k in range(n)) if self.pen[i * n + q]
            )
            self.push_i = 0
            self.ctx = CTX_PUSH
            self._next_push()
        elif kind == K_RESHUFFLE:
            self._reshuffle(action.arg)
        else:  # pragma: no cover - every kind is handled above
            raise AssertionError(action)

    def clone(self) -> PebblesState:
        """An independent copy, undo information included."""
        other = self._copy()
        if self._undo is not None:
            other._undo = list(self._undo)  # entries are never changed once written
        return other

    def _copy(self) -> PebblesState:
        """A copy without undo information."""
        other = PebblesState.__new__(PebblesState)
        other.layout = self.layout
        other.players = self.players
        other.hands = [list(h) for h in self.hands]
        other.row = list(self.row)
        other.deck = list(self.deck)
        other.discards = list(self.discards)
        other.trick = list(self.trick)
        other.pen = list(self.pen)
        other.supply = list(self.supply)
        other.pebbles = list(self.pebbles)
        other.fish = list(self.fish)
        other.love = list(self.love)
        other.bank = list(self.bank)
        other._restore(self._control())
        other._actions = list(self._actions)
        other._undo = None
        other._log = None
        other._legal = self._legal
        other.eyes = self.eyes
        return other

    # -- chance ----------------------------------------------------------------------------

    def sample_chance(self, rng: Rng) -> Action:
        """The reshuffle: the discards in a random order, top of the new deck first."""
        if self.step != CHANCE_STEP:
            raise ValueError("there is no chance node here")
        order = sorted(self.discards)
        rng.shuffle(order)
        return Action.reshuffle(order)

    def reveals(self, action: Action) -> bool:
        """Whether applying ``action`` turns up a card hidden until now: fishing when the
        deck has a card to refill the row with, and every reshuffle."""
        if action.kind == K_RESHUFFLE:
            return True
        return action.kind == K_FISH and bool(self.deck)

    # -- scores -------------------------------------------------------------------------------

    def control(self) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        """Who controls each tile (layout order) and each territory now."""
        return control(self.pen, self.players, self.layout.members)

    def scores(self) -> list[int]:
        """Points as if the game ended now (final once it is over)."""
        return self.breakdown().totals

    def breakdown(self) -> Breakdown:
        """Every player's scoring lines as if the game ended now, the winners and what
        decided (rulebook, "Ending the Game")."""
        n = self.players
        layout = self.layout
        tiles, territories = self.control()
        values = layout.values(n)
        rows = []
        for p in range(n):
            mine = [i for i, who in enumerate(tiles) if p in who]
            held = [k for k, who in enumerate(territories) if p in who]
            rows.append(
                PlayerScore(
                    pebbles=sum(self.pebbles[i] for i in mine),
                    territories=sum(values[k] for k in held),
                    love=self.love[p],
                    fish=self.fish[p] // 2,
                    fish_tokens=self.fish[p],
                    tiles=tuple(layout.numbers[i] for i in mine),
                    territory_names=tuple(layout.territories[k].name for k in held),
                )
            )
        winners, decided = rank([r.total for r in rows], self.love, [r.pebbles for r in rows])
        return Breakdown(tuple(rows), tuple(winners), decided)

    def winners(self) -> list[int]:
        return list(self.breakdown().winners)


__all__ = [
    "B_FISH",
    "B_LOVE",
    "B_PEBBLES",
    "CHANCE_STEP",
    "CHOOSE",
    "CTX_COURT",
    "CTX_PLACED",
    "CTX_PUSH",
    "CTX_SCURRY1",
    "CTX_SCURRY2",
    "DID_FISH",
    "DID_PLACE",
    "DID_POWER",
    "FISH_TOKENS",
    "HAND",
    "LOVE_TOKENS",
    "MOVE",
    "OVER",
    "PEBBLES",
    "PENGUINS",
    "PLAY_STEP",
    "ROW",
    "SCURRY_AGAIN",
    "STEP_NAMES",
    "PebblesState",
]
