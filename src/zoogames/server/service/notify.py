"""Notifications: push subscriptions, e-mail addresses, and "your turn".

A seat bound to an account is told when the turn passes to it (``turn_passed``): by a
push to the account's browsers while no page of the seat is open, and, in a turn-based
game, by e-mail to the account's confirmed address. The settings an account chooses
(``/api/me/notify``, ``/api/me/push``, ``/api/me/email``) are here too.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

from zoogames.core.game import JSON
from zoogames.core.message import msg
from zoogames.server import contract, tokens
from zoogames.server.accounts import Account
from zoogames.server.errors import ApiError
from zoogames.server.hub import dumps
from zoogames.server.notify import (
    CONFIRM_HOURS,
    check_email,
    check_subscription,
    endpoint_sha256,
    new_vapid_key,
)
from zoogames.server.service.env import Env
from zoogames.server.table import Table

log = logging.getLogger("zoogames.server")


class Notifications:
    """An account's notification settings, and the "your turn" pushes and e-mails."""

    def __init__(self, env: Env) -> None:
        self.env = env

    async def start(self) -> None:
        """Take the VAPID key: the settings' (several processes), or the database's.

        The database's is made at the first start (``store.server_key``): it is part of
        the database like everything else, backed up and restored with it.
        """
        key = self.env.settings.vapid_private_key
        if key is None:
            key = await self.env.db(self.env.store.server_key, "vapid", new_vapid_key)
        self.env.notifier.use_key(key)

    def push_key(self) -> dict[str, JSON]:
        """``GET /api/push/key``: the public key browsers subscribe with."""
        if self.env.notifier.public_key is None:
            raise ApiError(503, msg("error.push_starting"))
        return {"key": self.env.notifier.public_key}

    async def subscribe(
        self, account: Account, endpoint: str, p256dh: str, auth: str
    ) -> dict[str, JSON]:
        """Store a browser's push subscription for the account (its newest ones kept)."""
        endpoint, p256dh, auth = check_subscription(
            endpoint, p256dh, auth, self.env.settings.push_services
        )
        count = await self.env.db(
            self.env.store.subscribe,
            account.id,
            endpoint_sha256(endpoint),
            endpoint,
            p256dh,
            auth,
            self.env.settings.push_per_account,
        )
        return {"push": count}

    async def unsubscribe(self, account: Account, endpoint: str | None) -> dict[str, JSON]:
        """Forget one push subscription of the account (``None``: every one)."""
        sha256 = endpoint_sha256(endpoint) if endpoint is not None else None
        await self.env.db(self.env.store.unsubscribe, account.id, sha256)
        count, _, _ = await self.env.db(self.env.store.notify_settings, account.id)
        return {"push": count}

    async def settings_of(self, account: Account) -> contract.NotifySettings:
        """What the account turned on: push subscriptions, the e-mail addresses.

        ``email`` is the confirmed address ("your turn" goes there); ``email_pending`` one
        waiting for its owner to open the link sent to it (it gets nothing else).
        """
        count, email, pending = await self.env.db(self.env.store.notify_settings, account.id)
        return {
            "push": count,
            "email": email,
            "email_pending": pending,
            "email_available": self.env.notifier.smtp is not None,
        }

    async def set_email(self, account: Account, email: str | None) -> contract.NotifySettings:
        """Opt out of e-mail (``None``), or ask for it at an address: a link goes there.

        The address gets nothing else until its owner opens the link (``confirm_email``):
        otherwise anyone could make the server mail a stranger. The confirmed address, if
        any, keeps its e-mails meanwhile. Any address gets at most one e-mail every
        ``email_address_minutes``, whoever asks: asking again for the address this account
        waits for sends nothing; asking for another address mailed within it is a 429.
        """
        if email is None:
            await self.env.db(self.env.store.email_off, account.id)
            return await self.settings_of(account)
        if self.env.notifier.smtp is None:
            raise ApiError(409, msg("error.no_email"))
        email = check_email(email)
        secret = tokens.new_session()  # 32 random bytes; the database keeps its SHA-256
        expires = datetime.now(UTC) + timedelta(hours=CONFIRM_HOURS)
        minutes = self.env.settings.email_address_minutes
        outcome = await self.env.db(
            self.env.store.ask_email, account.id, email, tokens.digest(secret), expires, minutes
        )
        if outcome == "recent":
            whole = max(1, round(minutes))
            raise ApiError(
                429,
                msg("error.email_recent", count=whole),
                f"this address got an e-mail from this server less than {whole} minutes ago;"
                " look for it there, or try again later",
            )
        if outcome == "send":
            self.env.in_background(self._send_confirmation(email, secret))
        return await self.settings_of(account)

    async def _send_confirmation(self, address: str, secret: str) -> None:
        """E-mail ``address`` the link that confirms it (in the background).

        The link carries the secret in its fragment: a browser never sends that to a
        server, so it stays out of access logs and ``Referer`` headers (the client posts it
        to ``/api/email/confirm``). The e-mail names no account: nothing in it is a
        player's to choose, so it cannot carry anyone's message to a stranger.
        """
        hours = round(CONFIRM_HOURS)
        await self.env.notifier.email(
            address,
            "Confirm your address for zoogames",
            'Someone asked zoogames to send their "your turn" e-mails to this address.\n\n'
            f"If it was you, open this link within {hours} hours to confirm it:\n"
            f"{self.env.settings.public_url}/account#email={secret}\n\n"
            "If it was not you, ignore this e-mail: this address gets nothing more.\n",
        )

    async def confirm_email(self, secret: str) -> dict[str, JSON]:
        """Confirm the address a link was sent to, by the link's secret; the address.

        No sign-in needed: the secret proves the mailbox, and the link may be opened on a
        device that is not signed in. A secret of no waiting address, or an expired one,
        is a 404.
        """
        address = await self.env.db(self.env.store.confirm_email, tokens.digest(secret))
        if address is None:
            raise ApiError(
                404,
                msg("error.email_link"),
            )
        return {"email": address}

    def turn_passed(self, table: Table, by: int | None) -> None:
        """If the turn passed to another human seat bound to an account, notify it.

        Only once per turn (``Table.notified``), never for the seat that just acted, and
        in the background: the action's answer never waits for a push service.
        """
        seat = table.state.to_move
        if seat == table.notified:
            return
        table.notified = seat
        if seat is None or seat == by or table.over or table.open_seats:
            return
        account = table.seats[seat].account
        if table.seats[seat].kind != "human" or account is None:
            return
        self.env.in_background(self._notify_turn(table, seat, account))

    async def _page_open(self, table: Table, seat: int) -> bool:
        """True if a page of ``seat`` is connected, here or (several processes) elsewhere."""
        if self.env.hub.seated(table.id, seat):
            return True
        return self.env.bus is not None and await self.env.db(
            self.env.store.present, table.id, seat
        )

    async def _notify_turn(self, table: Table, seat: int, account: int) -> None:
        """Send the "your turn" push (and e-mail, for a turn-based game) of one seat.

        No push while a page of the seat is open: it tells the player itself (title,
        sound); an e-mail for a turn-based game still goes (a tab left open for days).
        """
        name = table.seats[seat].name or f"seat {seat + 1}"
        link = f"/play/{table.id}"
        # Public facts only: the game, whose turn, a link. Never a token, view or hand.
        payload = dumps(
            {
                "type": "turn",
                "game": table.id,
                "catalog": table.game,
                "seat": seat,
                "name": name,
                "number": table.number,
                "url": link,
            }
        )
        ttl = self.env.settings.push_ttl
        if table.setup.clock is not None:  # stale once the clock has run out
            ttl = min(ttl, table.setup.clock)
        try:
            push = not await self._page_open(table, seat)
            subscriptions = await self.env.db(self.env.store.subscriptions, account) if push else []
            if subscriptions:

                async def gone(sha256: str) -> None:
                    await self.env.db(self.env.store.drop_subscription, sha256)

                await self.env.notifier.push(subscriptions, payload, ttl, gone)
            if self.env.notifier.smtp is not None and table.setup.pace == "turn-based":
                to = await self.env.db(
                    self.env.store.email_due,
                    table.id,
                    account,
                    self.env.settings.email_hours,
                    self.env.settings.email_address_minutes,
                )
                if to is not None:
                    game = table.state.game.name
                    site = self.env.settings.public_url
                    await self.env.notifier.email(
                        to,
                        f"Your turn: {game} ({table.id})",
                        f"It is your turn, {name}, in {game}.\n\n"
                        f"Play: {site}{link}\n\n"
                        "You get this because you turned on e-mail for your turns."
                        f" Turn it off on your account page: {site}/account\n",
                    )
        except ApiError:
            log.error("game %s: no notification (the database failed)", table.id)
        except Exception as e:  # a notification must never take anything else down
            log.error("game %s: no notification: %s", table.id, type(e).__name__)
