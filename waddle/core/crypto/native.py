"""The CPython backend of :mod:`waddle.core.crypto`: libsodium through ``pysodium``.

``pysodium`` (PyPI, pinned in requirements-test.txt) is a ``ctypes`` wrapper that loads the
system's libsodium (Debian's ``libsodium23``, which ``make test`` installs when missing).
Its Python functions are used where it has them; libsodium's ``crypto_core_ed25519_is_valid_
point``, which it does not wrap, is called through the same library handle. Arguments
reach here already checked by the interface (lengths, reduced scalars, valid points).
"""

from __future__ import annotations

from typing import Any

from waddle.core.crypto import CryptoError, CryptoUnavailable


class NativeBackend:
    """libsodium on CPython."""

    def __init__(self, sodium: Any) -> None:
        self._s = sodium
        lib = sodium.sodium
        if lib.sodium_init() < 0:
            raise CryptoUnavailable("libsodium could not be initialised")
        self._lib = lib
        version = lib.sodium_version_string()  # pysodium declares it to return bytes
        self.name = f"libsodium {version.decode()} via pysodium"

    def random_bytes(self, count: int) -> bytes:  # pragma: no cover - the interface uses os
        return self._s.randombytes(count)

    # scalars
    def scalar_random(self) -> bytes:
        return self._s.crypto_core_ristretto255_scalar_random()

    def scalar_reduce(self, data: bytes) -> bytes:
        return self._s.crypto_core_ristretto255_scalar_reduce(data)

    def scalar_add(self, a: bytes, b: bytes) -> bytes:
        return self._s.crypto_core_ristretto255_scalar_add(a, b)

    def scalar_sub(self, a: bytes, b: bytes) -> bytes:
        return self._s.crypto_core_ristretto255_scalar_sub(a, b)

    def scalar_mul(self, a: bytes, b: bytes) -> bytes:
        return self._s.crypto_core_ristretto255_scalar_mul(a, b)

    def scalar_negate(self, a: bytes) -> bytes:
        return self._s.crypto_core_ristretto255_scalar_negate(a)

    def scalar_invert(self, a: bytes) -> bytes:
        try:
            return self._s.crypto_core_ristretto255_scalar_invert(a)
        except ValueError:
            raise CryptoError("zero has no inverse") from None

    # points
    def is_valid_point(self, data: bytes) -> bool:
        return bool(self._s.crypto_core_ristretto255_is_valid_point(data))

    def point_from_uniform(self, data: bytes) -> bytes:
        return self._s.crypto_core_ristretto255_from_hash(data)

    def scalar_mult(self, scalar: bytes, point: bytes) -> bytes:
        try:
            return self._s.crypto_scalarmult_ristretto255(scalar, point)
        except ValueError:
            raise CryptoError("the product is the identity") from None

    def base_mult(self, scalar: bytes) -> bytes:
        try:
            return self._s.crypto_scalarmult_ristretto255_base(scalar)
        except ValueError:
            raise CryptoError("the product is the identity") from None

    def point_add(self, p: bytes, q: bytes) -> bytes:
        return self._s.crypto_core_ristretto255_add(p, q)

    def point_sub(self, p: bytes, q: bytes) -> bytes:
        return self._s.crypto_core_ristretto255_sub(p, q)

    # signatures
    def public_key(self, seed: bytes) -> bytes:
        return self._s.crypto_sign_seed_keypair(seed)[0]

    def is_valid_public_key(self, data: bytes) -> bool:
        return self._lib.crypto_core_ed25519_is_valid_point(data) == 1

    def sign(self, seed: bytes, message: bytes) -> bytes:
        _, secret = self._s.crypto_sign_seed_keypair(seed)
        return self._s.crypto_sign_detached(message, secret)

    def verify(self, key: bytes, message: bytes, signature: bytes) -> bool:
        try:
            self._s.crypto_sign_verify_detached(signature, message, key)
        except ValueError:
            return False
        return True


def load() -> NativeBackend:
    """The backend; :class:`CryptoUnavailable` if pysodium or libsodium is missing."""
    try:
        import pysodium
    except (ImportError, OSError, TypeError) as error:
        # pysodium raises OSError/TypeError from ctypes when libsodium itself is missing
        raise CryptoUnavailable(
            "remote play needs libsodium and pysodium on CPython: "
            "`apt-get install libsodium23` and `pip install -r requirements-test.txt` "
            f"({error})"
        ) from None
    return NativeBackend(pysodium)
