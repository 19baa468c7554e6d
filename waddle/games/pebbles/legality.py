"""The legal decisions of each step of a turn of Pebbles, and the words of a refusal:
the card to play, the actions not yet taken with their first targets (a placement, the
card's power, a face-up card to fish), a moving penguin's steps, a second scurry.

Both answer one question from two sides and must agree: :meth:`why_illegal` says, in words
for the player, why a decision is not among those listed.

:class:`Legality` is one part of :class:`~.state.PebblesState`, mixed into it as Waddle
Waddle's rules are (see :mod:`waddle.games.waddle_waddle.state`): its methods read the
state's fields and call the other parts through ``self``, so it never imports
:mod:`.state`, and a step costs no extra call.
"""

from __future__ import annotations

from waddle.games.pebbles.actions import (
    COLLECT_ON,
    COURT_PEBBLE,
    COURT_PENGUIN,
    DONE,
    FISH,
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
    PLAY,
    POWER_KINDS,
    PUSH,
    SCURRY_FROM,
    STEP,
    Action,
)
from waddle.games.pebbles.cards import CARDS, COLLECT, COURT, NUMBER_OF, SCURRY, SUIT_OF
from waddle.games.pebbles.cards import PUSH as PUSH_SUIT
from waddle.games.pebbles.steps import (
    B_PEBBLES,
    CHANCE_STEP,
    CHOOSE,
    DID_FISH,
    DID_PLACE,
    DID_POWER,
    MOVE,
    OVER,
    PEBBLES,
    PENGUINS,
    PLAY_STEP,
    SCURRY_AGAIN,
)


class Legality:
    """The decisions listed (``_list_legal``, cached by ``legal_actions``) and refused."""

    __slots__ = ()  # the fields are the state's

    def _list_legal(self) -> tuple[Action, ...]:
        step = self.step
        if step == PLAY_STEP:
            return tuple([PLAY[c] for c in self.hands[self.current]])
        if step == CHOOSE:
            return tuple(self._choices())
        if step == MOVE:
            return tuple(self._moves())
        if step == SCURRY_AGAIN:
            return (*self._scurry_sources(self.sc_moved), DONE)
        return ()

    def _choices(self) -> list[Action]:
        """The actions not yet taken this turn, each with its first target."""
        done = self.done
        out = []
        if not done & DID_PLACE and self.supply[self.current]:
            out.append(PLACE[NUMBER_OF[self.card]])
        if not done & DID_POWER:
            out.extend(self._power_targets())
        if not done & DID_FISH:
            out.extend(FISH[c] for c in self.row if c >= 0)
        return out

    def _power_targets(self) -> list[Action]:
        suit = SUIT_OF[self.card]
        numbers = self.layout.numbers
        p = self.current
        if suit == SCURRY.id:
            return self._scurry_sources(-1)
        if suit == COLLECT.id:
            if not self.bank[B_PEBBLES]:
                return []
            return [COLLECT_ON[m] for m in numbers]
        n = self.players
        pen = self.pen
        if suit == PUSH_SUIT.id:
            return [PUSH[m] for i, m in enumerate(numbers) if pen[i * n + p]]
        # Court: a tile with two or more penguins, anyone's.
        penguin, pebble = self.supply[p] > 0, self.bank[B_PEBBLES] > 0
        out = []
        if penguin or pebble:
            for i, m in enumerate(numbers):
                if sum(pen[i * n : i * n + n]) >= 2:
                    if penguin:
                        out.append(COURT_PENGUIN[m])
                    if pebble:
                        out.append(COURT_PEBBLE[m])
        return out

    def _scurry_sources(self, moved: int) -> list[Action]:
        """Tiles a penguin of the mover can scurry from (not counting the penguin that
        already scurried, which stands on tile index ``moved``)."""
        n = self.players
        p = self.current
        pen = self.pen
        neighbours = self.layout.neighbours
        out = []
        for i, m in enumerate(self.layout.numbers):
            have = pen[i * n + p] - (i == moved)
            if have > 0 and neighbours[i]:
                out.append(SCURRY_FROM[m])
        return out

    def _moves(self) -> list[Action]:
        numbers = self.layout.numbers
        out = []
        if self.mv_free > 0 or self.fish[self.current] > 0:
            out = [STEP[numbers[j]] for j in self.layout.neighbours[self.mv_tile]]
        if self.mv_stop:
            out.append(DONE)
        return out

    # -- explaining a refusal --------------------------------------------------------------------

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` cannot be taken now, in words for the player; None if it is legal."""
        step = self.step
        kind = action.kind
        if step == OVER:
            return "the game is over"
        if step == CHANCE_STEP:
            if kind != K_RESHUFFLE:
                return "the discards are being shuffled into a new deck first"
            if sorted(action.arg) != sorted(self.discards):
                return "a reshuffle puts exactly the discarded cards into the deck, once each"
            return None
        if kind == K_RESHUFFLE:
            return "the discards are only reshuffled when fishing empties the deck"
        if action in self.legal_actions():
            return None
        if step == PLAY_STEP:
            if kind != K_PLAY:
                return "play a card first"
            return f"you do not hold {action.arg}"
        if kind == K_PLAY:
            return "you have already played a card this turn"
        if step == MOVE:
            return self._why_not_step(action)
        if step == SCURRY_AGAIN:
            if kind == K_SCURRY:
                return f"you have no other penguin that can scurry from tile {action.arg}"
            return "scurry a second penguin, or say done"
        return self._why_not_choice(action)

    def _why_not_step(self, action: Action) -> str:
        here = self.layout.numbers[self.mv_tile]
        if action.kind == K_DONE:
            return "a scurrying penguin moves at least 1 tile"
        if action.kind != K_STEP:
            return f"the penguin on tile {here} is moving: step to an adjacent tile, or done"
        if action.arg not in self.layout.index:
            return f"there is no tile {action.arg}"
        j = self.layout.index[action.arg]
        if j not in self.layout.neighbours[self.mv_tile]:
            return f"tile {action.arg} is not adjacent to tile {here}"
        return "another step costs a fish token, and you have none"

    def _why_not_choice(self, action: Action) -> str:
        kind = action.kind
        card = CARDS[self.card]
        done = self.done
        tile = action.arg
        if kind in (K_STEP, K_DONE):
            return "no penguin is moving: choose an action"
        if done.bit_count() >= 2:
            return "you have taken your two actions"
        if tile is not None and kind not in (K_FISH, K_PLAY) and tile not in self.layout.index:
            return f"there is no tile {tile}"
        if kind == K_PLACE:
            if done & DID_PLACE:
                return "you have already placed a penguin this turn"
            if not self.supply[self.current]:
                return f"all {PENGUINS} of your penguins are on the board"
            return f"your card is {card}: the penguin goes on tile {card.number}"
        if kind == K_FISH:
            if done & DID_FISH:
                return "you have already been fishing this turn"
            return f"{action.arg} is not face up in the row"
        if kind in POWER_KINDS:
            if done & DID_POWER:
                return "you have already used your card's power this turn"
            suit = card.suit
            wanted = {
                K_SCURRY: SCURRY,
                K_COURT_PENGUIN: COURT,
                K_COURT_PEBBLE: COURT,
                K_PUSH: PUSH_SUIT,
                K_COLLECT: COLLECT,
            }[kind]
            if wanted != suit:
                return (
                    f"your card is {card.describe()}: its power is {suit.name}, not {wanted.name}"
                )
            if kind in (K_COLLECT, K_COURT_PEBBLE) and not self.bank[B_PEBBLES]:
                return f"all {PEBBLES} pebbles are on the board"
            if kind == K_COURT_PENGUIN and not self.supply[self.current]:
                return f"all {PENGUINS} of your penguins are on the board"
            if kind in (K_COURT_PENGUIN, K_COURT_PEBBLE):
                return f"Court goes on a tile with 2 or more penguins, and tile {tile} has fewer"
            if kind == K_SCURRY:
                return f"you have no penguin on tile {tile} (or it has no adjacent tile)"
            return f"you have no penguin on tile {tile}"
        return "that is not possible now"
