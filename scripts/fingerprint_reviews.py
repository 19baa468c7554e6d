"""A fingerprint of the game review's figures, to check that a speed-up of the searches
changed nothing the review says (scripts/fingerprint_games.py covers the bots' choices,
not the meter's figures).

For each game and player count it plays the benchmark game of scripts/bench_review_page.py
(medium bots, a fixed seed), reviews it at the game's review budget and hashes every
decision (every field, the figures as exact float hex), the loss and its name, the marked
decisions and the chart's series. It prints one hash per game and player count (with the
processor time of the review), and one for all.

    .venv/bin/python scripts/fingerprint_reviews.py > before.txt
    ... speed up ...
    .venv/bin/python scripts/fingerprint_reviews.py | diff before.txt -

The times differ from run to run; the hashes must not. A change of the meter or of the
review's rules changes them on purpose.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench_review_page import GAMES_IDS, finished  # noqa: E402

from waddle.app.review import Review  # noqa: E402

RUNS = ((2, 1), (3, 2))
"""(players, seed) of the games reviewed for each game."""


def _exact(value: object) -> object:
    """Floats as exact hex, so the hash sees their last bit; containers element-wise."""
    if isinstance(value, float):
        return float.hex(value)
    if isinstance(value, tuple | list):
        return [_exact(v) for v in value]
    return str(value)


def review_hash(game_id: str, players: int, seed: int) -> tuple[str, int, int, float]:
    session = finished(game_id, players, seed)
    started = time.process_time()
    review = Review(session.game, session.full_record(), seed=0)
    while not review.step():
        pass
    took = time.process_time() - started
    digest = hashlib.sha256()
    for decision in review.decisions:
        fields = [(f.name, _exact(getattr(decision, f.name))) for f in dataclasses.fields(decision)]
        digest.update(repr((fields, _exact(decision.loss), decision.kind)).encode())
    digest.update(repr([d.ply for d in review.marked()]).encode())
    digest.update(repr(_exact(review.series())).encode())
    return digest.hexdigest()[:16], len(review.decisions), len(review.marked()), took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES_IDS))
    args = parser.parse_args(argv)
    everything = hashlib.sha256()
    for game_id in args.games:
        for players, seed in RUNS:
            digest, decisions, marked, took = review_hash(game_id, players, seed)
            everything.update(digest.encode())
            print(
                f"{game_id:<14} {players} players seed {seed}: {digest}"
                f"  ({decisions} decisions, {marked} marked, {took:.1f} s of processor)",
                flush=True,
            )
    print(f"all            - {everything.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
