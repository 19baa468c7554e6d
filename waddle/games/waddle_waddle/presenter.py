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

>>> from waddle.app.session import Session
>>> session = Session.new("waddle-waddle", players=2, seed=3)
>>> session.play(PRESENTER.on_control(session, "hero-katta"))
True
>>> session.message
'Red chose Dr. Katrin "Katta" Ludynia (Chinstrap). Blue chooses next.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

from waddle.core.game import OMNISCIENT
from waddle.games.waddle_waddle import actions as K
from waddle.games.waddle_waddle.actions import Action, parse_action
from waddle.games.waddle_waddle.cards import HIDDEN, THREAT0, cards, code
from waddle.games.waddle_waddle.clicks import (
    DRAFT,
    EXCHANGE,
    FISH,
    REFILL,
    Choice,
    Clicks,
    clicks,
    hand_codes,
    pay_words,
    rookery_name,
    selected_cards,
    steps_to,
)
from waddle.games.waddle_waddle.components import ROOKERY_IDS
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.observation import View
from waddle.games.waddle_waddle.panels import (
    HERO_BY_CODE,
    controls_html,
    doing,
    info_html,
    pending,
    players_html,
    result_html,
    season_html,
    status_html,
    table_html,
)
from waddle.games.waddle_waddle.state import WaddleWaddleState
from waddle.games.waddle_waddle.threats import THREATS
from waddle.games.waddle_waddle.view import board_svg, card_words
from waddle.ui.markup import BoardSvg
from waddle.ui.presenter import Hint, LineFacts, Move, MoveGroup, Rendered, Scene
from waddle.ui.seats import default_seats

ROOKERY_KINDS = {K.PLAY: "a", K.THREAT: "a", K.FISHTO: "a", K.MOVE: "b", K.CP: "b", K.SUPPLY: "b"}
"""The action kinds that happen at a rookery, and which choice names it."""


def _fact(state: WaddleWaddleState, action: Action) -> tuple[str, int, int, int, str, str]:
    """What the move list needs of ``action``, asked before it is applied: the phase, the
    season, whose turn it is, who decides it, its notation and its words."""
    return (state.phase, state.season, state.cur, state.to_move(), str(action), _words(action))


class WaddleWaddlePresenter:
    def __init__(self) -> None:
        self._lines = LineFacts(_fact)

    keys: ClassVar[Mapping[str, str]] = MappingProxyType(
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

    def new_ui(self) -> Choice:
        return Choice()

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
            board=board_svg(view, seats, clicks=places, last=last_rookery(view)),
            status=status_html(view, seats),
            controls=controls_html(view, seats, now, tip(view, now, ui)) if acting else "",
            panels=players_html(view, seats) + season_html(view, seats) + info_html(view),
            result=result_html(view, seats) if view.over else "",
            table=table_html(view, seats, now, ui.selected if acting else ()),
        )

    def focus_hex(self, scene: Scene) -> str | None:
        return None  # the map fits any screen: it is never zoomed

    # -- acting -------------------------------------------------------------------------

    def _now(self, session: Any) -> tuple[WaddleWaddleState, View, Clicks]:
        state: WaddleWaddleState = session.state
        mover = state.to_move()
        view = state.view(mover if mover is not None and mover >= 0 else OMNISCIENT)
        return state, view, clicks(view, session.ui)

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
                session.message = tip(view, clicks(view, ui), ui)
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
            session.message = tip(view, clicks(view, ui), ui)
            return None
        if control.startswith("token-"):
            ui.token = int(control.removeprefix("token-"))
            session.message = tip(view, clicks(view, ui), ui)
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
        session.message = tip(view, clicks(view, ui), ui)
        return None

    # -- words --------------------------------------------------------------------------

    def describe_move(self, session: Any, player: int, action: Action) -> str:
        """What happened, in words everyone at the table may hear: only what is public (a
        card drawn face down is never named)."""
        state: WaddleWaddleState = session.state
        before = state.clone()
        before.undo()
        seats = session.seats
        return describe(before, state, [s.name for s in seats], player, action)

    def move_groups(self, session: Any) -> list[MoveGroup]:
        """The whole line (history and redo line): the heroes, then each season by rounds,
        one entry a turn (its decisions one after the other), and the token draft before
        each later season."""
        n = session.state.n
        groups: list[tuple[str, list[Move]]] = []
        owner: tuple | None = None
        turns = 0
        season = -1
        parts: list[str] = []
        spoken: list[str] = []
        facts = self._lines.of(session.full_record())
        for ply, (phase, season_now, cur, player, text, words) in enumerate(facts, 1):
            if phase == "hero":
                key: tuple = ("hero", player)
                heading = "Heroes"
            elif phase == "tokens":
                key = ("tokens", season_now, player, len(groups))
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
            parts.append(text)
            spoken.append(words)
            moves = groups[-1][1]
            moves[-1] = Move(ply, moves[-1].player, ", ".join(parts), ", ".join(spoken))
        return [MoveGroup(heading, tuple(moves)) for heading, moves in groups]

    def hint(self, session: Any, action: Action) -> Hint:
        """What the hard bot would do, marked where it is clicked (the rookery, the card,
        the offered waddle or the button)."""
        state: WaddleWaddleState = session.state
        view = state.view(state.to_move())
        steps = steps_to(view, action)
        places = tuple(v for k, v in steps if k == "place")
        controls = [v for k, v in steps if k == "control"]
        words = hint_words(view, [s.name for s in session.seats], action)
        return Hint(f"Hint: {words} (marked).", places, controls[-1] if controls else None)

    # -- pages --------------------------------------------------------------------------

    def rules_html(self) -> str:
        return _rules_html()

    def thumbnail(self) -> BoardSvg:
        return _thumbnail()


def hint_words(view: View, names: Sequence[str], action: Action) -> str:
    """A decision in words, with the buttons it takes: "exchange King 3: press Exchange,
    then click it"."""
    kind, a, b = action
    where = ""
    if kind in ROOKERY_KINDS:
        where = rookery_name(view, ROOKERY_IDS[a if ROOKERY_KINDS[kind] == "a" else b])
    card = card_words(code(a)) if kind in CARD_KINDS and a != HIDDEN else ""
    if kind == K.HERO:
        return f"choose {HEROES[a].name}"
    if kind in (K.DRAFT, K.TAKE) and a == HIDDEN:
        return "take the deck's top card face down"
    if kind in (K.DRAFT, K.TAKE):
        first = steps_to(view, action)[0]
        return f"{kind} {card}" + (": press Draft, then click it" if first[1] == DRAFT else "")
    if kind == K.REFILL:
        return f"refill your hand, starting with {card}"
    if kind == K.EXCHANGE:
        return f"exchange {card}: press Exchange, then click it"
    if kind == K.FISH:
        return f"go fishing with {card}: press Fishing trip, then click it"
    if kind == K.WADDLE:
        cards = " ".join(code(c) for c in a)
        if view.phase == "waddle2":
            return f"play the rest of your hand as a WaddleWaddle ({cards})"
        return f"play the waddle {cards}"
    if kind == K.PLAY:
        place = next(p for p in view.offers[0].places if p.rookery == ROOKERY_IDS[a])
        words = pay_words(place, where, b)
        paid = f", {words[0].lower()}{words[1:]}"
        return f"play it at {where}" + (paid if len(place.pay) > 1 else "")
    if kind == K.THREAT:
        return f"place the threat at {where}"
    if kind == K.FISHTO:
        return f"move a fish to {where}"
    if kind == K.MOVE:
        return f"move a nest of {names[a]} to {where}"
    if kind == K.REMOVE:
        return f"take a nest of {names[a]}"
    if kind in (K.CP, K.SUPPLY):
        if kind == K.CP:
            larger, smaller = view.conservation_tokens[a]
            token = f"the bonus token {larger}/{smaller}"
        else:
            token = f"the Fish Supply token +{view.fish_tokens[a]}"
        return f"put {token} on {where}"
    if kind == K.STOP:
        return "play no WaddleWaddle" if view.phase == "waddle2" else "move no more nests"
    return "pass: no action is possible"


CARD_KINDS = (K.DRAFT, K.TAKE, K.REFILL, K.EXCHANGE, K.FISH)


def last_rookery(view: View) -> str | None:
    """The rookery where the last action happened, if it happened at one."""
    if not view.last_action:
        return None
    action = parse_action(view.last_action)
    which = ROOKERY_KINDS.get(action.kind)
    if which is None:
        return None
    return ROOKERY_IDS[action.a if which == "a" else action.b]


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


def tip(view: View, now: Clicks, ui: Choice) -> str:
    """What to click next, for the player to move."""
    phase = view.phase
    if phase == "hero":
        return "Choose your penguin hero: each helps the waddles of one species (hover or see "
        "'The six penguin heroes' beside the board)."
    if phase == "turn":
        if ui.mode == EXCHANGE:
            return "Exchange: click the card of your hand to give; then a face-up card to take."
        if ui.mode == FISH:
            return "Fishing trip: click the card of your hand to put on the ice floe."
        if ui.mode == DRAFT:
            return "Draft: click a face-up card, or the deck to draw face down."
        if ui.mode == REFILL:
            return "Refill: click the face-up card to start with; then a second card."
        if not hand_codes(view):
            return (
                "Your hand is empty: click a face-up card to refill (two cards), or press "
                "Draft to take only one."
            )
        picked = selected_cards(view, ui)
        if picked:
            return (
                f"Picked {' '.join(picked)}: the waddles below hold them. Pick more cards, "
                "click a waddle to play it, or press Exchange or Fishing trip for one card."
            )
        return (
            "Click a face-up card to draft it (or the deck, face down); press Exchange or "
            "Fishing trip, then a card of your hand; or play a waddle: click one under your "
            "hand, or pick its cards."
        )
    if phase == "take":
        return "Click the face-up card you take in exchange (not the one you gave)."
    if phase == "refill2":
        return "Click a second face-up card, or the deck for its top card face down."
    if phase == "lynch":
        return "Dr. Lynch: click a face-up card to start refilling your hand."
    if phase == "play":
        if ui.rookery is not None:
            return f"At {rookery_name(view, ui.rookery)}: choose how the fish is paid."
        return "Click a highlighted rookery to play your waddle there (or choose below)."
    if phase == "waddle2":
        if now.offers:
            return "Your other cards make a waddle: play it too (a WaddleWaddle), or not."
        return "Your other cards do not make a waddle: press No WaddleWaddle to go on."
    if phase in ("dyan", "oil"):
        if not now.rookeries:
            return "Choose whose nest moves, then click the rookery it goes to."
        return "Click the rookery the nest goes to."
    if phase == "threat":
        return "Click a highlighted rookery to place the threat there."
    if phase == "shark":
        return "Click the rookery one of the fish goes to."
    if phase == "sheathbill":
        return "Choose whose nest the Snowy Sheathbill takes."
    if phase == "tokens":
        if not now.rookeries:
            return "Choose a token, then click the rookery it goes to."
        return "Click a rookery without a token of this kind to place it there."
    return ""


def _rookery_refusal(state: WaddleWaddleState, view: View, rid: str) -> str:
    phase = view.phase
    r = ROOKERY_IDS.index(rid)
    name = rookery_name(view, rid)
    if not view.legal:
        return "It is not your turn to act."
    if phase == "turn":
        return (
            "Choose a waddle first: pick its cards in your hand, or click one of the waddles "
            "offered under it."
        )
    if phase == "play":
        return _sentence(state.why_illegal(Action.play(r)) or f"not at {name}")
    if phase == "threat":
        return _sentence(state.why_illegal(Action(K.THREAT, r)) or f"not at {name}")
    if phase in ("dyan", "oil"):
        return (
            "Choose whose nest moves first."
            if pending(view, "rookery") != rid
            else ("The nest must leave this rookery: click another one.")
        )
    if phase == "shark":
        return "The Shark's fish go to another rookery."
    if phase == "tokens":
        return "Choose a token first, then a rookery without one."
    return f"Nothing to do at {name} now."


def _floe_refusal(view: View, ui: Choice) -> str:
    if not view.legal:
        return "It is not your turn to act."
    if ui.mode in (EXCHANGE, FISH):
        return "Click a card of your hand first."
    if view.phase == "turn":
        return "You cannot draft with 9 cards in hand."
    if view.phase == "take":
        return "Take a different card from the one you gave."
    return "Not that card now."


def _deck_refusal(view: View, ui: Choice) -> str:
    if not view.legal:
        return "It is not your turn to act."
    if view.event == "blizzard" or (view.event_words and "face down" in view.event_words[1]):
        return "No card is taken face down this season."
    if not view.deck_size:
        return "The deck is empty."
    return "Not the deck now."


def _hand_refusal(view: View, ui: Choice) -> str:
    if not view.legal:
        return "It is not your turn to act."
    if view.phase != "turn":
        return "Not a card of your hand now."
    if ui.mode == EXCHANGE:
        return "That card cannot be exchanged now."
    if ui.mode == FISH:
        return "You cannot go fishing with that card now."
    return "Not that card now."


def _sentence(reason: str) -> str:
    text = reason[0].upper() + reason[1:]
    return text if text.endswith(".") else text + "."


# -- messages -------------------------------------------------------------------------------


def describe(
    before: WaddleWaddleState,
    after: WaddleWaddleState,
    names: Sequence[str],
    player: int,
    action: Action,
) -> str:
    """What ``action`` of ``player`` did, and what it set off, in public words."""
    name = names[player]
    kind, a, b = action
    r_name = _rookery_names(before)
    said: list[str] = []
    if kind == K.HERO:
        hero = HEROES[a]
        said.append(f"{name} chose {hero.name} ({_species(hero.species)}).")
    elif kind == K.DRAFT:
        if a == HIDDEN:
            said.append(f"{name} drafted the deck's top card face down.")
        else:
            said.append(f"{name} drafted {card_words(code(a))}.")
    elif kind == K.EXCHANGE:
        said.append(f"{name} gives {card_words(code(a))} to the ice floe (Exchange).")
    elif kind == K.FISH:
        gained = after.fish[player] - before.fish[player]
        said.append(
            f"{name} went fishing: {card_words(code(a))} to the ice floe, "
            f"{gained} fish to their hand."
        )
    elif kind == K.REFILL:
        said.append(f"{name} refills their hand: {card_words(code(a))}.")
    elif kind == K.TAKE:
        what = "the deck's top card face down" if a == HIDDEN else card_words(code(a))
        frozen = after.frozen[player] and not before.frozen[player]
        said.append(f"{name} takes {what}" + (": Frozen." if frozen else "."))
    elif kind == K.WADDLE:
        said.append(f"{name} plays the waddle {' '.join(code(c) for c in a)}.")
    elif kind == K.PLAY:
        gained = after.score[player] - before.score[player]
        if len(after.bonuses) > len(before.bonuses):
            gained -= after.bonuses[-1][player]  # the season ended with this turn
        nests = before.nest_left[player] - after.nest_left[player]
        paid = ""
        if b:
            paid = f", {b} fish from their hand"
        said.append(
            f"At {r_name[a]}: {gained} points, {nests} nest{'s' if nests != 1 else ''}{paid}."
        )
    elif kind == K.MOVE:
        src = before.at
        said.append(f"{name} moves a nest of {names[a]} from {r_name[src]} to {r_name[b]}.")
    elif kind == K.STOP:
        said.append(f"{name} stops." if before.phase != "waddle2" else f"{name}: no WaddleWaddle.")
    elif kind == K.PASS:
        said.append(f"{name} passes: no action was possible.")
    elif kind == K.THREAT:
        threat = THREATS[before.threat]
        said.append(f"{name} places the {threat.name} at {r_name[a]}: {threat.text}")
    elif kind == K.FISHTO:
        said.append(f"A fish of {r_name[before.at]} swims to {r_name[a]} (the Shark).")
    elif kind == K.REMOVE:
        said.append(f"The Snowy Sheathbill takes a nest of {names[a]} at {r_name[before.at]}.")
    elif kind in (K.CP, K.SUPPLY):
        if kind == K.CP:
            larger, smaller = before.components.conservation_tokens[a]
            token = f"the bonus token {larger}/{smaller}"
        else:
            token = f"the Fish Supply token +{before.components.fish_tokens[a]}"
        said.append(f"{name} puts {token} on {r_name[b]}.")
    said += _consequences(before, after, names, player, action)
    return " ".join(said)


def _rookery_names(state: WaddleWaddleState) -> list[str]:
    return [r.name for r in state.components.rookeries]


def _species(k: int) -> str:
    from waddle.games.waddle_waddle.cards import SPECIES_NAMES

    return SPECIES_NAMES[k]


def _consequences(
    before: WaddleWaddleState,
    after: WaddleWaddleState,
    names: Sequence[str],
    player: int,
    action: Action,
) -> list[str]:
    """What an action set off that everyone sees: cards turned up, a threat, the hand
    going to the ice floe, the season's end, the next season, who decides next."""
    said: list[str] = []
    kind = action.kind
    same_season = after.season == before.season
    if kind in (K.PLAY, K.STOP, K.MOVE) and same_season and after.phase != "waddle2":
        given = list(before.hands[player])
        for c in after.hands[player]:
            if c in given:
                given.remove(c)
        if given and before.phase in ("play", "waddle2", "dyan"):
            said.append(f"The rest of the hand goes to the ice floe: {_cards(given)}.")
    if same_season:
        drawn = list(before.decks[before.season][before.pos : after.pos])
        if drawn and action.a == HIDDEN and kind in (K.DRAFT, K.TAKE) and drawn[0] < THREAT0:
            drawn = drawn[1:]  # the card drawn face down: its owner's secret
        up = [c for c in drawn if c < THREAT0]
        if up:
            said.append(f"Turned up on the ice floe: {_cards(up)}.")
        threats = [c for c in drawn if c >= THREAT0]
        if threats:
            threat = THREATS[threats[0] - THREAT0]
            then = (
                "it is the fourth: the season ends after this round and one more."
                if after.threats_seen == 4
                else "then their turn is over."
            )
            said.append(
                f"A threat turned up: the {threat.name}! {names[after.cur]} places it; {then}"
            )
    if len(after.bonuses) > len(before.bonuses):
        bonus = after.bonuses[-1]
        won = ", ".join(f"{names[p]} +{v}" for p, v in enumerate(bonus) if v) or "nobody"
        said.append(f"Season {before.season + 1} is over. End-of-season bonuses: {won}.")
        if after.is_over():
            winners = after.winners()
            said.append(
                "The game is over: "
                + (f"{names[winners[0]]} wins!" if len(winners) == 1 else "a shared victory!")
            )
        else:
            said.append(
                f"{names[after.first]}, last placed, is the first player of season "
                f"{before.season + 2}; first the tokens are drafted."
            )
    elif after.season != before.season:
        event = after.event
        said.append(
            f"Season {after.season + 1} begins"
            + (f": {event.name}, {event.text}" if event is not None else ".")
        )
    elif before.phase == "hero" and after.phase != "hero":
        event = after.event
        said.append(
            "Season 1 begins" + (f": {event.name}, {event.text}" if event is not None else ".")
        )
    if after.is_over():
        return said
    mover = after.to_move()
    if after.phase == "threat" and mover != player:
        return said  # who places the threat is said above
    if (
        mover == player
        and after.phase == "turn"
        and after.cur == before.cur
        and same_season
        and before.phase != "hero"
    ):
        said.append(f"{names[player]} takes another action.")
    elif mover is not None and mover != player:
        verb = {"hero": "chooses", "tokens": "places a token"}.get(after.phase, "plays")
        said.append(f"{names[mover]} {verb} next.")
    return said


def _cards(cs: Sequence[int]) -> str:
    return ", ".join(card_words(code(c)) for c in cs)


def _words(action: Action) -> str:
    kind, a, b = action
    if kind == K.DRAFT:
        return "drafts a card face down" if a == HIDDEN else f"drafts {card_words(code(a))}"
    if kind == K.TAKE:
        return "takes a card face down" if a == HIDDEN else f"takes {card_words(code(a))}"
    if kind in (K.EXCHANGE, K.FISH, K.REFILL):
        verb = {K.EXCHANGE: "exchanges", K.FISH: "goes fishing with", K.REFILL: "refills with"}
        return f"{verb[kind]} {card_words(code(a))}"
    if kind == K.WADDLE:
        return "plays the waddle " + ", ".join(card_words(code(c)) for c in a)
    if kind == K.HERO:
        return f"chooses {HEROES[a].name}"
    if kind in ROOKERY_KINDS:
        where = ROOKERY_IDS[a if ROOKERY_KINDS[kind] == "a" else b]
        return f"{kind} at {where}"
    return str(action)


@cache
def _rules_html() -> str:
    return Path(__file__).with_name("rules.html").read_text(encoding="utf-8")


@cache
def _thumbnail() -> BoardSvg:
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


PRESENTER = WaddleWaddlePresenter()

__all__ = ["PRESENTER", "WaddleWaddlePresenter", "describe", "tip"]
