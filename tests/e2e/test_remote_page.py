"""Remote play's libraries in the page give exactly what they give on CPython:

- the crypto port's page backend (libsodium.js, vendored) and CPython's (pysodium): the
  RFC 8032 and RFC 9496 vectors and the same derived inputs through every function;
- the QR code of a link (segno, packed into the app zip): the same SVG markup;
- the catch-up rule: the devices of tests/fixtures/remote_links_v1.json open every link of
  their game again, signatures checked by libsodium.js, and end with the same record;

run by the app's own Pyodide and the app zip's own modules in Chromium, under
production's headers (netlify.toml's Content-Security-Policy), loading libsodium from the
publish folder's ``vendor/libsodium-<version>/`` only.

The page is a small test page beside the built app (the app has no way to run a probe);
it loads the built files as the app does: Pyodide from vendor/, the app zip unpacked into
the interpreter's working directory.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/, for crypto_probe
from crypto_probe import PROBE, run_here, vectors_text  # noqa: E402

from waddle.app.qr import link_qr_svg  # noqa: E402
from waddle.core.crypto.page import MODULE  # noqa: E402

PAGE = """<!doctype html><meta charset="utf-8"><title>crypto check</title>
<link rel="icon" href="data:,">
<script type="module" src="./crypto-check.mjs"></script>"""

QR_LINK = "https://waddle.example/#r1." + "AbC-_9" * 160
FIXTURE = HERE.parent / "fixtures" / "remote_links_v1.json"

SCRIPT = """
const QR_LINK = %s;
const info = await (await fetch("./build-info.json")).json();
const { loadPyodide } = await import(`./vendor/pyodide-${info.PYODIDE_VERSION}/pyodide.mjs`);
try {
  const py = await loadPyodide({ indexURL: `./vendor/pyodide-${info.PYODIDE_VERSION}/` });
  const zip = await (await fetch(`./${info.APP_ZIP}`)).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  py.runPython(await (await fetch("./crypto-probe.py")).text());
  const vectors = await (await fetch("./crypto-vectors.json")).text();
  py.globals.set("vectors_json", vectors);
  window.qrResult = py.runPython(`
from waddle.app.qr import link_qr_svg
link_qr_svg(${JSON.stringify(QR_LINK)})
`);
  py.globals.set("fixture_json", await (await fetch("./remote-fixture.json")).text());
  window.replayResult = await py.runPythonAsync(`
import json
from waddle.core import crypto
await crypto.ready()
from waddle.app.remote import RemoteGames
from waddle.app.saves import MemoryStorage
fixture = json.loads(fixture_json)
devices = []
for data in fixture["stores"].values():
    storage = MemoryStorage()
    storage.data.update(data)
    devices.append(RemoteGames(storage))
for link in fixture["links"]:
    for games in devices:
        games.open(link)
json.dumps([[a.to_json() for a in g.get(fixture["game_id"]).actions] for g in devices])
`);
  window.probeResult = await py.runPythonAsync(`
from waddle.core import crypto
await crypto.ready()
import sys
sys.version.split()[0] + " " + probe(vectors_json)
`);
} catch (error) {
  window.probeResult = "ERROR " + error;
}
"""


@pytest.fixture
def production_server(dist_dir):
    serve = _serve_web()
    extra = {
        "/crypto-check.html": ("text/html", PAGE.encode()),
        "/crypto-check.mjs": ("text/javascript", (SCRIPT % json.dumps(QR_LINK)).encode()),
        "/crypto-probe.py": ("text/x-python", PROBE.encode()),
        "/crypto-vectors.json": ("application/json", vectors_text().encode()),
        "/remote-fixture.json": ("application/json", FIXTURE.read_bytes()),
    }
    server = serve.make_server(dist_dir, extra=extra, netlify_headers=True, record=True)
    server.start_in_thread()
    yield server
    server.stop()


def _serve_web():
    import importlib.util

    path = HERE.parent.parent / "scripts" / "serve_web.py"
    spec = importlib.util.spec_from_file_location("serve_web_for_crypto", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_crypto_qr_codes_and_catch_up_in_the_page_agree_with_cpython(browser, production_server):
    context = browser.new_context()
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(production_server.origin + "/crypto-check.html")
    page.wait_for_function("window.probeResult !== undefined", timeout=120_000)
    result = page.evaluate("window.probeResult")
    qr = page.evaluate("window.qrResult")
    replayed = page.evaluate("window.replayResult")
    context.close()
    assert not result.startswith("ERROR"), result
    version, text = result.split(" ", 1)
    assert version.startswith("3.14"), version  # really Pyodide's Python
    in_page = json.loads(text)
    here = run_here()
    assert all(in_page.pop("randomness")) and all(here.pop("randomness"))
    assert in_page == here
    assert qr == link_qr_svg(QR_LINK)
    expected = json.loads(FIXTURE.read_text())["actions"]
    assert json.loads(replayed) == [expected, expected]
    assert not problems, problems
    # libsodium came from the app's own vendor folder (and nothing from elsewhere)
    paths = [t.path for t in production_server.transfers]
    assert MODULE.removeprefix(".") in paths
    assert any(p.endswith("/libsodium-sumo.mjs") for p in paths)
