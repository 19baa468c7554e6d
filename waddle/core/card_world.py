"""The game a device plays on while it cannot see every card: a card game played on
several devices, rebuilt from what this device knows.

A device of a card game played on several devices (issue 40) knows its own hand, the
public cards and the counts; the mental-poker deal (:mod:`waddle.core.deal`) unlocks each
other card only when the rules show it. To run the game's rules the device plays on a
*determinization*: the game's own record with every card it cannot see yet filled in from
the cards still unseen (a *filler*), replayed through the decisions of the chain. A card
the device learns changes the record, and the game is replayed again.

The rules must never depend on a filled-in card before it is revealed. Rather than trust
each rule to know that, the device replays the decisions in **two** determinizations at
once, with two different fillers (:class:`Runner`, variants 0 and 1), and compares
after every step what every player sees (the game's public signature, without the
identities of cards not yet unlocked): where the two differ, what comes next depends on a
card this device cannot see yet, so it stops there and waits for the tokens that unlock
it (:attr:`World.waiting`). Where the device is to move, its legal actions must be the
same in both, or it waits too (a face-up card to take is still locked). A decision that
names a card this device has not been shown waits the same way.

What each step reveals, and to whom (:class:`Due`), comes from the game (its
``remote_deal`` module); every device computes the same list from the public decisions,
and sends its part when the rules have reached it (:func:`my_part`).

This module names no game: a card game gives a :class:`CardGame` (registry hook
``GAME.remote_deal()``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

PUBLIC = -1
"""The audience of a card turned face up: every player."""


@dataclass(frozen=True)
class Due:
    """Something the rules have revealed: the card at ``position`` (or the shared random
    value ``tag``) to the seat ``to``, or to everyone (:data:`PUBLIC`).

    ``holder``: the card is shown from that seat's own hand, so only that seat still has
    to send its token (every other seat sent theirs when it was dealt). ``keep``: the card
    went face down to ``to`` from a place where it could have been one the rules show at
    once (a threat): its holder either shows it or says it keeps it (a ``Keep`` entry)."""

    position: int | None = None
    tag: int | None = None
    to: int = PUBLIC
    holder: int | None = None
    keep: bool = False


@dataclass(frozen=True)
class Knowledge:
    """What this device knows of the deal."""

    cards: Mapping[int, int]
    """Position -> the card there, as the position it started from (:meth:`waddle.core.
    deal.Deal.read`)."""
    values: Mapping[int, bytes] = field(default_factory=dict)
    """Shared random values by tag."""
    kept: frozenset[int] = frozenset()
    """Positions whose holder said it keeps the card (no card the rules show at once)."""


@dataclass
class Step:
    """What applying one decision did in a runner."""

    due: list[Due] = field(default_factory=list)
    problem: str | None = None
    """The decision is impossible whatever the unseen cards are: the line that says why
    (its seat cheated, or its device is broken)."""
    waiting: str | None = None
    """The decision names a card this device has not been shown yet: not applied."""
    changed: bool = False
    """The state changed though the step waits (it was applied without ``undo``): the
    builder replays the game without it."""
    own_card: bool = False
    """It waits for a card of its own player's hand: that player's device shows it with
    the decision, so a link that carries the decision without it was changed."""


class Runner(Protocol):
    """One determinization of a game, replaying the chain's decisions."""

    state: Any

    def start(self) -> list[Due]:
        """The reveals due before any decision (the deal's first cards)."""

    def step(self, seat: int, action: str, undo: bool) -> Step:
        """Apply the decision ``action`` (record JSON) of ``seat``, and whatever follows by
        itself (chance). Changes nothing when the step has a problem or waits; ``undo``:
        keep what :meth:`undo` needs to take it back (it costs a copy of the state)."""

    def undo(self) -> None:
        """Take back the last applied step (applied with ``undo``)."""

    def signature(self) -> Hashable:
        """What every player sees now, without the identity of cards not yet unlocked."""

    def quick(self) -> Hashable:
        """A few public counts of :meth:`signature` (where the player to move, the phase and
        the counts of cards are), compared after every step; the whole signature is
        compared at the end."""

    def record(self) -> Any:
        """The record replayed so far (the setup as filled in, every action, chance too)."""


class CardGame(Protocol):
    """What a card game gives remote play (its ``remote_deal`` module)."""

    def setup_of(self, record: Any) -> bytes:
        """The public setup of a game (its record without the deal): what the genesis
        carries."""

    def read_setup(self, data: bytes) -> Any:
        """The public setup; ``waddle.core.links.LinkError`` if it is not one."""

    def players(self, setup: Any) -> int: ...

    def plan(self, setup: Any, game_id: bytes) -> Any:
        """The deal's :class:`waddle.core.deal.Plan`."""

    def runner(self, setup: Any, plan: Any, knowledge: Knowledge, variant: int) -> Runner: ...

    def parse_action(self, data: Any) -> Any:
        """An action from its record JSON (``ValueError`` if it is none)."""

    def shown_at_once(self, setup: Any, plan: Any, origin: int) -> bool:
        """Whether the card that started at ``origin``, drawn face down, is one the rules
        show at once (a threat of Waddle Waddle): its holder shows it, else keeps it."""


@dataclass
class World:
    """The game as this device can play it (see the module's notes)."""

    state: Any
    """The determinization (variant 0) after :attr:`applied` decisions."""
    record: Any
    applied: int
    due: list[Due]
    """Every reveal the rules have made up to the first decision not applied, and those
    the next decision makes for certain."""
    waiting: str | None = None
    """Why the next decision (or, at the end, this device's own) waits: one line."""
    problem: tuple[int, str] | None = None
    """A decision impossible whatever the unseen cards are: its seat and why."""
    waiting_own: int | None = None
    """The seat of the next decision when it waits for a card of that seat's own hand."""
    my_move_ready: bool = True
    """Whether this device's seat, if it is to move, may decide now (its legal actions do
    not depend on a card it cannot see yet)."""
    other: Any = None
    """Variant 1's state (tests compare the two)."""
    plies: list[int] = field(default_factory=list)
    """The ply (index in :attr:`record`'s actions, chance included) of each applied
    decision: where the board marks a decision."""


def build(
    game: CardGame,
    setup: Any,
    plan: Any,
    knowledge: Knowledge,
    decisions: Sequence[tuple[int, str]],
    me: int | None,
) -> World:
    """Replay ``decisions`` (seat, record JSON) in two determinizations as far as this
    device can follow them (see the module's notes)."""
    return Builder(game, setup, plan).build(knowledge, decisions, me)


class Builder:
    """Worlds of one game on one device: a replay costs every move of the game, so when
    only new decisions came (the same knowledge) the two determinizations go on from where
    they stood; a card newly seen changes what every stand-in is, and replays the game."""

    def __init__(self, game: CardGame, setup: Any, plan: Any) -> None:
        self.game, self.setup, self.plan = game, setup, plan
        self._key: Any = None
        self._runners: tuple[Runner, Runner] | None = None
        self._applied: list[tuple[int, str]] = []
        self._plies: list[int] = []
        self._due: list[Due] = []
        self._stopped: World | None = None
        self._last: Any = None

    def build(
        self, knowledge: Knowledge, decisions: Sequence[tuple[int, str]], me: int | None
    ) -> World:
        key = (
            tuple(sorted(knowledge.cards.items())),
            tuple(sorted(knowledge.values)),
            knowledge.kept,
        )
        if self._stopped is not None and self._last == (key, list(decisions)):
            return self._stopped  # nothing new since it stopped
        self._last = (key, list(decisions))
        done = len(self._applied)
        fresh = (
            self._runners is None
            or key != self._key
            or list(decisions[:done]) != self._applied
            or (self._stopped is not None and self._stopped.problem is not None)
        )
        if fresh:
            self._key = key
            self._runners = None
            self._applied = []
            self._plies = []
            self._due = []
            self._stopped = None
            world = self._replay(knowledge, decisions, me, quick=True)
            if world.applied == len(decisions) and not self._same_full():
                world = self._replay(knowledge, decisions, me, quick=False)
            return world
        return self._continue(knowledge, decisions, me, quick=True, full_check=True)

    def _same_full(self) -> bool:
        assert self._runners is not None
        a, b = self._runners
        return a.signature() == b.signature()

    def _replay(
        self,
        knowledge: Knowledge,
        decisions: Sequence[tuple[int, str]],
        me: int | None,
        quick: bool,
    ) -> World:
        a = self.game.runner(self.setup, self.plan, knowledge, 0)
        b = self.game.runner(self.setup, self.plan, knowledge, 1)
        self._runners = (a, b)
        self._applied = []
        self._plies = []
        self._due = _common(a.start(), b.start())
        self._stopped = None
        if a.signature() != b.signature():
            self._stopped = World(a.state, None, 0, list(self._due), _WAIT, other=b.state)
            return self._finish(self._stopped, me)
        return self._continue(knowledge, decisions, me, quick, full_check=False)

    def _continue(
        self,
        knowledge: Knowledge,
        decisions: Sequence[tuple[int, str]],
        me: int | None,
        quick: bool,
        full_check: bool,
    ) -> World:
        assert self._runners is not None
        a, b = self._runners
        if self._stopped is not None and len(self._applied) == len(decisions):
            return self._finish(self._stopped, me)
        self._stopped = None
        last = len(decisions) - 1
        for i in range(len(self._applied), len(decisions)):
            seat, action = decisions[i]
            undo = i == last or not quick
            ply = len(a.state.history)
            sa, sb = a.step(seat, action, undo), b.step(seat, action, undo)
            common = _common(sa.due, sb.due)
            if sa.problem and sb.problem:  # impossible whatever the unseen cards: not applied
                self._due += common
                self._stopped = World(
                    a.state, None, i, list(self._due), problem=(seat, sa.problem), other=b.state
                )
                return self._finish(self._stopped, me)
            applied_a, applied_b = _applied(sa), _applied(sb)
            diverged = not (applied_a and applied_b)
            if not diverged:
                diverged = (a.quick() != b.quick()) if quick else (a.signature() != b.signature())
            if diverged:
                self._due += common
                changed = applied_a or applied_b or sa.changed or sb.changed
                if changed and not undo:
                    return self._stop_at(knowledge, decisions, i, me, sa.waiting or sb.waiting)
                for runner, applied in ((a, applied_a), (b, applied_b)):
                    if applied:
                        runner.undo()
                line = sa.waiting or sb.waiting or _WAIT
                self._stopped = World(a.state, None, i, list(self._due), line, other=b.state)
                if sa.own_card or sb.own_card:
                    self._stopped.waiting_own = seat
                return self._finish(self._stopped, me)
            self._due += common
            self._applied.append((seat, action))
            self._plies.append(ply)
        if full_check and quick and not self._same_full():
            self._runners = None  # the quick counts missed a difference: replay with the whole
            return self._replay(knowledge, decisions, me, quick=False)
        world = World(a.state, None, len(decisions), list(self._due), other=b.state)
        return self._finish(world, me)

    def _stop_at(
        self,
        knowledge: Knowledge,
        decisions: Sequence[tuple[int, str]],
        i: int,
        me: int | None,
        line: str | None,
    ) -> World:
        """A step before the last diverged, and was applied without a copy to undo it:
        replay to just before it (rare: a card missing in the middle of the chain)."""
        due = list(self._due)
        world = self._replay(knowledge, decisions[:i], me, quick=False)
        world.due = due
        world.waiting = line or _WAIT
        self._stopped = world
        self._due = due
        return world

    def _finish(self, world: World, me: int | None) -> World:
        assert self._runners is not None
        a, b = self._runners
        world.record = a.record()
        world.plies = list(self._plies[: world.applied])
        if world.waiting is None and world.problem is None:
            to_move = _to_move(a.state)
            mine = me is not None and to_move == me and not a.state.is_over()
            if mine and list(a.state.legal_actions()) != list(b.state.legal_actions()):
                world.my_move_ready = False
                world.waiting = (
                    "A card you may take is still locked: waiting for the others' devices."
                )
        return world


_WAIT = "Waiting for a card to be unlocked by the other players' devices."


def _applied(step: Step) -> bool:
    return step.problem is None and step.waiting is None


def _to_move(state: Any) -> int | None:
    seat = state.to_move()
    return seat if seat is not None and seat >= 0 else None


def _common(a: Sequence[Due], b: Sequence[Due]) -> list[Due]:
    """The reveals both determinizations made, in order: those that do not hang on an
    unseen card."""
    out = []
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        out.append(x)
    return out


def my_part(due: Sequence[Due], me: int) -> tuple[set[int], set[int], list[Due]]:
    """What this device's seat must send for ``due``: its tokens (positions), its shares
    (tags), and the face-down cards of its own it must show or keep."""
    positions: set[int] = set()
    tags: set[int] = set()
    keeps: list[Due] = []
    for d in due:
        if d.tag is not None:
            tags.add(d.tag)
            continue
        assert d.position is not None
        if d.keep and d.to == me:
            keeps.append(d)
        elif d.holder is not None:
            if d.holder == me:
                positions.add(d.position)
        elif d.to != me:
            positions.add(d.position)
    return positions, tags, keeps


# -- decisions --------------------------------------------------------------------------------


class ParsedActions:
    """A decision's action read from its record JSON, or the line saying why it is none,
    remembered: every replay of a game reads every decision of it again. A game's runner
    makes one from its action type's ``from_json``.

    >>> parse = ParsedActions(int)
    >>> parse("7"), parse("[") [:9], parse("7") is parse("7")
    (7, 'Expecting', True)
    """

    LIMIT = 20_000
    """Decisions remembered before the memory starts again."""

    def __init__(self, from_json: Callable[[Any], Any]) -> None:
        self._from_json = from_json
        self._seen: dict[str, Any] = {}

    def __call__(self, text: str) -> Any:
        found = self._seen.get(text)
        if found is None:
            try:
                found = self._from_json(json.loads(text))
            except (ValueError, RecursionError) as e:
                found = str(e)[:80]
            if len(self._seen) > self.LIMIT:
                self._seen.clear()
            self._seen[text] = found
        return found


# -- fillers ------------------------------------------------------------------------------------


def fill(unknown: Sequence[int], pool: Sequence[Any], variant: int) -> dict[int, Any]:
    """The cards of ``pool`` (what is still unseen, as many as ``unknown``) given to the
    positions ``unknown``: in order for variant 0; for variant 1 turned by as many places as
    the most copies of one card, so that every position gets another card whenever the
    pool allows it (equal copies cannot be told apart)."""
    pool = sorted(pool)
    if len(pool) != len(unknown):
        raise ValueError("the unseen cards do not fill the unknown places")
    if variant and pool:
        most = max(pool.count(c) for c in set(pool))
        turn = most % len(pool) if len(pool) > 1 else 0
        pool = pool[turn:] + pool[:turn]
    return dict(zip(unknown, pool, strict=True))


__all__ = [
    "PUBLIC",
    "Builder",
    "CardGame",
    "Due",
    "Knowledge",
    "ParsedActions",
    "Runner",
    "Step",
    "World",
    "build",
    "fill",
    "my_part",
]
