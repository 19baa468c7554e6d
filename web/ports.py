"""What a part of the page may ask of the page as a whole.

Each part of ``web/`` (the screen, the computers, the address, the dialogs, the teaching
kit) is given the :class:`waddle.app.page.Page` it reads and this :class:`Shell`, never
the ``App`` itself: ``tests/test_web_structure.py`` checks that a part uses nothing of its
shell but these methods.
"""

from typing import Any, Protocol


class Shell(Protocol):
    """The page's shell (``web/app.py``'s ``App``), as the parts see it."""

    def render(self) -> None:
        """Draw the game on screen again (and save it, and let a computer move)."""
        ...

    def guarded(self, action: Any, *args: Any) -> None:
        """Run a game action and redraw; on any error, put the game back as it was."""
        ...

    def show_game(self, session: Any, message: str | None = None, remote: Any = None) -> None:
        """Put another game on screen (the one before is shelved if of another kind);
        ``remote``: the game is played on several devices (its RemoteGame)."""
        ...

    def open_remote_link(self, text: str) -> None:
        """Open a remote-play link (``r1.``): its game comes on screen, or its invitation."""
        ...

    def problem(self, text: str | None) -> None:
        """Show one line about what went wrong (None: nothing)."""
        ...

    def open_chooser(self, first_visit: bool = False) -> None:
        """Show the game chooser."""
        ...
