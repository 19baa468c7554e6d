"""Waddle's board editor (:class:`waddle.ui.editor.BoardEditor`): a map from the project's
tiles (place, turn, remove) or hex by hex (ice, water with its number and fish).

A draft may be any map, even one ``check-map`` rejects (no numbered water yet, a number
used twice): the app shows those errors beside the board until they are fixed. The file
it writes is a ``"map"`` list as in a record, plus the tiles that laid it (``"tiles"``,
which ``check-map`` ignores) so that a map read back keeps its tiles.

>>> editor = MapEditor()
>>> draft, ui = editor.empty(), editor.new_ui()
>>> editor.on_hex(draft, ui, "0,0")
'Tile 1 placed with its numbered water on 0,0.'
>>> sorted(draft.hexes), ui.tile
([(0, 0), (0, 1), (1, -1), (1, 0)], 2)
>>> editor.on_tool(draft, ui, "rotate", None); editor.on_hex(draft, ui, "1,0")
'Tile 1 turned a sixth of a turn.'
>>> sorted(draft.hexes)
[(-1, 1), (0, 0), (0, 1), (1, 0)]
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from typing import Any

from waddle.core import hexgrid, jsontext
from waddle.core.hexgrid import Hex
from waddle.core.records import BoardError
from waddle.games.waddle.board import ICE, WATER, HexSpec, MapError, parse_map
from waddle.games.waddle.mapgen import (
    TILESET_FILES,
    Tile,
    TileSet,
    default_tileset,
    tileset_named,
)
from waddle.ui.editor import open_places, place_attrs, pressed
from waddle.ui.markup import HEX_SIZE, BoardSvg, pt, view_box

TOOLS = ("tile", "rotate", "remove", "ice", "water", "erase")
_TOOL_LABELS = {
    "tile": "Place a tile",
    "rotate": "Turn a tile",
    "remove": "Remove a tile",
    "ice": "Ice",
    "water": "Water",
    "erase": "Erase a hex",
}
_EMPTY_AREA = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]
"""Where an empty map offers to add: a hexagon of radius 3 around 0,0."""


@dataclass
class PlacedTile:
    """A tile laid on the map: its numbered water hex at ``at``, turned ``rotation``
    sixths of a turn; ``cells`` are its hexes still on the map."""

    number: int
    at: Hex
    rotation: int
    cells: list[Hex]


@dataclass
class MapDraft:
    hexes: dict[Hex, HexSpec] = field(default_factory=dict)
    tiles: dict[int, PlacedTile] = field(default_factory=dict)

    def tile_at(self, h: Hex) -> PlacedTile | None:
        for tile in self.tiles.values():
            if h in tile.cells:
                return tile
        return None

    def forget(self, h: Hex) -> None:
        """Take ``h`` off the map (and out of the tile that laid it)."""
        self.hexes.pop(h, None)
        tile = self.tile_at(h)
        if tile is not None:
            tile.cells.remove(h)
            if not tile.cells:
                del self.tiles[tile.number]


@dataclass
class MapTools:
    tool: str = "tile"
    tile: int = 1
    """The tile the next "Place a tile" lays."""
    rotation: int = 0
    number: str = ""
    """The number new water gets ("": none)."""
    fish: str = "3"
    """The fish of new water, their values apart: "3 1"."""


def _key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def _cells(tile: Tile, at: Hex, rotation: int) -> list[tuple[Hex, HexSpec]]:
    out = []
    for spec in tile.hexes:
        q, r = hexgrid.add(hexgrid.rotate(spec.hex, rotation), at)
        out.append(((q, r), HexSpec(q, r, spec.kind, spec.number, spec.fish)))
    return out


class MapEditor:
    noun = "map"
    help = (
        "Choose a tool, then click a hex: a tile goes with its numbered water on the hex you "
        "click; water takes the number and fish typed here."
    )

    # -- drafts -------------------------------------------------------------------------

    def empty(self) -> MapDraft:
        return MapDraft()

    def from_record(self, record: Any) -> MapDraft:
        draft = MapDraft({s.hex: s for s in record.map})
        _recover_tiles(draft, _tileset_of(record))
        return draft

    def from_text(self, text: str) -> tuple[MapDraft, list[str]]:
        try:
            data = jsontext.loads(text)
        except jsontext.JSONTextError as e:
            raise BoardError([e.about("the map")]) from None
        tiles_data = None
        if isinstance(data, dict):
            if "map" not in data:
                raise BoardError(['expected a list of hexes or an object with a "map" list'])
            tiles_data = data.get("tiles")
            data = data["map"]
        try:
            specs = parse_map(data)
        except MapError as e:
            raise BoardError(e.problems) from None
        draft = MapDraft()
        notes = []
        for s in specs:
            if s.hex in draft.hexes:
                notes.append(f"hex {_key(s.hex)} was listed twice: the last one is kept")
            draft.hexes[s.hex] = s
        if not _read_tiles(draft, tiles_data):
            _recover_tiles(draft)
        return draft, notes

    def to_text(self, draft: MapDraft) -> str:
        hexes = sorted(draft.hexes.values(), key=lambda s: (s.r, s.q))
        tiles = [
            {
                "number": t.number,
                "at": list(t.at),
                "rotation": t.rotation,
                "hexes": [list(h) for h in sorted(t.cells, key=lambda h: (h[1], h[0]))],
            }
            for t in sorted(draft.tiles.values(), key=lambda t: t.number)
        ]
        lines = ",\n  ".join(json.dumps(s.to_json()) for s in hexes)
        return (
            '{"game": "waddle",\n "map": [\n  ' + lines + "\n ],\n"
            f' "tiles": {json.dumps(tiles)}}}\n'
        )

    # -- tools --------------------------------------------------------------------------

    def new_ui(self) -> MapTools:
        return MapTools()

    def tools_html(self, draft: MapDraft, ui: MapTools) -> str:
        def tool(name: str) -> str:
            return (
                f'<button type="button" data-edit-tool="{name}" '
                f'aria-pressed="{pressed(ui.tool == name)}">{_TOOL_LABELS[name]}</button>'
            )

        options = []
        for t in default_tileset().tiles:
            laid = t.number in draft.tiles
            options.append(
                f'<option value="{t.number}"{" selected" if t.number == ui.tile else ""}'
                f"{' disabled' if laid else ''}>Tile {t.number}: {len(t.hexes)} hexes"
                f"{', on the map' if laid else ''}</option>"
            )
        turns = "".join(
            f'<option value="{k}"{" selected" if k == ui.rotation else ""}>{60 * k}°</option>'
            for k in range(6)
        )
        return (
            '<fieldset class="edit-group"><legend>Tiles</legend>'
            f"{tool('tile')}"
            f'<label>Tile <select data-edit-field="tile">{"".join(options)}</select></label>'
            f'<label>Turned <select data-edit-field="rotation">{turns}</select></label>'
            f"{tool('rotate')}{tool('remove')}</fieldset>"
            '<fieldset class="edit-group"><legend>Hex by hex</legend>'
            f"{tool('ice')}{tool('water')}"
            '<label>Number <input data-edit-field="number" inputmode="numeric" size="3" '
            f'maxlength="3" value="{escape(ui.number)}" aria-describedby="edit-water-help">'
            "</label>"
            '<label>Fish <input data-edit-field="fish" size="8" maxlength="30" '
            f'value="{escape(ui.fish)}" aria-describedby="edit-water-help"></label>'
            f"{tool('erase')}"
            '<p class="hint" id="edit-water-help">New water gets this number (empty: none) '
            "and these fish (their values, like 3 1).</p></fieldset>"
        )

    def on_tool(self, draft: MapDraft, ui: MapTools, name: str, value: str | None) -> str | None:
        if value is None:
            if name in TOOLS:
                ui.tool = name
            return None
        # isascii too: isdigit() alone takes "²" (which int() refuses) and "٣" (which it reads)
        if name == "tile" and value.isascii() and value.isdigit():
            ui.tile, ui.tool = int(value), "tile"
        elif name == "rotation" and value.isascii() and value.isdigit():
            ui.rotation, ui.tool = int(value) % 6, "tile"
        elif name == "number":
            ui.number, ui.tool = value.strip()[:3], "water"
        elif name == "fish":
            ui.fish, ui.tool = value.strip()[:30], "water"
        return None

    def on_hex(self, draft: MapDraft, ui: MapTools, place: str) -> str | None:
        q, r = (int(v) for v in place.split(","))
        h = (q, r)
        if ui.tool == "tile":
            return self._place_tile(draft, ui, h)
        if ui.tool in ("rotate", "remove"):
            tile = draft.tile_at(h)
            if tile is None:
                return f"No tile lies on {place}: use Erase for single hexes."
            if ui.tool == "remove":
                for cell in list(tile.cells):
                    draft.hexes.pop(cell, None)
                del draft.tiles[tile.number]
                return f"Tile {tile.number} removed."
            return _turn(draft, tile)
        if ui.tool == "erase":
            if h not in draft.hexes:
                return None
            draft.forget(h)
            return f"Hex {place} erased."
        if ui.tool == "ice":
            draft.hexes[h] = HexSpec(q, r, ICE)
            return f"Ice on {place}."
        return self._water(draft, ui, h)

    def _place_tile(self, draft: MapDraft, ui: MapTools, at: Hex) -> str:
        tiles = {t.number: t for t in default_tileset().tiles}
        tile = tiles.get(ui.tile)
        if tile is None:
            return "Choose a tile first."
        if tile.number in draft.tiles:
            return f"Tile {tile.number} is on the map already: choose another one."
        cells = _cells(tile, at, ui.rotation)
        taken = [h for h, _ in cells if h in draft.hexes]
        if taken:
            where = ", ".join(_key(h) for h in taken)
            return f"Tile {tile.number} does not fit there: {where} taken."
        for h, spec in cells:
            draft.hexes[h] = spec
        draft.tiles[tile.number] = PlacedTile(
            tile.number, at, ui.rotation, _in_order(h for h, _ in cells)
        )
        free = [t.number for t in default_tileset().tiles if t.number not in draft.tiles]
        ui.tile = next((n for n in free if n > tile.number), free[0] if free else tile.number)
        return f"Tile {tile.number} placed with its numbered water on {_key(at)}."

    def _water(self, draft: MapDraft, ui: MapTools, h: Hex) -> str:
        number_text = ui.number.strip()
        try:
            number = int(number_text) if number_text else None
        except ValueError:
            return "A water hex's number is a whole number (or nothing)."
        try:
            fish = tuple(int(v) for v in ui.fish.replace(",", " ").split())
        except ValueError:
            return "Fish are whole numbers apart, like 3 1."
        if any(f < 0 or f > 99 for f in fish) or len(fish) > 10:
            return "Fish are up to ten whole numbers from 0 to 99."
        draft.hexes[h] = HexSpec(h[0], h[1], WATER, number, fish)
        if number is not None:
            ui.number = ""  # one numbered hex per pool, usually: the next water has none
        said = f" number {number}," if number is not None else ""
        return f"Water on {_key(h)},{said} fish {' '.join(map(str, fish)) or 'none'}."

    # -- drawing ------------------------------------------------------------------------

    def render(self, draft: MapDraft, ui: MapTools) -> BoardSvg:
        size = HEX_SIZE
        cells = set(draft.hexes)
        empty = open_places(cells, _EMPTY_AREA)
        tile_of = {h: t.number for t in draft.tiles.values() for h in t.cells}
        drawn: list[tuple[Hex, str]] = []
        for h in empty:
            ring = " ".join(pt(x, y) for x, y in hexgrid.corners(h, size))
            drawn.append(
                (
                    h,
                    f'<g class="hex open" {place_attrs(h, "empty", f"empty place {_key(h)}")}>'
                    f'<polygon class="hex-shape" points="{ring}"/></g>',
                )
            )
        labels: list[str] = []
        for h, spec in draft.hexes.items():
            cx, cy = hexgrid.to_pixel(h, size)
            ring = " ".join(pt(x, y) for x, y in hexgrid.corners(h, size))
            label = f"{spec.kind} hex {_key(h)}"
            extra = ""
            if spec.number is not None:
                labels.append(
                    f'<text x="{cx:.1f}" y="{cy - 2:.1f}" class="number" '
                    f'text-anchor="middle">{spec.number}</text>'
                )
                label += f", number {spec.number}"
                extra += f' data-number="{spec.number}"'
            if spec.kind == WATER:
                shown = " ".join(map(str, spec.fish))
                labels.append(
                    f'<text x="{cx:.1f}" y="{cy + 14:.1f}" class="fish" '
                    f'text-anchor="middle">{shown}</text>'
                )
                label += f", fish {shown or 'none'}"
            if h in tile_of:
                label += f", tile {tile_of[h]}"
                extra += f' data-tile="{tile_of[h]}"'
            attrs = place_attrs(h, spec.kind, label, extra)
            drawn.append(
                (
                    h,
                    f'<g class="hex {spec.kind}" {attrs}>'
                    f'<polygon class="hex-shape" points="{ring}"/></g>',
                )
            )
        # In reading order, open places among the map's: Tab and the arrows go row by row.
        parts = [markup for _, markup in sorted(drawn, key=lambda item: (item[0][1], item[0][0]))]
        parts.append(_tile_edges(draft, size))
        # Numbers and fish over the places, outside them: a place's name says them, and its
        # button holds no text that its name would have to repeat (WCAG 2.5.3).
        parts.append(f'<g class="edit-labels" aria-hidden="true">{"".join(labels)}</g>')
        return BoardSvg("".join(parts), view_box(sorted(cells | empty), size), math.sqrt(3) * size)


def _tile_edges(draft: MapDraft, size: float) -> str:
    """Each tile's outline, so the tiles of a map can be told apart."""
    d = []
    for tile in draft.tiles.values():
        members = set(tile.cells)
        for h in tile.cells:
            corners = hexgrid.corners(h, size)
            for k, direction in enumerate(hexgrid.EDGE_DIRECTIONS):
                if hexgrid.add(h, direction) not in members:
                    (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % 6]
                    d.append(f"M{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}")
    return f'<path class="tile-edge" d="{"".join(d)}"/>' if d else ""


def _turn(draft: MapDraft, tile: PlacedTile) -> str:
    """Turn a tile a sixth of a turn about its numbered water hex, if the map has room."""
    moved = {}
    for h in tile.cells:
        offset = hexgrid.subtract(h, tile.at)
        q, r = hexgrid.add(hexgrid.rotate(offset, 1), tile.at)
        moved[h] = (q, r)
    blocked = [t for t in moved.values() if t in draft.hexes and t not in tile.cells]
    if blocked:
        where = ", ".join(_key(h) for h in blocked)
        return f"Tile {tile.number} cannot turn there: {where} taken."
    specs = {h: draft.hexes[h] for h in tile.cells}
    for h in tile.cells:
        del draft.hexes[h]
    for h, (q, r) in moved.items():
        s = specs[h]
        draft.hexes[(q, r)] = HexSpec(q, r, s.kind, s.number, s.fish)
    tile.cells = _in_order(moved.values())
    tile.rotation = (tile.rotation + 1) % 6
    return f"Tile {tile.number} turned a sixth of a turn."


def _read_tiles(draft: MapDraft, data: Any) -> bool:
    """The ``"tiles"`` of a file this editor wrote; False if there are none or they do not
    fit the map (then they are worked out from the map, as for any map)."""
    if type(data) is not list:
        return False
    tiles: dict[int, PlacedTile] = {}
    for item in data:
        try:
            number, at, rotation = item["number"], tuple(item["at"]), item["rotation"]
            cells = [tuple(c) for c in item["hexes"]]
        except (KeyError, TypeError):
            return False
        if not all(type(v) is int for v in (number, rotation, *at, *(v for c in cells for v in c))):
            return False
        if len(at) != 2 or number in tiles or any(c not in draft.hexes for c in cells):
            return False
        tiles[number] = PlacedTile(number, (at[0], at[1]), rotation % 6, _in_order(cells))
    draft.tiles = tiles
    return True


def _tileset_of(record: Any) -> TileSet:
    """The tile set a record's map was generated from, if this version has it; else the
    current one (whose tiles a custom map was most likely laid with)."""
    generated = getattr(record, "generated", None)
    if generated is not None and generated.tileset in TILESET_FILES:
        return tileset_named(generated.tileset)
    return default_tileset()


def _recover_tiles(draft: MapDraft, tileset: TileSet | None = None) -> None:
    """Find the project's tiles laid as they are on a map (a generated map is nothing
    else), so that they can be turned and removed whole.

    Ice hexes are all alike, so a tile may fit several ways, some of them taking a
    neighbour's ice: a small search finds an arrangement where every tile that fits gets
    its own hexes (the most tiles, within a budget of tries; the rest stay loose hexes).
    """
    options: list[list[tuple[int, Hex, int, frozenset[Hex]]]] = []
    for tile in (tileset or default_tileset()).tiles:
        found = []
        for h, spec in draft.hexes.items():
            if spec.number != tile.number:
                continue
            for rotation in range(6):
                cells = _cells(tile, h, rotation)
                if all(draft.hexes.get(c) == s for c, s in cells):
                    found.append((tile.number, h, rotation, frozenset(c for c, _ in cells)))
        if found:
            options.append(found)
    options.sort(key=len)
    best: list[tuple[int, Hex, int, frozenset[Hex]]] = []
    chosen: list[tuple[int, Hex, int, frozenset[Hex]]] = []
    budget = [20_000]

    def search(k: int, used: frozenset[Hex]) -> bool:
        nonlocal best
        if len(chosen) > len(best):
            best = list(chosen)
        if k == len(options) or len(best) == len(options):
            return len(best) == len(options)
        if len(chosen) + len(options) - k <= len(best):
            return False  # even every tile left would not beat the best so far
        budget[0] -= 1
        if budget[0] < 0:
            return True
        for option in options[k]:
            if not option[3] & used:
                chosen.append(option)
                if search(k + 1, used | option[3]):
                    return True
                chosen.pop()
        return search(k + 1, used)  # this tile stays loose hexes

    search(0, frozenset())
    for number, at, rotation, cells in best:
        draft.tiles[number] = PlacedTile(number, at, rotation, _in_order(cells))


def _in_order(cells: Iterable[Any]) -> list[Hex]:
    """A tile's cells, row by row: one order, so equal tiles compare equal."""
    return sorted(((c[0], c[1]) for c in cells), key=lambda h: (h[1], h[0]))


EDITOR = MapEditor()
