"""Hey, That's My Fish! in the app's shell: opened by ``?game=htmf`` and from the game
chooser, undo and redo, the replay scrubber and the move list, named saves and files, a
Waddle game that survives a game of Hey, That's My Fish!, and the embedded view.

Every position the page shows is compared with the engine in this process, decoded from
the page's address (``htmf_tools``).
"""

from __future__ import annotations

import json
import random

from conftest import (
    assert_hooks_match,
    click,
    click_and_wait,
    hex_key,
    open_app,
    read_hooks,
)
from e2e_tools import expect
from e2e_tools import state_of as waddle_state_of
from htmf_tools import (
    assert_htmf_hooks,
    game_of,
    play_by_clicking,
    random_htmf,
    read_htmf,
    state_of,
)

from waddle.app.session import Session
from waddle.games.htmf import Record
from waddle.games.htmf.record import FORMAT

READ_HISTORY = """() => {
  const s = document.getElementById("scrubber");
  const current = document.querySelector('#move-list [aria-current="step"]');
  return {
    undo: document.querySelector('.controls [data-command="undo"]').disabled,
    redo: document.querySelector('.controls [data-command="redo"]').disabled,
    moves: [...document.querySelectorAll("#move-list [data-ply]")]
      .map((b) => Number(b.dataset.ply)),
    heads: [...document.querySelectorAll("#move-list .round-head")].map((h) => h.textContent),
    current: current ? Number(current.dataset.ply) : null,
    value: Number(s.value), max: Number(s.max),
  };
}"""


def assert_page_shows(page, mirror: Session) -> dict:
    """The page shows ``mirror``'s position, its address and its line of moves."""
    hooks = read_htmf(page)
    assert_htmf_hooks(hooks, mirror.state)
    assert hooks["hash"] == "#" + mirror.link()
    history = page.evaluate(READ_HISTORY)
    assert history["undo"] == (not mirror.can_undo())
    assert history["redo"] == (not mirror.can_redo())
    assert history["moves"] == list(range(1, mirror.total_plies + 1)), "the whole line is listed"
    assert history["current"] == (mirror.state.ply or None)
    assert (history["value"], history["max"]) == (mirror.state.ply, mirror.total_plies)
    return hooks


def scrub_to(page, ply: int) -> None:
    """Set the replay slider to ``ply`` as a drag does (an ``input`` event)."""
    page.evaluate(
        """ply => { const s = document.getElementById("scrubber"); s.value = String(ply);
                    s.dispatchEvent(new Event("input", {bubbles: true})); }""",
        ply,
    )
    page.wait_for_function(
        "ply => document.getElementById('scrubber').getAttribute('aria-valuetext')"
        ".startsWith(`move ${ply} of`)",
        arg=ply,
    )


def open_saves(page) -> None:
    page.click('.app-header [data-command="open-saves"]')
    expect(page.locator("dialog#saves")).to_be_visible()


def test_htmf_by_query_then_undo_redo_the_scrubber_saves_and_files(page, tmp_path):
    open_app(page, "./?game=htmf")
    hooks = read_htmf(page)
    assert page.evaluate("location.search") == "", "?game= starts a game once"
    linked = game_of(hooks["hash"])
    assert linked.record.players == 2 and linked.record.generated is not None
    mirror = Session.from_link(hooks["hash"].removeprefix("#"))
    assert_page_shows(page, mirror)
    assert page.locator("#game-title").text_content() == "Hey, That's My Fish!"

    # Placements and moves by clicking, then undo and redo with the buttons.
    rng = random.Random(4)
    while mirror.state.ply < 12:
        action = rng.choice(mirror.state.legal_actions())
        play_by_clicking(page, action)
        assert mirror.play(action)
    assert_page_shows(page, mirror)
    moved = mirror.state.last_action
    assert moved.src is not None
    click_and_wait(page, '.controls [data-command="undo"]')
    assert mirror.undo_turn()
    undone = assert_page_shows(page, mirror)
    assert undone["hexes"][hex_key(moved.src)]["kind"] == "ice", "undo puts the floe back"
    click_and_wait(page, '.controls [data-command="undo"]')
    assert mirror.undo_turn()
    assert_page_shows(page, mirror)
    click_and_wait(page, '.controls [data-command="redo"]')
    assert mirror.redo_turn()
    assert_page_shows(page, mirror)
    assert page.evaluate(READ_HISTORY)["heads"] == ["Placing the penguins", "Round 1", "Round 2"]

    # The scrubber and the move list show any position of the whole line, playable.
    for ply in (0, 5, 9, mirror.total_plies):
        scrub_to(page, ply)
        mirror.go_to(ply)
        assert_page_shows(page, mirror)
    for ply in (3, 10):
        click_and_wait(page, f'#move-list [data-ply="{ply}"]')
        mirror.go_to(ply)
        assert_page_shows(page, mirror)

    # A named save, another game, and the save loaded: the same game at the same move,
    # with the moves after it still to redo.
    saved = assert_page_shows(page, mirror)
    open_saves(page)
    name = "Fish & <i>chips</i>"
    page.fill("#save-name", name)
    page.click('[data-command="save-as"]')
    row = page.locator("#saves-list [data-save-key]")
    expect(row).to_have_count(1)
    expect(row.locator(".save-name")).to_have_text(name)
    expect(row).to_contain_text("Hey, That's My Fish!")
    expect(row).to_contain_text(f"move {mirror.state.ply}")
    assert page.locator("#saves-list i").count() == 0
    page.keyboard.press("Escape")
    other = random_htmf(3, seed=5, plies=4)
    page.evaluate("link => { location.hash = link; }", other.link())
    page.wait_for_function("h => location.hash === h", arg="#" + other.link())
    open_saves(page)
    page.click('#saves-list [data-command="load-save"]')
    expect(page.locator("#message")).to_have_text("Save loaded.")
    assert_page_shows(page, mirror)

    # Export, then import the file in place of another game.
    open_saves(page)
    with page.expect_download() as info:
        page.click('[data-command="export"]')
    download = info.value
    assert download.suggested_filename == f"htmf-2p-move{mirror.state.ply}.json"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT
    exported = Record.from_json(data)
    assert exported.actions == mirror.record().actions
    assert exported.board == mirror.setup.board
    assert [seat["name"] for seat in data["seats"]] == [s.name for s in mirror.seats]
    page.keyboard.press("Escape")
    page.evaluate("link => { location.hash = link; }", other.link())
    page.wait_for_function("h => location.hash === h", arg="#" + other.link())
    open_saves(page)
    page.set_input_files("#import-file", path)
    expect(page.locator("#message")).to_have_text("Game imported.")
    imported = read_htmf(page)
    assert imported["hash"] == saved["hash"] and imported["hexes"] == saved["hexes"]


def test_htmf_from_the_chooser_in_one_click_and_a_waddle_game_kept_to_resume(page):
    # A first visit: the chooser, and one click on Hey, That's My Fish! starts a game.
    open_app(page, "./")
    expect(page.locator("#chooser")).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.game ?? null") is None
    click(page, '[data-game-choice="htmf"]')
    page.wait_for_function("() => location.hash.startsWith('#h1.')")
    expect(page.locator("#chooser")).to_be_hidden()
    hooks = read_htmf(page)
    state = state_of(hooks["hash"])
    assert state.ply == 0 and state.players == 2
    assert_htmf_hooks(hooks, state)
    assert hooks["message"].startswith("New game of Hey, That's My Fish! on board ")
    play_by_clicking(page, state.legal_actions()[0])

    # A Waddle game in progress, then a new game of Hey, That's My Fish! from the chooser:
    # the chooser offers the Waddle game back, where it was.
    waddle = Session.new("waddle", 2, 4242, names=["Ann", "Ben"])
    for _ in range(3):
        assert waddle.play(waddle.state.legal_actions()[0])
    page.evaluate("link => { location.hash = link; }", waddle.link())
    page.wait_for_function("() => document.documentElement.dataset.game === 'waddle'")
    target = sorted(waddle.state.legal_hexes())[0]
    waddle_hash = click_and_wait(page, f'svg#board [data-hex="{hex_key(target)}"]')
    assert_hooks_match(read_hooks(page), waddle_state_of(waddle_hash))

    click(page, '.app-header [data-command="open-chooser"]')
    expect(page.locator("#chooser")).to_be_visible()
    click(page, '[data-game-choice="htmf"]')
    page.wait_for_function("() => document.documentElement.dataset.game === 'htmf'")
    assert state_of(page.evaluate("location.hash")).ply == 0
    click(page, '.app-header [data-command="open-chooser"]')
    resume = page.locator('[data-resume="waddle"]')
    expect(resume).to_have_text("Resume your game (at move 4)")
    resume.click()
    page.wait_for_function("h => location.hash === h", arg=waddle_hash)
    expect(page.locator("#chooser")).to_be_hidden()
    expect(page.locator("#message")).to_have_text("Welcome back: the game is where you left it.")
    assert_hooks_match(read_hooks(page), waddle_state_of(waddle_hash))


def embed_step(page, command: str, ply: int, total: int) -> None:
    page.locator(f'#embed-bar [data-command="{command}"]').click()
    expect(page.locator("#embed-position")).to_have_text(f"Move {ply} of {total}")


def test_htmf_embed_opens_at_a_move_steps_and_plays_or_only_shows(page):
    whole = random_htmf(3, seed=31, plies=None, policy_seed=2, names=["Ann", "Bo", "Cy"])
    link = whole.link_of(whole.full_record())
    total = whole.state.ply

    # Playable: open at move 20, step, then play a two-click move from move 12.
    open_app(page, f"./?embed&ply=20#{link}")
    expect(page.locator(".app-header")).to_be_hidden()
    expect(page.locator("#embed-position")).to_have_text(f"Move 20 of {total}")
    assert_htmf_hooks(read_htmf(page), state_of("#" + link, 20))
    for command, ply in (("undo", 19), ("redo", 20), ("first", 0), ("last", total)):
        embed_step(page, command, ply, total)
        assert_htmf_hooks(read_htmf(page), state_of("#" + link, ply))
    assert read_htmf(page)["result"] is not None, "the end shows the result"
    embed_step(page, "first", 0, total)
    for ply in range(1, 13):
        embed_step(page, "redo", ply, total)
    at = state_of("#" + link, 12)
    assert at.phase == "move"
    action = next(a for a in at.legal_actions() if a != whole.full_record().actions[12])
    play_by_clicking(page, action)
    expect(page.locator("#embed-position")).to_have_text("Move 13 of 13")  # a new line
    at.apply(action)
    assert_htmf_hooks(read_htmf(page), at)

    # Read-only: it steps through the moves, and clicks on the board play nothing.
    open_app(page, f"./?embed&readonly&ply=25#{link}")
    expect(page.locator("#embed-position")).to_have_text(f"Move 25 of {total}")
    shown = read_htmf(page)
    at = state_of("#" + link, 25)
    assert_htmf_hooks(shown, at, legal=False)
    mover = next(h for h, p in at.penguins().items() if p == at.to_move())
    page.click(f'svg#board [data-hex="{hex_key(mover)}"]')
    assert read_htmf(page)["hexes"] == shown["hexes"], "a read-only embed chooses nothing"
    for command, ply in (("redo", 26), ("undo", 25), ("last", total), ("first", 0)):
        embed_step(page, command, ply, total)
        assert_htmf_hooks(read_htmf(page), state_of("#" + link, ply), legal=False)
    assert page.evaluate("location.hash") == "#" + link
