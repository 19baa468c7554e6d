"""The fuzz tests' inputs, counted and timed: how many cases each reader got, how many
ended in an exception that is not the reader's own error (a traceback on a page), and the
worst time per input size.

    nice -n 10 python scripts/fuzz_report.py [--games waddle htmf] [--families stretch]

It runs the same seeded inputs as ``tests/test_fuzz_readers.py`` (the same mutators, the
same counts), each under a time limit (``--limit`` seconds: an input that takes longer
is stopped and counted as a hang) and a memory limit (``--memory`` GB for the whole run:
an input that exhausts it is counted as a ``MemoryError``), so that code from before a fix
can be measured too. Prints one table; figures are processor seconds.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import signal
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import test_fuzz_readers as fuzz
from waddle.app.saves import MemoryStorage, SaveError, SaveStore, import_file
from waddle.app.session import Session
from waddle.core.links import LinkError
from waddle.core.records import RecordError
from waddle.core.study import Study, StudyError
from waddle.games import GAMES

SIZES = ((1_000, "<1 KB"), (10_000, "<10 KB"), (100_000, "<100 KB"), (1_000_000, "<1 MB"))
"""Input size buckets, in characters of the input's text."""


class Hang(Exception):
    """An input that ran past the time limit."""


def _alarm(_signum, _frame):
    raise Hang()


def bucket(size: int) -> str:
    for limit, name in SIZES:
        if size < limit:
            return name
    return ">=1 MB"


class Tally:
    def __init__(self, limit: float) -> None:
        self.limit = limit
        self.cases: Counter = Counter()
        self.failures: Counter = Counter()
        self.hangs: Counter = Counter()
        self.worst: dict = defaultdict(float)
        self.examples: dict = {}

    def run(self, family: str, game: str, size: int, what: str, call, allowed) -> None:
        key = (family, game)
        self.cases[key] += 1
        signal.setitimer(signal.ITIMER_REAL, self.limit)
        started = time.process_time()
        try:
            call()
        except allowed:
            pass
        except Hang:
            self.hangs[key] += 1
            self.examples.setdefault(key, f"hang: {what}")
        except Exception as e:  # what the page would show as a traceback
            self.failures[key] += 1
            self.examples.setdefault(key, f"{type(e).__name__}: {str(e)[:100]} ({what})")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        spent = time.process_time() - started
        cell = (family, game, bucket(size))
        self.worst[cell] = max(self.worst[cell], spent)


def records(tally: Tally, game_id: str) -> None:
    game = GAMES.by_id(game_id).load()
    rng = random.Random(f"records:{game_id}")
    for _ in range(fuzz.RECORD_MUTANTS):
        data, what = fuzz.mutate(fuzz.base_json(game_id, rng), rng)
        for _ in range(rng.choice((0, 0, 1, 2))):
            data, more = fuzz.mutate(data, rng)
            what += f"; {more}"
        size = _size(data)
        tally.run(
            "records",
            game_id,
            size,
            what,
            lambda d=data: fuzz.read_and_share(game, d),
            (RecordError,),
        )


def texts(tally: Tally, game_id: str) -> None:
    rng = random.Random(f"texts:{game_id}")
    for _ in range(fuzz.TEXT_MUTANTS):
        text, what = fuzz.mutate_text(rng.choice(fuzz.bases(game_id)).dumps(), rng)
        tally.run(
            "texts", game_id, len(text), what, lambda t=text: fuzz.replay_result(t), (RecordError,)
        )


def links(tally: Tally, game_id: str) -> None:
    entry = GAMES.by_id(game_id)
    game = entry.load()
    rng = random.Random(f"links:{game_id}")
    made = []
    redact = getattr(game, "redact", None)
    for record in fuzz.bases(game_id):
        names = [f"P{p}" for p in range(record.players)]
        bots = [None, *[game.bot_levels[-1]] * (record.players - 1)]
        made += [game.encode_link(record), game.encode_link(record, names, bots)]
        if redact is not None:  # through one seat's eyes, as the test adds them
            made.append(game.encode_link(redact(record, record.players - 1), names))
    for _ in range(fuzz.LINK_MUTANTS):
        text, what = fuzz.mutate_link(rng.choice(made), list(entry.link_prefixes), rng)
        tally.run(
            "links", game_id, len(text), what, lambda t=text: fuzz.open_link(game, t), (LinkError,)
        )


def studies(tally: Tally, game_id: str) -> None:
    entry = GAMES.by_id(game_id)
    game = entry.load()
    rng = random.Random(f"studies:{game_id}")
    made = [game.encode_link(r, None, None, s) for r, s in fuzz.study_bases(game_id)]
    redact = getattr(game, "redact", None)
    if redact is not None:  # through the eyes of the study's seat, as the test adds them
        made += [
            game.encode_link(redact(r, 1), None, None, s) for r, s in fuzz.study_bases(game_id)
        ]
    for _ in range(fuzz.STUDY_MUTANTS):
        text, what = fuzz.mutate_link(rng.choice(made), list(entry.link_prefixes), rng)
        tally.run(
            "study links",
            game_id,
            len(text),
            what,
            lambda t=text: fuzz.open_link(game, t),
            (LinkError,),
        )
        record, study = rng.choice(fuzz.study_bases(game_id))
        data, what = fuzz.mutate({"study": study.to_json()}, rng)

        def read(data=data, record=record) -> None:
            raw = data.get("study") if isinstance(data, dict) else data
            Study.from_json(raw, game.places(record), len(record.actions), record.players)

        tally.run("studies", game_id, _size(data), what, read, (StudyError,))


def stretched(tally: Tally, game_id: str) -> None:
    """The inputs of ``test_far_places_huge_counts_and_long_lists_...``: records drawn
    when read, files, saves (the same seeds, in the same order)."""
    game = GAMES.by_id(game_id).load()
    rng = random.Random(f"stretch:{game_id}")
    for _ in range(fuzz.STRETCH_MUTANTS):
        data, what = fuzz.stretch(fuzz.base_json(game_id, rng), rng)
        if rng.random() < 0.3:
            data, more = fuzz.stretch(data, rng)
            what += f"; {more}"
        size = _size(data)
        tally.run(
            "far records",
            game_id,
            size,
            what,
            lambda d=data: fuzz.read_draw_and_share(game, d),
            (RecordError,),
        )
        text = json.dumps(data)
        tally.run("far files", game_id, size, what, lambda t=text: import_file(t), (SaveError,))

        def save(data=data) -> None:
            store = SaveStore(MemoryStorage())
            key = store.save_as("far", Session.start(game, fuzz.bases(game_id)[0]), now_ms=1)
            entry = json.loads(store.storage.get(key))
            entry["game"] = {**data, "seats": [{"name": "P"}] * 2} if type(data) is dict else data
            store.storage.set(key, json.dumps(entry))
            store.list()
            store.load(key)

        tally.run("far saves", game_id, size, what, save, (SaveError,))


def _size(data) -> int:
    try:
        return len(json.dumps(data))
    except (ValueError, RecursionError):
        return 0


FAMILIES = {
    "records": records,
    "texts": texts,
    "links": links,
    "studies": studies,
    "stretch": stretched,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=[e.id for e in GAMES])
    parser.add_argument("--families", nargs="+", default=list(FAMILIES), choices=FAMILIES)
    parser.add_argument("--limit", type=float, default=20.0, help="seconds an input may take")
    parser.add_argument("--memory", type=float, default=4.0, help="GB for the whole run")
    args = parser.parse_args()
    limit = int(args.memory * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGALRM, _alarm)
    tally = Tally(args.limit)
    for family in args.families:
        for game_id in args.games:
            FAMILIES[family](tally, game_id)
            print(f"... {family} {game_id}", file=sys.stderr, flush=True)
    buckets = [name for _, name in SIZES] + [">=1 MB"]
    print(
        f"{'inputs':<13} {'game':<14} {'cases':>5} {'errors':>6} {'hangs':>5}  worst s: "
        + " ".join(f"{b:>8}" for b in buckets)
    )
    for family, game_id in tally.cases:
        key = (family, game_id)
        worst = [tally.worst.get((family, game_id, b)) for b in buckets]
        cells = " ".join(f"{w:>8.3f}" if w is not None else f"{'-':>8}" for w in worst)
        print(
            f"{family:<13} {game_id:<14} {tally.cases[key]:>5} {tally.failures[key]:>6} "
            f"{tally.hangs[key]:>5}           {cells}"
        )
    for key, example in tally.examples.items():
        print(f"  {key[0]} {key[1]}: {example}")


if __name__ == "__main__":
    main()
