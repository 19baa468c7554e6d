"""A fingerprint of what every registered game does, to check that a refactoring changed
nothing a player, a link, a save or a figure would notice.

For every game of the registry and every player count it plays seeded random games, taking
actions back and playing them again and cloning on the way, and hashes: the records (their
JSON text), the share links (with names, computer seats and a study-free link), the places,
every seat's view (and the spectator's and the all-seeing view) at sampled positions, the
legal actions and what the replay summary says, and the choice of each computer level at a
few positions. Then a tiny run of ``bench bots`` and ``bench balance`` (results lines
without their timings). It prints one hash per game and player count, and one for all.

    .venv/bin/python scripts/fingerprint_games.py > before.txt
    ... refactor ...
    .venv/bin/python scripts/fingerprint_games.py | diff before.txt -

A check, not a benchmark: it prints hashes, the same on every machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import hashlib
import io
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from waddle.core.game import CHANCE, OMNISCIENT, SPECTATOR
from waddle.core.rng import Rng
from waddle.games import GAMES


def canonical(value: Any, depth: int = 0) -> Any:
    """``value`` as plain JSON-able data: dataclasses, objects' public attributes, enums,
    sets in a fixed order (private attributes are caches and are left out)."""
    if depth > 40:
        return "<deep>"
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, (list, tuple)):
        return [canonical(v, depth + 1) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((canonical(v, depth + 1) for v in value), key=repr)
    if isinstance(value, dict):
        return sorted(([repr(k), canonical(v, depth + 1)] for k, v in value.items()), key=repr)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__] + [
            [f.name, canonical(getattr(value, f.name), depth + 1)]
            for f in dataclasses.fields(value)
            if not f.name.startswith("_")
        ]
    names: list[str] = []
    if hasattr(value, "__dict__"):
        names += list(vars(value))
    for klass in type(value).__mro__:
        names += [s for s in getattr(klass, "__slots__", ()) if isinstance(s, str)]
    if names:
        out = [type(value).__name__]
        for name in sorted(set(names)):
            if name.startswith("_") or not hasattr(value, name):
                continue
            attr = getattr(value, name)
            if callable(attr) and not hasattr(attr, "__dict__"):
                continue
            out.append([name, canonical(attr, depth + 1)])
        return out
    return repr(value)


class Digest:
    def __init__(self) -> None:
        self.h = hashlib.sha256()

    def add(self, *parts: Any) -> None:
        for part in parts:
            text = part if isinstance(part, str) else json.dumps(canonical(part), sort_keys=True)
            self.h.update(text.encode())
            self.h.update(b"\x00")

    def hex(self) -> str:
        return self.h.hexdigest()[:16]


def seats_of(players: int) -> list[int]:
    return [*range(players), SPECTATOR, OMNISCIENT]


def play_one(game: Any, players: int, seed: int, d: Digest, view_every: int) -> None:
    record = game.new_record(players, seed)
    d.add(record.dumps())
    d.add(list(game.places(record)))
    state = record.start()
    rng = Rng(seed * 7919 + players)
    redo: list[Any] = []
    steps = 0
    while not state.is_over() and steps < 2000:
        steps += 1
        mover = state.to_move()
        if state.ply % view_every == 0:
            for seat in seats_of(players):
                d.add(state.view(seat))
            d.add([str(a) for a in state.legal_actions()])
            d.add(game.summary(state))
        if redo:
            action = redo.pop()
        elif mover == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = list(state.legal_actions())
            action = legal[rng.below(len(legal))]
        d.add(str(action), json.dumps(action.to_json(), sort_keys=True))
        d.add(state.reveals(action))
        state.apply(action)
        if rng.below(10) == 0 and state.ply > 0:  # take a few back, to play them again
            for _ in range(1 + rng.below(3)):
                if state.ply == 0:
                    break
                redo.append(state.undo())
            d.add("undo", state.ply)
        if rng.below(25) == 0:
            copy = state.clone()
            d.add(copy.ply, [str(a) for a in copy.legal_actions()])
            state = copy
    d.add(state.is_over(), state.scores(), state.winners(), game.summary(state))
    for seat in seats_of(players):
        d.add(state.view(seat))
    done = record.with_actions(state.history)
    d.add(done.dumps())
    again = game.record_from_json(json.loads(done.dumps()))
    d.add(again.dumps() == done.dumps())
    names = [f"P{i}" for i in range(players)]
    levels = list(game.bot_levels)
    bots = [None] + [levels[i % len(levels)] for i in range(players - 1)]
    for link in (game.encode_link(done), game.encode_link(done, names, bots)):
        d.add(link)
        linked = game.decode_link(link)
        d.add(linked.record.dumps(), linked.names, linked.bots)
    redact = getattr(game, "redact", None)
    if redact is not None:
        for seat in range(players):
            d.add(redact(done, seat).dumps())


def bot_choices(game: Any, players: int, d: Digest) -> None:
    record = game.new_record(players, 11)
    state = record.start()
    rng = Rng(5)
    positions = []
    while not state.is_over() and len(positions) < 3:
        if state.to_move() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = list(state.legal_actions())
        if state.ply % 7 == 3 and len(legal) > 1:
            positions.append(state.clone())
        state.apply(legal[rng.below(len(legal))])
    for level in game.bot_levels:
        for i, position in enumerate(positions):
            bot = game.make_bot(level, seed=i, iterations=30)
            d.add(level, str(bot.choose(position.clone())))
    d.add(type(game.search_config(positions[0])).__name__ if positions else None)


def bench_lines(game_id: str, kind: str, args: list[str]) -> list[dict[str, Any]]:
    from waddle.cli import main

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "r.jsonl"
        out, err = io.StringIO(), io.StringIO()
        code = main(["bench", kind, "--game", game_id, *args, "--results", str(path)], out, err)
        if code != 0:
            return [{"code": code, "err": err.getvalue()}]
        lines = [json.loads(line) for line in path.read_text().splitlines()]
    timing = ("cpu", "think", "seconds_played", "wall", "elapsed", "time")
    return [{k: v for k, v in line.items() if k not in timing} for line in lines]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=3, help="random games per player count")
    parser.add_argument("--no-bench", action="store_true", help="leave out bench bots/balance")
    args = parser.parse_args(argv)
    total = Digest()
    for entry in GAMES:
        game = entry.load()
        low, high = entry.players
        for players in range(low, high + 1):
            d = Digest()
            for seed in range(args.seeds):
                play_one(game, players, seed, d, view_every=5)
            bot_choices(game, players, d)
            print(f"{entry.id:14} {players} {d.hex()}")
            total.add(d.hex())
        if not args.no_bench:
            d = Digest()
            goals = bench_lines(entry.id, "bots", ["--games", "2", "--iterations", "2"])
            d.add(goals)
            balance = bench_lines(
                entry.id, "balance", ["--players", "2", "--games", "2", "--level", "random"]
            )
            d.add(balance)
            print(f"{entry.id:14} bench {d.hex()}")
            total.add(d.hex())
    print(f"{'all':14} - {total.hex()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
