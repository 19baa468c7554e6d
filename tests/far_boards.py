"""Boards with one place far from the others, as a hostile page would write them: the
record of a generated game with one floe, hex or tile moved or added far off, and its
share link, encoded with the readers' bound on coordinates lifted (as a tool that does not
check would write it). Used by the hostile-input tests and the browser's.

>>> far_link("htmf", 1 << 40, 0)[:3]
'h1.'
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from waddle.games import GAMES

_BOUNDS = {
    "htmf": ["waddle.games.htmf.board"],
    "waddle": ["waddle.games.waddle.board", "waddle.games.waddle.record"],
    "pebbles": ["waddle.games.pebbles.layout"],
}
"""The modules whose ``MAX_COORD`` bounds each game's coordinates."""


def far_record_json(game_id: str, q: int, r: int, seed: int = 1) -> dict[str, Any]:
    """A new two-player game of ``game_id`` with one place at ``q, r``: a floe with one
    fish (Hey, That's My Fish!) or an ice hex (Waddle) added to its board, or tile 7
    moved there (Pebbles, whose tiles are one per card number)."""
    game = GAMES.by_id(game_id).load()
    data = game.new_record(2, seed).to_json()
    data.pop("generated", None)
    if game_id == "htmf":
        data["board"].append({"q": q, "r": r, "fish": 1})
    elif game_id == "waddle":
        data["map"].append({"q": q, "r": r, "kind": "ice"})
    elif game_id == "pebbles":
        layout = game.new_record(2, seed).layout.to_json()
        layout.pop("name", None)
        tile = next(t for t in layout["tiles"] if t["number"] == 7)
        tile.update(q=q, r=r)
        data["layout"] = layout
    else:
        raise ValueError(f"{game_id} has no hex board")
    return data


@contextlib.contextmanager
def bounds_lifted(game_id: str) -> Iterator[None]:
    """The game's readers accept any coordinates meanwhile (and forget the boards they
    built then, so none of them is taken from a cache afterwards)."""
    import importlib

    modules = [importlib.import_module(name) for name in _BOUNDS[game_id]]
    saved = [m.MAX_COORD for m in modules]
    try:
        for m in modules:
            m.MAX_COORD = 1 << 80
        yield
    finally:
        for m, value in zip(modules, saved, strict=True):
            m.MAX_COORD = value
        _forget_boards()


def _forget_boards() -> None:
    from waddle.games.htmf import board, record
    from waddle.games.waddle import record as waddle_record

    board._SHAPES.clear()
    record._BOARDS.clear()
    waddle_record._SETUPS.clear()


def far_link(game_id: str, q: int, r: int, seed: int = 1) -> str:
    """The share link of :func:`far_record_json`'s game, as a tool that does not check
    coordinates would write it."""
    game = GAMES.by_id(game_id).load()
    with bounds_lifted(game_id):
        record = game.record_from_json(far_record_json(game_id, q, r, seed))
        return game.encode_link(record)
