"""The map of a Waddle game: ice and water hexes, numbered water, fishing pools.

A map is a list of :class:`HexSpec` (the record's ``map``). :class:`Board` turns it into
the fixed topology the rules need, with every hex given a small integer index and all
adjacency precomputed, so that a game never scans the whole map per action.

Custom maps (peninsulas, gaps, islands) go through :func:`check_map`, which returns clear
errors (the map cannot be played) and warnings (it can, but something looks unintended).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from waddle.core import hexgrid, jsontext
from waddle.core.bits import MAX_SIGNED, MAX_VARINT, MIN_SIGNED
from waddle.core.hexgrid import Hex
from waddle.core.jsontext import shown
from waddle.core.records import BoardError
from waddle.games.waddle.actions import Action, place_pair

Kind = Literal["ice", "water"]
ICE: Kind = "ice"
WATER: Kind = "water"

MAX_HEXES = 2000
"""The most hexes a map may have: what a share link carries (a generated map has about
60), and a bound that keeps reading a hostile file quick."""
MAX_COORD = 100
"""How far from 0,0 a hex may lie, in steps (q, r and -q-r each from -100 to 100): room
for the largest map (2,000 hexes fill a hexagon of radius 26) with holes in it, where a
generated map reaches 6. What a page draws and names grows with the map, never with a
coordinate's value; this bound keeps the map's frame, and the numbers read, to what a map
can need."""
MAX_FISH = 50
"""The most fish tokens one water hex may hold (what a share link carries)."""


class MapError(BoardError):
    """A map that cannot be played; ``problems`` lists every problem found."""


@dataclass(frozen=True, slots=True)
class HexSpec:
    """One hex of a map as the record states it."""

    q: int
    r: int
    kind: Kind
    number: int | None = None
    fish: tuple[int, ...] = ()

    @property
    def hex(self) -> Hex:
        return (self.q, self.r)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"q": self.q, "r": self.r, "kind": self.kind}
        if self.kind == WATER:
            if self.number is not None:
                out["number"] = self.number
            out["fish"] = list(self.fish)
        return out

    @staticmethod
    def from_json(data: Any, where: str = "hex") -> HexSpec:
        """Parse one hex of a record's map; ``ValueError`` names the field at fault."""
        if not isinstance(data, dict):
            raise ValueError(f"{where}: must be a JSON object")
        for key in ("q", "r"):
            if key not in data:
                raise ValueError(f'{where}: missing "{key}"')
            if not _is_int(data[key]):
                raise ValueError(f'{where}: "{key}" must be an integer')
        if hexgrid.distance((0, 0), (data["q"], data["r"])) > MAX_COORD:
            raise ValueError(f"{where}: {_too_far(data['q'], data['r'])}")
        kind = data.get("kind")
        if kind not in (ICE, WATER):
            raise ValueError(f'{where}: "kind" must be "ice" or "water"')
        number = data.get("number")
        if number is not None and not _is_int(number):
            raise ValueError(f'{where}: "number" must be an integer')
        if number is not None and not MIN_SIGNED <= number <= MAX_SIGNED:
            raise ValueError(f'{where}: "number" {_BEYOND_LINK}, not {shown(number)}')
        fish = data.get("fish", [])
        if not isinstance(fish, list) or not all(_is_int(f) and f >= 0 for f in fish):
            raise ValueError(f'{where}: "fish" must be a list of non-negative integers')
        if len(fish) > MAX_FISH or any(f > MAX_VARINT for f in fish):
            raise ValueError(
                f'{where}: "fish" must list at most {MAX_FISH} fish of at most {MAX_VARINT} VP '
                "(what a share link holds)"
            )
        if kind == ICE and (number is not None or fish):
            raise ValueError(f"{where}: an ice hex has no number and no fish")
        return HexSpec(data["q"], data["r"], kind, number, tuple(fish))


@dataclass(frozen=True, slots=True)
class Pool:
    """A fishing pool: a maximal connected set of water hexes and the ice around it."""

    water: tuple[int, ...]
    """Indices of its water hexes."""
    fish: tuple[int, ...]
    """VP value of every fish in the pool, best first."""
    ice: tuple[int, ...]
    """Indices of the ice hexes next to any of its water hexes (each once)."""
    number: int | None = None
    """The lowest number among its water hexes (how the rules page and records name
    it), or None for a pool with no numbered water."""
    hexes: tuple[Hex, ...] = ()
    """The coordinates of its water hexes, in the order of ``water``."""


@dataclass(frozen=True, eq=False)
class Board:
    """Immutable topology of one map, indexed for fast play.

    >>> board = Board([HexSpec(0, 0, "water", 1, (3,)), HexSpec(1, 0, "ice")])
    >>> board.index[(1, 0)], board.numbers, board.pools[0].fish
    (1, (1,), (3,))
    """

    specs: tuple[HexSpec, ...]
    index: dict[Hex, int] = field(init=False)
    coords: tuple[Hex, ...] = field(init=False)
    is_ice: tuple[bool, ...] = field(init=False)
    neighbors: tuple[tuple[int, ...], ...] = field(init=False)
    ice: tuple[int, ...] = field(init=False)
    """Indices of the ice hexes."""
    ice_neighbors: tuple[tuple[int, ...], ...] = field(init=False)
    """For each hex index, its neighbours that are ice (where waddles connect)."""
    numbered: tuple[int, ...] = field(init=False)
    """Hex indices of the numbered water hexes, in marker order (lowest number first)."""
    numbers: tuple[int, ...] = field(init=False)
    """The number of each entry of ``numbered``."""
    slot_ice: tuple[tuple[int, ...], ...] = field(init=False)
    """For each numbered water hex (by slot), the ice hexes next to it."""
    ice_slots: tuple[tuple[int, ...], ...] = field(init=False)
    """For each hex index, the slots of the numbered water hexes next to it."""
    pools: tuple[Pool, ...] = field(init=False)
    pool_of: tuple[int, ...] = field(init=False)
    """Pool index of each water hex; -1 for ice."""
    place_actions: tuple[tuple[Action, Action], ...] = field(init=False)
    """The (single, double) placing actions of each hex, built once so play allocates none."""

    def __init__(self, specs: list[HexSpec] | tuple[HexSpec, ...]) -> None:
        problems = _structural_problems(specs)
        if problems:
            raise MapError(problems)
        put = object.__setattr__  # frozen dataclass: fields are set once, here
        specs = tuple(specs)
        size = len(specs)
        coords = tuple([s.hex for s in specs])
        index = {h: i for i, h in enumerate(coords)}
        neighbors = hexgrid.neighbor_indices(coords)
        is_ice = tuple([s.kind == ICE for s in specs])
        ice_neighbors = tuple([tuple([n for n in ns if is_ice[n]]) for ns in neighbors])
        numbered = tuple(
            sorted((i for i, s in enumerate(specs) if s.number is not None),
                   key=lambda i: specs[i].number)
        )  # fmt: skip
        slot_ice = tuple([ice_neighbors[w] for w in numbered])
        ice_slots: list[list[int]] = [[] for _ in specs]
        for slot, ice in enumerate(slot_ice):
            for i in ice:
                ice_slots[i].append(slot)

        # Pools: the water hexes in groups connected through water, each group found
        # breadth-first from its first hex in map order (neighbours in DIRECTIONS order).
        pools = []
        pool_of = [-1] * size
        for start in range(size):
            if is_ice[start] or pool_of[start] >= 0:
                continue
            pool_of[start] = len(pools)
            members = [start]
            for w in members:  # grows while iterating
                for n in neighbors[w]:
                    if not is_ice[n] and pool_of[n] < 0:
                        pool_of[n] = len(pools)
                        members.append(n)
            fish = sorted([f for w in members for f in specs[w].fish], reverse=True)
            around = sorted({n for w in members for n in ice_neighbors[w]})
            marks = [specs[w].number for w in members if specs[w].number is not None]
            pools.append(
                Pool(tuple(members), tuple(fish), tuple(around),
                     min(marks) if marks else None, tuple([coords[w] for w in members]))
            )  # fmt: skip

        put(self, "specs", specs)
        put(self, "index", index)
        put(self, "coords", coords)
        put(self, "is_ice", is_ice)
        put(self, "neighbors", neighbors)
        put(self, "ice", tuple([i for i in range(size) if is_ice[i]]))
        put(self, "ice_neighbors", ice_neighbors)
        put(self, "numbered", numbered)
        put(self, "numbers", tuple([specs[i].number for i in numbered]))
        put(self, "slot_ice", slot_ice)
        put(self, "ice_slots", tuple([tuple(s) for s in ice_slots]))
        put(self, "pools", tuple(pools))
        put(self, "pool_of", tuple(pool_of))
        put(self, "place_actions", tuple([place_pair(h) for h in coords]))

    def __len__(self) -> int:
        return len(self.specs)

    @property
    def ice_count(self) -> int:
        return sum(self.is_ice)

    def to_json(self) -> list[dict[str, Any]]:
        return [s.to_json() for s in self.specs]

    @staticmethod
    def from_json(data: Any) -> Board:
        """Build a board from a record's ``map`` list; ``MapError`` lists what is wrong."""
        return Board(parse_map(data))


_BEYOND_LINK = f"must be from {MIN_SIGNED} to {MAX_SIGNED} (what a share link holds)"


def parse_map(data: Any) -> list[HexSpec]:
    """A record's ``"map"`` list as hexes; ``MapError`` lists every ill-typed entry (a
    list longer than :data:`MAX_HEXES` gets one problem, before any entry is read)."""
    if not isinstance(data, list):
        raise MapError(['"map" must be a list of hexes'])
    if len(data) > MAX_HEXES:
        raise MapError([too_many_hexes(len(data))])
    problems = []
    specs = []
    for i, item in enumerate(data):
        try:
            specs.append(HexSpec.from_json(item, f"map[{i}]"))
        except ValueError as e:
            problems.append(str(e))
    if problems:
        raise MapError(problems)
    return specs


def load_custom_map(text: str) -> tuple[list[HexSpec], list[str]]:
    """Read a custom map from JSON text: a list of hexes, or an object with a ``"map"`` list.

    Returns the hexes and the warnings of :func:`check_map`; raises ``MapError`` listing
    every error.

    >>> specs, warnings = load_custom_map('[{"q": 0, "r": 0, "kind": "water", "number": 1}]')
    >>> warnings
    ['water hex number 1 has no ice next to it; the active-hex marker will skip it']
    """
    try:
        data = jsontext.loads(text)
    except jsontext.JSONTextError as e:
        raise MapError([e.about("the map")]) from None
    if isinstance(data, dict):
        if "map" not in data:
            raise MapError(['expected a list of hexes or an object with a "map" list'])
        data = data["map"]
    specs = parse_map(data)
    errors, warnings = check_map(specs)
    if errors:
        raise MapError(errors)
    return specs, warnings


def check_map(specs: list[HexSpec] | tuple[HexSpec, ...]) -> tuple[list[str], list[str]]:
    """Return ``(errors, warnings)`` for a map; it is playable when ``errors`` is empty.

    Warnings: ice that no numbered water hex touches (it can never be filled), numbered
    water with no ice next to it (the marker skips it), a map in several islands.
    """
    errors = _structural_problems(specs)
    warnings: list[str] = []
    if errors:
        return errors, warnings
    board = Board(specs)
    never = [board.coords[i] for i in range(len(board)) if board.is_ice[i]
             and not board.ice_slots[i]]  # fmt: skip
    if never:
        shown = ", ".join(f"{q},{r}" for q, r in never[:8])
        more = f" and {len(never) - 8} more" if len(never) > 8 else ""
        warnings.append(
            f"{len(never)} ice hex(es) touch no numbered water and can never be filled: "
            f"{shown}{more}"
        )
    for slot, ice in enumerate(board.slot_ice):
        if not ice:
            warnings.append(
                f"water hex number {board.numbers[slot]} has no ice next to it; "
                "the active-hex marker will skip it"
            )
    islands = hexgrid.connected_components(board.coords)
    if len(islands) > 1:
        warnings.append(f"the map is {len(islands)} separate islands")
    return errors, warnings


def too_many_hexes(count: int) -> str:
    """The problem of a map of ``count`` hexes, more than :data:`MAX_HEXES`."""
    return f"the map has {count:,} hexes; a map has at most {MAX_HEXES:,}"


def _structural_problems(specs: list[HexSpec] | tuple[HexSpec, ...]) -> list[str]:
    problems: list[str] = []
    if not specs:
        return ["the map has no hexes"]
    if len(specs) > MAX_HEXES:
        return [too_many_hexes(len(specs))]
    seen: dict[Hex, int] = {}
    numbers: dict[int, Hex] = {}
    for i, s in enumerate(specs):
        if hexgrid.distance((0, 0), s.hex) > MAX_COORD:  # a link's map, read hex by hex
            problems.append(f"map[{i}]: {_too_far(s.q, s.r)}")
        if s.hex in seen:
            problems.append(f"hex {s.q},{s.r} appears twice (map[{seen[s.hex]}] and map[{i}])")
        else:
            seen[s.hex] = i
        if s.kind == ICE and (s.number is not None or s.fish):
            problems.append(f"ice hex {s.q},{s.r} cannot have a number or fish")
        if s.number is not None:
            if s.number in numbers:
                other = numbers[s.number]
                problems.append(
                    f"number {s.number} is used twice (hexes {other[0]},{other[1]} and {s.q},{s.r})"
                )
            else:
                numbers[s.number] = s.hex
    if not numbers:
        problems.append("the map has no numbered water hex, so no round can start")
    return problems


def _too_far(q: int, r: int) -> str:
    return f"hex {shown(q)},{shown(r)} is too far from 0,0 (at most {MAX_COORD} steps)"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
