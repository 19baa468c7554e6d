"""Wrong clicks, used-up tokens, blocked scouting, damaged links and a failing handler: the
page says why, changes nothing it should not, and stays playable.

Games are made here on CPython with the engine the page runs; the page's hooks are then
compared with the engine's state (``assert_hooks_match``).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from conftest import (
    assert_hooks_match,
    choose_token,
    click,
    click_and_wait,
    hex_key,
    open_app,
    read_hooks,
)
from playwright.sync_api import expect

from waddle.app.session import Session
from waddle.games import GAMES
from waddle.games.waddle import SCOUT, Action
from waddle.games.waddle.link import decode_game

LEGAL = 'svg#board [data-legal="true"]'


def session_after(players: int, seed: int, plies: int, names=None, policy_seed: int = 7):
    """A game on map ``seed`` with ``plies`` random legal singles (or fewer if it ends)."""
    session = Session.new("waddle", players, seed, names)
    rng = random.Random(policy_seed)
    for _ in range(plies):
        if session.state.is_over():
            break
        session.play(Action.place(rng.choice(sorted(session.state.legal_hexes()))))
    return session


def finished_session(players: int, seed: int, names=None) -> Session:
    return session_after(players, seed, 10_000, names)


def state_in(hooks: dict):
    """The engine's state for the game in the page's address."""
    record, _ = decode_game(hooks["hash"].removeprefix("#"))
    return record.replay()


def wait_for_message(page, text: str) -> str:
    page.wait_for_function(
        "text => document.getElementById('message').textContent.includes(text)", arg=text
    )
    return page.locator("#message").text_content()


def assert_no_markup_from_outside(page) -> None:
    """Nothing from a link became an element: no image, no inline handler, no bold."""
    found = page.evaluate(
        """() => [...document.querySelectorAll("img, script:not([src]):not([type='py']), b,"
                 + " [onerror], [onload]")].map((e) => e.outerHTML.slice(0, 80))"""
    )
    assert found == []


# ---------------------------------------------------------------------------- clicks


def test_illegal_clicks_change_nothing_and_say_why(page):
    session = session_after(2, 606, 5)
    state = session.state
    open_app(page, "#" + session.link())
    hooks = read_hooks(page)
    assert_hooks_match(hooks, state)

    water = next(h for h in state.board.coords if not state.board.is_ice[state.board.index[h]])
    taken = next(h for h in state.board.coords if state.penguin_at(h) is not None)
    legal = set(state.legal_hexes())
    far = next(
        h
        for h in state.board.coords
        if state.board.is_ice[state.board.index[h]]
        and state.penguin_at(h) is None
        and h not in legal
    )
    cases = [
        (water, "is water"),
        (taken, "already has a penguin"),
        (far, f"is not next to the active water hex {state.active_number}"),
    ]
    for target, why in cases:
        click(page, f'svg#board [data-hex="{hex_key(target)}"]')
        said = wait_for_message(page, why)
        assert not re.search(r"-?\d+,-?\d+", said), "places are named as the board shows them"
        after = read_hooks(page)
        assert after["hash"] == hooks["hash"], f"a click on {target} changed the game"
        assert after["hexes"] == hooks["hexes"]
        assert after["toMove"] == hooks["toMove"]
        assert after["problem"] is None
        assert page.locator("#message").is_visible()

    # The same choice, illegal with a double chosen: still nothing, and the choice stays.
    choose_token(page, "double")
    click(page, f'svg#board [data-hex="{hex_key(taken)}"]')
    wait_for_message(page, "already has a penguin")
    after = read_hooks(page)
    assert after["hash"] == hooks["hash"]
    assert after["double"]["pressed"] == "true"

    # A legal click afterwards places that double, and the message goes away.
    target = sorted(legal)[0]
    click_and_wait(page, f'svg#board [data-hex="{hex_key(target)}"]')
    state.apply(Action.place(target, double=True))
    after = read_hooks(page)
    assert_hooks_match(after, state)
    assert "already has a penguin" not in after["message"]


def test_double_choice_is_disabled_when_the_player_has_none_left(page):
    session = Session.new("waddle", 2, 515)
    state = session.state
    open_app(page, "#" + session.link())
    hooks = read_hooks(page)
    # Place doubles whenever the player to move has one, until someone to move has none.
    while state.doubles_left[state.to_move()] > 0:
        assert not hooks["double"]["disabled"]
        assert f"({state.doubles_left[state.to_move()]} left)" in hooks["double"]["text"]
        choose_token(page, "double")
        target = sorted(state.legal_hexes())[0]
        click_and_wait(page, f'svg#board [data-hex="{hex_key(target)}"]')
        state.apply(Action.place(target, double=True))
        hooks = read_hooks(page)
        assert_hooks_match(hooks, state)
        assert hooks["hexes"][hex_key(target)]["token"] == "double"

    player = str(state.to_move())
    assert hooks["double"]["disabled"]
    assert "(0 left)" in hooks["double"]["text"]
    assert page.locator(f'[data-doubles-left="{player}"]').text_content() == "0"
    assert hooks["single"]["pressed"] == "true"
    # A click on the disabled choice selects nothing: the next placement is a single.
    page.locator('[data-token-choice="double"]').click(force=True)
    assert read_hooks(page)["double"]["pressed"] == "false"
    target = sorted(state.legal_hexes())[0]
    click_and_wait(page, f'svg#board [data-hex="{hex_key(target)}"]')
    state.apply(Action.place(target))
    hooks = read_hooks(page)
    assert_hooks_match(hooks, state)
    placed = hooks["hexes"][hex_key(target)]
    assert (placed["owner"], placed["token"]) == (player, "single")


def test_scout_is_disabled_with_the_reason_for_the_last_player_placing(page):
    session = Session.new("waddle", 3, 828)
    state = session.state
    open_app(page, "#" + session.link())
    # Two of three players scout ahead: the third is the last one placing this round.
    for _ in range(2):
        assert not read_hooks(page)["scout"]["disabled"]
        click_and_wait(page, '[data-action="scout"]')
        state.apply(SCOUT)
    hooks = read_hooks(page)
    assert_hooks_match(hooks, state)
    reason = state.why_not_scout()
    assert reason and "last player" in reason
    assert hooks["scout"]["disabled"]
    assert reason in hooks["scout"]["title"]
    assert reason in page.locator("#scout-reason").text_content()
    assert page.locator("#scout-reason").is_visible()

    # Clicking it anyway changes nothing.
    page.locator('[data-action="scout"]').click(force=True)
    assert read_hooks(page)["hash"] == hooks["hash"]

    # The last player places until the active hex is surrounded; then scouting is back.
    number = state.active_number
    while state.active_number == number:
        target = sorted(state.legal_hexes())[0]
        click_and_wait(page, f'svg#board [data-hex="{hex_key(target)}"]')
        state.apply(Action.place(target))
    hooks = read_hooks(page)
    assert_hooks_match(hooks, state)
    assert not hooks["scout"]["disabled"]


# ---------------------------------------------------------------------------- links


REAL = session_after(3, 1717, 12).link()
DAMAGED = {
    "short-garbage": "#w1.AAAA",
    "markup": "#<img src=x onerror=alert(1)>",
    "truncated": "#" + REAL[:-6],
    "one-character-changed": f"#{REAL[:-3]}{'B' if REAL[-3] == 'A' else 'A'}{REAL[-2:]}",
}


@pytest.mark.parametrize("link", DAMAGED.values(), ids=DAMAGED.keys())
def test_damaged_link_opens_a_playable_new_game_and_says_why(page, link):
    alerts = []
    page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    open_app(page, link)

    hooks = read_hooks(page)
    assert hooks["app"] == "ready"
    assert hooks["problem"] and "could not be opened" in hooks["problem"]
    assert "new game was started" in hooks["problem"].lower()
    assert page.locator("#problem").is_visible()
    assert "<" not in page.locator("#problem").inner_html()
    assert_no_markup_from_outside(page)
    assert alerts == []

    # The address now holds the new game, which the board shows and which can be played.
    assert hooks["hash"] != link
    state = state_in(hooks)
    assert_hooks_match(hooks, state)
    assert any(shown["legal"] for shown in hooks["hexes"].values())
    target = sorted(state.legal_hexes())[0]
    click_and_wait(page, f'svg#board [data-hex="{hex_key(target)}"]')
    state.apply(Action.place(target))
    hooks = read_hooks(page)
    assert_hooks_match(hooks, state)
    assert hooks["problem"] is None


def test_damaged_link_pasted_during_a_game_keeps_the_game(page):
    session = session_after(2, 909, 3)
    open_app(page, "#" + session.link())
    alerts = []
    page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    before = read_hooks(page)
    for link in DAMAGED.values():
        page.evaluate("link => { location.hash = link; }", link)
        page.wait_for_function(
            "() => !document.getElementById('problem').hidden && location.hash.startsWith('#w1.')"
        )
        hooks = read_hooks(page)
        assert "could not be opened" in hooks["problem"]
        assert hooks["hash"] == before["hash"], "the address is put back to the game"
        assert hooks["hexes"] == before["hexes"]
        assert hooks["toMove"] == before["toMove"]
        assert_no_markup_from_outside(page)
        page.evaluate("() => { document.getElementById('problem').hidden = true; }")
    assert alerts == []

    # A good link pasted afterwards is opened.
    other = session_after(2, 910, 4)
    page.evaluate("link => { location.hash = link; }", "#" + other.link())
    page.wait_for_function("link => location.hash === link", arg="#" + other.link())
    assert_hooks_match(read_hooks(page), other.state)


def test_names_in_a_link_are_shown_as_text(page):
    names = ["<img src=x onerror=f()>", "<b>Bo</b> & <i>"]
    alerts = []
    page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    playing = session_after(2, 1234, 4, names)
    open_app(page, "#" + playing.link())
    side = page.locator(".side").text_content()
    for name in names:
        assert name in side
    assert_no_markup_from_outside(page)

    finished = finished_session(2, 1234, names)
    page.evaluate("link => { location.hash = link; }", "#" + finished.link())
    page.wait_for_selector("#result[data-winners]")
    result = page.locator("#result").text_content()
    assert any(names[p] in result for p in finished.state.winners())
    assert page.locator("#players").text_content().count(names[1]) == 1
    assert_no_markup_from_outside(page)
    assert alerts == []


# ---------------------------------------------------------------------------- failures


def test_python_error_in_a_move_is_shown_and_the_game_kept(page, page_log):
    session = session_after(2, 4040, 6)
    open_app(page, "#" + session.link())
    before = read_hooks(page)
    # An element the page never makes: data-hex that is not "q,r" makes int() raise inside
    # the click handler, which is a Python exception in the middle of a move.
    page.evaluate(
        """() => {
          const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
          g.setAttribute("data-hex", "x,y");
          document.getElementById("board").appendChild(g);
          g.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
        }"""
    )
    hooks = read_hooks(page)
    assert hooks["problem"] and "Something went wrong (ValueError" in hooks["problem"]
    assert "as it was before" in hooks["problem"]
    assert page.locator("#problem").is_visible()
    assert hooks["hash"] == before["hash"]
    assert hooks["hexes"] == before["hexes"], "the game (and the board) as before"
    assert hooks["toMove"] == before["toMove"]
    assert_hooks_match(hooks, session.state)
    assert page.locator('svg#board [data-hex="x,y"]').count() == 0
    # The traceback went to the console for developers, on purpose.
    assert any("ValueError" in m for m in page_log.console_errors), page_log.console_errors
    assert page_log.page_errors == []
    page_log.clear()

    # The page still plays, and the next good move clears the problem.
    target = sorted(session.state.legal_hexes())[0]
    click_and_wait(page, f'svg#board [data-hex="{hex_key(target)}"]')
    session.state.apply(Action.place(target))
    hooks = read_hooks(page)
    assert_hooks_match(hooks, session.state)
    assert hooks["problem"] is None


# ---------------------------------------------------------------------------- the game in progress


def game_in_progress(game_id: str, plies: int = 6) -> Session:
    """A game of ``game_id`` a few random decisions in, made on CPython."""
    entry = GAMES.by_id(game_id)
    session = Session.new(game_id, entry.players[0], 31)
    rng = random.Random(5)
    for _ in range(plies):
        session.play(rng.choice(session.state.legal_actions()))
    return session


@pytest.mark.parametrize("game_id", [entry.id for entry in GAMES])
def test_a_damaged_link_opened_over_a_game_in_progress_keeps_that_game(page, game_id):
    playing = game_in_progress(game_id)
    link = playing.link()
    open_app(page, "./#" + link)  # the page autosaves the game it shows
    assert read_hooks(page)["hash"] == "#" + link

    others = [e for e in GAMES if e.id != game_id]
    damaged = {
        "truncated": link[:-6],
        "another game's prefix": others[0].link_prefixes[0] + link.split(".", 1)[1],
    }
    for kind, text in damaged.items():
        page.goto("about:blank")  # a new visit: only the hash differing, it would not reload
        open_app(page, "./#" + text)
        hooks = read_hooks(page)
        assert hooks["problem"].startswith("The game in this link could not be opened: "), kind
        assert hooks["problem"].endswith("Your game in progress is shown instead."), kind
        assert hooks["hash"] == "#" + link, f"{kind}: the game in progress is on the board"
        assert_no_markup_from_outside(page)

    page.goto("about:blank")
    open_app(page, "./")  # a plain reload resumes it: the autosave was never replaced
    hooks = read_hooks(page)
    assert hooks["hash"] == "#" + link
    assert hooks["problem"] is None


def test_a_link_with_one_place_far_off_is_refused_at_once_and_the_game_stays(page):
    """Before: a Hey, That's My Fish! or Waddle link of ~150 characters with one floe or
    hex at q = 2**40 never drew (a label per column up to it, a name a word a step). Now it
    is refused in one line within a second, the game in progress still on the board; a
    legal board with a floe 100 steps out opens and draws its floes."""
    from tests.far_boards import far_link, far_record_json

    playing = game_in_progress("pebbles")
    open_app(page, "./#" + playing.link())
    before = read_hooks(page)
    for game_id in ("htmf", "waddle"):
        link = far_link(game_id, 1 << 40, 0)
        assert len(link) < 200
        page.evaluate("link => { location.hash = link; }", link)
        problem = page.locator("#problem")
        expect(problem).to_contain_text("too far from 0,0", timeout=1_000)
        expect(problem).to_contain_text("The game in this link could not be opened")
        hooks = read_hooks(page)
        assert hooks["hash"] == before["hash"], f"{game_id}: the game in progress is shown"
        assert len(hooks["problem"]) < 300
        page.evaluate("() => { document.getElementById('problem').hidden = true; }")

    htmf = GAMES.by_id("htmf").load()
    sparse = htmf.encode_link(htmf.record_from_json(far_record_json("htmf", 100, -50)))
    page.evaluate("link => { location.hash = link; }", sparse)
    expect(page.locator('svg#board [data-kind="ice"]')).to_have_count(61)
    expect(page.locator("#problem")).to_be_hidden()


def test_files_the_game_cannot_hold_are_refused_on_import_and_the_game_stays(page, tmp_path):
    playing = game_in_progress("pebbles")
    open_app(page, "./#" + playing.link())
    before = read_hooks(page)["hash"]
    unlinkable = json.loads(playing.record().dumps())
    unlinkable["seed"] = 10**30  # no link can carry it: a reload would have lost the game
    tokens = json.loads(game_in_progress("waddle-waddle").record().dumps())
    files = {
        "deep.json": ("[" * 5000 + "]" * 5000, "nested deeper than"),
        "seed.json": (json.dumps(unlinkable), "seed"),
        "tokens.json": (json.dumps(_with_junk_tokens(tokens)), "token"),
    }
    for name, (text, says) in files.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        page.click('.app-header [data-command="open-saves"]')
        page.set_input_files("#import-file", path)
        message = page.locator("#saves-message")
        expect(message).to_contain_text("Not imported: ")
        assert says in message.text_content(), name
        assert len(message.text_content()) < 300
        page.keyboard.press("Escape")
        assert read_hooks(page)["hash"] == before, name

    # Python is still well after all that: a good file imports.
    good = tmp_path / "good.json"
    good.write_text(game_in_progress("htmf").record().dumps(), encoding="utf-8")
    page.click('.app-header [data-command="open-saves"]')
    page.set_input_files("#import-file", good)
    expect(page.locator("#message")).to_have_text("Game imported.")


def _with_junk_tokens(record: dict) -> dict:
    """A Waddle Waddle record whose conservation tokens hold a word, not a number (its
    reader sorted them before checking their type, and the import said nothing at all)."""
    record["tokens"]["conservation"][0] = "three"
    return record
