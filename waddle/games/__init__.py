"""The games of the platform: one subpackage per game, and this registry of them.

Adding a game is adding its package and one entry here; no shared module changes (see
docs/architecture.md). Entries import nothing: a game's package loads on first use.

>>> [entry.id for entry in GAMES]
['waddle', 'htmf']
>>> GAMES.by_format("htmf-record/1").title
"Hey, That's My Fish!"
"""

from waddle.core.registry import GameEntry, Registry

GAMES = Registry(
    [
        GameEntry(
            id="waddle",
            title="Waddle",
            players=(2, 5),
            formats=("waddle-record/1",),
            link_prefixes=("w1.", "w2."),
            module="waddle.games.waddle",
            summary="Place penguins around numbered fishing pools: big waddles and pool "
            "majorities score.",
        ),
        GameEntry(
            id="htmf",
            title="Hey, That's My Fish!",
            players=(2, 4),
            formats=("htmf-record/1",),
            link_prefixes=("h1.",),
            module="waddle.games.htmf",
            summary="Hop across the ice in straight lines; every floe you leave is yours, "
            "with its fish.",
        ),
    ]
)
"""Every game, in the order the chooser shows them; the first is the default."""

__all__ = ["GAMES"]
