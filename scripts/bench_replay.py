"""Benchmark ``python -m waddle replay --jsonl``: records per second for both games, the
project's engines against plain reference engines, in one run.

    python scripts/bench_replay.py                 # 400 records, 7 rounds
    python scripts/bench_replay.py --records 1000 --rounds 9 --keep games.jsonl

It builds a JSONL file of complete random games of Waddle and of Hey, That's My Fish!,
mixed line by line, each board played once per seat rotation (``players`` times) as in
a tournament's file, then replays every line the way the command does:

- project: ``json.loads``, the registry entry by ``"format"``, ``GAME.record_from_json``,
  ``replay()``, ``GAME.summary``, ``json.dumps``;
- reference: ``json.loads``, then the plain reference engine of the game
  (tests/helpers.py's ``ReferenceGame`` for Waddle, tests/htmf_reference.py for HTMF),
  which reads the record, plays every action checking it and works out the same output
  (for Waddle with the breakdown and pools), then ``json.dumps``.

Each round starts with the engines' board caches empty, so a board is built once per
round, on its first record. It prints the median records per second of each path, per
game and for the mixed file, and their ratios. A benchmark, not a test: the machine may
be busy, so it times processor time and the two paths take turns every ``BATCH``
records within each round.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import htmf_reference  # noqa: E402
from helpers import ReferenceGame, around, reference_waddle_vp  # noqa: E402

from waddle.core.rng import Rng  # noqa: E402
from waddle.games import GAMES  # noqa: E402
from waddle.games.htmf import board as htmf_board  # noqa: E402
from waddle.games.htmf import record as htmf_record  # noqa: E402
from waddle.games.waddle import Action as WaddleAction  # noqa: E402
from waddle.games.waddle import HexSpec  # noqa: E402
from waddle.games.waddle import record as waddle_record  # noqa: E402


def build_lines(records: int, seed: int = 1) -> list[str]:
    """Complete random games of both games, alternating, on boards shared as in a
    tournament: each board is played once per seat rotation, so ``players`` times."""
    lines = []
    rng = Rng(seed)
    games = [(GAMES.by_id("waddle").load(), (2, 3, 4, 5)), (GAMES.by_id("htmf").load(), (2, 3, 4))]
    for k in range(records):
        game, counts = games[k % 2]
        players = counts[(k // 2) % len(counts)]
        board_seed = 1000 + (k // 2 // len(counts)) // players
        record = game.new_record(players, board_seed)
        state = record.start()
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
        lines.append(record.with_actions(state.history).dumps())
    return lines


def project(line: str) -> str:
    data = json.loads(line)
    game = GAMES.by_format(data.get("format")).load()
    state = game.record_from_json(data).replay()
    return json.dumps(game.summary(state), separators=(",", ":"))


def reference_waddle(data: dict) -> dict:
    """The replay output of waddle-record.md, plainly: the model of tests/helpers.py, and
    the breakdown and pools worked out from its dictionaries."""
    specs = [HexSpec.from_json(h) for h in data["map"]]
    players = data["players"]
    model = ReferenceGame(specs, players, data["order"])
    for raw in data["actions"]:
        model.apply(WaddleAction.from_json(raw))
    if not model.over():
        number = {s.hex: s.number for s in specs}[model.active]
        legal = sorted((a.to_json() for a in model.legal()), key=json.dumps)
        return {"over": False, "to_move": model.to_move(), "active": number, "legal": legal}
    sizes = [sorted((n for p, n in model.waddles() if p == q), reverse=True)
             for q in range(players)]  # fmt: skip
    waddle_vp = [sum(reference_waddle_vp(n, players) for n in sizes[q]) for q in range(players)]
    pool_vp = [0] * players
    pools = []
    numbers = {s.hex: s.number for s in specs}
    for pool in model.pools():
        shore = {n for w in pool for n in around(w) if model.kind.get(n) == "ice"}
        counts = [0] * players
        for h in shore:
            if h in model.penguins:
                owner, size = model.penguins[h]
                counts[owner] += size
        fish = sorted((f for w in pool for f in model.fish[w]), reverse=True)
        awards = plain_awards(counts, fish, players)
        for q in range(players):
            pool_vp[q] += sum(awards[q])
        marks = [numbers[w] for w in pool if numbers[w] is not None]
        pools.append({"number": min(marks) if marks else None, "hexes": [list(w) for w in pool],
                      "fish": fish, "counts": counts, "awards": awards})  # fmt: skip
    totals = [waddle_vp[q] + pool_vp[q] for q in range(players)]
    return {
        "over": True,
        "scores": totals,
        "winners": [q for q in range(players) if totals[q] == max(totals)],
        "breakdown": [
            {
                "total": totals[q],
                "waddles": sizes[q],
                "waddle_vp": waddle_vp[q],
                "pool_vp": pool_vp[q],
            }
            for q in range(players)
        ],
        "pools": pools,
    }


def plain_awards(counts: list[int], fish: list[int], players: int) -> list[list[int]]:
    """The fish each player wins from a pool, from the rulebook (see tests/helpers.py)."""
    if players == 2:
        top = max(counts)
        return [list(fish) if c and c == top else [] for c in counts]
    awards: list[list[int]] = [[] for _ in counts]
    left = list(fish)
    for level in sorted({c for c in counts if c}, reverse=True):
        if not left:
            break
        best = left.pop(0)
        for q, c in enumerate(counts):
            if c == level:
                awards[q] = [best]
    return awards


def reference(line: str) -> str:
    data = json.loads(line)
    if data["format"] == "htmf-record/1":
        out = htmf_reference.replay(data)
    else:
        out = reference_waddle(data)
    return json.dumps(out, separators=(",", ":"))


def _pool_key(pool: dict) -> str:
    """A pool's output with its hexes in a fixed order (each engine lists them its way)."""
    return json.dumps(dict(pool, hexes=sorted(pool["hexes"])))


def clear_caches() -> None:
    """Empty the engines' board caches, as in a fresh process: a round builds each board
    (and each shape of HTMF board) once."""
    waddle_record._SETUPS.clear()
    htmf_record._BOARDS.clear()
    htmf_board._SHAPES.clear()


BATCH = 50
"""Records per turn of each path within a round. The paths take turns in batches, so a
change in the machine's load (it is shared) hits both alike; much smaller batches would
let the reference engine's work evict the project's caches of the processor between
records (batches of 10 cost the project about 8%), which a real replay never suffers."""


def timed_round(lines: list[str]) -> tuple[float, float]:
    """Records per second of processor time of the project and of the reference over
    ``lines``, in one round that starts with empty board caches."""
    clear_caches()
    ours = theirs = 0.0
    clock = time.process_time
    for at in range(0, len(lines), BATCH):
        batch = lines[at : at + BATCH]
        start = clock()
        for line in batch:
            project(line)
        middle = clock()
        for line in batch:
            reference(line)
        ours += middle - start
        theirs += clock() - middle
    return len(lines) / ours, len(lines) / theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=400, help="records in the file")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds per path")
    parser.add_argument("--keep", help="also write the JSONL file here")
    args = parser.parse_args()

    lines = build_lines(args.records)
    if args.keep:
        Path(args.keep).write_text("\n".join(lines) + "\n")
    sets = {
        "waddle": [x for x in lines if '"waddle-record/1"' in x],
        "htmf": [x for x in lines if '"htmf-record/1"' in x],
        "mixed": lines,
    }
    for subset in sets.values():  # both paths agree on who won every game
        for line in subset[:60]:
            ours, theirs = json.loads(project(line)), json.loads(reference(line))
            assert ours["scores"] == theirs["scores"] and ours["winners"] == theirs["winners"]
            if "breakdown" in ours:
                assert ours["breakdown"] == theirs["breakdown"]
                assert sorted(map(_pool_key, ours["pools"])) == sorted(
                    map(_pool_key, theirs["pools"])
                )
    boards = len({json.dumps(json.loads(x).get("map") or json.loads(x)["board"]) for x in lines})
    size = sum(map(len, lines)) / len(lines)
    print(
        f"replay --jsonl: {len(lines)} complete random games ({len(sets['waddle'])} Waddle, "
        f"{len(sets['htmf'])} HTMF) on {boards} boards, {size:.0f} bytes per record, "
        f"{args.rounds} rounds, processor time"
    )
    print(f"{'file':>7} {'project rec/s':>14} {'reference rec/s':>16} {'ratio':>6}")
    for name, subset in sets.items():
        ours, theirs = [], []
        for _ in range(args.rounds):
            a, b = timed_round(subset)
            ours.append(a)
            theirs.append(b)
        a, b = statistics.median(ours), statistics.median(theirs)
        ratios = sorted(x / y for x, y in zip(ours, theirs, strict=True))
        print(
            f"{name:>7} {a:>14.0f} {b:>16.0f} {a / b:>6.2f}"
            f"   (ratio per round {ratios[0]:.2f} .. {ratios[-1]:.2f})"
        )


if __name__ == "__main__":
    main()
