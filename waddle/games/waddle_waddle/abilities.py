"""What each Waddle Waddle hero's ability does in self-play, and what a hero wins without it:
``python -m waddle bench balance --game waddle-waddle --option heroes=on`` (and
``--option what_if=NAME``). A benchmark's tools, never a rule of the game.

:class:`AbilityCounts` watches a self-play game (the balance benchmark's, game for game)
and counts, per seat, what the ability added, found by asking the engine what each waddle
would have done at the same rookery without a hero: nests (Papi's Magellanic nests away
from the Argentine Sea, Davis's extra nest, Katta's conversions), points (Dee's King
nests), waddles played at a rookery they could not have gone to otherwise (Papi, Katta),
Lynch's refills and Dyan's nest moves.

:func:`what_if` changes an ability while a game is played, to measure it: ``no-papi`` (no
waddle counts as topped by a Magellanic) and ``no-katta`` (no Chinstrap converts, and a
waddle goes only where its own species nest) deal the hero with its ability switched off;
``katta-own-species`` lets a Chinstrap become only a species of another card of its waddle
(so it never changes where the waddle may go) and ``katta-one-species`` turns both
converted Chinstraps into one species, two narrower readings of the rulebook's text.

>>> with what_if("no-papi"):
...     waddle_rules._papi([0])
False
>>> waddle_rules._papi is _PLAIN[0]
True
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle import state as engine
from waddle.games.waddle_waddle import waddle_rules
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import CHINSTRAP

COUNTS = ("waddles", "nests", "extra_nests", "extra_points", "off_rookery", "refills", "moves")
"""What :class:`AbilityCounts` counts per seat."""
WHAT_IFS = ("no-papi", "no-katta", "katta-own-species", "katta-one-species")

_PLAIN = (waddle_rules._papi, waddle_rules._best_conversion, engine.WaddleWaddleState.compatible)
"""The engine's own functions, put back after a what-if."""


class AbilityCounts:
    """Called with each state and the action about to be applied to it (the ``watch`` of
    :func:`waddle.games.waddle_waddle.balance.play_balance_game`); :attr:`seats` holds
    the counts of :data:`COUNTS` for each seat."""

    def __init__(self, players: int) -> None:
        self.seats = [dict.fromkeys(COUNTS, 0) for _ in range(players)]

    def __call__(self, state: engine.WaddleWaddleState, action: Action) -> None:
        p = state.cur
        t = self.seats[p]
        if action.kind == K.PLAY:
            cards, r = state.pending, action.a
            _placed, nests, points = state.waddle_outcome(p, cards, r)
            plain = state.clone()
            plain.hero[p] = -1
            _placed, plain_nests, plain_points = plain.waddle_outcome(p, cards, r)
            t["waddles"] += 1
            t["nests"] += nests
            t["extra_nests"] += nests - plain_nests
            t["extra_points"] += points - plain_points
            t["off_rookery"] += not plain.compatible(p, cards, r)
        elif state.phase == "lynch":
            t["refills"] += 1
        elif state.phase == "dyan" and action.kind == K.MOVE:
            t["moves"] += 1


@contextmanager
def what_if(name: str | None) -> Iterator[None]:
    """Change an ability (see the module's text) for the time of the ``with`` block; None
    changes nothing."""
    if name is not None and name not in WHAT_IFS:
        raise ValueError(f"no what-if {name!r} (known: {', '.join(WHAT_IFS)})")
    try:
        if name == "no-papi":
            waddle_rules._papi = lambda cards: False
        elif name is not None:
            _katta(name)
        yield
    finally:
        waddle_rules._papi, waddle_rules._best_conversion, engine.WaddleWaddleState.compatible = (
            _PLAIN
        )


def _katta(name: str) -> None:
    if name == "no-katta":
        waddle_rules._best_conversion = lambda counts, mask, per: counts
    else:
        one_species = name == "katta-one-species"

        def conversion(counts: list[int], mask: int, per: int) -> list[int]:
            def nests(c: list[int]) -> int:
                return sum(c[s] // per for s in range(6) if mask >> s & 1)

            best, most = counts, nests(counts)
            chinstraps = counts[CHINSTRAP]
            targets = [s for s in range(6) if s != CHINSTRAP]
            if not one_species:
                targets = [s for s in targets if counts[s]]
            choices = [(a,) for a in targets] + [(a, b) for a in targets for b in targets]
            for choice in choices:
                if len(choice) > chinstraps or (one_species and len(set(choice)) > 1):
                    continue
                trial = list(counts)
                trial[CHINSTRAP] -= len(choice)
                for a in choice:
                    trial[a] += 1
                if nests(trial) > most:
                    best, most = trial, nests(trial)
            return best

        waddle_rules._best_conversion = conversion
        if one_species:
            return
    plain = _PLAIN[2]

    def compatible(self, player, cards, rookery):
        if self.hero[player] == engine.KATTA:
            mask = self.species_masks[rookery]
            return any(mask >> (c // 6) & 1 for c in cards)
        return plain(self, player, cards, rookery)

    engine.WaddleWaddleState.compatible = compatible
