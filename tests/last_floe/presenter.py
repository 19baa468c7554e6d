"""Last Floe in the app: the row of floes, a click on the floe where your take begins, the
words after a move and the move list (:mod:`waddle.ui.presenter`). The rules page (this
package's rules.html), the illegal-move message and the keys, controls and UI state a
game may leave out come from :class:`~waddle.ui.presenter.GamePresenter`.

>>> from waddle.app.session import Session
>>> from tests.last_floe.game import GAME
>>> session = Session.start(GAME, GAME.new_record(2, 0))
>>> action = PRESENTER.on_hex(session, "5,0")
>>> session.play(action), session.message
(True, 'Red took floes 6 and 7.')
"""

from __future__ import annotations

from html import escape
from typing import Any

from tests.last_floe.state import LastFloeState, Take
from waddle.ui.markup import BoardSvg, game_over_status, result_head, turn_status
from waddle.ui.presenter import GamePresenter, Hint, Move, MoveGroup, Rendered, Scene
from waddle.ui.seats import Seat, default_seats

SIZE = 40
"""A floe's width, in the board's units."""


def _taken(state: LastFloeState, action: Take) -> str:
    """The floes ``action`` takes, as the board numbers them ("floes 6 and 7")."""
    first = state.left - action.floes + 1
    numbers = [str(n) for n in range(first, state.left + 1)]
    if len(numbers) == 1:
        return f"floe {numbers[0]}"
    return f"floes {', '.join(numbers[:-1])} and {numbers[-1]}"


def board_svg(state: LastFloeState, seats: list[Seat] | None, clickable: bool) -> BoardSvg:
    """The row: a floe per place, ``data-hex="k,0"``, gone once taken; the floes a move may
    start from are focusable when the person looking may act."""
    parts = []
    starts = {state.left - a.floes for a in state.legal_actions()} if clickable else set()
    for k in range(state.floes):
        x = k * (SIZE + 6)
        on = k < state.left
        focus = ' tabindex="0" data-legal="true"' if k in starts else ""
        parts.append(
            f'<g data-hex="{k},0" data-kind="{"ice" if on else "gone"}"{focus} role="img" '
            f'aria-label="floe {k + 1}{"" if on else ", taken"}">'
            f'<rect x="{x}" y="0" width="{SIZE}" height="{SIZE}" rx="8" '
            f'class="{"floe" if on else "floe gone"}"/>'
            f'<text x="{x + SIZE / 2}" y="{SIZE / 2 + 5}" text-anchor="middle">{k + 1}</text></g>'
        )
    width = state.floes * (SIZE + 6)
    return BoardSvg("".join(parts), f"-6 -6 {width + 6} {SIZE + 12}", SIZE)


class LastFloePresenter(GamePresenter):
    keys_help = "Keys: Tab to a floe, Enter to take it and the floes after it, U undo, R redo."

    def render(self, scene: Scene) -> Rendered:
        state: LastFloeState = scene.view
        seats = list(scene.seats)
        mover = state.to_move()
        if mover is None:
            status = game_over_status()
        else:
            status = turn_status(seats, mover, f"to take one to three floes ({state.left} left).")
        result = ""
        if state.is_over():
            winners = state.winners()
            took = f"<p>{escape(seats[winners[0]].name)} took the last floe.</p>"
            result = result_head(seats, winners) + took
        return Rendered(
            board=board_svg(state, seats, scene.interactive),
            status=status,
            controls="",
            panels=f'<section class="panel"><h2>Floes</h2><p>{state.left} left</p></section>',
            result=result,
        )

    def on_hex(self, session: Any, hex_id: str) -> Take | None:
        state: LastFloeState = session.state
        k = int(hex_id.split(",")[0])
        return self.checked(session, Take(state.left - k))  # or None, saying why not

    def describe_move(self, session: Any, player: int, action: Take) -> str:
        before = self.position_before(session.state)
        text = f"{session.seats[player].name} took {_taken(before, action)}."
        if session.state.is_over():
            text += " That was the last floe."
        return text

    def move_groups(self, session: Any) -> list[MoveGroup]:
        record = session.full_record()
        state = record.start()
        moves = []
        for action in record.actions:
            player = state.to_move()
            spoken = f"took {_taken(state, action)}"
            state.apply(action)
            moves.append(Move(state.ply, player, str(action), spoken))
        return [MoveGroup("Moves", tuple(moves))]

    def hint(self, session: Any, action: Take) -> Hint:
        state: LastFloeState = session.state
        first = state.left - action.floes
        return Hint(f"Hint: take {_taken(state, action)} (marked).", (f"{first},0",))

    def draw_thumbnail(self) -> BoardSvg:
        state = LastFloeState(8)
        state.apply(Take(2))
        return board_svg(state, default_seats(2), clickable=False)


PRESENTER = LastFloePresenter()
