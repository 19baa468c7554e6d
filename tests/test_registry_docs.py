"""The docs name the games only through the registry: their lists of game ids and link
prefixes, and docs/architecture.md's table of the game contract, are written by
scripts/registry_docs.py, and what is committed is what it writes."""

from pathlib import Path

from scripts.registry_docs import BLOCK, FILES, rewritten

ROOT = Path(__file__).resolve().parent.parent


def test_every_generated_part_of_the_docs_is_up_to_date():
    stale = [
        name for name in FILES if rewritten((ROOT / name).read_text()) != (ROOT / name).read_text()
    ]
    assert not stale, f"run .venv/bin/python scripts/registry_docs.py ({', '.join(stale)})"


def test_the_contract_table_and_the_game_lists_are_generated():
    kinds = {m.group(1) for name in FILES for m in BLOCK.finditer((ROOT / name).read_text())}
    assert kinds == {"ids", "prefixes", "contract"}
    table = (ROOT / "docs/architecture.md").read_text()
    assert "| `GAME.search_config` | optional |" in table
    assert "| `GAME.places` | required |" in table
