"""The table under Waddle Waddle's board: the ice floe and the deck, the viewer's hand
grouped by species, the waddles it can make with what each scores where (and, while a
waddle's rookery is chosen, its ways to pay), the other hands as backs with the cards they
took face up. Pure functions of a view and of the presenter's :class:`~.clicks.Clicks`.

A region of the page of its own (``Rendered.table``, drawn under the board), apart from
the panels beside it (:mod:`.panels`), which re-exports :func:`table_html`.
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
    pay_words,
    rookery_name,
    waddle_control,
)
from waddle.games.waddle_waddle.observation import View, WaddleOffer
from waddle.games.waddle_waddle.view import (
    CARD_NAMES,
    card_back,
    card_html,
    card_words,
    species_badge,
)
from waddle.games.waddle_waddle.words import _plural, doing
from waddle.ui.markup import chip
from waddle.ui.seats import Seat

# -- the table under the board ----------------------------------------------------------------


def table_html(view: View, seats: Sequence[Seat], now: Clicks, picked: Sequence[int]) -> str:
    """The ice floe and the deck; the viewer's hand grouped by species, the waddles it can
    make and where; every other hand as backs with its count and the cards it took face
    up (OMNISCIENT: every hand face up)."""
    return _floe(view, now) + _hands(view, seats, now, picked)


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
        f'<h2 id="floe-title">Ice floe <span class="hint">(refilled to '
        f"{_plural(view.floe_target, 'face-up card')} at each turn's start)</span></h2>"
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


def _hands(view: View, seats: Sequence[Seat], now: Clicks, picked: Sequence[int]) -> str:
    parts = []
    seat = view.seat
    order = list(range(view.num_players))
    if 0 <= seat < view.num_players:
        order.remove(seat)
        order.insert(0, seat)
    last = _last_card(view)
    for p in order:
        sv = view.seats[p]
        mine = p == seat
        count = _plural(sv.hand_size, "card")
        if sv.hand is not None:
            body = _grouped(sv.hand, now.hand if mine else {}, picked if mine else (), view, last)
        else:
            known = "".join(f"<li>{card_html(c)}</li>" for c in sv.known)
            unknown = sv.hand_size - len(sv.known)
            backs = f"<li>{card_back(unknown)}</li>" if unknown else ""
            body = f'<ol class="cards">{known}{backs}</ol>'
        frozen = ' <span class="frozen-mark">Frozen</span>' if sv.frozen else ""
        if mine:
            title = f"Your hand ({escape(seats[p].name)}, {count}){frozen}"
        elif sv.hand is None and sv.known:
            title = f"{chip(seats[p], p)}: {count}, {len(sv.known)} of them taken face up{frozen}"
        elif sv.hand is None:
            title = f"{chip(seats[p], p)}: {count}, face down{frozen}"
        else:
            title = f"{chip(seats[p], p)}: {count}{frozen}"
        ident = ' id="hand"' if mine else ""
        parts.append(
            f'<section class="hand{" mine" if mine else ""}"{ident} data-hand-of="{p}" '
            f'data-count="{sv.hand_size}" aria-labelledby="hand-title-{p}">'
            f'<h2 id="hand-title-{p}">{title}</h2>{body}</section>'
        )
        if mine and now.legal:
            parts.append(_offers(view, now))
    if seat == SPECTATOR and not view.over:
        parts.append(
            '<p class="hint" id="hands-hidden">Every hand is face down until its player '
            "holds the device; cards taken face up stay shown.</p>"
        )
    return f'<div class="hands">{"".join(parts)}</div>'


def _grouped(
    hand: Sequence[str],
    clickable: dict,
    picked: Sequence[int],
    view: View,
    last: str | None,
) -> str:
    """A hand sorted and grouped by species (Kevin last), each card a button when a click
    acts on it."""
    groups: dict[str, list[str]] = {}
    for i, c in enumerate(hand):
        key = c[:2] if c != "Kv" else "Kv"
        item = _hand_card(hand, i, clickable, picked, view, c == last)
        groups.setdefault(key, []).append(item)
    out = []
    for key, items in groups.items():
        if key == "Kv":
            name = "Kevin"
            badge = ""
        else:
            k = SPECIES_CODES.index(key)
            name = CARD_NAMES[k]
            badge = (
                f'<svg class="badge" viewBox="0 0 26 26" width="22" height="22" '
                f'aria-hidden="true">{species_badge(k, 13, 13)}</svg>'
            )
        out.append(
            f'<li class="species-group" data-species-group="{key}">'
            f'<span class="group-name">{badge}{escape(name)} ({len(items)})</span>'
            f'<ol class="cards">{"".join(items)}</ol></li>'
        )
    if not out:
        return '<p class="hint">No cards.</p>'
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
    """The waddles the hand can make now (those holding the picked cards), each with the
    rookeries it may go to and what it scores and nests there; while a waddle's rookery is
    chosen, its ways to pay."""
    phase = view.phase
    if phase == "play" and now.offers:
        offer = now.offers[0]
        rows = []
        for place in offer.places:
            name = rookery_name(view, place.rookery)
            for h in place.pay:
                words = pay_words(place, name, h)
                rows.append(
                    f'<li><button type="button" class="play" data-control="play-{place.rookery}-'
                    f'{h}" data-legal="true">{escape(name)}: {_gain(place.points, place.nests)}'
                    f' <span class="hint">{escape(words)}</span></button></li>'
                )
        return (
            '<section class="waddles" id="waddles" aria-labelledby="waddles-title">'
            f'<h2 id="waddles-title">Where to play {" ".join(offer.cards)}</h2>'
            f'<ul class="offers">{"".join(rows)}</ul></section>'
        )
    if phase not in ("turn", "waddle2") or view.to_move is None:
        return ""
    total = len(view.offers)
    if not total:
        return (
            '<section class="waddles" id="waddles" aria-labelledby="waddles-title">'
            '<h2 id="waddles-title">Waddles</h2><p class="hint">Your hand makes no waddle '
            "that a rookery can take now: 3 to 6 cards in numerical order, of one species or "
            "of one number.</p></section>"
        )
    items = "".join(_offer_html(view, offer) for offer in now.offers)
    shown = len(now.offers)
    about = (
        f"{shown} of {total}: those with the cards you picked"
        if shown != total
        else f"{total}, best first"
    )
    return (
        '<section class="waddles" id="waddles" aria-labelledby="waddles-title">'
        f'<h2 id="waddles-title">Waddles you can play <span class="hint">({about})</span></h2>'
        f'<ul class="offers">{items}</ul></section>'
    )


def _gain(points: int, nests: int) -> str:
    return f"{_plural(points, 'point')}, {_plural(nests, 'nest')}"


def _offer_html(view: View, offer: WaddleOffer) -> str:
    kind = "bonus waddle" if offer.bonus else "waddle"
    places = "; ".join(
        f"{escape(rookery_name(view, p.rookery))} {_gain(p.points, p.nests)}"
        for p in sorted(offer.places, key=lambda p: (-p.points, -p.nests))
    )
    cards = " ".join(offer.cards)
    # The accessible name is the button's text (the codes speech control hears), with the
    # cards in words for a screen reader.
    words = ", ".join(card_words(c) for c in offer.cards)
    return (
        f'<li><button type="button" class="offer" data-control="{waddle_control(offer.cards)}" '
        f'data-legal="true" data-waddle="{cards}" data-points="{best_points(offer)}">'
        f'<span class="visually-hidden">Play </span><span class="offer-cards">{cards}</span>'
        f'<span class="visually-hidden"> ({escape(words)})</span> '
        f'<span class="offer-kind">{len(offer.cards)} cards, {kind}</span> '
        f'<span class="offer-places">{places}</span></button></li>'
    )
