"""The computer players and the hint: a search time-sliced on the page's main thread, so
the page stays responsive while a bot thinks, then the move after a short pause people can
follow (the speed control).

Runs only in the browser. The bots are the games' own (``GAME.make_bot``); nothing here
names a game.
"""

import asyncio
import time

from pyscript import document, ffi

from waddle.app.analysis import hint_text
from waddle.app.page import Page, run_line
from web.dom import element, mark
from web.ports import Shell

THINK_SECONDS = {"random": 0.05, "easy": 0.2, "medium": 0.4, "hard": 1.5}
"""Thinking time of each computer level per move, in the browser."""
HINT_SECONDS = 1.5
PAUSE_SECONDS = {"slow": 1.6, "normal": 0.7, "fast": 0.1}
"""The short wait before a computer's turn, so people can follow (the speed control)."""
STEP_PAUSE_SECONDS = {"slow": 0.5, "normal": 0.1, "fast": 0.0}
"""The wait between the steps of one computer turn (a card, then two actions): enough to
see each change land, short enough that a whole turn of seven steps takes under 1.5 s
beyond its search at the Normal speed."""
SLICE_SECONDS = 0.004
"""Thinking between two yields to the page (a slice ends after the iteration that passes
it). At 4 ms a slice task took 6-11 ms of main-thread CPU in scripts/bench_ai_page.py, at
8 ms up to 21; a search's wall time over its thinking time stayed 1.11-1.13 either way.
Shorter tasks also leave less to stretch when the OS shares the CPU with other work."""


class Computers:
    """Schedules the computer seats' moves and the hint, one search at a time."""

    def __init__(self, page: Page, shell: Shell) -> None:
        self.page = page
        self.shell = shell
        self._for: tuple[int, int] | None = None  # (session id, ply) being thought about
        self._task = None
        # The computer's run of moves going on: (session id, seat, ply it began, its score
        # then).
        self._turn: tuple[int, int, int, float] | None = None

    def load_if_needed(self) -> None:
        """Import the bots on the click that asked for computers, not while one thinks."""
        session = self.page.session
        if any(seat.bot for seat in session.seats):
            session.game.make_bot("random")

    def _start(self, coroutine) -> None:
        self.cancel()
        self._task = asyncio.ensure_future(coroutine)

    def cancel(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None
        self.page.searching = False
        self._for = None
        self._thinking(None)

    def schedule(self) -> None:
        """If a computer seat is to move, let it think (once per position)."""
        page = self.page
        session = page.session
        level = session.bot_to_move()
        position = (id(session), session.state.ply)
        # An embedded board shows a game: its computer seats never move by themselves; nor
        # while a study is written (its author steps about the line, plays any seat).
        idle = (
            page.tutorial is not None
            or page.embed
            or page.writing
            or page.ai_paused
            or not session.may_play()
            # A game on several devices: only the host's device runs its computers, and
            # only once every seat is taken.
            or (page.remote is not None and not page.remote.computer_to_move())
        )
        if level is None or idle:
            if self._for is not None and self._for != position:
                self.cancel()
            return
        if self._for == position:
            return  # already thinking about this very position
        self._start(self._computer_move(level))
        self._for = position

    async def _think(self, level: str, seconds: float):
        """Search in short slices, yielding to the page between them; the finished search
        (``best()`` is the chosen action, ``stats()`` its root's moves, most searched first).

        The bot gets the whole state but, in a game with hidden hands, searches only
        worlds its seat cannot tell apart from it (``GameState.determinize``): it decides
        from what that seat sees.

        Afterwards ``html[data-ai-iterations]``, ``[data-ai-seconds]`` (thinking time, not
        counting the pauses between slices) and ``[data-ai-longest-slice-ms]`` describe
        this search, and the marks ``waddle:think-start``/``-end`` bracket it (for
        scripts/bench_ai_page.py).
        """
        mark("waddle:think-start")
        session = self.page.session
        state = session.state
        bot = session.game.make_bot(level, seed=state.ply + 1, seconds=seconds)
        search = bot.start(state.clone())
        longest = 0.0
        self.page.searching = True
        try:
            while True:
                started = time.perf_counter()
                finished = search.advance(SLICE_SECONDS)
                longest = max(longest, time.perf_counter() - started)
                if finished:
                    break
                await asyncio.sleep(0)
        finally:
            self.page.searching = False
        root = document.documentElement.dataset
        root.aiIterations = str(search.iterations)
        root.aiSeconds = f"{search.elapsed:.3f}"
        root.aiLongestSliceMs = f"{longest * 1000:.1f}"
        mark("waddle:think-end")
        return search

    async def _computer_move(self, level: str) -> None:
        session = self.page.session
        player = session.state.to_move()
        turn = self._turn
        going_on = turn is not None and turn[:2] == (id(session), player)
        began = turn[2] if going_on else session.state.ply
        score = turn[3] if going_on else session.state.scores()[player]
        self._thinking(player)
        started = time.monotonic()
        action = (await self._think(level, THINK_SECONDS[level])).best()
        speed = str(element("ai-speed").value)
        pause = (STEP_PAUSE_SECONDS if going_on else PAUSE_SECONDS).get(speed, 0.7)
        await asyncio.sleep(max(0.0, pause - (time.monotonic() - started)))
        if session is not self.page.session:
            return
        self._for = None
        self._thinking(None)
        self.shell.guarded(self._play_step, session, player, began, score, action)

    def _play_step(self, session, player: int, began: int, score: float, action) -> None:
        """Play one step of a computer's run of moves; when the run is over, one line says
        all it did (a card game's turn is several steps, and the last alone says little;
        when the others have no move left, a computer makes every last move in a row, and
        the line sums them up: "Blue took 28 more fish with 25 moves")."""
        if not session.play(action):
            return
        state = session.state
        if state.to_move() == player and not state.is_over():
            self._turn = (id(session), player, began, score)
            return
        self._turn = None
        if state.ply - began > 1:
            gained = state.scores()[player] - score
            said = run_line(self.page.presenter, session, player, began, gained)
            if said:
                session.message = f"{session.seats[player].name} {said}"

    def cmd_hint(self, _target) -> None:
        """A hint for the person to move, and only them: in a game with hidden hands the
        search starts from what their seat sees (the bots' information-set search)."""
        if self.page.may_hint():
            self._start(self._hint())

    async def _hint(self) -> None:
        session = self.page.session
        session.message = "Thinking about a hint…"
        element("message").textContent = session.message
        ply = session.state.ply
        search = await self._think("hard", HINT_SECONDS)
        if self.page.session is not session or session.state.ply != ply:
            return
        action = search.best()
        hint = self.page.presenter.hint(session, action)
        # The move as the board names it and why it beats the search's next choice, from
        # the game's scoring (docs/analysis.md).
        marked = bool(getattr(hint, "hexes", ()))
        ranked = search.stats() or None  # a search that ranks nothing: the quick ranking
        session.message = hint_text(
            session.game, session.state, action, hint.text, marked, alternatives=ranked
        )
        self.shell.render()
        for hex_id in hint.hexes:
            marked = element("board").querySelector(f'[data-hex="{hex_id}"]')
            if not ffi.is_none(marked):
                marked.setAttribute("data-hint", "true")
        if hint.control is not None:
            marked = document.querySelector(f'[data-control="{hint.control}"]')
            if not ffi.is_none(marked):
                marked.setAttribute("data-hint", "true")

    def cmd_pause_ai(self, target) -> None:
        page = self.page
        page.ai_paused = not page.ai_paused
        target.setAttribute("aria-pressed", "true" if page.ai_paused else "false")
        target.textContent = "Resume" if page.ai_paused else "Pause"
        if page.ai_paused:
            self.cancel()
            if page.session.bot_to_move() is not None:
                page.session.message = page.computer_turn_message()
        self.shell.render()

    def _thinking(self, player: int | None) -> None:
        """Show (or clear) that a computer seat is thinking."""
        root = document.documentElement
        if player is None:
            root.removeAttribute("data-thinking")
            return
        root.dataset.thinking = str(player)
        name = self.page.session.seats[player].name
        element("message").textContent = f"{name} (computer) is thinking…"
