"""The reference side of ``python -m waddle bench replay``: the replay output of each
record format the tests have a plain reference engine for, worked out by that engine, and
what it means for the project's output to agree with it.

- Waddle: the model of tests/helpers.py (``ReferenceGame``), the breakdown and pools worked
  out from its dictionaries;
- Hey, That's My Fish!: tests/htmf_reference.py.

Test code, not shipped: the benchmark finds this module in a checkout's tests/ (see
waddle/bench/replay.py) and without it times the project's path alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import htmf_reference
from helpers import ReferenceGame, around, reference_waddle_vp

from waddle.games.waddle import Action as WaddleAction
from waddle.games.waddle import HexSpec


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


REFERENCES: dict[str, Callable[[dict], dict]] = {
    "waddle-record/1": reference_waddle,
    "htmf-record/1": htmf_reference.replay,
}
"""The plain reference replay of each record format that has one."""


def _pool_key(pool: dict) -> str:
    """A pool's output with its hexes in a fixed order (each engine lists them its way)."""
    return json.dumps(dict(pool, hexes=sorted(pool["hexes"])))


def agree(ours: dict[str, Any], theirs: dict[str, Any]) -> bool:
    """Whether the project's replay output and the reference's say the same: who scored
    what and who won, and for Waddle the breakdown and the pools (in any order)."""
    if ours["scores"] != theirs["scores"] or ours["winners"] != theirs["winners"]:
        return False
    if "breakdown" in ours:
        return ours["breakdown"] == theirs["breakdown"] and sorted(
            map(_pool_key, ours["pools"])
        ) == sorted(map(_pool_key, theirs["pools"]))
    return True
