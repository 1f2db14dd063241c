"""The database schema (SQLAlchemy 2 models): games, seats, actions, decks, accounts.

Accounts come with their sessions and device tokens (``accounts.py``).

A game is its record: the options and seed it started from and its ordered actions. Each
action is one row, unique by (game, number), so two actions racing for one turn cannot
both land. ``games.revision`` grows with every change of a game's position (an action or
an undo); a write names the revision it was computed on and fails if another write came
first. ``to_move``, ``status`` and ``result`` are a cache of what replaying would give,
so that the server can find games waiting for a bot without replaying every game.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
"""Constraint names, the same on every database (Alembic migrations refer to them)."""


class Base(DeclarativeBase):
    """The declarative base of the server's tables."""

    metadata = MetaData(naming_convention=NAMING)


class GameRow(Base):
    """One game: what it is, how it started, and a cache of where it stands."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    secret: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The 128 secret bits of a BLAKE2b seed, in hex (the seed is then ``2**128`` plus
    them: too large for ``seed``, which holds 0)."""
    deck_sha256: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The game's own deck (Aquarium Designer), in ``decks``; ``None``: the standard deck."""
    listed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false(), index=True)
    """Shown in the lobby (``GET /api/lobby``): its open seats to join, then to watch."""
    pace: Mapped[str] = mapped_column(String(16), default="live", server_default="live")
    """``live`` or ``turn-based``, as the creator announced it."""
    host: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The creator's seat (its first ``me`` seat): who may start with bots in open seats."""
    asked: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The options as the creator asked for them (a rematch asks again: what was drawn
    from the seed is drawn anew); ``None`` for games from before 0005."""
    leave_bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The bot that plays a seat whose player leaves (``None``: the catalog's first)."""
    rematch: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """The id of this game's rematch, once someone asked for one (at most one)."""
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Rated (chosen at creation): every human seat is an account's."""
    rated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When its players' ratings were updated from its result (once: a guard)."""
    clock: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Seconds a human seat has for each action (``None``: no clock)."""
    turn_from: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the last open seat was filled: a clock never runs from before it."""
    on_timeout: Mapped[str] = mapped_column(String(8), default="bot", server_default="bot")
    """On a clock's timeout: ``bot`` (the leave bot plays the action) or ``forfeit``."""
    on_leave: Mapped[str] = mapped_column(String(8), default="bot", server_default="bot")
    """When a player leaves: ``bot`` (the leave bot takes the seat) or ``forfeit``."""
    forfeited: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat that forfeited (the game then over, ``result`` ranking it last)."""
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A seated player may ask the bots for a hint on their turn (``Hints.hint``)."""
    timeouts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """A clock's timeouts in a row (0 once a player acts): after ``table.MAX_TIMEOUTS`` the
    clock stops, also across a restart."""


class SeatRow(Base):
    """One seat of a game: a human (with its token's SHA-256) or a bot (with its spec)."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    joined: Mapped[bool] = mapped_column(Boolean, default=False)
    token_sha256: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_sha256: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """An invited seat's invitation until it is accepted (then the seat gets its token)."""
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True, index=True
    )
    """The account the seat follows (taken while signed in, or claimed); ``None``: a
    guest's seat, held by its token alone."""
    won: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    """Whether the seat is among the winners, once the game is over (``None`` before): a
    profile counts games won with one aggregate over the account's seats."""
    left: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The seat's player left it to a bot: the game stays a game of people (played out and
    rated, the account kept for the rating), not a game of bots alone."""
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    """The account's rating (its ordinal) before and after this rated game, for the end of
    the game to show the change: the ratings table keeps only the current one."""
    present_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """With several processes: a page of the seat is open on one of them until then
    (renewed while it stays open), so that no process sends a "your turn" push to a
    player whose page says it already."""


class AccountRow(Base):
    """A player's account: a name, unique whatever its case, and an argon2id hash."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(32))
    """As the player spelled it at sign-up."""
    name_key: Mapped[str] = mapped_column(String(32), unique=True)
    """The name in lower case: the unique key that makes ``Anna`` and ``anna`` one name."""
    password_hash: Mapped[str] = mapped_column(String(255))
    """argon2-cffi's encoded hash (``$argon2id$v=19$m=…``), parameters included."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    """Where "your turn" e-mails go: an address the player confirmed (``None``: no e-mail)."""
    email_pending: Mapped[str | None] = mapped_column(String(254), nullable=True)
    """An address given but not confirmed yet: it gets the confirmation e-mail and nothing
    else until its link is opened (``email`` meanwhile stays as it was)."""
    email_token_sha256: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    """The SHA-256 of the confirmation link's secret (never the secret itself)."""
    email_token_expires: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True
    )
    """The confirmation link works until then."""


class SessionRow(Base):
    """A signed-in browser: the SHA-256 of its cookie's value, never the value."""

    __tablename__ = "sessions"

    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class DeviceTokenRow(Base):
    """A further token for an account's seat, made for one more device of its player.

    The seat's own token is stored only as its SHA-256, so it cannot be handed out again;
    a signed-in player's new device gets a token of its own instead, which signing out
    everywhere revokes.
    """

    __tablename__ = "device_tokens"

    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("games.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    """One chat message at a table, by a seat."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("games.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """Who said it: the seat's name when it was said (a seat changes hands; a line never)."""


class TableEventRow(Base):
    """Something that happened to a seat (joined, left, ran out of time, forfeited, rematch)."""

    __tablename__ = "table_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("games.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(16))
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    other_game: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MuteRow(Base):
    """A seat that no longer sees another seat's chat messages (for itself only)."""

    __tablename__ = "mutes"

    game_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    muted: Mapped[int] = mapped_column(Integer, primary_key=True)


class RatingRow(Base):
    """An account's OpenSkill (Plackett-Luce) rating at one catalog game."""

    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    """Rated games counted in it."""


class DeckRow(Base):
    """A deck a game was started with (its name and cards, canonical), once per content."""

    __tablename__ = "decks"

    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    content: Mapped[dict[str, Any]] = mapped_column(JSON)


class ActionRow(Base):
    """One action of a game, numbered from 0; the primary key makes each number unique."""

    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    notation: Mapped[str] = mapped_column(Text)
    seat: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PushSubscriptionRow(Base):
    """A browser's Web Push subscription for an account (``server/notify.py``).

    Keyed by the SHA-256 of its endpoint (an endpoint is up to 2,048 characters, too long
    for a portable unique index): a browser subscribing again replaces its row.
    """

    __tablename__ = "push_subscriptions"

    endpoint_sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    endpoint: Mapped[str] = mapped_column(Text)
    p256dh: Mapped[str] = mapped_column(String(128))
    """The browser's P-256 public key, base64url (the payload is encrypted to it)."""
    auth: Mapped[str] = mapped_column(String(64))
    """The subscription's 16-byte authentication secret, base64url."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TurnEmailRow(Base):
    """When an account was last e-mailed "your turn" for a game (at most one per N hours)."""

    __tablename__ = "turn_emails"

    game_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    sent_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MailedAddressRow(Base):
    """When the server last sent any e-mail to an address (at most one per interval).

    Keyed by the SHA-256 of the address in lower case: the limit holds across accounts and
    games, confirmation e-mails included, and the table keeps no stranger's address.
    """

    __tablename__ = "mailed_addresses"

    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ServerKeyRow(Base):
    """A key the server made once and keeps: the VAPID key pair (``vapid``), PEM."""

    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class BotTurnRow(Base):
    """Work waiting for a bot worker (``zoogames bots``; ``server/bot_workers.py``).

    At most one row per game and ``kind``: ``move``, the turn of ``seat`` at ``revision``,
    played by ``spec`` (a bot seat's, or a timed-out human seat's stand-in); ``hint``, the
    bots' suggestion for ``seat`` at ``revision``. A worker claims it by setting
    ``lease_until``; a worker that dies lets its lease run out, and another claims the work
    again. A row whose revision the game has left behind is stale and dropped undone.
    """

    __tablename__ = "bot_turns"

    game_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    revision: Mapped[int] = mapped_column(Integer)
    spec: Mapped[str] = mapped_column(String(64))
    attended: Mapped[bool] = mapped_column(Boolean)
    """The game has a human seat (its turns go first); otherwise a watched game of bots."""
    priority: Mapped[int] = mapped_column(Integer)
    """Workers take the lowest first (then the longest waiting): a move of a game with a
    human seat, a hint, a move of a game of bots alone (``store.PRIORITY``)."""
    requested_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """Claimed by a worker until then (``NULL``: waiting)."""


class ReviewRow(Base):
    """A finished game's review (``server/reviews.py``): computed once, kept with the game.

    ``decisions`` holds the decisions searched so far, in order (``done`` of ``total``):
    a process that dies while reviewing leaves them, and the next one continues from there.
    ``lease_until``: a process is computing it until then (``NULL``: nobody is); a
    computing process renews it with every decision.
    """

    __tablename__ = "reviews"

    game_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    iterations: Mapped[int] = mapped_column(Integer)
    seats: Mapped[list[int]] = mapped_column(JSON)
    """The seats whose decisions are reviewed (the human seats; every seat in a game of
    bots alone)."""
    total: Mapped[int] = mapped_column(Integer)
    done: Mapped[int] = mapped_column(Integer, default=0)
    decisions: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    requested_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
