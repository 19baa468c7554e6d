"""Waddle Waddle drawn as markup: the map of the five rookeries (``svg#board``) and the
cards' faces (the table under the board, :mod:`.table`). Pure functions of a
:class:`~.observation.View`, never of the state, so what a seat may not see cannot reach
the page.

**The map is drawn for a phone first.** Its viewBox is 380 units wide and every text is
at least 11 units high, so on a 390 px phone, where the board spans the screen (about
1.03 CSS px a unit), no text is under 11 CSS px; a laptop draws it bigger. The rookeries
are two a row (what a phone's width allows at that size), roughly where they lie around
the Southern Ocean: the Argentine Sea and South Georgia at the top, the Antarctic
Peninsula and the Crozet Islands, then Antarctica itself (the season, the deck, the fish
supply and each player's Conservation Points) beside Macquarie Island; under them, the
legend of the species' codes.

Each rookery is one ``<g>`` with the public hooks (docs/web-hooks.md, "Waddle Waddle"):
``data-rookery`` and ``data-hex`` (its id: the shell sends a click on it to the presenter),
``data-species``, ``data-fish``, ``data-nests`` (each player's, in seat order),
``data-threats``, ``data-bonus`` (the Conservation Points token, larger and smaller),
``data-fish-token``, ``data-awards`` (each player's bonus here if the season ended now),
``data-legal`` where a click decides something now and ``data-last`` where the last
action happened. Species show as their two-letter code in a disc of their ink, which the
legend under the map pairs with their drawn symbol (:mod:`.symbols`, as on the cards) and
their name; nests as their player's token (shape and colour, the rulebook's symbols for
colour-blind players) with the count inside.

>>> from waddle.games.waddle_waddle.record import new_record
>>> board = board_svg(new_record(3, seed=1).start().view(0))
>>> board.markup.count("data-rookery="), board.view_box
(5, '0 0 380 289')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from waddle.games.waddle_waddle.cards import SPECIES, SPECIES_CODES, SPECIES_NAMES
from waddle.games.waddle_waddle.components import ROOKERY_IDS
from waddle.games.waddle_waddle.observation import RookeryView, View
from waddle.games.waddle_waddle.symbols import (
    fish_in_svg,
    kevin_icon,
    species_icon,
    species_in_svg,
)
from waddle.games.waddle_waddle.threats import THREATS
from waddle.games.waddle_waddle.words import (  # the names of cards, kept in .words
    CARD_NAMES,
    CODE_OF,
    card_words,
    cards_words,
    waddle_words,
)
from waddle.ui.markup import BoardSvg, token_markup
from waddle.ui.seats import Seat, default_seats

WIDTH = 380
"""The map's width in units: about a 390 px phone's width, so a unit is about a CSS px
there and an 11-unit text reads at 11 px."""
MARGIN, GAP = 2, 4
BOX_W, BOX_H = 186, 83
"""A rookery's box: two side by side fill the width."""
LEGEND_H = 28
HEIGHT = MARGIN + 3 * BOX_H + 2 * GAP + 2 + LEGEND_H
PAD = 7
"""Inside a box, from its left edge to its words."""

_COLUMNS = (MARGIN, MARGIN + BOX_W + GAP)
_ROWS = (MARGIN, MARGIN + BOX_H + GAP, MARGIN + 2 * (BOX_H + GAP))
PLACES: Mapping[str, tuple[float, float]] = {
    "argentine": (_COLUMNS[0], _ROWS[0]),
    "georgia": (_COLUMNS[1], _ROWS[0]),
    "peninsula": (_COLUMNS[0], _ROWS[1]),
    "crozet": (_COLUMNS[1], _ROWS[1]),
    "macquarie": (_COLUMNS[1], _ROWS[2]),
}
"""Each rookery's box on the map, roughly where it lies around Antarctica: the Argentine
Sea and South Georgia west and north, the Antarctic Peninsula south of them, the Crozet
Islands and Macquarie Island east across the Southern Ocean. The boxes are drawn in
reading order, which is also the order the arrow keys move in."""
CENTRE = (_COLUMNS[0], _ROWS[2])
"""Antarctica's box: the season, the deck, the fish supply and the scores."""

SPECIES_INK = ("#7a4b00", "#7a6000", "#3f5563", "#b34700", "#9c2a68", "#1e6b34")
"""Each species' ink on cards, badges and the legend (its name or code is always written
too); every one at least 4.5:1 on white (WCAG AA)."""

_CARD_FACE_NAMES = ("Magel\u00adlanic", "Rock\u00adhopper", "Chin\u00adstrap", "King", "Macaroni",
                    "Gentoo")  # fmt: skip
"""The names on a card's face, where a word may break (a soft hyphen) on the narrowest
cards rather than overflow."""

THREAT_BY_CODE = {t.code: t for t in THREATS}
THREAT_SHORT = {
    "skua": "Skua",
    "seal": "Seal",
    "orca": "Orca",
    "shark": "Shark",
    "boat": "Boat",
    "oil": "Oil Spill",
    "sheathbill": "Sheathbill",
    "pollution": "Pollution",
}
"""A threat token's word on the map, short enough for its space (its full name and what it
does are in the rookery's label and the "What things do" panel)."""
SPECIES_BY_NAME = {name: k for k, name in enumerate(SPECIES)}


def species_name(species: str) -> str:
    """The species of ``SPECIES`` in words: ``rockhopper`` → "Southern Rockhopper"."""
    return SPECIES_NAMES[SPECIES_BY_NAME[species]]


# -- the board ---------------------------------------------------------------------------


def board_svg(
    view: View,
    seats: Sequence[Seat] | None = None,
    *,
    clicks: Mapping[str, str] | None = None,
    last: str | None = None,
    placing: tuple[str, int] | None = None,
) -> BoardSvg:
    """The map: five rookeries, Antarctica, the legend of the species.

    ``clicks`` maps the rookeries a click acts on now to what it does, in words ("play
    the waddle here: 8 points, 1 nest"): they get ``data-legal`` and become buttons.
    ``last`` is the rookery of the last action, marked ``data-last``. ``placing`` is what
    a click on one of them puts there, drawn faintly where it would lie (``data-ghost``):
    a threat (``("threat", index)``) in the first free threat space, a token of the draft
    between seasons (``("cp", index)``, ``("supply", index)``) in its place.
    """
    seats = list(seats or default_seats(view.num_players))
    clicks = clicks or {}
    by_id = {r.id: r for r in view.rookeries}
    parts = [_centre(view, seats)]
    for rid in PLACES:  # reading order
        r = by_id[rid]
        ghost = placing if rid in clicks else None
        parts.append(_rookery(view, seats, r, clicks.get(rid), rid == last, ghost))
    parts.append(_legend())
    return BoardSvg("".join(parts), f"0 0 {WIDTH} {HEIGHT}", None)


def _rookery(
    view: View,
    seats: Sequence[Seat],
    r: RookeryView,
    doing: str | None,
    last: bool,
    ghost: tuple[str, int] | None = None,
) -> str:
    x, y = PLACES[r.id]
    attrs = (
        f'data-rookery="{r.id}" data-hex="{r.id}" data-species="{",".join(r.species)}" '
        f'data-fish="{r.fish}" data-nests="{",".join(map(str, r.nests))}" '
        f'data-threats="{",".join(r.threats)}" '
        f'data-bonus="{",".join(map(str, r.bonus)) if r.bonus else ""}" '
        f'data-fish-token="{"" if r.fish_token is None else r.fish_token}" '
        f'data-awards="{",".join(map(str, r.awards))}"'
    )
    inner = [
        f'<rect class="rookery-frame" x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="8"/>',
        f'<text class="rookery-name" x="{x + PAD}" y="{y + 14}">{escape(r.name)}</text>',
        _fish_here(view, r, x, y),
        _species_row(view, r, x, y + 16, ghost),
        _threat_spaces(r, x + PAD, y + 41, ghost),
        _nests(view, seats, r, x + PAD, y + 63),
    ]
    if last:
        # On the rookery's own border, under what is in it: inset, it crossed the name
        # and the nests.
        inner.insert(
            1,
            f'<rect class="last-move" x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="8"/>',
        )
    label = escape(rookery_label(view, seats, r, doing, last))
    if doing is not None:
        attrs += f' data-legal="true" role="button" tabindex="0" aria-label="{label}"'
    else:
        attrs += f' role="img" aria-label="{label}"'
    if last:
        attrs += ' data-last="true"'
    return f'<g class="rookery" {attrs}>{"".join(inner)}</g>'


def _fish_here(view: View, r: RookeryView, x: float, y: float) -> str:
    """The rookery's fish, top right: a fish and the count."""
    if view.options.no_fish:
        return ""
    right = x + BOX_W - PAD
    return (
        f'{fish_in_svg(right - 31, y + 2, 15)}<text class="fish-count" x="{right:.1f}" '
        f'y="{y + 14}" text-anchor="end">{r.fish}</text>'
    )


def _species_row(
    view: View, r: RookeryView, x: float, top: float, ghost: tuple[str, int] | None = None
) -> str:
    """The species that nest here (discs with their codes), then the Conservation Points
    token (larger / smaller bonus) and the Fish Supply token; the token being placed
    between seasons faintly where a click would put it (``ghost``)."""
    out = [
        species_badge(SPECIES_BY_NAME[s], x + PAD + 10.5 + 23 * k, top + 11.5)
        for k, s in enumerate(r.species)
    ]
    right = x + BOX_W - PAD
    kind, index = ghost if ghost is not None else ("", -1)
    fish_token = r.fish_token
    if fish_token is None and kind == "supply":
        fish_token = view.fish_tokens[index]
    if fish_token is not None and not view.options.no_fish:
        ghostly = ' ghost" data-ghost="supply' if fish_token != r.fish_token else ""
        out.append(
            f'<g class="fish-token{ghostly}">'
            f'<rect x="{right - 32}" y="{top + 2}" width="32" '
            f'height="19" rx="4"/>{fish_in_svg(right - 31, top + 4.5, 13)}'
            f'<text x="{right - 3}" y="{top + 16}" text-anchor="end">+{fish_token}</text></g>'
        )
        right -= 36
    bonus = r.bonus
    if bonus is None and kind == "cp":
        bonus = view.conservation_tokens[index]
    if bonus is not None:
        ghostly = ' ghost" data-ghost="cp' if r.bonus is None else ""
        out.append(
            f'<g class="cp-token{ghostly}">'
            f'<rect x="{right - 38}" y="{top + 2}" width="38" '
            f'height="19" rx="9.5"/><text x="{right - 19}" y="{top + 16}" '
            f'text-anchor="middle">{bonus[0]}/{bonus[1]}</text></g>'
        )
    return "".join(out)


def species_badge(k: int, cx: float, cy: float) -> str:
    """A species on the map: its two-letter code in a disc of its ink (the legend under
    the map gives its symbol and name)."""
    return (
        f'<g class="species-badge" style="--ink:{SPECIES_INK[k]}">'
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="10.5"/>'
        f'<text x="{cx:.1f}" y="{cy + 4:.1f}" text-anchor="middle">{SPECIES_CODES[k]}</text></g>'
    )


def _threat_spaces(r: RookeryView, x: float, y: float, ghost: tuple[str, int] | None = None) -> str:
    """The threat spaces: a dashed box each that says what it is for, a red token with its
    short name once one is placed; the threat being placed faintly in the first free one
    (``ghost``), where a click would put it."""
    spaces = max(r.threat_spaces, len(r.threats))
    if not spaces:
        return ""
    width = (BOX_W - 2 * PAD - 6 * (spaces - 1)) / spaces
    out = []
    for k in range(spaces):
        left = x + k * (width + 6)
        if k < len(r.threats):
            threat = THREAT_BY_CODE[r.threats[k]]
            out.append(
                f'<g class="threat-token" data-threat="{threat.code}">'
                f'<rect x="{left:.1f}" y="{y}" width="{width:.1f}" height="19" rx="4"/>'
                f'<text x="{left + width / 2:.1f}" y="{y + 14}" text-anchor="middle">'
                f"{escape(THREAT_SHORT[threat.code])}</text><title>{escape(threat.name)}: "
                f"{escape(threat.text)}</title></g>"
            )
        elif k == len(r.threats) and ghost is not None and ghost[0] == "threat":
            code = THREATS[ghost[1]].code
            out.append(
                f'<g class="threat-token ghost" data-ghost="{code}">'
                f'<rect x="{left:.1f}" y="{y}" width="{width:.1f}" height="19" rx="4"/>'
                f'<text x="{left + width / 2:.1f}" y="{y + 14}" text-anchor="middle">'
                f"{escape(THREAT_SHORT[code])}?</text></g>"
            )
        else:
            out.append(
                f'<g class="threat-space"><rect x="{left:.1f}" y="{y}" width="{width:.1f}" '
                f'height="19" rx="4"/><text x="{left + width / 2:.1f}" y="{y + 13.5}" '
                'text-anchor="middle">threat space</text></g>'
            )
    return "".join(out)


def _nests(view: View, seats: Sequence[Seat], r: RookeryView, x: float, y: float) -> str:
    """Each player's nests here (their token, the count inside), and the bonus each would
    take if the season ended now (+n beside the token)."""
    holders = [p for p in range(view.num_players) if r.nests[p]]
    if not holders:
        return f'<text class="no-nests" x="{x}" y="{y + 14}">No nests yet</text>'
    awards = {p: r.awards[p] for p in holders if r.awards and r.awards[p] and not view.over}
    widths = [22 + (25 if p in awards else 0) for p in holders]
    room = BOX_W - 2 * PAD
    squeeze = min(1.0, room / sum(widths))
    out = []
    left = x
    for p, width in zip(holders, widths, strict=True):
        seat = seats[p]
        cx = left + 9.5
        out.append(token_markup(seat.shape, seat.colour, cx, y + 10, 9.0, str(r.nests[p])))
        if p in awards:
            out.append(
                f'<text class="award-now" x="{cx + 12:.1f}" y="{y + 14}">+{awards[p]}</text>'
            )
        left += width * squeeze
    return "".join(out)


def rookery_label(
    view: View, seats: Sequence[Seat], r: RookeryView, doing: str | None, last: bool
) -> str:
    """What a screen reader says of a rookery: its name and species, fish, tokens, threats,
    nests and the bonus each player would take now, the last move, what a click does."""
    parts = [r.name, "species " + ", ".join(species_name(s) for s in r.species)]
    if not view.options.no_fish:
        parts.append(f"{r.fish} fish")
    if r.bonus is not None:
        parts.append(f"bonus {r.bonus[0]} and {r.bonus[1]}")
    if r.fish_token is not None and not view.options.no_fish:
        parts.append(f"fish token {r.fish_token}")
    if r.threats:
        parts.append("threats " + ", ".join(THREAT_BY_CODE[t].name for t in r.threats))
    free = r.threat_spaces - len(r.threats)
    parts.append(f"{max(free, 0)} free threat space{'s' if free != 1 else ''}")
    nests = [f"{seats[p].name} {k} nest{'s' if k != 1 else ''}" for p, k in enumerate(r.nests) if k]
    parts.append(", ".join(nests) if nests else "no nests")
    awards = [f"{seats[p].name} {a}" for p, a in enumerate(r.awards) if a]
    if awards and not view.over:
        parts.append("bonus if the season ended now: " + ", ".join(awards))
    if last:
        parts.append("last move")
    if doing:
        parts.append(doing)
    return ", ".join(parts)


def _centre(view: View, seats: Sequence[Seat]) -> str:
    """Antarctica: the season, threats revealed, the deck and the fish supply, and each
    player's Conservation Points (their token and score)."""
    x, y = CENTRE
    head = f"Season {view.season} of {view.seasons}"
    facts = [f"Deck {view.deck_size}"]
    if not view.options.no_fish:
        facts.append(f"Fish supply {view.fish_supply}")
    said = [head, ", ".join(facts)]
    threats = ""
    if not view.options.no_threats:
        threats = (
            f'<text class="centre-line" x="{x + BOX_W - PAD}" y="{y + 16}" '
            f'text-anchor="end">Threats {view.threats_revealed}/4</text>'
        )
        said.append(f"threats revealed {view.threats_revealed} of 4")
    scores, words = _scores(view, seats, x + PAD, y + 48)
    label = escape(", ".join([*said, "Conservation Points: " + words]))
    return (
        f'<g class="antarctica" role="img" aria-label="Antarctica: {label}">'
        f'<rect class="ice" x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="8"/>'
        f'<text class="season-line" x="{x + PAD}" y="{y + 16}">{escape(head)}</text>{threats}'
        f'<text class="centre-line" x="{x + PAD}" y="{y + 32}">{escape(" · ".join(facts))}'
        f"</text>{scores}</g>"
    )


def _scores(view: View, seats: Sequence[Seat], x: float, y: float) -> tuple[str, str]:
    """Each player's token and Conservation Points, in seat order: one row under a title,
    or two rows when they do not fit one; and the same in words."""
    room = BOX_W - 2 * PAD
    texts = [str(s.score) for s in view.seats]
    widths = [20 + 7.5 * len(t) + 6 for t in texts]
    one_row = sum(widths) <= room
    out = []
    if one_row:
        out.append(f'<text class="track-name" x="{x}" y="{y}">Conservation Points</text>')
        rows = [list(range(len(texts)))]
        top = y + 6
    else:
        half = (len(texts) + 1) // 2
        rows = [list(range(half)), list(range(half, len(texts)))]
        top = y - 10
    for k, row in enumerate(rows):
        left = x
        for p in row:
            seat = seats[p]
            cy = top + 9 + 20 * k
            out.append(token_markup(seat.shape, seat.colour, left + 7, cy, 6.5))
            out.append(
                f'<text class="score" x="{left + 17:.1f}" y="{cy + 4.5:.1f}">{texts[p]}</text>'
            )
            left += room / len(row) if not one_row else widths[p]
    words = ", ".join(f"{seats[p].name} {t}" for p, t in enumerate(texts))
    return "".join(out), words


def _legend() -> str:
    """Under the map: each species' code (as the map writes it), its symbol (as the cards
    draw it) and its name, three a line."""
    top = MARGIN + 3 * BOX_H + 2 * GAP + 2
    out = []
    for k in range(len(SPECIES)):
        x = MARGIN + PAD + (k % 3) * 126
        cy = top + 7 + (k // 3) * 14
        out.append(
            f'<g class="legend-entry" style="--ink:{SPECIES_INK[k]}">'
            f'<text class="legend-code" x="{x}" y="{cy + 4}">{SPECIES_CODES[k]}</text>'
            f"{species_in_svg(k, x + 20, cy - 7, 14)}"
            f'<text class="legend-name" x="{x + 37}" y="{cy + 4}">{CARD_NAMES[k]}</text></g>'
        )
    names = ", ".join(f"{c} {n}" for c, n in zip(SPECIES_CODES, SPECIES_NAMES, strict=True))
    return f'<g class="legend" role="img" aria-label="Species: {escape(names)}">{"".join(out)}</g>'


# -- cards -------------------------------------------------------------------------------


def _face(card: str) -> tuple[str, str]:
    """A card's face and its class: its number and its species' symbol, then its species'
    name (on a phone, where six cards make a row, its code instead, as the map and its
    legend write it: board.css)."""
    if card == "Kv":
        face = (
            f'<span class="card-top"><span class="card-number">K</span>{kevin_icon(18)}</span>'
            '<span class="card-suit"><span class="card-name">Kevin</span>'
            '<span class="card-code" aria-hidden="true">Kv</span></span>'
        )
        return face, "card species-kevin"
    k = CODE_OF[card[:2]]
    face = (
        f'<span class="card-top"><span class="card-number">{card[2:]}</span>'
        f'{species_icon(k, 18)}</span><span class="card-suit"><span class="card-name">'
        f'{_CARD_FACE_NAMES[k]}</span><span class="card-code" aria-hidden="true">'
        f"{SPECIES_CODES[k]}</span></span>"
    )
    return face, f"card species-{SPECIES[k]}"


def card_html(
    card: str,
    control: str | None = None,
    doing: str = "",
    pressed: bool | None = None,
    last: bool = False,
) -> str:
    """One face-up card, small: its number and its species' symbol, its species' name
    under them (its code on a phone; what Kevin does is in the "What things do" panel, not
    on every card). With ``control`` it is a button (``data-control``, ``data-legal``)
    whose click does ``doing``; ``pressed`` marks a card picked for a waddle. A button's
    accessible name is its text (what speech control hears: "2 Magellanic"), then what
    the click does.

    >>> "King" in card_html("Ki3") and 'data-species-icon="king"' in card_html("Ki3")
    True
    """
    face, cls = _face(card)
    attrs = f'class="{cls}" data-card="{card}"'
    if last:
        attrs += ' data-last="true"'
    if control is None:
        return f'<span {attrs} role="img" aria-label="{escape(card_words(card))}">{face}</span>'
    if pressed is not None:
        attrs += f' aria-pressed="{"true" if pressed else "false"}"'
    said = f'<span class="visually-hidden">. {escape(doing)}</span>' if doing else ""
    return (
        f'<button type="button" {attrs} data-control="{control}" data-legal="true">'
        f"{face}{said}</button>"
    )


def card_mini(card: str, hook: bool = False) -> str:
    """A card in a line of words (an offered waddle, another player's cards): its number
    and symbol in its ink, its name for screen readers. ``hook``: the card is one a hand
    holds, with its public ``data-card`` (an offered waddle's cards are the hand's own,
    already drawn, so they have none)."""
    data = f' data-card="{card}"' if hook else ""
    if card == "Kv":
        return (
            f'<span class="mini species-kevin"{data}>{kevin_icon(14)}'
            '<span class="visually-hidden">Kevin</span></span>'
        )
    k = CODE_OF[card[:2]]
    return (
        f'<span class="mini species-{SPECIES[k]}"{data}>{card[2:]}{species_icon(k, 14)}'
        f'<span class="visually-hidden"> {CARD_NAMES[k]}</span></span>'
    )


def card_back(count: int = 1) -> str:
    """Cards whose faces this viewer may not see."""
    return '<span class="card card-back" aria-hidden="true"></span>' * count


__all__ = [
    "CARD_NAMES",
    "PLACES",
    "ROOKERY_IDS",
    "SPECIES_INK",
    "board_svg",
    "card_back",
    "card_html",
    "card_mini",
    "card_words",
    "cards_words",
    "rookery_label",
    "species_badge",
    "species_name",
    "waddle_words",
]
