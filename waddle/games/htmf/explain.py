"""Why a move is good, in Hey, That's My Fish!'s own terms: the hint's and the game
review's words (``GAME.explain_move``), the move's name (``GAME.move_name``) and the places
it touches (``GAME.action_places``), beside the bots' valuation in :mod:`.ai`.

What a move does by the rules (rules.html): the penguin leaves its floe, which its player
takes with its fish; it lands on a floe whose fish it will take when it leaves, or at the
end. So the count as it stands (:meth:`~.state.HtmfState.scores`: floes taken and floes
under one's penguins) grows by the fish of the floe landed on. What it does for later, the
figures the hard bot's search values a stopped playout by (:func:`~.reach.voronoi`): the
fish one's penguins reach first (the *area*), and rival penguins left with no free floe
next to them (*trapped*: they can never move again).

>>> from waddle.games.htmf.board import standard_board
>>> from waddle.games.htmf.state import HtmfState
>>> state = HtmfState(standard_board(seed=1), players=2)
>>> explain(state, state.legal_actions()[0])  # doctest: +ELLIPSIS
'places a penguin on A2, a floe of 1 fish (+1 fish as the game stands)'
"""

from __future__ import annotations

from waddle.games.htmf.actions import Action
from waddle.games.htmf.places import move_notation, place_name
from waddle.games.htmf.reach import Grid, voronoi
from waddle.games.htmf.state import HtmfState


def move_name(state: HtmfState, action: Action) -> str:
    """The move as the move list names it: "A2", "C4 → E6"."""
    return move_notation(state.board, action)


def action_places(state: HtmfState, action: Action) -> list[str]:
    """The places the move touches, as the board's ``data-hex`` hooks name them: the floe
    left (for a move) and the floe landed on."""
    hexes = [action.dst] if action.src is None else [action.src, action.dst]
    return [f"{q},{r}" for q, r in hexes]


def _trapped(state: HtmfState) -> list[int]:
    """Each player's penguins on the board with no free floe next to them."""
    board, free, per = state.board, state.free, state.per_player
    out = [0] * state.players
    for s, f in enumerate(state.pos):
        if f >= 0 and not any(free[n] for n in board.neighbors[f]):
            out[s // per] += 1
    return out


def _fish(n: int) -> str:
    return f"{n} fish"


def explain(state: HtmfState, action: Action) -> str:
    """Why ``action`` is played, as a verb phrase after "It": the fish it counts now,
    the area it wins and the rival penguins it traps."""
    me = state.to_move()
    if me is None:
        return ""
    board = state.board
    grid = Grid.of(board)
    before_scores = state.scores()
    before_area = voronoi(state, grid)
    before_trapped = _trapped(state)
    after = state.clone()
    after.apply(action)
    gained = after.scores()[me] - before_scores[me]
    landing = board.fish[board.index[action.dst]]
    parts = []
    if action.src is None:
        parts.append(
            f"places a penguin on {place_name(board, action.dst)}, a floe of {_fish(landing)} "
            f"(+{gained} fish as the game stands)"
        )
    else:
        left = board.fish[board.index[action.src]]
        parts.append(
            f"takes the floe at {place_name(board, action.src)} ({_fish(left)}) and stands on "
            f"{place_name(board, action.dst)}, a floe of {_fish(landing)} (+{gained} fish as "
            "the game stands)"
        )
    trapped = _trapped(after)
    newly = sum(trapped[p] - before_trapped[p] for p in range(state.players) if p != me)
    if newly > 0:
        parts.append(f"traps {newly} rival penguin{'s' if newly > 1 else ''} for good")
    if action.src is not None and not after.is_over():  # areas mean little while placing
        area = voronoi(after, grid)
        mine, was = round(area[me]), round(before_area[me])
        rivals = [round(area[p]) for p in range(state.players) if p != me]
        if mine != was:
            parts.append(
                f"brings your share of the ice (fish held, and fish your penguins reach "
                f"first) from {was} to {mine} (the best rival's: {max(rivals)})"
            )
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


__all__ = ["action_places", "explain", "move_name"]
