#!/usr/bin/env python3
"""Click benchmark: how long a click on a legal hex takes to show on the board, in a
5-player game in mid-play, measured inside the page.

    .venv/bin/python scripts/bench_click.py [--clicks 30] [--plies 35] [--profile]

The position is made here with the engine (``Session``, a seeded random line of
``--plies`` legal actions on generated map ``--seed``) and opened as its share link in
headless /usr/bin/chromium, from dist/ (built if missing) on the static server the tests
use. Then, ``--clicks`` times, in one ``evaluate`` of the page:

- ``t0 = performance.now()``, a click event dispatched on a legal hex (the page's click
  handler runs synchronously inside ``dispatchEvent``), ``t1`` when it returns;
- ``t2`` in the next ``requestAnimationFrame`` callback (the page promises its hooks are
  current by then), and ``t3`` in a task queued from that callback, after that frame's
  style, layout and paint.

Every ``--run`` clicks (and when a game ends) the mid-game link is opened again through
``location.hash``, so every click is made in a comparable position. The first
``--warm-up`` clicks are not counted. Prints median, p90 and max of handler (t1-t0),
next frame (t2-t0) and painted (t3-t0), and the page's own ``waddle:render-*`` marks.

``--profile`` then makes ``--clicks`` more clicks with timers around the parts of the
click's work (the move, the board markup, the side panels, the address, the autosave),
put there by a ``<script type="py">`` added to the page: it runs in the app's interpreter,
next to the running ``app``. The timers add a little; the first figures are without them.

Start-up time, app against a bare PyScript page: scripts/bench_boot.py. Not a test: the
figures depend on the machine, so the load average is printed too.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path

import serve_web  # scripts/ is on sys.path when this file runs as a script
from chromium import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from waddle.app.session import Session  # noqa: E402

TIMEOUT_MS = 120_000

CLICK = """async (k) => {
  const legal = document.querySelectorAll('svg#board [data-legal="true"]');
  if (legal.length === 0) return null;
  const hex = legal[k % legal.length];
  const key = hex.dataset.hex, before = location.hash;
  const t0 = performance.now();
  hex.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  const t1 = performance.now();
  const owner = document.querySelector(`svg#board [data-hex="${key}"]`).dataset.owner;
  const t2 = await new Promise((done) => requestAnimationFrame(() => done(performance.now())));
  const t3 = await new Promise((done) => setTimeout(() => done(performance.now()), 0));
  const render = performance.getEntriesByName("waddle:render-end").at(-1);
  const start = performance.getEntriesByName("waddle:render-start").at(-1);
  return {
    handler: t1 - t0, frame: t2 - t0, painted: t3 - t0,
    render: render && start && render.startTime >= t0 ? render.startTime - start.startTime : null,
    placed: owner !== undefined, changed: location.hash !== before,
    over: document.querySelector("[data-to-move]") === null,
  };
}"""

REOPEN = """async (link) => {
  if (location.hash !== link) {
    location.hash = link;
    await new Promise((done) => {
      const wait = () => (location.hash === link && document.querySelector("[data-to-move]")
        ? done() : requestAnimationFrame(wait));
      wait();
    });
  }
  // Settle: let a frame pass so the reopening's own work is not timed with the click.
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
}"""

# Runs in the app's interpreter (web/main.py's globals, so ``app`` is the running App):
# wraps the parts of a click's work to time them; __benchTake() returns and resets the
# milliseconds spent in each since the last call.
PROFILE_PY = """
from pyscript import ffi, window
import waddle.games.waddle.presenter as _presenter

_spent = {}


def _timed(owner, name, label):
    inner = getattr(owner, name, None)
    if inner is None:
        return

    def timed(*args, **kwargs):
        t0 = window.performance.now()
        try:
            return inner(*args, **kwargs)
        finally:
            _spent[label] = _spent.get(label, 0.0) + window.performance.now() - t0

    setattr(owner, name, timed)


_App, _Session, _Saves = type(app), type(app.session), type(app.page.saves)
_Screen, _Address = type(app.screen), type(app.address)
for _owner, _name, _label in (
    (_App, "guarded", "handler in all (guarded)"),
    (_Session, "full_record", "record kept for a rollback"),
    (_Session, "play", "the move (engine)"),
    (_Screen, "_draw", "render() in all"),
    (_presenter, "board_svg", "board markup (board_svg)"),
    (_Screen, "_draw_side", "side panels"),
    (_Address, "_write_hash", "address (link, replaceState)"),
    (_Saves, "autosave", "autosave (JSON, localStorage)"),
):
    _timed(_owner, _name, _label)


def _take():
    spent = dict(_spent)
    _spent.clear()
    return ffi.to_js(spent, dict_converter=window.Object.fromEntries)


window.__benchTake = ffi.create_proxy(_take)
window.__benchProfileReady = True
"""

RENDER_PARTS = (
    "board markup (board_svg)",
    "side panels",
    "address (link, replaceState)",
    "autosave (JSON, localStorage)",
)


def mid_game_link(players: int, seed: int, plies: int, policy_seed: int) -> str:
    """A share link of a game on map ``seed`` after ``plies`` seeded random legal actions."""
    session = Session.new("waddle", players, seed)
    rng = random.Random(policy_seed)
    for _ in range(plies):
        actions = session.state.legal_actions()
        if not actions:
            raise SystemExit(f"bench_click: the game ended before {plies} actions")
        session.play(rng.choice(actions))
    if not session.state.legal_hexes():
        raise SystemExit("bench_click: no legal hex in the chosen position")
    return session.link()


def click_samples(page, link: str, count: int, run: int, after=None, results=None):
    """``count`` clicks on legal hexes, reopening ``link`` every ``run`` clicks and when a
    game ends; each click's timings (and ``after()`` per click into ``results``)."""
    samples: list[dict] = []
    k = 0
    while len(samples) < count:
        if k % run == 0:
            page.evaluate(REOPEN, link)
            if after is not None:
                after()  # the reopening's own work is not a click's
        sample = page.evaluate(CLICK, k)
        k += 1
        if sample is None or not (sample["placed"] and sample["changed"]):
            raise SystemExit(f"bench_click: click {len(samples) + 1} placed nothing: {sample}")
        samples.append(sample)
        if after is not None:
            results.append(after())
        if sample["over"]:
            k = 0  # reopen the mid-game position next
    return samples


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):6.1f}  p90 {p90:6.1f}  max {ordered[-1]:6.1f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", "-n", type=int, default=30, help="clicks counted")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2024, help="map seed")
    parser.add_argument("--plies", type=int, default=35, help="actions before the clicks")
    parser.add_argument("--run", type=int, default=5, help="clicks before reopening")
    parser.add_argument("--warm-up", type=int, default=3, help="first clicks not counted")
    parser.add_argument("--profile", action="store_true", help="time the parts of a click")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)

    if not (args.dist / "build-info.json").is_file():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_web.py")], check=True)
    link = "#" + mid_game_link(args.players, args.seed, args.plies, policy_seed=1)

    from playwright.sync_api import sync_playwright

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    server = serve_web.make_server(args.dist)
    server.start_in_thread()
    profile = None
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{server.origin}/{link}")
            page.wait_for_function(
                "document.documentElement.dataset.app === 'ready'", timeout=TIMEOUT_MS
            )
            samples = click_samples(page, link, args.clicks + args.warm_up, args.run)
            if args.profile:
                page.evaluate(
                    """code => { const s = document.createElement("script");
                       s.type = "py"; s.textContent = code; document.body.append(s); }""",
                    PROFILE_PY,
                )
                page.wait_for_function("window.__benchProfileReady === true", timeout=TIMEOUT_MS)
                profile = []

                def take() -> dict[str, float]:
                    return page.evaluate("window.__benchTake()")

                click_samples(page, link, args.clicks, args.run, after=take, results=profile)
            if errors:
                raise SystemExit("bench_click: the page raised:\n" + "\n".join(errors))
            browser.close()
    finally:
        server.stop()

    counted = samples[args.warm_up :]
    print(
        f"{len(counted)} clicks on legal hexes, {args.players} players, map {args.seed}, "
        f"after {args.plies} actions (reopened every {args.run} clicks; "
        f"{args.warm_up} warm-up clicks not counted):"
    )
    print(f"  click handler returned    {summary([s['handler'] for s in counted])}")
    print(f"  next animation frame      {summary([s['frame'] for s in counted])}")
    print(f"  after that frame painted  {summary([s['painted'] for s in counted])}")
    renders = [s["render"] for s in counted if s["render"] is not None]
    if renders:
        print(f"  app.render() (its marks)  {summary(renders)}")
    if profile:
        parts = {name for spent in profile for name in spent}
        for spent in profile:
            spent["rest of render() (board innerHTML, …)"] = spent.get(
                "render() in all", 0.0
            ) - sum(spent.get(name, 0.0) for name in RENDER_PARTS)
        print(f"where a click's time goes, {len(profile)} more clicks with timers in the page:")
        for name in [*sorted(parts), "rest of render() (board innerHTML, …)"]:
            print(f"  {name:38} {summary([spent.get(name, 0.0) for spent in profile])}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
