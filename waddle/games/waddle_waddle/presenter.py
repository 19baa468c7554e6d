"""Waddle Waddle in the app: the map of rookeries, the cards on the table, every decision
by clicking, messages and the move list, as the web shell asks for them
(:mod:`waddle.ui.presenter`).

Everything drawn comes from the scene's view (``state.view(viewer)``): the hand of the
seat looking, the other hands as backs with the cards they took face up. A turn is one
or more decisions (:mod:`.state`), each made by clicking what it is about
(:mod:`.clicks`): a face-up card drafts it, the deck draws face down, Exchange or Fishing
trip then a card of the hand gives it up, cards of the hand pick a waddle among the ones
offered under it (or a click on an offered waddle plays it), and a rookery takes the
waddle, the threat, a moved nest or fish, a drafted token.

The words it says live apart: what to click next, hints and refusals in :mod:`.prompts`,
what an action did in :mod:`.messages`; this module re-exports their public names.

>>> from waddle.app.session import Session
>>> session = Session.new("waddle-waddle", players=2, seed=3)
>>> session.play(PRESENTER.on_control(session, "hero-katta"))
True
>>> session.message
'Red chose Dr. Katrin "Katta" Ludynia (Chinstrap). Blue chooses next.'
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from waddle.core.game import OMNISCIENT
from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle import study_marks
from waddle.games.waddle_waddle.actions import Action, parse_action
from waddle.games.waddle_waddle.cards import cards
from waddle.games.waddle_waddle.clicks import (
    DRAFT,
    EXCHANGE,
    FISH,
    REFILL,
    Choice,
    Clicks,
    clicks,
    hand_codes,
    selected_cards,
    steps_to,
)
from waddle.games.waddle_waddle.components import ROOKERY_IDS
from waddle.games.waddle_waddle.messages import describe, move_words
from waddle.games.waddle_waddle.observation import View
from waddle.games.waddle_waddle.panels import (
    controls_html,
    info_html,
    players_html,
    season_html,
    status_html,
)
from waddle.games.waddle_waddle.prompts import (
    CARD_KINDS,
    ROOKERY_KINDS,
    _deck_refusal,
    _floe_refusal,
    _hand_refusal,
    _rookery_refusal,
    hint_words,
    last_rookery,
    tip,
)
from waddle.games.waddle_waddle.result import result_html
from waddle.games.waddle_waddle.state import WaddleWaddleState
from waddle.games.waddle_waddle.table import table_html
from waddle.games.waddle_waddle.view import board_svg
from waddle.games.waddle_waddle.words import HERO_BY_CODE, THREAT_BY_CODE, doing, pending
from waddle.ui.marks import StudyMarks
from waddle.ui.markup import BoardSvg
from waddle.ui.presenter import GamePresenter, Hint, LineFacts, Move, MoveGroup, Rendered, Scene
from waddle.ui.seats import default_seats


def _fact(state: WaddleWaddleState, action: Action) -> tuple[str, int, int, int, str, str]:
    """What the move list needs of ``action``, asked before it is applied: the phase, the
    season, whose turn it is, who decides it, and its words, short and spoken
    (:func:`~.messages.move_words`, players still to be named)."""
    short, spoken = move_words(state, action)
    return (state.phase, state.season, state.cur, state.to_move(), short, spoken)


def _joined(parts: Sequence[str], tail: str) -> str:
    """A turn's words, its decisions one after the other; a waddle's rookery (``tail``
    starts it) continues the waddle's words."""
    out = ""
    for part in parts:
        if out and not part.startswith(tail):
            out += ", "
        elif out:
            out += "" if tail == " at" else " "
        out += part
    return out


class WaddleWaddlePresenter(StudyMarks, GamePresenter):
    ui_class = Choice
    study_marks = study_marks

    def __init__(self) -> None:
        self._lines = LineFacts(_fact)

    keys = MappingProxyType(
        {
            "d": DRAFT,
            "e": EXCHANGE,
            "f": FISH,
            "l": REFILL,
            "t": "deck",
            "w": "play-selection",
            "p": "pass",
            "s": "stop",
            "escape": "cancel",
        }
    )
    keys_help = (
        "Keys: Tab or arrows to a highlighted card, waddle or rookery, Enter to choose it; "
        "D draft, T draw face down, E exchange, F fishing trip, L refill, W play the picked "
        "waddle (or the WaddleWaddle), P pass, S stop, Escape cancel, U undo, R redo."
    )

    # -- drawing ------------------------------------------------------------------------

    def render(self, scene: Scene) -> Rendered:
        view: View = scene.view
        seats = scene.seats
        acting = scene.interactive and bool(view.legal)
        ui: Choice = scene.ui if isinstance(scene.ui, Choice) else Choice()
        now = clicks(view, ui) if acting else Clicks(view.phase)
        places = {
            rid: doing(view, action)
            if action is not None
            else "choose it, then how the fish is paid"
            for rid, action in now.rookeries.items()
        }
        return Rendered(
            board=board_svg(
                view, seats, clicks=places, last=last_rookery(view), placing=_placing(view, now)
            ),
            status=status_html(view, seats, tip(view, now, ui) if acting else ""),
            controls=controls_html(view, seats, now) if acting else "",
            panels=players_html(view, seats) + season_html(view, seats) + info_html(view),
            result=result_html(view, seats) if view.over else "",
            table=table_html(view, seats, now, ui.selected if acting else ()),
        )

    # focus_hex: None (GamePresenter's), the map fits any screen: it is never zoomed

    # -- acting -------------------------------------------------------------------------

    def _now(self, session: Any) -> tuple[WaddleWaddleState, View, Clicks]:
        view: View = self.mover_view(session.state)
        return session.state, view, clicks(view, session.ui)

    def on_hex(self, session: Any, hex_id: str) -> Action | None:
        state, view, now = self._now(session)
        ui: Choice = session.ui
        if hex_id not in ROOKERY_IDS:
            session.message = f"There is no rookery called {hex_id}."
            return None
        if hex_id in now.rookeries:
            action = now.rookeries[hex_id]
            if action is None:
                ui.rookery = hex_id
                session.message = None  # the prompt says what to click now
            return action
        session.message = _rookery_refusal(state, view, hex_id)
        return None

    def on_control(self, session: Any, control: str) -> Action | None:
        state, view, now = self._now(session)
        ui: Choice = session.ui
        if state.is_over():
            session.message = "The game is over."
            return None
        legal = now.legal
        hand = hand_codes(view)
        if control.startswith("floe-"):
            action = now.floe.get(control.removeprefix("floe-"))
            if action is None:
                session.message = _floe_refusal(view, ui)
            return action
        if control == "deck":
            if now.deck is None:
                session.message = _deck_refusal(view, ui)
            return now.deck
        if control.startswith("hand-"):
            index = _hand_index(hand, control.removeprefix("hand-"))
            if index is None or index not in now.hand:
                session.message = _hand_refusal(view, ui)
                return None
            action = now.hand[index]
            if action is None:
                picked = list(ui.selected)
                if index in picked:
                    picked.remove(index)
                else:
                    picked.append(index)
                ui.selected = tuple(sorted(picked))
                session.message = None
            return action
        if control.startswith("waddle-"):
            try:
                action = Action.waddle(cards(" ".join(control.removeprefix("waddle-").split("-"))))
            except ValueError:
                action = None
            if action in legal:
                return action
            session.message = "That waddle cannot be played now."
            return None
        if control.startswith("play-") and control != "play-selection":
            rid, _, paid = control.removeprefix("play-").rpartition("-")
            action = Action.play(ROOKERY_IDS.index(rid), int(paid)) if rid in ROOKERY_IDS else None
            if action in legal:
                return action
            session.message = "The waddle cannot be played that way now."
            return None
        if control in (DRAFT, EXCHANGE, FISH, REFILL):
            return self._mode(session, view, now, control)
        if control == "play-selection":
            if view.phase == "waddle2":
                rest = [a for a in legal if a.kind == K.WADDLE]
                if rest:
                    return rest[0]
                session.message = "The rest of your hand is not a waddle: press No WaddleWaddle."
                return None
            picked = selected_cards(view, ui)
            action = Action.waddle(cards(" ".join(picked))) if picked else None
            if action in legal:
                return action
            session.message = (
                "Pick the cards of a waddle in your hand first (or click one of the waddles "
                "offered under it)."
                if not picked
                else "The cards you picked are not a waddle a rookery can take now."
            )
            return None
        if control in ("pass", "stop"):
            action = Action(control)
            if action in legal:
                return action
            session.message = (
                "You can pass only when no action is possible."
                if control == "pass"
                else "There is nothing to stop now."
            )
            return None
        if control == "cancel":
            session.ui = Choice()
            session.message = None
            return None
        if control.startswith("nest-of-"):
            ui.owner = int(control.removeprefix("nest-of-"))
            session.message = None  # the prompt says what to click now
            return None
        if control.startswith("token-"):
            ui.token = int(control.removeprefix("token-"))
            session.message = None  # the prompt says what to click now
            return None
        if control.startswith("remove-"):
            action = Action(K.REMOVE, int(control.removeprefix("remove-")))
            if action in legal:
                return action
            session.message = "That player's nest cannot be taken."
            return None
        if control.startswith("hero-"):
            hero = HERO_BY_CODE.get(control.removeprefix("hero-"))
            action = Action(K.HERO, hero.index) if hero else None
            if action in legal:
                return action
            session.message = "That hero cannot be chosen now."
            return None
        session.message = f"Unknown control {control}."
        return None

    def _mode(self, session: Any, view: View, now: Clicks, mode: str) -> Action | None:
        """Draft, Exchange, Fishing trip or Refill pressed: the action on the one picked
        card when that says it all, else what a card click does from now on."""
        ui: Choice = session.ui
        button = next((b for b in now.buttons if b.control == mode), None)
        if button is None or not button.enabled:
            session.message = (
                button.reason if button is not None else "That action is not possible now."
            )
            return None
        picked = selected_cards(view, ui)
        if mode in (EXCHANGE, FISH) and len(picked) == 1:
            kind = K.EXCHANGE if mode == EXCHANGE else K.FISH
            action = Action(kind, parse_action(f"draft {picked[0]}").a)
            if action in now.legal:
                return action
        ui.mode = None if ui.mode == mode else mode
        ui.selected = ()
        session.message = None  # the prompt says what to click now
        return None

    # -- words --------------------------------------------------------------------------

    def describe_move(self, session: Any, player: int, action: Action) -> str:
        """What happened, in words everyone at the table may hear: only what is public (a
        card drawn face down is never named)."""
        state: WaddleWaddleState = session.state
        seats = session.seats
        return describe(self.position_before(state), state, [s.name for s in seats], player, action)

    def move_groups(self, session: Any) -> list[MoveGroup]:
        """The whole line (history and redo line): the heroes, then each season by rounds,
        one entry a turn (its decisions one after the other), and the token draft before
        each later season, one entry a token."""
        n = session.state.n
        groups: list[tuple[str, list[Move]]] = []
        owner: tuple | None = None
        turns = 0
        season = -1
        parts: list[str] = []
        spoken: list[str] = []
        facts = self._lines.of(session.full_record())
        names = [seat.name for seat in session.seats]
        for ply, (phase, season_now, cur, player, text, words) in enumerate(facts, 1):
            if phase == "hero":
                key: tuple = ("hero", player)
                heading = "Heroes"
            elif phase == "tokens":
                key = ("tokens", ply)  # each token placed is a move of its own
                heading = f"Tokens for season {season_now + 2}"
            else:
                if season_now != season:
                    season, turns = season_now, 0
                if owner is None or owner[:3] != ("turn", season_now, cur):
                    turns += 1
                key = ("turn", season_now, cur, turns)
                heading = f"Season {season_now + 1}, round {(turns - 1) // n + 1}"
            if key != owner:
                owner = key
                parts, spoken = [], []
                if not groups or groups[-1][0] != heading:
                    groups.append((heading, []))
                groups[-1][1].append(Move(0, player, "", ""))
            parts.append(text.format(*names))
            spoken.append(words.format(*names))
            moves = groups[-1][1]
            moves[-1] = Move(ply, moves[-1].player, _joined(parts, "→"), _joined(spoken, " at"))
        return [MoveGroup(heading, tuple(moves)) for heading, moves in groups]

    def sum_up(self, session: Any, player: int, after: int, moves: int, gained: float) -> str:
        """A computer's run of moves in a row, in one line (the shell's ``run_line``): the
        tokens it places between seasons (up to five in a row, after the season's last
        turn when it took that too), which the map shows."""
        state: WaddleWaddleState = session.state
        actions = state.history[after:]
        tokens = [a for a in actions if a.kind in (K.CP, K.SUPPLY)]
        before = len(actions) - len(tokens)  # a season's last turn may come first
        if not tokens or any(a.kind in (K.CP, K.SUPPLY) for a in actions[:before]):
            return ""
        season = state.season + (2 if state.phase == "tokens" else 1)
        placed = f"placed {len(tokens)} tokens for season {season}: they are on the map."
        turn = [
            m.spoken
            for g in self.move_groups(session)
            for m in g.moves
            if m.player == player and after < m.ply <= after + before and m.spoken
        ]
        return f"{', '.join(turn)}, then {placed}" if turn else placed

    def hint(self, session: Any, action: Action) -> Hint:
        """What the hard bot would do, marked where it is clicked (the rookery, the card,
        the offered waddle or the button)."""
        state: WaddleWaddleState = session.state
        view = state.view(state.to_move())
        steps = steps_to(view, action)
        places = tuple(v for k, v in steps if k == "place")
        controls = [v for k, v in steps if k == "control"]
        mark = controls[-1] if controls else None
        if action.kind == K.WADDLE and len(controls) > 1:
            mark = controls[0]  # a waddle not drawn among the best: its first card to pick
        words = hint_words(view, [s.name for s in session.seats], action)
        return Hint(f"Hint: {words} (marked).", places, mark)

    # -- pages --------------------------------------------------------------------------

    def draw_thumbnail(self) -> BoardSvg:
        """A 4-player game in its first season, as the chooser shows it."""
        from waddle.core.rng import Rng
        from waddle.games.waddle_waddle.record import new_record

        state = new_record(4, seed=11).start()
        rng = Rng(5)
        while state.ply < 120 and not state.is_over():
            legal = state.legal_actions()
            plays = [a for a in legal if a.kind in (K.WADDLE, K.PLAY)]
            state.apply(plays[0] if plays else rng.choice(legal))
        return board_svg(state.view(OMNISCIENT), default_seats(4))


def _placing(view: View, now: Clicks) -> tuple[str, int] | None:
    """What a click on a highlighted rookery puts there, for the map to draw faintly where
    it would lie: the threat turned up, or the token in hand between seasons."""
    if view.phase == "threat" and now.rookeries:
        threat = THREAT_BY_CODE.get(pending(view, "threat"))
        return None if threat is None else (K.THREAT, threat.index)
    if view.phase == "tokens":
        action = next(iter(now.rookeries.values()), None)
        return None if action is None else (action.kind, action.a)
    return None


def _hand_index(hand: Sequence[str], text: str) -> int | None:
    """The place in the hand of ``Ki3`` (the first copy) or ``Ki3-2`` (the second)."""
    card, _, copy = text.partition("-")
    want = int(copy) if copy.isascii() and copy.isdigit() else 1  # not "²", "٣"
    seen = 0
    for i, c in enumerate(hand):
        if c == card:
            seen += 1
            if seen == want:
                return i
    return None


PRESENTER = WaddleWaddlePresenter()

__all__ = [
    "CARD_KINDS",
    "PRESENTER",
    "ROOKERY_KINDS",
    "WaddleWaddlePresenter",
    "describe",
    "hint_words",
    "last_rookery",
    "tip",
]
