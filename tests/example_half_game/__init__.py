"""A game package that wrote only its id and its records: the registry refuses to load it
and names each required member it lacks (tests/test_conformance.py)."""

from tests.example_half_game.game import GAME

__all__ = ["GAME"]
