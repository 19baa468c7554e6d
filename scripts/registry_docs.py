"""Write the docs' lists of games, link prefixes and the game contract from the registry, so
no document names the games by hand (a new game's entry updates them all).

A generated part of a Markdown file sits between ``<!-- registry:KIND -->`` and
``<!-- /registry:KIND -->`` (invisible once rendered). The kinds:

- ``ids``: the game ids, ``waddle``, ``htmf``, ...;
- ``prefixes``: each game's link prefixes and title (``w1.…``/``w2.…`` Waddle, ...);
- ``contract``: docs/architecture.md's table of what a game provides, from
  :data:`waddle.core.contract.CONTRACT`.

    .venv/bin/python scripts/registry_docs.py          # rewrite the generated parts
    .venv/bin/python scripts/registry_docs.py --check  # exit 1 if one is out of date
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from waddle.core.contract import CONTRACT  # noqa: E402
from waddle.games import GAMES  # noqa: E402

FILES = ("README.md", "docs/games/README.md", "docs/web-hooks.md", "docs/architecture.md")
"""The documents with generated parts."""

BLOCK = re.compile(r"<!-- registry:(\w+) -->(.*?)<!-- /registry:\1 -->", re.S)


def ids() -> str:
    return ", ".join(f"`{entry.id}`" for entry in GAMES)


def prefixes() -> str:
    return ", ".join(
        "/".join(f"`{p}…`" for p in entry.link_prefixes) + f" {entry.title}" for entry in GAMES
    )


def contract() -> str:
    rows = [
        "| part | required | what it is | where | default | checked by |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for part in CONTRACT:
        cells = (
            f"`{part.name}`",
            "required" if part.required else "optional",
            part.what.replace("|", "\\|"),
            f"`{part.where}`" if " " not in part.where else part.where,
            "" if part.default is None else part.default.replace("|", "\\|"),
            ", ".join(f"`tests/{t.strip()}`" for t in part.test.split(",")),
        )
        rows.append("| " + " | ".join(cells) + " |")
    return "\n" + "\n".join(rows) + "\n"


KINDS: dict[str, Callable[[], str]] = {"ids": ids, "prefixes": prefixes, "contract": contract}


def rewritten(text: str) -> str:
    """``text`` with every generated part written again."""

    def fill(match: re.Match[str]) -> str:
        kind = match.group(1)
        if kind not in KINDS:
            raise SystemExit(f"unknown generated part registry:{kind}")
        return f"<!-- registry:{kind} -->{KINDS[kind]()}<!-- /registry:{kind} -->"

    return BLOCK.sub(fill, text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say what is out of date")
    args = parser.parse_args(argv)
    stale = []
    for name in FILES:
        path = ROOT / name
        text = path.read_text(encoding="utf-8")
        new = rewritten(text)
        if new != text:
            stale.append(name)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    if args.check and stale:
        print(f"out of date (run scripts/registry_docs.py): {', '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
