"""A plain reference model of Hey, That's My Fish!, written from the record contract alone,
to cross-check the engine (tests) and to measure what the engine's speed buys
(python -m waddle bench replay, through tests/replay_reference.py).

It is deliberately slow and obvious: the board is a dictionary from ``(q, r)`` to fish,
penguins a dictionary from ``(q, r)`` to their player, a move is found by stepping from a
penguin one hex at a time in each of the six directions, and who can move is decided by
listing every move again. It shares nothing with the engine: not the action type, not
the board tables, not the hex helpers; actions are plain tuples
``("place", q, r)`` and ``("move", q1, r1, q2, r2)``.
"""

from __future__ import annotations

import copy
import json
from typing import Any

Hex = tuple[int, int]

STEPS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six directions, in the contract's order."""
PENGUINS_PER_PLAYER = {2: 4, 3: 3, 4: 2}

ROWS = {0: (1, 7), 1: (0, 7), 2: (0, 6), 3: (-1, 6), 4: (-1, 5), 5: (-2, 5), 6: (-2, 4), 7: (-3, 4)}
"""The contract's table of the standard board: r -> (first q, last q)."""


class ReferenceRecordError(ValueError):
    """A record the reference model cannot replay."""


class ReferenceGame:
    """The rules of the contract, plainly."""

    def __init__(self, floes: list[tuple[int, int, int]], players: int) -> None:
        self.fish: dict[Hex, int] = {(q, r): f for q, r, f in floes}
        self.players = players
        self.per_player = PENGUINS_PER_PLAYER[players]
        self.penguins: dict[Hex, int] = {}
        self.got_fish = [0] * players
        self.got_floes = [0] * players
        self.out: set[int] = set()
        self.turn: int | None = 0
        self.placed = 0

    # -- the rules --------------------------------------------------------------------

    def placing(self) -> bool:
        return self.placed < self.players * self.per_player

    def moves_of(self, player: int) -> list[tuple]:
        found = []
        for (q, r), owner in self.penguins.items():
            if owner != player:
                continue
            for dq, dr in STEPS:
                nq, nr = q + dq, r + dr
                while (nq, nr) in self.fish and (nq, nr) not in self.penguins:
                    found.append(("move", q, r, nq, nr))
                    nq, nr = nq + dq, nr + dr
        return found

    def legal(self) -> set[tuple]:
        if self.turn is None:
            return set()
        if self.placing():
            return {
                ("place", q, r)
                for (q, r), f in self.fish.items()
                if f == 1 and (q, r) not in self.penguins
            }
        return set(self.moves_of(self.turn))

    def apply(self, action: tuple) -> None:
        if action not in self.legal():
            raise ReferenceRecordError(f"illegal: {action}")
        player = self.turn
        assert player is not None
        if action[0] == "place":
            self.penguins[(action[1], action[2])] = player
            self.placed += 1
            if self.placing():
                self.turn = (player + 1) % self.players
                return
        else:
            _, q1, r1, q2, r2 = action
            del self.penguins[(q1, r1)]
            self.got_fish[player] += self.fish.pop((q1, r1))
            self.got_floes[player] += 1
            self.penguins[(q2, r2)] = player
        self.pass_turn(player)

    def pass_turn(self, player: int) -> None:
        """The next player in order who can move; those who cannot leave with their floes."""
        for k in range(1, self.players + 1):
            nxt = (player + k) % self.players
            if nxt in self.out:
                continue
            if self.moves_of(nxt):
                self.turn = nxt
                return
            self.leave(nxt)
        self.turn = None

    def leave(self, player: int) -> None:
        for h in [h for h, p in self.penguins.items() if p == player]:
            del self.penguins[h]
            self.got_fish[player] += self.fish.pop(h)
            self.got_floes[player] += 1
        self.out.add(player)

    def over(self) -> bool:
        return self.turn is None

    def scores(self) -> list[int]:
        out = list(self.got_fish)
        for h, p in self.penguins.items():
            out[p] += self.fish[h]
        return out

    def floes(self) -> list[int]:
        out = list(self.got_floes)
        for p in self.penguins.values():
            out[p] += 1
        return out

    def winners(self) -> list[int]:
        scores, floes = self.scores(), self.floes()
        best = max(scores)
        tied = [p for p in range(self.players) if scores[p] == best]
        most = max(floes[p] for p in tied)
        return [p for p in tied if floes[p] == most]

    def clone(self) -> ReferenceGame:
        return copy.deepcopy(self)

    # -- the replay command -----------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        if self.over():
            return {
                "over": True,
                "scores": self.scores(),
                "floes": self.floes(),
                "winners": self.winners(),
            }
        return {
            "over": False,
            "to_move": self.turn,
            "phase": "place" if self.placing() else "move",
            "legal": sorted((to_json(a) for a in self.legal()), key=json.dumps),
        }


def standard_hexes() -> list[Hex]:
    return [(q, r) for r in range(8) for q in range(ROWS[r][0], ROWS[r][1] + 1)]


def to_json(action: tuple) -> dict[str, Any]:
    if action[0] == "place":
        return {"place": [action[1], action[2]]}
    return {"move": [[action[1], action[2]], [action[3], action[4]]]}


def from_json(data: Any) -> tuple:
    if not isinstance(data, dict):
        raise ReferenceRecordError("an action must be an object")
    if "place" in data:
        q, r = data["place"]
        return ("place", _int(q), _int(r))
    if "move" in data:
        (q1, r1), (q2, r2) = data["move"]
        return ("move", _int(q1), _int(r1), _int(q2), _int(r2))
    raise ReferenceRecordError("unknown action")


def _int(value: Any) -> int:
    if type(value) is not int:
        raise ReferenceRecordError("not an integer")
    return value


def load(data: Any) -> tuple[ReferenceGame, list[tuple]]:
    """A record's start and actions, checked plainly (every error a ``ReferenceRecordError``)."""
    if not isinstance(data, dict) or data.get("format") != "htmf-record/1":
        raise ReferenceRecordError("not an htmf-record/1")
    players = data.get("players")
    if type(players) is not int or players not in PENGUINS_PER_PLAYER:
        raise ReferenceRecordError("bad players")
    floes = []
    for f in data["board"]:
        q, r, fish = _int(f["q"]), _int(f["r"]), _int(f["fish"])
        if fish not in (1, 2, 3):
            raise ReferenceRecordError("bad fish")
        floes.append((q, r, fish))
    if len({(q, r) for q, r, _ in floes}) != len(floes):
        raise ReferenceRecordError("a floe appears twice")
    if sum(1 for *_, f in floes if f == 1) < players * PENGUINS_PER_PLAYER[players]:
        raise ReferenceRecordError("too few 1-fish floes")
    return ReferenceGame(floes, players), [from_json(a) for a in data["actions"]]


def replay(data: Any) -> dict[str, Any]:
    """What ``replay`` prints for one parsed record, the plain way."""
    game, actions = load(data)
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except ReferenceRecordError as e:
            raise ReferenceRecordError(f"action {i}: {e}") from None
    return game.summary()
