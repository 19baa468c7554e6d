"""Whole games of Hey, That's My Fish! played by clicking, checked move by move against the
engine in this process: 2 and 4 players on the standard board and 3 on a small custom
one (shorter), in one page (each next game pasted into the address, as a player opening a
link does), then the finished 4-player game's link in someone else's browser.

After every click the page's hooks must show the engine's position (floes with their fish,
gaps where floes were taken, penguins, the floes to click, the chosen penguin, the last
move, who is to move and who is out), and the address must hold exactly the actions so
far. At the end the results panel must show the engine's result of the address's game.
"""

from __future__ import annotations

import random

from conftest import open_app
from htmf_tools import (
    SELECTED,
    assert_htmf_hooks,
    assert_htmf_results,
    click,
    game_of,
    hex_key,
    play_by_clicking,
    read_htmf,
    small_game,
    state_of,
)

from waddle.app.session import Session
from waddle.games.htmf.places import place_name

LINK_LIMIT = 100
"""Longest address fragment a finished 4-player game without names may need."""


def play_to_the_end(page, session: Session, policy_seed: int) -> dict:
    """Play ``session``'s game (already on the page) to its end by clicking, with seeded
    random choices; returns what it saw: the final hooks, and who went out while others
    still played."""
    rng = random.Random(policy_seed)
    state = session.state
    hooks = read_htmf(page)
    assert_htmf_hooks(hooks, state)
    names = [s.name for s in session.seats]
    went_out = set()
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        if action.src is not None:
            # The first click chooses the penguin: its floes light up, nothing is played.
            click(page, f'svg#board [data-hex="{hex_key(action.src)}"]')
            page.wait_for_function(SELECTED, arg=hex_key(action.src))
            chosen = read_htmf(page)
            assert_htmf_hooks(chosen, state, selected=action.src)
            assert chosen["hash"] == hooks["hash"], "choosing a penguin is not a move"
            where = place_name(state.board, action.src)  # "C4", as the board's labels say
            assert chosen["message"] == f"Penguin on {where} chosen: now click where it goes."
            before = chosen["hash"]
            click(page, f'svg#board [data-hex="{hex_key(action.dst)}"]')
            page.wait_for_function("before => location.hash !== before", arg=before)
        else:
            play_by_clicking(page, action)
        assert session.play(action)
        hooks = read_htmf(page)
        assert_htmf_hooks(hooks, state)
        assert hooks["hash"] == "#" + session.link(), "the address holds every action so far"
        assert hooks["message"] == session.message
        assert hooks["problem"] is None
        # Where the move came from is marked as well as where it landed, with an arrow.
        started = page.eval_on_selector_all(
            'svg#board [data-last-from="true"]', "els => els.map(e => e.dataset.hex)"
        )
        arrows = page.locator("svg#board .last-move-arrow").count()
        moved = action.src is not None
        assert (started, arrows) == (([hex_key(action.src)], 1) if moved else ([], 0))
        if not state.is_over():
            went_out |= {p for p in range(state.players) if state.is_out(p)}
    assert_htmf_results(hooks, state, names)
    replayed = state_of(hooks["hash"])
    assert replayed.breakdown() == state.breakdown() and replayed.is_over()
    return {"hooks": hooks, "went_out": went_out}


def open_game(page, session: Session, *, first: bool) -> None:
    """Show ``session``'s game: the first by loading the page at its link, the next by
    pasting its link into the address of the running page."""
    link = session.link()
    if first:
        open_app(page, "#" + link)
    else:
        page.evaluate("link => { location.hash = link; }", link)
        page.wait_for_function(
            "link => location.hash === '#' + link && !document.getElementById('result')"
            ".checkVisibility()",
            arg=link,
        )
    assert read_htmf(page)["hash"] == "#" + link


def test_htmf_2_3_and_4_player_games_played_by_clicking(page, fresh_page):
    games = [
        Session.new("htmf", 2, 4242, names=["Ada", "Zoë Ørsted"]),
        small_game(3, seed=2, names=["Ann", "Bo", "<b>Cy</b>"]),  # a small custom board
        Session.new("htmf", 4, 2026),  # default seats, as a link without names opens them
    ]
    went_out = set()
    for n, session in enumerate(games):
        open_game(page, session, first=n == 0)
        seen = play_to_the_end(page, session, policy_seed=n + 1)
        went_out |= {(session.state.players, p) for p in seen["went_out"]}
        assert page.locator("#result b").count() == 0, "a name is text, not markup"
    assert went_out, "someone went out while others played on (shown as out)"

    # The finished 4-player game's link, in someone else's browser: the same game.
    hooks = seen["hooks"]
    linked = game_of(hooks["hash"])
    assert linked.record.generated is not None and linked.record.generated.seed == 2026
    assert len(hooks["hash"]) <= LINK_LIMIT, hooks["hash"]
    other = open_app(fresh_page(), hooks["hash"])
    theirs = read_htmf(other)
    assert theirs["hash"] == hooks["hash"]
    assert theirs["hexes"] == hooks["hexes"] and theirs["players"] == hooks["players"]
    assert theirs["result"]["results"] == hooks["result"]["results"]
    assert theirs["result"]["winners"] == hooks["result"]["winners"]
    assert theirs["problem"] is None
    assert_htmf_results(theirs, games[-1].state, [s.name for s in games[-1].seats])
