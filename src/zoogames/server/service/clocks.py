"""The clocks: a timer for the seat to move of each game in play with one.

A timer names its game, not the table (a clocked game may leave the cache: a week's clock
would otherwise pin it there, and it is loaded again when its clock runs out). On timeout
the game's leave bot plays that action for the seat, or the seat forfeits (the round's
write path either way). A heartbeat in the database says when the servers were up, so
that the time no server was up is given back to the turns it cut into.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from zoogames.server import catalog
from zoogames.server.errors import ApiError
from zoogames.server.service.env import Env
from zoogames.server.store import BotTurn
from zoogames.server.table import Table

if TYPE_CHECKING:  # (the round holds its clocks: each refers to the other)
    from zoogames.server.service.round import Round

log = logging.getLogger("zoogames.server")


class Clocks:
    """The armed clocks of this process's games (see the module docstring)."""

    def __init__(self, env: Env, round_: Round) -> None:
        self.env = env
        self.round = round_
        self.armed: dict[str, asyncio.TimerHandle] = {}
        """The armed clock of each game in play with one, by game id (``arm``)."""

    def arm(self, table: Table) -> None:
        """Set the timer of the seat to move, if a clock runs (``Table.deadline``).

        The timer names the game, not the table: the table may leave the cache meanwhile.
        """
        old = self.armed.pop(table.id, None)
        if old is not None:
            old.cancel()
        deadline = table.deadline()
        if deadline is None:
            return
        delay = max(0.0, (deadline - datetime.now(UTC)).total_seconds())
        game_id, revision = table.id, table.revision
        self.armed[game_id] = asyncio.get_running_loop().call_later(
            delay, lambda: self.env.in_background(self._ran_out(game_id, revision))
        )

    async def _ran_out(self, game_id: str, revision: int) -> None:
        """A clock armed at ``revision`` ran out: load the game if it left the cache."""
        self.armed.pop(game_id, None)
        try:
            table = await self.round.table(game_id)
        except ApiError as e:
            log.error("game %s: clock not run: %s", game_id, e.detail)
            return
        await self._timeout(table, revision)

    async def _timeout(self, table: Table, revision: int) -> None:
        """The seat to move ran out of time: the game's leave bot plays that action for it.

        The seat stays its player's. After ``MAX_TIMEOUTS`` in a row (nobody plays any
        more) the clock stops, so that absent players cost the bot workers nothing. With
        ``on_timeout: forfeit`` the seat forfeits the game instead (``forfeit``).
        """
        if table.revision != revision or self.round.tables.get(table.id) is not table:
            return
        seat = table.state.to_move
        if seat is None or table.deadline() is None or table.timed_out == revision:
            return  # (or this timeout is under way: the clock was armed again by a load)
        table.timed_out = revision  # (the cache keeps the table meanwhile: ``_cache``)
        if table.setup.on_timeout == "forfeit":
            async with table.lock:
                if table.revision != revision or self.round.tables.get(table.id) is not table:
                    return  # the player acted meanwhile
                log.info("game %s: seat %d ran out of time and forfeits", table.id, seat)
                try:
                    await self.round.forfeit(table, seat)
                except ApiError as e:
                    log.error("game %s: the forfeit was refused: %s", table.id, e.detail)
            return
        spec = table.setup.leave_bot or catalog.BOTS[0][0]
        with contextlib.suppress(ApiError):  # (the stand-in move is played without its line)
            table.events.append(
                await self.env.db(self.env.store.add_event, table.id, "timed_out", seat, spec)
            )
        if self.env.external_bots:  # a bot worker plays the stand-in move
            table.timeouts += 1
            log.info("game %s: seat %d ran out of time", table.id, seat)
            with contextlib.suppress(ApiError):  # (a failure: the count is kept in memory)
                await self.env.db(self.env.store.set_timeouts, table.id, table.timeouts)
            await self.round.queue_turn(BotTurn(table.id, seat, revision, spec, False))
            return
        notation = await self.env.bots.choose(table.id, spec, table.state.clone(), attended=False)
        async with table.lock:
            if table.revision != revision or self.round.tables.get(table.id) is not table:
                return  # the player acted meanwhile
            log.info("game %s: seat %d ran out of time", table.id, seat)
            try:
                await self.round.play(
                    table, seat, notation, table.number, timeouts=table.timeouts + 1
                )
            except ApiError as e:
                log.error("game %s: the timeout's action was refused: %s", table.id, e.detail)

    async def _beat_every(self, seconds: float) -> None:
        """Record the heartbeat every ``seconds`` (``store.alive``) while the server runs."""
        while True:
            with contextlib.suppress(ApiError):
                await self.env.db(self.env.store.alive)
            await asyncio.sleep(seconds)

    async def resume(self) -> None:
        """Load every game in play with a clock, which arms it (after a restart).

        The time no server was up is given back to the turns it cut into first
        (``store.give_clocks_downtime``): a player never loses time to an outage. Then a
        heartbeat is kept, every ``Settings.check_seconds``.
        """
        beat = self.env.settings.check_seconds
        with contextlib.suppress(ApiError):
            gap = await self.env.db(self.env.store.give_clocks_downtime, beat)
            if gap:
                log.info("the servers were down %.0f s: the clocks were given the time", gap)
        self.env.in_background(self._beat_every(self.env.settings.check_seconds))
        for game_id in await self.env.db(self.env.store.clocked_games):
            try:
                await self.round.table(game_id)
            except ApiError as e:
                log.error("game %s: clock not resumed: %s", game_id, e.detail)
