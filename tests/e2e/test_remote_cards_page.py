"""Card games on several devices, through the page as people play them (issue 40): each
device its own browser context; every link copied from the page and opened in the other
devices, a link too long for a messenger passed in its parts, pasted one by one into
"Open a link" (in the reverse order: they open in any order).

After every link of the deal and every third link after it, each device's DOM (every
attribute and text), its localStorage and sessionStorage, and every link it sent or
received are scanned for the other seats'
cards the rules had not shown yet (worked out afterwards from the checked, whole deal).

Kept lean: a decision is the first legal card or place the page offers (``data-legal``).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

from conftest import FIRST_LOAD_TIMEOUT_MS, click, open_app
from e2e_tools import wait_ready

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/
from test_remote_cards import entitled
from waddle_waddle_tools import hurried, selector

from waddle.app import remote_cards as model
from waddle.core import remote
from waddle.core import remote_cards as card_links
from waddle.games.waddle_waddle.clicks import steps_to

PANEL = "#remote-panel"
SHOTS = os.environ.get("WADDLE_SHOTS")  # a folder: the new screens' screenshots go there


def shot(device, name: str) -> None:
    if SHOTS:
        device.page.screenshot(path=f"{SHOTS}/{name}-{device.name.lower()}.png")


LEGAL = '[data-legal="true"]'
CONTROLS = ('[data-control="place"]', '[data-control="done"]', '[data-control="power"]')

SCAN = """() => {
  const cards = new Set();
  const texts = [];
  for (const el of document.querySelectorAll("*")) {
    for (const a of el.attributes) {
      texts.push(a.value);
      if (a.name === "data-card") cards.add(a.value);
    }
  }
  texts.push(document.body.innerText);
  const where = {};
  for (const c of document.querySelectorAll("[data-card]")) {
    const box = c.closest("[id]");
    (where[box ? box.id : "?"] ||= []).push(c.dataset.card);
  }
  const store = {};
  for (const s of [localStorage, sessionStorage]) {
    for (let i = 0; i < s.length; i++) store[s.key(i)] = s.getItem(s.key(i));
  }
  return {cards: [...cards], moves: +(document.querySelector("#remote-panel").dataset.moves || 0),
          store, where, text: texts.join("\\n")};
}"""


class Device:
    def __init__(self, page, name: str, seat: int) -> None:
        self.page = page
        self.name = name
        self.seat = seat
        self.links: list[str] = []  # every link this device sent or opened
        self.scans: list[dict] = []
        self.console: list[str] = []
        page.on("console", lambda m: self.console.append(m.text[-600:]))

    def kind(self) -> str:
        return self.page.evaluate(
            "() => { const p = document.querySelector('#remote-panel');"
            " return p.hidden ? '' : p.dataset.kind; }"
        )

    def moves(self) -> int:
        return int(self.page.evaluate("document.querySelector('#remote-panel').dataset.moves"))

    def panel(self) -> str:
        return self.page.locator(PANEL).text_content() or ""

    def scan(self) -> None:
        self.scans.append(self.page.evaluate(SCAN))

    def send(self) -> list[str]:
        """Copy link; the link in parts if the page offers parts (their addresses)."""
        before = self.page.locator("#remote-link").input_value()
        self.page.click("#remote-copy")
        try:
            self.page.wait_for_function(
                "before => { const f = document.querySelector('#remote-link');"
                " return f.value && f.value !== before; }",
                arg=before,
            )
        except Exception:
            said = self.page.evaluate(
                "[...document.querySelectorAll('#message,#problem,#remote-panel')]"
                ".map(e => e.id + ': ' + e.textContent).join(' | ')"
            )
            now = self.page.locator("#remote-link").input_value()
            raise AssertionError(
                f"{self.name} sent nothing: {len(before)} {len(now)} {now == before}"
                f"{said[:300]!r} {self.console[-3:]}"
            ) from None
        whole = self.page.locator("#remote-link").input_value()
        self.links.append(whole.split("#", 1)[1])
        if self.page.locator("#remote-parts").is_visible():
            parts = self.page.eval_on_selector_all(
                "#remote-parts a", "links => links.map(a => a.href)"
            )
            assert len(parts) >= 2 and all(len(p.split("#", 1)[1]) <= 2000 for p in parts)
            return parts
        return [whole]

    def _opened(self) -> int:
        return int(self.page.evaluate("document.documentElement.dataset.remoteOpened || 0"))

    def paste(self, address: str) -> str:
        """Games, paste into "Open a link", Open; what the page said."""
        before = self._opened()
        if self.page.locator("#chooser").is_hidden():
            self.page.click('header [data-command="open-chooser"]')
        self.page.fill("#open-link-input", address)
        self.page.press("#open-link-input", "Enter")
        self.page.wait_for_function(
            "n => +(document.documentElement.dataset.remoteOpened || 0) > n", arg=before
        )
        self.links.append(address.split("#", 1)[1])
        return self.page.locator("#open-link-status").text_content() or ""

    def receive(self, addresses: list[str]) -> list[str]:
        """Every address pasted (parts in the reverse order); the progress lines seen."""
        said = []
        for n, address in enumerate(reversed(addresses)):
            said.append(self.paste(address))
            if n == 0 and len(addresses) > 1:
                shot(self, "part-progress")
        return said

    def stored(self) -> model.RemoteCardGame:
        """This device's game as its storage holds it."""
        key = self.page.evaluate(
            "() => Object.keys(localStorage).find(k => /^waddle:remote:.{16,}$/.test(k))"
        )
        return model.from_json(json.loads(self.page.evaluate(f"localStorage[{key!r}]")))

    def play_one(self) -> None:
        if self.chooser is not None:
            return self.play_chosen()
        moves = self.moves()
        for _ in range(8):
            target = next(
                (
                    sel
                    for sel in (LEGAL, *CONTROLS)
                    if self.page.locator(f"{sel}:visible:not([disabled])").count()
                ),
                LEGAL,
            )
            click(self.page, target)
            done = self.page.wait_for_function(
                "n => +document.querySelector('#remote-panel').dataset.moves > n"
                " || document.querySelector('#remote-panel').dataset.kind !== 'turn'"
                " || 'again'",
                arg=moves,
            ).json_value()
            if done is True:
                return
        raise AssertionError(f"{self.name} could not decide: {self.panel()}")

    chooser = None
    """A game whose decisions take several clicks: ``chooser(state)`` picks the decision
    (from this device's stored game) and the presenter's click steps make it."""

    def play_chosen(self) -> None:
        moves = self.moves()
        game = self.stored()
        assert len(game.decisions) == moves and game.my_turn()
        action = self.chooser(game.now)
        for step in steps_to(game.now.view(game.my_seat), action):
            click(self.page, selector(step))
        self.page.wait_for_function(
            "n => +document.querySelector('#remote-panel').dataset.moves > n", arg=moves
        )


def start(page, game_title: str, players: int, options: dict | None = None) -> Device:
    page.click('[data-command="remote-new"]')
    page.locator("#remote-new").wait_for(state="visible")
    page.select_option("#rn-game", label=game_title)
    for key, value in (options or {}).items():
        page.select_option(f'#rn-options [name="opt-{key}"]', str(value))
    options = page.eval_on_selector_all('[name="rseat1"] option', "o => o.map(x => x.value)")
    assert options == ["me", "open"]  # no computer in a card game
    assert page.locator("#rn-seats-hint").text_content().startswith("A computer cannot")
    page.select_option("#rn-players", str(players))
    page.fill("#rn-name", "Ann")
    page.click("#rn-submit")
    page.locator(PANEL).wait_for(state="visible")
    return Device(page, "Ann", 0)


def join(device: Device, addresses: list[str], first: bool) -> None:
    if first:
        device.page.goto(addresses[0])
        wait_ready(device.page, FIRST_LOAD_TIMEOUT_MS)
        device.links.append(addresses[0].split("#", 1)[1])
        for address in addresses[1:]:  # a long invitation: its other parts pasted
            device.paste(address)
    else:
        device.receive(addresses)
    dialog = device.page.locator("#remote-join")
    dialog.wait_for(state="visible")
    device.page.fill("#join-name", device.name)
    device.page.click("#join-submit")
    dialog.wait_for(state="hidden")
    device.page.locator(PANEL).wait_for(state="visible")


def play_through(devices: list[Device], figures: dict) -> None:
    """Until nobody is to move or to send: the device to move plays; a device with a link
    to send sends it to every other (parts pasted one by one). Scans after each link."""
    for _ in range(600):
        acted = False
        for device in devices:
            kind = device.kind()
            if kind == "turn":
                device.play_one()
                acted = True
            elif kind == "send":
                if SHOTS and device.page.locator("#remote-undo:visible").count():
                    shot(device, "send-undo")
                sent = device.send()
                if len(sent) > 1:
                    shot(device, "parts")
                    device.page.locator("#remote-parts").scroll_into_view_if_needed()
                    shot(device, "parts-scrolled")
                figures["links"].append(len(device.links[-1]))
                if len(sent) > 1:
                    figures["parts"].append(len(sent))
                for other in devices:
                    if other is not device:
                        said = other.receive(sent)
                        if len(sent) > 1:
                            assert "open the other parts too" in said[0], said
                            figures["progress"].append(said[0])
                # Every device is scanned after each link of the deal and each long link,
                # then after every third link (a scan reads the whole DOM and storage: kept
                # lean for CI), and once more at the end.
                count = len(figures["links"])
                if count <= 12 or len(sent) > 1 or count % 3 == 0:
                    for d in devices:
                        d.scan()
                        if "Dealing" in d.panel():
                            shot(d, "dealing")
                        if SHOTS and d.page.locator("#table .card-unseen").count():
                            shot(d, "unseen")
                acted = True
        if not acted:
            for d in devices:
                d.scan()
            return
    raise AssertionError("the game did not end")


def check_nothing_leaked(devices: list[Device], game_id: str) -> None:
    """Each scan: the DOM shows no card, storage holds no card readable, no link holds a
    card named, that the rules had not shown that device's seat yet."""
    stores = [s["store"] for d in devices for s in d.scans[-1:]]
    truth = model.from_json(json.loads(stores[0][f"waddle:remote:{game_id}"]))
    assert truth.verdict == ""
    games = [truth]
    labels = {x: truth.deal.label(o)[1] for x, o in truth.deal.read_all(None, None).items()}
    for device in devices:
        for scan in device.scans:
            decisions = scan["moves"]
            shown = entitled(games, device.seat, decisions)
            hidden = {labels[x] for x in labels if x not in shown}
            # A card the rules have not shown this seat yet is never on the page: not in
            # another hand, not as a stand-in in its own hand or among the face-up cards
            # (those are drawn face down until their tokens come), not in any text.
            leaked = set(scan["cards"]) & hidden
            assert not leaked, (device.name, decisions, leaked, scan["where"], sorted(shown))

            text = scan["store"].get(f"waddle:remote:{game_id}")
            if text is None or decisions == 0:
                continue
            stored = model.from_json(json.loads(text))
            if stored.verdict is not None:
                continue  # the end: every key is out, every card shown
            own = entitled(games, device.seat, len(stored.decisions))
            for x in range(stored.plan.size):
                if stored.deal.read(x, stored.secrets, stored.my_index) is not None:
                    assert x in own, f"{device.name}'s storage reads card {x}"
            for key, value in scan["store"].items():
                if key.startswith("waddle:") and "remote" not in key:
                    assert game_id not in value and '"hands"' not in value, key
    for device in devices:
        for text in device.links:
            message = remote.read_link(text)
            assert isinstance(
                message, card_links.CardLobby | card_links.CardTurn | card_links.Part
            ), type(message)


def test_two_devices_play_pebbles_by_links_and_nobody_sees_the_others_cards(page, fresh_page):
    t0 = time.monotonic()
    figures = {"links": [], "parts": [], "progress": []}
    ann = start(open_app(page, "./"), "Pebbles", 2)
    invitation = ann.send()
    figures["links"].append(len(ann.links[-1]))
    bo = Device(fresh_page(viewport={"width": 390, "height": 844}, is_mobile=True), "Bo", 1)
    join(bo, invitation, first=True)
    assert bo.kind() == "send" and "send this link" in bo.panel()
    shot(bo, "joined")
    play_through([ann, bo], figures)
    for device in (ann, bo):
        shot(device, "verdict")
        text = device.page.locator("#message").text_content()
        assert "the deal was checked, nobody cheated" in text, text
        assert device.kind() == ""  # an ordinary finished game now
    check_nothing_leaked([ann, bo], ann.page.evaluate("location.hash") and _game_id(ann))
    print(f"\nPebbles 2 devices: {figures}, {time.monotonic() - t0:.1f} s")


def _game_id(device: Device) -> str:
    keys = [k for s in device.scans for k in s["store"] if k.startswith("waddle:remote:")]
    ids = {k.split(":", 2)[2] for k in keys if len(k.split(":", 2)[2]) >= 16}
    assert len(ids) == 1, ids
    return ids.pop()


def test_three_devices_play_pebbles_with_the_invitation_passed_on(page, fresh_page):
    t0 = time.monotonic()
    figures = {"links": [], "parts": [], "progress": []}
    ann = start(open_app(page, "./"), "Pebbles", 3)
    invitation = ann.send()
    bo = Device(fresh_page(), "Bo", 1)
    join(bo, invitation, first=True)
    assert bo.kind() == "invite"  # a seat is still free: Bo sends the invitation on
    passed_on = bo.send()
    ann.receive(passed_on)
    cy = Device(fresh_page(), "Cy", 2)
    join(cy, passed_on, first=True)
    play_through([ann, bo, cy], figures)
    for device in (ann, bo, cy):
        text = device.page.locator("#message").text_content()
        assert "the deal was checked, nobody cheated" in text, text
    check_nothing_leaked([ann, bo, cy], _game_id(ann))
    print(f"\nPebbles 3 devices: {figures}, {time.monotonic() - t0:.1f} s")


def test_two_devices_play_waddle_waddle_by_links_and_nobody_sees_the_others_cards(page, fresh_page):
    t0 = time.monotonic()
    figures = {"links": [], "parts": [], "progress": []}
    ann = start(open_app(page, "./"), "Waddle Waddle", 2, {"seasons": 1})
    invitation = ann.send()
    bo = Device(fresh_page(viewport={"width": 390, "height": 844}, is_mobile=True), "Bo", 1)
    join(bo, invitation, first=True)
    rng = random.Random(40)
    for device in (ann, bo):
        device.chooser = hurried(rng)
    play_through([ann, bo], figures)
    for device in (ann, bo):
        shot(device, "ww-verdict")
        text = device.page.locator("#message").text_content()
        assert "the deal was checked, nobody cheated" in text, text
    check_nothing_leaked([ann, bo], _game_id(ann))
    print(f"\nWaddle Waddle 2 devices: {figures}, {time.monotonic() - t0:.1f} s")
