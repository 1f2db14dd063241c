"""Accounts: signing up, in and out, passwords, deletion, and an account's games.

The password hashing, names and cookies are ``server/accounts.py``'s; this part keeps the
sessions and device cookies in the database, binds guest seats to an account (``claim``),
and revokes an account's device tokens in every game in memory (``forget_devices``).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from zoogames.core.game import JSON
from zoogames.core.message import msg
from zoogames.server import accounts, contract, tokens
from zoogames.server.accounts import Account
from zoogames.server.errors import ApiError
from zoogames.server.hub import dumps
from zoogames.server.service.env import Env
from zoogames.server.service.seats import holds_a_seat
from zoogames.server.store import Conflict, DeviceToken

if TYPE_CHECKING:
    from zoogames.server.service.round import Round

log = logging.getLogger("zoogames.server")

MY_GAMES = 200
"""Games ``GET /api/me/games`` lists at most (the newest)."""


class Accounts:
    """Accounts and their sessions (see the module docstring)."""

    def __init__(self, env: Env, round_: Round) -> None:
        self.env = env
        self.round = round_
        self._device_key: bytes | None = None
        """The key of device cookies (``server_keys``' ``device-cookies``), once read."""

    async def account_of(self, cookie: str | None) -> Account | None:
        """The account of a session cookie, if it names an unexpired session."""
        if not cookie or len(cookie) > 200:
            return None
        found = await self.env.db(self.env.store.session_account, tokens.digest(cookie))
        return Account(*found) if found is not None else None

    async def _session(self, account: Account) -> str:
        """A new session of ``account``: the cookie's value (the database keeps its digest)."""
        cookie = tokens.new_session()
        expires = datetime.now(UTC) + timedelta(days=self.env.settings.session_days)
        await self.env.db(self.env.store.new_session, tokens.digest(cookie), account.id, expires)
        return cookie

    async def sign_up(self, name: str, password: str, client: str = "") -> tuple[Account, str, str]:
        """Make an account and sign it in: the account, its cookies' values.

        The session cookie's, and the browser's device cookie's (``accounts.DEVICE_COOKIE``).
        """
        accounts.check_name(name)
        accounts.check_password(password, name)
        key = accounts.name_key(name)
        if await self.env.db(self.env.store.account_named, key) is not None:
            raise ApiError(409, msg("error.name_taken"))  # before the costly hash
        hashed = await accounts.hash_password(password, client)
        try:
            account_id = await self.env.db(self.env.store.create_account, name, key, hashed)
        except Conflict:
            raise ApiError(409, msg("error.name_taken")) from None
        account = Account(account_id, name)
        log.info("account %d created", account_id)
        device = accounts.new_device_cookie(await self._device_secret(), key)
        return account, await self._session(account), device

    async def sign_in(
        self, name: str, password: str, client: str = "", device: str | None = None
    ) -> tuple[Account, str, str]:
        """Check a name and password: the account, and its cookies' values.

        A new session cookie's, and the browser's device cookie's (renewed). A wrong name
        and a wrong password get the same answer after the same work (an argon2
        verification either way), so sign-in does not tell which names exist.
        Failures are counted per name whatever the address (``signin_account``): a browser
        whose ``device`` cookie proves an earlier sign-in to that name is counted apart
        and hashed first, so guessers elsewhere lock out only browsers new to the account.
        """
        key = accounts.name_key(name[:32])  # (a longer name is no account's: any key will do)
        secret = await self._device_secret()
        known = accounts.known_device(secret, key, device)
        counted = key if known is None else f"{key} {known}"
        self.env.limits.attempt("signin_account", counted)
        signed_in = None
        try:
            found = None
            if accounts.NAME.fullmatch(name) and len(password) <= accounts.PASSWORD_MAX:
                found = await self.env.db(self.env.store.account_by_key, key)
            ok, newer = await accounts.verify_password(
                found[2] if found is not None else None,
                password[: accounts.PASSWORD_MAX],
                client,
                first=known is not None,
            )
            signed_in = ok and found is not None
        finally:  # a wrong password counts; a busy server or a failing database does not
            self.env.limits.attempted("signin_account", counted, failed=signed_in is False)
        if not signed_in or found is None:
            raise ApiError(401, msg("error.wrong_sign_in"))
        if newer is not None:
            await self.env.db(self.env.store.rehash, found[0], newer)
        account = Account(found[0], found[1])
        return account, await self._session(account), accounts.new_device_cookie(secret, key)

    async def _device_secret(self) -> bytes:
        """The key device cookies are signed with: made once, shared by every process."""
        if self._device_key is None:
            value = await self.env.db(self.env.store.server_key, "device-cookies", accounts.new_key)
            self._device_key = bytes.fromhex(value)
        return self._device_key

    async def sign_out(self, cookie: str | None) -> None:
        """End the session of ``cookie`` (nothing if it names none)."""
        if cookie and len(cookie) <= 200:
            await self.env.db(self.env.store.end_session, tokens.digest(cookie))

    async def sign_out_everywhere(self, account: Account) -> None:
        """End every session of ``account`` and revoke its device tokens."""
        await self.env.db(self.env.store.end_everywhere, account.id)
        self.forget_devices(account.id)
        if self.env.bus is not None:
            self.env.bus.publish("", "signed-out", a=account.id)

    def forget_devices(self, account: int) -> None:
        """Revoke the device tokens of ``account`` in every game in memory, and their sockets.

        A socket that said hello with a device token remembers its seat, and would
        otherwise go on acting and chatting for the revoked token: it gets a 403 error and
        is closed with 4403 (the code of a token refused at hello: the client stops
        reconnecting with it). This runs on every process (``_on_notice``). A socket that
        said hello with a seat's own token is not touched: that token is not revoked.
        """
        for table in self.round.tables.values():
            table.device_tokens = {
                k: d for k, d in table.device_tokens.items() if d.account != account
            }
        refusal = ApiError(
            403,
            msg("error.device_revoked"),
        )
        text = dumps({"type": "error", "status": refusal.status, **refusal.to_json()})
        for conns in self.env.hub.games.values():
            for conn in conns:
                if conn.device is not None and conn.device.account == account:
                    conn.seat = conn.device = None  # nothing more is played through it
                    conn.send(text)
                    conn.close(4000 + refusal.status)

    async def _check_password(
        self, account: Account, cookie: str | None, password: str, client: str
    ) -> None:
        """The signed-in player's password, asked again before a change that needs it.

        403 if wrong. The failures count like sign-ins' (``signin_account``), apart for
        each session: a stolen session gives no more guesses than a browser would get.
        """
        counted = f"{accounts.name_key(account.name)} {tokens.digest(cookie or '')[:16]}"
        self.env.limits.attempt("signin_account", counted)
        right = None
        try:
            stored = await self.env.db(self.env.store.password_hash, account.id)
            ok, _ = await accounts.verify_password(
                stored, password[: accounts.PASSWORD_MAX], client, first=True
            )
            right = ok and stored is not None
        finally:
            self.env.limits.attempted("signin_account", counted, failed=right is False)
        if not right:
            raise ApiError(403, msg("error.wrong_password"))

    async def change_password(
        self, account: Account, cookie: str | None, current: str, new: str, client: str = ""
    ) -> None:
        """Change the password of ``account`` (its ``current`` one checked first).

        Every other session ends (a browser that knew the old password is signed out);
        this one (``cookie``) goes on. Device tokens stay: signing out everywhere revokes
        them.
        """
        accounts.check_password(new, account.name)  # before the costly hashes
        await self._check_password(account, cookie, current, client)
        hashed = await accounts.hash_password(new, client, first=True)
        keep = tokens.digest(cookie) if cookie else None
        await self.env.db(self.env.store.set_password, account.id, hashed, keep)
        log.info("account %d: password changed", account.id)

    async def delete_account(
        self, account: Account, cookie: str | None, password: str, client: str = ""
    ) -> None:
        """Delete ``account`` (its password checked first): see ``Store.delete_account``.

        Its seats become guests' seats, held by their tokens alone, in the games in memory
        here at once and, through a notice each, on the other processes; its device tokens
        are revoked as when signing out everywhere.
        """
        await self._check_password(account, cookie, password, client)
        playing = await self.env.db(self.env.store.delete_account, account.id)
        self.forget_devices(account.id)
        for table in self.round.tables.values():
            mine = [seat for seat in table.seats if seat.account == account.id]
            for seat in mine:
                table.seats[seat.seat] = replace(seat, account=None, name=None)
            if mine:
                self.env.hub.push_state(table, table.number)
        if self.env.bus is not None:
            self.env.bus.publish("", "signed-out", a=account.id)
            for game_id in playing:
                self.env.bus.publish(game_id, "game")
        log.info("account %d deleted", account.id)

    async def claim(self, account: Account, held: list[tuple[str, str]]) -> dict[str, JSON]:
        """Bind guest seats to ``account`` by their ``(game id, token)``.

        Each seat is claimed or refused on its own (a game gone, a token that is not a
        seat's, a seat that follows another account): one bad entry spoils nothing.
        """
        claimed: list[JSON] = []
        refused: list[JSON] = []
        for game_id, token in held:
            try:
                table, seat = await self.round.seat(game_id, token)
                async with table.lock:
                    if table.seats[seat].account not in (None, account.id):
                        raise ApiError(409, msg("error.seat_other_account"))
                    if table.seats[seat].account is None:
                        holds_a_seat(table, account)
                    if not await self.env.db(
                        self.env.store.bind_seats, table.id, [seat], account.id
                    ):
                        await self.round.reload(table)
                        raise ApiError(409, msg("error.seat_changed_retry"))
                    table.seats[seat] = replace(table.seats[seat], account=account.id)
                    self.round.tell(table, "game")
                claimed.append({"game": table.id, "seat": seat})
            except ApiError as e:
                if e.status in (429, 503):
                    raise
                refused.append({"game": game_id, "detail": e.detail})
        return {"claimed": claimed, "refused": refused}

    async def my_games(self, account: Account) -> contract.MyGames:
        """The games ``account`` holds a seat in, the player's turn first.

        Then the others in play, then those over; each group the newest first.
        """
        games = await self.env.db(self.env.store.my_games, account.id, MY_GAMES)
        listed: list[contract.MyGame] = []
        for g in games:
            mine = [s.seat for s in g.seats if s.account == account.id]
            playing = g.status == "playing"
            listed.append(
                {
                    "id": g.id,
                    "game": g.game,
                    "status": "playing" if playing else "over",
                    "to_move": g.to_move if playing else None,
                    "your_turn": playing and g.to_move in mine,
                    "you": mine,
                    "seats": [{**s.to_json(), "open": s.open} for s in g.seats],
                    "created_at": g.created_at.isoformat(),
                }
            )
        listed.sort(key=lambda g: (not g["your_turn"], g["status"] != "playing"))
        return {"games": listed}

    async def device_tokens(self, account: Account, game_id: str) -> dict[str, JSON]:
        """Fresh tokens for every seat of ``account`` in a game, for one more device.

        The seats' first tokens keep working (the other devices go on as they were); the
        new ones are stored as SHA-256 only and revoked by signing out everywhere.
        """
        table = await self.round.table(game_id)
        async with table.lock:
            mine = [s.seat for s in table.seats if s.account == account.id and s.kind == "human"]
            if not mine:
                raise ApiError(403, msg("error.no_seat_here"))
            fresh = {seat: tokens.new_token() for seat in mine}
            made = [DeviceToken(tokens.digest(t), seat, account.id) for seat, t in fresh.items()]
            await self.env.db(self.env.store.add_device_token, table.id, made)
            for d in made:
                table.device_tokens[d.sha256] = d
            self.round.tell(table, "game")
        return {"tokens": {str(seat): t for seat, t in fresh.items()}}
