"""What a click does now in a turn of Pebbles: the tiles and cards that act, read from the
view's legal decisions and the presenter's choice of action.

A turn is one card, then two different actions, each made of one decision or more (see
:mod:`waddle.games.pebbles.state`). On the page the player first says *which* action when
that is not clear from the click: placing a penguin and the card's power both act on
tiles, so the buttons "Place a penguin" and "Use the power" choose between them (the one
left after the first action needs no choosing); fishing acts on the face-up cards, which
nothing else does, so a face-up card can always be clicked. Court puts a penguin or a
pebble: a second choice.

>>> from waddle.games.pebbles.record import new_record
>>> state = new_record(2, seed=3).start()
>>> now = choices(state.view(state.to_move()), Choice())
>>> now.step, len(now.cards) == len(state.hands[state.to_move()]), now.tiles
('play', True, {})
"""

from __future__ import annotations

from dataclasses import dataclass, field

from waddle.games.pebbles.actions import (
    K_COLLECT,
    K_COURT_PEBBLE,
    K_COURT_PENGUIN,
    K_DONE,
    K_FISH,
    K_PLACE,
    K_PLAY,
    K_PUSH,
    K_SCURRY,
    K_STEP,
    POWER_KINDS,
    Action,
)
from waddle.games.pebbles.cards import Card
from waddle.games.pebbles.observation import PebblesView

PLACE, POWER, FISH = "place", "power", "fish"
"""The three actions of a turn, as the page names them."""
PENGUIN, PEBBLE = "penguin", "pebble"
"""What Court puts on a tile."""


@dataclass
class Choice:
    """The presenter's state between clicks: the action chosen, and for Court what it puts."""

    action: str | None = None
    court: str | None = None


@dataclass(frozen=True)
class Choices:
    """What a click does now, for the player to move."""

    step: str
    """The turn's step (``TurnView.step``)."""
    open: frozenset[str] = frozenset()
    """The actions still to take that can be taken: ``place``, ``power``, ``fish``."""
    action: str | None = None
    """The action the tiles are for now (chosen, or the only one on tiles left)."""
    court: frozenset[str] = frozenset()
    """Court's power: what it can put (``penguin``, ``pebble``) and is not chosen yet."""
    tiles: dict[int, Action] = field(default_factory=dict)
    """Tile number → the decision a click on it makes."""
    cards: dict[Card, Action] = field(default_factory=dict)
    """Card → the decision a click on it makes (from the hand to play, or from the row to
    fish)."""
    done: Action | None = None
    """``done``, when stopping is a decision now (a moving penguin stops, no second
    penguin scurries)."""
    place: Action | None = None
    """Placing a penguin: one decision, on the tile of the card's number."""


def choices(view: PebblesView, choice: Choice) -> Choices:
    """What the player to move may click in ``view`` (empty when the view shows no legal
    decisions: another seat's turn, or the game is over)."""
    legal = view.legal
    step = view.turn.step
    done = next((a for a in legal if a.kind == K_DONE), None)
    if step == "play":
        return Choices(step, cards={a.arg: a for a in legal if a.kind == K_PLAY})
    if step in ("move", "scurry-again"):
        kind = K_STEP if step == "move" else K_SCURRY
        return Choices(step, tiles={a.arg: a for a in legal if a.kind == kind}, done=done)
    if step != "choose":
        return Choices(step)
    place = next((a for a in legal if a.kind == K_PLACE), None)
    powers = [a for a in legal if a.kind in POWER_KINDS]
    fishing = {a.arg: a for a in legal if a.kind == K_FISH}
    open_ = frozenset(
        name for name, there in ((PLACE, place), (POWER, powers), (FISH, fishing)) if there
    )
    action = choice.action if choice.action in open_ else None
    if action is None:
        on_tiles = open_ & {PLACE, POWER}
        if len(on_tiles) == 1:
            (action,) = on_tiles
    tiles: dict[int, Action] = {}
    court: frozenset[str] = frozenset()
    if action == PLACE and place is not None:
        tiles = {place.arg: place}
    elif action == POWER:
        kinds = {a.kind for a in powers}
        if K_COURT_PENGUIN in kinds or K_COURT_PEBBLE in kinds:
            can = frozenset(
                what
                for what, kind in ((PENGUIN, K_COURT_PENGUIN), (PEBBLE, K_COURT_PEBBLE))
                if kind in kinds
            )
            chosen = choice.court if choice.court in can else None
            if chosen is None and len(can) == 1:
                (chosen,) = can
            if chosen is None:
                court = can
            else:
                kind = K_COURT_PENGUIN if chosen == PENGUIN else K_COURT_PEBBLE
                tiles = {a.arg: a for a in powers if a.kind == kind}
        else:
            tiles = {a.arg: a for a in powers}
    return Choices(step, open_, action, court, tiles, fishing, done, place)


def power_kind(view: PebblesView) -> int | None:
    """The decision kind that starts the power of the card played (Court: its penguin)."""
    card = view.turn.card
    if card is None:
        return None
    return {0: K_SCURRY, 1: K_COURT_PENGUIN, 2: K_PUSH, 3: K_COLLECT}[card.suit.id]
