"""The lobby: listed games with open seats to take, and games in play to watch.

A listed game's open seats are for anyone to take (``take_seat``); its host may start it
with bots in the seats still open (``start_with_bots``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from zoogames.core.game import JSON
from zoogames.core.message import msg
from zoogames.server import catalog, contract, tokens
from zoogames.server.accounts import Account
from zoogames.server.errors import ApiError
from zoogames.server.service.env import Env
from zoogames.server.service.seats import clean_name, holds_a_seat
from zoogames.server.store import Conflict
from zoogames.server.table import Table

if TYPE_CHECKING:
    from zoogames.server.service.round import Round

LOBBY_GAMES = 200
"""Listed games ``GET /api/lobby`` shows at most (the newest)."""


class Lobby:
    """Listed games and their open seats (see the module docstring)."""

    def __init__(self, env: Env, round_: Round) -> None:
        self.env = env
        self.round = round_

    async def listed(self) -> contract.Lobby:
        """Listed tables with open seats to join, and listed games in play to watch."""
        open_tables: list[JSON] = []
        playing: list[JSON] = []
        for g in await self.env.db(self.env.store.listed_games, LOBBY_GAMES):
            free = [s.seat for s in g.seats if s.open]
            entry: dict[str, JSON] = {
                "id": g.id,
                "game": g.game,
                "players": len(g.seats),
                "options": g.options,
                "pace": g.pace,
                "clock": g.clock,
                "seats": [{**s.to_json(), "open": s.open} for s in g.seats],
                "free": len(free),
                "rated": g.rated,
                "hints": g.hints,
                "created_at": g.created_at.isoformat(),
            }
            (open_tables if free else playing).append(entry)
        return {"open": open_tables, "playing": playing}

    async def take_seat(
        self, game_id: str, seat: int, name: str | None, account: Account | None
    ) -> contract.Joined:
        """Take an open seat: the seat's snapshot with its new token (``token``).

        The token is shown only here. The game starts when no seat is open any more.

        A signed-in player's seat follows the account (and is named after it unless a
        name is given); a guest must give a name. Of two players racing for one seat,
        exactly one gets it (the table's lock in this process, the database's guard
        across processes); the other gets 409.
        """
        table = await self.round.table(game_id)
        if table.setup.rated and account is None:
            raise ApiError(403, msg("error.rated_sign_in"))
        if name is None and account is not None:
            name = account.name
        tidy = clean_name(name, True)
        assert tidy is not None
        async with table.lock:
            if not 0 <= seat < len(table.seats):
                raise ApiError(422, msg("error.seat_range", last=len(table.seats) - 1, asked=seat))
            if table.over:
                raise ApiError(409, msg("error.over"))
            if not table.seats[seat].open:
                raise ApiError(409, msg("error.seat_taken"))
            holds_a_seat(table, account)
            fresh = tokens.new_token()
            before = table.seats[seat]
            after = before.held(tokens.digest(fresh), tidy, account.id if account else None)
            try:
                joined = await self.env.db(self.env.store.take_open_seat, table.id, before, after)
            except Conflict:
                await self.round.reload(table)
                raise ApiError(409, msg("error.seat_taken")) from None
            table.events.append(joined)
            table.seats[seat] = after
            self._seated(table)
            return {**table.snapshot(seat), "token": fresh}

    async def start_with_bots(
        self, game_id: str, token: str | None, spec: str | None
    ) -> contract.Snapshot:
        """The host starts the game now: every open seat is played by the bot ``spec``."""
        table, mine = await self.round.seat(game_id, token)
        bot = catalog.check_bot(spec, table.game, len(table.seats))
        async with table.lock:
            if table.setup.host != mine:
                raise ApiError(403, msg("error.host_only"))
            free = table.open_seats
            if not free:
                raise ApiError(409, msg("error.started"))
            label = catalog.bot_label(bot)
            changes = [(table.seats[s], table.seats[s].to_bot(bot, label)) for s in free]
            try:
                await self.env.db(self.env.store.fill_open_seats, table.id, changes)
            except Conflict:
                await self.round.reload(table)
                raise ApiError(409, msg("error.seat_taken_meanwhile")) from None
            for _, after in changes:
                table.seats[after.seat] = after
            self._seated(table)
            return table.snapshot(mine)

    def _seated(self, table: Table) -> None:
        """After a seat was filled: push it, and start the game's bot once none is open.

        The game starting (its last seat filled) makes it someone's turn: notified.
        """
        if not table.open_seats:
            table.notified = None  # the first turn begins now, not when the game was made
            table.seats_filled_at = datetime.now(UTC)  # (the database's turn_from too)
            self.round.notify.turn_passed(table, None)
        if not table.open_seats and table.bot_task is None:
            self.round.start_bot(table)
        self.round.seats_changed(table)
        if table.thinking is not None:
            self.env.hub.send_all(table.id, {"type": "thinking", "seat": table.thinking})
