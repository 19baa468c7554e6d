"""Browser end-to-end fixtures: the built app (dist/) in Debian's Chromium via Playwright.

Every test in this folder is marked ``e2e`` automatically (``make test-engine`` skips them)
and is run once more if Chromium's renderer crashes under it (``RENDERER_CRASHED``).

Fixtures, for any later test:

- ``dist_dir`` (session): the publish folder; built with scripts/build_web.py when it is
  missing or older than its sources, so ``pytest`` alone works.
- ``server`` (session): a threading static server of dist/ on a free loopback port, in a
  background thread; ``server.origin`` is ``http://127.0.0.1:PORT``.
- ``browser`` (session): headless /usr/bin/chromium (``playwright install`` cannot
  download browsers here).
- ``warm_context`` (session): one persistent browser context whose HTTP and compiled-code
  caches last from test to test (every other kind of site data is cleared before each).
- ``page_log``: what went wrong in the test's browser context: console errors, page
  errors, error events on window (reported as console errors), and requests to any origin
  but the server's. The test FAILS if any is left at
  its end; a test that provokes errors on purpose inspects and then ``clear()``s it.
- ``page``: a page as on a first visit (no storage, cookies or permissions; service
  workers blocked) in ``warm_context``, so that the app starts without compiling Pyodide
  again; relative URLs resolve against the server.
- ``open_app``: ``open_app(page, path="")`` loads the app (``path`` may be ``"?embed"``,
  ``"#…"``, ``"./"`` for a plain visit; empty is a new Waddle game, ``?game=waddle``) and
  waits for ``html[data-app="ready"]``, failing at once with the page's message if it says
  ``"error"``.
- ``app``: ``page`` with the app already open and ready.
- ``fresh_page``: ``fresh_page(**context_options)`` opens another page in a new browser
  context (a phone: ``viewport=…, is_mobile=True, has_touch=True``).

Reading and driving the page (plain functions, imported by the tests):
``read_hooks(page)`` returns every public hook at once; ``assert_hooks_match(hooks,
state)`` compares them with a ``WaddleState`` computed in this process;
``start_new_game(page, players, names, seed)`` goes through the New game dialog;
``click(page, selector)`` is a real mouse click on an element; ``click_and_wait`` also
waits until the address changed; ``choose_token(page, "double")`` picks a token.

On a failing test a screenshot goes to test-results/ (git-ignored).
"""

from __future__ import annotations

import fcntl
import importlib.util
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DIST = ROOT / "dist"
RESULTS = ROOT / "test-results"

# The first load compiles Pyodide's wasm and starts the interpreter: seconds, more on a
# busy 2-core CI machine. Later waits (clicks, redraws) use the context default.
FIRST_LOAD_TIMEOUT_MS = 60_000
DEFAULT_TIMEOUT_MS = 15_000

# What the built folder is made from: newer than dist/build-info.json means rebuild.
BUILD_INPUTS = ("index.html", "pyscript.toml", "package.json", "package-lock.json")
BUILD_INPUT_DIRS = ("web", "waddle", "scripts")


def _load_script(name: str):
    """Import scripts/<name>.py (the scripts folder is not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_chromium = _load_script("chromium")
CHROMIUM: str = _chromium.CHROMIUM
CHROMIUM_ARGS: list[str] = _chromium.CHROMIUM_ARGS


# ---------------------------------------------------------------------------- marking


# A renderer process that dies under a test ("Target crashed") is Chromium failing on a
# loaded machine, not an app behaviour; CI once lost a run to one at page load. Such a
# test runs once more, in a new browser context, and the summary lists it as a rerun
# (the R lines under -ra). Any other failure is not retried.
RENDERER_CRASHED = ["Target crashed", "Page crashed"]


# The browser tests that play whole games take 20–40 s each (remote play between devices
# 35–145 s), the rest 3–15 s. `make test`
# runs them first (--dist worksteal then hands the short ones to whichever worker is free),
# so that no worker is left alone at the end with a long game while the others wait.
# From `pytest --durations=40`; a module missing here only runs later.
LONG_GAMES = (
    "test_waddle_waddle_keyboard.py",
    "test_pebbles_play.py",
    "test_htmf_play.py",
    "test_waddle_waddle_play.py",
    "test_undo.py",
    "test_htmf_ai.py",
    "test_pebbles_keyboard.py",
    "test_offline.py",
    "test_play.py",
    "test_remote_cards_page.py",
    "test_remote_games.py",
)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=RENDERER_CRASHED))
    # sorted() is stable: within each group the collection order stays.
    items[:] = sorted(items, key=lambda item: item.path.name not in LONG_GAMES)


# ---------------------------------------------------------------------------- build and serve


def _dist_is_stale() -> bool:
    stamp = DIST / "build-info.json"
    if not stamp.is_file():
        return True
    built = stamp.stat().st_mtime
    inputs = [ROOT / name for name in BUILD_INPUTS]
    for folder in BUILD_INPUT_DIRS:
        inputs += [p for p in (ROOT / folder).rglob("*") if "__pycache__" not in p.parts]
    return any(p.is_file() and p.stat().st_mtime > built for p in inputs)


@pytest.fixture(scope="session")
def dist_dir(tmp_path_factory) -> Path:
    # Under pytest-xdist every worker asks; one builds while the others wait for it (two
    # builds at once would write the same files).
    lock = tmp_path_factory.getbasetemp().parent / "dist-build.lock"
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        if _dist_is_stale():
            subprocess.run([sys.executable, str(ROOT / "scripts" / "build_web.py")], check=True)
    return DIST


@pytest.fixture(scope="session")
def server(dist_dir: Path) -> Iterator[object]:
    srv = _load_script("serve_web").make_server(dist_dir)
    srv.start_in_thread()
    yield srv
    srv.stop()


# ---------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `apt-get install -y chromium` (make test does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_driver) -> Iterator[object]:
    chromium = playwright_driver.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def warm_context(playwright_driver, server, tmp_path_factory) -> Iterator[object]:
    """One browser context per test process that keeps Chromium's HTTP and compiled-code
    caches from test to test, for ``page``: a new context compiles Pyodide's wasm afresh,
    about 3.5 s of every start on a 2-core machine (7.9 s to ready in a new context, 4.4 s
    in this one), and ``page`` starts the app in most tests. Everything else a visit
    leaves is cleared between tests (:func:`_forget_visits`)."""
    context = playwright_driver.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-profile")),
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        base_url=server.origin + "/",
        service_workers="block",
    )
    context.add_init_script(REPORT_WINDOW_ERRORS)
    for leftover in context.pages:  # a persistent context opens with a blank page
        leftover.close()
    yield context
    context.close()


STORAGE_TO_FORGET = (
    "cookies,file_systems,indexeddb,local_storage,websql,service_workers,cache_storage"
)
"""Every kind of site data but the HTTP cache (Chrome DevTools protocol's names)."""


def _forget_visits(context, page, origin: str) -> None:
    """Make ``context`` a first visit again for ``origin``, its caches aside: no storage,
    cookies or permissions (a new page brings a new sessionStorage)."""
    cdp = context.new_cdp_session(page)
    try:
        cdp.send(
            "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORAGE_TO_FORGET}
        )
    finally:
        cdp.detach()
    context.clear_cookies()
    context.clear_permissions()


def _origin(url: str) -> str | None:
    """The origin a request goes to; None for URLs that make no request (data:, about:)."""
    if url.startswith("blob:"):
        url = url[len("blob:") :]
    parts = urlsplit(url)
    if parts.scheme in ("data", "about", ""):
        return None
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class PageLog:
    """What went wrong in one browser context; a test fails if anything is left here."""

    origin: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)

    def on_console(self, message) -> None:
        if message.type == "error":
            location = message.location or {}
            where = f" ({location.get('url', '')}:{location.get('lineNumber', '')})"
            self.console_errors.append(message.text + (where if location.get("url") else ""))

    def on_page_error(self, error) -> None:
        self.page_errors.append(str(error))

    def on_request(self, request) -> None:
        origin = _origin(request.url)
        if origin is not None and origin != self.origin:
            self.foreign_requests.append(f"{request.method} {request.url}")

    def problems(self) -> list[str]:
        return (
            [f"console error: {m}" for m in self.console_errors]
            + [f"page error: {m}" for m in self.page_errors]
            + [f"request outside {self.origin}: {m}" for m in self.foreign_requests]
        )

    def clear(self) -> None:
        self.console_errors.clear()
        self.page_errors.clear()
        self.foreign_requests.clear()

    def check(self, when: str) -> None:
        problems = self.problems()
        if problems:
            self.clear()  # report each problem once
            raise AssertionError(f"browser problems ({when}):\n  " + "\n  ".join(problems))


_LOG_KEY = pytest.StashKey[PageLog]()
_FAILED_KEY = pytest.StashKey[bool]()


@pytest.fixture
def page_log(server, request: pytest.FixtureRequest) -> Iterator[PageLog]:
    # Torn down after ``page`` and ``fresh_page`` (which use it): their contexts are closed.
    log = PageLog(origin=server.origin)
    request.node.stash[_LOG_KEY] = log
    yield log
    log.check("after the test")


# Error events that reach window without being exceptions (a ResizeObserver loop, say)
# show neither as page errors nor in the console: make them console errors, so they fail.
REPORT_WINDOW_ERRORS = """
addEventListener("error", (event) => {
  if (!event.error) console.error("window error event: " + event.message);
});
"""


def _new_context(browser, server, page_log: PageLog, **options):
    # No service worker unless a test asks (test_offline, test_first_visit,
    # test_start_up): once a worker controls the page it answers every request, where
    # page.route() cannot reach (test_boot replaces files that way). Blocked, the page
    # runs as without workers (and makes no Python snapshot: web/start-python.mjs).
    options.setdefault("service_workers", "block")
    context = browser.new_context(base_url=server.origin + "/", **options)
    context.add_init_script(REPORT_WINDOW_ERRORS)
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    context.on("console", page_log.on_console)
    context.on("weberror", lambda web_error: page_log.on_page_error(web_error.error))
    context.on("request", page_log.on_request)
    return context


@pytest.fixture
def page(
    warm_context, server, page_log: PageLog, request: pytest.FixtureRequest
) -> Iterator[object]:
    """A page as on a first visit (no storage, service workers blocked) in the shared
    :func:`warm_context`, whose caches make the app start sooner; ``fresh_page`` gives a
    wholly new context where a test needs one."""
    context = warm_context
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    handlers = {
        "console": page_log.on_console,
        "weberror": lambda web_error: page_log.on_page_error(web_error.error),
        "request": page_log.on_request,
    }
    new_page = context.new_page()
    _forget_visits(context, new_page, server.origin)
    for event, handler in handlers.items():
        context.on(event, handler)
    try:
        yield new_page
        if request.node.stash.get(_FAILED_KEY, False):
            _screenshot(new_page, request.node.nodeid)
    finally:
        for event, handler in handlers.items():
            context.remove_listener(event, handler)
        for open_page in context.pages:
            open_page.close()
        context.unroute_all(behavior="ignoreErrors")
        context.set_offline(False)


@pytest.fixture
def fresh_page(browser, server, page_log: PageLog) -> Iterator[Callable[..., object]]:
    """``fresh_page(**options)`` makes another page in its own new browser context (empty
    cache and storage, like another person's browser), logged into the same ``page_log``;
    ``options`` go to Playwright's ``new_context`` (``viewport``, ``is_mobile``, …)."""
    contexts = []

    def make(**options):
        context = _new_context(browser, server, page_log, **options)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def _screenshot(page, nodeid: str) -> None:
    RESULTS.mkdir(exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid) + ".png"
    try:
        page.screenshot(path=str(RESULTS / name), full_page=True)
    except Exception as exc:  # a crashed page must not hide the real failure
        print(f"no screenshot of {nodeid}: {exc}")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    # After the test body passed: anything the browser logged fails this test itself.
    result = yield
    log = item.stash.get(_LOG_KEY, None)
    if log is not None:
        log.check("during the test")
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[object]:
    report = yield
    if report.when == "call" and report.failed:
        item.stash[_FAILED_KEY] = True
    return report


# ---------------------------------------------------------------------------- the app


FRESH_GAME = "./?game=waddle"
"""What ``open_app`` opens when given no path: a new 2-player Waddle game at once (a plain
first visit shows the game chooser instead; tests of the chooser ask for "./")."""


def open_app(page, path: str = "", timeout_ms: int = FIRST_LOAD_TIMEOUT_MS):
    """Load the app at path (relative to the server: "./", "?embed", "#…"; "" is
    :data:`FRESH_GAME`) and wait until it is ready. Fails at once with the page's own
    message if start-up says "error"."""
    page.goto(path or FRESH_GAME)
    page.wait_for_function("document.documentElement.dataset.app !== 'loading'", timeout=timeout_ms)
    state = page.evaluate("document.documentElement.dataset.app")
    if state != "ready":
        message = page.locator("#error-message").text_content()
        raise AssertionError(f'the app did not start: data-app="{state}": {message}')
    return page


@pytest.fixture(name="open_app")
def open_app_fixture() -> Callable[..., object]:
    return open_app


@pytest.fixture
def app(page):
    """A page with the app open and ready."""
    return open_app(page)


# ---------------------------------------------------------------------------- reading the page

# Every public hook (the project's web hooks design note) in one round trip.
READ_HOOKS = """() => {
  const hexes = {};
  for (const g of document.querySelectorAll("svg#board [data-hex]")) {
    const d = g.dataset;
    hexes[d.hex] = {
      kind: d.kind ?? null, owner: d.owner ?? null, token: d.token ?? null,
      legal: d.legal === "true", active: d.active === "true", number: d.number ?? null,
      last: d.last === "true",
    };
  }
  const button = (selector) => {
    const b = document.querySelector(selector);
    return b && {
      disabled: b.disabled, pressed: b.getAttribute("aria-pressed"), title: b.title,
      text: b.textContent, visible: b.checkVisibility(),
    };
  };
  const result = document.getElementById("result");
  const totals = {};
  for (const row of result.querySelectorAll("[data-result-player]")) {
    totals[row.dataset.resultPlayer] = Number(row.dataset.total);
  }
  const problem = document.getElementById("problem");
  return {
    app: document.documentElement.dataset.app,
    hash: location.hash,
    hexes,
    toMove: [...document.querySelectorAll("[data-to-move]")].map((e) => e.dataset.toMove),
    single: button('[data-token-choice="single"]'),
    double: button('[data-token-choice="double"]'),
    scout: button('[data-action="scout"]'),
    message: document.getElementById("message").textContent,
    problem: problem.hidden ? null : problem.textContent,
    result: result.hidden ? null : {
      winners: result.dataset.winners ?? null, totals, visible: result.checkVisibility(),
      text: result.textContent,
    },
  };
}"""


def read_hooks(page) -> dict:
    """The page's public hooks now: see READ_HOOKS for the keys."""
    return page.evaluate(READ_HOOKS)


def hex_key(h) -> str:
    return f"{h[0]},{h[1]}"


def assert_hooks_match(hooks: dict, state) -> None:
    """The hooks show exactly ``state`` (a ``WaddleState`` computed in this process)."""
    board = state.board
    assert hooks["app"] == "ready"
    assert set(hooks["hexes"]) == {hex_key(h) for h in board.coords}, "hexes of the map"
    for h in board.coords:
        shown = hooks["hexes"][hex_key(h)]
        assert shown["kind"] == ("ice" if board.is_ice[board.index[h]] else "water"), h
        penguin = state.penguin_at(h)
        expected = (None, None) if penguin is None else (str(penguin[0]), _TOKENS[penguin[1]])
        assert (shown["owner"], shown["token"]) == expected, f"penguin on {hex_key(h)}"
    legal = {key for key, shown in hooks["hexes"].items() if shown["legal"]}
    assert legal == {hex_key(h) for h in state.legal_hexes()}, "legal hexes"
    last = [key for key, shown in hooks["hexes"].items() if shown["last"]]
    placed_last = state.last_action is not None and not state.last_action.is_scout
    assert last == ([hex_key(state.last_action.hex)] if placed_last else []), "last move"
    active = [key for key, shown in hooks["hexes"].items() if shown["active"]]
    player = state.to_move()
    if state.is_over():
        assert active == []
        assert hooks["toMove"] == []
        assert hooks["double"]["disabled"] and hooks["scout"]["disabled"]
        return
    assert active == [hex_key(state.active_hex)], "exactly one active hex, the engine's"
    assert hooks["hexes"][active[0]]["number"] == str(state.active_number)
    assert hooks["toMove"] and set(hooks["toMove"]) == {str(player)}, "player to move"
    assert hooks["double"]["disabled"] == (state.doubles_left[player] == 0), "double choice"
    reason = state.why_not_scout()
    assert hooks["scout"]["disabled"] == (reason is not None), "scout control"
    if reason is not None:
        assert reason in hooks["scout"]["title"]


def assert_results_match(hooks: dict, state, names: list[str]) -> None:
    """The results panel shows the engine's scoring of the finished ``state``."""
    assert state.is_over()
    breakdown = state.breakdown()
    result = hooks["result"]
    assert result is not None and result["visible"], "the results panel is shown"
    assert result["winners"] == ",".join(map(str, breakdown.winners))
    assert result["totals"] == {str(s.player): s.total for s in breakdown.players}
    for p in breakdown.winners:
        assert names[p] in result["text"]


_TOKENS = {1: "single", 2: "double"}


# ---------------------------------------------------------------------------- driving the page


# Scrolls the element into view and returns the middle of its box, if a click there would
# reach it (the check Playwright's own click makes, in one round trip instead of several).
_AIM = """selector => {
  const target = document.querySelector(selector);
  if (!target) return {error: `no element matches ${selector}`};
  target.scrollIntoView({block: "nearest", inline: "nearest"});
  const box = target.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === target || target.contains(hit))) {
    const where = hit ? hit.outerHTML.slice(0, 80) : "nothing";
    return {error: `a click on ${selector} would land on ${where}`};
  }
  return {x, y, hash: location.hash};
}"""


def click(page, selector: str) -> str:
    """A real mouse click in the middle of ``selector``; returns the hash before it."""
    aim = page.evaluate(_AIM, selector)
    assert "error" not in aim, aim["error"]
    page.mouse.click(aim["x"], aim["y"])
    return aim["hash"]


def click_and_wait(page, selector: str) -> str:
    """Click ``selector`` and wait until ``location.hash`` changed; returns the new hash."""
    before = click(page, selector)
    return page.wait_for_function(
        "before => location.hash !== before && location.hash", arg=before
    ).json_value()


def choose_token(page, kind: str) -> None:
    """Click the ``single`` or ``double`` choice and wait until it shows as chosen."""
    selector = f'[data-token-choice="{kind}"]'
    click(page, selector)
    page.wait_for_function(
        "selector => document.querySelector(selector).getAttribute('aria-pressed') === 'true'",
        arg=selector,
    )


def start_new_game(page, players: int, names: list[str], seed: int) -> None:
    """Start a game through the New game dialog: players, names and a typed map seed."""
    page.click('[data-command="new-game"]')
    dialog = page.locator("dialog#new-game")
    dialog.wait_for(state="visible")
    page.select_option("#ng-players", str(players))
    for p, name in enumerate(names):
        page.fill(f'#new-game [name="name{p}"]', name)
    assert page.locator(f'#new-game [name="name{players - 1}"]').is_visible()
    if players < 5:
        assert page.locator(f'#new-game [name="name{players}"]').is_hidden()
    page.check('#new-game [name="map"][value="seed"]')
    page.fill("#ng-seed", str(seed))
    page.click('[data-command="start-new-game"]')
    dialog.wait_for(state="hidden")
