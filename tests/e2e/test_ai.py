"""Computer players in the page: whole games against and among them, waiting for them,
pausing them, the hint, and choosing them in the New game dialog.

Games are opened from a link made here (``Session.new("waddle", ..., bots=[...])``) or through the
dialog. Whatever the computers play, this process replays the final address with the
engine on CPython: every action must be legal where it was played, each seat's moves
must come from the right side (the person's clicks, the computers' own), and the results
panel must show the engine's scoring. Computers play at speed "fast" and at "easy" or
"medium" unless a test needs a long think ("hard"): nothing here checks their strength,
and no wait depends on how fast the machine is (every wait is for something the page
shows, with generous timeouts for a busy machine).
"""

from __future__ import annotations

import random

from conftest import (
    assert_hooks_match,
    assert_results_match,
    click,
    click_and_wait,
    hex_key,
    open_app,
    read_hooks,
)
from playwright.sync_api import expect

from waddle.app.session import Session
from waddle.games.waddle import GAME, Action
from waddle.games.waddle.compensation import seat_compensation
from waddle.games.waddle.link import decode_game, decode_link, encode_game
from waddle.games.waddle.places import place_name

MOVE_TIMEOUT_MS = 90_000
"""Longest wait for one computer move (a hard think on a loaded machine, with margin)."""
GAME_TIMEOUT_MS = 600_000
"""Longest wait for a game of computers to end."""

THINKING = "document.documentElement.dataset.thinking ?? null"

# True when the game is over, or when it is one of ``seats``' turn and no computer thinks.
PERSON_OR_OVER = """seats => {
  const result = document.getElementById("result");
  if (!result.hidden && result.dataset.winners !== undefined) return true;
  if (document.documentElement.hasAttribute("data-thinking")) return false;
  const toMove = [...document.querySelectorAll("[data-to-move]")].map((e) => e.dataset.toMove);
  return toMove.length > 0 && toMove.every((p) => seats.includes(p));
}"""

# One look at what a click may have changed: the address, the message, who thinks.
LOOK = """() => ({
  hash: location.hash,
  message: document.getElementById("message").textContent,
  thinking: document.documentElement.dataset.thinking ?? null,
})"""


# Press Pause and look before and after, in one task of the page: no move can slip in.
PAUSE_NOW = """() => {
  const look = () => ({
    hash: location.hash, thinking: document.documentElement.dataset.thinking ?? null,
  });
  const before = look();
  document.querySelector('[data-command="pause-ai"]').click();
  return {before, after: look()};
}"""


def open_game(page, players: int, seed: int, names: list[str], bots: list[str | None], speed):
    """Open a new game with computer seats from its link, and set the computers' speed."""
    session = Session.new("waddle", players, seed, names=names, bots=bots)
    open_app(page, "#" + session.link())
    expect(page.locator("#ai-controls")).to_be_visible()
    page.select_option("#ai-speed", speed)
    return session


def person_move(page, rng: random.Random) -> str:
    """The person to move clicks one of the highlighted hexes; returns its key."""
    hooks = read_hooks(page)
    legal = sorted(key for key, shown in hooks["hexes"].items() if shown["legal"])
    assert legal, "a person to move always has a hex to place on"
    target = rng.choice(legal)
    click_and_wait(page, f'svg#board [data-hex="{target}"]')
    return target


def play_as_people(page, people: list[int], rng: random.Random, until=None) -> int:
    """Click for the people's seats whenever it is their turn and no computer thinks,
    until the game ends (or ``until(hooks)`` holds); returns how many clicks were made."""
    seats = [str(p) for p in people]
    clicks = 0
    while True:
        page.wait_for_function(PERSON_OR_OVER, arg=seats, timeout=MOVE_TIMEOUT_MS)
        hooks = read_hooks(page)
        if hooks["result"] is not None or (until is not None and until(hooks)):
            return clicks
        assert hooks["toMove"] and set(hooks["toMove"]) <= set(seats), hooks["toMove"]
        person_move(page, rng)
        clicks += 1


def replay_checked(hash_text: str, bots: list[str | None]):
    """Replay the game in ``hash_text``: every action legal where it was played.

    Returns the final state and how many actions each seat played."""
    game = decode_link(hash_text.removeprefix("#"))
    assert game.bots == bots, "the address keeps which seats are computers"
    record = game.record
    state = record.start()
    played = [0] * record.players
    for action in record.actions:
        player = state.to_move()
        assert player is not None, "no action after the end of the game"
        assert action in state.legal_actions(), f"{action} by seat {player} at ply {state.ply}"
        state.apply(action)
        played[player] += 1
    assert state.breakdown() == record.replay().breakdown()
    return state, played


def ply_of(hash_text: str) -> int:
    record, _names = decode_game(hash_text.removeprefix("#"))
    return len(record.actions)


# ---------------------------------------------------------------------------- whole games


def test_person_against_the_computer_to_the_end(page):
    names = ["Ada", "Robo"]
    bots = [None, "easy"]
    open_game(page, 2, 4242, names, bots, "fast")

    clicks = play_as_people(page, [0], random.Random(7))

    hooks = read_hooks(page)
    state, played = replay_checked(hooks["hash"], bots)
    assert played[0] == clicks, "the person's seat played exactly the person's clicks"
    assert played[1] > 0, "the computer played its own turns"
    assert_hooks_match(hooks, state)
    assert_results_match(hooks, state, names)
    assert page.evaluate(THINKING) is None, "nobody thinks once the game is over"
    # The computers' speed and Pause no longer apply: they leave the screen.
    expect(page.locator("#ai-controls")).to_be_hidden()


def test_computers_play_a_game_among_themselves(page):
    names = ["Easy", "Medium", "Random"]
    bots = ["easy", "medium", "random"]
    session = open_game(page, 3, 23, names, bots, "fast")

    # While one thinks, the page says who (the seat to move).
    thinker = page.wait_for_function(THINKING, timeout=MOVE_TIMEOUT_MS).json_value()
    assert thinker in ("0", "1", "2")
    page.wait_for_selector("#result[data-winners]", state="attached", timeout=GAME_TIMEOUT_MS)

    hooks = read_hooks(page)
    state, played = replay_checked(hooks["hash"], bots)
    assert all(played), f"every computer played: {played}"
    record, _names = decode_game(hooks["hash"].removeprefix("#"))
    assert record.map == session.record().map and record.order == session.record().order
    assert_hooks_match(hooks, state)
    assert_results_match(hooks, state, names)
    assert page.evaluate(THINKING) is None
    # No highlighted hexes for computers: the page offers nothing to click.
    assert not any(shown["legal"] for shown in hooks["hexes"].values())


# ---------------------------------------------------------------------------- waiting


def test_clicks_during_the_computers_turn_change_nothing(page):
    names = ["Ada", "Deep"]
    bots = [None, "hard"]
    # Map 29: the computer (seat 1) moves first. "slow" adds a pause after each think.
    open_game(page, 2, 29, names, bots, "slow")
    rng = random.Random(3)
    checked_hex = checked_scout = False
    for _attempt in range(12):
        thinker = page.wait_for_function(
            "() => document.documentElement.dataset.thinking"
            " || (document.querySelector('[data-to-move]')?.dataset.toMove === '0' && 'you')",
            timeout=MOVE_TIMEOUT_MS,
        ).json_value()
        if thinker == "you":
            person_move(page, rng)
            continue
        assert thinker == "1"
        before = page.evaluate(LOOK)
        if before["thinking"] != "1":
            continue  # on a loaded machine the computer moved between the two looks
        assert before["message"] == "Deep (computer) is thinking…"
        state = Session.from_link(before["hash"].removeprefix("#")).state
        target = sorted(state.legal_hexes())[0]  # a hex the computer could take
        click(page, f'svg#board [data-hex="{hex_key(target)}"]')
        after = page.evaluate(LOOK)
        refused = after["hash"] == before["hash"] and after["thinking"] == "1"
        if refused:
            # Nobody moved between the two looks: the click was refused, with a reason.
            assert after["message"] == "Wait: Deep (computer) is playing."
            assert read_hooks(page)["hexes"][hex_key(target)]["owner"] is None
            checked_hex = True
            if not page.locator('[data-action="scout"]').is_disabled():
                click(page, '[data-action="scout"]')
                again = page.evaluate(LOOK)
                if again["hash"] == before["hash"] and again["thinking"] == "1":
                    assert again["message"] == "Wait: Deep (computer) is playing."
                    checked_scout = True
                else:  # the computer moved first: that scout may be the person's move now
                    refused = False
        # Either way, the computer now makes its own move. The address and what that search
        # did (as scripts/bench_ai_page.py reads it) are read in the frame the move lands:
        # on a loaded machine a later read could already see the computer's next move.
        game_now, *search = page.wait_for_function(
            """before => location.hash !== before && [location.hash,
                 ...["aiIterations", "aiSeconds", "aiLongestSliceMs"].map(
                   k => document.documentElement.dataset[k])]""",
            arg=before["hash"],
            timeout=MOVE_TIMEOUT_MS,
        ).json_value()
        _state, played = replay_checked(game_now, bots)
        if refused:
            record, _names = decode_game(game_now.removeprefix("#"))
            assert len(record.actions) == state.ply + 1, "one move: the computer's"
            assert played[1] >= 1
            if len(state.legal_actions()) > 1:  # else the answer needs no search
                assert int(search[0]) > 1 and float(search[1]) > 0 and float(search[2]) > 0
            if checked_scout or state.why_not_scout() is not None:
                break
    assert checked_hex, "the computer never thought long enough to be clicked at"


def test_pause_stops_the_computers_and_resume_goes_on(page):
    bots = ["easy", "easy"]
    open_game(page, 2, 20, ["One", "Two"], bots, "fast")
    start = page.evaluate("location.hash")
    page.wait_for_function("s => location.hash !== s", arg=start, timeout=MOVE_TIMEOUT_MS)

    # Pause while one thinks: its move must not land, however far it got.
    pause = page.locator('[data-command="pause-ai"]')
    expect(pause).to_have_attribute("aria-pressed", "false")
    page.wait_for_function(THINKING, timeout=MOVE_TIMEOUT_MS)
    paused = page.evaluate(PAUSE_NOW)
    assert paused["after"]["thinking"] is None, "a paused computer stops thinking at once"
    assert paused["after"]["hash"] == paused["before"]["hash"]
    expect(pause).to_have_attribute("aria-pressed", "true")
    expect(pause).to_have_text("Resume")
    # Time for several moves at this speed: none may come.
    page.wait_for_timeout(3000)
    assert page.evaluate("location.hash") == paused["before"]["hash"]
    assert page.evaluate(THINKING) is None
    # The page says why nothing happens, also when someone clicks the board meanwhile.
    message = page.locator("#message")
    expect(message).to_contain_text("computers are paused")
    page.locator("svg#board [data-kind='ice']").first.click()
    expect(message).to_contain_text("computers are paused")
    assert page.evaluate("location.hash") == paused["before"]["hash"]

    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "false")
    expect(pause).to_have_text("Pause")
    page.wait_for_function(
        "s => location.hash !== s", arg=paused["before"]["hash"], timeout=MOVE_TIMEOUT_MS
    )
    now = page.evaluate("location.hash")
    assert ply_of(now) > ply_of(paused["before"]["hash"])
    replay_checked(now, bots)


# ---------------------------------------------------------------------------- hint


def test_hint_marks_a_legal_move(page):
    names = ["Ada", "Bea"]
    session = Session.new("waddle", 2, 4242, names=names)
    rng = random.Random(11)
    for _ in range(6):  # into the game, where scouting may be worth it
        legal = sorted(session.state.legal_hexes())
        assert session.play(Action.place(rng.choice(legal)))
    open_app(page, "#" + session.link())
    hooks = read_hooks(page)
    assert_hooks_match(hooks, session.state)

    click(page, '[data-command="hint"]')
    hinted = page.wait_for_selector('[data-hint="true"]', timeout=MOVE_TIMEOUT_MS)
    message = page.locator("#message").text_content()
    assert message.startswith("Hint: "), message
    after = read_hooks(page)
    assert after["hash"] == hooks["hash"], "a hint is not a move"
    assert page.locator('[data-hint="true"]').count() == 1
    key = hinted.get_attribute("data-hex")
    if key is not None:
        assert hinted.get_attribute("data-legal") == "true"
        assert tuple(int(v) for v in key.split(",")) in session.state.legal_hexes()
        hex_ = tuple(int(v) for v in key.split(","))
        state = session.state
        assert place_name(state.board, hex_, near=state.active_number) in message, "named"
    else:
        assert hinted.get_attribute("data-action") == "scout"
        assert not hinted.is_disabled() and session.state.why_not_scout() is None
        assert message.startswith("Hint: scouting ahead: it scouts ahead"), message

    # Playing on clears the mark.
    person_move(page, rng)
    assert page.locator('[data-hint="true"]').count() == 0


# ---------------------------------------------------------------------------- new game


def test_new_game_dialog_makes_seats_computers(app):
    page = app
    page.click('[data-command="new-game"]')
    dialog = page.locator("dialog#new-game")
    dialog.wait_for(state="visible")
    page.select_option("#ng-players", "3")
    for p, (name, kind) in enumerate([("Ada", ""), ("Ema", "easy"), ("Max", "medium")]):
        page.fill(f'#new-game [name="name{p}"]', name)
        page.select_option(f'#new-game select[name="kind{p}"]', kind)
    page.check('#new-game [name="map"][value="seed"]')
    page.fill("#ng-seed", "25")
    page.click('[data-command="start-new-game"]')
    dialog.wait_for(state="hidden")
    expect(page.locator("#ai-controls")).to_be_visible()
    page.select_option("#ai-speed", "fast")

    bots = [None, "easy", "medium"]
    game = decode_link(page.evaluate("location.hash").removeprefix("#"))
    assert game.bots == bots
    assert game.names == ["Ada", "Ema", "Max"]
    assert game.record.generated is not None and game.record.generated.seed == 25

    # The computers take their turns: play on until both have moved.
    def both_moved(hooks):
        return all(replay_checked(hooks["hash"], bots)[1][1:])

    play_as_people(page, [0], random.Random(5), until=both_moved)

    # The dialog opens with this game's seats, computers included; all people again
    # hides the computer controls.
    page.click('[data-command="new-game"]')
    dialog.wait_for(state="visible")
    kinds = [page.input_value(f'#new-game select[name="kind{p}"]') for p in range(3)]
    assert kinds == ["", "easy", "medium"]
    page.select_option("#ng-players", "2")
    page.select_option('#new-game select[name="kind1"]', "")
    page.click('[data-command="start-new-game"]')
    dialog.wait_for(state="hidden")
    expect(page.locator("#ai-controls")).to_be_hidden()
    assert decode_link(page.evaluate("location.hash").removeprefix("#")).bots is None
    assert page.evaluate(THINKING) is None


def test_seat_compensation_is_an_option_of_new_game_kept_in_the_link_and_scored(app):
    """Issue 14's remedy: off by default, ticked in New game, carried by the link (w2.),
    offered again ticked, and counted in the result as a column of its own."""
    page = app
    page.click('[data-command="new-game"]')
    dialog = page.locator("dialog#new-game")
    dialog.wait_for(state="visible")
    box = page.locator('#new-game [name="opt-compensation"]')
    expect(box).not_to_be_checked()
    page.select_option("#ng-players", "3")
    box.check()
    page.check('#new-game [name="map"][value="seed"]')
    page.fill("#ng-seed", "25")
    page.click('[data-command="start-new-game"]')
    dialog.wait_for(state="hidden")
    link = page.evaluate("location.hash").removeprefix("#")
    assert link.startswith("w2.")
    assert decode_link(link).record.compensation == seat_compensation(3)
    last = max(seat_compensation(3))
    expect(page.locator("[data-compensation]")).to_contain_text(f"+{last}")

    page.click('[data-command="new-game"]')
    dialog.wait_for(state="visible")
    expect(box).to_be_checked()
    box.uncheck()
    page.click('[data-command="start-new-game"]')
    dialog.wait_for(state="hidden")
    assert page.evaluate("location.hash").removeprefix("#").startswith("w1.")
    expect(page.locator("[data-compensation]")).to_have_count(0)

    # A finished game with it: the page's totals are the engine's, bonus included.
    session = Session.start(GAME, GAME.new_record(3, 9, {"compensation": True}))
    rng = random.Random(3)
    while not session.state.is_over():
        session.play(rng.choice(session.state.legal_actions()))
    open_app(page, "#" + encode_game(session.record(), None))
    assert_results_match(read_hooks(page), session.state, ["Red", "Blue", "Green"])
    expect(page.locator("table.results th", has_text="Seat compensation")).to_be_visible()
