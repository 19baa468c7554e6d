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

from waddle.core.words import Voice, join, only_ahead, signed
from waddle.games.waddle.actions import Action
from waddle.games.waddle.ai import (
    EMPTY,
    BoardInfo,
    _group_sizes,
    _pool_points,
    place_gain,
    relative,
)
from waddle.games.waddle.places import move_words, place_name
from waddle.games.waddle.scoring import waddle_vp
from waddle.games.waddle.state import WaddleState


def move_name(state: WaddleState, action: Action) -> str:
    """The move as a player says it: "a double token on the ice north-east of pool 7",
    "scouting ahead"."""
    if action.hex is None:
        return "scouting ahead"
    near = state.active_number
    words = move_words(state.board, action, near)
    return words.removeprefix("placed ")


def action_places(state: WaddleState, action: Action) -> list[str]:
    """The hex a placement goes to (``data-hex``); a scout touches no place."""
    return [] if action.hex is None else [f"{action.hex[0]},{action.hex[1]}"]


def _vp(n: int) -> str:
    return signed(n, "VP")


def _scouting(voice: Voice) -> str:
    return (
        f"scouts ahead, so {voice.you} {voice.verb('places', 'place')} first around the next pool"
    )


def explain(state: WaddleState, action: Action, who: str | None = None) -> str:
    """Why ``action`` is played, as a verb phrase after "It": the waddle it joins and the
    pools whose majority it changes, each with the VP it brings the mover. ``who``: the
    player spoken about (a review), else the player to move is spoken to ("your")."""
    me = state.to_move()
    if me is None:
        return ""
    voice = Voice(who)
    if action.hex is None:
        return _scouting(voice)
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
        parts = [f"joins {voice.your} waddle to {_penguins(size)} ({_vp(gain)})"]
    else:
        parts = [
            f"joins {len(sizes)} of {voice.your} waddles into one of {_penguins(size)} "
            f"({_vp(gain)})"
        ]
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
    return join(parts)


def gains(state: WaddleState, action: Action) -> list[int]:
    """How every player's VP as the game stands would change with ``action`` (nothing for
    scouting): :func:`.ai.place_gain`, the figures the bots play by."""
    me = state.to_move()
    if action.hex is None or me is None:
        return [0] * state.players
    tokens = 2 if action.double else 1
    return place_gain(state, state.board.index[action.hex], me, tokens)


def versus(
    state: WaddleState,
    action: Action,
    other: Action,
    who: str | None = None,
    called: str | None = None,
) -> str:
    """Why ``action`` is better than ``other`` here, as a verb phrase after "It": what it
    brings against what ``other`` would, in VP as the game would end now, judged as the
    bots judge a placement (its own VP less the rivals' average change:
    :func:`.ai.relative`). When that says nothing in its favour, it says so, and that the
    search found it better by playing on. ``called``: how to name ``other``.

    >>> from waddle.games.waddle import Board, HexSpec
    >>> board = Board([HexSpec(0, 0, "water", 1, (4,)), HexSpec(1, 0, "ice"),
    ...                HexSpec(0, 1, "ice"), HexSpec(1, -1, "ice")])
    >>> state = WaddleState(board, players=2)
    >>> state.owner[board.index[(1, -1)]], state.token[board.index[(1, -1)]] = 1, 1
    >>> print(versus(state, Action.place((1, 0), True), Action.place((1, 0))))
    ... # doctest: +NORMALIZE_WHITESPACE
    starts a waddle of 2 penguins (+3 VP) and takes the majority at pool 1 (+4 VP; a rival
    loses 4), +7 VP in all, where a penguin on the ice east of pool 1 would bring +5 VP
    """
    me = state.to_move()
    if me is None:
        return ""
    voice = Voice(who)
    name = called or move_name(state, other)
    mine, theirs = gains(state, action), gains(state, other)
    if relative(mine, me) > relative(theirs, me):
        lost = sum(-g for q, g in enumerate(theirs) if q != me and g < 0)
        rivals = "a rival" if state.players == 2 else "rivals"
        cost = f" and cost {rivals} {lost} VP" if lost > 0 else ""
        what = explain(state, action, who)
        if what.count(" VP") > 1:  # several parts: their sum, to set against the other's
            what += f", {_vp(mine[me])} in all"
        brings = f"bring {_vp(theirs[me])}" if theirs[me] else "bring no VP"
        return f"{what}, where {name} would {brings}{cost}"
    behind = ""
    if theirs[me] > mine[me]:
        against = _vp(mine[me]) if mine[me] else "none"
        behind = f"brings {_vp(theirs[me])} as the game stands, against {against}"
    elif relative(theirs, me) > relative(mine, me):
        behind = "costs the rivals more VP as the game stands"
    ahead = only_ahead(name, behind)
    return f"{_scouting(voice)}; it {ahead}" if action.hex is None else ahead


def _penguins(n: int) -> str:
    return f"{n} penguin{'s' if n != 1 else ''}"


__all__ = ["action_places", "explain", "gains", "move_name", "place_name", "versus"]
