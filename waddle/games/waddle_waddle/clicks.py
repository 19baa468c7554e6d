"""What a click does now in a game of Waddle Waddle: the page's half of a decision.

The rules take one decision at a time (:mod:`.state`); the page lets a person make each by
clicking what it is about: a face-up card to draft it, the deck to draw face down, a card
of the hand to exchange it or to go fishing with it (after the Exchange or Fishing trip
button), cards of the hand to pick a waddle out of the offered ones, a rookery to play a
waddle or place a threat there. :class:`Choice` is what the person has chosen so far
(the presenter's UI state between clicks); :func:`clicks` turns a view and a choice into
:class:`Clicks`: what each card, rookery and button does now. Pure functions of the view.

>>> from waddle.games.waddle_waddle.record import new_record
>>> state = new_record(2, seed=3).start()
>>> now = clicks(state.view(0), Choice())
>>> [b.control for b in now.buttons][:2]
['hero-dee', 'hero-papi']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action, parse_action
from waddle.games.waddle_waddle.cards import HIDDEN, code
from waddle.games.waddle_waddle.components import ROOKERY_IDS
from waddle.games.waddle_waddle.observation import Placement, View, WaddleOffer
from waddle.games.waddle_waddle.view import card_words, cards_words

DRAFT, EXCHANGE, FISH, REFILL = "draft", "exchange", "fish", "refill"
"""The modes a button chooses before a card is clicked."""
SHOWN_OFFERS, SHOWN_OFFER_CARDS = 2, 9
"""How many of the waddles offered (best first) the page draws as buttons, and how many
cards they may hold together: on a phone the table must fit under the board, the prompt,
a message and the buttons, and two waddles of nine cards make one row there. Picking
cards of the hand narrows the offers to those holding them, so every waddle is a few
clicks away (:func:`steps_to`)."""


@dataclass
class Choice:
    """What the person to move has chosen so far in this decision (reset after each one)."""

    mode: str | None = None
    """``draft``, ``exchange``, ``fish`` or ``refill``: what a card click does."""
    selected: tuple[int, ...] = ()
    """Cards of the hand picked for a waddle, by their place in the sorted hand."""
    rookery: str | None = None
    """The rookery clicked for a waddle whose fish may be paid in more than one way."""
    owner: int | None = None
    """Whose nest moves (the Oil Spill, Dyan deNapoli)."""
    token: int | None = None
    """The token chosen in the draft between seasons (None: the first one left, which is
    in hand until another is chosen)."""


@dataclass(frozen=True)
class Button:
    """A button of the controls: its ``data-control``, words, and what it does."""

    control: str
    text: str
    enabled: bool = True
    reason: str = ""
    """Why it is disabled (its ``title``)."""
    pressed: bool | None = None
    """For a button that chooses a mode: whether that mode is on."""
    key: str = ""


@dataclass
class Clicks:
    """What each thing on the page does when clicked now (absent: nothing)."""

    phase: str
    legal: tuple[Action, ...] = ()
    rookeries: dict[str, Action | None] = field(default_factory=dict)
    """Rookery id → the action a click takes, or None: the click picks the rookery and a
    button then says how its fish are paid."""
    floe: dict[str, Action] = field(default_factory=dict)
    """A face-up card's code → the action a click on it takes."""
    deck: Action | None = None
    hand: dict[int, Action | None] = field(default_factory=dict)
    """A hand card's place → the action a click takes, or None: it picks the card."""
    offers: tuple[WaddleOffer, ...] = ()
    """The waddles to show, the picked cards' first (those holding every picked card)."""
    buttons: list[Button] = field(default_factory=list)


def legal_actions(view: View) -> tuple[Action, ...]:
    return tuple(parse_action(text) for text in view.legal)


def hand_codes(view: View) -> tuple[str, ...]:
    seat = view.to_move
    if seat is None or not 0 <= seat < view.num_players:
        return ()
    return view.seats[seat].hand or ()


def waddle_control(cards: Sequence[str]) -> str:
    return "waddle-" + "-".join(cards)


def hand_control(hand: Sequence[str], index: int) -> str:
    """A hand card's ``data-control``: ``hand-Ki3``, ``hand-Ki3-2`` for a second copy."""
    card = hand[index]
    copy = hand[:index].count(card) + 1
    return f"hand-{card}" + (f"-{copy}" if copy > 1 else "")


def selected_cards(view: View, choice: Choice) -> list[str]:
    hand = hand_codes(view)
    return [hand[i] for i in choice.selected if i < len(hand)]


def _holds(offer: WaddleOffer, picked: Sequence[str]) -> bool:
    need = Counter(picked)
    have = Counter(offer.cards)
    return all(have[c] >= k for c, k in need.items())


def _pick_then_rookery(
    actions: Sequence[Action], chosen: int | None, now: Clicks, in_hand: bool = False
) -> tuple[list[int], int | None]:
    """Decisions made in two clicks, a thing (``action.a``: a player's nests, a token) and
    then a rookery (``action.b``): the things on offer, and the one picked (``chosen`` if
    it is on offer, else the only one, else with ``in_hand`` the first, else None), whose
    rookeries ``now`` makes clickable."""
    things = sorted({a.a for a in actions})
    alone = len(things) == 1 or (in_hand and things)
    picked = chosen if chosen in things else (things[0] if alone else None)
    if picked is not None:
        for a in actions:
            if a.a == picked:
                now.rookeries[ROOKERY_IDS[a.b]] = a
    return things, picked


def shown_offers(offers: Sequence[WaddleOffer]) -> tuple[WaddleOffer, ...]:
    """The offers the page draws: the first ones (the best), at most
    :data:`SHOWN_OFFERS` holding at most :data:`SHOWN_OFFER_CARDS` cards together, and
    always the first.

    >>> from waddle.games.waddle_waddle.observation import WaddleOffer
    >>> six = WaddleOffer(("Ki1", "Ki2", "Ki3", "Ki4", "Ki5", "Ki6"), True, ())
    >>> len(shown_offers([six] * 5)), len(shown_offers([six] * 5)[0].cards)
    (1, 6)
    """
    shown: list[WaddleOffer] = []
    cards = 0
    for offer in offers[:SHOWN_OFFERS]:
        cards += len(offer.cards)
        if shown and cards > SHOWN_OFFER_CARDS:
            break
        shown.append(offer)
    return tuple(shown)


def best_points(offer: WaddleOffer) -> int:
    return max((p.points for p in offer.places), default=0)


def clicks(view: View, choice: Choice) -> Clicks:
    """What clicks do now for the player to move, whose view ``view`` is."""
    legal = legal_actions(view)
    now = Clicks(view.phase, legal)
    if not legal:
        return now
    phase = view.phase
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action.kind, []).append(action)
    if phase == "turn":
        _turn(view, choice, now, by_kind)
    elif phase in ("take", "refill2", "lynch"):
        for action in legal:
            if action.a == HIDDEN:
                now.deck = action
            else:
                now.floe[code(action.a)] = action
    elif phase == "play":
        offer = view.offers[0] if view.offers else None
        for place in offer.places if offer else ():
            if len(place.pay) == 1:
                now.rookeries[place.rookery] = Action.play(_rid(place.rookery), place.pay[0])
            else:
                now.rookeries[place.rookery] = None
            if choice.rookery == place.rookery:
                for h in place.pay:
                    words = pay_words(place, rookery_name(view, place.rookery), h)
                    now.buttons.append(Button(f"play-{place.rookery}-{h}", words))
        now.offers = view.offers
    elif phase == "waddle2":
        now.offers = view.offers
        for offer in view.offers:
            now.buttons.append(
                Button(
                    waddle_control(offer.cards),
                    f"WaddleWaddle: play your other {len(offer.cards)} cards (W)",
                    key="w",
                )
            )
        now.buttons.append(Button("stop", "No WaddleWaddle (S)", key="s"))
    elif phase in ("dyan", "oil"):
        owners, owner = _pick_then_rookery(by_kind.get(K.MOVE, []), choice.owner, now)
        if len(owners) > 1:
            for q in owners:
                now.buttons.append(Button(f"nest-of-{q}", "", pressed=q == owner))
        if K.STOP in by_kind:
            now.buttons.append(Button("stop", "Move no more nests (S)", key="s"))
    elif phase in ("threat", "shark"):
        for action in legal:
            now.rookeries[ROOKERY_IDS[action.a]] = action
    elif phase == "sheathbill":
        for action in legal:
            now.buttons.append(Button(f"remove-{action.a}", ""))
    elif phase == "tokens":
        # A token is always in hand (the biggest left, until another is pressed): one
        # click on a rookery places it.
        tokens, token = _pick_then_rookery(legal, choice.token, now, in_hand=True)
        for t in tokens:
            now.buttons.append(Button(f"token-{t}", "", pressed=t == token))
    elif phase == "hero":
        from waddle.games.waddle_waddle.heroes import HEROES

        for action in legal:
            hero = HEROES[action.a]
            now.buttons.append(Button(f"hero-{hero.code}", hero.name))
    return now


def _rid(rookery: str) -> int:
    return ROOKERY_IDS.index(rookery)


def pay_words(place: Placement, name: str, from_hand: int) -> str:
    """How a waddle's fish are paid at ``place`` (a rookery called ``name``), in words:
    "Pay 1 fish from Crozet Islands"."""
    if not place.fish:
        return f"Play it at {name}"
    parts = []
    if from_hand:
        parts.append(f"{from_hand} fish from your hand")
    if place.fish - from_hand:
        parts.append(f"{place.fish - from_hand} fish from {name}")
    return f"Pay {' and '.join(parts)}"


def rookery_name(view: View, rookery: str) -> str:
    return next(r.name for r in view.rookeries if r.id == rookery)


def _turn(view: View, choice: Choice, now: Clicks, by_kind: dict[str, list[Action]]) -> None:
    hand = hand_codes(view)
    mode = choice.mode
    drafts = {a.a: a for a in by_kind.get(K.DRAFT, [])}
    refills = {a.a: a for a in by_kind.get(K.REFILL, [])}
    exchanges = {code(a.a): a for a in by_kind.get(K.EXCHANGE, [])}
    fishing = {code(a.a): a for a in by_kind.get(K.FISH, [])}
    # The ice floe: a draft, or a refill (the natural action with an empty hand).
    if mode in (None, DRAFT, REFILL):
        for c in {**drafts, **refills}:
            if c == HIDDEN:
                continue
            if mode == REFILL or (mode is None and not hand):
                action = refills.get(c) or (drafts.get(c) if mode is None else None)
            else:
                action = drafts.get(c) or (refills.get(c) if mode is None else None)
            if action is not None:
                now.floe[code(c)] = action
        if mode != REFILL:
            now.deck = drafts.get(HIDDEN)
    # The hand: the exchanged or fishing card after its button, else picking a waddle.
    for i, card in enumerate(hand):
        if mode == EXCHANGE:
            if card in exchanges:
                now.hand[i] = exchanges[card]
        elif mode == FISH:
            if card in fishing:
                now.hand[i] = fishing[card]
        elif mode is None:
            now.hand[i] = None
    picked = selected_cards(view, choice)
    offers = sorted(view.offers, key=lambda o: (-best_points(o), -len(o.cards), o.cards))
    now.offers = tuple(o for o in offers if _holds(o, picked))
    one = picked[0] if len(picked) == 1 else None
    # The buttons, in the rulebook's order of the actions.
    now.buttons.append(
        Button(
            DRAFT,
            "Draft (D)",
            bool(drafts),
            "" if drafts else "You cannot draft with 9 cards in hand.",
            pressed=mode == DRAFT,
            key="d",
        )
    )
    exchange_now = exchanges.get(one) if one else None
    now.buttons.append(
        Button(
            EXCHANGE,
            f"Exchange {card_words(one)} (E)" if exchange_now else "Exchange (E)",
            bool(exchanges),
            "" if exchanges else _no_exchange(view),
            pressed=mode == EXCHANGE,
            key="e",
        )
    )
    fish_now = fishing.get(one) if one else None
    if not view.options.no_fish:
        now.buttons.append(
            Button(
                FISH,
                f"Fishing trip with {card_words(one)} (F)" if fish_now else "Fishing trip (F)",
                bool(fishing),
                "" if fishing else _no_fishing(view),
                pressed=mode == FISH,
                key="f",
            )
        )
    if not hand:
        now.buttons.append(
            Button(
                REFILL,
                "Refill (L)",
                bool(refills),
                "" if refills else "No face-up card to start a refill with.",
                pressed=mode == REFILL,
                key="l",
            )
        )
    if picked:  # with nothing picked, the offered waddles are the buttons to play
        chosen = next((o for o in now.offers if sorted(o.cards) == sorted(picked)), None)
        if chosen is not None:
            text = f"Play the waddle {cards_words(chosen.cards)} (W)"
        else:
            text = "Play a waddle (W)"
        reason = "" if chosen else "The cards picked are not a waddle a rookery can take now."
        now.buttons.append(Button("play-selection", text, chosen is not None, reason, key="w"))
    if K.PASS in by_kind:
        now.buttons.append(Button("pass", "Pass: no action is possible (P)", key="p"))
    if mode is not None or picked:
        now.buttons.append(Button("cancel", "Cancel (Esc)", key="escape"))


def steps_to(view: View, action: Action) -> list[tuple[str, str]]:
    """The clicks that take ``action`` (legal for the player to move, whose view ``view``
    is) from a fresh :class:`Choice`: ``("control", name)`` for a ``[data-control]`` (a
    card, a button, an offered waddle), ``("place", id)`` for a rookery. The hint marks
    the first one; tests click them all.

    >>> from waddle.games.waddle_waddle.record import new_record
    >>> state = new_record(2, seed=3).start()
    >>> steps_to(state.view(0), parse_action("hero dee"))
    [('control', 'hero-dee')]
    """
    kind, a, b = action
    hand = hand_codes(view)
    if kind == K.HERO:
        from waddle.games.waddle_waddle.heroes import HEROES

        return [("control", f"hero-{HEROES[a].code}")]
    if kind in (K.DRAFT, K.TAKE, K.REFILL):
        if a == HIDDEN:
            return [("control", "deck")]
        step = ("control", f"floe-{code(a)}")
        fresh = clicks(view, Choice())
        if fresh.floe.get(code(a)) == action:
            return [step]
        return [("control", DRAFT if kind == K.DRAFT else REFILL), step]
    if kind in (K.EXCHANGE, K.FISH):
        mode = EXCHANGE if kind == K.EXCHANGE else FISH
        return [("control", mode), ("control", hand_control(hand, hand.index(code(a))))]
    if kind == K.WADDLE:
        return _waddle_steps(view, [code(c) for c in a])
    if kind in (K.PASS, K.STOP):
        return [("control", kind)]
    if kind == K.REMOVE:
        return [("control", f"remove-{a}")]
    if kind == K.PLAY:
        rid = ROOKERY_IDS[a]
        if clicks(view, Choice()).rookeries.get(rid) == action:
            return [("place", rid)]
        return [("place", rid), ("control", f"play-{rid}-{b}")]
    if kind in (K.THREAT, K.FISHTO):
        return [("place", ROOKERY_IDS[a])]
    if kind in (K.MOVE, K.CP, K.SUPPLY):
        rid = ROOKERY_IDS[b]
        if clicks(view, Choice()).rookeries.get(rid) == action:
            return [("place", rid)]
        chooser = f"nest-of-{a}" if kind == K.MOVE else f"token-{a}"
        return [("control", chooser), ("place", rid)]
    raise ValueError(f"no clicks for {action}")


def _waddle_steps(view: View, waddle: list[str]) -> list[tuple[str, str]]:
    """The clicks that play ``waddle``: the offered waddle's button when it is among the
    ones drawn (:func:`shown_offers`); else its cards picked one by one until it is, or,
    once all are picked, Play the waddle (W). A WaddleWaddle (the rest of the hand) is
    always offered alone."""
    control = ("control", waddle_control(waddle))
    if view.phase != "turn":
        return [control]
    choice = Choice()
    steps: list[tuple[str, str]] = []
    hand = hand_codes(view)
    for card in [None, *waddle]:
        if card is not None:
            index = next(i for i, c in enumerate(hand) if c == card and i not in choice.selected)
            choice.selected = tuple(sorted((*choice.selected, index)))
            steps.append(("control", hand_control(hand, index)))
        shown = shown_offers(clicks(view, choice).offers)
        if any(sorted(o.cards) == sorted(waddle) for o in shown):
            return [*steps, control]
    return [*steps, ("control", "play-selection")]


def _no_exchange(view: View) -> str:
    seat = view.seats[view.to_move or 0]
    if seat.frozen and not view.options.no_frozen:
        return "You are Frozen: no exchange until you play a waddle."
    if not seat.hand_size:
        return "Your hand is empty."
    return "The ice floe has no other card to take."


def _no_fishing(view: View) -> str:
    seat = view.seats[view.to_move or 0]
    if seat.fish >= 2:
        return "You cannot go fishing with 2 fish."
    if not view.fish_supply:
        return "The fish supply is empty."
    return "Your hand is empty."


__all__ = [
    "SHOWN_OFFERS",
    "SHOWN_OFFER_CARDS",
    "Button",
    "Choice",
    "Clicks",
    "best_points",
    "clicks",
    "hand_codes",
    "hand_control",
    "legal_actions",
    "pay_words",
    "rookery_name",
    "selected_cards",
    "shown_offers",
    "steps_to",
    "waddle_control",
]
