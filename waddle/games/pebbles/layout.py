"""The nest tiles of a game of Pebbles: where they lie, their territories and pathways.

The printed rulebook shows its layouts as pictures that are not in the text, so the
project designed its own (``layouts.json``, which says so): one per player count, each
tile a hex of :mod:`waddle.core.hexgrid`. Two tiles are *adjacent* when their hexes are
neighbours or when a pathway joins them (rulebook, "Moving a Penguin / Adjacency").

A layout as JSON (the built-ins' form, and what ``check-map`` and ``new --map`` read)::

    {"game": "pebbles",
     "territories": [{"name": "Ridge", "value": "X+1"}, ...],
     "tiles": [{"number": 7, "q": 0, "r": 0, "territory": "Ridge"}, ...],
     "pathways": [[1, 9], [4, 12]]}

A territory's ``value`` is its VP token: a whole number, or a formula in ``X``, the number
of players (``"X"``, ``"X+1"``, ``"2X-1"``), as the printed tokens show it.

>>> layout = builtin_layout(4)
>>> len(layout.tiles), len(layout.territories), len(layout.pathways)
(13, 4, 2)
>>> sorted(layout.numbers) == list(range(1, 14))
True
>>> parse_value("X+1")(3), parse_value("2X-1")(4), parse_value("5")(2)
(4, 7, 5)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

from waddle.core import hexgrid, jsontext
from waddle.core.hexgrid import Hex
from waddle.core.jsontext import shown
from waddle.core.records import BoardError
from waddle.games.pebbles.cards import MAX_PLAYERS, MIN_PLAYERS, NUMBERS, numbers_for

MAX_TERRITORIES = 4
"""The box holds four territory VP tokens."""
MAX_PATHWAYS = 2
"""Four pathway tokens, two of each colour: two pairs of joined tiles."""
MAX_COORD = 50
"""How far from the origin a custom tile may lie (keeps drawings and links sane)."""
MAX_NAME_BYTES = 60
"""The longest territory name (in UTF-8 bytes) a share link carries."""
MAX_VALUE_CHARS = 20
"""The longest territory value (``"2X-1"``, ``"5"``) a share link carries."""
MAX_LISTED = 64
"""A list of territories, tiles or pathways longer than this (the box allows 4, 13, 2)
refuses the layout in one problem, before any of its entries is read: thousands of
entries would otherwise each get a problem, and the message would be as long as the file."""


class Tile(NamedTuple):
    number: int
    q: int
    r: int
    territory: int
    """Index into the layout's territories."""

    @property
    def hex(self) -> Hex:
        return (self.q, self.r)


class Territory(NamedTuple):
    name: str
    value: str
    """The VP token: a whole number or a formula in X (the number of players)."""

    def vp(self, players: int) -> int:
        return parse_value(self.value)(players)


# ASCII only: a plain \d also reads "٣" (Arabic-Indic three) as a digit.
_VALUE = re.compile(r"^\s*(?:(\d*)\s*X\s*(?:([+-])\s*(\d+))?|(\d+))\s*$", re.ASCII)


def parse_value(text: Any) -> Callable[[int], int]:
    """A VP token's value as a function of the number of players; ``ValueError`` if the
    text is not ``N``, ``X``, ``aX``, ``X+b``, ``aX-b`` (whole numbers ``a``, ``b``)."""
    if type(text) is int and text >= 0:
        return lambda players: text
    m = _VALUE.match(text) if isinstance(text, str) else None
    if m is None:
        raise ValueError(
            f"a territory value is a whole number or a formula like X, X+1 or 2X-1, "
            f"not {shown(text)}"
        )
    times, sign, plus, constant = m.groups()
    if constant is not None:
        n = int(constant)
        return lambda players: n
    a = int(times) if times else 1
    b = int(plus or 0) * (-1 if sign == "-" else 1)
    return lambda players: a * players + b


@dataclass(frozen=True, eq=False)
class Layout:
    """Immutable tables of one layout; tile ``i`` is ``tiles[i]``, tiles in number order."""

    tiles: tuple[Tile, ...]
    territories: tuple[Territory, ...]
    pathways: tuple[tuple[int, int], ...]
    """Pairs of tile numbers joined by a pathway (one pair per colour)."""
    name: str | None = None
    """A built-in layout's name and version (``"standard-4/1"``); None for a custom one."""
    numbers: tuple[int, ...] = field(init=False)
    index: dict[int, int] = field(init=False)
    """``index[number]``: the tile of that number."""
    touching: tuple[tuple[int, ...], ...] = field(init=False)
    """For each tile, the tiles whose hexes touch it."""
    neighbours: tuple[tuple[int, ...], ...] = field(init=False)
    """For each tile, the adjacent tiles (touching or joined by a pathway), in tile order."""
    territory_of: tuple[int, ...] = field(init=False)
    members: tuple[tuple[int, ...], ...] = field(init=False)
    """For each territory, its tiles."""
    vp: dict[int, tuple[int, ...]] = field(init=False)
    """``vp[players]``: each territory's VP with that many players (2 to 4)."""

    def __post_init__(self) -> None:
        tiles = tuple(sorted(self.tiles, key=lambda t: t.number))
        set_ = object.__setattr__
        set_(self, "tiles", tiles)
        set_(self, "numbers", tuple(t.number for t in tiles))
        index = {t.number: i for i, t in enumerate(tiles)}
        set_(self, "index", index)
        touching = hexgrid.neighbor_indices([t.hex for t in tiles])
        set_(self, "touching", tuple(tuple(sorted(ns)) for ns in touching))
        adjacent = [set(ns) for ns in touching]
        for a, b in self.pathways:
            adjacent[index[a]].add(index[b])
            adjacent[index[b]].add(index[a])
        set_(self, "neighbours", tuple(tuple(sorted(ns)) for ns in adjacent))
        set_(self, "territory_of", tuple(t.territory for t in tiles))
        set_(
            self,
            "members",
            tuple(
                tuple(i for i, t in enumerate(tiles) if t.territory == k)
                for k in range(len(self.territories))
            ),
        )

        set_(
            self,
            "vp",
            {
                p: tuple(t.vp(p) for t in self.territories)
                for p in range(MIN_PLAYERS, MAX_PLAYERS + 1)
            },
        )

    def __len__(self) -> int:
        return len(self.tiles)

    def values(self, players: int) -> tuple[int, ...]:
        """Each territory's VP with ``players`` players."""
        return self.vp[players]

    def missing_for(self, players: int) -> list[int]:
        """Card numbers of the game with ``players`` players that have no tile here."""
        return [n for n in numbers_for(players) if n not in self.index]

    def problems_for(self, players: int) -> list[str]:
        """Why this layout cannot host a game of ``players`` players (empty: it can)."""
        missing = self.missing_for(players)
        if missing:
            return [
                f"a game of {players} players needs a tile for every card number: "
                f"{', '.join(map(str, missing))} missing"
            ]
        return []

    def to_json(self) -> dict[str, Any]:
        """The layout as JSON (the form :func:`load_custom_layout` reads)."""
        out: dict[str, Any] = {"game": "pebbles"}
        if self.name is not None:
            out["name"] = self.name
        out["territories"] = [{"name": t.name, "value": t.value} for t in self.territories]
        out["tiles"] = [
            {
                "number": t.number,
                "q": t.q,
                "r": t.r,
                "territory": self.territories[t.territory].name,
            }
            for t in self.tiles
        ]
        out["pathways"] = [list(p) for p in self.pathways]
        return out

    def key(self) -> str:
        """The layout's contents as canonical text (what two equal layouts share)."""
        data = self.to_json()
        data.pop("name", None)
        return json.dumps(data, separators=(",", ":"), sort_keys=True)


# -- reading layouts ---------------------------------------------------------------------------


def parse_layout(data: Any, name: str | None = None) -> tuple[Layout, list[str]]:
    """A layout from parsed JSON, and its warnings; ``BoardError`` lists every problem."""
    problems: list[str] = []
    warnings: list[str] = []
    if type(data) is not dict:
        raise BoardError(["a Pebbles layout must be a JSON object with tiles and territories"])
    game = data.get("game", "pebbles")
    if game != "pebbles":
        problems.append(f'"game" must be "pebbles", not {shown(game)}')
    territories = _territories(data.get("territories"), problems)
    names = {t.name: k for k, t in enumerate(territories)}
    tiles = _tiles(data.get("tiles"), names, problems)
    pathways = _pathways(data.get("pathways", []), tiles, problems)
    if problems:
        raise BoardError(problems)
    layout = Layout(tuple(tiles), tuple(territories), tuple(pathways), name)
    for k, members in enumerate(layout.members):
        if not members:
            problems.append(f'territory "{territories[k].name}" has no tile')
    if problems:
        raise BoardError(problems)
    for k, members in enumerate(layout.members):
        if len(hexgrid.connected_components(layout.tiles[i].hex for i in members)) > 1:
            warnings.append(f'territory "{territories[k].name}" is in several pieces')
    if len(_components(layout)) > 1:
        warnings.append("some tiles cannot be reached from others, even by pathways")
    if len(territories) < MAX_TERRITORIES:
        warnings.append(f"{len(territories)} territories: the box has {MAX_TERRITORIES} tokens")
    fits = [p for p in range(MIN_PLAYERS, MAX_PLAYERS + 1) if not layout.problems_for(p)]
    if not fits:
        missing = ", ".join(map(str, layout.missing_for(MIN_PLAYERS)))
        problems.append(
            "no game fits this layout: every card number in play needs a tile (2 players "
            f"use 7-13, 3 players 4-13, 4 players 1-13); missing: {missing}"
        )
        raise BoardError(problems)
    unused = [n for n in layout.numbers if n not in numbers_for(max(fits))]
    if unused:
        listed = ", ".join(map(str, unused))
        warnings.append(f"no card has the number of tile {listed}: no penguin is placed there")
    return layout, warnings


def load_custom_layout(text: str | bytes) -> tuple[Layout, list[str]]:
    """A layout from JSON text, and its warnings; ``BoardError`` lists every problem."""
    try:
        data = jsontext.loads(text)
    except jsontext.JSONTextError as e:
        raise BoardError([e.about("the layout")]) from None
    return parse_layout(data)


def check_layout(text: str | bytes) -> tuple[str, list[str]]:
    """A custom layout's one-line summary and its warnings (``BoardError`` lists errors).

    >>> summary, warnings = check_layout(json.dumps(builtin_layout(2).to_json()))
    >>> summary
    '7 tiles (7-13), 4 territories, 2 pathways: fits 2 players'
    """
    layout, warnings = load_custom_layout(text)
    fits = [p for p in range(MIN_PLAYERS, MAX_PLAYERS + 1) if not layout.problems_for(p)]
    numbers = layout.numbers
    span = f"{min(numbers)}-{max(numbers)}"
    summary = (
        f"{len(layout)} tiles ({span}), {len(layout.territories)} territories, "
        f"{len(layout.pathways)} pathway{'s' if len(layout.pathways) != 1 else ''}: "
        f"fits {' or '.join(map(str, fits))} players"
    )
    return summary, warnings


def _territories(raw: Any, problems: list[str]) -> list[Territory]:
    if type(raw) is not list or not raw:
        problems.append('"territories" must be a list of 1 to 4 territories')
        return []
    if len(raw) > MAX_TERRITORIES:
        problem = f"{len(raw)} territories: the box has only {MAX_TERRITORIES} VP tokens"
        if len(raw) > MAX_LISTED:
            raise BoardError([problem])
        problems.append(problem)
    out = []
    names: set[str] = set()  # a set: a long list is checked in linear time
    for k, item in enumerate(raw):
        where = f"territory entry {k + 1}"
        if type(item) is not dict or not isinstance(item.get("name"), str) or not item["name"]:
            problems.append(f'{where} must be an object with a "name" and a "value"')
            continue
        name = item["name"]
        quoted = shown(name)
        if not _utf8(name):
            problems.append(f"territory {quoted}: a name must be text in UTF-8")
            continue
        if len(name.encode("utf-8")) > MAX_NAME_BYTES:
            problems.append(
                f"territory {quoted}: a name has at most {MAX_NAME_BYTES} bytes in UTF-8 "
                "(what a share link holds)"
            )
            continue
        if name in names:
            problems.append(f"territory {quoted} appears twice")
            continue
        names.add(name)
        value = item.get("value")
        try:
            vp = parse_value(value)
        except ValueError as e:
            problems.append(f"territory {quoted}: {e}")
            continue
        # (bit_length first: str() of an int of thousands of digits is slow, or refused)
        if (type(value) is int and value.bit_length() > 64) or len(str(value)) > MAX_VALUE_CHARS:
            problems.append(
                f"territory {quoted}: its value {shown(value)} is longer than a share link "
                f"holds ({MAX_VALUE_CHARS} characters)"
            )
            continue
        if any(vp(p) < 0 for p in range(MIN_PLAYERS, MAX_PLAYERS + 1)):
            problems.append(f"territory {quoted} is worth less than nothing with 2 players")
            continue
        out.append(Territory(name, str(value)))
    return out


def _utf8(text: str) -> bool:
    """Whether ``text`` can be written in UTF-8 (JSON's ``"\\ud800"`` is a lone
    surrogate, which cannot: a link could not carry it)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _tiles(raw: Any, territories: dict[str, int], problems: list[str]) -> list[Tile]:
    if type(raw) is not list:
        problems.append('"tiles" must be a list of tiles')
        return []
    if not raw:  # an empty draft in the board editor: say what to do, not what is wrong
        problems.append("no tiles yet: place the numbered tiles")
        return []
    if len(raw) > MAX_LISTED:
        raise BoardError([f"{len(raw)} tiles: a layout has at most {NUMBERS}, one per card number"])
    out: list[Tile] = []
    numbers: set[int] = set()
    hexes: set[Hex] = set()
    for k, item in enumerate(raw):
        where = f"tile entry {k + 1}"
        if type(item) is not dict:
            problems.append(f"{where} must be an object with number, q, r and territory")
            continue
        number, q, r = item.get("number"), item.get("q"), item.get("r")
        if type(number) is not int or not 1 <= number <= NUMBERS:
            problems.append(f'{where}: "number" must be a whole number from 1 to {NUMBERS}')
            continue
        where = f"tile {number}"
        if type(q) is not int or type(r) is not int:
            problems.append(f'{where}: "q" and "r" must be whole numbers (its hex)')
            continue
        if hexgrid.distance((0, 0), (q, r)) > MAX_COORD:
            problems.append(
                f"{where}: {shown(q)},{shown(r)} is too far from 0,0 (at most {MAX_COORD} hexes)"
            )
            continue
        territory = item.get("territory")
        if type(territory) is not str or territory not in territories:  # a list is unhashable
            known = ", ".join(shown(t) for t in territories) or "none"
            problems.append(
                f"{where}: territory {shown(territory)} is not one of the layout's ({known})"
            )
            continue
        if number in numbers:
            problems.append(f"tile {number} appears twice")
            continue
        if (q, r) in hexes:
            problems.append(f"{where}: hex {q},{r} already has a tile")
            continue
        numbers.add(number)
        hexes.add((q, r))
        out.append(Tile(number, q, r, territories[territory]))
    return out


def _pathways(raw: Any, tiles: Sequence[Tile], problems: list[str]) -> list[tuple[int, int]]:
    if type(raw) is not list:
        problems.append('"pathways" must be a list of pairs of tile numbers')
        return []
    if len(raw) > MAX_PATHWAYS:
        problem = f"{len(raw)} pathways: the box has tokens for {MAX_PATHWAYS} pairs"
        if len(raw) > MAX_LISTED:
            raise BoardError([problem])
        problems.append(problem)
    by_number = {t.number: t for t in tiles}
    out: list[tuple[int, int]] = []
    for k, pair in enumerate(raw):
        where = f"pathway {k + 1}"
        if type(pair) is not list or len(pair) != 2 or not all(type(n) is int for n in pair):
            problems.append(f"{where} must be a pair of tile numbers, like [3, 11]")
            continue
        a, b = pair
        if a == b:
            problems.append(f"{where} joins tile {shown(a)} to itself")
            continue
        missing = [n for n in (a, b) if n not in by_number]
        if missing:
            problems.append(f"{where}: there is no tile {shown(missing[0])}")
            continue
        if hexgrid.distance(by_number[a].hex, by_number[b].hex) == 1:
            problems.append(
                f"{where}: tiles {a} and {b} already touch (a pathway joins tiles apart)"
            )
            continue
        if (min(a, b), max(a, b)) in {(min(p), max(p)) for p in out}:
            problems.append(f"{where}: tiles {a} and {b} are joined twice")
            continue
        out.append((a, b))
    return out


def _components(layout: Layout) -> list[list[int]]:
    """The groups of tiles a penguin can walk between (pathways included)."""
    seen: set[int] = set()
    groups = []
    for start in range(len(layout)):
        if start in seen:
            continue
        seen.add(start)
        group = [start]
        for i in group:
            for j in layout.neighbours[i]:
                if j not in seen:
                    seen.add(j)
                    group.append(j)
        groups.append(group)
    return groups


# -- the built-in layouts --------------------------------------------------------------------


@cache
def _builtin_file() -> dict[str, Any]:
    text = resources.files("waddle.games.pebbles").joinpath("layouts.json").read_text("utf-8")
    return json.loads(text)


@cache
def layout_named(name: str) -> Layout:
    """A built-in layout by its name and version (``KeyError`` if there is none)."""
    for entry in _builtin_file()["layouts"]:
        if entry["name"] == name:
            layout, _ = parse_layout(entry, name)
            return layout
    raise KeyError(f"no built-in Pebbles layout named {name!r}")


def builtin_names() -> tuple[str, ...]:
    """Every built-in layout, current and earlier versions, in the file's order."""
    return tuple(entry["name"] for entry in _builtin_file()["layouts"])


def builtin_layout(players: int) -> Layout:
    """The current built-in layout for ``players`` players."""
    return layout_named(_builtin_file()["default"][str(players)])
