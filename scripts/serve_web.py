#!/usr/bin/env python3
"""Serve the built web app (dist/) on loopback for development, tests and benchmarks.

    python3 scripts/serve_web.py [--port 8000] [--dir dist]

Standard library only. Unlike a bare ``python -m http.server`` it sends the content types
that module scripts and WebAssembly streaming need (``text/javascript`` for ``.mjs``,
``application/wasm`` for ``.wasm``), whatever the machine's mime.types says, and asks the
browser to revalidate every file so a rebuild shows up on reload. The end-to-end tests and
scripts/bench_boot.py use :func:`make_server` in a background thread.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent.parent

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


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **CONTENT_TYPES,
    }
    # Extra in-memory pages, path -> (content type, bytes); see make_server(extra=...).
    extra: ClassVar[dict[str, tuple[str, bytes]]] = {}
    quiet = True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

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
) -> Server:
    """A threading static server of directory; port 0 picks a free port (see .origin)."""
    handler = type(
        "BoundHandler",
        (Handler,),
        {"extra": dict(extra or {}), "quiet": quiet},
    )
    return Server((host, port), functools.partial(handler, directory=str(directory)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--dir", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(
            f"serve_web: {args.dir}/index.html not found: run scripts/build_web.py", file=sys.stderr
        )
        return 1
    server = make_server(args.dir, args.host, args.port, quiet=False)
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
