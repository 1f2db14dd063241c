"""Accounts: names and passwords, sessions, device tokens, deletion, seats and games.

Everything that reads or writes ``accounts``, ``sessions`` or ``device_tokens`` for an
account's own sake (``server/accounts.py`` holds the rules: hashing, names, cookies):
signing up and in, signing out (everywhere), a new password, deleting an account (its
seats stay, as guests'), binding a guest's seats to an account, and the account's games.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, exists, insert, select, update
from sqlalchemy.exc import IntegrityError

from zoogames.server.models import (
    AccountRow,
    DeviceTokenRow,
    GameRow,
    PushSubscriptionRow,
    SeatRow,
    SessionRow,
    TurnEmailRow,
)
from zoogames.server.store.engine import StoreBase, _seat
from zoogames.server.store.records import Conflict, DeviceToken, MyGame, Seat, _now, _utc

DELETED = "~deleted~"
"""Begins the name key of a deleted account's row, kept for its ratings alone."""


class AccountsStore(StoreBase):
    """An account's reads and writes: sign-up, sessions, passwords, deletion, its games."""

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
        """Delete an account, keeping its games and ratings anonymous; the games in play.

        Its seats stay as guests' seats (held by their tokens alone) without a name, so
        that every game stays playable and replayable and names nobody. Its ratings stay,
        under a row with no name, no password and no address: they counted in other
        players' games, and leaderboards leave such rows out. Its sessions, device tokens,
        push subscriptions and "your turn" e-mail records go (each deleted here rather
        than left to the foreign keys' cascades, so the outcome does not hang on how a
        database enforces them), and the name is free again.
        """
        with self.engine.begin() as conn:
            playing = conn.execute(
                select(SeatRow.game_id)
                .join(GameRow, GameRow.id == SeatRow.game_id)
                .where(SeatRow.account_id == account, GameRow.status == "playing")
                .distinct()
            ).all()
            conn.execute(
                update(SeatRow)
                .where(SeatRow.account_id == account)
                .values(account_id=None, name=None)
            )
            for row in (SessionRow, DeviceTokenRow, PushSubscriptionRow, TurnEmailRow):
                conn.execute(delete(row).where(row.account_id == account))
            conn.execute(
                update(AccountRow)
                .where(AccountRow.id == account)
                .values(
                    name="",
                    # a key no name can have (``accounts.NAME``): no sign-in, no profile
                    name_key=f"{DELETED}{account}",
                    password_hash="",
                    email=None,
                    email_pending=None,
                    email_token_sha256=None,
                    email_token_expires=None,
                )
            )
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
