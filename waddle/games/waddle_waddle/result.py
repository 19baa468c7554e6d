"""The result of a game of Waddle Waddle on the page: the winners, the tie-break that
decided (:func:`decided_by`: points, then the most nests, then the most nests at one
rookery) and every player's points, season bonuses, hero handicap and nests: the points
in a table narrow enough for a phone and the side column, the nests in a line under it.

A region of the page of its own (``Rendered.result``, once the game is over), apart from
the panels beside the board (:mod:`.panels`), which re-exports its names.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from waddle.games.waddle_waddle.observation import View
from waddle.games.waddle_waddle.words import HERO_BY_CODE, hero_points
from waddle.ui.markup import chip, result_head
from waddle.ui.seats import Seat

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
            f'<tr data-result-player="{p}" data-score="{sv.score}" data-total="{sv.score}" '
            f'data-bonus="{bonus}" data-handicap="{extra}" '
            f'data-nests="{sv.nests}" data-most-in-one="{most_in_one(view, p)}"{cls}>'
            f"<th scope=row>{chip(seats[p], p)}</th><td>{sv.score - bonus - extra}</td>"
            f'<td>{bonus}</td>{extra_cell}<td class="total">{sv.score}</td></tr>'
        )
    nests = ", ".join(
        f"{escape(seats[p].name)} {view.seats[p].nests} ({most_in_one(view, p)} at one rookery)"
        for p in ranked
    )
    extra_head = "<th scope=col>Handicap</th>" if handicapped else ""
    extra_hint = (
        " Handicap: the points of the Hero handicap, an option of this app and not a rule of "
        "Waddle Waddle."
        if handicapped
        else ""
    )
    # The points in a table narrow enough for a phone; the nests that break ties, under it.
    return (
        f"{result_head(seats, winners, why, text)}"
        '<div class="results-frame"><table class="results"><thead><tr><th scope=col>Player</th>'
        f"<th scope=col>Waddles</th><th scope=col>Bonuses</th>{extra_head}"
        f"<th scope=col>Total</th></tr></thead><tbody>{''.join(body)}</tbody></table></div>"
        f'<p class="result-nests">Nests: {nests}.</p>'
        '<p class="hint">Waddles: the points scored by waddles (and season events); bonuses: '
        "the rookeries' end-of-season bonuses. Ties go to the most nests, then the most nests "
        f"at one rookery.{extra_hint}</p>"
    )


def handicap_of(view: View, p: int) -> int:
    """Player ``p``'s points from the hero handicap option (0 without it or a hero)."""
    hero = HERO_BY_CODE.get(view.seats[p].hero) if view.seats[p].hero else None
    return (hero_points(view, hero) or 0) if hero is not None else 0
