"""Hostile input to every reader of every game: records, record texts, links, ``--jsonl``.

A seeded mutator (deterministic: the same inputs on every run) starts from real games of
each game of the registry (new games, played a few random moves or to the end, and their
share links) and damages them as a hostile tester would:

- records at the JSON level: keys dropped, values replaced by other types, huge or
  negative numbers, floats, lone surrogates, non-ASCII digits, long strings, deep nesting,
  list items duplicated, removed or multiplied, values moved from elsewhere in the record;
- record texts at the character level: truncated, characters changed, inserted or
  deleted, another game's format, nested a thousand levels deep;
- links: characters changed, truncated, another game's prefix, and the bits behind a
  valid checksum flipped, cut or extended (so the damage reaches the game's decoder).

Each input must get the reader's own error (``RecordError``, ``LinkError``) or be read;
a record that is read and replays must travel through its game's link and come back the
same, and a link that opens must hold a record that reads back. Any other exception, or
an input that takes more than :data:`SLOW` seconds, fails the test with the input's
description. ``INPUTS_PER_GAME`` is how many inputs each game gets.
"""

from __future__ import annotations

import io
import json
import random
import time
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

from waddle.cli import main, replay_result
from waddle.core.bits import pack_text, unpack_text
from waddle.core.game import CHANCE
from waddle.core.links import LinkError
from waddle.core.records import RecordError
from waddle.core.rng import Rng
from waddle.games import GAMES

RECORD_MUTANTS = 700
"""Records damaged at the JSON level, per game."""
TEXT_MUTANTS = 300
"""Record texts damaged at the character level, per game (also run as one ``--jsonl``)."""
LINK_MUTANTS = 500
"""Damaged links, per game."""
INPUTS_PER_GAME = RECORD_MUTANTS + TEXT_MUTANTS + LINK_MUTANTS
SLOW = 2.0
"""Seconds one input may take: every reader is linear in its input, and none is large."""

GAME_IDS = [entry.id for entry in GAMES]


# -- real games to start from -----------------------------------------------------------------


@cache
def bases(game_id: str) -> tuple[Any, ...]:
    """Records of ``game_id``: each player count at its ends, not started, a few moves in,
    and played to the end (or 400 plies), with random legal moves."""
    entry = GAMES.by_id(game_id)
    game = entry.load()
    out = []
    for players in sorted(set(entry.players)):
        for seed, plies in ((1, 0), (2, 12), (3, 400)):
            record = game.new_record(players, seed)
            state = record.start()
            rng = Rng(seed)
            while state.ply < plies and not state.is_over():
                if state.to_move() == CHANCE:
                    state.apply(state.sample_chance(rng))
                else:
                    state.apply(rng.choice(state.legal_actions()))
            out.append(record.with_actions(state.history))
    return tuple(out)


def base_json(game_id: str, rng: random.Random) -> dict[str, Any]:
    """A base record as JSON; sometimes with its board written out as a custom one (a
    Pebbles layout object, a Waddle Waddle component set), so that those readers run, and
    sometimes a card game's as one seat has seen it (its hidden cards "?")."""
    record = rng.choice(bases(game_id))
    redact = getattr(GAMES.by_id(game_id).load(), "redact", None)
    if redact is not None and rng.random() < 0.3:
        return redact(record, rng.randrange(record.players)).to_json()
    data = record.to_json()
    layout = getattr(record, "layout", None)
    if layout is not None and rng.random() < 0.5:
        data["layout"] = {k: v for k, v in layout.to_json().items() if k != "name"}
    components = getattr(record, "components", None)
    if components is not None and rng.random() < 0.5:
        data["components"] = dict(components.raw)
    return data


# -- the mutator ------------------------------------------------------------------------------


def _deep(levels: int) -> Any:
    value: Any = 0
    for _ in range(levels):
        value = [value]
    return value


HOSTILE: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1.5,
    float("nan"),
    10**30,
    2**64,
    2**64 - 1,
    2**63,
    -(2**63) - 1,
    "",
    "x" * 100_000,
    "٣",
    "²",
    "\ud800",
    "\u2028",
    [],
    {},
    [1, "a"],
    {"a": 1},
    ["Ki3"] * 5_000,
    list(range(5_000)),
)


def _paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every place in a JSON value, the root first (values of at most 50 levels)."""
    yield path
    if len(path) > 50:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*path, i))


def _copy_along(data: Any, path: tuple) -> Any:
    """``data`` with the containers on ``path`` copied (the rest shared), so that a
    mutation at the end of ``path`` leaves the base record alone."""
    top = type(data)(data)
    node = top
    for step in path:
        child = node[step]
        if isinstance(child, dict | list):
            child = type(child)(child)
            node[step] = child
        node = child
    return top


def _copy(value: Any) -> Any:
    """A copy of a value (sharing it could make a cycle), or 2,000 levels of nesting for
    a value an earlier mutation nested that deep (which ``json`` cannot copy)."""
    try:
        return json.loads(json.dumps(value))
    except RecursionError:
        return _deep(2_000)


def mutate(data: Any, rng: random.Random) -> tuple[Any, str]:
    """``data`` damaged once somewhere, and what was done."""
    paths = list(_paths(data))
    path = rng.choice(paths)
    if not path:
        return rng.choice(HOSTILE), "the whole record replaced"
    data = _copy_along(data, path[:-1])
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    value = parent[key]
    op = rng.randrange(8)
    where = "/".join(map(str, path))
    if op == 0:
        del parent[key]
        return data, f"{where} removed"
    if op == 1:
        new = rng.choice(HOSTILE)
        parent[key] = new
        return data, f"{where} = {type(new).__name__} {str(new)[:20]!r}"
    if op == 2:
        levels = rng.choice((45, 2_000))
        parent[key] = _deep(levels)
        return data, f"{where} nested {levels} deep"
    if op == 3 and isinstance(parent, list):
        for _ in range(rng.choice((1, 3, 2_000))):
            parent.insert(key, value)
        return data, f"{where} repeated"
    if op == 4 and type(value) is int:
        parent[key] = rng.choice((value + 1, value - 1, -value - 1, value + 2**64, value * 10**20))
        return data, f"{where} = {parent[key]}"
    if op == 5 and isinstance(value, str):
        parent[key] = rng.choice((value.upper(), value[:-1], value + "x", "٣" + value, value * 50))
        return data, f"{where} = {parent[key][:20]!r}"
    if op == 6:
        source = rng.choice(paths)  # still a path of the copy: nothing is replaced yet
        moved = data
        for step in source:
            moved = moved[step]
        parent[key] = _copy(moved)
        return data, f"{where} = the value of {'/'.join(map(str, source))}"
    if op == 7 and isinstance(data, dict):
        other = rng.choice([f for e in GAMES for f in e.formats])
        data["format"] = other
        return data, f"format = {other}"
    parent[key] = rng.choice(HOSTILE)
    return data, f"{where} replaced"


def mutate_text(text: str, rng: random.Random) -> tuple[str, str]:
    """A record's text damaged at the character level, and what was done."""
    op = rng.randrange(6)
    at = rng.randrange(len(text) + 1)
    if op == 0:
        return text[:at], f"cut at {at}"
    if op == 1:
        char = rng.choice('[]{}",:\\0-9eE.٣\u2028\n x')
        return text[:at] + char + text[at:], f"{char!r} inserted at {at}"
    if op == 2:
        return text[:at] + text[at + rng.randint(1, 20) :], f"characters deleted at {at}"
    if op == 3:
        return "[" * 2_000 + text + "]" * 2_000, "nested 2000 deep"
    if op == 4:
        ours = json.loads(text).get("format", "")
        other = rng.choice([f for e in GAMES for f in e.formats])
        return text.replace(ours, other, 1), f"format {other}"
    return text[:at] + text[at : at + 200] * 50 + text[at:], f"a piece repeated at {at}"


def mutate_link(text: str, prefixes: list[str], rng: random.Random) -> tuple[str, str]:
    """A link damaged in its characters or, behind a valid checksum, in its bits."""
    prefix = next(p for p in prefixes if text.startswith(p))
    body = text[len(prefix) :]
    op = rng.randrange(6)
    if op == 0:
        at = rng.randrange(len(body))
        return prefix + body[:at] + rng.choice("Aa0_-.=!٣") + body[at + 1 :], "a character"
    if op == 1:
        return prefix + body[: rng.randrange(len(body))], "cut"
    if op == 2:
        other = rng.choice([p for e in GAMES for p in e.link_prefixes])
        return other + body, f"prefix {other}"
    payload = bytearray(unpack_text(body))
    if op == 3:
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(payload) * 8)
            payload[i // 8] ^= 1 << (i % 8)
        what = "bits flipped"
    elif op == 4:
        payload = payload[: rng.randrange(len(payload) + 1)]
        what = "bits cut"
    else:
        payload += bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
        what = "bits added"
    return prefix + pack_text(bytes(payload)), what


# -- checking ---------------------------------------------------------------------------------


class Findings:
    """What went wrong, one line per input, for the assertion message."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def check(self, what: str, run: Callable[[], None], allowed: tuple[type, ...]) -> None:
        started = time.process_time()
        try:
            run()
        except allowed:
            pass
        except Exception as e:
            self.lines.append(f"{what}: {type(e).__name__}: {str(e)[:160]}")
        spent = time.process_time() - started
        if spent > SLOW:
            self.lines.append(f"{what}: took {spent:.1f} s")


def _without_hint(data: dict[str, Any]) -> dict[str, Any]:
    """A record's JSON less ``"generated"``, the hint a link carries only when it can."""
    return {k: v for k, v in data.items() if k != "generated"}


def read_and_share(game: Any, data: Any) -> None:
    """Read ``data`` as a record; if it replays, it must come back from its link."""
    record = game.record_from_json(data)
    try:
        record.replay()
    except RecordError:
        return
    back = game.decode_link(game.encode_link(record)).record
    assert _without_hint(back.to_json()) == _without_hint(record.to_json()), "the link changed it"


def open_link(game: Any, text: str) -> None:
    """Open a link; what it holds must read back as a record and replay."""
    record = game.decode_link(text).record
    again = game.record_from_json(json.loads(record.dumps()))
    game.summary(again.replay())


# -- the tests --------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_damaged_records_get_a_record_error_and_readable_ones_survive_their_link(game_id):
    game = GAMES.by_id(game_id).load()
    rng = random.Random(f"records:{game_id}")
    findings = Findings()
    for i in range(RECORD_MUTANTS):
        data, what = mutate(base_json(game_id, rng), rng)
        for _ in range(rng.choice((0, 0, 1, 2))):
            data, more = mutate(data, rng)
            what += f"; {more}"
        findings.check(
            f"record {i} ({what})", lambda d=data: read_and_share(game, d), (RecordError,)
        )
    assert not findings.lines, "\n".join(findings.lines)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_damaged_record_texts_get_one_error_line_each_from_the_command_line(game_id):
    rng = random.Random(f"texts:{game_id}")
    findings = Findings()
    texts = []
    for i in range(TEXT_MUTANTS):
        text, what = mutate_text(rng.choice(bases(game_id)).dumps(), rng)
        texts.append(text)
        findings.check(f"text {i} ({what})", lambda t=text: replay_result(t), (RecordError,))
    assert not findings.lines, "\n".join(findings.lines)

    content = "\n".join(texts)
    out, err = io.StringIO(), io.StringIO()
    main(["replay", "--jsonl", "-"], out=out, err=err, stdin=io.StringIO(content))
    lines = [line for line in content.split("\n") if line.strip()]
    answers = out.getvalue().splitlines()
    assert len(answers) == len(lines)
    assert all(json.loads(answer) for answer in answers)
    assert "internal error" not in err.getvalue() and "Traceback" not in err.getvalue()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_damaged_links_get_a_link_error_and_those_that_open_hold_a_record(game_id):
    entry = GAMES.by_id(game_id)
    game = entry.load()
    rng = random.Random(f"links:{game_id}")
    links = []
    redact = getattr(game, "redact", None)
    for record in bases(game_id):
        names = [f"P{p}" for p in range(record.players)]
        bots = [None, *[game.bot_levels[-1]] * (record.players - 1)]
        links += [game.encode_link(record), game.encode_link(record, names, bots)]
        if redact is not None:  # through one seat's eyes
            links.append(game.encode_link(redact(record, record.players - 1), names))
    findings = Findings()
    for i in range(LINK_MUTANTS):
        text, what = mutate_link(rng.choice(links), list(entry.link_prefixes), rng)
        findings.check(
            f"link {i} ({what}): {text[:60]}", lambda t=text: open_link(game, t), (LinkError,)
        )
    assert not findings.lines, "\n".join(findings.lines)


# -- studies: marks on every kind of place, eyes, questions --------------------------------------

STUDY_MUTANTS = 250
"""Damaged studies, per game, in a file's ``"study"`` and behind a link's checksum."""


@cache
def study_bases(game_id: str) -> tuple[tuple[Any, Any], ...]:
    """Records of ``game_id`` with a study marking its first and last places (a card's,
    in a card game), an arrow, the seat 1's eyes and a question at move 2."""
    from waddle.core.study import Step, Study

    game = GAMES.by_id(game_id).load()
    out = []
    for record in bases(game_id):
        if len(record.actions) < 3:
            continue
        places = game.places(record)
        study = Study(
            "Fuzz", (Step(1, "a caption", (places[0], places[-1]), ((places[0], places[1]),)),), 1
        ).with_question(2, [[record.actions[2].to_json()]], "Your move", "Because.")
        out.append((record, study))
    return tuple(out)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_damaged_studies_get_a_study_or_link_error_and_take_linear_time(game_id):
    from waddle.core.study import Study, StudyError

    entry = GAMES.by_id(game_id)
    game = entry.load()
    rng = random.Random(f"studies:{game_id}")
    findings = Findings()
    links = [game.encode_link(r, None, None, s) for r, s in study_bases(game_id)]
    redact = getattr(game, "redact", None)
    if redact is not None:  # through the eyes of the study's seat
        links += [game.encode_link(redact(r, 1), None, None, s) for r, s in study_bases(game_id)]
    for i in range(STUDY_MUTANTS):
        text, what = mutate_link(rng.choice(links), list(entry.link_prefixes), rng)
        findings.check(
            f"study link {i} ({what}): {text[:60]}", lambda t=text: open_link(game, t), (LinkError,)
        )
        record, study = rng.choice(study_bases(game_id))
        data, what = mutate({"study": study.to_json()}, rng)

        def read(data=data, record=record) -> None:
            raw = data.get("study") if isinstance(data, dict) else data
            read = Study.from_json(raw, game.places(record), len(record.actions), record.players)
            back = game.decode_link(game.encode_link(record, None, None, read)).study
            assert (back or Study()) == read

        findings.check(f"study {i} ({what})", read, (StudyError,))
    assert not findings.lines, "\n".join(findings.lines)


# -- far-off places, huge counts, long lists ----------------------------------------------------
#
# What hostile testing found after the mutators above: a record with one floe or hex far
# from the others read, replayed and shared, and then its board never drew (a label per
# column between the lowest and the highest q; a place named one word per step). These
# inputs are each reader's own values pushed far: a place far off, a count huge, a list
# long. Whatever is read must then draw and name its places in time and in markup that
# grows with the board, never with a coordinate's value.

STRETCH_MUTANTS = 80
"""Records stretched far, per game (each also read as a file, a save and a link)."""
FAR = (-100, 45, 77, 100, 10**5, -(10**6), 2**31, -(2**31), 1 << 40, 2**63 - 1)
"""Where a place is moved: as far as a board may reach (100 steps from 0,0), and far past."""
HUGE = (10**6, 2**31, 2**63 - 1, 10**30)
LONG = (10_000, 100_000)
LONG_CHARS = 1_000_000
"""A long list stops at about this many characters of JSON (100,000 decks of a card game
would be gigabytes)."""
DRAWN_PER_PLACE = 2_000
"""Characters a page may draw and say per place of the board (about 600 today), plus a
fixed part of :data:`DRAWN_FIXED`."""
DRAWN_FIXED = 60_000


def _some_paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """:func:`_paths`, reading at most the first 100 items of a list (a long one has
    been made long already: its first items are what it holds)."""
    yield path
    if len(path) > 50:
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _some_paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:100]):
            yield from _some_paths(item, (*path, i))


def _place_entries(data: Any) -> list[tuple]:
    """Paths of the entries of ``data`` that are places on a hex grid: objects with whole
    numbers ``q`` and ``r`` (floes, map hexes, layout tiles)."""
    out = []
    for path in _some_paths(data):
        node = data
        for step in path:
            node = node[step]
        if type(node) is dict and type(node.get("q")) is int and type(node.get("r")) is int:
            out.append(path)
    return out


def stretch(data: Any, rng: random.Random) -> tuple[Any, str]:
    """``data`` with one value pushed far: a place moved or added far off, a whole number
    made huge, or a list made long (its items repeated), and what was done."""
    paths = list(_some_paths(data))
    places = _place_entries(data)
    op = rng.randrange(4)
    if op <= 1 and places:
        path = rng.choice(places)
        data = _copy_along(data, path[:-1])
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        entry = dict(parent[path[-1]])
        for key in rng.choice((("q",), ("r",), ("q", "r"))):
            entry[key] = rng.choice(FAR)
        if entry.get("kind") == "water":  # a second numbered pool would be refused first
            entry = {"q": entry["q"], "r": entry["r"], "kind": "ice"}
        where = "/".join(map(str, path))
        if op == 0 and type(parent) is list and "number" not in entry:
            parent.append(entry)  # one more place, far from the others
            return data, f"{where} copied to {entry['q']},{entry['r']}"
        parent[path[-1]] = entry
        return data, f"{where} moved to {entry['q']},{entry['r']}"
    ints = [p for p in paths if p and type(_at(data, p)) is int]
    if op == 2 and ints:
        path = rng.choice(ints)
        data = _copy_along(data, path[:-1])
        value = rng.choice(HUGE) * rng.choice((1, -1))
        _at(data, path[:-1])[path[-1]] = value
        return data, f"{'/'.join(map(str, path))} = {value}"
    lists = [p for p in paths if type(_at(data, p)) is list and _at(data, p)]
    path = rng.choice(lists)
    data = _copy_along(data, path) if path else list(data)
    items = _at(data, path)
    item_chars = len(json.dumps(items[0])) + 1
    length = min(rng.choice(LONG), max(len(items), LONG_CHARS // item_chars))
    items[:] = (items * (length // len(items) + 1))[:length]
    return data, f"{'/'.join(map(str, path)) or 'the record'} made {length:,} long"


def _at(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


def draw(game: Any, record: Any) -> None:
    """Draw a readable record as the page does (the board and every region for every
    hand, the move list, each place's words): in markup that grows with the board."""
    from waddle.app.session import Session
    from waddle.ui.presenter import place_words

    session = Session.start(game, record)
    presenter = session.presenter
    scene = session.scene()
    rendered = presenter.render(scene)
    drawn = [rendered.board.markup, rendered.board.view_box, rendered.status]
    drawn += [rendered.controls, rendered.panels, rendered.result, rendered.table]
    drawn += [m.spoken for g in presenter.move_groups(session) for m in g.moves]
    places = game.places(record)
    drawn += [place_words(presenter, scene.view, p) for p in places]
    size = sum(map(len, drawn))
    assert size < DRAWN_FIXED + DRAWN_PER_PLACE * len(places), f"{size:,} characters drawn"


def read_draw_and_share(game: Any, data: Any) -> None:
    """:func:`read_and_share`, and a record that replays is drawn."""
    read_and_share(game, data)
    try:
        record = game.record_from_json(data)
        record.replay()
    except RecordError:
        return
    draw(game, record)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_far_places_huge_counts_and_long_lists_are_refused_or_drawn_in_time(game_id):
    """Records, files, saves and links, each stretched: a reader's error, or read and
    drawn in time in markup that grows with the board."""
    from waddle.app.saves import MemoryStorage, SaveError, SaveStore, import_file
    from waddle.app.session import Session

    game = GAMES.by_id(game_id).load()
    rng = random.Random(f"stretch:{game_id}")
    findings = Findings()
    for i in range(STRETCH_MUTANTS):
        data, what = stretch(base_json(game_id, rng), rng)
        if rng.random() < 0.3:
            data, more = stretch(data, rng)
            what += f"; {more}"
        findings.check(
            f"record {i} ({what})", lambda d=data: read_draw_and_share(game, d), (RecordError,)
        )
        text = json.dumps(data)
        findings.check(f"file {i} ({what})", lambda t=text: import_file(t), (SaveError,))

        def save(data=data) -> None:
            store = SaveStore(MemoryStorage())
            key = store.save_as("far", Session.start(game, bases(game_id)[0]), now_ms=1)
            entry = json.loads(store.storage.get(key))
            entry["game"] = {**data, "seats": [{"name": "P"}] * 2} if type(data) is dict else data
            store.storage.set(key, json.dumps(entry))
            listed = store.list()
            assert len(listed.entries) + len(listed.problems) == 1
            store.load(key)

        findings.check(f"save {i} ({what})", save, (SaveError,))
    assert not findings.lines, "\n".join(findings.lines)


EMBED_MUTANTS = 300
"""Embedded views' addresses and host-page messages, stretched."""


def test_embed_addresses_and_messages_with_huge_numbers_and_long_lists_are_read_or_left_out():
    """``?embed&ply=…&end=…&eyes=…`` and ``postMessage`` commands with numbers of thousands
    of digits, digits beyond ASCII, long lists and deep nesting: each is read or left out
    (before: a ``ply`` of 5,000 digits was a ValueError, and the embedded view never
    started), and the options then put a game where they say, in time."""
    from waddle.app.embed import EmbedOptions, parse_command
    from waddle.app.session import Session

    rng = random.Random("embeds")
    session = Session.start(GAMES.by_id("pebbles").load(), bases("pebbles")[3])
    numbers = ["0", "3", "٣", "²", "-1", "9" * 7, "9" * 5_000, "1e9", "", " 4", "0x10"]
    findings = Findings()
    for i in range(EMBED_MUTANTS):
        params = {"embed": ""}
        for key in rng.sample(["ply", "end", "eyes", "theme", "readonly", "meter"], 4):
            params[key] = rng.choice([*numbers, "dark", "x" * rng.choice((10, 100_000))])

        def opened(params=params) -> None:
            options = EmbedOptions.from_query(params)
            options.query()
            options.apply(session)
            assert 0 <= session.state.ply <= session.total_plies

        findings.check(f"address {i} ({str(params)[:80]})", opened, ())
        value = rng.choice(
            [10 ** rng.choice((3, 400)), -1, 1.5, ["x"] * rng.choice((10, 10_000)), _deep(45)]
        )
        kind = rng.choice(["waddle:go", "waddle:try", "waddle:ask", "waddle:retry", "x" * 900])
        try:
            message = json.dumps({"type": kind, "step": value, "action": value})
        except RecursionError:  # pragma: no cover - 45 levels encode
            continue
        findings.check(f"message {i} ({message[:60]})", lambda m=message: parse_command(m), ())
    assert not findings.lines, "\n".join(findings.lines)
