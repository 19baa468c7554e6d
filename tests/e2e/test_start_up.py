"""Start-up: the chooser is on screen before Python starts, a game picked then opens when
Python is ready, a first visit's progress counts the runtime's bytes, and a returning
visit starts Python from its snapshot (web/start-python.mjs), or without it when the
snapshot is damaged."""

from __future__ import annotations

import pytest

GAME_CHOICES = "#chooser [data-game-choice]"
LOADING = "document.documentElement.dataset.app === 'loading'"
READY = "document.documentElement.dataset.app === 'ready'"
SNAPSHOT_KEPT = "performance.getEntriesByName('waddle:snapshot-kept').length > 0"
FROM_SNAPSHOT = "performance.getEntriesByName('waddle:python-from-snapshot').length > 0"
RECORD_DOWNLOAD = """
window.__download = [];
addEventListener("waddle:download", (event) => window.__download.push(event.detail));
"""


def hold_app_zip(page) -> list:
    """Python cannot become ready without the app zip: hold its request until released."""
    held: list = []
    page.route("**/app-*.zip", lambda route: held.append(route))
    return held


def release(page, held: list) -> None:
    while not held:  # Pyodide may still be starting: the request comes after it
        page.wait_for_timeout(100)
    for route in held:
        route.continue_()


def test_the_chooser_is_in_the_page_before_python_and_a_game_picked_then_opens(
    fresh_page, page_log
):
    page = fresh_page()
    held = hold_app_zip(page)
    page.goto("./")
    page.locator(GAME_CHOICES).first.wait_for(state="visible")
    assert page.evaluate(LOADING), "the chooser must not wait for Python"
    assert page.locator(GAME_CHOICES).count() == 4
    assert page.locator("#chooser .thumbnail").count() == 4  # the pictures, drawn by the build
    rules = page.locator('#chooser a.game-rules[href="./rules/htmf.html"]')
    assert rules.is_visible()
    # The loading line stays above the chooser, with its progress bar.
    assert page.locator("#loading-progress").is_visible()

    # Pyodide compiles its WebAssembly on the page's main thread meanwhile: on a loaded
    # machine the click waits for it (a person's tap is queued the same way).
    page.click('[data-versus-computer="htmf"]', timeout=60_000)
    assert page.locator('[data-versus-computer="htmf"]').get_attribute("aria-pressed") == "true"
    assert "Hey, That's My Fish! opens" in page.locator("#loading-pick").text_content()
    assert page.evaluate(LOADING)

    release(page, held)
    page.wait_for_function(READY, timeout=120_000)
    assert page.locator("html").get_attribute("data-game") == "htmf"
    assert page.locator("#chooser").is_hidden()
    assert page.locator('svg#board[data-board="htmf"]').is_visible()
    assert page.locator("html").get_attribute("data-pick") is None
    # Against the computer: after the person's penguin, the computer places its own.
    page.locator('svg#board [data-legal="true"]').first.click()
    page.wait_for_function(
        "document.querySelectorAll('svg#board [data-hex][data-owner]').length >= 2",
        timeout=30_000,
    )


def test_a_rules_page_of_the_chooser_reads_without_python(fresh_page):
    page = fresh_page()
    page.goto("./rules/pebbles.html")
    assert page.locator("h2").first.text_content().startswith("How to play")
    assert page.locator('a[href="../?game=pebbles"]').is_visible()
    assert page.locator("script").count() == 0


@pytest.mark.parametrize("damaged", [False, True], ids=["snapshot", "damaged-snapshot"])
def test_a_returning_visit_starts_python_from_its_snapshot(fresh_page, page_log, damaged):
    page = fresh_page(service_workers="allow")
    page.add_init_script(RECORD_DOWNLOAD)
    page.goto("./?game=waddle")
    page.wait_for_function(READY, timeout=120_000)
    assert not page.evaluate(FROM_SNAPSHOT)
    # A first visit's progress: the runtime's bytes, counted to the end.
    download = page.evaluate("window.__download")
    # In steps (how many depends on how the bytes arrive: 16-24 here on loopback).
    assert len(download) > 3
    assert download[-1]["loaded"] == download[-1]["total"] > 10_000_000

    # Kept once the app is cached for offline use.
    page.wait_for_function(SNAPSHOT_KEPT, timeout=120_000)
    before = page.evaluate("location.hash")
    page.click('svg#board [data-legal="true"]')
    page.wait_for_function("h => location.hash !== h", arg=before)
    position = page.evaluate("location.hash")
    if damaged:
        page.evaluate(
            """async () => {
              const cache = await caches.open("pyodide-snapshots");
              for (const request of await cache.keys()) {
                await cache.put(request, new Response("not a snapshot"));
              }
            }"""
        )

    page.reload()
    page.wait_for_function(READY, timeout=120_000)
    assert page.evaluate(FROM_SNAPSHOT) is not damaged
    assert page.evaluate("window.__download") == []  # the worker answered: nothing counted
    assert page.evaluate("location.hash") == position
    # The game goes on: Python works.
    page.click('svg#board [data-legal="true"]')
    page.wait_for_function("h => location.hash !== h", arg=position)
    if damaged:  # a damaged snapshot is dropped, and a good one made again
        page.wait_for_function(SNAPSHOT_KEPT, timeout=120_000)


def test_a_browser_that_cannot_inflate_still_starts_the_app(fresh_page, page_log):
    """web/start-python.mjs inflates the app zip with DecompressionStream while Pyodide
    starts; without it (older browsers), Pyodide unpacks the zip instead and the game
    still opens and plays."""
    page = fresh_page()
    page.add_init_script("delete globalThis.DecompressionStream")
    page.goto("./?game=waddle")
    page.wait_for_function(READY, timeout=120_000)
    assert page.evaluate("typeof DecompressionStream") == "undefined"
    before = page.evaluate("location.hash")
    page.click('svg#board [data-legal="true"]')
    page.wait_for_function("h => location.hash !== h", arg=before)
    assert page_log.page_errors == []


def test_a_first_visit_preloads_the_runtime_after_the_first_paint_and_downloads_it_once(
    fresh_page, page_log
):
    page = fresh_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto("./?game=waddle")
    page.wait_for_function(READY, timeout=120_000)
    preloaded = page.evaluate(
        "[...document.head.querySelectorAll('link[rel=preload]')].map(l => l.href)"
    )
    assert any(url.endswith("/pyodide.asm.wasm") for url in preloaded)
    assert any("/app-" in url and url.endswith(".zip") for url in preloaded)
    # Each preloaded file was asked for once: Pyodide's own fetch took the preload.
    for url in preloaded:
        assert requests.count(url) == 1, (url, requests.count(url))
    assert page_log.console_errors == []
