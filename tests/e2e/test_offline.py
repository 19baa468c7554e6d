"""Offline and installable: the service worker (dist/sw.js, from web/sw.js) and the web app
manifest, in Chromium.

These tests make their own browser contexts with service workers explicitly allowed, and
wire them to a PageLog like conftest's ``page`` fixture does: any console error, page
error or request to another origin still fails the test.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
import shutil
import struct
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar
from urllib.parse import urljoin

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_TIMEOUT_MS = 15_000
SW_TIMEOUT_S = 60  # a worker's cache holds ~14 MB


def load_script(name: str):
    """Import scripts/<name>.py (the scripts folder is not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


def wait_until_offline_ready(page) -> list[str]:
    """Wait until the page says the app can start offline (``<html data-offline="ready">``,
    set by web/register-sw.js once the worker has cached every file); return the Cache
    Storage names."""
    page.wait_for_function(
        "document.documentElement.dataset.offline === 'ready'", timeout=SW_TIMEOUT_S * 1000
    )
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    return worker_caches(page)


def worker_caches(page) -> list[str]:
    """The service worker's caches (``waddle-…``), sorted: not the Python snapshots of
    web/start-python.mjs (``pyodide-snapshots``), which outlive builds."""
    names = page.evaluate("caches.keys().then((names) => names.sort())")
    return [name for name in names if name.startswith("waddle-")]


def wait_for_caches(page, expected: list[str]) -> list[str]:
    deadline = time.monotonic() + SW_TIMEOUT_S
    while True:
        names = worker_caches(page)
        if names == expected or time.monotonic() > deadline:
            return names
        page.wait_for_timeout(200)


def wait_ready(page, timeout_ms: int = 60_000) -> None:
    page.wait_for_function("document.documentElement.dataset.app !== 'loading'", timeout=timeout_ms)
    state = page.evaluate("document.documentElement.dataset.app")
    assert state == "ready", f"data-app={state}: {page.locator('#error-message').text_content()}"


def build_info(folder: Path) -> dict[str, str]:
    return json.loads((folder / "build-info.json").read_text(encoding="utf-8"))


@pytest.fixture
def sw_context_factory(browser, page_log) -> Iterator[object]:
    """new(origin, log) -> a context on origin with service workers allowed, whose
    problems go to log (a conftest PageLog); every log is checked at the end."""
    made = []

    def new(origin: str, log) -> object:
        context = browser.new_context(base_url=origin + "/", service_workers="allow")
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        context.on("console", log.on_console)
        context.on("weberror", lambda web_error: log.on_page_error(web_error.error))
        context.on("request", log.on_request)
        made.append((context, log))
        return context

    yield new
    for context, _ in made:
        context.close()
    for _, log in made:
        log.check("after the test")


def start_new_game_and_place(page) -> None:
    """New game through the dialog, then a click on a legal hex places a penguin."""
    page.click('[data-command="new-game"]')
    dialog = page.locator("dialog#new-game")
    dialog.wait_for(state="visible")
    page.click('[data-command="start-new-game"]')
    dialog.wait_for(state="hidden")
    legal = page.locator('[data-legal="true"]').first
    key = legal.get_attribute("data-hex")
    assert page.locator("[data-hex][data-owner]").count() == 0
    legal.click()
    placed = page.locator(f'[data-hex="{key}"]')
    page.wait_for_function(
        "key => document.querySelector(`[data-hex=\"${key}\"]`).hasAttribute('data-owner')",
        arg=key,
    )
    assert placed.get_attribute("data-owner") is not None


def test_plays_offline_after_one_visit(sw_context_factory, server, page_log, dist_dir, open_app):
    context = sw_context_factory(server.origin, page_log)
    page = context.new_page()

    # First visit, online: the worker takes over, the app starts, the cache fills.
    open_app(page)
    caches = wait_until_offline_ready(page)
    assert caches == [f"waddle-{build_info(dist_dir)['CACHE_VERSION']}"]
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == server.origin + "/"

    # Offline: everything comes from the worker's cache.
    context.set_offline(True)
    from_network = []
    page.on(
        "response",
        lambda response: None if response.from_service_worker else from_network.append(response),
    )
    page.reload()
    wait_ready(page)
    assert page.evaluate("navigator.onLine") is False
    start_new_game_and_place(page)
    assert from_network == [], [r.url for r in from_network]

    # The embedded view, with its query, is the same cached page.
    page.goto("./index.html?embed")
    wait_ready(page)
    assert from_network == [], [r.url for r in from_network]

    # A card game too: Pebbles, its pass-the-device screen confirmed, a card played.
    page.goto("./?game=pebbles")
    wait_ready(page)
    page.click("#curtain-button")
    before = page.evaluate("location.hash")
    page.click('#hand [data-legal="true"]')
    page.wait_for_function("h => location.hash !== h", arg=before)
    assert page.locator("#trick [data-card]").count() == 1
    assert from_network == [], [r.url for r in from_network]

    # And Waddle Waddle: a hero picked (no pass-the-device screen while every hand is
    # empty), then the next player's choice, one hero fewer.
    page.goto("./?game=waddle-waddle")
    wait_ready(page)
    before = page.evaluate("location.hash")
    page.click('#game-controls [data-control^="hero-"]')
    page.wait_for_function("h => location.hash !== h", arg=before)
    assert page.locator("#curtain-button").is_hidden()
    assert page.locator('#game-controls [data-control^="hero-"]').count() == 5
    assert from_network == [], [r.url for r in from_network]


class RecordingHandler:
    """Mixed into serve_web.Handler: records each GET path, in order."""

    paths: ClassVar[list[str]]

    def do_GET(self) -> None:
        self.paths.append(self.path)
        super().do_GET()


@pytest.fixture
def swappable_site(tmp_path: Path, dist_dir: Path) -> Iterator[tuple[object, Path, list[str]]]:
    """(server, site, paths): a server of tmp/site, a symlink that the test may point at
    another build; paths lists every GET it answered."""
    serve_web = load_script("serve_web")
    site = tmp_path / "site"
    site.symlink_to(dist_dir, target_is_directory=True)
    paths: list[str] = []
    handler = type("Recording", (RecordingHandler, serve_web.Handler), {"paths": paths})
    server = serve_web.Server(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    server.start_in_thread()
    yield server, site, paths
    server.stop()


def point(site: Path, folder: Path) -> None:
    """Atomically serve folder at site."""
    new = site.with_name(site.name + ".new")
    new.symlink_to(folder, target_is_directory=True)
    os.replace(new, site)


def test_a_new_build_replaces_the_old_cache(
    sw_context_factory, swappable_site, page_log, dist_dir, tmp_path, open_app
):
    server, site, paths = swappable_site
    old_version = build_info(dist_dir)["CACHE_VERSION"]

    # Build B: the same vendor files and zip, another page (as after a deploy).
    build_b = tmp_path / "b"
    shutil.copytree(dist_dir, build_b)
    page_b = (build_b / "index.html").read_text(encoding="utf-8")
    marker = '<meta name="waddle-test-build" content="B">'
    (build_b / "index.html").write_text(page_b.replace("<head>", "<head>\n  " + marker, 1))
    new_version, worker = load_script("build_web").service_worker(build_b)
    (build_b / "sw.js").write_text(worker, encoding="utf-8")
    assert new_version != old_version

    log = type(page_log)(origin=server.origin)
    context = sw_context_factory(server.origin, log)
    page = context.new_page()
    open_app(page)
    assert wait_until_offline_ready(page) == [f"waddle-{old_version}"]

    # Deploy B. The browser looks for a new sw.js on navigations; ask now instead of
    # loading the page once more. The new worker installs, takes over and deletes A's cache.
    point(site, build_b)
    seen = len(paths)
    page.evaluate("navigator.serviceWorker.ready.then((registration) => registration.update())")
    assert wait_for_caches(page, [f"waddle-{new_version}"]) == [f"waddle-{new_version}"]
    # The open page still runs A; the next load runs B, from B's cache.
    assert page.locator('meta[name="waddle-test-build"]').count() == 0
    page.reload()
    wait_ready(page)
    assert page.locator('meta[name="waddle-test-build"]').count() == 1
    assert page.evaluate("navigator.serviceWorker.controller !== null")

    # The update fetched the worker and what changed, not the versioned files it already had.
    fetched = [p.split("?")[0] for p in paths[seen:]]
    assert "/sw.js" in fetched
    assert "/index.html" in fetched
    reloaded = [p for p in fetched if p.startswith(("/vendor/", "/app-"))]
    assert reloaded == [], reloaded


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_is_served_with_loadable_icons(page, server):
    """The served page links the manifest; it is JSON with what installing needs, and
    every icon it names loads with its type and size. (No need to start the app.)"""
    html = page.request.get(server.origin + "/")
    assert html.status == 200
    match = re.search(r'<link rel="manifest" href="([^"]+)">', html.text())
    assert match, "the page does not link a manifest"
    url = urljoin(server.origin + "/", match.group(1))
    assert url == server.origin + "/manifest.webmanifest"
    response = page.request.get(url)
    assert response.status == 200
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(response.text())
    for key in ("name", "short_name", "start_url", "display", "icons"):
        assert manifest[key], key
    assert manifest["display"] == "standalone"
    assert urljoin(url, manifest["start_url"]) == server.origin + "/"

    sizes = set()
    for icon in manifest["icons"]:
        icon_response = page.request.get(urljoin(url, icon["src"]))
        assert icon_response.status == 200, icon["src"]
        assert icon_response.headers["content-type"] == icon["type"], icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(icon_response.body())
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes
