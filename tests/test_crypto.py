"""The crypto port on CPython: RFC 8032 and RFC 9496 test vectors, the group's laws that
issue 40's deal relies on, and every malformed value refused.

The page's backend runs the same probe (tests/crypto_probe.py) in tests/e2e/
test_crypto_page.py, which checks it gives exactly these outputs.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from crypto_probe import VECTORS, run_here

from waddle.core import crypto
from waddle.core.crypto import CryptoError

V = json.loads(VECTORS.read_text(encoding="utf-8"))
h = bytes.fromhex


@pytest.fixture(scope="module")
def probe() -> dict:
    return run_here()


@pytest.mark.parametrize("vector", V["ed25519"], ids=lambda v: v["message"][:8] or "empty")
def test_ed25519_signs_as_rfc_8032_says(vector):
    secret, message = h(vector["secret"]), h(vector["message"])
    assert crypto.public_key(secret).hex() == vector["public"]
    assert crypto.sign(secret, message).hex() == vector["signature"]
    assert crypto.verify(h(vector["public"]), message, h(vector["signature"]))


def test_small_multiples_of_the_generator_are_rfc_9496s():
    for k, encoding in enumerate(V["ristretto255_small_multiples"][1:], 1):
        assert crypto.base_mult(crypto.scalar_from_int(k)).hex() == encoding
        assert crypto.is_point(h(encoding))
    generator = h(V["ristretto255_small_multiples"][1])
    assert (
        crypto.scalar_mult(crypto.scalar_from_int(7), generator).hex()
        == (V["ristretto255_small_multiples"][7])
    )


def test_every_invalid_encoding_of_rfc_9496_is_refused():
    for encoding in V["ristretto255_bad_encodings"]:
        assert not crypto.is_point(h(encoding)), encoding
        with pytest.raises(CryptoError):
            crypto.check_point(h(encoding))


def test_the_identity_is_never_a_point_here():
    """RFC 9496 encodes the identity as zeros; no honest party sends it, so it is refused."""
    assert not crypto.is_point(crypto.IDENTITY)
    with pytest.raises(CryptoError):
        crypto.base_mult(crypto.scalar_from_int(0))
    with pytest.raises(CryptoError):
        crypto.scalar_mult(crypto.scalar_from_int(crypto.GROUP_ORDER), crypto.hash_to_point(b"x"))


def test_element_derivation_from_64_bytes_is_rfc_9496s():
    for vector in V["ristretto255_from_hash"]:
        uniform = hashlib.sha512(vector["label"].encode()).digest()
        assert crypto.point_from_uniform(uniform).hex() == vector["element"]


def test_locking_commutes_and_unlocking_with_the_inverse_restores_the_card():
    """What a commutative deal (issue 40) needs: a·(b·C) = b·(a·C), and a⁻¹·(a·C) = C."""
    card = crypto.hash_to_point(b"game id", b"card 12")
    a, b = crypto.random_scalar(), crypto.random_scalar()
    both = crypto.scalar_mult(a, crypto.scalar_mult(b, card))
    assert both == crypto.scalar_mult(b, crypto.scalar_mult(a, card))
    assert crypto.scalar_mult(crypto.scalar_mul(a, b), card) == both
    assert crypto.scalar_mult(crypto.scalar_invert(a), crypto.scalar_mult(a, card)) == card
    assert crypto.scalar_mult(a, card) != card


def test_scalar_arithmetic_is_modulo_the_group_order():
    a, b = crypto.random_scalar(), crypto.random_scalar()
    n = crypto.GROUP_ORDER
    ai, bi = crypto.scalar_to_int(a), crypto.scalar_to_int(b)
    assert crypto.scalar_to_int(crypto.scalar_add(a, b)) == (ai + bi) % n
    assert crypto.scalar_to_int(crypto.scalar_sub(a, b)) == (ai - bi) % n
    assert crypto.scalar_to_int(crypto.scalar_mul(a, b)) == (ai * bi) % n
    assert crypto.scalar_to_int(crypto.scalar_negate(a)) == (-ai) % n
    assert crypto.scalar_to_int(crypto.scalar_invert(a)) == pow(ai, -1, n)
    wide = bytes(range(64))
    assert crypto.scalar_to_int(crypto.scalar_reduce(wide)) == int.from_bytes(wide, "little") % n


def test_a_chaum_pedersen_style_check_works_on_points():
    """s·B = R + c·Y, the equation issue 40's proofs check (point_add with scalar_mult)."""
    x = crypto.random_scalar()
    y = crypto.base_mult(x)
    r = crypto.random_scalar()
    big_r = crypto.base_mult(r)
    c = crypto.hash_to_scalar(b"challenge", big_r, y)
    s = crypto.scalar_add(r, crypto.scalar_mul(c, x))
    assert crypto.base_mult(s) == crypto.point_add(big_r, crypto.scalar_mult(c, y))
    assert crypto.point_sub(crypto.base_mult(s), big_r) == crypto.scalar_mult(c, y)


def test_signatures_bind_key_message_and_signature():
    key, other = crypto.new_signing_key(), crypto.new_signing_key()
    signature = crypto.sign(key, b"move 3")
    public = crypto.public_key(key)
    assert crypto.verify(public, b"move 3", signature)
    assert not crypto.verify(crypto.public_key(other), b"move 3", signature)
    assert not crypto.verify(public, b"move 4", signature)
    for i in (0, 31, 32, 63):
        flipped = bytearray(signature)
        flipped[i] ^= 0x10
        assert not crypto.verify(public, b"move 3", bytes(flipped))


@pytest.mark.parametrize(
    "key",
    [bytes(32), b"\x01" + bytes(31), b"\xff" * 32, b"short", "text" * 8, None],
    ids=["zeros", "small order", "non-canonical", "short", "str", "none"],
)
def test_a_bad_public_key_verifies_nothing(key):
    signer = crypto.new_signing_key()
    assert not crypto.is_public_key(key)
    assert not crypto.verify(key, b"m", crypto.sign(signer, b"m"))


@pytest.mark.parametrize(
    ("call", "args"),
    [
        (crypto.scalar_add, (b"\xff" * 32, bytes(32))),
        (crypto.scalar_mul, (bytes(31), bytes(32))),
        (crypto.scalar_invert, (bytes(32),)),
        (crypto.scalar_reduce, (bytes(32),)),
        (crypto.point_from_uniform, (bytes(32),)),
        (crypto.scalar_mult, (bytes(32), crypto.hash_to_point(b"p"))),
        (crypto.point_add, (bytes(32), crypto.hash_to_point(b"p"))),
        (crypto.sign, (bytes(31), b"m")),
        (crypto.sign, (bytes(32), "text")),
        (crypto.random_bytes, (-1,)),
        (crypto.hash_to_point, ("text",)),
    ],
)
def test_malformed_values_raise_crypto_error(call, args):
    with pytest.raises(CryptoError):
        call(*args)


def test_randomness_comes_from_the_os_not_the_random_module(monkeypatch):
    import random

    monkeypatch.setattr(random, "random", lambda: 0.5)
    monkeypatch.setattr(random, "getrandbits", lambda k: 0)
    draws = {crypto.random_bytes(16) for _ in range(20)}
    assert len(draws) == 20
    assert len({crypto.new_signing_key() for _ in range(20)}) == 20


def test_the_probe_holds_every_vector_and_law(probe):
    assert probe["backend"] == "libsodium"
    assert [row[2:] for row in probe["ed25519"]] == [[True, False]] * len(V["ed25519"])
    assert probe["multiples"] == V["ristretto255_small_multiples"][1:]
    assert probe["small_multiples_valid"] == [False] + [True] * 15
    assert not any(probe["bad_encodings_valid"])
    assert probe["from_hash"] == [v["element"] for v in V["ristretto255_from_hash"]]
    assert probe["verify"] == [True, False, False, False, False, False, False]
    assert probe["refusals"][:9] == ["CryptoError"] * 9
    assert probe["refusals"][9] == crypto.IDENTITY.hex()  # p - p is the identity
    assert probe["refusals"][10:] == ["CryptoError"] * 2
    assert all(probe["randomness"])
