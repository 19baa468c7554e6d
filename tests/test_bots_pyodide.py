"""Bots choose exactly the same on CPython and on Pyodide, given seed and iterations, and a
seed gives the same map, record and share link on both (Waddle and Hey, That's My Fish!).

The browser runs the engine on Pyodide's Python (3.14, WebAssembly), this process on
CPython 3.11: a bot that relied on ``hash()``, set order, ``sum()`` of floats (whose
algorithm changed in 3.12) or a libm function could play differently in the page than in
tests and tournaments. This plays whole games at every level with iteration budgets in
both and compares every action and the hard bot's visit counts.

Marked ``e2e``: like the browser tests it needs the npm-installed Pyodide (``make test``
installs it) and Node, and it takes several seconds; it is skipped when they are missing.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"

PROBE = """
import json
from waddle.games.waddle import Record, new_game, new_record
from waddle.games.waddle.ai import make_bot
from waddle.games.waddle.link import encode_game

def probe():
    out = []
    for players in (2, 3, 4, 5):
        state = new_game(players, seed=players * 11)
        levels = ["hard", "medium", "easy", "random", "hard"][:players]
        bots = [make_bot(level, seed=p + 3, iterations=40 if level == "hard" else 1)
                for p, level in enumerate(levels)]
        while not state.is_over():
            state.apply(bots[state.to_move()].choose(state))
        out.append([str(a) for a in state.history])
        search = make_bot("hard", seed=9, iterations=300).start(new_game(players, seed=5))
        search.advance()
        out.append([[str(a), n, repr(v)] for a, n, v in search.stats()])
        # the map generator, the starting order and the share link, byte for byte
        record = Record.from_state(state, new_record(players, seed=players * 11).generated)
        out.append([new_record(players, seed=2026).dumps(), record.dumps(), encode_game(record)])
        out.append(state.scores())
    return json.dumps(out)
"""

HTMF_PROBE = """
import json
from waddle.games.htmf import GAME, new_game, new_record, standard_floes
from waddle.games.htmf.ai import make_bot

def probe():
    out = []
    for players in (2, 3, 4):
        record = new_record(players, seed=players * 13)
        state = record.start()
        levels = ["hard", "medium", "easy", "random"][:players]
        bots = [make_bot(level, seed=p + 5, iterations=30 if level == "hard" else 1)
                for p, level in enumerate(levels)]
        while not state.is_over():
            state.apply(bots[state.to_move()].choose(state))
        out.append([str(a) for a in state.history])
        out.append([state.scores(), state.floe_counts(), state.winners()])
        search = make_bot("hard", seed=9, iterations=200).start(new_game(players, seed=6))
        search.advance()
        out.append([[str(a), n, repr(v)] for a, n, v in search.stats()])
        uct = make_bot("uct", seed=2, iterations=100).start(new_game(players, seed=6))
        uct.advance()
        out.append([[str(a), n, repr(v)] for a, n, v in uct.stats()])
        # the standard board, the record and the share link, byte for byte
        finished = record.with_actions(state.history)
        out.append([new_record(players, seed=2026).dumps(), finished.dumps(),
                    GAME.encode_link(finished)])
    out.append([[f.fish for f in standard_floes(seed)] for seed in (0, 1, 2**31 - 1)])
    return json.dumps(out)
"""

# Copy the package into Pyodide's file system, run the probe, print its JSON.
RUNNER = """
import { loadPyodide } from %(pyodide)s;
import fs from "fs";
import path from "path";
const py = await loadPyodide();
function copy(src, dst) {
  py.FS.mkdirTree(dst);
  for (const name of fs.readdirSync(src)) {
    const from = path.join(src, name);
    if (fs.statSync(from).isDirectory()) {
      if (name !== "__pycache__") copy(from, dst + "/" + name);
    } else if (name.endsWith(".py") || name.endsWith(".json")) {
      py.FS.writeFile(dst + "/" + name, fs.readFileSync(from));
    }
  }
}
copy(%(package)s, "/home/pyodide/waddle");
py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
py.runPython(%(probe)s);
console.log(py.runPython("import sys; sys.version.split()[0] + ' ' + probe()"));
"""


def run_in_pyodide(tmp_path, probe: str) -> str:
    """The probe's JSON as Pyodide computes it (skips the test without Node/Pyodide)."""
    node = shutil.which("node")
    if node is None or not PYODIDE.exists():
        pytest.skip("needs Node and the npm-installed Pyodide (make test installs them)")
    script = tmp_path / "probe.mjs"
    script.write_text(
        RUNNER
        % {
            "pyodide": json.dumps(PYODIDE.as_uri()),
            "package": json.dumps(str(ROOT / "waddle")),
            "probe": json.dumps(probe),
        }
    )
    done = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    version, pyodide_out = done.stdout.strip().splitlines()[-1].split(" ", 1)
    assert not version.startswith("3.11")  # really another Python
    return pyodide_out


def run_here(probe: str) -> str:
    namespace: dict = {}
    exec(probe, namespace)
    return namespace["probe"]()


def test_same_choices_on_cpython_and_pyodide(tmp_path):
    pyodide_out = run_in_pyodide(tmp_path, PROBE)
    assert json.loads(pyodide_out) == json.loads(run_here(PROBE))


def test_htmf_records_boards_links_and_bot_choices_are_the_same_on_cpython_and_pyodide(
    tmp_path,
):
    """Hey, That's My Fish!: whole games at every level, the hard and plain tree searches'
    visit counts, standard boards from seeds, records and share links, byte for byte."""
    pyodide_out = run_in_pyodide(tmp_path, HTMF_PROBE)
    assert json.loads(pyodide_out) == json.loads(run_here(HTMF_PROBE))
