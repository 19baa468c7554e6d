"""Pebbles in the app without a browser: what the presenter draws for each viewer (never a
card that viewer may not see), the clicks that make each decision of a turn and the words
for refused ones, the messages and the move list (public facts only), the hint, the result
with every scoring line, and the tutorial."""

from __future__ import annotations

import random
import re

import pytest

from waddle.app.session import Session
from waddle.app.tutorial import Tutorial
from waddle.core.game import CHANCE, OMNISCIENT, SPECTATOR
from waddle.games.pebbles import GAME, parse_action
from waddle.games.pebbles.actions import K_FISH, K_PLAY, K_RESHUFFLE
from waddle.games.pebbles.cards import CARDS, parse_card
from waddle.games.pebbles.choices import Choice, choices
from waddle.games.pebbles.presenter import PRESENTER
from waddle.games.pebbles.tutorial import STEPS


def new(players: int, seed: int, **seats) -> Session:
    return Session.new("pebbles", players, seed, **seats)


def random_game(players: int, seed: int, plies: int | None = None, **seats) -> Session:
    session = new(players, seed, **seats)
    rng = random.Random(seed)
    while not session.state.is_over() and (plies is None or session.state.ply < plies):
        assert session.play(rng.choice(session.state.legal_actions()))
    return session


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


def hidden_from(state, viewer: int) -> list[str]:
    """The notation of every card ``viewer`` may not see (in others' hands, in the deck)."""
    out = []
    for p, hand in enumerate(state.hands):
        out += [str(CARDS[c]) for c in hand if not state.sees(viewer, c, p)]
    out += [str(CARDS[c]) for c in state.deck if not state.sees(viewer, c, -1)]
    return out


def shown_cards(markup: str) -> set[str]:
    return set(re.findall(r'data-card="([0-9]+[A-Z])"', markup))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_sees_its_hand_and_no_card_it_may_not_see_anywhere_on_the_page(players):
    session = random_game(players, seed=players, plies=60)
    state = session.state
    for viewer in (*range(players), SPECTATOR):
        markup = everything(PRESENTER.render(session.scene(viewer, viewer == state.to_move())))
        shown = shown_cards(markup)
        assert not shown & set(hidden_from(state, viewer)), viewer
        for card in hidden_from(state, viewer):
            named = re.search(rf"(?<![0-9]){parse_card(card).describe()}\b", markup)
            assert named is None, (viewer, card)
        if viewer >= 0:
            assert {str(CARDS[c]) for c in state.hands[viewer]} <= shown, "its own hand"
    every = shown_cards(everything(PRESENTER.render(session.scene(OMNISCIENT, False))))
    assert {str(CARDS[c]) for hand in state.hands for c in hand} <= every


def test_the_board_has_a_place_per_tile_with_its_hooks():
    session = random_game(4, seed=5, plies=80)
    state = session.state
    view = state.view(OMNISCIENT)
    markup = PRESENTER.render(session.scene(OMNISCIENT, False)).board.markup
    tiles, _ = state.control()
    for i, tile in enumerate(state.layout.tiles):
        match = re.search(rf'<g class="tile" data-hex="{tile.q},{tile.r}" [^>]*>', markup)
        assert match, tile
        tag = match.group(0)
        assert f'data-tile="{tile.number}"' in tag
        assert f'data-pebbles="{state.pebbles[i]}"' in tag
        assert f'data-penguins="{",".join(map(str, state.penguins_on(tile.number)))}"' in tag
        assert f'data-controlled-by="{",".join(map(str, tiles[i]))}"' in tag
        assert f'data-territory="{tile.territory}"' in tag
    assert markup.count('data-last="true"') == 1
    assert f'data-tile="{view.last_tile}" ' in re.search(r'<g [^>]*data-last="true"', markup)[0]
    assert markup.count('class="pathway"') == len(state.layout.pathways)
    assert 'data-legal="true"' not in markup, "nobody may act in this scene"


def test_playing_a_card_then_placing_takes_two_clicks_and_the_tiles_light_up_as_they_should():
    session = new(2, seed=3)
    state = session.state
    player = state.to_move()
    card = state.hands[player][0]
    rendered = PRESENTER.render(session.scene(player, True))
    legal_cards = set(re.findall(r'data-card="([^"]+)" [^>]*data-control="card-', rendered.table))
    assert legal_cards == {str(CARDS[c]) for c in state.hands[player]}
    assert 'data-legal="true"' not in rendered.board.markup
    assert session.play(PRESENTER.on_control(session, f"card-{card}"))
    # Two tile actions are open (place, and the power if it has a target): nothing lights
    # up on the board until one is chosen; the face-up cards can always be clicked.
    view = state.view(player)
    now = choices(view, session.ui)
    if {"place", "power"} <= now.open:
        assert PRESENTER.on_hex(session, _hex(state, card.number)) is None
        assert "Choose an action first" in session.message
    action = PRESENTER.on_control(session, "place")
    assert str(action) == f"place {card.number}"
    assert session.play(action)
    assert state.penguins_on(card.number)[player] == 1


def _hex(state, number: int) -> str:
    tile = state.layout.tiles[state.layout.index[number]]
    return f"{tile.q},{tile.r}"


def test_fishing_is_a_click_on_a_face_up_card_at_any_moment_of_the_choice():
    session = new(3, seed=8)
    state = session.state
    player = state.to_move()
    session.play(PRESENTER.on_control(session, f"card-{state.hands[player][0]}"))
    target = next(c for c in state.row if c >= 0)
    action = PRESENTER.on_control(session, f"row-{CARDS[target]}")
    assert action.kind == K_FISH and session.play(action)
    assert CARDS[target] in state.hands[player]
    assert "went fishing and took" in session.message
    # Fishing is done: the row's cards are no longer buttons.
    table = PRESENTER.render(session.scene(player, True)).table
    assert 'data-control="row-' not in table


def test_court_asks_penguin_or_pebble_then_a_tile_with_two_or_more_penguins():
    state = None
    for seed in range(200):
        session = random_game(2, seed=seed, plies=40)
        state = session.state
        mover = state.to_move()
        if state.step_name != "play" or mover is None:
            continue
        court = [c for c in state.hands[mover] if CARDS[c].suit.name == "Court"]
        if not court:
            continue
        session.play(parse_action(f"play {CARDS[court[0]]}"))
        now = choices(state.view(mover), Choice())
        if "power" in now.open and state.supply[mover] and state.bank[0]:
            break
    else:
        pytest.fail("no position with a Court power to use")
    assert PRESENTER.on_control(session, "power") is None
    controls = PRESENTER.render(session.scene(mover, True)).controls
    assert 'data-control="court-penguin"' in controls and 'data-control="court-pebble"' in controls
    assert "penguin or a pebble" in session.message
    assert PRESENTER.on_control(session, "court-pebble") is None
    board = PRESENTER.render(session.scene(mover, True)).board.markup
    lit = re.findall(r'data-tile="(\d+)"[^>]*data-legal="true"', board)
    assert lit and all(sum(state.penguins_on(int(n))) >= 2 for n in lit)
    before = state.pebbles[state.layout.index[int(lit[0])]]
    assert session.play(PRESENTER.on_hex(session, _hex(state, int(lit[0]))))
    assert state.pebbles[state.layout.index[int(lit[0])]] == before + 1


def test_a_refused_click_changes_nothing_and_says_why():
    session = new(2, seed=4)
    state = session.state
    before = session.record().dumps()
    assert PRESENTER.on_hex(session, _hex(state, 10)) is None
    assert session.message == "Play a card first: click one of the cards of your hand."
    assert PRESENTER.on_control(session, "place") is None
    assert session.message == "Play a card first."
    assert PRESENTER.on_hex(session, "40,40") is None and "no tile" in session.message
    other = next(c for c in state.hands[1 - state.to_move()])
    assert PRESENTER.on_control(session, f"card-{CARDS[other]}") is None
    assert session.message == f"You do not hold {CARDS[other]}."
    assert session.record().dumps() == before


def test_every_message_and_the_move_list_name_only_cards_everyone_has_seen():
    session = new(4, seed=21)
    rng = random.Random(3)
    state = session.state
    while not state.is_over():
        assert session.play(rng.choice(state.legal_actions()))
        public = {str(CARDS[c]) for c in range(52) if (state.public >> c) & 1}
        named = set(re.findall(r"\b(\d{1,2}) of (Scurry|Court|Push|Collect)", session.message))
        for number, suit in named:
            assert f"{number}{suit[0] if suit != 'Collect' else 'L'}" in public, session.message
    for group in PRESENTER.move_groups(session):
        for move in group.moves:
            assert "reshuffle" not in move.notation or not re.search(
                r"reshuffle \d", move.notation
            ), "a reshuffle's order stays hidden"


def test_the_move_list_has_one_entry_a_turn_by_rounds():
    session = random_game(3, seed=2, plies=90)
    groups = PRESENTER.move_groups(session)
    assert [g.heading for g in groups] == [f"Round {k}" for k in range(1, len(groups) + 1)]
    assert all(len(g.moves) == 3 for g in groups[:-1]), "three turns a round"
    first = groups[0].moves[0]
    played = session.full_record().actions[0]
    assert first.notation.startswith(f"{played.arg}{played.arg.suit.symbol}")
    plies = [m.ply for g in groups for m in g.moves]
    assert plies == sorted(plies) and plies[-1] == session.state.ply


def test_the_hint_marks_a_card_a_face_up_card_or_a_tile():
    session = new(2, seed=6)
    state = session.state
    card = CARDS[state.hands[state.to_move()][0]]
    hint = PRESENTER.hint(session, parse_action(f"play {card}"))
    assert hint.control == f"card-{card}" and card.describe() in hint.text
    session.play(parse_action(f"play {card}"))
    place = PRESENTER.hint(session, parse_action(f"place {card.number}"))
    assert place.hexes == (_hex(state, card.number),) and place.control == "place"
    row = CARDS[next(c for c in state.row if c >= 0)]
    assert PRESENTER.hint(session, parse_action(f"fish {row}")).control == f"row-{row}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_result_shows_every_scoring_line_and_what_decided(players):
    session = random_game(players, seed=40 + players)
    state = session.state
    result = PRESENTER.render(session.scene(OMNISCIENT, False)).result
    breakdown = state.breakdown()
    assert f'data-decided-by="{breakdown.decided_by}"' in result
    for p, row in enumerate(breakdown.players):
        assert (
            f'data-result-player="{p}" data-total="{row.total}" data-pebbles="{row.pebbles}" '
            f'data-territories="{row.territories}" data-love="{row.love}" data-fish="{row.fish}"'
        ) in result
    for p in breakdown.winners:
        assert session.seats[p].name in result


def test_a_chance_node_is_never_shown_and_its_message_says_the_deck_was_reshuffled():
    for seed in range(40):
        session = random_game(2, seed=seed)
        if any(a.kind == K_RESHUFFLE for a in session.state.history):
            break
    else:
        pytest.fail("no game with a reshuffle")
    history = session.state.history
    k = next(i for i, a in enumerate(history) if a.kind == K_RESHUFFLE)
    session.go_to(k)  # the chance node itself: passed, not shown
    assert session.state.to_move() != CHANCE and session.state.ply == k + 1


def test_the_tutorial_walks_every_kind_of_action_and_wins_a_trick():
    keys = ["lead", "place", "fish-step", "collect", "play-scurry", "fish", "scurry"]
    for seed in range(12):
        tutorial = Tutorial(GAME)
        rng = random.Random(seed)
        seen = []
        while tutorial.step.key != "done":
            state = tutorial.session.state
            accepted = [a for a in state.legal_actions() if tutorial.step.accepts(state, a)]
            assert accepted, tutorial.step.key
            seen.append(tutorial.step.key)
            assert tutorial.try_action(rng.choice(accepted)), tutorial.session.message
        assert list(dict.fromkeys(seen))[: len(keys)] == keys
        state = tutorial.session.state
        assert state.love == [2, 0], "you won both tricks"
        assert state.to_move() == 0 and state.round == 2
    assert STEPS[-1].key == "done"


def test_a_tutorial_step_refuses_another_kind_of_action_with_its_hint():
    tutorial = Tutorial(GAME)
    state = tutorial.session.state
    other = next(a for a in state.legal_actions() if a.kind == K_PLAY and str(a) != "play 12L")
    assert not tutorial.try_action(other)
    assert tutorial.session.message == tutorial.step.hint


def test_the_tutorial_shows_your_hand_and_no_pass_the_device_screen():
    from waddle.app.chrome import needs_curtain, viewer_for

    tutorial = Tutorial(GAME)
    assert viewer_for(tutorial.session, True, False, None) == 0
    assert needs_curtain(tutorial.session, True, False, None) is None


def test_the_chooser_picture_is_the_four_player_layout_without_hooks():
    from waddle.app.chrome import picture

    drawn = PRESENTER.thumbnail()
    art = picture(drawn, "pebbles", "A board of Pebbles")
    assert art.count('<g class="tile"') == 13
    assert "data-hex=" not in art and "tabindex" not in art
    assert 'id="pbt-t0"' in art, "its patterns' ids differ from the board's"
