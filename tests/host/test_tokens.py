"""Seat tokens: random, stored only as a hash, checked in constant time, wrong input refused."""

from __future__ import annotations

import hashlib

import pytest

from vgcore.host.tokens import new_token, token_hash, token_matches


def test_new_tokens_are_long_url_safe_and_distinct() -> None:
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100
    for token in tokens:
        assert len(token) == 32
        assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_hash_is_sha256_hex_and_not_the_token() -> None:
    token = new_token()
    hashed = token_hash(token)
    assert hashed != token
    assert hashed == hashlib.sha256(token.encode()).hexdigest()
    assert len(hashed) == 64


def test_token_matches_its_hash() -> None:
    token = new_token()
    assert token_matches(token, token_hash(token))


def test_wrong_token_does_not_match() -> None:
    token = new_token()
    assert not token_matches(new_token(), token_hash(token))
    assert not token_matches(token[:-1], token_hash(token))
    assert not token_matches("", token_hash(token))
    assert not token_matches(token_hash(token), token_hash(token))  # the hash is not a token


@pytest.mark.parametrize("bad", [None, 42, b"bytes", ["list"], {"token": "x"}, 1.5])
def test_non_string_token_is_refused(bad: object) -> None:
    assert not token_matches(bad, token_hash(new_token()))


def test_unencodable_or_odd_input_is_refused_not_raised() -> None:
    token = new_token()
    assert not token_matches("\ud800", token_hash(token))  # a lone surrogate
    assert not token_matches(token, "é" * 64)  # a stored hash that is not ASCII
    assert not token_matches(token, None)  # type: ignore[arg-type]
