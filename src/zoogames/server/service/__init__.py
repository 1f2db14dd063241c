"""The server's work on games, one part per concern over one shared ``Env``.

As lichess's lila keeps a module per concern over a shared environment, the service is
cut along its seams; :class:`Service` is the round with the other parts attached, and the
routes call the part a request is about (``service.accounts.sign_in(…)``):

- ``env``: what every part shares (``Env``: the store and its threads, the settings, the
  hub, the bot pool, the rate limits, the notifier, the metrics, the bus);
- ``round``: the round (``Round``): the table cache, the per-game locks, the one write
  path, the other processes' notices, bot turns;
- ``clocks``: the clocks of games in play with one, their timeouts and the heartbeat;
- ``create``: a new game's request (``NewGame``, ``SeatRequest``) checked and dealt;
- ``seats``: accepting an invitation, leaving, a rematch, a seat given to a bot, and the
  seat rules every part shares (``clean_name``, ``holds_a_seat``);
- ``lobby``: listed games, taking an open seat, the host starting with bots;
- ``accounts``: sign-up, sign-in and out, passwords, deletion, an account's games;
- ``profiles``: profiles and leaderboards;
- ``chat``: chat lines and mutes;
- ``notify``: notification settings and the "your turn" pushes and e-mails;
- ``hints``: the bots' hints;
- ``reviews``: games' reviews.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from zoogames.core.game import JSON
from zoogames.server import migrate
from zoogames.server.bots import BotPool
from zoogames.server.bus import Bus
from zoogames.server.errors import ApiError
from zoogames.server.hub import Hub
from zoogames.server.metrics import Metrics
from zoogames.server.notify import Notifier
from zoogames.server.ratelimit import RateLimits
from zoogames.server.service.accounts import Accounts
from zoogames.server.service.chat import Chat
from zoogames.server.service.create import NewGame, NewGames, SeatRequest
from zoogames.server.service.env import Env
from zoogames.server.service.hints import Hints
from zoogames.server.service.lobby import Lobby
from zoogames.server.service.notify import Notifications
from zoogames.server.service.profiles import Profiles
from zoogames.server.service.reviews import Reviews
from zoogames.server.service.round import DECK_TABLES, Round
from zoogames.server.service.seats import NAME_LENGTH, Seats
from zoogames.server.settings import Settings
from zoogames.server.store import Store

__all__ = ["DECK_TABLES", "NAME_LENGTH", "Env", "NewGame", "SeatRequest", "Service"]

T = TypeVar("T")


class Service(Round):
    """The round, with every other part of the service over the same ``Env``."""

    def __init__(
        self,
        store: Store,
        bots: BotPool,
        hub: Hub,
        db_threads: int,
        cache_size: int = 2000,
        settings: Settings | None = None,
        external_bots: bool = False,
    ) -> None:
        env = Env(store, bots, hub, db_threads, settings or Settings(), external_bots)
        super().__init__(env, Notifications(env), cache_size)
        self.games = NewGames(env, self)
        self.seats = Seats(env, self)
        self.lobby = Lobby(env, self)
        self.accounts = Accounts(env, self)
        self.profiles = Profiles(env)
        self.chat = Chat(env, self)
        self.hints = Hints(env, self)
        self.reviews = Reviews(env, self)
        env.metrics.watch(self)

    # The shared parts, as the server's other modules (``ws.py``, ``bot_workers.py``,
    # ``metrics.py``) and tests reach them.

    @property
    def store(self) -> Store:
        """The database (``Env.store``)."""
        return self.env.store

    @property
    def settings(self) -> Settings:
        """The server's settings (``Env.settings``)."""
        return self.env.settings

    @property
    def hub(self) -> Hub:
        """The sockets of the games (``Env.hub``)."""
        return self.env.hub

    @property
    def bots(self) -> BotPool:
        """The bot workers of this process (``Env.bots``)."""
        return self.env.bots

    @property
    def limits(self) -> RateLimits:
        """The rate limits (``Env.limits``)."""
        return self.env.limits

    @property
    def notifier(self) -> Notifier:
        """The push and e-mail sender (``Env.notifier``)."""
        return self.env.notifier

    @property
    def metrics(self) -> Metrics:
        """The metrics of this process (``Env.metrics``)."""
        return self.env.metrics

    @property
    def bus(self) -> Bus | None:
        """The other processes on the database, once ``start_bus`` ran (``Env.bus``)."""
        return self.env.bus

    @property
    def turns_queued(self) -> Any:
        """Set when some process queued a bot turn (``Env.turns_queued``)."""
        return self.env.turns_queued

    @property
    def open_sockets(self) -> Counter[str]:
        """Open game sockets by client address (``Env.open_sockets``)."""
        return self.env.open_sockets

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call in the database threads (``Env.db``)."""
        return await self.env.db(fn, *args)

    # ----- the process's life ----------------------------------------------------------

    def start_bus(self, conninfo: str) -> Bus:
        """Hear the other processes' changes, and tell them ours (PostgreSQL).

        Also checks, every ``Settings.check_seconds`` and after every reconnection, that
        the games shown on this process's sockets are at the database's revision.
        """
        bus = Bus(conninfo, self._on_notice, lambda: self.env.in_background(self.check()))
        self.env.bus = bus
        bus.start()
        self.env.in_background(self._check_every(self.settings.check_seconds))
        return bus

    async def stop_bus(self) -> None:
        """Stop hearing and telling the other processes."""
        if self.env.bus is not None:
            await self.env.bus.close()

    def _on_notice(self, notice: dict[str, Any]) -> None:
        """Another process published a notice: hand it to the part it is for."""
        kind = notice.get("k")
        if kind == "bot":
            self.env.turns_queued.set()
        elif kind == "hint":
            self.hints.heard(notice)
        elif kind == "signed-out":
            self.accounts.forget_devices(int(notice["a"]))
        elif kind == "chat":
            self.chat.heard(notice)
        else:
            self.heard(notice)

    async def readiness(self) -> tuple[bool, dict[str, JSON]]:
        """Whether this process can serve games now, and each part's state (``/readyz``).

        The database answers, its schema is the newest this code knows or newer (a server
        started during a migration by another one is not ready until it ran; an old server
        during a rolling upgrade serves the newer schema, which only adds), and with several
        processes the bus listens (otherwise other processes' changes would not reach
        this one's sockets).
        """
        parts: dict[str, JSON] = {}
        ready = True
        try:
            current, head = await self.env.db(migrate.revisions, self.store.engine)
            parts["database"] = "ok"
            parts["migration"] = current
            if current != head and not migrate.newer_than_code(current):
                parts["migration_expected"] = head
                ready = False
        except ApiError:
            parts["database"] = "failing"
            ready = False
        if self.env.bus is not None:
            listening = self.env.bus.listening.is_set()
            parts["bus"] = "listening" if listening else "not listening"
            ready = ready and listening
        return ready, parts

    def close(self) -> None:
        """Stop the bots and the database threads (the last heartbeat says when)."""
        self.env.close()
