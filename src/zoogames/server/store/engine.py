"""The store's shared plumbing: opening the database, and what every concern's part uses.

``open_engine`` (SQLite tuned for the server, or PostgreSQL), ``describe_url`` and
``durability``; the hot path's statements, built once (``GAMES``, ``ACTIONS``,
``DELETE_ACTION``, ``MOVE``) and in the driver's own SQL (:class:`DriverSql`); ``_seat`` (a
``seats`` row as a :class:`Seat`); and :class:`StoreBase`, what the mixins that make up
``Store`` share: its attributes, ``_upsert``, and ``server_key`` (the servers' keys, which
both the accounts' device cookies and the notifications' VAPID key pair use).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Engine,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

from zoogames.server.models import ActionRow, BotTurnRow, GameRow, ServerKeyRow
from zoogames.server.store.records import Seat, _now

DEFAULT_URL = "sqlite:///var/zoogames.db"
"""SQLite in ``./var/`` (relative to the directory the server starts in)."""


def open_engine(url: str | None = None) -> Engine:
    """An engine for ``url`` (default: SQLite in ``./var/``), tuned for the server.

    SQLite gets WAL (readers never wait for the writer), ``synchronous=FULL`` (a commit
    waits for the disk, so an acknowledged action survives a power loss too; see
    docs/server.md, Durability, for its cost), a busy timeout, and foreign keys.
    ``ZOOGAMES_SQLITE_SYNCHRONOUS=NORMAL`` leaves the commit in the operating system's
    hands (it survives the server being killed, not the machine losing power).
    """
    parsed = make_url(url or DEFAULT_URL)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(parsed, pool_pre_ping=True)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(parsed)
    synchronous = os.environ.get("ZOOGAMES_SQLITE_SYNCHRONOUS", "FULL").upper()
    if synchronous not in ("NORMAL", "FULL", "EXTRA"):
        raise ValueError("ZOOGAMES_SQLITE_SYNCHRONOUS must be NORMAL, FULL or EXTRA")

    @event.listens_for(engine, "connect")
    def _tune(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def describe_url(engine: Engine) -> str:
    """The database's URL without its password, for messages."""
    return engine.url.render_as_string(hide_password=True)


def durability(engine: Engine) -> tuple[str, bool]:
    """What a commit waits for, and whether an acknowledged action survives a power loss.

    In the database's own words: SQLite's ``synchronous``, PostgreSQL's
    ``synchronous_commit``.
    """
    with engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            value = str(conn.exec_driver_sql("SHOW synchronous_commit").scalar_one())
            return f"synchronous_commit={value}", value != "off"
        level = int(conn.exec_driver_sql("PRAGMA synchronous").scalar_one())
        name = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}.get(level, str(level))
        return f"synchronous={name}", level >= 2


GAMES: Table = GameRow.__table__  # type: ignore[assignment]  # mapped classes hold Tables
ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]

# The statements of the hot path, built once: SQLAlchemy then reuses their compiled form.
DELETE_ACTION = delete(ACTIONS).where(
    ACTIONS.c.game_id == bindparam("gid"), ACTIONS.c.number == bindparam("n")
)
MOVE = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("gid"), GAMES.c.revision == bindparam("before"))
    .values(
        revision=bindparam("new_revision"),
        to_move=bindparam("new_to_move"),
        status=bindparam("new_status"),
        result=bindparam("new_result", type_=GAMES.c.result.type),
    )
)


def seat_changes(before: Seat, after: Seat) -> dict[str, Any]:
    """The ``seats`` columns a seat change changed, with their new values.

    A change is written once, as a method of :class:`Seat` (``left_to``, ``held``, …); the
    store writes only what it changed, so that a column another process changed meanwhile
    is never written back from an older copy.
    """
    columns = {
        "kind": (before.kind, after.kind),
        "bot": (before.bot, after.bot),
        "name": (before.name, after.name),
        "joined": (before.joined, after.joined),
        "token_sha256": (before.token_sha256, after.token_sha256),
        "invite_sha256": (before.invite_sha256, after.invite_sha256),
        "account_id": (before.account, after.account),
        "left": (before.left, after.left),
    }
    return {column: new for column, (old, new) in columns.items() if old != new}


def _seat(row: Any) -> Seat:
    """A seat of a ``seats`` row."""
    return Seat(
        row.seat,
        row.kind,
        row.bot,
        row.name,
        row.joined,
        row.token_sha256,
        row.invite_sha256,
        row.account_id,
        row.left,
        None if row.rating_before is None else (row.rating_before, row.rating_after),
    )


class DriverSql:
    """The hot path's SQL in the database driver's own parameter style."""

    def __init__(self, engine: Engine) -> None:
        dialect = engine.dialect
        if dialect.paramstyle not in ("qmark", "format", "pyformat"):
            raise ValueError(f"unsupported database driver {dialect.driver!r}")
        mark = "?" if dialect.paramstyle == "qmark" else "%s"
        as_json = mark if dialect.name == "sqlite" else f"CAST({mark} AS JSON)"
        self.insert_action = (
            "INSERT INTO actions (game_id, number, notation, seat, created_at)"
            f" VALUES ({mark}, {mark}, {mark}, {mark}, {mark})"
        )
        self.move = (
            f"UPDATE games SET revision = {mark}, to_move = {mark}, status = {mark},"
            f" result = {as_json}, timeouts = COALESCE({mark}, timeouts)"
            f" WHERE id = {mark} AND revision = {mark}"
        )
        self.lost = f"UPDATE seats SET won = {mark} WHERE game_id = {mark}"
        self.won = f"UPDATE seats SET won = {mark} WHERE game_id = {mark} AND seat = {mark}"
        column = ACTIONS.c.created_at.type.dialect_impl(dialect)
        self.stamp: Callable[[datetime], Any] = column.bind_processor(dialect) or (lambda t: t)
        self.integrity_error: type[Exception] = dialect.loaded_dbapi.IntegrityError
        self.driver_error: type[Exception] = dialect.loaded_dbapi.Error


class StoreBase:
    """What every part of ``Store`` shares: the engine, its driver's SQL, and two helpers.

    ``Store.__init__`` sets the attributes; each concern's mixin subclasses this class, so
    that its methods see them, typed.
    """

    engine: Engine
    _sql: DriverSql
    errors: tuple[type[Exception], ...]
    """What a failing database raises, through SQLAlchemy or from its driver."""

    def _upsert(self, table: Any = BotTurnRow) -> Any:
        """The dialect's ``INSERT … ON CONFLICT`` of ``table`` (SQLite and PostgreSQL)."""
        from sqlalchemy.dialects import postgresql, sqlite

        if self.engine.dialect.name == "postgresql":
            return postgresql.insert(table)
        return sqlite.insert(table)

    def server_key(self, name: str, make: Callable[[], str]) -> str:
        """The stored key ``name``; made by ``make`` and stored at the first call.

        Two servers starting at once on one database both make one; the primary key lets
        only the first in, and the other reads it back: every process signs with one key.
        """
        with self.engine.connect() as conn:
            value = conn.execute(
                select(ServerKeyRow.value).where(ServerKeyRow.name == name)
            ).scalar_one_or_none()
        if value is not None:
            return str(value)
        made = make()
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(ServerKeyRow).values(name=name, value=made, created_at=_now()))
            return made
        except IntegrityError:
            with self.engine.connect() as conn:
                return str(
                    conn.execute(
                        select(ServerKeyRow.value).where(ServerKeyRow.name == name)
                    ).scalar_one()
                )
