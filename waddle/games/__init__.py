"""The games of the platform: one subpackage per game, and this registry of them.

Adding a game is adding its package and one entry here; no shared module changes (see
docs/architecture.md). Entries import nothing: a game's package loads on first use.

>>> [entry.id for entry in GAMES]
['waddle', 'htmf', 'pebbles', 'waddle-waddle']
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
        GameEntry(
            id="pebbles",
            title="Pebbles",
            players=(2, 4),
            default_players=2,
            hidden_information=True,
            formats=("pebbles-record/1",),
            link_prefixes=("p1.", "p2."),
            module="waddle.games.pebbles",
            summary="Play a card, then two actions: penguins and pebbles win tiles and "
            "territories, the highest card of the led suit wins the trick.",
        ),
        GameEntry(
            id="waddle-waddle",
            title="Waddle Waddle",
            players=(2, 6),
            default_players=2,
            hidden_information=True,
            formats=("waddle-waddle-record/1",),
            link_prefixes=("ww1.", "ww2.", "ww3."),
            module="waddle.games.waddle_waddle",
            summary="Gather penguin cards into waddles and send them to five rookeries: "
            "nests win each season's bonuses, threats get in the way.",
        ),
    ]
)
"""Every game, in the order the chooser shows them; the first is the default."""

__all__ = ["GAMES"]
