#!/usr/bin/env python3
"""AI benchmark in the page: long main-thread tasks while the hard bot thinks, and its
playouts per second in the browser against CPython.

    .venv/bin/python scripts/bench_ai_page.py [--runs 3] [--moves 6] [--players 2 4]
    .venv/bin/python scripts/bench_ai_page.py --game htmf --players 2 4

Each run opens, in a new browser context of headless /usr/bin/chromium, a game of
``--game`` (any game of the registry; default waddle) whose seats are all ``hard``
computers at speed "fast" (set before the app starts), records while the computers make
``--moves`` moves, then pauses them. Recording starts once
``<html data-app="ready">`` (start-up is scripts/bench_boot.py's subject):

- ``longtask`` entries (main-thread tasks over 50 ms) from a PerformanceObserver that an
  init script installs before the page loads: the standard measure, in wall time;
- a Chrome trace (categories ``toplevel`` and ``blink.user_timing``) of the same period:
  every main-thread task with its wall time (``dur``) *and its thread CPU time*
  (``tdur``). On a busy machine the operating system stops the renderer for tens or
  hundreds of milliseconds in the middle of short tasks, so wall-time long tasks say as
  much about the load as about the page; a task whose CPU time is over 50 ms is long
  because of its own work, on any machine;
- the page's performance marks ``waddle:think-start``/``-end`` (one search) and
  ``waddle:render-start``/``-end`` (one redraw), set by web/app.py, which put each long
  task down to the redraw (if it overlaps one), else to thinking (inside a search), else
  to "other";
- after each search, ``html[data-ai-iterations]``, ``[data-ai-seconds]`` (time inside
  the search, without the pauses between slices) and ``[data-ai-longest-slice-ms]``,
  and the address of the position searched.

For every searched position this process then runs the same bot (same seed) on CPython
for exactly the browser's iteration count: the same tree, so the same work. Playouts per
second are given per CPU second on both sides (the main thread's CPU time inside the
search's window in the browser, process time here) and per wall second as the page
counts them. Prints each run and the medians, with the load average before and after.
Not a test: the figures depend on the machine.

The page is built into build/bench-ai-dist/ (not dist/, which the browser tests rebuild
whenever their sources change).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import serve_web  # scripts/ is on sys.path when this file runs as a script
from chromium import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from waddle.app.session import Session  # noqa: E402
from waddle.games import GAMES  # noqa: E402

LOAD_TIMEOUT_MS = 180_000
LEVEL = "hard"
LONG_MS = 50.0
REDRAW_TAIL_MS = 200.0

# Installed before any script of the page.
OBSERVE = """
(() => {
  const bench = window.__bench = {ready: null, longtasks: [], searches: [], thinkingAt: []};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longtasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
  new MutationObserver((records) => {
    const root = document.documentElement, d = root.dataset;
    for (const r of records) {
      if (r.attributeName === "data-app" && d.app === "ready" && bench.ready === null) {
        bench.ready = performance.now();
      } else if (r.attributeName === "data-thinking" && d.thinking !== undefined) {
        bench.thinkingAt.push(location.hash);
      } else if (r.attributeName === "data-ai-longest-slice-ms") {
        bench.searches.push({
          at: performance.now(), iterations: Number(d.aiIterations),
          seconds: Number(d.aiSeconds), longestSliceMs: Number(d.aiLongestSliceMs),
          hash: bench.thinkingAt[bench.thinkingAt.length - 1],
        });
      }
    }
  }).observe(document, {attributes: true, subtree: true,
                        attributeFilter: ["data-app", "data-thinking",
                                          "data-ai-longest-slice-ms"]});
  document.addEventListener("DOMContentLoaded", () => {
    document.getElementById("ai-speed").value = "fast";
  });
})();
"""


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


# ---------------------------------------------------------------------------- one page


def run_page(browser, origin: str, game: str, players: int, seed: int, moves: int) -> dict:
    """Open an all-hard game, record its first ``moves`` computer moves; the raw figures."""
    session = Session.new(game, players, seed, bots=[LEVEL] * players)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(OBSERVE)
        # Traced from the start, so that the first search (which begins as the page gets
        # ready, while the service worker installs) is in the trace too.
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
        try:
            page.goto(f"{origin}/#{session.link()}")
            page.wait_for_function(
                "document.documentElement.dataset.app !== 'loading'", timeout=LOAD_TIMEOUT_MS
            )
            if page.evaluate("document.documentElement.dataset.app") != "ready":
                raise SystemExit("bench_ai_page: the app did not start")
            # A hard search is 1.5 s of thinking; wall time is longer on a busy machine.
            page.wait_for_function(
                f"window.__bench.searches.length >= {moves}",
                timeout=moves * 60_000,
                polling=250,
            )
        finally:
            trace = json.loads(browser.stop_tracing())
        page.click('[data-command="pause-ai"]')
        data = page.evaluate("window.__bench")
    finally:
        context.close()
    tasks, marks = main_thread(trace)
    thinks = [to_task_start(w, tasks) for w in windows(marks, "think")[:moves]]
    searches = data["searches"][:moves]
    assert len(thinks) == len(searches) == moves, (len(thinks), len(searches))
    first, last = thinks[0][2], thinks[-1][3]
    return {
        "players": players,
        "seed": seed,
        "searches": searches,
        "observed": [(s, d) for s, d in data["longtasks"] if first <= s < last],
        "tasks": tasks,
        "thinks": thinks,
        "renders": redraws([to_task_start(w, tasks) for w in windows(marks, "render")], thinks),
    }


def to_task_start(window, tasks):
    """``window`` begun at the start of the task its start mark is in."""
    for start, wall, _cpu in tasks:
        if start <= window[0] < start + wall:
            return (start, *window[1:])
    return window


def redraws(renders, thinks):
    """Each redraw window stretched to the next search's start (at most REDRAW_TAIL_MS
    after the redraw): the browser's own style, layout and paint of the new markup run in
    a task of their own just after the redraw's."""
    out = []
    for r in renders:
        later = [w[0] for w in thinks if w[0] >= r[1]]
        end = min([r[1] + REDRAW_TAIL_MS, *later[:1]])
        out.append((r[0], max(end, r[1]), r[2], r[3]))
    return out


def main_thread(trace) -> tuple[list[tuple[float, float, float]], list[tuple[str, float, float]]]:
    """The page's main-thread tasks (start, wall ms, CPU ms) on the trace's clock, and its
    waddle marks (name, trace clock ms, page clock ms)."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    marks = [
        (e["name"], e["ts"] / 1000, e["args"]["data"]["startTime"], e["pid"])
        for e in events
        if e["name"] in MARKS
    ]
    if not marks:
        raise SystemExit("bench_ai_page: no waddle marks in the trace")
    pid = marks[0][3]
    threads = {
        e["tid"]
        for e in events
        if e.get("ph") == "M"
        and e["name"] == "thread_name"
        and e["pid"] == pid
        and e["args"].get("name") == "CrRendererMain"
    }
    tasks = sorted(
        (e["ts"] / 1000, e.get("dur", 0) / 1000, e.get("tdur", e.get("dur", 0)) / 1000)
        for e in events
        if e["name"] == "ThreadControllerImpl::RunTask"
        and e.get("ph") == "X"
        and e["pid"] == pid
        and e["tid"] in threads
    )
    return tasks, sorted((m[:3] for m in marks), key=lambda m: m[1])


MARKS = {f"waddle:{k}-{edge}" for k in ("think", "render") for edge in ("start", "end")}
TRACE_CATEGORIES = ["toplevel", "blink.user_timing"]


def windows(marks, kind: str) -> list[tuple[float, float, float, float]]:
    """Each ``waddle:<kind>-start``/``-end`` pair in time order: (start, end) on the
    trace's clock, then (start, end) on the page's."""
    out, start = [], None
    for name, t, page_t in marks:
        if name == f"waddle:{kind}-start":
            start = (t, page_t)
        elif name == f"waddle:{kind}-end" and start is not None:
            out.append((start[0], t, start[1], page_t))
            start = None
    return out


def cause(start: float, duration: float, renders, thinks) -> str:
    end = start + duration
    if any(w[0] < end and start < w[1] for w in renders):
        return "redraw"
    if any(w[0] < end and start < w[1] for w in thinks):
        return "thinking"
    return "other"


def overlaps(task, window) -> bool:
    return task[0] < window[1] and window[0] < task[0] + task[1]


def cpu_in(tasks, window) -> float:
    """CPU ms of the main-thread tasks that overlap ``window`` (trace clock)."""
    return sum(t[2] for t in tasks if overlaps(t, window))


# ---------------------------------------------------------------------------- figures


def cpython_same_work(search: dict) -> tuple[float, float]:
    """(CPU s, wall s) on CPython for the browser's search: same position, seed, iterations."""
    session = Session.from_link(search["hash"].removeprefix("#"))
    state = session.state
    bot = session.game.make_bot(LEVEL, seed=state.ply + 1, iterations=search["iterations"])
    wall, cpu = time.perf_counter(), time.process_time()
    bot.start(state).advance()
    return time.process_time() - cpu, time.perf_counter() - wall


def figures(r: dict) -> dict:
    """The numbers of one run, from its raw recording."""
    tasks, renders, thinks = r["tasks"], r["renders"], r["thinks"]
    start, stop = thinks[0][0], thinks[-1][1]
    recorded = [t for t in tasks if start <= t[0] < stop]
    long_wall = [(s, w) for s, w, _c in recorded if w > LONG_MS]
    long_cpu = [(s, c) for s, _w, c in recorded if c > LONG_MS]
    observed = [d for s, d in r["observed"]]  # PerformanceObserver: its own clock
    thinking = [
        [t for t in tasks if overlaps(t, w) and not any(overlaps(t, x) for x in renders)]
        for w in thinks
    ]
    rates_cpu, rates_wall, cpy_cpu, ratios, overhead = [], [], [], [], []
    for search, window in zip(r["searches"], thinks, strict=False):
        cpu_ms = cpu_in(tasks, window)
        cpython_cpu, _cpython_wall = cpython_same_work(search)
        rates_cpu.append(search["iterations"] / (cpu_ms / 1000))
        rates_wall.append(search["iterations"] / search["seconds"])
        cpy_cpu.append(search["iterations"] / cpython_cpu)
        ratios.append(cpu_ms / 1000 / cpython_cpu)
        overhead.append((window[1] - window[0]) / 1000 / search["seconds"])
    return {
        "observed_count": len(observed),
        "observed_max": max(observed, default=0.0),
        "wall_count": len(long_wall),
        "wall_max": max((w for _s, w in long_wall), default=0.0),
        "cpu_count": len(long_cpu),
        "cpu_max": max((c for _s, c in long_cpu), default=0.0),
        "max_task_cpu": max((c for _s, _w, c in recorded), default=0.0),
        "wall_causes": causes(long_wall, renders, thinks),
        "cpu_causes": causes(long_cpu, renders, thinks),
        "longest_slice": [s["longestSliceMs"] for s in r["searches"]],
        # The tasks of each search (its slices), the first search of the page apart.
        "first_slice_cpu": max((t[2] for t in thinking[0]), default=0.0),
        "first_slice_wall": max((t[1] for t in thinking[0]), default=0.0),
        "later_slice_cpu": max((t[2] for ts in thinking[1:] for t in ts), default=0.0),
        "later_slice_wall": max((t[1] for ts in thinking[1:] for t in ts), default=0.0),
        "render_wall": [w[3] - w[2] for w in renders if start <= w[0] < stop],
        "render_cpu": [cpu_in(tasks, w) for w in renders if start <= w[0] < stop],
        "rates_cpu": rates_cpu,
        "rates_wall": rates_wall,
        "cpython_cpu": cpy_cpu,
        "ratio": ratios,
        "overhead": overhead,
    }


def causes(long_tasks, renders, thinks) -> dict[str, int]:
    out = {"thinking": 0, "redraw": 0, "other": 0}
    for start, duration in long_tasks:
        out[cause(start, duration, renders, thinks)] += 1
    return out


def med(values) -> float:
    return statistics.median(values) if values else 0.0


def report_run(run: int, r: dict, f: dict) -> None:
    print(
        f"run {run} {r['players']}p map {r['seed']}:"
        f" long tasks by wall time {f['wall_count']} (max {f['wall_max']:.0f} ms,"
        f" observer {f['observed_count']}/{f['observed_max']:.0f} ms),"
        f" by CPU time {f['cpu_count']} (longest task CPU {f['max_task_cpu']:.1f} ms);"
        f" slices: first search {f['first_slice_cpu']:.0f} ms CPU/{f['first_slice_wall']:.0f} wall,"
        f" later {f['later_slice_cpu']:.0f} ms CPU/{f['later_slice_wall']:.0f} wall;"
        f" redraw CPU {med(f['render_cpu']):.1f} ms;"
        f" playouts per CPU s browser {med(f['rates_cpu']):.0f}"
        f" vs CPython {med(f['cpython_cpu']):.0f}",
        flush=True,
    )


def report_summary(rows: list[dict], players: int) -> None:
    if not rows:
        return

    def each(key):
        return [x for f in rows for x in f[key]]

    print(f"  {players} players ({len(rows)} run(s)):")
    print(
        f"    long tasks (> {LONG_MS:.0f} ms) per run, by wall time: median"
        f" {med([f['wall_count'] for f in rows])}, longest {med([f['wall_max'] for f in rows]):.0f}"
        f" ms (worst {max(f['wall_max'] for f in rows):.0f}); by cause (medians): "
        + ", ".join(
            f"{k} {med([f['wall_causes'][k] for f in rows])}"
            for k in ("thinking", "redraw", "other")
        )
    )
    print(
        f"    long tasks per run, by the main thread's CPU time: median"
        f" {med([f['cpu_count'] for f in rows])}; most CPU in one task: median"
        f" {med([f['max_task_cpu'] for f in rows]):.1f} ms"
        f" (worst {max(f['max_task_cpu'] for f in rows):.1f}); by cause (medians): "
        + ", ".join(
            f"{k} {med([f['cpu_causes'][k] for f in rows])}"
            for k in ("thinking", "redraw", "other")
        )
    )
    print(
        f"    PerformanceObserver longtask entries per run: median"
        f" {med([f['observed_count'] for f in rows])}"
    )
    print(
        "    longest slice task, CPU/wall ms (median of runs, worst): first search on the page"
        f" {med([f['first_slice_cpu'] for f in rows]):.1f}/"
        f"{med([f['first_slice_wall'] for f in rows]):.1f}"
        f" ({max(f['first_slice_cpu'] for f in rows):.1f}/"
        f"{max(f['first_slice_wall'] for f in rows):.1f}); later searches"
        f" {med([f['later_slice_cpu'] for f in rows]):.1f}/"
        f"{med([f['later_slice_wall'] for f in rows]):.1f}"
        f" ({max(f['later_slice_cpu'] for f in rows):.1f}/"
        f"{max(f['later_slice_wall'] for f in rows):.1f})"
    )
    print(
        f"    longest slice as the page measures it (wall): median"
        f" {med(each('longest_slice')):.1f} ms, max {max(each('longest_slice')):.1f} ms"
    )
    print(
        f"    redraw after a move, the app's render() and the browser's layout and paint"
        f" after it: CPU median {med(each('render_cpu')):.1f} ms"
        f" (max {max(each('render_cpu'), default=0):.1f}); render() alone, wall median"
        f" {med(each('render_wall')):.1f} ms"
    )
    print(
        f"    playouts per CPU second: browser {med(each('rates_cpu')):.0f},"
        f" CPython {sys.version.split()[0]} {med(each('cpython_cpu')):.0f}"
        f" (same work: the browser takes x{med(each('ratio')):.2f});"
        f" per wall second as the page counts them: {med(each('rates_wall')):.0f}"
    )
    print(
        f"    wall time of a search / its thinking time (yield overhead and load):"
        f" {med(each('overhead')):.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", "-n", type=int, default=3, help="runs of each game")
    parser.add_argument("--moves", "-m", type=int, default=6, help="computer moves per run")
    parser.add_argument("--game", default="waddle", choices=GAMES.ids)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=11, help="map seed of the first run")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "bench-ai-dist")
    parser.add_argument("--json", type=Path, help="also write the raw figures to this file")
    args = parser.parse_args(argv)

    build = [sys.executable, str(ROOT / "scripts" / "build_web.py"), "--out", str(args.out)]
    subprocess.run(build, check=True)
    print(f"load average before: {loadavg()} ({os.cpu_count()} CPUs)", flush=True)

    from playwright.sync_api import sync_playwright

    server = serve_web.make_server(args.out)
    server.start_in_thread()
    rows: dict[int, list[dict]] = {players: [] for players in args.players}
    raw = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for run in range(args.runs):
                for players in args.players:
                    r = run_page(
                        browser, server.origin, args.game, players, args.seed + run, args.moves
                    )
                    f = figures(r)
                    rows[players].append(f)
                    raw.append({"run": r, "figures": f})
                    report_run(run + 1, r, f)
            browser.close()
    finally:
        server.stop()

    print()
    print(f"{args.game}: medians over {args.runs} run(s) of {args.moves} '{LEVEL}' moves per game:")
    for players in args.players:
        report_summary(rows[players], players)
    print(f"load average after: {loadavg()}")
    if args.json:
        args.json.write_text(json.dumps(raw), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
