"""Why a decision is good, in Waddle Waddle's own terms: the hint's and the game review's
words (``GAME.explain_move``, ``GAME.explain_versus``), the decision's name
(``GAME.move_name``) and the rookery it touches (``GAME.action_places``), beside the bots'
valuation in :mod:`.ai`.

A waddle is judged by what it does where it can be played (rules.html, "Play a waddle":
the nests it places and the Conservation Points it scores at once,
:meth:`~.waddle_rules.WaddleRules.waddle_outcome`); a decision that scores says by how
much, as the score stands (:meth:`~.state.WaddleWaddleState.scores`). A card taken or
given up is judged by the hand it leaves: the best waddle in it by the rules' table, then
the bots' reckoning of the hand (:func:`.worth.hand_value`). Only what the player to move
may see is used: a card drawn face down is "a card from the deck", never looked at.

Names follow the page: cards by species and number ("King 3"), heroes by name, rookeries
by theirs, a card drawn face down as "a card from the deck".

>>> from waddle.games.waddle_waddle.record import new_record
>>> state = new_record(2, seed=2).start()
>>> first = state.legal_actions()[0]
>>> move_name(state, first)
'the hero Dee Boersma'
>>> explain(state, first)
'chooses Dr. Dee Boersma: each King nest counts as one more card'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from waddle.core.words import Voice, join, only_ahead, plural, signed
from waddle.games.waddle_waddle import actions as KINDS
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import (
    HIDDEN,
    SPECIES_NAMES,
    code,
    is_bonus,
    points,
    waddles_in,
)
from waddle.games.waddle_waddle.components import ROOKERY_IDS
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.state import WaddleWaddleState
from waddle.games.waddle_waddle.threats import THREATS
from waddle.games.waddle_waddle.words import HERO_GIST, HERO_NAMES, card_words, cards_words
from waddle.games.waddle_waddle.worth import hand_value

_CARD_KINDS = (KINDS.DRAFT, KINDS.TAKE, KINDS.EXCHANGE, KINDS.FISH, KINDS.REFILL)
_TAKING = (KINDS.DRAFT, KINDS.TAKE, KINDS.REFILL)


def _rookery(state: WaddleWaddleState, r: int) -> str:
    return state.components.rookeries[r].name


def _card(c: int) -> str:
    return "a card from the deck" if c == HIDDEN else card_words(code(c))


def move_name(state: WaddleWaddleState, action: Action) -> str:
    """The decision as a player names it: "draft King 3", "draft a card from the deck",
    "the waddle King 3, 4 and 5", "the waddle at Crozet Islands", "the hero Katta Ludynia",
    "the Orca at South Georgia Island"."""
    kind, a, b = action
    if kind == KINDS.HERO:
        return f"the hero {HERO_NAMES[HEROES[a].code]}"
    if kind == KINDS.DRAFT:
        return f"draft {_card(a)}"
    if kind == KINDS.TAKE:
        return f"take {_card(a)}"
    if kind == KINDS.EXCHANGE:
        return f"exchange {_card(a)}"
    if kind == KINDS.FISH:
        return f"a fishing trip with {_card(a)}"
    if kind == KINDS.REFILL:
        return f"refill with {_card(a)}"
    if kind == KINDS.WADDLE:
        what = "WaddleWaddle" if state.phase == "waddle2" else "waddle"
        return f"the {what} {cards_words([code(c) for c in a])}"
    if kind == KINDS.PLAY:
        paid = f", paying {plural(b, 'fish')} from the hand" if b else ""
        return f"the waddle at {_rookery(state, a)}{paid}"
    if kind == KINDS.THREAT:
        name = THREATS[state.threat].name if state.threat >= 0 else "threat"
        return f"the {name} at {_rookery(state, a)}"
    if kind == KINDS.FISHTO:
        return f"a fish to {_rookery(state, a)}"
    if kind == KINDS.MOVE:
        return f"a nest moved to {_rookery(state, b)}"
    if kind == KINDS.REMOVE:
        return "the Snowy Sheathbill's nest to take"
    if kind == KINDS.CP:
        larger, smaller = state.components.conservation_tokens[a]
        return f"the bonus token {larger}/{smaller} on {_rookery(state, b)}"
    if kind == KINDS.SUPPLY:
        return f"the Fish Supply token +{state.components.fish_tokens[a]} on {_rookery(state, b)}"
    if kind == KINDS.STOP:
        return "no WaddleWaddle" if state.phase == "waddle2" else "no more nest moves"
    return "passing"


def action_places(state: WaddleWaddleState, action: Action) -> list[str]:
    """The rookery a decision names (its id: what the page's rookery hooks carry)."""
    kind, a, b = action
    if kind in (KINDS.PLAY, KINDS.THREAT, KINDS.FISHTO) and isinstance(a, int):
        return [ROOKERY_IDS[a]]
    if kind in (KINDS.MOVE, KINDS.CP, KINDS.SUPPLY) and isinstance(b, int):
        return [ROOKERY_IDS[b]]
    return []


def _cp(n: int) -> str:
    return signed(n, "Conservation Point")


def _nests(n: int) -> str:
    return plural(n, "nest")


# -- what a decision does for its player -------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What a decision does for the player to move, in the figures it is compared by."""

    scored: int = 0
    """Conservation Points it scores at once (a waddle: at its best rookery)."""
    nests: int = 0
    """Nests it places (a waddle: at its best rookery)."""
    best: tuple[int, tuple[int, ...]] | None = None
    """The best waddle of the hand it leaves, by the rules' table, and its cards (None
    when the hand is not known: a card drawn face down)."""
    worth: float | None = None
    """The hand it leaves, by the bots' reckoning (:func:`.worth.hand_value`)."""
    fish: int = 0
    """Fish it brings to the hand."""
    cards: int = 0
    """Cards it brings to the hand (a refill: two; an exchange: none, one for one)."""
    lead: int | None = None
    """A token's rookery: the player's nests there less the most of any rival's."""


def best_waddle(hand: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The best waddle in ``hand`` by the rules' table (its points and cards; 0 and no
    cards without one).

    >>> from waddle.games.waddle_waddle.cards import cards
    >>> points, waddle = best_waddle(cards("Ki3 Ki4 Ki5 Ge1"))
    >>> points, cards_words([code(c) for c in waddle])
    (8, 'King 3, 4 and 5')
    """
    best: tuple[int, tuple[int, ...]] = (0, ())
    for w in waddles_in(sorted(c for c in hand if c < 36)):
        value = points(len(w), is_bonus(w))
        if value > best[0]:
            best = (value, tuple(w))
    return best


def _hand_after(state: WaddleWaddleState, me: int, action: Action) -> list[int] | None:
    """The hand ``action`` leaves the player with, as they know it (None: a card drawn
    face down, which nobody has seen yet)."""
    kind, a, _b = action
    hand = list(state.hands[me])
    if kind in _TAKING:
        if a == HIDDEN:
            return None
        return [*hand, a]
    if kind in (KINDS.EXCHANGE, KINDS.FISH) and a in hand:
        hand.remove(a)
    return hand


def _waddle_best(state: WaddleWaddleState, me: int, cards: Sequence[int]) -> tuple[int, int, int]:
    """The best rookery for a waddle: (its Conservation Points, its nests, the rookery)."""
    best = (0, 0, -1)
    for r, _from_hand in state.play_options(me, cards):
        _placed, nests, gained = state.waddle_outcome(me, cards, r)
        if best[2] < 0 or (gained, nests) > best[:2]:
            best = (gained, nests, r)
    return best


def _scored(state: WaddleWaddleState, me: int, action: Action) -> int:
    after = state.clone()
    after.apply(action)
    return after.scores()[me] - state.scores()[me]


def outcome(state: WaddleWaddleState, action: Action) -> Outcome:
    """:class:`Outcome` of ``action`` for the player to move in ``state``."""
    me = state.to_move()
    kind, a, _b = action
    hero = state.hero[me]
    if kind in _CARD_KINDS:
        hand = _hand_after(state, me, action)
        brought = {KINDS.REFILL: 2, KINDS.EXCHANGE: 0, KINDS.FISH: -1}.get(kind, 1)
        if hand is None:
            return Outcome(cards=brought)
        return Outcome(
            best=best_waddle(hand),
            worth=hand_value(sorted(hand), hero),
            fish=1 if kind == KINDS.FISH else 0,
            cards=brought,
        )
    if kind == KINDS.WADDLE:
        gained, nests, _r = _waddle_best(state, me, a)
        return Outcome(scored=gained, nests=nests)
    if kind == KINDS.PLAY:
        _placed, nests, _gained = state.waddle_outcome(me, state.pending, a)
        return Outcome(scored=_scored(state, me, action), nests=nests)
    if kind == KINDS.HERO:
        return Outcome()
    lead = None
    if kind == KINDS.CP:
        nests = state.nests[action.b]
        lead = nests[me] - max((n for p, n in enumerate(nests) if p != me), default=0)
    return Outcome(scored=_scored(state, me, action), lead=lead)


# -- in words ---------------------------------------------------------------------------------


def explain(state: WaddleWaddleState, action: Action, who: str | None = None) -> str:
    """What ``action`` does, as a verb phrase after "It". ``who``: the player spoken
    about (a review), else the player to move is spoken to ("your")."""
    me = state.to_move()
    if me is None or me < 0:
        return ""
    voice = Voice(who)
    kind, a, _b = action
    if kind == KINDS.HERO:
        hero = HEROES[a]
        gist = HERO_GIST[hero.code].rstrip(".")
        return f"chooses {hero.name}: {gist[:1].lower()}{gist[1:]}"
    if kind in _CARD_KINDS:
        return _card_doing(state, me, action, voice)
    if kind == KINDS.WADDLE:
        gained, nests, r = _waddle_best(state, me, a)
        what = f"plays a waddle of {plural(len(a), 'card')} ({_species(a)})"
        if r < 0:
            return what
        return f"{what}: at {_rookery(state, r)} it places {_nests(nests)} ({_cp(gained)})"
    if kind == KINDS.PLAY:
        _placed, nests, _gained = state.waddle_outcome(me, state.pending, a)
        gained = _scored(state, me, action)
        return (
            f"plays the waddle at {_rookery(state, a)}, placing {_nests(nests)} there "
            f"({_cp(gained)})"
        )
    gained = _scored(state, me, action)
    text = _doing(state, me, action, voice)
    return f"{text} ({_cp(gained)})" if gained else text


def _species(cards: Sequence[int]) -> str:
    names = sorted({SPECIES_NAMES[c // 6] for c in cards if 0 <= c < 36})
    return join(names) or "penguins"


def _card_doing(state: WaddleWaddleState, me: int, action: Action, voice: Voice) -> str:
    kind, a, _b = action
    card = _card(a)
    if kind in (KINDS.DRAFT, KINDS.TAKE) and a == HIDDEN:
        return "takes a card from the deck, face down: only its owner will know it"
    said = {
        KINDS.DRAFT: f"takes {card} from the ice floe",
        KINDS.TAKE: f"takes {card} from the ice floe",
        KINDS.REFILL: f"starts refilling {voice.your} hand with {card}",
        KINDS.EXCHANGE: f"gives {card} to the ice floe, for another face-up card",
        KINDS.FISH: f"puts {card} on the ice floe and takes a fish",
    }[kind]
    won = outcome(state, action)
    if won.best and won.best[0]:
        said += (
            f" ({voice.your} best waddle is then worth "
            f"{plural(won.best[0], 'Conservation Point')}: "
            f"{cards_words([code(c) for c in won.best[1]])})"
        )
    return said


def _doing(state: WaddleWaddleState, me: int, action: Action, voice: Voice) -> str:
    kind, a, b = action
    if kind == KINDS.THREAT:
        if state.threat < 0:
            return f"places the threat at {_rookery(state, a)}"
        threat = THREATS[state.threat]
        return f"places the {threat.name} at {_rookery(state, a)} ({_threat_does(threat.text)})"
    if kind == KINDS.FISHTO:
        return f"moves a fish to {_rookery(state, a)}"
    if kind == KINDS.MOVE:
        whose = f"one of {voice.your} nests" if a == me else "a rival's nest"
        return f"moves {whose} to {_rookery(state, b)}"
    if kind == KINDS.REMOVE:
        whose = f"one of {voice.your} own nests" if a == me else "a rival's nest"
        return f"has the Snowy Sheathbill take {whose}"
    if kind in (KINDS.CP, KINDS.SUPPLY):
        return f"puts {move_name(state, action)}"
    if kind == KINDS.STOP:
        return "plays no WaddleWaddle" if state.phase == "waddle2" else "moves no more nests"
    return "passes: nothing else is possible"


def versus(
    state: WaddleWaddleState,
    action: Action,
    other: Action,
    who: str | None = None,
    called: str | None = None,
) -> str:
    """Why ``action`` is better than ``other`` here, as a verb phrase after "It": the
    Conservation Points it scores at once and the nests it places, then the hand it
    leaves (its best waddle by the rules' table, then the bots' reckoning of it, in
    Conservation Points to come) and the fish it brings, each said where it beats
    ``other``. When none does, it says so, and that the search found it better by
    playing on. ``called``: how to name ``other``.

    >>> from waddle.games.waddle_waddle.record import new_record
    >>> from waddle.games.waddle_waddle.actions import parse_action
    >>> state = new_record(2, seed=2).start()
    >>> for text in ("hero dee", "hero papi"):
    ...     state.apply(parse_action(text))
    >>> [move_name(state, a) for a in state.legal_actions()[:3]]
    ['draft Magellanic 4', 'draft Rockhopper 2', 'draft King 3']
    >>> legal = state.legal_actions()
    >>> print(move_name(state, legal[4]), "|", versus(state, legal[4], legal[0]))
    ... # doctest: +NORMALIZE_WHITESPACE
    draft Gentoo 3 | leaves your hand stronger by the bots' reckoning (about 2 Conservation
    Points to come), where draft Magellanic 4 would leave about 1
    """
    me = state.to_move()
    if me is None or me < 0:
        return ""
    voice = Voice(who)
    name = called or move_name(state, other)
    mine, theirs = outcome(state, action), outcome(state, other)
    gains, instead = [], []
    if mine.scored > theirs.scored:
        gains.append(f"scores {plural(mine.scored, 'Conservation Point')} now")
        instead.append(f"score {theirs.scored}" if theirs.scored else "score none")
    if mine.nests > theirs.nests:
        gains.append(f"places {_nests(mine.nests)}")
        instead.append(f"place {theirs.nests}" if theirs.nests else "place none")
    if mine.best is not None and mine.best[0] > (theirs.best or (0, ()))[0]:
        cards = cards_words([code(c) for c in mine.best[1]])
        gains.append(
            f"leaves {voice.your} hand a waddle worth "
            f"{plural(mine.best[0], 'Conservation Point')} ({cards})"
        )
        if theirs.best is None:
            instead.append("leave a card nobody has seen yet")
        elif theirs.best[0]:
            instead.append(f"leave one worth {theirs.best[0]}")
        else:
            instead.append("leave no waddle")
    if mine.fish > theirs.fish:
        gains.append("brings a fish")
        instead.append("bring none")
    cards = action.kind in _CARD_KINDS and other.kind in _CARD_KINDS
    if cards and mine.cards > max(theirs.cards, 0):
        brought = "a card" if mine.cards == 1 else plural(mine.cards, "card")
        gains.append(f"brings {brought} to {voice.your} hand")
        if theirs.cards < 0:
            instead.append("give one up")
        else:
            instead.append(f"bring {theirs.cards}" if theirs.cards else "bring none")
    if mine.lead is not None and theirs.lead is not None and mine.lead > theirs.lead:
        gains.append(f"puts the bonus where {_lead(mine.lead, voice)}")
        instead.append(f"put it where {_lead(theirs.lead, voice)}")
    stronger = mine.worth is not None and theirs.worth is not None
    if not gains and stronger and round(mine.worth) > round(theirs.worth):
        gains.append(
            f"leaves {voice.your} hand stronger by the bots' reckoning (about "
            f"{round(mine.worth)} Conservation Points to come)"
        )
        instead.append(f"leave about {round(theirs.worth)}")
    if gains:
        return f"{join(gains)}, where {name} would {join(instead)}"
    behind = ""
    if theirs.scored > mine.scored:
        behind = f"scores {plural(theirs.scored, 'Conservation Point')} now"
    elif theirs.best and (mine.best or (0, ()))[0] < theirs.best[0]:
        behind = f"leaves a waddle worth {theirs.best[0]} in hand"
    elif theirs.fish > mine.fish:
        behind = "brings a fish"
    elif cards and theirs.cards > max(mine.cards, 0):
        behind = "brings a card more"
    elif stronger and round(theirs.worth) > round(mine.worth):  # type: ignore[arg-type]
        behind = "leaves a stronger hand by the bots' reckoning"
    if action.kind in _CARD_KINDS and mine.best is None:
        return (
            f"{explain(state, action, who)}; what it brings is not known before it is drawn, "
            f"and the search, dealing it many ways, found it better than {name}"
        )
    ahead = only_ahead(name, behind)
    if action.kind == KINDS.HERO:
        return f"{explain(state, action, who)}; it {ahead}"
    return ahead


def _threat_does(text: str) -> str:
    """What a threat does, without where it may not go (said where it is placed)."""
    said = [x.rstrip(".") for x in text.split(". ") if not x.startswith("Not at")]
    return "; ".join(x[:1].lower() + x[1:] for x in said)


def _lead(lead: int, voice: Voice) -> str:
    """Where a player stands in a rookery's nests, against the best rival."""
    if lead > 0:
        return f"{voice.you} {voice.verb('has', 'have')} {plural(lead, 'nest')} more than any rival"
    if lead == 0:
        return f"{voice.you} {voice.verb('ties', 'tie')} for the most nests"
    return f"a rival has {plural(-lead, 'nest')} more"


__all__ = ["Outcome", "action_places", "best_waddle", "explain", "move_name", "outcome", "versus"]
