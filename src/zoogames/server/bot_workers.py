"""``zoogames bots``: bot workers of their own, for servers started with ``--bots external``.

A server with external bots plays no bot itself: when a bot is to move (or a clock ran
out and a stand-in must move for a human seat), it queues the turn in the database
(``bot_turns``, one row per game) and wakes the workers with a notice (``bus.py``). A
worker process, on any machine that reaches the database, runs ``--workers`` slots; each
slot claims the next waiting turn (``Store.claim_bot_turn``: ``FOR UPDATE SKIP LOCKED``,
games with a human seat first, then the longest waiting), thinks in the process pool of
``bots.py`` (the same caps on thinking time as in a server), and plays the choice through
the server's own path (``Round.act_as``: the same checks, the same guarded write, the
same notices, notifications and ratings). The claim is a lease: a worker that dies
holding a turn lets it run out, and another worker claims the turn again. A turn the
game has left behind (an undo, a player's action, another worker's) is dropped unplayed.
A game's review (``reviews.py``) is queued the same way, after every move and hint; it
has a lease of its own, renewed as it goes, and continues from its last saved decision
if its worker dies.

Every ``SWEEP_SECONDS`` a worker also queues the turn of any game waiting for a bot with
none queued: a server that died between an action and queuing the bot's turn leaves
nothing stuck.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import time

from zoogames.server import logs, migrate
from zoogames.server.bots import BotFailed, BotPool
from zoogames.server.bus import conninfo_of
from zoogames.server.errors import ApiError
from zoogames.server.hub import Hub
from zoogames.server.service import Service
from zoogames.server.settings import Settings, from_env
from zoogames.server.store import BotTurn, Store, open_engine
from zoogames.server.table import Table

log = logging.getLogger("zoogames.bots")

SWEEP_SECONDS = 10.0
"""How often a worker queues the turns of games left waiting for a bot with none queued."""
POLL_SECONDS = 1.0
"""The longest an idle slot waits before looking for a turn again (a lease may run out)."""
CATCH_UP_SECONDS = 0.5
"""How long a worker whose copy of a game is behind a claimed turn waits for the notice of
the action that made the turn (usually on its way) before reloading the game instead."""
SLOTS_PER_PROCESS = 2
"""Turns a worker handles at once per thinking process: one is written to the database or
loaded while the other thinks."""


class BotWorkers:
    """One worker process's slots over a headless :class:`Service` (no sockets)."""

    def __init__(self, service: Service, slots: int, lease: float) -> None:
        self.service = service
        self.slots = slots
        self.lease = lease
        self.played = 0
        """Turns this process played (for its log line at the end)."""

    async def run(self) -> None:
        """Serve the queue until cancelled."""
        async with asyncio.TaskGroup() as group:
            for _ in range(self.slots * SLOTS_PER_PROCESS):
                group.create_task(self._slot())
            group.create_task(self._sweep())

    async def _slot(self) -> None:
        service = self.service
        while True:
            service.turns_queued.clear()
            try:
                turn = await self._claim()
            except ApiError:
                turn = None  # the database failed: try again after the pause
            if turn is None:
                # asyncio.timeout, not wait_for: on Python 3.11 wait_for returns the result
                # of a wait that ends as the task is cancelled, and swallows the cancel. A
                # slot woken by the bus (a turn just handed back) as SIGTERM came then went
                # on claiming turns, and the stopping worker hung until it was killed.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(POLL_SECONDS):
                        await service.turns_queued.wait()
                continue
            try:
                if turn.kind == "review":  # the review's own lease guards it from here
                    await service.reviews.compute(turn.game_id)
                else:
                    await (self.hint(turn) if turn.kind == "hint" else self.play(turn))
            except asyncio.CancelledError:
                await self._hand_back(turn)
                raise
            with contextlib.suppress(ApiError):
                await service.db(service.store.drop_bot_turn, turn)

    async def _claim(self) -> BotTurn | None:
        """The next waiting turn, claimed; a claim that a stop interrupts is handed back.

        The claim runs in a database thread, which a cancelled await does not stop: it may
        still commit, and the turn it took would wait for its lease to run out.
        """
        service = self.service
        claim = asyncio.ensure_future(service.db(service.store.claim_bot_turn, self.lease))
        try:
            return await asyncio.shield(claim)
        except asyncio.CancelledError:
            with contextlib.suppress(ApiError):
                turn = await claim
                if turn is not None:
                    await self._hand_back(turn)
            raise

    async def _hand_back(self, turn: BotTurn) -> None:
        """Put a turn this worker stops on back in the queue, free, and wake the others.

        A worker stopped (SIGTERM, Ctrl-C) mid-turn must not delete it: its game would
        wait for the sweep, or for good (a game of bots alone is never swept).
        """
        service = self.service
        try:
            await service.db(service.store.drop_bot_turn, turn)
            await service.db(service.store.queue_bot_turn, turn)  # (with no lease)
        except ApiError:
            log.error("game %s: its bot turn was not handed back", turn.game_id)
            return
        if service.bus is not None:
            service.bus.publish(turn.game_id, "bot")
        log.info("game %s: its bot turn handed back", turn.game_id)

    async def _table(self, turn: BotTurn) -> Table | None:
        """The game of ``turn`` in memory, brought up to the turn's revision if behind."""
        service = self.service
        try:
            table = await service.table(turn.game_id)
            deadline = time.monotonic() + CATCH_UP_SECONDS
            while table.revision < turn.revision and time.monotonic() < deadline:
                await asyncio.sleep(0.005)  # the notice of the action before is on its way
                table = await service.table(turn.game_id)
            if table.revision != turn.revision:  # a notice was missed, or the turn is old
                await service.refresh(turn.game_id)
                table = await service.table(turn.game_id)
        except ApiError as e:
            log.error("game %s: not loaded for its bot (%s)", turn.game_id, e.detail)
            return None
        return table

    async def play(self, turn: BotTurn) -> None:
        """Think about ``turn`` and play it, unless its game has moved on."""
        service = self.service
        table = await self._table(turn)
        if table is None:
            return
        if (
            table.revision != turn.revision
            or table.over
            or table.open_seats
            or table.state.to_move != turn.seat
        ):
            return  # the game left this turn behind
        number = table.number
        notation = await service.bots.choose(
            table.id, turn.spec, table.state.clone(), attended=turn.attended
        )
        stand_in = table.seats[turn.seat].kind == "human"
        try:
            await service.act_as(table, turn.seat, notation, number, stand_in=stand_in)
        except ApiError as e:  # the game moved on while the bot thought
            log.info("game %s: the bot's action was refused (%s)", table.id, e.detail)
            return
        self.played += 1

    async def hint(self, turn: BotTurn) -> None:
        """Find the hint of ``turn`` and send it to the server that waits for it."""
        service = self.service
        table = await self._table(turn)
        if table is None:
            return
        if table.revision != turn.revision or table.state.to_move != turn.seat or table.over:
            return  # the player moved on
        try:
            found = await service.bots.hint(table.id, turn.seat, table.state.clone())
        except BotFailed:
            log.error("game %s: the hint failed", table.id)
            return
        service.hints.found(table.id, turn.seat, turn.revision, found)

    async def _sweep(self) -> None:
        service = self.service
        while True:
            with contextlib.suppress(ApiError):
                if await service.db(service.store.queue_missing_bot_turns):
                    service.turns_queued.set()
            await asyncio.sleep(SWEEP_SECONDS)


async def work(db_url: str, slots: int | None = None, settings: Settings | None = None) -> None:
    """Run a bot worker process on ``db_url`` until cancelled (see the module docstring)."""
    settings = settings or from_env()
    engine = open_engine(db_url)
    if engine.dialect.name != "postgresql":
        raise ValueError(
            "bot workers need the servers' PostgreSQL database (postgresql+psycopg://…)"
        )
    pool = BotPool(slots, settings)
    service = Service(
        Store(engine),
        pool,
        Hub(),
        db_threads=min(8, pool.workers + 1),
        settings=settings,
        external_bots=True,
    )
    # a lease shorter than the thinking would let a second worker think the same turn
    workers = BotWorkers(service, pool.workers, max(settings.bot_lease, settings.bot_seconds + 1))
    try:
        await asyncio.to_thread(migrate.upgrade, engine)
        bus = service.start_bus(conninfo_of(engine.url))
        async with asyncio.timeout(30):
            await bus.listening.wait()
        await service.notify.start()
        log.info("bot workers: %d on %s", pool.workers, engine.url.render_as_string())
        await workers.run()
    finally:
        log.info("bot workers: %d turns played; stopping", workers.played)
        await service.stop_bus()
        await service.notifier.close()
        service.close()
        engine.dispose()


def run_workers(db_url: str, slots: int | None = None) -> None:
    """``zoogames bots``: run :func:`work` until Ctrl-C or SIGTERM."""
    try:
        logs.configure(from_env().log_format)  # the servers' log lines, the same shape
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(2)

    async def main() -> None:
        task = asyncio.current_task()
        assert task is not None
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, task.cancel)
        with contextlib.suppress(asyncio.CancelledError):
            await work(db_url, slots)

    try:
        asyncio.run(main())
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(2)
