"""Remote play on this device: the games it takes part in, kept in its storage, and what
opening a link does to them.

A game passed between devices by links (docs/remote-play.md): one person starts it
(:meth:`RemoteGames.invite`) and sends the invitation; each friend opens it and picks a
free seat and a name (:meth:`RemoteGames.join`), which makes that device's key pair for
the game, and sends on the invitation with their seat in it: to the group, or to the next
player (docs/remote-play.md, "Joining", measured which costs fewer taps). When every seat
is taken, the player to move plays and sends a turn link (:meth:`RemoteGame.send`), and so
on: one link serves every other player. Opening any link of a game (:meth:`RemoteGames.
open`) merges it by the catch-up rule of :mod:`waddle.app.remote_game`:

- the same link twice, or an older one, changes nothing and says so;
- a link of another game goes to that game, and never touches a different game;
- a link that rewrites decisions this device has is refused, naming the seat it claims to
  come from; a decision not signed by its seat's key, not that seat's turn, or illegal,
  and a link edited by hand, are refused with one line.

Each device's signing key for a game is kept in its storage (``waddle:remote:<id>``),
never in a link. A card game (issue 40) is a :class:`~waddle.app.remote_cards.
RemoteCardGame`, dealt between the devices by :mod:`waddle.core.deal`: no computer seat,
one seat a device. The threat model is at the top of :mod:`waddle.core.remote` (the deal's
at the top of :mod:`waddle.core.deal`).

Why one module: :class:`RemoteGames` is the page's one door to remote play for every game;
starting, joining, opening (parts and files too), storing and listing share the store's
format and its refusals.

>>> from waddle.app.saves import MemoryStorage
>>> ann, bo = RemoteGames(MemoryStorage()), RemoteGames(MemoryStorage())
>>> game = ann.invite("htmf", 2, seed=4, seats=["me", "open"], names=["Ann"])
>>> joined = bo.join(game.send(), seat=1, name="Bo")
>>> ann.open(joined.send()).message
'Bo took seat 2. Your turn.'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from waddle.app import remote_cards
from waddle.app.remote_cards import RemoteCardGame
from waddle.app.remote_game import (
    LEFT_OUT,
    LOBBY,
    OVER_STATUS,
    PLAYING,
    RemoteError,
    RemoteGame,
    _LeftOut,
    b64,
    decode_setup,
    unb64,
)
from waddle.app.saves import Storage, StorageFullError
from waddle.app.session import Session
from waddle.core import crypto, deal, jsontext, remote
from waddle.core.bits import unpack_text
from waddle.core.link_parts import Parts, link_from_file
from waddle.core.links import LinkError
from waddle.core.registry import new_game_record
from waddle.core.remote import COMPUTER, FREE, PERSON, Genesis, Lobby, Seat, Table
from waddle.core.remote_cards import CardLobby, CardTurn, Part, sign_shuffle
from waddle.games import GAMES

STORE_FORMAT = "waddle-remote/1"
STORE_PREFIX = "waddle:remote:"
"""``waddle:remote:<game id in hex>``: one game this device takes part in."""
PARTS_KEY = "waddle:remote-parts"
"""The parts of long links received so far (:mod:`waddle.core.link_parts`)."""
MAX_ENTRY_CHARS = 2_000_000


AnyGame = RemoteGame | RemoteCardGame
"""A game this device takes part in: a hex game's, or a card game's with its deal."""


@dataclass(frozen=True)
class Opened:
    """What opening a link did (:meth:`RemoteGames.open`)."""

    game: AnyGame | None
    """The game the link belongs to, on this device (a :class:`RemoteGame`, or a
    :class:`RemoteCardGame` for a card game) (None: this device has no seat in it,
    or the link is an invitation it has not joined: see ``invitation``)."""
    changed: bool
    message: str
    """One line for the player."""
    new_from: int | None = None
    """The first new decision, to mark on the board (None: nothing new)."""
    invitation: Invitation | None = None
    """An invitation this device may join (:meth:`RemoteGames.join`)."""


@dataclass(frozen=True)
class Invitation:
    """An invitation as a device that has not joined sees it."""

    game_id: str
    game: str
    """The registry id of the game."""
    title: str
    seats: tuple[str, ...]
    """Each seat's name so far ("" for a free seat)."""
    computers: tuple[int, ...]
    free: tuple[int, ...]
    text: str


@dataclass(frozen=True)
class Listed:
    """One line of the "Your games" list."""

    game_id: str
    game: str
    title: str
    names: tuple[str, ...]
    """Every seat's name ("Computer (hard)" for a computer, "" for a free seat)."""
    my_seats: tuple[int, ...]
    status: str
    """``"lobby"`` (waiting for players), ``"playing"``, ``"over"`` or ``"left out"``."""
    my_turn: bool
    waiting_for: str
    """One line: "Your turn.", "Bo's turn.", "Waiting for 1 more player to join."..."""
    last_move_ms: int
    last_link: str
    """What "Send again" sends."""
    others_wait: bool = False
    """A card game's device the others wait for: it has tokens or a step of the deal to
    send though it is not its turn (the page offers its link: "Send your link")."""


class RemoteGames:
    """The remote games of this device, in a :class:`waddle.app.saves.Storage`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._loaded: dict[str, tuple[str, RemoteCardGame]] = {}
        """Card games read from the storage, with the text they were read from: a card
        game holds whole decks, and the page opens each link on the stored game."""
        self.problems: list[str] = []
        """Entries skipped by :meth:`games` because they were damaged (one line each)."""

    # -- starting -----------------------------------------------------------------------

    def invite(
        self,
        game: str,
        players: int,
        seed: int,
        seats: Sequence[str],
        names: Sequence[str] = (),
        options: Mapping[str, Any] | None = None,
        now_ms: int = 0,
    ) -> AnyGame:
        """A new game of ``game`` started on this device: ``seats[i]`` is ``"me"`` (this
        device's person), ``"open"`` (for a friend to take) or ``"computer:LEVEL"``;
        ``names`` name this device's seats in order. :class:`RemoteError` (one line) for no
        seat of this device's or no open seat; for a card game (a
        :class:`RemoteCardGame`, dealt by :mod:`waddle.core.deal`) also for a computer
        seat (:data:`remote_cards.COMPUTER_REFUSED`) or a second ``"me"``
        (:data:`remote_cards.ONE_SEAT`). Its ``last_link`` is the invitation to send."""
        entry = GAMES.by_id(game)
        if entry.hidden_information:
            made = self._invite_cards(entry, players, seed, seats, names, options, now_ms)
            self.save(made)
            return made
        if len(seats) != players:
            raise RemoteError("Every seat must be given: mine, open, or a computer's.")
        if "me" not in seats or "open" not in seats:
            raise RemoteError("A game on several devices needs a seat of yours and an open one.")
        module = entry.load()
        bots: list[str | None] = []
        for seat in seats:
            level = seat.partition(":")[2] if seat.startswith("computer:") else None
            if level is not None and level not in module.bot_levels:
                raise RemoteError(f"There is no computer level called “{level[:20]}”.")
            if level is None and seat not in ("me", "open"):
                raise RemoteError(f"A seat is “me”, “open” or a computer's, not “{seat[:20]}”.")
            bots.append(level)
        try:
            record = new_game_record(module, players, seed, options)
        except ValueError as e:
            raise RemoteError(str(e)) from None
        text = module.encode_link(record, None, bots)
        prefix = next(p for p in entry.link_prefixes if text.startswith(p))
        key = crypto.new_signing_key()
        my_names = iter(names)
        table_seats = []
        for seat, level in zip(seats, bots, strict=True):
            if level is not None:
                table_seats.append(Seat(COMPUTER, 0, ""))
            elif seat == "me":
                table_seats.append(Seat(PERSON, 0, _clean_name(next(my_names, ""))))
            else:
                table_seats.append(Seat())
        table = Table((crypto.public_key(key),), tuple(table_seats))
        game_id = crypto.random_bytes(remote.GAME_ID_BYTES)
        genesis = Genesis(game_id, prefix, unpack_text(text[len(prefix) :]), table)
        lobby = remote.sign_invitation(Lobby(genesis, b""), key)
        made = RemoteGame(genesis, lobby.signature, key, created_ms=now_ms, last_move_ms=now_ms)
        made.send()
        self.save(made)
        return made

    def _invite_cards(
        self,
        entry: Any,
        players: int,
        seed: int,
        seats: Sequence[str],
        names: Sequence[str],
        options: Mapping[str, Any] | None,
        now_ms: int,
    ) -> RemoteCardGame:
        """A card game's invitation: one seat this device's, every other open (no
        computer: its hand would be on this device), and the host's first shuffle."""
        if len(seats) != players:
            raise RemoteError("Every seat must be given: mine or open.")
        if any(s.startswith("computer:") for s in seats):
            raise RemoteError(remote_cards.COMPUTER_REFUSED)
        if any(s not in ("me", "open") for s in seats):
            raise RemoteError("A seat is “me” or “open”.")
        if seats.count("me") != 1:
            raise RemoteError(remote_cards.ONE_SEAT)
        cards = remote_cards.card_game(entry)
        try:
            record = new_game_record(entry.load(), players, seed, options)
            setup = cards.setup_of(record)
        except ValueError as e:
            raise RemoteError(str(e)) from None
        key = crypto.new_signing_key()
        table_seats = [
            Seat(PERSON, 0, _clean_name(next(iter(names), ""))) if seat == "me" else Seat()
            for seat in seats
        ]
        table = Table((crypto.public_key(key),), tuple(table_seats))
        game_id = crypto.random_bytes(remote.GAME_ID_BYTES)
        prefix = entry.link_prefixes[0] + remote_cards.PREFIX_SUFFIX
        genesis = Genesis(game_id, prefix, setup, table)
        lobby = remote.sign_invitation(Lobby(genesis, b""), key)
        secrets = deal.Secrets.new()
        plan = cards.plan(cards.read_setup(setup), game_id)
        step = deal.shuffle(secrets, 0, plan, 0, deal.card_points(plan))
        made = RemoteCardGame(
            genesis, lobby.signature, key, secrets, [sign_shuffle(key, genesis, [], step)]
        )
        made.created_ms = made.last_move_ms = now_ms
        made.send()
        return made

    def read_invitation(self, text: str) -> Invitation:
        """What an invitation link offers (:class:`RemoteError` if it is none)."""
        message = self._read(text)
        if isinstance(message, CardLobby):
            return self._invitation(Lobby(message.genesis, message.signature), text, message)
        if not isinstance(message, Lobby):
            raise RemoteError("This link is a move of a game, not an invitation.")
        return self._invitation(message, text)

    def join(self, text: str, seat: int, name: str, now_ms: int = 0) -> AnyGame:
        """Take the free ``seat`` of an invitation under ``name``: this device makes its
        key pair for the game. Its :meth:`RemoteGame.send` is the invitation with this
        seat taken, to send on (or the first move, when this device is to play first)."""
        message = self._read(text)
        cards_lobby = message if isinstance(message, CardLobby) else None
        if cards_lobby is not None:
            message = Lobby(cards_lobby.genesis, cards_lobby.signature)
        if not isinstance(message, Lobby):
            raise RemoteError("This link is a move of a game, not an invitation.")
        self._invitation(message, text, cards_lobby)  # checks it
        if self.get(message.genesis.game_id.hex()) is not None:
            raise RemoteError("This device already takes part in this game.")
        table = message.genesis.table
        if not (type(seat) is int and 0 <= seat < len(table.seats)):
            raise RemoteError("There is no such seat in this game.")
        if table.seats[seat].holder != FREE:
            raise RemoteError(f"Seat {seat + 1} is taken: pick a free seat.")
        if len(table.keys) >= remote.MAX_KEYS:
            raise RemoteError("This game has no room for another device.")
        key = crypto.new_signing_key()
        keys = (*table.keys, crypto.public_key(key))
        seats = list(table.seats)
        seats[seat] = Seat(PERSON, len(keys) - 1, _clean_name(name))
        genesis = Genesis(
            message.genesis.game_id,
            message.genesis.prefix,
            message.genesis.setup,
            Table(keys, tuple(seats)),
        )
        if cards_lobby is not None:
            made = RemoteCardGame(
                genesis, message.signature, key, deal.Secrets.new(), cards_lobby.shuffles
            )
            made.created_ms = made.last_move_ms = now_ms
            _start_if_complete(made)
            made.send()
            self.save(made)
            return made
        game = RemoteGame(genesis, message.signature, key, created_ms=now_ms, last_move_ms=now_ms)
        game.send()
        self.save(game)
        return game

    # -- receiving ----------------------------------------------------------------------

    def open(self, text: str, now_ms: int = 0) -> Opened:
        """Open any remote-play link; :class:`RemoteError` with one line if it is refused
        (and then nothing changed). See the module's notes for the rules."""
        message = self._read(text)
        if isinstance(message, Part):
            return self._open_part(message, now_ms)
        cards_lobby = message if isinstance(message, CardLobby) else None
        if cards_lobby is not None:
            message = Lobby(cards_lobby.genesis, cards_lobby.signature)
        if isinstance(message, Lobby):
            game = self.get(message.genesis.game_id.hex())
            if game is None:
                invitation = self._invitation(message, text, cards_lobby)
                return Opened(None, False, "Pick a free seat to join.", invitation=invitation)
            if (cards_lobby is None) != isinstance(game, RemoteGame):
                raise RemoteError("Refused: this invitation's game is not the one this device has.")
            changed, line = self._merge_lobby(game, message)
            if changed:
                game.last_move_ms = now_ms
                if isinstance(game, RemoteCardGame):
                    _start_if_complete(game)
                game.send()
                self.save(game)
            return Opened(game, changed, line)
        game = self.get(message.game_id.hex())
        if game is None:
            raise RemoteError(
                "This device has no seat in this game: it is played on other devices."
            )
        if game.status == LEFT_OUT:
            raise RemoteError(game.waiting_for())
        if isinstance(message, CardTurn) != isinstance(game, RemoteCardGame):
            raise RemoteError("This link was changed by hand: it is not this game's.")
        try:
            merge = game.accept(message, now_ms)  # type: ignore[arg-type]
        except _LeftOut as left:
            self.save(game)
            raise RemoteError(str(left)) from None
        self.save(game)  # what the others are known to have, even when nothing is new
        return Opened(game, merge.changed, merge.message, merge.new_from)

    def open_file(self, content: str, now_ms: int = 0) -> Opened:
        """Open the link a file holds (a long link sent as a file:
        :func:`waddle.core.link_parts.link_file`)."""
        try:
            text = link_from_file(content)
        except ValueError as e:
            raise RemoteError(f"This file cannot be opened: {e}.") from None
        return self.open(text, now_ms)

    def _open_part(self, part: Part, now_ms: int) -> Opened:
        """Keep a part of a long link; open the whole once every part is here."""
        held = self.storage.get(PARTS_KEY)
        try:
            parts = (
                Parts.from_json(jsontext.loads(held, max_chars=MAX_ENTRY_CHARS))
                if held
                else Parts()
            )
        except jsontext.JSONTextError:
            parts = Parts()
        whole = parts.add(part)
        try:
            self.storage.set(PARTS_KEY, json.dumps(parts.to_json()))
        except StorageFullError:
            raise RemoteError("The browser's storage for this site is full.") from None
        if whole is None:
            have, count = parts.progress(part.message)
            return Opened(
                None,
                False,
                f"Part {part.index + 1} of {part.count} of a long link ({have} of {count} "
                "here): open the other parts too.",
            )
        return self.open(whole, now_ms)

    def _merge_lobby(self, game: AnyGame, lobby: Lobby) -> tuple[bool, str]:
        problem = remote.check_invitation(lobby)
        if problem:
            raise RemoteError(f"This invitation cannot be opened: {problem}.")
        mine, theirs = game.genesis, lobby.genesis
        if (mine.prefix, mine.setup, mine.table.host_part()) != (
            theirs.prefix,
            theirs.setup,
            theirs.table.host_part(),
        ):
            raise RemoteError("Refused: this invitation's game is not the one this device has.")
        started = game.entries if isinstance(game, RemoteCardGame) else game.actions
        if game.status != LOBBY or started:
            return False, "This game has started: its invitation changes nothing."
        keys, seats = list(mine.table.keys), list(mine.table.seats)
        taken, clashes = [], []
        for i, seat in enumerate(theirs.table.seats):
            if seat.holder != PERSON or seat.key == 0:
                continue
            key = theirs.table.keys[seat.key]
            have = seats[i]
            if have.holder == PERSON and keys[have.key] == key:
                continue
            if have.holder == FREE and key not in keys and len(keys) < remote.MAX_KEYS:
                keys.append(key)
                seats[i] = Seat(PERSON, len(keys) - 1, seat.name)
                taken.append(f"{seat.name or 'A player'} took seat {i + 1}.")
            else:
                clashes.append(
                    f"Seat {i + 1} was asked for twice ({seat.name or 'another player'} "
                    f"too): whoever plays first decides."
                )
        if not taken:
            return False, (clashes[0] if clashes else "Nothing new in this invitation.")
        table = Table(tuple(keys), tuple(seats))
        game.genesis = Genesis(mine.game_id, mine.prefix, mine.setup, table)
        game.note = " ".join(clashes)
        return True, " ".join([*taken, *clashes, game.waiting_for()])

    # -- the list -----------------------------------------------------------------------

    def games(self) -> list[Listed]:
        """ "Your games": this device's remote games, those waiting for it first, then by
        the time of their last move, newest first. Damaged entries are skipped and listed
        in :attr:`problems`."""
        self.problems = []
        listed = []
        for key in sorted(self.storage.keys()):
            if not key.startswith(STORE_PREFIX):
                continue
            try:
                game = self._load(self.storage.get(key))
            except ValueError as e:
                self.problems.append(f"A game on several devices ({key}) was skipped: {e}.")
                continue
            listed.append(_listed(game))
        listed.sort(key=lambda g: (not g.my_turn, g.status == OVER_STATUS, -g.last_move_ms))
        return listed

    def get(self, game_id: str) -> AnyGame | None:
        """The game with this id (hex) on this device, or None (also when its entry is
        damaged: :meth:`games` says so)."""
        text = self.storage.get(STORE_PREFIX + game_id)
        if text is None:
            return None
        held = self._loaded.get(game_id)
        if held is not None and held[0] == text:
            return held[1]
        try:
            game = self._load(text)
        except ValueError:
            return None
        if isinstance(game, RemoteCardGame):
            self._loaded[game_id] = (text, game)
        return game

    def forget(self, game_id: str) -> None:
        """Remove a game from this device (its key goes with it: it cannot play on)."""
        self.storage.remove(STORE_PREFIX + game_id)
        self._loaded.pop(game_id, None)

    def save(self, game: AnyGame) -> None:
        """Store ``game`` (after :meth:`RemoteGame.play` and :meth:`RemoteGame.send`);
        :class:`RemoteError` if the storage is full (nothing was lost: the game on
        screen still holds it)."""
        data = remote_cards.to_json(game) if isinstance(game, RemoteCardGame) else _to_json(game)
        text = json.dumps(data)
        try:
            self.storage.set(STORE_PREFIX + game.game_id, text)
            if isinstance(game, RemoteCardGame):
                self._loaded[game.game_id] = (text, game)
        except StorageFullError:
            raise RemoteError(
                "The browser's storage for this site is full: this game could not be kept "
                "(delete some saves)."
            ) from None

    # -- helpers ------------------------------------------------------------------------

    def _read(self, text: str) -> remote.Message:
        try:
            return remote.read_link(text)
        except LinkError as e:
            raise RemoteError(f"This link cannot be opened: {e}.") from None

    def _invitation(self, lobby: Lobby, text: str, cards: CardLobby | None = None) -> Invitation:
        problem = remote.check_invitation(lobby)
        if problem:
            raise RemoteError(f"This invitation cannot be opened: {problem}.")
        if cards is not None:
            entry = remote_cards.entry_of(lobby.genesis.prefix)
            remote_cards.check_card_lobby(cards)
        else:
            entry, _ = decode_setup(lobby.genesis)
        seats = lobby.genesis.table.seats
        return Invitation(
            lobby.genesis.game_id.hex(),
            entry.id,
            entry.title,
            tuple(s.name if s.holder == PERSON else "" for s in seats),
            tuple(i for i, s in enumerate(seats) if s.holder == COMPUTER),
            tuple(i for i, s in enumerate(seats) if s.holder == FREE),
            text.strip(),
        )

    def _load(self, text: str | None) -> AnyGame:
        if text is None:
            raise ValueError("it is empty")
        try:
            data = jsontext.loads(text, max_chars=MAX_ENTRY_CHARS)
        except jsontext.JSONTextError:
            raise ValueError("it is damaged (not JSON)") from None
        try:
            if isinstance(data, dict) and data.get("format") == remote_cards.STORE_FORMAT:
                return remote_cards.from_json(data)
            return _from_json(data)
        except _DAMAGED as e:  # hostile or damaged JSON: one line, never a traceback
            raise ValueError(f"it is damaged ({str(e)[:80] or type(e).__name__})") from None


def computer_seat_refused(game: str) -> str | None:
    """Why no computer may take a seat of ``game`` played on several devices (one line for
    the New game dialog to show where seats are chosen, instead of the computer's levels),
    or None where a computer may (the hex games: it runs on the host's device).

    >>> computer_seat_refused("htmf") is None, computer_seat_refused("pebbles")[:20]
    (True, 'A computer cannot ta')
    """
    return remote_cards.COMPUTER_REFUSED if GAMES.by_id(game).hidden_information else None


def session_of(game: AnyGame) -> Session:
    """The game as an ordinary :class:`~waddle.app.session.Session` (its record, the seats'
    names, the computers): the board, the move list, review, saves and share links work
    on it as on any game. Moves are made through :meth:`RemoteGame.play`, not on it.

    A card game's session, once it is over and its deal checked, holds the whole record
    (the deal written out). Before that it is this device's determinization
    (:mod:`waddle.core.card_world`): its own hand and the public cards are the game's,
    every card it cannot see is a stand-in. Draw it through this device's seat's view
    only, and never share, save or export it (:attr:`Session.shareable` is False)."""
    if isinstance(game, RemoteCardGame):
        final = game.final_record()
        record = final if final is not None else game.world.record if game.world else None
        if record is None:
            raise RemoteError("This game has not started yet.")
        session = Session.start(game.game, record, game.names(), None, game.bots)
        session.shareable = final is not None
        return session
    record = game.setup_record.with_actions(game.actions)
    return Session.start(game.game, record, game.names(), None, game.bots)


def _start_if_complete(game: RemoteCardGame) -> None:
    """A card game whose table is complete here starts its chain: the lobby's shuffles,
    then this device's steps of the deal if they come next (it sends the first turn link,
    which fixes the table for every device still in the lobby)."""
    if game.status != LOBBY or not game.table.complete:
        return
    for shuffle in game.lobby_shuffles:
        game.deal.add_shuffle(shuffle.step)
        game.entries.append(shuffle)
    game.status = PLAYING
    game.work()


def _clean_name(name: Any) -> str:
    text = name.strip() if isinstance(name, str) else ""
    return "".join(c for c in text if c.isprintable())[: remote.MAX_NAME_CHARS]


def _listed(game: AnyGame) -> Listed:
    names = tuple(
        game.seat_name(i) if s.holder != FREE else "" for i, s in enumerate(game.table.seats)
    )
    return Listed(
        game.game_id,
        game.entry.id,
        game.entry.title,
        names,
        tuple(game.my_seats),
        game.status,
        game.my_turn() or bool(game.computer_to_move()),
        game.waiting_for(),
        game.last_move_ms,
        game.last_link,
        isinstance(game, RemoteCardGame) and game.others_wait(),
    )


# -- storage ----------------------------------------------------------------------------


_DAMAGED = (
    ValueError,  # RecordError, LinkError, RemoteError, CryptoError, binascii.Error among them
    TypeError,
    KeyError,
    AttributeError,
    IndexError,
    OverflowError,
)


def _to_json(game: RemoteGame) -> dict[str, Any]:
    return {
        "format": STORE_FORMAT,
        "genesis": b64(remote.genesis_bytes(game.genesis)),
        "invitation": b64(game.lobby_signature),
        "key": b64(game.key),
        "status": game.status,
        "actions": [a.to_json() for a in game.actions],
        "signatures": {str(k): [p, b64(s)] for k, (p, s) in game.signatures.items()},
        "known": {str(k): p for k, p in game.known.items()},
        "last_link": game.last_link,
        "created_ms": game.created_ms,
        "last_move_ms": game.last_move_ms,
        "note": game.note,
    }


def _from_json(data: Any) -> RemoteGame:
    if not isinstance(data, dict) or data.get("format") != STORE_FORMAT:
        raise ValueError("it was stored in an unknown format")
    genesis = _genesis_from_bytes(unb64(data["genesis"]))
    status = data["status"]
    if status not in (LOBBY, PLAYING, OVER_STATUS, LEFT_OUT):
        raise ValueError("its status is unknown")
    game = RemoteGame(
        genesis,
        unb64(data["invitation"], crypto.SIGNATURE_BYTES),
        unb64(data["key"], crypto.SEED_BYTES),
        status=status,
        signatures={
            int(k): (int(p), unb64(s, crypto.SIGNATURE_BYTES))
            for k, (p, s) in data["signatures"].items()
        },
        known={int(k): int(p) for k, p in data["known"].items()},
        last_link=str(data["last_link"]),
        created_ms=int(data["created_ms"]),
        last_move_ms=int(data["last_move_ms"]),
        note=str(data.get("note", "")),
    )
    record = game.game.record_from_json({**game.setup_record.to_json(), "actions": data["actions"]})
    state = record.replay()
    game.actions = list(state.history)
    game.state = state
    return game


def _genesis_from_bytes(data: bytes) -> Genesis:
    try:
        return remote.read_genesis(data)
    except LinkError as e:
        raise ValueError(f"its table is damaged ({e})") from None
