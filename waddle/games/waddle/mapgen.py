"""The tile set and the seeded map generator (rulebook, "Setup").

Setup takes the tiles marked for the player count and arranges them at random "in a
roughly hexagonal area with no gaps". The generator grows the map tile by tile around the
origin: each tile, in a shuffled order and a random rotation, goes where it keeps the map
most compact (closest to the centre, touching the most hexes already laid), with random
tie-breaks. An arrangement that encloses a hole is drawn again.

Only :class:`waddle.core.rng.Rng` is used, so a seed gives the same map on every Python.

>>> specs = generate_map(players=4, seed=11)
>>> generate_map(players=4, seed=11) == specs
True
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from typing import Any

from waddle.core import hexgrid
from waddle.core.hexgrid import Hex
from waddle.core.rng import Rng, derive_seed
from waddle.games.waddle.board import ICE, HexSpec

TILESET_FORMAT = "waddle-tiles/1"
_MAP_STREAM = 1
_MAX_ATTEMPTS = 50


@dataclass(frozen=True)
class Tile:
    number: int
    players: int
    """Smallest player count this tile is used with."""
    hexes: tuple[HexSpec, ...]
    """Relative to the tile's numbered water hex at (0, 0)."""


@dataclass(frozen=True)
class TileSet:
    name: str
    tiles: tuple[Tile, ...]

    def for_players(self, players: int) -> list[Tile]:
        return [t for t in self.tiles if t.players <= players]


def load_tileset(data: Any) -> TileSet:
    """Parse a tile set file (format ``waddle-tiles/1``)."""
    if not isinstance(data, dict) or data.get("format") != TILESET_FORMAT:
        raise ValueError(f'a tile set must be a JSON object with "format": "{TILESET_FORMAT}"')
    tiles = []
    for t in data["tiles"]:
        hexes = tuple(HexSpec.from_json(h, f"tile {t['number']}") for h in t["hexes"])
        tiles.append(Tile(int(t["number"]), int(t["players"]), hexes))
    return TileSet(str(data["name"]), tuple(tiles))


@cache
def default_tileset() -> TileSet:
    # A plain file next to this module (importlib.resources costs the page's start-up more)
    path = os.path.join(os.path.dirname(__file__), "tiles.json")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return load_tileset(json.loads(text))


def generate_map(players: int, seed: int, tileset: TileSet | None = None) -> list[HexSpec]:
    """Arrange the tiles for ``players`` into a compact map without holes."""
    tileset = tileset or default_tileset()
    tiles = tileset.for_players(players)
    if not tiles:
        raise ValueError(f"the tile set has no tiles for {players} players")
    rng = Rng(derive_seed(seed, players, _MAP_STREAM))
    for _ in range(_MAX_ATTEMPTS):
        placed = _arrange(tiles, rng)
        if not _has_hole(placed.keys()):
            return sorted(placed.values(), key=lambda s: (s.r, s.q))
    raise RuntimeError("could not arrange the tiles without a hole")  # pragma: no cover


def _arrange(tiles: list[Tile], rng: Rng) -> dict[Hex, HexSpec]:
    order = list(tiles)
    rng.shuffle(order)
    placed: dict[Hex, HexSpec] = {}
    for n, tile in enumerate(order):
        rotation = rng.below(6)
        shape = [(hexgrid.rotate(s.hex, rotation), s) for s in tile.hexes]
        cells = [h for h, _ in shape]
        offset = (0, 0) if n == 0 else _best_offset(cells, placed, rng)
        for h, s in shape:
            q, r = hexgrid.add(h, offset)
            placed[(q, r)] = HexSpec(q, r, s.kind, s.number, s.fish)
    return placed


def _best_offset(shape: list[Hex], placed: dict[Hex, HexSpec], rng: Rng) -> Hex:
    """Where to put a tile so that it touches the map and keeps it compact and round."""
    frontier = {n for h in placed for n in hexgrid.neighbors(h) if n not in placed}
    best: tuple[float, Hex] | None = None
    tried: set[Hex] = set()
    for f in sorted(frontier):
        for cell in shape:
            offset = hexgrid.subtract(f, cell)
            if offset in tried:
                continue
            tried.add(offset)
            cells = [hexgrid.add(c, offset) for c in shape]
            if any(c in placed for c in cells):
                continue
            spread = sum(hexgrid.distance(c, (0, 0)) for c in cells)
            contacts = sum(1 for c in cells for n in hexgrid.neighbors(c) if n in placed)
            score = spread - 0.75 * contacts + 1.5 * rng.random()
            if best is None or score < best[0]:
                best = (score, offset)
    assert best is not None  # a frontier cell always admits the tile's own cell
    return best[1]


def _has_hole(cells: Any) -> bool:
    """Whether some empty hex is enclosed by the map (unreachable from outside it)."""
    cells = set(cells)
    qs = [q for q, _ in cells]
    rs = [r for _, r in cells]
    lo_q, hi_q, lo_r, hi_r = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    start = (lo_q, lo_r)
    outside = {start}
    stack = [start]
    while stack:
        for n in hexgrid.neighbors(stack.pop()):
            if (
                n not in outside
                and n not in cells
                and lo_q <= n[0] <= hi_q
                and lo_r <= n[1] <= hi_r
            ):
                outside.add(n)
                stack.append(n)
    box = (hi_q - lo_q + 1) * (hi_r - lo_r + 1)
    return len(outside) + len(cells) < box


def ice_count(specs: list[HexSpec]) -> int:
    return sum(1 for s in specs if s.kind == ICE)
