"""Rate limits per client address, counted by the ``limits`` library.

One :class:`RateLimits` holds every kind of limit (``settings.RATE_DEFAULTS``). Counts
live in memory (``limits``' ``MemoryStorage``: entries expire with their window) with the
sliding-window-counter strategy, which keeps two counters per address and limit whatever
the rate, so a flood costs no memory. The client address is the peer's, or the one a
trusted reverse proxy names (uvicorn's ``forwarded_allow_ips``, set from
``ZOOGAMES_TRUSTED_PROXIES``). A refusal is an :class:`~.errors.ApiError` 429 with a
sentence; the socket turns it into close code 1008 with the same sentence.

Addresses are counted by :func:`client_key`: an IPv6 client by its /64 (one subscriber's
network: anyone with one has 2**64 addresses to rotate through), an IPv4 one by itself.
Failed sign-ins are also counted per account name, whatever the address
(:meth:`RateLimits.attempt`).
"""

from __future__ import annotations

import ipaddress
from collections import Counter

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter

from zoogames.core.message import msg
from zoogames.server.errors import ApiError
from zoogames.server.settings import Settings

WHAT = {
    "create": "new games",
    "join": "joins",
    "act": "actions",
    "read": "requests for a game",
    "connect": "connections to game sockets",
    "hello": "hello messages",
    "message": "socket messages",
    "signup": "new accounts",
    "signin": "sign-in attempts",
    "lobby": "lobby requests",
    "chat": "chat messages",
    "notify": "changes of notifications",
    "hint": "hints",
    "review": "requests for a review",
    "signin_account": "failed sign-ins at this account",
}
"""How a refusal names what was counted."""


def client_key(address: str) -> str:
    """What the limits count a client address as.

    An IPv6 address stands for its /64 (``2001:db8:1:2::/64``): a home or a server gets a
    whole /64, so counting single addresses would give one client 2**64 fresh counts. An
    IPv4 address, or an IPv4-mapped IPv6 one (``::ffff:192.0.2.1``), is itself. Anything
    else (no address, or a key already) is returned as it is.
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class RateLimits:
    """Every rate limit of the server (see the module docstring)."""

    def __init__(self, settings: Settings) -> None:
        self.storage = MemoryStorage()
        self.limiter = SlidingWindowCounterRateLimiter(self.storage)
        self.items: dict[str, list[RateLimitItem]] = {}
        self.under_way: Counter[tuple[str, str]] = Counter()
        """Attempts started and not yet ended, by kind and key (:meth:`attempt`)."""
        for kind in WHAT:
            text = settings.rate(kind)
            if text.lower() != "off":
                try:
                    self.items[kind] = parse_many(text)
                except ValueError:
                    raise ValueError(
                        f"ZOOGAMES_LIMIT_{kind.upper()}: {text!r} is not a rate limit such as"
                        " '20/second;600/minute' (or off)"
                    ) from None

    def hit(self, kind: str, client: str) -> None:
        """Count one ``kind`` request of ``client``; 429 if one of its limits is reached."""
        key = client_key(client)
        for item in self.items.get(kind, ()):
            if not self.limiter.hit(item, kind, key):
                raise ApiError(
                    429,
                    msg("error.too_many"),
                    f"too many {WHAT[kind]} from your address (at most {item}): wait a little"
                    " and try again",
                )

    def attempt(self, kind: str, key: str) -> None:
        """Start an attempt that counts only if it fails (:meth:`attempted` ends it).

        429 if the failures of ``key`` counted so far, plus the attempts still under way,
        reach a limit of ``kind``: so many attempts at once cannot all slip in before
        their failures are counted. A success counts nothing, and resets nothing: the
        failures age out of their window whatever happens meanwhile.
        """
        under_way = self.under_way[kind, key]
        for item in self.items.get(kind, ()):
            if not self.limiter.test(item, kind, key, cost=under_way + 1):
                raise ApiError(
                    429,
                    msg("error.signin_locked"),
                    f"too many {WHAT[kind]} (at most {item}): wait a few minutes, or sign in"
                    " from a browser you signed in with before",
                )
        self.under_way[kind, key] += 1

    def attempted(self, kind: str, key: str, failed: bool) -> None:
        """End an attempt :meth:`attempt` started; count it if it ``failed``."""
        self.under_way[kind, key] -= 1
        if self.under_way[kind, key] <= 0:
            del self.under_way[kind, key]
        if failed:
            for item in self.items.get(kind, ()):
                self.limiter.hit(item, kind, key)

    def reset(self) -> None:
        """Forget every count."""
        self.storage.reset()
