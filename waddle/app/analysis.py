"""The page's side of analysis (issue 31), as plain Python the CPython tests reach: the
win-chance meter's markup and whether it is shown, the hint's words, the game review's
panel and the result's score chart. ``web/analysis.py`` runs the searches in slices and
puts what these functions draw into the page; the engine half is
:mod:`waddle.core.analysis` and :mod:`waddle.app.review` (see docs/analysis.md).

Nothing here names a game: a game's optional hooks (``move_name``, ``explain_move``,
``explain_versus``, ``score_series``) are asked for with ``getattr``.

>>> from waddle.ui.seats import default_seats
>>> html = meter_html([0.25, 0.75], default_seats(2), done=True)
>>> "75%" in html and 'data-chance="0.75"' in html
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from waddle.app.review import Review, move_name, why_better
from waddle.core.game import SPECTATOR
from waddle.ui.charts import line_chart
from waddle.ui.markup import chip
from waddle.ui.seats import Seat

METER_KEY = "waddle:meter"
"""``localStorage``: the meter switch's last word, kept apart for games against computers
(``waddle:meter:computers``) and games of people only (``waddle:meter:people``), so showing
it in a game between friends does not turn it on in the next game against the computer."""

KIND_WORDS = {
    "inaccuracy": "Inaccuracy",
    "mistake": "Mistake",
    "blunder": "Blunder",
}


def meter_key(seats: Sequence[Seat]) -> str:
    """Where the switch's choice is kept for a game with these seats (:data:`METER_KEY`).

    >>> from waddle.ui.seats import default_seats
    >>> meter_key(default_seats(2))
    'waddle:meter:people'
    """
    kind = "computers" if any(seat.bot for seat in seats) else "people"
    return f"{METER_KEY}:{kind}"


def meter_default(seats: Sequence[Seat]) -> bool:
    """Shown unless asked otherwise: in a game of people only (hot-seat: it helps everyone
    alike, and friends like to see who is ahead), never against a computer (it would help
    the person against it).

    >>> from waddle.ui.seats import default_seats, make_seats
    >>> against = make_seats(2, bots=[None, "easy"], levels=["easy"])
    >>> meter_default(default_seats(3)), meter_default(against)
    (True, False)
    """
    return not any(seat.bot for seat in seats)


def meter_shown(stored: str | None, seats: Sequence[Seat]) -> bool:
    """The switch's state: the stored choice (``"on"``/``"off"``), else the default."""
    if stored in ("on", "off"):
        return stored == "on"
    return meter_default(seats)


def percent(p: float) -> str:
    """A chance as a whole percentage (never "100%" nor "0%" for an estimate that is not
    certain: a bar at 99.6% says "99%+").

    >>> percent(0.426), percent(0.9996), percent(1.0), percent(0.002), percent(0.0)
    ('43%', '99%+', '100%', '<1%', '0%')
    """
    if p >= 1.0:
        return "100%"
    if p <= 0.0:
        return "0%"
    if p > 0.99:
        return "99%+"
    if p < 0.01:
        return "<1%"
    return f"{round(100 * p)}%"


def meter_html(
    chances: Sequence[float] | None,
    seats: Sequence[Seat],
    done: bool,
    viewer: int | None = None,
) -> str:
    """The meter's bars: a row per seat (its chip: shape, colour and name; a bar as long as
    its chance; the percentage as text), or, before the first estimate, fair shares shown
    as estimating. ``viewer`` SPECTATOR: the estimate is what anyone watching may know
    (the pass-the-device screen), said in a line under the bars."""
    players = len(seats)
    shown = list(chances) if chances is not None else [1.0 / players] * players
    rows = []
    for p, seat in enumerate(seats):
        share = shown[p] if p < len(shown) else 0.0
        width = max(0.0, min(100.0, 100 * share))
        rows.append(
            f'<li class="meter-row" data-player="{p}" data-chance="{share:.2f}">'
            f"{chip(seat, p, 14)}"
            f'<span class="meter-track" aria-hidden="true"><span class="meter-fill" '
            f'style="width:{width:.1f}%;background:{seat.colour}"></span></span>'
            f'<span class="meter-value">{escape(percent(share))}</span></li>'
        )
    note = ""
    if viewer == SPECTATOR:
        note = '<p class="meter-note hint">From what everyone can see.</p>'
    state = "done" if done else "estimating"
    return f'<ol class="meter-bars" data-meter-state="{state}">{"".join(rows)}</ol>{note}'


def next_best(
    game: Any, state: Any, action: Any, alternatives: Sequence[Any] | None = None
) -> tuple[Any, str] | None:
    """The move a hint compares ``action`` with, and how to call it: the search's next
    choice, from ``alternatives`` (its root actions, most searched first, as
    ``Search.stats()`` gives them: ``(action, visits, mean)``, or bare actions); without
    them, the best other move by the game's one-move-ahead valuation (the ``medium``
    bot's ranking, when it ranks more than one move). None: nothing to compare with."""
    legal = state.legal_actions()
    if len(legal) < 2:
        return None
    if alternatives is not None:
        for row in alternatives:
            other = row[0] if isinstance(row, tuple) and len(row) == 3 else row
            if other != action and other in legal:
                return other, "the next best"
        return None
    try:
        search = game.make_bot("medium", seed=state.ply + 1).start(state.clone())
        search.step()
        ranked = search.stats()
    except (AttributeError, ValueError):
        return None
    for other, _visits, _value in ranked:
        if other != action and other in legal:
            return other, "the next best at first sight"
    return None


def hint_text(
    game: Any,
    state: Any,
    action: Any,
    fallback: str,
    marked: bool = False,
    alternatives: Sequence[Any] | None = None,
) -> str:
    """What a hint says: the move as the board names it, then why it is good here, what
    it gains against the next best move, in the game's own terms and figures
    (``"Hint: E4 → E5 (marked on the board): it brings your share of the ice … to 48
    against the other player's 52 …, where E4 → E2 (the next best) would leave 45 against
    55 …"``; :func:`next_best` says which move that is, ``GAME.explain_versus`` why),
    or what the move does when there is nothing to compare it with
    (``GAME.explain_move``), or the presenter's words (``fallback``) for a game that
    cannot say why. ``marked``: the hint is marked on the board too, and says so
    (someone who does not see the mark learns the move from the words, someone who does
    knows where to look). ``alternatives``: the hint search's ``stats()``."""
    why = ""
    compared = next_best(game, state, action, alternatives)
    if compared is not None:
        other, which = compared
        called = f"{move_name(game, state, other)} ({which})"
        why = why_better(game, state, action, other, None, called)
    else:
        why = why_better(game, state, action, None)
    if not why:
        return fallback
    where = " (marked on the board)" if marked else ""
    return f"Hint: {move_name(game, state, action)}{where}: it {why}."


def score_chart(game: Any, record: Any, seats: Sequence[Seat]) -> str:
    """The result's picture: each seat's score over the game (``GAME.score_series``), or
    nothing for a game without one."""
    series = getattr(game, "score_series", None)
    if series is None:
        return ""
    labels, values = series(record)
    if len(labels) < 2:
        return ""
    return line_chart(labels, values, seats, title="Scores over the game", chart_id="score-chart")


def review_progress_html(
    review: Review, seats: Sequence[Seat] = (), shown_ply: int | None = None
) -> str:
    """The review while it runs: how far, the button that stops it, and the decisions
    marked so far (each final once found, so a player reads them while the rest is
    judged)."""
    done = len(review.decisions)
    value = round(100 * review.progress)
    found = marked_list_html(review, seats, shown_ply)
    return (
        '<h2 id="review-title">Game review</h2>'
        f'<p class="hint" id="review-status">Judging move {min(done + 1, review.total)} '
        f"of {review.total} decisions…</p>"
        f'<progress id="review-progress" max="100" value="{value}" '
        f'aria-labelledby="review-title">{value}%</progress>'
        '<div class="history-buttons"><button type="button" data-command="cancel-review">'
        f'Cancel</button></div><div id="review-found">{found}</div>'
    )


def marked_list_html(review: Review, seats: Sequence[Seat], shown_ply: int | None) -> str:
    """The marked decisions judged so far as a list of buttons (each shows its position
    with the better move marked), or nothing when none is marked yet."""
    marked = review.marked()
    if not marked:
        return ""
    game = review.game
    names = [seat.name for seat in seats]
    items = []
    state = review.record.start()
    for decision in marked:
        while state.ply < decision.ply:
            state.apply(review.record.actions[state.ply])
        mover = decision.mover
        who = names[mover] if mover < len(names) else f"Player {mover + 1}"
        kind = KIND_WORDS.get(decision.kind or "", "")
        played = move_name(game, state, decision.played)
        best = move_name(game, state, decision.best)
        current = ' aria-current="true"' if decision.ply == shown_ply else ""
        items.append(
            f'<li><button type="button" class="review-decision" data-command="review-go" '
            f'data-review-ply="{decision.ply}" data-kind="{decision.kind}"{current}>'
            f'<span class="review-kind" data-kind="{decision.kind}">{escape(kind)}</span> '
            f"move {decision.ply + 1}: {escape(who)} chose {escape(played)}; better "
            f"{escape(best)} ({percent(decision.after_best)} → "
            f"{percent(decision.after_played)})</button></li>"
        )
    return f'<ol class="review-list" id="review-list">{"".join(items)}</ol>'


def review_html(review: Review, seats: Sequence[Seat], shown_ply: int | None) -> str:
    """The finished (or cancelled) review: the win-chance chart as its headline, then the
    marked decisions, each a button that shows its position with the better move marked,
    then "Save as a study"."""
    labels, series = review.series()
    parts = ['<h2 id="review-title">Game review</h2>']
    if not review.finished:
        parts.append(
            f'<p class="hint" id="review-status">Stopped after {len(review.decisions)} of '
            f"{review.total} decisions.</p>"
        )
    if len(labels) >= 2:
        parts.append(
            line_chart(
                labels, series, seats, title="Win chance before each move", percent=True,
                chart_id="review-chart",
            )
        )  # fmt: skip
    found = marked_list_html(review, seats, shown_ply)
    if not found:
        parts.append(
            '<p class="review-none">No move lost 10 points of win chance or more by the '
            "estimate, beyond what the estimate's own noise allows.</p>"
        )
    else:
        parts.append(found)
    noise = (
        f", and more than two estimates of equally good moves may differ by "
        f"({round(100 * review.margin)} points)"
        if review.margin >= 0.005
        else ""
    )
    unjudged = review.unjudged
    small = (
        f" {unjudged} small {'decision was' if unjudged == 1 else 'decisions were'} not "
        "judged: moves with no other choice, and choices the strongest computer player makes "
        "by a rule, without searching."
        if unjudged
        else ""
    )
    parts.append(
        '<p class="hint">Marked when a move lost 10 points of its player\'s win chance '
        f"(an inaccuracy), 20 (a mistake) or 30 (a blunder), by the search's estimate{noise}."
        f"{small}</p>"
        '<div class="history-buttons">'
        '<button type="button" data-command="save-review" class="primary">Save as a study'
        "</button>"
        '<button type="button" data-command="close-review">Close the review</button></div>'
    )
    return "".join(parts)


def decision_caption(review: Review, ply: int, seats: Sequence[Seat]) -> str:
    """The caption of the marked decision at ``ply`` (what the study would say there)."""
    from waddle.app.review import caption

    decision = next((d for d in review.marked() if d.ply == ply), None)
    if decision is None:
        return ""
    state = review.record.start()
    while state.ply < ply:
        state.apply(review.record.actions[state.ply])
    return caption(review.game, state, decision, [s.name for s in seats])


def decision_marks(review: Review, ply: int) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The better move's places and arrow at the marked decision at ``ply``, as the study
    of the review draws them (:func:`waddle.app.review.review_to_study`)."""
    from waddle.app.review import review_to_study

    step = review_to_study(review).step(ply)
    if step is None:
        return (), ()
    return tuple(step.marks), tuple(step.arrows)


__all__ = [
    "METER_KEY",
    "decision_caption",
    "decision_marks",
    "hint_text",
    "meter_default",
    "meter_html",
    "meter_key",
    "meter_shown",
    "next_best",
    "percent",
    "review_html",
    "review_progress_html",
    "score_chart",
]
