"""Saved games: the autosave, named saves, and export/import files.

Works on any key-value text storage (``localStorage`` in the page, a dict in tests) through
the small :class:`Storage` protocol. Every stored entry carries a format version; a
damaged, foreign or older entry is reported and skipped, never fatal, and nothing here
deletes or overwrites a save unless asked to, so a full storage quota loses nothing.

A save holds the whole line of play, moves taken back by undo included, and the position
shown when it was written: loading it shows that position with the rest still to redo.
Saves of every game share one list; each save's record says which game it is by its
``"format"``, so saves written before there was more than one game open as they did.

>>> storage = MemoryStorage()
>>> saves = SaveStore(storage)
>>> key = saves.save_as("Sunday game", Session.new("waddle", 3, seed=4), now_ms=0)
>>> [(entry.name, entry.game) for entry in saves.list().entries]
[('Sunday game', 'waddle')]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from waddle.app.session import Session
from waddle.core import jsontext
from waddle.core.jsontext import JSONTextError, excerpt_text, shown
from waddle.core.records import RecordError
from waddle.core.study import Study, StudyError
from waddle.games import GAMES
from waddle.ui.seats import MAX_NAME_CHARS

SAVE_FORMAT = "waddle-save/1"
PREFIX = "waddle:"
AUTOSAVE_KEY = PREFIX + "autosave"
NAMED_PREFIX = PREFIX + "save:"
SHELF_PREFIX = PREFIX + "shelf:"
TAB_PREFIX = PREFIX + "tab:"
"""``waddle:tab:<tab id>``: the game of one browser tab, written with the autosave, so two
tabs never overwrite each other's game (issue 38)."""
MAX_TABS = 12
"""The most tabs' games kept; beyond, the oldest finished ones go first, then the oldest."""
"""``waddle:shelf:<game>``: the last game of a game that was left for another one, so that
opening Hey, That's My Fish! never costs the Waddle game in progress (the chooser offers
to resume it)."""
MAX_SAVE_NAME = 60
"""The longest name of a named save."""
MAX_SEATS = max(entry.players[1] for entry in GAMES)
"""The most seat names a save's entry lists: the most seats of any game here."""
MAX_FILE_CHARS = 5_000_000
"""The longest save or imported file read: the longest game of any game here, with every
seat named and a study of long captions, is well under 1 MB."""


class Storage(Protocol):
    """What the save store needs from ``localStorage``."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None:
        """Store ``value``; raise ``StorageFullError`` when the quota is exceeded."""
        ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class StorageFullError(Exception):
    """The browser refused to store more (quota exceeded)."""


class SaveError(ValueError):
    """A save or file that cannot be loaded, or a save that could not be written."""


class MemoryStorage:
    """A dict-backed :class:`Storage`, with an optional quota in characters (for tests)."""

    def __init__(self, quota: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFullError("quota exceeded")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


@dataclass(frozen=True)
class SaveEntry:
    """What the save list shows about one save (without replaying it)."""

    key: str
    name: str
    game: str
    """The id of the game (its registry entry)."""
    saved_at_ms: int
    players: int
    names: tuple[str, ...]
    ply: int
    over: bool
    study: str | None = None
    """A study's title ("" when it has none); None: a plain game."""


@dataclass
class SaveList:
    entries: list[SaveEntry] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """One message per entry that was skipped, saying which and why."""


def session_to_json(session: Session, record=None) -> dict[str, Any]:
    """The game's record with the seats (and a study) as extra keys: the export format.

    ``record`` defaults to the game up to the shown position (a study's whole line); saves
    pass the whole line.
    """
    if record is None:
        record = session.full_record() if session.study is not None else session.record()
    data = record.to_json()
    data["seats"] = [
        {"name": s.name, "colour": s.colour, **({"bot": s.bot} if s.bot else {})}
        for s in session.seats
    ]
    if session.study is not None:  # docs/studies.md: an extra key other readers ignore
        data["study"] = session.study.upto(len(data["actions"])).to_json()
    return data


def session_from_json(data: Any) -> Session:
    """Inverse of :func:`session_to_json`; any valid plain record of any game works too."""
    fmt = data.get("format") if isinstance(data, dict) else None
    entry = GAMES.by_format(fmt)
    if entry is None:
        raise SaveError(f"it holds no game this version knows (format {shown(fmt)})")
    game = entry.load()
    seats = data.get("seats")
    names = colours = bots = None
    if isinstance(seats, list):
        names = [s.get("name", "") if isinstance(s, dict) else "" for s in seats]
        names = [n if isinstance(n, str) else "" for n in names]
        colours = [s.get("colour", "") if isinstance(s, dict) else "" for s in seats]
        bots = [s.get("bot") if isinstance(s, dict) else None for s in seats]
    try:
        record = game.record_from_json(data)
        study = None
        if "study" in data:
            study = Study.from_json(data["study"], game.places(record), len(record.actions))
        return Session.start(game, record, names, colours, bots, study)
    except RecordError as e:
        raise SaveError(str(e)) from None
    except StudyError as e:
        raise SaveError(f"its study cannot be read: {e}") from None


def import_file(text: str) -> Session:
    """A game from an exported ``.json`` file; ``SaveError`` says what is wrong with it."""
    try:
        data = jsontext.loads(text, max_chars=MAX_FILE_CHARS)
    except JSONTextError as e:
        why = _unread(e, "it is not JSON")
        raise SaveError(f"this file is not a game record ({why})") from None
    fmt = data.get("format") if isinstance(data, dict) else None
    if GAMES.by_format(fmt) is None:
        known = ", ".join(f for entry in GAMES for f in entry.formats)
        raise SaveError(f'this file is not a game record (its "format" is none of {known})')
    return session_from_json(data)


def _unread(error: JSONTextError, not_json: str) -> str:
    """Why a text was not read, for a player: where the parser stopped means nothing to
    them, so text that is not JSON gets ``not_json``; too deep or too long says so."""
    return not_json if "not valid JSON" in str(error) else str(error)


def export_file(session: Session) -> str:
    return json.dumps(session_to_json(session), indent=1)


class SaveStore:
    """The autosave and the named saves in one :class:`Storage`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def _entry_text(self, session: Session, name: str, now_ms: int) -> str:
        # The whole line, moves taken back included, with the shown position as "ply":
        # looking back through a game, then closing the tab, must not cut the game short.
        if not session.shareable:  # a card game on several devices: stand-in hands
            raise SaveError("a card game on several devices is kept by its own links only")
        state = session.state
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "name": name,
                "saved_at_ms": now_ms,
                "players": state.num_players,
                "names": [s.name for s in session.seats],
                "ply": state.ply,
                "over": state.is_over(),
                "game": session_to_json(session, session.full_record()),
            },
            separators=(",", ":"),
        )

    def _write(self, key: str, text: str) -> None:
        try:
            self.storage.set(key, text)
        except StorageFullError:
            raise SaveError(
                "the browser's storage for this site is full: the game was not saved "
                "(delete some saves or export this game to a file)"
            ) from None

    def autosave(self, session: Session, now_ms: int, tab: str | None = None) -> None:
        """Keep ``session`` as the last game (the next visit resumes it) and, given the
        browser ``tab``'s id, as that tab's game: another tab's autosave overwrites the
        last game, never this tab's own entry, so after every tab is closed each tab's
        unfinished game is still offered (:meth:`unfinished`)."""
        if not session.shareable:
            return  # its stand-in hands are never written (waddle.app.remote.session_of)
        text = self._entry_text(session, "Last game", now_ms)
        self._write(AUTOSAVE_KEY, text)
        if tab:
            key = TAB_PREFIX + tab
            if self.storage.get(key) is None:
                self._forget_old_tabs()
            self._write(key, text)

    def _forget_old_tabs(self) -> None:
        tabs = []
        keys = self.storage.keys()
        for key in keys:
            if key.startswith(TAB_PREFIX):
                try:
                    entry = self._entry(key, self.storage.get(key))
                    tabs.append((not entry.over, entry.saved_at_ms, key))
                except SaveError:
                    tabs.append((False, 0, key))
        tabs.sort()
        for _unfinished, _when, key in tabs[: max(0, len(tabs) - MAX_TABS + 1)]:
            self.storage.remove(key)

    def keep_in_progress(self, arriving: Session | None = None) -> bool:
        """Before a link puts a game on screen: keep the game in progress (the autosave)
        on a shelf of its own, whatever its kind, unless it is finished or ``arriving`` is
        that very game at the same or a later move, or has no move yet (nothing to lose).
        True if it was kept (the page says so); ``SaveError`` if the storage is full."""
        text = self.storage.get(AUTOSAVE_KEY)
        if text is None:
            return False
        try:
            saved = self._load_text(text)
        except SaveError:
            return False
        if not saved.full_record().actions:
            return False  # no move made yet: nothing to lose
        same_kind = arriving is not None and arriving.game.id == saved.game.id
        if same_kind and saved.line_over:
            return False  # a finished game of this kind: its record is in the saves' reach
        if arriving is not None and _continues(arriving, saved):
            return False
        self._write(self._shelf_key(saved.game.id, text), text)
        return True

    def _shelf_key(self, game: str, text: str) -> str:
        """The shelf for a game of ``game`` kept as ``text``: the game's own shelf (what
        the chooser's Resume button opens) if free or holding it already, else the first
        free ``waddle:shelf:<game>:<n>`` (offered among the unfinished games)."""
        base = SHELF_PREFIX + game
        key, n = base, 1
        while self.storage.get(key) not in (None, text) and n < 1000:
            n += 1
            key = f"{base}:{n}"
        return key

    def unfinished(
        self,
        exclude: Sequence[str] = (),
        skip_keys: Sequence[str] = (),
        on_screen: Session | None = None,
    ) -> list[SaveEntry]:
        """Every unfinished game kept aside: the shelves beyond each game's first (the
        chooser's Resume button shows those) and the tabs' games, newest first, one per
        game: none whose link is in ``exclude`` (the game on screen), none at a key in
        ``skip_keys`` (this tab's own), and none that another offered game, a shelved one
        or ``on_screen`` continues (the same game at an earlier move: two tabs' saves and
        shelves may hold one game at several moves)."""
        seen = set(exclude)
        found = []
        keys = self.storage.keys()
        for key in keys:
            extra_shelf = key.startswith(SHELF_PREFIX) and ":" in key[len(SHELF_PREFIX) :]
            if not (extra_shelf or key.startswith(TAB_PREFIX)) or key in skip_keys:
                continue
            text = self.storage.get(key)
            try:
                entry = self._entry(key, text)
                if entry.over:
                    continue
                session = self._load_text(text)
                found.append((entry.saved_at_ms, key, entry, session.link(), session))
            except SaveError:
                continue
        further: list[Session] = [] if on_screen is None else [on_screen]
        for shelf in self.shelved().values():
            try:
                shelved = self.load(shelf.key)
            except SaveError:
                continue
            seen.add(shelved.link())
            further.append(shelved)
        # The furthest along first, so an earlier move of one game is the one left out.
        ordered = sorted(found, key=lambda f: (-len(f[4].full_record().actions), -f[0], f[1]))
        kept = []
        for when, key, entry, link, session in ordered:
            if link in seen or any(_continues(other, session) for other in further):
                continue
            seen.add(link)
            further.append(session)
            kept.append((when, key, entry))
        return [entry for _when, _key, entry in sorted(kept, key=lambda f: (-f[0], f[1]))]

    def autosaved_game(self) -> str | None:
        """The id of the game in the autosave, without replaying it (None: none, or damaged)."""
        try:
            return self._entry(AUTOSAVE_KEY, self.storage.get(AUTOSAVE_KEY)).game
        except SaveError:
            return None

    def shelve(self, leaving_for: str) -> None:
        """Before a game of ``leaving_for`` takes the autosave: keep the autosaved game of
        another game on its shelf (``SaveError`` if the storage is full)."""
        game = self.autosaved_game()
        if game is None or game == leaving_for:
            return
        text = self.storage.get(AUTOSAVE_KEY) or ""
        self._write(self._shelf_key(game, text), text)

    def shelved(self) -> dict[str, SaveEntry]:
        """The shelved game of each game id (damaged shelves are skipped)."""
        out = {}
        for key in sorted(self.storage.keys()):
            if key.startswith(SHELF_PREFIX) and ":" not in key[len(SHELF_PREFIX) :]:
                try:
                    entry = self._entry(key, self.storage.get(key))
                except SaveError:
                    continue
                out[entry.game] = entry
        return out

    def load_autosave(self) -> tuple[Session | None, str | None]:
        """The autosaved game, or None and (if it was damaged) why it was skipped."""
        text = self.storage.get(AUTOSAVE_KEY)
        if text is None:
            return None, None
        try:
            return self._load_text(text), None
        except SaveError as e:
            return None, f"The last game could not be restored ({e}); it was left as it is."

    def save_as(self, name: str, session: Session, now_ms: int) -> str:
        """Store a named save and return its key; ``SaveError`` if storage is full."""
        name = name.strip()[:MAX_SAVE_NAME] or "Unnamed game"
        key = f"{NAMED_PREFIX}{now_ms}"
        n = 0
        while self.storage.get(key) is not None:  # two saves in the same millisecond
            n += 1
            key = f"{NAMED_PREFIX}{now_ms}-{n}"
        self._write(key, self._entry_text(session, name, now_ms))
        return key

    def list(self) -> SaveList:
        """Every named save, newest first; damaged or foreign entries are reported."""
        result = SaveList()
        for key in sorted(self.storage.keys()):
            if not key.startswith(NAMED_PREFIX):
                continue
            try:
                result.entries.append(self._entry(key, self.storage.get(key)))
            except SaveError as e:
                result.problems.append(f"A save ({excerpt_text(key, 60)}) was skipped: {e}.")
        result.entries.sort(key=lambda e: (-e.saved_at_ms, e.key))
        return result

    def load(self, key: str) -> Session:
        text = self.storage.get(key)
        if text is None:
            raise SaveError("that save no longer exists")
        return self._load_text(text)

    def delete(self, key: str) -> None:
        self.storage.remove(key)

    # -- parsing ------------------------------------------------------------------------

    @staticmethod
    def _parse(text: str | None) -> dict[str, Any]:
        if text is None:
            raise SaveError("it is empty")
        try:
            data = jsontext.loads(text, max_chars=MAX_FILE_CHARS)
        except JSONTextError as e:
            raise SaveError(f"it is damaged ({_unread(e, 'not JSON')})") from None
        if not isinstance(data, dict):
            raise SaveError("it is damaged")
        fmt = data.get("format")
        if fmt != SAVE_FORMAT:
            raise SaveError(f"it was stored in an unknown format ({shown(fmt)})")
        return data

    def _entry(self, key: str, text: str | None) -> SaveEntry:
        data = self._parse(text)
        try:
            names = data["names"]
            fields = (
                str(data["name"]),
                int(data["saved_at_ms"]),
                int(data["players"]),
                tuple(str(n) for n in names),
                int(data["ply"]),
                bool(data["over"]),
            )
        except (KeyError, TypeError, ValueError):
            raise SaveError("it is damaged (fields missing)") from None
        game = data.get("game")
        if not isinstance(game, dict):
            raise SaveError("it is damaged (no game)")
        entry = GAMES.by_format(game.get("format"))
        if entry is None:
            raise SaveError("it holds a game this version does not know")
        name, saved_at, players, names, ply, over = fields
        # What the list shows grows with what a game holds, never with the entry: a name
        # as long as a save's, at most as many names as a game has seats.
        name = name[:MAX_SAVE_NAME]
        names = tuple(n[:MAX_NAME_CHARS] for n in names[:MAX_SEATS])
        study = game.get("study")
        title = None
        if type(study) is dict:
            title = study.get("title") if type(study.get("title")) is str else ""
        return SaveEntry(key, name, entry.id, saved_at, players, names, ply, over, title)

    def _load_text(self, text: str) -> Session:
        data = self._parse(text)
        session = session_from_json(data.get("game"))
        ply = data.get("ply")
        if type(ply) is int and 0 <= ply <= session.total_plies:
            session.go_to(ply)  # the moves after it stay there to redo
        return session


def _continues(arriving: Session, saved: Session) -> bool:
    """Whether ``arriving`` is the game of ``saved`` at the same or a later move (the same
    game, setup and every move of it)."""
    if arriving.game.id != saved.game.id:
        return False
    if arriving.setup.to_json() != saved.setup.to_json():
        return False
    have = [a.to_json() for a in saved.full_record().actions]
    comes = [a.to_json() for a in arriving.full_record().actions]
    return comes[: len(have)] == have
