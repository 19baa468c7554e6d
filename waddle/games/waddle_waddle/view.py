"""Waddle Waddle drawn as markup: the map of the five rookeries and the score track as SVG
(``svg#board``), the cards as HTML (the table under the board). Pure functions of a
:class:`~.observation.View`, never of the state, so what a seat may not see cannot reach
the page.

Each rookery is one ``<g>`` with the public hooks (docs/web-hooks.md, "Waddle Waddle"):
``data-rookery`` and ``data-hex`` (its id: the shell sends a click on it to the presenter),
``data-species``, ``data-fish``, ``data-nests`` (each player's, in seat order),
``data-threats``, ``data-bonus`` (the Conservation Points token, larger and smaller),
``data-fish-token``, ``data-awards`` (each player's bonus here if the season ended now),
``data-legal`` where a click decides something now and ``data-last`` where the last
action happened. Species show as their two-letter code in a badge, never colour alone;
nests as their player's token (shape and colour, the rulebook's symbols for colour-blind
players) with the count inside.

>>> from waddle.games.waddle_waddle.record import new_record
>>> board = board_svg(new_record(3, seed=1).start().view(0))
>>> board.markup.count("data-rookery="), board.view_box
(5, '0 0 780 478')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from waddle.games.waddle_waddle.cards import SPECIES, SPECIES_CODES, SPECIES_NAMES
from waddle.games.waddle_waddle.components import ROOKERY_IDS
from waddle.games.waddle_waddle.observation import RookeryView, View
from waddle.games.waddle_waddle.threats import THREATS
from waddle.ui.markup import BoardSvg, token_markup
from waddle.ui.seats import Seat, default_seats

WIDTH, HEIGHT = 780, 478
BOX_W, BOX_H = 244, 178

PLACES: Mapping[str, tuple[float, float]] = {
    "argentine": (8, 8),
    "georgia": (268, 8),
    "crozet": (528, 8),
    "peninsula": (8, 200),
    "macquarie": (528, 200),
}
"""Each rookery's box on the map, roughly where it lies around Antarctica (the middle of
the lower row): the Argentine Sea west, South Georgia and the Crozet Islands across the
Southern Ocean to the east, the Antarctic Peninsula south-west, Macquarie Island far east."""
CENTRE = (268, 200)

SPECIES_INK = ("#7a4b00", "#8a6d00", "#3f5563", "#b34700", "#9c2a68", "#1e6b34")
"""Each species' ink on cards and badges (its name or code is always written too)."""

CARD_NAMES = ("Magellanic", "Rockhopper", "Chinstrap", "King", "Macaroni", "Gentoo")
"""The species as a card names it: the Southern Rockhopper is a Rockhopper there, as on
the printed cards, to fit."""

THREAT_BY_CODE = {t.code: t for t in THREATS}
SPECIES_BY_NAME = {name: k for k, name in enumerate(SPECIES)}
CODE_OF = dict(zip(SPECIES_CODES, range(6), strict=True))


def species_name(species: str) -> str:
    """The species of ``SPECIES`` in words: ``rockhopper`` → "Southern Rockhopper"."""
    return SPECIES_NAMES[SPECIES_BY_NAME[species]]


def card_words(card: str) -> str:
    """A card in words: ``Ki3`` → "King 3"; ``Kv`` → "Kevin"."""
    if card == "Kv":
        return "Kevin"
    k = CODE_OF[card[:2]]
    return f"{CARD_NAMES[k]} {card[2:]}"


# -- the board ---------------------------------------------------------------------------


def board_svg(
    view: View,
    seats: Sequence[Seat] | None = None,
    *,
    clicks: Mapping[str, str] | None = None,
    last: str | None = None,
) -> BoardSvg:
    """The map: five rookeries, Antarctica with the season in the middle, the score track.

    ``clicks`` maps the rookeries a click acts on now to what it does, in words ("play
    the waddle here: 8 points, 1 nest"): they get ``data-legal`` and become buttons.
    ``last`` is the rookery of the last action, marked ``data-last``.
    """
    seats = list(seats or default_seats(view.num_players))
    clicks = clicks or {}
    parts = [_centre(view)]
    for rookery in view.rookeries:
        parts.append(_rookery(view, seats, rookery, clicks.get(rookery.id), rookery.id == last))
    parts.append(_score_track(view, seats))
    return BoardSvg("".join(parts), f"0 0 {WIDTH} {HEIGHT}", None)


def _rookery(
    view: View, seats: Sequence[Seat], r: RookeryView, doing: str | None, last: bool
) -> str:
    x, y = PLACES[r.id]
    n = view.num_players
    species = ",".join(r.species)
    attrs = (
        f'data-rookery="{r.id}" data-hex="{r.id}" data-species="{species}" '
        f'data-fish="{r.fish}" data-nests="{",".join(map(str, r.nests))}" '
        f'data-threats="{",".join(r.threats)}" '
        f'data-bonus="{",".join(map(str, r.bonus)) if r.bonus else ""}" '
        f'data-fish-token="{"" if r.fish_token is None else r.fish_token}" '
        f'data-awards="{",".join(map(str, r.awards))}"'
    )
    inner = [
        f'<rect class="rookery-frame" x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="10"/>',
        f'<text class="rookery-name" x="{x + 10}" y="{y + 21}">{escape(r.name)}</text>',
    ]
    for k, s in enumerate(r.species):
        inner.append(species_badge(SPECIES_BY_NAME[s], x + 22 + 28 * k, y + 43))
    if r.bonus is not None:
        inner.append(
            f'<g class="cp-token"><rect x="{x + 158}" y="{y + 30}" width="78" height="24" '
            f'rx="12"/><text x="{x + 197}" y="{y + 47}" text-anchor="middle">'
            f"{r.bonus[0]} / {r.bonus[1]}</text></g>"
        )
    if r.fish_token is not None and not view.options.no_fish:
        inner.append(
            f'<g class="fish-token"><rect x="{x + 158}" y="{y + 58}" width="78" height="22" '
            f'rx="4"/><text x="{x + 197}" y="{y + 73}" text-anchor="middle">'
            f"+{r.fish_token} fish</text></g>"
        )
    if not view.options.no_fish:
        inner.append(fish_icon(x + 12, y + 64))
        inner.append(f'<text class="fish-count" x="{x + 44}" y="{y + 75}">{r.fish} fish</text>')
    inner.append(_threat_spaces(r, x + 10, y + 90))
    inner.append(_nests(view, seats, r, x + 10, y + 124, n))
    if last:
        inner.append(
            f'<rect class="last-move" x="{x + 4}" y="{y + 4}" width="{BOX_W - 8}" '
            f'height="{BOX_H - 8}" rx="8"/>'
        )
    label = escape(rookery_label(view, seats, r, doing, last))
    if doing is not None:
        attrs += f' data-legal="true" role="button" tabindex="0" aria-label="{label}"'
    else:
        attrs += f' role="img" aria-label="{label}"'
    if last:
        attrs += ' data-last="true"'
    return f'<g class="rookery" {attrs}>{"".join(inner)}</g>'


def species_badge(k: int, cx: float, cy: float) -> str:
    """A species' symbol: its two-letter code in a disc of its ink."""
    return (
        f'<g class="species-badge" style="--ink:{SPECIES_INK[k]}">'
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="12"/>'
        f'<text x="{cx:.1f}" y="{cy + 4.5:.1f}" text-anchor="middle">{SPECIES_CODES[k]}</text></g>'
    )


def fish_icon(x: float, y: float) -> str:
    return (
        f'<path class="fish-icon" d="M{x} {y}q10-9 22 0l6-5v10l-6-5q-12 9-22 0z"/>'
        f'<circle class="fish-eye" cx="{x + 5:.1f}" cy="{y - 1:.1f}" r="1.3"/>'
    )


def _threat_spaces(r: RookeryView, x: float, y: float) -> str:
    spaces = max(r.threat_spaces, len(r.threats))
    if not spaces:
        return ""
    width = (224 - 6 * (spaces - 1)) / spaces
    out = []
    for k in range(spaces):
        left = x + k * (width + 6)
        if k < len(r.threats):
            threat = THREAT_BY_CODE[r.threats[k]]
            out.append(
                f'<g class="threat-token" data-threat="{threat.code}">'
                f'<rect x="{left:.1f}" y="{y}" width="{width:.1f}" height="26" rx="5"/>'
                f'<text x="{left + width / 2:.1f}" y="{y + 17}" text-anchor="middle">'
                f"{escape(threat.name)}</text><title>{escape(threat.name)}: "
                f"{escape(threat.text)}</title></g>"
            )
        else:
            out.append(
                f'<rect class="threat-space" x="{left:.1f}" y="{y}" width="{width:.1f}" '
                'height="26" rx="5"/>'
            )
    return "".join(out)


def _nests(view: View, seats: Sequence[Seat], r: RookeryView, x: float, y: float, n: int) -> str:
    holders = [p for p in range(n) if r.nests[p]]
    if not holders:
        return f'<text class="no-nests" x="{x}" y="{y + 16}">No nests yet</text>'
    step = min(38.0, 224 / max(1, len(holders)))
    out = []
    for k, p in enumerate(holders):
        cx = x + 12 + k * step
        seat = seats[p]
        out.append(token_markup(seat.shape, seat.colour, cx, y + 12, 11.0, str(r.nests[p])))
        award = r.awards[p] if r.awards else 0
        if award and not view.over:
            out.append(
                f'<text class="award-now" x="{cx:.1f}" y="{y + 43}" text-anchor="middle">'
                f"+{award}</text>"
            )
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


def _centre(view: View) -> str:
    x, y = CENTRE
    cx = x + BOX_W / 2
    lines = [f"Season {view.season} of {view.seasons}"]
    if not view.options.no_threats:
        lines.append(f"Threats revealed: {view.threats_revealed} of 4")
    lines.append(f"Deck: {view.deck_size} cards")
    if not view.options.no_fish:
        lines.append(f"Fish supply: {view.fish_supply}")
    text = "".join(
        f'<text class="centre-line" x="{cx:.1f}" y="{y + 84 + 19 * k}" text-anchor="middle">'
        f"{escape(line)}</text>"
        for k, line in enumerate(lines)
    )
    return (
        f'<g class="antarctica" role="img" aria-label="Antarctica: {escape(", ".join(lines))}">'
        f'<path class="ice" d="M{x + 30} {y + 120}c-20-60 40-110 100-100c40-30 110-20 '
        f'110 30c20 50-10 110-60 120c-50 20-130 10-150-50z"/>'
        f'<text class="antarctica-name" x="{cx:.1f}" y="{y + 60}" text-anchor="middle">'
        f"Antarctica</text>{text}</g>"
    )


def _score_track(view: View, seats: Sequence[Seat]) -> str:
    """The Conservation Points track, each player's token at their score (ties stacked)."""
    x0, x1, y = 40.0, 760.0, 452.0
    top = max((s.score for s in view.seats), default=0)
    limit = max(100, -(-(top + 1) // 50) * 50)
    scale = (x1 - x0) / limit
    step = 25 if limit <= 100 else 50
    out = [
        f'<rect class="track-ground" x="8" y="{y - 56}" width="{WIDTH - 16}" height="80" rx="8"/>',
        f'<text class="track-name" x="16" y="{y - 38}">Conservation Points</text>',
        f'<line class="track" x1="{x0}" y1="{y}" x2="{x1}" y2="{y}"/>',
    ]
    for v in range(0, limit + 1, 10):
        tx = x0 + v * scale
        high = 6 if v % step == 0 else 3
        out.append(f'<line class="tick" x1="{tx:.1f}" y1="{y}" x2="{tx:.1f}" y2="{y + high}"/>')
        if v % step == 0:
            out.append(
                f'<text class="tick-label" x="{tx:.1f}" y="{y + 18}" text-anchor="middle">'
                f"{v}</text>"
            )
    stacks: dict[int, int] = {}
    words = []
    for p, seat_view in enumerate(view.seats):
        score = seat_view.score
        k = stacks.get(score, 0)
        stacks[score] = k + 1
        seat = seats[p]
        out.append(token_markup(seat.shape, seat.colour, x0 + score * scale, y - 11 - 15 * k, 7.0))
        words.append(f"{seat.name} {score}")
    label = escape("Score track: " + ", ".join(words))
    return f'<g class="score-track" role="img" aria-label="{label}">{"".join(out)}</g>'


# -- cards -------------------------------------------------------------------------------


def card_html(
    card: str,
    control: str | None = None,
    doing: str = "",
    pressed: bool | None = None,
    last: bool = False,
) -> str:
    """One face-up card: its number and species (code and name). With ``control`` it is a
    button (``data-control``, ``data-legal``) whose click does ``doing``; ``pressed`` marks
    a card picked for a waddle. A button's accessible name is its text (what speech
    control hears: "2 Magellanic"), then what the click does; the species code, an
    abbreviation for the eye, is not read."""
    if card == "Kv":
        face = (
            '<span class="card-number">K</span> <span class="card-suit">Kevin</span> '
            '<span class="card-power">never in a waddle</span>'
        )
        cls = "card species-kevin"
    else:
        k = CODE_OF[card[:2]]
        face = (
            f'<span class="card-number">{card[2:]}</span> '
            f'<span class="card-suit"><span class="species-code" aria-hidden="true">'
            f"{SPECIES_CODES[k]}</span> {CARD_NAMES[k]}</span>"
        )
        cls = f"card species-{SPECIES[k]}"
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


def card_back(count: int = 1) -> str:
    """Cards whose faces this viewer may not see."""
    return '<span class="card card-back" aria-hidden="true"></span>' * count


__all__ = [
    "PLACES",
    "ROOKERY_IDS",
    "SPECIES_INK",
    "board_svg",
    "card_back",
    "card_html",
    "card_words",
    "fish_icon",
    "rookery_label",
    "species_badge",
    "species_name",
]
