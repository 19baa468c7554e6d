"""Design the scripted deal of Waddle Waddle's tutorial and print it as Python constants for
``waddle/games/waddle_waddle/tutorial.py``.

Why a program: the lesson ends with the season's scoring, and a season ends only after
its fourth threat, which lies in the deck's bottom half (the rulebook's stacks), some
sixty cards down. So the tutorial opens late in a Quick game, with a played-out
opening: both players draft face down and play a waddle of six whenever their hand is
one, the three first threats turn up on the way. This script plays that opening on the
real engine while it decides each card as it is drawn (the deck is a permutation written
in the record, so any order is a legal deal), until Red holds the lesson's hand and the
fourth threat is where the lesson's own face-down draft will find it. Then it plays the
lesson itself to check that every step is possible and prints the deck and the opening.

    python3 scripts/make_waddle_waddle_tutorial.py
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waddle.games.waddle_waddle.actions import Action, parse_action
from waddle.games.waddle_waddle.cards import (
    THREAT0,
    cards,
    code,
    full_deck,
    is_waddle,
)
from waddle.games.waddle_waddle.components import BUILT_IN
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import Record, Setup
from waddle.games.waddle_waddle.threats import THREATS

OPTIONS = Options.standard(2, seasons=1)
"""A Quick game (one season) of two, the two-player variant on."""
EVENT = "krill-bloom"
TOKENS = ((4, 1, 2, 3, 0), (0, 1, 2, 3, 4))
"""The Conservation Points tokens (the largest bonus at South Georgia Island, where Red
leads) and the Fish Supply tokens at each rookery."""
HEROES = ("dee", "papi")
"""Red (you) plays Dr. Dee Boersma (King), Blue Papi (Magellanic)."""

THREAT = {t.code: t.index for t in THREATS}
OPENING_THREATS = {39: "seal", 48: "skua", 57: "orca"}
"""Where the three threats of the opening lie (one in each of the first three stacks)."""
LAST_THREAT = "pollution"
THREAT_PLACES = {"seal": "peninsula", "skua": "peninsula", "orca": "crozet"}

RED_HAND = "Ki2 Ki3 Ge1 Ge2 Mg5 Rk6"
"""The lesson's hand: a King 2 drafted and a Gentoo 3 exchanged for the Magellanic 5, and
the Rockhopper 6 taken fishing, leave King 2, 2, 3 and Gentoo 1, 2, 3: two waddles."""
FLOE = "Ki2 Ge3 Ch4 Ch5"
"""The first ice floe (two cards a player): nobody takes from it in the opening, so the
lesson finds its King 2 and Gentoo 3 there."""
RED_SETS = (
    "Mc1 Mc2 Ge3 Ge4 Ki5 Ki6",
    "Ge1 Ge2 Mc3 Mc4 Ki5 Ki6",
    "Ch1 Ch2 Ki3 Ki4 Mc5 Mc6",
)
"""Red's waddles of the opening: runs of 1 to 6 with three pairs, three nests each."""
BLUE_SETS = (
    "Rk1 Rk2 Mc3 Mc4 Ge5 Ge6",
    "Mg1 Mg2 Rk3 Rk4 Mg5 Mg6",
    "Mg2 Mg3 Mg3 Mg4 Mg4 Mg6",
)
RED_PLACES = ("crozet", "georgia", "georgia")
BLUE_PLACES = ("macquarie", "argentine", "argentine")
RED_TAILS = (
    (),
    (("Ki1 Ki1 Ki4", "macquarie"),),
    (("Ge4 Ge5 Ge6", "georgia"),),
    (("Mc1 Mc2 Mc5 Mc6", "georgia"),),
    (("Ki1 Ki1 Ki4", "macquarie"), ("Ge4 Ge5 Ge6", "georgia")),
)
"""Waddles Red may add to the opening, so that the lesson starts where it fits."""
BLUE_TAILS = (
    (),
    (("Rk2 Rk5 Rk5", "crozet"),),
    (("Rk1 Rk2 Rk3 Rk4 Rk5 Rk6", "crozet"),),
    (("Ch1 Ch2 Ch3 Ch4 Ch5 Ch6", "georgia"),),
    (("Rk2 Rk5 Rk5", "crozet"), ("Ch3 Ch3 Ch6 Ch6", "georgia")),
)


def main() -> None:
    hand = cards(RED_HAND)
    assert not is_waddle(hand)
    for red_tail in RED_TAILS:
        for blue_tail in BLUE_TAILS:
            found = attempt(red_tail, blue_tail)
            if found is not None:
                deck, actions = found
                print("Red adds", red_tail, "Blue adds", blue_tail)
                print(f"DECK = {' '.join(code(c) for c in deck)!r}")
                print(f"OPENING = {' / '.join(str(a) for a in actions)!r}")
                return
    raise SystemExit("no deal found")


def attempt(red_tail, blue_tail):
    """The opening with these waddles added to each player's; None if the lesson does not
    fit after it."""
    size = 76
    deck: list[int | None] = [None] * size
    pool = Counter(full_deck())
    for pos, name in OPENING_THREATS.items():
        deck[pos] = THREAT0 + THREAT[name]

    def take(card: int) -> int:
        assert pool[card] > 0, code(card)
        pool[card] -= 1
        return card

    red_sets = [*RED_SETS, *(t for t, _ in red_tail)]
    blue_sets = [*BLUE_SETS, *(t for t, _ in blue_tail)]
    used = Counter(cards(RED_HAND) + cards(FLOE))
    for s in (*red_sets, *blue_sets):
        used.update(cards(s))
    if max(used.values()) > 2:
        return None
    red_plan = [cards(s) for s in red_sets] + [cards(RED_HAND)]
    blue_plan = [cards(s) for s in blue_sets]
    # The deal: two cards each (Red first), then the ice floe.
    deck[0], deck[1] = take(red_plan[0][0]), take(red_plan[0][1])
    deck[2], deck[3] = take(blue_plan[0][0]), take(blue_plan[0][1])
    for k, card in enumerate(cards(FLOE)):
        deck[4 + k] = take(card)
    setup = _setup(_filled(deck, pool))
    state = setup.start()
    actions: list[Action] = []

    def act(action: Action) -> None:
        state.decks = (tuple(_filled(deck, pool)),)
        state.apply(action)
        actions.append(action)

    for hero in HEROES:
        act(parse_action(f"hero {hero}"))
    plans = {0: red_plan, 1: blue_plan}
    places = {
        0: [*RED_PLACES, *(r for _, r in red_tail)],
        1: [*BLUE_PLACES, *(r for _, r in blue_tail)],
    }
    for _ in range(400):
        p = state.to_move()
        if state.phase == "threat":
            name = THREATS[state.threat].code
            act(Action("threat", _rid(THREAT_PLACES[name])))
            continue
        assert state.phase == "turn", state.phase
        held = sorted(state.hands[p])
        plan = plans[p]
        if p == 0 and len(plan) == 1 and held == list(plan[0]):
            # The lesson draws 6 more cards, the fourth threat the fifth of them (stack 4);
            # Blue drafts 5 more times, so it holds 4 cards at most.
            fits = 62 <= state.pos <= 69 and state.pos > max(OPENING_THREATS)
            if fits and len(state.hands[1]) <= 4:
                return _finish(deck, pool, state, actions)
            return None
        if plan and held == sorted(plan[0]) and is_waddle(held):
            plan.pop(0)
            act(Action.waddle(held))
            r = _rid(places[p].pop(0))
            options = [a for a in state.legal_actions() if a.kind == "play" and a.a == r]
            if not options:
                return None
            act(min(options, key=lambda a: a.b))
            continue
        if not plan:  # Blue's sets are done: it only drafts, as its lesson turns do
            plan.append(())
        wanted = Counter(plan[0]) - Counter(held)
        pos = state.pos
        if deck[pos] is None:
            card = next((c for c in sorted(wanted) if pool[c]), None)
            if card is None:
                card = next(c for c in sorted(pool) if pool[c])
            deck[pos] = take(card)
        if len(held) >= 9:
            return None
        act(Action("draft", -1))
    return None


def _finish(deck, pool, state, actions):
    """Put the last threat four cards down (the ice floe refilled at Blue's next turn, then
    three face-down drafts of Blue), fill the rest and check the lesson."""
    pos = state.pos
    deck[pos + 4] = THREAT0 + THREAT[LAST_THREAT]
    whole = _filled(deck, pool)
    setup = _setup(whole)
    record = Record.from_json(Record(setup, list(actions)).to_json())  # a valid record
    replay = record.replay()
    lesson = (
        "draft Ki2 / B / exchange Mg5 / take Ge3 / B / fish Rk6 / B / draft ? / threat crozet"
        " / B / waddle Ki2 Ki2 Ki3 / play georgia / waddle Ge1 Ge2 Ge3 / play macquarie / B"
    )
    for text in lesson.split(" / "):
        if text == "B":
            assert replay.to_move() == 1, replay.phase
            replay.apply(Action("draft", -1))
        else:
            assert replay.to_move() == 0, (text, replay.phase)
            replay.apply(parse_action(text))
    assert replay.is_over(), replay.phase
    return whole, actions


def _filled(deck, pool) -> list[int]:
    """The deck with every undecided place given a card left in the pool (in order); the
    last threat, until it is placed, at the very bottom."""
    rest = [c for c in sorted(pool) for _ in range(pool[c])]
    last = THREAT0 + THREAT[LAST_THREAT]
    placed = last in deck
    out = []
    for i, card in enumerate(deck):
        if card is not None:
            out.append(card)
        elif not placed and i == len(deck) - 1:
            out.append(last)
        else:
            out.append(rest.pop(0))
    return out


def _setup(deck) -> Setup:
    return Setup(2, OPTIONS, BUILT_IN, (tuple(deck),), (EVENT,), TOKENS)


def _rid(name: str) -> int:
    from waddle.games.waddle_waddle.components import ROOKERY_IDS

    return ROOKERY_IDS.index(name)


if __name__ == "__main__":
    main()
