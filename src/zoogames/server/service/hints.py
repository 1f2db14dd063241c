"""Hints: the bots' suggestion for a seat on its turn, where the table allows them.

Searched in this process's bot workers, or queued for ``zoogames bots`` (external bots)
and awaited until one of them finds it (``found``, told to every process: ``heard``).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, cast

from zoogames.core.game import JSON
from zoogames.core.message import msg
from zoogames.server import contract
from zoogames.server.bots import BotFailed
from zoogames.server.errors import ApiError
from zoogames.server.service.env import Env
from zoogames.server.store import BotTurn
from zoogames.server.table import WAITS, Table, described_alternatives, described_steps

if TYPE_CHECKING:
    from zoogames.server.service.round import Round

HINT_WAIT = 25.0
"""Seconds beyond the longest thinking time a hint asked of the bot workers is waited for
(they may all be busy)."""


class Hints:
    """Hints asked for and found (see the module docstring)."""

    def __init__(self, env: Env, round_: Round) -> None:
        self.env = env
        self.round = round_
        self.waiting: dict[tuple[str, int, int], asyncio.Future[JSON]] = {}
        """Hints asked of the bot workers, by (game, seat, revision), until they come."""

    async def hint(self, game_id: str, token: str | None) -> contract.Hint:
        """The bots' suggestion for ``token``'s seat on its turn (``bots.hint_in_worker``).

        Only where the table allows hints (403), on the seat's own turn (409). It is
        searched in the bot workers (this process's, or ``zoogames bots`` with external
        bots), from the seat's view only, and kept for the position: asking again costs
        nothing. The game never waits for it: a hint that comes after the seat played is
        simply of an older position (``number`` says which).
        """
        table, seat = await self.round.seat(game_id, token)
        if not table.setup.hints:
            raise ApiError(403, msg("error.hints_off"))
        if table.over:
            raise ApiError(409, msg("error.over"))
        if table.open_seats:
            raise ApiError(409, WAITS)
        if table.state.to_move != seat:
            raise ApiError(409, msg("error.hint_turn"))
        key = (seat, table.revision)
        if table.hint is not None and table.hint[0] == key:
            found = table.hint[1]
        else:
            number = table.number
            try:
                if self.env.external_bots:
                    found = await self._from_workers(table, seat)
                else:
                    found = await self.env.bots.hint(table.id, seat, table.state.clone())
            except (BotFailed, TimeoutError):
                raise ApiError(503, msg("error.no_hint")) from None
            found = {"number": number, "seat": seat, **cast(dict[str, JSON], found)}
            actions = found.get("actions")
            if table.number == number and isinstance(actions, list):
                found["steps"] = described_steps(table.state, seat, [str(a) for a in actions])
                found["alternatives"] = described_alternatives(
                    table.state, seat, found.get("alternatives")
                )
            table.hint = (key, found)
        return cast(contract.Hint, found)  # (the search's ``teach.Hint.to_json``, in words)

    async def _from_workers(self, table: Table, seat: int) -> JSON:
        """Queue a hint for the bot workers and wait for its notice."""
        key = (table.id, seat, table.revision)
        waiter = self.waiting.get(key)
        if waiter is None:
            waiter = asyncio.get_running_loop().create_future()
            self.waiting[key] = waiter
            turn = BotTurn(table.id, seat, table.revision, f"hint:{seat}", True, "hint")
            self.env.in_background(self.round.queue_turn(turn))
        try:
            async with asyncio.timeout(self.env.settings.bot_seconds + HINT_WAIT):
                return await asyncio.shield(waiter)
        finally:
            if waiter.done():
                self.waiting.pop(key, None)

    def found(self, game_id: str, seat: int, revision: int, found: JSON) -> None:
        """A bot worker found a hint: answer whoever waits for it here; and tell the others."""
        waiter = self.waiting.pop((game_id, seat, revision), None)
        if waiter is not None and not waiter.done():
            waiter.set_result(found)
        if self.env.bus is not None:
            self.env.bus.publish(game_id, "hint", s=seat, r=revision, h=found)

    def heard(self, notice: dict[str, Any]) -> None:
        """Another process's bot worker found a hint: answer whoever waits for it here."""
        key = (str(notice.get("g")), int(notice["s"]), int(notice["r"]))
        waiter = self.waiting.pop(key, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(notice["h"])
