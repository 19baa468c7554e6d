#!/usr/bin/env python3
"""First-visit benchmark: what a new user downloads, and how long until the board is ready.

    .venv/bin/python scripts/bench_first_visit.py [--runs 3] [--storage memory,disk]
                                                  [--network none,mobile,phone]
    .venv/bin/python scripts/bench_first_visit.py --dist OLD --dist dist   (two builds)
    (or: make bench-first-visit)

dist/ (built if missing) is served on loopback with production's headers (netlify.toml:
vendor files and the app zip immutable, the rest ``no-cache``) by scripts/serve_web.py,
and opened in headless /usr/bin/chromium with service workers allowed, each run in a
fresh profile:

- ``memory``: a new browser context (what Playwright, private windows and the e2e tests
  use): the HTTP cache lives in memory and does not keep ``pyodide.asm.wasm`` (9.6 MB;
  smaller files it keeps), so a second request for it goes to the network;
- ``disk``: a persistent context on a new, empty user-data folder (a new desktop profile).

First visit: open the app, time ``<html data-app="ready">``, then wait until the service
worker's cache holds every file of its precache list (the app now runs offline).
Second visit: open the app again in the same profile and time ``ready`` again. Also
timed: PyScript's first step (``py:progress`` "Loading Pyodide"), which on a first visit
waits for the service worker to take control.

Bytes are counted on the server: every response's header and body bytes as written to
the socket (serve_web's ``record=True``). That is exact and complete, whichever browser
target asked (page, service worker, the browser's own update check of sw.js), and a 304
counts as its headers only. Times are from the start of navigation (``performance.now()``
in the page). Network profiles use Chromium's network emulation (DevTools Protocol
``Network.emulateNetworkConditions``), applied to the page and, through
``Target.setAutoAttach``, to its service worker before the worker's script runs:

- ``none``: loopback, no throttling;
- ``mobile``: 10 Mbit/s down, 5 Mbit/s up, 40 ms latency (a good 4G link);
- ``phone``: the same link, and the page's main thread 4 times slower (DevTools'
  ``Emulation.setCPUThrottlingRate``), as on a mid-range phone: what the app's own Python
  costs there against what more bytes cost.

With two or more ``--dist`` folders (say a build of main and one of a branch) each is
served on its own port and they take turns, run by run, so a busy machine slows them
alike. Prints the first run's bytes per file (per build and storage kind), then medians
of the times and the bytes of every run. Not a test: times depend on the machine (the
load average is printed); the byte counts do not.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import serve_web  # scripts/ is on sys.path when this file runs as a script
from chromium import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_MS = 300_000
QUIET_S = 1.0  # after the cache is complete (or a second visit is ready): late requests


@dataclass(frozen=True)
class Network:
    name: str
    latency_ms: float = 0
    down_mbit: float = 0  # 0: no limit
    up_mbit: float = 0
    cpu_slowdown: float = 1  # the page's CPU this many times slower (1: as it is)

    def conditions(self) -> dict:
        """Network.emulateNetworkConditions parameters (bytes per second; -1: no limit)."""
        return {
            "offline": False,
            "latency": self.latency_ms,
            "downloadThroughput": self.down_mbit * 1e6 / 8 if self.down_mbit else -1,
            "uploadThroughput": self.up_mbit * 1e6 / 8 if self.up_mbit else -1,
        }


NETWORKS = {
    "none": Network("none"),
    "mobile": Network("mobile", latency_ms=40, down_mbit=10, up_mbit=5),
    "phone": Network("phone", latency_ms=40, down_mbit=10, up_mbit=5, cpu_slowdown=4),
}

# Installed before any script of the page: stamps the moments we time.
RECORD = """
window.__bench = {};
addEventListener("py:progress", (event) => {
  if (event.detail === "Loading Pyodide") window.__bench.pyscript ??= performance.now();
});
new MutationObserver(() => {
  const state = document.documentElement?.dataset.app;
  if (state && state !== "loading") window.__bench[state] ??= performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-app"] });
"""

# How many of the worker's precache entries its current cache holds (0 without a worker).
CACHED = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.active) return 0;
  let most = 0;
  for (const name of await caches.keys()) {
    if (!name.startsWith("waddle-")) continue;
    most = Math.max(most, (await (await caches.open(name)).keys()).length);
  }
  return most;
}"""


def precache_size(dist: Path) -> int:
    """How many files dist/sw.js precaches."""
    text = (dist / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"^const PRECACHE = (\[.*?\]);$", text, re.M | re.S)
    if not match:
        raise SystemExit("bench_first_visit: dist/sw.js has no PRECACHE list")
    return len(json.loads(match.group(1)))


def emulate(context, page, network: Network) -> None:
    """Apply network's conditions to page and every service worker (or worker) it gets.

    A non-flattened auto-attach from the page's session: each new worker target waits
    for the debugger, receives the same conditions, and only then runs its script."""
    if network.name == "none":
        return
    session = context.new_cdp_session(page)
    if network.cpu_slowdown > 1:  # the page's main thread; Pyodide's wasm compiles on others
        session.send("Emulation.setCPUThrottlingRate", {"rate": network.cpu_slowdown})
    conditions = network.conditions()
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", conditions)
    pending: dict[int, str] = {}  # message id -> session waiting for it

    def send(target_session: str, message_id: int, method: str, params: dict) -> None:
        message = json.dumps({"id": message_id, "method": method, "params": params})
        session.send(
            "Target.sendMessageToTarget", {"sessionId": target_session, "message": message}
        )

    def attached(event: dict) -> None:
        target_session = event["sessionId"]
        message_id = 1_000_000 + len(pending)
        pending[message_id] = target_session
        send(target_session, message_id - 500_000, "Network.enable", {})
        send(target_session, message_id, "Network.emulateNetworkConditions", conditions)

    def received(event: dict) -> None:
        message = json.loads(event["message"])
        target_session = pending.pop(message.get("id", -1), None)
        if target_session is not None:  # throttled: let the worker start
            send(target_session, 1, "Runtime.runIfWaitingForDebugger", {})

    session.on("Target.attachedToTarget", attached)
    session.on("Target.receivedMessageFromTarget", received)
    session.send(
        "Target.setAutoAttach",
        {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False},
    )


@dataclass
class Visit:
    ready_ms: float
    transfers: list[serve_web.Transfer]
    offline_ms: float | None = None  # first visit: until every precached file is cached
    pyscript_ms: float = 0  # PyScript's first step ("Loading Pyodide")

    @property
    def total(self) -> int:
        return sum(t.total for t in self.transfers)


def visit(page, server, url: str, wait_cache: int | None) -> Visit:
    """Open url in page; wait until ready (and until the cache holds wait_cache files)."""
    start = len(server.transfers)
    page.goto(url)
    page.wait_for_function("'ready' in __bench || 'error' in __bench", timeout=TIMEOUT_MS)
    marks = page.evaluate("window.__bench")
    if "ready" not in marks:
        raise SystemExit(f"bench_first_visit: {url} did not start")
    t0 = time.monotonic()
    offline_ms = None
    if wait_cache is not None:
        deadline = t0 + TIMEOUT_MS / 1000
        while page.evaluate(CACHED) < wait_cache:
            if time.monotonic() > deadline:
                raise SystemExit("bench_first_visit: the service worker never cached everything")
            page.wait_for_timeout(100)
        offline_ms = marks["ready"] + (time.monotonic() - t0) * 1000
    page.wait_for_timeout(QUIET_S * 1000)
    return Visit(marks["ready"], list(server.transfers[start:]), offline_ms, marks["pyscript"])


@dataclass
class Run:
    first: Visit
    second: Visit


def one_run(playwright, browser, storage: str, network: Network, server, n_precache: int) -> Run:
    url = server.origin + "/"
    with tempfile.TemporaryDirectory(prefix="bench-first-visit-") as profile:
        if storage == "disk":
            context = playwright.chromium.launch_persistent_context(
                profile,
                executable_path=CHROMIUM,
                args=CHROMIUM_ARGS,
                headless=True,
                service_workers="allow",
            )
            page = context.pages[0] if context.pages else context.new_page()
        else:
            context = browser.new_context(service_workers="allow")
            page = context.new_page()
        try:
            page.add_init_script(RECORD)
            emulate(context, page, network)
            first = visit(page, server, url, wait_cache=n_precache)
            second = visit(page, server, url, wait_cache=None)
        finally:
            context.close()
    return Run(first, second)


@dataclass
class FileBytes:
    size: int = 0  # body bytes of one full download
    downloads: int = 0  # responses with a body (200)
    revalidations: int = 0  # 304s
    wire: int = 0  # every byte of every response, headers included
    statuses: list[int] = field(default_factory=list)


def file_of(path: str) -> str:
    """The file a request path is served from: "/" is "/index.html"."""
    return path + "index.html" if path.endswith("/") else path


def per_file(transfers: list[serve_web.Transfer]) -> dict[str, FileBytes]:
    files: dict[str, FileBytes] = defaultdict(FileBytes)
    for t in transfers:
        entry = files[file_of(t.path)]
        entry.wire += t.total
        entry.statuses.append(t.status)
        if t.status == 304:
            entry.revalidations += 1
        elif t.body_bytes:
            entry.downloads += 1
            entry.size = max(entry.size, t.body_bytes)
    return dict(files)


def distinct_bytes(transfers: list[serve_web.Transfer]) -> int:
    """Bytes of the distinct files downloaded: each file once, at its size."""
    return sum(f.size for f in per_file(transfers).values())


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def print_files(visit_: Visit) -> None:
    files = per_file(visit_.transfers)
    print(f"    {'file':58} {'size':>10} {'200':>4} {'304':>4} {'on the wire':>12}")
    for path, f in sorted(files.items(), key=lambda item: (-item[1].wire, item[0])):
        mark = "  <- twice" if f.downloads > 1 else ""
        print(
            f"    {path:58} {f.size:10d} {f.downloads:4d} {f.revalidations:4d} {f.wire:12d}{mark}"
        )
    distinct = distinct_bytes(visit_.transfers)
    # Only revalidations (a 304 has no body): no distinct bytes, no ratio.
    ratio = f" = {visit_.total / distinct:.3f}x" if distinct else ""
    print(
        f"    {len(files)} paths, {len(visit_.transfers)} responses: {visit_.total} bytes "
        f"on the wire for {distinct} bytes of distinct files{ratio}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", "-n", type=int, default=3, help="runs of each case")
    parser.add_argument("--storage", default="memory,disk", help="memory, disk or both")
    parser.add_argument(
        "--network", default="none,mobile", help="none, mobile, phone (comma-separated)"
    )
    parser.add_argument(
        "--dist",
        type=Path,
        action="append",
        help="a publish folder (default dist/); give two to compare builds, run by run",
    )
    args = parser.parse_args(argv)
    storages = [s for s in args.storage.split(",") if s]
    networks = [NETWORKS[n] for n in args.network.split(",") if n]
    if not set(storages) <= {"memory", "disk"}:
        parser.error("--storage: memory, disk")
    dists = args.dist or [ROOT / "dist"]
    if dists == [ROOT / "dist"] and not (ROOT / "dist" / "build-info.json").is_file():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_web.py")], check=True)

    print(f"bench_first_visit: load average {os.getloadavg()[0]:.1f}", flush=True)
    precached = {}
    for dist in dists:
        info = json.loads((dist / "build-info.json").read_text(encoding="utf-8"))
        precached[dist] = precache_size(dist)
        print(
            f"  {dist}: Pyodide {info['PYODIDE_VERSION']}, PyScript {info['PYSCRIPT_VERSION']},"
            f" cache {info['CACHE_VERSION']}, {precached[dist]} files precached"
        )

    from playwright.sync_api import sync_playwright

    servers = {
        dist: serve_web.make_server(dist, netlify_headers=True, record=True) for dist in dists
    }
    for server in servers.values():
        server.start_in_thread()
    results: dict[tuple[Path, str, str], list[Run]] = defaultdict(list)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for run in range(1, args.runs + 1):
                for storage in storages:
                    for network in networks:
                        for dist, server in servers.items():  # alternate: same load for all
                            r = one_run(
                                playwright, browser, storage, network, server, precached[dist]
                            )
                            results[dist, storage, network.name].append(r)
                            print(
                                f"run {run}: {dist.name:12} {storage:6} {network.name:6}  first:"
                                f" ready {r.first.ready_ms:6.0f} ms, offline-ready"
                                f" {r.first.offline_ms:6.0f} ms, {mb(r.first.total)}  second:"
                                f" ready {r.second.ready_ms:5.0f} ms, {r.second.total} bytes",
                                flush=True,
                            )
            browser.close()
    finally:
        for server in servers.values():
            server.stop()

    for dist in dists:
        for storage in storages:
            runs = results[dist, storage, networks[0].name]
            print(f"\n{dist}: first visit, {storage} profile, network {networks[0].name}, run 1:")
            print_files(runs[0].first)
            print(f"{dist}: second visit, {storage} profile, run 1:")
            print_files(runs[0].second) if runs[0].second.transfers else print("    nothing")

    print(f"\nmedians of {args.runs} runs (load average now {os.getloadavg()[0]:.1f}):")
    print(
        f"  {'build':12} {'profile':8} {'network':8} {'PyScript':>9} {'ready 1st':>10}"
        f" {'offline':>9} {'bytes 1st':>10} {'ratio':>6} {'ready 2nd':>10} {'bytes 2nd':>10}"
    )
    for (dist, storage, network), runs in sorted(results.items(), key=lambda kv: kv[0][1:]):
        firsts = [r.first for r in runs]
        ratio = statistics.median(v.total / distinct_bytes(v.transfers) for v in firsts)
        print(
            f"  {dist.name:12} {storage:8} {network:8}"
            f" {statistics.median(v.pyscript_ms for v in firsts):6.0f} ms"
            f" {statistics.median(v.ready_ms for v in firsts):8.0f} ms"
            f" {statistics.median(v.offline_ms for v in firsts):6.0f} ms"
            f" {mb(statistics.median(v.total for v in firsts)):>10}"
            f" {ratio:6.3f}"
            f" {statistics.median(r.second.ready_ms for r in runs):8.0f} ms"
            f" {statistics.median(r.second.total for r in runs):10.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
