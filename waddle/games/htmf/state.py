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

**The parts.** This module holds the state's fields, the protocol, the hot path (apply,
the rays kept up to date, undo, clone) and the scores; the rest are parts of the class,
each in a module of its own and mixed in (as Waddle Waddle's rules are, for the reasons
given in :mod:`waddle.games.waddle_waddle.state`):

- :mod:`.queries`: where penguins stand and may go, the floes left and taken;
- :mod:`.refusals`: why an action is illegal, in words;
- :mod:`.replay`: ``apply_all``, many actions at once;
- :mod:`.phases` and :mod:`.scoring` hold what the parts share and the result's types.
"""

from __future__ import annotations

from waddle.core.game import IllegalActionError, PerfectInformation
from waddle.games.htmf.actions import Action
from waddle.games.htmf.board import MAX_PLAYERS, MIN_PLAYERS, PENGUINS, Board
from waddle.games.htmf.phases import NOBODY, Phase
from waddle.games.htmf.queries import PositionQueries
from waddle.games.htmf.refusals import Refusals
from waddle.games.htmf.replay import FastReplay
from waddle.games.htmf.scoring import Breakdown, PlayerResult, rank

_BACK = (3, 4, 5, 0, 1, 2)
"""The opposite of each direction of :data:`waddle.core.hexgrid.DIRECTIONS`."""
_OTHERS = tuple(tuple(e for e in range(6) if e not in (d, _BACK[d])) for d in range(6))
"""For each direction, the four directions off its line."""
_NONE6 = ((),) * 6


class HtmfState(PositionQueries, Refusals, FastReplay, PerfectInformation):
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
        # The turn passes (_advance): written out for the common case, the next player
        # can move.
        per = self.per_player
        p = mover + 1 if mover + 1 < self.players else 0
        a = 6 * per * p
        if not self.out[p] and any(ray_now[a : a + 6 * per]):
            self.mover = p
            self._legal = None
            self._history.append((canonical, i, mover, None))
            return
        self._history.append((canonical, i, mover, self._advance(mover)))

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
        if i >= 0:
            self._unblock(slot, i, j, removed)
        elif self.placed == self.total_penguins - 1:  # back in the placement phase
            self.ray_now = [()] * len(self.ray_now)
        self._legal = None
        return action

    def _unblock(
        self, slot: int, i: int, j: int, removed: list[tuple[int, list[int]]] | None
    ) -> None:
        """The rays after a move from ``i`` to ``j`` is taken back (the penguins are back
        in place): as :meth:`_refresh_all` would find them, walking only what changed.

        The floe ``i`` was a gap and holds the penguin again: both stop a slide there, so
        no other ray changes at ``i``; nor at the floes of the players put back, gaps
        that hold their penguins again. Only ``j`` is free again: the penguin first met
        from ``j`` in each direction now slides on through ``j`` and as far beyond as the
        ice is free. The penguin moved back and those put back are walked afresh."""
        free, at, ray_now = self.free, self.at, self.ray_now
        board = self.board
        prefixes = board.reach_moves
        runs = [0] * 6  # free floes from j in each direction
        met = [NOBODY] * 6  # the floe of the penguin met there, if one is
        for e, ray in enumerate(board.rays[j]):
            n = 0
            for x in ray:
                if not free[x]:
                    if at[x] >= 0:
                        met[e] = x
                    break
                n += 1
            runs[e] = n
        for e in range(6):
            x = met[e]
            if x >= 0:
                back = _BACK[e]
                ray_now[6 * at[x] + back] = prefixes[x][back][runs[e] + 1 + runs[back]]
        self._walk(slot, i)
        if removed:
            per, pos = self.per_player, self.pos
            for p, _ in removed:
                for s in range(p * per, p * per + per):
                    if pos[s] >= 0:
                        self._walk(s, pos[s])

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


__all__ = ["NOBODY", "Breakdown", "HtmfState", "Phase", "PlayerResult", "rank"]
