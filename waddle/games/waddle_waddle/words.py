"""The small words every part of Waddle Waddle's page shares: heroes, threats and tokens
by their codes, what the decision in progress is about (:func:`pending`), what a click
that takes an action does (:func:`doing`), a count with its noun, and the points the hero
handicap option adds (:func:`hero_points`).

Below the panels (:mod:`.panels`), the table under the board (:mod:`.table`), the result
(:mod:`.result`) and the presenter, which all say these the same way; :mod:`.panels`
re-exports them.

>>> from waddle.games.waddle_waddle.record import new_record
>>> view = new_record(2, seed=3).start().view(0)
>>> pending(view, "rookery"), _plural(1, "card"), _plural(2, "card")
(None, '1 card', '2 cards')
"""

from __future__ import annotations

from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import HIDDEN
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
    return str(action)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def hero_points(view: View, hero: Hero) -> int | None:
    """What the hero handicap option adds at the end for ``hero``; None without it."""
    table = view.options.hero_handicap
    return None if table is None else table[hero.index]
