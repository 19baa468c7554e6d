"""The web page's Python: DOM events in, engine state out (``<script type="py">``).

PyScript runs this once Pyodide has started and the app zip (the ``waddle`` package and
``web/*.py``) is unpacked. Everything with rules or markup in it lives in the ``waddle``
package (session, view, panels) where CPython tests reach it; this file only forwards
events, copies markup into the page and keeps ``location.hash`` current; the page logic is
in ``web/app.py``.

Hooks (the project's web hooks design note): ``html[data-app]`` goes ``"ready"`` once the
board accepts input, or ``"error"`` with a visible message if start-up failed.
"""

import traceback

from pyscript import document, window


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
    window.performance.mark("waddle:ready")


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
