"""Pebbles in the app: the tiles, the cards on the table, the turn as clear steps, messages,
as the web shell asks for them (:mod:`waddle.ui.presenter`).

Everything drawn comes from the scene's view (``state.view(viewer)``): the hand of the
seat looking, the other hands as backs. Clicks act on the session's state: a card of the
hand plays it; a face-up card is taken by fishing; the buttons "Place a penguin", "Use
<power>" and "Go fishing" choose the action when a tile click would be ambiguous, then a
tile click makes it; a moving penguin steps by tile clicks and stops by "Stop here".

>>> from waddle.app.session import Session
>>> session = Session.new("pebbles", players=2, seed=3)
>>> player = session.state.to_move()
>>> card = session.state.hands[player][0]
>>> session.play(PRESENTER.on_control(session, f"card-{card}"))
True
>>> session.message.startswith(f"{session.seats[player].name} played the {card.describe()}")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from waddle.core.game import CHANCE, OMNISCIENT
from waddle.games.pebbles import study_marks
from waddle.games.pebbles.actions import (
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
    PLAY,
    SCURRY_FROM,
    STEP,
    Action,
)
from waddle.games.pebbles.cards import CARDS, COURT, SUITS, Card, parse_card
from waddle.games.pebbles.choices import (
    FISH as FISHING,
)
from waddle.games.pebbles.choices import (
    PEBBLE,
    PENGUIN,
    PLACE,
    POWER,
    Choice,
    Choices,
    choices,
)
from waddle.games.pebbles.explain import move_name
from waddle.games.pebbles.observation import PebblesView
from waddle.games.pebbles.panels import (
    controls_html,
    doing,
    players_html,
    result_html,
    status_html,
    table_html,
    territories_html,
)
from waddle.games.pebbles.state import PebblesState
from waddle.games.pebbles.symbols import suit_icon
from waddle.games.pebbles.turns import TurnMarks, fact, said, short_line, turns_of
from waddle.games.pebbles.view import board_svg
from waddle.ui.marks import StudyMarks
from waddle.ui.markup import BoardSvg, sentence
from waddle.ui.presenter import GamePresenter, Hint, LineFacts, Move, MoveGroup, Rendered, Scene
from waddle.ui.seats import default_seats


class PebblesPresenter(StudyMarks, GamePresenter):
    ui_class = Choice
    study_marks = study_marks

    def __init__(self) -> None:
        self._lines = LineFacts(fact)

    keys = MappingProxyType(
        {
            "p": "place",
            "w": "power",
            "f": "fish",
            "e": "court-penguin",
            "b": "court-pebble",
            "d": "done",
            "escape": "cancel",
        }
    )
    keys_help = (
        "Keys: Tab or arrows to a highlighted card or tile, Enter to choose it; P place a "
        "penguin, W use the card's power, F go fishing, E or B Court's penguin or pebble, "
        "D stop (done), Escape choose another action, U undo, R redo."
    )

    # -- drawing ----------------------------------------------------------------------------

    def render(self, scene: Scene) -> Rendered:
        view: PebblesView = scene.view
        seats = scene.seats
        acting = scene.interactive and bool(view.legal)
        now = choices(view, scene.ui) if acting else choices_none(view)
        clicks = {tile: doing(action) for tile, action in now.tiles.items()}
        return Rendered(
            board=board_svg(view, seats, clicks=clicks, marks=last_turn_of(view)),
            status=status_html(view, seats),
            controls=controls_html(view, seats, now, tip(view, now)) if acting else "",
            panels=players_html(view, seats) + territories_html(view, seats),
            result=result_html(view, seats) if view.over else "",
            table=table_html(view, seats, now, acting),
        )

    def focus_hex(self, scene: Scene) -> str | None:
        view: PebblesView = scene.view
        moving = view.turn.moving
        if moving is None:
            return None
        tile = view.layout.tiles[view.layout.index[moving.tile]]
        return f"{tile.q},{tile.r}"

    # -- acting -----------------------------------------------------------------------------

    def _now(self, session: Any) -> tuple[PebblesState, PebblesView, Choices]:
        view: PebblesView = self.mover_view(session.state)
        return session.state, view, choices(view, session.ui)

    def on_hex(self, session: Any, hex_id: str) -> Action | None:
        state, view, now = self._now(session)
        layout = state.layout
        tile = next((t.number for t in layout.tiles if f"{t.q},{t.r}" == hex_id), None)
        if tile is None:
            session.message = "There is no tile there."
            return None
        action = now.tiles.get(tile)
        if action is not None:
            return action
        session.message = refusal(state, view, now, tile)
        return None

    def on_control(self, session: Any, control: str) -> Action | None:
        state, view, now = self._now(session)
        ui: Choice = session.ui
        if state.is_over():
            session.message = "The game is over."
            return None
        if control.startswith(("card-", "row-")):
            kind, _, text = control.partition("-")
            try:
                card = parse_card(text)
            except ValueError:
                session.message = f"There is no card {text}."
                return None
            action = (PLAY if kind == "card" else FISH)[card]
            if action in now.cards.values():
                return action
            session.message = sentence(state.why_illegal(action) or "not now")
            return None
        if control == "place":
            if now.place is not None:
                return now.place
            session.message = _place_refusal(view)
            return None
        if control in ("power", "fish"):
            wanted = POWER if control == "power" else FISHING
            if wanted not in now.open:
                session.message = _open_refusal(view, wanted)
                return None
            ui.action, ui.court = wanted, None
            session.message = tip(view, choices(view, ui))
            return None
        if control in ("court-penguin", "court-pebble"):
            card = view.turn.card
            if view.turn.step != "choose" or card is None or card.suit != COURT:
                session.message = "Court's penguin or pebble is for a Court card's power."
                return None
            what = PENGUIN if control == "court-penguin" else PEBBLE
            ui.action, ui.court = POWER, what
            now = choices(view, ui)
            if not now.tiles:
                session.message = sentence(
                    state.why_illegal(
                        (COURT_PENGUIN if what == PENGUIN else COURT_PEBBLE)[card.number]
                    )
                    or f"Court cannot put a {what} now"
                )
                ui.court = None
                return None
            session.message = tip(view, now)
            return None
        if control == "done":
            if now.done is not None:
                return DONE
            session.message = "There is nothing to stop now."
            return None
        if control == "cancel":
            ui.action = ui.court = None
            session.message = None
            return None
        session.message = f"Unknown control {control}."
        return None

    # -- words ----------------------------------------------------------------------------------

    def describe_move(self, session: Any, player: int, action: Action) -> str:
        """What happened, in words everyone at the table may hear: only what is public."""
        state: PebblesState = session.state
        before = self.position_before(state)
        seats = session.seats
        if player == CHANCE or action.kind == K_RESHUFFLE:
            return "The discards were shuffled into a new deck."
        name = seats[player].name
        text = _said(before, state, name, action)
        if state.round > before.round or state.is_over():
            best = _trick_winner(before.trick)
            winner = before.trick_players()[best]
            card = before.trick[best]
            text += (
                f" {seats[winner].name} wins the trick with {card.describe()} and takes a "
                "love token."
            )
            if state.is_over():
                text += " That was the tenth trick: the game is over."
            else:
                text += f" {seats[winner].name} leads round {state.round + 1}."
        elif state.current != before.current and state.to_move() != CHANCE:
            text += f" {seats[state.current].name} plays next."
        return text

    def move_groups(self, session: Any) -> list[MoveGroup]:
        """The whole line (history and redo line) by rounds, one entry a turn: in short,
        the card and each action with its steps ("10 Court: penguin on 10 →7, fished 12
        Scurry");
        in words, a verb phrase of what the seat did ("played the 10 of Court, placed a
        penguin on tile 10 and moved it to 7, …"), which the shell also says after a
        computer's turn. A reshuffle is named, its order not shown (it is hidden). An entry
        shows the end of its turn."""
        names = [seat.name for seat in session.seats]
        rounds: list[list[Move]] = []
        for turn in turns_of(self._lines.of(session.full_record())):
            while len(rounds) <= turn.round:
                rounds.append([])
            rounds[turn.round].append(
                Move(turn.last_ply, turn.player, short_line(turn), said(turn, names))
            )
        return [
            MoveGroup(f"Round {k + 1}", tuple(moves)) for k, moves in enumerate(rounds) if moves
        ]

    def hint(self, session: Any, action: Action) -> Hint:
        state: PebblesState = session.state
        kind = action.kind
        if kind == K_PLAY:
            return Hint(f"Hint: play {action.arg.describe()}.", control=f"card-{action.arg}")
        if kind == K_FISH:
            return Hint(
                f"Hint: go fishing for {action.arg.describe()} (marked).",
                control=f"row-{action.arg}",
            )
        if kind == K_DONE:
            return Hint("Hint: stop here (marked).", control="done")
        tile = state.layout.tiles[state.layout.index[action.arg]]
        where = f"{tile.q},{tile.r}"  # the tile's data-hex hook, never said
        words = {
            K_PLACE: f"place a penguin on tile {action.arg}",
            K_COLLECT: f"use Collect: a pebble on tile {action.arg}",
            K_COURT_PENGUIN: f"use Court: a penguin on tile {action.arg}",
            K_COURT_PEBBLE: f"use Court: a pebble on tile {action.arg}",
            K_SCURRY: f"use Scurry: move a penguin from tile {action.arg}",
            K_PUSH: f"use Push on tile {action.arg}",
            K_STEP: f"step to tile {action.arg}",
        }[kind]
        control = {K_PLACE: "place", K_STEP: None}.get(kind, "power")
        if state.step_name != "choose" and kind == K_SCURRY:
            control = None  # the second scurrying penguin: a tile click
        return Hint(f"Hint: {words} (marked).", (where,), control)

    # -- pages ------------------------------------------------------------------------------

    def rules_page(self, text: str) -> str:
        """rules.html with each suit's symbol drawn where it says ``<!--suit:court-->``."""
        for suit in SUITS:
            text = text.replace(f"<!--suit:{suit.name.lower()}-->", suit_icon(suit, 16))
        return text

    def draw_thumbnail(self) -> BoardSvg:
        """The 4-player layout a few rounds into a game, as the chooser shows it."""
        from waddle.core.rng import Rng
        from waddle.games.pebbles.record import new_record

        state = new_record(4, seed=11).start()
        rng = Rng(5)
        while state.round < 3:
            if state.to_move() == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        return board_svg(state.view(OMNISCIENT), default_seats(4), prefix="pbt")


def last_turn_of(view: PebblesView) -> TurnMarks | None:
    """What the last turn changed on the board, when the view says it (``last_turn``, the
    engine's :func:`~waddle.games.pebbles.turns.last_turn_marks` of the state); None
    leaves the board to mark the tile of the last decision that named one."""
    return getattr(view, "last_turn", None)


def choices_none(view: PebblesView) -> Choices:
    """Nothing to click (another seat's turn, or only looking)."""
    return Choices(view.turn.step)


def tip(view: PebblesView, now: Choices) -> str:
    """What to click next, and why, for the player to move."""
    turn = view.turn
    step = turn.step
    if step == "play":
        return (
            "Play a card from your hand: its number is the tile a penguin may go to, its "
            "suit the power you may use."
        )
    moving = turn.moving
    if step == "move" and moving is not None:
        if moving.purpose == "push":
            return (
                f"Push: move {_whose(view, moving.owner)} penguin on tile {moving.tile} up to "
                "1 tile (more for a fish token each): click a highlighted tile, or Stop here."
            )
        if moving.purpose == "scurry":
            free = moving.free_steps
            paid = "" if free else " (a fish token a step)"
            more = f"{free} free step{'s' if free != 1 else ''} left" if free else "no free step"
            stop = ", or Stop here" if moving.may_stop else ""
            return (
                f"Scurry: the penguin on tile {moving.tile} moves, {more}{paid}: click a "
                f"highlighted tile{stop}."
            )
        return (
            f"Your penguin is on tile {moving.tile}. Spend a fish token to move it 1 tile "
            f"(you have {view.fish[view.turn.player or 0]}): click a highlighted tile, or "
            "Stop here."
        )
    if step == "scurry-again":
        return (
            "Scurry a second penguin: click one of your other highlighted penguins, or "
            "No second penguin."
        )
    if step != "choose":
        return ""
    left = 2 - len(turn.actions_done)
    head = f"{'Two' if left == 2 else 'One'} action{'s' if left == 2 else ''} to take. "
    if now.action == PLACE:
        card = turn.card
        return head + f"Click tile {card.number if card else ''} to place a penguin there."
    if now.action == POWER:
        if now.court:
            return head + "Court puts a penguin or a pebble on a tile with 2+ penguins: which?"
        return head + _power_tip(view, now)
    if now.action == FISHING:
        return head + "Click a face-up card to take it (and a fish token)."
    options = []
    if PLACE in now.open:
        options.append("Place a penguin")
    if POWER in now.open:
        options.append(f"Use {turn.card.suit.name if turn.card else 'the power'}")
    said = " or ".join(options)
    if said and FISHING in now.open:
        return head + f"Choose {said} (then a tile), or click a face-up card to go fishing."
    if said:
        return head + f"Choose {said}, then click a tile."
    return head + "Click a face-up card to go fishing."


def _power_tip(view: PebblesView, now: Choices) -> str:
    kinds = {a.kind for a in now.tiles.values()}
    if K_COLLECT in kinds:
        return "Collect: click any tile to put a pebble on it."
    if K_COURT_PENGUIN in kinds:
        return "Court: click a tile with 2 or more penguins to put one of yours there."
    if K_COURT_PEBBLE in kinds:
        return "Court: click a tile with 2 or more penguins to put a pebble there."
    if K_SCURRY in kinds:
        return "Scurry: click a tile with a penguin of yours to move it 1 or 2 tiles."
    if K_PUSH in kinds:
        return (
            "Push: click a tile where you have a penguin; one penguin of each player there "
            "may then move 1 tile."
        )
    return ""


def refusal(state: PebblesState, view: PebblesView, now: Choices, tile: int) -> str:
    """Why a click on ``tile`` did nothing, and what to do instead."""
    step = view.turn.step
    if not view.legal:
        return "It is not your turn to act."
    if step == "play":
        return "Play a card first: click one of the cards of your hand."
    if step == "move":
        return sentence(state.why_illegal(STEP[tile]) or "not there")
    if step == "scurry-again":
        return sentence(state.why_illegal(SCURRY_FROM[tile]) or "not there")
    if now.action is None:
        if now.open & {PLACE, POWER}:
            return (
                "Choose an action first: Place a penguin or Use the card's power (buttons), "
                "then click a tile."
            )
        return "Click a face-up card to go fishing."
    if now.action == FISHING:
        return "Fishing takes a face-up card: click one of the cards of the row."
    if now.action == PLACE:
        card = view.turn.card
        number = card.number if card else tile
        return f"Your card is {card.describe() if card else ''}: the penguin goes on tile {number}."
    if now.court:
        return "Court puts a penguin or a pebble: choose which first."
    kind = next(iter(now.tiles.values())).kind if now.tiles else None
    if kind is None:
        return "Your card's power has nothing to act on."
    return sentence(state.why_illegal(Action(kind, tile)) or "not there")


def _place_refusal(view: PebblesView) -> str:
    if view.turn.step != "choose":
        return "Play a card first." if view.turn.step == "play" else "Finish this move first."
    if PLACE in view.turn.actions_done:
        return "You have already placed a penguin this turn."
    return "All 10 of your penguins are on the board."


def _open_refusal(view: PebblesView, wanted: str) -> str:
    if view.turn.step != "choose":
        return "Play a card first." if view.turn.step == "play" else "Finish this move first."
    if wanted in view.turn.actions_done:
        return {
            POWER: "You have already used your card's power this turn.",
            FISHING: "You have already been fishing this turn.",
        }[wanted]
    if wanted == FISHING:
        return "There is no face-up card to take."
    return "Your card's power has nothing to act on now."


def _whose(view: PebblesView, owner: int) -> str:
    return "your" if owner == view.turn.player else f"player {owner + 1}'s"


def _said(before: PebblesState, after: PebblesState, name: str, action: Action) -> str:
    kind = action.kind
    arg = action.arg
    if kind == K_PLAY:
        text = f"{name} played the {arg.describe()}."
        if not before.trick:
            text += f" It leads: only {arg.suit.name} can win this trick."
        return text
    if kind == K_PLACE:
        return f"{name} placed a penguin on tile {arg}."
    if kind == K_FISH:
        gained = after.fish[before.current] > before.fish[before.current]
        text = f"{name} went fishing and took {arg.describe()}" + (
            " and a fish token." if gained else " (no fish token left in the supply)."
        )
        slot = before.row.index(arg)
        new = after.row[slot]
        if after.to_move() == CHANCE:
            text += " The deck ran out: the discards are shuffled into a new deck."
        elif new >= 0:
            text += f" {CARDS[new].describe()} was turned up."
        else:
            text += " The deck is empty: the row stays short."
        return text
    if kind == K_COLLECT:
        return f"{name} used Collect: a pebble on tile {arg}."
    if kind == K_COURT_PENGUIN:
        return f"{name} used Court: a penguin on tile {arg}."
    if kind == K_COURT_PEBBLE:
        return f"{name} used Court: a pebble on tile {arg}."
    if kind == K_SCURRY:
        return f"{name} scurries a penguin from tile {arg}."
    if kind == K_PUSH:
        return f"{name} pushes on tile {arg}."
    if kind == K_STEP:
        paid = after.fish[before.current] < before.fish[before.current]
        return f"The penguin stepped to tile {arg}" + (" for a fish token." if paid else ".")
    if kind == K_DONE:
        if before.step_name == "move" and before.mv_tile >= 0:
            here = before.layout.numbers[before.mv_tile]
            return f"The penguin stays on tile {here}."
        return f"{name} scurries no second penguin."
    return f"{name}: {move_name(before, action)}."


def _trick_winner(trick: Sequence[Card]) -> int:
    """The index in a whole trick of the card that wins it: the highest of the led suit."""
    led = trick[0].suit
    best = 0
    for k in range(1, len(trick)):
        if trick[k].suit == led and trick[k] > trick[best]:
            best = k
    return best


PRESENTER = PebblesPresenter()

__all__ = ["PRESENTER", "PebblesPresenter"]
