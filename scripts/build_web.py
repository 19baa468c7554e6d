#!/usr/bin/env python3
"""Assemble the static web app in dist/: a folder any static host can serve as it is.

    python3 scripts/build_web.py [--out DIR]

Standard library only. What goes into the publish folder:

- ``index.html`` and ``pyscript.toml``, filled in from the templates at the repository root
  (``{{PYSCRIPT_VERSION}}``, ``{{PYODIDE_VERSION}}`` and ``{{APP_ZIP}}``);
- ``web/``: the page's own assets (css, js, svg, png icons) and the Python file the page
  names in its ``<script type="py" src>`` (every ``web/*.py`` goes into the app zip),
  plus ``web/games.css``: every game's board styles (``waddle/games/<game>/*.css``);
- ``manifest.webmanifest`` (copied from web/) and ``sw.js`` (the service worker, made from
  the template web/sw.js) at the root: a manifest's ``start_url`` and a service worker's
  scope are relative to where they are served, and both must cover the whole site.
  ``sw.js`` carries the precache list (every other file but build-info.json) and a cache
  version hashed from those files' paths and contents, so every change of the build
  makes a new worker that replaces the old cache (see web/sw.js);
- ``vendor/pyscript-<version>/`` (of @pyscript/core's dist/, only what the app can load:
  see :func:`pyscript_files`) and ``vendor/pyodide-<version>/`` (the five files Pyodide
  needs at start), copied from node_modules: the versions are read from there, so the
  pins live only in package.json;
- ``vendor/libsodium-<version>/``: libsodium compiled to WebAssembly (npm's
  libsodium-wrappers-sumo and libsodium-sumo, :func:`libsodium_files`), which remote play's
  signatures and group arithmetic run on in the page (``waddle/core/crypto/page.py``
  imports it when remote play first needs it);
- ``web/start-python.mjs``, made from its template: PyScript's ``interpreter``, which loads
  Pyodide (from a memory snapshot on a returning visit) and hands a first visit's runtime
  to the service worker. It carries the standard-library modules the app imports (to be
  imported before the snapshot is made: :func:`stdlib_imports`) and the runtime's size
  in bytes (for the download's progress bar);
- the game chooser, drawn into ``index.html`` (``{{CHOOSER}}``) by the app's own
  ``waddle.app.chrome.chooser_html``, so a first visit sees it before Python starts, and
  ``rules/<game>.html``: each game's rules page (the Rules dialog's text) as a page of its
  own, which the chooser links to;
- ``app-<hash>.zip``: the ``waddle`` package and ``web/*.py``, and the pure-Python
  packages from PyPI the page needs (:data:`PAGE_WHEELS`: segno, for the QR code of a
  remote-play link; the pinned wheel is downloaded by pip into build/pypi/ and checked
  against its hash), which web/start-python.mjs
  fetches and inflates while Pyodide starts, then writes into the interpreter's working
  directory (on ``sys.path``). The modules a start may import are packed as bytecode
  (``name.pyc``), compiled by the vendored Pyodide under Node (scripts/app_bytecode.py).
  The name carries a hash of the content, so it can be cached as immutable like the
  vendor folders;
- ``index.html``'s preloads (``{{PRELOADS}}``, :func:`preload_links`): PyScript's modules,
  Pyodide's files and the app zip, which web/loading.js asks for after the first paint.

The build is deterministic: the same sources give a byte-identical folder. It is built in
a staging folder and swapped in at the end, so a failed build never leaves half a dist/.
If node_modules does not hold the versions pinned in package.json, ``npm ci`` is run first.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # beside it, also when imported
import app_bytecode

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"

# From pyodide/: the module, the emscripten glue and binary, the standard library and the
# lock file (fetched at every start, even with no packages). Nothing else is loaded.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# PyScript: the app loads core.css (a <link> of index.html) and core.js (started by
# web/register-sw.js), which imports the rest. Published, hence precached, is what those
# import, directly or not (pyscript_files), but not what only an element this page has
# none of would load:
# - PyScript imports its editor, game and terminal plugins at every start, whatever the
#   page holds (pyscript.toml's `plugins = ["!…"]` turns them off for `py` scripts only,
#   not for the `mpy` type it also sets up), so those small chunks are published; what
#   they import only once a <script type="py-editor">, <py-game> or terminal exists
#   (CodeMirror, xterm, MicroPython's terminal, their TOML parser) is not;
# - core imports CodeMirror itself for the editor, and the package index (pyodide_graph)
#   only to check `packages`, which the app has none of (the build checks that).
PYSCRIPT_ENTRIES = ("core.js", "core.css")
PYSCRIPT_ELEMENT_PLUGINS = ("py-editor", "py-game", "py-terminal")  # their import()s: not
PYSCRIPT_NEVER_LOADED = ("codemirror", "pyodide_graph")
# Relative imports in a minified ES module: from"./x.js" or import"./x.js" (static), and
# import("./x.js") (dynamic).
STATIC_IMPORT = re.compile(r"""\b(?:from|import)\s*["']\./([^"'/]+\.js)["']""")
DYNAMIC_IMPORT = re.compile(r"""\bimport\s*\(\s*["']\./([^"'/]+\.js)["']\s*\)""")
CHUNK_HASH = re.compile(r"-[A-Za-z0-9_-]{8}\.js$")
# Copied from web/ into dist/web/ (of the Python files, only those the page names).
WEB_ASSET_SUFFIXES = {".css", ".js", ".mjs", ".svg", ".png", ".ico", ".webmanifest", ".py"}
# From web/ to the root of the publish folder instead (sw.js as a template).
MANIFEST = "manifest.webmanifest"
SERVICE_WORKER = "sw.js"
ROOT_FILES = {MANIFEST, SERVICE_WORKER}
# Not precached by the service worker: itself, and the build's own record.
NOT_PRECACHED = {SERVICE_WORKER, "build-info.json"}
# Packed from waddle/ (rules pages are .html files beside their game's code).
ENGINE_SUFFIXES = {".py", ".json", ".html"}
# Every game's board styles (waddle/games/<game>/*.css), joined into one stylesheet.
GAMES_CSS = "web/games.css"
# 1980-01-01 00:00:00, the earliest time a zip entry can carry.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
PLACEHOLDER = re.compile(r"\{\{([A-Z_]+)\}\}")
# libsodium for the page: the wrappers' ES module and the WebAssembly build it imports (by
# its bare npm name, which a browser cannot resolve: the copy imports the file beside it).
LIBSODIUM_WRAPPERS = "libsodium-wrappers-sumo"
LIBSODIUM = "libsodium-sumo"
LIBSODIUM_ESM = "dist/modules-sumo-esm"
LIBSODIUM_BARE_IMPORT = 'from"libsodium-sumo"'
LIBSODIUM_LOCAL_IMPORT = 'from"./libsodium-sumo.mjs"'


class BuildError(Exception):
    pass


def package_version(name: str) -> str:
    """Version of an installed npm package, from its own package.json."""
    manifest = NODE_MODULES / name / "package.json"
    try:
        return json.loads(manifest.read_text(encoding="utf-8"))["version"]
    except FileNotFoundError:
        raise BuildError(f"{manifest} is missing: run `npm ci`") from None


def pinned_versions() -> dict[str, str]:
    """The exact versions that package.json asks for."""
    deps = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["dependencies"]
    return dict(sorted(deps.items()))


def installed_matches_pins() -> bool:
    for name, pin in pinned_versions().items():
        try:
            if package_version(name) != pin:
                return False
        except BuildError:
            return False
    return True


def ensure_node_modules() -> None:
    """Run `npm ci` when node_modules lacks the pinned versions (fresh clone, new pins)."""
    if installed_matches_pins():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("node_modules does not match package.json and npm is not installed")
    print("build_web: node_modules does not match package.json: running npm ci", flush=True)
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    if not installed_matches_pins():
        raise BuildError("npm ci did not install the versions pinned in package.json")


def fill_template(name: str, values: dict[str, str]) -> str:
    text = (ROOT / name).read_text(encoding="utf-8")

    def replace(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            raise BuildError(f"{name}: unknown placeholder {match.group(0)}")
        return values[key]

    return PLACEHOLDER.sub(replace, text)


def source_files(folder: Path, suffixes: set[str]) -> list[Path]:
    """Files under folder with one of the suffixes, sorted, skipping caches and dotfiles."""
    found = []
    for path in folder.rglob("*"):
        rel = path.relative_to(ROOT)
        if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        if path.is_file() and path.suffix in suffixes:
            found.append(path)
    return sorted(found, key=lambda p: p.relative_to(ROOT).as_posix())


PAGE_WHEELS = (
    (
        "segno",
        "1.6.6",
        "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7",
        (
            "segno/__init__.py",
            "segno/consts.py",
            "segno/encoder.py",
            "segno/utils.py",
            "segno/writers.py",
        ),
    ),
)
"""Pure-Python packages from PyPI packed into the app zip: name, version (the same as
requirements-test.txt's, which the tests run), the wheel's SHA-256, and the files the page
needs (the wheel's license goes along as ``<package>/LICENSE``)."""
WHEEL_CACHE = ROOT / "build" / "pypi"


def page_wheel(name: str, version: str, sha256: str) -> Path:
    """The pinned wheel, from build/pypi/ or downloaded there by pip (``BuildError`` if
    it cannot be had or is not the one pinned)."""
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    found = sorted(WHEEL_CACHE.glob(f"{name}-{version}-*.whl"))
    if not found:
        command = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--only-binary=:all:",
            f"{name}=={version}",
            "-d",
            str(WHEEL_CACHE),
        ]
        try:
            subprocess.run(command, check=True, cwd=ROOT)
        except (OSError, subprocess.CalledProcessError) as error:
            raise BuildError(f"could not download {name}=={version} with pip: {error}") from None
        found = sorted(WHEEL_CACHE.glob(f"{name}-{version}-*.whl"))
    if not found:
        raise BuildError(f"pip did not download a wheel of {name}=={version}")
    digest = hashlib.sha256(found[0].read_bytes()).hexdigest()
    if digest != sha256:
        found[0].unlink()
        raise BuildError(f"{found[0].name} is not the wheel pinned (sha256 {digest})")
    return found[0]


def wheel_files() -> dict[str, bytes]:
    """What :data:`PAGE_WHEELS` put into the app zip, by path."""
    out = {}
    for name, version, sha256, members in PAGE_WHEELS:
        with zipfile.ZipFile(page_wheel(name, version, sha256)) as wheel:
            for member in members:
                out[member] = wheel.read(member)
            licences = [n for n in wheel.namelist() if n.endswith(".dist-info/licenses/LICENSE")]
            if licences:
                out[f"{name}/LICENSE"] = wheel.read(licences[0])
    return out


NOT_IN_THE_PAGE = ROOT / "waddle" / "bench"
"""The command line's benchmarks: the page never imports them, so they are not packed."""


def app_zip_bytes(bytecode: dict[str, bytes] | None = None) -> bytes:
    """The engine and the web Python modules as a deterministic zip.

    ``bytecode`` (:func:`start_bytecode`) replaces some sources: ``{"waddle/core/game.py":
    pyc}`` packs ``waddle/core/game.pyc`` instead of ``game.py``. Entries are sorted, carry
    a fixed timestamp and mode, and are compressed at a fixed level, so the same sources
    always give the same bytes (and the same file name).
    """
    bytecode = bytecode or {}
    files = [
        p
        for p in source_files(ROOT / "waddle", ENGINE_SUFFIXES)
        if not p.is_relative_to(NOT_IN_THE_PAGE)
    ]
    files += [p for p in sorted((ROOT / "web").glob("*.py")) if p.is_file()]
    if not any(p.name == "__init__.py" and p.parent.name == "waddle" for p in files):
        raise BuildError("waddle/__init__.py not found: nothing to pack")
    entries = []
    for path in files:
        name = path.relative_to(ROOT).as_posix()
        data = bytecode.get(name)
        if data is None:
            entries.append((name, path.read_bytes()))
        else:
            entries.append((f"{name}c", data))
    entries += sorted(wheel_files().items())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o100644 << 16
            info.create_system = 3  # Unix, whatever machine builds it
            archive.writestr(info, data, compresslevel=9)
    return buffer.getvalue()


def start_bytecode() -> dict[str, bytes]:
    """The bytecode of the modules a start may import (scripts/app_bytecode.py), keyed by
    their source's path in the zip, compiled by the Pyodide in node_modules."""
    paths = [app_bytecode.module_file(name, ROOT) for name in app_bytecode.page_start_modules(ROOT)]
    sources = {path.relative_to(ROOT).as_posix(): path.read_bytes() for path in paths}
    try:
        compiled = app_bytecode.compile_with_pyodide(sources, NODE_MODULES / "pyodide")
    except app_bytecode.CompileError as error:
        raise BuildError(str(error)) from error
    return {name: compiled[f"{name}c"] for name in sources}


PYTHON_START = "web/start-python.mjs"
# What web/start-python.mjs counts as the runtime's download (fetched, not imported: the
# .mjs modules are imports, which a page cannot watch).
RUNTIME_FETCHED = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def page_modules() -> list[Path]:
    """The Python files of the app zip: the engine (without the benchmarks) and web/*.py."""
    files = [
        p
        for p in source_files(ROOT / "waddle", ENGINE_SUFFIXES)
        if p.suffix == ".py" and not p.is_relative_to(NOT_IN_THE_PAGE)
    ]
    return files + [p for p in sorted((ROOT / "web").glob("*.py")) if p.is_file()]


def stdlib_imports(files: list[Path]) -> list[str]:
    """The standard-library modules the files import anywhere (at the top or in a
    function), sorted: what the Python start-up snapshot imports before it is taken.

    >>> "json" in stdlib_imports([ROOT / "waddle" / "core" / "jsontext.py"])
    True
    """
    found: set[str] = set()
    for path in files:
        found.update(app_bytecode.imported_everywhere(path))
    return sorted(n for n in found if n.split(".")[0] in sys.stdlib_module_names)


def python_start(staging: Path, pyodide_version: str, app_zip: str) -> None:
    """dist/web/start-python.mjs from its template (see the module's own notes)."""
    preload = stdlib_imports(page_modules())
    listed = json.dumps(preload)
    runtime = (
        sum(
            (staging / "vendor" / f"pyodide-{pyodide_version}" / name).stat().st_size
            for name in RUNTIME_FETCHED
        )
        + (staging / app_zip).stat().st_size
    )
    text = fill_template(
        PYTHON_START,
        {
            "PYODIDE_VERSION": pyodide_version,
            "PRELOAD": listed,
            # A new list means another snapshot: the old one lacks those modules.
            "PRELOAD_HASH": hashlib.sha256(listed.encode()).hexdigest()[:12],
            "APP_ZIP": app_zip,
            "RUNTIME_BYTES": str(runtime),
        },
    )
    (staging / PYTHON_START).write_text(text, encoding="utf-8")


def the_games():
    """The registry, imported from this checkout (the build runs outside the venv, and the
    engine needs nothing but the standard library)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from waddle.games import GAMES

    return GAMES


def chooser_markup() -> str:
    """The game chooser's cards, as the page shows them before Python starts."""
    games = the_games()
    from waddle.app.chrome import chooser_html

    return chooser_html(games)


RULES_PAGE = "web/rules-page.html"


def rules_pages(staging: Path) -> None:
    """rules/<id>.html for each game: its rules page (the game's own markup, trusted as
    the app's Rules dialog trusts it) in the page template."""
    from html import escape

    games = the_games()
    from waddle.app.chrome import rules_page

    for entry in games:
        text = fill_template(
            RULES_PAGE,
            {
                "TITLE": escape(entry.title),
                "GAME": entry.id,
                "RULES": entry.load().presenter().rules_html(),
            },
        )
        (staging / rules_page(entry.id)).parent.mkdir(parents=True, exist_ok=True)
        (staging / rules_page(entry.id)).write_text(text, encoding="utf-8")


def games_css() -> str:
    """The board styles of every game, in the registry's folder order (sorted by path)."""
    parts = []
    for path in source_files(ROOT / "waddle" / "games", {".css"}):
        rel = path.relative_to(ROOT).as_posix()
        parts.append(f"/* {rel} */\n{path.read_text(encoding='utf-8').rstrip()}\n")
    return "\n".join(parts)


def chunk_stem(name: str) -> str:
    """A PyScript chunk's name without its content hash.

    >>> chunk_stem("codemirror_lang-python-r-dBg-Wd.js"), chunk_stem("core.js")
    ('codemirror_lang-python', 'core.js')
    """
    return CHUNK_HASH.sub("", name)


def is_stem(name: str, stems: tuple[str, ...]) -> bool:
    stem = chunk_stem(name)
    return any(stem == s or stem.startswith(s + "_") for s in stems)


def pyscript_files(dist: Path) -> list[str]:
    """The files of PyScript's dist/ the app can load: PYSCRIPT_ENTRIES and every module
    they import, directly or not, statically or not, but for PYSCRIPT_NEVER_LOADED and the
    dynamic imports of PYSCRIPT_ELEMENT_PLUGINS (see above)."""
    found: set[str] = set()
    todo = list(PYSCRIPT_ENTRIES)
    while todo:
        name = todo.pop()
        if name in found:
            continue
        if not (dist / name).is_file():
            raise BuildError(f"@pyscript/core/dist/{name} is missing (imported, or an entry)")
        found.add(name)
        if not name.endswith(".js"):
            continue
        text = (dist / name).read_text(encoding="utf-8")
        refs = STATIC_IMPORT.findall(text)
        if not is_stem(name, PYSCRIPT_ELEMENT_PLUGINS):
            refs += DYNAMIC_IMPORT.findall(text)
        todo += [ref for ref in refs if not is_stem(ref, PYSCRIPT_NEVER_LOADED)]
    return sorted(found)


PYSCRIPT_NOT_AT_START = ("zip",)
"""PyScript chunks published but not imported at each start: ``zip`` unpacks [files],
which pyscript.toml has none of (web/start-python.mjs fetches the app zip itself)."""


def preload_links(
    pyscript_version: str, pyscript_published: list[str], pyodide_version: str, app_zip: str
) -> str:
    """``index.html``'s ``{{PRELOADS}}``: everything a start needs, which web/loading.js
    asks for on a first visit right after the first paint. Without them each file waits
    for the one that names it: PyScript's modules, then pyscript.toml, then
    web/start-python.mjs and Pyodide's modules, then the runtime files (~250 ms after the
    page opened on loopback, several round trips on a phone). The
    runtime files are preloaded as ``fetch`` with ``crossorigin``, which is the request
    Pyodide and web/start-python.mjs make (``fetch(url)``), so the browser hands them the
    preloaded response and each is downloaded once."""
    pyscript = f"./vendor/pyscript-{pyscript_version}"
    pyodide = f"./vendor/pyodide-{pyodide_version}"
    modules = [
        f"{pyscript}/{name}"
        for name in sorted(pyscript_published, key=lambda n: (n != "core.js", n))
        if name.endswith(".js") and chunk_stem(name) not in PYSCRIPT_NOT_AT_START
    ]
    modules += [f"./{PYTHON_START}", f"{pyodide}/pyodide.mjs", f"{pyodide}/pyodide.asm.mjs"]
    fetched = [f"{pyodide}/{name}" for name in RUNTIME_FETCHED]
    # Not pyscript.toml: PyScript asks for it before the first paint.
    fetched.append(f"./{app_zip}")
    lines = [f'<link rel="modulepreload" href="{href}">' for href in modules]
    lines += [f'<link rel="preload" as="fetch" crossorigin href="{href}">' for href in fetched]
    return "\n  ".join(lines)


def check_pyscript_config(text: str) -> None:
    """pyscript.toml must not make PyScript load what the build leaves out."""
    if tomllib.loads(text).get("packages"):
        raise BuildError(
            "pyscript.toml: packages need micropip and the package index (pyodide_graph),"
            " which build_web.py does not publish"
        )


def page_python(page: str) -> set[str]:
    """The web/*.py files a page loads itself, in <script type="py" src="./web/…">."""
    return set(re.findall(r'<script type="py"[^>]*\ssrc="\./(web/[^"]+\.py)"', page))


def libsodium_files(version: str) -> dict[str, bytes]:
    """The vendor folder of libsodium (``vendor/libsodium-<version>/``): the wrappers'
    module, its import of ``libsodium-sumo`` made relative, and that module. Both npm
    packages must be the version ``waddle/core/crypto/page.py`` loads."""
    the_games()  # puts the checkout on sys.path
    from waddle.core.crypto.page import LIBSODIUM_VERSION, MODULE

    for name in (LIBSODIUM_WRAPPERS, LIBSODIUM):
        if package_version(name) != LIBSODIUM_VERSION:
            raise BuildError(
                f"{name} {package_version(name)} is installed, but waddle/core/crypto/page.py"
                f" loads {LIBSODIUM_VERSION}: pin the same version in both"
            )
    wrappers = NODE_MODULES / LIBSODIUM_WRAPPERS / LIBSODIUM_ESM / "libsodium-wrappers.mjs"
    text = wrappers.read_text(encoding="utf-8")
    if text.count(LIBSODIUM_BARE_IMPORT) != 1:
        raise BuildError(f"{wrappers} no longer imports {LIBSODIUM} as {LIBSODIUM_BARE_IMPORT}")
    folder = f"vendor/libsodium-{version}"
    if f"./{folder}/libsodium-wrappers.mjs" != MODULE:
        raise BuildError(f"waddle/core/crypto/page.py loads {MODULE}, not from {folder}/")
    sodium = NODE_MODULES / LIBSODIUM / LIBSODIUM_ESM / "libsodium-sumo.mjs"
    return {
        f"{folder}/libsodium-wrappers.mjs": text.replace(
            LIBSODIUM_BARE_IMPORT, LIBSODIUM_LOCAL_IMPORT
        ).encode("utf-8"),
        f"{folder}/libsodium-sumo.mjs": sodium.read_bytes(),
    }


def copy_file(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def build(out: Path) -> dict[str, str]:
    ensure_node_modules()
    pyscript_version = package_version("@pyscript/core")
    pyodide_version = package_version("pyodide")

    staging = out.with_name(f".{out.name}.partial")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    try:
        values = assemble(staging, pyscript_version, pyodide_version)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if out.exists():
        shutil.rmtree(out)
    staging.rename(out)
    return values


def assemble(staging: Path, pyscript_version: str, pyodide_version: str) -> dict[str, str]:

    # Vendor: versioned folders, immutable once published.
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"
    pyscript_dst = staging / "vendor" / f"pyscript-{pyscript_version}"
    pyscript_published = pyscript_files(pyscript_src)
    for name in pyscript_published:
        copy_file(pyscript_src / name, pyscript_dst / name)
    pyodide_dst = staging / "vendor" / f"pyodide-{pyodide_version}"
    for name in PYODIDE_FILES:
        copy_file(NODE_MODULES / "pyodide" / name, pyodide_dst / name)
    for rel, data in libsodium_files(package_version(LIBSODIUM_WRAPPERS)).items():
        (staging / rel).parent.mkdir(parents=True, exist_ok=True)
        (staging / rel).write_bytes(data)

    # The page's own assets; the manifest goes to the root. Python: what the page names.
    loaded_python = page_python((ROOT / "index.html").read_text(encoding="utf-8"))
    for src in source_files(ROOT / "web", WEB_ASSET_SUFFIXES):
        if src.parent == ROOT / "web" and src.name in ROOT_FILES:
            continue
        rel = src.relative_to(ROOT).as_posix()
        if src.suffix == ".py" and rel not in loaded_python:
            continue
        copy_file(src, staging / rel)
    copy_file(ROOT / "web" / MANIFEST, staging / MANIFEST)
    (staging / GAMES_CSS).write_text(games_css(), encoding="utf-8")

    # Engine and web modules, named by content.
    data = app_zip_bytes(start_bytecode())
    app_zip = f"app-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    (staging / app_zip).write_bytes(data)

    python_start(staging, pyodide_version, app_zip)

    values = {
        "PYSCRIPT_VERSION": pyscript_version,
        "PYODIDE_VERSION": pyodide_version,
        "APP_ZIP": app_zip,
    }
    page_values = {
        **values,
        "CHOOSER": chooser_markup(),
        "PRELOADS": preload_links(pyscript_version, pyscript_published, pyodide_version, app_zip),
    }
    for name in ("index.html", "pyscript.toml"):
        (staging / name).write_text(fill_template(name, page_values), encoding="utf-8")
    rules_pages(staging)
    check_pyscript_config((staging / "pyscript.toml").read_text(encoding="utf-8"))

    # Last: the service worker lists and hashes everything else.
    version, text = service_worker(staging)
    (staging / SERVICE_WORKER).write_text(text, encoding="utf-8")
    values["CACHE_VERSION"] = version
    (staging / "build-info.json").write_text(
        json.dumps(values, indent=2, sort_keys=True) + "\n", encoding="utf-8"
    )
    return values


def precache_list(folder: Path) -> list[str]:
    """Every file the service worker precaches: all of folder but NOT_PRECACHED, sorted,
    as paths relative to the root (where sw.js is)."""
    return sorted(
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.is_file() and path.relative_to(folder).as_posix() not in NOT_PRECACHED
    )


def service_worker(folder: Path) -> tuple[str, str]:
    """(cache version, text of sw.js) for a publish folder holding everything else.

    The version hashes each precached file's path and content and the worker's own
    template, so it changes whenever anything the app loads (or how it is cached) changes,
    and only then.
    """
    paths = precache_list(folder)
    template = f"web/{SERVICE_WORKER}"
    digest = hashlib.sha256((ROOT / template).read_bytes())
    for path in paths:
        content = hashlib.sha256((folder / path).read_bytes()).hexdigest()
        digest.update(f"{path}\0{content}\n".encode())
    version = digest.hexdigest()[:12]
    text = fill_template(
        template,
        {"CACHE_VERSION": version, "PRECACHE": json.dumps(paths, indent=2)},
    )
    return version, text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="publish folder")
    args = parser.parse_args(argv)
    try:
        values = build(args.out.resolve())
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"build_web: {exc}", file=sys.stderr)
        return 1
    summary = ", ".join(f"{k.lower()}={v}" for k, v in values.items())
    print(f"build_web: built {args.out} ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
