"""Hey, That's My Fish!'s board editor (:class:`waddle.ui.editor.BoardEditor`): floes hex by
hex with 1 to 3 fish; any place may stay a gap.

The file it writes is a ``"board"`` list as in a record, which ``check-map --game htmf``
and ``new --game htmf --map`` read (its ``"game"`` key lets them find the game alone).

>>> editor = FloeEditor()
>>> draft, ui = editor.empty(), editor.new_ui()
>>> editor.on_tool(draft, ui, "fish-1", None); editor.on_hex(draft, ui, "2,3")
'A floe with 1 fish on 2,3.'
>>> editor.on_tool(draft, ui, "gap", None); editor.on_hex(draft, ui, "2,3")
'A gap on 2,3.'
>>> draft.floes
{}
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from waddle.core import hexgrid, jsontext
from waddle.core.hexgrid import Hex
from waddle.core.records import BoardError
from waddle.games.htmf.board import MAX_FISH, parse_floes, standard_hexes
from waddle.games.htmf.view import _FISH_AT, TARGET_UNITS, _fish_icon
from waddle.ui.editor import open_places, place_attrs, pressed
from waddle.ui.markup import HEX_SIZE, BoardSvg, pt, view_box

TOOLS = ("fish-1", "fish-2", "fish-3", "gap")
_LABELS = {"fish-1": "1 fish", "fish-2": "2 fish", "fish-3": "3 fish", "gap": "Gap"}


@dataclass
class FloeDraft:
    floes: dict[Hex, int] = field(default_factory=dict)
    """Fish on each floe (any count here; check-map says when it is not 1 to 3)."""


@dataclass
class FloeTools:
    tool: str = "fish-1"


def _key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


class FloeEditor:
    noun = "board"
    help = "Choose 1, 2 or 3 fish, then click places to lay floes; Gap takes a floe away."

    def empty(self) -> FloeDraft:
        return FloeDraft()

    def from_record(self, record: Any) -> FloeDraft:
        return FloeDraft({f.hex: f.fish for f in record.board})

    def from_text(self, text: str) -> tuple[FloeDraft, list[str]]:
        try:
            data = jsontext.loads(text)
        except jsontext.JSONTextError as e:
            raise BoardError([e.about("the board")]) from None
        if type(data) is dict:
            if "board" not in data:
                raise BoardError(['expected a list of floes or an object with a "board" list'])
            data = data["board"]
        floes = parse_floes(data)
        draft = FloeDraft()
        notes = []
        for f in floes:
            if f.hex in draft.floes:
                notes.append(f"floe {_key(f.hex)} was listed twice: the last one is kept")
            draft.floes[f.hex] = f.fish
        return draft, notes

    def to_text(self, draft: FloeDraft) -> str:
        floes = sorted(draft.floes.items(), key=lambda item: (item[0][1], item[0][0]))
        lines = ",\n  ".join(json.dumps({"q": h[0], "r": h[1], "fish": fish}) for h, fish in floes)
        return '{"game": "htmf",\n "board": [\n  ' + lines + "\n ]}\n"

    def new_ui(self) -> FloeTools:
        return FloeTools()

    def tools_html(self, draft: FloeDraft, ui: FloeTools) -> str:
        buttons = "".join(
            f'<button type="button" data-edit-tool="{name}" '
            f'aria-pressed="{pressed(ui.tool == name)}">{_LABELS[name]}</button>'
            for name in TOOLS
        )
        return f'<fieldset class="edit-group"><legend>Floes</legend>{buttons}</fieldset>'

    def on_tool(self, draft: FloeDraft, ui: FloeTools, name: str, value: str | None) -> None:
        if name in TOOLS:
            ui.tool = name
        return None

    def on_hex(self, draft: FloeDraft, ui: FloeTools, place: str) -> str | None:
        q, r = (int(v) for v in place.split(","))
        if ui.tool == "gap":
            if draft.floes.pop((q, r), None) is None:
                return f"No floe on {place}: it is a gap already."
            return f"A gap on {place}."
        fish = int(ui.tool.removeprefix("fish-"))
        draft.floes[(q, r)] = fish
        return f"A floe with {fish} fish on {place}."

    def render(self, draft: FloeDraft, ui: FloeTools) -> BoardSvg:
        size = HEX_SIZE
        cells = set(draft.floes)
        empty = open_places(cells, standard_hexes())
        drawn: list[tuple[Hex, str]] = []
        for h in empty:
            drawn.append(
                (
                    h,
                    f'<g class="floe open" {place_attrs(h, "empty", f"gap at {_key(h)}")}>'
                    f"{_outline(h, size)}</g>",
                )
            )
        for h, fish in draft.floes.items():
            cx, cy = hexgrid.to_pixel(h, size)
            icons = "".join(_fish_icon(cx + dx, cy + dy) for dx, dy in _FISH_AT.get(fish, ()))
            label = f"floe {_key(h)}, {fish} fish"
            if not 1 <= fish <= MAX_FISH:
                label += " (a floe has 1 to 3)"
            attrs = place_attrs(h, "ice", label, f' data-fish="{fish}"')
            drawn.append(
                (
                    h,
                    f'<g class="floe" {attrs}>'
                    f'{_outline(h, size)}<g class="fish-icons" aria-hidden="true">{icons}</g>'
                    f'<text class="fish-count" x="{cx:.1f}" y="{cy + 17:.1f}" '
                    f'text-anchor="middle">{fish}</text></g>',
                )
            )
        # In reading order, gaps among floes: Tab and the arrows go row by row.
        parts = [markup for _, markup in sorted(drawn, key=lambda item: (item[0][1], item[0][0]))]
        return BoardSvg("".join(parts), view_box(sorted(cells | empty), size), TARGET_UNITS)


def _outline(h: Hex, size: float) -> str:
    corners = hexgrid.corners_around(hexgrid.to_pixel(h, size), size * 0.94)
    return f'<polygon class="hex-shape" points="{" ".join(pt(x, y) for x, y in corners)}"/>'


EDITOR = FloeEditor()
