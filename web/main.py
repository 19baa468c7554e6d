"""Boot script of the web page (``<script type="py" src="./web/main.py">``).

PyScript runs it once Pyodide has started and the app zip (the ``waddle`` package and
``web/*.py``) is unpacked into the working directory. It starts the app and flips the
``data-app`` hook of ``<html>``: ``"ready"`` when the page accepts input, ``"error"`` with a
visible message if anything here raised. Keep the imports light: they are part of the
time to ready.
"""

import traceback

from pyscript import document, window


def start() -> None:
    """Start the app; the last thing it does is say it is ready."""
    import waddle

    for element in document.querySelectorAll("[data-engine-version]"):
        element.textContent = waddle.__version__
    document.getElementById("loading-progress").value = 100
    document.getElementById("loading").setAttribute("aria-busy", "false")
    document.documentElement.dataset.app = "ready"


def fail(error: BaseException) -> None:
    """Show why start-up failed, and keep the traceback in the console for developers."""
    window.console.error("".join(traceback.format_exception(error)))
    document.getElementById("error-message").textContent = f"{type(error).__name__}: {error}"
    document.getElementById("loading").setAttribute("aria-busy", "false")
    document.documentElement.dataset.app = "error"


try:
    start()
except Exception as error:
    fail(error)
