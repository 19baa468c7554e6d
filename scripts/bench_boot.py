#!/usr/bin/env python3
"""Boot benchmark: how long the app takes to be ready, against a bare PyScript page, and
how soon a returning visitor sees their board.

    .venv/bin/python scripts/bench_boot.py [--runs 7]     (or: make bench-boot)

The pages are served from the same dist/ (built if missing) by the same static server,
on the same vendored Pyodide/PyScript and interpreter setting, and loaded in headless
/usr/bin/chromium, each first visit in a new browser context (empty HTTP cache and
storage):

- chooser: dist/index.html on a first visit (the game chooser, with a picture of each
  game's board), timed to the chooser on screen (``<html data-screen="chooser">``: the
  build drew it into the page, web/loading.js shows it before Python starts) and to
  ``<html data-app="ready">`` (set by web/main.py);
- game: ``index.html?game=waddle``, a game at once, to ``data-app="ready"``;
- bare: a page generated in memory (never written to dist/) whose only Python is
  ``print(1)``, timed to PyScript's ``py:all-done``;
- returning: in one context, a Waddle game a few moves in, then reloaded: the time to the
  first board (the last board painted by web/loading.js, ``waddle:preview-painted``) and
  to interactive (``data-app="ready"``), with the HTTP cache, the service worker and the
  Python snapshot (web/start-python.mjs) as a returning visitor has them; then the same
  without the snapshot (deleted before each reload: a visit right after a new Pyodide).

Also printed: how many modules start-up imported (all, the app's own, game packages), from
the ``waddle:ready`` mark's detail, for each page.

Times are from the start of navigation (``performance.now()`` in the page), so they
leave out Playwright's own overhead. The first-visit pages alternate, after one discarded
warm-up of each. Prints every run, the medians and the ratios to bare. Not a test: the
figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

import serve_web  # scripts/ is on sys.path when this file runs as a script
from chromium import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_MS = 120_000

# Installed before any script of the page: stamps the moments we time.
RECORD = """
window.__bench = {};
addEventListener("py:all-done", () => { window.__bench.allDone ??= performance.now(); });
addEventListener("py:progress", (event) => {
  if (event.detail === "Loaded Pyodide") window.__bench.pyodide ??= performance.now();
});
new MutationObserver(() => {
  const root = document.documentElement;
  const state = root?.dataset.app;
  if (state && state !== "loading") window.__bench[state] ??= performance.now();
  if (root?.dataset.screen === "chooser") window.__bench.chooser ??= performance.now();
  if (root?.hasAttribute("data-preview")) window.__bench.preview ??= performance.now();
}).observe(document, {
  attributes: true, subtree: true, attributeFilter: ["data-app", "data-preview", "data-screen"],
});
"""

BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>bare PyScript</title>
  <link rel="icon" href="data:,">
  <script type="module" src="./vendor/pyscript-{pyscript}/core.js"></script>
</head>
<body>
  <script type="py" config="./bench-bare.toml">print(1)</script>
</body>
</html>
"""
BARE_TOML = 'interpreter = "./vendor/pyodide-{pyodide}/pyodide.mjs"\n'


# The marks, and what start-up imported (web/main.py's waddle:ready detail).
MARKS = """({...window.__bench,
  imported: performance.getEntriesByName("waddle:ready")[0]?.detail ?? null,
  snapshot: performance.getEntriesByName("waddle:python-from-snapshot").length > 0})"""
SNAPSHOT_KEPT = "performance.getEntriesByName('waddle:snapshot-kept').length > 0"


def time_page(browser, url: str, done: str) -> dict[str, float]:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(RECORD)
        page.goto(url)
        page.wait_for_function(
            f"window.__bench && ('{done}' in window.__bench)", timeout=TIMEOUT_MS
        )
        # The app's py:all-done comes just after ready: wait for it too (bounded).
        page.wait_for_function("'allDone' in window.__bench", timeout=TIMEOUT_MS)
        marks = page.evaluate(MARKS)
    finally:
        context.close()
    if "error" in marks:
        raise SystemExit(f"bench_boot: {url} failed to start")
    return marks


def time_returning(
    browser, origin: str, runs: int
) -> tuple[list[dict[str, float]], list[dict[str, float]]]:
    """Reloads of a game in progress: the painted last board, then the live one; with the
    Python snapshot, then without it."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(RECORD)
        page.goto(f"{origin}/?game=waddle")
        page.wait_for_function("window.__bench && 'ready' in window.__bench", timeout=TIMEOUT_MS)
        page.wait_for_function(SNAPSHOT_KEPT, timeout=TIMEOUT_MS)  # made after ready
        for _ in range(4):
            before = page.evaluate("location.hash")
            page.click('svg#board [data-legal="true"]')
            page.wait_for_function("h => location.hash !== h", arg=before)

        def reloads(forget_snapshot: bool) -> list[dict[str, float]]:
            marks = []
            for _ in range(runs + 1):  # the first reload warms the service worker: discarded
                if forget_snapshot:
                    page.evaluate("caches.delete('pyodide-snapshots')")
                page.reload()
                page.wait_for_function(
                    "window.__bench && 'ready' in window.__bench", timeout=TIMEOUT_MS
                )
                marks.append(page.evaluate(MARKS))
            return marks[1:]

        return reloads(False), reloads(True)
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", "-n", type=int, default=7, help="runs of each page")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)

    if not (args.dist / "build-info.json").is_file():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_web.py")], check=True)
    info = json.loads((args.dist / "build-info.json").read_text(encoding="utf-8"))
    extra = {
        "/bench-bare.html": (
            "text/html",
            BARE_HTML.format(pyscript=info["PYSCRIPT_VERSION"]).encode(),
        ),
        "/bench-bare.toml": (
            "application/toml",
            BARE_TOML.format(pyodide=info["PYODIDE_VERSION"]).encode(),
        ),
    }

    from playwright.sync_api import sync_playwright

    server = serve_web.make_server(args.dist, extra=extra)
    server.start_in_thread()
    pages = {
        "chooser": (f"{server.origin}/", "ready"),
        "game": (f"{server.origin}/?game=waddle", "ready"),
        "bare": (f"{server.origin}/bench-bare.html", "allDone"),
    }
    results: dict[str, list[dict[str, float]]] = {name: [] for name in pages}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for url, done in pages.values():  # warm-up, discarded
                time_page(browser, url, done)
            for run in range(1, args.runs + 1):
                for name, (url, done) in pages.items():
                    marks = time_page(browser, url, done)
                    results[name].append(marks)
                    print(
                        f"run {run}: {name:7} {marks[done]:7.0f} ms"
                        f"  (Pyodide loaded {marks['pyodide']:5.0f} ms)",
                        flush=True,
                    )
            returning, unsnapped = time_returning(browser, server.origin, args.runs)
            for label, kind in (("returning", returning), ("no snapshot", unsnapped)):
                for run, marks in enumerate(kind, start=1):
                    print(
                        f"run {run}: {label}: board painted "
                        f"{marks.get('preview', float('nan')):6.0f} ms, ready "
                        f"{marks['ready']:6.0f} ms (Python from a snapshot: {marks['snapshot']})",
                        flush=True,
                    )
            browser.close()
    finally:
        server.stop()

    def median(name: str, key: str) -> float:
        return statistics.median(m[key] for m in results[name])

    bare_done = median("bare", "allDone")
    print()
    print(f"medians of {args.runs} runs (Pyodide {info['PYODIDE_VERSION']}, ", end="")
    print(f"PyScript {info['PYSCRIPT_VERSION']}, {info['APP_ZIP']}):")
    for name, label in (("chooser", "first visit, chooser"), ("game", "first visit, ?game=")):
        ready = median(name, "ready")
        print(
            f"  {label:22} ready {ready:7.0f} ms  (Pyodide loaded "
            f"{median(name, 'pyodide'):.0f} ms; ratio to bare {ready / bare_done:.2f})"
        )
    print(f"  {'bare PyScript':22} done  {bare_done:7.0f} ms")
    # The ratio above divides two medians; on a shared machine a slow spell moves them
    # apart. Each run's page over the bare page loaded beside it cancels most of it; and
    # the time from "Pyodide loaded" to ready is what the app's own Python adds.
    print("  each run's ratio to the bare page of the same run (median, range):")
    for name, label in (("chooser", "chooser"), ("game", "?game=")):
        pairs = zip(results[name], results["bare"], strict=True)
        ratios = [m["ready"] / b["allDone"] for m, b in pairs]
        print(
            f"    {label:20} {statistics.median(ratios):.2f}  ({min(ratios):.2f}-{max(ratios):.2f})"
        )
    print("  from Pyodide loaded to ready (median):")
    for name, label, key in (
        ("chooser", "chooser", "ready"),
        ("game", "?game=", "ready"),
        ("bare", "bare PyScript", "allDone"),
    ):
        after = statistics.median(m[key] - m["pyodide"] for m in results[name])
        print(f"    {label:20} {after:5.0f} ms")
    shown = median("chooser", "chooser")
    print(f"  {'first visit, chooser':22} on screen {shown:5.0f} ms (drawn by the build)")
    for label, kind in (("returning visit", returning), ("  without snapshot", unsnapped)):
        painted = statistics.median(m.get("preview", float("nan")) for m in kind)
        ready = statistics.median(m["ready"] for m in kind)
        print(f"  {label:22} board {painted:7.0f} ms, interactive {ready:.0f} ms")
    print("modules imported at start-up (all / the app's own / game packages):")
    for name, label in (("chooser", "chooser"), ("game", "?game=waddle")):
        seen = results[name][-1]["imported"] or {}
        print(
            f"  {label:22} {seen.get('modules')} / {seen.get('app_modules')}"
            f" / {seen.get('game_packages')}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
