"""The app model for every game: the session on screen, saves, the tutorial runner, and the
chrome around the board (chooser, saves list, New game seats, whose view is shown).

Pure Python, free of the DOM: ``web/app.py`` forwards events here and puts the results into
the page, and CPython tests cover all of it. Nothing here names a game; games come from the
registry (:data:`waddle.games.GAMES`).
"""
