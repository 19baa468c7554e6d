"""The embedded view (``index.html?embed``): the board and a move stepper, opened at a move,
optionally read-only, on its own or in another site's ``<iframe>``.

Games are made here with the engine on CPython; after every step the board must show the
engine's position after that many of the game's actions.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    _load_script,
    assert_hooks_match,
    click_and_wait,
    open_app,
    read_hooks,
)
from e2e_tools import LEGAL, expect, owners, placements, random_session, state_of, wait_ready

from waddle.app.session import Session
from waddle.core.rng import Rng
from waddle.core.study import Step, Study
from waddle.games.waddle.actions import Action
from waddle.games.waddle.link import encode_game

PLIES = 14


def game_link(session) -> str:
    """The link the page itself would write for the whole line of ``session``."""
    return encode_game(session.full_record(), [s.name for s in session.seats], generated=True)


def state_at(session, ply: int):
    record = session.full_record()
    record.actions = record.actions[:ply]
    return record.replay()


def step(page_or_frame, command: str, position: str) -> None:
    page_or_frame.locator(f'#embed-bar [data-command="{command}"]').click()
    expect(page_or_frame.locator("#embed-position")).to_have_text(position)


def assert_board_at(hooks: dict, session, ply: int, *, legal: bool = True) -> None:
    """The board shows the position after ``ply`` actions (legal hexes only if playable)."""
    assert len(owners(hooks)) == placements(session, ply)
    state = state_at(session, ply)
    if legal:
        assert_hooks_match(hooks, state)
    else:
        for key, shown in hooks["hexes"].items():
            assert not shown["legal"], key
        expected = {}
        for h in state.board.coords:
            penguin = state.penguin_at(h)
            if penguin is not None:
                expected[f"{h[0]},{h[1]}"] = str(penguin[0])
        assert owners(hooks) == expected


def test_embed_opens_at_a_move_steps_and_opens_the_full_app(page):
    session = random_session(3, seed=12, plies=PLIES, policy_seed=3)
    link = game_link(session)
    open_app(page, f"./?embed&ply=5#{link}")

    expect(page.locator(".app-header")).to_be_hidden()
    expect(page.locator("#embed-bar")).to_be_visible()
    expect(page.locator("svg#board")).to_be_visible()
    expect(page.locator("#embed-position")).to_have_text(f"Move 5 of {PLIES}")
    assert page.evaluate("document.documentElement.dataset.view") == "embed"
    assert page.evaluate("location.hash") == "#" + link  # the whole game stays in the address
    assert_board_at(read_hooks(page), session, 5)

    step(page, "undo", f"Move 4 of {PLIES}")
    assert_board_at(read_hooks(page), session, 4)
    step(page, "redo", f"Move 5 of {PLIES}")
    step(page, "redo", f"Move 6 of {PLIES}")
    assert_board_at(read_hooks(page), session, 6)
    step(page, "first", f"Move 0 of {PLIES}")
    assert owners(read_hooks(page)) == {}
    expect(page.locator('#embed-bar [data-command="undo"]')).to_be_disabled()
    expect(page.locator('#embed-bar [data-command="first"]')).to_be_disabled()
    step(page, "last", f"Move {PLIES} of {PLIES}")
    assert_board_at(read_hooks(page), session, PLIES)
    expect(page.locator('#embed-bar [data-command="redo"]')).to_be_disabled()
    expect(page.locator('#embed-bar [data-command="last"]')).to_be_disabled()
    assert page.evaluate("location.hash") == "#" + link

    # Not read-only: a click plays here, and "Open in Waddle" carries the game so far.
    step(page, "first", f"Move 0 of {PLIES}")
    step(page, "redo", f"Move 1 of {PLIES}")
    recorded = session.full_record().actions[1]
    skip = None if recorded.hex is None else f"{recorded.hex[0]},{recorded.hex[1]}"
    legal = [key for key, shown in read_hooks(page)["hexes"].items() if shown["legal"]]
    played = next(key for key in legal if key != skip)  # not the game's own next move
    click_and_wait(page, f'svg#board [data-hex="{played}"]')
    expect(page.locator("#embed-position")).to_have_text("Move 2 of 2")  # a new line
    hooks = read_hooks(page)
    q, r = (int(v) for v in played.split(","))
    new_line = state_of(hooks["hash"])
    assert new_line.history == [session.full_record().actions[0], Action.place((q, r))]
    assert_hooks_match(hooks, new_line)

    href = page.locator("#open-full").get_attribute("href")
    assert href == "./" + hooks["hash"]
    with page.expect_popup() as popup_info:
        page.click("#open-full")
    full = popup_info.value
    wait_ready(full)
    expect(full.locator(".app-header")).to_be_visible()
    expect(full.locator("#embed-bar")).to_be_hidden()
    assert full.evaluate("document.documentElement.dataset.view") is None
    full_hooks = read_hooks(full)
    assert full_hooks["hash"] == hooks["hash"]
    assert_hooks_match(full_hooks, new_line)


def test_embed_code_from_the_app_gives_a_working_read_only_frame(page, server):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.origin)
    open_app(page)
    for _ in range(5):
        click_and_wait(page, LEGAL)
    click_and_wait(page, '.controls [data-command="undo"]')  # at move 4 of 5
    hooks = read_hooks(page)
    whole_line = state_of(hooks["hash"]).history  # the address holds moves 1-4

    page.click('.app-header [data-command="open-share"]')
    expect(page.locator("dialog#share")).to_be_visible()
    assert page.locator("#share-link").input_value() == page.evaluate("location.href")
    expect(page.locator("#embed-readonly")).to_be_checked()
    code = page.locator("#embed-code").input_value()
    match = re.fullmatch(r'<iframe src="([^"]+)" [^<>]*title="Waddle game"[^<>]*></iframe>', code)
    assert match, code
    src = html.unescape(match.group(1))
    assert src.startswith(f"{server.origin}/?embed&ply=4&readonly#w1."), src
    page.click('[data-command="copy-embed"]')
    expect(page.locator("#message")).to_have_text("Embed code copied.")
    assert page.evaluate("navigator.clipboard.readText()") == code

    page.uncheck("#embed-readonly")
    playable = page.locator("#embed-code").input_value()
    assert "readonly" not in playable and "?embed&amp;ply=4#w1." in playable

    # The frame's address: the board at move 4 of the whole line (5 moves), read-only.
    page.goto(src)
    wait_ready(page)
    expect(page.locator(".app-header")).to_be_hidden()
    expect(page.locator(".controls")).to_be_hidden()
    expect(page.locator("#embed-position")).to_have_text("Move 4 of 5")
    frame_hooks = read_hooks(page)
    line = state_of(frame_hooks["hash"])
    assert line.history[:4] == whole_line and line.ply == 5
    assert {k: v["owner"] for k, v in frame_hooks["hexes"].items()} == {
        k: v["owner"] for k, v in hooks["hexes"].items()
    }
    assert page.locator('[data-legal="true"]').count() == 0

    # Clicks on empty ice (and the keys that play) do nothing in a read-only frame.
    empty = [k for k, v in frame_hooks["hexes"].items() if v["kind"] == "ice" and not v["owner"]]
    for key in empty[:3]:
        page.click(f'svg#board [data-hex="{key}"]')
    page.keyboard.press("s")
    page.keyboard.press("u")
    after = read_hooks(page)
    assert after["hexes"] == frame_hooks["hexes"] and after["hash"] == frame_hooks["hash"]
    expect(page.locator("#embed-position")).to_have_text("Move 4 of 5")

    # Stepping still works.
    step(page, "redo", "Move 5 of 5")
    assert len(owners(read_hooks(page))) == len(owners(frame_hooks)) + 1
    assert page.locator('[data-legal="true"]').count() == 0


# ---------------------------------------------------------------------------- another site

HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>A teaching blog</title>
<link rel="icon" href="data:,"></head><body><h1>Lead a card</h1>
<iframe id="f" src="{src}" width="480" height="900" title="Pebbles study"></iframe>
<script>
  window.got = [];
  const frame = document.getElementById("f");
  addEventListener("message", (event) => {{
    if (event.source === frame.contentWindow) window.got.push([event.origin, event.data]);
  }});
  window.post = (message) => frame.contentWindow.postMessage(message, "*");
</script></body></html>"""

NAMES = ["Ann", "Bo", "Cy"]


def card_study():
    """A Pebbles study written before eyes links (its link holds every hand), opened
    through the eyes of the seat that leads (``&eyes=``): a question at the start (any
    Scurry card of the lead's hand), a caption later on; the lead's right and wrong cards
    and a card of another hand."""
    session = Session.new("pebbles", 3, 4, names=NAMES)
    state = session.state
    lead = state.to_move()
    hand = [str(c) for c in state.hands[lead]]
    right = [c for c in hand if c.endswith("S")]
    wrong = next(c for c in hand if not c.endswith("S"))
    other = str(state.hands[(lead + 1) % 3][0])
    rng = Rng(4)
    while session.state.ply < 6:
        session.play(rng.choice(session.state.legal_actions()))
    session.study = Study(
        "Lead a card", (Step(0, "Who leads? The first card sets the suit."), Step(6, "Later."))
    ).with_question(
        0, [[{"play": c}] for c in right], "Your move: lead a Scurry card.", "Scurry leads."
    )
    return session, lead, right, wrong, other


def embed_across_sites(page, server, tmp_path: Path, full: bool) -> None:
    """The host page at http://localhost:PORT (another site than the app's 127.0.0.1: the
    frame is third-party) frames a card study through one seat's eyes and drives it with
    every message of the protocol (``full``; else a first step and an answer)."""
    session, lead, right, wrong, other = card_study()
    link = session.link_of(session.full_record())
    assert link.startswith("p1."), "an address written before eyes links: every hand"
    src = f"{server.origin}/?embed&ply=0&readonly&eyes={lead}#{link}"
    host = _load_script("serve_web").make_server(
        tmp_path, extra={"/lesson.html": ("text/html", HOST_PAGE.format(src=src).encode())}
    )
    host.start_in_thread()
    try:
        host_url = f"http://localhost:{host.server_address[1]}/lesson.html"
        page.goto(host_url)
        page.wait_for_function("window.got.length > 0", timeout=90_000)
        frame = page.frame_locator("#f")
        expect(frame.locator("html")).to_have_attribute("data-app", "ready")
        inner = next(f for f in page.frames if f.url.startswith(server.origin + "/"))
        origins = page.evaluate("window.got.map(([origin]) => origin)")
        assert set(origins) == {server.origin}, "the events come from the app's origin"

        def events(kind: str) -> list[dict]:
            return page.evaluate(
                "kind => window.got.filter(([, d]) => d && d.type === kind).map(([, d]) => d)",
                kind,
            )

        def post(message) -> None:
            page.evaluate("m => window.post(m)", message)

        first = events("waddle:step")[0]
        assert first == {
            "type": "waddle:step",
            "step": 0,
            "steps": 6,
            "game": "pebbles",
            "caption": "Who leads? The first card sets the suit.",
        }
        # Nothing alarming is said, and no other seat's card is in the frame.
        expect(frame.locator("#embed-status")).to_be_hidden()
        markup = inner.evaluate("document.getElementById('app').innerHTML")
        assert f'data-card="{other}"' not in markup and f"card-{other}" not in markup
        opened = Session.from_link(
            inner.evaluate("document.getElementById('open-full').getAttribute('href')")[3:]
        )
        assert opened.setup.eyes == lead, "Open in Waddle: the seat's view, not every hand"

        post({"type": "waddle:try", "action": {"play": wrong}})
        page.wait_for_function("() => window.got.some(([, d]) => d.type === 'waddle:answer')")
        verdict = events("waddle:answer")[0]
        assert verdict["correct"] is False and verdict["actions"] == [{"play": wrong}]
        assert verdict["move"] == f"play {wrong}" and verdict["explanation"] == "Scurry leads."
        assert verdict["said"].startswith(f"{NAMES[lead]} played the ")
        if not full:
            return
        post({"type": "waddle:retry"})
        expect(frame.locator("#exercise")).to_have_attribute("data-verdict", "")
        post({"type": "waddle:try", "action": {"play": right[-1]}})
        page.wait_for_function(
            "() => window.got.filter(([, d]) => d.type === 'waddle:answer').length === 2"
        )
        assert events("waddle:answer")[1]["correct"] is True
        post({"type": "waddle:show-answer"})
        expect(frame.locator("#exercise")).to_have_attribute("data-shown", "")
        expect(frame.locator("#exercise-verdict")).to_contain_text(NAMES[lead])

        # Malformed messages and commands that are none of the protocol change nothing.
        for bad in (
            {"type": "waddle:go", "step": "3"},
            {"type": "waddle:go", "step": -1},
            {"type": "waddle:play", "action": {"play": right[0]}},
            {"type": "waddle:load", "link": link},
            "waddle:go",
            [1, 2],
            {"type": "waddle:go", "step": 1, "pad": "x" * 2000},
        ):
            post(bad)
        post({"type": "waddle:ask"})
        page.wait_for_function(
            "() => window.got.filter(([, d]) => d.type === 'waddle:step').length === 2"
        )
        assert events("waddle:step")[1]["step"] == 0, "ask: the step shown, unchanged"
        post({"type": "waddle:go", "step": 6})
        expect(frame.locator("#embed-position")).to_have_text("Move 6 of 6")
        page.wait_for_function(
            "() => window.got.filter(([, d]) => d.type === 'waddle:step').length === 3"
        )
        assert events("waddle:step")[2]["caption"] == "Later."
        post({"type": "waddle:go", "step": 99_999})  # clamped to the line
        expect(frame.locator("#caption")).to_have_text("Later.")
        assert len(events("waddle:answer")) == 2, "showing the answer is not an answer"
        assert inner.evaluate("location.hash").startswith("#p2."), "the frame's own address"
    finally:
        host.stop()


def test_an_embed_on_another_site_with_storage_blocked_runs_the_whole_protocol(
    page, page_log, server, tmp_path: Path
):
    """Where the browser blocks third-party storage (Chromium's "block third-party cookies",
    this Chromium's default for a frame of another site: localStorage, IndexedDB, Cache
    Storage and service workers refused), the embed starts all the same and answers every
    message; it stored nothing (it could not)."""
    embed_across_sites(page, server, tmp_path, full=True)
    inner = next(f for f in page.frames if f.url.startswith(server.origin + "/"))
    assert inner.evaluate("globalThis.waddleStorageDenied") is True, (
        "this browser let the frame store: the test would not test blocked storage"
    )
    assert inner.evaluate("!navigator.serviceWorker.controller")
    page_log.foreign_requests.clear()  # the host page's own server, on localhost


def test_an_embed_on_another_site_with_storage_allowed_starts_and_answers(
    playwright_driver, server, tmp_path: Path, page_log
):
    """Where third-party storage is allowed (a profile whose cookie setting allows them:
    Chromium's `cookie_controls_mode` 0), the same frame starts with storage."""
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    preferences = {"profile": {"cookie_controls_mode": 0}}
    (profile / "Default" / "Preferences").write_text(json.dumps(preferences))
    context = playwright_driver.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        service_workers="block",
    )
    context.on("console", page_log.on_console)
    context.on("weberror", lambda web_error: page_log.on_page_error(web_error.error))
    try:
        page = context.pages[0] if context.pages else context.new_page()
        (tmp_path / "host").mkdir()
        embed_across_sites(page, server, tmp_path / "host", full=False)
        inner = next(f for f in page.frames if f.url.startswith(server.origin + "/"))
        assert inner.evaluate("globalThis.waddleStorageDenied") is False
        assert inner.evaluate("typeof localStorage.getItem('waddle:any')") == "object"
    finally:
        context.close()
