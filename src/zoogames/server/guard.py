"""HTTP connections with a bounded request size and a deadline (uvicorn's h11 protocol).

uvicorn parses HTTP with httptools when it is installed ("auto"), and httptools enforces
no limit on a request's headers: four unterminated 100 MiB headers grew the server by
400 MB. h11 refuses a request whose line and headers exceed its
``max_incomplete_event_size`` (uvicorn's ``h11_max_incomplete_event_size``) with 400 and
closes the connection, so the server runs h11 with that limit set to
``Settings.max_header_bytes``. Neither parser times out a connection that sends nothing,
or its headers a byte at a time: uvicorn's keep-alive timer runs only between two
requests. :class:`GuardedH11Protocol` adds that deadline: a whole request (line, headers
and body) must arrive within ``Settings.request_timeout`` seconds of the connection's
start, or of the end of the previous answer; otherwise the connection is closed. A
WebSocket upgrade request is a request like any other; once upgraded the socket is the
app's (``ws.py`` closes one that does not say hello in time).
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

WAITING = (h11.IDLE, h11.SEND_BODY)
"""The client's states in which the server waits for (the rest of) a request."""


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on receiving each request (module docstring)."""

    request_timeout = 10.0
    """Set from the settings by :func:`protocol`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._upgraded = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Start the clock for the first request."""
        super().connection_made(transport)
        self._watch()

    def data_received(self, data: bytes) -> None:
        """Parse as uvicorn does; stop the clock once the whole request is in."""
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        """After an answer, the next request has its own deadline."""
        super().on_response_complete()
        self._watch()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """The connection becomes a WebSocket: the app's from now on, without a deadline."""
        self._upgraded = True
        self._stop()
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        """Stop the clock."""
        self._stop()
        super().connection_lost(exc)

    def _watch(self) -> None:
        waiting = self.conn.their_state in WAITING and self.conn.our_state is not h11.ERROR
        if not waiting or self._upgraded or self.transport.is_closing():
            self._stop()
        elif self._deadline is None:
            self._deadline = self.loop.call_later(self.request_timeout, self._too_slow)

    def _stop(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self._upgraded:
            return
        if self.conn.their_state in WAITING and not self.transport.is_closing():
            self.transport.close()


def protocol(request_timeout: float) -> type[GuardedH11Protocol]:
    """The protocol class uvicorn should use, with its deadline set."""
    return type("Guarded", (GuardedH11Protocol,), {"request_timeout": request_timeout})
