"""Pebbles in the app's shell: from the chooser and by ``?game=pebbles``, the undo floor and
the pass-the-device screen around it (undo, the scrubber and the move list are no side
doors), the warnings of a link and of saves, a named save and a file round trip, the
painted preview of a returning visit (no hand in it), a finished game looked at from its
start, and the embedded view (every hand, stepping freely, read-only).

Every position the page shows is compared with the engine in this process, decoded from
the page's address (``pebbles_tools``).
"""

from __future__ import annotations

import json

from conftest import click, open_app
from e2e_tools import expect, wait_ready
from pebbles_tools import (
    assert_nothing_hidden_in_the_page,
    assert_pebbles_hooks,
    mirror_of,
    pass_the_device,
    play_by_clicking,
    read_pebbles,
)

from waddle.app.session import Session
from waddle.core.game import OMNISCIENT
from waddle.games.pebbles import Record
from waddle.games.pebbles.actions import K_FISH, K_PLAY
from waddle.games.pebbles.layout import builtin_layout

WAIT_MS = 60_000

HISTORY = """() => {
  const s = document.getElementById("scrubber");
  const undo = document.querySelector('.controls [data-command="undo"]');
  return {
    undo: undo.disabled, undoTitle: undo.title,
    redo: document.querySelector('.controls [data-command="redo"]').disabled,
    hint: document.querySelector('.controls [data-command="hint"]').disabled,
    moves: [...document.querySelectorAll("#move-list [data-ply]")].map((b) => [
      Number(b.dataset.ply), b.disabled]),
    min: Number(s.min), max: Number(s.max), value: Number(s.value), scrubber: s.disabled,
  };
}"""


LOVE = """() => [...document.querySelectorAll("[data-love-of]")].map(
  (e) => ({love: Number(e.textContent)}))"""


def history(page) -> dict:
    return page.evaluate(HISTORY)


def first(state, kind):
    return next(a for a in state.legal_actions() if a.kind == kind)


def decide(page, mirror: Session, action) -> None:
    address = play_by_clicking(page, mirror.state, action)
    assert mirror.play(action), mirror.message
    assert address == "#" + mirror.link()


def test_pebbles_from_the_chooser_then_the_undo_floor_and_the_pass_the_device_screen(page):
    page.set_default_timeout(WAIT_MS)
    open_app(page, "./")
    expect(page.locator('[data-game-choice="pebbles"] svg.thumbnail')).to_be_visible()
    page.click('[data-game-choice="pebbles"]')
    expect(page.locator("html")).to_have_attribute("data-game", "pebbles")
    hooks = read_pebbles(page)
    assert hooks["hash"].startswith("#p1.") and hooks["curtain"], "two people: a curtain first"
    mirror = mirror_of(hooks["hash"])
    state = mirror.state
    assert [s.bot for s in mirror.seats] == [None, None]
    first_player = state.to_move()
    assert page.evaluate("document.activeElement.id") == "curtain-button"
    pass_the_device(page, state)
    assert_pebbles_hooks(read_pebbles(page), state, first_player)

    # The card: the person's own move, theirs to take back (and play again).
    card = first(state, K_PLAY)
    decide(page, mirror, card)
    now = history(page)
    assert not now["undo"] and now["min"] == 0 and now["undoTitle"] == ""
    click(page, '.controls [data-command="undo"]')
    page.wait_for_function("h => location.hash !== h", arg="#" + mirror.link())
    assert mirror.undo_turn() and state.ply == 0
    assert read_pebbles(page)["hash"] == "#" + mirror.link()
    assert not history(page)["redo"]
    decide(page, mirror, card)

    # Fishing turns a card up: never taken back, and the scrubber stops there too.
    fishing = first(state, K_FISH)
    assert state.reveals(fishing)
    decide(page, mirror, fishing)
    assert state.to_move() == first_player, "one action left"
    now = history(page)
    assert now["undo"] and "turned up a hidden card" in now["undoTitle"]
    assert now["min"] == mirror.undo_floor() == state.ply
    assert all(disabled for ply, disabled in now["moves"] if ply < state.ply)
    page.evaluate(
        """() => { const s = document.getElementById("scrubber"); s.value = "0";
                   s.dispatchEvent(new Event("input", {bubbles: true})); }"""
    )
    assert read_pebbles(page)["hash"] == "#" + mirror.link(), "the scrubber is no side door"

    # The turn's end: the pass-the-device screen for the other person.
    while state.to_move() == first_player:
        decide(page, mirror, state.legal_actions()[0])  # never fishing again: no reveal
    hooks = read_pebbles(page)
    assert hooks["curtain"]
    behind = history(page)
    assert behind["undo"] and behind["redo"] and behind["hint"] and behind["scrubber"]
    assert max(p for p, _ in behind["moves"]) <= state.ply
    click(page, "svg#board [data-tile]")  # a click behind the screen does nothing
    assert read_pebbles(page)["hash"] == hooks["hash"]
    pass_the_device(page, state)
    second = state.to_move()
    assert_pebbles_hooks(read_pebbles(page), state, second)
    theirs = history(page)
    assert theirs["undo"] and "own turn" in theirs["undoTitle"]
    assert theirs["min"] == state.ply and not theirs["hint"]
    assert all(disabled for ply, disabled in theirs["moves"] if ply < state.ply)

    # A hint for the person to move: a card of their hand marked.
    click(page, '.controls [data-command="hint"]')
    page.wait_for_function(
        "() => document.getElementById('message').textContent.startsWith('Hint: the ')"
    )
    hinted = page.locator('#hand [data-hint="true"]')
    expect(hinted).to_have_count(1)
    assert hinted.get_attribute("data-legal") == "true"

    # The link's warning, where the link is copied and in the Embed dialog; the saves'.
    click(page, '.app-header [data-command="copy-link"]')
    expect(page.locator("#message")).to_contain_text("every hidden hand and the deck")
    click(page, '.app-header [data-command="open-share"]')
    expect(page.locator("#share-warning")).to_be_visible()
    expect(page.locator("#embed-preview-state")).to_contain_text("no preview")
    assert page.locator("#embed-preview").count() == 0
    page.keyboard.press("Escape")
    click(page, '.app-header [data-command="open-saves"]')
    expect(page.locator("#saves-secret")).to_be_visible()
    page.keyboard.press("Escape")


def test_pebbles_save_round_trip_file_and_a_returning_visit_shows_no_hand(page, tmp_path):
    page.set_default_timeout(WAIT_MS)
    mirror = Session.new("pebbles", 3, 5, names=["Ann", "Bo", "Cy"], bots=[None, "easy", "easy"])
    state = mirror.state
    while mirror.bot_to_move() is not None or state.ply < 6:
        assert mirror.play(state.legal_actions()[0])
    open_app(page, "#" + mirror.link())
    hooks = read_pebbles(page)
    assert not hooks["curtain"], "one person: their hand, no pass-the-device screen"
    assert_pebbles_hooks(hooks, state, 0)
    page.locator("#ai-controls [data-command='pause-ai']").click()

    # A named save, another game, the save loaded: the same game at the same move.
    click(page, '.app-header [data-command="open-saves"]')
    page.fill("#save-name", "Pebbles night")
    page.click('[data-command="save-as"]')
    expect(page.locator("#saves-list [data-save-key]")).to_have_count(1)
    expect(page.locator("#saves-list [data-save-key]")).to_contain_text("Pebbles")
    with page.expect_download() as info:
        page.click('[data-command="export"]')
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert Record.from_json(data).actions == mirror.record().actions
    assert [seat.get("bot") for seat in data["seats"]] == [None, "easy", "easy"]
    page.keyboard.press("Escape")
    other = Session.new("pebbles", 2, 9)
    page.evaluate("link => { location.hash = link; }", other.link())
    page.wait_for_function("h => location.hash === h", arg="#" + other.link())
    click(page, '.app-header [data-command="open-saves"]')
    page.click('#saves-list [data-command="load-save"]')
    expect(page.locator("#message")).to_have_text("Save loaded.")
    assert read_pebbles(page)["hash"] == hooks["hash"]
    click(page, '.app-header [data-command="open-saves"]')
    page.set_input_files("#import-file", path)
    expect(page.locator("#message")).to_have_text("Game imported.")
    assert read_pebbles(page)["hash"] == hooks["hash"]

    # Reload: the board painted while Python starts holds no card of anyone's hand.
    page.add_init_script(
        """new MutationObserver(() => {
             if (document.documentElement.hasAttribute("data-preview") && !window.__painted)
               window.__painted = document.documentElement.outerHTML;
           }).observe(document, {attributes: true, subtree: true,
                                 attributeFilter: ["data-preview"]});"""
    )
    page.reload()
    wait_ready(page)
    painted = page.evaluate("window.__painted || ''")
    assert 'data-board="pebbles"' in painted and "data-tile=" in painted
    assert "data-card=" not in painted, "no card drawn into the kept board"
    assert read_pebbles(page)["hash"] == hooks["hash"]


def test_pebbles_finished_game_is_a_replay_and_the_embed_shows_every_hand(page):
    page.set_default_timeout(WAIT_MS)
    finished = Session.new("pebbles", 2, 12, names=["Ann", "Bo"])
    state = finished.state
    while not state.is_over():
        assert finished.play(state.legal_actions()[-1])
    open_app(page, "#" + finished.link())
    hooks = read_pebbles(page)
    assert hooks["result"] and not hooks["curtain"]
    assert_pebbles_hooks(hooks, state, OMNISCIENT)
    # Looked at from an earlier move: still every hand, nothing to click, no curtain.
    page.evaluate(
        """() => { const s = document.getElementById("scrubber"); s.value = "9";
                   s.dispatchEvent(new Event("input", {bubbles: true})); }"""
    )
    page.wait_for_function("() => document.getElementById('scrubber').value === '9'")
    finished.go_to(9)
    earlier = read_pebbles(page)
    assert not earlier["curtain"] and earlier["legalCards"] == []
    assert_pebbles_hooks(earlier, finished.state, OMNISCIENT)
    assert sum(h["count"] for h in earlier["hands"].values()) == sum(
        len(h["cards"]) for h in earlier["hands"].values()
    ), "every hand face up"

    # The embedded view of an unfinished game: every hand, stepping freely, read-only.
    running = Session.new("pebbles", 3, 4)
    running.all_visible = True  # as the embedded view's session: nothing limits stepping
    while running.state.ply < 40:
        assert running.play(running.state.legal_actions()[0])
    open_app(page, "./?embed&ply=30&readonly#" + running.link())
    shown = read_pebbles(page)
    assert not shown["curtain"]
    running.go_to(30)
    assert_pebbles_hooks(shown, running.state, OMNISCIENT)
    assert shown["legalCards"] == [] and not any(t["legal"] for t in shown["tiles"].values())
    click(page, '#embed-bar [data-command="first"]')
    page.wait_for_function(
        "() => document.getElementById('embed-position').textContent.startsWith('Move 0 of')"
    )
    running.go_to(0)
    assert_pebbles_hooks(read_pebbles(page), running.state, OMNISCIENT)
    click(page, '#embed-bar [data-command="last"]')
    page.wait_for_function(
        "() => document.getElementById('embed-position').textContent.startsWith('Move 40 of')"
    )
    running.go_to(40)
    assert_pebbles_hooks(read_pebbles(page), running.state, OMNISCIENT)
    assert_nothing_hidden_in_the_page(page, running.state, OMNISCIENT)


def test_pebbles_new_game_dialog_custom_layout_and_the_tutorial_by_clicking(page, tmp_path):
    page.set_default_timeout(WAIT_MS)
    open_app(page, "./?game=pebbles")
    # The New game dialog: three players, a computer seat, a typed seed.
    page.click('[data-command="new-game"]')
    expect(page.locator("dialog#new-game")).to_be_visible()
    expect(page.locator("#ng-game")).to_have_value("pebbles")
    page.select_option("#ng-players", "3")
    page.select_option('#new-game [name="kind1"]', "easy")
    page.check('#new-game [name="map"][value="seed"]')
    page.fill("#ng-seed", "123")
    page.click('[data-command="start-new-game"]')
    expect(page.locator("dialog#new-game")).to_be_hidden()
    started = mirror_of(read_pebbles(page)["hash"])
    assert started.setup.players == 3 and started.setup.seed == 123
    assert [s.bot for s in started.seats] == [None, "easy", None]
    assert started.setup.dumps() == Session.new("pebbles", 3, 123).setup.dumps()

    # A custom layout from a file: one with a mistake is refused with its problems, a good
    # one starts a game on it.
    layout = builtin_layout(2).to_json()
    layout.pop("name")
    broken = dict(layout, tiles=[t for t in layout["tiles"] if t["number"] != 10])
    bad, good = tmp_path / "bad.json", tmp_path / "good.json"
    bad.write_text(json.dumps(broken), encoding="utf-8")
    good.write_text(json.dumps(layout), encoding="utf-8")
    page.click('[data-command="new-game"]')
    page.select_option("#ng-players", "2")
    page.set_input_files("#ng-board-file", bad)
    page.click('[data-command="start-new-game"]')
    expect(page.locator("#ng-error")).to_contain_text('territory "Point" has no tile')
    page.set_input_files("#ng-board-file", good)
    page.click('[data-command="start-new-game"]')
    expect(page.locator("dialog#new-game")).to_be_hidden()
    custom = mirror_of(read_pebbles(page)["hash"]).setup
    assert custom.layout.name is None and custom.layout.key() == builtin_layout(2).key()

    # The tutorial: each kind of action, by clicking, and two tricks won.
    click(page, '.app-header [data-command="start-tutorial"]')
    expect(page.locator("#tutorial")).to_be_visible()
    assert not read_pebbles(page)["curtain"], "the tutorial shows your hand at once"
    steps = [
        ('#hand [data-card="12L"]',),
        ('[data-control="place"]',),
        ('svg#board [data-legal="true"]',),
        ('[data-control="power"]', 'svg#board [data-legal="true"]'),
        ('#hand [data-card="9S"]',),
        ('#row [data-legal="true"]',),
        ('[data-control="power"]', 'svg#board [data-legal="true"]'),
    ]
    for k, clicks in enumerate(steps, 1):
        expect(page.locator("#tutorial-progress")).to_have_text(f"(step {k} of 9)")
        for selector in clicks:
            click(page, selector)
    # The scurrying penguin: a step, then stop (or on, until the move ends by itself).
    while page.locator("#tutorial-progress").text_content() == "(step 8 of 9)":
        click(page, 'svg#board [data-legal="true"]')
        page.wait_for_timeout(100)
        if page.locator('[data-control="done"]').count():
            click(page, '[data-control="done"]')
    expect(page.locator("#tutorial-progress")).to_have_text("(step 9 of 9)")
    expect(page.locator("#tutorial-text")).to_contain_text("your 9 of Scurry won this trick")
    assert [row["love"] for row in page.evaluate(LOVE)] == [2, 0]
