"""Accounts: names, passwords (argon2id through ``argon2-cffi``) and session cookies.

An account is optional: a guest's seats work by their tokens exactly as before. A
signed-in browser holds one cookie, :data:`COOKIE`, whose value is a random secret; the
database keeps only its SHA-256 (``sessions``), like seat tokens. Hashing a password costs
about 0.15 s of CPU and 64 MiB (argon2-cffi's default, RFC 9106's low-memory profile), so
it runs in threads of its own, at most :data:`HASHING` at once, never on the event loop
or in the database threads, and a request waits for one of them only briefly, in a fair
line (:class:`Hashing`).

A browser that signed in to an account holds a second cookie, :data:`DEVICE_COOKIE`,
that proves it did (an HMAC of the account's name under a server key): failed sign-ins
from it are counted apart from everyone else's, and its sign-ins are hashed first, so a
guesser can neither lock the owner out nor queue in front of them (docs/server.md,
Accounts and sessions). Passwords among the most common ones are refused
(:func:`is_common`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import hashlib
import hmac
import re
import secrets
from collections import Counter, deque
from collections.abc import AsyncIterator
from dataclasses import dataclass
from functools import cache
from importlib import resources

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from zoogames.core.message import msg
from zoogames.server.errors import ApiError
from zoogames.server.ratelimit import client_key

COOKIE = "zoogames_session"
"""The session cookie's name."""

NAME = re.compile(r"[A-Za-z0-9_-]{3,24}")
"""An account name: 3–24 ASCII letters, digits, ``_`` or ``-`` (it appears in profile
addresses, and ASCII leaves no look-alike letters to impersonate someone with)."""
PASSWORD_MIN = 8
PASSWORD_MAX = 256
HASHING = 2
"""Passwords hashed at once, server-wide (each takes 64 MiB and a core for 0.15 s)."""
HASH_WAIT = 2.0
"""Seconds a request waits for a hashing slot at most; then 503, try again."""
HASH_QUEUE = 16
"""Requests waiting for a hashing slot at once, at most; the next is refused at once."""
HASH_PER_CLIENT = 2
"""Requests of one client address (an IPv6 /64) hashing or waiting at once, at most."""
DEVICE_COOKIE = "zoogames_device"
"""The cookie of a browser that signed in to an account before (see the module docstring)."""
DEVICE_DAYS = 400
"""Days a browser is known by its :data:`DEVICE_COOKIE` (browsers cap a cookie at 400)."""
COMMON = "common-passwords.txt.gz"
"""The common passwords refused (beside this module): Django's list, the 20,000 most
common passwords by Royce Williams, lowercased, those of 8 characters or more kept (its
licence: ``common-passwords.NOTICE``)."""

_hasher = PasswordHasher()
_DUMMY = (
    "$argon2id$v=19$m=65536,t=3,p=4$ADu7q2QAKSMSTXfR7COiqg"
    "$52blFxM4Urrtu0NNaqf1UxbDDQ/IQuB2KRgk0oY2gis"
)
"""Verified against when the name is unknown, so that a wrong name takes as long as a
wrong password: the answer's timing does not say which names exist. The hash of "a
password nobody has" with :data:`_hasher`'s parameters (a test checks they are still its
own), written out: hashed at import, it cost every process that imports this module (each
server and bot worker, each test process) a tenth of a second of CPU."""


@dataclass(frozen=True, slots=True)
class Account:
    """A signed-in player: the account's id and name."""

    id: int
    name: str


def check_name(name: str) -> str:
    """``name`` if it may name an account; else 422 with the rule."""
    if not NAME.fullmatch(name):
        raise ApiError(422, msg("error.name_rule"))
    return name


def name_key(name: str) -> str:
    """The unique form of a name: ``Anna`` and ``anna`` are one account."""
    return name.lower()


def check_password(password: str, name: str) -> str:
    """``password`` if it is acceptable; else 422 with the rule."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise ApiError(422, msg("error.password_length", least=PASSWORD_MIN, most=PASSWORD_MAX))
    if password.lower() == name.lower():
        raise ApiError(422, msg("error.password_name"))
    if is_common(password):
        raise ApiError(
            422,
            msg("error.password_common"),
        )
    return password


@cache
def _common() -> frozenset[str]:
    data = resources.files(__package__).joinpath(COMMON).read_bytes()
    return frozenset(gzip.decompress(data).decode().split())


def is_common(password: str) -> bool:
    """True if ``password`` (whatever its case) is one of the :data:`COMMON` passwords."""
    return password.strip().lower() in _common()


def busy() -> ApiError:
    """The answer when no hashing slot is free soon enough: 503, try again."""
    return ApiError(
        503,
        msg("error.busy"),
    )


class Hashing:
    """The hashing slots: :data:`HASHING` at once, with a bounded and fair wait.

    A request waits at most :data:`HASH_WAIT` seconds, behind at most :data:`HASH_QUEUE`
    others, and one client address holds at most :data:`HASH_PER_CLIENT` places (hashing
    or waiting); past any of these it gets 503 at once (:func:`busy`), so a flood of
    guesses costs the guessers their answers, not everyone else their sign-in. A request
    marked ``first`` (a known browser's sign-in, a signed-in player's password check)
    waits before all the others and is refused only when its wait runs out.
    """

    def __init__(
        self,
        slots: int = HASHING,
        queue: int = HASH_QUEUE,
        per_client: int = HASH_PER_CLIENT,
        wait: float = HASH_WAIT,
    ) -> None:
        self.slots, self.queue, self.per_client, self.wait = slots, queue, per_client, wait
        self.running = 0
        """Slots taken (a slot handed to a waiter stays taken)."""
        self.first: deque[asyncio.Future[None]] = deque()
        self.others: deque[asyncio.Future[None]] = deque()
        self.clients: Counter[str] = Counter()
        """Places held (hashing or waiting) per client address key."""

    @contextlib.asynccontextmanager
    async def slot(self, client: str, first: bool = False) -> AsyncIterator[None]:
        """Hold a hashing slot for ``client`` (an address key) while the block runs."""
        if self.clients[client] >= self.per_client or (
            not first and len(self.others) >= self.queue
        ):
            raise busy()
        self.clients[client] += 1
        try:
            if self.running < self.slots and not self.first and not self.others:
                self.running += 1
            else:
                await self._wait(self.first if first else self.others)
            try:
                yield
            finally:
                self._release()
        finally:
            self.clients[client] -= 1
            if self.clients[client] <= 0:
                del self.clients[client]

    async def _wait(self, line: deque[asyncio.Future[None]]) -> None:
        waiter = asyncio.get_running_loop().create_future()
        line.append(waiter)
        try:
            async with asyncio.timeout(self.wait):
                await waiter
        except BaseException as e:  # out of time, or the client went away
            if waiter.done() and not waiter.cancelled():
                self._release()  # the slot came as this gave up: pass it on
            else:
                waiter.cancel()
                with contextlib.suppress(ValueError):
                    line.remove(waiter)
            if isinstance(e, TimeoutError):
                raise busy() from None
            raise

    def _release(self) -> None:
        """Hand the slot to the next waiter (a known browser's first), or free it."""
        for line in (self.first, self.others):
            while line:
                waiter = line.popleft()
                if not waiter.done():
                    waiter.set_result(None)
                    return
        self.running -= 1


HASHING_SLOTS = Hashing()
"""The server's hashing slots (one event loop per server process)."""


async def hash_password(password: str, client: str = "", first: bool = False) -> str:
    """The argon2id hash of ``password`` (with its salt and parameters), off the event loop.

    ``client`` is the address key the wait counts by; ``first``: see :class:`Hashing`.
    """
    async with HASHING_SLOTS.slot(client_key(client), first):
        return await asyncio.to_thread(_hasher.hash, password)


async def verify_password(
    stored: str | None, password: str, client: str = "", first: bool = False
) -> tuple[bool, str | None]:
    """Whether ``password`` matches the ``stored`` hash, and a newer hash if needed.

    ``stored`` is ``None`` for no such account (a dummy hash is verified instead). The new
    hash is given when the stored one has outdated parameters (``None`` otherwise).
    ``client`` and ``first`` as for :func:`hash_password`.
    """

    def verify() -> tuple[bool, str | None]:
        try:
            _hasher.verify(stored if stored is not None else _DUMMY, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False, None
        if stored is None:
            return False, None
        return True, _hasher.hash(password) if _hasher.check_needs_rehash(stored) else None

    async with HASHING_SLOTS.slot(client_key(client), first):
        return await asyncio.to_thread(verify)


def new_key() -> str:
    """A fresh key for device cookies (32 random bytes, in hex), made once per database."""
    return secrets.token_hex(32)


def new_device_cookie(secret: bytes, key: str) -> str:
    """A :data:`DEVICE_COOKIE` value proving a sign-in to the account named ``key``."""
    device = secrets.token_urlsafe(12)
    return f"{device}.{_device_mac(secret, key, device)}"


def known_device(secret: bytes, key: str, cookie: str | None) -> str | None:
    """The browser's id if ``cookie`` proves a sign-in to ``key`` before; else ``None``."""
    if not cookie or len(cookie) > 100 or not cookie.isascii() or "." not in cookie:
        return None
    device, mac = cookie.split(".", 1)
    return device if hmac.compare_digest(mac, _device_mac(secret, key, device)) else None


def _device_mac(secret: bytes, key: str, device: str) -> str:
    return hmac.new(secret, f"{key}\0{device}".encode(), hashlib.sha256).hexdigest()[:32]
