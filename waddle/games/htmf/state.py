"""The rules of Hey, That's My Fish! as a mutable game state with undo.

>>> from waddle.games.htmf.board import Board, Floe
>>> line = Board([Floe(q, 0, 1) for q in range(8)] + [Floe(0, 1, 3)])
>>> state = HtmfState(line, players=2)
>>> for q in (0, 7, 2, 5, 3, 4, 6, 1):  # four penguins each along the row
...     state.apply(Action.place((q, 0)))
>>> state.phase, state.to_move(), [str(a) for a in state.legal_actions()]
('move', 0, ['0,0-0,1'])
>>> state.apply(Action.move((0, 0), (0, 1)))  # takes floe 0,0; now nobody can move
>>> state.is_over(), state.scores(), state.floe_counts(), state.winners()
(True, [7, 4], [5, 4], [0])

The rules (htmf-record.md; the rulebook's paragraphs in brackets):

- *Placement* ["In turn the other players do the same"]: player 0 first, then 1, 2, ...,
  one penguin each in turn on an empty 1-fish floe, until every penguin is placed
  (4 each with 2 players, 3 with 3, 2 with 4).
- *Movement* ["A game turn consists of moving one of your own penguins"]: in the same
  turn order, the mover slides one penguin in a straight line, one or more floes, never
  onto or across a gap or any penguin, and takes the floe it left, with its fish.
- *A player who cannot move* ["If a player cannot move any of his penguins"]: when their
  turn comes, their penguins leave the board and they take the floes under them; they
  take no more turns, and nothing is recorded for them.
- *End of the game*: when no penguin can move, every penguin left is taken off with its
  floe in the same way. Floes nobody reached stay, and score for nobody.
- *Scoring and tie-breaks* ["whoever has captured the most fish is the winner"]: the fish
  on a player's floes; among those tied for the most, the most floes wins; players still
  tied share the victory.

Speed: the state keeps, for every penguin and each of the six directions, the moves it
could make that way (``ray_now``: a prefix of the ray's moves, built once per board). A
move changes little: the floe a penguin leaves was blocked before and stays blocked,
and the floe it lands on cuts at most one other penguin's ray per direction, the
penguin first met that way. So a move walks only the moved penguin's rays (four of
them: the way it came says how far it can go on and back), and the same walk finds the
penguins it blocks. Passing the turn joins the next player's tuples, which is at once
their legal moves and whether they can move at all; checking a move is one dictionary
lookup. The board's actions are canonical instances: a playout allocates none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from waddle.core import hexgrid
from waddle.core.game import IllegalActionError, PerfectInformation
from waddle.core.hexgrid import Hex
from waddle.games.htmf.actions import Action
from waddle.games.htmf.board import MAX_PLAYERS, MIN_PLAYERS, PENGUINS, Board

Phase = Literal["place", "move"]

NOBODY = -1

_BACK = (3, 4, 5, 0, 1, 2)
"""The opposite of each direction of :data:`waddle.core.hexgrid.DIRECTIONS`."""
_OTHERS = tuple(tuple(e for e in range(6) if e not in (d, _BACK[d])) for d in range(6))
"""For each direction, the four directions off its line."""
_NONE6 = ((),) * 6


@dataclass(frozen=True)
class PlayerResult:
    """What one player took (as if the game ended now, until it is over)."""

    player: int
    fish: int
    floes: int
    by_fish: tuple[int, ...]
    """How many of their floes had 1, 2 and 3 fish."""

    def to_json(self) -> dict[str, object]:
        return {"fish": self.fish, "floes": self.floes, "by_fish": list(self.by_fish)}


@dataclass(frozen=True)
class Breakdown:
    """The result panel: every player's fish and floes, the winners and what decided it."""

    players: tuple[PlayerResult, ...]
    winners: tuple[int, ...]
    decided_by: Literal["fish", "floes", "shared"]
    """``fish``: one player has the most fish; ``floes``: the most floes broke a tie on
    fish; ``shared``: players tied on both share the victory."""

    @property
    def scores(self) -> list[int]:
        return [p.fish for p in self.players]

    @property
    def floes(self) -> list[int]:
        return [p.floes for p in self.players]


def rank(fish: list[int], floes: list[int]) -> tuple[list[int], str]:
    """The winners by the tie-breaks, and what decided: ``fish``, ``floes`` or ``shared``.

    >>> rank([10, 12, 12], [5, 4, 6]), rank([9, 9], [4, 4])
    (([2], 'floes'), ([0, 1], 'shared'))
    """
    top = max(fish)
    tied = [p for p, f in enumerate(fish) if f == top]
    if len(tied) == 1:
        return tied, "fish"
    most = max(floes[p] for p in tied)
    best = [p for p in tied if floes[p] == most]
    return best, "floes" if len(best) == 1 else "shared"


class HtmfState(PerfectInformation):
    """A game of Hey, That's My Fish! in progress: floes, penguins, turns and history.

    Penguins live in *slots*: player ``p``'s ``k``-th penguin (in the order placed) is
    slot ``p * per_player + k``.
    """

    __slots__ = (
        "_history",
        "_legal",
        "at",
        "board",
        "free",
        "mover",
        "out",
        "per_player",
        "placed",
        "players",
        "pos",
        "ray_now",
        "taken_fish",
        "taker",
        "total_penguins",
    )

    def __init__(self, board: Board, players: int) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(
                f"Hey, That's My Fish! is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
            )
        problems = board.problems_for(players)
        if problems:
            raise ValueError(problems[0])
        n = len(board)
        self.board = board
        self.players = players
        self.per_player = PENGUINS[players]
        self.total_penguins = slots = players * self.per_player
        self.free = [1] * n
        """1 where a floe is on the board with no penguin on it: where penguins may go."""
        self.at = [NOBODY] * n
        """The slot of the penguin on each floe, or NOBODY."""
        self.taker = [NOBODY] * n
        """The player who took each floe off the board, or NOBODY while it is on it."""
        self.pos = [NOBODY] * slots
        """The floe each penguin slot stands on; NOBODY before it is placed and after it
        has left the board."""
        self.ray_now: list[tuple[Action, ...]] = [()] * (6 * slots)
        """``ray_now[6 * slot + d]``: the moves the penguin could make in direction
        ``d``, nearest first (kept up to date in the movement phase)."""
        self.taken_fish = [0] * players
        self.out = [False] * players
        """Players who take no more turns (they could not move, or the game is over)."""
        self.placed = 0
        self.mover = 0
        """The player to move, NOBODY once the game is over."""
        self._legal: tuple[Action, ...] | None = None
        """The legal actions of the player to move, once listed."""
        self._history: list[tuple[Action, int, int, list[tuple[int, list[int]]] | None]] = []
        """Per action: the action, the floe a move left (-1 for a placement), the mover,
        and the players then taken off the board with their slots' floes (for undo)."""

    # -- reading the position -----------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def ply(self) -> int:
        return len(self._history)

    @property
    def history(self) -> list[Action]:
        """Every action taken so far, oldest first."""
        return [entry[0] for entry in self._history]

    @property
    def last_action(self) -> Action | None:
        return self._history[-1][0] if self._history else None

    @property
    def phase(self) -> Phase:
        """``"place"`` until every penguin is on the board, then ``"move"``."""
        return "place" if self.placed < self.total_penguins else "move"

    def is_over(self) -> bool:
        return self.mover < 0

    def to_move(self) -> int | None:
        return None if self.mover < 0 else self.mover

    def _slots(self, player: int) -> range:
        per = self.per_player
        return range(player * per, player * per + per)

    def penguins_of(self, player: int) -> list[Hex]:
        """Where ``player``'s penguins on the board stand, in the order they were placed."""
        coords, pos = self.board.coords, self.pos
        return [coords[pos[s]] for s in self._slots(player) if pos[s] >= 0]

    def penguins(self) -> dict[Hex, int]:
        """Every penguin on the board: its floe and its player."""
        coords, per = self.board.coords, self.per_player
        return {coords[f]: s // per for s, f in enumerate(self.pos) if f >= 0}

    def penguin_at(self, h: Hex) -> int | None:
        """The player whose penguin stands on ``h``, or None."""
        i = self.board.index.get(h)
        if i is None or self.at[i] < 0:
            return None
        return self.at[i] // self.per_player

    def floes_left(self) -> dict[Hex, int]:
        """Every floe still on the board (with or without a penguin) and its fish."""
        board, taker = self.board, self.taker
        return {board.coords[i]: board.fish[i] for i in range(len(board)) if taker[i] < 0}

    def has_floe(self, h: Hex) -> bool:
        i = self.board.index.get(h)
        return i is not None and self.taker[i] < 0

    def taken_by(self, player: int) -> list[Hex]:
        """The floes ``player`` has taken off the board so far, in board order."""
        coords = self.board.coords
        return [coords[i] for i, p in enumerate(self.taker) if p == player]

    @property
    def taken_floes(self) -> list[int]:
        """How many floes each player has taken off the board so far."""
        return [self.taker.count(p) for p in range(self.players)]

    @property
    def reach(self) -> list[int]:
        """``reach[6 * slot + d]``: how far each penguin could slide in direction ``d``."""
        return [len(moves) for moves in self.ray_now]

    def is_out(self, player: int) -> bool:
        """Whether ``player`` takes no more turns (they could not move, or it is over)."""
        return self.out[player]

    def can_move(self, player: int) -> bool:
        """Whether any of ``player``'s penguins can move (in the movement phase)."""
        return any(self._listed(s) for s in self._slots(player) if self.pos[s] >= 0)

    def movable_penguins(self) -> list[Hex]:
        """The mover's penguins that can move now (none in the placement phase)."""
        if self.mover < 0 or self.placed < self.total_penguins:
            return []
        coords, pos = self.board.coords, self.pos
        return [coords[pos[s]] for s in self._slots(self.mover) if pos[s] >= 0 and self._listed(s)]

    def destinations(self, h: Hex) -> list[Hex]:
        """Where the penguin on ``h`` can move to now, direction by direction, nearest
        first (empty if no penguin of the player to move stands there)."""
        i = self.board.index.get(h)
        if i is None or self.mover < 0 or self.placed < self.total_penguins:
            return []
        slot = self.at[i]
        if slot < 0 or slot // self.per_player != self.mover:
            return []
        return [a.dst for a in self._listed(slot)]

    def placements(self) -> list[Hex]:
        """Where a penguin may be placed now (none after the placement phase)."""
        if self.mover < 0 or self.placed >= self.total_penguins:
            return []
        return [a.dst for a in self.legal_actions()]

    def legal_actions(self) -> tuple[Action, ...]:
        """Placements on empty 1-fish floes in board order; then moves penguin by penguin
        (in the order placed), direction by direction, nearest floe first."""
        legal = self._legal
        if legal is not None:
            return legal
        mover = self.mover
        if mover < 0:
            legal = ()
        elif self.placed < self.total_penguins:
            free, place = self.free, self.board.place_actions
            legal = tuple([place[i] for i in self.board.ones if free[i]])
        else:
            a = 6 * self.per_player * mover
            legal = sum(self.ray_now[a : a + 6 * self.per_player], ())
        self._legal = legal
        return legal

    def _listed(self, slot: int) -> tuple[Action, ...]:
        """The moves of the penguin in ``slot``: its six rays' moves joined."""
        return sum(self.ray_now[6 * slot : 6 * slot + 6], ())

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` cannot be taken now, in words for the player; None if it is legal."""
        if self.mover < 0:
            return "the game is over"
        board = self.board
        dst = action.dst
        j = board.index.get(dst)
        to = f"{dst[0]},{dst[1]}"
        if action.src is None:
            if self.placed >= self.total_penguins:
                return "every penguin is on the ice: move one of yours instead"
            if j is None or self.taker[j] >= 0:
                return f"there is no floe at {to}"
            if self.at[j] >= 0:
                return f"floe {to} already has a penguin"
            if board.fish[j] != 1:
                return f"floe {to} has {board.fish[j]} fish: penguins are placed on 1-fish floes"
            return None
        src = action.src
        at = f"{src[0]},{src[1]}"
        if self.placed < self.total_penguins:
            return "penguins are still being placed: place one on an empty 1-fish floe"
        i = board.index.get(src)
        if i is None or self.at[i] < 0:
            return f"there is no penguin on {at}"
        owner = self.at[i] // self.per_player
        if owner != self.mover:
            return f"the penguin on {at} is player {owner}'s, not yours"
        if src == dst:
            return "a penguin must move at least one floe"
        line = None if j is None else board.lines[i].get(j)
        if line is None:
            if j is None or self.taker[j] >= 0:
                return f"there is no floe at {to}"
            gap = self._gap_between(src, dst)
            if gap is None:
                return f"{to} is not in a straight line from {at}"
            return f"the way from {at} to {to} crosses a gap at {gap[0]},{gap[1]}"
        d, k = line[0], line[1]
        for x in board.rays[i][d][: k + 1]:
            h = board.coords[x]
            where = f"{h[0]},{h[1]}"
            if self.taker[x] >= 0:
                if x == j:
                    return f"there is no floe at {to}"
                return f"the way from {at} to {to} crosses a gap at {where}"
            if self.at[x] >= 0:
                if x == j:
                    return f"floe {to} already has a penguin"
                return f"the way from {at} to {to} is blocked by a penguin on {where}"
        return None

    def _gap_between(self, src: Hex, dst: Hex) -> Hex | None:
        """The first place without a floe on the straight line from ``src`` to ``dst``
        (None if they are not in a straight line)."""
        n = hexgrid.distance(src, dst)
        for step in hexgrid.DIRECTIONS:
            h = src
            for _ in range(n):
                h = hexgrid.add(h, step)
            if h != dst:
                continue
            h = hexgrid.add(src, step)
            while h != dst:
                if not self.has_floe(h):
                    return h
                h = hexgrid.add(h, step)
        return None

    # -- changing it --------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Take ``action`` for the player to move; raise ``IllegalActionError`` if illegal."""
        # The hot path of every playout: legality is checked inline, and why_illegal()
        # only runs to explain a rejection.
        mover = self.mover
        board = self.board
        free = self.free
        at = self.at
        if action.src is None:
            j = board.place_index.get(action)
            placed = self.placed
            if j is None or mover < 0 or placed >= self.total_penguins or not free[j]:
                raise IllegalActionError(self.why_illegal(action) or "illegal action")
            slot = mover * self.per_player + placed // self.players
            free[j] = 0
            at[j] = slot
            self.pos[slot] = j
            self.placed = placed = placed + 1
            canonical = board.place_actions[j]
            if placed < self.total_penguins:
                self.mover = mover + 1 if mover + 1 < self.players else 0
                legal = self._legal
                if legal is not None:  # the same for every player: the placement is out
                    rest = list(legal)
                    rest.remove(canonical)
                    self._legal = tuple(rest)
                self._history.append((canonical, -1, mover, None))
            else:  # the last penguin is placed: the movement phase starts after it
                self._refresh_all()
                self._history.append((canonical, -1, mover, self._advance(mover)))
            return
        found = board.move_index.get(action)
        if found is None:
            raise IllegalActionError(self.why_illegal(action) or "illegal action")
        i, j, d, k, canonical, _ = found
        slot = at[i]
        ray_now = self.ray_now
        b = 6 * slot
        # While penguins are being placed every ray_now is empty, and once the game is
        # over no penguin is left: neither needs a check of its own here.
        if slot < 0 or slot // self.per_player != mover or len(ray_now[b + d]) <= k:
            raise IllegalActionError(self.why_illegal(action) or "illegal action")
        # The penguin leaves floe i, which its player takes, and lands on floe j.
        at[i] = NOBODY
        self.taker[i] = mover
        self.taken_fish[mover] += board.fish[i]
        free[j] = 0
        at[j] = slot
        self.pos[slot] = j
        # Its new moves. Along the way it came, the floes beyond j are free as far as
        # they were before; back towards i, the floes it crossed are free up to the gap
        # at i; the other four directions are walked. In each direction the first floe
        # that is not free, if a penguin stands on it, holds the only penguin whose ray j
        # cuts: it now stops just before j (its moves are joined again when next asked
        # for; None: not joined).
        prefixes = board.reach_moves
        mine = prefixes[j]
        ahead = len(ray_now[b + d]) - k - 1
        ray = board.rays[j][d]
        if ahead < len(ray):
            x = ray[ahead]
            s = at[x]
            if s >= 0:
                back = _BACK[d]
                ray_now[6 * s + back] = prefixes[x][back][ahead]
        ray_now[b + d] = mine[d][ahead]
        ray_now[b + _BACK[d]] = mine[_BACK[d]][k]
        rays = board.rays[j]
        for e in _OTHERS[d]:
            n = 0
            for x in rays[e]:
                if not free[x]:
                    s = at[x]
                    if s >= 0:
                        back = _BACK[e]
                        ray_now[6 * s + back] = prefixes[x][back][n]
                    break
                n += 1
            ray_now[b + e] = mine[e][n]
        self._history.append((canonical, i, mover, self._advance(mover)))

    def apply_all(self, actions: Sequence[Action]) -> None:
        """Take ``actions`` in turn, as as many :meth:`apply` calls would, only faster: a
        move is checked by the floes it crosses and whether the next player can move by
        the floes next to their penguins, and every penguin's moves are found once, at
        the end (replaying a record never asks for them on the way).

        On an illegal action, raises ``IllegalActionError`` with its position in
        ``actions`` as ``.index``; the state is then where it was before that action.
        """
        board = self.board
        free, at, pos, taker, fish = self.free, self.at, self.pos, self.taker, board.fish
        place_index, move_index = board.place_index, board.move_index
        place_actions = board.place_actions
        history, taken_fish = self._history, self.taken_fish
        per, players, total = self.per_player, self.players, self.total_penguins
        advance = self._advance_by_neighbours
        out, neighbors = self.out, board.neighbors
        bad = None
        for n, action in enumerate(actions):
            mover = self.mover
            if action.src is None:
                j = place_index.get(action)
                placed = self.placed
                if j is None or mover < 0 or placed >= total or not free[j]:
                    bad = n
                    break
                slot = mover * per + placed // players
                free[j] = 0
                at[j] = slot
                pos[slot] = j
                self.placed = placed + 1
                if placed + 1 < total:
                    self.mover = mover + 1 if mover + 1 < players else 0
                    history.append((place_actions[j], -1, mover, None))
                else:
                    history.append((place_actions[j], -1, mover, advance(mover)))
                continue
            found = move_index.get(action)
            if found is None or mover < 0 or self.placed < total:
                bad = n
                break
            i, j, _, _, canonical, path = found
            slot = at[i]
            if slot < 0 or slot // per != mover:
                bad = n
                break
            for x in path:
                if not free[x]:
                    break
            else:
                at[i] = NOBODY
                taker[i] = mover
                taken_fish[mover] += fish[i]
                free[j] = 0
                at[j] = slot
                pos[slot] = j
                # The usual turn pass, inline: the next player is in and their first
                # penguin has a free floe next to it (else the full pass decides).
                p = mover + 1 if mover + 1 < players else 0
                if not out[p]:
                    f = pos[p * per]
                    if f >= 0:
                        for x in neighbors[f]:
                            if free[x]:
                                self.mover = p
                                history.append((canonical, i, mover, None))
                                break
                        else:
                            history.append((canonical, i, mover, advance(mover)))
                        continue
                history.append((canonical, i, mover, advance(mover)))
                continue
            bad = n
            break
        if self.placed == total:
            self._refresh_all()
        self._legal = None
        if bad is not None:
            error = IllegalActionError(self.why_illegal(actions[bad]) or "illegal action")
            error.index = bad  # type: ignore[attr-defined]
            raise error

    def _advance_by_neighbours(self, mover: int) -> list[tuple[int, list[int]]] | None:
        """:meth:`_advance` for :meth:`apply_all`: whether a player can move is whether a
        free floe is next to one of their penguins (their moves are not kept on the way)."""
        players, out, pos, free = self.players, self.out, self.pos, self.free
        neighbors, per = self.board.neighbors, self.per_player
        removed = None
        p = mover
        for _ in range(players):
            p = p + 1 if p + 1 < players else 0
            if out[p]:
                continue
            for s in range(p * per, p * per + per):
                f = pos[s]
                if f >= 0:
                    for x in neighbors[f]:
                        if free[x]:
                            self.mover = p
                            return removed
            if removed is None:
                removed = []
            removed.append((p, pos[p * per : p * per + per]))
            self._take_off(p)
        self.mover = NOBODY
        return removed

    def _walk(self, slot: int, f: int) -> None:
        """Find the moves of the penguin in ``slot`` standing on floe ``f``, ray by ray."""
        free, ray_now = self.free, self.ray_now
        mine = self.board.reach_moves[f]
        b = 6 * slot
        for d, ray in enumerate(self.board.rays[f]):
            n = 0
            for x in ray:
                if not free[x]:
                    break
                n += 1
            ray_now[b + d] = mine[d][n]

    def _refresh_all(self) -> None:
        """Every penguin's moves from scratch (the movement phase starts, or an undo)."""
        for s, f in enumerate(self.pos):
            if f >= 0:
                self._walk(s, f)
            else:
                self.ray_now[6 * s : 6 * s + 6] = _NONE6
        self._legal = None

    def _advance(self, mover: int) -> list[tuple[int, list[int]]] | None:
        """Pass the turn to the next player after ``mover`` who can move, listing their
        legal moves on the way, and take off the board each player passed over who
        cannot; the game is over when nobody can. Returns who was taken off, with their
        slots' floes, for undo."""
        players, out, ray_now = self.players, self.out, self.ray_now
        per = self.per_player
        removed = None
        p = mover
        for _ in range(players):
            p = p + 1 if p + 1 < players else 0
            if out[p]:
                continue
            a = 6 * per * p
            if any(ray_now[a : a + 6 * per]):
                self.mover = p
                self._legal = None  # joined when asked for: a replay never asks
                return removed
            if removed is None:
                removed = []
            removed.append((p, self.pos[p * per : p * per + per]))
            self._take_off(p)
        self.mover = NOBODY
        self._legal = ()
        return removed

    def _take_off(self, p: int) -> None:
        """Player ``p`` leaves: their penguins come off, each with the floe under it."""
        fish, at, taker, pos = self.board.fish, self.at, self.taker, self.pos
        got = 0
        for s in self._slots(p):
            i = pos[s]
            if i < 0:
                continue
            at[i] = NOBODY
            taker[i] = p
            got += fish[i]
            pos[s] = NOBODY
            self.ray_now[6 * s : 6 * s + 6] = _NONE6
        self.taken_fish[p] += got
        self.out[p] = True

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self._history:
            raise IndexError("no action to undo")
        action, i, mover, removed = self._history.pop()
        fish, at, taker, pos = self.board.fish, self.at, self.taker, self.pos
        if removed:
            for p, floes in reversed(removed):
                self.out[p] = False
                for s, k in zip(self._slots(p), floes, strict=True):
                    if k < 0:
                        continue
                    pos[s] = k
                    at[k] = s
                    taker[k] = NOBODY
                    self.taken_fish[p] -= fish[k]
        j = self.board.index[action.dst]
        slot = at[j]
        self.free[j] = 1
        at[j] = NOBODY
        if i < 0:
            pos[slot] = NOBODY
            self.placed -= 1
        else:
            at[i] = slot
            pos[slot] = i
            taker[i] = NOBODY
            self.taken_fish[mover] -= fish[i]
        self.mover = mover
        if self.placed == self.total_penguins:
            self._refresh_all()
        elif self.placed == self.total_penguins - 1:  # back in the placement phase
            self.ray_now = [()] * len(self.ray_now)
        self._legal = None
        return action

    def clone(self) -> HtmfState:
        """An independent copy sharing only immutable parts (board, actions, history
        entries)."""
        other = HtmfState.__new__(HtmfState)
        other.board = self.board
        other.players = self.players
        other.per_player = self.per_player
        other.total_penguins = self.total_penguins
        other.free = self.free[:]
        other.at = self.at[:]
        other.taker = self.taker[:]
        other.pos = self.pos[:]
        other.ray_now = self.ray_now[:]
        other.taken_fish = self.taken_fish[:]
        other.out = self.out[:]
        other.placed = self.placed
        other.mover = self.mover
        other._legal = self._legal
        other._history = self._history[:]
        return other

    # -- scoring ------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Each player's fish as if the game ended now: the floes taken, and those under
        their penguins (which they would take off with them). Final once it is over."""
        fish, per = self.board.fish, self.per_player
        out = self.taken_fish[:]
        for s, f in enumerate(self.pos):
            if f >= 0:
                out[s // per] += fish[f]
        return out

    def floe_counts(self) -> list[int]:
        """Each player's floes as if the game ended now (see :meth:`scores`)."""
        per = self.per_player
        out = self.taken_floes
        for s, f in enumerate(self.pos):
            if f >= 0:
                out[s // per] += 1
        return out

    def winners(self) -> list[int]:
        """The most fish wins; among those tied, the most floes; still tied: shared."""
        return rank(self.scores(), self.floe_counts())[0]

    def breakdown(self) -> Breakdown:
        """Fish, floes and floes by fish count for each player, the winners and why (as if
        the game ended now, until it is over)."""
        fish, per = self.board.fish, self.per_player
        by = [[0, 0, 0] for _ in range(self.players)]
        for i, p in enumerate(self.taker):
            if p != NOBODY:
                by[p][fish[i] - 1] += 1
        for s, f in enumerate(self.pos):
            if f >= 0:
                by[s // per][fish[f] - 1] += 1
        scores, floes = self.scores(), self.floe_counts()
        winners, decided = rank(scores, floes)
        return Breakdown(
            tuple(PlayerResult(p, scores[p], floes[p], tuple(by[p])) for p in range(self.players)),
            tuple(winners),
            decided,  # type: ignore[arg-type]
        )

    def __repr__(self) -> str:
        status = "over" if self.mover < 0 else f"{self.phase}, to move {self.mover}"
        return f"<HtmfState {self.players} players, ply {self.ply}, {status}>"
