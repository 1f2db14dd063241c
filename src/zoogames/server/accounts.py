"""Accounts: names, passwords (argon2id through ``argon2-cffi``) and session cookies.

An account is optional: a guest's seats work by their tokens exactly as before. A
signed-in browser holds one cookie, :data:`COOKIE`, whose value is a random secret; the
database keeps only its SHA-256 (``sessions``), like seat tokens. Hashing a password costs
about 0.15 s of CPU and 64 MiB (argon2-cffi's default, RFC 9106's low-memory profile), so
it runs in threads of its own, at most :data:`HASHING` at once, never on the event loop
or in the database threads.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from zoogames.server.errors import ApiError

COOKIE = "zoogames_session"
"""The session cookie's name."""

NAME = re.compile(r"[A-Za-z0-9_-]{3,24}")
"""An account name: 3–24 ASCII letters, digits, ``_`` or ``-`` (it appears in profile
addresses, and ASCII leaves no look-alike letters to impersonate someone with)."""
PASSWORD_MIN = 8
PASSWORD_MAX = 256
HASHING = 2
"""Passwords hashed at once, server-wide (each takes 64 MiB and a core for 0.15 s)."""

_hasher = PasswordHasher()
_slots = asyncio.Semaphore(HASHING)
_DUMMY = _hasher.hash("a password nobody has")
"""Verified against when the name is unknown, so that a wrong name takes as long as a
wrong password: the answer's timing does not say which names exist."""


@dataclass(frozen=True, slots=True)
class Account:
    """A signed-in player: the account's id and name."""

    id: int
    name: str


def check_name(name: str) -> str:
    """``name`` if it may name an account; else 422 with the rule."""
    if not NAME.fullmatch(name):
        raise ApiError(
            422, "a name is 3 to 24 characters: letters a-z or A-Z, digits, _ and - only"
        )
    return name


def name_key(name: str) -> str:
    """The unique form of a name: ``Anna`` and ``anna`` are one account."""
    return name.lower()


def check_password(password: str, name: str) -> str:
    """``password`` if it is acceptable; else 422 with the rule."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise ApiError(422, f"a password is {PASSWORD_MIN} to {PASSWORD_MAX} characters")
    if password.lower() == name.lower():
        raise ApiError(422, "the password must not be the name")
    return password


async def hash_password(password: str) -> str:
    """The argon2id hash of ``password`` (with its salt and parameters), off the event loop."""
    async with _slots:
        return await asyncio.to_thread(_hasher.hash, password)


async def verify_password(stored: str | None, password: str) -> tuple[bool, str | None]:
    """Whether ``password`` matches the ``stored`` hash, and a newer hash if needed.

    ``stored`` is ``None`` for no such account (a dummy hash is verified instead). The new
    hash is given when the stored one has outdated parameters (``None`` otherwise).
    """

    def verify() -> tuple[bool, str | None]:
        try:
            _hasher.verify(stored if stored is not None else _DUMMY, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False, None
        if stored is None:
            return False, None
        return True, _hasher.hash(password) if _hasher.check_needs_rehash(stored) else None

    async with _slots:
        return await asyncio.to_thread(verify)
