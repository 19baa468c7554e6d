"""The rules of Waddle as a mutable game state with undo.

>>> from waddle.games.waddle.board import Board, HexSpec
>>> board = Board([HexSpec(0, 0, "water", 1, (2,)), HexSpec(1, 0, "ice"), HexSpec(0, 1, "ice")])
>>> state = WaddleState(board, players=2, order=[1, 0])
>>> state.to_move(), [str(a) for a in state.legal_actions()]
(1, ['1,0', '0,1', '1,0d', '0,1d', 'S'])
>>> state.apply(Action.place((1, 0)))
>>> state.apply(SCOUT)  # player 0 scouts ahead; player 1 is now the last one placing
>>> state.to_move(), state.can_scout()
(1, False)
>>> state.apply(Action.place((0, 1)))
>>> state.is_over(), state.scores()
(True, [0, 5])

Turn order (rulebook, "Turn Order"): two tracks, each a list of players bottom first; the
player at the bottom of the active track acts. Placing moves that player to the top of the
same track; scouting ahead moves them to the top of the other one. Someone scouted this
round exactly when the other track is not empty, so no separate flag is kept.

Speed: every hex has an integer index and the board precomputes adjacency, and the state
keeps, for each numbered water hex, how many empty ice hexes are next to it. An action
therefore touches at most a handful of entries whatever the map size, and the next active
hex is found by walking forward from the current one (counts only fall, so every lower
number is already full).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from waddle.core.game import IllegalActionError, PerfectInformation
from waddle.core.hexgrid import Hex
from waddle.games.waddle.actions import SCOUT, Action
from waddle.games.waddle.board import Board, Pool
from waddle.games.waddle.scoring import (
    WADDLE_CAP,
    WADDLE_CAP_TWO_PLAYERS,
    Breakdown,
    PlayerScore,
    PoolResult,
    Waddle,
    pool_awards,
    waddle_vp,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 5
DOUBLES_PER_PLAYER = 2
"""Double tokens each player may place in a game; singles are unlimited."""

LEFT, RIGHT = 0, 1
"""The two turn tracks; the game starts on the left one."""

EMPTY = -1


class WaddleState(PerfectInformation):
    """A game of Waddle in progress: board, penguins, turn tracks and the action history."""

    __slots__ = (
        "_history",
        "active",
        "active_track",
        "board",
        "bonus",
        "compensation",
        "doubles_left",
        "empty_near",
        "order",
        "owner",
        "players",
        "token",
        "tracks",
    )

    def __init__(
        self,
        board: Board,
        players: int,
        order: Sequence[int] | None = None,
        compensation: Sequence[int] | None = None,
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Waddle is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        order = list(range(players)) if order is None else list(order)
        if sorted(order) != list(range(players)):
            raise ValueError(f"order must list each player 0..{players - 1} exactly once")
        self.board = board
        self.players = players
        self.order: tuple[int, ...] = tuple(order)
        """The starting turn order, bottom of the left track first."""
        self.compensation: tuple[int, ...] | None = None
        """The seat compensation option (not a rule: see :mod:`waddle.games.waddle.
        compensation`): VP added to the final score of each seat of ``order``, or None."""
        self.bonus: list[int] | None = None
        """The same VP by player number (None without the option), for scoring."""
        if compensation is not None:
            if len(compensation) != players or any(v < 0 for v in compensation):
                raise ValueError(f"compensation must give each of the {players} seats 0 VP or more")
            self.compensation = tuple(compensation)
            self.bonus = [0] * players
            for seat, player in enumerate(order):
                self.bonus[player] = compensation[seat]
        self.owner = [EMPTY] * len(board)
        """Player whose penguin is on each hex, or EMPTY."""
        self.token = [0] * len(board)
        """Penguins on each hex: 0 (empty), 1 (single) or 2 (double)."""
        self.doubles_left = [DOUBLES_PER_PLAYER] * players
        self.empty_near = [len(ice) for ice in board.slot_ice]
        """Per numbered water hex (slot): empty ice hexes next to it."""
        self.tracks: list[list[int]] = [list(order), []]
        self.active_track = LEFT
        self.active = self._next_active(0)
        """Slot of the active water hex in ``board.numbered``, or -1 once the game is over."""
        self._history: list[tuple[Action, tuple | None]] = []

    # -- reading the position ---------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    def is_over(self) -> bool:
        return self.active < 0

    def to_move(self) -> int | None:
        if self.active < 0:
            return None
        return self.tracks[self.active_track][0]

    @property
    def active_hex(self) -> Hex | None:
        """Coordinates of the active water hex (None once the game is over)."""
        if self.active < 0:
            return None
        return self.board.coords[self.board.numbered[self.active]]

    @property
    def active_number(self) -> int | None:
        return None if self.active < 0 else self.board.numbers[self.active]

    @property
    def history(self) -> list[Action]:
        """Every action taken so far, oldest first."""
        return [a for a, _ in self._history]

    @property
    def last_action(self) -> Action | None:
        """The action taken last (None before the first), without copying the history."""
        return self._history[-1][0] if self._history else None

    @property
    def ply(self) -> int:
        return len(self._history)

    def last_round_change(self) -> bool | None:
        """None if the last action did not end a round; else whether it switched the active
        track (someone had scouted), which decides who goes first in the new round."""
        if not self._history or self._history[-1][1] is None:
            return None
        return self._history[-1][1][1] != self.active_track

    def scouted_this_round(self) -> list[int]:
        """Players who scouted ahead this round, in the order they did."""
        return list(self.tracks[1 - self.active_track])

    def penguin_at(self, h: Hex) -> tuple[int, int] | None:
        """``(player, 1 or 2)`` for the penguin on hex ``h``, or None."""
        i = self.board.index[h]
        return None if self.owner[i] == EMPTY else (self.owner[i], self.token[i])

    def legal_hexes(self) -> list[Hex]:
        """Empty ice hexes next to the active water hex, where the player to move may place."""
        if self.active < 0:
            return []
        coords = self.board.coords
        owner = self.owner
        return [coords[i] for i in self.board.slot_ice[self.active] if owner[i] == EMPTY]

    def can_scout(self) -> bool:
        return self.active >= 0 and len(self.tracks[self.active_track]) > 1

    def why_not_scout(self) -> str | None:
        """Why scouting is illegal now, or None if it is legal."""
        if self.active < 0:
            return "the game is over"
        if len(self.tracks[self.active_track]) <= 1:
            return (
                "the last player on the active track must place until the active hex is surrounded"
            )
        return None

    def legal_actions(self) -> list[Action]:
        """Singles on each legal hex, then doubles (if any are left), then scouting."""
        if self.active < 0:
            return []
        owner = self.owner
        place = self.board.place_actions
        empties = [i for i in self.board.slot_ice[self.active] if owner[i] == EMPTY]
        actions = [place[i][0] for i in empties]
        track = self.tracks[self.active_track]
        if self.doubles_left[track[0]]:
            actions += [place[i][1] for i in empties]
        if len(track) > 1:
            actions.append(SCOUT)
        return actions

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` cannot be taken now, or None if it is legal."""
        if self.active < 0:
            return "the game is over"
        if action.hex is None:
            if action.double:
                return "scouting places no token, so it cannot be a double"
            reason = self.why_not_scout()
            return None if reason is None else f"scouting is not allowed: {reason}"
        h = action.hex
        i = self.board.index.get(h)
        where = f"{h[0]},{h[1]}"
        if i is None:
            return f"hex {where} is not on the map"
        if not self.board.is_ice[i]:
            return f"hex {where} is water; penguins go on ice"
        if self.owner[i] != EMPTY:
            return f"hex {where} already has a penguin"
        if self.active not in self.board.ice_slots[i]:
            return f"hex {where} is not next to the active water hex {self.active_number}"
        if action.double and not self.doubles_left[self.tracks[self.active_track][0]]:
            return "no double token left"
        return None

    # -- changing it ------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Take ``action`` for the player to move; raise ``IllegalActionError`` if illegal."""
        # The hot path of every playout: legality is checked inline for the common cases,
        # and why_illegal() only runs to explain a rejection.
        active = self.active
        if active < 0:
            raise IllegalActionError("the game is over")
        track = self.tracks[self.active_track]
        if action.hex is None:
            if len(track) < 2 or action.double:
                raise IllegalActionError(self.why_illegal(action) or "illegal action")
            self.tracks[1 - self.active_track].append(track.pop(0))
            self._history.append((action, None))
            return
        board = self.board
        i = board.index.get(action.hex)
        double = action.double
        player = track[0]
        if (
            i is None
            or self.owner[i] != EMPTY
            or active not in board.ice_slots[i]
            or (double and not self.doubles_left[player])
        ):
            raise IllegalActionError(self.why_illegal(action) or "illegal action")
        track.append(track.pop(0))
        self.owner[i] = player
        if double:
            self.token[i] = 2
            self.doubles_left[player] -= 1
        else:
            self.token[i] = 1
        empty_near = self.empty_near
        for slot in board.ice_slots[i]:
            empty_near[slot] -= 1
        action = board.place_actions[i][double]  # the canonical instance, shared
        if empty_near[active]:
            self._history.append((action, None))
            return
        # Round end (rulebook, "Round End"); remember what it overwrites, for undo.
        saved = (active, self.active_track, tuple(self.tracks[0]), tuple(self.tracks[1]))
        self._history.append((action, saved))
        self.active = self._next_active(active + 1)
        other = self.tracks[1 - self.active_track]
        if other:  # someone scouted: the rest follow them, in order, and that track is active
            other.extend(track)
            track.clear()
            self.active_track = 1 - self.active_track

    def _next_active(self, start: int) -> int:
        """Lowest slot from ``start`` on with empty ice next to it, or -1 (game over)."""
        empty_near = self.empty_near
        for slot in range(start, len(empty_near)):
            if empty_near[slot]:
                return slot
        return -1

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self._history:
            raise IndexError("no action to undo")
        action, saved = self._history.pop()
        if saved is not None:
            self.active, self.active_track, left, right = saved
            self.tracks = [list(left), list(right)]
        if action.hex is None:
            player = self.tracks[1 - self.active_track].pop()
            self.tracks[self.active_track].insert(0, player)
            return action
        i = self.board.index[action.hex]
        track = self.tracks[self.active_track]
        player = track.pop()
        track.insert(0, player)
        self.owner[i] = EMPTY
        self.token[i] = 0
        if action.double:
            self.doubles_left[player] += 1
        for slot in self.board.ice_slots[i]:
            self.empty_near[slot] += 1
        return action

    def clone(self) -> WaddleState:
        """An independent copy sharing only the immutable board."""
        other = WaddleState.__new__(WaddleState)
        other.board = self.board
        other.players = self.players
        other.order = self.order
        other.compensation = self.compensation
        other.bonus = self.bonus  # never changed after __init__: shared
        other.owner = self.owner[:]
        other.token = self.token[:]
        other.doubles_left = self.doubles_left[:]
        other.empty_near = self.empty_near[:]
        other.tracks = [self.tracks[0][:], self.tracks[1][:]]
        other.active_track = self.active_track
        other.active = self.active
        other._history = self._history[:]
        return other

    # -- scoring ----------------------------------------------------------------------

    def _waddles(self) -> list[tuple[int, list[int]]]:
        """Every waddle as ``(player, hex indices)``: connected groups of one player's penguins."""
        owner = self.owner
        neighbors = self.board.ice_neighbors
        seen = bytearray(len(owner))
        groups = []
        for start in self.board.ice:
            player = owner[start]
            if player == EMPTY or seen[start]:
                continue
            seen[start] = 1
            group = [start]
            for i in group:  # grows while iterating: breadth-first
                for n in neighbors[i]:
                    if not seen[n] and owner[n] == player:
                        seen[n] = 1
                        group.append(n)
            groups.append((player, group))
        return groups

    def _pool_counts(self, pool: Pool) -> list[int]:
        """Penguins of each player next to ``pool``, a double counting 2, each hex once."""
        owner, token = self.owner, self.token
        counts = [0] * self.players
        for i in pool.ice:
            if owner[i] != EMPTY:
                counts[owner[i]] += token[i]
        return counts

    def scores(self) -> list[int]:
        """Each player's VP as if the game ended now; :meth:`breakdown` says where from.

        The same sums as :meth:`breakdown`'s, without building it: every playout of the
        hard bot's search ends here (and in :meth:`winners`), so the waddles are summed
        as they are found, and a two-player pool is scored inline."""
        players, token, owner = self.players, self.token, self.owner
        neighbors = self.board.ice_neighbors
        cap = WADDLE_CAP_TWO_PLAYERS if players == 2 else WADDLE_CAP  # waddle_vp, inline
        totals = [0] * players
        seen = bytearray(len(owner))
        for start in self.board.ice:  # the waddles, as _waddles() finds them
            player = owner[start]
            if player == EMPTY or seen[start]:
                continue
            seen[start] = 1
            group = [start]
            penguins = 0
            for i in group:  # grows while iterating: breadth-first
                penguins += token[i]
                for n in neighbors[i]:
                    if owner[n] == player and not seen[n]:
                        seen[n] = 1
                        group.append(n)
            if penguins > cap:
                penguins = cap
            totals[player] += penguins * (penguins + 1) // 2
        for pool in self.board.pools:
            fish = pool.fish
            if not fish:
                continue
            counts = [0] * players
            for i in pool.ice:
                p = owner[i]
                if p != EMPTY:
                    counts[p] += token[i]
            if players == 2:  # pool_awards: the most penguins take every fish, a tie both
                a, b = counts
                if a or b:
                    won = sum(fish)
                    if a >= b:
                        totals[0] += won
                    if b >= a:
                        totals[1] += won
                continue
            for player, won in enumerate(pool_awards(counts, fish, players)):
                totals[player] += sum(won)
        if self.bonus is not None:
            for player, vp in enumerate(self.bonus):
                totals[player] += vp
        return totals

    def breakdown(self) -> Breakdown:
        """Score the position as if the game ended now: every waddle and every pool."""
        board, players, token = self.board, self.players, self.token
        coords = board.coords

        waddles: list[list[Waddle]] = [[] for _ in range(players)]
        for player, group in self._waddles():
            penguins = sum(token[i] for i in group)
            hexes = tuple(coords[i] for i in group)
            waddles[player].append(Waddle(player, hexes, penguins, waddle_vp(penguins, players)))

        pool_vp = [0] * players
        pools = []
        for pool in board.pools:
            counts = self._pool_counts(pool)
            awards = pool_awards(counts, pool.fish, players)
            for player, fish in enumerate(awards):
                pool_vp[player] += sum(fish)
            pools.append(
                PoolResult(
                    pool.number,
                    pool.hexes,
                    pool.fish,
                    tuple(counts),
                    tuple(tuple(a) for a in awards),
                )
            )
        bonus = self.bonus or [0] * players
        return Breakdown(
            tuple(
                PlayerScore(
                    p, tuple(sorted(waddles[p], key=lambda w: -w.penguins)), pool_vp[p], bonus[p]
                )
                for p in range(players)
            ),
            tuple(pools),
        )

    def result_json(self) -> dict[str, Any]:
        """The scoring of :meth:`breakdown` as the replay output's JSON (``scores``,
        ``winners``, ``breakdown`` per player, ``pools``; see waddle-record.md), built
        straight from the counts: replaying a file of records spends a good part of its
        time here, and the dataclasses of a breakdown are for readers, not for JSON.

        >>> from waddle.games.waddle.board import Board, HexSpec
        >>> board = Board([HexSpec(0, 0, "water", 1, (2,)), HexSpec(1, 0, "ice")])
        >>> state = WaddleState(board, players=2)
        >>> state.apply(Action.place((1, 0)))
        >>> state.result_json()["breakdown"][0]
        {'total': 3, 'waddles': [1], 'waddle_vp': 1, 'pool_vp': 2}
        """
        players, token = self.players, self.token
        sizes: list[list[int]] = [[] for _ in range(players)]
        for player, group in self._waddles():
            penguins = 0
            for i in group:
                penguins += token[i]
            sizes[player].append(penguins)
        pool_vp = [0] * players
        pools = []
        for pool in self.board.pools:
            counts = self._pool_counts(pool)
            awards = pool_awards(counts, pool.fish, players)
            for player, fish in enumerate(awards):
                if fish:
                    pool_vp[player] += sum(fish)
            pools.append(
                {
                    "number": pool.number,
                    "hexes": [list(h) for h in pool.hexes],
                    "fish": list(pool.fish),
                    "counts": counts,
                    "awards": awards,
                }
            )
        totals = []
        rows = []
        bonus = self.bonus
        for player in range(players):
            mine = sorted(sizes[player], reverse=True)
            vp = 0
            for n in mine:
                vp += waddle_vp(n, players)
            total = vp + pool_vp[player]
            row = {"total": total, "waddles": mine, "waddle_vp": vp, "pool_vp": pool_vp[player]}
            if bonus is not None:  # the option's key only in games that have it
                row["total"] = total = total + bonus[player]
                row["bonus"] = bonus[player]
            totals.append(total)
            rows.append(row)
        top = max(totals)
        return {
            "scores": totals,
            "winners": [p for p, t in enumerate(totals) if t == top],
            "breakdown": rows,
            "pools": pools,
        }

    def winners(self) -> list[int]:
        """The players with the most VP (:meth:`scores`, as :attr:`Breakdown.winners`
        says, without building the breakdown: every playout ends here)."""
        totals = self.scores()
        top = max(totals)
        return [p for p, t in enumerate(totals) if t == top]

    def __repr__(self) -> str:
        status = (
            "over" if self.is_over() else f"to move {self.to_move()}, active {self.active_number}"
        )
        return f"<WaddleState {self.players} players, ply {self.ply}, {status}>"
