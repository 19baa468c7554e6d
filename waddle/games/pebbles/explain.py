"""Why a decision is good, in Pebbles' own terms: the hint's and the game review's words
(``GAME.explain_move``) and the decision's name (``GAME.move_name``), beside the bots'
valuation in :mod:`.ai`. The places a decision touches (``GAME.action_places``): the tile
it names (its ``data-hex``).

A card is judged by the trick (rules.html: the highest card of the led suit wins it, and
its player takes a love token at the end of the round) and by the tile of its number,
where its player may place a penguin; any other decision by the points it changes as the
game would end now (:meth:`~.state.PebblesState.scores`: pebbles on controlled tiles,
territories, love tokens, fish), which is what the figure in brackets says.

>>> from waddle.games.pebbles import new_game
>>> state = new_game(players=2, seed=3)
>>> move_name(state, state.legal_actions()[0])
'the 7 of Scurry'
>>> print(explain(state, state.legal_actions()[0]))  # doctest: +NORMALIZE_WHITESPACE
leads Scurry with the 7 (a penguin may go to tile 7; its power: move 1 or 2 of your
penguins 1 or 2 tiles each)
"""

from __future__ import annotations

from waddle.core.words import Voice, join, only_ahead, plural, signed
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
    PLACE,
    Action,
)
from waddle.games.pebbles.cards import NUMBER_OF, SUIT_OF, SUITS
from waddle.games.pebbles.state import PebblesState


def move_name(state: PebblesState, action: Action) -> str:
    """The decision as a player names it, tiles by the numbers the board shows and cards
    by their number and suit: "the 8 of Scurry", "a penguin on tile 10", "fishing for the
    13 of Court", "Court: a pebble on tile 5", "a step to tile 9", "stopping here"."""
    kind, arg = action.kind, action.arg
    if kind == K_PLAY:
        return f"the {_card(arg)}"
    if kind == K_FISH:
        return f"fishing for the {_card(arg)}"
    if kind == K_DONE:
        return "stopping here" if state.step_name == "move" else "no second penguin"
    if kind == K_RESHUFFLE:
        return "the discards shuffled into a new deck"
    return {
        K_PLACE: f"a penguin on tile {arg}",
        K_COLLECT: f"Collect: a pebble on tile {arg}",
        K_COURT_PENGUIN: f"Court: a penguin on tile {arg}",
        K_COURT_PEBBLE: f"Court: a pebble on tile {arg}",
        K_SCURRY: f"Scurry: the penguin on tile {arg}",
        K_PUSH: f"Push on tile {arg}",
        K_STEP: f"a step to tile {arg}",
    }[kind]


def action_places(state: PebblesState, action: Action) -> list[str]:
    """The tile a decision names, as the board's ``data-hex`` hook names it."""
    tile = action.tile
    if tile is None:
        return []
    t = state.layout.index.get(tile)
    if t is None:
        return []
    q, r = state.layout.tiles[t].hex
    return [f"{q},{r}"]


def _card(c: int) -> str:
    return f"{NUMBER_OF[c]} of {SUITS[SUIT_OF[c]].name}"


def _points(n: int) -> str:
    return signed(n, "point")


def _margin(change: int, whose: str, would: bool = False) -> str:
    """A change in the margin over the best rival, after "it" (or after "would").

    >>> _margin(2, "your"), _margin(0, "your")
    ('widens your margin over the best rival by 2 points', 'keeps your margin over the best rival')
    >>> _margin(-1, "the", would=True)
    'narrow the margin over the best rival by 1 point'
    """
    if not change:
        return f"{'keep' if would else 'keeps'} {whose} margin over the best rival"
    verb = "widen" if change > 0 else "narrow"
    verb += "" if would else "s"
    return f"{verb} {whose} margin over the best rival by {plural(abs(change), 'point')}"


def _bring(n: int) -> str:
    """What a decision would bring, after "would": "bring +2 points", "bring no points"."""
    return f"bring {_points(n)}" if n else "bring no points"


def _gain(state: PebblesState, action: Action) -> tuple[int, int]:
    """The mover's change in points as the game stands, and the change in their margin
    over the best rival (what the bots value: :func:`.ai.relative`)."""
    me = state.to_move()
    before = state.scores()
    after = state.clone()
    after.apply(action)
    now = after.scores()

    def margin(points: list[int]) -> int:
        return points[me] - max((v for p, v in enumerate(points) if p != me), default=0)

    return now[me] - before[me], margin(now) - margin(before)


def explain(state: PebblesState, action: Action, who: str | None = None) -> str:
    """What ``action`` does, as a verb phrase after "It". ``who``: the player spoken
    about (a review), else the player to move is spoken to ("your")."""
    me = state.to_move()
    if me is None or me < 0:
        return ""
    voice = Voice(who)
    if action.kind == K_PLAY:
        return _card_words(state, action.arg, voice)
    if action.kind == K_DONE:
        return _doing(state, action, voice)
    gained, _rival = _gain(state, action)
    return f"{_doing(state, action, voice)} ({_points(gained)} as the game stands)"


def _doing(state: PebblesState, action: Action, voice: Voice) -> str:
    """What a decision other than a card does, as a verb phrase."""
    kind, arg = action.kind, action.arg
    if kind == K_FISH:
        return f"goes fishing for the {_card(arg)} and a fish token"
    if kind == K_DONE:
        if state.step_name == "move":
            return "stops the penguin where it stands"
        return "scurries no second penguin"
    return {
        K_PLACE: f"places a penguin on tile {arg}",
        K_COLLECT: f"uses Collect to put a pebble on tile {arg}",
        K_COURT_PENGUIN: f"uses Court to put one of {voice.your} penguins on tile {arg}",
        K_COURT_PEBBLE: f"uses Court to put a pebble on tile {arg}",
        K_SCURRY: f"uses Scurry to move {voice.your} penguin on tile {arg}",
        K_PUSH: f"pushes the penguins on tile {arg}",
        K_STEP: f"moves the penguin to tile {arg}",
    }.get(kind, "")


def _trick(state: PebblesState, card: int) -> tuple[int, int]:
    """Where ``card`` leaves the trick in play: 3 it wins it (the last card, the highest
    of the led suit), 2 it leads it for now, 1 it is the first card (anyone may still beat
    it), 0 it cannot win it; and the card that leads the trick before it (-1: none)."""
    trick = state.trick
    if not trick:
        return 1, -1
    led = SUIT_OF[trick[0]]
    best = trick[0]
    for c in trick[1:]:
        if SUIT_OF[c] == led and c > best:
            best = c
    if SUIT_OF[card] == led and card > best:
        return (3 if len(trick) == state.players - 1 else 2), best
    return 0, best


def _placing(state: PebblesState, card: int) -> int | None:
    """What a penguin placed on the tile of ``card``'s number would bring, in points as
    the game stands, right after the card is played; None when it cannot go there."""
    number = NUMBER_OF[card]
    me = state.to_move()
    if number not in state.layout.index or not state.supply[me]:
        return None
    after = state.clone()
    after.apply(Action(K_PLAY, card))
    if after.why_illegal(PLACE[number]) is not None:
        return None
    return _gain(after, PLACE[number])[0]


def _card_words(state: PebblesState, card: int, voice: Voice) -> str:
    suit = SUITS[SUIT_OF[card]]
    number = NUMBER_OF[card]
    power = f"its power: {suit.power}".replace(" your ", f" {voice.your} ")
    tile = f"a penguin may go to tile {number}" if number in state.layout.index else ""
    tail = "; ".join(x for x in (tile, power) if x)
    rank, best = _trick(state, card)
    if rank == 1:
        return f"leads {suit.name} with the {number} ({tail})"
    led_name = SUITS[SUIT_OF[state.trick[0]]].name
    if rank == 3:
        return (
            f"wins the trick: {led_name} was led and {number} is the highest {led_name} "
            f"(a love token, and {voice.you} {voice.verb('leads', 'lead')} next round; {tail})"
        )
    if rank == 2:
        return f"takes the lead in the trick: {number} beats the {_card(best)} ({tail})"
    return f"cannot win the trick ({led_name} was led, the {_card(best)} leads it): {tail}"


_TRICK_WORDS = {
    3: "wins the trick",
    2: "takes the lead in the trick",
    1: "leads the trick",
    0: "cannot win the trick",
}
_TRICK_INSTEAD = {3: "win it", 2: "take the lead in it", 1: "lead it", 0: "not win it"}


def versus(
    state: PebblesState,
    action: Action,
    other: Action,
    who: str | None = None,
    called: str | None = None,
) -> str:
    """Why ``action`` is better than ``other`` here, as a verb phrase after "It". Two
    cards are compared by the trick (winning it brings a love token and the lead) and by
    the penguin each lets onto the tile of its number (its points as the game stands);
    other decisions by the points they change as the game stands, the mover's against the
    best rival's, as the bots value a position (:func:`.ai.relative`). When that says
    nothing in its favour, it says so, and that the search found it better by playing on.
    ``called``: how to name ``other``.

    >>> from waddle.games.pebbles import new_game
    >>> state = new_game(players=2, seed=3)
    >>> low, high = state.legal_actions()[0], state.legal_actions()[-1]
    >>> move_name(state, high), move_name(state, low)
    ('the 12 of Collect', 'the 7 of Scurry')
    >>> print(versus(state, high, low))  # doctest: +NORMALIZE_WHITESPACE
    leads with a higher card, the 12 (only a higher Collect can beat it), where the 7 of
    Scurry would lead with the 7
    """
    me = state.to_move()
    if me is None or me < 0:
        return ""
    voice = Voice(who)
    name = called or move_name(state, other)
    if action.kind == K_PLAY and other.kind == K_PLAY:
        return _cards_versus(state, action.arg, other.arg, voice, name)
    mine, margin = _gain(state, action) if action.kind != K_PLAY else (0, 0)
    theirs, their_margin = _gain(state, other) if other.kind != K_PLAY else (0, 0)
    if action.kind != K_PLAY and (margin, mine) > (their_margin, theirs):
        if mine > theirs and margin >= their_margin:
            return f"{explain(state, action, who)}, where {name} would {_bring(theirs)}"
        return (
            f"{explain(state, action, who)} and {_margin(margin, voice.your)}, where {name} "
            f"would {_margin(their_margin, 'the', would=True)}"
        )
    behind = ""
    if theirs > mine:
        against = _points(mine) if mine else "none"
        behind = f"brings {_points(theirs)} as the game stands, against {against}"
    ahead = only_ahead(name, behind)
    if action.kind == K_PLAY or action.kind == K_DONE:
        return f"{explain(state, action, who)}; it {ahead}"
    return ahead


def _cards_versus(state: PebblesState, card: int, other: int, voice: Voice, name: str) -> str:
    rank, _best = _trick(state, card)
    their_rank, _ = _trick(state, other)
    gains, instead = [], []
    if rank > their_rank:
        said = _TRICK_WORDS[rank]
        if rank == 3:
            said += f" (a love token, and {voice.you} {voice.verb('leads', 'lead')} next round)"
        gains.append(said)
        instead.append(_TRICK_INSTEAD[their_rank])
    elif rank == their_rank and rank in (1, 2) and NUMBER_OF[card] > NUMBER_OF[other]:
        suit = SUITS[SUIT_OF[state.trick[0] if state.trick else card]].name
        gains.append(
            f"{'leads' if rank == 1 else 'takes the lead'} with a higher card, the "
            f"{NUMBER_OF[card]} (only a higher {suit} can beat it)"
        )
        instead.append(f"{'lead' if rank == 1 else 'take it'} with the {NUMBER_OF[other]}")
    placed, their_placed = _placing(state, card), _placing(state, other)
    if placed is not None and (their_placed is None or placed > their_placed):
        gains.append(
            f"lets a penguin onto tile {NUMBER_OF[card]} ({_points(placed)} as the game stands)"
        )
        if their_placed is None:
            instead.append(f"let no penguin onto tile {NUMBER_OF[other]}")
        else:
            instead.append(f"{_bring(their_placed)} on tile {NUMBER_OF[other]}")
    if gains:
        return f"{join(gains)}, where {name} would {join(instead)}"
    behind = ""
    if their_rank > rank:
        behind = _TRICK_WORDS[their_rank]
    elif their_placed is not None and (placed is None or their_placed > placed):
        behind = f"lets a penguin onto tile {NUMBER_OF[other]} for {_points(their_placed)}"
    return only_ahead(name, behind)


__all__ = ["action_places", "explain", "move_name", "versus"]
