"""WebSocket connections per game, and pushing each of them its own seat's snapshot.

Each connection has an outgoing queue drained by its own task, so messages keep their
order and a slow client never holds up a game. A snapshot is built and serialised once
per seat (and log start), however many connections show that seat.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import defaultdict
from typing import Any

import orjson
from starlette.websockets import WebSocket

from zoogames.core.game import JSON
from zoogames.server.store.records import DeviceToken
from zoogames.server.table import Table

TRANSPORT = "zoogames.transport"
"""The scope key of a socket's asyncio transport (``Connection.abort``)."""
MAX_QUEUE = 64
"""Messages a connection may have waiting; past that it is closed (the client reconnects
and gets one fresh snapshot instead of a backlog)."""


def dumps(message: dict[str, JSON]) -> str:
    """Compact JSON text of a message (orjson: a tenth of the time of ``json``)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Connection:
    """One client's socket on one game: the seat it speaks for (``None``: a spectator)."""

    def __init__(
        self,
        websocket: WebSocket,
        game_id: str,
        seat: int | None,
        client: str = "",
        send_timeout: float = 10.0,
    ) -> None:
        self.websocket = websocket
        self.game_id = game_id
        self.seat = seat
        self.invited: int | None = None
        """The seat whose invitation this connection showed (it watches until it joins)."""
        self.device: DeviceToken | None = None
        """The device token it said hello with, if that is how it holds its seat: signing
        out everywhere revokes the token and closes the connection (``Service``)."""
        self.client = client
        """The client's address (limits on sockets and watched games count by it)."""
        self.send_timeout = send_timeout
        """The longest one message may take to be handed to the socket
        (``Settings.send_timeout``): past it the client is not reading, and the socket is
        dropped at once, its kernel buffers freed, not after the ping timeout."""
        self.seen = 0
        """The number of actions its last state covered: the next push's log starts there."""
        self.closed = False
        self.close_code = 1013
        """The code the socket is closed with once the queue is sent (:meth:`close`)."""
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())

    def send(self, text: str) -> None:
        """Queue ``text`` for sending; close the connection if it cannot keep up."""
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUE:  # it cannot keep up: no backlog is sent
            self.closed = True
            self.writer.cancel()
            self.abort()
            return
        self.queue.put_nowait(text)

    def send_state(self, table: Table, log_from: int) -> None:
        """Queue this connection's snapshot, with the log from ``log_from``."""
        self.send(dumps({"type": "state", **table.snapshot(self.seat, log_from, self.invited)}))
        self.seen = table.number

    def close(self, code: int = 1013) -> None:
        """Stop sending (after what is queued) and close the socket with ``code``."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.queue.put_nowait(None)

    async def _write(self) -> None:
        loop = asyncio.get_running_loop()
        while (text := await self.queue.get()) is not None:
            # A watchdog rather than ``wait_for``, which runs the send in a task of its
            # own: so wrapped, some sockets stopped getting their messages under load.
            watchdog = loop.call_later(self.send_timeout, self._too_slow)
            try:
                await self.websocket.send_text(text)
            except Exception:  # the client went away; the reader notices and cleans up
                return
            finally:
                watchdog.cancel()
        watchdog = loop.call_later(self.send_timeout, self._too_slow)
        try:
            with contextlib.suppress(Exception):
                await self.websocket.close(self.close_code)
        finally:
            watchdog.cancel()

    def _too_slow(self) -> None:
        """A message waited too long to be handed to the socket: the client does not read."""
        self.closed = True
        self.abort()

    def abort(self) -> None:
        """Drop the TCP connection now, discarding what the kernel still holds for it.

        A close frame would queue behind the unread data, and closing the transport waits
        for it to be read: ``abort`` frees the buffers. The transport is the one uvicorn's
        protocol holds, put in the scope by the app's outermost layer (``app.py``).
        """
        transport = self.websocket.scope.get(TRANSPORT)
        if transport is not None:
            transport.abort()

    async def stop(self) -> None:
        """Stop the writer task (when the client has gone)."""
        self.writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.writer


class Hub:
    """The live connections of every game."""

    def __init__(self) -> None:
        self.games: dict[str, set[Connection]] = defaultdict(set)

    def add(self, conn: Connection) -> None:
        """Register a connection that said hello."""
        self.games[conn.game_id].add(conn)

    def remove(self, conn: Connection) -> bool:
        """Forget a connection; False if it was not (or no longer) registered."""
        conns = self.games.get(conn.game_id)
        if conns is None or conn not in conns:
            return False
        conns.discard(conn)
        if not conns:
            del self.games[conn.game_id]
        return True

    def watched(self, game_id: str) -> bool:
        """True if some client is connected to the game."""
        return bool(self.games.get(game_id))

    def seated(self, game_id: str, seat: int) -> bool:
        """True if a page of ``seat`` is connected to the game (it says "your turn" itself)."""
        return any(c.seat == seat and not c.closed for c in self.games.get(game_id, ()))

    def games_of(self, client: str) -> set[str]:
        """The games ``client`` has a socket on."""
        return {gid for gid, conns in self.games.items() if any(c.client == client for c in conns)}

    def push_state(self, table: Table, log_from: int) -> None:
        """Send every connection of ``table`` its seat's new snapshot.

        ``log_from`` is the first log entry the change touched; a connection that saw
        less gets its log from where it stopped.
        """
        texts: dict[tuple[int | None, int, int | None], str] = {}
        for conn in self.games.get(table.id, ()):
            key = (conn.seat, min(log_from, conn.seen), conn.invited)
            text = texts.get(key)
            if text is None:
                text = dumps({"type": "state", **table.snapshot(*key)})
                texts[key] = text
            conn.send(text)
            conn.seen = table.number

    def send_all(self, game_id: str, message: dict[str, Any]) -> None:
        """Send the same message to every connection of a game."""
        conns = self.games.get(game_id)
        if conns:
            text = dumps(message)
            for conn in conns:
                conn.send(text)
