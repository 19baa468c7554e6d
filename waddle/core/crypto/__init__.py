"""The cryptography of remote play: Ed25519 signatures and the ristretto255 group.

One interface, two backends, and no curve arithmetic of the project's own ("choose, don't
hand-roll"): both backends are **libsodium**, the same C library,

- on CPython through ``pysodium`` (PyPI, a thin ``ctypes`` wrapper) over the system's
  libsodium (Debian's ``libsodium23``): :mod:`waddle.core.crypto.native`;
- in the page through ``libsodium-wrappers-sumo`` (npm: libsodium compiled to
  WebAssembly), served from the app's own origin (``vendor/libsodium-<version>/``, copied
  there by ``scripts/build_web.py``) and called from Pyodide's Python through its ``ffi``:
  :mod:`waddle.core.crypto.page`.

docs/remote-play.md ("Libraries") says why, with the figures that chose them.
``tests/test_crypto.py`` checks the port against RFC 8032 (Ed25519) and RFC 9496
(ristretto255) test vectors on CPython, and ``tests/e2e/test_crypto_page.py`` runs the same
vectors and the same inputs through the page's backend, in Chromium.

Every value is ``bytes``: a point is its 32-byte canonical encoding (never the identity),
a scalar 32 bytes little-endian reduced modulo the group order ``L``, a signing key the
32-byte Ed25519 seed (:func:`new_signing_key`), a public key 32 bytes, a signature 64.
Anything that is not what it should be raises :class:`CryptoError`; nothing here returns a
half-checked value.

Randomness comes only from the operating system's secure source: ``os.urandom`` on CPython,
``crypto.getRandomValues`` in the page (libsodium's own ``randombytes`` is wired to the
same sources), never from :mod:`random`.

The page backend loads its JavaScript module asynchronously: ``await ready()`` once before
the first call (on CPython the backend loads on first use, so the example below needs
no ``ready``). A call before that in the page raises :class:`CryptoUnavailable`.

>>> key = new_signing_key()
>>> signature = sign(key, b"move 12 of game 5f3a")
>>> verify(public_key(key), b"move 12 of game 5f3a", signature)
True
>>> verify(public_key(key), b"move 13 of game 5f3a", signature)
False
>>> a, b = random_scalar(), random_scalar()
>>> card = hash_to_point(b"game 5f3a", b"card 7")
>>> scalar_mult(a, scalar_mult(b, card)) == scalar_mult(b, scalar_mult(a, card))
True
>>> scalar_mult(scalar_invert(a), scalar_mult(a, card)) == card
True
"""

from __future__ import annotations

import hashlib
import os
import sys
from typing import Any

POINT_BYTES = 32
"""A ristretto255 element's canonical encoding."""
SCALAR_BYTES = 32
"""A scalar modulo the group order, little-endian."""
UNIFORM_BYTES = 64
"""What :func:`point_from_uniform` and :func:`scalar_reduce` take."""
SEED_BYTES = 32
"""An Ed25519 signing key (the RFC 8032 private key, which libsodium calls the seed)."""
PUBLIC_KEY_BYTES = 32
SIGNATURE_BYTES = 64

GROUP_ORDER = 2**252 + 27742317777372353535851937790883648493
"""``L``, the order of ristretto255 (and of Ed25519's prime-order subgroup)."""
IDENTITY = bytes(POINT_BYTES)
"""The encoding of the group's identity: refused wherever a point is read (no honest party
ever sends it: a card or a key that is the identity would hide nothing)."""

MAX_MESSAGE_BYTES = 1 << 20
"""The longest message :func:`sign` and :func:`verify` take (a link is far shorter)."""


class CryptoError(ValueError):
    """A value that is not what it should be: a point off the group or not canonical, a
    scalar or key of the wrong length, a product that is the identity."""


class CryptoUnavailable(RuntimeError):
    """The backend cannot run here: pysodium or libsodium missing on CPython, or the
    page's libsodium not loaded yet (``await ready()``)."""


# -- the backend ------------------------------------------------------------------------

_backend: Any = None


def _native() -> Any:
    global _backend
    if _backend is None:
        from waddle.core.crypto import native

        _backend = native.load()
    return _backend


def _page() -> Any:
    from waddle.core.crypto import page

    if page.BACKEND is None:
        raise CryptoUnavailable("the page's libsodium is not loaded: await crypto.ready() first")
    return page.BACKEND


IN_THE_PAGE = sys.platform == "emscripten"
"""Whether this Python runs under Pyodide (the page), where libsodium is the npm build."""


def backend() -> Any:
    """The loaded backend (:mod:`~waddle.core.crypto.native` or :mod:`~waddle.core.crypto.
    page`); :class:`CryptoUnavailable` if it cannot run here."""
    return _page() if IN_THE_PAGE else _native()


async def ready() -> None:
    """Load the backend (in the page: import libsodium's module and wait for its
    WebAssembly); safe to call again. :class:`CryptoUnavailable` if it cannot be loaded."""
    if IN_THE_PAGE:
        from waddle.core.crypto import page

        await page.load()
    else:
        _native()


def backend_name() -> str:
    """Which library and version runs here ("libsodium 1.0.18 via pysodium", ...)."""
    return backend().name


# -- randomness -------------------------------------------------------------------------


def random_bytes(count: int) -> bytes:
    """``count`` bytes from the operating system's secure source (``os.urandom``;
    ``crypto.getRandomValues`` in the page)."""
    if not 0 <= count <= 65536:
        raise CryptoError("random_bytes takes 0 to 65536 bytes")
    return backend().random_bytes(count) if IN_THE_PAGE else os.urandom(count)


# -- scalars ----------------------------------------------------------------------------


def _scalar(value: bytes, name: str = "a scalar") -> bytes:
    if type(value) is not bytes or len(value) != SCALAR_BYTES:
        raise CryptoError(f"{name} must be {SCALAR_BYTES} bytes")
    if int.from_bytes(value, "little") >= GROUP_ORDER:
        raise CryptoError(f"{name} must be reduced modulo the group order")
    return value


def random_scalar() -> bytes:
    """A uniformly random non-zero scalar (libsodium's ``scalar_random``)."""
    return backend().scalar_random()


def scalar_reduce(data: bytes) -> bytes:
    """64 bytes (a hash, uniform randomness) reduced modulo ``L`` to a scalar."""
    if type(data) is not bytes or len(data) != UNIFORM_BYTES:
        raise CryptoError(f"scalar_reduce takes {UNIFORM_BYTES} bytes")
    return backend().scalar_reduce(data)


def scalar_add(a: bytes, b: bytes) -> bytes:
    """``a + b mod L``."""
    return backend().scalar_add(_scalar(a), _scalar(b))


def scalar_sub(a: bytes, b: bytes) -> bytes:
    """``a - b mod L``."""
    return backend().scalar_sub(_scalar(a), _scalar(b))


def scalar_mul(a: bytes, b: bytes) -> bytes:
    """``a * b mod L``."""
    return backend().scalar_mul(_scalar(a), _scalar(b))


def scalar_negate(a: bytes) -> bytes:
    """``-a mod L``."""
    return backend().scalar_negate(_scalar(a))


def scalar_invert(a: bytes) -> bytes:
    """``1 / a mod L``; :class:`CryptoError` for zero, which has no inverse."""
    if _scalar(a) == bytes(SCALAR_BYTES):
        raise CryptoError("zero has no inverse")
    return backend().scalar_invert(a)


def scalar_from_int(value: int) -> bytes:
    """``value mod L`` as a scalar (for test vectors and small public constants).

    >>> scalar_from_int(1).hex()[:4], scalar_from_int(GROUP_ORDER + 2) == scalar_from_int(2)
    ('0100', True)
    """
    return (value % GROUP_ORDER).to_bytes(SCALAR_BYTES, "little")


def scalar_to_int(a: bytes) -> int:
    """The scalar as a number from 0 to ``L - 1``."""
    return int.from_bytes(_scalar(a), "little")


def hash_to_scalar(*parts: bytes) -> bytes:
    """A scalar from SHA-512 of ``parts`` (each length-prefixed, so no two different lists
    of parts hash alike): a Fiat-Shamir challenge, a derived key."""
    return scalar_reduce(_hash_parts(parts))


# -- points -----------------------------------------------------------------------------


def is_point(data: Any) -> bool:
    """Whether ``data`` is the canonical encoding of a ristretto255 element other than the
    identity (RFC 9496's decoding, which refuses every non-canonical encoding)."""
    return (
        type(data) is bytes
        and len(data) == POINT_BYTES
        and data != IDENTITY
        and backend().is_valid_point(data)
    )


def check_point(data: Any, name: str = "a point") -> bytes:
    """``data`` if :func:`is_point`, else :class:`CryptoError` naming ``name``."""
    if not is_point(data):
        raise CryptoError(f"{name} is not a valid group element")
    return data


def point_from_uniform(data: bytes) -> bytes:
    """The element RFC 9496's element derivation (section 4.3.4, libsodium's
    ``crypto_core_ristretto255_from_hash``) makes from 64 uniformly random bytes: a point
    nobody knows the discrete logarithm of."""
    if type(data) is not bytes or len(data) != UNIFORM_BYTES:
        raise CryptoError(f"point_from_uniform takes {UNIFORM_BYTES} bytes")
    point = backend().point_from_uniform(data)
    if point == IDENTITY:  # probability 2**-252: not a card anyone will ever draw
        raise CryptoError("the derived element is the identity")
    return point


def hash_to_point(*parts: bytes) -> bytes:
    """:func:`point_from_uniform` of SHA-512 of ``parts`` (each length-prefixed): the
    element of a name, such as a game's id and a card (issue 40's cards).

    >>> hash_to_point(b"game", b"card 1") == hash_to_point(b"game", b"card 1")
    True
    >>> hash_to_point(b"game", b"card 1") == hash_to_point(b"gam", b"ecard 1")
    False
    """
    return point_from_uniform(_hash_parts(parts))


def scalar_mult(scalar: bytes, point: bytes) -> bytes:
    """``scalar * point``; :class:`CryptoError` if the point is not valid or the product
    is the identity (a zero scalar)."""
    return backend().scalar_mult(_scalar(scalar), check_point(point))


def base_mult(scalar: bytes) -> bytes:
    """``scalar * B``, ``B`` the group's generator; :class:`CryptoError` for zero."""
    return backend().base_mult(_scalar(scalar))


def point_add(p: bytes, q: bytes) -> bytes:
    """``p + q`` (the identity is refused as an input, and may come out: ``p + (-p)``)."""
    return backend().point_add(check_point(p), check_point(q))


def point_sub(p: bytes, q: bytes) -> bytes:
    """``p - q`` (the identity may come out: ``p - p``)."""
    return backend().point_sub(check_point(p), check_point(q))


# -- signatures -------------------------------------------------------------------------


def new_signing_key() -> bytes:
    """A fresh Ed25519 signing key: 32 bytes from the secure source (RFC 8032's private
    key). Keep it on the device; :func:`public_key` is what others learn."""
    return random_bytes(SEED_BYTES)


def _seed(key: bytes) -> bytes:
    if type(key) is not bytes or len(key) != SEED_BYTES:
        raise CryptoError(f"a signing key must be {SEED_BYTES} bytes")
    return key


def _message(message: bytes) -> bytes:
    if type(message) is not bytes or len(message) > MAX_MESSAGE_BYTES:
        raise CryptoError("a signed message must be bytes, at most 1 MiB")
    return message


def public_key(key: bytes) -> bytes:
    """The Ed25519 public key of a signing key."""
    return backend().public_key(_seed(key))


def is_public_key(data: Any) -> bool:
    """Whether ``data`` is an Ed25519 public key that signatures can be checked against:
    a canonical point of the prime-order subgroup, not of small order (libsodium's
    ``crypto_core_ed25519_is_valid_point``)."""
    return (
        type(data) is bytes
        and len(data) == PUBLIC_KEY_BYTES
        and backend().is_valid_public_key(data)
    )


def sign(key: bytes, message: bytes) -> bytes:
    """The Ed25519 signature (RFC 8032, deterministic) of ``message`` by ``key``."""
    return backend().sign(_seed(key), _message(message))


def verify(key: bytes, message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is ``key``'s signature of ``message`` (libsodium's strict
    check: canonical ``S``, no small-order key or ``R``). A malformed argument is simply
    not a valid signature: False."""
    if (
        type(signature) is not bytes
        or len(signature) != SIGNATURE_BYTES
        or type(message) is not bytes
        or len(message) > MAX_MESSAGE_BYTES
        or not is_public_key(key)
    ):
        return False
    return backend().verify(key, message, signature)


# -- helpers ----------------------------------------------------------------------------


def _hash_parts(parts: tuple[bytes, ...]) -> bytes:
    digest = hashlib.sha512()
    for part in parts:
        if type(part) is not bytes:
            raise CryptoError("hash parts must be bytes")
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.digest()


__all__ = [
    "GROUP_ORDER",
    "IDENTITY",
    "POINT_BYTES",
    "PUBLIC_KEY_BYTES",
    "SCALAR_BYTES",
    "SEED_BYTES",
    "SIGNATURE_BYTES",
    "UNIFORM_BYTES",
    "CryptoError",
    "CryptoUnavailable",
    "backend_name",
    "base_mult",
    "check_point",
    "hash_to_point",
    "hash_to_scalar",
    "is_point",
    "is_public_key",
    "new_signing_key",
    "point_add",
    "point_from_uniform",
    "point_sub",
    "public_key",
    "random_bytes",
    "random_scalar",
    "ready",
    "scalar_add",
    "scalar_from_int",
    "scalar_invert",
    "scalar_mul",
    "scalar_mult",
    "scalar_negate",
    "scalar_reduce",
    "scalar_sub",
    "scalar_to_int",
    "sign",
    "verify",
]
