"""The printed components that the rulebook's text does not show, read from data.

The board's rookeries (their species and threat spaces), the Conservation Points tokens
(each rookery's end-of-season bonus, larger and smaller), the Fish Supply tokens, the
season events, the Frozen card's and Kevin's texts: all come from a JSON file. The one
built in, ``components.json``, is the project's own design (its ``note`` says so and says
how a printed set replaces it); :func:`load_components` reads any such file and lists every
problem with it.

>>> BUILT_IN.name, [r.name for r in BUILT_IN.rookeries][:2]
('waddle-waddle-project/1', ['Macquarie Island', 'Antarctic Peninsula'])
>>> BUILT_IN.rookery("argentine").species == (MAGELLANIC, ROCKHOPPER)
True
>>> [e.id for e in BUILT_IN.events_of(3)]
['fledging', 'el-nino', 'blizzard']
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

from waddle.core import jsontext
from waddle.core.jsontext import shown
from waddle.core.records import BoardError, is_int
from waddle.games.waddle_waddle.cards import MAGELLANIC, ROCKHOPPER, SPECIES  # noqa: F401
from waddle.games.waddle_waddle.threats import THREATS, THREATS_PER_SEASON

FORMAT = "waddle-waddle-components/1"
MAX_BYTES = 12_000
"""The largest component set (its compact JSON, in UTF-8) a share link carries; the
built-in one takes about 4,000."""

ROOKERY_IDS: tuple[str, ...] = ("macquarie", "peninsula", "argentine", "crozet", "georgia")
"""The five rookeries of the rulebook, in its order; the threats' limits name them."""
ROOKERY_NAMES: tuple[str, ...] = (
    "Macquarie Island",
    "Antarctic Peninsula",
    "Argentine Sea",
    "Crozet Islands",
    "South Georgia Island",
)
ROOKERIES = len(ROOKERY_IDS)

SEASONS = 3
"""Season events exist for seasons 1, 2 and 3 (Quick, Standard and Epic games)."""

EFFECTS: dict[str, dict[str, tuple[int, int]]] = {
    "rookery_fish": {"amount": (-5, 5)},
    "floe_size": {"amount": (-2, 4)},
    "fishing_catch": {"amount": (1, 2)},
    "waddle_bonus": {"min_size": (3, 6), "points": (1, 20)},
    "keep_hand": {},
    "nest_points": {"points": (1, 5)},
    "bonus_multiplier": {"factor": (0, 4)},
    "face_up_only": {},
}
"""The kinds of season event the engine carries out, with each parameter's range:

- ``rookery_fish``: at the season's start, ``amount`` more fish in each rookery (fewer if
  negative, never below none; fish come from and go back to the supply);
- ``floe_size``: the ice floe is refilled to ``amount`` more cards than usual;
- ``fishing_catch``: a Fishing Trip takes ``amount`` fish (still at most two in hand);
- ``waddle_bonus``: a waddle of at least ``min_size`` cards scores ``points`` more;
- ``keep_hand``: the rest of the hand stays after playing waddles;
- ``nest_points``: each nest placed scores ``points``;
- ``bonus_multiplier``: the season's end-of-season bonuses are multiplied by ``factor``;
- ``face_up_only``: no card is taken face down (draft or refill).
"""


@dataclass(frozen=True)
class Rookery:
    index: int
    id: str
    name: str
    species: tuple[int, ...]
    """Species indexes (:data:`~.cards.SPECIES`) that nest here, in the file's order."""
    threat_spaces: int
    note: str = ""

    def has(self, species: int) -> bool:
        return species in self.species


@dataclass(frozen=True)
class Event:
    id: str
    season: int
    name: str
    text: str
    kind: str
    params: tuple[tuple[str, int], ...] = ()

    def param(self, name: str, default: int = 0) -> int:
        return dict(self.params).get(name, default)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "season": self.season,
            "name": self.name,
            "text": self.text,
            "effect": {"kind": self.kind, **dict(self.params)},
        }


@dataclass(frozen=True)
class Components:
    """One component set: everything a printed copy would replace."""

    name: str
    """``name/version``: how a record names a set built into the engine."""
    note: str
    rookeries: tuple[Rookery, ...]
    """The five rookeries in :data:`ROOKERY_IDS` order, whatever the file's order."""
    conservation_tokens: tuple[tuple[int, int], ...]
    """``(larger, smaller)`` end-of-season bonus of each token."""
    fish_tokens: tuple[int, ...]
    fish: int
    """Fish tokens in the box: the supply rookeries and fishing trips draw from."""
    nests_per_colour: int
    frozen_text: str
    kevin_text: str
    events: tuple[Event, ...]
    raw: dict[str, Any] = field(compare=False, repr=False, default_factory=dict)
    """The JSON object it was read from (what a record of a custom set writes out)."""

    def rookery(self, rookery_id: str) -> Rookery:
        return self.rookeries[ROOKERY_IDS.index(rookery_id)]

    def events_of(self, season: int) -> tuple[Event, ...]:
        """The events of season ``season`` (1, 2 or 3), in the file's order."""
        return tuple(e for e in self.events if e.season == season)

    def event(self, event_id: str) -> Event:
        for e in self.events:
            if e.id == event_id:
                return e
        raise KeyError(event_id)

    def to_json(self) -> dict[str, Any]:
        return self.raw

    @property
    def species_masks(self) -> tuple[int, ...]:
        """Each rookery's species as a bit mask (bit ``s`` for species ``s``)."""
        return tuple(sum(1 << s for s in r.species) for r in self.rookeries)


def load_components(text: str | bytes) -> tuple[Components, list[str]]:
    """A component set from JSON text, and its warnings; ``BoardError`` lists every problem.

    >>> try:
    ...     load_components('{"format": "waddle-waddle-components/1", "version": 1}')
    ... except BoardError as e:
    ...     e.problems[:3]
    ['missing "name"', 'missing "rookeries"', 'missing "conservation_tokens"']
    """
    try:
        data = jsontext.loads(text)
    except jsontext.JSONTextError as e:
        raise BoardError([e.about("the component set")]) from None
    return components_from_json(data)


def components_from_json(data: Any) -> tuple[Components, list[str]]:
    """:func:`load_components` for parsed JSON."""
    problems: list[str] = []
    warnings: list[str] = []
    if type(data) is not dict:
        raise BoardError(["a component set must be a JSON object"])
    size = _size(data)
    if size is None:
        raise BoardError(["a component set must be plain JSON text, in UTF-8"])
    if size > MAX_BYTES:  # refused whole: a record of it could not be shared
        raise BoardError(
            [f"the component set takes {size:,} bytes; a share link holds at most {MAX_BYTES:,}"]
        )
    if data.get("format") != FORMAT:
        problems.append(f'"format" must be "{FORMAT}", not {shown(data.get("format"))}')
    name = _string(data, "name", problems)
    version = data.get("version")
    if not (is_int(version) and version >= 1):
        problems.append('"version" must be a whole number from 1')
    rookeries = _rookeries(data.get("rookeries"), problems, warnings)
    tokens = _conservation(data.get("conservation_tokens"), problems, warnings)
    fish_tokens = _int_list(data.get("fish_tokens"), "fish_tokens", 0, 10, problems)
    fish = data.get("fish")
    if not (is_int(fish) and 1 <= fish <= 200):
        problems.append('"fish" (fish tokens in the box) must be a whole number from 1 to 200')
    elif fish_tokens and sum(fish_tokens) > fish:
        problems.append(f'the fish tokens place {sum(fish_tokens)} fish but "fish" is {fish}')
    nests = data.get("nests_per_colour")
    if not (is_int(nests) and 1 <= nests <= 100):
        problems.append('"nests_per_colour" must be a whole number from 1 to 100')
    frozen = _string(data, "frozen", problems)
    kevin = _string(data, "kevin", problems)
    events = _events(data.get("events"), problems)
    note = data.get("note", "")
    if type(note) is not str:
        problems.append('"note" must be text')
    if problems:
        raise BoardError(problems)
    return (
        Components(
            f"{name}/{version}",
            note,
            rookeries,
            tokens,
            tuple(fish_tokens),
            fish,
            nests,
            frozen,
            kevin,
            events,
            data,
        ),
        warnings,
    )


def _size(data: dict) -> int | None:
    """The bytes of ``data`` as a link writes it (compact JSON in UTF-8); None if it is
    not JSON (Python values, or nested deeper than the encoder goes) or not UTF-8 (a
    lone surrogate, which ``"\\ud800"`` in JSON gives: the link could not write it)."""
    try:
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        return len(text.encode("utf-8"))
    except (TypeError, ValueError, RecursionError):  # (UnicodeEncodeError is a ValueError)
        return None


def _string(data: dict, key: str, problems: list[str]) -> str:
    value = data.get(key)
    if value is None:
        problems.append(f'missing "{key}"')
        return ""
    if type(value) is not str or not value.strip():
        problems.append(f'"{key}" must be non-empty text')
        return ""
    return value


def _int_list(raw: Any, key: str, low: int, high: int, problems: list[str]) -> list[int]:
    if raw is None:
        problems.append(f'missing "{key}"')
        return []
    if type(raw) is not list or len(raw) != ROOKERIES:
        problems.append(f'"{key}" must list {ROOKERIES} tokens, one per rookery')
        return []
    if not all(is_int(v) and low <= v <= high for v in raw):
        problems.append(f'"{key}" must hold whole numbers from {low} to {high}')
        return []
    return list(raw)


def _rookeries(raw: Any, problems: list[str], warnings: list[str]) -> tuple[Rookery, ...]:
    if raw is None:
        problems.append('missing "rookeries"')
        return ()
    if type(raw) is not list:
        problems.append('"rookeries" must be a list')
        return ()
    found: dict[str, Rookery] = {}
    for i, item in enumerate(raw):
        where = f"rookery {i + 1}"
        if type(item) is not dict:
            problems.append(f"{where} must be an object")
            continue
        rid = item.get("id")
        if rid not in ROOKERY_IDS:
            problems.append(f'{where}: "id" must be one of {", ".join(ROOKERY_IDS)}')
            continue
        where = f"rookery {rid}"
        if rid in found:
            problems.append(f"{where} appears twice")
            continue
        k = ROOKERY_IDS.index(rid)
        name = item.get("name", ROOKERY_NAMES[k])
        if type(name) is not str or not name.strip():
            problems.append(f'{where}: "name" must be non-empty text')
        species = item.get("species")
        if (
            type(species) is not list
            or not species
            or not all(type(s) is str and s in SPECIES for s in species)
        ):
            problems.append(f'{where}: "species" must list species among {", ".join(SPECIES)}')
            continue
        if len(set(species)) != len(species):
            problems.append(f"{where}: a species is listed twice")
            continue
        spaces = item.get("threat_spaces")
        if not (is_int(spaces) and 0 <= spaces <= THREATS_PER_SEASON):
            problems.append(f'{where}: "threat_spaces" must be a whole number from 0 to 4')
            continue
        note = item.get("note", "")
        if type(note) is not str:
            problems.append(f'{where}: "note" must be text')
            continue
        found[rid] = Rookery(
            k, rid, str(name), tuple(SPECIES.index(s) for s in species), spaces, note
        )
    missing = [r for r in ROOKERY_IDS if r not in found]
    if missing and type(raw) is list and not problems:
        problems.append(f"missing rookeries: {', '.join(missing)}")
    if missing or problems:
        return ()
    rookeries = tuple(found[r] for r in ROOKERY_IDS)
    total = sum(r.threat_spaces for r in rookeries)
    for threat in THREATS:
        if threat.not_at is not None:
            room = total - found[threat.not_at].threat_spaces
            if room < THREATS_PER_SEASON:
                problems.append(
                    f"the {threat.name} may not go to {found[threat.not_at].name}: the other "
                    f"rookeries need {THREATS_PER_SEASON} threat spaces between them, not {room}"
                )
    for s, species in enumerate(SPECIES):
        if not any(r.has(s) for r in rookeries):
            warnings.append(f"no rookery has {species}: its cards can only join other species")
    magellanic = [r.name for r in rookeries if r.has(MAGELLANIC) and r.id != "argentine"]
    if magellanic:
        warnings.append(
            "the rulebook's Papi text has Magellanic nests only at the Argentine Sea, "
            f"not at {', '.join(magellanic)}"
        )
    return rookeries


def _conservation(raw: Any, problems: list[str], warnings: list[str]) -> tuple:
    if raw is None:
        problems.append('missing "conservation_tokens"')
        return ()
    if type(raw) is not list or len(raw) != ROOKERIES:
        problems.append(f'"conservation_tokens" must list {ROOKERIES} tokens, one per rookery')
        return ()
    out = []
    for i, item in enumerate(raw):
        larger = item.get("larger") if type(item) is dict else None
        smaller = item.get("smaller") if type(item) is dict else None
        if not (is_int(larger) and is_int(smaller) and 0 <= smaller <= larger <= 200):
            problems.append(
                f'conservation token {i + 1} must be {{"larger": L, "smaller": S}}, whole '
                "numbers with 0 <= S <= L <= 200"
            )
            continue
        if smaller % 2:
            warnings.append(
                f"conservation token {i + 1}: players tied for second share half of "
                f"{smaller}, rounded down"
            )
        out.append((larger, smaller))
    return tuple(out)


def _events(raw: Any, problems: list[str]) -> tuple[Event, ...]:
    if raw is None:
        problems.append('missing "events"')
        return ()
    if type(raw) is not list:
        problems.append('"events" must be a list')
        return ()
    events = []
    ids = set()
    for i, item in enumerate(raw):
        where = f"event {i + 1}"
        if type(item) is not dict:
            problems.append(f"{where} must be an object")
            continue
        eid = item.get("id")
        if type(eid) is not str or not eid.strip():
            problems.append(f'{where}: "id" must be non-empty text')
            continue
        where = f"event {eid}"
        if eid in ids:
            problems.append(f"{where} appears twice")
            continue
        ids.add(eid)
        season = item.get("season")
        if not (is_int(season) and 1 <= season <= SEASONS):
            problems.append(f'{where}: "season" must be 1, 2 or 3')
            continue
        texts = [item.get("name"), item.get("text")]
        if not all(type(t) is str and t.strip() for t in texts):
            problems.append(f'{where}: "name" and "text" must be non-empty text')
            continue
        effect = item.get("effect")
        kind = effect.get("kind") if type(effect) is dict else None
        if type(kind) is not str or kind not in EFFECTS:  # (a list is unhashable)
            problems.append(
                f'{where}: "effect" must be {{"kind": K, ...}}, K one of {", ".join(EFFECTS)}'
            )
            continue
        params = []
        for key, (low, high) in EFFECTS[kind].items():
            value = effect.get(key)
            if not (is_int(value) and low <= value <= high):
                problems.append(
                    f'{where}: {kind} needs "{key}", a whole number from {low} to {high}'
                )
                break
            params.append((key, value))
        else:
            extra = set(effect) - set(EFFECTS[kind]) - {"kind"}
            if extra:
                problems.append(f"{where}: {kind} takes no {', '.join(sorted(extra))}")
                continue
            events.append(Event(eid, season, str(texts[0]), str(texts[1]), kind, tuple(params)))
    for season in range(1, SEASONS + 1):
        if not any(e.season == season for e in events) and not problems:
            problems.append(f"no event for season {season}")
    return tuple(events)


def _built_in() -> Components:
    path = os.path.join(os.path.dirname(__file__), "components.json")
    with open(path, encoding="utf-8") as f:
        components, _warnings = load_components(f.read())
    return components


BUILT_IN = _built_in()
"""The project's own component set (``components.json``)."""

SETS: dict[str, Components] = {BUILT_IN.name: BUILT_IN}
"""The sets a record may name instead of writing them out, by ``name/version``."""
