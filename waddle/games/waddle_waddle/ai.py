"""Bots that play Waddle Waddle, deciding from what their seat may see.

>>> from waddle.games.waddle_waddle.record import new_record
>>> state = new_record(3, seed=2).start()
>>> bot = make_bot("medium", seed=1)
>>> bot.choose(state) in state.legal_actions()
True

The levels (:data:`LEVELS`; links and the page name them by position):

- ``random``: a uniformly random legal action (:class:`waddle.core.bots.RandomBot`).
- ``easy``: the greedy player with noise on its judgement.
- ``medium``: the greedy player (:func:`greedy_action`). It values a hand by the waddles it
  holds and nearly holds and what its hero makes of them, a nest by what it changes in the
  rookery's end-of-season bonuses (this season's token and the seasons to come), a waddle
  with what its hero's ability adds (Lynch's refill, Dyan's nest moves), and plays a
  waddle when the hand is ripe, the hand is nearly full or the season is ending;
  otherwise it drafts, exchanges or fishes for what improves its hand most. Threats go
  where they protect its majorities or hurt the leader's.
- ``hard``: information-set Monte Carlo tree search (:class:`waddle.core.bots.
  InformationSetMcts`) with that knowledge: playouts follow the greedy player for a
  limited number of actions, then every player's final score is estimated
  (:func:`estimate`: points, the bonuses their nests would take, the hand and fish in
  hand), and new nodes try the greedy favourite first.

Every bot sees only its seat's observation: the greedy player decides on a
determinization of the position (:meth:`~.state.WaddleWaddleState.determinize`, a
function of the seat's view and the bot's generator), and the tree search starts each
iteration from a fresh one. Everything is deterministic given the seed and an iteration
budget: integer counts and floats from ``+ - * /``, ties to the engine's first action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from waddle.core.bots import (
    Budget,
    Decided,
    InformationSetMcts,
    MctsBot,
    MctsConfig,
    RandomBot,
    Search,
    SearchBot,
    level_budget,
)
from waddle.core.game import GameState
from waddle.core.rng import Rng
from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import (
    CHINSTRAP,
    GENTOO,
    HIDDEN,
    KEVIN,
    KING,
    MAGELLANIC,
    ROCKHOPPER,
    points,
    waddles_in,
)
from waddle.games.waddle_waddle.components import ROOKERIES
from waddle.games.waddle_waddle.heroes import DAVIS, DEE, DYAN, HEROES, KATTA, LYNCH, PAPI
from waddle.games.waddle_waddle.state import (
    DYAN_MOVES,
    LYNCH_REFILL,
    OIL_NESTS,
    PLAY,
    REFILL2,
    SHARK_FISH,
    SHEATHBILL_TIE,
    TAKE,
    THREAT,
    TOKENS,
    TURN,
    WADDLE2,
    WaddleWaddleState,
)
from waddle.games.waddle_waddle.threats import OIL, SHARK, SHEATHBILL

LEVELS = ("random", "easy", "medium", "hard")
"""Bot levels from weakest to strongest, as links and the page name them."""

HERO_PREFERENCE = (KATTA, DAVIS, DEE, LYNCH, DYAN, PAPI)
"""The order the greedy player picks heroes in when it may: by their win rates in medium
self-play with heroes dealt at random (README, "Waddle Waddle: seats and heroes")."""

FISH_VALUE = 2.0
"""A fish in hand, in Conservation Points: the price of a waddle that is ready."""
BLIND_GAIN = 1.2
"""What the greedy player expects of a face-down card, in hand value."""
PLAY_VALUE = 14.0
"""A waddle worth this much (points and nests) is played at once."""
FULL_HAND = 8
"""With this many cards the greedy player plays its best waddle."""


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


def _token(state: WaddleWaddleState, r: int) -> tuple[float, float]:
    c = state.components
    if state.cp_at[r] >= 0:
        large, small = c.conservation_tokens[state.cp_at[r]]
    else:
        large = sum(t[0] for t in c.conservation_tokens) / len(c.conservation_tokens)
        small = sum(t[1] for t in c.conservation_tokens) / len(c.conservation_tokens)
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
    now = _relative(_awards(state, counts, large, small), p)
    later = _future_seasons(state)
    if later:
        c = state.components
        large = sum(t[0] for t in c.conservation_tokens) / len(c.conservation_tokens)
        small = sum(t[1] for t in c.conservation_tokens) / len(c.conservation_tokens)
        now += 0.5 * later * _relative(_awards(state, counts, large, small), p)
    return now


def nest_gain(state: WaddleWaddleState, p: int, r: int, k: int) -> float:
    """What ``k`` more nests of ``p`` at ``r`` are worth to them (a little for each nest
    itself: tie-breaks and the seasons' uncertainty)."""
    if k <= 0:
        return 0.0
    counts = list(state.nests[r])
    before = majority_value(state, p, r, counts)
    counts[p] += k
    return majority_value(state, p, r, counts) - before + 0.8 * k


# -- the greedy player --------------------------------------------------------------------------


def play_value(state: WaddleWaddleState, p: int, w: Sequence[int], r: int, h: int) -> float:
    """A waddle played at ``r`` with ``h`` fish from the hand: its points, its nests and
    what the hero's ability adds (Lynch's refill, Dyan's nest moves), less the fish it
    costs."""
    placed, nests, pts = state.waddle_outcome(p, w, r)
    value = pts + nest_gain(state, p, r, nests) - h * FISH_VALUE - 0.3 * (state.fish_cost(r) - h)
    hero = state.hero[p]
    if hero == LYNCH and placed[GENTOO] and not _keeps_hand(state):
        value += LYNCH_REFILL_WORTH
    elif hero == DYAN and placed[ROCKHOPPER]:
        value += dyan_moves_worth(state, p, r, nests, placed[ROCKHOPPER])
    return value


def _keeps_hand(state: WaddleWaddleState) -> bool:
    """Whether the rest of a hand stays after a waddle (a simplified rule or the event)."""
    event = state.event
    return state.options.keep_hand or (event is not None and event.kind == "keep_hand")


def dyan_moves_worth(state: WaddleWaddleState, p: int, r: int, placed: int, moves: int) -> float:
    """What Dyan's ``moves`` nest moves from ``r`` are worth to ``p`` once ``placed`` nests
    of theirs are there: the best move each time (an opponent's nest away from a
    majority, or one of p's own to where it wins one), as :func:`_nest_move` plays them."""
    counts = [list(c) for c in state.nests]
    counts[r][p] += placed
    total = 0.0
    for _ in range(moves):
        best, best_move = 0.0, None
        for owner in range(state.n):
            if counts[r][owner] == 0:
                continue
            src_after = list(counts[r])
            src_after[owner] -= 1
            src_gain = majority_value(state, p, r, src_after) - majority_value(
                state, p, r, counts[r]
            )
            for dst in range(ROOKERIES):
                if dst == r:
                    continue
                d_after = list(counts[dst])
                d_after[owner] += 1
                gain = src_gain + majority_value(state, p, dst, d_after)
                gain -= majority_value(state, p, dst, counts[dst])
                if gain > best + 1e-9:
                    best, best_move = gain, (owner, dst)
        if best_move is None:
            break
        owner, dst = best_move
        counts[r][owner] -= 1
        counts[dst][owner] += 1
        total += best
    return total


def best_play(state: WaddleWaddleState, p: int, w: Sequence[int]) -> tuple[float, int, int]:
    """The best ``(value, rookery, fish from hand)`` for a waddle (value -1e9 if none)."""
    best = (-1e9, -1, 0)
    for r, h in state.play_options(p, w):
        v = play_value(state, p, w, r, h)
        if v > best[0]:
            best = (v, r, h)
    return best


WADDLES_CONSIDERED = 4
"""The greedy player weighs where to play only its most promising few waddles."""


def _static_worth(w: Sequence[int], hand_size: int, hero: int) -> float:
    """A waddle's points and pairs wherever it goes (with Dee, a King pair's nest counts as
    a card), and a little for using the whole hand."""
    species = [0] * 6
    for c in w:
        species[c // 6] += 1
    pairs = 0
    for k in species:
        pairs += k // 2
    bonus = max(species) == len(w) and len({c % 6 for c in w}) == len(w)
    bonus = bonus and max(c % 6 for c in w) - min(c % 6 for c in w) == len(w) - 1
    size = len(w) + (species[KING] // 2 if hero == DEE else 0)
    return points(size, bonus) + NEST_WORTH * pairs + (2.0 if len(w) == hand_size else 0.0)


def _rest(hand: Sequence[int], w: Sequence[int]) -> list[int]:
    rest = list(hand)
    for c in w:
        rest.remove(c)
    return rest


def _turn(state: WaddleWaddleState, legal: list[Action], rng: Rng, noise: float) -> Action:
    p = state.cur
    hand = state.hands[p]
    hero = state.hero[p]
    base = hand_value(hand, hero)
    keep = _keeps_hand(state)
    ending = state.turns_left > 0 and state.turns_left <= state.n + 1
    scores: list[tuple[float, int]] = []
    best_waddle = (-1e9, -1)
    wanted: list[int] | None = None
    waddles = [
        (_static_worth(a.a, len(hand), hero), i) for i, a in enumerate(legal) if a.kind == K.WADDLE
    ]
    waddles.sort(reverse=True)
    considered = {i for _, i in waddles[:WADDLES_CONSIDERED]}
    for i, a in enumerate(legal):
        kind = a.kind
        if kind == K.WADDLE:
            if i not in considered:
                continue
            value, _r, _h = best_play(state, p, a.a)
            rest = _rest(hand, a.a)
            if rest and not keep and KEVIN not in rest:
                rest_waddles = waddles_in(rest)
                if len(rest) in (3, 4, 5, 6) and tuple(sorted(rest)) in rest_waddles:
                    value += 0.8 * hand_value(rest, hero)  # a WaddleWaddle
                else:
                    value -= 0.5 * hand_value(rest, hero)  # cards given away
            elif keep and rest:
                value += hand_value(rest, hero) - base
            if value > best_waddle[0]:
                best_waddle = (value, i)
            continue
        if kind == K.DRAFT:
            gain = BLIND_GAIN if a.a == HIDDEN else hand_value(sorted([*hand, a.a]), hero) - base
            if a.a != HIDDEN and len(hand) >= 7:
                gain -= 0.3
        elif kind == K.EXCHANGE:
            if wanted is None:
                wanted = _wanted(state, hand, hero)
            gain = _swap_gain(hand, a.a, wanted, hero, base) - (0 if a.a == KEVIN else 1.5)
        elif kind == K.FISH:
            without = _rest(hand, (a.a,))
            want = 1.5 * FISH_VALUE if state.fish[p] == 0 else 0.7 * FISH_VALUE
            if a.a == KEVIN:
                want += 3.0
            gain = want - (base - hand_value(without, hero))
        elif kind == K.REFILL:
            gain = hand_value([a.a], hero) + BLIND_GAIN
        else:  # pass
            gain = -1e6
        if noise:
            gain += noise * (rng.random() - 0.5)
        scores.append((gain, i))
    if best_waddle[1] >= 0:
        value, i = best_waddle
        if noise:
            value += noise * (rng.random() - 0.5)
        ripe = value >= PLAY_VALUE or len(hand) >= FULL_HAND or ending
        uses_all = len(legal[i].a) == len(hand)
        stuck = not scores or max(scores)[0] <= 0.2
        if ripe or uses_all or stuck:
            return legal[i]
    best = max(scores) if scores else (0.0, 0)
    # max() on (gain, index) takes the last of equals: prefer the first in the engine's order
    top = best[0]
    for gain, i in scores:
        if gain == top:
            return legal[i]
    return legal[best[1]]


def _wanted(state: WaddleWaddleState, hand: Sequence[int], hero: int) -> list[int]:
    """The two face-up cards the hand wants most (what an exchange would take)."""
    ranked = []
    last = -2
    for c in state.floe:
        if c == last or (c == KEVIN and state.kevin_down):
            continue
        last = c
        ranked.append((hand_value(sorted([*hand, c]), hero), -c))
    ranked.sort(reverse=True)
    return [-c for _, c in ranked[:2]]


def _swap_gain(hand: Sequence[int], give: int, wanted: list[int], hero: int, base: float) -> float:
    """The hand value gained by giving ``give`` for the most wanted other face-up card."""
    for c in wanted:
        if c != give:
            return hand_value(sorted([*_rest(hand, (give,)), c]), hero) - base
    return -1e9


def _card_pick(state: WaddleWaddleState, legal: list[Action], blind: bool) -> Action:
    """The face-up card (or the deck) that improves the hand most."""
    p = state.cur
    hand = state.hands[p]
    hero = state.hero[p]
    base = hand_value(hand, hero)
    best, best_gain = legal[0], -1e9
    for a in legal:
        gain = BLIND_GAIN if a.a == HIDDEN else hand_value(sorted([*hand, a.a]), hero) - base
        if gain > best_gain:
            best, best_gain = a, gain
    return best


def _lead(state: WaddleWaddleState, p: int, r: int) -> int:
    counts = state.nests[r]
    return counts[p] - max(c for q, c in enumerate(counts) if q != p)


def _threat(state: WaddleWaddleState, legal: list[Action]) -> Action:
    """Where a threat goes: the Sheathbill and the Oil Spill where they hurt others most;
    the Shark where fish feed others; the rest where they guard the player's lead."""
    p = state.cur
    t = state.threat
    best, best_value = legal[0], -1e9
    for a in legal:
        r = a.a
        counts = state.nests[r]
        if t == SHEATHBILL:
            top = max(counts)
            victims = [q for q in range(state.n) if counts[q] == top and top > 0]
            if not victims:
                value = -1.0
            elif victims == [p]:
                value = -5.0
            else:
                after = list(counts)
                after[next(q for q in victims if q != p)] -= 1
                value = majority_value(state, p, r, after) - majority_value(state, p, r, counts)
        elif t == OIL:
            value = float(sum(counts) - 2 * counts[p])
        elif t == SHARK:
            value = float(state.rfish[r]) - 2.0 * max(0, _lead(state, p, r))
        else:
            value = float(_lead(state, p, r))
        if value > best_value:
            best, best_value = a, value
    return best


def _nest_move(state: WaddleWaddleState, legal: list[Action], allow_stop: bool) -> Action:
    """The nest move (Dyan's or the Oil Spill's) that helps the player most."""
    p = state.cur
    src = state.at
    best, best_value = None, 0.0 if allow_stop else -1e9
    for a in legal:
        if a.kind != K.MOVE:
            continue
        owner, dst = a.a, a.b
        s_before = list(state.nests[src])
        d_before = list(state.nests[dst])
        s_after = list(s_before)
        s_after[owner] -= 1
        d_after = list(d_before)
        d_after[owner] += 1
        value = (
            majority_value(state, p, src, s_after)
            - majority_value(state, p, src, s_before)
            + majority_value(state, p, dst, d_after)
            - majority_value(state, p, dst, d_before)
        )
        if value > best_value + 1e-9:
            best, best_value = a, value
    if best is None:
        return legal[-1] if allow_stop else legal[0]
    return best


def _tokens(state: WaddleWaddleState, legal: list[Action]) -> Action:
    """A Conservation Points token where the chooser gains most from its bonus (a big one
    where they lead, a small one where others do); a Fish Supply token: the most fish
    where the chooser has the fewest nests to defend."""
    p = state.mover
    c = state.components
    best, best_value = legal[0], -1e9
    for a in legal:
        r = a.b
        if a.kind == K.CP:
            large, small = c.conservation_tokens[a.a]
            value = _relative(_awards(state, state.nests[r], large, small), p)
        else:
            value = -c.fish_tokens[a.a] * _lead(state, p, r)
        if value > best_value:
            best, best_value = a, value
    return best


def greedy_action(state: WaddleWaddleState, rng: Rng, noise: float = 0.0) -> Action:
    """The greedy player's action in ``state`` (a position it may see whole: a
    determinization, or a playout's world)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == TURN:
        return _turn(state, legal, rng, noise)
    p = state.cur
    if phase == PLAY:
        best, best_value = legal[0], -1e9
        for a in legal:
            v = play_value(state, p, state.pending, a.a, a.b)
            if v > best_value:
                best, best_value = a, v
        return best
    if phase == WADDLE2:
        return legal[0]  # the second waddle if there is one, else stop
    if phase in (TAKE, REFILL2, LYNCH_REFILL):
        return _card_pick(state, legal, phase == REFILL2)
    if phase == THREAT:
        return _threat(state, legal)
    if phase == DYAN_MOVES:
        return _nest_move(state, legal, allow_stop=True)
    if phase == OIL_NESTS:
        return _nest_move(state, legal, allow_stop=False)
    if phase == SHARK_FISH:
        # Each fish to the rookery where the player's hand would play best.
        hand = state.hands[p]
        best, best_value = legal[0], -1e9
        for a in legal:
            r = a.a
            v = sum(1 for card in hand if state.species_masks[r] >> (card // 6) & 1 and card < 36)
            v -= 0.5 * max(0, -_lead(state, p, r))
            if v > best_value:
                best, best_value = a, v
        return best
    if phase == SHEATHBILL_TIE:
        others = [a for a in legal if a.a != p]
        if not others:
            return legal[0]
        return max(others, key=lambda a: (state.score[a.a], -a.a))
    if phase == TOKENS:
        return _tokens(state, legal)
    if phase == "hero":
        taken = set(state.hero)
        for h in HERO_PREFERENCE:
            if h not in taken:
                return Action(K.HERO, h)
    return legal[0]


def greedy_policy(state: WaddleWaddleState, rng: Rng) -> Action:
    """:func:`greedy_action` as a playout policy."""
    return greedy_action(state, rng)


# -- estimating the end: the tree search's evaluation ----------------------------------------------


def _board_estimate(state: WaddleWaddleState) -> list[float]:
    """Each player's points and what their nests are worth: this season's bonuses as the
    nests stand, and (half, per season) those of the seasons to come; with the hero
    handicap option, its points too (the score gets them only when the game ends)."""
    est = [float(s) for s in state.score]
    if state.is_over():
        return est
    for p, due in enumerate(state.handicap_points()):  # the option's, due at the end
        est[p] += due
    later = _future_seasons(state)
    season_over = state.phase == TOKENS
    c = state.components
    avg_large = sum(t[0] for t in c.conservation_tokens) / len(c.conservation_tokens)
    avg_small = sum(t[1] for t in c.conservation_tokens) / len(c.conservation_tokens)
    for r in range(ROOKERIES):
        counts = state.nests[r]
        if not season_over:
            large, small = _token(state, r)
            for p, a in enumerate(_awards(state, counts, large, small)):
                est[p] += a
        if later:
            weight = 0.5 * later
            for p, a in enumerate(_awards(state, counts, avg_large, avg_small)):
                est[p] += weight * a
    for p in range(state.n):
        est[p] += FISH_VALUE * state.fish[p]
    return est


HAND_WEIGHT = 0.5
"""How much of a hand's worth counts in the estimate (it is not played yet)."""
UNSEEN_CARD = 1.6
"""What a card someone else holds face down is worth to the estimate, seen from outside."""


def estimate(state: WaddleWaddleState) -> list[float]:
    """Each player's final score as it looks now: points, nests (:func:`_board_estimate`),
    fish in hand, and their hand's worth."""
    est = _board_estimate(state)
    if not state.is_over():
        for p in range(state.n):
            est[p] += HAND_WEIGHT * hand_value(state.hands[p], state.hero[p])
    return est


def _public_hand(state: WaddleWaddleState, p: int) -> float:
    """A hand's worth as the others see it: the cards taken face up, and the rest unseen."""
    known = state.known[p]
    unseen = len(state.hands[p]) - len(known)
    return HAND_WEIGHT * (hand_value(known, state.hero[p]) + UNSEEN_CARD * unseen)


SCALE = 12.0
"""Conservation Points over which a lead turns into a likely win (the evaluation's slope)."""


def rewards(state: WaddleWaddleState) -> list[float]:
    """Rewards in [0, 1]: each player's chance of finishing first, from smooth pairwise
    comparisons of estimates (``x / (1 + |x|)``: no ``exp``, the same on every platform),
    normalised to sum to one; a finished game gives the win shares.

    Each player compares their own estimate (their hand as they hold it) with the others'
    as they can see them (hands by their face-up cards and size): so a search's value of
    its own moves does not swing with the hidden cards of the world it samples.
    """
    n = state.n
    if state.is_over():
        winners = state.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    board = _board_estimate(state)
    own = [board[p] + HAND_WEIGHT * hand_value(state.hands[p], state.hero[p]) for p in range(n)]
    seen = [board[p] + _public_hand(state, p) for p in range(n)]
    out = []
    total = 0.0
    for p in range(n):
        v = 1.0
        for q in range(n):
            if q != p:
                x = (own[p] - seen[q]) / SCALE
                v *= 0.5 + 0.5 * x / (1.0 + (x if x >= 0 else -x))
        out.append(v)
        total += v
    return [v / total for v in out] if total > 0 else [1.0 / n] * n


def prior(state: WaddleWaddleState, actions: Sequence[Action]) -> list[float]:
    """The greedy favourite first: weight 1 for it, 0 for the others."""
    favourite = greedy_action(state, Rng(0))
    return [1.0 if a == favourite else 0.0 for a in actions]


# -- the bots ---------------------------------------------------------------------------------


class GreedyBot(SearchBot):
    """The greedy player on a determinization of the position (so it sees only what its
    seat sees), with optional noise on its judgement."""

    def __init__(self, name: str, noise: float, seed: int = 0, budget: Budget | None = None):
        super().__init__(seed, budget)
        self.name = name
        self.noise = noise

    def start(self, state: GameState) -> Search:
        legal = state.legal_actions()
        if len(legal) == 1:
            return Decided(state, self.budget, legal[0])
        rng = self.search_rng(state)
        world = state.determinize(state.to_move(), rng)
        return Decided(state, self.budget, greedy_action(world, rng, self.noise))


HARD = MctsConfig(
    exploration=0.25,
    policy=greedy_policy,
    evaluate=rewards,
    playout_depth=4,
    prior=prior,
    bias=0.2,
)
"""The hard bot's search; ``playout_depth`` is per player (a playout runs about one round)."""

SEARCHED = frozenset((TURN, PLAY, THREAT, TOKENS, TAKE, WADDLE2))
"""The decisions the hard bot searches; the others (a nest or fish moved, a refill's second
card, a tie to break) it takes as the greedy player does."""


class HardBot(MctsBot):
    """Information-set tree search with greedy playouts of about one round and the score
    estimate; the greedy player's choice for the decisions it does not search."""

    name = "hard"

    def start(self, state: GameState) -> Search:
        legal = state.legal_actions()
        if len(legal) == 1:
            return Decided(state, self.budget, legal[0])
        rng = self.search_rng(state)
        if state.phase not in SEARCHED:
            world = state.determinize(state.to_move(), rng)
            return Decided(state, self.budget, greedy_action(world, rng))
        depth = None if self.config.playout_depth is None else self.config.playout_depth * state.n
        config = replace(self.config, playout_depth=depth)
        return InformationSetMcts(state, self.budget, config, rng)


def make_bot(
    level: str, seed: int = 0, seconds: float | None = None, iterations: int | None = None
) -> SearchBot:
    """A bot of ``level`` (one of :data:`LEVELS`); the budget matters to ``hard`` only.

    Benchmarks may write ``"hard@300"``: that level with 300 iterations, whatever the
    budget given (so seats of one tournament can have budgets of their own).
    """
    level, budget = level_budget(level, seconds, iterations)
    if level == "random":
        bot = RandomBot(seed, budget)
        bot.name = "random"
        return bot
    if level == "easy":
        return GreedyBot("easy", noise=6.0, seed=seed, budget=budget)
    if level == "medium":
        return GreedyBot("medium", noise=0.0, seed=seed, budget=budget)
    if level == "hard":
        return HardBot(seed, budget, HARD)
    raise ValueError(f"no bot level {level!r} (levels: {', '.join(LEVELS)})")


__all__ = ["LEVELS", "GreedyBot", "HardBot", "estimate", "greedy_action", "make_bot", "rewards"]
