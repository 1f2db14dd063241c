"""The round: games in memory over their database, and every change to them.

Every change follows one path: check it on the cached table (nothing changes if it is
refused), write it to the database and commit, and only then update the cache, answer,
push every connection its view and start a bot if a bot is to move. A per-game lock
serialises the changes of one game inside this process; the database's guards (unique
action numbers, the game's revision) stop races between processes. Database calls run in
a small thread pool (``Env.db``), so the event loop never waits on the disk.

Several processes may serve one PostgreSQL database (docs/server.md, Several processes):
after each committed change a process publishes a notice (``bus.py``), and the others
bring their copy of the game up to date and push it to their own sockets (``heard``).
Bots run in this process's worker pool (``bots.py``) or, with ``external_bots``, in bot
workers of their own (``bot_workers.py``), which take the turns this process queues in
the database. The clocks are ``clocks.py``'s; the other concerns (accounts, seats, the
lobby, chat, hints, reviews, notifications) are parts of their own over the same
``Env``, which call this one for tables and for the write path.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from zoogames.core.errors import InvalidOptions, ZoogamesError
from zoogames.core.game import JSON, forfeit_result
from zoogames.core.message import msg
from zoogames.core.rng import secret_seed
from zoogames.server import catalog, contract, tokens
from zoogames.server.errors import ApiError, not_found
from zoogames.server.hub import Connection
from zoogames.server.ratings import bot_rating
from zoogames.server.service.clocks import Clocks
from zoogames.server.service.env import Env
from zoogames.server.service.notify import Notifications
from zoogames.server.store import BotTurn, Conflict, Seat, Setup
from zoogames.server.table import Planned, Table, position_of

log = logging.getLogger("zoogames.server")

GAME_ID = re.compile(r"[A-Za-z0-9]{1,16}")
DECK_TABLES = 100
"""Games with a deck of their own kept in memory at most (``Round._cache``)."""


class Round:
    """Games in memory over their database (see the module docstring)."""

    def __init__(self, env: Env, notify: Notifications, cache_size: int = 2000) -> None:
        self.env = env
        self.notify = notify
        """Tells a seat's player that it is their turn (``Notifications.turn_passed``)."""
        self.cache_size = cache_size
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self._loading: dict[str, asyncio.Task[Table]] = {}
        self.clock = Clocks(env, self)
        """The clocks of the games in play with one (``clocks.py``)."""

    @property
    def clocks(self) -> dict[str, asyncio.TimerHandle]:
        """The armed clock of each game in play with one, by game id (``Clocks.armed``)."""
        return self.clock.armed

    # ----- finding games ---------------------------------------------------------------

    async def table(self, game_id: str) -> Table:
        """The game ``game_id``, from the cache or rebuilt from the database; 404 if none."""
        table = self.tables.get(game_id)
        if table is not None:
            self.tables.move_to_end(game_id)
            return table
        if not GAME_ID.fullmatch(game_id):
            raise not_found()
        task = self._loading.get(game_id)
        if task is None:
            task = asyncio.create_task(self._load(game_id))
            self._loading[game_id] = task
            task.add_done_callback(self._loaded)
        return await asyncio.shield(task)  # one load, however many requests wait for it

    def _loaded(self, task: asyncio.Task[Table]) -> None:
        """Forget a finished load (its outcome is read, even if no request waits any more)."""
        for game_id, loading in list(self._loading.items()):
            if loading is task:
                del self._loading[game_id]
        if not task.cancelled():
            task.exception()

    async def _load(self, game_id: str) -> Table:
        data = await self.env.db(self.env.store.load_game, game_id)
        if data is None:
            raise not_found()
        try:
            table = Table.rebuild(data)
        except ZoogamesError as e:
            log.error("game %s does not replay: %s", game_id, type(e).__name__)
            raise ApiError(500, msg("error.no_replay")) from None
        self._cache(table)
        self.start_bot(table)
        return table

    def _cache(self, table: Table) -> None:
        """Keep ``table``; forget the least recently used idle tables beyond the bounds.

        At most ``cache_size`` tables, and of them at most ``DECK_TABLES`` with a deck of
        their own (each holds its cards: anyone may start games with new decks).
        """
        self.tables[table.id] = table
        decks = sum(1 for t in self.tables.values() if t.own_deck)
        for gid in list(self.tables):  # the least recently used first
            if len(self.tables) <= self.cache_size and decks <= DECK_TABLES:
                break
            old = self.tables[gid]
            if len(self.tables) <= self.cache_size and not old.own_deck:
                continue
            busy = (
                self.env.hub.watched(gid)
                or old.lock.locked()
                or old.bot_task
                or old.timed_out == old.revision  # its timeout's move is being chosen
            )
            if not busy and old is not table:
                del self.tables[gid]
                decks -= old.own_deck

    async def reload(self, table: Table) -> None:
        """Forget a table whose database moved on without it; push the stored one."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        with contextlib.suppress(ApiError):
            fresh = await self.table(table.id)
            self.env.hub.push_state(fresh, 0)

    async def rate(self, table: Table) -> None:
        """Update the ratings of a rated game that is over (once: ``store.rate_game``)."""
        accounts = [s.account for s in table.seats]
        fixed = {
            s.seat: rating
            for s in table.seats
            if s.kind == "bot"
            and s.account is None
            and (rating := bot_rating(table.game, s.bot)) is not None
        }
        result = table.result()
        if result is None:
            return
        try:
            if await self.env.db(
                self.env.store.rate_game, table.id, table.game, accounts, result, fixed
            ):
                log.info("game %s: ratings updated", table.id)
                # the seats now hold the rating changes the end of the game shows: every
                # process loads them again and pushes them
                await self.reload(table)
                self.tell(table, "game")
        except (ApiError, Conflict):
            log.error("game %s: ratings not updated (tried again at the next start)", table.id)

    async def resume_bots(self) -> None:
        """Load every game waiting for a bot, which starts the bot (after a restart).

        Rated games over whose ratings were not updated are rated now, and the clocks
        of the games in play with one are armed again (``resume_clocks``).
        """
        await self.clock.resume()
        for game_id in await self.env.db(self.env.store.unrated_games):
            with contextlib.suppress(ApiError):
                await self.rate(await self.table(game_id))
        for game_id in await self.env.db(self.env.store.waiting_for_bots):
            try:
                await self.table(game_id)
            except ApiError as e:
                log.error("game %s not resumed: %s", game_id, e.detail)

    # ----- creating and reading --------------------------------------------------------

    async def start_table(
        self,
        game_id: str,
        players: int,
        chosen: dict[str, Any],
        table_seats: list[Seat],
        setup: Setup,
        rematch_of: str | None = None,
    ) -> Table:
        """Deal a new game of checked options and seats, store it, and serve it."""
        game = catalog.game_or_422(game_id)
        seed = secret_seed()  # 128 secret bits through BLAKE2b (core/rng.py)
        try:
            state = game.new_game(players=players, seed=seed, **chosen)
        except InvalidOptions as e:
            raise ApiError(422, msg("error.options", reason=str(e)), str(e)) from None
        gid = tokens.new_game_id()
        # A deck is stored once per content, apart from the game (``store.games``); the table keeps
        # it in its options to replay, whatever the engine wrote there.
        deck = chosen.get("deck")
        options_stored = {k: v for k, v in state.options.items() if k != "deck"}
        created = await self.env.db(
            self.env.store.create_game,
            gid,
            game.id,
            options_stored,
            seed,
            table_seats,
            position_of(state, 0),
            (catalog.deck_sha256(deck), deck) if deck is not None else None,
            setup,
            rematch_of,
        )
        # (the engine's copy of the deck when it keeps one: one copy per game in memory)
        if deck is not None:
            deck = state.options.get("deck", deck)
        options = options_stored if deck is None else {**options_stored, "deck": deck}
        table = Table(gid, options, seed, created, 0, table_seats, state, [])
        table.setup = setup
        self._cache(table)
        self.start_bot(table)
        log.info("game %s created: %s, %d players", gid, game.id, players)
        return table

    async def snapshot(self, game_id: str, token: str | None) -> contract.Snapshot:
        """The snapshot of ``token``'s seat, or a spectator's without a token.

        With an invitation: a spectator's, naming the invitation's seat in ``invited``.
        """
        table = await self.table(game_id)
        seat, invited = table.identify(token)
        return table.snapshot(seat, invited=invited)

    async def seat(self, game_id: str, token: str | None) -> tuple[Table, int]:
        """The table and the seat ``token`` acts for; 401 without a token."""
        table = await self.table(game_id)
        seat = table.seat_of(token)
        if seat is None:
            raise ApiError(401, msg("error.token_needed"))
        return table, seat

    async def replay(self, game_id: str, number: int) -> contract.ReplayStep:
        """The spectator's view after ``number`` actions; only once the game is over."""
        table = await self.table(game_id)
        if not table.over:
            raise ApiError(409, msg("error.replay_unfinished"))
        if not 0 <= number <= table.number:
            raise ApiError(422, msg("error.replay_range", last=table.number, asked=number))
        return table.replay(number)

    async def record(self, game_id: str) -> dict[str, JSON]:
        """The game record; only once the game is over (the seed fixes the draw order)."""
        table = await self.table(game_id)
        if not table.over:
            raise ApiError(409, msg("error.record_unfinished"))
        return table.record()

    # ----- changing --------------------------------------------------------------------

    async def act(
        self, game_id: str, token: str | None, action: str, number: int
    ) -> contract.Snapshot:
        """Play ``action`` for ``token``'s seat; that seat's snapshot after it."""
        table, seat = await self.seat(game_id, token)
        async with table.lock:
            await self.play(table, seat, action, number, timeouts=0)  # the clock runs again
            return table.snapshot(seat)

    async def act_as(
        self, table: Table, seat: int, action: str, number: int, stand_in: bool = False
    ) -> None:
        """Play ``action`` for ``seat`` (already authenticated); the pushes show the result.

        ``stand_in``: a bot worker plays a timed-out human seat's move (``_timeout``).
        """
        async with table.lock:
            timeouts = None if stand_in else 0
            await self.play(table, seat, action, number, stand_in, timeouts)

    async def undo(self, game_id: str, token: str | None) -> contract.Snapshot:
        """Take back ``token``'s seat's last action; that seat's snapshot after it."""
        table, seat = await self.seat(game_id, token)
        async with table.lock:
            await self._undo(table, seat)
            return table.snapshot(seat)

    async def undo_as(self, table: Table, seat: int) -> None:
        """Take back ``seat``'s last action (already authenticated); the pushes show it."""
        async with table.lock:
            await self._undo(table, seat)

    async def forfeit(self, table: Table, seat: int) -> None:
        """``seat`` forfeits: the game ends now (the caller holds the table's lock).

        The result scores the position as it stands with ``seat`` ranked last
        (``Table.result``); it is stored with the seat (``store.forfeit``), a rated game's
        ratings are updated from it, and every view is pushed.
        """
        result = forfeit_result(table.state, seat)
        await self.guarded(table, self.env.store.forfeit, table.id, seat, table.revision, result)
        with contextlib.suppress(ApiError):  # (the event is written; shown from the next load)
            table.events = list(await self.env.db(self.env.store.events, table.id))
        table.setup = replace(table.setup, forfeited=seat)
        table.revision += 1
        self.tell(table, "game")
        self._changed(table, table.number, seat)

    async def _undo(self, table: Table, seat: int) -> None:
        """Check, delete, then take back the last action (the caller holds the lock)."""
        planned = table.plan_undo(seat)
        number = table.number - 1
        await self._write(
            table, planned, self.env.store.remove_action, table.id, number, table.revision
        )
        self.tell(table, "game")
        self._changed(table, number, seat)

    async def play(
        self,
        table: Table,
        seat: int,
        action: str,
        number: int,
        stand_in: bool = False,
        timeouts: int | None = None,
    ) -> None:
        """Check, store, then apply one action (the caller holds the table's lock).

        ``timeouts`` is the clock's count of timeouts in a row once the action is played
        (``None``: unchanged). It changes with the action, never before: a refused action
        leaves it as it was, and no view shows the clock stopped before the move that
        stopped it.

        The other processes hear of it with the action itself, which they apply to their
        copy; ``t`` carries the clock's timeouts in a row, except for a bot worker's
        stand-in move (``stand_in``), which knows nothing of them.
        """
        started = time.perf_counter()
        planned = table.plan_action(seat, action, number)
        n = table.number
        notation = str(planned.state.history[-1])
        await self._write(
            table,
            planned,
            self.env.store.add_action,
            table.id,
            n,
            notation,
            seat,
            table.revision,
            timeouts=timeouts,
        )
        if timeouts is not None:
            table.timeouts = timeouts
        self.env.metrics.action_seconds.observe(time.perf_counter() - started)
        by = "human" if table.seats[seat].kind == "human" else "bot"
        self.env.metrics.actions.labels("timeout" if stand_in or timeouts else by).inc()
        carried = {} if stand_in else {"t": table.timeouts}
        self.tell(table, "act", n=n, a=notation, s=seat, r=table.revision, **carried)
        self._changed(table, n, seat)

    async def _write(
        self,
        table: Table,
        planned: Planned,
        write: Callable[..., None],
        *args: Any,
        timeouts: int | None = None,
    ) -> None:
        """Commit a planned change to the database, then to the table; 409 on a lost race.

        ``timeouts``: the clock's timeouts in a row stored with it (``None``: unchanged).
        """
        await self.guarded(table, write, *args, replace(planned.position(), timeouts=timeouts))
        table.commit(planned)

    async def guarded(self, table: Table, write: Callable[..., None], *args: Any) -> None:
        """Run a guarded database write of ``table``'s game.

        409 (and the table reloaded) when another change came first; the table dropped when
        the commit's fate is unknown.
        """
        try:
            await self.env.db(write, *args)
        except Conflict:
            await self.reload(table)
            raise ApiError(
                409,
                msg("error.conflict"),
            ) from None
        except ApiError:
            if self.tables.get(table.id) is table:  # the commit's fate is unknown: reload
                del self.tables[table.id]
            raise

    def _changed(
        self, table: Table, log_from: int, by: int | None = None, remote: bool = False
    ) -> None:
        """After a committed change: start a bot if one is to move, push every view.

        A rated game that has just ended updates its players' ratings. When the turn
        passes to another seat (not ``by``'s own, as after its undo), that seat's player
        is notified if they asked to be (``_turn``). A ``remote`` change (another process
        made it) is only pushed: its maker rates, notifies and starts the bot.
        """
        if remote:
            table.notified = table.state.to_move  # (its maker notified the seat, if anyone)
        else:
            if table.over and table.setup.rated:
                self.env.in_background(self.rate(table))
            self.notify.turn_passed(table, by)
        table.thinking = None
        self.start_bot(table, remote)
        self.env.hub.push_state(table, log_from)
        if table.thinking is not None:
            self.env.hub.send_all(table.id, {"type": "thinking", "seat": table.thinking})

    # ----- several processes (bus.py) ---------------------------------------------------

    def tell(self, table: Table, kind: str, **fields: Any) -> None:
        """Tell the other processes that ``table``'s game changed (after the commit)."""
        if self.env.bus is not None:
            self.env.bus.publish(table.id, kind, **fields)

    def seats_changed(self, table: Table) -> None:
        """After a committed change of seats or setup: push it here, tell the others."""
        self.env.hub.push_state(table, table.number)
        self.tell(table, "game")

    def heard(self, notice: dict[str, Any]) -> None:
        """Another process changed a game: bring this process's copy up to date.

        An action is applied to the copy in memory (the engine is deterministic: the
        same record gives the same state everywhere); any other change of a game reloads
        it from the database. Games this process does not hold need nothing.
        """
        kind, game_id = notice.get("k"), str(notice.get("g"))
        if game_id not in self.tables:
            return
        if kind == "act":
            self.env.in_background(self._remote_action(game_id, notice))
        elif kind == "game":
            self.env.in_background(self.refresh(game_id))

    @contextlib.asynccontextmanager
    async def _held(self, game_id: str) -> AsyncIterator[Table | None]:
        """The game's table in memory, locked (``None`` if it is not in memory).

        A table replaced while this waited for its lock (reloaded) is locked again in its
        new copy, so that notices queued behind a reload are applied to the reloaded game.
        """
        while (table := self.tables.get(game_id)) is not None:
            await table.lock.acquire()
            if self.tables.get(game_id) is table:
                break
            table.lock.release()
        try:
            yield table
        finally:
            if table is not None:
                table.lock.release()

    async def _remote_action(self, game_id: str, notice: dict[str, Any]) -> None:
        """Apply another process's action to its game; reload it if a notice was missed."""
        async with self._held(game_id) as table:
            if table is None or table.revision >= notice["r"]:
                return  # gone from memory, or this change is here already (a reload)
            number = int(notice["n"])
            if table.revision == notice["r"] - 1 and table.number == number:
                try:
                    planned = table.plan_action(int(notice["s"]), str(notice["a"]), number)
                except ApiError:
                    planned = None
                if planned is not None:
                    table.commit(planned)
                    if "t" in notice:
                        table.timeouts = int(notice["t"])
                    self._changed(table, number, remote=True)
                    return
            await self._refresh_locked(table)

    async def refresh(self, game_id: str) -> None:
        """Reload a game in memory from the database, and push what another process changed."""
        async with self._held(game_id) as table:
            if table is not None:
                await self._refresh_locked(table)

    async def _refresh_locked(self, table: Table) -> None:
        """``refresh`` for a caller holding the table's lock."""
        try:
            data = await self.env.db(self.env.store.load_game, table.id)
            fresh = None if data is None else Table.rebuild(data)
        except (ApiError, ZoogamesError) as e:
            log.error("game %s not refreshed: %s", table.id, type(e).__name__)
            return
        if fresh is None:
            return
        same = 0  # the log entries both copies share: the pushes start after them
        for old, new in zip(table.log, fresh.log, strict=False):
            if old.action != new.action:
                break
            same += 1
        if fresh.revision == table.revision and same == table.number == fresh.number:
            # Seats or settings only: the copy is updated in place, so that a bot thinking
            # on this position here (``_bot_turn``) still plays.
            table.seats, table.setup = fresh.seats, fresh.setup
            table.device_tokens = fresh.device_tokens
            fresh = table
        else:
            fresh.notified = table.notified
            self.tables[table.id] = fresh  # (a bot thinking on the old copy finds it gone)
        for conn in self.env.hub.games.get(table.id, ()):
            if conn.seat is not None and fresh.seats[conn.seat].kind != "human":
                conn.seat = None  # the seat was left to a bot: its sockets watch
        self._changed(fresh, same, remote=True)

    async def check(self) -> None:
        """Refresh every game shown on this process's sockets whose revision moved."""
        held = {gid: t for gid, t in self.tables.items() if gid in self.env.hub.games}
        try:
            stored = await self.env.db(self.env.store.revisions, list(held))
        except ApiError:
            return
        for gid, revision in stored.items():
            if revision != held[gid].revision:
                await self.refresh(gid)

    async def _check_every(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await self.mark_present()
                await self.check()
            except Exception as e:  # the next round tries again; the loop must go on
                log.error("the periodic check failed: %s", type(e).__name__)

    def disconnected(self, conn: Connection) -> None:
        """A socket closed: forget it.

        With several processes, the seat's last page here closing is recorded at once, so
        that the seat's next turn is pushed at once rather than a while later.
        """
        if not self.env.hub.remove(conn) or self.env.bus is None or conn.seat is None:
            return
        if not self.env.hub.seated(conn.game_id, conn.seat):
            self.env.in_background(
                self.env.db(self.env.store.mark_present, [(conn.game_id, conn.seat)], None)
            )

    async def mark_present(self, game_id: str | None = None) -> None:
        """Record the seats whose pages are open here (of all games, or of ``game_id``).

        For the other processes (``_page_open``), until a little after the next renewal.
        """
        hub = self.env.hub.games
        games = hub if game_id is None else {game_id: hub.get(game_id, set())}
        seats = {
            (c.game_id, c.seat) for conns in games.values() for c in conns if c.seat is not None
        }
        until = datetime.now(UTC) + timedelta(seconds=2.5 * self.env.settings.check_seconds)
        with contextlib.suppress(ApiError):
            await self.env.db(self.env.store.mark_present, sorted(seats), until)

    # ----- bots ------------------------------------------------------------------------

    def start_bot(self, table: Table, remote: bool = False) -> None:
        """If a bot is to move and none is thinking on this position, start one.

        A game of bots alone is played only while someone watches it: otherwise anyone
        could start games that keep the workers busy for nobody. Arms the clock of a
        human seat to move (``_arm_clock``). With bot workers the turn is queued for them
        instead (``_queue_turn``). After a ``remote`` change (another process made it),
        that process has started the bot, unless the game is of bots alone: then the
        processes whose sockets watch it do.
        """
        self.clock.arm(table)
        seat = table.state.to_move
        if seat is None or table.over or table.seats[seat].kind != "bot" or table.open_seats:
            return  # (a table with open seats waits for its players)
        if table.all_bots and not self.env.hub.watched(table.id):
            table.thinking = None
            return
        table.thinking = seat
        if remote and not table.all_bots:
            return
        spec = table.seats[seat].bot
        assert spec is not None
        if self.env.external_bots:
            turn = BotTurn(table.id, seat, table.revision, spec, not table.unattended)
            self.env.in_background(self.queue_turn(turn))
        else:
            table.bot_task = asyncio.create_task(self._bot_turn(table, seat, table.revision))

    async def queue_turn(self, turn: BotTurn) -> None:
        """Queue a bot turn for the bot workers, and wake them."""
        try:
            await self.env.db(self.env.store.queue_bot_turn, turn)
        except ApiError:
            log.error("game %s: bot turn not queued (the workers' sweep will)", turn.game_id)
            return
        if self.env.bus is not None:
            self.env.bus.publish(turn.game_id, "bot")

    def watching(self, table: Table, client: str) -> None:
        """A client said hello on ``table``: a game of bots alone is played while watched.

        One address may have at most ``Settings.watched_bot_games`` such games played for
        it at once (429 beyond).
        """
        if self.env.bus is not None:
            self.env.in_background(self.mark_present(table.id))
        if not table.all_bots:
            return
        others = {
            gid
            for gid in self.env.hub.games_of(client)
            if gid != table.id and (t := self.tables.get(gid)) is not None and t.all_bots
        }
        if len(others) >= self.env.settings.watched_bot_games:
            raise ApiError(
                429,
                msg(
                    "error.watching", watching=len(others), most=self.env.settings.watched_bot_games
                ),
            )
        if table.bot_task is None and not table.over:
            self.start_bot(table)
            if table.thinking is not None:
                self.env.hub.send_all(table.id, {"type": "thinking", "seat": table.thinking})

    async def _bot_turn(self, table: Table, seat: int, revision: int) -> None:
        """Let the bot choose in a worker, then play its choice like any action."""
        me = asyncio.current_task()
        spec = table.seats[seat].bot
        assert spec is not None
        try:
            started = time.perf_counter()
            notation = await self.env.bots.choose(
                table.id, spec, table.state.clone(), attended=not table.unattended
            )
            self.env.metrics.thinking.observe(time.perf_counter() - started)
            async with table.lock:
                if table.revision != revision or self.tables.get(table.id) is not table:
                    return  # the position changed meanwhile (an undo): this choice is void
                try:
                    await self.play(table, seat, notation, table.number)
                except ApiError as e:
                    log.error("game %s: the bot's action was refused: %s", table.id, e.detail)
        finally:
            if table.bot_task is me:
                table.bot_task = None
