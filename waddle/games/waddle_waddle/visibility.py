"""Hidden information in Waddle Waddle: the one rule of what each seat may see, the view it
builds (:class:`~.observation.View`) and the determinized worlds it allows.

``view`` and ``determinize`` sit together, on the same two predicates (``sees_hand``,
``sees_deck``), so that a view can never show what a determinization deals again
(docs/architecture.md, "The state protocol"). The decks of later seasons of such a world
are drawn here too, when the world reaches them.

:class:`Visibility` is one part of :class:`~.state.WaddleWaddleState`, mixed into it (see
:mod:`.state`): its methods read the state's fields and ask the other parts, through
``self``.
"""

from __future__ import annotations

from typing import Any, Self

from waddle.core.game import OMNISCIENT
from waddle.core.rng import Rng
from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.cards import KEVIN, SPECIES, THREAT0, code, is_bonus
from waddle.games.waddle_waddle.components import ROOKERY_IDS
from waddle.games.waddle_waddle.deck import (
    BOTTOM,
    STACK_CARDS,
    STACKS,
    build_deck,
    choose_threats,
    stack_of,
    threat_pool,
)
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.observation import (
    Placement,
    RookeryView,
    SeatView,
    View,
    WaddleOffer,
)
from waddle.games.waddle_waddle.phases import (
    DYAN_MOVES,
    OIL_NESTS,
    OVER,
    PLAY,
    SHARK_FISH,
    SHEATHBILL_TIE,
    TURN,
    WADDLE2,
)
from waddle.games.waddle_waddle.threats import THREATS


class Visibility:
    """``view`` and ``determinize``, on ``sees_hand`` and ``sees_deck``."""

    __slots__ = ()  # the fields are the state's

    @staticmethod
    def sees_hand(owner: int, seat: int) -> bool:
        """The one rule of visibility for hands: a hand is seen whole by its owner (and by
        OMNISCIENT); others see its size and the cards taken face up (``known``)."""
        return seat in (owner, OMNISCIENT)

    def holds_secrets(self, seat: int) -> bool:
        """Whether ``seat`` holds anything the other seats may not see: a card of its hand
        that was not taken face up (``sees_hand`` shows the others only those). While the
        heroes are chosen every hand is still empty, so two people at one device choose
        without passing it (:func:`waddle.core.game.holds_secrets`)."""
        return len(self.hands[seat]) > len(self.known[seat])

    @staticmethod
    def sees_deck(seat: int) -> bool:
        """The deck's order, and the decks and events of later seasons: nobody's but
        OMNISCIENT's."""
        return seat == OMNISCIENT

    def view(self, seat: int) -> View:
        """Everything ``seat`` may see (a player, SPECTATOR or OMNISCIENT); a game seen
        through one seat's eyes (``eyes``) shows nobody more than that seat's view: its
        stand-ins for what that seat has not seen are nobody's to see."""
        if seat == OMNISCIENT and self.eyes is not None:
            seat = self.eyes
        c = self.components
        n = self.n
        totals = self.nest_totals()
        seats = tuple(
            SeatView(
                hand=tuple(map(code, self.hands[p])) if self.sees_hand(p, seat) else None,
                hand_size=len(self.hands[p]),
                known=tuple(map(code, self.known[p])),
                fish=self.fish[p],
                frozen=self.frozen[p],
                hero=HEROES[self.hero[p]].code if self.hero[p] >= 0 else None,
                score=self.score[p],
                nests_left=self.nest_left[p],
                nests=totals[p],
            )
            for p in range(n)
        )
        rookeries = tuple(
            RookeryView(
                id=r.id,
                name=r.name,
                species=tuple(SPECIES[s] for s in r.species),
                fish=self.rfish[r.index],
                nests=tuple(self.nests[r.index]),
                threats=tuple(THREATS[t].code for t in self.threats_at[r.index]),
                threat_spaces=r.threat_spaces,
                bonus=c.conservation_tokens[self.cp_at[r.index]]
                if self.cp_at[r.index] >= 0
                else None,
                fish_token=c.fish_tokens[self.ft_at[r.index]] if self.ft_at[r.index] >= 0 else None,
                awards=tuple(self.rookery_awards(r.index)),
            )
            for r in c.rookeries
        )
        event = self.event
        mine = self.mover is not None and (seat == self.mover or seat == OMNISCIENT)
        omniscient = self.sees_deck(seat)
        return View(
            seat=seat,
            num_players=n,
            options=self.options,
            components=c.name,
            season=self.season + 1,
            seasons=len(self.decks),
            event=event.id if event is not None else None,
            threats_revealed=self.threats_seen,
            turns_left=self.turns_left if self.turns_left > 0 else None,
            deck_size=self.deck_left,
            floe=tuple(map(code, self.floe)),
            seats=seats,
            rookeries=rookeries,
            fish_supply=self.supply,
            first_player=self.first,
            current_player=self.cur,
            to_move=self.mover,
            phase=self.phase,
            pending=self._pending(),
            legal=tuple(map(str, self.legal_actions())) if mine else (),
            bonuses=tuple(self.bonuses),
            over=self.phase == OVER,
            winners=tuple(self.winners()) if self.phase == OVER else (),
            deck=tuple(map(code, self.deck[self.pos :])) if omniscient else None,
            future_events=tuple(c.events[e].id for e in self.events[self.season + 1 :])
            if omniscient
            else None,
            last_action=str(self.history[-1]) if self.history else None,
            event_words=(event.name, event.text) if event is not None else None,
            conservation_tokens=tuple(c.conservation_tokens),
            fish_tokens=tuple(c.fish_tokens),
            floe_target=self.floe_target(),
            offers=self._offers() if mine and self.phase in (TURN, WADDLE2, PLAY) else (),
        )

    def _offers(self) -> tuple[WaddleOffer, ...]:
        """The waddles the player to move may play now, each with its rookeries and what it
        does at each (:meth:`waddle_outcome`): what the app shows before a waddle is played."""
        p = self.cur
        if self.phase == PLAY:
            candidates = [self.pending]
        else:
            candidates = [a.a for a in self.legal_actions() if a.kind == K.WADDLE]
        offers = []
        for cards in candidates:
            pays: dict[int, list[int]] = {}
            for r, from_hand in self.play_options(p, cards):
                pays.setdefault(r, []).append(from_hand)
            places = []
            for r, ways in pays.items():
                _placed, nests, gained = self.waddle_outcome(p, cards, r)
                places.append(
                    Placement(ROOKERY_IDS[r], gained, nests, self.fish_cost(r), tuple(ways))
                )
            offers.append(WaddleOffer(tuple(map(code, cards)), is_bonus(cards), tuple(places)))
        return tuple(offers)

    def _pending(self) -> tuple[tuple[str, Any], ...]:
        out: list[tuple[str, Any]] = []
        if self.given >= 0:
            out.append(("exchanged", code(self.given)))
        if self.pending:
            out.append(("waddle", tuple(map(code, self.pending))))
        if self.threat >= 0:
            out.append(("threat", THREATS[self.threat].code))
        at_rookery = (DYAN_MOVES, OIL_NESTS, SHARK_FISH, SHEATHBILL_TIE, WADDLE2)
        if self.phase in at_rookery and self.at >= 0:
            out.append(("rookery", ROOKERY_IDS[self.at]))
        if self.phase in (DYAN_MOVES, OIL_NESTS):
            out.append(("moves_left", self.moves_left))
        if self.phase == SHEATHBILL_TIE:
            out.append(("tied", tuple(self.tied)))
        if self.queue:
            out.append(("draft", tuple((k, p) for k, p in self.queue)))
        if self.extra:
            out.append(("extra_actions", self.extra))
        if self.kevin_down:
            out.append(("kevin_down", True))
        return tuple(out)

    def determinize(self, seat: int, rng: Rng) -> Self:
        """A world ``seat`` cannot tell from this one: the cards it cannot see (other hands'
        cards not taken face up, the rest of the deck) dealt again at random, keeping the
        deck's shape (each bottom stack not yet reached holds one threat, among the
        threats still unseen this season; Kevin stays in the top half or in a hidden hand),
        and later seasons' decks and events drawn anew. Keeps no undo history."""
        world = self._copy(keep_undo=False)
        world._legal = None
        if self.sees_deck(seat):
            return world
        s = self.season
        deck = self.decks[s]
        size = len(deck)
        has_threats = not self.options.no_threats
        # What the seat cannot see: hidden hand slots and the undrawn deck.
        pool: list[int] = []
        slots: list[tuple[int, int]] = []  # (player, count) of hidden cards per hand
        for p in range(self.n):
            if not self.sees_hand(p, seat):
                hidden = list(self.hands[p])
                for c in self.known[p]:
                    hidden.remove(c)
                pool += hidden
                slots.append((p, len(hidden)))
        rest = list(deck[self.pos :])
        threats = [c for c in rest if c >= THREAT0]
        pool += [c for c in rest if c < THREAT0]
        # Which stacks still hold a threat is public (a threat shows when drawn).
        top = size - BOTTOM if has_threats else size
        first_open = 0 if self.pos <= top else (self.pos - top) // (STACK_CARDS + 1)
        drawn_from = {
            stack_of(i, size, has_threats) for i in range(top, self.pos) if deck[i] >= THREAT0
        }
        stacks = range(first_open, STACKS) if has_threats else ()
        open_stacks = [b for b in stacks if b not in drawn_from]
        assert len(open_stacks) == len(threats)
        unseen_threats = [t for t in self._season_pool(s) if t not in self.season_threats]
        rng.shuffle(unseen_threats)
        new_threats = [THREAT0 + t for t in unseen_threats[: len(threats)]]
        kevin = KEVIN in pool
        if kevin:
            pool.remove(KEVIN)
        pool.sort()  # what follows depends on the view and rng only, not on the real order
        rng.shuffle(pool)
        # Kevin goes to a random place he could be: a hidden hand slot or the top half.
        top_left = max(0, (size - BOTTOM if has_threats else size) - self.pos)
        hidden_slots = sum(k for _, k in slots)
        kevin_at = rng.below(hidden_slots + top_left) if kevin else -1
        ordered = pool
        if kevin:
            ordered = [*pool[:kevin_at], KEVIN, *pool[kevin_at:]]
        i = 0
        for p, k in slots:
            world.hands[p] = sorted(self.known[p] + ordered[i : i + k])
            i += k
        new_rest = ordered[i:]
        # Place each open stack's threat at a random position of what is left of it.
        for stack, threat in zip(open_stacks, new_threats, strict=True):
            low = max(self.pos, top + stack * (STACK_CARDS + 1))
            high = top + (stack + 1) * (STACK_CARDS + 1)
            new_rest.insert(low + rng.below(high - low) - self.pos, threat)
        decks = list(self.decks)
        decks[s] = (*deck[: self.pos], *new_rest)
        assert len(decks[s]) == size
        # Later seasons: new decks and events, as a new record would draw them. The decks
        # are drawn when the world reaches them (most searches never do), from a seed.
        for k in range(s + 1, len(decks)):
            decks[k] = None
        world._future = rng.below(1 << 52)
        world.decks = tuple(decks)
        if self.events:
            events = list(self.events)
            for k in range(s + 1, len(events)):
                choices = [i for i, e in enumerate(self.components.events) if e.season == k + 1]
                events[k] = choices[rng.below(len(choices))]
            world.events = tuple(events)
        return world

    def _draw_future_decks(self) -> None:
        """A determinized world's decks of this season and the later ones, drawn from its
        seed when the world reaches them."""
        rng = Rng(self._future)
        decks = list(self.decks)
        before = [self._threats_of(k) for k in range(self.season)]
        for k in range(self.season, len(decks)):
            chosen: tuple[int, ...] = ()
            if not self.options.no_threats:
                chosen = choose_threats(
                    rng, threat_pool(k, before, self.options.gentle_first_season)
                )
            before.append(chosen)
            decks[k] = build_deck(rng, chosen, self.options.kevin)
        self.decks = tuple(decks)

    def _threats_of(self, season: int) -> tuple[int, ...]:
        return tuple(sorted(c - THREAT0 for c in self.decks[season] if c >= THREAT0))

    def _season_pool(self, season: int) -> tuple[int, ...]:
        before = [self._threats_of(k) for k in range(season)]
        return threat_pool(season, before, self.options.gentle_first_season)
