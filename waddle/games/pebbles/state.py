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
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence

from waddle.core.game import CHANCE, OMNISCIENT, IllegalActionError
from waddle.core.rng import Rng
from waddle.games.pebbles.actions import (
    COLLECT_ON,
    COURT_PEBBLE,
    COURT_PENGUIN,
    DONE,
    FISH,
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
    PLACE,
    PLAY,
    POWER_KINDS,
    PUSH,
    SCURRY_FROM,
    STEP,
    Action,
)
from waddle.games.pebbles.cards import (
    CARDS,
    COLLECT,
    COURT,
    NUMBER_OF,
    SCURRY,
    SUIT_OF,
    SUITS,
    check_players,
)
from waddle.games.pebbles.cards import PUSH as PUSH_SUIT
from waddle.games.pebbles.layout import Layout
from waddle.games.pebbles.observation import (
    NOBODY,
    HandView,
    MoveView,
    PebblesView,
    TurnView,
    sees,
)
from waddle.games.pebbles.scoring import Breakdown, PlayerScore, control, rank

PENGUINS = 10
"""Penguins per player (the box: 40 meeples, 10 of each colour)."""
PEBBLES = 30
FISH_TOKENS = 16
LOVE_TOKENS = 10
"""One love token per trick: the game lasts ten rounds."""
HAND = 10
"""Cards dealt to each player."""
ROW = 4
"""Face-up cards beside the deck."""

# The steps of the turn's state machine.
PLAY_STEP, CHOOSE, MOVE, SCURRY_AGAIN, CHANCE_STEP, OVER = range(6)
STEP_NAMES = ("play", "choose", "move", "scurry-again", "chance", "over")

# Actions taken this turn, as bits of ``done``.
DID_PLACE, DID_POWER, DID_FISH = 1, 2, 4
_DONE_NAMES = ((DID_PLACE, "place"), (DID_POWER, "power"), (DID_FISH, "fish"))

# What a penguin's finished move leads to.
CTX_PLACED, CTX_COURT, CTX_SCURRY1, CTX_SCURRY2, CTX_PUSH = range(5)
_PURPOSE = ("place", "court", "scurry", "scurry", "push")

# Undo log entries (each apply's changes, undone last first).
_SET, _HAND_ADD, _HAND_DEL, _ROW, _DECK_POP, _TRICK_ADD, _ROUND, _RESHUFFLE = range(8)
# Arrays an _SET names.
_PEN, _SUPPLY, _PEBBLES, _FISH, _LOVE, _BANK = range(6)
# Places in ``bank``.
B_PEBBLES, B_FISH, B_LOVE = range(3)


class PebblesState:
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

    def _list_legal(self) -> tuple[Action, ...]:
        step = self.step
        if step == PLAY_STEP:
            return tuple([PLAY[c] for c in self.hands[self.current]])
        if step == CHOOSE:
            return tuple(self._choices())
        if step == MOVE:
            return tuple(self._moves())
        if step == SCURRY_AGAIN:
            return (*self._scurry_sources(self.sc_moved), DONE)
        return ()

    def _choices(self) -> list[Action]:
        """The actions not yet taken this turn, each with its first target."""
        done = self.done
        out = []
        if not done & DID_PLACE and self.supply[self.current]:
            out.append(PLACE[NUMBER_OF[self.card]])
        if not done & DID_POWER:
            out.extend(self._power_targets())
        if not done & DID_FISH:
            out.extend(FISH[c] for c in self.row if c >= 0)
        return out

    def _power_targets(self) -> list[Action]:
        suit = SUIT_OF[self.card]
        numbers = self.layout.numbers
        p = self.current
        if suit == SCURRY.id:
            return self._scurry_sources(-1)
        if suit == COLLECT.id:
            if not self.bank[B_PEBBLES]:
                return []
            return [COLLECT_ON[m] for m in numbers]
        n = self.players
        pen = self.pen
        if suit == PUSH_SUIT.id:
            return [PUSH[m] for i, m in enumerate(numbers) if pen[i * n + p]]
        # Court: a tile with two or more penguins, anyone's.
        penguin, pebble = self.supply[p] > 0, self.bank[B_PEBBLES] > 0
        out = []
        if penguin or pebble:
            for i, m in enumerate(numbers):
                if sum(pen[i * n : i * n + n]) >= 2:
                    if penguin:
                        out.append(COURT_PENGUIN[m])
                    if pebble:
                        out.append(COURT_PEBBLE[m])
        return out

    def _scurry_sources(self, moved: int) -> list[Action]:
        """Tiles a penguin of the mover can scurry from (not counting the penguin that
        already scurried, which stands on tile index ``moved``)."""
        n = self.players
        p = self.current
        pen = self.pen
        neighbours = self.layout.neighbours
        out = []
        for i, m in enumerate(self.layout.numbers):
            have = pen[i * n + p] - (i == moved)
            if have > 0 and neighbours[i]:
                out.append(SCURRY_FROM[m])
        return out

    def _moves(self) -> list[Action]:
        numbers = self.layout.numbers
        out = []
        if self.mv_free > 0 or self.fish[self.current] > 0:
            out = [STEP[numbers[j]] for j in self.layout.neighbours[self.mv_tile]]
        if self.mv_stop:
            out.append(DONE)
        return out

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

    # The log of changes (for undo): every change of the position goes through these.

    def _set(self, code: int, array: list[int], i: int, value: int) -> None:
        log = self._log
        if log is not None:
            log.append((_SET, code, i, array[i]))
        array[i] = value

    def _control(self) -> tuple:
        return (
            self.round,
            self.lead,
            self.turn,
            self.current,
            self.step,
            self.card,
            self.done,
            self.mv_tile,
            self.mv_owner,
            self.mv_free,
            self.mv_stop,
            self.ctx,
            self.sc_moved,
            self.push_tile,
            self.push_queue,
            self.push_i,
            self.public,
        )

    def _restore(self, c: tuple) -> None:
        (
            self.round,
            self.lead,
            self.turn,
            self.current,
            self.step,
            self.card,
            self.done,
            self.mv_tile,
            self.mv_owner,
            self.mv_free,
            self.mv_stop,
            self.ctx,
            self.sc_moved,
            self.push_tile,
            self.push_queue,
            self.push_i,
            self.public,
        ) = c

    # The rules, one piece each.

    def _play(self, card: int) -> None:
        p = self.current
        self.hands[p].remove(card)
        self.trick.append(card)
        if self._log is not None:
            self._log.append((_HAND_DEL, p, card))
            self._log.append((_TRICK_ADD,))
        self.public |= 1 << card
        self.card = card
        self.done = 0
        self._after_action()

    def _place(self, i: int, did: int, ctx: int) -> None:
        p = self.current
        self.done |= did
        self._set(_SUPPLY, self.supply, p, self.supply[p] - 1)
        k = i * self.players + p
        self._set(_PEN, self.pen, k, self.pen[k] + 1)
        self.ctx = ctx
        self._start_move(i, p, 0, True)
        self._continue_move()

    def _start_move(self, i: int, owner: int, free: int, may_stop: bool) -> None:
        self.mv_tile = i
        self.mv_owner = owner
        self.mv_free = free
        self.mv_stop = may_stop

    def _step(self, j: int) -> None:
        n = self.players
        owner = self.mv_owner
        if self.mv_free > 0:
            self.mv_free -= 1
        else:  # a fish step, paid by the player whose turn it is
            p = self.current
            self._set(_FISH, self.fish, p, self.fish[p] - 1)
            self._set(_BANK, self.bank, B_FISH, self.bank[B_FISH] + 1)
        a = self.mv_tile * n + owner
        b = j * n + owner
        self._set(_PEN, self.pen, a, self.pen[a] - 1)
        self._set(_PEN, self.pen, b, self.pen[b] + 1)
        self.mv_tile = j
        self.mv_stop = True
        self._continue_move()

    def _continue_move(self) -> None:
        """Stay in the move while there is a choice; end it when there is none."""
        if not self.layout.neighbours[self.mv_tile] or (
            self.mv_free == 0 and not self.fish[self.current]
        ):
            self._end_move()
        else:
            self.step = MOVE

    def _end_move(self) -> None:
        ctx = self.ctx
        moved = self.mv_tile
        self.mv_tile = self.mv_owner = self.mv_free = -1
        self.mv_stop = False
        if ctx == CTX_PUSH:
            self.push_i += 1
            self._next_push()
        elif ctx == CTX_SCURRY1 and self._scurry_sources(moved):
            self.sc_moved = moved
            self.step = SCURRY_AGAIN
        else:
            self._after_action()

    def _next_push(self) -> None:
        """The next pushed penguin (0 or 1 free step, then fish steps), or the power ends."""
        queue = self.push_queue
        while self.push_i < len(queue):
            if self.layout.neighbours[self.push_tile]:
                self._start_move(self.push_tile, queue[self.push_i], 1, True)
                self.step = MOVE
                return
            self.push_i += 1
        self._after_action()

    def _fish(self, card: int) -> None:
        p = self.current
        self.done |= DID_FISH
        slot = self.row.index(card)
        log = self._log
        self.row[slot] = -1
        insort(self.hands[p], card)
        if log is not None:
            log.append((_ROW, slot, card))
            log.append((_HAND_ADD, p, card))
        if self.bank[B_FISH]:
            self._set(_BANK, self.bank, B_FISH, self.bank[B_FISH] - 1)
            self._set(_FISH, self.fish, p, self.fish[p] + 1)
        self._fill_row()
        if not self.deck and self.discards:
            self.step = CHANCE_STEP
        else:
            self._after_action()

    def _fill_row(self) -> None:
        """Empty places of the row take the top cards of the deck while it has any."""
        row, deck, log = self.row, self.deck, self._log
        for slot in range(ROW):
            if row[slot] < 0 and deck:
                card = deck.pop()
                row[slot] = card
                self.public |= 1 << card
                if log is not None:
                    log.append((_DECK_POP, card))
                    log.append((_ROW, slot, -1))

    def _reshuffle(self, order: Sequence[int]) -> None:
        if self._log is not None:
            self._log.append((_RESHUFFLE, tuple(self.discards)))
        self.deck[:] = [CARDS[c] for c in reversed(order)]
        self.discards.clear()
        self._fill_row()
        self._after_action()

    def _after_action(self) -> None:
        """A card or an action is finished: the next action, or the turn is over."""
        if self.done.bit_count() < 2:
            self.step = CHOOSE
            if self._choices():
                return
        self._end_turn()

    def _end_turn(self) -> None:
        self.card = -1
        self.done = 0
        self.sc_moved = -1
        self.push_tile = -1
        self.push_queue = ()
        self.push_i = 0
        self.turn += 1
        if self.turn == self.players:
            self._end_round()
        else:
            self.current = (self.lead + self.turn) % self.players
            self.step = PLAY_STEP

    def _end_round(self) -> None:
        """The trick goes to the highest card of the led suit; its player takes a love
        token and leads the next round (rulebook, "Ending a Round")."""
        trick = self.trick
        led = SUIT_OF[trick[0]]
        best = 0
        for k in range(1, len(trick)):
            c = trick[k]
            if SUIT_OF[c] == led and c > trick[best]:
                best = k
        winner = (self.lead + best) % self.players
        self._set(_LOVE, self.love, winner, self.love[winner] + 1)
        self._set(_BANK, self.bank, B_LOVE, self.bank[B_LOVE] - 1)
        if self._log is not None:
            self._log.append((_ROUND, tuple(trick), len(self.discards)))
        self.discards.extend(trick)
        trick.clear()
        self.lead = winner
        self.round += 1
        self.turn = 0
        if self.bank[B_LOVE] == 0:
            self.step = OVER
            self.current = NOBODY
        else:
            self.current = winner
            self.step = PLAY_STEP

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self._actions:
            raise IndexError("nothing to undo")
        if self._undo is None:
            raise ValueError("a determinized world keeps no undo information")
        control, log = self._undo.pop()
        arrays = (self.pen, self.supply, self.pebbles, self.fish, self.love, self.bank)
        for entry in reversed(log):
            op = entry[0]
            if op == _SET:
                arrays[entry[1]][entry[2]] = entry[3]
            elif op == _HAND_ADD:
                self.hands[entry[1]].remove(entry[2])
            elif op == _HAND_DEL:
                insort(self.hands[entry[1]], entry[2])
            elif op == _ROW:
                self.row[entry[1]] = entry[2]
            elif op == _DECK_POP:
                self.deck.append(entry[1])
            elif op == _TRICK_ADD:
                self.trick.pop()
            elif op == _ROUND:
                del self.discards[entry[2] :]
                self.trick[:] = entry[1]
            elif op == _RESHUFFLE:
                self.deck.clear()
                self.discards[:] = entry[1]
        self._restore(control)
        self._legal = None
        return self._actions.pop()

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

    # -- what each seat sees ------------------------------------------------------------------

    def holder(self, card: int) -> int:
        """The player whose hand holds ``card``, or :data:`NOBODY`."""
        for p, hand in enumerate(self.hands):
            if card in hand:
                return p
        return NOBODY

    def sees(self, seat: int, card: int, holder: int) -> bool:
        """The one rule of visibility (:func:`~waddle.games.pebbles.observation.sees`)."""
        return sees(self.public, holder, seat, card)

    def view(self, seat: int) -> PebblesView:
        """Everything ``seat`` may see (a player, SPECTATOR or OMNISCIENT)."""
        n = self.players
        layout = self.layout
        hands = tuple(
            HandView(len(h), tuple(CARDS[c] for c in h if self.sees(seat, c, p)))
            for p, h in enumerate(self.hands)
        )
        deck_known = tuple(sorted(CARDS[c] for c in self.deck if self.sees(seat, c, NOBODY)))
        tiles, territories = self.control()
        breakdown = self.breakdown()
        players = self.trick_players()
        to_move = self.to_move()
        moving = None
        if self.step == MOVE:
            moving = MoveView(
                layout.numbers[self.mv_tile],
                self.mv_owner,
                _PURPOSE[self.ctx],
                self.mv_free,
                self.mv_stop,
            )
        pushing = self.push_tile >= 0 and self.step == MOVE and self.ctx == CTX_PUSH
        turn = TurnView(
            player=to_move if to_move is not None and to_move >= 0 else None,
            step=STEP_NAMES[self.step],
            card=CARDS[self.card] if self.card >= 0 else None,
            actions_done=tuple(name for bit, name in _DONE_NAMES if self.done & bit),
            moving=moving,
            scurried=1 if self.step == SCURRY_AGAIN or (self.ctx == CTX_SCURRY2 and moving) else 0,
            push_tile=layout.numbers[self.push_tile] if pushing else None,
            push_players=self.push_queue[self.push_i :] if pushing else (),
        )
        legal = self.legal_actions() if seat in (OMNISCIENT, to_move) else ()
        return PebblesView(
            seat=seat,
            players=n,
            layout=layout,
            round=min(self.round + 1, LOVE_TOKENS),
            lead=self.lead,
            to_move=to_move,
            hands=hands,
            row=tuple(CARDS[c] if c >= 0 else None for c in self.row),
            deck_size=len(self.deck),
            deck_known=deck_known,
            deck=tuple(CARDS[c] for c in reversed(self.deck)) if seat == OMNISCIENT else None,
            discards=tuple(CARDS[c] for c in self.discards),
            trick=tuple(zip(players, (CARDS[c] for c in self.trick), strict=True)),
            led_suit=SUITS[SUIT_OF[self.trick[0]]] if self.trick else None,
            penguins=tuple(tuple(self.pen[i * n : i * n + n]) for i in range(len(layout))),
            pebbles=tuple(self.pebbles),
            penguin_supply=tuple(self.supply),
            pebble_supply=self.bank[B_PEBBLES],
            fish=tuple(self.fish),
            fish_supply=self.bank[B_FISH],
            love=tuple(self.love),
            love_supply=self.bank[B_LOVE],
            tile_control=tuple(tiles),
            territory_control=tuple(territories),
            scores=breakdown,
            turn=turn,
            legal=tuple(legal),
            last_tile=self._last_tile(),
        )

    def _last_tile(self) -> int | None:
        """The tile of the most recent decision that named one (public: every such
        decision is seen by all)."""
        for action in reversed(self._actions):
            tile = action.tile
            if tile is not None:
                return tile
        return None

    def determinize(self, seat: int, rng: Rng) -> PebblesState:
        """A whole state that ``seat`` cannot tell from this one: the cards it cannot see
        (the others' unknown cards, the undrawn part of the first deck) dealt again at
        random, and the deck's order shuffled. Built from what the seat sees only, so two
        states with the same view give the same worlds from the same ``rng``. The world
        keeps no undo information (which could hold hidden cards)."""
        world = self._copy()
        if seat == OMNISCIENT:
            return world
        public = self.public
        others = [p for p in range(self.players) if p != seat]
        hidden = []
        for p in others:
            hidden.extend(c for c in self.hands[p] if not (public >> c) & 1)
        hidden.extend(c for c in self.deck if not (public >> c) & 1)
        hidden.sort()
        rng.shuffle(hidden)
        k = 0
        for p in others:
            known = [c for c in self.hands[p] if (public >> c) & 1]
            unknown = len(self.hands[p]) - len(known)
            world.hands[p] = sorted(known + hidden[k : k + unknown])
            k += unknown
        deck = sorted(c for c in self.deck if (public >> c) & 1) + hidden[k:]
        rng.shuffle(deck)
        world.deck = deck
        world._legal = None
        return world

    # -- explaining a refusal --------------------------------------------------------------------

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` cannot be taken now, in words for the player; None if it is legal."""
        step = self.step
        kind = action.kind
        if step == OVER:
            return "the game is over"
        if step == CHANCE_STEP:
            if kind != K_RESHUFFLE:
                return "the discards are being shuffled into a new deck first"
            if sorted(action.arg) != sorted(self.discards):
                return "a reshuffle puts exactly the discarded cards into the deck, once each"
            return None
        if kind == K_RESHUFFLE:
            return "the discards are only reshuffled when fishing empties the deck"
        if action in self.legal_actions():
            return None
        if step == PLAY_STEP:
            if kind != K_PLAY:
                return "play a card first"
            return f"you do not hold {action.arg}"
        if kind == K_PLAY:
            return "you have already played a card this turn"
        if step == MOVE:
            return self._why_not_step(action)
        if step == SCURRY_AGAIN:
            if kind == K_SCURRY:
                return f"you have no other penguin that can scurry from tile {action.arg}"
            return "scurry a second penguin, or say done"
        return self._why_not_choice(action)

    def _why_not_step(self, action: Action) -> str:
        here = self.layout.numbers[self.mv_tile]
        if action.kind == K_DONE:
            return "a scurrying penguin moves at least 1 tile"
        if action.kind != K_STEP:
            return f"the penguin on tile {here} is moving: step to an adjacent tile, or done"
        if action.arg not in self.layout.index:
            return f"there is no tile {action.arg}"
        j = self.layout.index[action.arg]
        if j not in self.layout.neighbours[self.mv_tile]:
            return f"tile {action.arg} is not adjacent to tile {here}"
        return "another step costs a fish token, and you have none"

    def _why_not_choice(self, action: Action) -> str:
        kind = action.kind
        card = CARDS[self.card]
        done = self.done
        tile = action.arg
        if kind in (K_STEP, K_DONE):
            return "no penguin is moving: choose an action"
        if done.bit_count() >= 2:
            return "you have taken your two actions"
        if tile is not None and kind not in (K_FISH, K_PLAY) and tile not in self.layout.index:
            return f"there is no tile {tile}"
        if kind == K_PLACE:
            if done & DID_PLACE:
                return "you have already placed a penguin this turn"
            if not self.supply[self.current]:
                return f"all {PENGUINS} of your penguins are on the board"
            return f"your card is {card}: the penguin goes on tile {card.number}"
        if kind == K_FISH:
            if done & DID_FISH:
                return "you have already been fishing this turn"
            return f"{action.arg} is not face up in the row"
        if kind in POWER_KINDS:
            if done & DID_POWER:
                return "you have already used your card's power this turn"
            suit = card.suit
            wanted = {
                K_SCURRY: SCURRY,
                K_COURT_PENGUIN: COURT,
                K_COURT_PEBBLE: COURT,
                K_PUSH: PUSH_SUIT,
                K_COLLECT: COLLECT,
            }[kind]
            if wanted != suit:
                return (
                    f"your card is {card.describe()}: its power is {suit.name}, not {wanted.name}"
                )
            if kind in (K_COLLECT, K_COURT_PEBBLE) and not self.bank[B_PEBBLES]:
                return f"all {PEBBLES} pebbles are on the board"
            if kind == K_COURT_PENGUIN and not self.supply[self.current]:
                return f"all {PENGUINS} of your penguins are on the board"
            if kind in (K_COURT_PENGUIN, K_COURT_PEBBLE):
                return f"Court goes on a tile with 2 or more penguins, and tile {tile} has fewer"
            if kind == K_SCURRY:
                return f"you have no penguin on tile {tile} (or it has no adjacent tile)"
            return f"you have no penguin on tile {tile}"
        return "that is not possible now"
