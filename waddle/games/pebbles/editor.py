"""Pebbles' layout editor (:class:`waddle.ui.editor.BoardEditor`): one's own tile setup,
as the rulebook invites after a few games. Tiles are hexes: place the numbered tiles the
player count needs (2 players 7-13, 3 players 4-13, 4 players 1-13), give each a
territory, name the territories and their values (a number, or a formula in X, the number
of players), and join two tiles apart with a pathway (two clicks).

A draft may be any layout, even one ``check-map --game pebbles`` refuses (a number
missing, a territory with no tile): the app shows the game's own messages beside it. The
file it writes is a layout as ``layouts.json`` holds them, which ``check-map`` and
``new --game pebbles --map`` read.

>>> editor = LayoutEditor()
>>> draft, ui = editor.empty(), editor.new_ui()
>>> editor.on_hex(draft, ui, "0,0"), ui.number
('Tile 13 of Ridge on 0,0.', 12)
>>> editor.on_hex(draft, ui, "3,0"), editor.on_tool(draft, ui, "pathway", None)
('Tile 12 of Ridge on 3,0.', None)
>>> editor.on_hex(draft, ui, "0,0"), editor.on_hex(draft, ui, "3,0")
('Pathway from tile 13: now click the tile it leads to.', 'Tiles 13 and 12 joined by a pathway.')
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from html import escape
from typing import Any

from waddle.core import hexgrid, jsontext
from waddle.core.hexgrid import Hex
from waddle.core.records import BoardError
from waddle.games.pebbles.cards import NUMBERS
from waddle.games.pebbles.layout import MAX_TERRITORIES, layout_named
from waddle.games.pebbles.view import (
    SIZE,
    TERRITORY_LOOKS,
    pathway_route,
    pathway_svg,
    pattern_defs,
    territory_edges,
)
from waddle.ui.editor import open_places, place_attrs, pressed
from waddle.ui.markup import BoardSvg, pt

PATTERNS = "pbe"
"""The prefix of the editor's territory patterns (the game's board has its own ids)."""
TOOLS = ("tile", "territory", "pathway", "remove")
_TOOL_LABELS = {
    "tile": "Place a tile",
    "territory": "Paint a territory",
    "pathway": "Join by a pathway",
    "remove": "Remove a tile",
}
_DEFAULT_TERRITORIES = [["Ridge", "X+1"], ["Shore", "X"], ["Cove", "X-1"], ["Floe", "2X-1"]]
_EMPTY_AREA = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2]


def _territories(n: int) -> list[list[str]]:
    return [list(t) for t in _DEFAULT_TERRITORIES[:n]]


@dataclass
class LayoutDraft:
    tiles: dict[Hex, list[int]] = field(default_factory=dict)
    """Each tile: ``[number, territory index]`` (any number here; check-map says)."""
    territories: list[list[str]] = field(
        default_factory=lambda: [list(t) for t in _DEFAULT_TERRITORIES]
    )
    """``[name, value]`` of each territory, in order."""
    pathways: list[tuple[int, int]] = field(default_factory=list)
    """Pairs of tile numbers."""


@dataclass
class LayoutTools:
    tool: str = "tile"
    number: int = NUMBERS
    territory: int = 0
    pathway_from: int | None = None
    """The tile number a pathway being drawn starts from."""


def _key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def _next_number(draft: LayoutDraft, after: int) -> int:
    """The highest number not on the board (13 down), else ``after``."""
    used = {n for n, _ in draft.tiles.values()}
    free = [n for n in range(NUMBERS, 0, -1) if n not in used]
    return free[0] if free else after


class LayoutEditor:
    noun = "layout"
    help = (
        "Place the numbered tiles, paint their territories, and join two tiles apart with a "
        "pathway (click one, then the other); the territories' names and values are fields."
    )

    def empty(self) -> LayoutDraft:
        return LayoutDraft()

    def from_record(self, record: Any) -> LayoutDraft:
        return self._from_json(record.layout.to_json(), [])

    def from_text(self, text: str) -> tuple[LayoutDraft, list[str]]:
        try:
            data = jsontext.loads(text)
        except jsontext.JSONTextError as e:
            raise BoardError([e.about("the layout")]) from None
        if isinstance(data, dict) and "layout" in data and "tiles" not in data:
            data = data["layout"]  # a record file: its layout
            if isinstance(data, str):
                try:
                    data = layout_named(data).to_json()
                except KeyError:
                    raise BoardError([f"no built-in layout is named {data[:40]!r}"]) from None
        if not isinstance(data, dict) or not isinstance(data.get("tiles"), list):
            raise BoardError(['expected a Pebbles layout: a JSON object with a "tiles" list'])
        notes: list[str] = []
        return self._from_json(data, notes), notes

    def _from_json(self, data: dict, notes: list[str]) -> LayoutDraft:
        draft = LayoutDraft(territories=[])
        raw = data.get("territories")
        for t in (raw if isinstance(raw, list) else [])[:64]:
            if isinstance(t, dict) and isinstance(t.get("name"), str):
                draft.territories.append([t["name"], str(t.get("value", ""))[:20]])
            else:
                notes.append("a territory without a name was left out")
        names = {name: k for k, (name, _) in reversed(list(enumerate(draft.territories)))}
        for t in data["tiles"][:64]:
            ok = isinstance(t, dict) and all(type(t.get(k)) is int for k in ("number", "q", "r"))
            if not ok or abs(t["q"]) > 50 or abs(t["r"]) > 50:
                notes.append("a tile without a number and a place was left out")
                continue
            h = (t["q"], t["r"])
            if h in draft.tiles:
                notes.append(f"two tiles on {_key(h)}: the last one is kept")
            territory = (
                names.get(t.get("territory"), 0) if isinstance(t.get("territory"), str) else 0
            )
            draft.tiles[h] = [t["number"], territory]
        paths = data.get("pathways")
        for p in (paths if isinstance(paths, list) else [])[:64]:
            if isinstance(p, list) and len(p) == 2 and all(type(n) is int for n in p):
                draft.pathways.append((p[0], p[1]))
            else:
                notes.append("a pathway that is not a pair of tile numbers was left out")
        if not draft.territories:
            draft.territories = _territories(1)
        return draft

    def to_text(self, draft: LayoutDraft) -> str:
        n = len(draft.territories)
        tiles = sorted(draft.tiles.items(), key=lambda item: (item[1][0], item[0]))
        data = {
            "game": "pebbles",
            "territories": [{"name": name, "value": value} for name, value in draft.territories],
            "tiles": [
                {
                    "number": number,
                    "q": h[0],
                    "r": h[1],
                    "territory": draft.territories[k][0] if k < n else "",
                }
                for h, (number, k) in tiles
            ],
            "pathways": [list(p) for p in draft.pathways],
        }
        lines = ",\n  ".join(json.dumps(t, ensure_ascii=False) for t in data["tiles"])
        head = json.dumps(data["territories"], ensure_ascii=False)
        return (
            f'{{"game": "pebbles",\n "territories": {head},\n "tiles": [\n  {lines}\n ],\n'
            f' "pathways": {json.dumps(data["pathways"])}}}\n'
        )

    def new_ui(self) -> LayoutTools:
        return LayoutTools()

    # -- acting ------------------------------------------------------------------------------

    def _territory_name(self, draft: LayoutDraft, k: int) -> str:
        return draft.territories[k][0] if 0 <= k < len(draft.territories) else "no territory"

    def on_hex(self, draft: LayoutDraft, ui: LayoutTools, place: str) -> str | None:
        try:
            q, r = (int(v) for v in place.split(","))
        except ValueError:
            return None
        h = (q, r)
        tile = draft.tiles.get(h)
        if ui.tool == "remove":
            if tile is None:
                return f"No tile on {place}."
            del draft.tiles[h]
            draft.pathways = [p for p in draft.pathways if tile[0] not in p]
            return f"Tile {tile[0]} removed."
        if ui.tool == "territory":
            if tile is None:
                return f"No tile on {place}: place one first."
            tile[1] = ui.territory
            return f"Tile {tile[0]} is now {self._territory_name(draft, ui.territory)}."
        if ui.tool == "pathway":
            if tile is None:
                ui.pathway_from = None
                return f"No tile on {place}: a pathway joins two tiles."
            if ui.pathway_from is None or ui.pathway_from == tile[0]:
                ui.pathway_from = None if ui.pathway_from == tile[0] else tile[0]
                if ui.pathway_from is None:
                    return "No pathway started."
                return f"Pathway from tile {tile[0]}: now click the tile it leads to."
            a, b = ui.pathway_from, tile[0]
            ui.pathway_from = None
            same = [p for p in draft.pathways if {a, b} == set(p)]
            if same:
                draft.pathways.remove(same[0])
                return f"The pathway between tiles {a} and {b} removed."
            draft.pathways.append((a, b))
            return f"Tiles {a} and {b} joined by a pathway."
        # place a tile (the chosen number moves here if it lay elsewhere)
        number = ui.number
        moved = [at for at, (n, _) in draft.tiles.items() if n == number and at != h]
        for at in moved:
            del draft.tiles[at]
        draft.tiles[h] = [number, ui.territory]
        ui.number = _next_number(draft, number)
        said = f"Tile {number} of {self._territory_name(draft, ui.territory)} on {place}."
        return said if not moved else said.replace(" on ", " moved to ", 1)

    def on_tool(
        self, draft: LayoutDraft, ui: LayoutTools, name: str, value: str | None
    ) -> str | None:
        if value is None:
            if name in TOOLS:
                ui.tool, ui.pathway_from = name, None
                return None
            if name == "add-territory":
                if len(draft.territories) >= MAX_TERRITORIES:
                    return f"The box has {MAX_TERRITORIES} territory tokens."
                draft.territories.append([f"Territory {len(draft.territories) + 1}", "X"])
                ui.territory = len(draft.territories) - 1
                return f"{draft.territories[-1][0]} added."
            if name == "drop-territory":
                k = ui.territory
                if any(t == k for _, t in draft.tiles.values()) or len(draft.territories) <= 1:
                    return "Only a territory with no tile can be dropped (and one must stay)."
                gone = draft.territories.pop(k)
                for tile in draft.tiles.values():
                    tile[1] -= 1 if tile[1] > k else 0
                ui.territory = 0
                return f"{gone[0]} dropped."
            return None
        text = value.strip()
        if name == "number":
            if text.isascii() and text.isdigit() and 1 <= int(text) <= NUMBERS:
                ui.number, ui.tool = int(text), "tile"
            return None
        if name == "territory":
            if text.isascii() and text.isdigit() and int(text) < len(draft.territories):
                ui.territory = int(text)
            return None
        kind, _, k = name.rpartition("-")
        if kind in ("territory-name", "territory-value") and k.isascii() and k.isdigit():
            i = int(k)
            if i >= len(draft.territories) or not text:
                return None
            if kind == "territory-name":
                old, draft.territories[i][0] = draft.territories[i][0], text[:60]
                return f"{old} is now called {text[:60]}."
            draft.territories[i][1] = text[:20]
            return f"{draft.territories[i][0]} is worth {text[:20]}."
        return None

    # -- drawing -----------------------------------------------------------------------------

    def render(self, draft: LayoutDraft, ui: LayoutTools) -> BoardSvg:
        cells = set(draft.tiles)
        empty = open_places(cells, _EMPTY_AREA)
        drawn: list[tuple[Hex, str]] = []
        for h in empty:
            drawn.append(
                (
                    h,
                    f'<g class="tile open" {place_attrs(h, "empty", f"no tile at {_key(h)}")}>'
                    f"{_outline(h)}</g>",
                )
            )
        for h, (number, k) in draft.tiles.items():
            cx, cy = hexgrid.to_pixel(h, SIZE)
            territory = self._territory_name(draft, k)
            label = f"tile {number}, {territory}"
            if ui.pathway_from == number:
                label += ", a pathway starts here"
            extra = f' data-tile="{number}" data-territory="{k}"'
            # Filled as the game's board fills it: the territory's colour and pattern.
            look = k % len(TERRITORY_LOOKS)
            shape = _outline(h).replace(
                'class="hex-shape"', f'class="hex-shape tile-shape" fill="url(#{PATTERNS}-t{look})"'
            )
            drawn.append(
                (
                    h,
                    f'<g class="tile" {place_attrs(h, "tile", label, extra)}>{shape}'
                    f'<text class="tile-number" x="{cx:.1f}" y="{cy - 4:.1f}" '
                    f'text-anchor="middle">{number}</text>'
                    f'<text class="tile-territory" x="{cx:.1f}" y="{cy + 16:.1f}" '
                    f'text-anchor="middle">{escape(territory[:10])}</text></g>',
                )
            )
        parts = [pattern_defs(PATTERNS)]
        parts += [markup for _, markup in sorted(drawn, key=lambda item: (item[0][1], item[0][0]))]
        parts.append(territory_edges({h: k for h, (_, k) in draft.tiles.items()}))
        # Pathways as the game draws them: around the tiles, a lettered token at each end.
        at = {number: h for h, (number, _) in draft.tiles.items()}
        centres = {n: hexgrid.to_pixel(h, SIZE) for n, h in at.items()}
        extent = [c for h in cells | empty for c in hexgrid.corners(h, SIZE)]
        if centres:
            middle = (
                sum(x for x, _ in centres.values()) / len(centres),
                sum(y for _, y in centres.values()) / len(centres),
            )
            rim = max(math.dist(c, middle) for c in centres.values()) + SIZE * 1.05
            joined = [(a, b) for a, b in draft.pathways if a in at and b in at]
            for k, (a, b) in enumerate(joined):
                path, ends, points = pathway_route(centres[a], centres[b], middle, rim + 9.0 * k)
                parts.append(pathway_svg(k, f"{a}-{b}", path, ends))
                extent += points
        pad = 8.0
        xs, ys = [x for x, _ in extent], [y for _, y in extent]
        box = (
            f"{min(xs) - pad:.1f} {min(ys) - pad:.1f} "
            f"{max(xs) - min(xs) + 2 * pad:.1f} {max(ys) - min(ys) + 2 * pad:.1f}"
        )
        return BoardSvg("".join(parts), box, None)

    def tools_html(self, draft: LayoutDraft, ui: LayoutTools) -> str:
        def tool(name: str) -> str:
            return (
                f'<button type="button" data-edit-tool="{name}" '
                f'aria-pressed="{pressed(ui.tool == name)}">{_TOOL_LABELS[name]}</button>'
            )

        used = {n for n, _ in draft.tiles.values()}
        numbers = "".join(
            f'<option value="{n}"{" selected" if n == ui.number else ""}>Tile {n}'
            f"{' (on the board)' if n in used else ''}</option>"
            for n in range(NUMBERS, 0, -1)
        )
        territories = "".join(
            f'<option value="{k}"{" selected" if k == ui.territory else ""}>{escape(name)}</option>'
            for k, (name, _) in enumerate(draft.territories)
        )
        rows = "".join(
            f'<tr><td><input data-edit-field="territory-name-{k}" size="14" maxlength="60" '
            f'value="{escape(name)}" aria-label="Territory {k + 1}: name"></td>'
            f'<td><input data-edit-field="territory-value-{k}" size="6" maxlength="20" '
            f'value="{escape(value)}" aria-label="Territory {k + 1}: value"></td></tr>'
            for k, (name, value) in enumerate(draft.territories)
        )
        return (
            '<fieldset class="edit-group"><legend>Tiles</legend>'
            f'{tool("tile")}<label>Number <select data-edit-field="number">{numbers}</select>'
            f"</label>{tool('remove')}{tool('pathway')}</fieldset>"
            '<fieldset class="edit-group"><legend>Territories</legend>'
            f'{tool("territory")}<label>Territory <select data-edit-field="territory">'
            f"{territories}</select></label>"
            '<table class="edit-territories"><thead><tr><th scope=col>Name</th>'
            f"<th scope=col>Value</th></tr></thead><tbody>{rows}</tbody></table>"
            '<button type="button" data-edit-tool="add-territory">Add a territory</button>'
            '<button type="button" data-edit-tool="drop-territory">Drop the chosen territory'
            "</button>"
            '<p class="hint">A value is a number, or a formula in X, the number of players: '
            "X, X+1, 2X-1.</p></fieldset>"
        )


def _outline(h: Hex) -> str:
    corners = hexgrid.corners_around(hexgrid.to_pixel(h, SIZE), SIZE * 0.94)
    return f'<polygon class="hex-shape" points="{" ".join(pt(x, y) for x, y in corners)}"/>'


EDITOR = LayoutEditor()
