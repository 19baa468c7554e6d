"""The same inputs through a backend of :mod:`waddle.core.crypto`, as JSON, for comparing
CPython's backend (pysodium) with the page's (libsodium.js through Pyodide's ffi).

``PROBE`` is Python source that defines ``probe(vectors_json) -> str``: it runs the
RFC 8032 and RFC 9496 vectors of ``tests/fixtures/crypto_vectors.json`` and a fixed set of
derived inputs (scalars and points from SHA-512 of counters) through every function of the
port, and writes down every output (hex) and every refusal (the exception's class name).
Randomness cannot be compared: it is written down as checks that hold for any draw.
``tests/test_crypto.py`` runs it here; ``tests/e2e/test_crypto_page.py`` in the page.
"""

from __future__ import annotations

import json
from pathlib import Path

VECTORS = Path(__file__).resolve().parent / "fixtures" / "crypto_vectors.json"

PROBE = r"""
import hashlib
import json

from waddle.core import crypto


def _refusal(call, *args):
    try:
        out = call(*args)
    except crypto.CryptoError as error:
        return "CryptoError"
    return out.hex() if isinstance(out, bytes) else out


def probe(vectors_json):
    v = json.loads(vectors_json)
    h = bytes.fromhex
    out = {"backend": crypto.backend_name().split(" via ")[0].split(" ")[0]}
    out["ed25519"] = [
        [
            crypto.public_key(h(t["secret"])).hex(),
            crypto.sign(h(t["secret"]), h(t["message"])).hex(),
            crypto.verify(h(t["public"]), h(t["message"]), h(t["signature"])),
            crypto.verify(h(t["public"]), h(t["message"]) + b"!", h(t["signature"])),
        ]
        for t in v["ed25519"]
    ]
    out["multiples"] = [crypto.base_mult(crypto.scalar_from_int(i)).hex() for i in range(1, 16)]
    small = v["ristretto255_small_multiples"]
    out["small_multiples_valid"] = [crypto.is_point(h(p)) for p in small]
    out["bad_encodings_valid"] = [crypto.is_point(h(p)) for p in v["ristretto255_bad_encodings"]]
    out["from_hash"] = [
        crypto.point_from_uniform(hashlib.sha512(t["label"].encode()).digest()).hex()
        for t in v["ristretto255_from_hash"]
    ]
    # the same derived inputs through every operation
    scalars = [crypto.scalar_reduce(hashlib.sha512(b"scalar %d" % i).digest()) for i in range(6)]
    points = [crypto.hash_to_point(b"probe", b"point %d" % i) for i in range(6)]
    out["scalars"] = [s.hex() for s in scalars]
    out["points"] = [p.hex() for p in points]
    out["scalar_mult"] = [crypto.scalar_mult(s, p).hex() for s in scalars for p in points[:3]]
    out["base_mult"] = [crypto.base_mult(s).hex() for s in scalars]
    out["scalar_ops"] = [
        [
            crypto.scalar_add(a, b).hex(),
            crypto.scalar_sub(a, b).hex(),
            crypto.scalar_mul(a, b).hex(),
            crypto.scalar_negate(a).hex(),
            crypto.scalar_invert(a).hex(),
        ]
        for a, b in zip(scalars, scalars[1:])
    ]
    out["point_ops"] = [
        [crypto.point_add(p, q).hex(), crypto.point_sub(p, q).hex()]
        for p, q in zip(points, points[1:])
    ]
    out["hash_to_scalar"] = crypto.hash_to_scalar(b"challenge", points[0], points[1]).hex()
    keys = [hashlib.sha256(b"key %d" % i).digest() for i in range(3)]
    messages = [b"", b"turn 1", bytes(range(256)) * 4]
    out["signatures"] = [
        [crypto.public_key(k).hex()] + [crypto.sign(k, m).hex() for m in messages] for k in keys
    ]
    signature = crypto.sign(keys[0], b"turn 1")
    tampered = bytes([signature[0] ^ 1]) + signature[1:]
    out["verify"] = [
        crypto.verify(crypto.public_key(keys[0]), b"turn 1", signature),
        crypto.verify(crypto.public_key(keys[1]), b"turn 1", signature),
        crypto.verify(crypto.public_key(keys[0]), b"turn 2", signature),
        crypto.verify(crypto.public_key(keys[0]), b"turn 1", tampered),
        crypto.verify(crypto.public_key(keys[0]), b"turn 1", signature[:63]),
        crypto.verify(bytes(32), b"turn 1", signature),
        crypto.verify(h(v["ristretto255_bad_encodings"][1]), b"turn 1", signature),
    ]
    zero = bytes(32)
    out["refusals"] = [
        _refusal(crypto.scalar_mult, zero, points[0]),
        _refusal(crypto.scalar_mult, scalars[0], crypto.IDENTITY),
        _refusal(crypto.scalar_mult, scalars[0], h(v["ristretto255_bad_encodings"][0])),
        _refusal(crypto.scalar_mult, crypto.scalar_from_int(crypto.GROUP_ORDER), points[0]),
        _refusal(crypto.base_mult, zero),
        _refusal(crypto.scalar_invert, zero),
        _refusal(crypto.scalar_add, b"\xff" * 32, scalars[0]),
        _refusal(crypto.scalar_reduce, b"short"),
        _refusal(crypto.point_add, points[0], b"\x01" + bytes(31)),
        _refusal(crypto.point_sub, points[0], points[0]),
        _refusal(crypto.check_point, crypto.IDENTITY),
        _refusal(crypto.sign, b"short key", b"message"),
    ]
    draws = [crypto.random_bytes(32) for _ in range(4)] + [crypto.random_scalar() for _ in range(4)]
    lock = crypto.random_scalar()
    out["randomness"] = [
        len(set(draws)) == len(draws),
        all(len(d) == 32 for d in draws),
        all(0 < crypto.scalar_to_int(s) < crypto.GROUP_ORDER for s in draws[4:]),
        len(crypto.random_bytes(0)) == 0 and len(crypto.random_bytes(1000)) == 1000,
        crypto.scalar_mult(crypto.scalar_invert(lock), crypto.scalar_mult(lock, points[0]))
        == points[0],
        crypto.verify(
            crypto.public_key(fresh := crypto.new_signing_key()), b"m", crypto.sign(fresh, b"m")
        ),
    ]
    return json.dumps(out, sort_keys=True)
"""


def vectors_text() -> str:
    return VECTORS.read_text(encoding="utf-8")


def run_here() -> dict:
    """The probe's output on this CPython (pysodium)."""
    namespace: dict = {}
    exec(PROBE, namespace)
    return json.loads(namespace["probe"](vectors_text()))
