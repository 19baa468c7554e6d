"""Pebbles played on several devices: what its mental-poker deal shuffles, and the game a
device plays on while it cannot see every card (:mod:`waddle.core.card_world`).

**The deal.** One pass (:mod:`waddle.core.deal`) shuffles two decks: the game's cards
(28, 40 or 52 by the number of players) and one lot per player. Dealt as a record deals
them (:func:`waddle.games.pebbles.record.deal`): ten cards to each player in seat order,
then four face up (the row), the rest the deck, top first; the first lot names the lead
player of the first round, turned up for everyone. Nobody can choose the lead: the lots
are shuffled with the cards.

**What is revealed, and when** (:class:`~waddle.core.card_world.Due`):

- at the start: each hand to its player, the row and the lead to everyone;
- a card played from a hand: by its player's own token (the others sent theirs when it
  was dealt), in the link that plays it;
- fishing that refills the row from the deck: the deck's top card, to everyone, by the
  decision that fishes;
- a reshuffle (the deck is empty, the discards become the deck): the cards are known,
  their order is not; each card drawn from such a deck is chosen among those left by a
  shared random value (:meth:`waddle.core.deal.Deal.shared_value`, tag
  :func:`reshuffle_tag`) that nobody can know before the draw, nor choose. The record's
  reshuffle action writes the whole order out: the cards never drawn are ordered by the
  same values, computed at the end from the revealed locks.

**The rules and the unseen cards.** The only decisions that name cards are ``play`` (a
card from the player's hand: shown by its token) and ``fish`` (a face-up card: the row's
refill is unlocked for everyone). A device plays on with a row card it cannot see yet (a
player who fishes takes another action next, which does not depend on the new card); it
waits where a decision or its own choice needs it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from waddle.core import deal
from waddle.core.bits import BitReader, BitWriter, DecodeError
from waddle.core.card_world import Due, Knowledge, ParsedActions, Step, fill
from waddle.core.game import CHANCE, IllegalActionError
from waddle.core.links import LinkError
from waddle.games.pebbles.actions import K_FISH, K_PLAY, Action
from waddle.games.pebbles.cards import CARDS, MIN_PLAYERS, Card, deck_for
from waddle.games.pebbles.layout import Layout, builtin_names, layout_named
from waddle.games.pebbles.link import _read_layout, _write_layout
from waddle.games.pebbles.record import Record
from waddle.games.pebbles.state import HAND, ROW

MAX_RESHUFFLES = 64
MAX_DRAWS = 64


@dataclass(frozen=True)
class Setup:
    """What a game of Pebbles on several devices starts from, before its deal."""

    players: int
    layout: Layout


def reshuffle_tag(reshuffle: int, draw: int) -> int:
    """The shared value that picks the ``draw``-th card of the ``reshuffle``-th reshuffled
    deck (both from 0)."""
    return 1 + reshuffle * MAX_DRAWS + draw


class PebblesDeal:
    """Pebbles' :class:`~waddle.core.card_world.CardGame`."""

    # -- the public setup --------------------------------------------------------------

    def setup_of(self, record: Record) -> bytes:
        w = BitWriter()
        w.uint(record.players - MIN_PLAYERS, 2)
        builtin = record.layout.name is not None and record.layout.name in builtin_names()
        w.uint(builtin, 1)
        if builtin:
            w.varint(builtin_names().index(record.layout.name))
        else:
            _write_layout(w, record.layout)
        return w.to_bytes()

    def read_setup(self, data: bytes) -> Setup:
        try:
            r = BitReader(data)
            players = r.uint(2) + MIN_PLAYERS
            if players > 4:
                raise LinkError("the number of players is not valid")
            if r.uint(1):
                k = r.varint()
                names = builtin_names()
                if k >= len(names):
                    raise LinkError("it names a layout this version does not know")
                layout = layout_named(names[k])
            else:
                layout = _read_layout(r)
            if r.remaining() >= 8:
                raise DecodeError("data after its end")
        except DecodeError as e:
            raise LinkError(f"the setup is damaged: {e}") from None
        problems = layout.problems_for(players)
        if problems:
            raise LinkError(f"the layout is not valid: {problems[0]}")
        return Setup(players, layout)

    def players(self, setup: Setup) -> int:
        return setup.players

    # -- the deal --------------------------------------------------------------------------

    def plan(self, setup: Setup, game_id: bytes) -> deal.Plan:
        cards = deck_for(setup.players)
        n = len(cards)
        decks = (
            deal.Deck("cards", tuple(str(c) for c in cards)),
            deal.Deck("lead", tuple(str(p) for p in range(setup.players))),
        )
        lots = tuple(range(n, n + setup.players))
        return deal.Plan(game_id, decks, (deal.Pass((tuple(range(n)), lots)),))

    def runner(self, setup: Setup, plan: deal.Plan, knowledge: Knowledge, variant: int) -> Runner:
        return Runner(setup, knowledge, variant)

    def parse_action(self, data: Any) -> Action:
        return Action.from_json(data)

    def shown_at_once(self, setup: Setup, plan: deal.Plan, origin: int) -> bool:
        """No card of Pebbles drawn face down is shown at once (none is drawn so)."""
        return False


class Runner:
    """One determinization of a game of Pebbles (:class:`waddle.core.card_world.Runner`)."""

    def __init__(self, setup: Setup, knowledge: Knowledge, variant: int) -> None:
        n = setup.players
        self.setup = setup
        self.variant = variant
        self.knowledge = knowledge
        self.cards = deck_for(n)
        size = len(self.cards)
        self.lead_at = size
        known = {x: self.cards[o] for x, o in knowledge.cards.items() if x < size and o < size}
        self.known: set[Card] = set(known.values())
        unknown = [x for x in range(size) if x not in known]
        pool = [c for c in self.cards if c not in self.known]
        dealt = {**known, **fill(unknown, pool, variant)}
        hands = tuple(tuple(sorted(dealt[p * HAND + i] for i in range(HAND))) for p in range(n))
        row = tuple(dealt[n * HAND + i] for i in range(ROW))
        deck = tuple(dealt[x] for x in range(n * HAND + ROW, size))
        lot = knowledge.cards.get(size)
        self.lead_known = lot is not None
        lead = lot - size if lot is not None and size <= lot < size + n else variant % n
        self.base = Record(n, setup.layout, hands, row, deck, lead)
        self.state = self.base.start()
        self.position_of = {card: x for x, card in dealt.items()}
        self.hand_positions = [set(range(p * HAND, (p + 1) * HAND)) for p in range(n)]
        self.deck_start = n * HAND + ROW
        self.initial_popped = 0
        self.reshuffles = 0
        self.popped = 0
        """Cards drawn from the current reshuffled deck."""
        self.stand_ins: set[int] = set()
        """Cards in the row that stand for a draw this device has not seen (a card of
        Pebbles exists once, so the value marks its place)."""
        self._marks: list[tuple[int, int, int, int, frozenset[int]]] = []

    # -- the protocol ------------------------------------------------------------------------

    def start(self) -> list[Due]:
        n = self.setup.players
        out = [Due(x, to=p) for p in range(n) for x in range(p * HAND, (p + 1) * HAND)]
        out += [Due(n * HAND + i) for i in range(ROW)]
        out.append(Due(self.lead_at))
        return out

    def step(self, seat: int, action: str, undo: bool = True) -> Step:
        act = _parse(action)
        if isinstance(act, str):
            return Step(problem=f"its move cannot be read ({act})")
        state = self.state
        if state.is_over():
            return Step(problem="it moves after the end of the game")
        if state.to_move() != seat:
            return Step(problem="it moved out of its turn")
        due: list[Due] = []
        if act.kind == K_PLAY and act.arg not in self.known:
            return Step(waiting="Waiting for the card of a move to be unlocked.", own_card=True)
        if act.kind == K_FISH and (act.arg in self.stand_ins or act.arg not in self.known):
            return Step(waiting="Waiting for a card of the row to be unlocked.")
        if act.kind == K_PLAY:
            x = self.position_of.get(act.arg)
            if x is not None and x in self.hand_positions[seat]:
                due.append(Due(x, holder=seat))
        if act not in state.legal_actions():
            return Step(problem=f"its move is not legal ({state.why_illegal(act)})")
        if undo:
            mark = (
                len(state.history),
                self.initial_popped,
                self.reshuffles,
                self.popped,
                frozenset(self.stand_ins),
            )
            self._marks = [mark]
        state._undo = [] if undo else None
        try:
            self._apply(act, due)
        except IllegalActionError as e:  # a reshuffle gone wrong: a bug, not a player's
            raise AssertionError(f"a replay failed: {e}") from None
        return Step(due)

    def _apply(self, act: Action, due: list[Due]) -> None:
        state = self.state
        if act.kind == K_FISH:
            self.stand_ins.discard(act.arg)
        before = list(state.deck)
        state.apply(act)
        self._note_pops(before, due)
        while state.to_move() == CHANCE:
            order = self._reshuffle_order()
            self.reshuffles += 1
            self.popped = 0
            state.apply(Action.reshuffle(order))
            self._note_pops(list(reversed(order)), due)

    def _note_pops(self, before: list[int], due: list[Due]) -> None:
        """The cards drawn from ``before`` (the deck, top last) into the row: each revealed
        to everyone, a stand-in where this device has not seen it."""
        drawn = before[len(self.state.deck) :][::-1]
        for card in drawn:
            if self.reshuffles == 0:
                x = self.deck_start + self.initial_popped
                due.append(Due(x))
                if x not in self.knowledge.cards:
                    self.stand_ins.add(card)
                self.initial_popped += 1
            else:
                tag = reshuffle_tag(self.reshuffles - 1, self.popped)
                due.append(Due(tag=tag))
                if tag not in self.knowledge.values:
                    self.stand_ins.add(card)
                self.popped += 1

    def _reshuffle_order(self) -> list[Card]:
        """The new deck, top first: each card picked among those left by its shared value,
        or by this runner's filler where the value is not known yet."""
        left = sorted(self.state.discards)
        order = []
        for j in range(len(left)):
            value = self.knowledge.values.get(reshuffle_tag(self.reshuffles, j))
            if value is not None:
                card = left[int.from_bytes(value[:16], "big") % len(left)]
                self.known.add(card)
            else:
                card = left[-1 if self.variant else 0]
            order.append(card)
            left.remove(card)
        return order

    def undo(self) -> None:
        ply, self.initial_popped, self.reshuffles, self.popped, stand_ins = self._marks.pop()
        self.stand_ins = set(stand_ins)
        while len(self.state.history) > ply:
            self.state.undo()

    def quick(self) -> Hashable:
        s = self.state
        return (s.step, s.current, s.lead, s.round, s.turn, s.done, len(s.deck), s.mv_tile)

    def signature(self) -> Hashable:
        s = self.state

        def mask(cards: Sequence[int]) -> tuple:
            return tuple(
                -1 if c < 0 else "?" if c in self.stand_ins or CARDS[c] not in self.known else c
                for c in cards
            )

        return (
            self.lead_known,
            s.step,
            s.current,
            s.lead,
            s.round,
            s.turn,
            s.done,
            mask([s.card]),
            mask(s.trick),
            mask(s.discards),
            mask(s.row),
            len(s.deck),
            tuple(tuple(sorted(mask(h), key=str)) for h in s.hands),
            tuple(s.pen),
            tuple(s.pebbles),
            tuple(s.supply),
            tuple(s.fish),
            tuple(s.love),
            tuple(s.bank),
            s.mv_tile,
            s.mv_owner,
            s.mv_free,
            s.ctx,
            s.push_tile,
            s.push_queue,
            s.push_i,
            s.sc_moved,
        )

    def record(self) -> Record:
        return self.base.with_actions(self.state.history)


_parse = ParsedActions(Action.from_json)
"""A decision's action from its JSON, or why it is none."""


REMOTE_DEAL = PebblesDeal()

__all__ = ["REMOTE_DEAL", "PebblesDeal", "Runner", "Setup", "reshuffle_tag"]
