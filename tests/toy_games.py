"""A small game with hidden hands and a chance node, to test what the platform promises card
games before any card game exists: views per seat, determinization, chance drawn from a
seed, and bots that decide from their observation alone.

*High card*: six cards 1..6 are shuffled; each of two players is dealt two, hidden from the
other, and two stay in the deck. Players alternately play a card face up, player 0 first;
after both have played, the higher card wins the trick. After the first trick, a chance
node turns the top card of the deck face up: a bonus card, worth a trick to whoever wins
the second trick if it is odd. Most tricks wins; equal is shared.
"""

from __future__ import annotations

from dataclasses import dataclass

from waddle.core.game import CHANCE, OMNISCIENT, IllegalActionError
from waddle.core.rng import Rng


@dataclass(frozen=True)
class View:
    seat: int
    hands: tuple[tuple[int, ...] | int, ...]
    """A hand the viewer may see as its cards, any other as how many cards it holds."""
    played: tuple[tuple[int, int], ...]
    bonus: int | None
    to_move: int | None


class HighCard:
    hidden_information = True
    has_chance = True
    num_players = 2

    def __init__(self, hands: tuple[tuple[int, ...], tuple[int, ...]], deck: tuple[int, ...]):
        self.hands = [sorted(hands[0]), sorted(hands[1])]
        self.deck = list(deck)
        self.played: list[tuple[int, int]] = []  # (player, card), in order
        self.bonus: int | None = None
        self.history: list[object] = []

    @staticmethod
    def deal(seed: int) -> HighCard:
        cards = [1, 2, 3, 4, 5, 6]
        Rng(seed).shuffle(cards)
        return HighCard((tuple(cards[:2]), tuple(cards[2:4])), tuple(cards[4:]))

    # -- the protocol ---------------------------------------------------------------------

    @property
    def ply(self) -> int:
        return len(self.history)

    @property
    def last_action(self):
        return self.history[-1] if self.history else None

    def is_over(self) -> bool:
        return len(self.played) == 4

    def to_move(self) -> int | None:
        if self.is_over():
            return None
        if len(self.played) == 2 and self.bonus is None:
            return CHANCE
        return len(self.played) % 2

    def legal_actions(self) -> list[int]:
        player = self.to_move()
        return [] if player is None or player == CHANCE else list(self.hands[player])

    def why_illegal(self, action) -> str | None:
        return None if action in self.legal_actions() else "you do not hold that card"

    def sample_chance(self, rng: Rng) -> str:
        return "reveal"

    def reveals(self, action) -> bool:
        """Turning the bonus card face up reveals it; playing a card reveals nothing new to
        the one who plays it, and is the app's to take back within a turn."""
        return action == "reveal" and self.to_move() == CHANCE

    def apply(self, action) -> None:
        player = self.to_move()
        if player == CHANCE:
            if action != "reveal":
                raise IllegalActionError("the only chance action is to reveal the bonus")
            self.bonus = self.deck[0]
        elif action not in self.legal_actions():
            raise IllegalActionError("you do not hold that card")
        else:
            self.hands[player].remove(action)
            self.played.append((player, action))
        self.history.append(action)

    def undo(self):
        action = self.history.pop()
        if action == "reveal":
            self.bonus = None
        else:
            player, card = self.played.pop()
            self.hands[player] = sorted([*self.hands[player], card])
        return action

    def clone(self) -> HighCard:
        other = HighCard((tuple(self.hands[0]), tuple(self.hands[1])), tuple(self.deck))
        other.played = list(self.played)
        other.bonus = self.bonus
        other.history = list(self.history)
        return other

    def tricks(self) -> list[int]:
        won = [0, 0]
        for k in range(0, len(self.played) - 1, 2):
            (p1, c1), (p2, c2) = self.played[k], self.played[k + 1]
            winner = p1 if c1 > c2 else p2
            won[winner] += 1
            if k == 2 and self.bonus is not None and self.bonus % 2:
                won[winner] += 1
        return won

    def scores(self) -> list[int]:
        return self.tricks()

    def winners(self) -> list[int]:
        tricks = self.tricks()
        return [p for p in range(2) if tricks[p] == max(tricks)]

    # -- what each seat sees ----------------------------------------------------------------

    def visible_to(self, hand_owner: int, seat: int) -> bool:
        """The one rule of visibility: a hand is seen by its owner (and by OMNISCIENT)."""
        return seat in (OMNISCIENT, hand_owner)

    def view(self, seat: int) -> View:
        hands = tuple(
            tuple(self.hands[p]) if self.visible_to(p, seat) else len(self.hands[p])
            for p in range(2)
        )
        return View(seat, hands, tuple(self.played), self.bonus, self.to_move())

    def determinize(self, seat: int, rng: Rng) -> HighCard:
        """The unseen cards (the other hand and the deck) dealt again at random, from what
        ``seat`` sees only."""
        view = self.view(seat)
        seen = {card for _, card in view.played}
        seen.update(c for h in view.hands if isinstance(h, tuple) for c in h)
        if view.bonus is not None:
            seen.add(view.bonus)
        unseen = sorted(set(range(1, 7)) - seen)
        rng.shuffle(unseen)
        world = self.clone()
        for p in range(2):
            if not self.visible_to(p, seat):
                count = len(self.hands[p])
                world.hands[p] = sorted(unseen[:count])
                unseen = unseen[count:]
        deck_seen = [] if view.bonus is None else [view.bonus]
        world.deck = deck_seen + unseen
        return world
