"""The table under Waddle Waddle's board: what the player acts on first. The viewer's hand
(each species' cards together), the waddles it makes now with what each scores (while a
waddle's rookery is chosen, where it may go and how its fish are paid), the ice floe and
the deck, then every other hand in a line: how many cards, and the ones taken face up.
Pure functions of a view and of the presenter's :class:`~.clicks.Clicks`.

The order is the one-screen rule's (docs/architecture.md; scripts/one_screen.py): on a
phone the table comes under the board, the prompt and the buttons, so what a click acts
on now comes first and what is only to look at (the other hands) last. Only the best
:func:`~.clicks.shown_offers` waddles are drawn; picking a card of the hand shows the waddles that
hold it (:func:`~.clicks.steps_to` clicks the same way).

A region of the page of its own (``Rendered.table``, drawn under the board), apart from
the panels beside it (:mod:`.panels`), which re-exports :func:`table_html`.

>>> from waddle.games.waddle_waddle.clicks import Choice, clicks
>>> from waddle.games.waddle_waddle.record import new_record
>>> from waddle.ui.seats import default_seats
>>> state = new_record(2, seed=3).start()
>>> for code in ("katta", "dee"):
...     state.apply(state.legal_actions()[[a.a for a in state.legal_actions()].index(
...         ["dee", "papi", "dyan", "davis", "katta", "lynch"].index(code))])
>>> html = table_html(state.view(0), default_seats(2), clicks(state.view(0), Choice()), ())
>>> html.index('id="hand"') < html.index('id="floe"') < html.index('data-hand-of="1"')
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from waddle.core.game import SPECTATOR
from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.cards import SPECIES_CODES
from waddle.games.waddle_waddle.clicks import (
    Clicks,
    best_points,
    hand_control,
    rookery_name,
    shown_offers,
    waddle_control,
)
from waddle.games.waddle_waddle.observation import SeatView, View, WaddleOffer
from waddle.games.waddle_waddle.view import (
    CARD_NAMES,
    card_html,
    card_mini,
    cards_words,
)
from waddle.games.waddle_waddle.words import _plural, doing
from waddle.ui.markup import chip
from waddle.ui.seats import Seat

# -- the table under the board ----------------------------------------------------------------


def table_html(view: View, seats: Sequence[Seat], now: Clicks, picked: Sequence[int]) -> str:
    """The viewer's hand and the waddles it makes (or, while a waddle's rookery is chosen,
    where it goes first), the ice floe and the deck, then the other hands."""
    seat = view.seat
    mine = 0 <= seat < view.num_players
    hand = _my_hand(view, seats, now, picked) if mine else ""
    offers = _offers(view, now) if mine and now.legal else ""
    if view.phase == "play" and offers:
        # While a waddle's rookery is chosen, where it may go is the decision: first.
        return offers + hand + _floe(view, now) + _others(view, seats)
    return hand + _floe(view, now) + offers + _others(view, seats)


def _floe(view: View, now: Clicks) -> str:
    cards = []
    last = _last_card(view)
    for c in view.floe:
        action = now.floe.get(c)
        if action is not None:
            button = card_html(c, f"floe-{c}", doing(view, action), last=c == last)
            cards.append(f"<li>{button}</li>")
        else:
            cards.append(f"<li>{card_html(c, last=c == last)}</li>")
    deck_words = f"Deck: {_plural(view.deck_size, 'card')}, face down"
    if now.deck is not None:
        deck = (
            f'<button type="button" class="card card-back deck" data-control="deck" '
            f'data-legal="true" data-deck="{view.deck_size}" '
            f'aria-label="{escape(deck_words)}. {escape(doing(view, now.deck))} (T)">'
            f'<span class="deck-count">{view.deck_size}</span></button>'
        )
    else:
        deck = (
            f'<span class="card card-back deck" data-deck="{view.deck_size}" role="img" '
            f'aria-label="{escape(deck_words)}"><span class="deck-count">{view.deck_size}'
            "</span></span>"
        )
    return (
        '<section class="floe" id="floe" aria-labelledby="floe-title">'
        f'<h2 id="floe-title">Ice floe <span class="table-note">({view.floe_target} '
        "face up at each turn's start)</span></h2>"
        f'<div class="floe-row">{deck}<ol class="cards">{"".join(cards)}</ol></div></section>'
    )


def _last_card(view: View) -> str | None:
    """The card the last action moved, when it names one face up."""
    last = view.last_action
    if not last:
        return None
    words = last.split()
    if words[0] in (K.DRAFT, K.EXCHANGE, K.FISH, K.REFILL, K.TAKE) and words[1] != "?":
        return words[1]
    return None


def _my_hand(view: View, seats: Sequence[Seat], now: Clicks, picked: Sequence[int]) -> str:
    """The viewer's own hand, each species' cards together, each card a button when a
    click acts on it."""
    p = view.seat
    sv = view.seats[p]
    body = _grouped(sv.hand, now.hand, picked, view, _last_card(view)) if sv.hand else ""
    frozen = ' <span class="frozen-mark">Frozen</span>' if sv.frozen else ""
    fish = "" if view.options.no_fish else f", {sv.fish} fish"
    title = "Your hand" if sv.hand else "Your hand is empty"
    return (
        f'<section class="hand mine" id="hand" data-hand-of="{p}" data-count="{sv.hand_size}" '
        f'aria-labelledby="hand-title-{p}"><h2 id="hand-title-{p}">{title} '
        f'<span class="table-note">({escape(seats[p].name)}: '
        f"{_plural(sv.hand_size, 'card')}{fish})</span>{frozen}</h2>{body}</section>"
    )


def _others(view: View, seats: Sequence[Seat]) -> str:
    """Every other hand, a line each: who, how many cards, and the cards the screen may
    show (those taken face up; every card when everything is shown)."""
    rows = []
    for p in range(view.num_players):
        if p == view.seat:
            continue
        rows.append(_other_hand(view.seats[p], seats[p], p))
    note = ""
    if view.seat == SPECTATOR and not view.over:
        note = (
            '<p class="hint" id="hands-hidden">Every hand is face down until its player '
            "holds the device; cards taken face up stay shown.</p>"
        )
    title = "The other hands" if 0 <= view.seat < view.num_players else "The hands"
    return (
        '<div class="hands"><section class="hand others" aria-labelledby="others-title">'
        f'<h2 id="others-title">{title}</h2><ul class="hand-list">{"".join(rows)}</ul>'
        f"{note}</section></div>"
    )


def _other_hand(sv: SeatView, seat: Seat, p: int) -> str:
    frozen = ' <span class="frozen-mark">Frozen</span>' if sv.frozen else ""
    shown = sv.hand if sv.hand is not None else sv.known
    if sv.hand is not None:
        count = _plural(sv.hand_size, "card")
    elif sv.known:
        count = f"{_plural(sv.hand_size, 'card')}, {len(sv.known)} of them taken face up:"
    else:
        count = f"{_plural(sv.hand_size, 'card')}, face down"
    minis = "".join(card_mini(c, hook=True) for c in shown)
    cards = f'<span class="minis">{minis}</span>' if minis else ""
    return (
        f'<li data-hand-of="{p}" data-count="{sv.hand_size}">{chip(seat, p)}'
        f'<span class="hand-count">{count}</span>{cards}{frozen}</li>'
    )


def _grouped(
    hand: Sequence[str],
    clickable: dict,
    picked: Sequence[int],
    view: View,
    last: str | None,
) -> str:
    """A hand sorted and grouped by species (Kevin last), each card a button when a click
    acts on it; a group's name is for screen readers (each card shows its species)."""
    groups: dict[str, list[str]] = {}
    for i, c in enumerate(hand):
        key = c[:2] if c != "Kv" else "Kv"
        item = _hand_card(hand, i, clickable, picked, view, c == last)
        groups.setdefault(key, []).append(item)
    out = []
    for key, items in groups.items():
        name = "Kevin" if key == "Kv" else CARD_NAMES[SPECIES_CODES.index(key)]
        out.append(
            f'<li class="species-group" data-species-group="{key}">'
            f'<span class="visually-hidden">{escape(name)} ({len(items)})</span>'
            f'<ol class="cards">{"".join(items)}</ol></li>'
        )
    return f'<ol class="species-groups">{"".join(out)}</ol>'


def _hand_card(
    hand: Sequence[str], i: int, clickable: dict, picked: Sequence[int], view: View, last: bool
) -> str:
    c = hand[i]
    if i not in clickable:
        return f"<li>{card_html(c, last=last)}</li>"
    action = clickable[i]
    control = hand_control(hand, i)
    if action is None:
        chosen = i in picked
        words = "unpick it" if chosen else "pick it for a waddle"
        return f"<li>{card_html(c, control, words, pressed=chosen, last=last)}</li>"
    return f"<li>{card_html(c, control, doing(view, action), last=last)}</li>"


def _offers(view: View, now: Clicks) -> str:
    """The waddles the hand can make now (those holding the picked cards, the best few:
    :func:`~.clicks.shown_offers`), each with what it scores at best; while a waddle's rookery is
    chosen, where it may go and how its fish are paid."""
    phase = view.phase
    if phase == "play" and now.offers:
        return _places(view, now.offers[0])
    if phase not in ("turn", "waddle2") or view.to_move is None:
        return ""
    total = len(view.offers)
    if not total:
        return ""  # the prompt says what else to do
    shown = shown_offers(now.offers)
    items = "".join(_offer_html(view, offer) for offer in shown)
    picked = len(now.offers) != total
    if len(now.offers) > len(shown):
        about = f"best {len(shown)} of {len(now.offers)}" + (
            " with the cards picked" if picked else "; pick a card to narrow"
        )
    elif picked:
        about = f"{len(now.offers)} of {total}, with the cards picked"
    else:
        about = "best first"
    return (
        '<section class="waddles" id="waddles" aria-labelledby="waddles-title">'
        f'<h2 id="waddles-title">Waddles <span class="table-note">({about})'
        f'</span></h2><ul class="offers">{items}</ul></section>'
    )


def _places(view: View, offer: WaddleOffer) -> str:
    """Where the waddle being played may go, best first, a tile each: what it scores and
    nests there, and a button for each way to pay its fish (one button when there is one
    way)."""
    tiles = []
    for place in sorted(offer.places, key=lambda p: (-p.points, -p.nests)):
        name = escape(rookery_name(view, place.rookery))
        gain = _gain(place.points, place.nests)
        if len(place.pay) == 1:
            tiles.append(
                f'<li><button type="button" class="play" data-control="play-{place.rookery}-'
                f'{place.pay[0]}" data-legal="true"><strong>{name}</strong> '
                f'<span class="offer-places">{gain}</span></button></li>'
            )
            continue
        pays = "".join(
            f'<button type="button" class="pay" data-control="play-{place.rookery}-{h}" '
            f'data-legal="true" aria-label="{name}, {gain}: the fish from '
            f'{_paid_from(place.fish, h)}">{_paid_from(place.fish, h)}</button>'
            for h in place.pay
        )
        tiles.append(
            f'<li class="place-pays"><strong>{name}</strong> <span class="offer-places">{gain}'
            f'</span><span class="pays"><span aria-hidden="true">Fish:</span>{pays}</span></li>'
        )
    minis = "".join(card_mini(c) for c in offer.cards)
    return (
        '<section class="waddles" id="waddles" aria-labelledby="waddles-title">'
        f'<h2 id="waddles-title">Where to play <span class="minis">{minis}</span>'
        '<span class="visually-hidden"> (or click a rookery on the map)</span></h2>'
        f'<ul class="offers places">{"".join(tiles)}</ul></section>'
    )


def _paid_from(fish: int, from_hand: int) -> str:
    """Where a waddle's fish come from, in a word: "hand", "rookery", "1 from hand"."""
    if from_hand == fish:
        return "hand"
    if not from_hand:
        return "rookery"
    return f"{from_hand} from hand"


def _gain(points: int, nests: int) -> str:
    return f"{_plural(points, 'point')}, {_plural(nests, 'nest')}"


def _offer_html(view: View, offer: WaddleOffer) -> str:
    """One waddle to play: its cards, then what it scores at best (and where, for a screen
    reader, with every rookery it may go to)."""
    kind = "bonus waddle" if offer.bonus else "waddle"
    ranked = sorted(offer.places, key=lambda p: (-p.points, -p.nests))
    places = "; ".join(
        f"{rookery_name(view, p.rookery)} {_gain(p.points, p.nests)}" for p in ranked
    )
    minis = "".join(card_mini(c) for c in offer.cards)
    best = best_points(offer)
    bonus = ' <span class="offer-kind">bonus</span>' if offer.bonus else ""
    return (
        f'<li><button type="button" class="offer" data-control="{waddle_control(offer.cards)}" '
        f'data-legal="true" data-waddle="{" ".join(offer.cards)}" data-points="{best}">'
        f'<span class="visually-hidden">Play </span><span class="minis">{minis}</span>'
        f'<span class="offer-places">{_plural(best, "point")}{bonus}</span>'
        f'<span class="visually-hidden">: {escape(cards_words(offer.cards))}, '
        f"{len(offer.cards)} cards, {kind}; {escape(places)}</span></button></li>"
    )
