"""Waddle in the app: its board, its controls (single or double token, scout ahead), its
panels and messages, as the web shell asks for them (see :mod:`waddle.ui.presenter`).

Places are named as the board shows them (:mod:`waddle.games.waddle.places`): "the ice
north-east of pool 7" in messages and for screen readers, "7 NE" in the move list.

>>> from waddle.app.session import Session
>>> session = Session.new("waddle", players=2, seed=3)
>>> hex_id = ",".join(map(str, session.state.legal_hexes()[0]))
>>> action = PRESENTER.on_hex(session, hex_id)
>>> session.play(action), session.message.split(".")[0]
(True, 'Red placed a penguin on the ice south-east of pool 1')
>>> PRESENTER.on_control(session, "double") is None, session.ui.token
(True, 'double')
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from types import MappingProxyType
from typing import Any

from waddle.games.waddle.actions import SCOUT, Action
from waddle.games.waddle.panels import (
    move_rounds,
    players_html,
    result_html,
    status_html,
    tracks_html,
)
from waddle.games.waddle.places import move_notation, move_words, place_name
from waddle.games.waddle.state import WaddleState
from waddle.games.waddle.view import board_svg
from waddle.ui.marks import HexStudyMarks
from waddle.ui.markup import BoardSvg
from waddle.ui.presenter import GamePresenter, Hint, Move, MoveGroup, Rendered, Scene
from waddle.ui.seats import default_seats

SINGLE, DOUBLE = "single", "double"


@dataclass
class WaddleUi:
    """Between clicks: which token the next placement uses."""

    token: str = SINGLE


class WaddlePresenter(HexStudyMarks, GamePresenter):
    ui_class = WaddleUi
    mark_inset = 0.86
    mark_name = place_name
    keys = MappingProxyType({"s": "scout", "d": "toggle-double", "1": SINGLE, "2": DOUBLE})
    keys_help = (
        "Keys: Tab or arrows to a highlighted hex, Enter to place, D double, S scout, "
        "U undo, R redo."
    )

    # -- drawing ----------------------------------------------------------------------------

    def render(self, scene: Scene) -> Rendered:
        state: WaddleState = scene.view
        seats = scene.seats
        over = state.is_over()
        return Rendered(
            board=board_svg(state, list(seats), show_legal=scene.interactive),
            status=status_html(state, seats),
            controls=self._controls(state, scene.ui, scene.interactive),
            panels=(
                '<section class="panel"><h2>Turn order</h2>'
                f'<div id="tracks">{tracks_html(state, seats)}</div></section>'
                '<section class="panel"><h2>Players</h2>'
                f'<div id="players">{players_html(state, seats)}</div></section>'
            ),
            result=result_html(state, seats) if over else "",
        )

    def _controls(self, state: WaddleState, ui: WaddleUi, interactive: bool) -> str:
        over = state.is_over()
        player = state.to_move()
        doubles = 0 if player is None else state.doubles_left[player]
        reason = _scout_blocked_reason(state)
        tokens = []
        for kind, label in ((SINGLE, "Single"), (DOUBLE, "Double")):
            if kind == DOUBLE and player is not None:
                label = f"Double ({doubles} left)"
            disabled = over or not interactive or (kind == DOUBLE and not doubles)
            tokens.append(
                f'<button type="button" data-control="{kind}" data-token-choice="{kind}" '
                f'aria-pressed="{"true" if ui.token == kind else "false"}"'
                f"{' disabled' if disabled else ''}>{label}</button>"
            )
        scout_title = reason or "Place no more this round, and go first in the next one."
        scout_disabled = reason is not None or not interactive
        controls = (
            '<div class="token-choice" role="group" aria-label="Token to place">'
            f"{''.join(tokens)}</div>"
            f'<button type="button" data-control="scout" data-action="scout" class="scout" '
            f'title="{escape(scout_title)}"{" disabled" if scout_disabled else ""}>'
            "Scout ahead</button>"
            f'<p id="scout-reason" class="hint">{"" if over else escape(reason or "")}</p>'
        )
        # Over, nothing is left to choose: the controls leave the screen, disabled (their
        # hooks, docs/web-hooks.md, still say that no token and no scout is possible).
        return f"<div hidden>{controls}</div>" if over else controls

    def focus_hex(self, scene: Scene) -> str | None:
        active = scene.view.active_hex
        return None if active is None else f"{active[0]},{active[1]}"

    # -- acting -----------------------------------------------------------------------------

    def on_hex(self, session: Any, hex_id: str) -> Action | None:
        q, r = (int(v) for v in hex_id.split(","))
        action = Action.place((q, r), session.ui.token == DOUBLE)
        state: WaddleState = session.state
        if (q, r) not in state.board.index:  # no element on the page has such a data-hex
            session.message = "That place is not on the map."
            return None
        near = state.active_number
        return self.checked(session, action, lambda h: place_name(state.board, h, near=near), True)

    def on_control(self, session: Any, control: str) -> Action | None:
        if control == "scout":
            return SCOUT
        if control == "toggle-double":
            control = SINGLE if session.ui.token == DOUBLE else DOUBLE
        if control == DOUBLE:
            player = session.state.to_move()
            if player is None or player < 0 or not session.state.doubles_left[player]:
                session.message = "No double token left."
                return None
        if control in (SINGLE, DOUBLE):
            session.ui.token = control
            session.message = None
        return None

    def describe_move(self, session: Any, player: int, action: Action) -> str:
        state: WaddleState = session.state
        text = f"{session.seats[player].name} {describe(state, action)}."
        switched = state.last_round_change()
        if switched is not None:
            text += " " + _round_change_text(state, session.seats, switched)
        return text

    def move_groups(self, session: Any) -> list[MoveGroup]:
        groups = []
        board = session.state.board
        for k, rnd in enumerate(move_rounds(session.full_record())):
            note = " — tracks switch" if rnd.switched and k > 0 else ""
            moves = tuple(
                Move(ply, p, move_notation(board, a, rnd.pool), move_words(board, a, rnd.pool))
                for ply, p, a in rnd.moves
            )
            groups.append(MoveGroup(f"Round {k + 1}: pool {rnd.pool}{note}", moves))
        return groups

    def hint(self, session: Any, action: Action) -> Hint:
        if action.hex is None:
            return Hint("Hint: scout ahead.", control="scout")
        state: WaddleState = session.state
        what = "a double token" if action.double else "a penguin"
        where = place_name(state.board, action.hex, near=state.active_number)
        key = f"{action.hex[0]},{action.hex[1]}"
        return Hint(f"Hint: place {what} on {where} (marked on the board).", hexes=(key,))

    # -- pages ------------------------------------------------------------------------------

    def draw_thumbnail(self) -> BoardSvg:
        """A 2-player map a few moves into a game."""
        from waddle.games.waddle.record import new_record

        state = new_record(2, seed=7).start()
        for _ in range(5):
            state.apply(state.legal_actions()[0])
        return board_svg(state, default_seats(2), show_legal=False)


def describe(state: WaddleState, action: Action) -> str:
    """What ``action``, the last one played on ``state``, did, for the live region:
    "placed a penguin on the ice north-east of pool 7", named from the pool it was
    played at (the pool of the round it ended, if it did)."""
    if action.hex is None:
        return move_words(state.board, action, None)
    return move_words(state.board, action, GamePresenter.position_before(state).active_number)


def _scout_blocked_reason(state: WaddleState) -> str | None:
    reason = state.why_not_scout()
    return None if reason is None else f"You cannot scout ahead: {reason}."


def _round_change_text(state: WaddleState, seats, switched: bool) -> str:
    """What a round change did: the new active pool, and who goes first and why."""
    if state.is_over():
        return "Every pool is surrounded: the game is over."
    player = state.to_move()
    why = (
        "the first to scout ahead; the scouts go first, the others follow in order"
        if switched
        else "nobody scouted, so the turn order continues"
    )
    return f"New round at pool {state.active_number}: {seats[player].name} goes first ({why})."


PRESENTER = WaddlePresenter()
