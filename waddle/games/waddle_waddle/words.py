"""The small words every part of Waddle Waddle's page shares: heroes, threats and tokens
by their codes, cards by species and number (:func:`card_words`, :func:`cards_words`,
:func:`waddle_words`), what the decision in progress is about (:func:`pending`), what a
click that takes an action does (:func:`doing`), a count with its noun, and the points the
hero handicap option adds (:func:`hero_points`).

Below the panels (:mod:`.panels`), the table under the board (:mod:`.table`), the result
(:mod:`.result`) and the presenter, which all say these the same way; :mod:`.panels`
re-exports them.

>>> from waddle.games.waddle_waddle.record import new_record
>>> view = new_record(2, seed=3).start().view(0)
>>> pending(view, "rookery"), _plural(1, "card"), _plural(2, "card")
(None, '1 card', '2 cards')
"""

from __future__ import annotations

from collections.abc import Sequence

from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import HIDDEN, SPECIES_CODES
from waddle.games.waddle_waddle.components import ROOKERY_IDS
from waddle.games.waddle_waddle.heroes import HEROES, Hero
from waddle.games.waddle_waddle.observation import View
from waddle.games.waddle_waddle.threats import THREATS

HERO_BY_CODE = {h.code: h for h in HEROES}
HERO_NAMES = {
    "dee": "Dee Boersma",
    "papi": "Papi Borboroglu",
    "dyan": "Dyan deNapoli",
    "davis": "Lloyd Spencer Davis",
    "katta": "Katta Ludynia",
    "lynch": "Heather Lynch",
}
"""Each hero as a button or a panel calls them: the name they go by (their full name is
in the messages and the "What things do" panel)."""
HERO_GIST = {
    "dee": "Each King nest counts as one more card.",
    "papi": "A waddle topped by a Magellanic may go to any rookery.",
    "dyan": "Each Rockhopper nest lets you move a nest elsewhere.",
    "davis": "A Macaroni nest brings one extra nest.",
    "katta": "Two Chinstraps may count as another species.",
    "lynch": "After a Gentoo nest, an empty hand refills at once.",
}
"""What each hero does, in a line for the hero's button (the rule in full is one tap
away, in "What things do")."""
THREAT_BY_CODE = {t.code: t for t in THREATS}
TOKEN_NAMES = {K.CP: "Conservation Points", K.SUPPLY: "Fish Supply"}
CARD_NAMES = ("Magellanic", "Rockhopper", "Chinstrap", "King", "Macaroni", "Gentoo")
"""The species as a card names it: the Southern Rockhopper is a Rockhopper there, as on
the printed cards, to fit."""
CODE_OF = dict(zip(SPECIES_CODES, range(6), strict=True))
"""A species code's index: ``Ki`` → 3."""


def card_words(card: str) -> str:
    """A card in words: ``Ki3`` → "King 3"; ``Kv`` → "Kevin"."""
    if card == "Kv":
        return "Kevin"
    k = CODE_OF[card[:2]]
    return f"{CARD_NAMES[k]} {card[2:]}"


def cards_words(cards: Sequence[str]) -> str:
    """Cards in words, one species' numbers together: ``Ki3 Ki4 Ge4`` → "King 3 and 4,
    Gentoo 4" (never two numbers joined by a bare comma, which reads as a place).

    >>> cards_words(["Ki3", "Ki4", "Ki5"]), cards_words(["Mg2", "Ge2", "Kv"])
    ('King 3, 4 and 5', 'Magellanic 2, Gentoo 2, Kevin')
    """
    groups: dict[str, list[str]] = {}
    for c in cards:
        key = "Kevin" if c == "Kv" else CARD_NAMES[CODE_OF[c[:2]]]
        groups.setdefault(key, []).append("" if c == "Kv" else c[2:])
    parts = []
    for name, numbers in groups.items():
        numbers = [n for n in numbers if n]
        if not numbers:
            parts.append(name)
        elif len(numbers) == 1:
            parts.append(f"{name} {numbers[0]}")
        else:
            parts.append(f"{name} {', '.join(numbers[:-1])} and {numbers[-1]}")
    return ", ".join(parts)


_COUNTS = {3: "three", 4: "four", 5: "five", 6: "six"}


def waddle_words(cards: Sequence[str]) -> str:
    """A waddle in words, in short, as a player would say it (after "a waddle of"): by its
    species, its number or its run (the cards themselves are in the move list's short
    form, :func:`cards_words`).

    >>> waddle_words(["Ge3", "Ge4", "Ge5"]), waddle_words(["Ge1", "Ge3", "Ge6"])
    ('three Gentoo in a row', 'three Gentoo')
    >>> waddle_words(["Ch5", "Ki5", "Mc5", "Mc5"]), waddle_words(["Ki4", "Mc3", "Ge2", "Ge5"])
    ('four 5s', 'four in a row, 2 to 5')
    """
    count = _COUNTS.get(len(cards), str(len(cards)))
    numbers = sorted(int(c[2:]) for c in cards)
    run = numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    if len({c[:2] for c in cards}) == 1:
        name = CARD_NAMES[CODE_OF[cards[0][:2]]]
        return f"{count} {name}" + (" in a row" if run else "")
    if len(set(numbers)) == 1:
        return f"{count} {numbers[0]}s"
    return f"{count} in a row, {numbers[0]} to {numbers[-1]}"


def token_words(view: View, kind: str, token: int) -> tuple[str, str]:
    """A token of the draft between seasons: its name, and what it does, for a player who
    never read the rules.

    >>> from waddle.games.waddle_waddle.record import new_record
    >>> view = new_record(2, seed=3).start().view(0)
    >>> token_words(view, K.CP, 0)[0]
    'the bonus token 20/10'
    >>> token_words(view, K.CP, 0)[1]
    "at the season's end the most nests at that rookery score 20, the second most 10"
    >>> token_words(view, K.SUPPLY, 4)[1]
    "4 fish come to its rookery at the season's start"
    """
    if kind == K.CP:
        larger, smaller = view.conservation_tokens[token]
        return (
            f"the bonus token {larger}/{smaller}",
            f"at the season's end the most nests at that rookery score {larger}, the second "
            f"most {smaller}",
        )
    fish = view.fish_tokens[token]
    return (
        f"the Fish Supply token +{fish}",
        f"{fish} fish come{'s' if fish == 1 else ''} to its rookery at the season's start",
    )


def pending(view: View, key: str, default=None):
    return dict(view.pending).get(key, default)


def doing(view: View, action: Action) -> str:
    """What a click that takes ``action`` does, in words for a card's or rookery's label."""
    kind, a, _b = action
    if kind == K.DRAFT:
        return "draft it" if a != HIDDEN else "draft the deck's top card face down"
    if kind == K.EXCHANGE:
        return "give it to the ice floe (Exchange)"
    if kind == K.FISH:
        return "put it on the ice floe and take a fish (Fishing trip)"
    if kind == K.REFILL:
        return "take it to start refilling your hand"
    if kind == K.TAKE:
        return "take it" if a != HIDDEN else "take the deck's top card face down"
    if kind == K.PLAY:
        offer = view.offers[0] if view.offers else None
        place = next((p for p in offer.places if p.rookery == ROOKERY_IDS[a]), None)
        if place is None:
            return "play the waddle here"
        nests = f"{place.nests} nest{'s' if place.nests != 1 else ''}"
        return f"play the waddle here: {place.points} points, {nests}"
    if kind == K.THREAT:
        threat = THREAT_BY_CODE.get(pending(view, "threat"))
        return f"place the {threat.name if threat else 'threat'} here"
    if kind == K.FISHTO:
        return "move a fish here"
    if kind == K.MOVE:
        return "move the nest here"
    if kind in (K.CP, K.SUPPLY):
        return f"place the {TOKEN_NAMES[kind]} token here"
    if kind == K.HERO:
        return f"choose {HERO_NAMES[HEROES[a].code]}"
    if kind == K.WADDLE:
        return "play this waddle"
    if kind == K.REMOVE:
        return "take this player's nest"
    return "stop here" if kind == K.STOP else "pass"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def hero_points(view: View, hero: Hero) -> int | None:
    """What the hero handicap option adds at the end for ``hero``; None without it."""
    table = view.options.hero_handicap
    return None if table is None else table[hero.index]
