#!/usr/bin/env python3
"""CPU cost of the crypto port (waddle/core/crypto/) on CPython and in the page.

    python3 scripts/bench_crypto.py [--rounds 7] [--dist dist]

In the page: the built app's Pyodide and app zip in headless Chromium (a small page beside
the built files, as tests/e2e/test_remote_page.py loads them), the vendored libsodium.js
called from Python; each operation timed as the main thread's CPU time (Chrome's
``ThreadTime`` metric, read over the DevTools protocol before and after a batch), so other
work on this shared machine does not count. On CPython: ``time.process_time`` around the
same batches (pysodium). Rounds interleave the operations; the figure is each one's median
over the rounds, in milliseconds per operation.

The last line estimates issue 40's deal: a Waddle Waddle 6-player deal at several hundred
scalar multiplications per device (500 here), against its goal of 1 s of CPU per device.
Build first (``make web``).
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

BATCH = {
    "scalar_mult": 200,
    "base_mult": 200,
    "point_from_uniform": 200,
    "sign": 200,
    "verify": 200,
    "ffi call (scalar_add)": 500,
}

OPS = r"""
import hashlib
from waddle.core import crypto

_s = crypto.scalar_reduce(hashlib.sha512(b"bench scalar").digest())
_p = crypto.hash_to_point(b"bench point")
_h = hashlib.sha512(b"bench uniform").digest()
_k = hashlib.sha256(b"bench key").digest()
_pk = crypto.public_key(_k)
_m = b"waddle remote-play/1 turn" + bytes(48)
_sig = crypto.sign(_k, _m)
OPS = {
    "scalar_mult": lambda: crypto.scalar_mult(_s, _p),
    "base_mult": lambda: crypto.base_mult(_s),
    "point_from_uniform": lambda: crypto.point_from_uniform(_h),
    "sign": lambda: crypto.sign(_k, _m),
    "verify": lambda: crypto.verify(_pk, _m, _sig),
    "ffi call (scalar_add)": lambda: crypto.scalar_add(_s, _s),
}


def run(name, count):
    op = OPS[name]
    for _ in range(count):
        op()
"""

PAGE = """<!doctype html><meta charset="utf-8"><title>crypto bench</title>
<link rel="icon" href="data:,"><script type="module" src="./bench-crypto.mjs"></script>"""

SCRIPT = """
const info = await (await fetch("./build-info.json")).json();
const { loadPyodide } = await import(`./vendor/pyodide-${info.PYODIDE_VERSION}/pyodide.mjs`);
try {
  const py = await loadPyodide({ indexURL: `./vendor/pyodide-${info.PYODIDE_VERSION}/` });
  const zip = await (await fetch(`./${info.APP_ZIP}`)).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  await py.runPythonAsync("from waddle.core import crypto\\nawait crypto.ready()");
  py.runPython(await (await fetch("./bench-ops.py")).text());
  const run = py.globals.get("run");
  window.runOp = (name, count) => run(name, count);
  window.backend = py.runPython("crypto.backend_name()");
} catch (error) {
  window.backend = "ERROR " + error;
}
"""


def page_figures(dist: Path, rounds: int) -> tuple[str, dict[str, float]]:
    import serve_web
    from chromium import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    extra = {
        "/bench-crypto.html": ("text/html", PAGE.encode()),
        "/bench-crypto.mjs": ("text/javascript", SCRIPT.encode()),
        "/bench-ops.py": ("text/x-python", OPS.encode()),
    }
    server = serve_web.make_server(dist, extra=extra, netlify_headers=True)
    server.start_in_thread()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            cdp = page.context.new_cdp_session(page)
            cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
            page.goto(server.origin + "/bench-crypto.html")
            page.wait_for_function("window.backend !== undefined", timeout=120_000)
            backend = page.evaluate("window.backend")
            if backend.startswith("ERROR"):
                raise SystemExit(f"bench_crypto: the page failed: {backend}")

            def cpu() -> float:
                metrics = cdp.send("Performance.getMetrics")["metrics"]
                return next(m["value"] for m in metrics if m["name"] == "ThreadTime")

            samples: dict[str, list[float]] = {name: [] for name in BATCH}
            page.evaluate("window.runOp('scalar_mult', 20)")  # warm up
            for _ in range(rounds):
                for name, count in BATCH.items():
                    before = cpu()
                    page.evaluate(f"window.runOp({json.dumps(name)}, {count})")
                    samples[name].append((cpu() - before) / count * 1000)
            browser.close()
    finally:
        server.stop()
    return backend, {name: statistics.median(values) for name, values in samples.items()}


def cpython_figures(rounds: int) -> tuple[str, dict[str, float]]:
    namespace: dict = {}
    exec(OPS, namespace)
    from waddle.core import crypto

    samples: dict[str, list[float]] = {name: [] for name in BATCH}
    for _ in range(rounds):
        for name, count in BATCH.items():
            before = time.process_time()
            namespace["run"](name, count)
            samples[name].append((time.process_time() - before) / count * 1000)
    return crypto.backend_name(), {n: statistics.median(v) for n, v in samples.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    if not (args.dist / "build-info.json").is_file():
        print("bench_crypto: build the app first (make web)", file=sys.stderr)
        return 1
    here_name, here = cpython_figures(args.rounds)
    page_name, page = page_figures(args.dist, args.rounds)
    print(f"CPU per operation, median of {args.rounds} rounds (ms)")
    print()
    print(f"| operation | CPython ({here_name}) | page ({page_name}) | page / CPython |")
    print("| --- | --- | --- | --- |")
    for name in BATCH:
        ratio = page[name] / here[name] if here[name] else float("nan")
        print(f"| {name} | {here[name]:.4f} | {page[name]:.4f} | {ratio:.1f} |")
    deal = 500 * page["scalar_mult"]
    print()
    print(
        f"Issue 40's deal, estimated at 500 scalar multiplications per device: "
        f"{deal:.0f} ms of CPU in the page (goal: 1000 ms)."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
