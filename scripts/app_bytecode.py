"""Bytecode for the app zip: the modules a start may import, compiled at build time by
the very Pyodide the page runs (under Node), so that the page does not compile them.

Compiling is most of what importing the app costs in the page: about 80 ms of a first
visit's 200-330 ms of Python after Pyodide has started on this project's 2-core machine,
several times that on a phone. Those modules go into the zip as bytecode only, each as
``name.pyc`` where ``name.py`` would be (Python imports such a file without a source),
which keeps the zip from growing more than ~0.5 MB; tracebacks then give their file and
line without the line's text. Which modules: :func:`page_start_modules`, what
``web/main.py`` imports and each game's package and presenter (any game may be the one
opened). The rest, imported on first use, stay sources and compile then, as before.

The magic number in a ``.pyc`` is the interpreter's own, so it has to be Pyodide's Python
(3.14), not the CPython running the build: ``scripts/compile_python.mjs`` starts Pyodide
from ``node_modules`` under Node and compiles there.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPILER = ROOT / "scripts" / "compile_python.mjs"
PACKAGES = ("waddle", "web")
"""The app's top-level packages, as the page imports them."""


class CompileError(Exception):
    """The bytecode could not be made (no Node, or Pyodide failed)."""


def module_file(name: str, root: Path = ROOT) -> Path | None:
    """The source of the app's module ``name`` (a package's ``__init__.py``), or None.

    >>> module_file("waddle.core.hexgrid").name, module_file("waddle.core").name
    ('hexgrid.py', '__init__.py')
    >>> module_file("json") is None
    True
    """
    if name.split(".")[0] not in PACKAGES:
        return None
    base = root.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def imported_at_load(path: Path, name: str) -> set[str]:
    """The modules the module ``name`` (its source at ``path``) imports when it is
    imported: its top-level statements and class bodies, not its functions' (those run
    later, if ever). Each ``from a import b`` counts ``a`` and, where it is one, ``a.b``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            else:
                for field in ("body", "orelse", "finalbody", "handlers"):
                    visit([n for n in getattr(node, field, []) if isinstance(n, ast.AST)])

    visit(tree.body)
    return found


def start_modules(entries: list[str], root: Path = ROOT) -> list[str]:
    """The app's modules that importing ``entries`` imports, each with its parent
    packages, sorted.

    >>> mods = start_modules(["waddle.core.hexgrid"])
    >>> mods[:2]
    ['waddle', 'waddle.core']
    """
    found: set[str] = set()
    todo = list(entries)
    while todo:
        name = todo.pop()
        if name in found or module_file(name, root) is None:
            continue
        found.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        todo += sorted(imported_at_load(module_file(name, root), name))
    return sorted(found)


def page_start_modules(root: Path = ROOT) -> list[str]:
    """What a start of the page may import: ``web/main.py``'s imports (the shell, the
    chooser, the app's chrome), and each game's package and presenter (the game opened,
    or picked on the chooser, is drawn at once).

    >>> mods = page_start_modules()
    >>> "web.app" in mods and "waddle.core.study" in mods
    True
    >>> any(m.startswith("waddle.bench") for m in mods)
    False
    """
    entries = sorted(imported_everywhere(root / "web" / "main.py"))
    for package in sorted((root / "waddle" / "games").glob("*/__init__.py")):
        name = f"waddle.games.{package.parent.name}"
        entries += [name, f"{name}.presenter"]
    return start_modules(entries, root)


def imported_everywhere(path: Path) -> set[str]:
    """Every module a file names in an import, in functions too (``web/main.py`` imports
    the app inside its ``start()``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def compile_with_pyodide(sources: dict[str, bytes], pyodide_dir: Path) -> dict[str, bytes]:
    """The bytecode of each source (``{"waddle/core/game.py": text}``), compiled by the
    Pyodide in ``pyodide_dir``: ``{"waddle/core/game.pyc": bytes}``. The same sources give
    the same bytes (the invalidation mode is a hash of the source, not its time)."""
    node = shutil.which("node")
    if node is None:
        raise CompileError("node is not installed (it comes with npm, which the build needs)")
    with tempfile.TemporaryDirectory(prefix="waddle-pyc-") as folder:
        work = Path(folder)
        for name, data in sources.items():
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            (work / name).write_bytes(data)
        listing = work / "sources.json"
        listing.write_text(json.dumps(sorted(sources)), encoding="utf-8")
        done = subprocess.run(
            [node, str(COMPILER), str(pyodide_dir.resolve()), str(work)],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise CompileError(f"compile_python.mjs failed:\n{done.stderr or done.stdout}")
        return {f"{name}c": (work / f"{name}c").read_bytes() for name in sources}
