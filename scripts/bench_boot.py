#!/usr/bin/env python3
"""Boot benchmark: how long the app takes to be ready, against a bare PyScript page.

    .venv/bin/python scripts/bench_boot.py [--runs 7]     (or: make bench-boot)

Both pages are served from the same dist/ (built if missing) by the same static server,
on the same vendored Pyodide/PyScript and interpreter setting, and loaded in headless
/usr/bin/chromium, each run in a new browser context (empty HTTP cache and storage):

- app:  dist/index.html, timed to ``<html data-app="ready">`` (set by web/main.py);
- bare: a page generated in memory (never written to dist/) whose only Python is
  ``print(1)``, timed to PyScript's ``py:all-done``.

Times are from the start of navigation (``performance.now()`` in the page), so they
leave out Playwright's own overhead. The pages alternate, after one discarded warm-up of
each. Prints every run, the medians and the ratio app/bare. Not a test: the figures
depend on the machine.
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
  const state = document.documentElement?.dataset.app;
  if (state && state !== "loading") window.__bench[state] ??= performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-app"] });
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
        marks = page.evaluate("window.__bench")
    finally:
        context.close()
    if "error" in marks:
        raise SystemExit(f"bench_boot: {url} failed to start")
    return marks


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
        "app": (f"{server.origin}/", "ready"),
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
                        f"run {run}: {name:4} {marks[done]:7.0f} ms"
                        f"  (Pyodide loaded {marks['pyodide']:5.0f} ms)",
                        flush=True,
                    )
            browser.close()
    finally:
        server.stop()

    app_ready = statistics.median(m["ready"] for m in results["app"])
    app_pyodide = statistics.median(m["pyodide"] for m in results["app"])
    app_main = statistics.median(m["ready"] - m["pyodide"] for m in results["app"])
    bare_done = statistics.median(m["allDone"] for m in results["bare"])
    bare_pyodide = statistics.median(m["pyodide"] for m in results["bare"])
    print()
    print(f"medians of {args.runs} runs (Pyodide {info['PYODIDE_VERSION']}, ", end="")
    print(f"PyScript {info['PYSCRIPT_VERSION']}, {info['APP_ZIP']}):")
    print(f"  app  data-app=ready  {app_ready:7.0f} ms  (Pyodide loaded {app_pyodide:.0f} ms,")
    print(f"                                  then web/main.py {app_main:.0f} ms)")
    print(f"  bare py:all-done     {bare_done:7.0f} ms  (Pyodide loaded {bare_pyodide:.0f} ms)")
    print(f"  ratio app/bare       {app_ready / bare_done:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
