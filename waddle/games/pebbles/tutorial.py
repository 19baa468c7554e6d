"""Pebbles' first-game tutorial: two rounds of a real 2-player game in which the player does
each kind of action and wins a trick.

You are Red and lead; Blue answers as scripted. The deal is fixed (the project's own, on
the built-in 2-player layout), so every step is possible whatever you choose where the
step leaves a choice:

1. Round 1: you play the 12 of Collect (the highest Collect card in the game but the 13,
   which is in the row): its number is where a penguin may go, its suit the power.
2. You place a penguin on tile 12, then spend your fish token to move it one tile more.
3. You use Collect: a pebble on a tile of your choice. Two actions: your turn is over.
4. Blue plays the 8 of Collect and takes its two actions; your 12 wins the trick (the
   highest card of the led suit) and you take a love token, a point at the end, and lead.
5. Round 2: you play the 9 of Scurry and go fishing (a face-up card into your hand, a fish
   token, the row refilled from the deck), then use Scurry: your penguin moves 1 or 2 tiles
   for free, more for fish tokens.
6. Blue plays the 13 of Court, a higher card but not of the suit led: your 9 of Scurry
   wins again (nobody has to follow suit, but only the led suit wins). The last step says
   how the game goes on and ends.

>>> from waddle.app.tutorial import Tutorial
>>> from waddle.games.pebbles import GAME
>>> tutorial = Tutorial(GAME)
>>> tutorial.step.key, tutorial.session.state.to_move()
('lead', 0)
>>> tutorial.try_action(parse_action("play 9S"))  # not the card this step asks for
False
>>> tutorial.try_action(parse_action("play 12L")), tutorial.step.key
(True, 'place')
"""

from __future__ import annotations

from waddle.games.pebbles.actions import (
    DONE,
    K_COLLECT,
    K_DONE,
    K_FISH,
    K_PLACE,
    K_SCURRY,
    K_STEP,
    PLAY,
    Action,
    parse_action,
)
from waddle.games.pebbles.cards import parse_card
from waddle.games.pebbles.layout import builtin_layout
from waddle.games.pebbles.record import Record
from waddle.games.pebbles.state import PebblesState
from waddle.ui.seats import Seat
from waddle.ui.tutorial import Step

YOU, BLUE = 0, 1


def _cards(text: str) -> tuple:
    return tuple(parse_card(w) for w in text.split())


HANDS = (
    _cards("9S 13S 8C 10C 11C 7P 10P 13P 7L 12L"),
    _cards("7S 8S 10S 11S 9C 13C 9P 11P 12P 8L"),
)
"""The deal: yours holds the 12 of Collect and the 9 of Scurry; Blue's the 8 of Collect
(lower: your 12 wins round 1) and the 13 of Court (higher, but not of the suit led: your 9
wins round 2)."""
ROW = _cards("11L 7C 8P 13L")
"""Face up at the start: a pebble on tiles 11, 7, 8 and 13."""
DECK = _cards("12S 9L 12C 10L")

BLUE_CARDS = (parse_card("8L"), parse_card("13C"))
"""The card Blue plays in each round of the tutorial."""


def _card(text: str):
    card = parse_card(text)
    return lambda _state, action: action == PLAY[card]


def _kind(*kinds: int):
    return lambda _state, action: action.kind in kinds


STEPS = (
    Step(
        "lead",
        "Welcome to Pebbles! You are Red and lead the first round. A turn is a card, then "
        "two different actions. Your card's number is the tile a penguin may go to, its suit "
        "the power you may use, and the highest card of the suit led wins the trick. Play "
        "the 12 of Collect: click it in your hand.",
        _card("12L"),
        "Play the 12 of Collect: click it in your hand (under the board).",
    ),
    Step(
        "place",
        "Now two actions. First, place a penguin on the tile of your card's number: press "
        "'Place a penguin on tile 12'. Whoever has the most penguins on a tile controls it.",
        _kind(K_PLACE),
        "Press 'Place a penguin on tile 12' (or the P key).",
    ),
    Step(
        "fish-step",
        "After a penguin is placed or moved, a fish token moves it one tile more. You have "
        "one: click a highlighted tile to move your penguin there. Tiles that touch are "
        "adjacent, and so are the two ends of a pathway (the lettered tokens).",
        _kind(K_STEP),
        "Click a highlighted tile: your fish token moves the penguin there.",
    ),
    Step(
        "collect",
        "Your second action: your card's power. Collect puts a pebble on any tile; at the "
        "end, whoever controls a tile scores its pebbles. Press 'Use Collect', then click a "
        "tile (the one your penguin is on, say).",
        _kind(K_COLLECT),
        "Press 'Use Collect' (W), then click a tile to put a pebble on it.",
    ),
    Step(
        "play-scurry",
        "Blue played the 8 of Collect: lower than your 12 of the suit led, so you won the "
        "trick, and a love token (a point at the end). The winner leads the next round. "
        "Play the 9 of Scurry.",
        _card("9S"),
        "Play the 9 of Scurry: click it in your hand.",
    ),
    Step(
        "fish",
        "Go fishing: press 'Go fishing' and click a face-up card (or click the card "
        "straight away). It joins your hand, you gain a fish token, and the deck fills the "
        "row again.",
        _kind(K_FISH),
        "Click one of the face-up cards to take it.",
    ),
    Step(
        "scurry",
        "Last action: Scurry moves 1 or 2 of your penguins 1 or 2 tiles each. Press 'Use "
        "Scurry', then click the tile of your penguin.",
        _kind(K_SCURRY),
        "Press 'Use Scurry' (W), then click your penguin's tile.",
    ),
    Step(
        "scurry-move",
        "Click a highlighted tile to move your penguin: two steps are free, then each step "
        "costs a fish token. 'Stop here' ends the move after the first step.",
        _kind(K_STEP, K_DONE),
        "Click a highlighted tile, or press 'Stop here' (D).",
    ),
    Step(
        "done",
        "Blue played the 13 of Court: higher than your 9, but not of the suit led, so your 9 "
        "of Scurry won this trick too. Any card may be played, but only the suit led can win, "
        "its highest card. The game goes on like "
        "this for ten rounds, until the ten love tokens are taken. Then each player scores "
        "the pebbles of the tiles they control, the points of the territories they control "
        "(the most tiles of it), a point per love token and a point per two fish tokens. "
        "Start a real game with 'New game'.",
        lambda _s, _a: False,
        "The tutorial is over: start a real game with 'New game'.",
    ),
)

_INDEX = {step.key: k for k, step in enumerate(STEPS)}


class PebblesTutorial:
    """The script: Red (you) against Blue, on a fixed deal."""

    learner = YOU
    steps = STEPS

    def start(self) -> tuple[Record, list[Seat]]:
        seats = [
            Seat("Red (you)", "#d55e00", "circle"),
            # A computer's seat: the screen shows your hand, never a pass-the-device screen.
            Seat("Blue", "#0072b2", "square", "medium"),
        ]
        return Record(2, builtin_layout(2), HANDS, ROW, DECK, YOU), seats

    def reply(self, state: PebblesState, step: Step) -> Action:
        """Blue: the round's scripted card; then a penguin placed (and left where it
        lands), then fishing the first face-up card."""
        legal = state.legal_actions()
        name = state.step_name
        if name == "play" and state.round < len(BLUE_CARDS):
            return PLAY[BLUE_CARDS[state.round]]
        if DONE in legal:
            return DONE
        for kind in (K_PLACE, K_FISH):
            chosen = next((a for a in legal if a.kind == kind), None)
            if chosen is not None:
                return chosen
        return legal[0]

    def next_step(self, state: PebblesState, index: int) -> int:
        """The step that fits where the game now stands."""
        if state.round >= 2 or state.is_over():
            return _INDEX["done"]
        name = state.step_name
        done = state.done
        if state.round == 0:
            if name == "play":
                return _INDEX["lead"]
            if name == "move":
                return _INDEX["fish-step"]
            return _INDEX["collect"] if done else _INDEX["place"]
        if name == "play":
            return _INDEX["play-scurry"]
        if name in ("move", "scurry-again"):
            return _INDEX["scurry-move"]
        return _INDEX["scurry"] if done else _INDEX["fish"]


__all__ = ["STEPS", "PebblesTutorial", "parse_action"]
