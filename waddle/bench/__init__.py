"""``python -m waddle bench KIND --game ID``: one entry point for every engine benchmark.

The kinds:

- ``speed``: random complete games per second and where the time goes (the game's
  ``bench.main``, also ``GAME.bench``); ``python -m waddle bench --game ID`` with no KIND
  is this one, as it always was.
- ``bots``: the bots' strength goals: a goal's lineup plays with seats rotated over
  boards, each searching level at an iteration budget calibrated to ``--seconds`` of
  processor (or fixed by ``--iterations``/``--budget``), so a run is reproducible from its
  seed whatever the machine's load (:mod:`waddle.bench.bots`).
- ``balance``: self-play by one level in every seat: win shares by seat, and the game's own
  figures (pools, territories, heroes, ...) (:mod:`waddle.bench.balance`).
- ``calibration``: the win-chance meter against results: self-play at the meter's budget,
  its estimates against who won, a calibration table and Brier scores
  (:mod:`waddle.bench.calibration`).
- ``replay``: ``replay --jsonl`` in records per second, against the plain reference engines
  of the tests (:mod:`waddle.bench.replay`).

One options vocabulary (``--players``, ``--games``, ``--seed``, ``--processes``,
``--seconds``/``--iterations``, ``--goals``, ``--level``, ``--option``) and one results
format: ``--results FILE`` appends one JSON object per game (per measurement for ``speed``
and ``replay``) as it finishes, and a run given a file that already holds some of its games
plays only the others; ``--summarize FILE`` prints the summary from such files without
playing, by the same code that prints it after a run (:mod:`waddle.bench.results`).

Games plug in through the registry and their own modules, never by name here: a game's
``bench`` module gives ``main`` (speed), and for ``bots`` ``BOT_GOALS`` (names to
:class:`waddle.core.bench.Goal`), ``BOT_SECONDS``, ``CALIBRATED_LEVELS``, ``calibrate``
and optionally ``DEFAULT_GOALS``; its ``balance`` module gives ``BALANCE_OPTIONS``,
``BALANCE_GAMES``, ``BALANCE_SEATS``, ``balance_setups``, ``play_balance`` and
``print_balance`` (and optionally ``balance_line``, to read an older results file); its
``bench`` module's optional ``clear_caches`` empties what a fresh process would not hold
(for ``replay``). A game without them does not offer that kind.

A benchmark, not a test: it prints figures (docs/benchmarks.md gives each with its command).
"""

KINDS = ("speed", "bots", "balance", "calibration", "replay")
"""The kinds of benchmark, in the order a summary of a mixed file prints them."""
