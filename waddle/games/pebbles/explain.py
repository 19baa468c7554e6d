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
>>> explain(state, state.legal_actions()[0])  # doctest: +ELLIPSIS
'leads ...'
"""

from __future__ import annotations

from waddle.games.pebbles.actions import K_DONE, K_PLAY, Action
from waddle.games.pebbles.cards import NUMBER_OF, SUIT_OF, SUITS
from waddle.games.pebbles.state import PebblesState


def move_name(state: PebblesState, action: Action) -> str:
    """The decision as the move list writes it ("play 12C", "place 7")."""
    return str(action)


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
    return f"{'+' if n >= 0 else '−'}{abs(n)} point{'s' if abs(n) != 1 else ''}"


def explain(state: PebblesState, action: Action) -> str:
    """Why ``action`` is taken, as a verb phrase after "It"."""
    me = state.to_move()
    if me is None or me < 0:
        return ""
    if action.kind == K_PLAY:
        return _card_words(state, action.arg)
    if action.kind == K_DONE:
        return "ends the move here"
    before = state.scores()[me]
    after = state.clone()
    after.apply(action)
    gained = after.scores()[me] - before
    return f"{_doing(action)} ({_points(gained)} as the game stands)"


def _doing(action: Action) -> str:
    words = str(action).split(" ", 1)
    verb = {
        "place": "places a penguin on tile",
        "collect": "puts a pebble on tile",
        "step": "moves the penguin to tile",
        "scurry": "scurries the penguin on tile",
        "push": "pushes on tile",
        "fish": "fishes the",
    }.get(words[0], words[0])
    rest = words[1] if len(words) > 1 else ""
    if words[0] == "court":
        return f"courts with a {rest}".replace(" penguin ", " penguin on tile ").replace(
            " pebble ", " pebble on tile "
        )
    return f"{verb} {rest}".strip()


def _card_words(state: PebblesState, card: int) -> str:
    suit = SUITS[SUIT_OF[card]]
    number = NUMBER_OF[card]
    trick = state.trick
    power = f"its power: {suit.power}"
    tile = f"a penguin may go to tile {number}" if number in state.layout.index else ""
    tail = "; ".join(x for x in (tile, power) if x)
    if not trick:
        return f"leads {suit.name} with the {number} ({tail})"
    led = SUIT_OF[trick[0]]
    best = trick[0]
    for c in trick[1:]:
        if SUIT_OF[c] == led and c > best:
            best = c
    led_name = SUITS[led].name
    last = len(trick) == state.players - 1
    if SUIT_OF[card] == led and card > best:
        if last:
            return (
                f"wins the trick: {led_name} was led and {number} is the highest {led_name} "
                f"(a love token, and you lead next round; {tail})"
            )
        return f"takes the lead in the trick: {number} beats the {_card(best)} ({tail})"
    return f"cannot win the trick ({led_name} was led, the {_card(best)} leads it): {tail}"


__all__ = ["action_places", "explain", "move_name"]
