"""Seasons and scoring in Waddle Waddle: the season's event, a season's start (tokens and
fish at the rookeries, the deal) and end (the rookeries' bonuses, the reset, the token
draft for the next one), and the counts the final result reads (rulebook, "Starting a
Season", "End of Season Scoring", "Resetting the Game for the Next Season", "Winning").

A season ends from the turn's flow (:mod:`.turn_rules`) once its last round is over; the
scores and the winners themselves are the state's protocol (:mod:`.state`).

:class:`SeasonRules` is one part of :class:`~.state.WaddleWaddleState`, mixed into it (see
:mod:`.state`): its methods read and change the state's fields and call the other parts,
through ``self``.
"""

from __future__ import annotations

from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.components import ROOKERIES
from waddle.games.waddle_waddle.phases import HERO_PHASE, OVER, TOKENS, TURN


class SeasonRules:
    """The season's event (``event``, ``_effect``), its start and end, the phase
    ``tokens`` (``_do_tokens``), the bonuses and the counts behind the winners."""

    __slots__ = ()  # the fields are the state's

    # -- the season's event ----------------------------------------------------------------

    @property
    def event(self):
        """The current season's event (:class:`~.components.Event`), or None."""
        if not self.events or self.phase == HERO_PHASE:
            return None
        return self.components.events[self.events[self.season]]

    def _effect(self, kind: str):
        event = self.event
        return event if event is not None and event.kind == kind else None

    # -- a season's start and end ----------------------------------------------------------

    def _start_season(self) -> None:
        """Tokens and fish at the rookeries, the event, the deal (rulebook, "Starting a
        Season")."""
        s = self.season
        self.phase = TURN  # the season is on: its event is revealed
        if s == 0:
            self.cp_at = list(self.tokens[0])
            self.ft_at = list(self.tokens[1])
        for r in range(ROOKERIES):
            self._add_fish(r, self.components.fish_tokens[self.ft_at[r]])
        event = self.event
        if event is not None and event.kind == "rookery_fish":
            for r in range(ROOKERIES):
                self._add_fish(r, event.param("amount"))
        if self.decks[s] is None:
            self._draw_future_decks()
        self.pos = 0
        self.threats_seen = 0
        self.season_threats = []
        self.turns_left = -1
        for k in range(self.n):
            p = (self.first + k) % self.n
            self.hands[p] = sorted([self._draw(), self._draw()])
            self.known[p] = []
        self.floe = sorted(self._draw() for _ in range(2 * self.n))
        self.cur = self.first
        self._begin_turn()

    def _add_fish(self, r: int, amount: int) -> None:
        if self.options.no_fish:
            return
        amount = max(-self.rfish[r], min(amount, self.supply))
        self.rfish[r] += amount
        self.supply -= amount

    def _end_season(self) -> None:
        awards = self.season_awards()
        for p in range(self.n):
            self.score[p] += awards[p]
        self.bonuses.append(tuple(awards))
        if self.season + 1 >= len(self.decks):
            for p, points in enumerate(self.handicap_points()):
                self.score[p] += points
            self.phase = OVER
            self.mover = None
            return
        # Reset (rulebook, "Resetting the Game for the Next Season").
        for p in range(self.n):
            self.hands[p] = []
            self.known[p] = []
            self.frozen[p] = False
        self.floe = []
        self.threats_at = [[] for _ in range(ROOKERIES)]
        old_first = self.first
        self.first = self._ranked(ascending=True, after=old_first)[0]
        low_to_high = self._ranked(ascending=True, after=old_first)
        high_to_low = self._ranked(ascending=False, after=old_first)
        self.queue = _draft_queue(K.CP, low_to_high) + _draft_queue(K.SUPPLY, high_to_low)
        self.cp_at = [-1] * ROOKERIES
        self.ft_at = [-1] * ROOKERIES
        self.phase = TOKENS
        self.mover = self.queue[0][1]
        self.cur = self.first

    def _ranked(self, ascending: bool, after: int) -> list[int]:
        """Players by score; ties go to whoever sits nearest the left of ``after`` (the
        first player when the season ended), as the rulebook breaks a tie for last."""
        n = self.n

        def key(p: int) -> tuple[int, int]:
            return (self.score[p] if ascending else -self.score[p], (p - after - 1) % n)

        return sorted(range(n), key=key)

    def season_awards(self) -> list[int]:
        """Each player's end-of-season bonus now (rulebook, "End of Season Scoring"): the
        sum of :meth:`rookery_awards` over the rookeries."""
        awards = [0] * self.n
        for r in range(ROOKERIES):
            for p, bonus in enumerate(self.rookery_awards(r)):
                awards[p] += bonus
        return awards

    def rookery_awards(self, r: int) -> list[int]:
        """Each player's end-of-season bonus at rookery ``r`` now: the most nests take the
        larger bonus and the second most the smaller; players tied for first each take the
        smaller (no second place); players tied for second share it, half each. The
        two-player variant pays the larger bonus to a sole leader only."""
        awards = [0] * self.n
        if self.cp_at[r] < 0:
            return awards
        factor_event = self._effect("bonus_multiplier")
        factor = factor_event.param("factor") if factor_event else 1
        larger, smaller = self.components.conservation_tokens[self.cp_at[r]]
        larger, smaller = larger * factor, smaller * factor
        counts = self.nests[r]
        top = max(counts)
        if top == 0:
            return awards
        first = [p for p in range(self.n) if counts[p] == top]
        if self.options.two_player_variant:
            if len(first) == 1:
                awards[first[0]] += larger
            return awards
        if len(first) > 1:
            for p in first:
                awards[p] += smaller
            return awards
        awards[first[0]] += larger
        rest = [c for p, c in enumerate(counts) if p != first[0] and c > 0]
        if not rest:
            return awards
        second = [p for p in range(self.n) if p != first[0] and counts[p] == max(rest)]
        share = smaller if len(second) == 1 else smaller // 2
        for p in second:
            awards[p] += share
        return awards

    def _do_tokens(self, action: Action) -> None:
        kind, token, r = action
        (self.cp_at if kind == K.CP else self.ft_at)[r] = token
        self.queue.pop(0)
        if self.queue:
            self.mover = self.queue[0][1]
        else:
            self.season += 1
            self._start_season()

    # -- the final count -------------------------------------------------------------------

    def handicap_points(self) -> list[int]:
        """Each player's points from the hero handicap option (not a rule: see
        :mod:`.handicap`), added to the score at the final count; all 0 without it."""
        table = self.options.hero_handicap
        if table is None:
            return [0] * self.n
        return [table[h] if h >= 0 else 0 for h in self.hero]

    def nest_totals(self) -> list[int]:
        return [sum(self.nests[r][p] for r in range(ROOKERIES)) for p in range(self.n)]

    def most_in_one(self) -> list[int]:
        return [max(self.nests[r][p] for r in range(ROOKERIES)) for p in range(self.n)]


def _draft_queue(kind: str, order: list[int]) -> list[tuple[str, int]]:
    """Who places each of the five tokens of a kind: the first in ``order`` places
    ``6 - players`` of them (at least one; rulebook: two with 4 players, three with 3),
    then one each in order."""
    n = len(order)
    first_count = max(1, 6 - n)
    queue = [(kind, order[0])] * first_count
    for p in order[1:]:
        if len(queue) >= ROOKERIES:
            break
        queue.append((kind, p))
    return queue[:ROOKERIES]
