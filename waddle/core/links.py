"""The parts of a share link that every game writes the same way.

A link text is ``PREFIX + base64url(bits + checksum)`` (:mod:`waddle.core.bits`), the
prefix naming the game and the layout's version (``w1.`` Waddle, ``h1.`` Hey, That's My
Fish!). Each game writes its own setup; the actions are written the same way by every
game, as each action's index among the legal actions at that point in as few bits as that
choice needs, and decoding replays them, so a decoded link is always a legal game. Seat
names and computer seats come last, also the same way for every game.

>>> from waddle.core.bits import BitReader, BitWriter, DecodeError, pack_text, unpack_text
>>> w = BitWriter()
>>> write_seats(w, ["Ann", "Bo"], [None, "hard"], players=2, levels=("easy", "hard"))
>>> read_seats(BitReader(w.to_bytes()), True, 2, ("easy", "hard"))
(['Ann', 'Bo'], [None, 'hard'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import factorial
from typing import Any

from waddle.core.bits import (
    MAX_VARINT,
    BitReader,
    BitWriter,
    DecodeError,
    pack_text,
    unpack_text,
)
from waddle.core.game import CHANCE, GameState
from waddle.core.jsontext import shown

MAX_ACTIONS = 5000
MAX_NAME_BYTES = 60
LEVEL_BITS = 3
"""Bits per computer seat: 0 is a person, k the k-th level of the game's list."""


MAX_SEED = MAX_VARINT
"""The largest seed a link carries (every game writes its seed as a varint): 2**64 - 1.
Seeds outside 0..MAX_SEED are refused where they enter (``new --seed``, a record's seed),
so that every game the app holds can be shared and opened again exactly."""


def is_seed(value: Any) -> bool:
    """Whether ``value`` is a seed a link can carry: a whole number from 0 to
    :data:`MAX_SEED` (``True`` is not a number here).

    >>> is_seed(0), is_seed(2**64 - 1), is_seed(2**64), is_seed(-1), is_seed(True)
    (True, True, False, False, False)
    """
    return type(value) is int and 0 <= value <= MAX_SEED


def seed_problem(value: Any, name: str = "the seed") -> str | None:
    """Why ``value`` cannot be a game's seed, in words naming ``name``; None if it can.

    >>> seed_problem(-5)
    'the seed must be an integer from 0 to 18446744073709551615 (what a share link holds), not -5'
    """
    if is_seed(value):
        return None
    return (
        f"{name} must be an integer from 0 to {MAX_SEED} (what a share link holds), "
        f"not {shown(value)}"
    )


class LinkError(ValueError):
    """A link that does not hold a game: damaged, truncated, foreign or illegal."""


@dataclass(frozen=True)
class LinkedGame:
    """Everything a link holds."""

    record: Any
    """The game's record (its setup and every action in the link)."""
    names: list[str] | None
    """Seat names, or None when the link has none (the defaults are shown)."""
    bots: list[str | None] | None
    """Each seat's computer level, or None for a person (None: all people)."""
    study: Any = None
    """The link's :class:`waddle.core.study.Study`, or None (see :func:`waddle.core.study.
    write_study`: an extension after the seats)."""


def link_reader(
    text: str, prefix: str, game: str, max_chars: int = 20_000, exact: bool = True
) -> BitReader:
    """The bits of a link text written with ``prefix``, for the game named ``game`` (its
    title, in the message of the ``LinkError`` for a text without that prefix).

    ``DecodeError`` if the text after the prefix is damaged, too long (``max_chars``) or,
    when ``exact``, not exactly what :func:`~waddle.core.bits.pack_text` writes (the spare
    bits of its last character changed; a format that has always read such texts keeps
    reading them with ``exact=False``): the caller reads on in the same ``try`` and turns
    it into a ``LinkError`` for the user.

    >>> w = BitWriter()
    >>> w.uint(5, 3)
    >>> link_reader("t1." + pack_text(w.to_bytes()), "t1.", "Toy").uint(3)
    5
    >>> link_reader("x1.AAAA", "t1.", "Toy")
    Traceback (most recent call last):
    ...
    waddle.core.links.LinkError: this link does not hold a game of Toy (unknown format)
    """
    text = text.strip()
    if not text.startswith(prefix):
        raise LinkError(f"this link does not hold a game of {game} (unknown format)")
    body = text[len(prefix) :]
    payload = unpack_text(body, max_chars)
    if exact and pack_text(payload) != body:  # the spare bits of the last character changed
        raise DecodeError("the last character does not belong")
    return BitReader(payload)


def index_width(choices: int) -> int:
    """Bits for an index among ``choices`` (0 when there is no choice).

    >>> [index_width(n) for n in (1, 2, 3, 13, 64)]
    [0, 1, 2, 4, 6]
    """
    return (choices - 1).bit_length()


WriteChance = Callable[[BitWriter, Any, Any], None]
"""``write_chance(w, state, action)``: a chance outcome (``state`` is at the chance node)."""
ReadChance = Callable[[BitReader, Any], Any]
"""``read_chance(r, state)``: the chance outcome :data:`WriteChance` wrote, as an action."""


def write_actions(
    w: BitWriter,
    state: GameState,
    actions: Sequence[Any],
    write_chance: WriteChance | None = None,
) -> None:
    """The number of actions, then each as its index among the legal ones (applied to
    ``state``, which ends at the last position); with ``write_chance``, an outcome of
    chance as it writes it (an outcome may be one of more than a link should count out,
    such as a reshuffled deck: :func:`write_permutation`)."""
    w.varint(len(actions))
    for action in actions:
        if write_chance is not None and state.to_move() == CHANCE:
            write_chance(w, state, action)
        else:
            legal = state.legal_actions()
            w.uint(legal.index(action), index_width(len(legal)))
        state.apply(action)


def read_actions(r: BitReader, state: GameState, read_chance: ReadChance | None = None) -> None:
    """Inverse of :func:`write_actions`: plays the link's actions on ``state``."""
    count = r.varint()
    if count > MAX_ACTIONS:
        raise LinkError("the link has too many moves")
    for _ in range(count):
        if read_chance is not None and state.to_move() == CHANCE:
            state.apply(read_chance(r, state))
            continue
        legal = state.legal_actions()
        if not legal:
            raise LinkError("the link has moves after the end of the game")
        i = r.uint(index_width(len(legal)))
        if i >= len(legal):
            raise LinkError("the link has an impossible move")
        state.apply(legal[i])


def write_seats(
    w: BitWriter,
    names: Sequence[str] | None,
    bots: Sequence[str | None] | None,
    players: int,
    levels: Sequence[str],
) -> None:
    """Seat names (if the link has them; the caller wrote that flag), then computer seats.

    Computer seats come last: a link without them ends in zero padding, read as "none".
    """
    if names:
        for name in names[:players]:
            w.text(name.encode("utf-8")[:MAX_NAME_BYTES].decode("utf-8", "ignore"))
    if bots and any(bots):
        w.uint(1, 1)
        for p in range(players):
            level = bots[p] if p < len(bots) else None
            w.uint(0 if level is None else levels.index(level) + 1, LEVEL_BITS)


def read_seats(
    r: BitReader, has_names: bool, players: int, levels: Sequence[str]
) -> tuple[list[str] | None, list[str | None] | None]:
    """Inverse of :func:`write_seats`."""
    names = [r.text(MAX_NAME_BYTES) for _ in range(players)] if has_names else None
    bots = None
    if r.remaining() >= 1 + LEVEL_BITS * players and r.uint(1):
        codes = [r.uint(LEVEL_BITS) for _ in range(players)]
        if any(c > len(levels) for c in codes):
            raise LinkError("the link names an unknown computer player")
        bots = [None if c == 0 else levels[c - 1] for c in codes]
    return names, bots


# -- permutations: a deal, a shuffle ---------------------------------------------------------


def rank(perm: Sequence[int], items: Sequence[int]) -> int:
    """The rank of ``perm`` among the permutations of ``items`` (Lehmer code): a number
    below ``len(items)!``, the same for the same order whatever order ``items`` is in.

    >>> perm = [3, 0, 2, 1]
    >>> rank(perm, [0, 1, 2, 3]), unrank(rank(perm, [0, 1, 2, 3]), [0, 1, 2, 3]) == perm
    (19, True)
    """
    pool = sorted(items)
    value = 0
    for x in perm:
        i = pool.index(x)
        value = value * len(pool) + i
        del pool[i]
    return value


def unrank(value: int, items: Sequence[int]) -> list[int]:
    """Inverse of :func:`rank`."""
    pool = sorted(items)
    n = len(pool)
    digits = [0] * n
    for j in range(n - 1, -1, -1):
        value, digits[j] = divmod(value, n - j)
    return [pool.pop(d) for d in digits]


def write_permutation(w: BitWriter, perm: Sequence[int], items: Sequence[int]) -> None:
    """``perm``, an order of the distinct ``items`` (a deal, a shuffled deck), as its
    :func:`rank` in ``ceil(log2(n!))`` bits: 226 bits for 52 cards."""
    w.uint(rank(perm, items), index_width(factorial(len(items))))


def read_permutation(r: BitReader, items: Sequence[int]) -> list[int]:
    """Inverse of :func:`write_permutation` (``LinkError`` for a rank beyond ``n!``)."""
    value = r.uint(index_width(factorial(len(items))))
    if value >= factorial(len(items)):
        raise LinkError("the link holds an impossible shuffle")
    return unrank(value, items)
