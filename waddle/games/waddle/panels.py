"""HTML for Waddle's panels beside the board: turn, tracks, doubles, live scores, results,
and the rounds of the move list.

Pure functions of a state and its seats returning markup; every text that comes from
users (seat names) is escaped here, so nothing from a link or a save is ever inserted as
HTML.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from waddle.games.waddle.actions import Action
from waddle.games.waddle.record import Record
from waddle.games.waddle.state import LEFT, WaddleState
from waddle.ui.markup import chip, game_over_status, result_head, turn_status
from waddle.ui.seats import Seat


def status_html(state: WaddleState, seats: Sequence[Seat]) -> str:
    player = state.to_move()
    if player is None:
        return game_over_status()
    return turn_status(seats, player, f"to play at pool {state.active_number}.")


def tracks_html(state: WaddleState, seats: Sequence[Seat]) -> str:
    """Both turn tracks, top of the track first and its bottom (next to act) last."""
    columns = []
    for track in (0, 1):
        active = track == state.active_track and not state.is_over()
        label = "Left track" if track == LEFT else "Right track"
        marbles = state.tracks[track]
        items = "".join(
            f'<li class="marble{" next" if active and k == 0 else ""}" data-marble="{p}">'
            f"{chip(seats[p], p)}</li>"
            for k, p in reversed(list(enumerate(marbles)))
        )
        columns.append(
            f'<div class="track{" active" if active else ""}" data-track="{track}" '
            f'data-active-track="{"true" if active else "false"}">'
            f"<h3>{label}{' (active)' if active else ''}</h3>"
            f'<ol class="marbles" aria-label="{label}, top first">'
            f"{items or '<li class=empty>—</li>'}</ol>"
            f"</div>"
        )
    scouted = state.scouted_this_round() if not state.is_over() else []
    scouted_text = ", ".join(chip(seats[p], p) for p in scouted) if scouted else "nobody yet"
    return (
        f'<div class="tracks">{"".join(columns)}</div>'
        f'<p class="scouted">Scouted this round: <span data-scouted>{scouted_text}</span></p>'
    )


def players_html(state: WaddleState, seats: Sequence[Seat]) -> str:
    """Per player: doubles left and the score if the game ended now."""
    scores = state.scores()
    rows = "".join(
        f'<tr data-player-row="{p}"><th scope="row">{chip(seat, p)}</th>'
        f'<td data-doubles-left="{p}">{state.doubles_left[p]}</td>'
        f'<td data-live-score="{p}">{scores[p]}</td></tr>'
        for p, seat in enumerate(seats)
    )
    heading = "Final score" if state.is_over() else "If it ended now"
    return (
        '<table class="players"><thead><tr><th scope="col">Player</th>'
        f'<th scope="col">Doubles left</th><th scope="col">{heading}</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>{compensation_html(state, seats)}"
    )


def compensation_html(state: WaddleState, seats: Sequence[Seat]) -> str:
    """A note on the seat compensation option, in a game that has it (the scores
    include it): who gets how many VP. Nothing in a game without it."""
    if state.compensation is None:
        return ""
    given = ", ".join(
        f"{chip(seats[p], p)} +{vp}"
        for p, vp in zip(state.order, state.compensation, strict=True)
        if vp
    )
    return (
        '<p class="compensation" data-compensation>Seat compensation (an option, not a rule '
        f"of Waddle), in the scores: {given or 'none'}.</p>"
    )


def result_html(state: WaddleState, seats: Sequence[Seat]) -> str:
    """The results panel: totals, shared victories, every waddle and every pool."""
    breakdown = state.breakdown()
    winners = breakdown.winners
    ranked = sorted(breakdown.players, key=lambda s: -s.total)
    rows = []
    for score in ranked:
        p = score.player
        waddles = ", ".join(f"{w.penguins} ({w.vp} VP)" for w in score.waddles) or "none"
        bonus = f"<td>{score.bonus}</td>" if state.compensation is not None else ""
        rows.append(
            f'<tr data-result-player="{p}" data-total="{score.total}"'
            f"{' class=winner' if p in winners else ''}>"
            f"<th scope=row>{chip(seats[p], p)}</th>"
            f'<td class="total">{score.total}</td>'
            f"<td>{score.waddle_vp}<div class=detail>waddles: {waddles}</div></td>"
            f"<td>{score.pool_vp}</td>{bonus}</tr>"
        )
    pool_rows = []
    for pool in breakdown.pools:
        if not pool.fish:
            continue
        name = f"Pool {pool.number}" if pool.number is not None else "Unnumbered pool"
        got = [
            f"{chip(seats[p], p)} {'+'.join(map(str, fish))}"
            for p, fish in enumerate(pool.awards)
            if fish
        ]
        counts = " · ".join(f"{escape(seats[p].name)} {c}" for p, c in enumerate(pool.counts) if c)
        pool_rows.append(
            f'<li data-pool="{pool.number if pool.number is not None else ""}">'
            f"<strong>{name}</strong> (fish {' '.join(map(str, pool.fish))}): "
            f"{', '.join(got) or 'nobody scored'}"
            f'<div class="detail">penguins next to it: {counts or "none"}</div></li>'
        )
    return (
        f"{result_head(seats, winners)}"
        '<table class="results"><thead><tr><th scope=col>Player</th><th scope=col>Total</th>'
        "<th scope=col>Waddles</th><th scope=col>Pools</th>"
        f"{'<th scope=col>Seat compensation</th>' if state.compensation is not None else ''}"
        "</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<h3>Pools</h3><ul class="pools">{"".join(pool_rows)}</ul>'
    )


@dataclass(frozen=True)
class Round:
    """One round of the move list: where it was played and its moves."""

    pool: int | None
    switched: bool
    """Whether the other track became active at the start of this round (someone scouted)."""
    moves: tuple[tuple[int, int, Action], ...]
    """``(ply after the move, player, action)`` for each move of the round."""


def move_rounds(record: Record) -> list[Round]:
    """A line of play split into rounds, by replaying it."""
    state = record.start()
    rounds: list[Round] = []
    pool, switched, moves = state.active_number, False, []
    for action in record.actions:
        track, player = state.active_track, state.to_move()
        state.apply(action)
        moves.append((state.ply, player, action))
        if state.active_number != pool:  # this move ended the round
            rounds.append(Round(pool, switched, tuple(moves)))
            pool, switched, moves = state.active_number, state.active_track != track, []
    if moves or not rounds:
        rounds.append(Round(pool, switched, tuple(moves)))
    return rounds
