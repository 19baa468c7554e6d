"""The app's chrome as markup, for every game: the game chooser, the saves list, the seat rows
of the New game dialog, the embed code, which seat's view the screen shows.

Pure functions (CPython tests cover them); ``web/app.py`` puts their results into the page.
Every text that comes from users (seat and save names) is escaped here.

>>> from waddle.games import GAMES
>>> "data-game-choice=\\"htmf\\"" in chooser_html(GAMES, thumbnails=False)
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import Any

from waddle.app.saves import SaveEntry
from waddle.core.game import OMNISCIENT, SPECTATOR, holds_secrets
from waddle.core.registry import GameEntry, GameOption
from waddle.ui.markup import BoardSvg
from waddle.ui.seats import DEFAULT_COLOURS, DEFAULT_NAMES, MAX_NAME_CHARS, Seat

LEVEL_NAMES = {"random": "random", "easy": "easy", "medium": "medium", "hard": "hard"}

_HOOKS = re.compile(r' (?:data-hex|data-legal|role|tabindex|aria-label)="[^"]*"')


def picture(drawn: BoardSvg, game_id: str, label: str) -> str:
    """A board drawing as a small picture: a whole ``<svg>`` without the page's hooks, so
    ``[data-hex]`` always means the live board and a screen reader reads one name. The
    game's board styles apply to it as to the board (``data-board``)."""
    return (
        f'<svg class="thumbnail" data-board="{game_id}" viewBox="{drawn.view_box}" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
        f"{_HOOKS.sub('', drawn.markup)}</svg>"
    )


def player_range(low: int, high: int) -> str:
    """How many play a game, as the chooser says it.

    >>> player_range(2, 5), player_range(2, 2), player_range(1, 1)
    ('2 to 5 players', '2 players', '1 player')
    """
    if low == high:
        return f"{low} player" + ("" if low == 1 else "s")
    return f"{low} to {high} players"


def chooser_html(
    games: Iterable[GameEntry],
    thumbnails: bool = True,
    shelved: dict[str, SaveEntry] | None = None,
) -> str:
    """One card per game: a button with its picture, title, player counts and a sentence
    about it that starts a new game, Play the computer, a link to its rules page
    (``rules/<id>.html``, published by the build), and a Resume button for a game left
    unfinished (:func:`resume_html`, in ``[data-resume-slot]``).

    The build draws it once into the page (``scripts/build_web.py``), so the chooser is
    there before Python starts; the page then only fills the Resume slots, and starting up
    loads no game package for the chooser's pictures.
    """
    items = []
    for entry in games:
        low, high = entry.players
        art = ""
        if thumbnails:
            try:
                drawn = entry.load().presenter().thumbnail()
            except Exception:  # a picture that fails to draw must not take the chooser down
                drawn = None
            if drawn is not None:
                art = picture(drawn, entry.id, f"A board of {entry.title}")
        kept = (shelved or {}).get(entry.id)
        title = escape(entry.title)
        items.append(
            f'<li class="game-card"><button type="button" class="game-choice" '
            f'data-game-choice="{entry.id}">'
            f"{art}<span class=game-name>{title}</span>"
            f"<span class=game-players>{player_range(low, high)}</span>"
            f"<span class=game-summary>{escape(entry.summary)}</span>"
            f'<span class="game-play">Play with friends</span></button>'
            f'<button type="button" class="game-versus primary" data-versus-computer="{entry.id}" '
            f'aria-label="Play the computer: {title}">'
            f"Play the computer</button>"
            f'<a class="game-rules" href="./{rules_page(entry.id)}" target="_blank" '
            f'aria-label="Rules of {title} (opens a new tab)">Rules</a>'
            f'<span class="resume-slot" data-resume-slot="{entry.id}">'
            f"{resume_html(entry, kept)}</span></li>"
        )
    return f'<ul class="game-choices">{"".join(items)}</ul>'


def resume_html(entry: GameEntry, kept: SaveEntry | None) -> str:
    """The chooser's Resume button for the game of ``entry``'s kind left for another one
    (none if there is no such game).

    >>> from waddle.games import GAMES
    >>> resume_html(GAMES.by_id("htmf"), None)
    ''
    """
    if kept is None:
        return ""
    progress = "finished" if kept.over else f"at move {kept.ply}"
    return (
        f'<button type="button" class="resume" data-command="resume-game" '
        f'data-resume="{entry.id}">Resume your game ({progress})</button>'
    )


def rules_page(game_id: str) -> str:
    """Where the build publishes a game's rules as a page of their own, relative to the
    app's page: the chooser links there before Python has started.

    >>> rules_page("pebbles")
    'rules/pebbles.html'
    """
    return f"rules/{game_id}.html"


def computer_seats(entry: GameEntry) -> list[str | None]:
    """The seats of a game against the computer from the chooser: the person first, the
    computer in every other seat of the game's usual player count.

    >>> from waddle.games import GAMES
    >>> computer_seats(GAMES.by_id("htmf"))
    [None, 'medium']
    """
    level = entry.load().versus_level  # New game sets each seat's level
    return [None] + [level] * (entry.default_players - 1)


def saves_html(entries: list[SaveEntry], now_ms: int, titles: dict[str, str]) -> str:
    """The named saves as table rows, newest first, each with Load and Delete buttons."""
    if not entries:
        return '<p class="hint">No saved games yet.</p>'
    rows = []
    for e in entries:
        progress = "finished" if e.over else f"move {e.ply}"
        players = ", ".join(escape(n) for n in e.names) or f"{e.players} players"
        rows.append(
            f'<tr data-save-key="{escape(e.key)}" data-save-game="{escape(e.game)}">'
            f'<th scope="row" class="save-name">{escape(e.name)}</th>'
            f"<td>{escape(titles.get(e.game, e.game))}</td>"
            f"<td>{_age(now_ms - e.saved_at_ms)}</td><td>{players}</td><td>{progress}</td>"
            f'<td><button type="button" data-command="load-save">Load</button> '
            f'<button type="button" data-command="delete-save" '
            f'aria-label="Delete {escape(e.name)}">Delete</button></td></tr>'
        )
    return (
        '<table class="saves"><thead><tr><th scope="col">Name</th><th scope="col">Game</th>'
        '<th scope="col">Saved</th><th scope="col">Players</th><th scope="col">Progress</th>'
        '<th scope="col"><span class="visually-hidden">Actions</span></th></tr>'
        f"</thead><tbody>{''.join(rows)}</tbody></table>"
    )


def unfinished_html(entries: list[SaveEntry], now_ms: int, titles: dict[str, str]) -> str:
    """The chooser's "Unfinished games": every game kept aside (left for a link, or another
    tab's) with its game, players, progress and age, and a Resume button ("" when none)."""
    if not entries:
        return ""
    rows = []
    for e in entries:
        players = ", ".join(escape(n) for n in e.names) or f"{e.players} players"
        rows.append(
            f'<li class="unfinished-game" data-kept-key="{escape(e.key)}">'
            f"<span><strong>{escape(titles.get(e.game, e.game))}</strong> "
            f'<span class="hint">{players} · move {e.ply} · {_age(now_ms - e.saved_at_ms)}'
            f'</span></span> <button type="button" data-command="resume-kept" '
            f'data-key="{escape(e.key)}">Resume</button></li>'
        )
    return f'<ul class="unfinished-list">{"".join(rows)}</ul>'


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


def seat_rows_html(max_players: int, levels: Sequence[str], seats: Sequence[Seat]) -> str:
    """The New game dialog's seat rows: name, colour and who plays, prefilled from ``seats``
    (the game on screen) and the defaults beyond them."""
    rows = []
    for p in range(max_players):
        seat = seats[p] if p < len(seats) else None
        name = seat.name if seat else DEFAULT_NAMES[p]
        colour = seat.colour if seat else DEFAULT_COLOURS[p]
        bot = seat.bot if seat else None
        options = ['<option value="">Person</option>'] + [
            f'<option value="{level}"{" selected" if level == bot else ""}>'
            f"Computer, {LEVEL_NAMES.get(level, level)}</option>"
            for level in levels
        ]
        n = p + 1
        rows.append(
            f'<div class="seat" data-seat="{p}">'
            f'<input name="name{p}" aria-label="Name of seat {n}" maxlength="{MAX_NAME_CHARS}" '
            f'value="{escape(name)}">'
            f'<input type="color" name="colour{p}" aria-label="Colour of seat {n}" '
            f'value="{escape(colour)}">'
            f'<select name="kind{p}" aria-label="Seat {n} is played by">{"".join(options)}</select>'
            "</div>"
        )
    return "".join(rows)


def player_options_html(entry: GameEntry, selected: int) -> str:
    low, high = entry.players
    selected = min(max(selected, low), high)
    return "".join(
        f'<option value="{n}"{" selected" if n == selected else ""}>{n}</option>'
        for n in range(low, high + 1)
    )


def game_options_html(games: Iterable[GameEntry], selected: str) -> str:
    return "".join(
        f'<option value="{e.id}"{" selected" if e.id == selected else ""}>'
        f"{escape(e.title)}</option>"
        for e in games
    )


def options_form_html(options: Sequence[GameOption], values: Mapping[str, Any]) -> str:
    """The New game dialog's rules a game may change (``GAME.new_game_options``): a switch
    is a checkbox, a choice a list, each named ``opt-KEY`` and set from ``values`` (the
    game on screen) or its default. A row only for some player counts says which
    (``data-players="2-2"``): the page shows it only for those.

    >>> from waddle.core.registry import GameOption
    >>> html = options_form_html([GameOption("kevin", "Kevin", False)], {"kevin": True})
    >>> 'name="opt-kevin" checked' in html
    True
    """
    groups: dict[str, list[str]] = {}
    for option in options:
        value = values.get(option.key, option.default)
        attrs = f'class="game-option" data-option="{escape(option.key)}"'
        if option.players is not None:
            attrs += f' data-players="{option.players[0]}-{option.players[1]}"'
        name = f"opt-{escape(option.key)}"
        about = f' <span class="hint">{escape(option.help)}</span>' if option.help else ""
        if option.switch:
            checked = " checked" if value else ""
            row = (
                f'<label {attrs}><input type="checkbox" name="{name}"{checked}> '
                f"{escape(option.label)}{about}</label>"
            )
        else:
            items = "".join(
                f'<option value="{escape(str(v))}"{" selected" if v == value else ""}>'
                f"{escape(words)}</option>"
                for v, words in option.choices
            )
            row = (
                f'<label {attrs}>{escape(option.label)} <select name="{name}">{items}</select>'
                f"{about}</label>"
            )
        groups.setdefault(option.group, []).append(row)
    parts = []
    for group, rows in groups.items():
        if group:
            parts.append(
                f'<fieldset class="option-group"><legend>{escape(group)}</legend>'
                f"{''.join(rows)}</fieldset>"
            )
        else:
            parts.append("".join(rows))
    return "".join(parts)


def read_options(
    options: Sequence[GameOption], players: int, field: Callable[[str], Any]
) -> dict[str, Any]:
    """The values the New game dialog holds for the options that apply to ``players``:
    ``field(name)`` is the form's element of that name (its ``checked`` or ``value``);
    ``ValueError`` for a value that is not the option's."""
    values = {}
    for option in options:
        if not option.applies(players):
            continue
        element = field(f"opt-{option.key}")
        if option.switch:
            values[option.key] = bool(element.checked)
        else:
            values[option.key] = option.parse(str(element.value))
    return values


def embed_code(src: str, title: str) -> str:
    """The ``<iframe>`` that shows a game on another page."""
    return (
        f'<iframe src="{escape(src)}" width="480" height="520" title="{escape(title)}" '
        'style="border:0;max-width:100%" loading="lazy"></iframe>'
    )


def viewer_for(session: Any, hidden_information: bool, embed: bool, revealed: int | None) -> int:
    """Whose view the screen shows: the seat that decides what is drawn.

    Perfect-information games show everything, and so do the embedded view (a replay for
    teaching), a finished game (at any of its positions: its line of play ends over) and
    a game of computers only (nobody at the screen plays). In a game with hidden hands the
    screen shows the one person's seat when only one seat is a person; with several people
    at one device it shows the person to move once they have confirmed they hold the
    device (``revealed``, the pass-the-device screen), and otherwise only what everyone
    may see: between two people's turns, and during a computer's turn.
    """
    if not hidden_information or embed or _finished(session):
        return OMNISCIENT
    people = [p for p, seat in enumerate(session.seats) if seat.bot is None]
    if not people:
        return OMNISCIENT
    if len(people) == 1:
        return people[0]
    player = session.state.to_move()
    if player in people and (player == revealed or not holds_secrets(session.state, player)):
        return player
    return SPECTATOR


def needs_curtain(
    session: Any, hidden_information: bool, embed: bool, revealed: int | None
) -> int | None:
    """The seat the device must be passed to before its hand is shown, or None."""
    if not hidden_information or embed or _finished(session):
        return None
    people = [p for p, seat in enumerate(session.seats) if seat.bot is None]
    player = session.state.to_move()
    if len(people) < 2 or player not in people or player == revealed:
        return None
    if not holds_secrets(session.state, player):
        return None  # nothing of theirs is hidden yet: no need to pass the device
    return player


def _finished(session: Any) -> bool:
    """Whether the game's line of play ends over (a session), or its state is over."""
    line_over = getattr(session, "line_over", None)
    return bool(line_over) if line_over is not None else session.state.is_over()


def whole_number(text: str, max_digits: int = 12) -> int | None:
    """``text`` as a whole number written in ASCII digits (a form field, ``?ply=``), else
    None: ``str.isdigit`` also accepts "²" (which ``int`` refuses) and "٣" (which it reads
    as 3), and a number of thousands of digits costs ``int`` time.

    >>> whole_number("42"), whole_number(" 7 "), whole_number("²"), whole_number("٣")
    (42, 7, None, None)
    >>> whole_number("-1"), whole_number("1" * 13)
    (None, None)
    """
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > max_digits:
        return None
    return int(text)
