"""HTML for the panels beside the board: turn, tracks, doubles, live scores, results.

Pure functions returning markup; every text that comes from users (seat names) is
escaped here, so nothing from a link or a save is ever inserted as HTML.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from waddle.games.waddle.saves import SaveEntry
from waddle.games.waddle.session import Session
from waddle.games.waddle.state import LEFT
from waddle.games.waddle.view import Seat, token_markup


def chip(seat: Seat, player: int, size: int = 18) -> str:
    """A small token of the seat's shape and colour, then its name."""
    r = size / 2 - 2
    icon = (
        f'<svg class="chip-icon" viewBox="0 0 {size} {size}" width="{size}" height="{size}" '
        f'aria-hidden="true">{token_markup(seat.shape, seat.colour, size / 2, size / 2, r)}</svg>'
    )
    return f'<span class="chip" data-player="{player}">{icon}{escape(seat.name)}</span>'


def status_html(session: Session) -> str:
    state = session.state
    player = state.to_move()
    if player is None:
        return '<p class="status">Game over.</p>'
    seat = session.seats[player]
    return (
        f'<p class="status"><span data-to-move="{player}">{chip(seat, player)}</span> to play '
        f"at pool {state.active_number}.</p>"
    )


def tracks_html(session: Session) -> str:
    """Both turn tracks, top of the track first and its bottom (next to act) last."""
    state = session.state
    columns = []
    for track in (0, 1):
        active = track == state.active_track and not state.is_over()
        label = "Left track" if track == LEFT else "Right track"
        marbles = state.tracks[track]
        items = "".join(
            f'<li class="marble{" next" if active and k == 0 else ""}" data-marble="{p}">'
            f"{chip(session.seats[p], p)}</li>"
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
    scouted_text = (
        ", ".join(chip(session.seats[p], p) for p in scouted) if scouted else "nobody yet"
    )
    return (
        f'<div class="tracks">{"".join(columns)}</div>'
        f'<p class="scouted">Scouted this round: <span data-scouted>{scouted_text}</span></p>'
    )


def players_html(session: Session) -> str:
    """Per player: doubles left and the score if the game ended now."""
    state = session.state
    scores = state.scores()
    rows = "".join(
        f'<tr data-player-row="{p}"><th scope="row">{chip(seat, p)}</th>'
        f'<td data-doubles-left="{p}">{state.doubles_left[p]}</td>'
        f'<td data-live-score="{p}">{scores[p]}</td></tr>'
        for p, seat in enumerate(session.seats)
    )
    heading = "Final score" if state.is_over() else "If it ended now"
    return (
        '<table class="players"><thead><tr><th scope="col">Player</th>'
        f'<th scope="col">Doubles left</th><th scope="col">{heading}</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


def result_html(session: Session) -> str:
    """The results panel: totals, shared victories, every waddle and every pool."""
    state = session.state
    breakdown = state.breakdown()
    winners = breakdown.winners
    names = [session.seats[p].name for p in winners]
    if len(winners) == 1:
        headline = f"{escape(names[0])} wins!"
    else:
        headline = "Shared victory: " + ", ".join(escape(n) for n in names) + "!"
    ranked = sorted(breakdown.players, key=lambda s: -s.total)
    rows = []
    for score in ranked:
        p = score.player
        waddles = ", ".join(f"{w.penguins} ({w.vp} VP)" for w in score.waddles) or "none"
        rows.append(
            f'<tr data-result-player="{p}" data-total="{score.total}"'
            f"{' class=winner' if p in winners else ''}>"
            f"<th scope=row>{chip(session.seats[p], p)}</th>"
            f'<td class="total">{score.total}</td>'
            f"<td>{score.waddle_vp}<div class=detail>waddles: {waddles}</div></td>"
            f"<td>{score.pool_vp}</td></tr>"
        )
    pool_rows = []
    for pool in breakdown.pools:
        if not pool.fish:
            continue
        name = f"Pool {pool.number}" if pool.number is not None else "Unnumbered pool"
        got = [
            f"{chip(session.seats[p], p)} {'+'.join(map(str, fish))}"
            for p, fish in enumerate(pool.awards)
            if fish
        ]
        counts = " · ".join(
            f"{escape(session.seats[p].name)} {c}" for p, c in enumerate(pool.counts) if c
        )
        pool_rows.append(
            f'<li data-pool="{pool.number if pool.number is not None else ""}">'
            f"<strong>{name}</strong> (fish {' '.join(map(str, pool.fish))}): "
            f"{', '.join(got) or 'nobody scored'}"
            f'<div class="detail">penguins next to it: {counts or "none"}</div></li>'
        )
    return (
        f"<h2>{headline}</h2>"
        '<table class="results"><thead><tr><th scope=col>Player</th><th scope=col>Total</th>'
        "<th scope=col>Waddles</th><th scope=col>Pools</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        f'<h3>Pools</h3><ul class="pools">{"".join(pool_rows)}</ul>'
    )


def saves_html(entries: list[SaveEntry], now_ms: int) -> str:
    """The named saves as table rows, newest first, each with Load and Delete buttons."""
    if not entries:
        return '<p class="hint">No saved games yet.</p>'
    rows = []
    for e in entries:
        progress = "finished" if e.over else f"move {e.ply}"
        players = ", ".join(escape(n) for n in e.names) or f"{e.players} players"
        rows.append(
            f'<tr data-save-key="{escape(e.key)}">'
            f'<th scope="row" class="save-name">{escape(e.name)}</th>'
            f"<td>{_age(now_ms - e.saved_at_ms)}</td><td>{players}</td><td>{progress}</td>"
            f'<td><button type="button" data-command="load-save">Load</button> '
            f'<button type="button" data-command="delete-save" '
            f'aria-label="Delete {escape(e.name)}">Delete</button></td></tr>'
        )
    return (
        '<table class="saves"><thead><tr><th scope="col">Name</th><th scope="col">Saved</th>'
        '<th scope="col">Players</th><th scope="col">Progress</th>'
        '<th scope="col"><span class="visually-hidden">Actions</span></th></tr>'
        f"</thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _age(ms: int) -> str:
    minutes = max(0, ms) // 60_000
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return f"{minutes} min ago"
    hours = minutes // 60
    if hours < 48:
        return f"{hours} h ago"
    return f"{hours // 24} days ago"


@dataclass(frozen=True)
class Round:
    """One round of the move list: where it was played and its moves."""

    pool: int | None
    switched: bool
    """Whether the other track became active at the start of this round (someone scouted)."""
    moves: tuple[tuple[int, int, str], ...]
    """``(ply after the move, player, notation)`` for each move of the round."""


def move_rounds(session: Session) -> list[Round]:
    """The whole line (history and redo line) split into rounds, by replaying it."""
    record = session.full_record()
    state = record.start()
    rounds: list[Round] = []
    pool, switched, moves = state.active_number, False, []
    for action in record.actions:
        track, player = state.active_track, state.to_move()
        state.apply(action)
        moves.append((state.ply, player, str(action)))
        if state.active_number != pool:  # this move ended the round
            rounds.append(Round(pool, switched, tuple(moves)))
            pool, switched, moves = state.active_number, state.active_track != track, []
    if moves or not rounds:
        rounds.append(Round(pool, switched, tuple(moves)))
    return rounds


def move_list_html(session: Session) -> str:
    """The moves in the game's notation, round by round; each move is a button to view it.

    A button's accessible name holds its visible text ("Red 3,-1d"), so speech control
    finds it by what it shows (WCAG 2.5.3), then says the move in words.
    """
    current = session.state.ply
    parts = []
    for k, rnd in enumerate(move_rounds(session)):
        note = " — tracks switch" if rnd.switched and k > 0 else ""
        items = "".join(
            f'<li><button type="button" class="move{" current" if ply == current else ""}" '
            f'data-ply="{ply}" aria-label="Move {ply}: {escape(session.seats[p].name)} '
            f'{escape(text)}, {_spoken(text)}"{" aria-current=step" if ply == current else ""}>'
            f'<span class="move-player" data-player="{p}">'
            f"{escape(session.seats[p].name)}</span> {escape(text)}</button></li>"
            for ply, p, text in rnd.moves
        )
        parts.append(
            f'<li class="round"><div class="round-head">Round {k + 1}: pool {rnd.pool}{note}</div>'
            f'<ol class="moves">{items}</ol></li>'
        )
    return f'<ol class="rounds">{"".join(parts)}</ol>'


def _spoken(notation: str) -> str:
    if notation == "S":
        return "scouts ahead"
    if notation.endswith("d"):
        return f"places a double on {notation[:-1]}"
    return f"places a single on {notation}"
