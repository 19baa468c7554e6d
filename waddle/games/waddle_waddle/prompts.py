"""What Waddle Waddle's presenter says to the player between actions: what to click next
(:func:`tip`), a hint's decision in words with the buttons it takes (:func:`hint_words`),
where the last action happened (:func:`last_rookery`), and why a click on a rookery, a
face-up card, the deck or a card of the hand does nothing (the underscored refusals, which
only the presenter asks for).

Words about the clicks, apart from the presenter's handling of them (:mod:`.presenter`),
which re-exports :func:`tip` and the public names.
"""

from __future__ import annotations

from collections.abc import Sequence

from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action, parse_action
from waddle.games.waddle_waddle.cards import HIDDEN, code
from waddle.games.waddle_waddle.clicks import (
    DRAFT,
    EXCHANGE,
    FISH,
    REFILL,
    Choice,
    Clicks,
    hand_codes,
    pay_words,
    rookery_name,
    selected_cards,
    steps_to,
)
from waddle.games.waddle_waddle.components import ROOKERY_IDS
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.observation import View
from waddle.games.waddle_waddle.state import WaddleWaddleState
from waddle.games.waddle_waddle.view import card_words, cards_words
from waddle.games.waddle_waddle.words import THREAT_BY_CODE, pending, token_words
from waddle.ui.markup import sentence

ROOKERY_KINDS = {K.PLAY: "a", K.THREAT: "a", K.FISHTO: "a", K.MOVE: "b", K.CP: "b", K.SUPPLY: "b"}
"""The action kinds that happen at a rookery, and which choice names it."""


def hint_words(view: View, names: Sequence[str], action: Action) -> str:
    """A decision in words, with the buttons it takes: "exchange King 3: press Exchange,
    then click it"."""
    kind, a, b = action
    where = ""
    if kind in ROOKERY_KINDS:
        where = rookery_name(view, ROOKERY_IDS[a if ROOKERY_KINDS[kind] == "a" else b])
    card = card_words(code(a)) if kind in CARD_KINDS and a != HIDDEN else ""
    if kind == K.HERO:
        return f"choose {HEROES[a].name}"
    if kind in (K.DRAFT, K.TAKE) and a == HIDDEN:
        return "take the deck's top card face down"
    if kind in (K.DRAFT, K.TAKE):
        first = steps_to(view, action)[0]
        return f"{kind} {card}" + (": press Draft, then click it" if first[1] == DRAFT else "")
    if kind == K.REFILL:
        return f"refill your hand, starting with {card}"
    if kind == K.EXCHANGE:
        return f"exchange {card}: press Exchange, then click it"
    if kind == K.FISH:
        return f"go fishing with {card}: press Fishing trip, then click it"
    if kind == K.WADDLE:
        cards = cards_words([code(c) for c in a])
        if view.phase == "waddle2":
            return f"play the rest of your hand as a WaddleWaddle: {cards}"
        return f"play the waddle {cards}"
    if kind == K.PLAY:
        place = next(p for p in view.offers[0].places if p.rookery == ROOKERY_IDS[a])
        words = pay_words(place, where, b)
        paid = f", {words[0].lower()}{words[1:]}"
        return f"play it at {where}" + (paid if len(place.pay) > 1 else "")
    if kind == K.THREAT:
        return f"place the threat at {where}"
    if kind == K.FISHTO:
        return f"move a fish to {where}"
    if kind == K.MOVE:
        return f"move a nest of {names[a]} to {where}"
    if kind == K.REMOVE:
        return f"take a nest of {names[a]}"
    if kind in (K.CP, K.SUPPLY):
        if kind == K.CP:
            larger, smaller = view.conservation_tokens[a]
            token = f"the bonus token {larger}/{smaller}"
        else:
            token = f"the Fish Supply token +{view.fish_tokens[a]}"
        return f"put {token} on {where}"
    if kind == K.STOP:
        return "play no WaddleWaddle" if view.phase == "waddle2" else "move no more nests"
    return "pass: no action is possible"


CARD_KINDS = (K.DRAFT, K.TAKE, K.REFILL, K.EXCHANGE, K.FISH)


def last_rookery(view: View) -> str | None:
    """The rookery where the last action happened, if it happened at one."""
    if not view.last_action:
        return None
    action = parse_action(view.last_action)
    which = ROOKERY_KINDS.get(action.kind)
    if which is None:
        return None
    return ROOKERY_IDS[action.a if which == "a" else action.b]


def tip(view: View, now: Clicks, ui: Choice) -> str:
    """What to click next, for the player to move: the page's one instruction, in the
    prompt (never repeated in a message).

    >>> from waddle.games.waddle_waddle.clicks import clicks
    >>> from waddle.games.waddle_waddle.record import new_record
    >>> view = new_record(2, seed=3).start().view(0)
    >>> tip(view, clicks(view, Choice()), Choice()).endswith("(what each does is on its button).")
    True
    """
    phase = view.phase
    if phase == "hero":
        return (
            "Choose your penguin hero: each helps the waddles of one species (what each "
            "does is on its button)."
        )
    if phase == "turn":
        return _turn_tip(view, now, ui)
    if phase == "take":
        return "Click the face-up card you take in exchange (not the one you gave)."
    if phase == "refill2":
        return "Click a second face-up card, or the deck for its top card face down."
    if phase == "lynch":
        return "Dr. Lynch: click a face-up card to start refilling your hand."
    if phase == "play":
        if ui.rookery is not None:
            return f"At {rookery_name(view, ui.rookery)}: choose how the fish is paid."
        return "Click a highlighted rookery, or choose below, to play your waddle there."
    if phase == "waddle2":
        if now.offers:
            return "Your other cards make a waddle: play it too (a WaddleWaddle), or not."
        return "Your other cards do not make a waddle: press No WaddleWaddle to go on."
    where = pending(view, "rookery")
    at = rookery_name(view, where) if where else "its rookery"
    if phase in ("dyan", "oil"):
        left = pending(view, "moves_left", 0)
        why = (
            f"Dyan deNapoli lets you move {left} more nest{'s' if left != 1 else ''} away "
            f"from {at} (or stop)"
            if phase == "dyan"
            else f"The Oil Spill drives {left} more nest{'s' if left != 1 else ''} away from {at}"
        )
        if not now.rookeries:
            return f"{why}: choose whose nest moves, then click the rookery it goes to."
        return f"{why}: click the rookery the nest goes to."
    if phase == "threat":
        threat = THREAT_BY_CODE.get(pending(view, "threat"))
        name = threat.name if threat else "threat"
        return (
            f"Click a highlighted rookery (one with a free threat space) to place the {name} "
            "you turned up there; that ends your turn."
        )
    if phase == "shark":
        fish = next((r.fish for r in view.rookeries if r.id == where), 0)
        return (
            f"The Shark drives the fish of {at} away ({fish} left there): click the rookery "
            "the next one goes to."
        )
    if phase == "sheathbill":
        return f"The Snowy Sheathbill takes a nest at {at}: choose whose, among those tied."
    if phase == "tokens":
        placing = next(iter(now.rookeries.values()), None)
        if placing is None:
            return "Choose a token, then click the rookery it goes to."
        name, does = token_words(view, placing.kind, placing.a)
        others = " Or press another token first." if len(now.buttons) > 1 else ""
        return f"Click a highlighted rookery to place {name} there: {does}.{others}"
    return ""


def _turn_tip(view: View, now: Clicks, ui: Choice) -> str:
    """What to click in a turn's action, by the button pressed and the cards picked."""
    if ui.mode == EXCHANGE:
        return "Exchange: click the card of your hand to give; then a face-up card to take."
    if ui.mode == FISH:
        return "Fishing trip: click the card of your hand to put on the ice floe."
    if ui.mode == DRAFT:
        return "Draft: click a face-up card, or the deck to draw face down."
    if ui.mode == REFILL:
        return "Refill: click the face-up card to start with; then a second card."
    if not hand_codes(view):
        return (
            "Your hand is empty: click a face-up card to refill it (two cards), or press "
            "Draft to take just one."
        )
    picked = selected_cards(view, ui)
    if picked:
        one = " or press Exchange or Fishing trip" if len(picked) == 1 else ""
        return f"Picked {cards_words(picked)}: click a waddle with them, pick more{one}."
    buttons = "Exchange" if view.options.no_fish else "Exchange or Fishing trip"
    if now.offers:
        return f"Draft a card, play a waddle, or press {buttons}."
    return f"Draft a card from the ice floe or the deck, or press {buttons}."


def _rookery_refusal(state: WaddleWaddleState, view: View, rid: str) -> str:
    phase = view.phase
    r = ROOKERY_IDS.index(rid)
    name = rookery_name(view, rid)
    if not view.legal:
        return "It is not your turn to act."
    if phase == "turn":
        return (
            "Choose a waddle first: pick its cards in your hand, or click one of the waddles "
            "offered under it."
        )
    if phase == "play":
        return sentence(state.why_illegal(Action.play(r)) or f"not at {name}")
    if phase == "threat":
        return sentence(state.why_illegal(Action(K.THREAT, r)) or f"not at {name}")
    if phase in ("dyan", "oil"):
        return (
            "Choose whose nest moves first."
            if pending(view, "rookery") != rid
            else ("The nest must leave this rookery: click another one.")
        )
    if phase == "shark":
        return "The Shark's fish go to another rookery."
    if phase == "tokens":
        return "Choose a token first, then a rookery without one."
    return f"Nothing to do at {name} now."


def _floe_refusal(view: View, ui: Choice) -> str:
    if not view.legal:
        return "It is not your turn to act."
    if ui.mode in (EXCHANGE, FISH):
        return "Click a card of your hand first."
    if view.phase == "turn":
        return "You cannot draft with 9 cards in hand."
    if view.phase == "take":
        return "Take a different card from the one you gave."
    return "Not that card now."


def _deck_refusal(view: View, ui: Choice) -> str:
    if not view.legal:
        return "It is not your turn to act."
    if view.event == "blizzard" or (view.event_words and "face down" in view.event_words[1]):
        return "No card is taken face down this season."
    if not view.deck_size:
        return "The deck is empty."
    return "Not the deck now."


def _hand_refusal(view: View, ui: Choice) -> str:
    if not view.legal:
        return "It is not your turn to act."
    if view.phase != "turn":
        return "Not a card of your hand now."
    if ui.mode == EXCHANGE:
        return "That card cannot be exchanged now."
    if ui.mode == FISH:
        return "You cannot go fishing with that card now."
    return "Not that card now."
