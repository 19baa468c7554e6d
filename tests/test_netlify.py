"""Hosting: netlify.toml's build and headers, and the publish folder the build makes
(page, service worker with its precache list, manifest, icons). No browser, except to draw
the icons (those tests are marked e2e).

Netlify applies every [[headers]] rule whose ``for`` matches a path, so the checks below
look at the headers a path gets from all its matching rules together, and require each
header name to come from one rule only.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import shlex
import shutil
import struct
import subprocess
import sys
import tomllib
import urllib.request
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

from waddle.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
YEAR = 31_536_000

# Paths of every kind the site serves (more come from the built folder itself).
REPRESENTATIVE_PATHS = [
    "/",
    "/index.html",
    "/pyscript.toml",
    "/sw.js",
    "/manifest.webmanifest",
    "/build-info.json",
    "/app-abc123def456.zip",
    "/web/app.css",
    "/web/loading.js",
    "/web/register-sw.js",
    "/web/main.py",
    "/web/favicon.svg",
    "/web/icon-192.png",
    "/vendor/pyodide-314.0.8/pyodide.asm.wasm",
    "/vendor/pyodide-314.0.8/pyodide.mjs",
    "/vendor/pyodide-314.0.8/pyodide-lock.json",
    "/vendor/pyodide-314.0.8/python_stdlib.zip",
    "/vendor/pyscript-0.7.31/core.js",
    "/vendor/pyscript-0.7.31/core.css",
    "/vendor/libsodium-0.8.4/libsodium-wrappers.mjs",
    "/vendor/libsodium-0.8.4/libsodium-sumo.mjs",
]


def load_script(name: str):
    """Import scripts/<name>.py (the scripts folder is not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


build_web = load_script("build_web")


# ---------------------------------------------------------------------------- matching


def pattern_regex(pattern: str) -> re.Pattern[str]:
    """Netlify's path patterns: ``*`` matches anything (slashes too), ``:name`` one segment."""
    parts = re.split(r"(\*|:[A-Za-z_]\w*)", pattern)
    regex = "".join(
        ".*" if part == "*" else "[^/]+" if part.startswith(":") else re.escape(part)
        for part in parts
    )
    return re.compile(regex)


def rules_for(path: str) -> list[dict]:
    return [rule for rule in CONFIG["headers"] if pattern_regex(rule["for"]).fullmatch(path)]


def headers_for(path: str) -> dict[str, str]:
    """What Netlify sends for path: every matching rule's values, each name from one rule."""
    headers: dict[str, str] = {}
    origin: dict[str, str] = {}
    for rule in rules_for(path):
        for name, value in rule["values"].items():
            key = name.lower()
            assert key not in origin, (
                f"{path}: {name} is set by two rules, {origin[key]!r} and {rule['for']!r}"
            )
            origin[key] = rule["for"]
            headers[key] = value
    return headers


def test_pattern_matcher_follows_netlify():
    assert pattern_regex("/*").fullmatch("/")
    assert pattern_regex("/*").fullmatch("/vendor/pyodide-1/pyodide.asm.wasm")
    assert pattern_regex("/*.wasm").fullmatch("/vendor/pyodide-1/pyodide.asm.wasm")
    assert not pattern_regex("/*.wasm").fullmatch("/vendor/x.wasm.map")
    assert pattern_regex("/app-*.zip").fullmatch("/app-0123abcd.zip")
    assert not pattern_regex("/app-*.zip").fullmatch("/vendor/pyodide-1/python_stdlib.zip")
    assert not pattern_regex("/").fullmatch("/index.html")
    assert pattern_regex("/:name/x").fullmatch("/a/x")
    assert not pattern_regex("/:name/x").fullmatch("/a/b/x")


# ---------------------------------------------------------------------------- the build


def build_command_line(out: Path) -> list[str]:
    """The build step of netlify.toml's command (after `npm ci`), writing into out."""
    steps = [step.strip() for step in CONFIG["build"]["command"].split("&&")]
    (step,) = [s for s in steps if "scripts/build_web.py" in s]
    argv = shlex.split(step)
    assert argv[0] in ("python3", "python"), step
    assert "--out" not in argv, "the build must write the default folder, the publish one"
    return [sys.executable, *argv[1:], "--out", str(out)]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The publish folder, made by netlify.toml's own build step (into a temp dir)."""
    out = tmp_path_factory.mktemp("netlify") / CONFIG["build"]["publish"]
    subprocess.run(build_command_line(out), cwd=ROOT, check=True, capture_output=True)
    return out


def precache_of(folder: Path) -> list[str]:
    text = (folder / "sw.js").read_text(encoding="utf-8")
    match = re.search(r"^const PRECACHE = (\[.*?\]);$", text, re.M | re.S)
    assert match, "sw.js has no PRECACHE list"
    return json.loads(match.group(1))


def files_of(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_build_command_installs_packages_then_builds_the_publish_folder(monkeypatch):
    build = CONFIG["build"]
    assert build["publish"] == "dist"
    steps = [step.strip() for step in build["command"].split("&&")]
    assert steps[0].startswith("npm ci"), "packages exactly from the lockfile, first"
    assert any("scripts/build_web.py" in step for step in steps[1:])
    # build_web.py's default output folder (no --out, as in the command) is the publish one.
    targets = []
    monkeypatch.setattr(build_web, "build", lambda out: targets.append(out) or {})
    assert build_web.main([]) == 0
    assert targets == [ROOT / build["publish"]]


def test_publish_folder_has_page_worker_manifest_and_icons(built: Path):
    for name in (
        "index.html",
        "pyscript.toml",
        "sw.js",
        "manifest.webmanifest",
        "build-info.json",
        "web/register-sw.js",
        "web/loading.js",
        "web/storage-check.js",
        "web/favicon.svg",
        "web/icon-192.png",
        "web/icon-512.png",
        "web/icon-maskable-512.png",
    ):
        assert (built / name).is_file(), name
    # The service worker and manifest are at the root only: the templates stay out.
    assert not (built / "web" / "sw.js").exists()
    assert not (built / "web" / "manifest.webmanifest").exists()
    info = json.loads((built / "build-info.json").read_text(encoding="utf-8"))
    assert (built / info["APP_ZIP"]).is_file()
    assert not re.search(r"\{\{[A-Z_]+\}\}", (built / "sw.js").read_text(encoding="utf-8"))


def test_the_page_holds_the_chooser_drawn_by_the_build(built: Path):
    """The chooser is in the page before Python starts: every game's card and picture."""
    page = (built / "index.html").read_text(encoding="utf-8")
    from waddle.games import GAMES

    for entry in GAMES:
        assert f'data-game-choice="{entry.id}"' in page
        assert f'data-board="{entry.id}"' in page  # its picture
        assert f'href="./rules/{entry.id}.html"' in page
        rules = (built / "rules" / f"{entry.id}.html").read_text(encoding="utf-8")
        assert "How to play" in rules and f'href="../?game={entry.id}"' in rules
        assert "<script" not in rules
    assert not re.search(r"\{\{[A-Z_]+\}\}", page)


def test_python_starts_through_the_apps_module_with_the_build_filled_in(built: Path):
    config = tomllib.loads((built / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./web/start-python.mjs"
    start = (built / "web" / "start-python.mjs").read_text(encoding="utf-8")
    assert not re.search(r"\{\{[A-Z_]+\}\}", start)
    info = json.loads((built / "build-info.json").read_text(encoding="utf-8"))
    assert f"../vendor/pyodide-{info['PYODIDE_VERSION']}/pyodide.mjs" in start
    assert info["APP_ZIP"] in start  # a new build, a new snapshot
    preload = json.loads(re.search(r"^const PRELOAD = (\[.*?\]);$", start, re.M).group(1))
    assert {"json", "re", "html", "dataclasses"} <= set(preload)
    assert not any(name.startswith(("waddle", "web", "pyscript")) for name in preload)
    # The runtime's size, for the progress bar: the files start-python.mjs counts.
    vendor = built / "vendor" / f"pyodide-{info['PYODIDE_VERSION']}"
    size = sum((vendor / name).stat().st_size for name in build_web.RUNTIME_FETCHED)
    size += (built / info["APP_ZIP"]).stat().st_size
    assert f"const RUNTIME_BYTES = {size};" in start
    assert (built / "web" / "make-snapshot.mjs").is_file()


def test_precache_names_every_file_the_app_can_load(built: Path):
    precache = precache_of(built)
    assert precache == sorted(set(precache))
    for path in precache:
        assert (built / path).is_file(), f"precached but not built: {path}"
    # Everything that is published, but the worker itself and the build record.
    assert set(precache) == set(files_of(built)) - {"sw.js", "build-info.json"}

    info = json.loads((built / "build-info.json").read_text(encoding="utf-8"))
    pyodide = f"vendor/pyodide-{info['PYODIDE_VERSION']}"
    for name in build_web.PYODIDE_FILES:  # pyodide-lock.json is fetched at every start
        assert f"{pyodide}/{name}" in precache
    # PyScript: what core.js and core.css import, directly or not.
    pyscript = f"vendor/pyscript-{info['PYSCRIPT_VERSION']}/"
    pyscript_dist = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    published = {p[len(pyscript) :] for p in precache if p.startswith(pyscript)}
    assert published == set(build_web.pyscript_files(pyscript_dist))
    for name in ("index.html", "pyscript.toml", "manifest.webmanifest", info["APP_ZIP"]):
        assert name in precache
    # Every local file the page and the manifest name (PyScript's module included).
    page = (built / "index.html").read_text(encoding="utf-8")
    refs = re.findall(r'(?:src|href|data-pyscript)="\./([^"#?]+)"', page)
    assert f"{pyscript}core.js" in refs
    for ref in refs:
        if ref:
            assert ref in precache, f"index.html loads {ref}, which is not precached"
    manifest = json.loads((built / "manifest.webmanifest").read_text(encoding="utf-8"))
    for icon in manifest["icons"]:
        assert icon["src"] in precache


def test_libsodium_is_vendored_pinned_and_precached_where_the_page_loads_it(built: Path):
    """Remote play's cryptography in the page (waddle/core/crypto/page.py): both npm
    packages pinned exactly to the version the module loads, the wrappers' bare import of
    libsodium-sumo made relative (a browser cannot resolve an npm name), both precached
    for offline play, and served as JavaScript."""
    from waddle.core.crypto.page import LIBSODIUM_VERSION, MODULE

    pins = build_web.pinned_versions()
    assert pins["libsodium-wrappers-sumo"] == pins["libsodium-sumo"] == LIBSODIUM_VERSION
    folder = f"vendor/libsodium-{LIBSODIUM_VERSION}"
    assert f"./{folder}/libsodium-wrappers.mjs" == MODULE
    assert sorted(files_of(built / folder)) == ["libsodium-sumo.mjs", "libsodium-wrappers.mjs"]
    wrappers = (built / folder / "libsodium-wrappers.mjs").read_text(encoding="utf-8")
    assert build_web.LIBSODIUM_LOCAL_IMPORT in wrappers
    assert build_web.LIBSODIUM_BARE_IMPORT not in wrappers
    precache = precache_of(built)
    assert f"{folder}/libsodium-wrappers.mjs" in precache
    assert f"{folder}/libsodium-sumo.mjs" in precache
    assert headers_for(f"/{folder}/libsodium-sumo.mjs")["content-type"] == "text/javascript"


def stems(names) -> set[str]:
    return {build_web.chunk_stem(name) for name in names}


def test_pyscript_files_are_what_the_app_can_load(built: Path):
    """PyScript's plugin chunks (imported at every start) are published; the editor,
    terminal and package index they or core import only for elements and settings the
    page has none of are not."""
    info = json.loads((built / "build-info.json").read_text(encoding="utf-8"))
    names = files_of(built / "vendor" / f"pyscript-{info['PYSCRIPT_VERSION']}")
    loaded = stems(names)
    for stem in ("core.js", "core.css", "core", "error", "py-editor", "py-game", "py-terminal"):
        assert stem in loaded, stem
    assert "zip" in loaded, "core names it (it unpacks [files])"
    assert "toml" in loaded, "parses pyscript.toml"
    for stem in loaded:
        assert not stem.startswith(("codemirror", "xterm", "pyodide_graph", "mpy")), stem
    everything = files_of(ROOT / "node_modules" / "@pyscript" / "core" / "dist")
    assert len(names) < len([n for n in everything if not n.endswith(".map")])


def test_pyscript_module_walk_follows_imports_but_not_element_plugins_lazy_ones(tmp_path):
    modules = {
        "core.js": 'export{a}from"./core-AAAAAAAA.js";',
        "core.css": "",
        "core-AAAAAAAA.js": 'import("./py-editor-BBBBBBBB.js");import("./zip-CCCCCCCC.js");'
        'import("./codemirror_view-DDDDDDDD.js");import("micropip")',
        "py-editor-BBBBBBBB.js": 'import{x}from"./error-EEEEEEEE.js";import("./toml-FFFFFFFF.js")',
        "zip-CCCCCCCC.js": "",
        "error-EEEEEEEE.js": 'import"./core-AAAAAAAA.js";',
        "toml-FFFFFFFF.js": "",
        "codemirror_view-DDDDDDDD.js": "",
    }
    for name, text in modules.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert build_web.pyscript_files(tmp_path) == sorted(
        [
            "core-AAAAAAAA.js",
            "core.css",
            "core.js",
            "error-EEEEEEEE.js",
            "py-editor-BBBBBBBB.js",
            "zip-CCCCCCCC.js",
        ]
    )
    (tmp_path / "zip-CCCCCCCC.js").unlink()
    with pytest.raises(build_web.BuildError, match=r"zip-CCCCCCCC\.js is missing"):
        build_web.pyscript_files(tmp_path)


def test_build_refuses_packages_it_does_not_publish():
    build_web.check_pyscript_config('name = "Waddle"\n')
    with pytest.raises(build_web.BuildError, match="packages"):
        build_web.check_pyscript_config('packages = ["numpy"]\n')


def test_only_the_python_file_the_page_names_is_published(built: Path):
    """web/*.py are in the app zip (as source, or as bytecode for those a start imports:
    scripts/app_bytecode.py); the page itself loads only its <script type="py">."""
    info = json.loads((built / "build-info.json").read_text(encoding="utf-8"))
    page = (built / "index.html").read_text(encoding="utf-8")
    assert build_web.page_python(page) == {"web/main.py"}
    assert sorted(p.name for p in (built / "web").glob("*.py")) == ["main.py"]
    with zipfile.ZipFile(built / info["APP_ZIP"]) as archive:
        packed = set(archive.namelist())
    for source in (ROOT / "web").glob("*.py"):
        assert {f"web/{source.name}", f"web/{source.name}c"} & packed, source.name


def test_cache_version_is_a_hash_of_the_precached_files(built: Path, tmp_path: Path):
    info = json.loads((built / "build-info.json").read_text(encoding="utf-8"))
    text = (built / "sw.js").read_text(encoding="utf-8")
    assert f'const VERSION = "{info["CACHE_VERSION"]}";' in text
    assert re.fullmatch(r"[0-9a-f]{12}", info["CACHE_VERSION"])
    # Recomputed from the folder: the same; one changed byte anywhere: a new version.
    assert build_web.service_worker(built) == (info["CACHE_VERSION"], text)
    copy = tmp_path / "copy"
    shutil.copytree(built, copy)
    (copy / "web" / "app.css").write_text("/* changed */\n", encoding="utf-8")
    version, new_text = build_web.service_worker(copy)
    assert version != info["CACHE_VERSION"]
    assert new_text != text


def test_build_is_reproducible(built: Path, tmp_path: Path):
    again = tmp_path / "again"
    subprocess.run(build_command_line(again), cwd=ROOT, check=True, capture_output=True)
    assert files_of(again) == files_of(built)
    for name in ("sw.js", "index.html", "build-info.json"):
        assert (again / name).read_bytes() == (built / name).read_bytes(), name


# ---------------------------------------------------------------------------- headers


def all_paths(built: Path) -> list[str]:
    return sorted(set(REPRESENTATIVE_PATHS) | {"/" + p for p in files_of(built)})


def test_no_header_is_set_by_two_rules_for_any_path(built: Path):
    for path in all_paths(built):
        headers_for(path)  # asserts


def test_every_published_file_has_one_cache_policy(built: Path):
    for path in all_paths(built):
        assert "cache-control" in headers_for(path), f"{path} gets Netlify's default"


def test_static_server_sends_the_netlify_headers_when_asked(built: Path):
    """scripts/serve_web.py --netlify-headers: what benchmarks and tests measure first
    visits with is what production sends."""
    serve_web = load_script("serve_web")
    server = serve_web.make_server(built, netlify_headers=True, record=True)
    server.start_in_thread()
    try:
        for path in ["/", *("/" + p for p in files_of(built))]:
            with urllib.request.urlopen(server.origin + path) as response:
                got = {k.lower(): v for k, v in response.headers.items()}
                body = response.read()
            for name, value in headers_for(path).items():
                assert got[name] == value, (path, name)
            assert len(body) == (built / (path.lstrip("/") or "index.html")).stat().st_size
    finally:
        server.stop()
    by_path = {t.path: t for t in server.transfers}
    assert len(server.transfers) == len(files_of(built)) + 1
    wasm = next(t for p, t in by_path.items() if p.endswith(".wasm"))
    assert wasm.status == 200
    assert wasm.body_bytes == next(built.rglob("*.wasm")).stat().st_size
    assert 0 < wasm.header_bytes < 2000


def test_wasm_is_served_as_application_wasm():
    for path in ("/vendor/pyodide-314.0.8/pyodide.asm.wasm", "/x.wasm"):
        assert headers_for(path)["content-type"] == "application/wasm"
    assert headers_for("/vendor/pyodide-314.0.8/pyodide.mjs")["content-type"] == ("text/javascript")
    assert headers_for("/manifest.webmanifest")["content-type"] == "application/manifest+json"
    assert "content-type" not in headers_for("/index.html")


def max_age(value: str) -> int:
    match = re.search(r"max-age=(\d+)", value)
    return int(match.group(1)) if match else 0


@pytest.mark.parametrize(
    "path",
    [
        "/vendor/pyodide-314.0.8/pyodide.asm.wasm",
        "/vendor/pyodide-314.0.8/pyodide-lock.json",
        "/vendor/pyscript-0.7.31/core.js",
        "/vendor/libsodium-0.8.4/libsodium-sumo.mjs",
        "/app-abc123def456.zip",
    ],
)
def test_versioned_files_are_immutable(path: str):
    value = headers_for(path)["cache-control"]
    assert "immutable" in value
    assert max_age(value) >= YEAR


@pytest.mark.parametrize(
    "path",
    [
        "/sw.js",
        "/",
        "/index.html",
        "/pyscript.toml",
        "/manifest.webmanifest",
        "/web/register-sw.js",
    ],
)
def test_worker_page_and_config_are_revalidated(path: str):
    value = headers_for(path)["cache-control"]
    assert "no-cache" in value or "no-store" in value
    assert "immutable" not in value


class MetaCSP(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.policy: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "meta" and (values.get("http-equiv") or "").lower() == (
            "content-security-policy"
        ):
            self.policy = values.get("content")


def directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            assert words[0] not in out, f"directive {words[0]} twice"
            out[words[0]] = words[1:]
    return out


def test_csp_lets_pyscript_run_and_the_page_be_embedded():
    for path in ("/", "/index.html", "/?embed"):
        headers = headers_for(path.split("?")[0])
        assert "x-frame-options" not in headers, "the embed view must be frameable"
        csp = directives(headers["content-security-policy"])
        assert {"'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"} <= set(csp["script-src"])
        assert "'unsafe-inline'" not in csp["script-src"]
        assert set(csp["worker-src"]) == {"'self'", "blob:"}
        assert csp["default-src"] == ["'self'"]
        assert csp["frame-ancestors"] == ["*"]
    for rule in CONFIG["headers"]:
        assert "x-frame-options" not in {name.lower() for name in rule["values"]}


def test_csp_header_and_meta_tag_agree():
    parser = MetaCSP()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    assert parser.policy, "index.html has no CSP meta tag"
    meta = directives(parser.policy)
    header = directives(headers_for("/")["content-security-policy"])
    # frame-ancestors is ignored (with a console error) in a meta tag: header only.
    assert "frame-ancestors" not in meta
    assert {k: v for k, v in header.items() if k != "frame-ancestors"} == meta


# ---------------------------------------------------------------------------- manifest


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_makes_the_app_installable():
    manifest = json.loads((ROOT / "web" / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Waddle"
    assert manifest["short_name"]
    assert manifest["start_url"] == "./"
    assert manifest["display"] == "standalone"
    css = (ROOT / "web" / "app.css").read_text(encoding="utf-8")
    colours = {}  # the first (light, :root) value of each custom property
    for name, value in re.findall(r"--([a-z]+):\s*(#[0-9a-fA-F]{6})", css):
        colours.setdefault(name, value)
    assert manifest["theme_color"] == colours["water"]  # the header
    assert manifest["background_color"] == colours["paper"]  # the body
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="theme-color" content="{colours["water"]}">' in page
    assert '<link rel="manifest" href="./manifest.webmanifest">' in page

    pngs = {}
    for icon in manifest["icons"]:
        data = (ROOT / icon["src"]).read_bytes()  # src is relative to the site root
        if icon["type"] == "image/png":
            width, height = png_size(data)
            assert icon["sizes"] == f"{width}x{height}"
            assert len(data) < 50_000
            pngs[(width, icon["purpose"])] = icon["src"]
        else:
            assert icon["type"] == "image/svg+xml"
            assert icon["sizes"] == "any"
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= set(pngs)


# ---------------------------------------------------------------------------- icons
# scripts/make_icons.py draws the icons with Chromium, so these tests are marked e2e.


make_icons = load_script("make_icons")
FAVICON = ROOT / "web" / "favicon.svg"
OTHER_CHROMIUM = "Chromium 1.0.0.0"  # a version that drew no committed icon

# Small edits an artist might make to web/favicon.svg (old text, new text).
FAVICON_EDITS = {
    "beak recoloured": ("#f2a516", "#e89c10"),
    "left eye moved 0.1 unit right": ('cx="13" cy="11"', 'cx="13.1" cy="11"'),
}


@dataclass(frozen=True)
class Drawn:
    """Icons drawn by this machine's Chromium: name -> PNG bytes."""

    fresh: dict[str, bytes]  # from web/favicon.svg
    again: dict[str, bytes]  # the same, in a second browser
    coarser: dict[str, bytes]  # the same, anti-aliased with 4x4 samples instead of 8x8
    edited: dict[str, dict[str, bytes]]  # per FAVICON_EDITS


@pytest.fixture(scope="module")
def drawn() -> Drawn:
    favicon = FAVICON.read_bytes()
    edited = {}
    for edit, (old, new) in FAVICON_EDITS.items():
        assert old.encode() in favicon, f"favicon.svg changed: update FAVICON_EDITS[{edit!r}]"
        edited[edit] = favicon.replace(old.encode(), new.encode())

    def draw() -> Drawn:
        with make_icons.renderer() as chromium:
            fresh = chromium.icons(favicon)
            coarser = chromium.icons(favicon, supersample=4)
            edits = {edit: chromium.icons(text) for edit, text in edited.items()}
        with make_icons.renderer() as chromium:
            again = chromium.icons(favicon)
        return Drawn(fresh, again, coarser, edits)

    # Playwright's sync API cannot start inside the e2e tests' open browser: own thread.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(draw).result()


def drawn_by(png: bytes, software: str, like: bytes | None = None) -> bytes:
    """The PNG as if ``software`` had drawn it (and, given ``like``, from its favicon)."""
    decoded = make_icons.decode_png(png)
    text = {**decoded.text, "Software": software}
    if like is not None:
        text[make_icons.SOURCE] = make_icons.decode_png(like).text[make_icons.SOURCE]
    return make_icons.encode_png(decoded.size, decoded.rgba, text)


@pytest.mark.e2e
def test_icons_are_drawn_from_the_favicon():
    """The committed PNGs are what `make icons` draws today: its --check passes."""
    check = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_icons.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert check.returncode == 0, check.stderr


@pytest.mark.e2e
def test_icons_are_the_same_bytes_when_drawn_again(drawn: Drawn):
    assert drawn.again == drawn.fresh
    for name, png in drawn.fresh.items():
        text = make_icons.decode_png(png).text
        assert text["Software"].startswith("Chromium ")
        assert text[make_icons.SOURCE] == hashlib.sha256(FAVICON.read_bytes()).hexdigest()
        assert make_icons.decode_png(png).size == make_icons.ICONS[name].size


@pytest.mark.e2e
@pytest.mark.parametrize("edit", FAVICON_EDITS)
def test_icons_not_redrawn_after_a_favicon_edit_are_stale(drawn: Drawn, edit: str, tmp_path):
    """Whichever Chromium drew the committed icons: the favicon's digest tells."""
    by_this, by_other = tmp_path / "this", tmp_path / "other"
    for folder, software in ((by_this, None), (by_other, OTHER_CHROMIUM)):
        folder.mkdir()
        for name, png in drawn.fresh.items():
            (folder / name).write_bytes(drawn_by(png, software) if software else png)
    for folder in (by_this, by_other):
        stale = make_icons.stale_icons(drawn.edited[edit], folder)
        assert stale == dict.fromkeys(drawn.fresh, "drawn from another favicon.svg")
    assert make_icons.stale_icons(drawn.fresh, by_this) == {}
    assert make_icons.stale_icons(drawn.fresh, by_other) == {}


@pytest.mark.e2e
def test_icons_drawn_by_another_chromium_pass_if_they_differ_only_in_anti_aliasing(
    drawn: Drawn,
):
    """Stand-in for a newer Chromium: the same favicon anti-aliased with 4x4 samples."""
    for name, png in drawn.fresh.items():
        committed = drawn_by(drawn.coarser[name], OTHER_CHROMIUM)
        assert make_icons.decode_png(committed).rgba != make_icons.decode_png(png).rgba
        assert make_icons.why_stale(committed, png) is None
        # Drawn by this Chromium, the same pixels are judged byte for byte.
        assert make_icons.why_stale(drawn.coarser[name], png) is not None


@pytest.mark.e2e
@pytest.mark.parametrize("edit", FAVICON_EDITS)
def test_icons_drawn_by_another_chromium_are_stale_if_they_look_different(drawn: Drawn, edit: str):
    """Even with the digest of today's favicon, a visible change is beyond the tolerance."""
    for name, png in drawn.fresh.items():
        committed = drawn_by(drawn.edited[edit][name], OTHER_CHROMIUM, like=png)
        reason = make_icons.why_stale(committed, png)
        assert reason is not None
        assert f"levels off (more than {make_icons.TOLERANCE})" in reason


@pytest.mark.e2e
def test_maskable_icon_keeps_the_drawing_inside_the_safe_circle(drawn: Drawn):
    """Outside the central circle of radius 40 % that every mask keeps: only water."""
    icon = make_icons.decode_png(drawn.fresh["icon-maskable-512.png"])
    n, water = icon.size, bytes.fromhex(make_icons.WATER[1:]) + b"\xff"
    outside = [
        (x, y)
        for y in range(n)
        for x in range(n)
        if (x + 0.5 - n / 2) ** 2 + (y + 0.5 - n / 2) ** 2 > (0.4 * n) ** 2
    ]
    assert len(outside) > 0.4 * n * n  # the corners, around half of the square
    assert all(icon.rgba[4 * (y * n + x) : 4 * (y * n + x) + 4] == water for x, y in outside)
    centre = 4 * (n // 2 * n + n // 2)
    assert icon.rgba[centre : centre + 4] not in (water, bytes.fromhex("e8f4fbff"))  # penguin


def test_the_page_holds_the_preloads_of_what_python_needs(built: Path):
    """index.html holds (for web/loading.js) preloads of PyScript's modules, Pyodide's files
    and the app zip, each a file of the build, and the runtime files as the fetch Pyodide
    makes (crossorigin), so that the browser hands Pyodide the preloaded response instead
    of downloading it again."""
    page = (built / "index.html").read_text(encoding="utf-8")
    head = page[: page.index("</head>")]
    # In the <template> web/loading.js adds to the page after the first paint.
    head = head[head.index('<template id="python-preloads">') : head.index("</template>")]
    info = json.loads((built / "build-info.json").read_text(encoding="utf-8"))
    modules = re.findall(r'<link rel="modulepreload" href="\./([^"]+)">', head)
    fetched = re.findall(r'<link rel="preload" as="fetch" crossorigin href="\./([^"]+)">', head)
    for ref in modules + fetched:
        assert (built / ref).is_file(), ref
    pyodide = f"vendor/pyodide-{info['PYODIDE_VERSION']}"
    assert f"vendor/pyscript-{info['PYSCRIPT_VERSION']}/core.js" in modules
    assert {"web/start-python.mjs", f"{pyodide}/pyodide.mjs"} <= set(modules)
    assert f"{pyodide}/pyodide.asm.wasm" in fetched
    assert info["APP_ZIP"] in fetched


def test_the_modules_a_start_imports_are_packed_as_pyodides_bytecode(built: Path):
    """The modules a start may import are in the app zip as bytecode compiled by the
    Pyodide the page runs (its magic number), the others as sources; nothing twice."""
    info = json.loads((built / "build-info.json").read_text(encoding="utf-8"))
    with zipfile.ZipFile(built / info["APP_ZIP"]) as archive:
        packed = {name: archive.read(name) for name in archive.namelist()}
    compiled = {name for name in packed if name.endswith(".pyc")}
    for module in ("web/app", "waddle/app/session", "waddle/core/game", "waddle/ui/markup"):
        assert f"{module}.pyc" in compiled and f"{module}.py" not in packed, module
    for entry in GAMES:
        package = f"waddle/games/{entry.module.rsplit('.', 1)[1]}"
        assert f"{package}/__init__.pyc" in compiled and f"{package}/presenter.pyc" in compiled
    # Not imported by a start: the command line, for one.
    assert "waddle/cli.py" in packed and "web/main.py" in packed
    assert not any(f"{name}c" in packed for name in packed if name.endswith(".py"))
    magics = {data[:4] for name, data in packed.items() if name in compiled}
    assert len(magics) == 1
    # Python 3.14's magic number, as Pyodide 314 writes it (not the build's CPython 3.11),
    # and a hash of the source in the header, not a time: reproducible builds.
    assert int.from_bytes(next(iter(magics))[:2], "little") >= 3600
    assert {packed[name][4] for name in compiled} == {1}


def test_the_bytecode_is_the_same_from_one_build_to_the_next():
    """Pyodide compiles the start's modules with a hash of the source in each header, not
    a time: the same sources give the same bytes, so the app zip's name (its hash) only
    changes with the code."""
    sources = {name: (ROOT / name).read_bytes() for name in ("waddle/core/rng.py", "web/ports.py")}
    pyodide = ROOT / "node_modules" / "pyodide"
    first = build_web.app_bytecode.compile_with_pyodide(sources, pyodide)
    again = build_web.app_bytecode.compile_with_pyodide(sources, pyodide)
    assert set(first) == {"waddle/core/rng.pyc", "web/ports.pyc"}
    assert first == again
