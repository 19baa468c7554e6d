"""The embedded view (``index.html?embed``): the board and a move stepper, opened at a move,
optionally read-only, on its own or in another site's ``<iframe>``.

Games are made here with the engine on CPython; after every step the board must show the
engine's position after that many of the game's actions.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from conftest import _load_script, assert_hooks_match, click_and_wait, open_app, read_hooks
from e2e_tools import LEGAL, expect, owners, placements, random_session, state_of, wait_ready

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


def test_embed_works_in_a_cross_origin_frame(page, page_log, server, tmp_path: Path):
    """Another site (a second loopback server on another port, so another origin) frames
    the embedded view. Both servers are ours, so for this test only requests to both
    origins are expected; anything else still fails it."""
    session = random_session(4, seed=99, plies=PLIES, policy_seed=5)
    src = f"{server.origin}/?embed&ply=3#{game_link(session)}"
    host_page = (
        '<!doctype html><html><head><meta charset="utf-8"><title>A blog post</title>'
        '<link rel="icon" href="data:,"></head><body><h1>Look at this game</h1>'
        f'<iframe id="game" src="{html.escape(src)}" width="480" height="560" '
        'title="Waddle game"></iframe></body></html>'
    )
    serve_web = _load_script("serve_web")
    host = serve_web.make_server(tmp_path, extra={"/post.html": ("text/html", host_page.encode())})
    host.start_in_thread()
    try:
        assert host.origin != server.origin
        page.goto(host.origin + "/post.html")
        # The frame really is another origin: the host page cannot look inside it.
        assert page.evaluate(
            """() => { try { return !document.getElementById("game").contentDocument; }
                       catch (error) { return true; } }"""
        )
        frame_page = page.frame_locator("#game")
        frame_page.locator('html[data-app="ready"]').wait_for(state="attached", timeout=60_000)
        frame = next(f for f in page.frames if f.url.startswith(server.origin + "/"))
        expect(frame_page.locator("svg#board")).to_be_visible()
        expect(frame_page.locator("#embed-bar")).to_be_visible()
        expect(frame_page.locator(".app-header")).to_be_hidden()
        expect(frame_page.locator("#embed-position")).to_have_text(f"Move 3 of {PLIES}")
        assert_board_at(read_hooks(frame), session, 3)

        step(frame_page, "redo", f"Move 4 of {PLIES}")
        assert_board_at(read_hooks(frame), session, 4)
        step(frame_page, "undo", f"Move 3 of {PLIES}")
        step(frame_page, "undo", f"Move 2 of {PLIES}")
        assert_board_at(read_hooks(frame), session, 2)
        step(frame_page, "last", f"Move {PLIES} of {PLIES}")
        assert_board_at(read_hooks(frame), session, PLIES)
    finally:
        host.stop()

    # The requests the log counts as foreign must all be the host site's own.
    to_host = [r for r in page_log.foreign_requests if r.split(" ", 1)[1].startswith(host.origin)]
    assert to_host, "the host page was loaded"
    assert [r for r in page_log.foreign_requests if r not in to_host] == []
    page_log.foreign_requests.clear()
