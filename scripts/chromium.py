"""How this project starts Debian's Chromium: one place for the browser tests and benchmarks.

``playwright install`` cannot download browsers here, so Playwright drives the system
Chromium. Without the background-networking flags it tries to reach Google's hosts at
every start, which this machine's closed network refuses.
"""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
