"""Seat balance of Hey, That's My Fish! by self-play: ``python -m waddle bench balance
--game htmf`` (the shared part is :mod:`waddle.bench.balance`).

Every seat is the same bot, on the board dealt by the game's seed, so a difference
between the seats comes from the order of play: seat 0 places the first penguin and
makes the first move. Beside the win shares it prints each seat's mean fish and floes.
The seats' win rates are also what the win-chance meter's figure at move 0 is measured
against (:mod:`waddle.bench.calibration`).

>>> line = play_balance(2, seed=3, setup={"level": "medium", "iterations": None})
>>> sorted(line), sum(line["wins"])
(['figures', 'scores', 'wins'], 1.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from waddle.games.htmf.ai import make_bot
from waddle.games.htmf.record import new_record

BALANCE_OPTIONS = ()
BALANCE_GAMES = 200
"""Games per player count when ``--games`` does not say."""
BALANCE_SEATS = "seat 0 places first and moves first"
HARD_ITERATIONS = 1000
"""The hard bot's iterations a move unless ``--iterations`` says otherwise: a run is
reproducible from its seeds whatever the machine's load."""


def balance_setups(
    players: int, level: str, iterations: int | None, options: Mapping[str, str]
) -> list[dict[str, Any]]:
    """The one setup a player count plays (``ValueError`` for an unknown level)."""
    if level == "hard" and iterations is None:
        iterations = HARD_ITERATIONS
    make_bot(level)  # an unknown level fails here, before any game
    return [{"level": level, "iterations": iterations}]


def play_balance(players: int, seed: int, setup: Mapping[str, Any]) -> dict[str, Any]:
    """One self-play game on the board of ``seed``: its seats' scores, wins and floes."""
    state = new_record(players, seed).start()
    iterations = setup.get("iterations") or 1
    bots = [make_bot(setup["level"], seed * 8 + p, None, iterations) for p in range(players)]
    while not state.is_over():
        state.apply(bots[state.to_move()].choose(state))
    winners = state.winners()
    return {
        "scores": list(state.scores()),
        "wins": [1.0 / len(winners) if p in winners else 0.0 for p in range(players)],
        "figures": {"floes": list(state.floe_counts())},
    }


def print_balance(
    players: int,
    setup: Mapping[str, Any],
    lines: Sequence[Mapping[str, Any]],
    out: TextIO,
    fit: bool = False,
) -> None:
    """Each seat's mean floes, after the seats' win shares and mean fish."""
    n = len(lines)
    floes = [sum(line["figures"]["floes"][s] for line in lines) / n for s in range(players)]
    print(f"  mean floes by seat: {' / '.join(f'{f:.1f}' for f in floes)}", file=out)
