#!/usr/bin/env python3
"""What the mental-poker deal of the card games played on several devices costs (issue 40).

    python3 scripts/bench_remote_cards.py [--page] [--whole] [--games pebbles:2,3,4 ...]

For each game and number of players, devices modelled by the app model
(:class:`waddle.app.remote.RemoteGames`, one per player, links passed as strings in the
order they are posted, each device playing at random when it is its turn and sending an
unlock link when the others wait for it) play:

- **the deal**: from the invitation to the first move that needs the cards (Pebbles' first
  card played; Waddle Waddle's first action after the heroes): how many links were posted
  before the first move, their lengths, after how many links the first player could move,
  and each device's CPU time for it (on CPython: ``time.process_time`` around that
  device's calls; with ``--page``: the same simulation in the built app's Pyodide in
  headless Chromium, through the vendored libsodium.js (the crypto port's page backend),
  each device's calls timed as the main thread's CPU time, Chrome's ``ThreadTime``
  metric read over the DevTools protocol around each call, so the machine's other load
  does not count);
- **whole games** (``--whole``, CPython): every link's length, the turn links' (those that
  carry a decision) median and longest, and how many unlock links the game needed (links
  sent by a device that was not to move, because another device waited for its tokens).

Build first (``make web``) for ``--page``. Long runs: ``nice -n 10``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

SIM = r'''
import random
from waddle.app.remote import RemoteGames
from waddle.app.saves import MemoryStorage

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


class Sim:
    """Devices passing links by a group chat; ``step(i)`` is one device's turn at it."""

    def __init__(self, game, players, seed, options=None):
        self.rng = random.Random(seed)
        self.devices = [RemoteGames(MemoryStorage()) for _ in range(players)]
        self.links, self.kinds, self.seen = [], [], [0] * players
        self.first_card_move = None  # links posted when the first card move was made
        self.first_possible = None  # links received when some device could first move
        self.game, self.players, self.options = game, players, options
        self.joined = 0

    def start(self, i):
        """Device i invites (i = 0) or joins, passing the invitation on."""
        seats = ["me"] + ["open"] * (self.players - 1)
        if i == 0:
            made = self.devices[0].invite(self.game, self.players, 1, seats, ["Ann"], self.options)
            self.game_id = made.game_id
        else:
            made = self.devices[i].join(self.links[-1], i, NAMES[i])
        self.links.append(made.last_link)
        self.kinds.append("invite" if i == 0 else "join")
        self.seen[i] = len(self.links)

    def step(self, i):
        """Device i opens what it has not, plays while it is its turn, sends its link if
        it played or the others wait for it. Returns what it did."""
        games = self.devices[i]
        for text in self.links[self.seen[i]:]:
            games.open(text)
        self.seen[i] = len(self.links)
        game = games.get(self.game_id)
        acted = False
        while game.my_turn():
            if self.first_possible is None:
                self.first_possible = len(self.links)
            card_move = getattr(game.state, "phase", "turn") != "hero"
            game.play(self.rng.choice(game.legal_actions()))
            acted = True
            if card_move and self.first_card_move is None:
                self.first_card_move = len(self.links) + 1
        if acted or game.others_wait():
            kind = "turn" if acted else ("end" if game.state.is_over() else "unlock")
            if self.dealing(game):
                kind = "deal" if not acted else "deal+turn"
            self.links.append(game.send())
            self.kinds.append(kind)
            games.save(game)
            self.seen[i] = len(self.links)
            return kind
        return ""

    def dealing(self, game):
        """Whether this device's new entries hold a step of the deal."""
        from waddle.core import deal
        from waddle.core.remote_cards import SignedShuffle
        me = game.my_index
        signed = game.signatures.get(me, (0, b""))[0]
        return any(
            isinstance(e, (deal.Shuffle, deal.Relock, SignedShuffle))
            for e in game.entries[signed:]
        )

    def over(self):
        return all(g.get(self.game_id).verdict is not None for g in self.devices)
'''


def simulate_here(game: str, players: int, seed: int, whole: bool, max_links: int = 4000):
    """The simulation on CPython: each device's CPU time until the first card move (and
    the whole game's links if ``whole``; then ``sim.cpu`` is each device's CPU time for
    the whole game)."""
    namespace: dict = {}
    exec(SIM, namespace)
    sim = namespace["Sim"](game, players, seed)
    cpu = [0.0] * players
    for i in range(players):
        before = time.process_time()
        sim.start(i)
        cpu[i] += time.process_time() - before
    deal_cpu = None
    while len(sim.links) < max_links:
        progressed = False
        for i in range(players):
            before = time.process_time()
            if sim.step(i):
                progressed = True
            cpu[i] += time.process_time() - before
            if deal_cpu is None and sim.first_card_move is not None:
                deal_cpu = list(cpu)
                if not whole:
                    return sim, deal_cpu
        if not progressed or sim.over():
            break
    sim.cpu = cpu
    return sim, deal_cpu or list(cpu)


PAGE = """<!doctype html><meta charset="utf-8"><title>deal bench</title>
<link rel="icon" href="data:,"><script type="module" src="./bench-deal.mjs"></script>"""

SCRIPT = """
const info = await (await fetch("./build-info.json")).json();
const { loadPyodide } = await import(`./vendor/pyodide-${info.PYODIDE_VERSION}/pyodide.mjs`);
try {
  const py = await loadPyodide({ indexURL: `./vendor/pyodide-${info.PYODIDE_VERSION}/` });
  const zip = await (await fetch(`./${info.APP_ZIP}`)).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  await py.runPythonAsync("from waddle.core import crypto\\nawait crypto.ready()");
  py.runPython(await (await fetch("./bench-sim.py")).text());
  window.py = py;
  window.backend = py.runPython("crypto.backend_name()");
} catch (error) {
  window.backend = "ERROR " + error;
}
"""


def simulate_page(rows: list[tuple[str, int]], dist: Path) -> dict[tuple[str, int], list[float]]:
    """Each device's CPU time until the first card move, in the page (ms)."""
    import serve_web
    from chromium import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    extra = {
        "/bench-deal.html": ("text/html", PAGE.encode()),
        "/bench-deal.mjs": ("text/javascript", SCRIPT.encode()),
        "/bench-sim.py": ("text/x-python", SIM.encode()),
    }
    server = serve_web.make_server(dist, extra=extra, netlify_headers=True)
    server.start_in_thread()
    out: dict[tuple[str, int], list[float]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            cdp = page.context.new_cdp_session(page)
            cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
            page.goto(server.origin + "/bench-deal.html")
            page.wait_for_function("window.backend !== undefined", timeout=180_000)
            backend = page.evaluate("window.backend")
            if backend.startswith("ERROR"):
                raise SystemExit(f"bench_remote_cards: the page failed: {backend}")

            def cpu() -> float:
                metrics = cdp.send("Performance.getMetrics")["metrics"]
                return next(m["value"] for m in metrics if m["name"] == "ThreadTime")

            def run(code: str) -> object:
                return page.evaluate(f"window.py.runPython({json.dumps(code)})")

            for game, players in rows:
                run(f"sim = Sim({game!r}, {players}, 1)")
                spent = [0.0] * players
                for i in range(players):
                    before = cpu()
                    run(f"sim.start({i})")
                    spent[i] += cpu() - before
                for _ in range(400):
                    for i in range(players):
                        before = cpu()
                        run(f"sim.step({i})")
                        spent[i] += cpu() - before
                    if run("sim.first_card_move is not None"):
                        break
                out[(game, players)] = [s * 1000 for s in spent]
                figures = ", ".join(f"{s:.0f}" for s in out[(game, players)])
                print(f"  page: {game} {players}: {figures} ms", file=sys.stderr)
            browser.close()
    finally:
        server.stop()
    return out


def fmt_lengths(lengths: list[int]) -> str:
    return " + ".join(f"{n:,}" for n in lengths)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--page", action="store_true", help="also the deal's CPU in the page")
    parser.add_argument("--whole", action="store_true", help="also whole games (CPython)")
    parser.add_argument("--games", nargs="*", default=["pebbles:2,3,4", "waddle-waddle:2,3,4,5,6"])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--seeds", type=int, default=1, help="whole games per row")
    args = parser.parse_args(argv)
    rows = []
    for spec in args.games:
        game, _, counts = spec.partition(":")
        rows += [(game, int(n)) for n in counts.split(",")]
    from waddle.core import crypto

    print(f"CPython: {crypto.backend_name()}")
    print()
    print("The deal: from the invitation to the first move that needs the cards")
    print()
    print(
        "| game | players | links before the first move | their lengths (characters) | "
        "first move after | deal CPU per device, CPython (ms) |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    deal_rows = {}
    for game, players in rows:
        sim, cpu = simulate_here(game, players, 1, whole=False)
        before = sim.links[: sim.first_card_move - 1]
        deal_rows[(game, players)] = cpu
        print(
            f"| {game} | {players} | {len(before)} | {fmt_lengths([len(t) for t in before])} | "
            f"{sim.first_possible} links | {', '.join(f'{c * 1000:.0f}' for c in cpu)} |",
            flush=True,
        )
    if args.page:
        if not (args.dist / "build-info.json").is_file():
            print("bench_remote_cards: build the app first (make web)", file=sys.stderr)
            return 1
        page = simulate_page(rows, args.dist)
        print()
        print("| game | players | deal CPU per device, page (ms) | most | page / CPython (most) |")
        print("| --- | --- | --- | --- | --- |")
        for key, spent in page.items():
            here = max(deal_rows[key]) * 1000
            print(
                f"| {key[0]} | {key[1]} | {', '.join(f'{s:.0f}' for s in spent)} | "
                f"{max(spent):.0f} | {max(spent) / here:.1f} |"
            )
    if args.whole:
        print()
        print("Whole games (CPython; links in the order posted; random legal moves)")
        print()
        print(
            "| game | players | links | deal links | turn links | turn link, median | "
            "turn link, longest | unlock links | end links | longest link | "
            "CPU per device per link (ms) |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for game, players in rows:
            for seed in range(args.seeds):
                sim, _ = simulate_here(game, players, seed + 1, whole=True)
                turns = [len(t) for t, k in zip(sim.links, sim.kinds, strict=True) if k == "turn"]
                per_link = statistics.mean(sim.cpu) / len(sim.links) * 1000
                unlocks = sim.kinds.count("unlock")
                deals = sum(1 for k in sim.kinds if k in ("invite", "join", "deal", "deal+turn"))
                print(
                    f"| {game} | {players} | {len(sim.links)} | {deals} | {len(turns)} | "
                    f"{statistics.median(turns):.0f} | {max(turns):,} | {unlocks} | "
                    f"{sim.kinds.count('end')} | {max(len(t) for t in sim.links):,} | "
                    f"{per_link:.0f} |",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
