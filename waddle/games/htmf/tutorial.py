"""Hey, That's My Fish!'s first-game tutorial: a small real game in which the player does
each step.

You play Red against a scripted Blue on a 14-floe board. Blue begins. Each step says what
to do and accepts only that kind of action: you place your penguins, make a first move,
block Blue's penguin, meet Blue going out (its penguins leave the ice with their floes),
make the last move and see the game end in a tie on fish that the floes break. The app's
tutorial runner (:mod:`waddle.app.tutorial`) plays it.

The board, row A on top, each row half a floe to the right of the one above; digits are
fish, ``B`` is Blue's first floe (B2) and ``Y`` the one that stays yours (C3), both with one
fish (the numbers along the top count rows A and C, those along the bottom B and D)::

         1 2 3 4
    A    1 1   2
    B     1 B 3 2 3
    C    1 1 Y 2
    D     1   2
          1 2 3 4 5

The eight one-fish floes lie together on the left and take the eight penguins. Only ``B``
and ``Y`` touch open ice; a penguin on any other can never move. Blue places on ``B``
first and then only on the hemmed-in floes, so whatever you choose, ``Y`` ends up yours.
From there the game goes one way, up to which floe you pick at two points, and every path
ends 10 fish to 10 with 7 floes to 6 (``tests/test_htmf_tutorial.py`` walks them all).

>>> from waddle.app.tutorial import Tutorial
>>> from waddle.games.htmf import GAME
>>> tutorial = Tutorial(GAME)
>>> tutorial.step.key, tutorial.session.message
('place', 'Blue placed a penguin on B2.')
>>> tutorial.try_action(Action.place((1, 0)))
True
>>> tutorial.step.key, tutorial.session.state.ply
('place', 3)
"""

from __future__ import annotations

from waddle.core import hexgrid
from waddle.core.hexgrid import Hex
from waddle.games.htmf.actions import Action
from waddle.games.htmf.board import Floe
from waddle.games.htmf.record import Record
from waddle.games.htmf.state import HtmfState
from waddle.ui.seats import Seat
from waddle.ui.tutorial import Step

BLUE, YOU = 0, 1

BLUE_START: Hex = (2, 0)
"""Blue's first penguin: one of the two one-fish floes on the open ice."""
YOUR_START: Hex = (2, 1)
"""The other one, which stays free for you: Blue never places there."""
HEMMED_IN: tuple[Hex, ...] = ((1, 1), (1, 0), (2, -1), (0, 2), (0, 1), (1, -1))
"""The one-fish floes with only one-fish floes around them: a penguin there never moves."""

OPEN_ICE: dict[Hex, int] = {
    (3, 0): 3,  # where Blue's first move goes
    (4, 0): 2,  # the way out of the end floe: where you block
    (5, 0): 3,  # the end floe, with one way out, where Blue's second move goes
    (3, 1): 2,
    (4, -1): 2,
    (2, 2): 2,
}


def tutorial_floes() -> list[Floe]:
    ones = [BLUE_START, YOUR_START, *HEMMED_IN]
    return [Floe(q, r, 1) for q, r in ones] + [Floe(q, r, f) for (q, r), f in OPEN_ICE.items()]


def can_move(state: HtmfState, h: Hex) -> bool:
    """Whether the penguin on ``h`` could move: a slide starts on a neighbouring floe that is
    still on the ice with no penguin on it."""
    return any(state.has_floe(n) and state.penguin_at(n) is None for n in hexgrid.neighbors(h))


def blocks(state: HtmfState, action: Action) -> bool:
    """Whether the (legal) move ``action`` leaves a rival penguin that could move unable to.

    >>> from waddle.games.htmf.board import Board
    >>> state = HtmfState(Board(tutorial_floes()), 2)  # nothing placed: nothing to block
    >>> blocks(state, Action.place(BLUE_START))
    False
    """
    if action.src is None or state.why_illegal(action) is not None:
        return False
    me = state.to_move()
    free = [h for h, p in state.penguins().items() if p != me and can_move(state, h)]
    after = state.clone()
    after.apply(action)
    # A rival taken off the ice (out, because nothing of theirs could move) was blocked too.
    return any(after.penguin_at(h) is None or not can_move(after, h) for h in free)


def _place(_state: HtmfState, action: Action) -> bool:
    return action.src is None


def _move(_state: HtmfState, action: Action) -> bool:
    return action.src is not None


def _block(state: HtmfState, action: Action) -> bool:
    # An illegal move is let through, so that the rules say why it is illegal.
    return action.src is not None and (
        state.why_illegal(action) is not None or blocks(state, action)
    )


STEPS = (
    Step(
        "place",
        "Welcome! You are Red, and Blue began. First everyone places penguins, in turn, one "
        "at a time, on empty floes with one fish (the green ones): click one. Each of you "
        "places four.",
        _place,
        "Place a penguin: click an empty floe with one fish.",
    ),
    Step(
        "move",
        "All penguins are on the ice. Penguins with no free floe next to them can never "
        "move; you have one that can. Click it, then a green floe: a penguin slides in a "
        "straight line, one floe or more, never over a gap or another penguin. The floe it "
        "leaves is yours, with its fish.",
        _move,
        "Move a penguin: click your penguin that can move, then a green floe.",
    ),
    Step(
        "block",
        "Blue's penguin slid to the floe with three fish at the end of the ice. It has only "
        "one way out: the floe next to it. Block it: move your penguin onto that floe, so "
        "that Blue's penguin cannot move.",
        _block,
        "That does not block Blue: move onto the floe next to Blue's penguin at the end.",
    ),
    Step(
        "out",
        "None of Blue's penguins can move, so Blue is out: its penguins left the ice, each "
        "with the floe it stood on, which Blue keeps (the gaps). Blue takes no more turns, "
        "and you play on alone. Make your last move.",
        _move,
        "Move your penguin: click it, then a green floe.",
    ),
    Step(
        "done",
        "No penguin can move, so the game is over, and your penguins left the ice with "
        "their floes too. You and Blue both caught 10 fish: a tie. A tie on fish is broken "
        "by floes: you took 7 and Blue 6, so you win! The results list each player's fish "
        "and floes. Start a real game with 'New game'.",
        lambda _s, _a: False,
        "The game is over.",
    ),
)


class HtmfTutorial:
    """The script: Red (you) against Blue, who places on :data:`BLUE_START` and then on the
    hemmed-in floes, and moves to the nearest floe with the most fish."""

    learner = YOU
    steps = STEPS

    def start(self) -> tuple[Record, list[Seat]]:
        seats = [Seat("Blue", "#0072b2", "square"), Seat("Red (you)", "#d55e00", "circle")]
        return Record(2, tuple(tutorial_floes())), seats

    def reply(self, state: HtmfState, step: Step) -> Action:
        if state.phase == "place":
            free = set(state.placements())
            return Action.place(next(h for h in (BLUE_START, *HEMMED_IN) if h in free))
        moves = state.legal_actions()
        fish = state.board.fish
        index = state.board.index
        return max(
            moves,
            key=lambda a: (fish[index[a.dst]], -hexgrid.distance(a.src, a.dst), -moves.index(a)),
        )

    def next_step(self, state: HtmfState, index: int) -> int:
        if state.is_over():
            return len(STEPS) - 1
        key = STEPS[index].key
        if key == "place":
            return index if state.phase == "place" else index + 1
        if key in ("move", "block"):
            return index + 1
        return index
