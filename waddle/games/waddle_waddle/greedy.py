"""Waddle Waddle's greedy player (the ``medium`` and ``easy`` levels, and the tree search's
playouts and priors): one decision at a time, each phase's options weighed by what they do
to the hand and the nests (:mod:`.worth`): where a waddle plays best (:func:`best_play`),
when to play it, what to draft, exchange or fish for, where a threat, a moved nest or a
token goes (:func:`greedy_action`).

One player's judgement, phase by phase: its thresholds and its choices only make sense
together, and the tree search in :mod:`.ai` calls it as one policy.
"""

from __future__ import annotations

from collections.abc import Sequence

from waddle.core.rng import Rng
from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import (
    GENTOO,
    HIDDEN,
    KEVIN,
    KING,
    ROCKHOPPER,
    points,
    waddles_in,
)
from waddle.games.waddle_waddle.components import ROOKERIES
from waddle.games.waddle_waddle.heroes import DAVIS, DEE, DYAN, KATTA, LYNCH, PAPI
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
from waddle.games.waddle_waddle.worth import (
    FISH_VALUE,
    LYNCH_REFILL_WORTH,
    NEST_WORTH,
    _awards,
    _relative,
    hand_value,
    majority_value,
    nest_gain,
)

HERO_PREFERENCE = (KATTA, DAVIS, DEE, LYNCH, DYAN, PAPI)
"""The order the greedy player picks heroes in when it may: by their win rates in medium
self-play with heroes dealt at random (README, "Waddle Waddle: seats and heroes")."""

BLIND_GAIN = 1.2
"""What the greedy player expects of a face-down card, in hand value."""
PLAY_VALUE = 14.0
"""A waddle worth this much (points and nests) is played at once."""
FULL_HAND = 8
"""With this many cards the greedy player plays its best waddle."""


# -- the greedy player --------------------------------------------------------------------------


def play_value(state: WaddleWaddleState, p: int, w: Sequence[int], r: int, h: int) -> float:
    """A waddle played at ``r`` with ``h`` fish from the hand: its points, its nests and
    what the hero's ability adds (Lynch's refill, Dyan's nest moves), less the fish it
    costs."""
    return _with_fish(state, r, h, _play_worth(state, p, w, r, {}))


def _play_worth(
    state: WaddleWaddleState,
    p: int,
    w: Sequence[int],
    r: int,
    gains: dict[tuple[int, int, int], float],
) -> tuple[float, float | None]:
    """What :func:`play_value` adds up that does not depend on the fish from the hand:
    points and nests, and what the hero's ability adds (None: nothing). ``gains`` remembers
    :func:`~.worth.nest_gain` by player, rookery and nests for one decision (the state does not
    change while the greedy player weighs its options)."""
    placed, nests, pts = state.waddle_outcome(p, w, r)
    gain = gains.get((p, r, nests))
    if gain is None:
        gain = gains[p, r, nests] = nest_gain(state, p, r, nests)
    worth = pts + gain
    hero = state.hero[p]
    if hero == LYNCH and placed[GENTOO] and not _keeps_hand(state):
        return worth, LYNCH_REFILL_WORTH
    if hero == DYAN and placed[ROCKHOPPER]:
        return worth, dyan_moves_worth(state, p, r, nests, placed[ROCKHOPPER])
    return worth, None


def _with_fish(
    state: WaddleWaddleState, r: int, h: int, worth: tuple[float, float | None]
) -> float:
    """:func:`play_value` from :func:`_play_worth` (the same sum in the same order)."""
    value = worth[0] - h * FISH_VALUE - 0.3 * (state.fish_cost(r) - h)
    if worth[1] is not None:
        value += worth[1]
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


def best_play(
    state: WaddleWaddleState,
    p: int,
    w: Sequence[int],
    gains: dict[tuple[int, int, int], float] | None = None,
) -> tuple[float, int, int]:
    """The best ``(value, rookery, fish from hand)`` for a waddle (value -1e9 if none);
    ``gains`` as :func:`_play_worth`'s, to share between the waddles of one decision."""
    if gains is None:
        gains = {}
    best = (-1e9, -1, 0)
    worth = None
    last = -1
    for r, h in state.play_options(p, w):
        if r != last:  # the options of one rookery differ only in the fish from the hand
            worth, last = _play_worth(state, p, w, r, gains), r
        v = _with_fish(state, r, h, worth)
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


def _static_worths(w: tuple[int, ...], whole: bool, hero: int) -> float:
    """:func:`_static_worth` remembered (``whole``: the waddle is the whole hand)."""
    key = (w, whole, hero)
    worth = _STATIC_WORTHS.get(key)
    if worth is None:
        if len(_STATIC_WORTHS) >= 4096:
            _STATIC_WORTHS.clear()
        worth = _STATIC_WORTHS[key] = _static_worth(w, len(w) if whole else -1, hero)
    return worth


_STATIC_WORTHS: dict[tuple, float] = {}


def _rest(hand: Sequence[int], w: Sequence[int]) -> list[int]:
    rest = list(hand)
    for c in w:
        rest.remove(c)
    return rest


def _turn(state: WaddleWaddleState, legal: list[Action], rng: Rng, noise: float) -> Action:
    p = state.cur
    hand = state.hands[p]
    hero = state.hero[p]
    near = _near(hand, hero)  # the values of this hand and of those a card or a waddle away
    base = near.get(None)
    if base is None:
        base = near[None] = hand_value(hand, hero)
    keep = _keeps_hand(state)
    ending = state.turns_left > 0 and state.turns_left <= state.n + 1
    scores: list[tuple[float, int]] = []
    best_waddle = (-1e9, -1)
    wanted: list[int] | None = None
    size = len(hand)
    waddles = [
        (_static_worths(a.a, len(a.a) == size, hero), i)
        for i, a in enumerate(legal)
        if a.kind == K.WADDLE
    ]
    waddles.sort(reverse=True)
    considered = {i for _, i in waddles[:WADDLES_CONSIDERED]}
    gains: dict[tuple[int, int, int], float] = {}  # nest gains, shared by the waddles weighed
    for i, a in enumerate(legal):
        kind = a.kind
        if kind == K.WADDLE:
            if i not in considered:
                continue
            value, _r, _h = best_play(state, p, a.a, gains)
            rest = _rest(hand, a.a)
            if rest and not keep and KEVIN not in rest:
                rest_waddles = waddles_in(rest)
                if len(rest) in (3, 4, 5, 6) and tuple(sorted(rest)) in rest_waddles:
                    value += 0.8 * _after_waddle(rest, a.a, hero, near)  # a WaddleWaddle
                else:
                    value -= 0.5 * _after_waddle(rest, a.a, hero, near)  # cards given away
            elif keep and rest:
                value += _after_waddle(rest, a.a, hero, near) - base
            if value > best_waddle[0]:
                best_waddle = (value, i)
            continue
        if kind == K.DRAFT:
            gain = BLIND_GAIN if a.a == HIDDEN else _with_card(hand, a.a, hero, near) - base
            if a.a != HIDDEN and len(hand) >= 7:
                gain -= 0.3
        elif kind == K.EXCHANGE:
            if wanted is None:
                wanted = _wanted(state, hand, hero, near)
            gain = _swap_gain(hand, a.a, wanted, hero, base, near) - (0 if a.a == KEVIN else 1.5)
        elif kind == K.FISH:
            want = 1.5 * FISH_VALUE if state.fish[p] == 0 else 0.7 * FISH_VALUE
            if a.a == KEVIN:
                want += 3.0
            gain = want - (base - _without_card(hand, a.a, hero, near))
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


def _near(hand: Sequence[int], hero: int) -> dict:
    """The remembered values of ``hand`` (key None) and of the hands one card or one waddle
    away from it (:func:`_with_card`, :func:`_without_card`, :func:`_swap_gain`,
    :func:`_after_waddle`): a playout's greedy player weighs the same hand's drafts,
    exchanges, fish and waddles again and again."""
    key = (tuple(hand), hero)
    near = _NEAR.get(key)
    if near is None:
        if len(_NEAR) >= 2048:
            _NEAR.clear()
        near = _NEAR[key] = {}
    return near


_NEAR: dict[tuple, dict] = {}
""":func:`_near` by hand and hero."""


def _with_card(hand: Sequence[int], c: int, hero: int, near: dict) -> float:
    """The hand's value with card ``c`` added (remembered in ``near``, :func:`_near`)."""
    value = near.get(c)
    if value is None:
        value = near[c] = hand_value(sorted([*hand, c]), hero)
    return value


def _after_waddle(rest: list[int], w: tuple[int, ...], hero: int, near: dict) -> float:
    """The value of ``rest``, the hand without waddle ``w`` (remembered in ``near`` by the
    waddle, :func:`_near`)."""
    value = near.get(("after", w))
    if value is None:
        value = near["after", w] = hand_value(rest, hero)
    return value


def _without_card(hand: Sequence[int], c: int, hero: int, near: dict) -> float:
    """The hand's value without card ``c`` (remembered in ``near``, :func:`_near`)."""
    value = near.get((c,))
    if value is None:
        value = near[c,] = hand_value(_rest(hand, (c,)), hero)
    return value


def _wanted(state: WaddleWaddleState, hand: Sequence[int], hero: int, near: dict) -> list[int]:
    """The two face-up cards the hand wants most (what an exchange would take)."""
    ranked = []
    last = -2
    for c in state.floe:
        if c == last or (c == KEVIN and state.kevin_down):
            continue
        last = c
        ranked.append((_with_card(hand, c, hero, near), -c))
    ranked.sort(reverse=True)
    return [-c for _, c in ranked[:2]]


def _swap_gain(
    hand: Sequence[int], give: int, wanted: list[int], hero: int, base: float, near: dict
) -> float:
    """The hand value gained by giving ``give`` for the most wanted other face-up card
    (hand values remembered in ``near``, :func:`_near`)."""
    for c in wanted:
        if c != give:
            value = near.get((give, c))
            if value is None:
                value = near[give, c] = hand_value(sorted([*_rest(hand, (give,)), c]), hero)
            return value - base
    return -1e9


def _card_pick(state: WaddleWaddleState, legal: list[Action], blind: bool) -> Action:
    """The face-up card (or the deck) that improves the hand most."""
    p = state.cur
    hand = state.hands[p]
    hero = state.hero[p]
    base = hand_value(hand, hero)
    near = _near(hand, hero)
    best, best_gain = legal[0], -1e9
    for a in legal:
        gain = BLIND_GAIN if a.a == HIDDEN else _with_card(hand, a.a, hero, near) - base
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
        worths: dict[int, tuple[float, float | None]] = {}
        gains: dict[tuple[int, int, int], float] = {}
        for a in legal:
            r = a.a
            worth = worths.get(r)
            if worth is None:
                worth = worths[r] = _play_worth(state, p, state.pending, r, gains)
            v = _with_fish(state, r, a.b, worth)
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
