"""The tile sets and the seeded map generator (rulebook, "Setup").

Setup takes the tiles marked for the player count and arranges them at random "in a
roughly hexagonal area with no gaps". The generator grows the map tile by tile around the
origin: each tile, in a shuffled order and a random rotation, goes where it keeps the map
most compact (closest to the centre, touching the most hexes already laid), with random
tie-breaks. An arrangement that encloses a hole is drawn again.

A tile set is a data file that names itself (``"name"``) and says how its tiles are
arranged (``"generator"``): a share link carries a generated map as that name and a seed,
so a released tile set and its generator never change; a better one is a new file with a
new name (:data:`TILESET_FILES`), and the old one stays for the links that name it.

- ``compact/1`` (the first tile set): every tile in the shuffled order.
- ``start-on-rim/1``: the start tile (the lowest number) is laid last, on the rim of the
  map, where its numbered water hex touches no ice but the tile's own, so the first round
  has only that tile's ice. Why: see the tile set's note and the Waddle balance study in
  docs/benchmarks.md.

Only :class:`waddle.core.rng.Rng` is used, so a seed gives the same map on every Python.

>>> specs = generate_map(players=4, seed=11)
>>> generate_map(players=4, seed=11) == specs
True
>>> old = tileset_named("waddle-project-tiles/1")
>>> generate_map(4, 11, old) == specs, old.generator
(False, 'compact/1')
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from waddle.core import hexgrid
from waddle.core.hexgrid import Hex
from waddle.core.rng import Rng, derive_seed
from waddle.games.waddle.board import ICE, HexSpec

TILESET_FORMATS = ("waddle-tiles/1", "waddle-tiles/2")
"""Tile set files this reader knows; ``/2`` adds ``"generator"`` (``/1`` is ``compact/1``)."""
TILESET_FILES = {
    "waddle-project-tiles/1": "tiles-1.json",
    "waddle-project-tiles/2": "tiles-2.json",
    "waddle-project-tiles/3": "tiles-3.json",
}
"""Every tile set the app can generate maps from, by name: its file next to this module."""
CURRENT_TILESET = "waddle-project-tiles/3"
"""The tile set of new games."""
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
    generator: str = "compact/1"
    """How the tiles are arranged (one of :data:`GENERATORS`)."""

    def for_players(self, players: int) -> list[Tile]:
        return [t for t in self.tiles if t.players <= players]


def load_tileset(data: Any) -> TileSet:
    """Parse a tile set file (format ``waddle-tiles/1`` or ``/2``)."""
    if not isinstance(data, dict) or data.get("format") not in TILESET_FORMATS:
        raise ValueError(
            f'a tile set must be a JSON object with "format": one of {", ".join(TILESET_FORMATS)}'
        )
    tiles = []
    for t in data["tiles"]:
        hexes = tuple(HexSpec.from_json(h, f"tile {t['number']}") for h in t["hexes"])
        tiles.append(Tile(int(t["number"]), int(t["players"]), hexes))
    generator = str(data.get("generator", "compact/1"))
    if generator not in GENERATORS:
        raise ValueError(f"unknown tile arrangement {generator!r}")
    return TileSet(str(data["name"]), tuple(tiles), generator)


@cache
def tileset_named(name: str) -> TileSet:
    """The tile set called ``name`` (a key of :data:`TILESET_FILES`); ``KeyError`` if none."""
    # A plain file next to this module (importlib.resources costs the page's start-up more)
    path = os.path.join(os.path.dirname(__file__), TILESET_FILES[name])
    with open(path, encoding="utf-8") as f:
        tileset = load_tileset(json.loads(f.read()))
    if tileset.name != name:
        raise ValueError(f"{TILESET_FILES[name]} holds {tileset.name!r}, not {name!r}")
    return tileset


def default_tileset() -> TileSet:
    """The tile set of new games (:data:`CURRENT_TILESET`)."""
    return tileset_named(CURRENT_TILESET)


def generate_map(players: int, seed: int, tileset: TileSet | None = None) -> list[HexSpec]:
    """Arrange the tiles for ``players`` into a compact map without holes."""
    tileset = tileset or default_tileset()
    tiles = tileset.for_players(players)
    if not tiles:
        raise ValueError(f"the tile set has no tiles for {players} players")
    arrange = GENERATORS[tileset.generator]
    rng = Rng(derive_seed(seed, players, _MAP_STREAM))
    for _ in range(_MAX_ATTEMPTS):
        placed = arrange(tiles, rng)
        if placed is not None and not _has_hole(placed.keys()):
            return sorted(placed.values(), key=lambda s: (s.r, s.q))
    raise RuntimeError("could not arrange the tiles without a hole")  # pragma: no cover


def _arrange(tiles: list[Tile], rng: Rng) -> dict[Hex, HexSpec]:
    """``compact/1``: every tile in a shuffled order, each where it keeps the map compact."""
    order = list(tiles)
    rng.shuffle(order)
    placed: dict[Hex, HexSpec] = {}
    for n, tile in enumerate(order):
        rotation = rng.below(6)
        shape = [(hexgrid.rotate(s.hex, rotation), s) for s in tile.hexes]
        cells = [h for h, _ in shape]
        offset = (0, 0) if n == 0 else _best_offset(cells, placed, rng)
        _lay(placed, shape, offset)
    return placed


def _arrange_start_on_rim(tiles: list[Tile], rng: Rng) -> dict[Hex, HexSpec] | None:
    """``start-on-rim/1``: the other tiles as ``compact/1`` lays them, then the start tile
    (the lowest number) on the rim, its numbered water touching no ice but its own; None
    when no place on the rim allows that (the caller draws again)."""
    start = min(tiles, key=lambda t: t.number)
    placed = _arrange([t for t in tiles if t is not start], rng)
    frontier = sorted({n for h in placed for n in hexgrid.neighbors(h) if n not in placed})
    water = next(s.hex for s in start.hexes if s.number is not None)
    best: tuple[float, list, Hex] | None = None
    for rotation in range(6):
        shape = [(hexgrid.rotate(s.hex, rotation), s) for s in start.hexes]
        turned = hexgrid.rotate(water, rotation)
        tried: set[Hex] = set()
        for f in frontier:
            for cell, _ in shape:
                offset = hexgrid.subtract(f, cell)
                if offset in tried:
                    continue
                tried.add(offset)
                cells = [hexgrid.add(c, offset) for c, _ in shape]
                if any(c in placed for c in cells):
                    continue
                w = hexgrid.add(turned, offset)
                if any(n in placed and placed[n].kind == ICE for n in hexgrid.neighbors(w)):
                    continue
                spread = sum(hexgrid.distance(c, (0, 0)) for c in cells)
                contacts = sum(1 for c in cells for n in hexgrid.neighbors(c) if n in placed)
                score = spread - 0.75 * contacts + 1.5 * rng.random()
                if best is None or score < best[0]:
                    best = (score, shape, offset)
    if best is None:
        return None  # pragma: no cover (a compact map always has room on its rim)
    _lay(placed, best[1], best[2])
    return placed


def _lay(placed: dict[Hex, HexSpec], shape: list[tuple[Hex, HexSpec]], offset: Hex) -> None:
    for h, s in shape:
        q, r = hexgrid.add(h, offset)
        placed[(q, r)] = HexSpec(q, r, s.kind, s.number, s.fish)


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


GENERATORS: dict[str, Callable[[list[Tile], Rng], dict[Hex, HexSpec] | None]] = {
    "compact/1": _arrange,
    "start-on-rim/1": _arrange_start_on_rim,
}
"""The tile arrangements a tile set may name (``"generator"``); never change one, add one."""


def ice_count(specs: list[HexSpec]) -> int:
    return sum(1 for s in specs if s.kind == ICE)
