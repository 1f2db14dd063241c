"""Rate limits per client address, counted by the ``limits`` library.

One :class:`RateLimits` holds every kind of limit (``settings.RATE_DEFAULTS``). Counts
live in memory (``limits``' ``MemoryStorage``: entries expire with their window) with the
sliding-window-counter strategy, which keeps two counters per address and limit whatever
the rate, so a flood costs no memory. The client address is the peer's, or the one a
trusted reverse proxy names (uvicorn's ``forwarded_allow_ips``, set from
``ZOOGAMES_TRUSTED_PROXIES``). A refusal is an :class:`~.errors.ApiError` 429 with a
sentence; the socket turns it into close code 1008 with the same sentence.
"""

from __future__ import annotations

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
}
"""How a refusal names what was counted."""


class RateLimits:
    """Every rate limit of the server (see the module docstring)."""

    def __init__(self, settings: Settings) -> None:
        self.storage = MemoryStorage()
        self.limiter = SlidingWindowCounterRateLimiter(self.storage)
        self.items: dict[str, list[RateLimitItem]] = {}
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
        for item in self.items.get(kind, ()):
            if not self.limiter.hit(item, kind, client):
                raise ApiError(
                    429,
                    f"too many {WHAT[kind]} from your address (at most {item}): wait a little"
                    " and try again",
                    msg("error.too_many"),
                )

    def reset(self) -> None:
        """Forget every count."""
        self.storage.reset()
