"""Waddles and nests in Waddle Waddle (rulebook, "Play Waddles"): where a waddle may go and
how its fish are paid, the nests it places and the points it scores (the heroes' abilities
and the lasting threats included), then playing it: the rookery chosen, Dyan's nest moves,
the second waddle, the rest of the hand to the ice floe.

The questions (:meth:`WaddleRules.play_options`, :meth:`~WaddleRules.waddle_outcome`, …)
change nothing: the moves ask them, and so do the bots, the view's offers (the app's
preview of a waddle) and the hero benchmark (``waddle_waddle/abilities.py``,
which replaces :func:`_papi` and :func:`_best_conversion` here for its what-ifs).

:class:`WaddleRules` is one part of :class:`~.state.WaddleWaddleState`, mixed into it (see
:mod:`.state`): its methods read and change the state's fields and call the other parts,
through ``self``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import (
    CHINSTRAP,
    GENTOO,
    KEVIN,
    KING,
    MACARONI,
    MAGELLANIC,
    ROCKHOPPER,
    is_bonus,
    points,
)
from waddle.games.waddle_waddle.components import ROOKERIES
from waddle.games.waddle_waddle.heroes import DAVIS, DEE, DYAN, HEROES, KATTA, LYNCH, PAPI
from waddle.games.waddle_waddle.phases import DYAN_MOVES, PLAY, WADDLE2
from waddle.games.waddle_waddle.threats import BOAT, ORCA, POLLUTION, SEAL, SKUA


class WaddleRules:
    """Where a waddle may go and what it does; the phases ``play``, ``dyan`` and ``waddle2``
    (``_do_<phase>``); nests moved and removed (also by threats)."""

    __slots__ = ()  # the fields are the state's

    # -- where a waddle may go, its nests and points ---------------------------------------

    def fish_cost(self, rookery: int) -> int:
        """Fish a waddle costs at ``rookery``: one, two with the Elephant Seal, none without
        fish."""
        if self.options.no_fish:
            return 0
        return 2 if SEAL in self.threats_at[rookery] else 1

    def compatible(self, player: int, cards: Sequence[int], rookery: int) -> bool:
        """Whether a waddle may be played at ``rookery``: one of its species nests there
        (with Papi, anywhere if its highest card is Magellanic; with Katta, a Chinstrap
        may count as any species)."""
        hero = self.hero[player]
        if hero == PAPI and _papi(cards):
            return True
        if hero == KATTA and any(c // 6 == CHINSTRAP for c in cards):
            return True
        mask = self.species_masks[rookery]
        # A loop, not any() over a generator: the bots ask this for every waddle and rookery.
        for c in cards:  # noqa: SIM110
            if mask >> (c // 6) & 1:
                return True
        return False

    def play_options(self, player: int, cards: Sequence[int]) -> list[tuple[int, int]]:
        """``(rookery, fish from the hand)`` for each way to play these cards now."""
        return list(self._play_options(player, cards))

    def can_play(self, player: int, cards: Sequence[int]) -> bool:
        """Whether these cards may be played now (:meth:`play_options` is not empty)."""
        return next(self._play_options(player, cards), None) is not None

    def _play_options(self, player: int, cards: Sequence[int]) -> Iterator[tuple[int, int]]:
        fish = self.fish[player]
        no_fish = self.options.no_fish
        too_many = len(cards) > 4
        compatible = self.compatible  # a method the hero benchmark's what-ifs replace
        for r in range(ROOKERIES):
            threats = self.threats_at[r]
            if too_many and POLLUTION in threats:
                continue
            if not compatible(player, cards, r):
                continue
            need = 0 if no_fish else 2 if SEAL in threats else 1  # fish_cost(r)
            if BOAT in threats and need:
                if fish >= need:
                    yield r, need
                continue
            for h in range(need + 1):
                if h <= fish and need - h <= self.rfish[r]:
                    yield r, h

    def nests_for(self, player: int, cards: Sequence[int], rookery: int) -> list[int]:
        """Nests per species that these cards would place at ``rookery`` (before the supply
        runs out): a pair of a species nesting there (three with the Orca), none with the
        Brown Skua; Papi's Magellanic nest anywhere; Katta's Chinstraps counted as whatever
        places the most nests."""
        if SKUA in self.threats_at[rookery]:
            return [0] * 6
        per = 3 if ORCA in self.threats_at[rookery] else 2
        mask = self.species_masks[rookery]
        hero = self.hero[player]
        if hero == PAPI and _papi(cards):
            mask |= 1 << MAGELLANIC
        counts = [0] * 6
        for c in cards:
            counts[c // 6] += 1
        if hero == KATTA and counts[CHINSTRAP]:
            counts = _best_conversion(counts, mask, per)
        return [counts[s] // per if mask >> s & 1 else 0 for s in range(6)]

    def waddle_points(self, player: int, cards: Sequence[int], king_nests: int, nests: int) -> int:
        """A waddle's Conservation Points: the table (Dee: a King nest counts as a card) and
        the season event's extras."""
        size = len(cards)
        if self.hero[player] == DEE:
            size += king_nests
        pts = points(size, is_bonus(cards))
        event = self.event  # at most one of its effects applies
        if event is not None:
            if event.kind == "waddle_bonus" and len(cards) >= event.param("min_size"):
                pts += event.param("points")
            elif event.kind == "nest_points":
                pts += event.param("points") * nests
        return pts

    def waddle_outcome(
        self, player: int, cards: Sequence[int], rookery: int
    ) -> tuple[list[int], int, int]:
        """What playing ``cards`` at ``rookery`` now does for ``player``: the nests placed
        per species (a short supply places the hero's species first), every nest placed
        (Davis's extra one included) and the Conservation Points scored. Changes nothing:
        the move itself and the presenter's preview of a waddle both ask it."""
        per_species = self.nests_for(player, cards, rookery)
        hero = self.hero[player]
        left = self.nest_left[player]
        total = sum(per_species)
        if total <= left:  # the supply suffices: every nest is placed
            placed = per_species
            left -= total
        else:
            placed = [0] * 6
            for s in _SUPPLY_ORDER[hero]:
                placed[s] = min(per_species[s], left)
                left -= placed[s]
            total = sum(placed)
        if hero == DAVIS and placed[MACARONI] and not self.davis_used and left:
            total += 1
        return placed, total, self.waddle_points(player, cards, placed[KING], total)

    # -- playing it ------------------------------------------------------------------------

    def _do_play(self, action: Action) -> None:
        p = self.cur
        r, from_hand = action.a, action.b
        cards = self.pending
        need = self.fish_cost(r)
        self.fish[p] -= from_hand
        self.rfish[r] -= need - from_hand
        self.supply += need
        placed, total, gained = self.waddle_outcome(p, cards, r)
        if total > sum(placed):  # Davis's extra nest: once a turn
            self.davis_used = True
        self.nest_left[p] -= total
        self.nests[r][p] += total
        self.score[p] += gained
        hero = self.hero[p]
        if hero == LYNCH and placed[GENTOO]:
            self.lynch_due = True
        self.pending = ()
        self.at = r
        if hero == DYAN and placed[ROCKHOPPER]:
            self.moves_left = placed[ROCKHOPPER]
            self.phase = DYAN_MOVES
        else:
            self._after_waddle()

    def _do_dyan(self, action: Action) -> None:
        if action.kind == K.STOP:
            self._after_waddle()
            return
        self._move_nest(action.a, self.at, action.b)
        self.moves_left -= 1
        if self.moves_left == 0 or not any(self.nests[self.at]):
            self._after_waddle()

    def _after_waddle(self) -> None:
        self.waddles += 1
        p = self.cur
        size = len(self.hands[p])
        kevin_known = KEVIN in self.known[p]
        if self.waddles == 1 and 3 <= size <= 6 and not kevin_known:
            self.phase = WADDLE2  # entered by what all can see: the hand's size
        else:
            self._finish_play()

    def _do_waddle2(self, action: Action) -> None:
        if action.kind == K.STOP:
            self._finish_play()
            return
        p = self.cur
        self._take_from_hand(p, action.a)
        self.pending = action.a
        self.phase = PLAY

    def _finish_play(self) -> None:
        """Step 5 and 6 of Play Waddles: the rest of the hand (and Kevin) to the ice floe,
        the Frozen card discarded."""
        p = self.cur
        hand = self.hands[p]
        if KEVIN in hand:
            self._to_floe(p, KEVIN)
            self.kevin_down = True
        if not (self.options.keep_hand or self._effect("keep_hand")):
            for c in list(hand):
                self._to_floe(p, c)
        self.frozen[p] = False
        self.waddles = 0
        self._action_done()

    # -- nests moving ----------------------------------------------------------------------

    def _move_nest(self, owner: int, src: int, dst: int) -> None:
        self.nests[src][owner] -= 1
        self.nests[dst][owner] += 1

    def _remove_nest(self, owner: int, r: int) -> None:
        self.nests[r][owner] -= 1
        self.nest_left[owner] += 1


_SUPPLY_ORDER = {
    hero: tuple(sorted(range(6), key=lambda s: s != (HEROES[hero].species if hero >= 0 else -1)))
    for hero in range(-1, len(HEROES))
}
"""The order a short supply of nests places species in, by hero (-1: none): the hero's
species first (:meth:`WaddleRules.waddle_outcome`)."""


def _papi(cards: Sequence[int]) -> bool:
    """Whether a waddle's highest card, or one tied for highest, is a Magellanic."""
    top = max(c % 6 for c in cards)
    return any(c // 6 == MAGELLANIC and c % 6 == top for c in cards)


def _best_conversion(counts: list[int], mask: int, per: int) -> Sequence[int]:
    """Katta's choice: up to two Chinstraps counted as other species, to place the most
    nests (the fewest conversions among the best; a conversion changes nothing else).
    Remembered (the bots ask it in every playout step); the caller only reads it."""
    key = (tuple(counts), mask, per)
    best = _CONVERSIONS.get(key)
    if best is None:
        if len(_CONVERSIONS) >= 4096:
            _CONVERSIONS.clear()
        best = _CONVERSIONS[key] = tuple(_convert(counts, mask, per))
    return best


_CONVERSIONS: dict[tuple, tuple[int, ...]] = {}


def _convert(counts: list[int], mask: int, per: int) -> list[int]:
    best = counts
    best_nests = sum(counts[s] // per for s in range(6) if mask >> s & 1)
    ch = counts[CHINSTRAP]
    others = [s for s in range(6) if s != CHINSTRAP]
    for a in others:
        if ch >= 1:
            trial = list(counts)
            trial[CHINSTRAP] -= 1
            trial[a] += 1
            nests = sum(trial[s] // per for s in range(6) if mask >> s & 1)
            if nests > best_nests:
                best, best_nests = trial, nests
    if ch >= 2:
        for i, a in enumerate(others):
            for b in others[i:]:
                trial = list(counts)
                trial[CHINSTRAP] -= 2
                trial[a] += 1
                trial[b] += 1
                nests = sum(trial[s] // per for s in range(6) if mask >> s & 1)
                if nests > best_nests:
                    best, best_nests = trial, nests
    return best
