#!/usr/bin/env python3
"""Serve the built web app (dist/) on loopback for development, tests and benchmarks.

    python3 scripts/serve_web.py [--port 8000] [--dir dist] [--netlify-headers]

Standard library only. Unlike a bare ``python -m http.server`` it sends the content types
that module scripts and WebAssembly streaming need (``text/javascript`` for ``.mjs``,
``application/wasm`` for ``.wasm``), whatever the machine's mime.types says, and asks the
browser to revalidate every file so a rebuild shows up on reload. The end-to-end tests and
scripts/bench_boot.py use :func:`make_server` in a background thread.

``--netlify-headers`` (``make_server(netlify_headers=True)``) sends instead the headers
production sends: every ``[[headers]]`` rule of netlify.toml that matches the path (the
vendor files and the app zip immutable for a year, the rest ``no-cache``; the CSP).
``make_server(record=True)`` keeps a :class:`Transfer` per response in
``server.transfers``: the bytes the server wrote, headers and body apart, which is what
scripts/bench_first_visit.py and tests/e2e/test_first_visit.py count.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import re
import sys
import threading
import time
import tomllib
from pathlib import Path
from typing import ClassVar, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
NETLIFY_TOML = ROOT / "netlify.toml"

CONTENT_TYPES = {
    ".css": "text/css",
    ".html": "text/html",
    ".js": "text/javascript",
    ".json": "application/json",
    ".mjs": "text/javascript",
    ".py": "text/x-python",
    ".svg": "image/svg+xml",
    ".toml": "application/toml",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
}


def netlify_pattern(pattern: str) -> re.Pattern[str]:
    """Netlify's path patterns: ``*`` matches anything (slashes too), ``:name`` one segment.

    >>> bool(netlify_pattern("/vendor/*").fullmatch("/vendor/pyodide-1/pyodide.asm.wasm"))
    True
    """
    parts = re.split(r"(\*|:[A-Za-z_]\w*)", pattern)
    return re.compile(
        "".join(
            ".*" if part == "*" else "[^/]+" if part.startswith(":") else re.escape(part)
            for part in parts
        )
    )


def netlify_rules(config: Path = NETLIFY_TOML) -> list[tuple[re.Pattern[str], dict[str, str]]]:
    """netlify.toml's ``[[headers]]`` rules as (pattern, header values), in file order."""
    data = tomllib.loads(config.read_text(encoding="utf-8"))
    return [(netlify_pattern(rule["for"]), dict(rule["values"])) for rule in data["headers"]]


def netlify_headers(path: str, rules: list[tuple[re.Pattern[str], dict[str, str]]]) -> dict:
    """Every header the rules give path (Netlify applies every matching rule; netlify.toml
    sets each header name in one rule only, which tests/test_netlify.py checks)."""
    headers: dict[str, str] = {}
    for pattern, values in rules:
        if pattern.fullmatch(path):
            headers.update(values)
    return headers


class Transfer(NamedTuple):
    """One response as the server wrote it: what a browser received over the wire (the
    HTTP bytes; TCP/IP framing aside). ``body`` is 0 for a 304 (revalidated, not sent)."""

    path: str  # without query or fragment
    status: int
    header_bytes: int
    body_bytes: int
    started: float  # time.monotonic() when the request was read
    ended: float

    @property
    def total(self) -> int:
        return self.header_bytes + self.body_bytes


class _CountingWriter:
    """The handler's wfile, counting what is written through it."""

    def __init__(self, raw) -> None:
        self.raw = raw
        self.written = 0

    def write(self, data) -> int:
        n = self.raw.write(data)
        self.written += len(data) if n is None else n
        return n

    def flush(self) -> None:
        self.raw.flush()

    def close(self) -> None:
        self.raw.close()

    @property
    def closed(self) -> bool:
        return self.raw.closed


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **CONTENT_TYPES,
    }
    # Extra in-memory pages, path -> (content type, bytes); see make_server(extra=...).
    extra: ClassVar[dict[str, tuple[str, bytes]]] = {}
    quiet = True
    # netlify.toml's rules when serving with production headers; None: the dev headers.
    rules: ClassVar[list[tuple[re.Pattern[str], dict[str, str]]] | None] = None
    # Where each response's Transfer goes when recording (make_server(record=True)).
    transfers: ClassVar[list[Transfer] | None] = None

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile)

    def handle_one_request(self) -> None:
        self._started = time.monotonic()
        self._status = 0
        self._mark = self._headers_end = self.wfile.written
        super().handle_one_request()
        if self.transfers is not None and self._status:
            self.transfers.append(
                Transfer(
                    path=self.path.split("?", 1)[0].split("#", 1)[0],
                    status=self._status,
                    header_bytes=self._headers_end - self._mark,
                    body_bytes=self.wfile.written - self._headers_end,
                    started=self._started,
                    ended=time.monotonic(),
                )
            )

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = int(code)
        super().send_response(code, message)

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if self.rules is None:
            self.send_header("Cache-Control", "no-cache")
        else:
            for name, value in netlify_headers(path, self.rules).items():
                if name.lower() != "content-type":  # set from CONTENT_TYPES, the same types
                    self.send_header(name, value)
        super().end_headers()
        self._headers_end = self.wfile.written

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path in self.extra:
            content_type, body = self.extra[path]
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # Filled when made by make_server(record=True); list.append is thread-safe.
    transfers: list[Transfer]

    @property
    def origin(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}"

    def handle_error(self, request, client_address) -> None:
        # A browser closed mid-download (a page closed while Pyodide was still loading):
        # normal for benchmarks and tests that close pages, and not the server's fault.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)

    def start_in_thread(self) -> threading.Thread:
        thread = threading.Thread(target=self.serve_forever, name="serve_web", daemon=True)
        thread.start()
        return thread

    def stop(self) -> None:
        self.shutdown()
        self.server_close()


def make_server(
    directory: Path,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    quiet: bool = True,
    extra: dict[str, tuple[str, bytes]] | None = None,
    netlify_headers: bool = False,
    record: bool = False,
) -> Server:
    """A threading static server of directory; port 0 picks a free port (see .origin).

    netlify_headers: send production's headers (netlify.toml) instead of the dev ones;
    record: keep a Transfer per response in ``server.transfers`` (in the order they end).
    """
    transfers: list[Transfer] | None = [] if record else None
    handler = type(
        "BoundHandler",
        (Handler,),
        {
            "extra": dict(extra or {}),
            "quiet": quiet,
            "rules": netlify_rules() if netlify_headers else None,
            "transfers": transfers,
        },
    )
    server = Server((host, port), functools.partial(handler, directory=str(directory)))
    server.transfers = transfers if transfers is not None else []
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=ROOT / "dist")
    parser.add_argument(
        "--netlify-headers",
        action="store_true",
        help="send netlify.toml's headers (production caching) instead of no-cache everywhere",
    )
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(
            f"serve_web: {args.dir}/index.html not found: run scripts/build_web.py", file=sys.stderr
        )
        return 1
    server = make_server(
        args.dir, args.host, args.port, quiet=False, netlify_headers=args.netlify_headers
    )
    print(f"serve_web: serving {args.dir} at {server.origin}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
