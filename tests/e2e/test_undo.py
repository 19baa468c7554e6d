"""Undo, redo and replay in the page, checked step by step against the engine in this process.

A CPython ``Session`` (the "mirror") gets the same undo/redo/play calls as the page, and the
page must show exactly its state after each one: every public hook, the address
(``Session.link()``: the game up to the position shown), the Undo/Redo buttons, the move
list and the replay scrubber. Reloading must give the same position back, from the address
and from the autosave: undo never leaves a saved game or a link behind that differs from
what is on screen.
"""

from __future__ import annotations

import random

from conftest import (
    FIRST_LOAD_TIMEOUT_MS,
    assert_hooks_match,
    click,
    click_and_wait,
    hex_key,
    open_app,
    read_hooks,
)

from waddle.app.session import Session
from waddle.games.waddle.actions import Action
from waddle.games.waddle.link import decode_game
from waddle.games.waddle.record import new_record

WAIT_MS = 60_000
"""Waits for the page's Python on a busy machine: generous, they end as soon as it is done."""

# The controls and history, read in one round trip.
READ_HISTORY = """() => {
  const undo = document.querySelector('.controls [data-command="undo"]');
  const redo = document.querySelector('.controls [data-command="redo"]');
  const scrubber = document.getElementById("scrubber");
  const current = document.querySelector('#move-list [aria-current="step"]');
  return {
    undoDisabled: undo.disabled, redoDisabled: redo.disabled,
    moves: [...document.querySelectorAll("#move-list [data-ply]")]
      .map((b) => Number(b.dataset.ply)),
    current: current ? Number(current.dataset.ply) : null,
    scrubberValue: Number(scrubber.value), scrubberMax: Number(scrubber.max),
    thinking: document.documentElement.dataset.thinking ?? null,
  };
}"""


def wait_ready(page) -> None:
    page.wait_for_function(
        "document.documentElement.dataset.app !== 'loading'", timeout=FIRST_LOAD_TIMEOUT_MS
    )
    assert page.evaluate("document.documentElement.dataset.app") == "ready"


def assert_page_shows(page, mirror: Session) -> dict:
    """The page shows ``mirror``: its position, its link, its undo/redo line."""
    hooks = read_hooks(page)
    assert_hooks_match(hooks, mirror.state)
    assert hooks["hash"] == "#" + mirror.link(), "the address holds the game up to this move"
    assert hooks["problem"] is None
    history = page.evaluate(READ_HISTORY)
    assert history["undoDisabled"] == (not mirror.can_undo())
    assert history["redoDisabled"] == (not mirror.can_redo())
    assert history["moves"] == list(range(1, mirror.total_plies + 1)), "the whole line is listed"
    assert history["current"] == (mirror.state.ply or None), "the move shown is marked"
    assert (history["scrubberValue"], history["scrubberMax"]) == (
        mirror.state.ply,
        mirror.total_plies,
    )
    return hooks


def owners(hooks: dict) -> int:
    return sum(1 for shown in hooks["hexes"].values() if shown["owner"] is not None)


def placements(mirror: Session) -> int:
    """Penguins (hexes taken) the actions up to the position shown have put down."""
    return sum(1 for action in mirror.record().actions if not action.is_scout)


def play_on_page(page, action: Action) -> str:
    """Make ``action`` with the mouse; returns the new address."""
    if action.is_scout:
        return click_and_wait(page, '[data-action="scout"]')
    if action.double:
        click(page, '[data-token-choice="double"]')
        page.wait_for_function(
            """() => document.querySelector('[data-token-choice="double"]')
                 .getAttribute("aria-pressed") === "true" """
        )
    return click_and_wait(page, f'svg#board [data-hex="{hex_key(action.hex)}"]')


def undo(page, mirror: Session) -> None:
    click_and_wait(page, '.controls [data-command="undo"]')
    assert mirror.undo_turn()


def redo(page, mirror: Session) -> None:
    click_and_wait(page, '.controls [data-command="redo"]')
    assert mirror.redo_turn()


def random_line(session: Session, plies: int | None, seed: int) -> Session:
    """Random legal actions (scouts, singles and doubles) until ``plies`` or the end."""
    rng = random.Random(seed)
    while not session.state.is_over() and (plies is None or session.state.ply < plies):
        assert session.play(rng.choice(session.state.legal_actions()))
    return session


# ---------------------------------------------------------------------------- hot seat


def test_undo_and_redo_in_hot_seat_follow_the_engine_and_survive_a_reload(page, fresh_page):
    page.set_default_timeout(WAIT_MS)
    start = random_line(Session.new("waddle", 2, 2024, names=["Ann", "Ben"]), plies=3, seed=8)
    mirror = Session.from_link(start.link())
    open_app(page, "#" + start.link())
    assert_page_shows(page, mirror)

    # Two moves by mouse: a double (when one is left), then a single.
    first = sorted(mirror.state.legal_hexes())[0]
    for action in (
        Action.place(first, mirror.state.doubles_left[mirror.state.to_move()] > 0),
        None,
    ):
        if action is None:
            action = Action.place(sorted(mirror.state.legal_hexes())[-1])
        play_on_page(page, action)
        assert mirror.play(action)
        assert_page_shows(page, mirror)
    played = mirror.state.ply
    assert played == 5

    # Undo every move, back to the empty board: each step is the engine's position.
    while mirror.can_undo():
        undo(page, mirror)
        hooks = assert_page_shows(page, mirror)
        assert owners(hooks) == placements(mirror)
    assert mirror.state.ply == 0 and mirror.total_plies == played

    # Redo three of them: the moves come back, the rest of the line stays redoable.
    for _ in range(3):
        redo(page, mirror)
        assert_page_shows(page, mirror)
    assert mirror.state.ply == 3 and mirror.can_redo()

    # A different move than the one redo would play: the redo line is dropped.
    would_redo = mirror.future[-1]
    other = next(
        a for a in sorted(mirror.state.legal_actions(), key=str) if a != would_redo and a.hex
    )
    play_on_page(page, other)
    assert mirror.play(other)
    assert not mirror.can_redo()
    assert_page_shows(page, mirror)

    # Undo once more; then the address holds that very position, and the autosave it
    # with the move still to redo.
    undo(page, mirror)
    hooks = assert_page_shows(page, mirror)
    assert mirror.can_redo()
    position = hooks["hash"]

    page.reload()
    wait_ready(page)
    after = assert_page_shows(page, mirror)
    assert after["hexes"] == hooks["hexes"]

    page.goto("about:blank")
    page.goto("./")  # no address: the autosave decides what is shown
    wait_ready(page)
    again = assert_page_shows(page, mirror)
    assert again["hash"] == position
    assert again["hexes"] == hooks["hexes"]
    redo(page, mirror)  # the move taken back survived both
    assert_page_shows(page, mirror)
    assert not mirror.can_redo()

    # Another browser gets the link, which holds the game up to the shown position only.
    elsewhere = fresh_page()
    open_app(elsewhere, position)
    assert_page_shows(elsewhere, Session.from_link(position.removeprefix("#")))


# ---------------------------------------------------------------------------- against a computer

AI_SEED = 6
"""A 2-player map on which the first seat (the person) opens the game."""


def start_game_against_the_computer(page) -> Session:
    """New game in the dialog: seat 1 a person, seat 2 an easy computer, map AI_SEED."""
    click(page, '[data-command="new-game"]')
    dialog = page.locator("dialog#new-game")
    dialog.wait_for(state="visible")
    page.select_option("#ng-players", "2")
    page.select_option('#new-game [name="kind0"]', "")
    page.select_option('#new-game [name="kind1"]', "easy")
    page.check('#new-game [name="map"][value="seed"]')
    page.fill("#ng-seed", str(AI_SEED))
    page.click('[data-command="start-new-game"]')
    dialog.wait_for(state="hidden")
    page.wait_for_function("() => !document.querySelector('#ai-controls').hidden")
    page.select_option("#ai-speed", "fast")
    hash_text = page.evaluate("location.hash")
    mirror = Session.from_link(hash_text.removeprefix("#"))
    assert [seat.bot for seat in mirror.seats] == [None, "easy"]
    assert mirror.state.ply == 0 and mirror.human_turn()
    return mirror


def wait_for_the_computer(page, person: int, before: str) -> str:
    """Wait until the computer replied to the move that made address ``before``."""
    return page.wait_for_function(
        """([person, before]) => location.hash !== before
             && document.querySelector(`[data-to-move="${person}"]`)
             && !document.documentElement.dataset.thinking
             && location.hash""",
        arg=[str(person), before],
        timeout=WAIT_MS,
    ).json_value()


def test_undo_against_the_computer_goes_back_to_the_persons_decision(page):
    page.set_default_timeout(WAIT_MS)
    assert new_record(2, AI_SEED).start().to_move() == 0, "the person must open on this map"
    open_app(page)
    mirror = start_game_against_the_computer(page)
    assert_page_shows(page, mirror)

    decisions = []  # the ply of each of the person's decisions
    replies = []  # what the computer played after each
    for _ in range(2):
        decisions.append(mirror.state.ply)
        action = Action.place(sorted(mirror.state.legal_hexes())[0])
        play_on_page(page, action)
        assert mirror.play(action)
        assert mirror.bot_to_move() == "easy"
        # Not the address play_on_page read: on a loaded machine the reply may be in it.
        after_computer = wait_for_the_computer(page, 0, "#" + mirror.link())
        record, _names = decode_game(after_computer.removeprefix("#"))
        assert record.actions[: mirror.state.ply] == mirror.record().actions
        reply = record.actions[mirror.state.ply :]
        assert reply, "the computer played"
        for move in reply:
            assert mirror.play(move)
        replies.append(reply)
        assert mirror.human_turn()
        assert_page_shows(page, mirror)
    line = mirror.link()

    # Undo: back to the person's last decision; the computer's reply is gone too.
    undo(page, mirror)
    assert mirror.state.ply == decisions[-1] and mirror.human_turn()
    hooks = assert_page_shows(page, mirror)
    assert hooks["toMove"] == ["0"]
    for move in replies[-1]:
        if move.hex is not None:
            assert hooks["hexes"][hex_key(move.hex)]["owner"] is None, "the reply is undone"
    # It is the person's turn, so the computer does not play again by itself.
    page.wait_for_timeout(2_000)
    assert page.evaluate(READ_HISTORY)["thinking"] is None
    assert_page_shows(page, mirror)

    # Once more: to the person's first decision, the empty board.
    undo(page, mirror)
    assert mirror.state.ply == decisions[0] == 0
    assert_page_shows(page, mirror)

    # Redo brings back the person's move and the computer's reply, a decision at a time.
    redo(page, mirror)
    assert mirror.state.ply == decisions[1] and mirror.human_turn()
    assert_page_shows(page, mirror)
    redo(page, mirror)
    assert mirror.link() == line
    assert_page_shows(page, mirror)


# ---------------------------------------------------------------------------- replaying a game

SCRUB_READY = """() => {
  const s = document.getElementById("scrubber");
  return s.getAttribute("aria-valuetext") === `move ${s.value} of ${s.max}`;
}"""


def drag_scrubber(page, fraction: float) -> int:
    """Drag the replay slider's thumb with the mouse to ``fraction`` of its track (beyond 0
    or 1: past its ends); returns the move it settled on."""
    scrubber = page.locator("#scrubber")
    scrubber.scroll_into_view_if_needed()
    box = scrubber.bounding_box()
    value, top = page.evaluate(
        "() => { const s = document.getElementById('scrubber'); return [s.value, s.max]; }"
    )
    inner = box["width"] - 16  # the thumb's centre travels between its half-widths
    y = box["y"] + box["height"] / 2
    x_from = box["x"] + 8 + inner * (int(value) / max(1, int(top)))
    x_to = box["x"] + 8 + inner * fraction
    page.mouse.move(x_from, y)
    page.mouse.down()
    page.mouse.move(x_to, y, steps=4)
    page.mouse.up()
    page.wait_for_function(SCRUB_READY)
    return int(scrubber.input_value())


def show_move(mirror: Session, ply: int) -> None:
    mirror.go_to(ply)
    assert mirror.state.ply == ply


def test_scrubbing_a_finished_game_shows_each_position_and_the_end_again(page):
    page.set_default_timeout(WAIT_MS)
    names = ["Ann", "Ben"]
    whole = random_line(Session.new("waddle", 2, 515, names=names), plies=None, seed=3)
    actions = whole.record().actions
    kinds = {"scout" if a.is_scout else "double" if a.double else "single" for a in actions}
    assert kinds == {"scout", "double", "single"}, "a line with every kind of move"
    nearly = Session.new("waddle", 2, 515, names=names)
    for action in actions[:-2]:
        assert nearly.play(action)
    mirror = Session.from_link(nearly.link())
    open_app(page, "#" + nearly.link())
    assert_page_shows(page, mirror)
    assert read_hooks(page)["result"] is None

    # The last two moves by mouse: the game ends and shows its result.
    for action in actions[-2:]:
        play_on_page(page, action)
        assert mirror.play(action)
    assert mirror.state.is_over()
    end = assert_page_shows(page, mirror)
    winners = ",".join(map(str, mirror.state.winners()))
    assert end["result"] is not None and end["result"]["winners"] == winners
    total = mirror.state.ply

    # Drag the slider back and forth: each position is the engine's after that many moves.
    seen = []
    for fraction in (-0.1, 0.35, 0.7, 0.15, 1.1):  # past the ends: the thumb stops there
        ply = drag_scrubber(page, fraction)
        seen.append(ply)
        show_move(mirror, ply)
        hooks = assert_page_shows(page, mirror)
        assert owners(hooks) == placements(mirror), f"penguins after {ply} moves"
        assert (hooks["result"] is None) == (ply < total)
    assert seen[0] == 0 and seen[-1] == total, seen
    assert len(set(seen)) >= 4, f"the slider moved to several positions: {seen}"

    # Click moves in the list: the first, one in the middle, the last.
    for ply in (1, total // 2, total - 1, total):
        click_and_wait(page, f'#move-list [data-ply="{ply}"]')
        show_move(mirror, ply)
        hooks = assert_page_shows(page, mirror)
        assert owners(hooks) == placements(mirror), f"penguins after {ply} moves"

    # Back at the end: the finished game, its result and its full address again.
    assert hooks["hash"] == end["hash"]
    assert hooks["hexes"] == end["hexes"]
    assert hooks["result"] == end["result"]
