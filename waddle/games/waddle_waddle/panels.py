"""Waddle Waddle's words and panels beside the board: the status line, the controls with a
line that says what to click next, the players, the season, what each threat and hero
does. Pure functions of a view (and of the presenter's :class:`~.clicks.Clicks`).

The other regions have modules of their own: the table under the board in :mod:`.table`,
the result in :mod:`.result`, and the words all of them share in :mod:`.words`; this
module re-exports their names, as the presenter and the tests import them.

>>> from waddle.games.waddle_waddle.record import new_record
>>> view = new_record(3, seed=2).start().view(0)
>>> "data-to-move" in status_html(view, default_seats(3))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.cards import SPECIES_NAMES
from waddle.games.waddle_waddle.clicks import Button, Clicks, rookery_name
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.observation import View
from waddle.games.waddle_waddle.options import SPEEDS
from waddle.games.waddle_waddle.result import decided_by, handicap_of, most_in_one, result_html
from waddle.games.waddle_waddle.symbols import species_icon
from waddle.games.waddle_waddle.table import table_html
from waddle.games.waddle_waddle.threats import THREATS
from waddle.games.waddle_waddle.view import (
    CARD_NAMES,
    SPECIES_INK,
    THREAT_SHORT,
    card_words,
    cards_words,
)
from waddle.games.waddle_waddle.words import (
    HERO_BY_CODE,
    HERO_GIST,
    HERO_NAMES,
    THREAT_BY_CODE,
    TOKEN_NAMES,
    _plural,
    doing,
    hero_points,
    pending,
)
from waddle.ui.markup import chip, game_over_status, status_line, to_move
from waddle.ui.seats import Seat, default_seats  # noqa: F401 (the doctest's seats)

HERO_SHORT = {
    "dee": "Dee",
    "papi": "Papi",
    "dyan": "Dyan",
    "davis": "Davis",
    "katta": "Katta",
    "lynch": "Lynch",
}
"""What the players panel calls each hero (the full name and ability are its title)."""

__all__ = [
    "HERO_BY_CODE",
    "HERO_SHORT",
    "THREAT_BY_CODE",
    "TOKEN_NAMES",
    "button_html",
    "controls_html",
    "decided_by",
    "doing",
    "handicap_of",
    "hero_points",
    "heroes_html",
    "info_html",
    "most_in_one",
    "pending",
    "players_html",
    "result_html",
    "season_html",
    "status_html",
    "table_html",
    "threat_card",
]


# -- the status line ------------------------------------------------------------------------


def status_html(view: View, seats: Sequence[Seat], prompt: str = "") -> str:
    """The prompt: whose decision it is and what to do. For the person who acts now,
    ``prompt`` says what to click (:func:`~.prompts.tip`, the page's one instruction);
    for everyone else, what the player to move is deciding. Then the season's end, once
    it is coming."""
    if view.over:
        seasons = _plural(view.seasons, "season")
        return game_over_status(f" after {seasons}: the most Conservation Points win")
    player = view.to_move
    if player is None:
        return status_line("")
    who = to_move(seats, player)
    said = f"{who}: {escape(prompt)}" if prompt else f"{who} {escape(_deciding(view))}"
    ending = ""
    if view.turns_left is not None:
        ending = f" The season is ending: {_plural(view.turns_left, 'turn')} left."
    elif view.phase == "tokens":
        ending = f" Then season {view.season + 1} of {view.seasons}."
    status = status_line(f'{said}<span class="round">{escape(ending)}</span>')
    return status + threat_card(view)


THREAT_PHASES = {"threat": None, "shark": "shark", "oil": "oil", "sheathbill": "sheathbill"}
"""The decisions a threat asks for: placing the one turned up, then what the Shark, the
Oil Spill and the Snowy Sheathbill do at once."""


def threat_card(view: View) -> str:
    """The threat being placed or acting, for everyone to read while its decision is made:
    its token as the map draws it, its name and what it does (none: "")."""
    if view.phase not in THREAT_PHASES:
        return ""
    threat = THREAT_BY_CODE.get(THREAT_PHASES[view.phase] or pending(view, "threat"))
    if threat is None:
        return ""
    return (
        f'<div class="threat-card" data-threat-card="{threat.code}">'
        f'<span class="threat-chip" aria-hidden="true">{escape(THREAT_SHORT[threat.code])}'
        f"</span><p><strong>{escape(threat.name)}</strong>: {escape(threat.text)}</p></div>"
    )


def _deciding(view: View) -> str:
    """What the player to move is deciding, for everyone watching."""
    where = rookery_name(view, pending(view, "rookery")) if pending(view, "rookery") else ""
    threat = THREAT_BY_CODE.get(pending(view, "threat"))
    left = pending(view, "moves_left", 0)
    waddle = pending(view, "waddle") or ()
    return {
        "hero": "chooses a penguin hero.",
        "turn": "takes an action: draft, exchange, fishing trip, refill or play a waddle.",
        "take": f"takes a face-up card for the {card_words(pending(view, 'exchanged') or 'Kv')}"
        " given in exchange.",
        "refill2": "takes the refill's second card, face up or from the deck.",
        "lynch": "refills their empty hand (Dr. Heather Lynch).",
        "play": f"chooses where to play the waddle {cards_words(waddle)}."
        if waddle
        else "chooses where to play the waddle.",
        "dyan": f"may move nests away from {where} (Dyan deNapoli): {left} left.",
        "waddle2": "may play the rest of their hand as a second waddle (a WaddleWaddle).",
        "threat": f"turned up the {threat.name if threat else 'threat'}: it goes to a rookery "
        "with a free threat space.",
        "shark": f"moves the fish of {where} away (the Shark).",
        "oil": f"moves nests away from {where} (the Oil Spill): {left} left.",
        "sheathbill": f"chooses whose nest the Snowy Sheathbill takes at {where}.",
        "tokens": _token_words(view),
    }.get(view.phase, "")


def _token_words(view: View) -> str:
    queue = pending(view, "draft") or ()
    kind = queue[0][0] if queue else K.CP
    return f"places a {TOKEN_NAMES[kind]} token on a rookery for the next season."


# -- the controls -----------------------------------------------------------------------------


def controls_html(view: View, seats: Sequence[Seat], now: Clicks) -> str:
    """The buttons of this decision (what to click is said once, in the prompt). Heroes
    are chosen from buttons that say what each does, with the rules in full one tap away
    (:func:`heroes_html`)."""
    if view.phase == "hero":
        return heroes_html(view, now)
    buttons = "".join(button_html(view, seats, b) for b in now.buttons)
    return f'<div class="action-choices">{buttons}</div>'


def heroes_html(view: View, now: Clicks) -> str:
    """The heroes to choose from: a button each with its species' symbol, the name the hero
    goes by, what they do in a line and the handicap points; then every hero's rule in
    full, in a disclosure the buttons point to (``aria-describedby``)."""
    buttons = []
    for button in now.buttons:
        hero = HERO_BY_CODE[button.control.removeprefix("hero-")]
        points = hero_points(view, hero)
        extra = (
            f'<span class="hero-extra">+{points} at the end</span>' if points is not None else ""
        )
        buttons.append(
            f'<button type="button" data-control="{button.control}" '
            f'aria-describedby="hero-rule-{hero.code}" style="--species-ink:'
            f'{SPECIES_INK[hero.species]}"><span class="hero-head">'
            f"{species_icon(hero.species, 18)}{escape(HERO_NAMES[hero.code])}</span>"
            f'<span class="hero-does">{CARD_NAMES[hero.species]}: '
            f"{escape(HERO_GIST[hero.code])}</span>{extra}</button>"
        )
    rules = "".join(
        f'<li id="hero-rule-{h.code}"><strong>{escape(h.name)}</strong> '
        f"({SPECIES_NAMES[h.species]}): {escape(h.text)}</li>"
        for h in HEROES
    )
    return (
        f'<div class="action-choices hero-choices">{"".join(buttons)}</div>'
        '<details class="hero-rules" id="ww-hero-rules"><summary>What each hero does, in '
        f'full</summary><ul class="info-list">{rules}</ul></details>'
    )


def button_html(view: View, seats: Sequence[Seat], button: Button) -> str:
    """One button of the decision; its key letter ("(D)") is for keyboards, hidden on
    touch screens (board.css)."""
    text, key = _key_apart(button.text)
    text = escape(text)
    control = button.control
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
        text = _token_button(view, kind, t, bool(button.pressed))
    attrs = f'type="button" data-control="{control}"'
    if button.pressed is not None:
        attrs += f' aria-pressed="{"true" if button.pressed else "false"}"'
    if not button.enabled:
        attrs += f' disabled title="{escape(button.reason)}"'
    keys = f' <span class="key">{escape(key)}</span>' if key else ""
    return f"<button {attrs}>{text}{keys}</button>"


def _key_apart(text: str) -> tuple[str, str]:
    """A button's words and its key letter: "Draft (D)" → ("Draft", "(D)")."""
    head, space, tail = text.rpartition(" ")
    if space and tail.startswith("(") and tail.endswith(")") and len(tail) <= 5:
        return head, tail
    return text, ""


def _token_button(view: View, kind: str, token: int, in_hand: bool) -> str:
    """A token of the draft as the map draws it (the yellow bonus, the blue fish supply),
    named in words, and "in hand" on the one a click on a rookery places now."""
    if kind == K.CP:
        larger, smaller = view.conservation_tokens[token]
        drawn = f'<span class="token-pill cp" aria-hidden="true">{larger}/{smaller}</span>'
        words = f"Bonus {larger}/{smaller}"
    else:
        fish = view.fish_tokens[token]
        drawn = f'<span class="token-pill supply" aria-hidden="true">+{fish}</span>'
        words = f"Fish Supply +{fish}"
    hand = ' <span class="in-hand">in hand</span>' if in_hand else ""
    return f'{drawn}<span class="visually-hidden">{escape(words)}</span>{hand}'


# -- the side panels --------------------------------------------------------------------------


def players_html(view: View, seats: Sequence[Seat]) -> str:
    """Per player: hero, Conservation Points, nests (on the board and left), fish, Frozen,
    cards in hand."""
    rows = []
    for p, seat in enumerate(seats):
        sv = view.seats[p]
        hero = HERO_BY_CODE.get(sv.hero) if sv.hero else None
        hero_cell = (
            f'<span class="hero-cell" style="--species-ink:{SPECIES_INK[hero.species]}">'
            f"{species_icon(hero.species, 16)}"
            f'<abbr title="{escape(hero.name)} ({CARD_NAMES[hero.species]}): '
            f'{escape(hero.text)}">{HERO_SHORT.get(hero.code, hero.name)}</abbr></span>'
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
