"""Waddle: penguin board games as pure-Python rules engines.

The package is game-agnostic at its top (``waddle.core``: hex grid, game protocol,
deterministic randomness, bots) with one subpackage per game under ``waddle.games``.
Nothing here imports a browser module or a third-party package, so the same code runs
on CPython and, unchanged, under Pyodide in the browser.
"""

__version__ = "0.1.0"
