"""A turn of Pebbles told in words and as marks on the board.

A turn is the run of decisions of one seat: a card, then two actions, each with its
target and the steps of any penguin it moves. The move list gives a turn one line,
in short ("10 Court: penguin on 10 →7, fished 12 Scurry") and in words; the words are a clean
verb phrase, so "Blue " + them says what a computer did ("played the 10 of Court,
placed a penguin on tile 10 and moved it to 7, and went fishing for the 12 of Scurry").
The board marks what the last turn changed (:class:`TurnMarks`): where a penguin or a
pebble was put, and each moved penguin from its tile to where it ended.

Everything here is public: a turn's decisions are seen by every seat (the card is played
face up, a fished card was face up), and a reshuffle is only named, its order never said.

Each decision is first turned into a :class:`Fact`, asked of the state *before* the
decision (which penguin is moving, and from where), so the move list replays a line once
(:class:`waddle.ui.presenter.LineFacts`).

>>> from waddle.games.pebbles.actions import parse_action
>>> from waddle.games.pebbles.tutorial import PebblesTutorial
>>> state = PebblesTutorial().start()[0].start()  # Red leads, the tutorial's deal
>>> facts = []
>>> for text in ("play 12L", "place 12", "step 11", "fish 13L"):
...     action = parse_action(text)
...     facts.append(fact(state, action))
...     state.apply(action)
>>> [turn] = turns_of(facts)
>>> short_line(turn)
'12 Collect: penguin on 12 →11, fished 13 Collect'
>>> print(said(turn, ["Red", "Blue"]))  # doctest: +NORMALIZE_WHITESPACE
played the 12 of Collect, placed a penguin on tile 12 and moved it to 11,
and went fishing for the 13 of Collect
>>> marks_of(turn), last_turn_marks(state) == marks_of(turn)
(TurnMarks(placed=(12,), pebbles=(), moves=((0, 12, (11,)),)), True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from waddle.core.game import CHANCE
from waddle.games.pebbles.actions import (
    K_COLLECT,
    K_COURT_PEBBLE,
    K_COURT_PENGUIN,
    K_DONE,
    K_FISH,
    K_PLACE,
    K_PLAY,
    K_PUSH,
    K_RESHUFFLE,
    K_SCURRY,
    K_STEP,
    Action,
)
from waddle.games.pebbles.cards import Card


class Fact(NamedTuple):
    """One decision of a line, with what the move list needs to know of the position
    before it."""

    round: int
    """The round's index (0 for the first)."""
    player: int
    """The seat that decided, or :data:`~waddle.core.game.CHANCE` for a reshuffle."""
    action: Action
    moving: tuple[int, int] | None
    """The penguin being moved before a step or a stop: (its owner, its tile's number)."""


def fact(state: Any, action: Action) -> Fact:
    """The :class:`Fact` of ``action``, asked of ``state`` before it is applied."""
    mover = state.to_move()
    moving = None
    if state.step_name == "move" and state.mv_tile >= 0:
        moving = (state.mv_owner, state.layout.numbers[state.mv_tile])
    return Fact(state.round, CHANCE if mover == CHANCE else mover, action, moving)


# -- a turn as parts: the card, then each action with the penguins it moved -------------------


@dataclass
class Walk:
    """One penguin's way during an action: its owner, the tile it set out from and each
    tile it stepped to; ``stopped`` once its player said "done"."""

    owner: int
    start: int
    path: list[int] = field(default_factory=list)
    stopped: bool = False

    @property
    def at(self) -> int:
        return self.path[-1] if self.path else self.start


@dataclass
class Part:
    """One piece of a turn: the card played (``kind`` K_PLAY), an action with its first
    target and the penguins it moved, or a reshuffle."""

    kind: int
    arg: Any = None
    walks: list[Walk] = field(default_factory=list)
    reshuffled: bool = False
    """For fishing: the deck ran out and the discards became the new deck."""


@dataclass
class Turn:
    """The decisions of one seat in a row (a whole turn, or the turn so far)."""

    round: int
    player: int
    parts: list[Part]
    last_ply: int
    """The position after the turn's last decision (its reshuffle included)."""


def turns_of(facts: Iterable[Fact]) -> list[Turn]:
    """The line's decisions grouped into turns, each cut into its parts. A reshuffle
    belongs to the turn whose fishing emptied the deck."""
    turns: list[Turn] = []
    for ply, f in enumerate(facts, 1):
        if f.player == CHANCE:
            if turns:
                _add_reshuffle(turns[-1])
                turns[-1].last_ply = ply
            continue
        if not turns or (turns[-1].round, turns[-1].player) != (f.round, f.player):
            turns.append(Turn(f.round, f.player, [], ply))
        turn = turns[-1]
        turn.last_ply = ply
        _add(turn, f)
    return turns


def _add_reshuffle(turn: Turn) -> None:
    fishing = next((p for p in reversed(turn.parts) if p.kind == K_FISH), None)
    if fishing is not None:
        fishing.reshuffled = True
    else:
        turn.parts.append(Part(K_RESHUFFLE))


def _add(turn: Turn, f: Fact) -> None:
    kind, arg = f.action.kind, f.action.arg
    parts = turn.parts
    if kind in (K_PLACE, K_COURT_PENGUIN):
        parts.append(Part(kind, arg, [Walk(f.player, arg)]))
    elif kind == K_SCURRY:
        walk = Walk(f.player, arg)
        if parts and parts[-1].kind == K_SCURRY:
            parts[-1].walks.append(walk)  # the second scurrying penguin
        else:
            parts.append(Part(kind, arg, [walk]))
    elif kind in (K_STEP, K_DONE):
        if f.moving is None or not parts:
            return  # "done" with no penguin moving: no second penguin scurries
        owner, tile = f.moving
        part = parts[-1]
        walk = part.walks[-1] if part.walks else None
        if walk is None or walk.stopped or (walk.owner, walk.at) != (owner, tile):
            walk = Walk(owner, tile)  # the next pushed penguin (each sets out from the tile)
            part.walks.append(walk)
        if kind == K_STEP:
            walk.path.append(arg)
        else:
            walk.stopped = True
    else:
        parts.append(Part(kind, arg))


# -- in short, for the move list ------------------------------------------------------------------


def card_short(card: Card) -> str:
    """A card as the move list writes it: "10 Court"."""
    return f"{card.number} {card.suit.name}"


def short_line(turn: Turn) -> str:
    """The turn in short, in words rather than the record's notation: the card, then its
    actions ("10 Court: penguin on 10 →7, fished 12 Scurry"; "9 Collect: pebble on 4")."""
    card = next((p.arg for p in turn.parts if p.kind == K_PLAY), None)
    actions = [_short(p) for p in turn.parts if p.kind != K_PLAY]
    head = card_short(card) if card is not None else ""
    if not actions:
        return head
    return f"{head}: {', '.join(actions)}" if head else ", ".join(actions)


def _short(part: Part) -> str:
    kind, arg = part.kind, part.arg
    if kind == K_FISH:
        return f"fished {card_short(arg)}" + (", reshuffle" if part.reshuffled else "")
    if kind == K_RESHUFFLE:
        return "reshuffle"
    head = {
        K_PLACE: f"penguin on {arg}",
        K_COLLECT: f"pebble on {arg}",
        K_COURT_PENGUIN: f"penguin on {arg} by Court",
        K_COURT_PEBBLE: f"pebble on {arg} by Court",
        K_SCURRY: "scurried",
        K_PUSH: f"pushed on {arg}",
    }[kind]
    if kind == K_SCURRY:
        return head + " " + " and ".join(f"{w.start}{_arrows(w)}" for w in part.walks)
    if kind == K_PUSH:
        moved = [f"{w.start}{_arrows(w)}" for w in part.walks if w.path]
        return head + (": " + ", ".join(moved) if moved else "")
    return head + "".join(_arrows(w) for w in part.walks)


def _arrows(walk: Walk) -> str:
    return "".join(f" →{tile}" for tile in walk.path)


# -- in words: a verb phrase -------------------------------------------------------------------


def said(turn: Turn, names: Sequence[str]) -> str:
    """The turn as a verb phrase of its player (``names``: each seat's name, for a push
    that moved others' penguins)."""
    return join_clauses([_said(part, turn.player, names) for part in turn.parts])


def join_clauses(clauses: Sequence[str]) -> str:
    """Clauses as one phrase: "a and b", "a, b and c"; when a clause has an "and" of its
    own, the list is kept apart by commas ("a, b and c, and d").

    >>> join_clauses(["played the 7 of Push", "went fishing for the 9 of Court"])
    'played the 7 of Push and went fishing for the 9 of Court'
    >>> join_clauses(["played the 10 of Court", "placed a penguin on tile 10 and moved it to 7"])
    'played the 10 of Court, placed a penguin on tile 10 and moved it to 7'
    """
    clauses = [c for c in clauses if c]
    if len(clauses) <= 1:
        return "".join(clauses)
    inner = any(" and " in c for c in clauses)
    if not inner:
        return ", ".join(clauses[:-1]) + " and " + clauses[-1]
    last = ", " if len(clauses) == 2 else ", and "
    return ", ".join(clauses[:-1]) + last + clauses[-1]


def _said(part: Part, player: int, names: Sequence[str]) -> str:
    kind, arg = part.kind, part.arg
    if kind == K_PLAY:
        return f"played the {arg.describe()}"
    if kind == K_FISH:
        text = f"went fishing for the {arg.describe()}"
        if part.reshuffled:
            text += " (the deck ran out: the discards became a new deck)"
        return text
    if kind == K_RESHUFFLE:
        return "saw the discards shuffled into a new deck"
    if kind == K_COLLECT:
        return f"used Collect to put a pebble on tile {arg}"
    if kind == K_COURT_PEBBLE:
        return f"used Court to put a pebble on tile {arg}"
    if kind == K_PLACE:
        return f"placed a penguin on tile {arg}" + _moved_it(part.walks)
    if kind == K_COURT_PENGUIN:
        return f"used Court to put a penguin on tile {arg}" + _moved_it(part.walks)
    if kind == K_SCURRY:
        walks = [_from_to(w) for w in part.walks]
        text = "used Scurry to move a penguin " + walks[0]
        return text + "".join(f" and another {w}" for w in walks[1:])
    if kind == K_PUSH:
        return f"used Push on tile {arg}" + _pushed(part.walks, player, names)
    return ""


def _moved_it(walks: Sequence[Walk]) -> str:
    walk = walks[0] if walks else None
    return f" and moved it to {_route(walk)}" if walk and walk.path else ""


def _from_to(walk: Walk) -> str:
    """A scurrying penguin: "from tile 5 to 7"; only "from tile 5" while it has not moved
    yet (the turn so far)."""
    return f"from tile {walk.start}" + (f" to {_route(walk)}" if walk.path else "")


def _route(walk: Walk) -> str:
    """Where a penguin went, and the tiles it went through: "7", "7 via 8", "7 via 8
    and 12"."""
    tiles = [str(t) for t in walk.path]
    if len(tiles) == 1:
        return tiles[0]
    return f"{tiles[-1]} via {join_clauses(tiles[:-1])}"


def _pushed(walks: Sequence[Walk], player: int, names: Sequence[str]) -> str:
    said = []
    for walk in walks:
        whose = "their own penguin" if walk.owner == player else f"{names[walk.owner]}'s"
        if walk.path and walk.at != walk.start:
            said.append(f"{whose} to {_route(walk)}")
        else:
            said.append(f"{whose} stayed")
    return ": " + ", ".join(said) if said else ""


# -- on the board -----------------------------------------------------------------------------


class TurnMarks(NamedTuple):
    """What a turn changed on the board, for the marks the board draws."""

    placed: tuple[int, ...] = ()
    """Tiles a penguin was put on (placed, or by Court)."""
    pebbles: tuple[int, ...] = ()
    """Tiles a pebble was put on (Collect, Court)."""
    moves: tuple[tuple[int, int, tuple[int, ...]], ...] = ()
    """Each penguin that stepped: (its owner, the tile it set out from, each tile it
    stepped to)."""

    @property
    def tiles(self) -> frozenset[int]:
        """Every tile the turn changed: where something was put, where a penguin set out
        from and where it ended."""
        ends = {t for _, start, path in self.moves for t in (start, path[-1])}
        return frozenset((*self.placed, *self.pebbles, *ends))


def marks_of(turn: Turn | None) -> TurnMarks:
    """The marks of ``turn`` (none for no turn)."""
    if turn is None:
        return TurnMarks()
    placed, pebbles, moves = [], [], []
    for part in turn.parts:
        if part.kind in (K_PLACE, K_COURT_PENGUIN):
            placed.append(part.arg)
        elif part.kind in (K_COLLECT, K_COURT_PEBBLE):
            pebbles.append(part.arg)
        moves += [(w.owner, w.start, tuple(w.path)) for w in part.walks if w.path]
    return TurnMarks(tuple(placed), tuple(pebbles), tuple(moves))


def last_marks(facts: Sequence[Fact]) -> TurnMarks:
    """The marks of the most recent turn that changed a tile (so the marks of the last
    player's turn stay while the next player has only played a card)."""
    for turn in reversed(turns_of(facts)):
        marks = marks_of(turn)
        if marks.tiles:
            return marks
    return TurnMarks()


def last_turn_marks(state: Any) -> TurnMarks:
    """The marks of ``state``'s most recent turn that changed a tile, from its history
    (public: every decision that names a tile is seen by every seat). Decisions are
    taken back on a copy until that turn is whole: a turn is a few decisions. A state
    that keeps no undo information (a bot's determinized world) has no marks.

    This is what the view would carry for the board (``PebblesView.last_turn``, see
    :func:`waddle.games.pebbles.presenter.last_turn_of`)."""
    back = state.clone()
    facts: list[Fact] = []
    while back.history:
        try:
            action = back.undo()
        except ValueError:  # no undo information
            return TurnMarks()
        facts.insert(0, fact(back, action))
        # The earliest turn may be cut; any later one is whole.
        if any(marks_of(t).tiles for t in turns_of(facts)[1:]):
            break
    return last_marks(facts)


__all__ = [
    "Fact",
    "Turn",
    "TurnMarks",
    "card_short",
    "fact",
    "join_clauses",
    "last_marks",
    "last_turn_marks",
    "marks_of",
    "said",
    "short_line",
    "turns_of",
]
