"""What the page says and shows for a game played on several devices (issue 39): the
"Play on several devices" dialog's seat rows, the joining screen, the panel beside a remote
game (whose turn, send your move, send again), the "Your games" rows of the chooser, and
what opening a link does to the game on screen.

Pure Python, for every game (nothing here names one): ``web/remote.py`` only copies this
markup into the page and hands clicks to :mod:`waddle.app.remote`. The flow and the format
are in docs/remote-play.md.

>>> remote_refusal(GAMES.by_id("waddle")) is None
True
>>> remote_refusal(GAMES.by_id("pebbles")) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from waddle.app.chrome import LEVEL_NAMES
from waddle.app.remote import Invitation, Listed, Opened, computer_seat_refused
from waddle.app.remote_cards import RemoteCardGame
from waddle.app.remote_game import LEFT_OUT, LOBBY, OVER_STATUS
from waddle.core.registry import GameEntry
from waddle.core.study import MAX_ARROWS, MAX_MARKS
from waddle.games import GAMES
from waddle.ui.seats import DEFAULT_NAMES, MAX_NAME_CHARS

ME, OPEN, COMPUTER_PREFIX = "me", "open", "computer:"

REMOTE_LEFT_OUT_OPTIONS = frozenset({"kevin"})
"""Options no deal on several devices offers yet (a card game's remote deal refuses them:
Kevin's place in the deck would need a pass of its own): not shown in the dialog."""


def remote_refusal(entry: GameEntry) -> str | None:
    """The one line that refuses a game the page cannot play on several devices, or None
    (every game can be, the card games with their deal since issue 40)."""
    del entry
    return None


def remote_options(options: Sequence[Any]) -> list[Any]:
    """The dialog's rules: the game's options, less those no remote deal offers."""
    return [o for o in options if o.key not in REMOTE_LEFT_OUT_OPTIONS]


def seats_hint(game_id: str) -> str:
    """The line under the seats: where computers play, or why none may (a card game)."""
    return computer_seat_refused(game_id) or "Computers play on this device: keep it at hand."


def remote_seat_rows_html(
    max_players: int, levels: Sequence[str], computers_allowed: bool = True
) -> str:
    """The dialog's seat rows: who plays each seat, "Me" (the first), "A friend" (the
    others) or a computer at a level. Computers run on this device (the host's); a card
    game offers none (``computers_allowed`` False: its hand would be on the host's device).
    """
    rows = []
    for p in range(max_players):
        choices = [(ME, "Me"), (OPEN, "A friend")]
        if computers_allowed:
            choices += [
                (COMPUTER_PREFIX + level, f"Computer, {LEVEL_NAMES.get(level, level)}")
                for level in levels
            ]
        picked = ME if p == 0 else OPEN
        options = "".join(
            f'<option value="{escape(value)}"{" selected" if value == picked else ""}>'
            f"{escape(label)}</option>"
            for value, label in choices
        )
        rows.append(
            f'<label class="seat remote-seat" data-seat="{p}">'
            f'<span class="seat-number">Seat {p + 1}</span>'
            f'<select name="rseat{p}" aria-label="Seat {p + 1} is played by">{options}</select>'
            "</label>"
        )
    return "".join(rows)


def read_remote_seats(values: Sequence[str]) -> list[str]:
    """The seats as :meth:`RemoteGames.invite` takes them, from the dialog's values (an
    unknown value is a friend's seat: the model refuses what cannot be played)."""
    out = []
    for value in values:
        value = str(value)
        out.append(value if value in (ME, OPEN) or value.startswith(COMPUTER_PREFIX) else OPEN)
    return out


def default_name(seat: int) -> str:
    return DEFAULT_NAMES[seat % len(DEFAULT_NAMES)]


# -- joining ----------------------------------------------------------------------------


def join_html(invitation: Invitation) -> str:
    """The joining screen's seats: every seat with who holds it, a free one to pick (the
    first free one picked), and the name field."""
    rows = []
    first_free = invitation.free[0] if invitation.free else None
    for seat, name in enumerate(invitation.seats):
        label = f"Seat {seat + 1}"
        if seat in invitation.computers:
            rows.append(f'<li class="taken">{label}: a computer (on the host’s device)</li>')
        elif seat in invitation.free:
            checked = " checked" if seat == first_free else ""
            rows.append(
                f'<li><label><input type="radio" name="join-seat" value="{seat}"{checked}> '
                f"{label}: free</label></li>"
            )
        else:
            rows.append(f'<li class="taken">{label}: {escape(name or default_name(seat))}</li>')
    return (
        f'<ul class="join-seats">{"".join(rows)}</ul>'
        f'<label class="stacked">Your name <input id="join-name" maxlength="{MAX_NAME_CHARS}" '
        f'autocomplete="nickname" value=""></label>'
    )


def join_title(invitation: Invitation) -> str:
    host = next((n for n in invitation.seats if n), "A friend")
    return f"{host} invites you to play {invitation.title}"


# -- the panel beside a remote game ---------------------------------------------------


@dataclass(frozen=True)
class Panel:
    """The panel beside a game played on several devices."""

    heading: str
    text: str
    send: str
    """The send buttons' group label ("" hides them): "Send your move", "Send again"..."""
    undo: bool
    """Undo is offered (this device's decisions not sent yet)."""
    urgent: bool
    """The person should act now (their turn, or a move to send): drawn in the accent."""
    kind: str = "wait"
    """For the page's hooks: ``invite``, ``turn``, ``send``, ``wait``, ``over``, ``out``."""


def decisions_count(game: Any) -> int:
    """How many decisions ``game`` holds (a hex game's moves, a card game's decisions)."""
    if isinstance(game, RemoteCardGame):
        return len(game.decisions)
    return len(game.actions)


def finished_here(game: Any) -> bool:
    """Whether ``game`` is an ordinary finished game on this device now: over, nothing of
    this device's left to send, and (a card game) its deal checked and found honest."""
    if isinstance(game, RemoteCardGame):
        return game.verdict == "" and not game.others_wait()
    return game.status == OVER_STATUS and not game.unsent()


def card_panel_of(game: RemoteCardGame) -> Panel:
    """The panel beside a card game played on several devices: the lobby as for any game;
    then whose turn, the deal's progress (:meth:`RemoteCardGame.waiting_for`), "Send your
    link" whenever the others wait for this device (its decision, its step of the deal,
    its tokens, its keys at the end), and the end's verdict."""
    waiting = game.waiting_for()
    undo = game.undo_refusal() is None
    if game.verdict:  # a cheat named: the game stops here
        return Panel("The deal was not honest", waiting, "Send again", False, True, "over")
    if game.others_wait() and game.my_turn() and not waiting.startswith("Dealing"):
        # Play on; the link (your part of the deal, your decisions) goes after.
        return Panel(
            "Your turn",
            "Play your move; then send your link to the others (you can send it now too).",
            "Send your link",
            undo,
            True,
            "turn",
        )
    if game.others_wait():
        over = game.verdict == "" or (game.world is not None and game.now.is_over())
        if over:
            text = "Send your link: it shows your keys, so every device can check the deal."
        elif game.my_turn() or waiting.startswith("Dealing"):
            text = "Send your link: the others need your part of the deal. " + waiting
        else:
            text = (
                "Send your link: it carries your move and unlocks the cards the others "
                f"need (nobody can read yours). Next: {waiting}"
            )
        return Panel("Send your link", text, "Send your link", undo, True, "send")
    if game.verdict == "":
        return Panel(
            "Game over",
            "Finished: the deal was checked, nobody cheated. If a friend missed your last "
            "link, send it again.",
            "Send again",
            False,
            False,
            "over",
        )
    if game.my_turn():
        return Panel(
            "Your turn", "Play your move; then send it to the others.", "", False, True, "turn"
        )
    return Panel(
        waiting.rstrip(".") or "Waiting",
        "Open their link when it comes. If a friend missed your last link, send it again.",
        "Send again" if game.last_link else "",
        False,
        False,
    )


def parts_html(line: str, addresses: Sequence[str], share: bool) -> str:
    """A link too long for messengers, offered in parts: the app's line saying why, each
    part a link of its own (numbered, Copy and Share each), and the whole as a file."""
    count = len(addresses)
    rows = []
    for n, address in enumerate(addresses):
        share_button = (
            f'<button type="button" data-command="remote-share-part" data-part="{n}">Share</button>'
            if share
            else ""
        )
        rows.append(
            f'<li class="remote-part" data-part="{n}"><a href="{escape(address)}" '
            f'target="_blank" rel="noopener">Part {n + 1} of {count}</a>'
            f'<button type="button" data-command="remote-copy-part" data-part="{n}">'
            f"Copy</button>{share_button}</li>"
        )
    return (
        f'<p class="remote-parts-why">{escape(line)}</p>'
        f'<ol class="remote-parts-list">{"".join(rows)}</ol>'
        '<button type="button" data-command="remote-file">Save as a file</button>'
    )


def panel_of(game: Any) -> Panel:
    """What the panel says about ``game`` (a :class:`waddle.app.remote_game.RemoteGame`).

    After this device's decision it offers to send it (Undo stays possible until it is
    sent); while another is to move it offers to send the last link again."""
    waiting = game.waiting_for()
    if game.status == LEFT_OUT:
        return Panel("Not your game any more", waiting, "", False, False, "out")
    if isinstance(game, RemoteCardGame) and game.status != LOBBY:
        return card_panel_of(game)
    if game.status == LOBBY and not decisions_count(game):
        if game.my_turn():
            return Panel(
                "Your turn",
                "Everyone has joined. Play your move; then send it to the others.",
                "",
                False,
                True,
                "turn",
            )
        completed_here = game.my_index == len(game.table.keys) - 1
        if game.table.complete and not completed_here:
            # Whoever took the last seat sends the table to everyone: this one waits.
            return Panel(
                waiting.rstrip("."),
                "Everyone has joined. If a friend missed the last link, send it again.",
                "Send again",
                False,
                False,
                "wait",
            )
        host = game.is_host and len(game.table.keys) == 1
        text = (
            "Send this invitation to your friends: each one opens it, picks a seat and sends "
            "it on (to the group, or to the next player). "
            if host
            else "Everyone has joined: send this link to the others, so the game can start. "
            if game.table.complete
            else "Send the invitation on with your seat in it: to the group, or to the next "
            "player who has not joined yet. "
        )
        return Panel(
            "Invite your friends" if host else "Send it on",
            text + waiting,
            "Send the invitation",
            False,
            True,
            "invite",
        )
    unsent = game.unsent()
    if unsent and not game.my_turn():
        last = "the last move" if game.state.is_over() else "your move"
        return Panel(
            "Send your move",
            f"Send {last} to the others: one link serves every player (post it in your "
            "group chat). You can still take it back until you send it."
            + ("" if game.state.is_over() else f" Next: {waiting}"),
            "Send your move",
            True,
            True,
            "send",
        )
    if game.state.is_over():
        return Panel(
            "Game over",
            "This game is finished on this device: review it, share it or save it as any "
            "game. If a friend missed the last move, send it again.",
            "Send again",
            False,
            False,
            "over",
        )
    if game.my_turn():
        return Panel(
            "Your turn", "Play your move; then send it to the others.", "", False, True, "turn"
        )
    return Panel(
        waiting.rstrip("."),
        "Open their link when it comes. If a friend missed your last link, send it again.",
        "Send again",
        False,
        False,
    )


def link_address(base: str, link: str) -> str:
    """The page's address with ``link`` in its hash (what is shared)."""
    return f"{base.split('#', 1)[0]}#{link}"


def link_in(text: str) -> str:
    """The link in what a person pasted: an address (its hash), or the link itself,
    whitespace and a messenger's angle brackets or quotes around it dropped."""
    text = text.strip().strip("<>\"'“”‘’ \t\r\n")
    if "#" in text:
        text = text.split("#", 1)[1]
    return "".join(text.split())


# -- what a link does to the game on screen --------------------------------------------


@dataclass(frozen=True)
class LinkOutcome:
    """What the page does with a remote link it opened."""

    show: str | None
    """The id of the remote game to put on screen (None: nothing changes on screen)."""
    message: str
    shelve: bool
    """The game on screen is not this one: keep it for the chooser to resume."""
    mark_from: int | None = None


def outcome_of(opened: Opened, on_screen: str | None, local_game_on: bool) -> LinkOutcome:
    """The page's answer to :meth:`RemoteGames.open`'s ``opened``: the link's game comes
    on screen (a different game on screen is kept, never replaced: another remote game
    stays in its own storage entry, a game of this device is shelved for the chooser).
    ``on_screen`` is the remote game on screen (its id), ``local_game_on`` whether an
    ordinary game is on screen instead.

    >>> from waddle.app.remote import Opened
    >>> outcome_of(Opened(None, False, "Pick a free seat to join."), None, True).show is None
    True
    """
    game = opened.game
    if game is None:  # an invitation to join: the joining screen asks first
        return LinkOutcome(None, opened.message, False)
    same = on_screen == game.game_id
    return LinkOutcome(
        game.game_id,
        opened.message,
        shelve=local_game_on and not same,
        mark_from=opened.new_from,
    )


def new_move_marks(
    game: Any, record: Any, new_from: int | None
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The places the moves from ``new_from`` on touched (``GAME.action_places``), to mark
    on the board with the study marks, and an arrow for each move from one place to
    another: what happened since this device last saw the game. Nothing for a game that
    does not name its moves' places.

    >>> from waddle.app.session import Session
    >>> s = Session.new("htmf", 2, seed=1)
    >>> _ = [s.play(s.state.legal_actions()[0]) for _ in range(3)]
    >>> marks, arrows = new_move_marks(s.game, s.full_record(), 1)
    >>> len(marks), arrows
    (2, ())
    """
    places = getattr(game, "action_places", None)
    if places is None or new_from is None:
        return (), ()
    board = set(game.places(record))
    state = record.start()
    marks: list[str] = []
    arrows: list[tuple[str, str]] = []
    for ply, action in enumerate(record.actions):
        if ply >= new_from:
            touched = [p for p in places(state, action) if p in board]
            marks.extend(touched)
            if len(touched) == 2 and touched[0] != touched[1]:
                arrows.append((touched[0], touched[1]))
        state.apply(action)
    return tuple(dict.fromkeys(marks))[:MAX_MARKS], tuple(arrows)[:MAX_ARROWS]


# -- "Your games" ------------------------------------------------------------------------


def ago(then_ms: int, now_ms: int) -> str:
    """When, in the words of a list of games: "just now", "5 min ago", "3 h ago", "2 days ago".

    >>> ago(0, 90_000), ago(0, 3 * 3_600_000 + 5), ago(0, 49 * 3_600_000)
    ('1 min ago', '3 h ago', '2 days ago')
    """
    seconds = max(0, now_ms - then_ms) // 1000
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{seconds // 60} min ago"
    if seconds < 86400:
        return f"{seconds // 3600} h ago"
    days = seconds // 86400
    return f"{days} day{'s' if days > 1 else ''} ago"


def players_line(listed: Listed) -> str:
    names = []
    for seat, name in enumerate(listed.names):
        shown = name or "free seat"
        names.append(f"{shown} (you)" if seat in listed.my_seats else shown)
    return ", ".join(names)


def your_games_html(listed: Sequence[Listed], now_ms: int) -> str:
    """The chooser's "Your games": each remote game not finished (those waiting for this
    device first): the game, the players, whose turn, when the last move came, Open and
    Send again. Finished ones are ordinary games (saves, links); "" when there is none."""
    rows = []
    for g in listed:
        if g.status == OVER_STATUS:
            continue
        turn_class = " my-turn" if g.my_turn else ""
        send = (
            '<button type="button" data-command="remote-send-again" '
            f'data-remote-game="{g.game_id}">Send again</button>'
            if g.last_link and g.status != LEFT_OUT
            else ""
        )
        rows.append(
            f'<li class="your-game{turn_class}" data-remote-row="{g.game_id}">'
            f'<div class="your-game-text"><strong>{escape(g.title)}</strong> '
            f'<span class="your-game-turn">{escape(g.waiting_for)}</span>'
            f'<span class="your-game-players">{escape(players_line(g))}</span>'
            f'<span class="your-game-when">Last move {ago(g.last_move_ms, now_ms)}</span></div>'
            f'<div class="your-game-buttons"><button type="button" '
            f'class="{"primary" if g.my_turn else ""}" data-command="remote-open-game" '
            f'data-remote-game="{g.game_id}">{"Play" if g.my_turn else "Open"}</button>{send}'
            "</div></li>"
        )
    return f'<ul class="your-games-list">{"".join(rows)}</ul>' if rows else ""


def games_to_offer(listed: Sequence[Listed]) -> int:
    """How many games "Your games" lists (the unfinished ones)."""
    return sum(1 for g in listed if g.status != OVER_STATUS)


def entries_for_dialog() -> list[GameEntry]:
    """The games the dialog offers: every game (a card game is refused with its line)."""
    return list(GAMES)
