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
from zoogames.server.table import Table

MAX_QUEUE = 64
"""Messages a connection may have waiting; past that it is closed (the client reconnects
and gets one fresh snapshot instead of a backlog)."""


def dumps(message: dict[str, JSON]) -> str:
    """Compact JSON text of a message (orjson: a tenth of the time of ``json``)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Connection:
    """One client's socket on one game: the seat it speaks for (``None``: a spectator)."""

    def __init__(
        self, websocket: WebSocket, game_id: str, seat: int | None, client: str = ""
    ) -> None:
        self.websocket = websocket
        self.game_id = game_id
        self.seat = seat
        self.invited: int | None = None
        """The seat whose invitation this connection showed (it watches until it joins)."""
        self.client = client
        """The client's address (limits on sockets and watched games count by it)."""
        self.seen = 0
        """The number of actions its last state covered: the next push's log starts there."""
        self.closed = False
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())

    def send(self, text: str) -> None:
        """Queue ``text`` for sending; close the connection if it cannot keep up."""
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUE:
            self.close()
            return
        self.queue.put_nowait(text)

    def send_state(self, table: Table, log_from: int) -> None:
        """Queue this connection's snapshot, with the log from ``log_from``."""
        self.send(dumps({"type": "state", **table.snapshot(self.seat, log_from, self.invited)}))
        self.seen = table.number

    def close(self) -> None:
        """Stop sending (after what is queued) and close the socket."""
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)

    async def _write(self) -> None:
        while (text := await self.queue.get()) is not None:
            try:
                await self.websocket.send_text(text)
            except Exception:  # the client went away; the reader notices and cleans up
                return
        with contextlib.suppress(Exception):
            await self.websocket.close(1013)

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
