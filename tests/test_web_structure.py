"""The code's structure, as docs/architecture.md draws it: layers whose imports point down,
no import circle, modules small enough to read, and the browser front end's parts each
using only the small interface they are given (``web/ports.py``), never the whole App.

Read from the source with ``ast`` (the browser's modules import ``pyscript``, which CPython
does not have).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("waddle", "web")
LONGEST = 600
"""Lines a module may have without saying at its top why it is kept whole."""
LONG_REASON = "Why one module:"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {
    module_name(p): p
    for package in PACKAGES
    for p in sorted((ROOT / package).rglob("*.py"))
    if "__pycache__" not in p.parts
}


@functools.cache
def imports(path: Path, top_level_only: bool) -> frozenset[str]:
    """The project's modules ``path`` imports (outside functions only, if asked: what
    runs when the module is imported)."""
    package = module_name(path)
    found: set[str] = set()

    class Visitor(ast.NodeVisitor):
        def visit_FunctionDef(self, node: ast.AST) -> None:
            if not top_level_only:
                self.generic_visit(node)

        visit_AsyncFunctionDef = visit_FunctionDef

        def visit_Import(self, node: ast.Import) -> None:
            self.add([alias.name for alias in node.names])

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                if path.name != "__init__.py":
                    anchor = anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # "from package import module" imports that module; "from module import name"
            # the module (a package's __init__ runs first either way, which is no circle).
            self.add(
                [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                    for alias in node.names
                ]
            )

        def add(self, names: list[str]) -> None:
            for name in names:
                while name and name not in MODULES:
                    name = name.rpartition(".")[0]
                if name and name != package:
                    found.add(name)

    Visitor().visit(ast.parse(path.read_text(encoding="utf-8")))
    return frozenset(found)


def layer(module: str) -> str:
    parts = module.split(".")
    if parts[0] == "web":
        return "web"
    if module in ("waddle.cli", "waddle.__main__"):
        return "front end"
    if len(parts) >= 3 and parts[1] == "games":
        return "game"
    if module == "waddle.games":
        return "registry"
    return parts[1] if len(parts) > 1 else "package"


ALLOWED = {
    "core": {"core"},
    "ui": {"core", "ui"},
    "game": {"core", "ui", "game"},
    "registry": {"core"},
    "app": {"core", "ui", "registry", "app"},
    "bench": {"core", "registry", "bench", "package"},
    "front end": {"core", "ui", "registry", "app", "bench", "game", "front end", "package"},
    "web": {"core", "ui", "registry", "app", "web", "package"},
    "package": set(),
}
"""Which layers each layer may import (docs/architecture.md, "The layers")."""


def test_imports_point_down_the_layers():
    wrong = []
    for module, path in MODULES.items():
        for imported in imports(path, top_level_only=False):
            if layer(imported) not in ALLOWED[layer(module)]:
                wrong.append(f"{module} ({layer(module)}) imports {imported} ({layer(imported)})")
    assert wrong == []


def test_a_game_never_imports_another_game():
    wrong = []
    for module, path in MODULES.items():
        if layer(module) != "game":
            continue
        own = module.split(".")[2]
        for imported in imports(path, top_level_only=False):
            if layer(imported) == "game" and imported.split(".")[2] != own:
                wrong.append(f"{module} imports {imported}")
    assert wrong == []


def test_no_import_circle():
    graph = {m: imports(p, top_level_only=True) for m, p in MODULES.items()}
    circles = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for nxt in sorted(graph.get(module, ())):
            if state.get(nxt) == 1:
                circles.append(" -> ".join([*path[path.index(nxt) :], nxt]))
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert circles == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_long_module_says_why_it_is_kept_whole(module):
    path = MODULES[module]
    lines = path.read_text(encoding="utf-8").count("\n")
    if lines <= LONGEST:
        return
    docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    assert LONG_REASON in docstring, f"{module} has {lines} lines and no '{LONG_REASON}'"


# ------------------------------------------------------------------ the browser's parts


def shell_members() -> set[str]:
    tree = ast.parse((ROOT / "web" / "ports.py").read_text(encoding="utf-8"))
    shell = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Shell")
    return {n.name for n in shell.body if isinstance(n, ast.FunctionDef)}


def attributes_used_on(tree: ast.AST, owner: str) -> set[str]:
    """Every ``self.<owner>.<name>`` in ``tree``."""
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == owner
        and isinstance(node.value.value, ast.Name)
        and node.value.value.id == "self"
    }


PARTS = sorted(m for m in MODULES if m.startswith("web.") and m not in ("web.app", "web.main"))


@pytest.mark.parametrize("module", PARTS)
def test_a_part_of_the_page_uses_only_the_shell_interface_it_is_given(module):
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    assert "web.app" not in imports(MODULES[module], top_level_only=False)
    assert attributes_used_on(tree, "app") == set(), "a part is never handed the App"
    used = attributes_used_on(tree, "shell")
    assert used <= shell_members(), f"{module} uses {used - shell_members()} of its shell"


def test_the_shell_interface_is_what_the_app_offers():
    tree = ast.parse((ROOT / "web" / "app.py").read_text(encoding="utf-8"))
    app = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "App")
    offered = {n.name for n in app.body if isinstance(n, ast.FunctionDef)}
    assert shell_members() <= offered
