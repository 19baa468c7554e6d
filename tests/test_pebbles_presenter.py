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
    card = played.arg
    assert first.notation.startswith(f"{card.number} {card.suit.name}"), "the card, in words"
    assert first.spoken.startswith(f"played the {card.describe()}")
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


# -- issue 27: a screen a player reads at a glance ---------------------------------------------

FONT_GLYPHS = re.compile("[♥✋●»✓\U0001f300-\U0001faff]")
"""Symbols that rest on the system's fonts (✋ is an empty box in Debian's Chromium): the
page draws its own SVG instead."""
COORDINATES = re.compile(r"-?\d+,-?\d+")
"""A place named by its axial coordinates ("1,-2"), which the board never shows."""


def test_a_card_shows_its_number_suit_symbol_and_name_and_the_rules_are_one_legend():
    from waddle.games.pebbles.cards import SUITS

    session = new(4, seed=9)
    state = session.state
    player = state.to_move()
    table = PRESENTER.render(session.scene(player, True)).table
    for c in state.hands[player]:
        card = CARDS[c]
        button = re.search(rf'<button [^>]*data-card="{card}".*?</button>', table)[0]
        assert f'<span class="card-number">{card.number}</span>' in button
        assert f'data-suit-icon="{card.suit.name.lower()}"' in button, "the project's own SVG"
        assert f"{card.suit.name}</span>" in button, "the suit's name is its power's name"
        assert card.suit.power not in button, "the rule is not printed on every card"
    assert table.count('id="pebbles-powers"') == 1 and "<details" in table
    for suit in SUITS:
        assert table.count(suit.power[1:]) == 1, "each power's rule once, in the legend"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_symbol_on_the_page_rests_on_a_system_font(players):
    session = random_game(players, seed=players + 30, plies=70)
    state = session.state
    mover = state.to_move()
    for viewer, acting in ((mover, True), (SPECTATOR, False), (OMNISCIENT, False)):
        markup = everything(PRESENTER.render(session.scene(viewer, acting)))
        assert not FONT_GLYPHS.search(markup), FONT_GLYPHS.search(markup)
    lines = [m.notation + m.spoken for g in PRESENTER.move_groups(session) for m in g.moves]
    assert not any(FONT_GLYPHS.search(line) for line in lines)


def test_the_table_puts_the_own_hand_first_then_the_trick_the_row_and_the_others_as_counts():
    session = random_game(4, seed=12, plies=30)
    state = session.state
    mover = state.to_move()
    table = PRESENTER.render(session.scene(mover, True)).table
    order = [table.index(hook) for hook in ('id="hand"', 'id="trick"', 'id="row"')]
    others = [table.index(f'data-hand-of="{p}"') for p in range(4) if p != mover]
    assert order == sorted(order) and order[-1] < min(others)
    for p in range(4):
        if p == mover:
            continue
        line = re.search(
            rf'<li class="hand" data-hand-of="{p}".*?</li>(?=<li class="hand"|</ul>)', table
        )[0]
        assert f"{len(state.hands[p])} card" in line
        assert 'class="card ' not in line.replace("card card-mini", ""), "no full-size backs"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_messages_move_lists_and_hints_name_tiles_never_coordinates(players):
    session = new(players, seed=70 + players)
    rng = random.Random(players)
    state = session.state
    said = []
    while not state.is_over():
        legal = state.legal_actions()
        if state.ply % 9 == 0:
            said += [PRESENTER.hint(session, a).text for a in legal]
            viewer = state.to_move()
            markup = everything(PRESENTER.render(session.scene(viewer, True)))
            labels = re.findall(r'aria-label="([^"]*)"', markup)
            said += labels + re.findall(r'id="move-tip">([^<]*)<', markup)
        assert session.play(rng.choice(legal))
        said.append(session.message or "")
    for group in PRESENTER.move_groups(session):
        said += [group.heading] + [f"{m.notation} {m.spoken}" for m in group.moves]
    named = [text for text in said if COORDINATES.search(text)]
    assert not named, named[:3]
    assert any("tile " in text for text in said)
    PRESENTER.on_hex(session, "40,40")
    assert not COORDINATES.search(session.message)


def test_the_tutorial_names_tiles_never_coordinates():
    assert not any(COORDINATES.search(step.text + step.hint) for step in STEPS)


def _turn_spoken(session) -> str:
    return [m for g in PRESENTER.move_groups(session) for m in g.moves][-1].spoken


def test_a_turn_reads_as_one_line_of_what_the_seat_did():
    """After a computer's turn the shell shows "Blue " + the turn's words."""
    from waddle.games.pebbles.actions import DONE, K_STEP

    session = new(2, seed=3)
    state = session.state
    card = CARDS[state.hands[state.to_move()][0]]
    assert session.play(parse_action(f"play {card}"))
    assert _turn_spoken(session) == f"played the {card.describe()}"
    assert session.play(parse_action(f"place {card.number}"))
    step = next(a for a in state.legal_actions() if a.kind == K_STEP)
    assert session.play(step)
    if DONE in state.legal_actions():
        assert session.play(DONE)
    fished = CARDS[next(c for c in state.row if c >= 0)]
    assert session.play(parse_action(f"fish {fished}"))
    assert _turn_spoken(session) == (
        f"played the {card.describe()}, placed a penguin on tile {card.number} and moved it "
        f"to {step.arg}, and went fishing for the {fished.describe()}"
    )
    last = [m for g in PRESENTER.move_groups(session) for m in g.moves][-1]
    assert last.notation == (
        f"{card.number} {card.suit.name}: penguin on {card.number} →{step.arg}, "
        f"fished {fished.number} {fished.suit.name}"
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_turn_of_a_game_is_a_clean_verb_phrase(players):
    session = random_game(players, seed=90 + players)
    actions = re.compile(r"(placed a penguin|went fishing|used (Collect|Court|Scurry|Push))")
    for group in PRESENTER.move_groups(session):
        for move in group.moves:
            words = move.spoken
            assert re.match(r"played the \d+ of (Scurry|Court|Push|Collect)($|, | and )", words)
            assert not words.endswith((".", ",", " ")) and "  " not in words, words
            assert ". " not in words, "one phrase, not sentences"
            assert len(actions.findall(words)) <= 2, "two actions at most"


@pytest.mark.parametrize("players", [2, 4])
def test_a_turn_so_far_reads_as_a_phrase_at_every_decision(players):
    """The move list is drawn after every decision: a turn under way (a scurrying penguin
    chosen, not moved yet) reads as a phrase too."""
    session = new(players, seed=50 + players)
    rng = random.Random(players)
    state = session.state
    while not state.is_over():
        assert session.play(rng.choice(state.legal_actions()))
        words = _turn_spoken(session)
        assert words.startswith("played the ") and not words.endswith((" ", ",", "to")), words


def test_a_push_says_where_each_pushed_penguin_went():
    from waddle.games.pebbles.actions import K_PUSH
    from waddle.games.pebbles.turns import turns_of

    pushes = []
    for seed in range(60):
        session = random_game(3, seed=seed, plies=200)
        names = [seat.name for seat in session.seats]
        moves = [m for g in PRESENTER.move_groups(session) for m in g.moves]
        for turn in turns_of(PRESENTER._lines.of(session.full_record())):
            words = next(m.spoken for m in moves if m.ply == turn.last_ply)
            for part in turn.parts:
                if part.kind == K_PUSH and part.walks:
                    pushes.append((words, part, turn.player, names))
        if len(pushes) >= 5:
            break
    assert pushes, "no game with a push that moved a penguin"
    for words, part, player, names in pushes:
        said = words.split(f"used Push on tile {part.arg}: ", 1)[1]
        for walk in part.walks:
            whose = "their own penguin" if walk.owner == player else f"{names[walk.owner]}'s"
            where = f"to {walk.path[-1]}" if walk.path and walk.at != walk.start else "stayed"
            assert f"{whose} {where}" in said, words


def test_the_board_marks_each_change_of_the_last_turn_from_and_to():
    """A placement is ringed, a moved penguin gets an arrow from its tile to where it
    ended, and every tile the turn changed carries ``data-last``."""
    from waddle.games.pebbles.actions import DONE, K_STEP
    from waddle.games.pebbles.turns import last_turn_marks
    from waddle.games.pebbles.view import board_svg

    session = new(2, seed=3)
    state = session.state
    player = state.to_move()
    card = CARDS[state.hands[player][0]]
    session.play(parse_action(f"play {card}"))
    session.play(parse_action(f"place {card.number}"))
    step = next(a for a in state.legal_actions() if a.kind == K_STEP)
    session.play(step)
    if DONE in state.legal_actions():
        session.play(DONE)
    marks = last_turn_marks(state)
    assert marks.placed == (card.number,) and marks.pebbles == ()
    assert marks.moves == ((player, card.number, (step.arg,)),)
    board = board_svg(state.view(SPECTATOR), session.seats, marks=marks).markup
    lit = set(re.findall(r'data-tile="(\d+)"[^>]*data-last="true"', board))
    assert lit == {str(card.number), str(step.arg)}, "from and to"
    assert board.count('class="move-arrow"') == 1 and board.count('class="last-move"') == 1
    label = re.search(rf'data-tile="{step.arg}"[^>]*aria-label="([^"]*)"', board)[1]
    assert f"came here from tile {card.number}" in label


def test_the_last_turns_marks_stay_while_the_next_player_has_only_played_a_card():
    from waddle.games.pebbles.turns import last_turn_marks

    session = random_game(3, seed=5, plies=40)
    state = session.state
    while state.step_name != "play":
        session.play(state.legal_actions()[0])
    before = last_turn_marks(state)
    assert before.tiles
    session.play(state.legal_actions()[0])  # a card: no tile changes
    assert last_turn_marks(state) == before


def test_a_world_without_undo_information_has_no_turn_marks():
    """A bot's determinized world keeps no undo information: no marks, and no error."""
    from waddle.core.rng import Rng
    from waddle.games.pebbles.turns import TurnMarks, last_turn_marks

    state = random_game(3, seed=4, plies=30).state
    assert last_turn_marks(state).tiles
    assert last_turn_marks(state.determinize(0, Rng(1))) == TurnMarks()


def test_without_the_turns_marks_the_board_marks_the_last_tile_as_before():
    from waddle.games.pebbles.view import board_svg

    session = random_game(2, seed=8, plies=25)
    view = session.state.view(SPECTATOR)
    board = board_svg(view, session.seats, marks=None).markup
    lit = re.findall(r'data-tile="(\d+)"[^>]*data-last="true"', board)
    assert lit == [str(view.last_tile)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_text_is_at_least_11_css_px_on_a_phone(players):
    """A 390×844 phone draws the board edge to edge, its frame at most 56% of the height
    (web/app.css): every text of the board, at that scale, is 11 CSS px or more; and
    board.css sets the sizes view.TEXT_SIZES says."""
    from pathlib import Path

    from waddle.games.pebbles.record import new_record
    from waddle.games.pebbles.view import TEXT_SIZES, board_svg

    board = board_svg(new_record(players, seed=1).start().view(0))
    _, _, width, height = map(float, board.view_box.split())
    frame = min(390 * height / width, 0.56 * 844)
    scale = min(390 / width, frame / height)
    css = (Path(__file__).parent.parent / "waddle/games/pebbles/board.css").read_text("utf-8")
    for name, size in TEXT_SIZES.items():
        assert size * scale >= 11, (name, size * scale)
        rule = re.search(rf"\.{name} \{{[^}}]*?(\d+(?:\.\d+)?)px", css)
        assert rule and float(rule[1]) == size, name
