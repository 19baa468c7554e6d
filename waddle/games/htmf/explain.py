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

from dataclasses import dataclass

from waddle.core.words import Voice, join, only_ahead, plural, signed
from waddle.games.htmf.actions import Action
from waddle.games.htmf.places import move_notation, place_name
from waddle.games.htmf.reach import Grid, voronoi
from waddle.games.htmf.state import HtmfState


def move_name(state: HtmfState, action: Action) -> str:
    """The move as a player names it, places as the board labels them: "a penguin on
    A2" (a placement), "C4 → E6" (a move, as the move list writes it)."""
    if action.src is None:
        return f"a penguin on {place_name(state.board, action.dst)}"
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


@dataclass(frozen=True)
class Outcome:
    """What a move changes for its player, in the figures the hard bot's search values a
    position by (:func:`~.reach.voronoi`) and the count as the game stands."""

    gained: int
    """Fish added to the player's count as the game stands (the floe landed on)."""
    landing: int
    """The fish of the floe landed on."""
    share: int
    """The player's share of the ice after it: fish held, and fish their penguins reach
    first (the search's valuation, rounded)."""
    rival: int
    """The best rival's share of the ice after it."""
    trapped: int
    """Rival penguins it leaves with no free floe next to them (for good)."""
    stuck: int
    """The player's own penguins it leaves with no free floe next to them."""


def outcome(state: HtmfState, action: Action) -> Outcome:
    """:class:`Outcome` of ``action`` for the player to move in ``state``."""
    me = state.to_move()
    board = state.board
    before_scores = state.scores()
    before_trapped = _trapped(state)
    after = state.clone()
    after.apply(action)
    area = voronoi(after, Grid.of(board))
    trapped = _trapped(after)
    rivals = [p for p in range(state.players) if p != me]
    return Outcome(
        gained=after.scores()[me] - before_scores[me],
        landing=board.fish[board.index[action.dst]],
        share=round(area[me]),
        rival=max((round(area[p]) for p in rivals), default=0),
        trapped=sum(max(0, trapped[p] - before_trapped[p]) for p in rivals),
        stuck=max(0, trapped[me] - before_trapped[me]),
    )


def _fish(n: int) -> str:
    return f"{n} fish"


def _rival(state: HtmfState) -> str:
    return "the other player's" if state.players == 2 else "the best rival's"


def explain(state: HtmfState, action: Action, who: str | None = None) -> str:
    """What ``action`` does, as a verb phrase after "It": the fish it counts now, the
    area it wins and the rival penguins it traps. ``who``: the player spoken about (a
    review), else the player to move is spoken to ("your")."""
    me = state.to_move()
    if me is None:
        return ""
    voice = Voice(who)
    board = state.board
    before_area = voronoi(state, Grid.of(board))
    won = outcome(state, action)
    landing = won.landing
    parts = []
    if action.src is None:
        parts.append(
            f"places a penguin on {place_name(board, action.dst)}, a floe of {_fish(landing)} "
            f"({signed(won.gained, 'fish')} as the game stands)"
        )
    else:
        left = board.fish[board.index[action.src]]
        parts.append(
            f"takes the floe at {place_name(board, action.src)} ({_fish(left)}) and stands on "
            f"{place_name(board, action.dst)}, a floe of {_fish(landing)} "
            f"({signed(won.gained, 'fish')} as the game stands)"
        )
    if won.trapped > 0:
        parts.append(f"traps {plural(won.trapped, 'rival penguin')} for good")
    after = state.clone()
    after.apply(action)
    if action.src is not None and not after.is_over():  # areas mean little while placing
        was = round(before_area[me])
        if won.share != was:
            parts.append(
                f"brings {_share(voice)} from {was} to {won.share} ({_rival(state)}: {won.rival})"
            )
    return join(parts)


def versus(
    state: HtmfState,
    action: Action,
    other: Action,
    who: str | None = None,
    called: str | None = None,
) -> str:
    """Why ``action`` is better than ``other`` here, as a verb phrase after "It": what it
    gains that ``other`` would not, by the search's own valuation (the share of the ice,
    against the best rival's) and by the rules (penguins trapped, fish taken). When the
    position as it stands shows nothing in its favour, it says so, and that the search
    found it better by playing on. ``called``: how to name ``other`` (its move name).

    >>> from waddle.games.htmf.board import standard_board
    >>> state = HtmfState(standard_board(seed=1), players=2)
    >>> while state.phase == "place":
    ...     state.apply(state.legal_actions()[0])
    >>> moves = state.legal_actions()
    >>> print(move_name(state, moves[5]), "|", move_name(state, moves[1]))
    B2 → E3 | B2 → A1
    >>> print(versus(state, moves[5], moves[1]))  # doctest: +NORMALIZE_WHITESPACE
    brings your share of the ice (fish you hold or reach first) to 55 against the other
    player's 45 and keeps your penguins free to move, where B2 → A1 would leave 42 against
    58 and leave one of your penguins with no way out
    """
    if state.to_move() is None:
        return ""
    voice = Voice(who)
    mine, theirs = outcome(state, action), outcome(state, other)
    name = called or move_name(state, other)
    gains, instead = [], []
    if mine.share - mine.rival > theirs.share - theirs.rival:
        gains.append(f"brings {_share(voice)} to {mine.share} against {_rival(state)} {mine.rival}")
        instead.append(f"leave {theirs.share} against {theirs.rival}")
    if mine.trapped > theirs.trapped:
        gains.append(f"traps {plural(mine.trapped, 'rival penguin')} for good")
        instead.append(f"trap {theirs.trapped or 'none'}")
    if theirs.stuck > mine.stuck:
        gains.append(f"keeps {voice.your} penguins free to move")
        count = "one" if theirs.stuck == 1 else str(theirs.stuck)
        instead.append(f"leave {count} of {voice.your} penguins with no way out")
    if mine.gained > theirs.gained:
        gains.append(
            f"lands on a floe of {_fish(mine.landing)} ({signed(mine.gained, 'fish')} as the "
            "game stands)"
        )
        instead.append(f"land on {_fish(theirs.landing)}")
    if gains:
        return f"{join(gains)}, where {name} would {join(instead)}"
    behind = ""
    if theirs.gained > mine.gained:
        behind = f"takes {_fish(theirs.gained - mine.gained)} more now"
    elif theirs.share - theirs.rival > mine.share - mine.rival:
        behind = (
            f"leaves {voice.your} share of the ice at {theirs.share} against {theirs.rival} for now"
        )
    return only_ahead(name, behind)


def _share(voice: Voice) -> str:
    """The search's valuation in words: "your share of the ice (fish you hold or reach
    first)"."""
    return (
        f"{voice.your} share of the ice (fish {voice.you} {voice.verb('holds', 'hold')} or "
        f"{voice.verb('reaches', 'reach')} first)"
    )


__all__ = ["Outcome", "action_places", "explain", "move_name", "outcome", "versus"]
