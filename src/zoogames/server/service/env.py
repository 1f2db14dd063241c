"""What every part of the service shares: the database and its threads, the settings.

One small object, made once per process and handed to each part (``round.py``,
``accounts.py``, ``chat.py``, …), as lila's modules share an ``Env``: the store and the
thread pool its calls run in, the settings, the sockets' hub, the bot pool, the rate
limits, the notifier, the metrics, and the bus to the other processes once it runs.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from zoogames.core.message import msg
from zoogames.server.bots import BotPool
from zoogames.server.bus import Bus
from zoogames.server.errors import ApiError
from zoogames.server.hub import Hub
from zoogames.server.metrics import Metrics
from zoogames.server.notify import Notifier
from zoogames.server.ratelimit import RateLimits
from zoogames.server.settings import Settings
from zoogames.server.store import Conflict, Store

log = logging.getLogger("zoogames.server")
T = TypeVar("T")


class Env:
    """The service's shared parts (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        bots: BotPool,
        hub: Hub,
        db_threads: int,
        settings: Settings,
        external_bots: bool = False,
    ) -> None:
        self.store = store
        self.bots = bots
        self.hub = hub
        self.settings = settings
        self.external_bots = external_bots
        """Bot turns are queued for bot workers (``zoogames bots``), not played here."""
        self.limits = RateLimits(settings)
        self.notifier = Notifier(settings)
        self.metrics = Metrics()
        """This process's counters and histograms (``/metrics``, when it is on)."""
        self.bus: Bus | None = None
        """The other processes on the database (``Service.start_bus``); ``None``: this one
        alone."""
        self.turns_queued = asyncio.Event()
        """Set when some process queued a bot turn (what bot workers wait for)."""
        self.open_sockets: Counter[str] = Counter()
        """Open game sockets by client address (``ws.py`` caps them)."""
        self._db = ThreadPoolExecutor(db_threads, thread_name_prefix="zoogames-db")
        self._background: set[asyncio.Task[None]] = set()
        """Timeouts, rating updates and notifications under way (held so that none is
        collected midway)."""

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call in the database threads; a failing database is a 503."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._db, fn, *args)
        except Conflict:
            raise
        except self.store.errors as e:
            log.error("database error: %s", type(e).__name__)
            self.metrics.database_errors.labels(type(e).__name__).inc()
            raise ApiError(
                503,
                msg("error.database"),
            ) from None

    def in_background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task held until it is done."""
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def publish(self, game_id: str, kind: str, **fields: Any) -> None:
        """Tell the other processes (if any) that something of ``game_id`` changed."""
        if self.bus is not None:
            self.bus.publish(game_id, kind, **fields)

    def close(self) -> None:
        """Stop the bots and the database threads (the last heartbeat says when)."""
        self.bots.close()
        try:
            self._db.submit(self.store.alive, True).result(timeout=5)
        except Exception as e:  # a stop must go on: the last periodic heartbeat stands
            log.error("no last heartbeat: %s", type(e).__name__)
        self._db.shutdown(wait=True)
