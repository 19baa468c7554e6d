"""The browser's side of the page, in small helpers every part of ``web/`` shares: elements
by id, event listeners kept alive, files handed to the browser, ``localStorage``.

Runs only in the browser (it imports ``pyscript``); nothing here knows a game or the app.
"""

import traceback

from pyscript import document, ffi, window

from waddle.app.saves import MemoryStorage, StorageFullError


def element(element_id: str):
    return document.getElementById(element_id)


def focus(target) -> None:
    """Give ``target`` the keyboard focus without scrolling the page: the app never moves
    the page away from the board by itself (a phone would jump to the focused card)."""
    target.focus(to_js({"preventScroll": True}))


def to_js(data):
    """Python data as a JavaScript value (dicts as plain objects)."""
    return ffi.to_js(data, dict_converter=window.Object.fromEntries)


def now_ms() -> int:
    return int(window.Date.now())


def mark(name: str) -> None:
    """A performance mark (see scripts/bench_ai_page.py): a cheap call, kept in production."""
    window.performance.mark(name)


def new_seed() -> int:
    """A fresh board seed, short enough to read out and type."""
    return int(window.crypto.getRandomValues(window.Uint32Array.new(1))[0]) % 1_000_000 + 1


def unreadable(what: str, error: Exception) -> str:
    """One line for an error a reader should have named (a bug): the details go to the
    console for developers, never a traceback to the player."""
    window.console.error("".join(traceback.format_exception(error)))
    return f"{what}: the file could not be read ({type(error).__name__}). Nothing was changed."


class Listeners:
    """Event listeners whose Python functions JavaScript holds: a proxy must be kept alive
    as long as the page may call it, so each part of the page keeps its own here."""

    def __init__(self) -> None:
        self._proxies = []

    def listen(self, target, event: str, handler, capture: bool = False) -> None:
        proxy = ffi.create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy, capture)

    def keep(self, proxy) -> None:
        """Keep a proxy made elsewhere (a ResizeObserver's callback) alive."""
        self._proxies.append(proxy)


class Download:
    """Hands a text to the browser as a file to save. The previous file's URL is released
    when the next is made, not on a timer: pyscript.ffi has no one-shot callback, and its
    download has long been handed over by then."""

    def __init__(self) -> None:
        self._url = None

    def __call__(self, text: str, filename: str) -> None:
        blob = window.Blob.new(ffi.to_js([text]), to_js({"type": "application/json"}))
        if self._url is not None:
            window.URL.revokeObjectURL(self._url)
        url = self._url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = filename
        document.body.appendChild(link)
        link.click()
        link.remove()


class LocalStorage:
    """``window.localStorage`` as a :class:`waddle.app.saves.Storage`."""

    def __init__(self, storage) -> None:
        self.storage = storage

    def get(self, key: str) -> str | None:
        value = self.storage.getItem(key)
        return None if ffi.is_none(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except Exception as error:  # a JsException; its name says whether the quota is hit
            if "quota" in str(error).lower():
                raise StorageFullError(str(error)) from None
            raise

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.storage.key(i)) for i in range(int(self.storage.length))]


def open_storage():
    """localStorage, or (private mode, sandboxed frame) an in-memory stand-in and a notice."""
    try:
        storage = window.localStorage
        storage.getItem("waddle:probe")
        return LocalStorage(storage), None
    except Exception:
        return MemoryStorage(), (
            "This browser does not let the page store games: saves last only until the tab closes."
        )
