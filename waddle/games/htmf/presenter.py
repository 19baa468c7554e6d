"""Hey, That's My Fish! in the app: the board, the two-click move (a penguin, then where it
goes), the score panel and messages, as the web shell asks for them
(:mod:`waddle.ui.presenter`).

Places are named as the board's labels show them ("C4", :mod:`waddle.games.htmf.places`).

>>> from waddle.app.session import Session
>>> session = Session.new("htmf", players=2, seed=3)
>>> floe = session.state.placements()[0]
>>> action = PRESENTER.on_hex(session, f"{floe[0]},{floe[1]}")
>>> session.play(action), session.message
(True, 'Red placed a penguin on A3.')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from types import MappingProxyType
from typing import Any

from waddle.core.hexgrid import Hex
from waddle.games.htmf.actions import Action
from waddle.games.htmf.places import move_notation, move_words, place_name
from waddle.games.htmf.state import HtmfState
from waddle.games.htmf.view import board_svg
from waddle.ui.marks import HexStudyMarks
from waddle.ui.markup import BoardSvg, chip, game_over_status, result_head, turn_status
from waddle.ui.presenter import GamePresenter, Hint, Move, MoveGroup, Rendered, Scene
from waddle.ui.seats import Seat, default_seats


@dataclass
class HtmfUi:
    """Between the two clicks of a move: the penguin chosen to move, if any."""

    selected: Hex | None = None


def _key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def _hex(text: str) -> Hex:
    q, r = (int(v) for v in text.split(","))
    return (q, r)


class HtmfPresenter(HexStudyMarks, GamePresenter):
    ui_class = HtmfUi
    mark_inset = 0.8
    mark_name = place_name
    keys = MappingProxyType({"escape": "deselect"})
    keys_help = (
        "Keys: Tab or arrows to a highlighted floe, Enter to place or to choose a penguin "
        "and then its floe, Escape to choose again, U undo, R redo."
    )

    # -- drawing ----------------------------------------------------------------------------

    def render(self, scene: Scene) -> Rendered:
        state: HtmfState = scene.view
        seats = scene.seats
        selected = scene.ui.selected if scene.interactive else None
        return Rendered(
            board=board_svg(state, seats, selected=selected, show_legal=scene.interactive),
            status=_status(state, seats, selected),
            controls=self._controls(state, selected, scene.interactive),
            panels=f'<section class="panel"><h2>Players</h2>{_players(state, seats)}</section>',
            result=_result(state, seats) if state.is_over() else "",
        )

    def _controls(self, state: HtmfState, selected: Hex | None, interactive: bool) -> str:
        if state.is_over() or not interactive:
            return ""
        if state.phase == "place":
            tip = "Click an empty floe with one fish to place a penguin there."
        elif selected is None:
            tip = "Click one of your penguins that can move (highlighted), then where it goes."
        else:
            tip = "Now click the floe it slides to, in a straight line; or choose another penguin."
        cancel = (
            '<button type="button" data-control="deselect">Choose another penguin</button>'
            if selected is not None
            else ""
        )
        return f'<p class="hint" id="move-tip">{tip}</p>{cancel}'

    def focus_hex(self, scene: Scene) -> str | None:
        selected = scene.ui.selected
        return None if selected is None else _key(selected)

    # -- acting -----------------------------------------------------------------------------

    def on_hex(self, session: Any, hex_id: str) -> Action | None:
        state: HtmfState = session.state
        h = _hex(hex_id)
        if h not in state.board.index:  # no element on the page has such a data-hex
            session.message = "There is no floe there."
            return None
        if state.is_over() or state.phase == "place":
            return _checked(session, Action.place(h))
        ui: HtmfUi = session.ui
        mover = state.to_move()
        where = place_name(state.board, h)
        if state.penguin_at(h) == mover:
            if h not in state.movable_penguins():
                session.message = f"That penguin on {where} is blocked in: it cannot move."
                return None
            ui.selected = None if ui.selected == h else h
            session.message = (
                None
                if ui.selected is None
                else (f"Penguin on {where} chosen: now click where it goes.")
            )
            return None
        if ui.selected is None:
            session.message = "Choose one of your penguins first, then where it goes."
            return None
        return _checked(session, Action.move(ui.selected, h))

    def on_control(self, session: Any, control: str) -> None:
        if control == "deselect":
            session.ui.selected = None
            session.message = None
        return None

    def describe_move(self, session: Any, player: int, action: Action) -> str:
        state: HtmfState = session.state
        seats = session.seats
        fish = None if action.src is None else state.board.fish[state.board.index[action.src]]
        text = f"{seats[player].name} {move_words(state.board, action, fish)}."
        before = self.position_before(state)
        for p in range(state.players):
            if state.is_out(p) and not before.is_out(p) and not state.is_over():
                text += (
                    f" {seats[p].name} cannot move any more: their penguins leave the ice with "
                    "the floes they stand on."
                )
        if state.is_over():
            text += " No penguin can move: the game is over."
        return text

    def sum_up(self, session: Any, player: int, after: int, moves: int, gained: float) -> str:
        """A computer's run of moves in a row, in one line (the shell's ``run_line``): when
        the others are out, the last player makes every last move alone.

        >>> PRESENTER.sum_up(None, 1, 30, 25, 28)
        'took 28 more fish with 25 moves.'
        """
        fish = round(gained)
        return f"took {fish} more fish with {moves} move{'' if moves == 1 else 's'}."

    def move_groups(self, session: Any) -> list[MoveGroup]:
        """The placements, then the moves by rounds: a round ends when the turn comes back
        round to a player who already moved in it (players who are out take no turns)."""
        record = session.full_record()
        state = record.start()
        placing: list[Move] = []
        rounds: list[list[Move]] = []
        last = None
        board = state.board
        fish = board.fish
        for action in record.actions:
            player = state.to_move()
            state.apply(action)
            took = None if action.src is None else fish[board.index[action.src]]
            move = Move(
                state.ply, player, move_notation(board, action), move_words(board, action, took)
            )
            if action.src is None:
                placing.append(move)
                continue
            if last is None or player <= last:
                rounds.append([])
            rounds[-1].append(move)
            last = player
        return [MoveGroup("Placing the penguins", tuple(placing))] + [
            MoveGroup(f"Round {k}", tuple(moves)) for k, moves in enumerate(rounds, 1)
        ]

    def hint(self, session: Any, action: Action) -> Hint:
        board = session.state.board
        dst = place_name(board, action.dst)
        if action.src is None:
            text = f"Hint: place a penguin on {dst} (marked on the board)."
            return Hint(text, (_key(action.dst),))
        src = place_name(board, action.src)
        text = f"Hint: move the penguin on {src} to {dst} (both marked)."
        return Hint(text, (_key(action.src), _key(action.dst)))

    # -- pages ------------------------------------------------------------------------------

    def draw_thumbnail(self) -> BoardSvg:
        """A standard board a few moves into a 2-player game."""
        from waddle.games.htmf.record import new_record

        state = new_record(2, seed=5).start()
        while state.phase == "place":
            state.apply(state.legal_actions()[0])
        for _ in range(4):
            state.apply(state.legal_actions()[-1])
        return board_svg(state, default_seats(2), show_legal=False, labelled=False)


def _checked(session: Any, action: Action) -> Action | None:
    """``action`` if the rules allow it; else None, with the rules' reason in the message,
    naming places as the board does ("Floe C4 already has a penguin.")."""
    board = session.state.board
    return GamePresenter.checked(session, action, lambda h: place_name(board, h))


def _status(state: HtmfState, seats: Sequence[Seat], selected: Hex | None) -> str:
    player = state.to_move()
    if player is None:
        return game_over_status()
    what = "to place a penguin" if state.phase == "place" else "to move a penguin"
    return turn_status(seats, player, f"{what}.")


def _players(state: HtmfState, seats: Sequence[Seat]) -> str:
    """Per player: fish and floes so far (the floes under their penguins included, as at
    the end), penguins still on the ice, and whether they are out."""
    breakdown = state.breakdown()
    on_ice = [0] * state.players
    for owner in state.penguins().values():
        on_ice[owner] += 1
    rows = []
    for p, seat in enumerate(seats):
        result = breakdown.players[p]
        if state.is_over():
            status = "finished"
        elif state.is_out(p):
            status = "out"
        else:
            status = "playing"
        rows.append(
            f'<tr data-player-row="{p}" data-out="{"true" if state.is_out(p) else "false"}">'
            f'<th scope="row">{chip(seat, p)}</th>'
            f'<td data-fish-of="{p}">{result.fish}</td><td data-floes-of="{p}">{result.floes}</td>'
            f"<td>{on_ice[p]}</td><td>{status}</td></tr>"
        )
    return (
        '<table class="players"><thead><tr><th scope="col">Player</th>'
        '<th scope="col">Fish</th><th scope="col">Floes</th>'
        '<th scope="col">Penguins on the ice</th><th scope="col">Status</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _result(state: HtmfState, seats: Sequence[Seat]) -> str:
    """The result panel: each player's fish and floes, and what decided the game."""
    breakdown = state.breakdown()
    winners = list(breakdown.winners)
    names = [escape(seats[p].name) for p in winners]
    top_fish = max(breakdown.scores)
    tied = [p for p, r in enumerate(breakdown.players) if r.fish == top_fish]
    if breakdown.decided_by == "fish":
        why = f"{names[0]} caught the most fish ({top_fish})."
    else:
        tied_names = ", ".join(escape(seats[p].name) for p in tied)
        floes = ", ".join(f"{escape(seats[p].name)} {breakdown.players[p].floes}" for p in tied)
        if breakdown.decided_by == "floes":
            why = (
                f"{tied_names} tied on {top_fish} fish; the most floes breaks the tie "
                f"({floes}), so {names[0]} wins."
            )
        else:
            why = (
                f"{tied_names} tied on {top_fish} fish and on floes ({floes}): "
                "they share the victory."
            )
    ranked = sorted(breakdown.players, key=lambda r: (-r.fish, -r.floes, r.player))
    rows = "".join(
        f'<tr data-result-player="{r.player}" data-total="{r.fish}" data-floes="{r.floes}"'
        f"{' class=winner' if r.player in winners else ''}>"
        f"<th scope=row>{chip(seats[r.player], r.player)}</th>"
        f'<td class="total">{r.fish}</td><td>{r.floes}</td>'
        # "16 × 1" never breaks across lines (a lone "× 3" under it read as nothing).
        f"<td>{r.by_fish[0]}\u00a0×\u00a01, {r.by_fish[1]}\u00a0×\u00a02, "
        f"{r.by_fish[2]}\u00a0×\u00a03</td></tr>"
        for r in ranked
    )
    return (
        f"{result_head(seats, winners, breakdown.decided_by, why)}"
        '<table class="results"><thead><tr><th scope=col>Player</th><th scope=col>Fish</th>'
        "<th scope=col>Floes</th><th scope=col>Floes by fish</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


PRESENTER = HtmfPresenter()
