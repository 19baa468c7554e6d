"""What a hand and a nest are worth to Waddle Waddle's bots, in Conservation Points to
come: a hand by the waddles it holds and nearly holds and what its hero makes of them
(:func:`hand_value`), nests by what they change in a rookery's end-of-season bonuses, this
season's and the seasons' to come (:func:`majority_value`, :func:`nest_gain`).

The valuations both the greedy player (:mod:`.greedy`) and the tree search's estimate of
the end (:mod:`.ai`) build on, so they live below both; the underscored helpers (a
rookery's bonuses, its token, the seasons left) are shared with them too. Deterministic
as :mod:`.ai` says.
"""

from __future__ import annotations

from collections.abc import Sequence

from waddle.games.waddle_waddle.cards import CHINSTRAP, KEVIN, KING, MAGELLANIC, points
from waddle.games.waddle_waddle.heroes import DAVIS, DEE, DYAN, HEROES, KATTA, LYNCH, PAPI
from waddle.games.waddle_waddle.state import WaddleWaddleState

FISH_VALUE = 2.0
"""A fish in hand, in Conservation Points: the price of a waddle that is ready."""


# -- what a hand is worth ------------------------------------------------------------------------

_POT: dict[tuple[tuple[int, ...], int], float] = {}
_RUN = tuple(max(len(r) for r in format(m, "b").split("0")) for m in range(64))
"""The longest run of consecutive set bits of each 6-bit mask (numbers held)."""
NEST_WORTH = 2.5
"""A pair in a waddle, in Conservation Points: the nest it will likely place."""
LYNCH_REFILL_WORTH = 2.5
"""Dr. Lynch's refill, in Conservation Points: a turn's worth (medium self-play scores
about 2 to 2.6 points a turn), since it is the Refill action without spending a turn."""
DYAN_MOVE_WORTH = 2.0
"""What one of Dyan's nest moves is worth in a hand not yet played (where it goes and
whose nest it moves are weighed when the waddle is played: :func:`dyan_moves_worth`)."""
KATTA_CHINSTRAP = 0.4 * NEST_WORTH
"""A Chinstrap in Katta's hand: it may turn a single card of the waddle into a pair."""
_ABILITY = {DAVIS: NEST_WORTH, LYNCH: LYNCH_REFILL_WORTH, DYAN: DYAN_MOVE_WORTH}
"""What a pair of the hero's species adds to a waddle with Davis (his extra nest), Lynch
(her refill) and Dyan (a nest move per pair); Dee's and Papi's are in the waddle's points
and nests."""


def hand_value(hand: Sequence[int], hero: int) -> float:
    """A hand's worth, in Conservation Points to come: its best waddle (points and a share
    of the nests its pairs promise), plus something for pairs that are half a waddle.
    Found from counts, without listing the waddles (it runs in every playout step).

    >>> from waddle.games.waddle_waddle.cards import cards
    >>> hand_value(cards("Ki1 Ki2 Ki3"), -1) > hand_value(cards("Ki1 Ge2 Mg5"), -1)
    True
    """
    key = (tuple(hand), hero)
    found = _POT.get(key)
    if found is not None:
        return found
    species = [0] * 6
    held = [0] * 6  # per species, the numbers held as bits
    numbers = [0] * 6
    doubles = [0] * 6  # per number, faces held twice
    last = -1
    for c in hand:
        if c < 36:
            s, n = c // 6, c % 6
            species[s] += 1
            held[s] |= 1 << n
            numbers[n] += 1
            if c == last:
                doubles[n] += 1
            last = c
    magellanic = 1.0 if hero == PAPI else 0.6  # Magellanic nest at one rookery only
    own = HEROES[hero].species if hero >= 0 else -1
    ability = _ABILITY.get(hero, 0.0)
    best = 0.0
    partial = 0.0
    if hero == KATTA:  # a Chinstrap (two at most) pairs with any single card
        partial += KATTA_CHINSTRAP * min(species[CHINSTRAP], 2)
    for s in range(6):
        k = species[s]
        if k == 2:
            partial += 1.2 + (0.5 * ability if s == own else 0.0)
        if k < 3:
            continue
        m = k if k < 6 else 6
        nest = NEST_WORTH * (magellanic if s == MAGELLANIC else 1.0)
        dee = hero == DEE and s == KING
        run = _RUN[held[s]]
        v = points(m + (m // 2 if dee else 0), run >= m) + nest * (m // 2)
        if 3 <= run < m:
            v = max(v, points(run + (run // 2 if dee else 0), True) + nest * (run // 2))
        if s == own:
            v += ability * (m // 2 if hero == DYAN else 1)
        if v > best:
            best = v
    mask = 0
    for n in range(6):
        k = numbers[n]
        if k:
            mask |= 1 << n
        if k == 2:
            partial += 0.6
        if k >= 3:
            v = points(k if k < 6 else 6, False) + NEST_WORTH * doubles[n]
            if v > best:
                best = v
    run = _RUN[mask]
    if run >= 3:
        pairs = max(_RUN[h & mask] for h in held) // 2
        v = points(run, False) + NEST_WORTH * pairs
        if v > best:
            best = v
    for n in range(5):
        if numbers[n] and numbers[n + 1]:
            partial += 0.4
    value = best + partial + 0.25 * len(hand)
    if KEVIN in hand:
        value += 1.0
    if len(_POT) > 200_000:
        _POT.clear()
    _POT[key] = value
    return value


# -- what a nest is worth ---------------------------------------------------------------------


def _awards(state: WaddleWaddleState, counts: Sequence[int], larger: float, smaller: float):
    """The end-of-season bonus of each player at one rookery with these nest counts."""
    n = len(counts)
    out = [0.0] * n
    top = max(counts)
    if top == 0:
        return out
    first = [p for p in range(n) if counts[p] == top]
    if state.options.two_player_variant:
        if len(first) == 1:
            out[first[0]] = larger
        return out
    if len(first) > 1:
        for p in first:
            out[p] = smaller
        return out
    out[first[0]] = larger
    rest = [c for p, c in enumerate(counts) if p != first[0] and c > 0]
    if rest:
        m = max(rest)
        second = [p for p in range(n) if p != first[0] and counts[p] == m]
        share = smaller if len(second) == 1 else smaller / 2
        for p in second:
            out[p] = share
    return out


def _relative(awards: Sequence[float], p: int) -> float:
    """A player's bonus less the best of the others' (what a majority is worth to them)."""
    others = max(a for q, a in enumerate(awards) if q != p)
    return awards[p] - others


def _average_token(tokens: tuple[tuple[int, int], ...]) -> tuple[float, float]:
    """The average Conservation Points token of a component set (larger, smaller bonus):
    what a rookery whose token is not known yet promises (remembered: the bots ask it in
    every playout step)."""
    found = _AVERAGE_TOKENS.get(tokens)
    if found is None:
        large = sum(t[0] for t in tokens) / len(tokens)
        small = sum(t[1] for t in tokens) / len(tokens)
        found = _AVERAGE_TOKENS[tokens] = (large, small)
    return found


_AVERAGE_TOKENS: dict[tuple[tuple[int, int], ...], tuple[float, float]] = {}


def _token(state: WaddleWaddleState, r: int) -> tuple[float, float]:
    c = state.components
    if state.cp_at[r] >= 0:
        large, small = c.conservation_tokens[state.cp_at[r]]
    else:
        large, small = _average_token(c.conservation_tokens)
    event = state.event
    if event is not None and event.kind == "bonus_multiplier":
        large, small = large * event.param("factor"), small * event.param("factor")
    return large, small


def _future_seasons(state: WaddleWaddleState) -> int:
    return len(state.decks) - state.season - 1


def majority_value(state: WaddleWaddleState, p: int, r: int, counts: Sequence[int]) -> float:
    """What the nests ``counts`` at rookery ``r`` are worth to ``p``: this season's bonus
    there (its token) and, nests staying, half as much for each season still to come."""
    large, small = _token(state, r)
    return _majority(state, p, counts, large, small, _future_seasons(state))


def _majority(
    state: WaddleWaddleState,
    p: int,
    counts: Sequence[int],
    large: float,
    small: float,
    later: int,
) -> float:
    """:func:`majority_value` with the rookery's token and the seasons to come given."""
    now = _relative(_awards(state, counts, large, small), p)
    if later:
        large, small = _average_token(state.components.conservation_tokens)
        now += 0.5 * later * _relative(_awards(state, counts, large, small), p)
    return now


def nest_gain(state: WaddleWaddleState, p: int, r: int, k: int) -> float:
    """What ``k`` more nests of ``p`` at ``r`` are worth to them (a little for each nest
    itself: tie-breaks and the seasons' uncertainty)."""
    if k <= 0:
        return 0.0
    large, small = _token(state, r)
    later = _future_seasons(state)
    # Remembered by everything _majority reads (the token's type too: an int token and
    # its float average are different inputs).
    key = (
        p,
        k,
        tuple(state.nests[r]),
        large,
        small,
        type(large),
        type(small),
        later,
        _average_token(state.components.conservation_tokens) if later else None,
        state.options.two_player_variant,
    )
    gain = _NEST_GAINS.get(key)
    if gain is None:
        counts = list(state.nests[r])
        before = _majority(state, p, counts, large, small, later)
        counts[p] += k
        gain = _majority(state, p, counts, large, small, later) - before + 0.8 * k
        if len(_NEST_GAINS) >= 8192:
            _NEST_GAINS.clear()
        _NEST_GAINS[key] = gain
    return gain


_NEST_GAINS: dict[tuple, float] = {}
