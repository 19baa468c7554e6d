"""Waddle Waddle's component-set editor (:class:`waddle.ui.editor.BoardEditor`): which
species nest at each rookery, its threat spaces, its name, and the tokens' values (the
Conservation Points token's larger and smaller bonus, the Fish Supply token), so a group
that owns the printed game can enter their board, or try a variant, and play it.

A draft is the component set's JSON object (``docs/waddle-waddle-components.md``; the
built-in set to start from), edited in place: the events, the Frozen card's and Kevin's
texts stay as they are. The map is drawn as the game draws it, a box per rookery, each a
``[data-edit-hex=ID]`` (the place is the rookery's id, not a hex): a click applies the
chosen tool there (add or take away the chosen species, set the threat spaces). The
tokens and names are fields. The live checks are the game's own (``check-map --game
waddle-waddle``), and the file is what ``new --game waddle-waddle --map`` reads.

>>> editor = ComponentEditor()
>>> draft, ui = editor.empty(), editor.new_ui()
>>> editor.on_tool(draft, ui, "species", "gentoo"); editor.on_hex(draft, ui, "argentine")
'Gentoo penguins now nest at Argentine Sea.'
>>> editor.on_tool(draft, ui, "cp-larger-argentine", "18")
'Argentine Sea: its Conservation Points token gives 18 to the larger.'
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from html import escape
from typing import Any

from waddle.core import jsontext
from waddle.core.records import BoardError
from waddle.games.waddle_waddle.cards import SPECIES
from waddle.games.waddle_waddle.components import (
    BUILT_IN,
    FORMAT,
    ROOKERY_IDS,
    SETS,
)
from waddle.games.waddle_waddle.view import BOX_H, BOX_W, PLACES, species_name
from waddle.ui.editor import pressed
from waddle.ui.markup import BoardSvg

TOOLS = ("species", "threats")
_TOOL_LABELS = {"species": "Add or take away a species", "threats": "Set threat spaces"}
_FIELDS = ("name", "cp-larger", "cp-smaller", "fish-token")


@dataclass
class SetTools:
    tool: str = "species"
    species: str = SPECIES[0]
    threats: int = 2


def _rookeries(draft: dict) -> dict[str, dict]:
    """The draft's rookery objects by id (those it has)."""
    raw = draft.get("rookeries")
    out = {}
    for r in raw if isinstance(raw, list) else []:
        if isinstance(r, dict) and r.get("id") in ROOKERY_IDS:
            out.setdefault(r["id"], r)
    return out


def _index(rookery: str) -> int:
    return ROOKERY_IDS.index(rookery)


def _whole(value: str | None, low: int, high: int) -> int | None:
    text = (value or "").strip()
    if not (text.isascii() and text.isdigit()):
        return None
    n = int(text)
    return n if low <= n <= high else None


class ComponentEditor:
    noun = "component set"
    help = (
        "Choose a tool and a species, then click a rookery; the tokens' values and the "
        "rookeries' names are fields below."
    )

    def empty(self) -> dict[str, Any]:
        """The built-in set, renamed: the start of one's own (a set is never empty)."""
        draft = copy.deepcopy(BUILT_IN.to_json())
        draft["name"] = "my-components"
        return draft

    def from_record(self, record: Any) -> dict[str, Any]:
        return copy.deepcopy(record.setup.components.to_json())

    def from_text(self, text: str) -> tuple[dict[str, Any], list[str]]:
        try:
            data = jsontext.loads(text)
        except jsontext.JSONTextError as e:
            raise BoardError([e.about("the component set")]) from None
        if isinstance(data, dict) and data.get("format") != FORMAT and "components" in data:
            data = data["components"]  # a record file: its set
            if isinstance(data, str):
                if data not in SETS:
                    raise BoardError([f"no built-in component set is named {data[:40]!r}"])
                data = copy.deepcopy(SETS[data].to_json())
        if not isinstance(data, dict) or "rookeries" not in data:
            raise BoardError(['expected a component set: a JSON object with "rookeries"'])
        return data, []

    def to_text(self, draft: dict[str, Any]) -> str:
        out = {"game": "waddle-waddle", **{k: v for k, v in draft.items() if k != "game"}}
        return json.dumps(out, indent=1, ensure_ascii=False) + "\n"

    def new_ui(self) -> SetTools:
        return SetTools()

    # -- acting ------------------------------------------------------------------------------

    def on_hex(self, draft: dict[str, Any], ui: SetTools, place: str) -> str | None:
        rookery = _rookeries(draft).get(place)
        if rookery is None:
            return None
        name = rookery.get("name") if isinstance(rookery.get("name"), str) else place
        if ui.tool == "threats":
            rookery["threat_spaces"] = ui.threats
            return f"{name} has {ui.threats} threat space{'s' if ui.threats != 1 else ''}."
        species = rookery.get("species")
        if not isinstance(species, list):
            species = rookery["species"] = []
        if ui.species in species:
            species.remove(ui.species)
            return f"{species_name(ui.species)} penguins no longer nest at {name}."
        species.append(ui.species)
        return f"{species_name(ui.species)} penguins now nest at {name}."

    def on_tool(
        self, draft: dict[str, Any], ui: SetTools, name: str, value: str | None
    ) -> str | None:
        if value is None:
            if name in TOOLS:
                ui.tool = name
            return None
        if name == "species":
            if value in SPECIES:
                ui.species, ui.tool = value, "species"
            return None
        if name == "threats":
            n = _whole(value, 0, 4)
            if n is not None:
                ui.threats, ui.tool = n, "threats"
            return None
        if name == "set-name":
            text = value.strip()[:60]
            if text:
                draft["name"] = text
                return f"The set is named {text}."
            return None
        field, _, rookery_id = name.rpartition("-")
        rookery = _rookeries(draft).get(rookery_id)
        if field not in _FIELDS or rookery is None:
            return None
        said = rookery.get("name") if isinstance(rookery.get("name"), str) else rookery_id
        if field == "name":
            text = value.strip()[:60]
            if not text:
                return None
            rookery["name"] = text
            return f"{said} is now called {text}."
        k = _index(rookery_id)
        if field == "fish-token":
            n = _whole(value, 0, 10)
            tokens = draft.get("fish_tokens")
            if n is None or not isinstance(tokens, list) or len(tokens) <= k:
                return f"A Fish Supply token holds 0 to 10 fish, not {value[:20]!r}."
            tokens[k] = n
            return f"{said}: its Fish Supply token holds {n} fish."
        n = _whole(value, 0, 99)
        tokens = draft.get("conservation_tokens")
        if n is None or not isinstance(tokens, list) or len(tokens) <= k:
            return f"A Conservation Points bonus is 0 to 99, not {value[:20]!r}."
        if not isinstance(tokens[k], dict):
            tokens[k] = {}
        which = "larger" if field == "cp-larger" else "smaller"
        tokens[k][which] = n
        return f"{said}: its Conservation Points token gives {n} to the {which}."

    # -- drawing -----------------------------------------------------------------------------

    def render(self, draft: dict[str, Any], ui: SetTools) -> BoardSvg:
        rookeries = _rookeries(draft)
        parts = []
        for rid, (x, y) in PLACES.items():
            r = rookeries.get(rid, {})
            name = r.get("name") if isinstance(r.get("name"), str) else rid
            species = [s for s in r.get("species", []) if s in SPECIES]
            spaces = r.get("threat_spaces")
            words = ", ".join(species_name(s) for s in species) or "no species"
            label = f"{name}: {words}; {spaces} threat spaces"
            lines = "".join(
                f'<text class="edit-species" x="{x + 8}" y="{y + 32 + 12 * i}">'
                f"{escape(species_name(s))}</text>"
                for i, s in enumerate(species)
            )
            parts.append(
                f'<g class="rookery edit-rookery" data-edit-hex="{rid}" data-kind="rookery" '
                f'data-species="{",".join(species)}" data-threat-spaces="{escape(str(spaces))}" '
                f'role="button" tabindex="0" aria-label="{escape(label)}">'
                f'<rect class="rookery-frame" x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" '
                f'rx="8"/><text class="rookery-name" x="{x + 8}" y="{y + 16}">{escape(name)}'
                f'</text>{lines}<text class="edit-threats" x="{x + BOX_W - 8}" y="{y + 16}" '
                f'text-anchor="end">{escape(str(spaces))} threats</text></g>'
            )
        height = max(y for _, y in PLACES.values()) + BOX_H + 4
        width = max(x for x, _ in PLACES.values()) + BOX_W + 4
        return BoardSvg("".join(parts), f"0 0 {width} {height}", None)

    def tools_html(self, draft: dict[str, Any], ui: SetTools) -> str:
        def tool(name: str) -> str:
            return (
                f'<button type="button" data-edit-tool="{name}" '
                f'aria-pressed="{pressed(ui.tool == name)}">{_TOOL_LABELS[name]}</button>'
            )

        species = "".join(
            f'<option value="{s}"{" selected" if s == ui.species else ""}>'
            f"{escape(species_name(s))}</option>"
            for s in SPECIES
        )
        threats = "".join(
            f'<option value="{n}"{" selected" if n == ui.threats else ""}>{n}</option>'
            for n in range(5)
        )
        rows = []
        rookeries = _rookeries(draft)
        cp = draft.get("conservation_tokens") if isinstance(draft, dict) else None
        fish = draft.get("fish_tokens")
        for k, rid in enumerate(ROOKERY_IDS):
            r = rookeries.get(rid, {})
            token = (
                cp[k] if isinstance(cp, list) and k < len(cp) and isinstance(cp[k], dict) else {}
            )
            ft = fish[k] if isinstance(fish, list) and k < len(fish) else ""
            name = r.get("name") if isinstance(r.get("name"), str) else rid
            rows.append(
                f'<tr><th scope=row><input data-edit-field="name-{rid}" size="18" '
                f'maxlength="60" value="{escape(name)}" aria-label="Name of {escape(name)}"></th>'
                f'<td><input data-edit-field="cp-larger-{rid}" inputmode="numeric" size="3" '
                f'value="{escape(str(token.get("larger", "")))}" '
                f'aria-label="{escape(name)}: Conservation Points, larger"></td>'
                f'<td><input data-edit-field="cp-smaller-{rid}" inputmode="numeric" size="3" '
                f'value="{escape(str(token.get("smaller", "")))}" '
                f'aria-label="{escape(name)}: Conservation Points, smaller"></td>'
                f'<td><input data-edit-field="fish-token-{rid}" inputmode="numeric" size="3" '
                f'value="{escape(str(ft))}" aria-label="{escape(name)}: Fish Supply token"></td>'
                "</tr>"
            )
        set_name = draft.get("name") if isinstance(draft.get("name"), str) else ""
        return (
            '<fieldset class="edit-group"><legend>Rookeries</legend>'
            f"{tool('species')}"
            f'<label>Species <select data-edit-field="species">{species}</select></label>'
            f"{tool('threats')}"
            f'<label>Threat spaces <select data-edit-field="threats">{threats}</select></label>'
            "</fieldset>"
            '<fieldset class="edit-group"><legend>Tokens</legend>'
            '<table class="edit-tokens"><thead><tr><th scope=col>Rookery</th>'
            "<th scope=col>Larger</th><th scope=col>Smaller</th><th scope=col>Fish</th></tr>"
            f"</thead><tbody>{''.join(rows)}</tbody></table>"
            f'<label>Set name <input data-edit-field="set-name" size="24" maxlength="60" '
            f'value="{escape(set_name)}"></label></fieldset>'
        )


EDITOR = ComponentEditor()
