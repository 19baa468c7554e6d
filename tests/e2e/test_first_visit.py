"""A first visit downloads each file once, and a later visit downloads nothing: the app
served with production's headers (netlify.toml), bytes counted on the server.

A new browser context is the strictest first visit: its HTTP cache lives in memory and
keeps no entry as big as pyodide.asm.wasm, so any second request for that file goes to
the network again (that is how the service worker's precache once sent it twice). The
server counts every response it writes (scripts/serve_web.py, ``record=True``), whichever
browser target asked: the page, its service worker or the browser itself.
scripts/bench_first_visit.py reports the same figures, with times.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_TIMEOUT_MS = 15_000
OFFLINE_READY_MS = 60_000
# The bound: bytes on the wire (headers and 304s included) over the bytes of the
# distinct files downloaded.
MAX_WIRE_RATIO = 1.05


def load_script(name: str):
    """Import scripts/<name>.py (the scripts folder is not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def production(dist_dir: Path) -> Iterator[object]:
    """dist/ served with netlify.toml's headers, recording every response."""
    server = load_script("serve_web").make_server(dist_dir, netlify_headers=True, record=True)
    server.start_in_thread()
    yield server
    server.stop()


@pytest.fixture
def first_visitor(browser, production, page_log) -> Iterator[object]:
    """A page in a fresh context on the production server, service workers allowed; its
    console errors, page errors and foreign requests fail the test (conftest's PageLog)."""
    log = type(page_log)(origin=production.origin)
    context = browser.new_context(base_url=production.origin + "/", service_workers="allow")
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    context.on("console", log.on_console)
    context.on("weberror", lambda web_error: log.on_page_error(web_error.error))
    context.on("request", log.on_request)
    yield context.new_page()
    context.close()
    log.check("after the test")


def precache_of(folder: Path) -> list[str]:
    text = (folder / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"^const PRECACHE = (\[.*?\]);$", text, re.M | re.S)
    assert match, "sw.js has no PRECACHE list"
    return json.loads(match.group(1))


def file_of(path: str) -> str:
    """The file a request path is served from ("/" is index.html), relative to the root."""
    path = path.lstrip("/")
    return path + "index.html" if path == "" or path.endswith("/") else path


def downloads(transfers) -> Counter[str]:
    """How many times each file's body was sent (a 304 sends none)."""
    return Counter(file_of(t.path) for t in transfers if t.status != 304 and t.body_bytes)


def settle(page) -> None:
    """Let requests still under way (the browser's own, after the page) reach the server."""
    page.wait_for_timeout(1000)


def open_until_offline_ready(page, open_app) -> None:
    open_app(page)
    page.wait_for_function(
        "document.documentElement.dataset.offline === 'ready'", timeout=OFFLINE_READY_MS
    )
    settle(page)


def test_a_first_visit_downloads_every_file_once(first_visitor, production, dist_dir, open_app):
    open_until_offline_ready(first_visitor, open_app)
    transfers = list(production.transfers)

    sent = downloads(transfers)
    twice = {name: n for name, n in sent.items() if n > 1}
    assert twice == {}, f"downloaded more than once: {twice}"
    # What came down is what the worker keeps (every file the app can load) and the
    # worker itself: nothing left for later, nothing the app does not use.
    assert set(sent) == set(precache_of(dist_dir)) | {"sw.js"}
    statuses = {t.status for t in transfers}
    assert statuses <= {200, 304}, statuses

    wire = sum(t.header_bytes + t.body_bytes for t in transfers)
    files = sum((dist_dir / name).stat().st_size for name in sent)
    assert wire <= MAX_WIRE_RATIO * files, f"{wire} bytes on the wire for {files} of files"


def test_after_a_first_visit_the_app_starts_offline_from_what_it_downloaded(
    first_visitor, production, open_app
):
    page = first_visitor
    open_until_offline_ready(page, open_app)
    seen = len(production.transfers)

    page.context.set_offline(True)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.app === 'ready'", timeout=60_000)
    assert page.locator("svg#board [data-hex]").count() > 0
    assert production.transfers[seen:] == []


def test_a_second_visit_downloads_nothing(first_visitor, production, open_app):
    page = first_visitor
    open_until_offline_ready(page, open_app)
    seen = len(production.transfers)

    open_app(page, "./")
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'")
    settle(page)
    # At most the browser's check for a new build (sw.js, a few KB).
    later = [t.path for t in production.transfers[seen:] if t.body_bytes]
    assert set(later) <= {"/sw.js"}, later
