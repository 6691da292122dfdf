"""Seat tokens: a random secret per human seat; the store keeps only its hash.

A token is 24 random bytes, so a plain sha256 is enough (nothing to guess, no salt needed), and
a leaked database does not let anyone act for a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24


def new_token() -> str:
    """A fresh seat token: 24 random bytes, URL-safe base64 (32 characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """The hex sha256 the store keeps in place of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: object, stored_hash: object) -> bool:
    """Whether `token` is the one `stored_hash` was made from, in constant time.

    Input from the wire can be anything: a non-string (or a token that is not valid text)
    is a wrong token, never an exception.
    """
    if not isinstance(token, str) or not isinstance(stored_hash, str):
        return False
    try:
        candidate = token_hash(token).encode("ascii")
        stored = stored_hash.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, e.g. from a JSON "\ud800" escape
        return False
    # bytes, not str: compare_digest refuses str that is not ASCII with a TypeError
    return hmac.compare_digest(candidate, stored)
