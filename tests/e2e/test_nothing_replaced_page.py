"""Issue 38, items 2 and 3, in the page: a link of the same kind of game keeps the game in
progress (said in one line, resumed from the chooser), and two tabs playing in turn keep
both games: after both are closed, the next visit resumes one and offers the other."""

from __future__ import annotations

from conftest import click_and_wait, open_app
from e2e_tools import wait_ready
from playwright.sync_api import expect

from waddle.app.session import Session

LEGAL = 'svg#board [data-legal="true"]'


def test_a_link_of_the_same_kind_keeps_the_game_in_progress(page):
    open_app(page)  # a new Waddle game
    click_and_wait(page, LEGAL)
    mine = page.evaluate("location.hash")
    other = Session.new("waddle", 2, seed=11)
    page.evaluate("link => { location.hash = link; }", other.link())
    expect(page.locator("#message")).to_have_text(
        "Your game in progress was kept: resume it from Games."
    )
    page.click('header [data-command="open-chooser"]')
    page.click('[data-resume="waddle"]')
    page.wait_for_function("mine => location.hash === mine", arg=mine)


def test_two_tabs_playing_in_turn_keep_both_games(page):
    context = page.context
    open_app(page, "./?game=waddle")
    second = context.new_page()
    open_app(second, "./?game=htmf")
    for _ in range(2):  # moves alternate between the tabs
        click_and_wait(page, LEGAL)
        click_and_wait(second, LEGAL)
    waddle_link = page.evaluate("location.hash")
    page.close()
    second.close()
    again = context.new_page()
    again.goto("./")
    wait_ready(again)
    expect(again.locator("#game-title")).to_have_text("Hey, That's My Fish!")
    again.click('header [data-command="open-chooser"]')
    kept = again.locator(".unfinished-game")
    expect(kept).to_have_count(1)
    expect(kept).to_contain_text("Waddle")
    kept.locator("button").click()
    again.wait_for_function("link => location.hash === link", arg=waddle_link)
