"""Pebbles' words and panels beside the board: the status line, the turn as steps with its
action buttons, the table of cards under the board (the player's own hand first, what
they act on; then the trick, the face-up row and the other hands as counts), the
players, the territories and the final result. Pure functions of a view.

>>> from waddle.games.pebbles.record import new_record
>>> view = new_record(3, seed=2).start().view(0)
>>> "data-to-move" in status_html(view, default_seats(3))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from waddle.core.game import SPECTATOR
from waddle.games.pebbles.actions import (
    K_COLLECT,
    K_COURT_PEBBLE,
    K_COURT_PENGUIN,
    K_FISH,
    K_PLACE,
    K_PLAY,
    K_PUSH,
    K_SCURRY,
    K_STEP,
    Action,
)
from waddle.games.pebbles.cards import COURT
from waddle.games.pebbles.choices import FISH, PEBBLE, PENGUIN, PLACE, POWER, Choices
from waddle.games.pebbles.observation import PebblesView
from waddle.games.pebbles.symbols import card_back_icon, suit_icon, tick_icon
from waddle.games.pebbles.view import (
    TERRITORY_LOOKS,
    card_html,
    mini_card_html,
    powers_legend,
    suit_name,
    territory_swatch,
)
from waddle.ui.markup import chip, game_over_status, result_head, status_line, turn_status
from waddle.ui.seats import Seat, default_seats  # noqa: F401 (the doctest's seats)

ROUNDS = 10
"""Ten love tokens, one a trick: ten rounds."""

__all__ = [
    "controls_html",
    "doing",
    "players_html",
    "result_html",
    "status_html",
    "table_html",
    "territories_html",
]


def doing(action: Action) -> str:
    """What a click that makes ``action`` does, in words for a tile's or card's label."""
    kind = action.kind
    return {
        K_PLAY: "play it",
        K_FISH: "take it (go fishing)",
        K_PLACE: "place a penguin here",
        K_COLLECT: "put a pebble here (Collect)",
        K_COURT_PENGUIN: "put a penguin here (Court)",
        K_COURT_PEBBLE: "put a pebble here (Court)",
        K_SCURRY: "scurry a penguin from here",
        K_PUSH: "push here",
        K_STEP: "step here",
    }.get(kind, "")


# -- the status line and the turn ------------------------------------------------------------------


def status_html(view: PebblesView, seats: Sequence[Seat]) -> str:
    """Whose turn, what they do now, the round."""
    turn = view.turn
    if view.over:
        return game_over_status(": ten tricks played")
    if turn.player is None:
        return status_line("Shuffling the discards into a new deck…")
    player = turn.player
    what = {
        "play": "to play a card",
        "choose": "to take an action",
        "move": "to move a penguin",
        "scurry-again": "to scurry a second penguin, or not",
    }.get(turn.step, "to move")
    rounds = f'<span class="round">Round {view.round} of {ROUNDS}.</span>'
    return turn_status(seats, player, f"{what}. {rounds}")


def controls_html(view: PebblesView, seats: Sequence[Seat], now: Choices, tip: str) -> str:
    """The turn as steps in one line (a card, then two different actions), the buttons
    that choose an action, stop a move or cancel a choice, and a line that says what to
    click next."""
    turn = view.turn
    if view.over or turn.player is None:
        return ""
    done = turn.actions_done
    card = turn.card
    names = {PLACE: "Placed a penguin", POWER: "Used the power", FISH: "Went fishing"}
    steps = []
    card_text = escape(card.describe()) if card else "Play a card"
    steps.append(_turn_step("card", card_text, card is not None, turn.step == "play"))
    for k, label in enumerate(("First action", "Second action")):
        if k < len(done):
            text, finished = names[done[k]], True
        else:
            text, finished = label, False
        current = turn.step != "play" and k == len(done)
        steps.append(_turn_step(f"action-{k + 1}", text, finished, current))
    buttons = []
    if turn.step == "choose":
        buttons += _action_buttons(view, now)
    if now.done is not None:
        words = "No second penguin" if turn.step == "scurry-again" else "Stop here"
        buttons.append(_button("done", f"{words}{_key('D')}", now.done is not None))
    choices = f'<div class="action-choices">{"".join(buttons)}</div>' if buttons else ""
    return (
        f'<ol class="turn-steps" aria-label="Your turn">{"".join(steps)}</ol>'
        f'{choices}<p class="hint" id="move-tip">{escape(tip)}</p>'
    )


def _turn_step(key: str, text: str, finished: bool, current: bool) -> str:
    mark = f"{tick_icon()} " if finished else ""
    attrs = f'data-turn-step="{key}" data-done="{"true" if finished else "false"}"'
    if current:
        attrs += ' aria-current="step"'
    return f"<li {attrs}>{mark}{text}</li>"


def _action_buttons(view: PebblesView, now: Choices) -> list[str]:
    turn = view.turn
    card = turn.card
    assert card is not None
    done = turn.actions_done
    out = []
    place_reason = (
        "You have already placed a penguin this turn."
        if PLACE in done
        else "All 10 of your penguins are on the board."
        if PLACE not in now.open
        else ""
    )
    out.append(
        _button(
            "place",
            f"Place a penguin on tile {card.number}{_key('P')}",
            PLACE in now.open,
            place_reason,
        )
    )
    suit = card.suit
    power_reason = (
        "You have already used your card's power this turn."
        if POWER in done
        else f"{suit.name} has nothing to act on now."
        if POWER not in now.open
        else ""
    )
    out.append(
        _button(
            "power",
            f"Use {suit_icon(suit, 16)}{suit.name}{_key('W')}",
            POWER in now.open,
            power_reason,
            pressed=now.action == POWER,
        )
    )
    fish_reason = (
        "You have already been fishing this turn."
        if FISH in done
        else "The row is empty."
        if FISH not in now.open
        else ""
    )
    out.append(
        _button(
            "fish",
            f"Go fishing{_key('F')}",
            FISH in now.open,
            fish_reason,
            pressed=now.action == FISH,
        )
    )
    if now.action == POWER and suit == COURT:
        for what, key, letter in ((PENGUIN, "court-penguin", "E"), (PEBBLE, "court-pebble", "B")):
            can = what in now.court or (now.tiles and _court_of(now) == what)
            out.append(
                _button(
                    key,
                    f"Court: a {what}{_key(letter)}",
                    bool(can),
                    "" if can else f"Court cannot put a {what} now.",
                    pressed=bool(now.tiles) and _court_of(now) == what,
                )
            )
    if now.action is not None and len(now.open & {PLACE, POWER}) > 1:
        out.append(_button("cancel", f"Choose another action{_key('Esc')}", True))
    return out


def _key(letter: str) -> str:
    """A button's key, after its words: " (P)" (hidden on a touch screen, which has no
    keys to press)."""
    return f'<span class="key"> ({letter})</span>'


def _court_of(now: Choices) -> str | None:
    kinds = {a.kind for a in now.tiles.values()}
    if K_COURT_PENGUIN in kinds:
        return PENGUIN
    if K_COURT_PEBBLE in kinds:
        return PEBBLE
    return None


def _button(
    control: str, text: str, enabled: bool, reason: str = "", pressed: bool | None = None
) -> str:
    attrs = f'type="button" data-control="{control}"'
    if pressed is not None:
        attrs += f' aria-pressed="{"true" if pressed else "false"}"'
    if not enabled:
        attrs += f' disabled title="{escape(reason)}"'
    return f"<button {attrs}>{text}</button>"


# -- the table under the board ---------------------------------------------------------------------


def table_html(view: PebblesView, seats: Sequence[Seat], now: Choices, interactive: bool) -> str:
    """What lies on the table, in the order a player looks at it: their own hand (what
    they act on), then the trick so far with the led suit, the face-up row with the deck
    and discards, and the other hands as counts (OMNISCIENT: every hand face up, small).
    Cards a click acts on are buttons (``data-legal``). What the suits do is one
    disclosure, beside the hand."""
    clickable = now.cards if interactive else {}
    mine = _own_hand(view, seats, clickable)
    others = _other_hands(view, seats, legend=not mine)
    return mine + _trick(view, seats) + _row(view, clickable) + others


def _count(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _own_hand(view: PebblesView, seats: Sequence[Seat], clickable: dict) -> str:
    """The seat's own hand, every card face up, those it may play now as buttons."""
    seat = view.seat
    if not 0 <= seat < view.players:
        return ""
    hand = view.hands[seat]
    items = []
    for card in hand.cards:
        action = clickable.get(card)
        if action is not None and action.kind == K_PLAY:
            items.append(f"<li>{card_html(card, f'card-{card}', doing(action))}</li>")
        else:
            items.append(f"<li>{card_html(card)}</li>")
    return (
        f'<section class="hand mine" id="hand" data-hand-of="{seat}" data-count="{hand.size}" '
        f'aria-labelledby="hand-title-{seat}"><div class="table-head">'
        f'<h2 id="hand-title-{seat}">Your hand <span class="table-note">'
        f"({escape(seats[seat].name)}, {_count(hand.size)})</span></h2>{powers_legend()}</div>"
        f'<ol class="cards">{"".join(items)}</ol></section>'
    )


def _other_hands(view: PebblesView, seats: Sequence[Seat], legend: bool) -> str:
    """Every hand but the seat's own, one line each: who, how many cards, and the cards
    this screen may see of it (taken from the row; every card when all is shown)."""
    rows = []
    for p in range(view.players):
        if p == view.seat:
            continue
        hand = view.hands[p]
        known = "".join(f"<li>{mini_card_html(card)}</li>" for card in hand.cards)
        if not hand.cards:
            said = f"{_count(hand.size)}<span class='visually-hidden'>, face down</span>"
        elif hand.unknown:
            said = f"{_count(hand.size)}<span class='visually-hidden'>, taken from the row:</span>"
        else:
            said = f"{_count(hand.size)}<span class='visually-hidden'>:</span>"
        backs = f"{card_back_icon()} " if hand.unknown else ""
        cards = f'<ol class="cards mini-cards">{known}</ol>' if known else ""
        rows.append(
            f'<li class="hand" data-hand-of="{p}" data-count="{hand.size}">'
            f'{chip(seats[p], p)} <span class="hand-count">{backs}{said}</span>{cards}</li>'
        )
    if not rows:
        return ""
    note = ""
    if view.seat == SPECTATOR and not view.over:
        note = (
            '<p class="hint" id="hands-hidden">Every hand is face down until its player '
            "holds the device.</p>"
        )
    head = (
        f'<div class="table-head"><h2 id="hands-title">Hands</h2>{powers_legend()}</div>'
        if legend
        else '<h2 id="hands-title" class="visually-hidden">Other hands</h2>'
    )
    return (
        f'<section class="hands" aria-labelledby="hands-title">{head}'
        f'<ul class="hand-list">{"".join(rows)}</ul>{note}</section>'
    )


def _trick(view: PebblesView, seats: Sequence[Seat]) -> str:
    led = view.led_suit
    if view.over:
        about = "All ten tricks are played."
    elif led is None:
        about = "No card yet: the first card played leads its suit."
    else:
        about = f"{suit_name(led)} led: the highest {led.name} wins."
    items = "".join(
        f'<li data-trick-player="{p}"><span class="trick-player">{chip(seats[p], p, 14)}</span>'
        f"{card_html(card, last=k == len(view.trick) - 1)}</li>"
        for k, (p, card) in enumerate(view.trick)
    )
    led_attr = f' data-led-suit="{led.name.lower()}"' if led is not None else ""
    return (
        f'<section class="trick" id="trick"{led_attr} aria-labelledby="trick-title">'
        f'<h2 id="trick-title">Trick <span class="table-note">round {view.round}</span></h2>'
        f'<p class="led">{about}</p><ol class="cards">{items}</ol></section>'
    )


def _row(view: PebblesView, clickable: dict) -> str:
    """The face-up cards, the deck and the discards. When fishing is what a click does
    now, and no card of the hand is to play, the row is what the player acts on: on a
    phone it then comes first on the table (``acts-now``)."""
    fishing = any(a.kind == K_FISH for a in clickable.values())
    playing = any(a.kind == K_PLAY for a in clickable.values())
    cards = []
    for card in view.row:
        if card is None:
            cards.append('<li class="card-gap"><span class="visually-hidden">empty</span></li>')
            continue
        action = clickable.get(card)
        if action is not None and action.kind == K_FISH:
            cards.append(f"<li>{card_html(card, f'row-{card}', doing(action))}</li>")
        else:
            cards.append(f"<li>{card_html(card)}</li>")
    known = ""
    if view.deck_known:
        # After a reshuffle everyone knows which cards the deck holds, not their order.
        minis = "".join(f"<li>{mini_card_html(c, hook=False)}</li>" for c in view.deck_known)
        known = (
            '<details class="deck-known" id="pebbles-deck-known"><summary>which cards</summary>'
            f'<ol class="cards mini-cards">{minis}</ol>'
            '<p class="hint">In an unknown order.</p></details>'
        )
    acts = " acts-now" if fishing and not playing else ""
    return (
        f'<section class="row{acts}" id="row" aria-labelledby="row-title">'
        f'<h2 id="row-title">Face-up cards</h2><ol class="cards">{"".join(cards)}</ol>'
        f'<div class="deck-line" id="deck"><span data-deck="{view.deck_size}">Deck: '
        f"{_count(view.deck_size)}</span>{known} · "
        f'<span data-discards="{len(view.discards)}">discards: {len(view.discards)}</span>'
        "</div></section>"
    )


# -- the side panels -------------------------------------------------------------------------------


def players_html(view: PebblesView, seats: Sequence[Seat]) -> str:
    """Per player: cards in hand, penguins not yet placed, fish tokens, love tokens, and
    the points as if the game ended now."""
    rows = []
    for p, seat in enumerate(seats):
        score = view.scores.players[p]
        lead = (
            ' <span class="lead-mark" title="Leads this round">(lead)</span>'
            if p == view.lead and not view.over
            else ""
        )
        rows.append(
            f'<tr data-player-row="{p}"><th scope="row">{chip(seat, p)}{lead}</th>'
            f'<td data-cards-of="{p}">{view.hands[p].size}</td>'
            f'<td data-supply-of="{p}">{view.penguin_supply[p]}</td>'
            f'<td data-fish-of="{p}">{view.fish[p]}</td>'
            f'<td data-love-of="{p}">{view.love[p]}</td>'
            f'<td data-points-of="{p}">{score.total}</td></tr>'
        )
    return (
        '<section class="panel"><h2>Players</h2><table class="players"><thead><tr>'
        '<th scope="col">Player</th><th scope="col">Cards</th>'
        '<th scope="col"><abbr title="Penguins not yet placed">To place</abbr></th>'
        '<th scope="col"><abbr title="Fish tokens">Fish</abbr></th>'
        '<th scope="col"><abbr title="Love tokens (tricks won)">Love</abbr></th>'
        '<th scope="col"><abbr title="Points as if the game ended now">Points</abbr></th>'
        "</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<p class="hint">Supply: {view.pebble_supply} pebbles, {view.fish_supply} fish '
        f"tokens, {view.love_supply} love tokens (one per trick still to play).</p></section>"
    )


def territories_html(view: PebblesView, seats: Sequence[Seat]) -> str:
    """Each territory: its look (colour and pattern, named), its VP with this many players,
    its tiles, and who controls it now (the most tiles controlled; ties share)."""
    layout = view.layout
    values = layout.values(view.players)
    items = []
    for k, territory in enumerate(layout.territories):
        tiles = ", ".join(str(layout.tiles[i].number) for i in layout.members[k])
        who = view.territory_control[k]
        holder = " and ".join(chip(seats[p], p) for p in who) if who else "nobody"
        look = TERRITORY_LOOKS[k % len(TERRITORY_LOOKS)][2]
        items.append(
            f'<li data-territory-row="{k}" data-controlled-by="{",".join(map(str, who))}">'
            f"{territory_swatch(k)} <strong>{escape(territory.name)}</strong> ({look}), "
            f"{values[k]} VP, tiles {tiles}: {holder}</li>"
        )
    pathways = ", ".join(f"{a} and {b}" for a, b in layout.pathways) or "none"
    return (
        '<section class="panel"><h2>Territories</h2>'
        f'<ul class="territories">{"".join(items)}</ul>'
        f'<p class="hint">Pathways join tiles {pathways}.</p></section>'
    )


def result_html(view: PebblesView, seats: Sequence[Seat]) -> str:
    """Every player's scoring lines, the winners and what decided."""
    breakdown = view.scores
    winners = list(breakdown.winners)
    names = [escape(seats[p].name) for p in winners]
    rows = breakdown.players
    top = max(breakdown.totals)
    tied = [p for p, r in enumerate(rows) if r.total == top]
    tied_names = " and ".join(escape(seats[p].name) for p in tied)
    if breakdown.decided_by == "score":
        why = f"{names[0]} has the most points ({top})."
    elif breakdown.decided_by == "love":
        loves = ", ".join(f"{escape(seats[p].name)} {view.love[p]}" for p in tied)
        why = (
            f"{tied_names} tied on {top} points; the most love tokens breaks the tie ({loves}), "
            f"so {names[0]} wins."
        )
    else:
        top_love = max(view.love[p] for p in tied)
        still = [p for p in tied if view.love[p] == top_love]
        pebbles = ", ".join(f"{escape(seats[p].name)} {rows[p].pebbles}" for p in still)
        still_names = " and ".join(escape(seats[p].name) for p in still)
        if breakdown.decided_by == "pebbles":
            why = (
                f"{tied_names} tied on {top} points; {still_names} also on love tokens "
                f"({top_love}); the most pebbles on controlled tiles breaks the tie "
                f"({pebbles}), so {names[0]} wins."
            )
        else:
            why = (
                f"{tied_names} tied on {top} points, {still_names} also on love tokens "
                f"({top_love}) and on pebbles ({pebbles}): they share the victory."
            )
    ranked = sorted(range(len(rows)), key=lambda p: (-rows[p].total, p))
    body = []
    details = []
    for p in ranked:
        r = rows[p]
        cls = " class=winner" if p in winners else ""
        body.append(
            f'<tr data-result-player="{p}" data-total="{r.total}" data-pebbles="{r.pebbles}" '
            f'data-territories="{r.territories}" data-love="{r.love}" data-fish="{r.fish}"{cls}>'
            f"<th scope=row>{chip(seats[p], p)}</th>"
            f"<td>{r.pebbles}</td><td>{r.territories}</td><td>{r.love}</td><td>{r.fish}</td>"
            f'<td class="total">{r.total}</td></tr>'
        )
        details.append(f"<li>{_scoring_details(seats[p].name, r)}</li>")
    # The numbers in a table narrow enough for a phone; where they come from, under it.
    return (
        f"{result_head(seats, winners, breakdown.decided_by, why)}"
        '<table class="results"><thead><tr><th scope=col>Player</th>'
        "<th scope=col>Pebbles</th><th scope=col>Terri&shy;tories</th><th scope=col>Love</th>"
        "<th scope=col>Fish</th><th scope=col>Total</th></tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
        f'<ul class="result-details hint">{"".join(details)}</ul>'
        '<p class="hint">Pebbles on the tiles you control, the VP of the territories you '
        "control, a point per love token, a point per two fish tokens; ties for control give "
        "every tied player the full points.</p>"
    )


def _scoring_details(name: str, row) -> str:
    """Where a player's points come from: "Cy: pebbles on tiles 1, 6 and 7; Ridge; 2 fish
    tokens"."""
    tiles = ", ".join(map(str, row.tiles))
    pebbles = f"pebbles on tiles {tiles}" if row.tiles else "no tile controlled"
    territories = ", ".join(escape(t) for t in row.territory_names) or "no territory"
    tokens = f"{row.fish_tokens} fish token{'s' if row.fish_tokens != 1 else ''}"
    return f"<strong>{escape(name)}</strong>: {pebbles}; {territories}; {tokens}"
