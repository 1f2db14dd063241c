"""Secrets: seat tokens (stored only as their SHA-256) and game ids."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import string

ID_ALPHABET = string.ascii_letters + string.digits
ID_LENGTH = 10
"""A game id is 10 letters or digits: about 60 bits, not guessable, short in a link."""


def new_token() -> str:
    """A fresh seat token: 24 random bytes, URL-safe base64."""
    return secrets.token_urlsafe(24)


def new_session() -> str:
    """A fresh session cookie's value: 32 random bytes, URL-safe base64."""
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    """The SHA-256 of a token, in hex: all the database keeps of it."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    """True if ``token`` is the one whose digest is ``stored`` (compared in constant time)."""
    return stored is not None and hmac.compare_digest(digest(token), stored)


def new_game_id() -> str:
    """A fresh random game id."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))
