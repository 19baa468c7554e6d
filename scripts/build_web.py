#!/usr/bin/env python3
"""Assemble the static web app in dist/: a folder any static host can serve as it is.

    python3 scripts/build_web.py [--out DIR]

Standard library only. What goes into the publish folder:

- ``index.html`` and ``pyscript.toml``, filled in from the templates at the repository root
  (``{{PYSCRIPT_VERSION}}``, ``{{PYODIDE_VERSION}}`` and ``{{APP_ZIP}}``);
- ``web/``: the page's own assets (css, js, svg, png icons, and the Python boot script),
  plus ``web/games.css``: every game's board styles (``waddle/games/<game>/*.css``);
- ``manifest.webmanifest`` (copied from web/) and ``sw.js`` (the service worker, made from
  the template web/sw.js) at the root: a manifest's ``start_url`` and a service worker's
  scope are relative to where they are served, and both must cover the whole site.
  ``sw.js`` carries the precache list (every other file but build-info.json) and a cache
  version hashed from those files' paths and contents, so every change of the build
  makes a new worker that replaces the old cache (see web/sw.js);
- ``vendor/pyscript-<version>/`` (all of @pyscript/core's dist/ but source maps) and
  ``vendor/pyodide-<version>/`` (the five files Pyodide needs at start), copied from
  node_modules: the versions are read from there, so the pins live only in package.json;
- ``app-<hash>.zip``: the ``waddle`` package and ``web/*.py``, unpacked by PyScript into the
  interpreter's working directory (``[files]`` ``"./app-<hash>.zip" = "./*"``). The name
  carries a hash of the content, so it can be cached as immutable like the vendor folders.

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
import zipfile
from pathlib import Path

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
# Copied from web/ into dist/web/ (the Python files also go into the app zip).
WEB_ASSET_SUFFIXES = {".css", ".js", ".svg", ".png", ".ico", ".webmanifest", ".py"}
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


def app_zip_bytes() -> bytes:
    """The engine and the web Python modules as a deterministic zip.

    Entries are sorted, carry a fixed timestamp and mode, and are compressed at a fixed
    level, so the same sources always give the same bytes (and the same file name).
    """
    files = source_files(ROOT / "waddle", ENGINE_SUFFIXES)
    files += [p for p in sorted((ROOT / "web").glob("*.py")) if p.is_file()]
    if not any(p.name == "__init__.py" and p.parent.name == "waddle" for p in files):
        raise BuildError("waddle/__init__.py not found: nothing to pack")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), date_time=ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o100644 << 16
            info.create_system = 3  # Unix, whatever machine builds it
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    return buffer.getvalue()


def games_css() -> str:
    """The board styles of every game, in the registry's folder order (sorted by path)."""
    parts = []
    for path in source_files(ROOT / "waddle" / "games", {".css"}):
        rel = path.relative_to(ROOT).as_posix()
        parts.append(f"/* {rel} */\n{path.read_text(encoding='utf-8').rstrip()}\n")
    return "\n".join(parts)


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
    for src in sorted(pyscript_src.rglob("*")):
        if src.is_file() and not src.name.endswith(".map"):
            copy_file(src, pyscript_dst / src.relative_to(pyscript_src))
    pyodide_dst = staging / "vendor" / f"pyodide-{pyodide_version}"
    for name in PYODIDE_FILES:
        copy_file(NODE_MODULES / "pyodide" / name, pyodide_dst / name)

    # The page's own assets; the manifest goes to the root.
    for src in source_files(ROOT / "web", WEB_ASSET_SUFFIXES):
        if src.parent == ROOT / "web" and src.name in ROOT_FILES:
            continue
        copy_file(src, staging / src.relative_to(ROOT))
    copy_file(ROOT / "web" / MANIFEST, staging / MANIFEST)
    (staging / GAMES_CSS).write_text(games_css(), encoding="utf-8")

    # Engine and web modules, named by content.
    data = app_zip_bytes()
    app_zip = f"app-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    (staging / app_zip).write_bytes(data)

    values = {
        "PYSCRIPT_VERSION": pyscript_version,
        "PYODIDE_VERSION": pyodide_version,
        "APP_ZIP": app_zip,
    }
    for name in ("index.html", "pyscript.toml"):
        (staging / name).write_text(fill_template(name, values), encoding="utf-8")

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
