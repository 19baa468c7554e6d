"""Waddle Waddle in the app without a browser: what the presenter draws for each viewer
(never a card that viewer may not see), every decision made by clicks (whole games, each
action by the clicks that make it), the words for refused clicks, the messages and the
move list (public facts only), the hint, the result with the tie-break that decided."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from waddle_waddle_helpers import arrange, play

from waddle.app.page import turn_line
from waddle.app.session import Session
from waddle.core.game import OMNISCIENT, SPECTATOR
from waddle.games import GAMES
from waddle.games.waddle_waddle import GAME
from waddle.games.waddle_waddle.actions import parse_action
from waddle.games.waddle_waddle.cards import code
from waddle.games.waddle_waddle.clicks import Choice, steps_to
from waddle.games.waddle_waddle.panels import decided_by, result_html
from waddle.games.waddle_waddle.presenter import PRESENTER
from waddle.games.waddle_waddle.record import new_record
from waddle.games.waddle_waddle.view import card_words, waddle_words
from waddle.ui.seats import default_seats


def new(players: int, seed: int, **seats) -> Session:
    return Session.new("waddle-waddle", players, seed, **seats)


def everything(rendered) -> str:
    return "".join(
        (
            rendered.board.markup,
            rendered.status,
            rendered.controls,
            rendered.panels,
            rendered.result,
            rendered.table,
        )
    )


def click(session: Session, steps):
    """Make the clicks; the action the last one takes (None if it took none)."""
    action = None
    for kind, name in steps:
        assert action is None, "an earlier click already decided"
        if kind == "place":
            action = PRESENTER.on_hex(session, name)
        else:
            action = PRESENTER.on_control(session, name)
    return action


def pick(state, rng: random.Random):
    """A hurried person: waddles when there are some, otherwise anything."""
    legal = state.legal_actions()
    waddles = [a for a in legal if a.kind in ("waddle", "play")]
    if waddles and rng.random() < 0.7:
        return rng.choice(waddles)
    return rng.choice(legal)


def visible_cards(state, viewer: int) -> Counter:
    """Every card ``viewer`` may see: the ice floe, its own hand (every hand for
    OMNISCIENT), and the cards the others took face up."""
    seen = Counter(code(c) for c in state.floe)
    for p in range(state.n):
        shown = state.hands[p] if viewer in (p, OMNISCIENT) else state.known[p]
        seen.update(code(c) for c in shown)
    return seen


def shown_cards(markup: str) -> Counter:
    return Counter(re.findall(r'data-card="([A-Za-z]+[0-9]?)"', markup))


def test_the_registry_entry_and_the_game_module():
    entry = GAMES.by_id("waddle-waddle")
    assert (entry.title, entry.players, entry.hidden_information) == ("Waddle Waddle", (2, 6), True)
    assert entry.formats == ("waddle-waddle-record/1",)
    assert entry.link_prefixes == ("ww1.", "ww2.", "ww3.")
    assert entry.load() is GAME and GAME.presenter() is PRESENTER
    assert GAMES.by_link(GAME.encode_link(new_record(3, 1))) is entry


@pytest.mark.parametrize("players", [2, 4, 6])
def test_each_seat_sees_its_hand_the_others_backs_and_cards_taken_face_up_and_nothing_else(
    players,
):
    session = new(players, seed=players)
    rng = random.Random(players)
    checked = 0
    while not session.state.is_over() and session.state.ply < 160:
        state = session.state
        for viewer in (*range(players), SPECTATOR, OMNISCIENT):
            acting = viewer == state.to_move()
            markup = everything(PRESENTER.render(session.scene(viewer, acting)))
            shown = shown_cards(markup)
            assert shown == visible_cards(state, viewer if viewer != SPECTATOR else -9), viewer
            if viewer >= 0 and not acting:
                assert "waddles-title" not in markup, "no waddle offers but for the mover"
        checked += 1
        session.play(pick(state, rng))
    assert checked > 100


def test_each_rookery_carries_its_hooks():
    session = new(4, seed=5)
    rng = random.Random(5)
    while session.state.ply < 150:
        session.play(pick(session.state, rng))
    state = session.state
    markup = PRESENTER.render(session.scene(SPECTATOR, False)).board.markup
    for r, rookery in enumerate(state.components.rookeries):
        tag = re.search(rf'<g class="rookery" data-rookery="{rookery.id}" [^>]*>', markup)[0]
        assert f'data-hex="{rookery.id}"' in tag
        assert f'data-fish="{state.rfish[r]}"' in tag
        assert f'data-nests="{",".join(map(str, state.nests[r]))}"' in tag
        threats = ",".join(["skua", "seal", "orca", "shark", "boat", "oil", "sheathbill",
                            "pollution"][t] for t in state.threats_at[r])  # fmt: skip
        assert f'data-threats="{threats}"' in tag
        assert f'data-awards="{",".join(map(str, state.rookery_awards(r)))}"' in tag
    assert 'data-legal="true"' not in markup, "nobody may act in this scene"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_every_decision_of_whole_games_is_made_by_the_clicks_that_name_it(players, seed):
    """Quick games to their end, each action taken by clicking what it is about; the
    rookeries, cards and buttons that a click acts on are in the markup as it is drawn."""
    record = GAME.new_record(players, seed, options={"seasons": 1, "kevin": True})
    session = Session.start(GAME, record)
    rng = random.Random(seed)
    kinds = Counter()
    while not session.state.is_over():
        state = session.state
        player = state.to_move()
        action = pick(state, rng)
        steps = steps_to(state.view(player), action)
        for kind, name in steps:
            drawn = everything(PRESENTER.render(session.scene(player, True)))
            hook = f'data-rookery="{name}"' if kind == "place" else f'data-control="{name}"'
            assert hook in drawn, (action, kind, name)
            taken = (
                PRESENTER.on_hex(session, name)
                if kind == "place"
                else (PRESENTER.on_control(session, name))
            )
            if (kind, name) != steps[-1]:
                assert taken is None, (action, steps)
        assert taken == action, (action, steps, session.message)
        assert session.play(taken), session.message
        kinds[action.kind] += 1
    assert {"hero", "draft", "waddle", "play", "threat"} <= set(kinds)
    assert session.state.phase == "over"


def test_a_waddle_by_picking_its_cards_then_w_then_a_rookery_and_its_fish():
    session = new(2, seed=1)
    state = session.state
    play(state, "hero dee", "hero papi")
    arrange(state, hands=[["Ki1", "Ki2", "Ki3", "Ge5"], []], fish=[1, 0])
    session.ui = Choice()
    assert PRESENTER.on_control(session, "play-selection") is None
    assert "Pick the cards of a waddle" in session.message
    for card in ("Ki1", "Ki2", "Ki3"):
        assert PRESENTER.on_control(session, f"hand-{card}") is None
    rendered = PRESENTER.render(session.scene(0, True))
    assert "Play the waddle King 1, 2 and 3" in rendered.controls
    offers = re.findall(r'data-waddle="([^"]+)"', rendered.table)
    assert offers == ["Ki1 Ki2 Ki3"], "only the waddles holding the picked cards"
    assert session.play(PRESENTER.on_control(session, "play-selection"))
    # Crozet has fish and Red has one: two ways to pay, so a click asks which.
    assert PRESENTER.on_hex(session, "argentine") is None
    assert session.message == "None of the waddle's species nests there."
    assert PRESENTER.on_hex(session, "crozet") is None
    controls = PRESENTER.render(session.scene(0, True)).controls
    assert "Pay 1 fish from your hand" in controls and "Pay 1 fish from Crozet Islands" in controls
    action = PRESENTER.on_control(session, "play-crozet-1")
    assert str(action) == "play crozet h1"
    assert session.play(action)
    assert state.fish[0] == 0 and state.nests[3][0] == 1
    # Dee's King nest counts as a fourth card: a bonus waddle of four, 12 points.
    assert session.message.startswith("At Crozet Islands: 12 points, 1 nest, 1 fish from")


def test_exchange_and_fishing_trip_take_a_button_then_a_card_or_a_card_then_a_button():
    session = new(2, seed=1)
    state = session.state
    play(state, "hero dee", "hero papi")
    arrange(state, hands=[["Ki1", "Ge5"], []], floe=["Mg1", "Rk2", "Ch3", "Mc4"])
    session.ui = Choice()
    assert PRESENTER.on_control(session, "exchange") is None
    prompt = PRESENTER.render(session.scene(0, True)).status
    assert "click the card of your hand" in prompt and session.message is None, "said once"
    action = PRESENTER.on_control(session, "hand-Ge5")
    assert str(action) == "exchange Ge5"
    session.ui = Choice()
    PRESENTER.on_control(session, "hand-Ki1")
    assert str(PRESENTER.on_control(session, "fish")) == "fish Ki1"
    assert session.play(action)
    assert PRESENTER.on_control(session, "floe-Ge5") is None
    assert session.message == "Take a different card from the one you gave."
    assert session.play(PRESENTER.on_control(session, "floe-Mg1"))
    assert state.frozen[0] and "Frozen" in session.message


def test_an_empty_hand_refills_by_a_click_on_a_face_up_card_or_drafts_after_draft():
    session = new(2, seed=1)
    state = session.state
    play(state, "hero dee", "hero papi")
    arrange(state, hands=[[], ["Ge1"]], floe=["Mg1", "Rk2", "Ch3", "Mc4"])
    session.ui = Choice()
    assert str(PRESENTER.on_control(session, "floe-Rk2")) == "refill Rk2"
    assert PRESENTER.on_control(session, "draft") is None
    assert str(PRESENTER.on_control(session, "floe-Rk2")) == "draft Rk2"


def test_a_card_drawn_face_down_is_never_named_in_a_message():
    session = new(3, seed=8)
    rng = random.Random(8)
    face_down = 0
    while not session.state.is_over() and face_down < 30:
        state = session.state
        legal = state.legal_actions()
        hidden = [a for a in legal if a.a == -1 and a.kind in ("draft", "take")]
        action = hidden[0] if hidden and rng.random() < 0.5 else pick(state, rng)
        before = state.pos
        player = state.cur
        assert session.play(action)
        if action.a == -1 and action.kind in ("draft", "take") and state.phase != "threat":
            face_down += 1
            drawn = state.decks[state.season][before] if state.pos > before else None
            turned_up = [code(c) for c in state.decks[state.season][before + 1 : state.pos]]
            if drawn is not None and code(drawn) not in turned_up and drawn in state.hands[player]:
                assert card_words(code(drawn)) not in session.message, session.message
    assert face_down >= 10


def test_the_hands_dealt_when_the_last_hero_is_chosen_are_never_named_in_the_message():
    for players, seed in ((2, 3), (3, 44), (6, 5)):
        session = new(players, seed)
        state = session.state
        while state.phase == "hero":
            assert session.play(state.legal_actions()[0])
        assert "Season 1 begins" in session.message
        dealt = [c for hand in state.hands for c in hand if c not in state.floe]
        assert dealt, "every hand holds two cards"
        for card in dealt:
            assert card_words(code(card)) not in session.message, session.message


def test_the_move_list_groups_heroes_then_seasons_by_rounds_one_entry_a_turn():
    session = new(3, seed=4)
    rng = random.Random(4)
    while session.state.ply < 60:
        session.play(pick(session.state, rng))
    groups = PRESENTER.move_groups(session)
    assert groups[0].heading == "Heroes" and len(groups[0].moves) == 3
    assert groups[1].heading == "Season 1, round 1"
    assert [m.player for m in groups[1].moves] == [0, 1, 2]
    plies = [m.ply for g in groups for m in g.moves]
    assert plies == sorted(plies) and plies[-1] == 60
    assert all(m.notation for g in groups for m in g.moves)


def test_the_move_list_kept_between_redraws_is_the_one_a_fresh_presenter_draws():
    """The presenter replays only the actions new since the last redraw: after moves,
    undos, a step back with a redo line, and another game, it draws what a presenter
    seeing the line for the first time draws (tokens between seasons included)."""
    rng = random.Random(8)
    for players, seed in ((2, 8), (4, 9)):
        session = Session.new("waddle-waddle", players, seed, options={"seasons": 2})
        while not session.state.is_over():
            session.play(pick(session.state, rng))
            if rng.random() < 0.05 and session.can_undo():
                session.undo()
            if session.state.ply % 11 == 0:
                assert PRESENTER.move_groups(session) == type(PRESENTER)().move_groups(session)
        session.go_to(session.state.ply // 2)
        groups = PRESENTER.move_groups(session)
        assert groups == type(PRESENTER)().move_groups(session)
        assert any(g.heading.startswith("Tokens for season 2") for g in groups)


def test_a_hint_marks_something_that_is_on_the_page():
    session = new(4, seed=6)
    rng = random.Random(6)
    for _ in range(200):
        state = session.state
        if state.is_over():
            break
        action = pick(state, rng)
        hint = PRESENTER.hint(session, action)
        drawn = everything(PRESENTER.render(session.scene(state.to_move(), True)))
        assert hint.text.startswith("Hint: ")
        for place in hint.hexes:
            assert f'data-rookery="{place}"' in drawn
        if hint.control is not None:
            assert f'data-control="{hint.control}"' in drawn, (action, hint)
        session.play(action)


def test_the_result_names_the_tie_break_that_decided():
    # Rulebook, "Winning the Game": points, then the most nests, then most at one rookery.
    state = new_record(3, seed=1).start()
    for code_ in ("dee", "papi", "dyan"):
        state.apply(parse_action(f"hero {code_}"))
    state.phase, state.mover = "over", None

    def outcome(score, first_two_rookeries):
        state.score = score
        state.nests = [*first_two_rookeries, [0, 0, 0], [0, 0, 0], [0, 0, 0]]
        view = state.view(OMNISCIENT)
        assert list(view.winners) == state.winners()
        return state.winners(), decided_by(view), result_html(view, default_seats(3))

    winners, why, html = outcome([40, 40, 30], [[3, 1, 0], [0, 2, 0]])
    assert (winners, why) == ([0], "most-in-one")
    assert "the most nests at one rookery breaks the tie (Red 3, Blue 2)" in html
    assert outcome([40, 40, 30], [[3, 1, 0], [1, 2, 0]])[:2] == ([0], "nests")
    assert outcome([41, 40, 30], [[0, 1, 0], [0, 2, 0]])[:2] == ([0], "score")
    winners, why, html = outcome([40, 40, 30], [[2, 2, 0], [1, 1, 0]])
    assert (winners, why) == ([0, 1], "shared")
    assert "<h2>Shared victory: Red, Blue!</h2>" in html  # the headline of every game
    assert 'data-result-player="0" data-score="40"' in html
    live = Session.start(GAME, new_record(3, seed=1))
    assert PRESENTER.render(live.scene(OMNISCIENT, False)).result == ""


COORDINATES = re.compile(r"-?\d+,-?\d+")
ROOKERY_IDS_AS_WORDS = re.compile(r"\b(macquarie|peninsula|argentine|crozet|georgia)\b")
CARD_CODES = re.compile(r"\b(Mg|Rk|Ch|Ki|Mc|Ge)[1-6]\b|\bKv\b")


def test_messages_the_move_list_spoken_words_prompts_and_hints_name_places_as_the_board_does():
    """Rookeries by their names, cards by species and number: never coordinates, a
    rookery's id or a card's code (those are the records' and the links')."""
    said = []
    for players, seed in ((2, 21), (4, 22)):
        session = new(players, seed)
        rng = random.Random(seed)
        while not session.state.is_over() and session.state.ply < 220:
            state = session.state
            action = pick(state, rng)
            said.append(PRESENTER.hint(session, action).text)
            said.append(PRESENTER.render(session.scene(state.to_move(), True)).status)
            assert session.play(action)
            said.append(session.message or "")
        for group in PRESENTER.move_groups(session):
            said += [group.heading] + [f"{m.notation} | {m.spoken}" for m in group.moves]
    for text in said:
        text = re.sub(r"<[^>]+>", " ", text)  # the prompt's markup: its words only
        assert not COORDINATES.search(text), text
        assert not ROOKERY_IDS_AS_WORDS.search(text), text
        assert not CARD_CODES.search(text), text
    assert any("Islands" in t or "Sea" in t for t in said)


def test_a_computers_whole_turn_reads_as_one_line_after_its_name():
    """The shell writes "<name> " and the move list's spoken words of the turn (turn_line):
    a waddle and where it went read as one phrase, drafts as verbs in the past."""
    session = new(2, seed=5)
    state = session.state
    rng = random.Random(5)
    lines = []
    while not state.is_over() and len(lines) < 6:
        player, began = state.to_move(), state.ply
        waddles = [a for a in state.legal_actions() if a.kind == "waddle"]
        if state.phase != "turn" or not waddles:
            assert session.play(rng.choice(state.legal_actions()))
            continue
        assert session.play(waddles[0])
        assert session.play(next(a for a in state.legal_actions() if a.kind == "play"))
        while state.to_move() == player and state.phase != "turn":
            assert session.play(state.legal_actions()[0])  # no more nests, no WaddleWaddle
        where = state.components.rookeries[state.history[began + 1].a].name
        said = waddle_words([code(c) for c in waddles[0].a])
        line = turn_line(PRESENTER.move_groups(session), player, began, state.ply)
        assert line.startswith(f"played a waddle of {said} at {where}"), line
        lines.append(line)
    assert len(lines) == 6
    drafts = [m.spoken for g in PRESENTER.move_groups(session) for m in g.moves]
    assert any(re.fullmatch(r"drafted (King|Gentoo|Macaroni|Chinstrap|Rockhopper|Magellanic) [1-6]"
                            r"(, drafted .+)*", d) for d in drafts)  # fmt: skip
