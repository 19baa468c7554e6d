"""The mental-poker deal: cards shuffled and dealt between devices with no trusted dealer.

The card games played on several devices (issue 40) keep each hand on its own device: no
device, not even the one that started the game, can see another's cards or stack the deck.
This module is the protocol; the arithmetic is the crypto port's (:mod:`waddle.core.crypto`,
libsodium's ristretto255 on both CPython and the page), the messages that carry it are
:mod:`waddle.core.remote_cards`, and each game says which decks it shuffles and which card
goes to whom (its ``remote_deal`` module). docs/remote-play.md, "The deal", walks through
it with its sources.

The protocol
------------
*Cards.* Every card of a game is a point of the prime-order group ristretto255 (RFC 9496),
derived by hashing the game's id, its deck's name and the card's label
(:func:`card_points`): nobody knows a relation between two cards, so a locked card cannot
be told from another (a card that were a known multiple of a generator could be).

*Locking and shuffling* (Shamir, Rivest and Adleman, "Mental Poker", 1979, with the
commutative Pohlig-Hellman exponentiation on an elliptic-curve group instead of RSA):
each player draws a secret lock ``e`` (a scalar) and publishes ``E = e·G``. In each
*pass* of the deal (:class:`Pass`: a partition of the positions into blocks) each player in
turn multiplies every card by ``e`` and permutes the cards within each block with the
operating system's secure randomness (:func:`shuffle`). Locks commute, so the order of the
players does not matter; after every player's turn nobody knows where any card is: each
knows only its own permutation, and the cards it received were locked by others. Waddle
Waddle needs two passes (its deck has a shape: threats one to a bottom stack); Pebbles one.

*Relocking* (:func:`relock`): once every pass is done, each player in turn swaps its
lock ``e^m`` (``m``: the passes the position went through) for a key of its own for each
position, ``k(x)``, derived from a secret seed whose hash it publishes: the leaves of a
binary tree of hashes from the seed (a GGM tree), so that a node gives away every key
under it and nothing else, and a run of keys travels as a few nodes (:func:`cover`). From
then on each position is locked by one key per player, ``F(x) = k_1(x)·k_2(x)···k_n(x)·
card``, and a player may give away the key of one position without giving away any
other.

*Unlock tokens* (:class:`Release`): to let a card be read, a player sends its position
key ``k(x)``: with every other player's key for ``x`` a device computes the card as
``(k_1···k_n)^-1·F(x)``. A card goes to its holder when every *other* player has sent its
token (the holder uses its own key); a face-up card when every player has. Each token
carries a Chaum-Pedersen proof of equal discrete logarithms (Chaum and Pedersen,
"Wallet databases with observers", CRYPTO 1992): that ``W = k(x)^-1·R(x)``, where ``R(x)``
is what the player's relock made of position ``x``, satisfies ``Q(x) = e^m·W`` for the
``Q(x)`` it was given, with the same ``e`` as its published ``E`` (:func:`prove_dleq`).
So a token made with another key, for another position, or by another player is refused
at once, naming the player. A release may hold many tokens under one proof: the
statements are combined with coefficients drawn from a hash of all of them (a batched
Chaum-Pedersen proof), which a single wrong token fails.

*Shared random values* (the lead player of Pebbles, the order of a deck reshuffled from
face-up cards): each player sends ``e^m·X`` for a point ``X`` hashed from the value's tag,
with the same proof; the value is the hash of everyone's shares
(:meth:`Deal.shared_value`). Nobody can choose it (each share is fixed by a key
published at the start) or know it before the last share is sent.

*The end* (:class:`Reveal`, :func:`audit`): when the game is over every player reveals
``e`` and its seed. Every device then re-does every pass and every relock and names the
first player whose step does not match: a card dropped, doubled or substituted in a
shuffle, a position relocked with a key other than the seed's. The game's own check then
replays every decision against the deal now written out.

Threat model
------------
The players are the adversaries, each alone or several together; the messenger is not
trusted either. Every step of the deal is signed by its player's device
(:mod:`waddle.core.remote_cards`); tokens and shares need no signature: their proofs tie
them to the player's published lock.

What a dishonest player **cannot** do:

- *see a card that is not theirs before the rules show it*: a card's position is locked by
  every player's key, and a device sends a token only for a card the rules give to
  another player or turn face up, never before the decision that does it (a face-down
  draw or a card turned up later is unlocked only then);
- *know or choose the order of the deck*: every player shuffles with secure randomness,
  and a player knows only its own permutation; the first and the last to shuffle are no
  better placed than the others (nobody can tell locked cards apart, and each player's
  lock is published before the decks it locks);
- *forge an unlock token or a share*: the proof ties it to the player's lock, its
  position and the game; one made with another key, for another position, replayed
  from another position or another game, or with a changed key is refused at once,
  naming the player;
- *play a card that is not theirs*: a card played from a hidden hand is shown by its
  holder's own token for a position the rules dealt to that player; any other card is
  refused at once (naming the player), and the end's replay checks every decision again;
- *cheat in a shuffle or a relock*: a card doubled in a shuffle is refused when the
  shuffle arrives (equal points); a card dropped, replaced by a point of their own or
  locked with another key is found at the end, when every step is re-done with the
  revealed keys, naming the player (and earlier if such a card turns up, as a card that
  is not in the game or a card seen twice: the game stops and the keys are revealed).

What it **does not** protect:

- a player who stops answering stalls the game, and keeps their secrets: nothing forces
  a device to send its tokens or reveal its keys (the others only know who is missing);
- players who pool their secrets: all the other players together can read one player's
  hand (each card of a hand is locked by every player, the holder's key included, and
  the others' keys are exactly what the holder is sent); two players together can read a
  card that only they hold back;
- a device's own storage: it holds the device's keys for the game (as it holds its
  signing key), so whoever copies it can read that player's cards;
- the game's own information: cards a player has seen stay seen (a device shows its own
  hand and the public cards), and a finished game's record writes the whole deal out.

Why one module: the protocol is one security argument. The locks, the relock, the proofs,
the checks on arrival and the end's audit re-do each other's arithmetic, and the threat
model above holds only if all of them agree; a reviewer reads it in one place.

>>> decks = (Deck("cards", ("1", "2", "3")),)
>>> plan = Plan(bytes(12), decks, (Pass.whole(3),))
>>> alice, bob = Secrets.new(), Secrets.new()
>>> deal = Deal(plan, 2)
>>> deal.add_shuffle(shuffle(alice, 0, plan, 0, deal.pass_input(0)))
>>> deal.add_shuffle(shuffle(bob, 1, plan, 0, deal.pass_input(0)))
>>> deal.add_relock(relock(bob, 1, plan, deal.relock_input()))
>>> deal.add_relock(relock(alice, 0, plan, deal.relock_input()))
>>> deal.add_release(make_release(deal, bob, 1, positions=[0], tags=[]))
>>> origin = deal.read(0, alice, 0)  # Alice reads the card at position 0: Bob sent his key
>>> deal.label(origin)[1] in ("1", "2", "3"), deal.read(0, bob, 1)  # Bob cannot read it
(True, None)
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from waddle.core import crypto

DOMAIN = b"waddle deal/1"
"""Every hash of the protocol starts with this tag (and one naming its use), so no value
made for one purpose can be taken for another."""

MAX_POSITIONS = 2048
"""The most cards a deal holds (Waddle Waddle's Epic game needs about 260)."""
MAX_PASSES = 3
MAX_PLAYERS = 8


class DealError(ValueError):
    """A step, a token or a share that the protocol refuses; ``player`` is the key index
    of whoever made it (None when nobody can be named yet), ``line`` says what is wrong."""

    def __init__(self, line: str, player: int | None = None) -> None:
        super().__init__(line)
        self.player = player
        self.line = line


# -- what is shuffled -------------------------------------------------------------------


@dataclass(frozen=True)
class Deck:
    """A named set of cards, each with a label distinct within the deck."""

    name: str
    labels: tuple[str, ...]


@dataclass(frozen=True)
class Pass:
    """One round of shuffles: the blocks of positions each player permutes within (a
    position in no block is locked but not moved)."""

    blocks: tuple[tuple[int, ...], ...]

    @staticmethod
    def whole(size: int) -> Pass:
        """Every position in one block: a plain shuffle."""
        return Pass((tuple(range(size)),))

    @property
    def positions(self) -> tuple[int, ...]:
        return tuple(sorted(x for block in self.blocks for x in block))


@dataclass(frozen=True)
class Plan:
    """What a game's deal shuffles: its decks (positions numbered across them, in order)
    and its passes. Passes after the first may hold only some positions: the others are
    not re-locked in them."""

    game_id: bytes
    decks: tuple[Deck, ...]
    passes: tuple[Pass, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.passes) <= MAX_PASSES:
            raise ValueError("a deal has one to three passes")
        if self.passes[0].positions != tuple(range(self.size)):
            raise ValueError("the first pass must hold every position")
        for p in self.passes[1:]:
            xs = p.positions
            if len(set(xs)) != len(xs) or any(not 0 <= x < self.size for x in xs):
                raise ValueError("a pass holds a position twice, or one out of the deck")

    @property
    def size(self) -> int:
        return sum(len(d.labels) for d in self.decks)

    def locate(self, position: int) -> tuple[Deck, int]:
        """The deck of a position and its index in that deck."""
        for deck in self.decks:
            if position < len(deck.labels):
                return deck, position
            position -= len(deck.labels)
        raise IndexError("no such position")

    def offset(self, name: str) -> int:
        """The first position of the deck called ``name``."""
        at = 0
        for deck in self.decks:
            if deck.name == name:
                return at
            at += len(deck.labels)
        raise KeyError(name)

    def passes_of(self, position: int) -> int:
        """How many passes locked ``position`` (the power of ``e`` its relock removes)."""
        return 1 + sum(1 for p in self.passes[1:] if position in p.positions)


_POINTS: dict[tuple[bytes, tuple[Deck, ...]], tuple[bytes, ...]] = {}


def card_points(plan: Plan) -> tuple[bytes, ...]:
    """Every card's point, by position: the hash of the game's id, its deck and label
    (kept for the last few plans: a device reads its game again at every link)."""
    key = (plan.game_id, plan.decks)
    held = _POINTS.get(key)
    if held is None:
        held = _card_points(plan)
        if len(_POINTS) > 16:
            _POINTS.clear()
        _POINTS[key] = held
    return held


def _card_points(plan: Plan) -> tuple[bytes, ...]:
    out = []
    for deck in plan.decks:
        name = deck.name.encode("utf-8")
        for label in deck.labels:
            out.append(
                crypto.hash_to_point(DOMAIN + b" card", plan.game_id, name, label.encode("utf-8"))
            )
    if len(set(out)) != len(out):  # labels repeat within a deck: a plan's mistake
        raise ValueError("two cards of the deal have the same label")
    return tuple(out)


# -- each player's secrets ----------------------------------------------------------------


@dataclass(frozen=True)
class Secrets:
    """A player's secrets for one game: its lock and the seed of its position keys. They
    stay on the player's device until the game is over (:class:`Reveal`)."""

    lock: bytes
    """``e``, a non-zero scalar."""
    seed: bytes
    """32 random bytes: every position key is derived from them."""

    @staticmethod
    def new() -> Secrets:
        return Secrets(crypto.random_scalar(), crypto.random_bytes(32))

    def commitment(self) -> bytes:
        """``E = e·G``, published with the player's first shuffle."""
        return crypto.base_mult(self.lock)

    def lock_power(self, m: int) -> bytes:
        """``e^m``."""
        out = self.lock
        for _ in range(m - 1):
            out = crypto.scalar_mul(out, self.lock)
        return out

    def seed_commitment(self, game_id: bytes) -> bytes:
        """The hash of the seed, published with the relock (checked when it is revealed)."""
        return seed_commitment(game_id, self.seed)

    def position_key(self, game_id: bytes, position: int) -> bytes:
        return position_key(game_id, self.seed, position)


def seed_commitment(game_id: bytes, seed: bytes) -> bytes:
    return hashlib.sha256(DOMAIN + b" seed" + game_id + seed).digest()


TREE_DEPTH = 11
"""Position keys are the leaves of a binary tree of hashes from the seed (a GGM tree):
``2**11 = MAX_POSITIONS`` leaves. A node gives away every key under it and nothing else,
so a run of positions travels as a few nodes (:func:`cover`)."""


def tree_root(game_id: bytes, seed: bytes) -> bytes:
    return hashlib.sha256(DOMAIN + b" key tree" + game_id + seed).digest()


def tree_child(node: bytes, bit: int) -> bytes:
    return hashlib.sha256(DOMAIN + b" key node" + node + bytes([bit])).digest()


def tree_node(game_id: bytes, seed: bytes, level: int, index: int) -> bytes:
    """The node ``index`` of ``level`` (0 is the root) of a seed's key tree."""
    node = tree_root(game_id, seed)
    for depth in range(level):
        node = tree_child(node, (index >> (level - 1 - depth)) & 1)
    return node


def leaf_key(leaf: bytes) -> bytes:
    """``k(x)`` from its leaf: a non-zero scalar."""
    key = crypto.hash_to_scalar(DOMAIN + b" position key", leaf)
    if key == bytes(crypto.SCALAR_BYTES):  # probability 2**-252
        raise crypto.CryptoError("a position key is zero")
    return key


def position_key(game_id: bytes, seed: bytes, position: int) -> bytes:
    """``k(x)``: a non-zero scalar from the seed, the game and the position."""
    return leaf_key(tree_node(game_id, seed, TREE_DEPTH, position))


def leaves(level: int, index: int) -> range:
    """The positions under node ``index`` of ``level``."""
    span = 1 << (TREE_DEPTH - level)
    return range(index * span, (index + 1) * span)


def expand(level: int, index: int, node: bytes, size: int) -> list[tuple[int, bytes]]:
    """The position keys under a node, for the positions below ``size``."""
    nodes = [(index, node)]
    while level < TREE_DEPTH:
        level += 1
        span = 1 << (TREE_DEPTH - level)
        nodes = [
            (2 * i + bit, tree_child(value, bit))
            for i, value in nodes
            for bit in (0, 1)
            if (2 * i + bit) * span < size
        ]
    return [(i, leaf_key(value)) for i, value in nodes if i < size]


def cover(wanted: Iterable[int], allowed: Iterable[int], size: int) -> list[tuple[int, int]]:
    """The fewest nodes whose positions below ``size`` hold every position of ``wanted``
    and only positions of ``allowed`` (which holds ``wanted``): what a release sends."""
    want = set(wanted)
    ok = set(allowed) | want
    counts_want = [0] * (size + 1)
    counts_ok = [0] * (size + 1)
    for x in range(size):
        counts_want[x + 1] = counts_want[x] + (x in want)
        counts_ok[x + 1] = counts_ok[x] + (x in ok)
    out: list[tuple[int, int]] = []

    def visit(level: int, index: int) -> None:
        span = leaves(level, index)
        lo, hi = span.start, min(span.stop, size)
        if lo >= size or counts_want[hi] == counts_want[lo]:
            return
        if counts_ok[hi] - counts_ok[lo] == hi - lo:
            out.append((level, index))
            return
        visit(level + 1, 2 * index)
        visit(level + 1, 2 * index + 1)

    visit(0, 0)
    return out


# -- the steps of the deal ---------------------------------------------------------------


@dataclass(frozen=True)
class Shuffle:
    """A player's step in one pass: its lock's commitment (in the first pass) and every
    position of the deal after its lock and permutation (positions outside the pass are
    written as they came)."""

    player: int
    pass_index: int
    commitment: bytes
    points: tuple[bytes, ...]


@dataclass(frozen=True)
class Relock:
    """A player's relock: the hash of its seed and every position after it."""

    player: int
    seed_commitment: bytes
    points: tuple[bytes, ...]


def _below(n: int) -> int:
    """A uniform integer in ``[0, n)`` from the secure source (rejection sampling)."""
    if n <= 1:
        return 0
    bits = n.bit_length() + 64
    limit = (1 << bits) - (1 << bits) % n
    while True:
        value = int.from_bytes(crypto.random_bytes((bits + 7) // 8), "big") % (1 << bits)
        if value < limit:
            return value % n


def secure_permutation(n: int) -> list[int]:
    """A uniformly random permutation of ``range(n)`` (Fisher-Yates on the secure source)."""
    out = list(range(n))
    for i in range(n - 1, 0, -1):
        j = _below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def shuffle(
    secrets: Secrets, player: int, plan: Plan, pass_index: int, points: Sequence[bytes]
) -> Shuffle:
    """``player``'s step of pass ``pass_index``: every position of the pass locked with
    its lock, then permuted within its block by a secure random permutation."""
    out = list(points)
    for block in plan.passes[pass_index].blocks:
        locked = [crypto.scalar_mult(secrets.lock, points[x]) for x in block]
        order = secure_permutation(len(block))
        for x, j in zip(block, order, strict=True):
            out[x] = locked[j]
    return Shuffle(player, pass_index, secrets.commitment(), tuple(out))


def relock(secrets: Secrets, player: int, plan: Plan, points: Sequence[bytes]) -> Relock:
    """``player``'s relock: each position's ``e^m`` swapped for its position key."""
    inverses = {m: crypto.scalar_invert(secrets.lock_power(m)) for m in range(1, MAX_PASSES + 1)}
    out = []
    for x, point in enumerate(points):
        factor = crypto.scalar_mul(
            secrets.position_key(plan.game_id, x), inverses[plan.passes_of(x)]
        )
        out.append(crypto.scalar_mult(factor, point))
    return Relock(player, secrets.seed_commitment(plan.game_id), tuple(out))


# -- proofs -------------------------------------------------------------------------------


def prove_dleq(
    secret: bytes, commitment: bytes, statements: Sequence[tuple[bytes, bytes]], context: bytes
) -> bytes:
    """A Chaum-Pedersen proof (Fiat-Shamir) that every ``(B, C)`` of ``statements`` has
    ``C = secret·B``, where ``commitment = secret·G``: 64 bytes, ``c || s``. Several
    statements are combined into one with coefficients hashed from all of them."""
    b, c = _combine(commitment, statements, context)
    r = crypto.random_scalar()
    r1, r2 = crypto.base_mult(r), crypto.scalar_mult(r, b)
    challenge = _challenge(context, commitment, b, c, r1, r2)
    return challenge + crypto.scalar_add(r, crypto.scalar_mul(challenge, secret))


def check_dleq(
    proof: bytes, commitment: bytes, statements: Sequence[tuple[bytes, bytes]], context: bytes
) -> bool:
    """Whether ``proof`` (from :func:`prove_dleq`) holds; False for anything malformed."""
    if type(proof) is not bytes or len(proof) != 2 * crypto.SCALAR_BYTES:
        return False
    challenge, response = proof[:32], proof[32:]
    try:
        b, c = _combine(commitment, statements, context)
        r1 = _sub(crypto.base_mult(response), crypto.scalar_mult(challenge, commitment))
        r2 = _sub(crypto.scalar_mult(response, b), crypto.scalar_mult(challenge, c))
        return (
            r1 is not None
            and r2 is not None
            and _challenge(context, commitment, b, c, r1, r2) == challenge
        )
    except crypto.CryptoError:
        return False


def _sub(p: bytes, q: bytes) -> bytes | None:
    out = crypto.point_sub(p, q)
    return None if out == crypto.IDENTITY else out


def _combine(
    commitment: bytes, statements: Sequence[tuple[bytes, bytes]], context: bytes
) -> tuple[bytes, bytes]:
    if not statements:
        raise crypto.CryptoError("a proof of nothing")
    if len(statements) == 1:
        return statements[0]
    digest = hashlib.sha512(DOMAIN + b" batch" + context + commitment)
    for b, c in statements:
        digest.update(b + c)
    seed = digest.digest()
    total_b = total_c = None
    for j, (b, c) in enumerate(statements):
        rho = crypto.hash_to_scalar(DOMAIN + b" coefficient", seed, j.to_bytes(4, "big"))
        pb, pc = crypto.scalar_mult(rho, b), crypto.scalar_mult(rho, c)
        total_b = pb if total_b is None else crypto.point_add(total_b, pb)
        total_c = pc if total_c is None else crypto.point_add(total_c, pc)
    assert total_b is not None and total_c is not None
    crypto.check_point(total_b)
    crypto.check_point(total_c)
    return total_b, total_c


def _challenge(context: bytes, *points: bytes) -> bytes:
    return crypto.hash_to_scalar(DOMAIN + b" dleq", context, *points)


def shared_point(game_id: bytes, tag: int) -> bytes:
    """``X`` of a shared random value's tag."""
    return crypto.hash_to_point(DOMAIN + b" shared", game_id, tag.to_bytes(8, "big"))


# -- releases and reveals -------------------------------------------------------------------


@dataclass(frozen=True)
class Release:
    """Tokens and shares a player sends together, under one proof."""

    player: int
    nodes: tuple[tuple[int, int, bytes], ...]
    """The unlock tokens, as nodes of the player's key tree: ``(level, index, value)``,
    each standing for the keys of every position under it (:func:`expand`)."""
    shares: tuple[tuple[int, bytes], ...]
    """``(tag, e^m·X(tag))``, tags ascending."""
    proof: bytes


@dataclass(frozen=True)
class Reveal:
    """A player's secrets, sent when the game is over."""

    player: int
    lock: bytes
    seed: bytes


def positions_of(release: Release, size: int) -> list[int]:
    """The positions a release unlocks (below ``size``)."""
    out: list[int] = []
    for level, index, _ in release.nodes:
        out.extend(x for x in leaves(level, index) if x < size)
    return out


def tokens_of(release: Release, size: int) -> list[tuple[int, bytes]]:
    """``(position, k(x))`` of every position a release unlocks (below ``size``)."""
    out: list[tuple[int, bytes]] = []
    for level, index, value in release.nodes:
        if not (0 <= level <= TREE_DEPTH and 0 <= index < 1 << level and len(value) == 32):
            raise crypto.CryptoError("a token that is no node of a key tree")
        out.extend(expand(level, index, value, size))
    return out


def _release_context(game_id: bytes, release: Release) -> bytes:
    parts = [DOMAIN, b" release", game_id, release.player.to_bytes(1, "big")]
    for level, index, value in release.nodes:
        parts.append(bytes([level]) + index.to_bytes(4, "big") + value)
    parts.append(b"|")
    for tag, share in release.shares:
        parts.append(tag.to_bytes(8, "big") + share)
    return hashlib.sha512(b"".join(parts)).digest()


# -- the deal as one device holds it --------------------------------------------------------


@dataclass
class Deal:
    """Every step of a deal a device has accepted, the tokens and shares it was sent, and
    what it may read with them. Each ``add_`` checks what it is given and raises
    :class:`DealError` naming the player, changing nothing."""

    plan: Plan
    players: int
    shuffles: list[Shuffle] = field(default_factory=list)
    relocks: list[Relock] = field(default_factory=list)
    tokens: dict[tuple[int, int], bytes] = field(default_factory=dict)
    """``(player, position) -> k``: every token received, checked."""
    shares: dict[tuple[int, int], bytes] = field(default_factory=dict)
    """``(player, tag) -> share``, checked."""
    reveals: dict[int, Reveal] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not 1 <= self.players <= MAX_PLAYERS:
            raise ValueError("a deal is for one to eight players")
        if self.plan.size > MAX_POSITIONS:
            raise ValueError("too many cards")
        self._cards = card_points(self.plan)
        self._origin = {p: x for x, p in enumerate(self._cards)}
        self._reach: list[frozenset[int]] = []
        self._reads: dict[tuple[int | None, int], int] = {}
        """Cards read already, by (reader, position): reading costs a multiplication."""

    # -- the order of the steps ---------------------------------------------------------

    @property
    def commitments(self) -> dict[int, bytes]:
        return {s.player: s.commitment for s in self.shuffles if s.pass_index == 0}

    def pass_done(self, pass_index: int) -> set[int]:
        return {s.player for s in self.shuffles if s.pass_index == pass_index}

    def current_pass(self) -> int | None:
        """The pass being shuffled (None once every pass is done)."""
        for k in range(len(self.plan.passes)):
            if len(self.pass_done(k)) < self.players:
                return k
        return None

    def pass_input(self, pass_index: int) -> tuple[bytes, ...]:
        """What the next shuffle of ``pass_index`` takes: the last shuffle's points."""
        return self.shuffles[-1].points if self.shuffles else self._cards

    @property
    def shuffled(self) -> bool:
        return self.current_pass() is None

    def relock_input(self) -> tuple[bytes, ...]:
        if self.relocks:
            return self.relocks[-1].points
        return self.shuffles[-1].points

    @property
    def complete(self) -> bool:
        """Every pass and every relock done: cards may be read."""
        return len(self.relocks) == self.players

    def final(self) -> tuple[bytes, ...]:
        return self.relocks[-1].points

    # -- adding steps ---------------------------------------------------------------------

    def add_shuffle(self, step: Shuffle, check: bool = True) -> None:
        """Add a shuffle in its turn (``check=False``: its points are not checked again,
        for a step this device checked when it came)."""
        player = step.player
        if not 0 <= player < self.players:
            raise DealError("a shuffle from nobody at the table", None)
        current = self.current_pass()
        if current is None or step.pass_index != current:
            raise DealError("a shuffle out of its turn", player)
        if player in self.pass_done(current):
            raise DealError("a second shuffle of the same pass", player)
        if step.pass_index == 0:
            if not crypto.is_point(step.commitment):
                raise DealError("its lock is not a valid group element", player)
            if step.commitment in self.commitments.values():
                raise DealError("its lock is another player's", player)
        elif step.commitment != self.commitments.get(player):
            raise DealError("it shuffles with another lock than its first", player)
        previous = self.pass_input(current)
        if check:
            self._check_points(step.points, player, "shuffle")
        outside = set(range(self.plan.size)) - set(self.plan.passes[current].positions)
        if any(step.points[x] != previous[x] for x in outside):
            raise DealError("its shuffle changed cards outside the pass", player)
        self.shuffles.append(step)

    def add_relock(self, step: Relock, check: bool = True) -> None:
        player = step.player
        if not self.shuffled:
            raise DealError("a relock before every shuffle", player)
        if not 0 <= player < self.players:
            raise DealError("a relock from nobody at the table", None)
        if any(r.player == player for r in self.relocks):
            raise DealError("a second relock", player)
        if type(step.seed_commitment) is not bytes or len(step.seed_commitment) != 32:
            raise DealError("its seed commitment is not 32 bytes", player)
        if check:
            self._check_points(step.points, player, "relock")
        self.relocks.append(step)
        self._reads.clear()

    def _check_points(self, points: Sequence[bytes], player: int, what: str) -> None:
        if len(points) != self.plan.size:
            raise DealError(f"its {what} has {len(points)} cards, not {self.plan.size}", player)
        if not all(crypto.is_point(p) for p in points):
            raise DealError(f"its {what} holds something that is not a card", player)
        if len(set(points)) != len(points):
            raise DealError(f"its {what} doubled a card", player)

    # -- tokens and shares --------------------------------------------------------------

    def _relock_of(self, player: int) -> tuple[tuple[bytes, ...], tuple[bytes, ...]] | None:
        """What ``player``'s relock was given and what it made."""
        for i, step in enumerate(self.relocks):
            if step.player == player:
                before = self.relocks[i - 1].points if i else self.shuffles[-1].points
                return before, step.points
        return None

    def add_release(self, release: Release, check: bool = True) -> None:
        """Check a release and keep its tokens and shares (:class:`DealError` naming its
        player if any of them is false; ``check=False``: a release this device made, or
        checked when it came)."""
        player = release.player
        if not 0 <= player < self.players:
            raise DealError("tokens from nobody at the table", None)
        commitment = self.commitments.get(player)
        relocked = self._relock_of(player)
        if commitment is None or (release.nodes and relocked is None):
            raise DealError("tokens before the player's relock", player)
        try:
            tokens = tokens_of(release, self.plan.size)
            if release.nodes and not tokens:
                raise crypto.CryptoError("tokens for no card of the game")
            if check:
                statements, powers = _statements(self, tokens, release, relocked)
        except crypto.CryptoError:
            raise DealError("its unlock tokens are malformed", player) from None
        if check:
            context = _release_context(self.plan.game_id, release)
            if not _check_proof(release.proof, statements, powers, context):
                raise DealError("its unlock tokens were not made with its own lock", player)
        for x, key in tokens:
            self.tokens[(player, x)] = key
        for tag, share in release.shares:
            self.shares[(player, tag)] = share

    def read(self, position: int, me: Secrets | None, my_index: int | None) -> int | None:
        """The card at ``position`` (as the position it started from: its deck and label
        are :meth:`Plan.locate`'s) if every key but this device's own has been sent, else
        None. :class:`DealError` if it is no card of the game, or one that could not have
        reached ``position`` in the passes."""
        if not self.complete:
            return None
        cached = self._reads.get((my_index, position))
        if cached is not None:
            return cached
        scalar = None
        for player in range(self.players):
            if player == my_index and me is not None:
                key = me.position_key(self.plan.game_id, position)
            elif player in self.reveals:
                key = position_key(self.plan.game_id, self.reveals[player].seed, position)
            else:
                key = self.tokens.get((player, position))
                if key is None:
                    return None
            scalar = key if scalar is None else crypto.scalar_mul(scalar, key)
        assert scalar is not None
        point = crypto.scalar_mult(crypto.scalar_invert(scalar), self.final()[position])
        origin = self._origin.get(point)
        if origin is None or origin not in self._reachable(position):
            raise DealError(
                f"card {position + 1} of the deal is not a card that can be there: a shuffle "
                "was changed (the keys at the end will name who)"
            )
        self._reads[(my_index, position)] = origin
        return origin

    def label(self, origin: int) -> tuple[str, str]:
        """The deck name and label of a card, by the position it started from."""
        deck, index = self.plan.locate(origin)
        return deck.name, deck.labels[index]

    def _reachable(self, position: int) -> frozenset[int]:
        """The starting positions whose card the passes may have moved to ``position``."""
        cache = self._reach
        if not cache:
            reach = [{x} for x in range(self.plan.size)]  # reach[x]: origins that may be at x
            for p in self.plan.passes:
                new = [set(r) for r in reach]
                for block in p.blocks:
                    union = set().union(*(reach[x] for x in block))
                    for x in block:
                        new[x] = union
                reach = new
            cache.extend(frozenset(r) for r in reach)
        return cache[position]

    def read_all(self, me: Secrets | None, my_index: int | None) -> dict[int, int]:
        """Every card this device can read now (position -> the position it started
        from); :class:`DealError` if one is no card of the game or turns up twice."""
        out: dict[int, int] = {}
        seen: dict[int, int] = {}
        for x in range(self.plan.size):
            origin = self.read(x, me, my_index)
            if origin is None:
                continue
            if origin in seen:
                raise DealError(
                    f"a card turned up twice (cards {seen[origin] + 1} and {x + 1}): a shuffle "
                    "doubled it (the keys at the end will name who)"
                )
            seen[origin] = x
            out[x] = origin
        return out

    def missing_tokens(self, position: int, holder: int | None) -> list[int]:
        """The players whose token for ``position`` is still missing (but ``holder``)."""
        return [
            p
            for p in range(self.players)
            if p != holder and (p, position) not in self.tokens and p not in self.reveals
        ]

    def shared_value(self, tag: int) -> bytes | None:
        """The shared random value of ``tag`` (64 bytes) once every share is in."""
        shares = []
        for player in range(self.players):
            share = self.shares.get((player, tag))
            if share is None and player in self.reveals:
                share = crypto.scalar_mult(
                    self._lock_power_of(player, 1), shared_point(self.plan.game_id, tag)
                )
            if share is None:
                return None
            shares.append(share)
        return hashlib.sha512(
            DOMAIN + b" value" + self.plan.game_id + tag.to_bytes(8, "big") + b"".join(shares)
        ).digest()

    def missing_shares(self, tag: int) -> list[int]:
        return [
            p for p in range(self.players) if (p, tag) not in self.shares and p not in self.reveals
        ]

    def _lock_power_of(self, player: int, m: int) -> bytes:
        lock = self.reveals[player].lock
        out = lock
        for _ in range(m - 1):
            out = crypto.scalar_mul(out, lock)
        return out

    # -- the end --------------------------------------------------------------------------

    def add_reveal(self, reveal: Reveal) -> None:
        """A player's secrets at the end, checked against its commitments (not yet
        against its steps: that is :func:`audit`)."""
        player = reveal.player
        if not 0 <= player < self.players:
            raise DealError("secrets from nobody at the table", None)
        try:
            if crypto.base_mult(_scalar(reveal.lock)) != self.commitments.get(player):
                raise DealError("the lock it revealed is not the one it published", player)
        except crypto.CryptoError:
            raise DealError("the lock it revealed is not a valid key", player) from None
        relocked = next((r for r in self.relocks if r.player == player), None)
        if relocked is None or seed_commitment(self.plan.game_id, reveal.seed) != (
            relocked.seed_commitment
        ):
            raise DealError("the seed it revealed is not the one it published", player)
        self.reveals[player] = reveal
        self._reads.clear()


def _scalar(value: bytes) -> bytes:
    if type(value) is not bytes or len(value) != crypto.SCALAR_BYTES:
        raise crypto.CryptoError("not a scalar")
    if int.from_bytes(value, "little") >= crypto.GROUP_ORDER or value == bytes(32):
        raise crypto.CryptoError("not a non-zero reduced scalar")
    return value


def make_release(
    deal: Deal, secrets: Secrets, player: int, positions: Iterable[int], tags: Iterable[int]
) -> Release:
    """``player``'s tokens for ``positions`` and shares for ``tags``, with their proof."""
    game_id = deal.plan.game_id
    size = deal.plan.size
    positions, tags = sorted(set(positions)), sorted(set(tags))
    released = {x for (p, x) in deal.tokens if p == player}
    nodes = tuple(
        (level, index, tree_node(game_id, secrets.seed, level, index))
        for level, index in cover(positions, released, size)
    )
    shares = tuple(
        (tag, crypto.scalar_mult(secrets.lock, shared_point(game_id, tag))) for tag in tags
    )
    draft = Release(player, nodes, shares, b"")
    tokens = tokens_of(draft, size)
    context = _release_context(game_id, draft)
    top = max((deal.plan.passes_of(x) for x, _ in tokens), default=1)
    powers = [secrets.commitment()]
    for m in range(2, top + 1):
        powers.append(crypto.base_mult(secrets.lock_power(m)))
    statements, _ = _statements(deal, tokens, draft, deal._relock_of(player), powers)
    proof = b"".join(powers[1:])
    for m in sorted(statements):
        secret = secrets.lock_power(m)
        proof += prove_dleq(secret, powers[m - 1], statements[m], context + bytes([m]))
    return Release(player, nodes, shares, proof)


def _statements(
    deal: Deal,
    tokens: Sequence[tuple[int, bytes]],
    release: Release,
    relocked: tuple[tuple[bytes, ...], tuple[bytes, ...]] | None,
    powers: Sequence[bytes] | None = None,
) -> tuple[dict[int, list[tuple[bytes, bytes]]], list[bytes]]:
    """What a release proves, by the power of the lock each statement needs: a token for
    position ``x`` says ``Q = e^m·W`` (``Q``: what the relock was given at ``x``, ``W``:
    its result divided by the key); a share ``V = e·X(tag)``. With positions locked in
    several passes the proof carries ``e^2·G``... and proves each from the one before
    (``e^(m)·G = e·e^(m-1)·G``), so every statement rests on the published ``E``.
    ``powers`` (``E, e^2·G, ...``) are read from the proof when not given."""
    out: dict[int, list[tuple[bytes, bytes]]] = {}
    for x, key in tokens:
        if not 0 <= x < deal.plan.size:
            raise crypto.CryptoError("a token for a card not in the game")
        if relocked is None:
            raise crypto.CryptoError("a token before the relock")
        before, after = relocked
        w = crypto.scalar_mult(crypto.scalar_invert(_scalar(key)), after[x])
        out.setdefault(deal.plan.passes_of(x), []).append((w, before[x]))
    for tag, share in release.shares:
        if not 0 <= tag < 1 << 63:
            raise crypto.CryptoError("a share for no value")
        crypto.check_point(share)
        out.setdefault(1, []).append((shared_point(deal.plan.game_id, tag), share))
    if not out:
        raise crypto.CryptoError("an empty release")
    top = max(out)
    if powers is None:
        commitment = deal.commitments[release.player]
        extra = release.proof[: 32 * (top - 1)]
        if len(extra) != 32 * (top - 1):
            raise crypto.CryptoError("a short proof")
        powers = [commitment, *(extra[i : i + 32] for i in range(0, len(extra), 32))]
        for p in powers:
            crypto.check_point(p)
    for m in range(2, top + 1):  # e^m·G = e·(e^(m-1)·G), proven with the rest of power 1
        out.setdefault(1, []).append((powers[m - 2], powers[m - 1]))
    return out, list(powers)


def _check_proof(
    proof: bytes,
    statements: dict[int, list[tuple[bytes, bytes]]],
    powers: list[bytes],
    context: bytes,
) -> bool:
    groups = sorted(statements)
    at = 32 * (len(powers) - 1)
    if len(proof) != at + 64 * len(groups):
        return False
    for m in groups:
        part = proof[at : at + 64]
        at += 64
        if not check_dleq(part, powers[m - 1], statements[m], context + bytes([m])):
            return False
    return True


# -- the audit ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Audit:
    """What the end's check found: every card of the deal, or the first player whose step
    does not match its keys."""

    cards: dict[int, str]
    cheat: DealError | None = None


def audit(deal: Deal) -> Audit:
    """Re-do every step of the deal with every player's revealed secrets: each shuffle
    must be the cards it was given, locked with the player's lock and permuted within the
    pass's blocks; each relock must be the position keys of the player's seed. Names the
    first player whose step does not match (:attr:`Audit.cheat`). Needs every reveal."""
    plan = deal.plan
    missing = [p for p in range(deal.players) if p not in deal.reveals]
    if missing or not deal.complete:
        raise ValueError("the audit needs the whole deal and every player's secrets")
    points = card_points(plan)
    for step in deal.shuffles:
        lock = deal.reveals[step.player].lock
        block_of = {}
        for b, block in enumerate(plan.passes[step.pass_index].blocks):
            for x in block:
                block_of[x] = b
        expected: dict[int, list[bytes]] = {}
        for x, point in enumerate(points):
            if x in block_of:
                expected.setdefault(block_of[x], []).append(crypto.scalar_mult(lock, point))
        for b, block in enumerate(plan.passes[step.pass_index].blocks):
            got = sorted(step.points[x] for x in block)
            if got != sorted(expected.get(b, [])):
                return Audit(
                    {},
                    DealError(
                        "its shuffle lost, doubled or replaced a card (the cards it passed on "
                        "are not the ones it was given, locked with its key)",
                        step.player,
                    ),
                )
        points = step.points
    for step in deal.relocks:
        secrets = Secrets(deal.reveals[step.player].lock, deal.reveals[step.player].seed)
        remade = relock(secrets, step.player, plan, points)
        if remade.points != step.points:
            bad = next(
                x for x, (a, b) in enumerate(zip(remade.points, step.points, strict=True)) if a != b
            )
            return Audit(
                {},
                DealError(
                    f"its relock of card {bad + 1} does not match its keys (a card replaced)",
                    step.player,
                ),
            )
        points = step.points
    try:
        cards = deal.read_all(None, None)
    except DealError as e:
        return Audit({}, e)
    return Audit(cards)


__all__ = [
    "Audit",
    "Deal",
    "DealError",
    "Deck",
    "Pass",
    "Plan",
    "Release",
    "Relock",
    "Reveal",
    "Secrets",
    "Shuffle",
    "audit",
    "card_points",
    "check_dleq",
    "cover",
    "expand",
    "make_release",
    "position_key",
    "positions_of",
    "prove_dleq",
    "relock",
    "secure_permutation",
    "shared_point",
    "shuffle",
    "tokens_of",
]
