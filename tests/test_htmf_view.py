"""Hey, That's My Fish! on the page, checked without a browser: the board's markup carries
the public hooks (the web hooks note, "Hey, That's My Fish!"), and the presenter turns
clicks into the two-click move and says what happened (``PRESENTER`` as the shell uses it).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from htmf_helpers import position

from waddle.app.session import Session
from waddle.core.rng import Rng
from waddle.games.htmf import GAME, Action
from waddle.games.htmf.places import place_name
from waddle.games.htmf.presenter import PRESENTER
from waddle.games.htmf.record import Record
from waddle.games.htmf.view import board_svg
from waddle.ui.presenter import move_list_html
from waddle.ui.seats import Seat, default_seats

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{markup}</svg>')


def places(markup: str) -> dict[tuple[int, int], ET.Element]:
    """Every element with ``data-hex``, by its floe; fails on a floe drawn twice."""
    found: dict[tuple[int, int], ET.Element] = {}
    for el in parse(markup).iter():
        if "data-hex" in el.attrib:
            q, r = (int(v) for v in el.attrib["data-hex"].split(","))
            assert (q, r) not in found, f"{q},{r} drawn twice"
            found[(q, r)] = el
    return found


def marked(markup: str, attribute: str) -> set[tuple[int, int]]:
    return {h for h, el in places(markup).items() if el.attrib.get(attribute) == "true"}


def new(players: int = 2, seed: int = 3, **seats) -> Session:
    return Session.new("htmf", players, seed, **seats)


def played(session: Session, plies: int | None, seed: int = 1) -> Session:
    """``plies`` random legal actions in (None: to the end)."""
    rng = Rng(seed)
    while not session.state.is_over() and (plies is None or session.state.ply < plies):
        assert session.play(rng.choice(session.state.legal_actions()))
    return session


def click(session: Session, h: tuple[int, int]) -> bool:
    """What the page does on a click on ``data-hex``: ask the presenter, play what it gives."""
    action = PRESENTER.on_hex(session, f"{h[0]},{h[1]}")
    return action is not None and session.play(action)


def key(h: tuple[int, int]) -> str:
    return f"{h[0]},{h[1]}"


def named(session: Session, h: tuple[int, int]) -> str:
    """The place as the board's labels name it: "C4"."""
    return place_name(session.state.board, h)


COORDINATES = re.compile(r"-?\d+,-?\d+")


# ---------------------------------------------------------------------------- the board's hooks


def test_one_element_per_place_ice_with_its_fish_and_taken_floes_as_gaps():
    state = played(new(3, seed=8), plies=20).state
    assert state.phase == "move" and len(state.floes_left()) < len(state.board)
    found = places(board_svg(state).markup)
    assert set(found) == set(state.board.coords)
    left = state.floes_left()
    for h, el in found.items():
        if h in left:
            assert el.attrib["data-kind"] == "ice"
            assert el.attrib["data-fish"] == str(left[h])
        else:
            assert el.attrib["data-kind"] == "gone"
            for hook in ("data-fish", "data-owner", "data-legal", "data-selected", "data-last"):
                assert hook not in el.attrib, (h, hook)


def test_penguins_carry_their_owner():
    state = played(new(4, seed=2), plies=12).state
    found = places(board_svg(state).markup)
    penguins = state.penguins()
    assert penguins
    for h, el in found.items():
        assert el.attrib.get("data-owner") == (None if h not in penguins else str(penguins[h]))


def test_placement_phase_marks_the_empty_one_fish_floes():
    """ "Placing the penguins": an empty floe with one fish."""
    state = played(new(2, seed=4), plies=3).state
    markup = board_svg(state).markup
    assert marked(markup, "data-legal") == set(state.placements())
    assert all(state.board.fish[state.board.index[h]] == 1 for h in marked(markup, "data-legal"))
    assert not marked(markup, "data-selected")
    assert not marked(board_svg(state, show_legal=False).markup, "data-legal")


def test_movement_phase_marks_penguins_that_can_move_then_where_the_chosen_one_goes():
    state = played(new(2, seed=6), plies=12).state
    assert state.phase == "move"
    markup = board_svg(state).markup
    assert marked(markup, "data-legal") == set(state.movable_penguins())
    chosen = state.movable_penguins()[0]
    markup = board_svg(state, selected=chosen).markup
    assert marked(markup, "data-legal") == set(state.destinations(chosen))
    assert marked(markup, "data-selected") == {chosen}
    assert "chosen to move" in places(markup)[chosen].attrib["aria-label"]
    # A choice that is not a penguin of the player to move (stale) is dropped.
    rival = next(h for h, p in state.penguins().items() if p != state.to_move())
    markup = board_svg(state, selected=rival).markup
    assert marked(markup, "data-legal") == set(state.movable_penguins())
    assert not marked(markup, "data-selected")
    # Nothing to click for someone who may not act (a computer's turn, an embed).
    hidden = board_svg(state, selected=chosen, show_legal=False).markup
    assert not marked(hidden, "data-legal") and not marked(hidden, "data-selected")


def test_nothing_is_legal_once_the_game_is_over():
    state = played(new(2, seed=5), plies=None).state
    markup = board_svg(state).markup
    assert not marked(markup, "data-legal")
    assert not state.penguins(), "every penguin left the ice with its floe at the end"


def test_the_last_move_is_marked_from_where_it_started_to_where_it_landed():
    """A computer's move can be followed: the floe it left (now a gap) and the one it
    landed on are both marked, with an arrow from one to the other."""
    session = new(2, seed=7)
    assert not marked(board_svg(session.state).markup, "data-last")
    rng = Rng(7)
    moves = 0
    while not session.state.is_over():
        action = rng.choice(session.state.legal_actions())
        assert session.play(action)
        found = places(board_svg(session.state).markup)
        last = [h for h, el in found.items() if el.attrib.get("data-last") == "true"]
        if session.state.has_floe(action.dst):
            assert last == [action.dst]
            assert found[action.dst].attrib["aria-label"].endswith(", last move")
        else:
            assert last == [], "the last penguin moved left the ice at the end"
        started = [h for h, el in found.items() if el.attrib.get("data-last-from") == "true"]
        arrows = board_svg(session.state).markup.count('class="last-move-arrow"')
        if action.src is not None:
            moves += 1
            left = found[action.src]
            assert left.attrib["data-kind"] == "gone"
            assert "just-taken" in left.attrib["class"].split()
            assert started == [action.src] and arrows == 1
            assert left.attrib["aria-label"].endswith(", where the last move started")
        else:
            assert started == [] and arrows == 0, "a placement starts nowhere"
    assert moves


# ---------------------------------------------------------------------------- reading it


def test_every_place_has_an_accessible_name_and_only_legal_floes_take_focus():
    """Screen readers: "floe C4, 3 fish, Red's penguin, you can move it", the place named
    as the board's labels name it; Tab and the arrows visit the highlighted floes only."""
    state = played(new(2, seed=6), plies=14).state
    seats = default_seats(2)
    for h, el in places(board_svg(state, seats).markup).items():
        label = el.attrib["aria-label"]
        where = place_name(state.board, h)
        assert not COORDINATES.search(label)
        if el.attrib["data-kind"] == "gone":
            taker = state.taker[state.board.index[h]]
            started = ", where the last move started" if h == state.last_action.src else ""
            assert label == f"gap at {where}, taken by {seats[taker].name}{started}"
            assert el.attrib["role"] == "img"
            continue
        fish = el.attrib["data-fish"]
        assert label.startswith(f"floe {where}, {fish} fish")
        if "data-owner" in el.attrib:
            assert f"{seats[int(el.attrib['data-owner'])].name}'s penguin" in label
        if el.attrib.get("data-legal") == "true":
            assert el.attrib["role"] == "button" and el.attrib["tabindex"] == "0"
            assert "you can move it" in label
        else:
            assert el.attrib["role"] == "img" and "tabindex" not in el.attrib
    placing = new(2, seed=6).state
    for el in places(board_svg(placing).markup).values():
        if el.attrib.get("data-legal") == "true":
            assert el.attrib["aria-label"].endswith("1 fish, you can place here")


def test_fish_are_drawn_and_numbered_not_told_by_colour_alone():
    state = new(3, seed=9).state
    root = parse(board_svg(state).markup)
    counts = {1: 0, 2: 0, 3: 0}
    for el in root.iter():
        if el.attrib.get("data-kind") != "ice":
            continue
        fish = int(el.attrib["data-fish"])
        counts[fish] += 1
        icons = [p for p in el.iter(f"{SVG}path") if "fish-icon" in p.attrib.get("class", "")]
        assert len(icons) == fish
        (number,) = [t for t in el.iter(f"{SVG}text") if "fish-count" in t.attrib["class"]]
        assert number.text == str(fish)
    assert counts == {1: 30, 2: 20, 3: 10}, "the standard board"


def test_player_names_are_escaped_everywhere_they_are_shown():
    hostile = [
        Seat('<img src=x onerror="alert(1)">', "#d55e00", "circle"),
        Seat("B&B </text><script>", "#0072b2", "square"),
    ]
    session = played(new(2, seed=3), plies=None)
    session.seats = hostile
    midway = played(new(2, seed=3), plies=14)
    midway.seats = hostile
    for s in (session, midway):
        drawn = PRESENTER.render(s.scene())
        markup = drawn.board.markup
        parse(markup)  # still well-formed
        text = drawn.status + drawn.panels + drawn.result + markup
        assert "<img" not in text and "<script" not in text
        groups = PRESENTER.move_groups(s)
        assert "<img" not in move_list_html(groups, hostile, s.state.ply)
    assert "&lt;img src=x" in PRESENTER.render(midway.scene()).board.markup
    assert "&lt;img src=x" in PRESENTER.render(session.scene()).result


def test_the_rules_page_and_the_chooser_picture():
    rules = PRESENTER.rules_html()
    assert rules.startswith("<!--") and 'id="rules-title"' in rules
    for rule in ("one</strong> fish", "straight line", "you are out", "most floes wins"):
        assert rule in rules
    picture = PRESENTER.thumbnail()
    assert not marked(picture.markup, "data-legal"), "a picture offers nothing to click"
    assert picture.markup.count('data-kind="gone"') == 4, "four moves into a game"
    assert "board-label" not in picture.markup, "no labels too small to read"


# ---------------------------------------------------------------------------- the two-click move


@pytest.fixture
def moving() -> Session:
    """A 2-player game at the first move, Red (0) to move with several penguins that can."""
    session = played(new(2, seed=6, names=["Ann", "Bo"]), plies=8)
    assert session.state.phase == "move" and session.state.to_move() == 0
    assert len(session.state.movable_penguins()) >= 2
    return session


def test_placing_is_one_click_on_a_floe(moving):
    session = new(2, seed=6)
    h = session.state.placements()[3]
    assert click(session, h)
    assert session.state.penguin_at(h) == 0
    assert session.message == f"Red placed a penguin on {named(session, h)}."
    two_fish = next(f.hex for f in session.state.board.floes if f.fish == 2)
    before = session.record().dumps()
    assert not click(session, two_fish)
    assert session.message == (
        f"Floe {named(session, two_fish)} has 2 fish: penguins are placed on 1-fish floes."
    )
    assert session.record().dumps() == before


def test_a_move_is_a_penguin_then_where_it_goes(moving):
    session = moving
    first, second = session.state.movable_penguins()[:2]
    assert PRESENTER.on_hex(session, key(first)) is None
    assert session.ui.selected == first
    assert session.message == f"Penguin on {named(session, first)} chosen: now click where it goes."
    # Another of one's own penguins changes the choice; the same one again drops it.
    assert PRESENTER.on_hex(session, key(second)) is None and session.ui.selected == second
    assert PRESENTER.on_hex(session, key(second)) is None and session.ui.selected is None
    assert session.message is None
    assert PRESENTER.on_hex(session, key(first)) is None and session.ui.selected == first
    # Escape ("Choose another penguin") drops it too.
    controls = PRESENTER.render(session.scene()).controls
    assert 'data-control="deselect"' in controls
    assert PRESENTER.keys["escape"] == "deselect"
    assert PRESENTER.on_control(session, "deselect") is None and session.ui.selected is None
    assert 'data-control="deselect"' not in PRESENTER.render(session.scene()).controls

    PRESENTER.on_hex(session, key(first))
    to = session.state.destinations(first)[-1]
    fish = session.state.board.fish[session.state.board.index[first]]
    assert click(session, to)
    assert session.state.penguin_at(to) == 0 and not session.state.has_floe(first)
    assert session.message == (
        f"Ann moved a penguin from {named(session, first)} to {named(session, to)}, "
        f"taking a floe with {fish} fish."
    )
    assert session.ui.selected is None, "the next player starts afresh"


def test_a_click_where_the_chosen_penguin_cannot_go_is_explained_and_changes_nothing(moving):
    session = moving
    chosen = session.state.movable_penguins()[0]
    PRESENTER.on_hex(session, key(chosen))
    before = session.record().dumps()
    reachable = set(session.state.destinations(chosen))
    unreachable = next(
        h
        for h in session.state.floes_left()
        if h not in reachable and session.state.penguin_at(h) is None
    )
    assert not click(session, unreachable)
    reason = session.state.why_illegal(Action.move(chosen, unreachable))
    # The rules' reason, each place in it named as the board's labels name it.
    board = session.state.board
    reason = COORDINATES.sub(
        lambda m: place_name(board, tuple(int(v) for v in m.group().split(","))), reason
    )
    assert session.message == reason[0].upper() + reason[1:] + "."
    assert named(session, unreachable) in session.message
    assert not COORDINATES.search(session.message)
    assert session.record().dumps() == before
    assert session.ui.selected == chosen, "the penguin stays chosen"
    assert not click(session, (99, 99))
    assert session.message == "There is no floe there."


def session_of(state) -> Session:
    """A session holding ``state``'s game (seats Red, Blue, ...)."""
    record = Record(state.players, state.board.floes, state.history)
    return Session.start(GAME, record)


# Red (A) has a penguin hemmed in on 0,0 and one free to move on 2,0; Blue (B) none free.
HEMMED_IN = """
    |A B A 2 2
    |
    |A B
    |
    |A B
    |
    |B
"""


def test_a_blocked_penguin_and_a_click_before_choosing_are_explained():
    session = session_of(position(HEMMED_IN))
    assert session.state.to_move() == 0 and session.state.movable_penguins() == [(2, 0)]
    assert PRESENTER.on_hex(session, "0,0") is None
    assert (
        session.message
        == f"That penguin on {named(session, (0, 0))} is blocked in: it cannot move."
    )
    assert session.ui.selected is None
    for elsewhere in ("3,0", "1,0"):  # an empty floe, a rival's penguin
        assert PRESENTER.on_hex(session, elsewhere) is None
        assert session.message == "Choose one of your penguins first, then where it goes."
    assert session.state.ply == 8


# ---------------------------------------------------------------------------- what is said


def test_a_player_who_goes_out_and_the_end_are_announced():
    """ "A player who cannot move": their penguins leave the ice with their floes; "the end
    of the game": when no penguin can move."""
    session = session_of(position(HEMMED_IN))
    assert PRESENTER.on_hex(session, "2,0") is None and session.ui.selected == (2, 0)
    assert click(session, (3, 0))
    assert session.message == (
        "Red moved a penguin from A3 to A4, taking a floe with 1 fish. Blue cannot move any "
        "more: their penguins leave the ice with the floes they stand on."
    )
    state = session.state
    assert state.is_out(1) and not state.penguins_of(1) and state.to_move() == 0
    panels = PRESENTER.render(session.scene()).panels
    assert re.search(r'data-player-row="1" data-out="true">.*?<td>0</td><td>out</td>', panels)
    assert 'data-player-row="0" data-out="false"' in panels
    PRESENTER.on_hex(session, "3,0")
    assert click(session, (4, 0))
    assert session.message == (
        "Red moved a penguin from A4 to A5, taking a floe with 2 fish. No penguin can move: "
        "the game is over."
    )
    assert session.state.is_over()
    assert "Game over." in PRESENTER.render(session.scene()).status


def test_the_players_panel_counts_fish_and_floes_as_if_the_game_ended_now():
    session = played(new(3, seed=11), plies=25)
    state = session.state
    panels = PRESENTER.render(session.scene()).panels
    for p in range(3):
        assert f'<td data-fish-of="{p}">{state.scores()[p]}</td>' in panels
        assert f'<td data-floes-of="{p}">{state.floe_counts()[p]}</td>' in panels
    player = state.to_move()
    assert f'data-to-move="{player}"' in PRESENTER.render(session.scene()).status


def result_of(state, names=None) -> str:
    seats = default_seats(state.players)
    if names:
        seats = [Seat(n, s.colour, s.shape) for n, s in zip(names, seats, strict=True)]
    session = session_of(state)
    session.seats = seats
    return PRESENTER.render(session.scene()).result


def test_the_result_names_the_winner_by_fish():
    state = played(new(2, seed=5), plies=None).state
    breakdown = state.breakdown()
    assert breakdown.decided_by == "fish"
    result = result_of(state)
    (winner,) = breakdown.winners
    name = ["Red", "Blue"][winner]
    assert result.startswith(f"<h2>{name} wins!</h2>")
    assert f'data-decided-by="fish">{name} caught the most fish ({max(state.scores())}).' in result
    for r in breakdown.players:
        assert (
            f'data-result-player="{r.player}" data-total="{r.fish}" data-floes="{r.floes}"'
            in result
        )


def test_the_result_explains_a_tie_on_fish_broken_by_floes():
    """ "Scoring": among those tied on fish, the most floes wins."""
    from waddle.app.tutorial import Tutorial

    tutorial = Tutorial(GAME)
    while not tutorial.session.state.is_over():
        state = tutorial.session.state
        assert tutorial.try_action(
            next(a for a in state.legal_actions() if tutorial.step.accepts(state, a))
        )
    state = tutorial.session.state
    result = result_of(state, ["Blue", "Red"])
    assert result.startswith("<h2>Red wins!</h2>")
    assert (
        'data-decided-by="floes">Blue, Red tied on 10 fish; the most floes breaks the tie '
        "(Blue 6, Red 7), so Red wins.</p>"
    ) in result
    # Ranked by fish, then floes: the winner first.
    assert result.index('data-result-player="1"') < result.index('data-result-player="0"')
    # Each player's floes by their fish: 1, 2 and 3.
    nbsp = "\u00a0"
    assert f"<td>4{nbsp}×{nbsp}1, 3{nbsp}×{nbsp}2, 0{nbsp}×{nbsp}3</td>" in result
    assert f"<td>4{nbsp}×{nbsp}1, 0{nbsp}×{nbsp}2, 2{nbsp}×{nbsp}3</td>" in result


def test_the_result_explains_a_victory_shared_on_fish_and_floes():
    # Every penguin hemmed in from the start: the game is over before anyone moves.
    state = position("|A B A B A B A B")
    assert state.is_over() and state.scores() == [4, 4] and state.floe_counts() == [4, 4]
    result = result_of(state, ["Ann", "<b>Bo</b>"])
    assert result.startswith("<h2>Shared victory: Ann, &lt;b&gt;Bo&lt;/b&gt;!</h2>")
    assert (
        'data-decided-by="shared">Ann, &lt;b&gt;Bo&lt;/b&gt; tied on 4 fish and on floes '
        "(Ann 4, &lt;b&gt;Bo&lt;/b&gt; 4): they share the victory.</p>"
    ) in result


# ---------------------------------------------------------------------------- the move list


def test_the_move_list_groups_the_placements_then_the_rounds_of_moves():
    session = played(new(3, seed=12), plies=None, seed=4)
    session.undo()
    session.undo()  # the redo line is listed too
    groups = PRESENTER.move_groups(session)
    moves = [m for g in groups for m in g.moves]
    assert [m.ply for m in moves] == list(range(1, session.total_plies + 1))
    assert groups[0].heading == "Placing the penguins" and len(groups[0].moves) == 9
    replay = session.full_record().start()
    for move, action in zip(moves, session.full_record().actions, strict=True):
        assert move.player == replay.to_move()
        took = None if action.src is None else replay.board.fish[replay.board.index[action.src]]
        replay.apply(action)
        dst = named(session, action.dst)
        if action.src is None:
            assert (move.notation, move.spoken) == (dst, f"placed a penguin on {dst}")
        else:
            src = named(session, action.src)
            assert move.notation == f"{src} → {dst}"
            assert (
                move.spoken
                == f"moved a penguin from {src} to {dst}, taking a floe with {took} fish"
            )
        assert not COORDINATES.search(move.notation + move.spoken), "never 1,-2"
    # The moves come in rounds: each player still in the game moves once a round, in turn.
    rounds = groups[1:]
    assert [g.heading for g in rounds] == [f"Round {k}" for k in range(1, len(rounds) + 1)]
    for group in rounds:
        players = [m.player for m in group.moves]
        assert players == sorted(set(players))
    html = move_list_html(groups, session.seats, session.state.ply)
    assert html.count("data-ply=") == session.total_plies
    assert html.count("aria-current=step") == 1


def test_the_hint_marks_the_floes_of_its_move():
    session = played(new(2, seed=6), plies=8)
    move = session.state.legal_actions()[0]
    hint = PRESENTER.hint(session, move)
    assert hint.hexes == (key(move.src), key(move.dst)) and "both marked" in hint.text
    assert hint.text == (
        f"Hint: move the penguin on {named(session, move.src)} to {named(session, move.dst)} "
        "(both marked)."
    )
    place = new(2, seed=6).state.legal_actions()[0]
    assert PRESENTER.hint(session, place).hexes == (key(place.dst),)
