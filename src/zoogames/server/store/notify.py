"""Notifications: Web Push subscriptions and "your turn" e-mail (``server/notify.py``).

An address gets its confirmation link and its e-mails at most once in an interval,
whichever account or game asks (``_claim_mail``: one guarded upsert, so two servers never
both send); a game's account at most once in its own interval.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, update

from zoogames.server.models import AccountRow, MailedAddressRow, PushSubscriptionRow, TurnEmailRow
from zoogames.server.store.engine import StoreBase
from zoogames.server.store.records import _now, _utc


class NotifyStore(StoreBase):
    """Push subscriptions and e-mail addresses, confirmations and their limits."""

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
