"""Waddle Waddle in the whole app: the chooser (its picture, one click to a game with the
pass-the-device screen and the heroes), a named save and back, ``?game=waddle-waddle``,
the New game dialog's rules, the tutorial played by clicking to its end, the embedded view
(every hand shown, stepping, read-only). Offline: test_offline.py; axe-core:
test_waddle_waddle_a11y.py."""

from __future__ import annotations

import random

from conftest import click, open_app
from e2e_tools import show_game, wait_for_hash_change
from waddle_waddle_tools import (
    OMNISCIENT,
    assert_ww_hooks,
    assert_ww_results,
    mirror_of,
    pass_the_device,
    read_ww,
    selector,
)

from waddle.app.session import Session
from waddle.app.tutorial import Tutorial
from waddle.games.waddle_waddle import GAME
from waddle.games.waddle_waddle.clicks import steps_to
from waddle.games.waddle_waddle.handicap import hero_handicap
from waddle.games.waddle_waddle.heroes import HEROES
from waddle.games.waddle_waddle.tutorial import STEPS
from waddle.games.waddle_waddle.words import HERO_GIST

WAIT_MS = 60_000


def test_waddle_waddle_from_the_chooser_heroes_and_a_named_save(page):
    page.set_default_timeout(WAIT_MS)
    open_app(page, "./")
    assert page.evaluate("document.documentElement.dataset.screen") == "chooser"
    choice = page.locator('[data-game-choice="waddle-waddle"]')
    assert choice.locator('svg.thumbnail[data-board="waddle-waddle"]').count() == 1
    assert "2 to 6 players" in choice.text_content()
    click(page, '[data-game-choice="waddle-waddle"]')
    page.wait_for_function("document.documentElement.dataset.game === 'waddle-waddle'")
    mirror = mirror_of(page.evaluate("location.hash"))
    for hero in ("davis", "lynch"):  # each person picks a hero: no hand to hide yet
        assert not read_ww(page)["curtain"], "no pass-the-device screen at hero choice"
        buttons = page.locator('#game-controls [data-control^="hero-"]')
        assert buttons.count() == (6 if hero == "davis" else 5)
        said = page.locator(f'[data-control="hero-{hero}"]').text_content()
        assert HERO_GIST[hero] in said, "what a hero does is on its button, not in a tooltip"
        before = click(page, f'[data-control="hero-{hero}"]')
        mirror = mirror_of(wait_for_hash_change(page, before))
    state = mirror.state
    assert [HEROES[state.hero[p]].code for p in (0, 1)] == ["davis", "lynch"]
    assert state.phase == "turn"
    pass_the_device(page, state)  # the first hand dealt brings the screen back
    assert_ww_hooks(read_ww(page), state, 0)

    saved = page.evaluate("location.hash")
    click(page, '[data-command="open-saves"]')
    page.wait_for_selector("dialog#saves[open]")
    assert page.locator("#saves-secret").is_visible(), "a save holds every hand: said"
    page.fill("#save-name", "Penguin census")
    page.press("#save-name", "Enter")
    page.wait_for_selector('#saves-list [data-save-game="waddle-waddle"]')
    page.keyboard.press("Escape")
    other = Session.new("waddle-waddle", 3, 12)
    show_game(page, other.link())
    click(page, '[data-command="open-saves"]')
    click(page, '#saves-list [data-save-game="waddle-waddle"] [data-command="load-save"]')
    page.wait_for_function("saved => location.hash === saved", arg=saved)
    assert mirror_of(page.evaluate("location.hash")).state.history == state.history


def test_waddle_waddle_new_game_rules_the_tutorial_and_the_embedded_view(page):
    page.set_default_timeout(WAIT_MS)
    open_app(page, "?game=waddle-waddle")
    assert page.evaluate("location.search") == "", "?game= starts a game once"
    click(page, '[data-command="new-game"]')
    page.wait_for_selector("dialog#new-game[open]")
    assert page.locator("#ng-game").input_value() == "waddle-waddle"
    variant = page.locator('[name="opt-two_player_variant"]')
    assert variant.is_visible() and variant.is_checked(), "on by default with two players"
    page.select_option("#ng-players", "3")
    assert not variant.is_visible(), "only with two players"
    page.select_option('[name="opt-seasons"]', "1")
    page.check('[name="opt-kevin"]')
    page.check('[name="opt-no_fish"]')
    page.select_option('[name="kind1"]', "random")
    page.select_option('[name="kind2"]', "random")
    page.click('[data-command="start-new-game"]')
    page.wait_for_selector("dialog#new-game", state="hidden")
    started = mirror_of(page.evaluate("location.hash"))
    options = started.record().options
    assert started.state.n == 3
    assert (options.seasons, options.kevin, options.no_fish) == (1, True, True)
    assert [s.bot for s in started.seats] == [None, "random", "random"]

    # The tutorial, step by step by clicking, checked against the same tutorial here.
    click(page, '.app-actions [data-command="start-tutorial"]')
    page.wait_for_selector("#tutorial", state="visible")
    lesson = Tutorial(GAME)
    while not lesson.finished:
        text = lesson.step.text
        assert page.locator("#tutorial-text").text_content() == text
        state = lesson.session.state
        action = next(a for a in state.legal_actions() if lesson.step.accepts(state, a))
        play_by_clicking_in_tutorial(page, state, action)
        assert lesson.try_action(action)
        page.wait_for_function(
            "t => document.getElementById('tutorial-text').textContent !== t", arg=text
        )
    page.wait_for_selector("#result", state="visible")
    assert page.locator("#tutorial-text").text_content() == STEPS[-1].text
    assert page.evaluate("document.getElementById('result').dataset.winners") == "0"
    click(page, '[data-command="end-tutorial"]')
    page.wait_for_selector("#tutorial", state="hidden")

    # The embedded view of an unfinished game: every hand, stepping, read-only.
    game = Session.new("waddle-waddle", 3, 21, options={"seasons": 1})
    rng = random.Random(2)
    while game.state.ply < 40:
        game.play(rng.choice(game.state.legal_actions()))
    record = game.full_record()

    def after(plies: int):  # the session itself may not go back past a card turned up
        return record.with_actions(record.actions[:plies]).replay()

    open_app(page, f"?embed&ply=30#{game.link()}")
    hooks = read_ww(page)
    assert_ww_hooks(hooks, after(30), OMNISCIENT)
    assert not hooks["curtain"]
    click(page, '#embed-bar [data-command="redo"]')
    page.wait_for_function(
        "document.getElementById('embed-position').textContent.startsWith('Move 31')"
    )
    assert_ww_hooks(read_ww(page), after(31), OMNISCIENT)
    assert page.locator('[data-legal="true"]').count() > 0, "the game may go on from here"
    open_app(page, f"?embed&readonly#{game.link()}")
    assert page.locator('[data-legal="true"]').count() == 0


def play_by_clicking_in_tutorial(page, state, action) -> None:
    """The tutorial writes no address: each click waits for what it clicks instead."""
    for step in steps_to(state.view(state.to_move()), action):
        page.wait_for_selector(selector(step))
        click(page, selector(step))


def test_waddle_waddle_hero_handicap_is_an_option_kept_in_the_link_and_scored(page):
    """The hero handicap (not a rule): off by default, ticked in New game, shown on the
    hero buttons, carried by the link (ww2.), offered again ticked, and counted in the
    result as a column of its own."""
    page.set_default_timeout(WAIT_MS)
    open_app(page, "?game=waddle-waddle")
    click(page, '[data-command="new-game"]')
    page.wait_for_selector("dialog#new-game[open]")
    box = page.locator('#new-game [name="opt-hero_handicap"]')
    assert not box.is_checked()
    page.select_option("#ng-players", "3")
    box.check()
    page.click('[data-command="start-new-game"]')
    page.wait_for_selector("dialog#new-game", state="hidden")
    link = page.evaluate("location.hash").removeprefix("#")
    assert link.startswith("ww2.")
    started = mirror_of("#" + link)
    assert started.record().options.hero_handicap == hero_handicap(3)
    for hero in HEROES:
        button = page.locator(f'#game-controls [data-control="hero-{hero.code}"]')
        assert f"+{hero_handicap(3)[hero.index]} at the end" in button.text_content()

    click(page, '[data-command="new-game"]')
    page.wait_for_selector("dialog#new-game[open]")
    assert box.is_checked(), "New game offers the option again"
    box.uncheck()
    page.click('[data-command="start-new-game"]')
    page.wait_for_selector("dialog#new-game", state="hidden")
    assert page.evaluate("location.hash").startswith("#ww1.")

    # A finished game with it: the page's totals are the engine's, handicap included.
    game = Session.new("waddle-waddle", 2, 9, options={"hero_handicap": True, "seasons": 1})
    rng = random.Random(3)
    while not game.state.is_over():
        game.play(rng.choice(game.state.legal_actions()))
    open_app(page, "#" + game.link())
    hooks = read_ww(page)
    assert_ww_results(hooks, game.state, ["Red", "Blue"])
    assert "Hero handicap" in hooks["result"]["text"]
    assert sum(game.state.handicap_points()) > 0
