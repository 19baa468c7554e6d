"""Games on several devices, through the page as people play them (issue 39): each device
is its own browser context (its own storage and keys); links pass between them as a
person passes them: copied from the page's "Copy link" and opened in the other device's
address bar, or pasted into the chooser's "Open a link".

- a whole game of each hex game between two devices (Hey, That's My Fish! and Waddle),
  and a three-device Waddle game with the invitation passed on;
- the same link opened twice, an older link, a link edited by hand, a link that says the
  wrong seat is to move, a click on the board when it is not this device's turn;
- a link of another game while a game is on (a game of this device is kept, offered on
  the chooser; another remote game stays in "Your games");
- "Your games" after reloads, and a finished game as an ordinary finished game.

Kept lean: one pair (or trio) of contexts per test, moves picked as the first legal place
the board offers (the page's own ``data-legal`` hooks), links opened without reloads where
a person's address bar would not reload either (only the hash changes).
"""

from __future__ import annotations

import sys
from pathlib import Path

from conftest import FIRST_LOAD_TIMEOUT_MS, click, open_app
from e2e_tools import wait_ready
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/, remote_helpers
from remote_helpers import edited

PANEL = "#remote-panel"
LEGAL = 'svg#board [data-legal="true"]'


class Device:
    """One person's browser."""

    def __init__(self, page, name: str) -> None:
        self.page = page
        self.name = name

    # -- reading --------------------------------------------------------------------------

    def kind(self) -> str:
        return self.page.evaluate(
            "() => { const p = document.querySelector('#remote-panel');"
            " return p.hidden ? '' : p.dataset.kind; }"
        )

    def moves(self) -> int:
        return int(self.page.evaluate("document.querySelector('#remote-panel').dataset.moves"))

    def message(self) -> str:
        return self.page.locator("#message").text_content() or ""

    def problem(self) -> str:
        return self.page.locator("#problem").text_content() or ""

    # -- acting ---------------------------------------------------------------------------

    def copy_link(self) -> str:
        """Copy link, and the link the page shows (what the clipboard holds)."""
        before = self.page.locator("#remote-link").input_value()
        self.page.click("#remote-copy")
        self.page.wait_for_function(
            "before => { const f = document.querySelector('#remote-link');"
            " return !f.hidden && f.value && f.value !== before; }",
            arg=before,
        )
        return self.page.locator("#remote-link").input_value()

    def _opened(self) -> int:
        return int(self.page.evaluate("document.documentElement.dataset.remoteOpened || 0"))

    def open_by_address(self, link: str) -> None:
        """Put ``link`` in the address bar (only the hash differs: no reload)."""
        before = self._opened()
        self.page.goto(link)
        self.page.wait_for_function(
            "n => +(document.documentElement.dataset.remoteOpened || 0) > n", arg=before
        )

    def open_by_paste(self, link: str) -> None:
        """Games, then paste the link into "Open a link" and press Open."""
        before = self._opened()
        self.page.click('header [data-command="open-chooser"]')
        self.page.fill("#open-link-input", link)
        self.page.press("#open-link-input", "Enter")
        self.page.wait_for_function(
            "n => +(document.documentElement.dataset.remoteOpened || 0) > n", arg=before
        )

    def play_one(self, keyboard: bool = False) -> None:
        """This device's next decision, on the first place the board offers: by a click,
        or (``keyboard``) Enter on the legal place that has the focus."""
        moves = self.moves()
        for _ in range(2):  # a penguin to pick first, then its floe
            focused = self.page.evaluate(
                "() => !!document.activeElement?.closest('[data-legal=true]')"
            )
            if keyboard and focused:
                self.page.keyboard.press("Enter")
            else:
                click(self.page, LEGAL)
            moved = self.page.wait_for_function(
                "n => +document.querySelector('#remote-panel').dataset.moves > n ? 'moved'"
                " : document.querySelector('svg#board [data-selected=true]') && 'picked'",
                arg=moves,
            ).json_value()
            if moved == "moved":
                return
        raise AssertionError(f"{self.name} could not move")


def start(page, name: str, game_title: str, seats: list[str], players: int = 2) -> str:
    """Play on several devices from the chooser: the game, the seats, a name; the
    invitation link copied."""
    page.click('[data-command="remote-new"]')
    page.locator("#remote-new").wait_for(state="visible")
    page.select_option("#rn-game", label=game_title)
    page.select_option("#rn-players", str(players))
    page.fill("#rn-name", name)
    for seat, value in enumerate(seats):
        page.select_option(f'[name="rseat{seat}"]', value)
    page.click("#rn-submit")
    page.locator(PANEL).wait_for(state="visible")
    return Device(page, name).copy_link()


def join(device: Device, link: str, name: str, by_paste: bool = False) -> str:
    if by_paste:
        device.open_by_paste(link)
    else:
        device.open_by_address(link)
    dialog = device.page.locator("#remote-join")
    dialog.wait_for(state="visible")
    device.page.fill("#join-name", name)
    device.page.click("#join-submit")
    dialog.wait_for(state="hidden")
    device.page.locator(PANEL).wait_for(state="visible")
    # Whoever takes the last seat and plays first sends the table with their first move.
    return "" if device.kind() == "turn" else device.copy_link()


def first_load(page, link: str) -> None:
    """A link opened in a browser that has not shown the app yet (a tap in a messenger)."""
    page.goto(link)
    wait_ready(page, FIRST_LOAD_TIMEOUT_MS)


def play_to_the_end(devices: list[Device], link: str, keyboard_every: int = 0) -> list[str]:
    """Whoever is to move plays until the panel offers to send, then copies the link and
    every other device opens it (in the address bar). Every link sent, in order."""
    sent = [link]
    turns = 0

    for _ in range(400):
        mover = next((d for d in devices if d.kind() == "turn"), None)
        if mover is None:
            break
        while mover.kind() == "turn":
            turns += 1
            mover.play_one(keyboard=bool(keyboard_every) and turns % keyboard_every == 0)
        assert mover.kind() == "send", mover.page.locator(PANEL).text_content()
        link = mover.copy_link()
        sent.append(link)
        for other in devices:
            if other is not mover:
                other.open_by_address(link)

    return sent


# -- the tests ----------------------------------------------------------------------------


def test_two_devices_play_hey_thats_my_fish_to_the_end_and_odd_links_change_nothing(
    page, fresh_page
):
    ann = Device(open_app(page, "./"), "Ann")
    invitation = start(page, "Ann", "Hey, That's My Fish!", ["me", "open"])
    assert invitation.count("#r1.") == 1 and len(invitation) < 2000
    bo = Device(fresh_page(), "Bo")
    first_load(bo.page, invitation)
    bo.page.locator("#remote-join").wait_for(state="visible")
    assert (
        "Ann invites you to play Hey, That's My Fish!"
        in bo.page.locator("#remote-join-title").text_content()
    )
    bo.page.fill("#join-name", "Bo")
    bo.page.click("#join-submit")
    joined = bo.copy_link()
    assert bo.kind() == "invite" and "Ann's turn" in bo.page.locator(PANEL).text_content()

    # Bo is not to move: the board refuses him, in words.
    click(bo.page, "svg#board [data-hex]")
    expect(bo.page.locator("#message")).to_contain_text("Not your turn here: Ann's turn.")

    ann.open_by_paste(joined)
    assert ann.kind() == "turn" and "Bo took seat 2. Your turn." in ann.message()
    ann.play_one()
    assert ann.kind() == "send"
    # Undo before sending: the move is taken back, then played again.
    ann.page.click("#remote-undo")
    ann.page.wait_for_function("document.querySelector('#remote-panel').dataset.kind === 'turn'")
    assert ann.moves() == 0
    ann.play_one()
    first_turn = ann.copy_link()
    assert len(first_turn.split("#", 1)[1]) <= 1000
    bo.open_by_address(first_turn)
    assert bo.kind() == "turn" and "1 new move from Ann. Your turn." in bo.message()
    assert bo.page.locator("svg#board [data-mark]").count() >= 1  # the new move marked
    # No computer's advice between friends, and no study while the game is on (a move
    # played in the study panel would be sent as Bo's).
    expect(bo.page.locator('.controls [data-command="hint"]')).to_be_hidden()
    expect(bo.page.locator('.moves-panel [data-command="open-study"]')).to_be_hidden()

    # The same link again (pasted), and an older one: nothing changes, and the page says so.
    bo.open_by_paste(first_turn)
    assert bo.moves() == 1 and "nothing changed" in bo.message() + bo.problem()
    bo.play_one()
    second = bo.copy_link()
    ann.open_by_address(second)
    ann.open_by_address(first_turn)
    assert ann.moves() == 2 and "older" in ann.message() + ann.problem()
    # Edited by hand: a character changed (the checksum catches it), and a link re-encoded
    # to say Ann is to move when Bo is: one line each, nothing changed.
    text = second.split("#", 1)[1]
    damaged = text[:40] + ("A" if text[40] != "A" else "B") + text[41:]
    ann.open_by_address(second.split("#")[0] + "#" + damaged)
    expect(ann.page.locator("#problem")).to_contain_text("damaged or was changed by hand")
    ann.play_one()
    third = ann.copy_link()
    lying = edited(third.split("#", 1)[1], to_move=0)
    bo.open_by_address(third.split("#")[0] + "#" + lying)
    assert bo.moves() == 2 and bo.problem()
    assert "\n" not in bo.problem()

    # Your games after a reload: the game waiting for Bo, with his turn said.
    bo.page.goto(third.split("#")[0])
    wait_ready(bo.page)
    bo.open_by_address(third)
    bo.page.reload()
    wait_ready(bo.page)
    bo.page.wait_for_function(
        "document.documentElement.dataset.remoteGame && "
        "document.querySelector('#remote-panel').dataset.kind === 'turn'"
    )
    bo.page.click('header [data-command="open-chooser"]')
    row = bo.page.locator(".your-game")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Your turn.")
    expect(row).to_contain_text("Ann, Bo (you)")
    bo.page.click('.your-game [data-command="remote-open-game"]')
    bo.page.wait_for_function("document.getElementById('chooser').hidden")

    links = play_to_the_end([ann, bo], third)
    assert max(len(link.split("#", 1)[1]) for link in links) <= 1000
    # Over: an ordinary finished game on both devices (no panel, review offered).
    for device in (ann, bo):
        device.page.wait_for_function("document.querySelector('#remote-panel').hidden")
        expect(device.page.locator("#review-button")).to_be_visible()
        expect(device.page.locator('.moves-panel [data-command="open-study"]')).to_be_visible()
    ann.page.click('header [data-command="open-chooser"]')
    expect(ann.page.locator("#your-games")).to_be_hidden()


def test_three_devices_play_waddle_with_a_game_of_this_device_kept(page, fresh_page):
    ann = Device(open_app(page, "./"), "Ann")
    invitation = start(page, "Ann", "Waddle", ["me", "open", "open"], players=3)
    bo = Device(fresh_page(), "Bo")
    cy = Device(fresh_page(), "Cy")
    # Cy has a game of her own on: joining keeps it, offered on the chooser.
    open_app(cy.page, "./?game=htmf")
    click(cy.page, LEGAL)
    first_load(bo.page, invitation.split("#")[0])
    passed_on = join(bo, invitation, "Bo", by_paste=True)
    complete = join(cy, passed_on, "Cy")
    if complete:  # Cy is not first to move: she sends the whole table on
        assert "Everyone has joined" in cy.page.locator(PANEL).text_content()
        for device in (ann, bo):
            device.open_by_address(complete)
        kinds = sorted(d.kind() for d in (ann, bo, cy))
        assert kinds in (["invite", "turn", "wait"], ["turn", "wait", "wait"]), kinds
    else:
        assert cy.kind() == "turn"
    cy.page.click('header [data-command="open-chooser"]')
    expect(cy.page.locator('[data-command="resume-game"]')).to_have_count(1)
    cy.page.click('.your-game [data-command="remote-open-game"]')
    cy.page.wait_for_function("document.getElementById('chooser').hidden")

    links = play_to_the_end([ann, bo, cy], complete or passed_on, keyboard_every=3)
    assert max(len(link.split("#", 1)[1]) for link in links) <= 1000
    for device in (ann, bo, cy):
        device.page.wait_for_function("document.querySelector('#remote-panel').hidden")
    # Cy's own game is still there to resume.
    cy.page.click('header [data-command="open-chooser"]')
    cy.page.click('[data-command="resume-game"]')
    expect(cy.page.locator("#game-title")).to_have_text("Hey, That's My Fish!")


def test_a_link_of_another_game_goes_to_that_game_and_keeps_the_one_on_screen(page, fresh_page):
    ann = Device(open_app(page, "./"), "Ann")
    fish = start(page, "Ann", "Hey, That's My Fish!", ["me", "open"])
    page.click('header [data-command="open-chooser"]')
    start(page, "Ann", "Waddle", ["me", "open"])
    # The first game's invitation, opened while the second is on: it comes on screen,
    # the second stays in Your games.
    ann.open_by_address(fish)
    expect(page.locator("#game-title")).to_have_text("Hey, That's My Fish!")
    page.click('header [data-command="open-chooser"]')
    expect(page.locator(".your-game")).to_have_count(2)
    # A card game is offered, without computer seats (the line says why).
    page.click('[data-command="remote-new"]')
    page.select_option("#rn-game", label="Pebbles")
    expect(page.locator("#rn-error")).to_be_hidden()
    expect(page.locator("#rn-seats-hint")).to_contain_text("A computer cannot take a seat")
    expect(page.locator('[name="rseat1"] option')).to_have_count(2)
    expect(page.locator("#rn-submit")).to_be_enabled()
