"""Bots (placeholder until the real ones land)."""

from waddle.core.bots import Budget, RandomBot

LEVELS = ("random", "easy", "medium", "hard")


def make_bot(level, seed=0, seconds=None, iterations=None):
    return RandomBot(seed, Budget.of(seconds, iterations))
