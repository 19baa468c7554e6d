"""What each Waddle Waddle hero's ability does in bot self-play, and what a hero wins without it.

    python scripts/bench_waddle_waddle_heroes.py --players 4 --games 300
    python scripts/bench_waddle_waddle_heroes.py --players 2 4 --games 600 --what-if no-katta
    nice -n 10 python scripts/bench_waddle_waddle_heroes.py > heroes.log 2>&1 &

The same games as scripts/bench_waddle_waddle_balance.py (medium bot in every seat, heroes
dealt at random from the seed, Standard games). For each hero it prints the win rate with
its 95% interval, the mean score, and per game: waddles played, nests placed, and what the
ability added to them, found by asking the engine what each waddle would have done at the
same rookery without a hero: nests (Papi's Magellanic nests away from the Argentine Sea,
Davis's extra nest, Katta's conversions), points (Dee's King nests), waddles played at a
rookery they could not have gone to otherwise (Papi, Katta), Lynch's refills and Dyan's
nest moves.

``--what-if`` changes an ability in this process only, to measure it (never a rule of the
game): ``no-papi`` (no waddle counts as topped by a Magellanic) and ``no-katta`` (no
Chinstrap converts, and a waddle goes only where its own species nest) deal the hero with
its ability switched off; ``katta-own-species`` lets a Chinstrap become only a species of
another card of its waddle (so it never changes where the waddle may go) and
``katta-one-species`` turns both converted Chinstraps into one species, two narrower
readings of the rulebook's text. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waddle.core.rng import Rng, derive_seed
from waddle.core.tournament import wilson
from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle import state as engine
from waddle.games.waddle_waddle import waddle_rules
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.ai import make_bot
from waddle.games.waddle_waddle.cards import CHINSTRAP
from waddle.games.waddle_waddle.heroes import HEROES, KATTA
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import new_record

COUNTS = ("waddles", "nests", "extra_nests", "extra_points", "off_rookery", "refills", "moves")


WHAT_IFS = ("no-papi", "no-katta", "katta-own-species", "katta-one-species")


def what_if(name: str) -> None:
    """Change an ability in this process (see the module's text)."""
    if name == "no-papi":
        waddle_rules._papi = lambda cards: False
        return
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
    plain = engine.WaddleWaddleState.compatible

    def compatible(self, player, cards, rookery):
        if self.hero[player] == KATTA:
            mask = self.species_masks[rookery]
            return any(mask >> (c // 6) & 1 for c in cards)
        return plain(self, player, cards, rookery)

    engine.WaddleWaddleState.compatible = compatible


def play(players: int, seed: int, totals: dict[int, dict[str, float]]) -> None:
    """One self-play game, as the balance benchmark deals it, counted into ``totals``."""
    state = new_record(players, seed, Options.standard(players)).start()
    heroes = list(range(len(HEROES)))
    Rng(derive_seed(seed, 0x4845524F)).shuffle(heroes)
    bots = [make_bot("medium", seed=derive_seed(seed, p)) for p in range(players)]
    while not state.is_over():
        if state.phase == "hero":
            state.apply(Action(K.HERO, heroes[state.to_move()]))
            continue
        action = bots[state.to_move()].choose(state)
        p = state.cur
        t = totals[state.hero[p]]
        if action.kind == K.PLAY:
            cards, r = state.pending, action.a
            _placed, nests, pts = state.waddle_outcome(p, cards, r)
            plain = state.clone()
            plain.hero[p] = -1
            _placed, plain_nests, plain_pts = plain.waddle_outcome(p, cards, r)
            t["waddles"] += 1
            t["nests"] += nests
            t["extra_nests"] += nests - plain_nests
            t["extra_points"] += pts - plain_pts
            t["off_rookery"] += not plain.compatible(p, cards, r)
        elif state.phase == "lynch":
            t["refills"] += 1
        elif state.phase == "dyan" and action.kind == K.MOVE:
            t["moves"] += 1
        state.apply(action)
    winners = state.winners()
    for p in range(players):
        t = totals[state.hero[p]]
        t["games"] += 1
        t["score"] += state.scores()[p]
        t["wins"] += 1 / len(winners) if p in winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="first setup seed")
    parser.add_argument("--what-if", choices=WHAT_IFS, help="change an ability, to measure it")
    args = parser.parse_args()
    if args.what_if:
        what_if(args.what_if)
        print(f"what-if: {args.what_if}")
    for players in args.players:
        cpu = time.process_time()
        totals = {
            h: dict.fromkeys(("games", "wins", "score", *COUNTS), 0.0) for h in range(len(HEROES))
        }
        for seed in range(args.seed, args.seed + args.games):
            play(players, seed, totals)
        print(
            f"\n{players} players, {args.games} games ({time.process_time() - cpu:.0f} s "
            f"processor), fair share {100 / players:.1f}%; per game:"
        )
        print(
            "  hero    games  win %  95% CI          score  waddles  nests  +nests  +points"
            "  off-rookery  refills  moves"
        )
        for h, t in totals.items():
            g = t["games"] or 1
            low, high = wilson(t["wins"], int(t["games"]))
            per = [t[k] / g for k in COUNTS]
            print(
                f"  {HEROES[h].code:<6} {int(t['games']):6d}  {100 * t['wins'] / g:5.1f}  "
                f"[{100 * low:4.1f}, {100 * high:4.1f}]  {t['score'] / g:6.1f}  "
                f"{per[0]:7.2f}  {per[1]:5.2f}  {per[2]:6.2f}  {per[3]:7.2f}  "
                f"{per[4]:11.2f}  {per[5]:7.2f}  {per[6]:5.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
