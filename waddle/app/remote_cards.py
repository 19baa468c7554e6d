"""One card game played on several devices, as this device holds it: the table, the chain
of the deal's steps and the decisions, the unlock tokens it was sent, its own secrets, and
the game it can play from them (issue 40).

The hex games' remote model (:mod:`waddle.app.remote_game`) replays every decision with the
whole game in view. A card game's device cannot: it sees its own hand, the public cards and
the counts. This model keeps

- the **chain** every device holds in the same order (:mod:`waddle.core.remote_cards`):
  the deal's shuffles and relocks (:mod:`waddle.core.deal`, where the threat model is),
  the decisions, and the "I keep it" of a card drawn face down where a threat could be;
- the **attachments**: each player's releases of unlock tokens and shares (checked by
  their proofs when they arrive), and at the end each player's revealed secrets;
- this device's **secrets** (its lock and its seed), in its storage, never in a link.

From them it builds the game it plays on (:func:`waddle.core.card_world.build`): a
determinization that is rebuilt whenever a card is revealed, and that stops where the next
step needs a card this device cannot see yet.

**What the device does by itself** (:meth:`RemoteCardGame.work`): its shuffle, relock and
the deal's other steps when its turn in the deal comes; its tokens and shares for every card
the rules have given to someone else or turned up (never earlier); "I keep it" or showing a
card drawn face down; its secrets once the game is over. :meth:`RemoteCardGame.send` puts
all of it in the next link. A device the others wait for says so
(:meth:`RemoteCardGame.others_wait`): the page offers to send a link even when it is not
that player's turn (an *unlock link*).

**The end.** When the game is over every device reveals its secrets; once all are in,
every device re-does the whole deal (:func:`waddle.core.deal.audit`) and replays every
decision against it: a cheat names its player (:attr:`RemoteCardGame.verdict`), and the
game becomes an ordinary record with the deal written out (:meth:`RemoteCardGame.
final_record`).

Why one module: the chain, the attachments, the secrets and what the others are known to
have are one device's state, changed together by every method under one rule (a refused
link changes nothing), and the store's format (:func:`to_json`, :func:`from_json`) must
follow every field of it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from waddle.app.remote_game import (
    LEFT_OUT,
    LOBBY,
    OLDER,
    OVER_STATUS,
    PLAYING,
    SEEN,
    Merge,
    RemoteError,
    TableSeats,
    _LeftOut,
    b64,
    genesis_for,
    unb64,
)
from waddle.core import card_world, crypto, deal, remote, remote_cards
from waddle.core.bits import BitReader, BitWriter, DecodeError
from waddle.core.links import LinkError
from waddle.core.registry import GameEntry
from waddle.core.remote import PERSON, Genesis, Signed
from waddle.core.remote_cards import CardLobby, CardTurn, Decision, Entry, Keep, SignedShuffle
from waddle.games import GAMES

STORE_FORMAT = "waddle-remote-cards/1"
PREFIX_SUFFIX = "deal"
"""A card game's genesis names its game by its link prefix and this (``"p1.deal"``): its
setup is the game's public setup (:meth:`waddle.core.card_world.CardGame.setup_of`), not
a share link's payload."""
TURN_BUDGET = 1000
"""The most characters a link spends on catching other devices up (issue 39's goal for a
turn link: a QR code a phone reads off a screen)."""
MAX_LINK_LOAD = 3
"""The most tokens and shares of one player a link may bring, in deals' sizes (an honest
link brings at most one: :meth:`RemoteCardGame._check_load`)."""
LONG_LINK = 2000
"""A link longer than this is offered in parts or as a file (common messengers cut it)."""

COMPUTER_REFUSED = (
    "A computer cannot take a seat in a card game played on several devices: its hand "
    "would be on the host's device, for the host to read."
)
ONE_SEAT = (
    "In a card game played on several devices, each player has their own device: take "
    "one seat and leave the others open."
)


def long_link_line(text: str, max_chars: int = LONG_LINK) -> str | None:
    """One line saying why ``text`` goes in parts or as a file, or None if it fits (a
    link of the deal carries a whole locked deck: Waddle Waddle's are 7,000 to 15,000
    characters).

    >>> long_link_line("r1." + "A" * 900) is None
    True
    >>> print(long_link_line("r1." + "A" * 4500))
    This link is 4,503 characters long: messengers cut links past 2,000, so send it in 3 \
parts (they open in any order) or as a file.
    """
    if len(text) <= max_chars:
        return None
    from waddle.core.link_parts import split_link

    count = len(split_link(text, max_chars))
    return (
        f"This link is {len(text):,} characters long: messengers cut links past "
        f"{max_chars:,}, so send it in {count} parts (they open in any order) or as a file."
    )


_MEMORY: dict[tuple[bytes, bytes], tuple[card_world.Builder, dict]] = {}
"""What this device worked out for a game it plays (the world's builder, the cards it
read), by game and device key: the page opens each link on a game loaded again from its
storage, and a replay or a card read costs more than keeping them."""


def card_game(entry: GameEntry) -> card_world.CardGame:
    """The game's remote deal (its ``remote_deal`` module), or :class:`RemoteError`."""
    hook = getattr(entry.load(), "remote_deal", None)
    if hook is None:
        raise RemoteError(f"{entry.title} cannot be played on several devices yet.")
    return hook()


def entry_of(prefix: str) -> GameEntry:
    """The card game a genesis's prefix names (:class:`RemoteError` if none)."""
    entry = GAMES.by_link(prefix)
    if (
        entry is None
        or not entry.hidden_information
        or not any(prefix == p + PREFIX_SUFFIX for p in entry.link_prefixes)
    ):
        raise RemoteError("This link holds a game this version of the app does not know.")
    return entry


def check_card_lobby(lobby: CardLobby) -> None:
    """:class:`RemoteError` unless the lobby's shuffles are the host's first shuffle of the
    deal, signed by the host."""
    shuffles = lobby.shuffles
    if len(shuffles) != 1 or shuffles[0].step.player != 0 or shuffles[0].step.pass_index:
        raise RemoteError("This invitation cannot be opened: its deal is not the host's.")
    problem = remote_cards.check_shuffles(lobby.genesis, shuffles, lobby.genesis.table.keys)
    if problem:
        raise RemoteError(f"This invitation cannot be opened: {problem}.")


class RemoteCardGame(TableSeats):
    """A card game this device takes part in (see the module's notes)."""

    def __init__(
        self,
        genesis: Genesis,
        lobby_signature: bytes,
        key: bytes,
        secrets: deal.Secrets,
        lobby_shuffles: Sequence[SignedShuffle] = (),
        status: str = LOBBY,
    ) -> None:
        self.genesis = genesis
        self.lobby_signature = lobby_signature
        self.key = key
        self.secrets = secrets
        self.lobby_shuffles = list(lobby_shuffles)
        self.status = status
        self.entries: list[Entry] = []
        self.signatures: dict[int, tuple[int, bytes]] = {}
        self.known: dict[int, int] = {}
        self.releases: list[deal.Release] = []
        self.sent_releases = 0
        """Releases before this index went out in one of this device's links."""
        self.made_at: dict[int, int] = {}
        """For each release of this device's own (by its index in :attr:`releases`), the
        length of the chain when it was made: a link carries this device's releases made
        since its start, with the decisions whose cards they show."""
        self.reveals: dict[int, deal.Reveal] = {}
        self.last_link = ""
        self.created_ms = 0
        self.last_move_ms = 0
        self.note = ""
        self._hash_base: Genesis | None = None
        self._hashes: list[bytes] = []
        self._hashed: list[Entry] = []
        """The last line of entries hashed, and its hashes (:meth:`chain_hashes`)."""
        self.verdict: str | None = None
        """After the end's check: "" when the deal and every decision were honest, else
        one line naming the player who cheated. None before."""
        self._public = crypto.public_key(key)
        self.entry = entry_of(genesis.prefix)
        self.game = self.entry.load()
        self.cards = card_game(self.entry)
        try:
            self.setup = self.cards.read_setup(genesis.setup)
        except LinkError as e:
            raise RemoteError(f"The game's setup in this link cannot be read: {e}.") from None
        if self.cards.players(self.setup) != len(genesis.table.seats):
            raise RemoteError("This link's seats do not match its game (it was changed).")
        self.plan = self.cards.plan(self.setup, genesis.game_id)
        self.bots: list[str | None] = [None] * len(genesis.table.seats)
        self.deal = deal.Deal(self.plan, len(genesis.table.seats))
        self.world: card_world.World | None = None
        self._view_of: card_world.World | None = None
        self._view_state: Any = None
        memory = _MEMORY.get((genesis.game_id, self._public))
        if memory is None or memory[0].plan != self.plan:
            memory = (card_world.Builder(self.cards, self.setup, self.plan), {})
            if len(_MEMORY) >= 8:
                _MEMORY.pop(next(iter(_MEMORY)))
            _MEMORY[(genesis.game_id, self._public)] = memory
        self.builder = memory[0]
        self._reads = memory[1]
        self.broken: str | None = None
        """A card that could not be there turned up (a shuffle was changed): the game
        stops and every device reveals its secrets to name who."""

    # -- who is who (the rest is TableSeats') ----------------------------------------------------

    @property
    def my_seat(self) -> int | None:
        seats = self.my_seats
        return seats[0] if seats else None

    def seat_of(self, key: int) -> int:
        """The seat of a player of the deal (a key: each holds exactly one seat)."""
        return next(
            i for i, s in enumerate(self.table.seats) if s.key == key and s.holder == PERSON
        )

    # -- the chain -------------------------------------------------------------------------------

    @property
    def decisions(self) -> list[tuple[int, str]]:
        """The decisions of the chain, in order: (seat, record JSON)."""
        return [(e.seat, e.action) for e in self.entries if isinstance(e, Decision)]

    @property
    def kept(self) -> frozenset[int]:
        return frozenset(e.position for e in self.entries if isinstance(e, Keep))

    def deal_order(self) -> list[list[int]]:
        """Who shuffles in each pass, then who relocks, in order: the first pass from the
        host (in its invitation), then the other players from the last key down (with the
        invitation passed on, the player who completes the table holds the last key and
        shuffles in the link that completes it); each later pass and the relocks in the
        reverse order of the one before, so the last to shuffle a pass does the next step
        in the same link."""
        n = len(self.table.seats)
        orders = [[0, *range(n - 1, 0, -1)]]
        for _ in range(len(self.plan.passes) - 1):
            orders.append(list(reversed(orders[-1])))
        orders.append(list(reversed(orders[-1])))
        return orders

    def deal_next(self) -> tuple[str, int, int] | None:
        """The deal's next step: ("shuffle", key, pass) or ("relock", key, 0); None once
        the deal is done."""
        if self.deal.complete:
            return None
        orders = self.deal_order()
        current = self.deal.current_pass()
        if current is not None:
            done = self.deal.pass_done(current)
            return "shuffle", next(k for k in orders[current] if k not in done), current
        done = {r.player for r in self.deal.relocks}
        return "relock", next(k for k in orders[-1] if k not in done), 0

    # -- the game this device can play -----------------------------------------------------------

    def rebuild(self) -> None:
        """The world again from the chain and what this device knows."""
        if self.deal.complete and not self.deal._reads:
            self.deal._reads.update(self._reads)  # cards read before (the same final deal)
        me = self.my_index
        try:
            cards = self.deal.read_all(self.secrets, me)
        except deal.DealError as e:
            self.broken = e.line
            cards = {}
        if self.deal.complete:
            self._reads.update(self.deal._reads)
        values = {}
        for tag in {t for (_, t) in self.deal.shares}:
            value = self.deal.shared_value(tag)
            if value is not None:
                values[tag] = value
        knowledge = card_world.Knowledge(cards, values, self.kept)
        self._known_origins = frozenset(cards.values())
        self._knowledge_size = (len(cards), len(values))
        self.world = self.builder.build(knowledge, self.decisions, self.my_seat)

    _known_origins: frozenset[int] = frozenset()

    def unseen_labels(self) -> frozenset[str]:
        """The labels (a card's ``data-card``) of the cards this device has not been shown:
        wherever the world shows one of them it is a stand-in, and the page draws it face
        down (:func:`waddle.ui.unseen.face_down`). A label also on a card this device
        knows is left out (copies of one card look alike). Empty once the game's whole
        record is checked (every card is known then)."""
        if self.status in (LOBBY, LEFT_OUT) or self.final_record() is not None:
            return frozenset()
        if self.world is None:
            self.rebuild()
        known = {self.deal.label(o)[1] for o in self._known_origins}
        return frozenset(
            label
            for o in range(self.plan.size)
            if o not in self._known_origins and (label := self.deal.label(o)[1]) not in known
        )

    @property
    def now(self) -> Any:
        """The determinization the rules run on (see the module's notes); it keeps no undo
        information: draw :attr:`state`."""
        if self.world is None:
            self.rebuild()
        assert self.world is not None
        return self.world.state

    @property
    def state(self) -> Any:
        """The game as this device plays it, to draw through ``view(my_seat)``: the
        determinization's record replayed (with what a state keeps to mark the last turn),
        made when first asked for after each change."""
        now = self.now
        if self._view_of is not self.world:
            assert self.world is not None
            self._view_state = self.world.record.replay() if self.world.record else now
            self._view_of = self.world
        return self._view_state

    def to_move(self) -> int | None:
        if self.status in (LOBBY, LEFT_OUT):
            return None
        if self.world is None:
            self.rebuild()
        assert self.world is not None
        if self.world.applied < len(self.decisions) or self.now.is_over():
            return None
        seat = self.now.to_move()
        return seat if seat is not None and seat >= 0 else None

    def my_turn(self) -> bool:
        """Whether the person here is to move and may decide now: the deal has come far
        enough, every card the decision may need is unlocked, and no other device has a
        step of the deal to do first (unless this device's own last steps are not sent
        yet: nobody else has seen where the chain stands)."""
        if self.status in (LOBBY, LEFT_OUT) or self.broken or self.verdict:
            return False
        if self.world is None:
            self.rebuild()
        assert self.world is not None
        seat = self.to_move()
        if seat is None or seat != self.my_seat or self.world.waiting:
            return False
        step = self.deal_next()
        return step is None or step[1] == self.my_index or self._unsent_tail()

    def _unsent_tail(self) -> bool:
        """Whether the chain's last entry is this device's and not sent yet."""
        me = self.my_index
        signed = self.signatures.get(me, (0, b""))[0] if me is not None else 0
        return (
            bool(self.entries)
            and len(self.entries) > signed
            and _author(self.entries[-1], self) == me
        )

    def computer_to_move(self) -> str | None:
        return None  # no computer plays a card game on several devices

    def legal_actions(self) -> list[Any]:
        """What the person here may decide now (empty when it is not their turn)."""
        return list(self.now.legal_actions()) if self.my_turn() else []

    # -- acting here -----------------------------------------------------------------------------

    def play(self, action: Any, now_ms: int = 0) -> None:
        """This device's decision; :class:`RemoteError` if it is not its to make, or not
        legal. Its tokens (a card it shows, a card it turns up) follow by themselves."""
        if not self.my_turn():
            raise RemoteError(self.waiting_for() if self.world else "It is not this device's turn.")
        reason = self.now.why_illegal(action)
        if reason is not None:
            raise RemoteError(reason[0].upper() + reason[1:].rstrip(".") + ".")
        seat = self.my_seat
        assert seat is not None
        self._undo_guard = (len(self.entries), self._knowledge_size)
        self.entries.append(Decision.of(seat, action))
        self.last_move_ms = now_ms
        self.rebuild()
        if self.now.is_over():
            self.status = OVER_STATUS
        self.work()

    def undo_refusal(self) -> str | None:
        """Why this device's last decision cannot be taken back, or None if it can: it must
        be the chain's last entry, not sent yet (not under this device's signature), and
        must have shown this device no card or random value it had not seen (else undo would
        let a player look and choose again). Tokens it released for the decision (a card
        shown from its hand) go with it: they were never sent."""
        mine, seat = self.my_index, self.my_seat
        if mine is None or seat is None or not self.entries:
            return "Nothing of yours to take back."
        last = self.entries[-1]
        signed = self.signatures.get(mine, (0, b""))[0]
        if len(self.entries) <= signed:
            return "Your move is sent: it cannot be taken back any more."
        if not isinstance(last, Decision) or last.seat != seat:
            return "Your last move showed you a card: it cannot be taken back."
        if self._undo_guard != (len(self.entries) - 1, self._knowledge_size):
            return "Your last move showed you a card: it cannot be taken back."
        if self._released_for_last() is None:
            return "Another player's tokens came after your move: it cannot be taken back."
        return None

    def _released_for_last(self) -> int | None:
        """Where the releases made for the chain's last entry begin in :attr:`releases`
        (they must be its unsent tail), or None."""
        at = len(self.entries) - 1
        mine = sorted(i for i, made in self.made_at.items() if made > at)
        cut = len(self.releases) - len(mine)
        if mine != list(range(cut, len(self.releases))) or cut < self.sent_releases:
            return None
        return cut

    def undo(self) -> bool:
        """Take back this device's last decision if :meth:`undo_refusal` allows it, with the
        tokens it released for it."""
        if self.undo_refusal() is not None:
            return False
        mine = self.my_index
        cut = self._released_for_last()
        assert cut is not None
        for release in self.releases[cut:]:
            for x in deal.positions_of(release, self.plan.size):
                self.deal.tokens.pop((mine, x), None)
            for tag, _ in release.shares:
                self.deal.shares.pop((mine, tag), None)
        self.releases = self.releases[:cut]
        self.made_at = {i: made for i, made in self.made_at.items() if i < cut}
        self.entries.pop()
        self._undo_guard = None
        self.rebuild()
        if self.status == OVER_STATUS and not self.now.is_over():
            self.status = PLAYING
        return True

    _undo_guard: tuple[int, tuple[int, int]] | None = None
    """Where this device's last decision stands in the chain and how much it knew of the
    deal just before it (:meth:`undo_refusal`); not saved: after a reload no undo."""
    _knowledge_size: tuple[int, int] = (0, 0)

    def _unsent_mine(self) -> bool:
        me = self.my_index
        return any(r.player == me for r in self.releases[self.sent_releases :])

    def work(self) -> bool:
        """Do what this device must do by itself now (see the module's notes); whether
        anything new is there to send."""
        if self.status in (LOBBY, LEFT_OUT):
            return False
        me = self.my_index
        if me is None:
            return False
        changed = False
        for _ in range(2 * len(self.plan.passes) + 2):  # a shuffle can make the next step ours
            step = self.deal_next()
            if step is None or step[1] != me:
                break
            kind, _, pass_index = step
            if kind == "shuffle":
                made = deal.shuffle(
                    self.secrets, me, self.plan, pass_index, self.deal.pass_input(pass_index)
                )
                self.deal.add_shuffle(made)
                self.entries.append(made)
            else:
                made = deal.relock(self.secrets, me, self.plan, self.deal.relock_input())
                self.deal.add_relock(made)
                self.entries.append(made)
            changed = True
        if changed or self.world is None:
            self.rebuild()
        assert self.world is not None
        changed |= self._release()
        ended = self.broken or (self.status == OVER_STATUS and self.now.is_over())
        if ended and me not in self.reveals and self.deal.complete:
            reveal = deal.Reveal(me, self.secrets.lock, self.secrets.seed)
            self.deal.add_reveal(reveal)
            self.reveals[me] = reveal
            changed = True
        self._check_end()
        return changed

    def _release(self) -> bool:
        """Tokens and shares now due from this device, and its own face-down cards shown
        or kept."""
        assert self.world is not None
        me, seat = self.my_index, self.my_seat
        if me is None or seat is None or not any(r.player == me for r in self.deal.relocks):
            return False  # tokens are checked against this device's relock
        positions, tags, keeps = card_world.my_part(self.world.due, seat)
        positions = {x for x in positions if (me, x) not in self.deal.tokens}
        tags = {t for t in tags if (me, t) not in self.deal.shares}
        changed = False
        for due in keeps:
            assert due.position is not None
            if due.position in self.kept or (me, due.position) in self.deal.tokens:
                continue
            origin = self.deal.read(due.position, self.secrets, me)
            if origin is None:
                continue  # not unlocked for this device yet
            if self.cards.shown_at_once(self.setup, self.plan, origin):
                positions.add(due.position)
            else:
                self.entries.append(Keep(seat, due.position))
                changed = True
        if positions or tags:
            release = deal.make_release(self.deal, self.secrets, me, positions, tags)
            self.deal.add_release(release, check=False)
            self.made_at[len(self.releases)] = len(self.entries)
            self.releases.append(release)
            changed = True
        if changed:
            self.rebuild()
            self._release()
        return changed

    def _check_end(self) -> None:
        """Once every secret is in: the audit, then every decision against the deal."""
        if self.verdict is not None or len(self.reveals) < len(self.table.seats):
            return
        if not self.deal.complete:
            return
        result = deal.audit(self.deal)
        if result.cheat is not None:
            who = self.key_names(result.cheat.player) if result.cheat.player is not None else ""
            self.verdict = f"{who or 'A player'} cheated: {result.cheat.line}."
            return
        self.rebuild()
        assert self.world is not None
        for entry in self.entries:
            if isinstance(entry, Keep):
                origin = self.deal.read(entry.position, None, None)
                if origin is not None and self.cards.shown_at_once(self.setup, self.plan, origin):
                    self.verdict = (
                        f"{self.seat_name(entry.seat)} cheated: they kept a card drawn face "
                        "down that the rules show at once (a threat)."
                    )
                    return
        if self.world.problem is not None:
            seat, line = self.world.problem
            self.verdict = f"{self.seat_name(seat)} cheated: {line}."
            return
        if self.world.waiting is not None or self.world.applied < len(self.decisions):
            self.verdict = "The game could not be checked: a move cannot be replayed."
            return
        self.verdict = ""

    def final_record(self) -> Any | None:
        """The finished game's record with the deal written out, once checked honest."""
        if self.verdict != "":
            return None
        if self.world is None:
            self.rebuild()
        assert self.world is not None
        return self.world.record

    # -- waiting ---------------------------------------------------------------------------------

    def others_wait(self) -> bool:
        """Whether this device has something the others need that it has not sent: its
        step of the deal, tokens, a kept card, its secrets at the end."""
        me = self.my_index
        if me is None or self.status in (LOBBY, LEFT_OUT):
            return False
        signed = self.signatures.get(me, (0, b""))[0]
        mine_after = any(_author(e, self) == me for e in self.entries[signed:])
        own = any(r.player == me for r in self.releases[self.sent_releases :])
        return mine_after or own or (me in self.reveals and not self._reveal_sent)

    _reveal_sent = False

    def waiting_for(self) -> str:
        """One line: whose move, whose tokens, or what the end's check found."""
        if self.status == LEFT_OUT:
            return self.note or "This device has no seat in this game."
        if not self.table.complete:
            free = len(self.free_seats)
            return f"Waiting for {free} more player{'s' if free > 1 else ''} to join."
        if self.verdict:
            return self.verdict
        if self.broken:
            return f"The game stopped: {self.broken}."
        if self.world is None and self.status not in (LOBBY, LEFT_OUT):
            self.rebuild()
        if self.my_turn():
            return "Your turn."
        step = self.deal_next()
        if step is not None and (self.world is None or self.world.applied == len(self.decisions)):
            who = step[1]
            if who == self.my_index:
                return "Dealing: send your link."
            return f"Dealing: waiting for {self.key_names(who)}'s device."
        if self.world is None:
            return ""
        if self.now.is_over():
            if self.verdict == "":
                return "Finished: the deal was checked, nobody cheated."
            missing = [k for k in range(len(self.table.keys)) if k not in self.reveals]
            names = ", ".join(self.key_names(k) for k in missing)
            return f"Finished: waiting for {names} to show their keys, to check the deal."
        if self.world.waiting:
            who = self._waiting_keys()
            if who:
                return (
                    "Waiting for "
                    + " and ".join(self.key_names(k) for k in who)
                    + ("'s device to unlock a card.")
                )
            return self.world.waiting
        if self.my_turn():
            return "Your turn."
        seat = self.to_move()
        return f"{self.seat_name(seat)}'s turn." if seat is not None else ""

    def _waiting_keys(self) -> list[int]:
        """The players whose tokens or shares for a due reveal this device lacks."""
        assert self.world is not None
        seat = self.my_seat
        out: set[int] = set()
        for due in self.world.due:
            if due.tag is not None:
                out.update(self.deal.missing_shares(due.tag))
            elif due.position is not None and due.to in (seat, card_world.PUBLIC):
                holder = None if due.holder is None else self.table.seats[due.holder].key
                missing = self.deal.missing_tokens(due.position, None)
                if due.holder is not None:
                    missing = [k for k in missing if k == holder]
                out.update(k for k in missing if k != self.my_index)
        return sorted(out)

    # -- the links -------------------------------------------------------------------------------

    def send(self) -> str:
        """The link to send now (also :attr:`last_link`): the invitation while the table
        is not complete, else everything new in the chain since the others' last
        signatures, this device's signature, and the tokens not sent yet."""
        if self.status == LOBBY:
            message = CardLobby(self.genesis, self.lobby_signature, tuple(self.lobby_shuffles))
            self.last_link = remote.write_link(message)
            return self.last_link
        me = self.my_index
        if me is None:
            return self.last_link
        if self.last_link and not self._new_since_sent(me):
            # Nothing new: the same link again. Built afresh it would leave out this
            # device's step of the deal, which travels only in the link that first had it.
            return self.last_link
        self._merge_unsent()
        position = len(self.entries)
        before = self.signatures.get(me, (0, b""))[0]
        if self.signatures.get(me, (-1, b""))[0] != position:
            hashes = self.chain_hashes(self.genesis, self.entries)
            message = remote.turn_message(self.genesis.game_id, position, hashes[position])
            self.signatures[me] = (position, crypto.sign(self.key, message))
            self.known[me] = position
        others = [k for k in range(len(self.table.keys)) if k != me]
        lobby = len(self.lobby_shuffles)  # every device has the invitation's shuffles
        known = [self.known.get(k, lobby) for k in others]
        start = min(min(known), len(self.entries)) if others else len(self.entries)
        # A step of the deal travels once, in its author's link (it holds a whole deck):
        # a device that missed one opens that link (the chat has it).
        for n, entry in enumerate(self.entries[:position]):
            if isinstance(entry, deal.Shuffle | deal.Relock | SignedShuffle) and (
                _author(entry, self) != me or n < before
            ):
                start = max(start, n + 1)
        genesis = any(k not in self.known for k in others)
        turn = self._turn_from(start, genesis)
        text = remote.write_link(turn)
        dealt = any(isinstance(e, deal.Shuffle | deal.Relock | SignedShuffle) for e in self.entries)
        if start and not dealt:
            whole = remote.write_link(self._turn_from(0, True))
            if len(whole) <= len(text):
                text = whole
        # Catching others up has a budget: older entries ride along while the link fits a
        # messenger's and a QR code's 1,000 characters; past that a device that skipped a
        # link opens it (the chat holds it). This device's own new entries always go.
        own = next(
            (n for n in range(before, position) if _author(self.entries[n], self) == me), position
        )
        while len(text) > TURN_BUDGET and not genesis and start < own:
            start += 1
            text = remote.write_link(self._turn_from(start, genesis))
        self.last_link = text
        self.sent_releases = len(self.releases)
        if me in self.reveals:
            self._reveal_sent = True
        return self.last_link

    def _new_since_sent(self, me: int) -> bool:
        """Whether this device holds anything not in :attr:`last_link`: an entry not under
        its signature (its own or one it received), a release, or its keys at the end."""
        signed = self.signatures.get(me, (-1, b""))[0]
        return (
            signed != len(self.entries)
            or self.sent_releases != len(self.releases)
            or (me in self.reveals and not self._reveal_sent)
        )

    def _merge_unsent(self) -> None:
        """This device's releases not sent yet, as one (one proof for the link)."""
        me = self.my_index
        unsent = [i for i in range(self.sent_releases, len(self.releases)) if i in self.made_at]
        if len(unsent) < 2:
            return
        positions = {x for i in unsent for x in deal.positions_of(self.releases[i], self.plan.size)}
        tags = {t for i in unsent for t, _ in self.releases[i].shares}
        merged = deal.make_release(self.deal, self.secrets, me, positions, tags)
        made = min(self.made_at[i] for i in unsent)
        keep = [r for i, r in enumerate(self.releases) if i not in unsent]
        kept_at = {
            j: self.made_at[i]
            for j, i in enumerate(i for i in range(len(self.releases)) if i not in unsent)
            if i in self.made_at
        }
        self.releases = keep
        self.made_at = kept_at
        self.made_at[len(self.releases)] = made
        self.releases.append(merged)

    def _turn_from(self, start: int, genesis: bool) -> CardTurn:
        authors = {_author(e, self) for e in self.entries[start:]}
        authors.add(self.my_index)
        signed = tuple(
            Signed(k, *self.signatures[k])
            for k in sorted(a for a in authors if a is not None)
            if k in self.signatures
            and (self.signatures[k][0] > start or k == self.my_index)  # the sender's, always
        )
        return CardTurn(
            self.genesis.game_id,
            self.genesis if genesis else None,
            start,
            tuple(self.entries[start:]),
            signed,
            tuple(
                r
                for i, r in enumerate(self.releases)
                if i in self.made_at and (i >= self.sent_releases or self.made_at[i] > start)
            ),
            tuple(self.reveals.values()) if self.now.is_over() or self.broken else (),
            self.my_index or 0,
        )

    def link_parts(self, max_chars: int = LONG_LINK) -> list[str]:
        """:attr:`last_link` in parts no longer than ``max_chars`` (one part if it fits):
        what the page offers when a messenger would cut the link."""
        from waddle.core.link_parts import split_link

        return split_link(self.last_link, max_chars)

    def long_link_line(self) -> str | None:
        """Why :attr:`last_link` is offered in parts or as a file (one line for the send
        dialog), or None when it fits a messenger."""
        return long_link_line(self.last_link)

    # -- receiving -------------------------------------------------------------------------------

    def accept(self, turn: CardTurn, now_ms: int = 0) -> Merge:
        """Merge a card turn link; :class:`RemoteError` with one line if it is refused (and
        then nothing has changed)."""
        genesis = self._genesis_for(turn)
        sender = self._sender(turn, genesis)
        have: list[Entry] = list(self.entries)
        if self.status == LOBBY and not have:
            have = list(self.lobby_shuffles)  # the invitation's: the chain starts with them
        if turn.start > len(have):
            raise RemoteError(
                f"This link continues from step {turn.start + 1} of the game, but this device "
                f"has only {len(have)}: open the links before it first."
            )
        for n, entry in enumerate(turn.entries, turn.start):
            if n < len(have) and remote_cards.entry_bytes(have[n]) != remote_cards.entry_bytes(
                entry
            ):
                raise RemoteError(
                    f"Refused: this link from {sender} changes moves this device already has."
                )
        line = have[: turn.start] + list(turn.entries)
        self._check_signatures(turn, genesis, line, sender)
        # Try everything on a copy of the deal, so a refusal changes nothing.
        trial = deal.Deal(self.plan, len(genesis.table.seats))
        trial.shuffles, trial.relocks = list(self.deal.shuffles), list(self.deal.relocks)
        trial.tokens, trial.shares = dict(self.deal.tokens), dict(self.deal.shares)
        trial.reveals = dict(self.deal.reveals)
        new_entries = line[len(self.entries) :]
        saved_deal, saved_entries, saved_genesis = self.deal, self.entries, self.genesis
        try:
            self.genesis = genesis
            self.deal = trial
            self.entries = list(self.entries)
            for entry in new_entries:
                self._add_entry(entry, sender)
                self.entries.append(entry)
            fresh = [r for r in dict.fromkeys(turn.releases) if r not in self.releases]
            self._check_load(fresh)
            for release in fresh:
                try:
                    self.deal.add_release(release)
                except deal.DealError as e:
                    raise RemoteError(self._named(e, "its unlock tokens are forged")) from None
            for reveal in turn.reveals:
                if reveal.player not in self.reveals:
                    try:
                        self.deal.add_reveal(reveal)
                    except deal.DealError as e:
                        raise RemoteError(self._named(e, "its keys are not its own")) from None
            self.rebuild()
            assert self.world is not None
            index = self._decision_entry(self.world.applied)
            if self.world.problem is not None and index >= len(saved_entries):
                seat, why = self.world.problem
                raise RemoteError(
                    f"Refused: {self.seat_name(seat)}'s move is not possible ({why})."
                )
            own = self.world.waiting_own
            authored = own is not None and self.table.seats[own].key == turn.sender
            # A decision re-sent by another device (to catch this one up) comes without the
            # token its player sent in its own link: it waits for that link. Its own
            # player's link without it was changed.
            if authored and index >= len(saved_entries):
                name = self.seat_name(own)
                raise RemoteError(
                    f"Refused: {name}'s move plays a card from {name}'s hand without showing "
                    f"it (this link does not carry {name}'s key for it)."
                )
        except RemoteError:
            self.deal, self.entries, self.genesis = saved_deal, saved_entries, saved_genesis
            self.world = None
            self.rebuild()
            raise
        if self.status == LOBBY:
            self._adopt(saved_genesis, genesis)
        self.releases.extend(fresh)
        for reveal in turn.reveals:
            self.reveals.setdefault(reveal.player, reveal)
        for signed in turn.signatures:
            if signed.position > self.signatures.get(signed.key, (-1, b""))[0]:
                self.signatures[signed.key] = (signed.position, signed.signature)
            self.known[signed.key] = max(self.known.get(signed.key, -1), signed.position)
        new_decisions = sum(1 for e in new_entries if isinstance(e, Decision))
        if self.now.is_over() and self.world and self.world.applied == len(self.decisions):
            self.status = OVER_STATUS
        elif self.status != OVER_STATUS:
            self.status = PLAYING
        self.work()
        changed = bool(new_entries or fresh or turn.reveals)
        if not changed:
            older = turn.end < len(self.entries)
            return Merge(False, OLDER if older else SEEN)
        if new_decisions:
            self.last_move_ms = now_ms
            moved = f"{new_decisions} new move{'s' if new_decisions > 1 else ''} from {sender}."
        elif new_entries:
            moved = f"{sender}'s device dealt."
        else:
            moved = f"{sender}'s device unlocked cards."
        new_from = None
        if new_decisions and self.world is not None:  # the ply of the first new decision
            first = sum(1 for e in saved_entries if isinstance(e, Decision))
            plies = self.world.plies
            new_from = plies[first] if first < len(plies) else None
        return Merge(True, f"{moved} {self.waiting_for()}", new_from)

    def _check_load(self, releases: Sequence[deal.Release]) -> None:
        """Refuse a link whose new tokens and shares of one player are more than a link
        ever needs, before checking any proof: each costs this device a few point
        multiplications, and a link of short releases (a node of the key tree stands for
        up to every card) would otherwise cost minutes. An honest link carries at most
        one release of its device's since the last link, plus the ones it re-sends:
        measured, never more than the deal's size."""
        size = self.plan.size
        load: dict[int, int] = {}
        for release in releases:
            count = len(release.shares)
            for level, index, _ in release.nodes:
                span = deal.leaves(level, index)
                count += max(0, min(span.stop, size) - span.start)
            load[release.player] = load.get(release.player, 0) + count
        for player, count in load.items():
            if count > MAX_LINK_LOAD * size:
                who = self.key_names(player) if 0 <= player < len(self.table.keys) else "a player"
                raise RemoteError(
                    f"Refused: this link holds {count:,} unlock tokens of {who}'s, more than "
                    "a game ever sends at once."
                )

    def _named(self, error: deal.DealError, default: str) -> str:
        who = self.key_names(error.player) if error.player is not None else "a player"
        return f"Refused: this link holds {who}'s unlock tokens, but {error.line or default}."

    def _decision_entry(self, index: int) -> int:
        """The chain position of the ``index``-th decision."""
        count = -1
        for n, entry in enumerate(self.entries):
            if isinstance(entry, Decision):
                count += 1
                if count == index:
                    return n
        return len(self.entries)

    def _add_entry(self, entry: Entry, sender: str) -> None:
        """Check one new entry against the deal's order and add its step to the deal."""
        nxt = self.deal_next()
        if isinstance(entry, SignedShuffle | deal.Shuffle):
            step = entry.step if isinstance(entry, SignedShuffle) else entry
            if (
                nxt is None
                or nxt[0] != "shuffle"
                or (nxt[1], nxt[2]) != (step.player, step.pass_index)
            ):
                raise RemoteError(
                    f"Refused: this link from {sender} shuffles out of the deal's order."
                )
            try:
                self.deal.add_shuffle(step)
            except deal.DealError as e:
                raise RemoteError(self._step_refused(e)) from None
        elif isinstance(entry, deal.Relock):
            if nxt is None or nxt[0] != "relock" or nxt[1] != entry.player:
                raise RemoteError(
                    f"Refused: this link from {sender} relocks out of the deal's order."
                )
            try:
                self.deal.add_relock(entry)
            except deal.DealError as e:
                raise RemoteError(self._step_refused(e)) from None
        else:
            seat = entry.seat
            if not 0 <= seat < len(self.table.seats) or self.table.seats[seat].holder != PERSON:
                raise RemoteError("This link was changed by hand: a move belongs to nobody.")
            key = self.table.seats[seat].key
            # a decision may follow its own player's step of the deal in one link: nobody
            # else could have acted on the chain before that link
            follows_own = bool(self.entries) and _author(self.entries[-1], self) == key
            if (
                isinstance(entry, Decision)
                and nxt is not None
                and nxt[1] != key
                and not follows_own
            ):
                raise RemoteError(
                    f"Refused: {self.seat_name(seat)} moved while the deal waited for "
                    f"{self.key_names(nxt[1])}."
                )

    def _step_refused(self, error: deal.DealError) -> str:
        who = self.key_names(error.player) if error.player is not None else "a player"
        return f"Refused: {who}'s step of the deal is not valid ({error.line})."

    def _genesis_for(self, turn: CardTurn) -> Genesis:
        return genesis_for(self.genesis, self.status, turn.genesis)

    def _sender(self, turn: CardTurn, genesis: Genesis) -> str:
        """Who made the link (its own signature must be in it)."""
        if turn.sender >= len(genesis.table.keys) or not any(
            s.key == turn.sender for s in turn.signatures
        ):
            raise RemoteError("This link was changed by hand: it names a player nobody is.")
        return self.key_names(turn.sender, genesis.table)

    def _check_signatures(
        self, turn: CardTurn, genesis: Genesis, line: list[Entry], sender: str
    ) -> None:
        table = genesis.table
        by_key: dict[int, Signed] = {}
        for signed in turn.signatures:
            if signed.key >= len(table.keys) or signed.key in by_key:
                raise RemoteError("This link was changed by hand: its signatures do not add up.")
            if not turn.start < signed.position <= turn.end and signed.position != turn.end:
                raise RemoteError("This link was changed by hand: a signature is out of place.")
            by_key[signed.key] = signed
        shuffles: list[SignedShuffle] = [e for e in line if isinstance(e, SignedShuffle)]
        problem = remote_cards.check_shuffles(genesis, shuffles, table.keys)
        if problem:
            raise RemoteError(f"Refused: {problem}.")
        for j, entry in enumerate(line[turn.start :], turn.start):
            if isinstance(entry, SignedShuffle):
                continue
            key = _author_in(entry, table)
            if key is None:
                raise RemoteError("This link was changed by hand: a move belongs to nobody.")
            covering = by_key.get(key)
            if covering is None or covering.position <= j:
                if j < len(self.entries):
                    continue  # this device already holds it, checked when it came
                who = self.key_names(key, table)
                raise RemoteError(
                    f"Refused: step {j + 1} is {who}'s, but this link does not carry {who}'s "
                    f"signature for it (from {sender})."
                )
        hashes = self.chain_hashes(genesis, line)
        for signed in by_key.values():
            if signed.position > len(line):
                raise RemoteError("This link was changed by hand: a signature is out of place.")
            message = remote.turn_message(genesis.game_id, signed.position, hashes[signed.position])
            if not crypto.verify(table.keys[signed.key], message, signed.signature):
                names = self.key_names(signed.key, table)
                raise RemoteError(
                    f"Refused: the moves of {names} in this link are not signed by {names}'s "
                    "device (the link was changed, or made on another device)."
                )

    def chain_hashes(self, genesis: Genesis, line: list[Entry]) -> list[bytes]:
        """The chain's hashes of ``line`` (after 0, 1, ... entries), reusing those of the
        last line hashed for the entries they share: every link hashes the whole chain,
        which holds whole decks."""
        if self._hash_base is not genesis:
            self._hash_base = genesis
            self._hashes = [remote.genesis_hash(genesis)]
            self._hashed = []
        shared = 0
        limit = min(len(self._hashed), len(line))
        while shared < limit and line[shared] is self._hashed[shared]:
            shared += 1
        out = self._hashes[: shared + 1]
        for entry in line[shared:]:
            out.append(remote_cards.next_hash(out[-1], entry))
        self._hashes, self._hashed = out, list(line)
        return out

    def _adopt(self, before: Genesis, genesis: Genesis) -> None:
        """The game started from ``genesis``: its table is final (as for the hex games,
        this device is left out if its seat went to another)."""
        me = before.table.keys.index(self._public) if self._public in before.table.keys else None
        mine = [
            (i, s) for i, s in enumerate(before.table.seats) if s.holder == PERSON and s.key == me
        ]
        keys = genesis.table.keys
        still = self._public in keys and all(
            genesis.table.seats[i].holder == PERSON
            and keys[genesis.table.seats[i].key] == self._public
            and genesis.table.seats[i].name == s.name
            for i, s in mine
        )
        if not still:
            self.status = LEFT_OUT
            taken = ", ".join(f"seat {i + 1} went to {self.seat_name(i)}" for i, _ in mine)
            self.note = f"The game started without this device: {taken}."
            raise _LeftOut(self.note)
        self.status = PLAYING


def _author_in(entry: Entry, table: remote.Table) -> int | None:
    """The key that made an entry."""
    if isinstance(entry, Decision | Keep):
        if not 0 <= entry.seat < len(table.seats):
            return None
        seat = table.seats[entry.seat]
        return seat.key if seat.holder == PERSON else None
    if isinstance(entry, SignedShuffle):
        return entry.step.player
    return entry.player if entry.player < len(table.keys) else None


def _author(entry: Entry, game: RemoteCardGame) -> int | None:
    return _author_in(entry, game.table)


# -- storage --------------------------------------------------------------------------------


def to_json(game: RemoteCardGame) -> dict[str, Any]:
    return {
        "format": STORE_FORMAT,
        "genesis": b64(remote.genesis_bytes(game.genesis)),
        "invitation": b64(game.lobby_signature),
        "key": b64(game.key),
        "lock": b64(game.secrets.lock),
        "seed": b64(game.secrets.seed),
        "status": game.status,
        "lobby": [b64(_entry_bits(s)) for s in game.lobby_shuffles],
        "entries": [b64(_entry_bits(e)) for e in game.entries],
        "signatures": {str(k): [p, b64(s)] for k, (p, s) in game.signatures.items()},
        "known": {str(k): p for k, p in game.known.items()},
        "releases": [b64(_release_bits(r)) for r in game.releases],
        "sent": game.sent_releases,
        "made_at": {str(i): at for i, at in game.made_at.items()},
        "reveals": [b64(_reveal_bits(r)) for r in game.reveals.values()],
        "reveal_sent": game._reveal_sent,
        "last_link": game.last_link,
        "created_ms": game.created_ms,
        "last_move_ms": game.last_move_ms,
        "note": game.note,
        "verdict": game.verdict,
        "broken": game.broken,
    }


def from_json(data: Any) -> RemoteCardGame:
    """A stored game (``ValueError`` family if it is damaged); its deal is rebuilt from its
    own steps without checking their proofs again (they were checked when they came)."""
    if not isinstance(data, dict) or data.get("format") != STORE_FORMAT:
        raise ValueError("it was stored in an unknown format")
    genesis = remote.read_genesis(unb64(data["genesis"]))
    status = data["status"]
    if status not in (LOBBY, PLAYING, OVER_STATUS, LEFT_OUT):
        raise ValueError("its status is unknown")
    secrets = deal.Secrets(unb64(data["lock"], 32), unb64(data["seed"], 32))
    lobby = [_read_entry_bits(unb64(t)) for t in data["lobby"]]
    if not all(isinstance(s, SignedShuffle) for s in lobby):
        raise ValueError("its lobby is damaged")
    game = RemoteCardGame(
        genesis,
        unb64(data["invitation"], crypto.SIGNATURE_BYTES),
        unb64(data["key"], crypto.SEED_BYTES),
        secrets,
        lobby,  # type: ignore[arg-type]
        status,
    )
    game.signatures = {
        int(k): (int(p), unb64(s, crypto.SIGNATURE_BYTES))
        for k, (p, s) in data["signatures"].items()
    }
    game.known = {int(k): int(p) for k, p in data["known"].items()}
    for text in data["entries"]:
        entry = _read_entry_bits(unb64(text))
        if isinstance(entry, SignedShuffle | deal.Shuffle):
            step = entry.step if isinstance(entry, SignedShuffle) else entry
            game.deal.add_shuffle(step, check=False)  # checked when it came
        elif isinstance(entry, deal.Relock):
            game.deal.add_relock(entry, check=False)
        game.entries.append(entry)
    for text in data["releases"]:
        release = _read_release_bits(unb64(text))
        game.deal.add_release(release, check=False)
        game.releases.append(release)
    game.sent_releases = min(int(data["sent"]), len(game.releases))
    game.made_at = {
        int(i): int(at)
        for i, at in data.get("made_at", {}).items()
        if 0 <= int(i) < len(game.releases)
    }
    for text in data["reveals"]:
        reveal = _read_reveal_bits(unb64(text))
        game.deal.add_reveal(reveal)
        game.reveals[reveal.player] = reveal
    game._reveal_sent = bool(data.get("reveal_sent"))
    game.last_link = str(data["last_link"])
    game.created_ms = int(data["created_ms"])
    game.last_move_ms = int(data["last_move_ms"])
    game.note = str(data.get("note", ""))
    verdict = data.get("verdict")
    game.verdict = verdict if isinstance(verdict, str) else None
    broken = data.get("broken")
    game.broken = broken if isinstance(broken, str) else None
    return game


def _entry_bits(entry: Entry) -> bytes:
    return remote_cards.entry_bytes(entry)


def _read_entry_bits(data: bytes) -> Entry:
    try:
        return remote_cards._read_entry(BitReader(data))
    except (DecodeError, LinkError) as e:
        raise ValueError(f"a step is damaged ({e})") from None


def _release_bits(release: deal.Release) -> bytes:
    w = BitWriter()
    remote_cards._write_release(w, release)
    return w.to_bytes()


def _read_release_bits(data: bytes) -> deal.Release:
    try:
        return remote_cards._read_release(BitReader(data))
    except DecodeError as e:
        raise ValueError(f"a release is damaged ({e})") from None


def _reveal_bits(reveal: deal.Reveal) -> bytes:
    return bytes([reveal.player]) + reveal.lock + reveal.seed


def _read_reveal_bits(data: bytes) -> deal.Reveal:
    if len(data) != 65:
        raise ValueError("a reveal is damaged")
    return deal.Reveal(data[0], data[1:33], data[33:])


def decision_json(action: Any) -> str:
    return json.dumps(action.to_json(), separators=(",", ":"), sort_keys=True)


__all__ = [
    "COMPUTER_REFUSED",
    "LONG_LINK",
    "ONE_SEAT",
    "PREFIX_SUFFIX",
    "STORE_FORMAT",
    "RemoteCardGame",
    "card_game",
    "check_card_lobby",
    "entry_of",
    "from_json",
    "long_link_line",
    "to_json",
]
