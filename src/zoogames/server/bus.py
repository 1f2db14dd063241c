"""What one process tells the others on the same PostgreSQL database: LISTEN/NOTIFY.

Several ``zoogames serve`` processes (and ``zoogames bots`` workers) may share one
PostgreSQL database. Each keeps the games it serves in memory and pushes them to its own
sockets, so each must hear of a change another process made. After committing a change,
a process publishes a *notice* on the channel ``zoogames`` (``pg_notify``); every process
listens on it (psycopg 3's ``AsyncConnection.notifies``) and brings its copy of that game
up to date. No second datastore: PostgreSQL delivers notices in commit order to every
listening session, and the database stays the single source of truth (a notice only says
*what to read again*, or, for an action, what any process would compute from the record).

A notice is a JSON object: ``o`` the origin (a process ignores its own), ``g`` the game,
``k`` the kind (``act``, ``game``, ``chat``, ``bot``) and the kind's fields. Notices are
at most a few hundred bytes (PostgreSQL's limit is 8,000).

Delivery is best effort in one case: a process that dies between its commit and its
notice leaves the others unaware until their next check (``Round.check``,
every few seconds, compares the revisions of the games their sockets show). A listener
that loses its connection reconnects and runs the same check at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from typing import Any

import orjson

log = logging.getLogger("zoogames.server")

CHANNEL = "zoogames"
RECONNECT_SECONDS = 1.0
"""The wait before connecting again after the database connection was lost."""


def conninfo_of(url: Any) -> str:
    """The libpq connection string of a SQLAlchemy URL (``postgresql+psycopg://…``)."""
    return str(url.set(drivername="postgresql").render_as_string(hide_password=False))


FLUSH_SECONDS = 1.0
"""The longest a stopping process waits for its queued notices to be sent."""


class Bus:
    """Publish notices and receive the others' (see the module docstring).

    ``on_notice`` gets every notice of another process, in the order they were sent;
    ``on_connect`` runs after each (re)connection of the listener: notices sent while it
    was away are lost, and the callback checks what they would have said.
    """

    def __init__(
        self,
        conninfo: str,
        on_notice: Callable[[dict[str, Any]], None],
        on_connect: Callable[[], None] = lambda: None,
    ) -> None:
        self.conninfo = conninfo
        self.on_notice = on_notice
        self.on_connect = on_connect
        self.origin = secrets.token_hex(6)
        """This process's name in its notices."""
        self._outbox: asyncio.Queue[bytes] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self.listening = asyncio.Event()
        """Set while the listener's connection is up (tests and startup wait for it)."""

    def start(self) -> None:
        """Start listening and publishing (in the running event loop)."""
        self._tasks = [
            asyncio.create_task(self._listen()),
            asyncio.create_task(self._publish()),
        ]

    async def close(self) -> None:
        """Stop both connections, once the queued notices are sent (a second at most).

        A process that stops tells the others what it did last (a bot turn handed back),
        unless its connection is gone: then the notices are dropped.
        """
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(FLUSH_SECONDS):
                while not self._outbox.empty():
                    await asyncio.sleep(0.01)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def publish(self, game_id: str, kind: str, **fields: Any) -> None:
        """Send a notice about ``game_id`` to every other process (in order, after commits)."""
        notice = {"o": self.origin, "g": game_id, "k": kind, **fields}
        self._outbox.put_nowait(orjson.dumps(notice))

    async def _publish(self) -> None:
        """Send the queued notices on a connection of their own, reconnecting as needed."""
        import psycopg  # here, not at the top: a server on SQLite never needs it (0.15 s)

        pending: bytes | None = None
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True
                ) as conn:
                    while True:
                        if pending is None:
                            pending = await self._outbox.get()
                        await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, pending.decode()))
                        pending = None
            except (psycopg.Error, OSError) as e:
                log.error("notices: the database connection failed (%s)", type(e).__name__)
                await asyncio.sleep(RECONNECT_SECONDS)

    async def _listen(self) -> None:
        """Receive notices, reconnecting (and asking for a check) when the connection drops."""
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    self.on_connect()
                    async for notify in conn.notifies():
                        self._received(notify.payload)
            except (psycopg.Error, OSError) as e:
                log.error("notices: the listening connection failed (%s)", type(e).__name__)
            self.listening.clear()
            await asyncio.sleep(RECONNECT_SECONDS)

    def _received(self, payload: str) -> None:
        try:
            notice = orjson.loads(payload)
        except orjson.JSONDecodeError:
            log.error("notices: a notice that is not JSON was ignored")
            return
        if not isinstance(notice, dict) or notice.get("o") == self.origin:
            return
        try:
            self.on_notice(notice)
        except Exception as e:  # one bad notice must not stop the listener
            log.error("notices: a %s notice failed (%s)", notice.get("k"), type(e).__name__)
