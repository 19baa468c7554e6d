"""The web page's Python: DOM events in, engine state out (``<script type="py">``).

PyScript runs this once Pyodide has started and the app zip (the ``waddle`` package and
``web/*.py``) is unpacked. Everything with rules or markup in it lives in the ``waddle``
package (session, view, panels) where CPython tests reach it; this file only forwards
events, copies markup into the page and keeps ``location.hash`` current; the page logic is
in ``web/app.py``.

Hooks (the project's web hooks design note): ``html[data-app]`` goes ``"ready"`` once the
board accepts input, or ``"error"`` with a visible message if start-up failed.
"""

import sys
import traceback

from pyscript import document, ffi, window


def start() -> None:
    """Start the app; the last thing it does is say it is ready."""
    import waddle
    from web.app import App

    global app
    for element in document.querySelectorAll("[data-engine-version]"):
        element.textContent = waddle.__version__
    app = App()
    app.bind()
    app.start()
    document.getElementById("loading-progress").value = 100
    document.getElementById("loading").setAttribute("aria-busy", "false")
    end_preview()
    document.documentElement.dataset.app = "ready"
    app.shown()
    window.performance.mark("waddle:ready", ffi.to_js({"detail": imported_modules()}))


def imported_modules() -> dict:
    """How many modules start-up imported, all and the app's own (``waddle``, ``web``):
    ``make bench-boot`` prints them, to show that start-up does not grow with the number
    of games (a game's package loads when it is first used); and the app's modules by
    name, for the next visit's Python snapshot (``web/start-python.mjs``)."""
    own = sorted(name for name in sys.modules if name.split(".")[0] in ("waddle", "web"))
    games = {name.split(".")[2] for name in own if name.count(".") >= 2 and ".games." in name}
    return {
        "modules": len(sys.modules),
        "app_modules": len(own),
        "game_packages": len(games),
        "imported": own,
    }


def end_preview() -> None:
    """The live board replaces the one web/loading.js painted from the last visit."""
    document.documentElement.removeAttribute("data-preview")
    document.getElementById("app").removeAttribute("inert")


def fail(error: BaseException) -> None:
    """Show why start-up failed, and keep the traceback in the console for developers."""
    window.console.error("".join(traceback.format_exception(error)))
    end_preview()
    document.getElementById("error-message").textContent = f"{type(error).__name__}: {error}"
    document.getElementById("loading").setAttribute("aria-busy", "false")
    document.documentElement.dataset.app = "error"


app = None
"""The running :class:`web.app.App` (a module global keeps its event proxies alive)."""

try:
    start()
except Exception as error:
    fail(error)
