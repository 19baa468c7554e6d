"""The page's backend of :mod:`waddle.core.crypto`: libsodium compiled to WebAssembly.

npm's ``libsodium-wrappers-sumo`` (the "sumo" build is the one with ristretto255) is
copied by ``scripts/build_web.py`` into ``vendor/libsodium-<version>/`` beside Pyodide, so
the page loads it from its own origin, offline too (the service worker precaches it). This
module imports it once (:func:`load`, awaited by :func:`waddle.core.crypto.ready`) and
calls it from Pyodide's Python: bytes go in as ``Uint8Array`` copies (``to_js``) and come
back with ``to_bytes()``; a call costs about 15 µs of this crossing on top of libsodium's
own work (docs/remote-play.md, "Libraries").

Randomness: ``crypto.getRandomValues``, which libsodium's own ``randombytes`` also uses
in the browser. Only imported under Pyodide (it needs the ``js`` and ``pyodide`` modules).
"""

from __future__ import annotations

import json
from typing import Any

from waddle.core.crypto import CryptoError, CryptoUnavailable

LIBSODIUM_VERSION = "0.8.4"
"""npm's libsodium-wrappers-sumo and libsodium-sumo, as pinned in package.json (a test
checks that they agree): the vendor folder's name carries it."""
MODULE = f"./vendor/libsodium-{LIBSODIUM_VERSION}/libsodium-wrappers.mjs"
"""Where the build puts the wrappers' module, relative to the page."""

BACKEND: PageBackend | None = None
"""The loaded backend, once :func:`load` has run."""


class PageBackend:
    """libsodium.js, called through Pyodide's ffi."""

    def __init__(self, sodium: Any) -> None:
        from pyodide.ffi import to_js

        self._s = sodium
        self._js = to_js
        self.name = f"libsodium {sodium.sodium_version_string()} via libsodium.js"

    def _call(self, name: str, *args: bytes) -> bytes:
        try:
            return getattr(self._s, name)(*(self._js(a) for a in args)).to_bytes()
        except Exception as error:  # a JsException: libsodium refused the input
            raise CryptoError(f"{name} refused its input ({str(error)[:80]})") from None

    def random_bytes(self, count: int) -> bytes:
        import js

        buffer = js.Uint8Array.new(count)
        js.crypto.getRandomValues(buffer)
        return buffer.to_bytes()

    # scalars
    def scalar_random(self) -> bytes:
        return self._call("crypto_core_ristretto255_scalar_random")

    def scalar_reduce(self, data: bytes) -> bytes:
        return self._call("crypto_core_ristretto255_scalar_reduce", data)

    def scalar_add(self, a: bytes, b: bytes) -> bytes:
        return self._call("crypto_core_ristretto255_scalar_add", a, b)

    def scalar_sub(self, a: bytes, b: bytes) -> bytes:
        return self._call("crypto_core_ristretto255_scalar_sub", a, b)

    def scalar_mul(self, a: bytes, b: bytes) -> bytes:
        return self._call("crypto_core_ristretto255_scalar_mul", a, b)

    def scalar_negate(self, a: bytes) -> bytes:
        return self._call("crypto_core_ristretto255_scalar_negate", a)

    def scalar_invert(self, a: bytes) -> bytes:
        return self._call("crypto_core_ristretto255_scalar_invert", a)

    # points
    def is_valid_point(self, data: bytes) -> bool:
        return bool(self._s.crypto_core_ristretto255_is_valid_point(self._js(data)))

    def point_from_uniform(self, data: bytes) -> bytes:
        return self._call("crypto_core_ristretto255_from_hash", data)

    def scalar_mult(self, scalar: bytes, point: bytes) -> bytes:
        return self._call("crypto_scalarmult_ristretto255", scalar, point)

    def base_mult(self, scalar: bytes) -> bytes:
        return self._call("crypto_scalarmult_ristretto255_base", scalar)

    def point_add(self, p: bytes, q: bytes) -> bytes:
        return self._call("crypto_core_ristretto255_add", p, q)

    def point_sub(self, p: bytes, q: bytes) -> bytes:
        return self._call("crypto_core_ristretto255_sub", p, q)

    # signatures
    def public_key(self, seed: bytes) -> bytes:
        return self._s.crypto_sign_seed_keypair(self._js(seed)).publicKey.to_bytes()

    def is_valid_public_key(self, data: bytes) -> bool:
        return bool(self._s.crypto_core_ed25519_is_valid_point(self._js(data)))

    def sign(self, seed: bytes, message: bytes) -> bytes:
        secret = self._s.crypto_sign_seed_keypair(self._js(seed)).privateKey
        return self._s.crypto_sign_detached(self._js(message), secret).to_bytes()

    def verify(self, key: bytes, message: bytes, signature: bytes) -> bool:
        try:
            return bool(
                self._s.crypto_sign_verify_detached(
                    self._js(signature), self._js(message), self._js(key)
                )
            )
        except Exception:  # a JsException: not a signature libsodium can check
            return False


async def load() -> PageBackend:
    """Import the vendored libsodium module (once) and wait until its WebAssembly runs."""
    global BACKEND
    if BACKEND is not None:
        return BACKEND
    from pyodide.code import run_js

    url = json.dumps(MODULE)
    try:
        module = await run_js(
            f"import(new URL({url}, globalThis.document?.baseURI ?? globalThis.location.href).href)"
        )
        sodium = module.default
        await sodium.ready
    except Exception as error:  # a JsException: not served, or blocked
        raise CryptoUnavailable(f"libsodium could not be loaded ({str(error)[:120]})") from None
    BACKEND = PageBackend(sodium)
    return BACKEND
