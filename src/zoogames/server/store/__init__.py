"""The database behind the server: opening it, and every read and write the server makes.

Writes that change a game's position check ``games.revision`` (see ``models.py``): a
write computed on an older position raises :class:`Conflict` and changes nothing. All
methods are synchronous; the server calls them from one worker thread per database
connection it allows (see ``service/env.py``).

One module per concern, as lichess's lila keeps one repository per collection;
:class:`Store` is their mixins put together, and this package re-exports what the rest of
the server imports from it:

- ``records``: the records and the error the server uses without SQL (``Seat``,
  ``GameData``, ``Setup``, ``Position``, ``BotTurn``, ``ReviewData``, ``Conflict``, …);
- ``engine``: opening the database (``open_engine``, ``durability``), the hot path's
  statements (``DriverSql``), and ``StoreBase`` (the mixins' attributes, ``_upsert``,
  ``server_key``);
- ``games``: create, load, actions and undo, seats joined, invited, left, forfeits;
- ``clocks``: timeouts, clocked games, the heartbeat and the downtime given back;
- ``accounts``: accounts, sessions, passwords, device tokens, deletion, an account's games;
- ``lobby``: open seats and listed games;
- ``chat``: chat messages and mutes;
- ``events``: what happens to seats (joined, left, ran out of time, forfeited, rematch);
- ``ratings``: rating a game, profiles, leaderboards;
- ``notify``: push subscriptions and e-mail addresses, with their limits;
- ``queue``: the bot workers' queue and the seats' presence (several processes);
- ``reviews``: games' reviews and their leases.
"""

from __future__ import annotations

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from zoogames.server.store.accounts import AccountsStore
from zoogames.server.store.chat import ChatStore
from zoogames.server.store.clocks import ALIVE, STOPPED, ClocksStore
from zoogames.server.store.engine import (
    ACTIONS,
    DEFAULT_URL,
    DELETE_ACTION,
    GAMES,
    MOVE,
    DriverSql,
    StoreBase,
    describe_url,
    durability,
    open_engine,
)
from zoogames.server.store.events import EventsStore
from zoogames.server.store.games import GamesStore
from zoogames.server.store.lobby import LobbyStore
from zoogames.server.store.notify import NotifyStore
from zoogames.server.store.queue import QueueStore
from zoogames.server.store.ratings import RatingsStore
from zoogames.server.store.records import (
    PRIORITY,
    BotTurn,
    ChatLine,
    Conflict,
    DeviceToken,
    GameData,
    Listed,
    MyGame,
    Position,
    ReviewData,
    Seat,
    Setup,
    TableEvent,
    winners,
)
from zoogames.server.store.reviews import ReviewsStore

__all__ = [
    "ACTIONS",
    "ALIVE",
    "DEFAULT_URL",
    "DELETE_ACTION",
    "GAMES",
    "MOVE",
    "PRIORITY",
    "STOPPED",
    "BotTurn",
    "ChatLine",
    "Conflict",
    "DeviceToken",
    "DriverSql",
    "GameData",
    "Listed",
    "MyGame",
    "Position",
    "ReviewData",
    "Seat",
    "Setup",
    "Store",
    "StoreBase",
    "TableEvent",
    "describe_url",
    "durability",
    "open_engine",
    "winners",
]


class Store(
    GamesStore,
    ClocksStore,
    AccountsStore,
    LobbyStore,
    ChatStore,
    EventsStore,
    RatingsStore,
    NotifyStore,
    QueueStore,
    ReviewsStore,
):
    """The server's reads and writes, each in its own transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sql = DriverSql(engine)
        self.errors: tuple[type[Exception], ...] = (SQLAlchemyError, self._sql.driver_error)
        """What a failing database raises, through SQLAlchemy or from its driver."""
