#!/usr/bin/env python3
"""Where analysis runs, measured: click-to-frame latency while the win-chance meter or the
game review searches on the page's main thread (web/analysis.py), against the same clicks
with nothing running; and what a Web Worker would cost instead (its start-up and memory).

    .venv/bin/python scripts/bench_analysis_page.py [--clicks 40] [--gap-ms 120]

**Clicks.** A finished 2-player Hey, That's My Fish! game on the small test board
(tests/e2e/htmf_tools.py), played by the medium bot, is opened as its share link in
headless /usr/bin/chromium from dist/. A click is a click event dispatched on a move of
the move list (``#move-list [data-ply]``: the page goes to that position and redraws it:
the whole board, the side column), timed as scripts/bench_click.py times a click:
``t0``, the handler's return, the next ``requestAnimationFrame`` (the frame that shows the
click) and a task queued from it (that frame painted). Between two clicks the page is left
alone ``--gap-ms``, as a person's clicks leave it, so the analysis runs in between. Three
conditions, ``--clicks`` each (after ``--warm-up`` clicks not counted):

- *idle*: the meter off, no review;
- *meter*: the meter on: every click shows a new position, so a new estimate starts and
  runs in 4 ms slices (HTMF's meter is 6000 playouts, about a second under Pyodide);
- *review*: a review running (with a budget too large to end during the clicks).

**Worker.** A plain module worker that imports the vendored ``pyodide.mjs`` (as
web/make-snapshot.mjs does: a fair stand-in for a PyScript worker, which starts the same
interpreter), unpacks the app's zip and imports the engine and the game, then runs one
meter estimate. Measured: time to ``loadPyodide`` done, to the engine imported, the
estimate's time, the worker's WebAssembly heap, and the page's renderer process's resident
memory before the worker and after (``/proc``; the worker is a thread of that process).

Prints medians, p95 and max per condition. Not a test: the figures depend on the machine
(the load average is printed too).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

import serve_web  # scripts/ is on sys.path when this file runs as a script
from chromium import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

TIMEOUT_MS = 120_000

CLICK = """async ([k, gap]) => {
  await new Promise((done) => setTimeout(done, gap));
  const moves = document.querySelectorAll('#move-list [data-ply]');
  const target = moves[(k * 7) % moves.length];
  const t0 = performance.now();
  target.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  const t1 = performance.now();
  const t2 = await new Promise((done) => requestAnimationFrame(() => done(performance.now())));
  const t3 = await new Promise((done) => setTimeout(() => done(performance.now()), 0));
  return {handler: t1 - t0, frame: t2 - t0, painted: t3 - t0};
}"""

WORKER = """async ([pyodideUrl, zipUrl]) => {
  const code = `
    addEventListener("message", async ({data}) => {
      const t = [performance.now()];
      const { loadPyodide } = await import(data.pyodide);
      const pyodide = await loadPyodide({indexURL: new URL("./", data.pyodide).href});
      t.push(performance.now());
      const app = await fetch(data.app);
      pyodide.unpackArchive(await app.arrayBuffer(), "zip");
      pyodide.runPython("import sys, os\\\\nsys.path.insert(0, os.getcwd())\\\\n" +
        "from waddle.games import GAMES\\\\nfrom waddle.core.analysis import meter_for\\\\n" +
        "game = GAMES.by_id('htmf').load()\\\\nstate = game.new_record(2, 3).start()");
      t.push(performance.now());
      pyodide.runPython("m = meter_for(game, state, seed=0)\\\\nm.advance()");
      t.push(performance.now());
      postMessage({boot: t[1] - t[0], imported: t[2] - t[0], estimate: t[3] - t[2],
                   heap: pyodide._module.HEAP8.length});
    });`;
  const url = URL.createObjectURL(new Blob([code], {type: "text/javascript"}));
  const started = performance.now();
  const worker = new Worker(url, {type: "module"});
  const answer = await new Promise((done, fail) => {
    worker.onmessage = (e) => done(e.data);
    worker.onerror = (e) => fail(String(e.message));
    worker.postMessage({pyodide: pyodideUrl, app: zipUrl});
  });
  answer.total = performance.now() - started;
  window.__benchWorker = worker;  // kept alive while memory is read
  return answer;
}"""


def finished_game_link() -> str:
    from htmf_tools import small_game

    session = small_game(2, 4)
    bot = session.game.make_bot("medium", seed=1)
    while not session.state.is_over():
        session.play(bot.choose(session.state))
    return session.link()


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):6.1f}  p95 {p95:6.1f}  max {ordered[-1]:6.1f} ms"


TAG = f"--bench-analysis-page={os.getpid()}"
"""An extra switch on this run's browser, to find its processes in /proc."""


def _proc(pid: str) -> tuple[str, str, int]:
    """(parent pid, command line, resident kB) of a process."""
    entry = Path("/proc") / pid
    cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    parent, rss = "", 0
    for line in (entry / "status").read_text().splitlines():
        if line.startswith("PPid:"):
            parent = line.split()[1]
        elif line.startswith("VmRSS:"):
            rss = int(line.split()[1])
    return parent, cmdline, rss


def renderer_rss_kb() -> int:
    """Resident memory (kB) of this run's Chromium renderers: the processes under the
    browser started with :data:`TAG` (other browsers on the machine are not counted)."""
    table = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                table[entry.name] = _proc(entry.name)
            except OSError:
                continue
    roots = {pid for pid, (_, cmd, _) in table.items() if TAG in cmd}

    def under(pid: str) -> bool:
        seen = 0
        while pid in table and seen < 50:
            if pid in roots:
                return True
            pid, seen = table[pid][0], seen + 1
        return False

    return sum(
        rss for pid, (_, cmd, rss) in table.items() if "--type=renderer" in cmd and under(pid)
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", "-n", type=int, default=40, help="clicks per condition")
    parser.add_argument("--gap-ms", type=int, default=120, help="pause before each click")
    parser.add_argument("--warm-up", type=int, default=3)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)

    if not (args.dist / "build-info.json").is_file():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_web.py")], check=True)
    info = json.loads((args.dist / "build-info.json").read_text())
    link = "#" + finished_game_link()

    from playwright.sync_api import sync_playwright

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    server = serve_web.make_server(args.dist)
    server.start_in_thread()
    results: dict[str, list[dict]] = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, TAG]
            )
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{server.origin}/{link}")
            page.wait_for_function(
                "document.documentElement.dataset.app === 'ready'", timeout=TIMEOUT_MS
            )

            def clicks(name: str) -> None:
                samples = [
                    page.evaluate(CLICK, [k, args.gap_ms])
                    for k in range(args.clicks + args.warm_up)
                ]
                results[name] = samples[args.warm_up :]

            meter_on = "() => document.getElementById('meter-button').getAttribute('aria-pressed')"
            if page.evaluate(meter_on) == "true":
                page.click('[data-command="toggle-meter"]')
            clicks("idle")
            page.click('[data-command="toggle-meter"]')
            page.wait_for_function("() => document.documentElement.dataset.meter")
            clicks("meter")
            page.click('[data-command="toggle-meter"]')
            page.evaluate("document.documentElement.dataset.reviewBudget = '200000'")
            page.evaluate(
                "document.querySelector('#review-button').hidden = false;"
                "document.querySelector('#review-button').click()"
            )
            page.wait_for_selector('#review[data-review="running"]')
            clicks("review")
            page.click('[data-command="cancel-review"]')

            # A worker, on a page of the same origin without the app (nothing else runs).
            page.goto(f"{server.origin}/build-info.json")
            before = renderer_rss_kb()
            pyodide = f"{server.origin}/vendor/pyodide-{info['PYODIDE_VERSION']}/pyodide.mjs"
            worker = page.evaluate(WORKER, [pyodide, f"{server.origin}/{info['APP_ZIP']}"])
            after = renderer_rss_kb()
            if errors:
                raise SystemExit("bench_analysis_page: the page raised:\n" + "\n".join(errors))
            browser.close()
    finally:
        server.stop()

    print(
        f"{args.clicks} clicks on the move list per condition ({args.gap_ms} ms between "
        f"clicks, {args.warm_up} warm-up clicks not counted), HTMF 2 players, finished game:"
    )
    for name, samples in results.items():
        print(f"  {name:7} next frame  {summary([s['frame'] for s in samples])}")
        print(f"  {'':7} painted     {summary([s['painted'] for s in samples])}")
        print(f"  {'':7} handler     {summary([s['handler'] for s in samples])}")
    print("a Pyodide module worker (vendored pyodide.mjs, the app zip, the engine imported):")
    print(f"  loadPyodide done        {worker['boot']:7.0f} ms")
    print(f"  engine and game imported {worker['imported']:6.0f} ms (from the worker's start)")
    print(f"  whole, from new Worker  {worker['total']:7.0f} ms")
    print(f"  one HTMF meter estimate {worker['estimate']:7.0f} ms (6000 playouts, in the worker)")
    print(f"  WebAssembly heap        {worker['heap'] / 2**20:7.1f} MB")
    print(f"  renderer resident memory {before / 1024:6.1f} MB before, {after / 1024:.1f} MB after")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
