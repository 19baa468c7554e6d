"""Waddle Waddle's tutorial: the end of a Quick game of two, in which the player drafts,
exchanges, goes fishing, turns up and places a threat, plays a waddle with a nest and a
WaddleWaddle, and sees the season scored.

You are Red, with Dr. Dee Boersma (King); Blue (Papi) answers as scripted. A season ends
only after its fourth threat, which lies deep in the deck, so the lesson starts late in
the season: the opening (both players drafting face down and playing waddles of six, three
threats on the way) is already played. The deal is the project's own, designed by
``scripts/make_waddle_waddle_tutorial.py`` so that every step is possible:

1. Draft the King 2 from the ice floe.
2. Exchange the Magellanic 5 for the Gentoo 3 (you are then Frozen).
3. Go fishing with the Rockhopper 6: a fish to pay for a waddle.
4. Draft the deck's top card face down: it is the fourth threat, Pollution; place it. The
   season ends after this round and one more.
5. Play King 2, 2, 3 (one species: a waddle; its pair of Kings places a nest), then
   Gentoo 1, 2, 3 with nothing left over: a WaddleWaddle (a bonus waddle too).
6. Blue's last turn, and the season's end: each rookery pays its bonus to the most nests.

>>> from waddle.app.tutorial import Tutorial
>>> from waddle.games.waddle_waddle import GAME
>>> tutorial = Tutorial(GAME)
>>> tutorial.step.key, tutorial.session.state.to_move(), tutorial.session.state.threats_seen
('draft', 0, 3)
>>> tutorial.try_action(parse_action("draft ?"))  # not the card this step asks for
False
>>> tutorial.try_action(parse_action("draft Ki2")), tutorial.step.key
(True, 'exchange')
"""

from __future__ import annotations

from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action, parse_action
from waddle.games.waddle_waddle.cards import HIDDEN, parse_card
from waddle.games.waddle_waddle.components import BUILT_IN
from waddle.games.waddle_waddle.options import Options
from waddle.games.waddle_waddle.record import Record, Setup
from waddle.games.waddle_waddle.state import WaddleWaddleState
from waddle.ui.seats import Seat
from waddle.ui.tutorial import Step

YOU, BLUE = 0, 1

DECK = (
    "Ki5 Ki6 Rk1 Rk2 Ch4 Ch5 Ki2 Ge3 Mc1 Mc3 Mc2 Mc4 Ge3 Ge5 Ge4 Ge6 Ki5 Mg1 Ki6 Mg2 Mc3 Mg5 "
    "Mc4 Mg6 Ge1 Rk3 Ge2 Rk4 Ch1 Mg2 Ch2 Mg3 Ki3 Mg3 Ki4 Mg4 Mc5 Mg4 Mc6 seal Mg6 Mc1 Mc2 Rk2 "
    "Mc5 Rk5 Mc6 Rk5 skua Ch3 Mg5 Ch3 Rk6 Ch6 Ki2 Ch6 Ki3 orca Mg1 Ge1 Rk1 Ge2 Rk3 Rk4 Rk6 Ch1 "
    "Ch2 pollution Ch4 Ch5 Ki1 Ki1 Ki4 Ge4 Ge5 Ge6"
)
"""The season's deck, top card first (made by scripts/make_waddle_waddle_tutorial.py)."""
OPENING = (
    "hero dee / hero papi / draft ? / draft ? / draft ? / draft ? / draft ? / draft ? / "
    "draft ? / draft ? / waddle Ki5 Ki6 Mc1 Mc2 Ge3 Ge4 / play crozet / waddle Rk1 Rk2 Mc3 "
    "Mc4 Ge5 Ge6 / play macquarie / draft ? / draft ? / draft ? / draft ? / draft ? / draft ? "
    "/ draft ? / draft ? / draft ? / draft ? / draft ? / draft ? / waddle Ki5 Ki6 Mc3 Mc4 Ge1 "
    "Ge2 / play georgia / waddle Mg1 Mg2 Mg5 Mg6 Rk3 Rk4 / play argentine / draft ? / draft ? "
    "/ draft ? / draft ? / draft ? / draft ? / draft ? / draft ? / draft ? / draft ? / draft ? "
    "/ draft ? / threat peninsula / waddle Ch1 Ch2 Ki3 Ki4 Mc5 Mc6 / play georgia / draft ? / "
    "draft ? / waddle Mg2 Mg3 Mg3 Mg4 Mg4 Mg6 / play argentine / draft ? / draft ? / draft ? "
    "/ draft ? / draft ? / draft ? / waddle Mc1 Mc2 Mc5 Mc6 / play georgia / waddle Rk2 Rk5 "
    "Rk5 / play crozet / draft ? / threat peninsula / draft ? / draft ? / draft ? / draft ? / "
    "draft ? / draft ? / draft ? / draft ? / waddle Ch3 Ch3 Ch6 Ch6 / play georgia / draft ? "
    "/ threat crozet / draft ? / draft ? / draft ? / draft ? / draft ?"
)
"""The opening, already played when the lesson starts."""


def _is(text: str):
    action = parse_action(text)
    return lambda _state, taken: taken == action


def _kind(kind: str):
    return lambda _state, taken: taken.kind == kind


STEPS = (
    Step(
        "draft",
        "Welcome to Waddle Waddle! You are Red, with Dr. Dee Boersma, the King penguins' "
        "hero. It is late in the first season of a Quick game: three of its four threats are "
        "on the map. Each turn is one action. Draft: take the King 2 from the ice floe (the "
        "face-up cards under the map): click it.",
        _is("draft Ki2"),
        "Click the King 2 on the ice floe.",
    ),
    Step(
        "exchange",
        "Blue drafted. Now an Exchange: give a card of your hand for a face-up one. Press "
        "Exchange, then click your Magellanic 5.",
        _is("exchange Mg5"),
        "Press Exchange (E), then click the Magellanic 5 in your hand.",
    ),
    Step(
        "take",
        "Take the Gentoo 3 from the ice floe: with your Gentoo 1 and 2 it runs in order. An "
        "exchange makes you Frozen: no other exchange until you play a waddle.",
        _is("take Ge3"),
        "Click the Gentoo 3 on the ice floe.",
    ),
    Step(
        "fish",
        "A waddle costs a fish, from its rookery or your hand. A Fishing trip puts a card on "
        "the ice floe and takes a fish: press Fishing trip, then click your Rockhopper 6.",
        _is("fish Rk6"),
        "Press Fishing trip (F), then click the Rockhopper 6 in your hand.",
    ),
    Step(
        "draw",
        "You could play your waddles now, but first see what the deck holds: draft its top "
        "card face down (click the deck, left of the ice floe).",
        _is("draft ?"),
        "Click the deck (the face-down pile left of the ice floe), or press T.",
    ),
    Step(
        "threat",
        "It is a threat: Pollution, the fourth of the season! Whoever turns up a threat puts "
        "it on a rookery with a free threat space, and their turn is over. Pollution allows "
        "waddles of four cards at most there. Click a highlighted rookery.",
        _kind(K.THREAT),
        "Click one of the highlighted rookeries to place the Pollution there.",
    ),
    Step(
        "waddle",
        "The fourth threat ends the season: the rest of this round, then one final round. "
        "Your last turn: play waddles. King 2, 2, 3 are all Kings: a waddle. Click it "
        "among the 'Waddles' under the ice floe (or pick its three cards, then press W).",
        _is("waddle Ki2 Ki2 Ki3"),
        "Click the three Kings (2, 2 and 3) among the waddles, or pick them and press W.",
    ),
    Step(
        "play",
        "Now its rookery: one where a King nests (the list under the map says what it scores "
        "at each). A pair of one species that nests there places a nest; with Dee, a King "
        "nest counts as one more card for the score. Click a highlighted rookery.",
        _kind(K.PLAY),
        "Click a highlighted rookery (or one of the places listed under the map).",
    ),
    Step(
        "waddlewaddle",
        "Your other cards, Gentoo 1, 2, 3, make a waddle with nothing left over: a "
        "WaddleWaddle! One species in numerical order is also a bonus waddle (8 points for "
        "three). Play it: press 'WaddleWaddle' (W).",
        _is("waddle Ge1 Ge2 Ge3"),
        "Press 'WaddleWaddle' (W), or click the waddle offered under the ice floe.",
    ),
    Step(
        "play2",
        "Its rookery: one where a Gentoo nests, any of them. It may differ from the first one.",
        _kind(K.PLAY),
        "Click a highlighted rookery.",
    ),
    Step(
        "done",
        "Blue played the last turn, and the season is over: each rookery paid its bonus (the "
        "yellow token) to the player with the most nests there. With two players only the "
        "sole leader scores; with more, the second most nests take the smaller bonus. A "
        "Quick game has one season, so the most Conservation Points win (the result is "
        "beside the board). A Standard game plays two: the last placed goes first and the "
        "players draft the tokens. Start a real game with 'New game'.",
        lambda _s, _a: False,
        "The tutorial is over: start a real game with 'New game'.",
    ),
)

_INDEX = {step.key: k for k, step in enumerate(STEPS)}


def tutorial_record() -> Record:
    """The scripted game: a Quick game of two on the built-in component set, its deck
    written out, the opening played."""
    deck = tuple(parse_card(c) for c in DECK.split())
    setup = Setup(
        2,
        Options.standard(2, seasons=1),
        BUILT_IN,
        (deck,),
        ("krill-bloom",),
        ((4, 1, 2, 3, 0), (0, 1, 2, 3, 4)),
    )
    return Record(setup, [parse_action(t) for t in OPENING.split(" / ")])


class WaddleWaddleTutorial:
    """The script: Red (you) against Blue, at the end of a season."""

    learner = YOU
    steps = STEPS

    def start(self) -> tuple[Record, list[Seat]]:
        seats = [
            Seat("Red (you)", "#d55e00", "circle"),
            # A computer's seat: the screen shows your hand, never a pass-the-device screen.
            Seat("Blue", "#0072b2", "square", "medium"),
        ]
        return tutorial_record(), seats

    def reply(self, state: WaddleWaddleState, step: Step) -> Action:
        """Blue drafts the deck's top card face down, every turn."""
        legal = state.legal_actions()
        draw = Action(K.DRAFT, HIDDEN)
        return draw if draw in legal else legal[0]

    def next_step(self, state: WaddleWaddleState, index: int) -> int:
        """The next step, and the last one once the game is over."""
        if state.is_over():
            return _INDEX["done"]
        return min(index + 1, _INDEX["done"])


__all__ = ["STEPS", "WaddleWaddleTutorial", "parse_action", "tutorial_record"]
