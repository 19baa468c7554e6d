"""Why a move is good, in Waddle's own terms: the hint's and the game review's words
(``GAME.explain_move``), the move's name (``GAME.move_name``) and the places it touches
(``GAME.action_places``), beside the bots' valuation (:func:`.ai.place_gain`, which these
figures come from).

A placement scores in two ways (rules.html, "Scoring"): the waddle it joins (a waddle of
n penguins is worth 1 + 2 + … + n VP, capped) and the fishing pools on whose shore it
stands (the majority takes the fish). Each part says what it changes for the mover, in
VP as the game would end now, so the parts add up to the move's change in the score:

>>> from waddle.games.waddle import Board, HexSpec
>>> from waddle.games.waddle.actions import Action
>>> from waddle.games.waddle.state import WaddleState
>>> board = Board([HexSpec(0, 0, "water", 1, (4,)), HexSpec(1, 0, "ice"),
...                HexSpec(0, 1, "ice"), HexSpec(1, -1, "ice")])
>>> state = WaddleState(board, players=2)
>>> state.owner[board.index[(1, -1)]], state.token[board.index[(1, -1)]] = 1, 1
>>> explain(state, Action.place((1, 0), True))
'starts a waddle of 2 penguins (+3 VP) and takes the majority at pool 1 (+4 VP; a rival loses 4)'
"""

from __future__ import annotations

from waddle.games.waddle.actions import Action
from waddle.games.waddle.ai import EMPTY, BoardInfo, _group_sizes, _pool_points
from waddle.games.waddle.places import move_words, place_name
from waddle.games.waddle.scoring import waddle_vp
from waddle.games.waddle.state import WaddleState


def move_name(state: WaddleState, action: Action) -> str:
    """The move as a player says it: "a double token on the ice north-east of pool 7"."""
    near = state.active_number
    words = move_words(state.board, action, near)
    return words.removeprefix("placed ")


def action_places(state: WaddleState, action: Action) -> list[str]:
    """The hex a placement goes to (``data-hex``); a scout touches no place."""
    return [] if action.hex is None else [f"{action.hex[0]},{action.hex[1]}"]


def _vp(n: int) -> str:
    return f"{'+' if n >= 0 else '−'}{abs(n)} VP"


def explain(state: WaddleState, action: Action) -> str:
    """Why ``action`` is played, as a verb phrase after "It": the waddle it joins and the
    pools whose majority it changes, each with the VP it brings the mover."""
    me = state.to_move()
    if me is None:
        return ""
    if action.hex is None:
        return "scouts ahead: you will place first around the next pool"
    board = state.board
    info = BoardInfo.of(board)
    i = board.index[action.hex]
    tokens = 2 if action.double else 1
    players = state.players
    sizes = _group_sizes(state, i, me)
    size = sum(sizes) + tokens
    before = 0
    for s in sizes:
        before += waddle_vp(s, players)
    gain = waddle_vp(size, players) - before
    if not sizes:
        parts = [f"starts a waddle of {_penguins(size)} ({_vp(gain)})"]
    elif len(sizes) == 1:
        parts = [f"joins your waddle to {_penguins(size)} ({_vp(gain)})"]
    else:
        parts = [f"joins {len(sizes)} of your waddles into one of {_penguins(size)} ({_vp(gain)})"]
    owner, token = state.owner, state.token
    for p in info.pools_near[i]:
        counts = [0] * players
        for j in info.pool_ice[p]:
            if owner[j] != EMPTY:
                counts[owner[j]] += token[j]
        fish = info.pool_fish[p]
        was = _pool_points(counts, fish, players)
        counts[me] += tokens
        now = _pool_points(counts, fish, players)
        mine = now[me] - was[me]
        lost = 0
        for q in range(players):
            if q != me:
                lost += was[q] - now[q]
        pool = board.pools[p]
        name = f"pool {pool.number}" if pool.number is not None else "the pool with no number"
        rivals = max(c for q, c in enumerate(counts) if q != me)
        if mine == 0 and lost <= 0:
            continue
        if mine == 0:
            parts.append(f"keeps a rival from {name}'s fish (they lose {lost} VP)")
            continue
        if counts[me] > rivals:
            verb = f"takes the majority at {name}"
        elif counts[me] == rivals:
            verb = f"ties the majority at {name}"
        else:
            verb = f"moves up at {name}"
        told = _vp(mine) + (
            f"; {'a rival loses' if players == 2 else 'rivals lose'} {lost}" if lost > 0 else ""
        )
        parts.append(f"{verb} ({told})")
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


def _penguins(n: int) -> str:
    return f"{n} penguin{'s' if n != 1 else ''}"


__all__ = ["action_places", "explain", "move_name", "place_name"]
