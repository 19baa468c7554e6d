"""Last Floe, the worked example of docs/adding-a-game.md: a game package as small as the
platform allows, registered only by the tests (it does not ship).

Two penguins share a row of ice floes melting from one end. On your turn you take one,
two or three floes from the melting end; whoever takes the last floe wins.
"""

from tests.last_floe.game import GAME

__all__ = ["GAME"]
