"""Positions of Waddle Waddle for the rule tests: a game started from a seed, heroes picked,
then the parts a test is about laid out by hand (hands, ice floe, fish, nests, threats).

>>> state = game(2, heroes=("dee", "papi"))
>>> arrange(state, hands=[["Ki1", "Ki2", "Ki3"], []], floe=["Ge1"])
>>> [str(a) for a in state.legal_actions() if a.kind == "waddle"]
['waddle Ki1 Ki2 Ki3']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from waddle.games.waddle_waddle.actions import Action, parse_action
from waddle.games.waddle_waddle.cards import cards
from waddle.games.waddle_waddle.components import ROOKERY_IDS
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import new_record
from waddle.games.waddle_waddle.state import WaddleWaddleState
from waddle.games.waddle_waddle.threats import THREATS

THREAT_INDEX = {t.code: t.index for t in THREATS}


def game(
    players: int = 2, seed: int = 1, heroes: Sequence[str] | None = None, **options
) -> WaddleWaddleState:
    """A new game's start; with ``heroes`` (codes, from the first player on) they are
    picked, so the first season has started."""
    state = new_record(players, seed, Options.standard(players, **options)).start()
    for code in heroes or ():
        state.apply(parse_action(f"hero {code}"))
    return state


def arrange(
    state: WaddleWaddleState,
    hands: Sequence[Iterable[str]] | None = None,
    floe: Iterable[str] | None = None,
    fish: Sequence[int] | None = None,
    rookery_fish: Sequence[int] | None = None,
    nests: dict[str, Sequence[int]] | None = None,
    threats: dict[str, Sequence[str]] | None = None,
    known: Sequence[Iterable[str]] | None = None,
    frozen: Sequence[bool] | None = None,
) -> None:
    """Lay parts of the position out by hand (cards as codes, rookeries by id). Cards put
    in hands and on the floe are not taken from the deck: tests use these positions for
    the rule they check, not for card counting."""
    if hands is not None:
        state.hands = [sorted(cards(" ".join(h))) for h in hands]
        state.known = [[] for _ in hands]
    if known is not None:
        state.known = [sorted(cards(" ".join(k))) for k in known]
    if floe is not None:
        state.floe = sorted(cards(" ".join(floe)))
    if fish is not None:
        state.fish = list(fish)
    if rookery_fish is not None:
        state.rfish = list(rookery_fish)
    if nests is not None:
        for rid, per_player in nests.items():
            state.nests[ROOKERY_IDS.index(rid)] = list(per_player)
    if threats is not None:
        for rid, codes in threats.items():
            state.threats_at[ROOKERY_IDS.index(rid)] = [THREAT_INDEX[c] for c in codes]
    if frozen is not None:
        state.frozen = list(frozen)
    state._legal = None


def play(state: WaddleWaddleState, *texts: str) -> None:
    """Apply actions written in their notation."""
    for text in texts:
        state.apply(parse_action(text))


def legal(state: WaddleWaddleState, kind: str | None = None) -> list[str]:
    """The legal actions in notation (only those of ``kind``, if given)."""
    return [str(a) for a in state.legal_actions() if kind is None or a.kind == kind]


def rookery(rid: str) -> int:
    return ROOKERY_IDS.index(rid)


def random_game(players: int, seed: int, **options) -> WaddleWaddleState:
    """A whole game of uniformly random legal actions."""
    state = game(players, seed, **options)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return state


def state_key(state: WaddleWaddleState) -> tuple:
    """Everything a state holds, as plain values: equal keys, equal states."""
    return (
        state.decks,
        state.events,
        tuple(getattr(state, f) for f in state._SCALARS),
        tuple(tuple(getattr(state, f)) for f in state._LISTS),
        tuple(tuple(map(tuple, getattr(state, f))) for f in state._LISTS2),
    )


def play_until(state: WaddleWaddleState, done, seed: int = 0, limit: int = 5000) -> None:
    """Random legal actions until ``done(state)`` (or the game ends)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done(state) or state.is_over():
            return
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the position never came")


__all__ = [
    "Action",
    "arrange",
    "game",
    "legal",
    "play",
    "play_until",
    "random_game",
    "rookery",
    "state_key",
]
