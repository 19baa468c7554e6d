"""Analysis on the page (issue 31; web/analysis.py): the win-chance meter shows and updates
after a move in every game, with exactly the figures the engine gives on CPython for the
same position, viewer, seed and budget; in a card game it does not move when only cards the
viewer cannot see change; a review of a finished scripted game completes and marks its
deliberately bad move, can be cancelled mid-way (the page stays usable) and is saved as a
study the link carries; a hint names its move and says why, as the engine's score change.
"""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import click, open_app

from waddle.app.analysis import percent
from waddle.app.review import Review, review_to_study
from waddle.app.session import Session
from waddle.core.analysis import meter_for
from waddle.core.game import SPECTATOR
from waddle.games import GAMES

sys.path.insert(0, str(Path(__file__).parent))
from htmf_tools import small_game

WAIT_MS = 90_000
REVIEW_BUDGET = 300
"""Iterations per estimate in the review tests (``html[data-review-budget]``): the app's
own budget is the meter's, seconds per decision; the figures are the same on CPython."""

METER_TEXT = """() => [...document.querySelectorAll('#meter-bars .meter-row')]
  .map((row) => row.querySelector('.meter-value').textContent)"""


def _expected_meter(session: Session, viewer: int) -> list[str]:
    meter = meter_for(session.game, session.state, viewer, seed=0)
    meter.advance()
    return [percent(p) for p in meter.chances()]


def _wait_meter_done(page) -> list[str]:
    page.wait_for_function(
        "() => document.documentElement.dataset.meter === 'done'", timeout=WAIT_MS
    )
    return page.evaluate(METER_TEXT)


def _played(game_id: str, plies: int, seed: int = 3) -> Session:
    session = Session.new(game_id, 2, seed)
    game = session.game
    bot = game.make_bot("random", seed=seed)
    while session.state.ply < plies and not session.state.is_over():
        assert session.play(bot.choose(session.state))
    return session


@pytest.mark.parametrize("game_id", ["waddle", "htmf", "pebbles", "waddle-waddle"])
def test_the_meter_shows_and_updates_after_a_move(page, game_id):
    session = _played(game_id, 4)
    open_app(page, "#" + session.link())
    hidden = GAMES.by_id(game_id).hidden_information
    # Two people at one device: shown by default; a card game is behind the
    # pass-the-device screen, where the meter gives what everyone can see.
    viewer = SPECTATOR if hidden else 0
    assert page.locator("#meter").is_visible()
    assert page.get_attribute("#meter-button", "aria-pressed") == "true"
    assert _wait_meter_done(page) == _expected_meter(session, viewer)
    # A move: the next position's estimate replaces it.
    bot = session.game.make_bot("random", seed=9)
    assert session.play(bot.choose(session.state))
    page.evaluate("link => { location.hash = link; }", session.link())
    page.wait_for_function(
        "() => document.documentElement.dataset.meter === 'estimating'", timeout=WAIT_MS
    )
    assert _wait_meter_done(page) == _expected_meter(Session.from_link(session.link()), viewer)
    # The switch hides it, and the choice is remembered.
    click(page, '[data-command="toggle-meter"]')
    page.wait_for_selector("#meter", state="hidden")
    assert page.evaluate("localStorage.getItem('waddle:meter:people')") == "off"


def test_the_meter_is_off_against_a_computer_until_asked(page):
    session = Session.start(
        GAMES.by_id("htmf").load(), small_game(2, 4).full_record(), bots=[None, "easy"]
    )
    open_app(page, "#" + session.link())
    assert page.locator("#meter").is_hidden()
    click(page, '[data-command="toggle-meter"]')
    assert _wait_meter_done(page) == _expected_meter(session, 0)


def test_a_card_games_meter_does_not_change_with_cards_the_viewer_cannot_see(page):
    game = GAMES.by_id("pebbles").load()
    record = game.new_record(2, 5)
    me = record.start().to_move()
    other = 1 - me
    # The other seat's hand differs: two of its cards swapped with two of the deck's.
    hands = list(record.hands)
    theirs, deck = list(hands[other]), list(record.deck)
    theirs[:2], deck[:2] = deck[:2], theirs[:2]
    hands[other] = tuple(theirs)
    again = replace(record, hands=tuple(hands), deck=tuple(deck))
    assert again.start().view(me) == record.start().view(me)
    seen = []
    for deal in (record, again):
        session = Session.start(game, deal)
        open_app(page, "#" + session.link())
        click(page, "#curtain-button")  # the person to move holds the device: their view
        page.wait_for_selector("#curtain", state="hidden")
        seen.append(_wait_meter_done(page))
        assert seen[-1] == _expected_meter(session, me)
    assert seen[0] == seen[1]


def _scripted_game(bad_ply: int = 12) -> tuple[Session, int]:
    """A small Hey, That's My Fish! game played by the medium bot, but for one move chosen
    as the worst a short search finds (by exact search it still wins; the game it leads to
    has a blunder two moves later)."""
    session = small_game(2, 4)
    game = session.game
    bot = game.make_bot("medium", seed=1)
    while not session.state.is_over():
        state = session.state
        if state.ply != bad_ply:
            assert session.play(bot.choose(state))
            continue

        def after(action, state=state):
            world = state.clone()
            world.apply(action)
            meter = meter_for(game, world, seed=0, iterations=400)
            meter.advance()
            return meter.chances()[state.to_move()]

        assert session.play(min(state.legal_actions(), key=after))
    return session, bad_ply


def _review_on_cpython(session: Session) -> Review:
    review = Review(session.game, session.full_record(), seed=0, iterations=REVIEW_BUDGET)
    while not review.step(1.0):
        pass
    return review


def test_a_review_marks_the_bad_move_shows_it_and_becomes_a_study(page):
    session, _scripted = _scripted_game()
    expected = _review_on_cpython(session)
    # The scripted move still wins by exact search (the review judges this endgame
    # exactly and rightly leaves it unmarked); the medium bot's answer two moves later
    # throws the won game away, and that is marked.
    assert expected.marked(), "the review marks the move that lost the game"
    bad = expected.marked()[0].ply
    assert expected.marked()[0].exact and expected.marked()[0].kind == "blunder"
    open_app(page, "#" + session.link())
    page.evaluate(f"document.documentElement.dataset.reviewBudget = '{REVIEW_BUDGET}'")
    click(page, '#result [data-command="review-game"]')
    page.wait_for_selector('#review[data-review="done"]', timeout=WAIT_MS)
    plies = page.eval_on_selector_all(
        "#review [data-review-ply]", "els => els.map((e) => Number(e.dataset.reviewPly))"
    )
    assert plies == [d.ply for d in expected.marked()]
    assert page.locator('#review figure[data-chart="review-chart"] svg').count() == 1
    # A marked decision: its position, the better move marked as a study's marks are.
    click(page, f'#review [data-review-ply="{bad}"]')
    page.wait_for_function(f"() => document.getElementById('scrubber').value === '{bad}'")
    study = review_to_study(expected, [s.name for s in session.seats])
    step = study.step(bad)
    for place in step.marks:
        assert page.locator(f'svg#board [data-mark="{place}"]').count() == 1
    assert page.locator("#review-caption").text_content() == step.caption
    # Saved as a study: the address carries it.
    before = page.evaluate("location.hash")
    click(page, '[data-command="save-review"]')
    page.wait_for_function("before => location.hash !== before", arg=before)
    saved = Session.from_link(page.evaluate("location.hash").removeprefix("#"))
    assert saved.study is not None
    assert [(s.ply, s.caption, s.marks, s.arrows) for s in saved.study.steps] == [
        (s.ply, s.caption, s.marks, s.arrows) for s in study.steps
    ]
    assert page.locator("html[data-study]").count() == 1


def test_a_review_can_be_cancelled_and_the_page_stays_usable(page):
    session, _bad = _scripted_game()
    open_app(page, "#" + session.link())
    page.evaluate("document.documentElement.dataset.reviewBudget = '50000'")
    click(page, '#result [data-command="review-game"]')
    page.wait_for_function(
        "() => Number(document.getElementById('review-progress')?.value) > 0", timeout=WAIT_MS
    )
    click(page, '[data-command="cancel-review"]')
    page.wait_for_selector('#review[data-review="cancelled"]')
    assert page.locator("#review-progress").count() == 0
    status = page.locator("#review-status").text_content()
    page.wait_for_timeout(500)
    assert page.locator("#review-status").text_content() == status  # it stopped
    # The page answers: a click on the first move goes there at once.
    end = str(session.state.ply)
    click(page, "#move-list [data-ply]")
    page.wait_for_function("end => document.getElementById('scrubber').value !== end", arg=end)


def test_a_hint_names_its_move_and_says_what_it_gains_against_the_next_best(page):
    session = small_game(2, 4)
    game = session.game
    bot = game.make_bot("medium", seed=1)
    while session.state.ply < 10:
        assert session.play(bot.choose(session.state))
    open_app(page, "#" + session.link())
    click(page, '.controls [data-command="hint"]')
    page.wait_for_function(
        "() => /^Hint: .*: it /.test(document.getElementById('message').textContent)",
        timeout=WAIT_MS,
    )
    said = page.locator("#message").text_content()
    state = session.state
    named = [f"Hint: {game.move_name(state, a)}" for a in state.legal_actions()]
    matching = [
        a
        for a, name in zip(state.legal_actions(), named, strict=True)
        if said.startswith((f"{name}: it ", f"{name} (marked on the board): it "))
    ]
    assert matching, said
    action = matching[0]
    after = state.clone()
    after.apply(action)
    me = state.to_move()
    change = after.scores()[me] - state.scores()[me]
    signed = [
        int(n) * (1 if sign == "+" else -1) for sign, n in re.findall(r"\(([+−])(\d+) fish", said)
    ]
    assert signed in ([], [change]), said  # the move's own fish, when the reason is its fish
    # why: against another move, named (the search's next choice, or the best of the others)
    assert re.search(r"\((the next best|the next best at first sight)\)", said), said
