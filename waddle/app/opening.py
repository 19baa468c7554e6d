"""Which game the page opens with, and the promise that opening one never costs another.

The page's address may hold a share link (``#w1.…``), ``?game=ID`` may ask for a new game,
and the full app has an autosave of the game in progress. This module decides among them
for the page (``web/app.py``), in plain Python so that CPython tests and the fuzz test of
damaged links and saves reach it.

The rule it keeps: **whatever the address holds, the game in progress survives.** A link
that cannot be read shows the game in progress (the message says the link could not be
opened; the player decides what to do next), and when there is none, a new game of the
link's game, since nothing can be lost then. A damaged autosave is never overwritten
until the player starts or opens a game themselves (:attr:`Opening.keep_autosave`).

>>> from waddle.app.saves import MemoryStorage, SaveStore
>>> saves = SaveStore(MemoryStorage())
>>> playing = Session.new("waddle", 2, seed=5)
>>> saves.autosave(playing, now_ms=0)
>>> opened = open_page("w1.damaged", None, saves, embed=False, new_seed=lambda: 9)
>>> opened.session.link() == playing.link(), opened.problem.startswith("The game in this")
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from waddle.app.saves import SaveError, SaveStore
from waddle.app.session import Session
from waddle.core.links import LinkError
from waddle.games import GAMES

LINK_NOT_OPENED = "The game in this link could not be opened: {reason}."


@dataclass
class Opening:
    """What the page shows first."""

    session: Session | None
    """The game on the board; None shows the game chooser."""
    problem: str | None = None
    """One line for the player, or None."""
    keep_autosave: bool = False
    """The autosave is damaged and is kept as it is until this game changes (merely
    opening the page must not destroy it: it may be a newer version's save)."""


def open_page(
    link: str,
    requested: str | None,
    saves: SaveStore,
    embed: bool,
    new_seed: Callable[[], int],
) -> Opening:
    """The game in the address (``link``, without its ``#``), else ``?game=`` (``requested``),
    else (full app) the autosave, else a fresh game (embedded) or none (the chooser).

    ``saves`` is only read, except that a game of another kind than a new ``?game=`` is
    shelved for the chooser to resume. The embedded view never touches the saves."""
    if link:
        return _open_link(link, saves, embed, new_seed)
    problem = None
    if requested is not None:
        try:
            entry = GAMES.by_id(requested)
        except KeyError:
            problem = f"There is no game called “{requested[:40]}” here."
        else:
            session = Session.new(entry.id, entry.default_players, new_seed())
            if embed:
                return Opening(session)
            saved, autosave_problem = saves.load_autosave()
            if autosave_problem:
                return Opening(session, f"{autosave_problem} A new game was started instead.", True)
            if saved is not None:
                return Opening(session, _shelve(saves, entry.id))  # another kind stays resumable
            return Opening(session)
    if not embed:
        session, autosave_problem = saves.load_autosave()
        if session is not None:
            return Opening(session, problem)
        # With no game on the board nothing is saved: a damaged autosave stays as it is.
        return Opening(None, " ".join(p for p in (problem, autosave_problem) if p) or None)
    entry = GAMES.default
    session = Session.new(entry.id, entry.default_players, new_seed())
    return Opening(session, f"{problem} A new game was started instead." if problem else None)


def _open_link(link: str, saves: SaveStore, embed: bool, new_seed: Callable[[], int]) -> Opening:
    try:
        linked = Session.from_link(link)
    except LinkError as e:
        problem = LINK_NOT_OPENED.format(reason=e)
        if not embed:
            saved, autosave_problem = saves.load_autosave()
            if saved is not None:
                return Opening(saved, f"{problem} Your game in progress is shown instead.")
            if autosave_problem:  # a damaged autosave: the player decides, on the chooser
                return Opening(None, f"{problem} {autosave_problem}")
        # Nothing in progress, so nothing to lose: whoever follows a link came to play, so a
        # new game of the link's game (by its prefix; the first game when even that is
        # unreadable).
        entry = GAMES.by_link(link) or GAMES.default
        session = Session.new(entry.id, entry.default_players, new_seed())
        return Opening(session, f"{problem} A new game was started instead.")
    if not embed:
        saved, autosave_problem = saves.load_autosave()
        if saved is not None and saved.link() == linked.link():
            # A reload: the autosave is this very game, with the moves taken back by undo
            # that a link does not hold. Use it, to redo them.
            return Opening(saved)
        if autosave_problem:
            return Opening(linked, autosave_problem, keep_autosave=True)
        # The game in progress is kept, whatever its kind, unless the link continues it.
        try:
            kept = saves.keep_in_progress(linked)
        except SaveError as e:
            return Opening(linked, f"The game you left could not be kept to resume: {e}.")
        if kept:
            linked.message = KEPT
        return Opening(linked)
    return Opening(linked)


KEPT = "Your game in progress was kept: resume it from Games."
"""Said (as the new game's message) when a link put another game on screen."""


def _shelve(saves: SaveStore, leaving_for: str) -> str | None:
    try:
        saves.shelve(leaving_for)
    except SaveError as e:
        return f"The game you left could not be kept to resume: {e}."
    return None
