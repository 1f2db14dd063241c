"""The database behind the server: opening it, and every read and write the server makes.

Writes that change a game's position check ``games.revision`` (see ``models.py``): a
write computed on an older position raises :class:`Conflict` and changes nothing. All
methods are synchronous; the server calls them from one worker thread per database
connection it allows (see ``service.py``).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Table,
    bindparam,
    case,
    create_engine,
    delete,
    event,
    exists,
    func,
    insert,
    literal,
    select,
    true,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import aliased

from zoogames.core.rng import SECRET
from zoogames.server.models import (
    AccountRow,
    ActionRow,
    BotTurnRow,
    ChatRow,
    DeckRow,
    DeviceTokenRow,
    GameRow,
    MailedAddressRow,
    MuteRow,
    PushSubscriptionRow,
    RatingRow,
    ReviewRow,
    SeatRow,
    ServerKeyRow,
    SessionRow,
    TurnEmailRow,
)

DEFAULT_URL = "sqlite:///var/zoogames.db"
"""SQLite in ``./var/`` (relative to the directory the server starts in)."""


ALIVE = "alive"
"""The ``server_keys`` row of the servers' heartbeat (``Store.alive``)."""
STOPPED = " stopped"
"""Ends the heartbeat written by a server as it stops."""


class Conflict(Exception):
    """A write lost a race: another write changed the game first (nothing was written)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table, as stored and as the table holds it (``kind``: human or bot).

    Frozen: a change (joining) replaces the record once the database has it.
    """

    seat: int
    kind: str
    bot: str | None
    name: str | None
    joined: bool
    token_sha256: str | None
    invite_sha256: str | None = None
    account: int | None = None
    """The account the seat follows (``None``: a guest's seat, held by its token alone)."""
    left: bool = False
    """Its player left it to a bot (``leave``): the account stays, for the game's rating."""

    @property
    def open(self) -> bool:
        """An open seat: a human seat nobody holds nor is invited to, which anyone may take."""
        return (
            self.kind == "human"
            and not self.joined
            and self.token_sha256 is None
            and self.invite_sha256 is None
        )

    def to_json(self) -> dict[str, Any]:
        """The seat as snapshots show it (never its token)."""
        return {
            "seat": self.seat,
            "kind": self.kind,
            "name": self.name,
            "joined": self.joined,
            "bot": self.bot,
        }


@dataclass(frozen=True, slots=True)
class GameData:
    """One game as stored: its row, its seats and its actions' (notation, seat) in order."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    created_at: datetime
    revision: int
    status: str
    seats: list[Seat]
    actions: list[tuple[str, int]]
    deck: dict[str, Any] | None = None
    """The game's own deck (put back into the options to replay it), if it has one."""
    device_tokens: tuple[DeviceToken, ...] = ()
    """The further tokens of its account-bound seats (``device_tokens``)."""
    setup: Setup | None = None
    """How the game was set up beyond its record (``None``: the defaults)."""
    turn_from: datetime | None = None
    """When the turn now running began (the last action, or the last seat filled)."""
    played_at: tuple[datetime, ...] = ()
    """When each action was played: an undo gives the clock back the time its turn began."""
    seats_filled_at: datetime | None = None
    """When the last open seat was filled (no clock runs from before it)."""
    timeouts: int = 0
    """The clock's timeouts in a row (``Table.timeouts``)."""


@dataclass(frozen=True, slots=True)
class Setup:
    """A game's setup beyond its record: its place in the lobby, and what its creator chose."""

    listed: bool = False
    pace: str = "live"
    host: int | None = None
    """The host's seat (the creator's): who may start with bots in open seats."""
    asked: dict[str, Any] | None = None
    """The options as asked for (a rematch asks again); ``None``: unknown (an old game)."""
    leave_bot: str | None = None
    """The bot that plays a leaving player's seat; ``None``: the catalog's first."""
    rematch: str | None = None
    """The id of the game's rematch, if one was made."""
    mutes: frozenset[tuple[int, int]] = frozenset()
    """(seat, muted seat): who no longer sees whose chat messages."""
    rated: bool = False
    """Rated: signed-in players (and rated bots) only; ratings change at the end."""
    clock: int | None = None
    """Seconds a human seat has for each action (``None``: no clock)."""
    on_timeout: str = "bot"
    """On a clock's timeout: ``bot`` (the leave bot plays for the seat) or ``forfeit``."""
    on_leave: str = "bot"
    """When a player leaves: ``bot`` (the leave bot takes the seat) or ``forfeit``."""
    forfeited: int | None = None
    """The seat that forfeited, ending the game (``Service.forfeit``)."""
    hints: bool = False
    """Hints allowed: a seated player may ask for the bots' suggestion on their turn."""


@dataclass(frozen=True, slots=True)
class Listed:
    """One listed game as ``GET /api/lobby`` shows it."""

    id: str
    game: str
    options: dict[str, Any]
    pace: str
    created_at: datetime
    seats: list[Seat]
    rated: bool = False
    hints: bool = False
    """Hints allowed at the table (a player joining sees it before taking a seat)."""


@dataclass(frozen=True, slots=True)
class DeviceToken:
    """A further token of an account's seat: its SHA-256, the seat, the account."""

    sha256: str
    seat: int
    account: int


@dataclass(frozen=True, slots=True)
class MyGame:
    """One game an account holds a seat in, as ``GET /api/me/games`` lists it."""

    id: str
    game: str
    status: str
    to_move: int | None
    created_at: datetime
    seats: list[Seat]


@dataclass(frozen=True, slots=True)
class BotTurn:
    """Work in the queue of the bot workers (``models.BotTurnRow``): a move or a hint."""

    game_id: str
    seat: int
    revision: int
    spec: str
    attended: bool
    kind: str = "move"

    @property
    def priority(self) -> int:
        """The order workers take work in (:data:`PRIORITY`)."""
        return (
            PRIORITY["move" if self.attended else "unattended"]
            if self.kind == "move"
            else PRIORITY[self.kind]
        )


PRIORITY = {"move": 0, "hint": 1, "unattended": 2, "review": 3}
"""A move of a game with a human seat first, then a hint (a player waits for it), then a
move of a game of bots alone (only watched), then a game's review (``reviews.py``)."""


@dataclass(frozen=True, slots=True)
class ReviewData:
    """A game's review as stored (``models.ReviewRow``)."""

    game_id: str
    iterations: int
    seats: list[int]
    total: int
    done: int
    decisions: list[dict[str, Any]]
    lease_until: datetime | None

    @property
    def finished(self) -> bool:
        """Every decision has been searched."""
        return self.done >= self.total

    def leased(self) -> bool:
        """A process is computing it now (its lease has not run out)."""
        return self.lease_until is not None and _utc(self.lease_until) > _now()


@dataclass(frozen=True, slots=True)
class Position:
    """What a write leaves cached in the game's row: whose turn it is and how it stands."""

    revision: int
    to_move: int | None
    status: str
    result: dict[str, Any] | None
    timeouts: int | None = None
    """The clock's timeouts in a row after the write (``None``: unchanged)."""


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


def _now() -> datetime:
    return datetime.now(UTC)


def _utc(moment: datetime) -> datetime:
    """A stored time as an aware UTC time: SQLite gives them back without their zone."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def winners(result: dict[str, Any] | None) -> list[int]:
    """The winning seats of a game's result (none before the end)."""
    found = result.get("winners", []) if isinstance(result, dict) else []
    return [int(seat) for seat in found]


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


class Store:
    """The server's reads and writes, each in its own transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sql = DriverSql(engine)
        self.errors: tuple[type[Exception], ...] = (SQLAlchemyError, self._sql.driver_error)
        """What a failing database raises, through SQLAlchemy or from its driver."""

    def create_game(
        self,
        game_id: str,
        game: str,
        options: dict[str, Any],
        seed: int,
        seats: list[Seat],
        position: Position,
        deck: tuple[str, dict[str, Any]] | None = None,
        setup: Setup | None = None,
        rematch_of: str | None = None,
    ) -> datetime:
        """Store a new game, its seats and its deck ``(sha256, content)``; its creation time.

        A deck already stored (the same content) is not stored again. ``rematch_of``: the
        game this one is the rematch of; :class:`Conflict` (nothing stored) if that game
        has its rematch already.
        """
        created = _now()
        with self.engine.begin() as conn:
            if rematch_of is not None:  # one rematch per game: the first to ask makes it
                done = conn.execute(
                    update(GameRow)
                    .where(GameRow.id == rematch_of, GameRow.rematch.is_(None))
                    .values(rematch=game_id)
                )
                if done.rowcount != 1:
                    raise Conflict
            if deck is not None:
                sha, content = deck
                known = conn.execute(select(DeckRow.sha256).where(DeckRow.sha256 == sha)).first()
                if known is None:
                    conn.execute(insert(DeckRow).values(sha256=sha, content=content))
            conn.execute(
                insert(GameRow).values(
                    id=game_id,
                    game=game,
                    options=options,
                    seed=0 if seed >= SECRET else seed,
                    secret=f"{seed - SECRET:032x}" if seed >= SECRET else None,
                    created_at=created,
                    revision=position.revision,
                    to_move=position.to_move,
                    status=position.status,
                    result=position.result,
                    deck_sha256=deck[0] if deck is not None else None,
                    listed=setup.listed if setup is not None else False,
                    pace=setup.pace if setup is not None else "live",
                    host=setup.host if setup is not None else None,
                    asked=setup.asked if setup is not None else None,
                    leave_bot=setup.leave_bot if setup is not None else None,
                    rated=setup.rated if setup is not None else False,
                    clock=setup.clock if setup is not None else None,
                    on_timeout=setup.on_timeout if setup is not None else "bot",
                    on_leave=setup.on_leave if setup is not None else "bot",
                    hints=setup.hints if setup is not None else False,
                )
            )
            conn.execute(
                insert(SeatRow),
                [
                    {
                        "game_id": game_id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "joined": s.joined,
                        "token_sha256": s.token_sha256,
                        "invite_sha256": s.invite_sha256,
                        "account_id": s.account,
                    }
                    for s in seats
                ],
            )
        return created

    def _snapshot(self) -> Connection:
        """A connection whose reads all see one moment of the database.

        On PostgreSQL a transaction at ``REPEATABLE READ``: at the default ``READ COMMITTED``
        each statement sees its own moment, and an action committed between reading a game's
        row and its actions gave a table whose revision was behind its actions (found by
        the load benchmark over two servers). SQLite's reads here share the server's only
        database thread with its writes.
        """
        conn = self.engine.connect()
        if self.engine.dialect.name == "postgresql":
            conn = conn.execution_options(isolation_level="REPEATABLE READ")
        return conn

    def load_game(self, game_id: str) -> GameData | None:
        """A game with its seats and actions, or ``None`` if there is no such game."""
        with self._snapshot() as conn, conn.begin():
            row = conn.execute(select(GameRow).where(GameRow.id == game_id)).one_or_none()
            if row is None:
                return None
            seats = conn.execute(
                select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
            ).all()
            actions = conn.execute(
                select(ActionRow.notation, ActionRow.seat, ActionRow.created_at)
                .where(ActionRow.game_id == game_id)
                .order_by(ActionRow.number)
            ).all()
            mutes = conn.execute(
                select(MuteRow.seat, MuteRow.muted).where(MuteRow.game_id == game_id)
            ).all()
            devices = conn.execute(
                select(DeviceTokenRow.sha256, DeviceTokenRow.seat, DeviceTokenRow.account_id).where(
                    DeviceTokenRow.game_id == game_id
                )
            ).all()
            deck = None
            if row.deck_sha256 is not None:
                deck = conn.execute(
                    select(DeckRow.content).where(DeckRow.sha256 == row.deck_sha256)
                ).scalar_one()
        return GameData(
            id=row.id,
            game=row.game,
            options=row.options,
            seed=SECRET + int(row.secret, 16) if row.secret is not None else row.seed,
            created_at=row.created_at,
            revision=row.revision,
            status=row.status,
            seats=[_seat(s) for s in seats],
            actions=[(a.notation, a.seat) for a in actions],
            deck=deck,
            device_tokens=tuple(DeviceToken(d.sha256, d.seat, d.account_id) for d in devices),
            setup=Setup(
                row.listed,
                row.pace,
                row.host,
                row.asked,
                row.leave_bot,
                row.rematch,
                frozenset((m.seat, m.muted) for m in mutes),
                row.rated,
                row.clock,
                row.on_timeout,
                row.on_leave,
                row.forfeited,
                row.hints,
            ),
            turn_from=max(
                _utc(t)
                for t in (row.created_at, row.turn_from, actions[-1][2] if actions else None)
                if t
            ),
            played_at=tuple(_utc(a.created_at) for a in actions),
            seats_filled_at=_utc(row.turn_from or row.created_at),
            timeouts=row.timeouts,
        )

    def add_action(
        self, game_id: str, number: int, notation: str, seat: int, before: int, after: Position
    ) -> None:
        """Store action ``number`` if the game is still at revision ``before``.

        Raises :class:`Conflict` (and writes nothing) if the number is taken or the game
        moved on. The hot path of the server: plain SQL on the driver's connection, which
        costs a third of the CPU of SQLAlchemy's statement machinery.
        """
        sql = self._sql
        raw = self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            cursor.execute(sql.insert_action, (game_id, number, notation, seat, sql.stamp(_now())))
            result = json.dumps(after.result) if after.result is not None else None
            cursor.execute(
                sql.move,
                (
                    after.revision,
                    after.to_move,
                    after.status,
                    result,
                    after.timeouts,
                    game_id,
                    before,
                ),
            )
            if cursor.rowcount != 1:
                raise Conflict
            if after.status == "over":  # the seats' outcome, for the profiles' counts
                cursor.execute(sql.lost, (False, game_id))
                for winner in winners(after.result):
                    cursor.execute(sql.won, (True, game_id, winner))
            raw.commit()
        except sql.integrity_error as e:
            raw.rollback()
            raise Conflict from e
        except BaseException:
            raw.rollback()
            raise
        finally:
            raw.close()

    def remove_action(self, game_id: str, number: int, before: int, after: Position) -> None:
        """Delete the last action, ``number``, if the game is still at revision ``before``."""
        with self.engine.begin() as conn:
            gone = conn.execute(DELETE_ACTION, {"gid": game_id, "n": number})
            if gone.rowcount != 1:
                raise Conflict
            self._move(conn, game_id, before, after)

    @staticmethod
    def _move(conn: Connection, game_id: str, before: int, after: Position) -> None:
        moved = conn.execute(
            MOVE,
            {
                "gid": game_id,
                "before": before,
                "new_revision": after.revision,
                "new_to_move": after.to_move,
                "new_status": after.status,
                "new_result": after.result,
            },
        )
        if moved.rowcount != 1:
            raise Conflict  # leaving the block by an exception rolls the transaction back

    def join(self, game_id: str, seat: int, name: str) -> None:
        """Name a seat and mark it joined."""
        with self.engine.begin() as conn:
            conn.execute(
                update(SeatRow)
                .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
                .values(name=name, joined=True)
            )

    def accept(
        self,
        game_id: str,
        seat: int,
        invite: str,
        token: str,
        name: str,
        account: int | None = None,
    ) -> None:
        """Exchange the seat's invitation (digest ``invite``) for the token (digest ``token``).

        Raises :class:`Conflict` (and changes nothing) if the invitation is no longer the
        seat's: someone accepted it first, or the seat was handed to a bot.
        """
        with self.engine.begin() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == seat,
                    SeatRow.invite_sha256 == invite,
                )
                .values(
                    name=name,
                    joined=True,
                    token_sha256=token,
                    invite_sha256=None,
                    account_id=account,
                )
            )
            if done.rowcount != 1:
                raise Conflict

    def hand_to_bot(self, game_id: str, seat: int, bot: str, name: str | None) -> None:
        """Make an invited seat that never joined a bot seat; :class:`Conflict` if it joined."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "human",
                    SeatRow.joined == False,  # noqa: E712  (SQL, not Python)
                )
                .values(
                    kind="bot",
                    bot=bot,
                    name=name,
                    joined=True,
                    token_sha256=None,
                    invite_sha256=None,
                )
            )
            if done.rowcount != 1:
                raise Conflict

    def waiting_for_bots(self) -> list[str]:
        """Ids of the games in play whose seat to move is a bot and that have a human seat.

        A game of bots alone is played only while someone watches it (``service.py``).
        """
        human = aliased(SeatRow)
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(GameRow.id)
                .join(SeatRow, (SeatRow.game_id == GameRow.id) & (SeatRow.seat == GameRow.to_move))
                .where(
                    GameRow.status == "playing",
                    SeatRow.kind == "bot",
                    exists().where(
                        human.game_id == GameRow.id, (human.kind == "human") | human.left
                    ),
                )
            ).all()
        return [r.id for r in rows]

    # ----- accounts ----------------------------------------------------------------------

    def create_account(self, name: str, key: str, password_hash: str) -> int:
        """A new account's id; :class:`Conflict` if the name (``key``) is taken."""
        try:
            with self.engine.begin() as conn:
                return int(
                    conn.execute(
                        insert(AccountRow)
                        .values(
                            name=name, name_key=key, password_hash=password_hash, created_at=_now()
                        )
                        .returning(AccountRow.id)
                    ).scalar_one()
                )
        except IntegrityError as e:  # the unique name key: someone else has the name
            raise Conflict from e

    def account_by_key(self, key: str) -> tuple[int, str, str] | None:
        """``(id, name, password hash)`` of the account named ``key``, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(AccountRow.id, AccountRow.name, AccountRow.password_hash).where(
                    AccountRow.name_key == key
                )
            ).first()
        return (row.id, row.name, row.password_hash) if row is not None else None

    def account_named(self, key: str) -> tuple[int, str] | None:
        """``(id, name)`` of the account named ``key``, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(AccountRow.id, AccountRow.name).where(AccountRow.name_key == key)
            ).first()
        return (row.id, row.name) if row is not None else None

    def rehash(self, account: int, password_hash: str) -> None:
        """Store a password's hash made with newer parameters."""
        with self.engine.begin() as conn:
            conn.execute(
                update(AccountRow)
                .where(AccountRow.id == account)
                .values(password_hash=password_hash)
            )

    def new_session(self, sha256: str, account: int, expires: datetime) -> None:
        """Store a session (its cookie's SHA-256); forget every expired session meanwhile."""
        now = _now()
        with self.engine.begin() as conn:
            conn.execute(delete(SessionRow).where(SessionRow.expires_at <= now))
            conn.execute(
                insert(SessionRow).values(
                    sha256=sha256, account_id=account, created_at=now, expires_at=expires
                )
            )

    def session_account(self, sha256: str) -> tuple[int, str] | None:
        """``(id, name)`` of the account of an unexpired session, or ``None``."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(AccountRow.id, AccountRow.name)
                .join(SessionRow, SessionRow.account_id == AccountRow.id)
                .where(SessionRow.sha256 == sha256, SessionRow.expires_at > _now())
            ).first()
        return (row.id, row.name) if row is not None else None

    def end_session(self, sha256: str) -> None:
        """Forget one session."""
        with self.engine.begin() as conn:
            conn.execute(delete(SessionRow).where(SessionRow.sha256 == sha256))

    def end_everywhere(self, account: int) -> None:
        """Forget every session, device token and push subscription of an account.

        Signing out everywhere is what a player does when a device is lost: it must stop
        receiving the account's notifications too.
        """
        with self.engine.begin() as conn:
            conn.execute(delete(SessionRow).where(SessionRow.account_id == account))
            conn.execute(delete(DeviceTokenRow).where(DeviceTokenRow.account_id == account))
            conn.execute(
                delete(PushSubscriptionRow).where(PushSubscriptionRow.account_id == account)
            )

    def password_hash(self, account: int) -> str | None:
        """The stored password hash of an account (``None``: the account is gone)."""
        with self.engine.connect() as conn:
            value = conn.execute(
                select(AccountRow.password_hash).where(AccountRow.id == account)
            ).scalar_one_or_none()
        return str(value) if value is not None else None

    def set_password(self, account: int, password_hash: str, keep: str | None) -> None:
        """A new password: store its hash and end every session but ``keep`` (a digest)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(AccountRow)
                .where(AccountRow.id == account)
                .values(password_hash=password_hash)
            )
            ended = delete(SessionRow).where(SessionRow.account_id == account)
            conn.execute(ended.where(SessionRow.sha256 != keep) if keep is not None else ended)

    def delete_account(self, account: int) -> list[str]:
        """Delete an account; the ids of the games in play where it held a seat.

        Its seats stay, with the names they were shown under, as guests' seats (held by
        their tokens alone), so that every game stays playable and replayable; its
        ratings, sessions, device tokens, push subscriptions and "your turn" e-mail records
        go with the row (the e-mail address is a column of it), and the name is free
        again. Each is deleted here rather than left to the foreign keys' cascades, so
        that the outcome does not hang on how a database enforces them.
        """
        with self.engine.begin() as conn:
            playing = conn.execute(
                select(SeatRow.game_id)
                .join(GameRow, GameRow.id == SeatRow.game_id)
                .where(SeatRow.account_id == account, GameRow.status == "playing")
                .distinct()
            ).all()
            conn.execute(
                update(SeatRow).where(SeatRow.account_id == account).values(account_id=None)
            )
            for row in (SessionRow, DeviceTokenRow, PushSubscriptionRow, TurnEmailRow, RatingRow):
                conn.execute(delete(row).where(row.account_id == account))
            conn.execute(delete(AccountRow).where(AccountRow.id == account))
        return sorted(r.game_id for r in playing)

    def bind_seats(self, game_id: str, seats: list[int], account: int) -> int:
        """Bind guest seats to ``account`` (seats bound already to it stay); how many are now."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat.in_(seats),
                    SeatRow.kind == "human",
                    (SeatRow.account_id.is_(None)) | (SeatRow.account_id == account),
                )
                .values(account_id=account)
            )
            return int(done.rowcount)

    def my_games(self, account: int, limit: int) -> list[MyGame]:
        """The ``limit`` newest games in which ``account`` holds a seat, with all their seats."""
        with self.engine.connect() as conn:
            games = conn.execute(
                select(
                    GameRow.id, GameRow.game, GameRow.status, GameRow.to_move, GameRow.created_at
                )
                .where(exists().where(SeatRow.game_id == GameRow.id, SeatRow.account_id == account))
                .order_by(GameRow.created_at.desc())
                .limit(limit)
            ).all()
            ids = [g.id for g in games]
            seats: dict[str, list[Seat]] = {gid: [] for gid in ids}
            if ids:
                for row in conn.execute(
                    select(SeatRow).where(SeatRow.game_id.in_(ids)).order_by(SeatRow.seat)
                ):
                    seats[row.game_id].append(_seat(row))
        return [
            MyGame(g.id, g.game, g.status, g.to_move, _utc(g.created_at), seats[g.id])
            for g in games
        ]

    def add_device_token(self, game_id: str, tokens: list[DeviceToken]) -> None:
        """Store further tokens of account-bound seats of a game."""
        now = _now()
        with self.engine.begin() as conn:
            conn.execute(
                insert(DeviceTokenRow),
                [
                    {
                        "sha256": t.sha256,
                        "game_id": game_id,
                        "seat": t.seat,
                        "account_id": t.account,
                        "created_at": now,
                    }
                    for t in tokens
                ],
            )

    # ----- the lobby -----------------------------------------------------------------------

    def take_open_seat(
        self, game_id: str, seat: int, token: str, name: str, account: int | None
    ) -> None:
        """Give an open seat to a player (its token's digest ``token``).

        The database's guard against two joiners racing for one seat: the row changes only
        while the seat is still open, so exactly one of them gets it; the other gets
        :class:`Conflict` and nothing changes.
        """
        with self.engine.begin() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "human",
                    SeatRow.joined == False,  # noqa: E712  (SQL, not Python)
                    SeatRow.token_sha256.is_(None),
                    SeatRow.invite_sha256.is_(None),
                )
                .values(name=name, joined=True, token_sha256=token, account_id=account)
            )
            if done.rowcount != 1:
                raise Conflict
            # (the clock of the first turn runs from the last seat filled, not the creation)
            conn.execute(update(GameRow).where(GameRow.id == game_id).values(turn_from=_now()))

    def fill_open_seats(self, game_id: str, seats: list[int], bot: str, name: str) -> None:
        """Give every seat of ``seats`` to a bot.

        :class:`Conflict` (and nothing changes) if one of them is no longer open.
        """
        with self.engine.begin() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat.in_(seats),
                    SeatRow.kind == "human",
                    SeatRow.joined == False,  # noqa: E712
                    SeatRow.token_sha256.is_(None),
                    SeatRow.invite_sha256.is_(None),
                )
                .values(kind="bot", bot=bot, name=name, joined=True)
            )
            if done.rowcount != len(seats):
                raise Conflict  # leaving the block by an exception rolls it back
            conn.execute(update(GameRow).where(GameRow.id == game_id).values(turn_from=_now()))

    def listed_games(self, limit: int) -> list[Listed]:
        """The newest ``limit`` listed games in play, with their seats."""
        with self.engine.connect() as conn:
            games = conn.execute(
                select(
                    GameRow.id,
                    GameRow.game,
                    GameRow.options,
                    GameRow.pace,
                    GameRow.created_at,
                    GameRow.rated,
                    GameRow.hints,
                )
                .where(GameRow.listed == True, GameRow.status == "playing")  # noqa: E712
                .order_by(GameRow.created_at.desc())
                .limit(limit)
            ).all()
            seats: dict[str, list[Seat]] = {g.id: [] for g in games}
            if seats:
                for row in conn.execute(
                    select(SeatRow).where(SeatRow.game_id.in_(list(seats))).order_by(SeatRow.seat)
                ):
                    seats[row.game_id].append(_seat(row))
        return [
            Listed(
                g.id, g.game, g.options, g.pace, _utc(g.created_at), seats[g.id], g.rated, g.hints
            )
            for g in games
        ]

    # ----- at the table --------------------------------------------------------------------

    def add_chat(self, game_id: str, seat: int, text: str) -> tuple[int, datetime]:
        """Store a chat message; its id and time."""
        now = _now()
        with self.engine.begin() as conn:
            new_id = conn.execute(
                insert(ChatRow)
                .values(game_id=game_id, seat=seat, text=text, created_at=now)
                .returning(ChatRow.id)
            ).scalar_one()
        return int(new_id), now

    def chat(self, game_id: str, limit: int) -> list[tuple[int, int, str, datetime]]:
        """The last ``limit`` messages of a table, oldest first: (id, seat, text, time)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ChatRow.id, ChatRow.seat, ChatRow.text, ChatRow.created_at)
                .where(ChatRow.game_id == game_id)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            ).all()
        return [(r.id, r.seat, r.text, _utc(r.created_at)) for r in reversed(rows)]

    def mute(self, game_id: str, seat: int, muted: int, on: bool) -> None:
        """Make ``seat`` stop (``on``) or start again seeing ``muted``'s messages."""
        with self.engine.begin() as conn:
            gone = MuteRow.game_id == game_id, MuteRow.seat == seat, MuteRow.muted == muted
            conn.execute(delete(MuteRow).where(*gone))
            if on:
                conn.execute(insert(MuteRow).values(game_id=game_id, seat=seat, muted=muted))

    def leave(self, game_id: str, seat: int, token: str, bot: str, name: str) -> None:
        """Give a human seat (still holding the token digest ``token``) to a bot for good.

        Its tokens stop working; the account stays with the seat (``left``), so that the
        leaver is rated with the game's result: leaving never escapes a rating.
        :class:`Conflict` (nothing changed) if the seat changed meanwhile.
        """
        with self.engine.begin() as conn:
            done = conn.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "human",
                    SeatRow.token_sha256 == token,
                )
                .values(kind="bot", bot=bot, name=name, token_sha256=None, left=True)
            )
            if done.rowcount != 1:
                raise Conflict
            conn.execute(
                delete(DeviceTokenRow).where(
                    DeviceTokenRow.game_id == game_id, DeviceTokenRow.seat == seat
                )
            )

    def forfeit(self, game_id: str, seat: int, before: int, result: dict[str, Any]) -> None:
        """End a game at revision ``before``: ``seat`` forfeited, with ``result``.

        :class:`Conflict` (nothing changed) if the game moved on or is over meanwhile.
        """
        with self.engine.begin() as conn:
            done = conn.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.revision == before, GameRow.status != "over")
                .values(
                    revision=before + 1, to_move=None, status="over", result=result, forfeited=seat
                )
            )
            if done.rowcount != 1:
                raise Conflict
            conn.execute(
                update(SeatRow)
                .where(SeatRow.game_id == game_id)
                .values(won=SeatRow.seat.in_(winners(result)))
            )

    def set_timeouts(self, game_id: str, timeouts: int) -> None:
        """Store a clock's timeouts in a row (a stand-in move is queued for a bot worker)."""
        with self.engine.begin() as conn:
            conn.execute(update(GameRow).where(GameRow.id == game_id).values(timeouts=timeouts))

    # ----- ratings -------------------------------------------------------------------------

    def rate_game(
        self,
        game_id: str,
        game: str,
        accounts: list[int | None],
        result: dict[str, Any],
        fixed: dict[int, tuple[float, float]],
    ) -> bool:
        """Update the ratings of a rated game's accounts from its ``result``, once.

        ``accounts`` names each seat's account; ``fixed`` the (mu, sigma) of the seats that
        keep theirs (bots). ``games.rated_at`` is the guard: set in the same transaction
        only while it is empty, so a game counts once however often this is called (and
        a failed transaction leaves it empty, to be tried again at the next start).
        False if the game was rated already.
        """
        from zoogames.server import ratings

        with self.engine.begin() as conn:
            marked = conn.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.rated == True, GameRow.rated_at.is_(None))  # noqa: E712
                .values(rated_at=_now())
            )
            if marked.rowcount != 1:
                return False
            # One account is rated once per game, from one read of its rating. An account
            # at several seats (possible before a rated game took one seat per account)
            # is not rated at all: such a game measures nothing but a forfeit to oneself.
            seated = Counter(a for a in accounts if a is not None)
            ids = sorted(a for a, n in seated.items() if n == 1)
            default = ratings.MODEL.rating()
            held: dict[int, Any] = {}
            if ids:
                # A first rating is created here, in this transaction: ``ON CONFLICT DO
                # NOTHING`` makes two games ending together for a new player both read the
                # one row (the second waits for the first's lock), never an IntegrityError.
                conn.execute(
                    self._upsert(RatingRow)
                    .values(
                        [
                            {
                                "account_id": a,
                                "game": game,
                                "mu": default.mu,
                                "sigma": default.sigma,
                                "games": 0,
                            }
                            for a in ids
                        ]
                    )
                    .on_conflict_do_nothing()
                )
                held = {
                    r.account_id: r
                    for r in conn.execute(
                        select(RatingRow)
                        .where(RatingRow.game == game, RatingRow.account_id.in_(ids))
                        .with_for_update()
                    )
                }
            seats: list[tuple[float, float, bool]] = []
            for seat, account in enumerate(accounts):
                if seat in fixed:
                    seats.append((*fixed[seat], True))
                elif account is not None and account in held:
                    seats.append((held[account].mu, held[account].sigma, False))
                else:
                    seats.append((default.mu, default.sigma, True))
            new = ratings.update(seats, result)
            for account, (mu, sigma) in zip(accounts, new, strict=True):
                if account is not None and account in held:
                    conn.execute(
                        update(RatingRow)
                        .where(RatingRow.account_id == account, RatingRow.game == game)
                        .values(mu=mu, sigma=sigma, games=RatingRow.games + 1)
                    )
            return True

    def unrated_games(self) -> list[str]:
        """Rated games over whose ratings were not updated (a failure or a crash)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(GameRow.id).where(
                    GameRow.rated == True,  # noqa: E712
                    GameRow.status == "over",
                    GameRow.rated_at.is_(None),
                )
            ).all()
        return [r.id for r in rows]

    def profile(
        self, key: str, recent: int, viewer: int | None, before: datetime | None = None
    ) -> dict[str, Any] | None:
        """An account's games played and won per game, ratings, and a page of its games.

        The counts are one aggregate over the account's seats in games over (indexed by
        ``seats.account_id``; ``seats.won`` says who won), the page at most ``recent`` of
        its newest games created before ``before``: the cost of a profile does not grow
        with the games an account played. Others than the account itself (``viewer``)
        see only its listed games and games over: an unlisted game in play stays private.
        """
        with self.engine.connect() as conn:
            account = conn.execute(
                select(AccountRow.id, AccountRow.name).where(AccountRow.name_key == key)
            ).first()
            if account is None:
                return None
            counts = conn.execute(
                select(
                    GameRow.game,
                    func.count(),
                    func.sum(case((SeatRow.won == True, 1), else_=0)),  # noqa: E712
                )
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(SeatRow.account_id == account.id, GameRow.status == "over")
                .group_by(GameRow.game)
            ).all()
            page = (
                select(
                    GameRow.id,
                    GameRow.game,
                    GameRow.status,
                    GameRow.created_at,
                    GameRow.rated,
                    SeatRow.seat,
                    SeatRow.won,
                )
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(SeatRow.account_id == account.id)
                .order_by(GameRow.created_at.desc(), GameRow.id)
                .limit(recent)
            )
            if viewer != account.id:
                page = page.where((GameRow.listed == True) | (GameRow.status == "over"))  # noqa: E712
            if before is not None:
                page = page.where(GameRow.created_at < before)
            rows = conn.execute(page).all()
            rated = conn.execute(select(RatingRow).where(RatingRow.account_id == account.id)).all()
        return {
            "id": account.id,
            "name": account.name,
            "counts": {game: (int(played), int(won or 0)) for game, played, won in counts},
            "games": [
                (r.id, r.game, r.status, _utc(r.created_at), r.rated, r.seat, r.won) for r in rows
            ],
            "ratings": {r.game: r for r in rated if r.games > 0},
        }

    def leaderboard(self, game: str, limit: int) -> list[tuple[str, float, float, int]]:
        """The best ``limit`` ratings at ``game`` by ordinal: (name, mu, sigma, games)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(AccountRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.games)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.game == game)
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), AccountRow.name)
                .limit(limit)
            ).all()
        return [(r.name, r.mu, r.sigma, r.games) for r in rows]

    def clocked_games(self) -> list[str]:
        """Ids of the games in play with a clock (loaded at a start, which arms it)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(GameRow.id).where(GameRow.status == "playing", GameRow.clock.isnot(None))
            ).all()
        return [r.id for r in rows]

    # ----- notifications -----------------------------------------------------------------

    def alive(self, stopping: bool = False) -> None:
        """Record that a server is up now (``server_keys``' ``alive``: a heartbeat).

        ``stopping``: the server stops now (the downtime starts exactly here).
        """
        now = _now()
        value = now.isoformat() + (STOPPED if stopping else "")
        with self.engine.begin() as conn:
            done = conn.execute(
                update(ServerKeyRow)
                .where(ServerKeyRow.name == ALIVE)
                .values(value=value, created_at=now)
            )
            if done.rowcount == 0:
                conn.execute(
                    self._upsert(ServerKeyRow)
                    .values(name=ALIVE, value=value, created_at=now)
                    .on_conflict_do_nothing()
                )

    def give_clocks_downtime(self, beat: float) -> float:
        """Give the clocks of the games in play the time no server was up; the seconds.

        The last heartbeat (``alive``, renewed every ``beat`` seconds and at a stop) says
        when the servers stopped; of the gap since, all but one beat (a server killed may
        have run that long after its last heartbeat) is given: the start of every turn
        that began before the heartbeat moves by it, so the player to move has about the
        time they had when the server stopped. The heartbeat is renewed in the same
        transaction, its row locked, so of processes starting together only the first
        gives the time, and none while another process still beats.
        """
        now = _now()
        with self.engine.begin() as conn:
            seen = conn.execute(
                select(ServerKeyRow.value).where(ServerKeyRow.name == ALIVE).with_for_update()
            ).scalar_one_or_none()
            if seen is None:
                return 0.0
            stopped = seen.endswith(STOPPED)
            last = _utc(datetime.fromisoformat(seen.removesuffix(STOPPED)))
            gap = (now - last).total_seconds() - (0 if stopped else beat)
            if gap < 1:
                return 0.0
            last_action = (
                select(func.max(ActionRow.created_at))
                .where(ActionRow.game_id == GameRow.id)
                .scalar_subquery()
            )
            clocked = conn.execute(
                select(GameRow.id, GameRow.created_at, GameRow.turn_from, last_action).where(
                    GameRow.status == "playing", GameRow.clock.is_not(None)
                )
            ).all()
            for game_id, created, filled, acted in clocked:
                began = max(_utc(t) for t in (created, filled, acted) if t is not None)
                if began < last:
                    conn.execute(
                        update(GameRow)
                        .where(GameRow.id == game_id)
                        .values(turn_from=began + timedelta(seconds=gap))
                    )
            conn.execute(
                update(ServerKeyRow)
                .where(ServerKeyRow.name == ALIVE)
                .values(value=now.isoformat(), created_at=now)
            )
        return gap

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

    def subscribe(
        self, account: int, sha256: str, endpoint: str, p256dh: str, auth: str, most: int
    ) -> int:
        """Store a push subscription for ``account``; keep its ``most`` newest; how many.

        An endpoint subscribed before (by this account or another: a browser changed
        hands) is replaced.
        """
        with self.engine.begin() as conn:
            conn.execute(
                delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint_sha256 == sha256)
            )
            conn.execute(
                insert(PushSubscriptionRow).values(
                    endpoint_sha256=sha256,
                    account_id=account,
                    endpoint=endpoint,
                    p256dh=p256dh,
                    auth=auth,
                    created_at=_now(),
                )
            )
            newest = (
                conn.execute(
                    select(PushSubscriptionRow.endpoint_sha256)
                    .where(PushSubscriptionRow.account_id == account)
                    .order_by(
                        PushSubscriptionRow.created_at.desc(), PushSubscriptionRow.endpoint_sha256
                    )
                )
                .scalars()
                .all()
            )
            if len(newest) > most:  # the oldest go: a browser that left never unsubscribes
                conn.execute(
                    delete(PushSubscriptionRow).where(
                        PushSubscriptionRow.endpoint_sha256.in_(newest[most:])
                    )
                )
            return min(len(newest), most)

    def unsubscribe(self, account: int, sha256: str | None) -> int:
        """Forget one push subscription of ``account`` (``None``: all of them); how many."""
        where = [PushSubscriptionRow.account_id == account]
        if sha256 is not None:
            where.append(PushSubscriptionRow.endpoint_sha256 == sha256)
        with self.engine.begin() as conn:
            return int(conn.execute(delete(PushSubscriptionRow).where(*where)).rowcount)

    def drop_subscription(self, sha256: str) -> None:
        """Forget a subscription the push service says is gone (404 or 410)."""
        with self.engine.begin() as conn:
            conn.execute(
                delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint_sha256 == sha256)
            )

    def subscriptions(self, account: int) -> list[tuple[str, str, str, str]]:
        """``(sha256, endpoint, p256dh, auth)`` of every push subscription of ``account``."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    PushSubscriptionRow.endpoint_sha256,
                    PushSubscriptionRow.endpoint,
                    PushSubscriptionRow.p256dh,
                    PushSubscriptionRow.auth,
                ).where(PushSubscriptionRow.account_id == account)
            ).all()
        return [(r.endpoint_sha256, r.endpoint, r.p256dh, r.auth) for r in rows]

    def notify_settings(self, account: int) -> tuple[int, str | None, str | None]:
        """How many push subscriptions ``account`` has, and its e-mail addresses.

        The confirmed address, and the one waiting for its confirmation (``None``: none).
        """
        with self.engine.connect() as conn:
            count = conn.execute(
                select(func.count())
                .select_from(PushSubscriptionRow)
                .where(PushSubscriptionRow.account_id == account)
            ).scalar_one()
            row = conn.execute(
                select(AccountRow.email, AccountRow.email_pending).where(AccountRow.id == account)
            ).first()
        if row is None:
            return int(count), None, None
        return int(count), row.email, row.email_pending

    def email_off(self, account: int) -> None:
        """Opt out of e-mail: the confirmed address, and any waiting for confirmation."""
        with self.engine.begin() as conn:
            conn.execute(
                update(AccountRow)
                .where(AccountRow.id == account)
                .values(
                    email=None,
                    email_pending=None,
                    email_token_sha256=None,
                    email_token_expires=None,
                )
            )

    @staticmethod
    def _address_key(address: str) -> str:
        """An address's key in ``mailed_addresses``: the SHA-256 of it in lower case.

        Lower case although a local part may be case-sensitive: ``Victim@`` and ``victim@``
        reach one mailbox almost everywhere, and must not be two ways around the limit.
        """
        return hashlib.sha256(address.lower().encode()).hexdigest()

    def _claim_mail(
        self, conn: Connection, table: Any, keys: dict[str, Any], cutoff: datetime, now: datetime
    ) -> bool:
        """Claim one e-mail in ``table`` (``turn_emails`` or ``mailed_addresses``); True if so.

        Claimed: the row of ``keys`` is new, or its ``sent_at`` is at or before ``cutoff``;
        ``sent_at`` becomes ``now``. One statement (``INSERT … ON CONFLICT DO UPDATE …
        WHERE``): of two servers claiming at once, the second waits for the first's row and
        finds it claimed, so they never both send.
        """
        statement = self._upsert(table).values(**keys, sent_at=now)
        statement = statement.on_conflict_do_update(
            index_elements=[getattr(table, k) for k in keys],
            set_={"sent_at": statement.excluded.sent_at},
            where=table.sent_at <= cutoff,
        )
        # RETURNING, not rowcount: psycopg reports -1 for an upsert; a row comes back
        # only if it was inserted or updated (both databases)
        return conn.execute(statement.returning(table.sent_at)).first() is not None

    def ask_email(
        self, account: int, address: str, token_sha256: str, expires: datetime, minutes: float
    ) -> str:
        """Ask to send ``account``'s confirmation link to ``address``; what became of it.

        ``confirmed``: it is the account's confirmed address already (anything waiting is
        dropped: the player changed their mind). ``send``: the address may get an e-mail
        (none in the last ``minutes``, now claimed): it waits for confirmation by the link
        whose secret has the SHA-256 ``token_sha256``, until ``expires``, and the caller
        sends the link. ``waiting``: the account already waits for this address, whose link
        went out less than ``minutes`` ago and still works: nothing changes. ``recent``: the
        address got an e-mail from this server less than ``minutes`` ago: nothing changes.
        The confirmed address, if any, keeps its e-mails until another is confirmed.
        """
        now = _now()
        with self.engine.begin() as conn:
            row = conn.execute(
                select(
                    AccountRow.email,
                    AccountRow.email_pending,
                    AccountRow.email_token_sha256,
                    AccountRow.email_token_expires,
                ).where(AccountRow.id == account)
            ).one()
            if row.email is not None and row.email.lower() == address.lower():
                conn.execute(
                    update(AccountRow)
                    .where(AccountRow.id == account)
                    .values(email_pending=None, email_token_sha256=None, email_token_expires=None)
                )
                return "confirmed"
            key = {"sha256": self._address_key(address)}
            if not self._claim_mail(
                conn, MailedAddressRow, key, now - timedelta(minutes=minutes), now
            ):
                live = (
                    row.email_token_sha256 is not None
                    and row.email_token_expires is not None
                    and _utc(row.email_token_expires) > now
                )
                same = (
                    row.email_pending is not None and row.email_pending.lower() == address.lower()
                )
                return "waiting" if live and same else "recent"
            conn.execute(
                update(AccountRow)
                .where(AccountRow.id == account)
                .values(
                    email_pending=address,
                    email_token_sha256=token_sha256,
                    email_token_expires=expires,
                )
            )
            return "send"

    def confirm_email(self, token_sha256: str) -> str | None:
        """Confirm the address of the link whose secret has this SHA-256; the address.

        ``None`` if no address waits for such a link, or its link has expired. The address
        becomes the account's (the one it replaces gets nothing more), and its limit starts
        over: its owner asked for e-mail, and the first "your turn" must not wait out the
        interval the confirmation's own e-mail began.
        """
        now = _now()
        with self.engine.begin() as conn:
            row = conn.execute(
                select(AccountRow.id, AccountRow.email_pending).where(
                    AccountRow.email_token_sha256 == token_sha256,
                    AccountRow.email_token_expires > now,
                    AccountRow.email_pending.isnot(None),
                )
            ).first()
            if row is None:
                return None
            done = conn.execute(
                update(AccountRow)
                .where(AccountRow.id == row.id, AccountRow.email_token_sha256 == token_sha256)
                .values(
                    email=row.email_pending,
                    email_pending=None,
                    email_token_sha256=None,
                    email_token_expires=None,
                )
            ).rowcount
            if not done:  # confirmed or replaced meanwhile
                return None
            conn.execute(
                delete(MailedAddressRow).where(
                    MailedAddressRow.sha256 == self._address_key(row.email_pending)
                )
            )
        return str(row.email_pending)

    def email_due(self, game_id: str, account: int, hours: float, minutes: float) -> str | None:
        """The address to e-mail ``account`` at for ``game_id``, if one is due; else ``None``.

        Due: the account has a confirmed address, was not e-mailed for this game in the last
        ``hours``, and the address got no e-mail from this server (for any account or game,
        or a confirmation) in the last ``minutes``. Both claims are guarded writes in one
        transaction (``_claim_mail``): two servers never both send, and a game's claim is
        undone when its address's interval is not over (no e-mail went for it).
        """
        now = _now()
        with self.engine.connect() as conn, conn.begin() as transaction:
            email = conn.execute(
                select(AccountRow.email).where(AccountRow.id == account)
            ).scalar_one_or_none()
            if email is None:
                return None
            game = {"game_id": game_id, "account_id": account}
            if not self._claim_mail(conn, TurnEmailRow, game, now - timedelta(hours=hours), now):
                return None
            address = {"sha256": self._address_key(email)}
            if not self._claim_mail(
                conn, MailedAddressRow, address, now - timedelta(minutes=minutes), now
            ):
                transaction.rollback()
                return None
        return str(email)

    # ----- several processes: revisions and the bot workers' queue ----------------------

    def revisions(self, game_ids: list[str]) -> dict[str, int]:
        """The stored revision of each of ``game_ids`` (a check for missed notices)."""
        if not game_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(GameRow.id, GameRow.revision).where(GameRow.id.in_(game_ids))
            ).all()
        return {r.id: r.revision for r in rows}

    def _upsert(self, table: Any = BotTurnRow) -> Any:
        """The dialect's ``INSERT … ON CONFLICT`` of ``table`` (SQLite and PostgreSQL)."""
        from sqlalchemy.dialects import postgresql, sqlite

        if self.engine.dialect.name == "postgresql":
            return postgresql.insert(table)
        return sqlite.insert(table)

    def queue_bot_turn(self, turn: BotTurn) -> None:
        """Ask the bot workers to play ``turn``; it replaces an older turn of its game.

        A turn at the revision already queued (two servers asking for the same turn)
        changes nothing: a worker holding it keeps its lease.
        """
        values = {
            "game_id": turn.game_id,
            "kind": turn.kind,
            "priority": turn.priority,
            "seat": turn.seat,
            "revision": turn.revision,
            "spec": turn.spec,
            "attended": turn.attended,
            "requested_at": _now(),
            "lease_until": None,
        }
        statement = self._upsert().values(**values)
        statement = statement.on_conflict_do_update(
            index_elements=[BotTurnRow.game_id, BotTurnRow.kind],
            set_={k: statement.excluded[k] for k in values if k not in ("game_id", "kind")},
            where=BotTurnRow.revision < statement.excluded.revision,
        )
        with self.engine.begin() as conn:
            conn.execute(statement)

    def claim_bot_turn(self, lease_seconds: float) -> BotTurn | None:
        """Take the next waiting bot turn for ``lease_seconds`` (PostgreSQL); ``None`` if none.

        Games with a human seat first, then the longest waiting: one turn per game, so
        every game gets its turn. ``FOR UPDATE SKIP LOCKED``: workers claiming at the same
        moment take different turns without waiting for each other. A turn whose lease ran
        out (its worker died) is waiting again.
        """
        now = _now()
        waiting = (
            select(BotTurnRow.game_id, BotTurnRow.kind)
            .where((BotTurnRow.lease_until.is_(None)) | (BotTurnRow.lease_until < now))
            .order_by(BotTurnRow.priority, BotTurnRow.requested_at)
            .limit(1)
            .with_for_update(skip_locked=True)
            .cte("waiting")
        )
        with self.engine.begin() as conn:
            row = conn.execute(
                update(BotTurnRow)
                .where(BotTurnRow.game_id == waiting.c.game_id, BotTurnRow.kind == waiting.c.kind)
                .values(lease_until=now + timedelta(seconds=lease_seconds))
                .returning(
                    BotTurnRow.game_id,
                    BotTurnRow.seat,
                    BotTurnRow.revision,
                    BotTurnRow.spec,
                    BotTurnRow.attended,
                    BotTurnRow.kind,
                )
            ).one_or_none()
        return None if row is None else BotTurn(*row)

    def waiting_bot_turns(self) -> int:
        """How many bot turns wait for a worker now (claimed ones not counted)."""
        with self.engine.connect() as conn:
            count = conn.execute(
                select(func.count())
                .select_from(BotTurnRow)
                .where((BotTurnRow.lease_until.is_(None)) | (BotTurnRow.lease_until < _now()))
            ).scalar_one()
        return int(count)

    def drop_bot_turn(self, turn: BotTurn) -> None:
        """Forget ``turn`` (done, or left behind by the game).

        A newer turn of its game and kind stays.
        """
        with self.engine.begin() as conn:
            conn.execute(
                delete(BotTurnRow).where(
                    BotTurnRow.game_id == turn.game_id,
                    BotTurnRow.kind == turn.kind,
                    BotTurnRow.revision == turn.revision,
                )
            )

    def queue_missing_bot_turns(self) -> int:
        """Queue the turn of every game with a human seat waiting for a bot and no turn queued.

        The server queues a turn right after the action that made it (``service.py``); a
        server that died between the two leaves the game to this sweep. Returns how many.
        """
        human = aliased(SeatRow)
        missing = (
            select(
                GameRow.id,
                literal("move"),
                literal(PRIORITY["move"]),
                GameRow.to_move,
                GameRow.revision,
                SeatRow.bot,
                true(),
                func.now(),
            )
            .join(SeatRow, (SeatRow.game_id == GameRow.id) & (SeatRow.seat == GameRow.to_move))
            .where(
                GameRow.status == "playing",
                GameRow.forfeited.is_(None),
                SeatRow.kind == "bot",
                exists().where(human.game_id == GameRow.id, human.kind == "human"),
                ~exists().where(  # an open seat: the game waits for its player
                    human.game_id == GameRow.id,
                    human.kind == "human",
                    human.joined.is_(False),
                    human.token_sha256.is_(None),
                    human.invite_sha256.is_(None),
                ),
                ~exists().where(BotTurnRow.game_id == GameRow.id, BotTurnRow.kind == "move"),
            )
        )
        columns = [
            "game_id",
            "kind",
            "priority",
            "seat",
            "revision",
            "spec",
            "attended",
            "requested_at",
        ]
        statement = self._upsert().from_select(columns, missing).on_conflict_do_nothing()
        with self.engine.begin() as conn:
            return int(conn.execute(statement).rowcount or 0)

    def mark_present(self, seats: list[tuple[str, int]], until: datetime | None) -> None:
        """Say that pages of ``seats`` (game id, seat) are open until ``until``.

        ``None``: they closed.
        """
        if not seats:
            return
        with self.engine.begin() as conn:
            seats_table: Table = SeatRow.__table__  # type: ignore[assignment]
            conn.execute(
                update(seats_table)
                .where(
                    seats_table.c.game_id == bindparam("g"), seats_table.c.seat == bindparam("s")
                )
                .values(present_until=until),
                [{"g": g, "s": s} for g, s in seats],
            )

    def present(self, game_id: str, seat: int) -> bool:
        """True if a page of the seat is open on some process (``mark_present``)."""
        with self.engine.connect() as conn:
            until = conn.execute(
                select(SeatRow.present_until).where(
                    SeatRow.game_id == game_id, SeatRow.seat == seat
                )
            ).scalar_one_or_none()
        return until is not None and _utc(until) > _now()

    # ----- reviews (server/reviews.py) ---------------------------------------------------

    _REVIEW_COLUMNS = (
        ReviewRow.game_id,
        ReviewRow.iterations,
        ReviewRow.seats,
        ReviewRow.total,
        ReviewRow.done,
        ReviewRow.decisions,
        ReviewRow.lease_until,
    )

    def review(self, game_id: str) -> ReviewData | None:
        """The review of ``game_id`` as far as it has been computed; ``None`` if never asked."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(*self._REVIEW_COLUMNS).where(ReviewRow.game_id == game_id)
            ).one_or_none()
        return None if row is None else ReviewData(*row)

    def request_review(self, game_id: str, iterations: int, seats: list[int], total: int) -> None:
        """Record that ``game_id`` is to be reviewed (nothing if it already was asked)."""
        now = _now()
        statement = (
            self._upsert(ReviewRow)
            .values(
                game_id=game_id,
                iterations=iterations,
                seats=seats,
                total=total,
                done=0,
                decisions=[],
                requested_at=now,
                updated_at=now,
                lease_until=None,
            )
            .on_conflict_do_nothing(index_elements=[ReviewRow.game_id])
        )
        with self.engine.begin() as conn:
            conn.execute(statement)

    def claim_review(self, game_id: str, lease_seconds: float) -> ReviewData | None:
        """Take the unfinished review of ``game_id`` for ``lease_seconds``.

        ``None`` if it is finished, or another process holds it: of processes claiming at
        once, exactly one gets it (one guarded update).
        """
        now = _now()
        with self.engine.begin() as conn:
            row = conn.execute(
                update(ReviewRow)
                .where(
                    ReviewRow.game_id == game_id,
                    ReviewRow.done < ReviewRow.total,
                    (ReviewRow.lease_until.is_(None)) | (ReviewRow.lease_until < now),
                )
                .values(lease_until=now + timedelta(seconds=lease_seconds))
                .returning(*self._REVIEW_COLUMNS)
            ).one_or_none()
        return None if row is None else ReviewData(*row)

    def save_review(
        self, game_id: str, decisions: list[dict[str, Any]], lease_seconds: float
    ) -> None:
        """Store the decisions searched so far; renew the lease, or end it when all are.

        Never fewer than are stored: a process whose lease ran out while a step waited for
        a worker, and which goes on beside the one that took the review over, computes the
        same decisions (each has its own seed) and cannot take the progress back.
        """
        now = _now()
        with self.engine.begin() as conn:
            total = conn.execute(
                select(ReviewRow.total).where(ReviewRow.game_id == game_id)
            ).scalar_one()
            finished = len(decisions) >= total
            conn.execute(
                update(ReviewRow)
                .where(ReviewRow.game_id == game_id, ReviewRow.done <= len(decisions))
                .values(
                    decisions=decisions,
                    done=len(decisions),
                    updated_at=now,
                    lease_until=None if finished else now + timedelta(seconds=lease_seconds),
                )
            )
