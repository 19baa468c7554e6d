"""Waddle Waddle's words and panels beside the board: the status line, the controls with a
line that says what to click next, the table under the board (the ice floe and the deck,
the hand grouped by species, the waddles it can make with what each scores where, the
other hands), the players, the season, what each threat and hero does, and the result.
Pure functions of a view (and of the presenter's :class:`~.clicks.Clicks`).

>>> from waddle.games.waddle_waddle.record import new_record
>>> view = new_record(3, seed=2).start().view(0)
>>> "data-to-move" in status_html(view, default_seats(3))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from waddle.core.game import SPECTATOR
from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action
from waddle.games.waddle_waddle.cards import HIDDEN, SPECIES_CODES, SPECIES_NAMES
from waddle.games.waddle_waddle.clicks import (
    Button,
    Clicks,
    best_points,
    hand_control,
    pay_words,
    rookery_name,
    waddle_control,
)
from waddle.games.waddle_waddle.components import ROOKERY_IDS
from waddle.games.waddle_waddle.heroes import HEROES, Hero
from waddle.games.waddle_waddle.observation import View, WaddleOffer
from waddle.games.waddle_waddle.options import SPEEDS
from waddle.games.waddle_waddle.threats import THREATS
from waddle.games.waddle_waddle.view import (
    CARD_NAMES,
    card_back,
    card_html,
    card_words,
    species_badge,
)
from waddle.ui.markup import chip
from waddle.ui.seats import Seat, default_seats  # noqa: F401 (the doctest's seats)

HERO_BY_CODE = {h.code: h for h in HEROES}
HERO_SHORT = {
    "dee": "Dee",
    "papi": "Papi",
    "dyan": "Dyan",
    "davis": "Davis",
    "katta": "Katta",
    "lynch": "Lynch",
}
"""What the players panel calls each hero (the full name and ability are its title)."""
THREAT_BY_CODE = {t.code: t for t in THREATS}
TOKEN_NAMES = {K.CP: "Conservation Points", K.SUPPLY: "Fish Supply"}

__all__ = [
    "button_html",
    "controls_html",
    "decided_by",
    "doing",
    "info_html",
    "players_html",
    "result_html",
    "season_html",
    "status_html",
    "table_html",
]


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


# -- the status line ------------------------------------------------------------------------


def status_html(view: View, seats: Sequence[Seat]) -> str:
    """Whose decision it is and what it is about; the season and its end."""
    if view.over:
        return (
            f'<p class="status">Game over after {_plural(view.seasons, "season")}: '
            "the most Conservation Points win.</p>"
        )
    player = view.to_move
    if player is None:
        return '<p class="status"></p>'
    who = f'<span data-to-move="{player}">{chip(seats[player], player)}</span>'
    where = rookery_name(view, pending(view, "rookery")) if pending(view, "rookery") else ""
    phase = view.phase
    threat = THREAT_BY_CODE.get(pending(view, "threat"))
    left = pending(view, "moves_left", 0)
    what = {
        "hero": "chooses a penguin hero.",
        "turn": "takes an action: draft, exchange, fishing trip, refill or play waddles.",
        "take": f"takes a face-up card for the {card_words(pending(view, 'exchanged') or 'Kv')}"
        " given in exchange.",
        "refill2": "takes the refill's second card, face up or from the deck.",
        "lynch": "refills their empty hand (Dr. Heather Lynch).",
        "play": f"chooses the rookery of the waddle {' '.join(pending(view, 'waddle') or ())}.",
        "dyan": f"may move nests away from {where} (Dyan deNapoli): {left} left.",
        "waddle2": "may play the rest of their hand as a second waddle (a WaddleWaddle).",
        "threat": f"turned up the {threat.name if threat else 'threat'}: it goes to a rookery "
        "with a free threat space.",
        "shark": f"moves the fish of {where} away (the Shark).",
        "oil": f"moves nests away from {where} (the Oil Spill): {left} left.",
        "sheathbill": f"chooses whose nest the Snowy Sheathbill takes at {where}.",
        "tokens": _token_words(view),
    }.get(phase, "")
    season = f"Season {view.season} of {view.seasons}"
    if phase == "tokens":
        season = f"Before season {view.season + 1} of {view.seasons}"
    ending = ""
    if view.turns_left is not None:
        ending = f" The season is ending: {_plural(view.turns_left, 'turn')} left."
    return (
        f'<p class="status">{who} {escape(what)} '
        f'<span class="round">{season}.{escape(ending)}</span></p>'
    )


def _token_words(view: View) -> str:
    queue = pending(view, "draft") or ()
    kind = queue[0][0] if queue else K.CP
    return f"places a {TOKEN_NAMES[kind]} token on a rookery for the next season."


# -- the controls -----------------------------------------------------------------------------


def controls_html(view: View, seats: Sequence[Seat], now: Clicks, tip: str) -> str:
    """The buttons of this decision and what to click next."""
    buttons = "".join(button_html(view, seats, b) for b in now.buttons)
    return (
        f'<div class="action-choices">{buttons}</div>'
        f'<p class="hint" id="move-tip">{escape(tip)}</p>'
    )


def button_html(view: View, seats: Sequence[Seat], button: Button) -> str:
    text = escape(button.text)
    control = button.control
    described = ""
    if control.startswith("nest-of-"):
        q = int(control.removeprefix("nest-of-"))
        where = pending(view, "rookery")
        count = next(r.nests[q] for r in view.rookeries if r.id == where) if where else 0
        text = f"Move a nest of {chip(seats[q], q)} ({count} there)"
    elif control.startswith("remove-"):
        q = int(control.removeprefix("remove-"))
        text = f"Take a nest of {chip(seats[q], q)}"
    elif control.startswith("token-"):
        t = int(control.removeprefix("token-"))
        queue = pending(view, "draft") or ()
        kind = queue[0][0] if queue else K.CP
        text = escape(_token_text(view, kind, t))
    elif control.startswith("hero-"):
        hero = HERO_BY_CODE[control.removeprefix("hero-")]
        text = (
            f"<strong>{escape(hero.name)}</strong> "
            f"<span class=hint>({SPECIES_NAMES[hero.species]})</span>"
        )
        points = hero_points(view, hero)
        if points is not None:
            text += f" <span class=hint>+{points} at the end</span>"
        described = f' title="{escape(hero.text)}"'
    attrs = f'type="button" data-control="{control}"'
    if button.pressed is not None:
        attrs += f' aria-pressed="{"true" if button.pressed else "false"}"'
    if not button.enabled:
        attrs += f' disabled title="{escape(button.reason)}"'
    return f"<button {attrs}{described}>{text}</button>"


def _token_text(view: View, kind: str, token: int) -> str:
    if kind == K.CP:
        larger, smaller = view.conservation_tokens[token]
        return f"Bonus {larger} / {smaller}"
    return f"Fish Supply +{view.fish_tokens[token]}"


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


# -- the side panels --------------------------------------------------------------------------


def players_html(view: View, seats: Sequence[Seat]) -> str:
    """Per player: hero, Conservation Points, nests (on the board and left), fish, Frozen,
    cards in hand."""
    rows = []
    for p, seat in enumerate(seats):
        sv = view.seats[p]
        hero = HERO_BY_CODE.get(sv.hero) if sv.hero else None
        hero_cell = (
            f'<abbr title="{escape(hero.name)}: {escape(hero.text)}">'
            f"{HERO_SHORT.get(hero.code, hero.name)}</abbr> "
            f'<span class="hint">({SPECIES_CODES[hero.species]})</span>'
            if hero
            else "—"
        )
        points = hero_points(view, hero) if hero else None
        if points is not None and not view.over:
            hero_cell += (
                f' <span class="hint" data-handicap-of="{p}" title="Hero handicap (an option, '
                f'not a rule): points added at the end">+{points} at the end</span>'
            )
        first = (
            ' <span class="lead-mark" title="First player this season">(first)</span>'
            if p == view.first_player and not view.over
            else ""
        )
        frozen = ' <span class="frozen-mark">Frozen</span>' if sv.frozen else ""
        fish = f'<td data-fish-of="{p}">{sv.fish}</td>' if not view.options.no_fish else ""
        rows.append(
            f'<tr data-player-row="{p}" data-frozen="{"true" if sv.frozen else "false"}">'
            f'<th scope="row">{chip(seat, p)}{first}{frozen}</th>'
            f'<td data-hero-of="{p}">{hero_cell}</td>'
            f'<td data-score-of="{p}">{sv.score}</td>'
            f'<td data-nests-of="{p}">{sv.nests} <span class="hint">/ {sv.nests_left}</span></td>'
            f'{fish}<td data-cards-of="{p}">{sv.hand_size}</td></tr>'
        )
    fish_head = (
        '<th scope="col"><abbr title="Fish in hand">Fish</abbr></th>'
        if not view.options.no_fish
        else ""
    )
    return (
        '<section class="panel"><h2>Players</h2><table class="players"><thead><tr>'
        '<th scope="col">Player</th><th scope="col">Hero</th>'
        '<th scope="col"><abbr title="Conservation Points">CP</abbr></th>'
        '<th scope="col"><abbr title="Nests on the board / nests left to place">Nests</abbr>'
        f'</th>{fish_head}<th scope="col">Cards</th>'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table></section>"
    )


def season_html(view: View, seats: Sequence[Seat]) -> str:
    """The season, its event, threats revealed, the end, the supply; each finished season's
    end-of-season bonuses."""
    speed = SPEEDS.get(view.seasons, "")
    lines = [
        f'<p data-season="{view.season}">Season {view.season} of {view.seasons} '
        f'<span class="hint">({escape(speed)} game)</span></p>'
    ]
    if view.event_words is not None:
        name, text = view.event_words
        lines.append(
            f'<p data-event="{escape(view.event or "")}">Event: <strong>{escape(name)}</strong>'
            f" — {escape(text)}</p>"
        )
    elif not view.options.no_events and view.phase == "hero":
        lines.append('<p class="hint">The season event is revealed once heroes are chosen.</p>')
    if not view.options.no_threats:
        lines.append(
            f'<p data-threats-revealed="{view.threats_revealed}">Threats revealed this season: '
            f"{view.threats_revealed} of 4 (the fourth starts the season's end)</p>"
        )
    else:
        lines.append("<p>No threats: the season ends when the deck has no card left.</p>")
    if view.turns_left is not None:
        lines.append(
            f'<p data-turns-left="{view.turns_left}"><strong>The season is ending:</strong> '
            f"{_plural(view.turns_left, 'turn')} left, this one included.</p>"
        )
    if not view.options.no_fish:
        lines.append(f"<p>Fish supply: {view.fish_supply}</p>")
    if view.bonuses:
        rows = "".join(
            f'<tr data-season-bonuses="{k + 1}"><th scope="row">Season {k + 1}</th>'
            + "".join(f"<td>{b}</td>" for b in bonuses)
            + "</tr>"
            for k, bonuses in enumerate(view.bonuses)
        )
        heads = "".join(f'<th scope="col">{chip(s, p)}</th>' for p, s in enumerate(seats))
        lines.append(
            '<table class="season-bonuses"><caption>End-of-season bonuses</caption><thead><tr>'
            f'<th scope="col">Season</th>{heads}</tr></thead><tbody>{rows}</tbody></table>'
        )
    return f'<section class="panel" id="season-panel"><h2>Season</h2>{"".join(lines)}</section>'


def info_html(view: View) -> str:
    """What each threat and hero does (and Kevin and the Frozen card), one click away."""
    threats = "".join(
        f'<li data-threat-info="{t.code}"><strong>{escape(t.name)}</strong>: {escape(t.text)}</li>'
        for t in THREATS
    )
    heroes = "".join(
        f'<li data-hero-info="{h.code}"><strong>{escape(h.name)}</strong> '
        f"({SPECIES_NAMES[h.species]}): {escape(h.text)}</li>"
        for h in HEROES
    )
    extra = ""
    if view.options.kevin:
        extra += (
            "<p><strong>Kevin</strong> is never part of a waddle. Exchange him (no Frozen card)"
            " or go fishing with him, then take a second action at once; he cannot come back"
            " to your hand that turn.</p>"
        )
    if not view.options.no_frozen:
        extra += (
            "<p><strong>Frozen</strong>: an Exchange freezes you; no other Exchange until you "
            "play a waddle.</p>"
        )
    return (
        '<section class="panel" id="info-panel"><h2>What things do</h2>'
        '<details id="ww-threats-info"><summary>The eight threats</summary>'
        f'<ul class="info-list">{threats}</ul></details>'
        '<details id="ww-heroes-info"><summary>The six penguin heroes</summary>'
        f'<ul class="info-list">{heroes}</ul></details>'
        f"{extra}</section>"
    )


# -- the result -------------------------------------------------------------------------------


def decided_by(view: View) -> str:
    """What decided the winner (rulebook, "Winning the Game"): ``score``, ``nests`` (the
    most nests), ``most-in-one`` (the most nests at one rookery) or ``shared``."""
    scores = [s.score for s in view.seats]
    top = [p for p, s in enumerate(scores) if s == max(scores)]
    if len(top) == 1:
        return "score"
    if len(view.winners) > 1:
        return "shared"
    nests = [view.seats[p].nests for p in top]
    if nests.count(max(nests)) == 1:
        return "nests"
    return "most-in-one"


def most_in_one(view: View, p: int) -> int:
    return max((r.nests[p] for r in view.rookeries), default=0)


def result_html(view: View, seats: Sequence[Seat]) -> str:
    """The winners, the tie-break that decided, and every player's points, bonuses and
    nests."""
    winners = list(view.winners)
    names = [escape(seats[p].name) for p in winners]
    headline = f"{names[0]} wins!" if len(winners) == 1 else "Shared victory: " + ", ".join(names)
    why = decided_by(view)
    scores = [s.score for s in view.seats]
    top = max(scores)
    tied = [p for p, s in enumerate(scores) if s == top]
    tied_names = " and ".join(escape(seats[p].name) for p in tied)
    nests = ", ".join(f"{escape(seats[p].name)} {view.seats[p].nests}" for p in tied)
    if why == "score":
        text = f"{names[0]} has the most Conservation Points ({top})."
    elif why == "nests":
        text = (
            f"{tied_names} tied on {top} points; the most nests breaks the tie ({nests}), so "
            f"{names[0]} wins."
        )
    else:
        best = max(view.seats[p].nests for p in tied)
        still = [p for p in tied if view.seats[p].nests == best]
        still_names = " and ".join(escape(seats[p].name) for p in still)
        ones = ", ".join(f"{escape(seats[p].name)} {most_in_one(view, p)}" for p in still)
        also = f"{still_names} also on nests ({best})"
        if why == "most-in-one":
            text = (
                f"{tied_names} tied on {top} points, {also}; the most nests at one rookery "
                f"breaks the tie ({ones}), so {names[0]} wins."
            )
        else:
            text = (
                f"{tied_names} tied on {top} points, {also} and on nests at one rookery "
                f"({ones}): they share the victory."
            )
    ranked = sorted(range(len(seats)), key=lambda p: (-scores[p], p))
    handicapped = view.options.hero_handicap is not None
    body = []
    for p in ranked:
        sv = view.seats[p]
        bonus = sum(b[p] for b in view.bonuses)
        extra = handicap_of(view, p)
        cls = " class=winner" if p in winners else ""
        extra_cell = f"<td>{extra}</td>" if handicapped else ""
        body.append(
            f'<tr data-result-player="{p}" data-score="{sv.score}" data-bonus="{bonus}" '
            f'data-handicap="{extra}" '
            f'data-nests="{sv.nests}" data-most-in-one="{most_in_one(view, p)}"{cls}>'
            f"<th scope=row>{chip(seats[p], p)}</th><td>{sv.score - bonus - extra}</td>"
            f"<td>{bonus}</td>{extra_cell}<td>{sv.nests}</td><td>{most_in_one(view, p)}</td>"
            f'<td class="total">{sv.score}</td></tr>'
        )
    extra_head = "<th scope=col>Hero handicap</th>" if handicapped else ""
    extra_hint = (
        " Hero handicap: the points of the hero handicap option, an option of this app and "
        "not a rule of Waddle Waddle."
        if handicapped
        else ""
    )
    return (
        f"<h2>{headline}</h2>"
        f'<p class="tie-break" data-decided-by="{why}">{text}</p>'
        '<table class="results"><thead><tr><th scope=col>Player</th>'
        f"<th scope=col>Waddles</th><th scope=col>Season bonuses</th>{extra_head}"
        "<th scope=col>Nests</th><th scope=col>At one rookery</th><th scope=col>Total</th>"
        f"</tr></thead><tbody>{''.join(body)}</tbody></table>"
        '<p class="hint">Waddles: Conservation Points scored by waddles (and season events); '
        "season bonuses: the rookeries' end-of-season bonuses. Ties go to the most nests, "
        f"then the most nests at one rookery.{extra_hint}</p>"
    )


def hero_points(view: View, hero: Hero) -> int | None:
    """What the hero handicap option adds at the end for ``hero``; None without it."""
    table = view.options.hero_handicap
    return None if table is None else table[hero.index]


def handicap_of(view: View, p: int) -> int:
    """Player ``p``'s points from the hero handicap option (0 without it or a hero)."""
    hero = HERO_BY_CODE.get(view.seats[p].hero) if view.seats[p].hero else None
    return (hero_points(view, hero) or 0) if hero is not None else 0
