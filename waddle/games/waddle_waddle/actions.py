"""The decisions of Waddle Waddle: one per action, small immutable values.

A turn is a few decisions in a row (see :mod:`.state`): an action and its first choice
(``draft Ki3``, ``exchange Ge2``, ``waddle Ki1 Ki2 Ki3``), then what that action asks
next (``take Mc5``, ``play crozet``, ``move p1 georgia``...). Each has a text notation for
move lists, parsed back by :func:`parse_action`, and a JSON form, the record's syntax:

>>> from waddle.games.waddle_waddle.cards import cards
>>> a = Action.waddle(cards("Ki1 Ki2 Ki3"))
>>> str(a), a.to_json()
('waddle Ki1 Ki2 Ki3', {'waddle': ['Ki1', 'Ki2', 'Ki3']})
>>> parse_action("play crozet h1") == Action.play(3, 1)
True
>>> Action.from_json({"play": "crozet", "hand": 1}) == Action.play(3, 1)
True
>>> [str(parse_action(t)) for t in ("draft ?", "take Ge6", "move p2 georgia", "cp2 peninsula")]
['draft ?', 'take Ge6', 'move p2 georgia', 'cp2 peninsula']

The kinds (``Action.kind``), with ``a`` and ``b`` their choices:

========== ================================ ========================================
kind       notation                         choices
========== ================================ ========================================
hero       ``hero dee``                     ``a``: the hero (:mod:`.heroes`)
draft      ``draft Ki3``, ``draft ?``       ``a``: a face-up card, or ``HIDDEN``: the deck's top
exchange   ``exchange Ki3``                 ``a``: the card from the hand to the ice floe
fish       ``fish Ki3``                     ``a``: the card back to the ice floe (Fishing Trip)
refill     ``refill Ki3``                   ``a``: the face-up card a refill starts with
waddle     ``waddle Ki1 Ki2 Ki3``           ``a``: the waddle's cards (sorted)
pass       ``pass``                         only when nothing else is possible
take       ``take Ki3``, ``take ?``         the second card of an exchange or refill
play       ``play crozet``, ``play crozet h1``  ``a``: the rookery, ``b``: fish paid from the hand
move       ``move p1 georgia``              ``a``: whose nest, ``b``: the rookery it goes to
stop       ``stop``                         no (more) nest moves; no WaddleWaddle
threat     ``threat crozet``                ``a``: where the revealed threat's token goes
fishto     ``fishto crozet``                ``a``: where one of the Shark's fish goes
remove     ``remove p1``                    ``a``: whose nest the Sheathbill takes (a tie)
cp         ``cp2 crozet``                   ``a``: a Conservation Points token, ``b``: its rookery
supply     ``supply4 crozet``               ``a``: a Fish Supply token, ``b``: its rookery
========== ================================ ========================================
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from waddle.core.jsontext import quoted
from waddle.games.waddle_waddle.cards import HIDDEN, code, parse_card
from waddle.games.waddle_waddle.components import ROOKERY_IDS
from waddle.games.waddle_waddle.heroes import HEROES

MAX_WADDLE = 9
"""The most cards a waddle may list: a whole hand (no draft with 9 cards in hand, and
nothing else adds a card to a hand without taking one)."""

HERO = "hero"
DRAFT = "draft"
EXCHANGE = "exchange"
FISH = "fish"
REFILL = "refill"
WADDLE = "waddle"
PASS = "pass"
TAKE = "take"
PLAY = "play"
MOVE = "move"
STOP = "stop"
THREAT = "threat"
FISHTO = "fishto"
REMOVE = "remove"
CP = "cp"
SUPPLY = "supply"

KINDS = (
    HERO,
    DRAFT,
    EXCHANGE,
    FISH,
    REFILL,
    WADDLE,
    PASS,
    TAKE,
    PLAY,
    MOVE,
    STOP,
    THREAT,
    FISHTO,
    REMOVE,
    CP,
    SUPPLY,
)
_CARD_KINDS = (DRAFT, EXCHANGE, FISH, REFILL, TAKE)
_ROOKERY_KINDS = (THREAT, FISHTO)
_TOKEN_KINDS = (CP, SUPPLY)
HERO_CODES = tuple(h.code for h in HEROES)


class Action(NamedTuple):
    """One decision: its ``kind`` and up to two choices (see the module's table)."""

    kind: str
    a: Any = -1
    b: int = -1

    # -- constructors ------------------------------------------------------------------

    @staticmethod
    def waddle(cards: tuple[int, ...] | list[int]) -> Action:
        return Action(WADDLE, tuple(sorted(cards)))

    @staticmethod
    def play(rookery: int, from_hand: int = 0) -> Action:
        return Action(PLAY, rookery, from_hand)

    # -- notation ----------------------------------------------------------------------

    def __str__(self) -> str:
        k, a, b = self
        if k in _CARD_KINDS:
            return f"{k} {code(a)}"
        if k == WADDLE:
            return "waddle " + " ".join(code(c) for c in a)
        if k == HERO:
            return f"hero {HERO_CODES[a]}"
        if k == PLAY:
            return f"play {ROOKERY_IDS[a]}" + (f" h{b}" if b else "")
        if k == MOVE:
            return f"move p{a} {ROOKERY_IDS[b]}"
        if k in _ROOKERY_KINDS:
            return f"{k} {ROOKERY_IDS[a]}"
        if k == REMOVE:
            return f"remove p{a}"
        if k in _TOKEN_KINDS:
            return f"{k}{a} {ROOKERY_IDS[b]}"
        return k

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        """The record's action syntax (docs/waddle-waddle-record.md)."""
        k, a, b = self
        if k in _CARD_KINDS:
            return {k: code(a)}
        if k == WADDLE:
            return {k: [code(c) for c in a]}
        if k == HERO:
            return {k: HERO_CODES[a]}
        if k == PLAY:
            return {k: ROOKERY_IDS[a], "hand": b} if b else {k: ROOKERY_IDS[a]}
        if k == MOVE:
            return {k: ROOKERY_IDS[b], "nest": a}
        if k in _ROOKERY_KINDS:
            return {k: ROOKERY_IDS[a]}
        if k == REMOVE:
            return {k: a}
        if k in _TOKEN_KINDS:
            return {k: a, "at": ROOKERY_IDS[b]}
        return {k: True}

    @staticmethod
    def from_json(data: Any) -> Action:
        """Parse the record's action syntax; ``ValueError`` says what is wrong."""
        if type(data) is not dict or not data:
            raise ValueError('an action must be a JSON object such as {"draft": "Ki3"}')
        kinds = [k for k in data if k in KINDS]
        if len(kinds) != 1:
            raise ValueError(f"an action names one of {', '.join(KINDS)}")
        k = kinds[0]
        v = data[k]
        if k in _CARD_KINDS:
            return Action(k, _card(v, k in (DRAFT, TAKE)))
        if k == WADDLE:
            if type(v) is not list:
                raise ValueError('"waddle" must be a list of cards')
            if len(v) > MAX_WADDLE:  # refused whole, before its cards are read
                raise ValueError(f'"waddle" lists {len(v):,} cards; a hand holds at most 9')
            return Action.waddle([_card(c, False) for c in v])
        if k == HERO:
            if v not in HERO_CODES:
                raise ValueError(f'"hero" must be one of {", ".join(HERO_CODES)}')
            return Action(HERO, HERO_CODES.index(v))
        if k == PLAY:
            hand = data.get("hand", 0)
            if type(hand) is not int or not 0 <= hand <= 2:
                raise ValueError('"hand" (fish paid from the hand) must be 0, 1 or 2')
            return Action(PLAY, _rookery(v), hand)
        if k == MOVE:
            return Action(MOVE, _player(data.get("nest"), '"nest"'), _rookery(v))
        if k in _ROOKERY_KINDS:
            return Action(k, _rookery(v))
        if k == REMOVE:
            return Action(REMOVE, _player(v, '"remove"'))
        if k in _TOKEN_KINDS:
            if type(v) is not int or not 0 <= v < 5:
                raise ValueError(f'"{k}" must be a token number from 0 to 4')
            return Action(k, v, _rookery(data.get("at")))
        if v is not True:
            raise ValueError(f'"{k}" must be true')
        return Action(k)


def _card(value: Any, hidden_ok: bool) -> int:
    if hidden_ok and value == "?":
        return HIDDEN
    return parse_card(value)


def _rookery(value: Any) -> int:
    if value not in ROOKERY_IDS:
        raise ValueError(f"a rookery is one of {', '.join(ROOKERY_IDS)}, not {quoted(value)}")
    return ROOKERY_IDS.index(value)


def _player(value: Any, what: str) -> int:
    if type(value) is not int or not 0 <= value < 6:
        raise ValueError(f"{what} must be a player number from 0 to 5")
    return value


_TOKEN = re.compile(r"^(cp|supply)([0-9])$")  # not \d: it takes "٣" for a 3


def parse_action(text: str) -> Action:
    """Parse the notation of ``str(action)`` (any case, extra spaces allowed)."""
    words = text.strip().lower().split()
    if not words:
        raise ValueError("an empty action")
    k, rest = words[0], words[1:]
    try:
        if k in _CARD_KINDS and len(rest) == 1:
            return Action(k, _card(rest[0], k in (DRAFT, TAKE)))
        if k == WADDLE and rest:
            return Action.waddle([parse_card(w) for w in rest])
        if k == HERO and len(rest) == 1 and rest[0] in HERO_CODES:
            return Action(HERO, HERO_CODES.index(rest[0]))
        if k == PLAY and len(rest) in (1, 2):
            hand = 0
            if len(rest) == 2:
                if not re.fullmatch(r"h[0-2]", rest[1]):
                    raise ValueError("fish from the hand is written h1 or h2")
                hand = int(rest[1][1])
            return Action(PLAY, _rookery(rest[0]), hand)
        if k == MOVE and len(rest) == 2 and re.fullmatch(r"p[0-5]", rest[0]):
            return Action(MOVE, int(rest[0][1]), _rookery(rest[1]))
        if k in _ROOKERY_KINDS and len(rest) == 1:
            return Action(k, _rookery(rest[0]))
        if k == REMOVE and len(rest) == 1 and re.fullmatch(r"p[0-5]", rest[0]):
            return Action(REMOVE, int(rest[0][1]))
        m = _TOKEN.match(k)
        if m and len(rest) == 1 and int(m.group(2)) < 5:
            return Action(m.group(1), int(m.group(2)), _rookery(rest[0]))
        if k in (PASS, STOP) and not rest:
            return Action(k)
    except ValueError as e:
        raise ValueError(f"not an action: {quoted(text)} ({e})") from None
    raise ValueError(
        f"not an action: {quoted(text)} (see the notation in docs/waddle-waddle-record.md)"
    )
