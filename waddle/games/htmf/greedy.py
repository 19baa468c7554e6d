"""The greedy player of Hey, That's My Fish! (the ``medium`` and ``easy`` levels): one move
ahead, each position valued by *territory* (:class:`Greedy`, :func:`territory`), and the
same territory counted on islands (:func:`estimate`), one of the tree search's evaluations.

A level of its own, apart from the tree search in :mod:`.ai`, which also asks it for
priors near the root: its knobs, its valuation and the moves it makes only make sense
together, and they read the position through :mod:`.reach`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from waddle.core.rng import Rng
from waddle.games.htmf.actions import Action
from waddle.games.htmf.reach import BoardInfo, fish_in, island_bits, reach_bits
from waddle.games.htmf.state import HtmfState


@dataclass(frozen=True)
class Greedy:
    """The knobs of the greedy player (``medium``; ``easy`` is noisier and shallower).

    A position is valued, for each player, as ``taken`` (fish taken, and those under
    their penguins) plus ``alone`` times the fish on floes only they could reach in one
    move, ``shared`` times those others could reach too, and ``mobility`` per move they
    have; a move's value is the mover's value less the best rival's (with two players)
    or the rivals' mean (with more).
    """

    alone: float = 0.6
    shared: float = 0.3
    mobility: float = 0.05
    noise: float = 0.0
    """Uniform noise in fish added to each action's value (0: none)."""


MEDIUM = Greedy()
EASY = Greedy(alone=0.3, shared=0.3, mobility=0.0, noise=2.5)


def territory(state: HtmfState, info: BoardInfo, knobs: Greedy) -> list[float]:
    """Each player's value of the position (see :class:`Greedy`)."""
    players = state.players
    reach = reach_bits(state, info)
    values = [float(v) for v in state.scores()]
    for p in range(players):
        others = 0
        for q in range(players):
            if q != p:
                others |= reach[q]
        mine = reach[p]
        values[p] += knobs.alone * fish_in(info, mine & ~others) + knobs.shared * fish_in(
            info, mine & others
        )
        if knobs.mobility:
            values[p] += knobs.mobility * mine.bit_count()
    return values


def estimate(state: HtmfState, info: BoardInfo, knobs: Greedy) -> tuple[list[float], bool]:
    """Each player's final fish as the position suggests, and whether the islands
    decide it (every island with penguins has one player's only).

    An island where only one player's penguins stand is all theirs, one without
    penguins nobody's; on a shared island a player counts the floes under their
    penguins, and the territory of :class:`Greedy` (floes only they can reach in one
    move, and those others can reach too) within it.
    """
    est = [float(f) for f in state.taken_fish]
    decided = True
    reach = None
    per, fish, pos = state.per_player, state.board.fish, state.pos
    for bits, penguins in island_bits(state):
        owners = [p for p, n in enumerate(penguins) if n]
        if len(owners) == 1:
            est[owners[0]] += fish_in(info, bits)
        elif owners:
            decided = False
            if reach is None:
                reach = reach_bits(state, info)
            for p in owners:
                others = 0
                for q in owners:
                    if q != p:
                        others |= reach[q]
                mine = reach[p] & bits
                est[p] += knobs.alone * fish_in(info, mine & ~others)
                est[p] += knobs.shared * fish_in(info, mine & others)
            for s, f in enumerate(pos):
                if f >= 0 and bits >> f & 1:
                    est[s // per] += fish[f]
    return est, decided


def relative(values: Sequence[float], player: int) -> float:
    """A value vector seen by ``player``: theirs less the best rival's (two players) or
    the rivals' mean (more: a rival's loss helps the other rivals as much)."""
    if len(values) == 2:
        return values[player] - values[1 - player]
    others = 0.0
    for q, v in enumerate(values):
        if q != player:
            others += v
    return values[player] - others / (len(values) - 1)


def greedy_values(
    state: HtmfState, knobs: Greedy = MEDIUM, rng: Rng | None = None
) -> list[tuple[Action, float]]:
    """Every legal action with the greedy player's value for it (higher is better)."""
    player = state.to_move()
    if player is None:
        return []
    info = BoardInfo.of(state.board)
    out = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        value = relative(territory(after, info, knobs), player)
        if knobs.noise and rng is not None:
            value += knobs.noise * (2 * rng.random() - 1)
        out.append((action, value))
    return out
