"""Opening the page never costs the game in progress: damaged links, damaged saves, other
games' links, for every game (``waddle.app.opening``, which ``web/app.py`` calls at start).

The fuzz test at the end mutates links and autosaves of all four games with a seeded
mutator and checks, for each input, what a player would notice: the page opens (no
exception), says one short line, and the game that was in progress is still there (the
autosave, or its shelf) once the page has saved what it shows.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from waddle.app.opening import Opening, open_page
from waddle.app.saves import AUTOSAVE_KEY, MemoryStorage, SaveStore
from waddle.app.session import Session
from waddle.core.jsontext import JSONTextError
from waddle.core.links import LinkError
from waddle.games import GAMES

GAME_IDS = [entry.id for entry in GAMES]


def playing(game_id: str, seed: int = 3, plies: int = 6, policy: int = 1) -> Session:
    """A game of ``game_id`` a few random decisions in."""
    entry = GAMES.by_id(game_id)
    session = Session.new(game_id, entry.players[0], seed)
    rng = random.Random(policy)
    for _ in range(plies):
        if session.state.is_over():
            break
        session.play(rng.choice(session.state.legal_actions()))
    return session


def store_with(session: Session | None) -> SaveStore:
    saves = SaveStore(MemoryStorage())
    if session is not None:
        saves.autosave(session, now_ms=1)
    return saves


def opened(link: str, saves: SaveStore, requested: str | None = None) -> Opening:
    return open_page(link, requested, saves, embed=False, new_seed=lambda: 77)


def shows_what_the_page_saves(opening: Opening, saves: SaveStore) -> None:
    """What the page does once the first screen is drawn: autosave the game on the board,
    unless it must keep a damaged autosave until the game changes."""
    if opening.session is not None and not opening.keep_autosave:
        saves.autosave(opening.session, now_ms=2)


def kept_somewhere(link: str, saves: SaveStore) -> bool:
    """The game whose link is ``link`` is the autosave or on a shelf."""
    kept = [saves.load_autosave()[0]]
    kept += [saves.load(entry.key) for entry in saves.shelved().values()]
    return any(session is not None and session.link() == link for session in kept)


def game_of(session: Session) -> dict:
    """A record as JSON without its ``"generated"`` hint (how a board was made, which a
    reader may ignore: a link then carries the board itself)."""
    data = session.record().to_json()
    data.pop("generated", None)
    return data


def damaged_links(link: str, other_prefix: str) -> dict[str, str]:
    body = link[link.index(".") + 1 :]
    middle = len(link) // 2
    changed = "B" if link[middle] == "A" else "A"
    return {
        "truncated": link[:-5],
        "one character changed": link[:middle] + changed + link[middle + 1 :],
        "another game's prefix": other_prefix + body,
        "junk": "hello<img src=x>",
        "prefix only": link[: link.index(".") + 1],
    }


# ---------------------------------------------------------------- damaged links


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_damaged_link_shows_the_game_in_progress_and_says_why(game_id):
    in_progress = playing(game_id)
    other = GAMES.by_id(GAME_IDS[(GAME_IDS.index(game_id) + 1) % len(GAME_IDS)])
    for kind, link in damaged_links(in_progress.link(), other.link_prefixes[0]).items():
        saves = store_with(in_progress)
        before = saves.storage.get(AUTOSAVE_KEY)
        opening = opened(link, saves)
        assert opening.session is not None, kind
        assert opening.session.link() == in_progress.link(), kind
        assert opening.problem.startswith("The game in this link could not be opened: "), kind
        assert opening.problem.endswith("Your game in progress is shown instead."), kind
        assert "<img" not in opening.problem and len(opening.problem) < 300
        shows_what_the_page_saves(opening, saves)
        assert saves.storage.get(AUTOSAVE_KEY) is not None
        assert saves.load_autosave()[0].link() == in_progress.link(), kind
        assert before is not None


def test_a_damaged_link_with_nothing_in_progress_starts_a_game_of_the_links_game():
    for game_id in GAME_IDS:
        link = playing(game_id).link()
        opening = opened(link[:-5], store_with(None))
        assert opening.session is not None
        assert opening.session.game.id == game_id
        assert opening.session.state.ply == 0
        assert opening.problem.endswith("A new game was started instead.")


def test_a_damaged_link_with_a_damaged_autosave_shows_the_chooser_and_keeps_the_autosave():
    saves = SaveStore(MemoryStorage())
    saves.storage.set(AUTOSAVE_KEY, '{"format": "waddle-save/9", "from": "a newer version"}')
    opening = opened("w1.AAAA", saves)
    assert opening.session is None  # the chooser: the player decides
    assert "could not be opened" in opening.problem
    assert "could not be restored" in opening.problem
    shows_what_the_page_saves(opening, saves)
    assert "a newer version" in saves.storage.get(AUTOSAVE_KEY)


def test_a_good_link_over_a_damaged_autosave_keeps_the_autosave_until_the_game_changes():
    saves = SaveStore(MemoryStorage())
    saves.storage.set(AUTOSAVE_KEY, '{"format": "waddle-save/9", "from": "a newer version"}')
    link = playing("htmf").link()
    opening = opened(link, saves)
    assert opening.session.link() == link
    assert opening.keep_autosave
    assert "could not be restored" in opening.problem


def test_a_link_to_another_kind_of_game_shelves_the_game_in_progress():
    in_progress = playing("waddle")
    saves = store_with(in_progress)
    link = playing("pebbles").link()
    opening = opened(link, saves)
    assert opening.session.link() == link and opening.problem is None
    shows_what_the_page_saves(opening, saves)
    assert kept_somewhere(in_progress.link(), saves)
    assert "waddle" in saves.shelved()


def test_a_reload_of_the_same_link_resumes_the_autosave_with_its_moves_to_redo():
    session = playing("waddle", plies=8)
    session.undo()
    saves = store_with(session)
    opening = opened(session.link(), saves)
    assert opening.session.can_redo()


def test_a_new_game_asked_by_address_keeps_a_damaged_autosave_until_it_changes():
    saves = SaveStore(MemoryStorage())
    saves.storage.set(AUTOSAVE_KEY, "{not json")
    opening = opened("", saves, requested="pebbles")
    assert opening.session.game.id == "pebbles"
    assert opening.keep_autosave
    assert opening.problem.endswith("A new game was started instead.")


def test_an_unknown_game_in_the_address_is_named_shortly():
    opening = opened("", store_with(None), requested="x" * 10_000)
    assert opening.session is None
    assert len(opening.problem) < 120


# ---------------------------------------------------------------- damaged saves


def test_a_deeply_nested_import_or_save_gets_one_line_not_a_recursion_error():
    from waddle.app.saves import SaveError, import_file

    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(SaveError, match="nested deeper"):
        import_file(deep)
    saves = SaveStore(MemoryStorage())
    saves.storage.set(AUTOSAVE_KEY, deep)
    session, problem = saves.load_autosave()
    assert session is None and "nested deeper" in problem
    saves.storage.set("waddle:save:1", deep)
    assert "nested deeper" in saves.list().problems[0]


def test_a_save_with_a_huge_format_string_gets_a_short_message():
    saves = SaveStore(MemoryStorage())
    saves.storage.set(AUTOSAVE_KEY, json.dumps({"format": "x" * 1_000_000}))
    _, problem = saves.load_autosave()
    assert len(problem) < 200


# ---------------------------------------------------------------- fuzz

FUZZ_LINKS_PER_GAME = 60
FUZZ_SAVES_PER_GAME = 60
SLOW_SECONDS = 2.0

JUNK = [
    None,
    True,
    -1,
    2**64,
    10**30,
    1.5,
    "",
    "x" * 5000,
    "٣",
    [],
    {},
    [[[[[[]]]]]],
    {"format": None},
]


def mutate_text(text: str, rng: random.Random) -> str:
    i = rng.randrange(len(text) + 1)
    kind = rng.randrange(5)
    if kind == 0:
        return text[:i]
    if kind == 1:
        return text[:i] + rng.choice('AZaz09-_.{}[]":,\\é') + text[i + 1 :]
    if kind == 2:
        return text[:i] + text[i + 1 :]
    if kind == 3:
        return text[:i] + "[" * 3000 + text[i:]
    return text[:i] + rng.choice(["ww1.", "p1.", "h1.", "w1.", "\u0000", "%", "#"]) + text[i:]


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def mutate_json(data, rng: random.Random):
    data = json.loads(json.dumps(data))
    path = rng.choice(list(paths(data))[1:])
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if isinstance(parent, dict) and rng.random() < 0.3:
        del parent[last]
    elif isinstance(parent, list) and rng.random() < 0.3:
        parent.insert(last, parent[last])  # a duplicated item
    else:
        parent[last] = rng.choice(JUNK)
    return data


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_fuzz_damaged_links_and_saves_never_raise_nor_lose_the_game_in_progress(game_id):
    rng = random.Random(f"opening-{game_id}")
    in_progress = playing(game_id, plies=10)
    keep = in_progress.link()
    autosave_text = store_with(in_progress).storage.get(AUTOSAVE_KEY)
    tried = 0

    for _ in range(FUZZ_LINKS_PER_GAME):
        link = mutate_text(keep, rng)
        saves = SaveStore(MemoryStorage())
        saves.storage.set(AUTOSAVE_KEY, autosave_text)
        started = time.perf_counter()
        opening = opened(link, saves)
        assert time.perf_counter() - started < SLOW_SECONDS, link[:80]
        assert opening.problem is None or len(opening.problem) < 400
        shows_what_the_page_saves(opening, saves)
        assert kept_somewhere(keep, saves) or (
            opening.session is not None and opening.session.game.id == game_id
        ), f"the game in progress was lost opening {link[:80]!r}"
        tried += 1

    entry = json.loads(autosave_text)
    for n in range(FUZZ_SAVES_PER_GAME):
        if n % 3 == 0:
            text = mutate_text(autosave_text, rng)
        else:
            text = json.dumps(mutate_json(entry, rng))
        saves = SaveStore(MemoryStorage())
        saves.storage.set(AUTOSAVE_KEY, text)
        started = time.perf_counter()
        opening = opened("", saves)
        if opening.session is None:  # damaged: reported, and left exactly as it was
            assert opening.problem and len(opening.problem) < 400
            assert saves.storage.get(AUTOSAVE_KEY) == text
        else:  # readable: the game it holds goes into its own link and back unchanged
            round_trip = Session.from_link(opening.session.link())
            assert game_of(round_trip) == game_of(opening.session)
        damaged = opened("w1.AAAA", saves)  # a damaged link never replaces it either
        shows_what_the_page_saves(damaged, saves)
        if opening.session is None:
            assert saves.storage.get(AUTOSAVE_KEY) == text
        assert time.perf_counter() - started < SLOW_SECONDS
        tried += 1
    assert tried == FUZZ_LINKS_PER_GAME + FUZZ_SAVES_PER_GAME


def test_the_fuzz_mutators_really_damage_links():
    """The fuzz test above would prove nothing if its links still opened."""
    link = playing("waddle", plies=10).link()
    rng = random.Random(1)
    failures = 0
    for _ in range(40):
        try:
            Session.from_link(mutate_text(link, rng))
        except (LinkError, JSONTextError):
            failures += 1
    assert failures >= 20
