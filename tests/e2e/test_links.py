"""Share links: the address holds the whole game, a copied link opens it anywhere, and a
damaged or hostile address never breaks the page or gets into it.

Games are made or decoded here with the engine on CPython; the page must show exactly the
engine's state (``assert_hooks_match``).
"""

from __future__ import annotations

import pytest
from conftest import assert_hooks_match, click_and_wait, open_app, read_hooks
from e2e_tools import LEGAL, expect, owners, random_session, state_of

from waddle.games.waddle.link import encode_game

HASH_LIMIT = 300
"""Longest address fragment a finished 5-player game may need."""


def _one_char_changed(link: str) -> str:
    middle = len("w1.") + (len(link) - len("w1.")) // 2
    swapped = "B" if link[middle] != "B" else "C"
    return link[:middle] + swapped + link[middle + 1 :]


_LINK = random_session(2, seed=7, plies=9).link()
BAD_HASHES = {
    "short": "w1.AAAA",
    "one-char-changed": _one_char_changed(_LINK),
    "truncated": _LINK[: len(_LINK) // 2],
    "html": "<img src=x onerror=alert(1)>",
    "javascript": "javascript:alert(1)",
    "20000-chars": ("w1." + _LINK[3:] * 1000)[:20_000],
}


REFUSE_CLIPBOARD = """() => {
  navigator.clipboard.writeText = () =>
    Promise.reject(new DOMException("Document is not focused.", "NotAllowedError"));
}"""
NO_CLIPBOARD = """() => {
  Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined });
}"""


def dialogs_of(page) -> list[str]:
    """Every alert/confirm/prompt the page opens from now on (dismissed)."""
    seen: list[str] = []

    def on_dialog(dialog) -> None:
        seen.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", on_dialog)
    return seen


def assert_playable_and_clean(page, dialogs: list[str]) -> None:
    """Ready, legal hexes shown, a click places, and nothing from the address got in."""
    hooks = read_hooks(page)
    assert hooks["app"] == "ready"
    assert hooks["hash"].startswith("#w1."), "the address holds the game on screen again"
    assert_hooks_match(hooks, state_of(hooks["hash"]))
    assert page.locator("img").count() == 0
    assert page.evaluate("document.querySelectorAll('[onerror], [onload], iframe').length") == 0
    taken = len(owners(hooks))
    click_and_wait(page, LEGAL)
    after = read_hooks(page)
    assert len(owners(after)) == taken + 1
    assert_hooks_match(after, state_of(after["hash"]))
    assert dialogs == []


def test_links_copied_link_opens_the_same_game_in_a_fresh_browser(page, fresh_page, server):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.origin)
    open_app(page)
    for n in range(7):
        if n == 2:
            page.click('[data-token-choice="double"]')
        if n == 5 and page.locator('[data-action="scout"]').is_enabled():
            click_and_wait(page, '[data-action="scout"]')
            continue
        click_and_wait(page, LEGAL)
    hooks = read_hooks(page)
    state = state_of(hooks["hash"])
    assert state.ply == 7
    assert_hooks_match(hooks, state)

    page.click('.app-header [data-command="copy-link"]')
    expect(page.locator("#message")).to_have_text("Link copied: it opens this game at this move.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.evaluate("location.href")
    assert copied.endswith(hooks["hash"])

    # Someone else's browser: no autosave, nothing cached; only the link.
    other = fresh_page()
    open_app(other, copied)
    assert (
        other.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('waddle:save'))") == []
    )
    theirs = read_hooks(other)
    assert theirs["hash"] == hooks["hash"]
    assert theirs["hexes"] == hooks["hexes"]  # owner, token, legal on every hex
    assert theirs["toMove"] == hooks["toMove"]
    assert_hooks_match(theirs, state)
    assert theirs["problem"] is None
    expect(other.locator("#players")).to_have_text(page.locator("#players").text_content())

    # Where copying is impossible the page says so instead of claiming it copied: a browser
    # that refuses (not focused, no permission), then one without the Clipboard API (an
    # address that is not https).
    message = other.locator("#message")
    for break_clipboard in (REFUSE_CLIPBOARD, NO_CLIPBOARD):
        other.evaluate(break_clipboard)
        other.evaluate("() => { document.getElementById('message').textContent = '' }")
        other.click('.app-header [data-command="copy-link"]')
        expect(message).to_have_text(
            "The browser did not let the page copy: copy the address from the address bar."
        )


@pytest.mark.parametrize("name", list(BAD_HASHES))
def test_links_bad_address_at_start_gives_a_message_and_a_playable_app(page, name):
    dialogs = dialogs_of(page)
    bad = BAD_HASHES[name]
    open_app(page, "./#" + bad)
    problem = read_hooks(page)["problem"]
    assert problem is not None
    assert problem.startswith("The game in this link could not be opened: ")
    assert problem.endswith("A new game was started instead.")
    assert "<img" not in problem and len(problem) < 300  # says what, without echoing it
    assert_playable_and_clean(page, dialogs)
    expect(page.locator("#problem")).to_be_hidden()  # a move clears the message


def test_links_bad_address_pasted_into_a_running_app_changes_nothing(page):
    dialogs = dialogs_of(page)
    open_app(page)
    click_and_wait(page, LEGAL)
    before = read_hooks(page)
    for name, bad in BAD_HASHES.items():
        page.evaluate("text => { location.hash = text }", bad)
        problem = page.locator("#problem")
        expect(problem).to_contain_text("The game in this link could not be opened: ")
        after = read_hooks(page)
        assert after["hash"] == before["hash"], f"{name}: the address shows our game again"
        assert after["hexes"] == before["hexes"], name
        page.evaluate("() => { document.getElementById('problem').hidden = true }")
    assert_playable_and_clean(page, dialogs)

    # A good link pasted in is shown at once.
    good = "#" + _LINK
    page.evaluate("text => { location.hash = text }", good)
    page.wait_for_function("good => location.hash === good", arg=good)
    expect(page.locator("#problem")).to_be_hidden()
    assert_hooks_match(read_hooks(page), state_of(good))


def test_links_a_whole_five_player_game_fits_in_a_short_address(page):
    session = random_session(5, seed=2026, plies=None, policy_seed=7)
    state = session.state
    assert state.is_over()
    link = session.link()  # what the page writes: with the seat names
    bare = encode_game(session.record(), None, generated=True)
    print(
        f"\nfinished 5-player game, {state.ply} actions: "
        f"#{link} ({len(link) + 1} characters; {len(bare) + 1} without seat names)"
    )
    assert len("#" + link) <= HASH_LIMIT
    assert len("#" + bare) <= HASH_LIMIT
    # Other finished games on other maps stay far below the limit too.
    for seed in range(1, 9):
        other = random_session(5, seed=seed, plies=None, policy_seed=seed)
        assert len("#" + other.link()) <= HASH_LIMIT, seed

    open_app(page, "./#" + link)
    hooks = read_hooks(page)
    assert hooks["hash"] == "#" + link
    assert_hooks_match(hooks, state)
    assert hooks["result"] is not None
    assert hooks["result"]["winners"] == ",".join(map(str, state.winners()))
    assert hooks["problem"] is None
