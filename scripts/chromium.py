"""How this project starts Debian's Chromium: one place for the browser tests and benchmarks.

``playwright install`` cannot download browsers here, so Playwright drives the system
Chromium. Without the background-networking flags it tries to reach Google's hosts at
every start, which this machine's closed network refuses.

``--disable-dev-shm-usage`` puts the renderer's shared memory in /tmp: in a container
/dev/shm may be only 64 MB, and a page running Pyodide can outgrow that, which kills
the renderer ("Target crashed").
"""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
