"""Waddle Waddle played on several devices: what its mental-poker deal shuffles, and the
game a device plays on while it cannot see every card (:mod:`waddle.core.card_world`).

**The deal.** Each season's deck has a shape (rulebook, "The Penguin Deck"): 36 penguin
cards on top, then four stacks of ten, each of nine penguins and one threat. The deal
(:mod:`waddle.core.deal`) builds it in two passes, so that nobody knows or can choose it:

1. every player shuffles each season's 72 penguins among that season's penguin places,
   and the threats among their places: the first season draws its four of its pool (six,
   or eight without the gentle first season) and, with a second season, the pool's two or
   four others go to the second season's stacks, beside the threats the first season
   leaves out (so the second season holds exactly the four the first did not use); a
   third season draws four of all eight again; threats no season uses are set aside,
   locked, never drawn. Each season's event is the first of its shuffled events; the first
   season's Conservation Points and Fish Supply tokens are two shuffled lots of five, one to
   a rookery;
2. every player shuffles each bottom stack within itself: the threat's place in its stack
   is as hidden as every card.

A season's deck is written top card first in the record as it is drawn, so the record is an
ordinary ``waddle-waddle-record/1`` (with one difference from a game dealt by one device:
the threats sit in the stacks in a shuffled order, not the engine's order of the threats,
which this protocol could not reproduce without showing them).

**What is revealed, and when** (:class:`~waddle.core.card_world.Due`): a season's deal
(two cards to each hand, the ice floe, the event, the first season's tokens) when the
season starts; each card turned face up on the floe; a card drawn face down to its drawer
(and, drawn from a bottom stack, shown by its drawer if it is a threat, else kept: a
``Keep`` entry, checked at the end); a card leaving a hand that was not taken face up, by
its holder's own token (exchanged, taken on a fishing trip, played in a waddle, or the rest
of the hand going to the floe).

**The rules and the unseen cards.** A decision names cards of the floe (face up: they are
unlocked for everyone) or of its player's hand (shown by the player's token in the same
link). ``pass`` is the one decision whose legality depends on a hidden hand (no waddle in
it): another device takes it as given, and the end's replay checks it. Kevin, who may sit
anywhere in the top half and is told apart from a penguin only by his holder, would need a
third pass: a game with Kevin is not offered on several devices yet.

Why one module: the deal's plan and the reveals name the same places of the deck; a place
added to one must be added to the other at once, and both follow the rulebook's deck.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from waddle.core import deal, jsontext
from waddle.core.bits import BitReader, BitWriter, DecodeError
from waddle.core.card_world import Due, Knowledge, ParsedActions, Step, fill
from waddle.core.links import LinkError
from waddle.core.records import BoardError
from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import (
    HIDDEN,
    THREAT0,
    THREAT_CODES,
    code,
    full_deck,
    parse_card,
)
from waddle.games.waddle_waddle.components import (
    BUILT_IN,
    ROOKERIES,
    Components,
    components_from_json,
)
from waddle.games.waddle_waddle.components import MAX_BYTES as MAX_COMPONENTS_BYTES
from waddle.games.waddle_waddle.deck import STACK_CARDS, STACKS, threat_pool
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.link import _HANDICAP_BITS, _SWITCHES
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.phases import HERO_PHASE, OVER, REFILL2, TOKENS
from waddle.games.waddle_waddle.record import MAX_PLAYERS, MIN_PLAYERS, Record
from waddle.games.waddle_waddle.state import WaddleWaddleState

TOP = 36
"""Penguins above the stacks."""
STACK = STACK_CARDS + 1
"""Cards of a bottom stack."""
KEVIN_REFUSED = (
    "Kevin is not offered in a game on several devices yet (his place in the deck would need "
    "another round of shuffles): turn him off to play this game on several devices."
)


@dataclass(frozen=True)
class Setup:
    """What a game of Waddle Waddle on several devices starts from, before its deal."""

    players: int
    options: Options
    components: Components


@dataclass(frozen=True)
class Layout:
    """Where each card of the deal sits (positions of :class:`waddle.core.deal.Plan`)."""

    seasons: tuple[int, ...]
    """Each season's first position: its deck, top card first as drawn."""
    size: int
    """Cards in a season's deck (76, or 72 without threats)."""
    events: tuple[int | None, ...]
    """Each season's event deck's first position (None without events)."""
    tokens: int
    """The first of the ten token positions (five Conservation Points, five Fish Supply)."""
    threat_slots: tuple[tuple[tuple[int, ...], ...], ...]
    """For each season, for each of its stacks, the places whose threats the stack may
    hold: its own threat place's pass-one block (one place: a threat always there)."""


_LAYOUTS: dict[tuple, tuple[Components, tuple]] = {}


def _label(card: int, copy: int) -> str:
    return f"{code(card)}{'ab'[copy]}"


class WaddleWaddleDeal:
    """Waddle Waddle's :class:`~waddle.core.card_world.CardGame`."""

    # -- the public setup --------------------------------------------------------------

    def setup_of(self, record: Record) -> bytes:
        options = record.options
        if options.kevin:
            raise ValueError(KEVIN_REFUSED)
        w = BitWriter()
        w.uint(record.players - MIN_PLAYERS, 3)
        w.uint(options.seasons - 1, 2)
        for name in _SWITCHES:
            w.uint(1 if getattr(options, name) else 0, 1)
        handicap = options.hero_handicap
        w.uint(handicap is not None, 1)
        for vp in handicap or ():
            w.uint(vp, _HANDICAP_BITS)
        if record.components is BUILT_IN:
            w.uint(0, 1)
        else:
            w.uint(1, 1)
            text = json.dumps(
                record.components.to_json(), separators=(",", ":"), ensure_ascii=False
            )
            if len(text.encode("utf-8")) > 3500:
                raise ValueError("this component set is too big for a game on several devices")
            w.text(text)
        return w.to_bytes()

    def read_setup(self, data: bytes) -> Setup:
        try:
            r = BitReader(data)
            players = r.uint(3) + MIN_PLAYERS
            if players > MAX_PLAYERS:
                raise LinkError("the number of players is not valid")
            seasons = r.uint(2) + 1
            switches = {name: bool(r.uint(1)) for name in _SWITCHES}
            handicap = (
                tuple(r.uint(_HANDICAP_BITS) for _ in range(len(HEROES))) if r.uint(1) else None
            )
            try:
                options = Options(seasons=seasons, hero_handicap=handicap, **switches)
                options.check(players)
            except ValueError as e:
                raise LinkError(f"the options are not valid: {e}") from None
            if options.kevin:
                raise LinkError("it plays with Kevin, not offered on several devices")
            components = BUILT_IN
            if r.uint(1):
                try:
                    raw = jsontext.loads(r.text(MAX_COMPONENTS_BYTES))
                    components, _warnings = components_from_json(raw)
                except (ValueError, BoardError) as e:
                    raise LinkError(f"the component set is not valid: {e}") from None
            if r.remaining() >= 8:
                raise DecodeError("data after its end")
        except DecodeError as e:
            raise LinkError(f"the setup is damaged: {e}") from None
        return Setup(players, options, components)

    def players(self, setup: Setup) -> int:
        return setup.players

    # -- the deal ----------------------------------------------------------------------

    def layout(self, setup: Setup) -> tuple[Layout, tuple[deal.Deck, ...], tuple[deal.Pass, ...]]:
        """The deal's decks and passes, and where each part of the game sits (see the
        module's notes); the same setup gives the same (kept, a runner asks at every
        replay)."""
        key = (setup.players, setup.options, id(setup.components))
        held = _LAYOUTS.get(key)
        if held is not None and held[0] is setup.components:
            return held[1]
        made = self._layout(setup)
        if len(_LAYOUTS) > 16:
            _LAYOUTS.clear()
        _LAYOUTS[key] = (setup.components, made)
        return made

    def _layout(self, setup: Setup) -> tuple[Layout, tuple[deal.Deck, ...], tuple[deal.Pass, ...]]:
        o = setup.options
        seasons = o.seasons
        threats = not o.no_threats
        size = TOP + STACKS * STACK if threats else 2 * 36
        copies = [_label(c, i % 2) for i, c in enumerate(full_deck())]
        at = 0
        season_at: list[int] = []
        names: list[list[str]] = []
        threat_at: list[list[int]] = []  # each season's four threat places, before pass two
        blocks: list[tuple[int, ...]] = []
        for _ in range(seasons):
            season_at.append(at)
            places = [TOP + k * STACK + STACK - 1 for k in range(STACKS)] if threats else []
            row = [""] * size
            penguin_places = [x for x in range(size) if x not in places]
            for x, label in zip(penguin_places, copies, strict=True):
                row[x] = label
            names.append(row)
            threat_at.append([at + x for x in places])
            blocks.append(tuple(at + x for x in penguin_places))
            at += size
        extra_decks: list[deal.Deck] = []
        stacks_from: list[list[tuple[int, ...]]] = [[] for _ in range(seasons)]

        def name(place: int, threat: int) -> None:
            s = (place - season_at[0]) // size
            names[s][place - season_at[s]] = THREAT_CODES[threat]

        if threats:
            pool = list(threat_pool(0, (), o.gentle_first_season))
            extra = len(pool) - STACKS
            group = list(threat_at[0])
            if seasons >= 2:
                group += threat_at[1][:extra]
            else:
                extra_decks.append(
                    deal.Deck("set aside 1", tuple(THREAT_CODES[t] for t in pool[STACKS:]))
                )
            for place, t in zip(group, pool, strict=False):
                name(place, t)
            aside = list(range(at, at + (extra if seasons == 1 else 0)))
            at += len(aside)
            block = tuple(group + aside)
            blocks.append(block)
            stacks_from[0] = [block] * STACKS
            if seasons >= 2:
                left_out = [t for t in range(len(THREAT_CODES)) if t not in pool]
                for place, t in zip(threat_at[1][extra:], left_out, strict=True):
                    name(place, t)
                stacks_from[1] = [block] * extra + [(p,) for p in threat_at[1][extra:]]
            if seasons == 3:
                for place, t in zip(threat_at[2], range(STACKS), strict=True):
                    name(place, t)
                extra_decks.append(
                    deal.Deck("set aside 3", tuple(THREAT_CODES[t] for t in range(STACKS, 8)))
                )
                block3 = tuple(threat_at[2]) + tuple(range(at, at + STACKS))
                at += STACKS
                blocks.append(block3)
                stacks_from[2] = [block3] * STACKS
        decks = [deal.Deck(f"season {s + 1}", tuple(names[s])) for s in range(seasons)]
        decks += extra_decks
        events_at: list[int | None] = []
        for s in range(seasons):
            ids = tuple(e.id for e in setup.components.events_of(s + 1))
            if o.no_events or not ids:
                events_at.append(None)
                continue
            events_at.append(at)
            decks.append(deal.Deck(f"events {s + 1}", ids))
            blocks.append(tuple(range(at, at + len(ids))))
            at += len(ids)
        tokens_at = at
        decks.append(deal.Deck("conservation", tuple(str(i) for i in range(ROOKERIES))))
        decks.append(deal.Deck("fish", tuple(str(i) for i in range(ROOKERIES))))
        blocks.append(tuple(range(at, at + ROOKERIES)))
        blocks.append(tuple(range(at + ROOKERIES, at + 2 * ROOKERIES)))
        at += 2 * ROOKERIES
        covered = {x for block in blocks for x in block}
        blocks += [(x,) for x in range(at) if x not in covered]  # locked, not moved
        passes = [deal.Pass(tuple(blocks))]
        if threats:
            stacks = tuple(
                tuple(range(season_at[s] + TOP + k * STACK, season_at[s] + TOP + (k + 1) * STACK))
                for s in range(seasons)
                for k in range(STACKS)
            )
            passes.append(deal.Pass(stacks))
        layout = Layout(
            tuple(season_at),
            size,
            tuple(events_at),
            tokens_at,
            tuple(tuple(stacks) for stacks in stacks_from),
        )
        return layout, tuple(decks), tuple(passes)

    def plan(self, setup: Setup, game_id: bytes) -> deal.Plan:
        _, decks, passes = self.layout(setup)
        return deal.Plan(game_id, decks, passes)

    def runner(self, setup: Setup, plan: deal.Plan, knowledge: Knowledge, variant: int) -> Runner:
        return Runner(self, setup, plan, knowledge, variant)

    def parse_action(self, data: Any) -> Action:
        return Action.from_json(data)

    def shown_at_once(self, setup: Setup, plan: deal.Plan, origin: int) -> bool:
        """A threat drawn face down is shown at once (its drawer places it)."""
        deck, index = plan.locate(origin)
        label = deck.labels[index]
        return label in THREAT_CODES


class TrackedState(WaddleWaddleState):
    """The game's state, noting each card that leaves a hand and whether it was one taken
    face up (the runner shows the others by their holder's token)."""

    __slots__ = ("left",)

    def _to_floe(self, p: int, c: int) -> None:
        self.left.append((p, c, c not in self.known[p]))
        super()._to_floe(p, c)

    def _take_from_hand(self, p: int, cards: Sequence[int]) -> None:
        known = list(self.known[p])
        for c in cards:
            if c in known:
                known.remove(c)
                self.left.append((p, c, False))
            else:
                self.left.append((p, c, True))
        super()._take_from_hand(p, cards)


class Runner:
    """One determinization of a game of Waddle Waddle (:class:`waddle.core.card_world.
    Runner`)."""

    def __init__(
        self,
        game: WaddleWaddleDeal,
        setup: Setup,
        plan: deal.Plan,
        knowledge: Knowledge,
        variant: int,
    ) -> None:
        self.setup = setup
        self.plan = plan
        self.knowledge = knowledge
        self.variant = variant
        self.layout, _, _ = game.layout(setup)
        self.me_known = {x: self._card(o) for x, o in knowledge.cards.items()}
        self.filled: dict[int, int] = {}
        """The stand-in card of each position this device does not know."""
        decks = [self._season_deck(s) for s in range(setup.options.seasons)]
        events = self._events()
        tokens = self._tokens()
        c = setup.components
        event_index = tuple(c.events.index(c.event(e)) for e in events)
        self.base = (decks, events, tokens)
        state = TrackedState.__new__(TrackedState)
        state.left = []
        WaddleWaddleState.__init__(
            state, c, setup.options, setup.players, decks, event_index, tokens
        )
        self.state = state
        self.hidden: list[list[int]] = [[] for _ in range(setup.players)]
        """Positions of each hand's cards drawn face down and not shown."""
        self.floe_stand_ins: Counter[int] = Counter()
        self._marks: list[tuple[int, list[list[int]], Counter[int]]] = []

    # -- reading the deal --------------------------------------------------------------

    def _card(self, origin: int) -> Any:
        deck, index = self.plan.locate(origin)
        label = deck.labels[index]
        if deck.name.startswith("season") or deck.name.startswith("set aside"):
            if label in THREAT_CODES:
                return THREAT0 + THREAT_CODES.index(label)
            return parse_card(label[:-1])
        if deck.name.startswith("events"):
            return label
        return int(label)

    def _season_deck(self, s: int) -> tuple[int, ...]:
        """Season ``s``'s deck as this runner fills it: known cards where they are, the
        unseen ones elsewhere, one threat to a stack (its place and which one by the
        variant), never at a place whose holder kept its card."""
        lay = self.layout
        base, size = lay.seasons[s], lay.size
        known = {x: self.me_known[x] for x in range(base, base + size) if x in self.me_known}
        threats = not self.setup.options.no_threats
        out: dict[int, int] = dict(known)
        stack_threat: dict[int, int | None] = {}
        if threats:
            for k in range(STACKS):
                places = range(base + TOP + k * STACK, base + TOP + (k + 1) * STACK)
                seen = [x for x in places if x in known and known[x] >= THREAT0]
                if seen:
                    stack_threat[k] = None
                    continue
                free = [x for x in places if x not in known and x not in self.knowledge.kept]
                if not free:
                    raise ValueError("a stack without a place for its threat")
                stack_threat[k] = free[-1] if self.variant == 0 else free[0]
            threat_ids = self._stack_threats(s, stack_threat)
            for k, place in stack_threat.items():
                if place is not None:
                    out[place] = threat_ids[k]
        unknown = [x for x in range(base, base + size) if x not in out]
        pool = Counter(full_deck())
        pool.subtract(Counter(v for x, v in known.items() if v < THREAT0))
        stand_ins = fill(unknown, list(pool.elements()), self.variant)
        out.update(stand_ins)
        self.filled.update({x: out[x] for x in range(base, base + size) if x not in known})
        return tuple(out[base + i] for i in range(size))

    def _stack_threats(self, s: int, stack_threat: dict[int, int | None]) -> dict[int, int]:
        """The threat of each stack of season ``s`` whose threat this device has not seen:
        one of the threats of its place's block that no stack of the block has shown (the
        always-there threat of a stack whose place is in no block)."""
        seen: dict[tuple[int, ...], Counter[int]] = {}
        lay = self.layout
        for s2 in range(len(lay.seasons)):
            base = lay.seasons[s2]
            for k in range(STACKS):
                places = range(base + TOP + k * STACK, base + TOP + (k + 1) * STACK)
                for x in places:
                    card = self.me_known.get(x)
                    if isinstance(card, int) and card >= THREAT0:
                        seen.setdefault(lay.threat_slots[s2][k], Counter())[card] += 1
        out: dict[int, int] = {}
        for k, place in stack_threat.items():
            if place is None:
                continue
            members = lay.threat_slots[s][k]
            pool = Counter(self._card(x) for x in members)
            pool.subtract(seen.get(members, Counter()))
            pool.subtract(Counter(out[j] for j in out if lay.threat_slots[s][j] == members))
            left = sorted((+pool).elements()) or sorted(self._card(x) for x in members)
            out[k] = left[-1 if self.variant else 0]
        return out

    def _events(self) -> tuple[str, ...]:
        out = []
        for s, at in enumerate(self.layout.events):
            if at is None:
                continue
            if at in self.me_known:
                out.append(self.me_known[at])
            else:
                choices = [e.id for e in self.setup.components.events_of(s + 1)]
                out.append(choices[min(self.variant, len(choices) - 1)])
        return tuple(out)

    def _tokens(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        at = self.layout.tokens
        assert at is not None
        out = []
        for first in (at, at + ROOKERIES):
            places = list(range(first, first + ROOKERIES))
            known = {x: self.me_known[x] for x in places if x in self.me_known}
            left = [t for t in range(ROOKERIES) if t not in known.values()]
            unknown = [x for x in places if x not in known]
            order = left if self.variant == 0 else list(reversed(left))
            known.update(zip(unknown, order, strict=True))
            out.append(tuple(known[x] for x in places))
        return out[0], out[1]

    # -- the protocol --------------------------------------------------------------------

    def start(self) -> list[Due]:
        if self.setup.options.no_heroes:
            return self._deal_due(0)
        return []

    def _deal_due(self, s: int) -> list[Due]:
        """A season's deal: two cards to each hand from the first player on, the floe, the
        event, and the first season's tokens."""
        n = self.setup.players
        base = self.layout.seasons[s]
        first = self.state.first
        out = []
        for k in range(n):
            p = (first + k) % n
            out += [Due(base + 2 * k, to=p), Due(base + 2 * k + 1, to=p)]
            self.hidden[p] = [base + 2 * k, base + 2 * k + 1]
        out += [Due(base + x) for x in range(2 * n, 4 * n)]
        self.floe_stand_ins.update(
            self.filled[base + x] for x in range(2 * n, 4 * n) if base + x in self.filled
        )
        event = self.layout.events[s]
        if event is not None:
            out.append(Due(event))
        if s == 0 and self.layout.tokens is not None:
            out += [Due(self.layout.tokens + i) for i in range(2 * ROOKERIES)]
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
        waiting, own = self._unseen_named(seat, act)
        if waiting:
            return Step(waiting=waiting, own_card=own)
        season, pos, phase = state.season, state.pos, state.phase
        if act.kind == K.PASS and state.phase == "turn" and act not in state.legal_actions():
            state._legal = [Action(K.PASS)]  # another's pass: it hangs on a hidden hand
        if act not in state.legal_actions():
            return Step(problem=f"its move is not legal ({state.why_illegal(act)})")
        if undo:
            self._marks = [
                (len(state.history), [list(h) for h in self.hidden], +self.floe_stand_ins)
            ]
        state._undo = [] if undo else None
        state.left = []
        hidden_before = [list(h) for h in self.hidden] if not undo else None
        stand_ins_before = +self.floe_stand_ins if not undo else None
        state.apply(act)
        due: list[Due] = []
        problem = self._hands_left(due)
        if problem:
            if undo:
                self.undo()
                return Step(waiting=problem)
            # the move is already in the state: the builder replays without it
            self.hidden, self.floe_stand_ins = hidden_before, stand_ins_before  # type: ignore[assignment]
            return Step(due, waiting=problem, changed=True)
        self._draws(act, seat, season, pos, phase, due)
        return Step(due)

    def _unseen_named(self, seat: int, act: Action) -> tuple[str | None, bool]:
        """A decision naming cards this device has not been shown: why it waits, and
        whether they are of the player's own hand (shown by the player with it)."""
        state = self.state
        named: list[int] = []
        if act.kind in (K.EXCHANGE, K.FISH) and state.phase == "turn":
            named = [act.a]
        elif act.kind == K.WADDLE:
            named = list(act.a)
        taken = act.kind in (K.DRAFT, K.TAKE, K.REFILL) and act.a != HIDDEN
        if taken and act.a in self.floe_stand_ins and act.a not in self._floe_known():
            return "Waiting for a card of the ice floe to be unlocked.", False
        if not named:
            return None, False
        known = Counter(state.known[seat])
        shown = Counter(self.me_known[x] for x in self.hidden[seat] if x in self.me_known)
        for c, count in Counter(named).items():
            if known[c] + shown[c] < count:
                return "Waiting for the cards of a move, from its player's hand, to be shown.", True
        return None, False

    def _floe_known(self) -> Counter[int]:
        floe = Counter(self.state.floe)
        floe.subtract(self.floe_stand_ins)
        return +floe

    def _hands_left(self, due: list[Due]) -> str | None:
        """Each card that left a hand this step and was not taken face up: shown by its
        holder's token (which position: the one this device knows holds it)."""
        for p, c, hidden in self.state.left:
            if not hidden:
                continue
            places = self.hidden[p]
            x = next((x for x in places if self.me_known.get(x) == c), None)
            if x is None:
                x = next(
                    (x for x in places if x not in self.me_known and self.filled.get(x) == c), None
                )
                if x is None:
                    return "Waiting for the cards of a move to be unlocked."
            places.remove(x)
            due.append(Due(x, holder=p))
            if x not in self.me_known:
                self.floe_stand_ins[c] += 1
        return None

    def _draws(
        self, act: Action, seat: int, season: int, pos: int, phase: str, due: list[Due]
    ) -> None:
        """The cards this step drew: a season's deal, a card drawn face down to its drawer
        (to be shown or kept if it comes from a stack), every other one face up."""
        state = self.state
        started = state.season != season or (phase == HERO_PHASE and state.phase != HERO_PHASE)
        if started:
            due.extend(self._deal_due(state.season))
            first = 4 * self.setup.players
        else:
            first = pos
        base = self.layout.seasons[state.season]
        face_down = act.a == HIDDEN and (
            act.kind == K.DRAFT or (act.kind == K.TAKE and phase == REFILL2)
        )
        for i in range(first, state.pos):
            x = base + i
            if face_down and i == pos and not started:
                # Only where the stack's threat is still unseen may the card be it: then
                # its drawer shows it or says it keeps it (a keep sent where everyone can
                # tell would race the next player's move). A threat is always shown when
                # drawn, so whether a stack's has been is public.
                stack = not self.setup.options.no_threats and i >= TOP
                if stack:
                    first = base + TOP + (i - TOP) // STACK * STACK
                    stack = not any(
                        isinstance(self.me_known.get(y), int) and self.me_known[y] >= THREAT0
                        for y in range(first, first + STACK)
                        if y != x
                    )
                due.append(Due(x, to=seat, keep=stack))
                card = self.me_known.get(x, self.filled.get(x))
                if isinstance(card, int) and card >= THREAT0:
                    if x in self.me_known:  # a threat: its drawer shows it to everyone
                        due.append(Due(x, holder=seat))
                else:
                    self.hidden[seat].append(x)
                continue
            due.append(Due(x))
            if x in self.filled and self.filled[x] < THREAT0:
                self.floe_stand_ins[self.filled[x]] += 1
        if state.phase in (TOKENS, OVER) and phase not in (TOKENS, OVER):
            for p in range(self.setup.players):  # the season is over: hands go back unseen
                self.hidden[p] = []
            self.floe_stand_ins = Counter()

    def undo(self) -> None:
        ply, hidden, stand_ins = self._marks.pop()
        while len(self.state.history) > ply:
            self.state.undo()
        self.hidden = hidden
        self.floe_stand_ins = stand_ins

    def quick(self) -> Hashable:
        s = self.state
        return (s.phase, s.mover, s.cur, s.season, s.pos, len(s.floe), s.turns_left, s.extra)

    def signature(self) -> Hashable:
        s = self.state
        scalars = tuple(getattr(s, f) for f in WaddleWaddleState._SCALARS)
        lists = tuple(
            tuple(getattr(s, f)) for f in WaddleWaddleState._LISTS if f not in ("floe", "history")
        )
        floe = self._floe_known()
        return (
            scalars,
            lists,
            tuple(sorted(floe.elements())),
            len(s.floe),
            tuple(len(h) for h in s.hands),
            tuple(tuple(k) for k in s.known),
            tuple(tuple(n) for n in s.nests),
            tuple(tuple(t) for t in s.threats_at),
            s.event.id if s.event is not None else None,
        )

    def record(self) -> Record:
        from waddle.games.waddle_waddle.record import Setup as RecordSetup

        decks, events, tokens = self.base
        setup = RecordSetup(
            self.setup.players,
            self.setup.options,
            self.setup.components,
            tuple(decks),
            events,
            tokens,
        )
        return Record(setup, list(self.state.history))


_parse = ParsedActions(Action.from_json)
"""A decision's action from its JSON, or why it is none."""


REMOTE_DEAL = WaddleWaddleDeal()

__all__ = ["KEVIN_REFUSED", "REMOTE_DEAL", "Runner", "Setup", "WaddleWaddleDeal"]
