"""The server's work on games: create, load, act, undo, join, replay; bots; pushes.

Every change follows one path: check it on the cached table (nothing changes if it is
refused), write it to the database and commit, and only then update the cache, answer,
push every connection its view and start a bot if a bot is to move. A per-game lock
serialises the changes of one game inside this process; the database's guards (unique
action numbers, the game's revision) stop races between processes. Database calls run in
a small thread pool, so the event loop never waits on the disk.

Several processes may serve one PostgreSQL database (docs/server.md, Several processes):
after each committed change a process publishes a notice (``bus.py``), and the others
bring their copy of the game up to date and push it to their own sockets. Bots run in this
process's worker pool (``bots.py``) or, with ``external_bots``, in bot workers of their own
(``bot_workers.py``), which take the turns this process queues in the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar, cast

from zoogames.bots import teach
from zoogames.core.errors import InvalidOptions, ZoogamesError
from zoogames.core.game import JSON, forfeit_result
from zoogames.core.message import msg
from zoogames.core.rng import secret_seed
from zoogames.i18n import english
from zoogames.server import accounts, catalog, migrate, reviews, tokens, tutorials
from zoogames.server.accounts import Account
from zoogames.server.bots import BotFailed, BotPool
from zoogames.server.bus import Bus
from zoogames.server.errors import ApiError, not_found
from zoogames.server.hub import Connection, Hub, dumps
from zoogames.server.metrics import Metrics
from zoogames.server.notify import (
    CONFIRM_HOURS,
    Notifier,
    check_email,
    check_subscription,
    endpoint_sha256,
    new_vapid_key,
)
from zoogames.server.ratelimit import RateLimits
from zoogames.server.ratings import bot_rating, bot_ratings, rating_json
from zoogames.server.settings import Settings
from zoogames.server.store import BotTurn, Conflict, DeviceToken, Seat, Setup, Store
from zoogames.server.table import (
    WAITS,
    Planned,
    Table,
    described_alternatives,
    described_steps,
    position_of,
)

log = logging.getLogger("zoogames.server")
T = TypeVar("T")

GAME_ID = re.compile(r"[A-Za-z0-9]{1,16}")
NAME_LENGTH = 32
LOBBY_GAMES = 200
"""Listed games ``GET /api/lobby`` shows at most (the newest)."""
PACES = ("live", "turn-based")
ON_CHOICES = ("bot", "forfeit")
"""What a timeout or a leaving player does: the leave bot plays, or the seat forfeits."""
CHAT_LENGTH = 300
"""The longest chat message, in characters."""
CHAT_KEPT = 100
"""Messages ``GET /api/games/{id}/chat`` returns at most (the last ones)."""
RECENT = 20
"""Games a profile shows a page of (the newest first)."""
LEADERBOARD = 100
"""Players a leaderboard shows."""
MIN_CLOCK = 1
MAX_CLOCK = 7 * 86400
"""A clock's bounds in seconds per action: from a blitz to a week (turn-based days)."""
MY_GAMES = 200
"""Games ``GET /api/me/games`` lists at most (the newest)."""
DECK_TABLES = 100
"""Games with a deck of their own kept in memory at most (``Service._cache``)."""
HINT_WAIT = 25.0
"""Seconds beyond the longest thinking time a hint asked of the bot workers is waited for
(they may all be busy)."""


ONE_SEAT = msg("error.one_seat")
"""An account holds at most one seat of a rated game: two seats would let it forfeit to
itself and forge its rating."""


def holds_a_seat(table: Table, account: Account | None) -> None:
    """409 if ``account`` already holds a seat of ``table``, a rated game (``ONE_SEAT``)."""
    if (
        table.setup.rated
        and account is not None
        and any(s.account == account.id for s in table.seats)
    ):
        raise ApiError(409, english(ONE_SEAT), ONE_SEAT)


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """One seat of a new game as asked for: ``me``, ``invite``, ``open`` or ``bot``."""

    kind: str
    name: str | None = None
    bot: str | None = None


def clean_name(name: str | None, required: bool) -> str | None:
    """A player's name with its spaces tidied; 422 if empty (when required) or too long."""
    if name is None:
        if required:
            raise ApiError(422, "give a name", msg("error.give_name"))
        return None
    tidy = " ".join(name.split())
    if not tidy:
        if required:
            raise ApiError(422, "give a name", msg("error.give_name"))
        return None
    if len(tidy) > NAME_LENGTH or not tidy.isprintable():
        raise ApiError(
            422,
            f"a name is at most {NAME_LENGTH} printable characters",
            msg("error.name_length", count=NAME_LENGTH),
        )
    return tidy


class Service:
    """Games in memory over their database (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        bots: BotPool,
        hub: Hub,
        db_threads: int,
        cache_size: int = 2000,
        settings: Settings | None = None,
        external_bots: bool = False,
    ) -> None:
        self.store = store
        self.external_bots = external_bots
        """Bot turns are queued for bot workers (``zoogames bots``), not played here."""
        self.bus: Bus | None = None
        """The other processes on the database (``start_bus``); ``None``: this one alone."""
        self.turns_queued = asyncio.Event()
        """Set when some process queued a bot turn (what bot workers wait for)."""
        self._hints: dict[tuple[str, int, int], asyncio.Future[JSON]] = {}
        """Hints asked of the bot workers, by (game, seat, revision), until they come."""
        self._reviewing: set[str] = set()
        """Games whose review this process is computing now (``compute_review``)."""
        self.bots = bots
        self.hub = hub
        self.settings = settings or Settings()
        self.limits = RateLimits(self.settings)
        self.open_sockets: Counter[str] = Counter()
        """Open game sockets by client address (``ws.py`` caps them)."""
        self.cache_size = cache_size
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self.clocks: dict[str, asyncio.TimerHandle] = {}
        """The armed clock of each game in play with one, by game id (``_arm_clock``). Kept
        apart from the tables: a clocked game may leave the cache (a week's clock would
        otherwise pin it there) and is loaded again when its clock runs out."""
        self._loading: dict[str, asyncio.Task[Table]] = {}
        self._db = ThreadPoolExecutor(db_threads, thread_name_prefix="zoogames-db")
        self._background: set[asyncio.Task[None]] = set()
        """Timeouts, rating updates and notifications under way (held so that none is
        collected midway)."""
        self.notifier = Notifier(self.settings)
        self.metrics = Metrics()
        """This process's counters and histograms (``/metrics``, when it is on)."""
        self.metrics.watch(self)

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call in the database threads; a failing database is a 503."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._db, fn, *args)
        except Conflict:
            raise
        except self.store.errors as e:
            log.error("database error: %s", type(e).__name__)
            self.metrics.database_errors.labels(type(e).__name__).inc()
            raise ApiError(
                503,
                "the database failed; reload the game and try again",
                msg("error.database"),
            ) from None

    def start_bus(self, conninfo: str) -> Bus:
        """Hear the other processes' changes, and tell them ours (PostgreSQL).

        Also checks, every ``Settings.check_seconds`` and after every reconnection, that
        the games shown on this process's sockets are at the database's revision.
        """
        self.bus = Bus(conninfo, self._on_notice, lambda: self._in_background(self.check()))
        self.bus.start()
        self._in_background(self._check_every(self.settings.check_seconds))
        return self.bus

    async def stop_bus(self) -> None:
        """Stop hearing and telling the other processes."""
        if self.bus is not None:
            await self.bus.close()

    async def readiness(self) -> tuple[bool, dict[str, JSON]]:
        """Whether this process can serve games now, and each part's state (``/readyz``).

        The database answers, its schema is the newest this code knows (a server started
        during a migration by another one is not ready until it ran), and with several
        processes the bus listens (otherwise other processes' changes would not reach
        this one's sockets).
        """
        parts: dict[str, JSON] = {}
        ready = True
        try:
            current, head = await self.db(migrate.revisions, self.store.engine)
            parts["database"] = "ok"
            parts["migration"] = current
            if current != head:
                parts["migration_expected"] = head
                ready = False
        except ApiError:
            parts["database"] = "failing"
            ready = False
        if self.bus is not None:
            listening = self.bus.listening.is_set()
            parts["bus"] = "listening" if listening else "not listening"
            ready = ready and listening
        return ready, parts

    def close(self) -> None:
        """Stop the bots and the database threads (the last heartbeat says when)."""
        self.bots.close()
        try:
            self._db.submit(self.store.alive, True).result(timeout=5)
        except Exception as e:  # a stop must go on: the last periodic heartbeat stands
            log.error("no last heartbeat: %s", type(e).__name__)
        self._db.shutdown(wait=True)

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
        data = await self.db(self.store.load_game, game_id)
        if data is None:
            raise not_found()
        try:
            table = Table.rebuild(data)
        except ZoogamesError as e:
            log.error("game %s does not replay: %s", game_id, type(e).__name__)
            raise ApiError(500, "this game's record no longer replays") from None
        self._cache(table)
        self._start_bot(table)
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
                self.hub.watched(gid)
                or old.lock.locked()
                or old.bot_task
                or old.timed_out == old.revision  # its timeout's move is being chosen
            )
            if not busy and old is not table:
                del self.tables[gid]
                decks -= old.own_deck

    async def _reload(self, table: Table) -> None:
        """Forget a table whose database moved on without it; push the stored one."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        with contextlib.suppress(ApiError):
            fresh = await self.table(table.id)
            self.hub.push_state(fresh, 0)

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
            if await self.db(self.store.rate_game, table.id, table.game, accounts, result, fixed):
                log.info("game %s: ratings updated", table.id)
        except (ApiError, Conflict):
            log.error("game %s: ratings not updated (tried again at the next start)", table.id)

    async def resume_bots(self) -> None:
        """Load every game waiting for a bot, which starts the bot (after a restart).

        Rated games over whose ratings were not updated are rated now, and the clocks
        of the games in play with one are armed again (``resume_clocks``).
        """
        await self.resume_clocks()
        for game_id in await self.db(self.store.unrated_games):
            with contextlib.suppress(ApiError):
                await self.rate(await self.table(game_id))
        for game_id in await self.db(self.store.waiting_for_bots):
            try:
                await self.table(game_id)
            except ApiError as e:
                log.error("game %s not resumed: %s", game_id, e.detail)

    # ----- creating and reading --------------------------------------------------------

    async def create(
        self,
        game_id: str,
        players: int,
        options: dict[str, Any],
        seats: list[SeatRequest],
        account: Account | None = None,
        listed: bool = False,
        pace: str = "live",
        leave_bot: str | None = None,
        rated: bool = False,
        clock: int | None = None,
        on_timeout: str = "bot",
        on_leave: str = "bot",
        hints: bool | None = None,
        tutorial: bool = False,
    ) -> dict[str, JSON]:
        """Start a game; its id, seats, and a token for each human seat.

        A signed-in creator's ``me`` seats follow their account (named after it if no
        name is given). ``open`` seats are for anyone to take (``take_seat``); a ``listed``
        game shows in the lobby. The creator's first ``me`` seat is the host, who may
        start the game with bots in the seats still open. ``leave_bot`` plays the seat
        of a player who leaves (the catalog's first bot if ``None``). A ``rated`` game is
        created signed in, seats only signed-in players and bots with a public rating,
        and updates its players' ratings at the end. ``clock``: seconds a human seat has
        for each action; on timeout the leave bot plays that action for it, or the seat
        forfeits the game if ``on_timeout`` is ``forfeit``. A player who leaves gives their
        seat to the leave bot, or forfeits if ``on_leave`` is ``forfeit`` (``forfeit``).
        ``hints``: a seated player may ask for a hint on their turn (``hint``); by default
        only at a table with at most one human seat. Never in a rated game. A ``tutorial``
        is the game's "Learn to play" table (``tutorials``): the learner's ``me`` seat (the
        first seat's name) against the tutorial's bot, on its fixed deal; never listed or
        rated, no clock.
        """
        if tutorial:
            name = seats[0].name if seats else None
            players, options = tutorials.PLAYERS, tutorials.options(game_id)
            seats = [SeatRequest("me", name, None), SeatRequest("bot", None, tutorials.BOT)]
            listed, rated, clock = False, False, None
        for what, choice in (("on_timeout", on_timeout), ("on_leave", on_leave)):
            if choice not in ON_CHOICES:
                raise ApiError(422, f"{what} must be bot or forfeit, not {choice!r}")
        if clock is not None and not MIN_CLOCK <= clock <= MAX_CLOCK:
            raise ApiError(
                422, f"a clock is {MIN_CLOCK} to {MAX_CLOCK} seconds per action (7 days)"
            )
        if rated:
            if account is None:
                raise ApiError(401, "sign in to create a rated game")
            for i, s in enumerate(seats):
                if s.kind == "bot" and bot_rating(game_id, s.bot) is None:
                    rated_bots = ", ".join(sorted(bot_ratings(game_id)))
                    raise ApiError(
                        422, f"seat {i}: a rated game takes only rated bots ({rated_bots})"
                    )
            if leave_bot is not None and bot_rating(game_id, leave_bot) is None:
                raise ApiError(422, "a rated game's leave_bot must be a rated bot")
            if sum(s.kind == "me" for s in seats) > 1:
                raise ApiError(422, english(ONE_SEAT), ONE_SEAT)
        if hints and rated:
            raise ApiError(422, "a rated game allows no hints")
        # A hint is the bots' play: between two people (``me``, ``invite`` and ``open`` seats
        # alike, whoever ends up in them) it would be one player's bot against the other.
        if hints and sum(s.kind != "bot" for s in seats) >= 2:
            raise ApiError(
                422,
                "hints are only for a table with at most one human seat",
                msg("error.hints_humans"),
            )
        if pace not in PACES:
            raise ApiError(422, f"pace must be live or turn-based, not {pace!r}")
        game = catalog.game_or_422(game_id)
        chosen = options if tutorial else catalog.check_options(game, options)
        try:
            game.check_players(players)
        except InvalidOptions as e:
            raise ApiError(422, str(e)) from None
        if len(seats) != players:
            raise ApiError(422, f"give one seat per player: {players} players, {len(seats)} seats")
        if leave_bot is not None:
            leave_bot = catalog.check_bot(leave_bot)
        table_seats: list[Seat] = []
        seat_tokens: dict[str, str] = {}
        invitations: dict[str, str] = {}
        for i, s in enumerate(seats):
            if s.kind == "bot":
                spec = catalog.check_bot(s.bot)
                table_seats.append(Seat(i, "bot", spec, clean_name(s.name, False), True, None))
            elif s.kind in ("me", "invite"):
                if s.bot is not None:
                    raise ApiError(422, f"seat {i} is a {s.kind} seat: it takes no bot")
                secret = tokens.new_token()
                name = clean_name(s.name, False)
                if s.kind == "me":
                    seat_tokens[str(i)] = secret
                    mine = account.id if account is not None else None
                    if name is None and account is not None:
                        name = account.name
                    table_seats.append(
                        Seat(i, "human", None, name, True, tokens.digest(secret), None, mine)
                    )
                else:  # the invited player exchanges it for a token of their own (join)
                    invitations[str(i)] = secret
                    table_seats.append(
                        Seat(i, "human", None, name, False, None, tokens.digest(secret))
                    )
            elif s.kind == "open":
                if s.bot is not None or s.name is not None:
                    raise ApiError(422, f"seat {i} is open: whoever takes it names it")
                table_seats.append(Seat(i, "human", None, None, False, None))
            else:
                raise ApiError(
                    422, f"seat {i}: kind must be me, invite, open or bot, not {s.kind!r}"
                )
        host = next((s.seat for s in table_seats if s.token_sha256 is not None), None)
        asked = {k: v for k, v in chosen.items() if k != "deck"}
        setup = Setup(
            listed,
            pace,
            host,
            asked,
            leave_bot,
            rated=rated,
            clock=clock,
            on_timeout=on_timeout,
            on_leave=on_leave,
            hints=not rated and sum(s.kind != "bot" for s in seats) <= 1
            if hints is None
            else hints,
        )
        table = await self._start_table(game.id, players, chosen, table_seats, setup)
        return {
            "id": table.id,
            "seats": [s.to_json() for s in table_seats],
            "tokens": seat_tokens,
            "invitations": invitations,
        }

    async def _start_table(
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
            raise ApiError(422, str(e)) from None
        gid = tokens.new_game_id()
        # A deck is stored once per content, apart from the game (``store.games``); the table keeps
        # it in its options to replay, whatever the engine wrote there.
        deck = chosen.get("deck")
        options_stored = {k: v for k, v in state.options.items() if k != "deck"}
        created = await self.db(
            self.store.create_game,
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
        self._start_bot(table)
        log.info("game %s created: %s, %d players", gid, game.id, players)
        return table

    async def snapshot(self, game_id: str, token: str | None) -> dict[str, JSON]:
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
            raise ApiError(401, "this needs a seat's token (Authorization: Bearer <token>)")
        return table, seat

    async def replay(self, game_id: str, number: int) -> dict[str, JSON]:
        """The spectator's view after ``number`` actions; only once the game is over."""
        table = await self.table(game_id)
        if not table.over:
            raise ApiError(409, "the game is not over: its replay is shown at the end")
        if not 0 <= number <= table.number:
            raise ApiError(422, f"the replay has positions 0 to {table.number}, not {number}")
        return table.replay(number)

    async def record(self, game_id: str) -> dict[str, JSON]:
        """The game record; only once the game is over (the seed fixes the draw order)."""
        table = await self.table(game_id)
        if not table.over:
            raise ApiError(409, "the game is not over: its record is secret until the end")
        return table.record()

    # ----- changing --------------------------------------------------------------------

    async def act(
        self, game_id: str, token: str | None, action: str, number: int
    ) -> dict[str, JSON]:
        """Play ``action`` for ``token``'s seat; that seat's snapshot after it."""
        table, seat = await self.seat(game_id, token)
        async with table.lock:
            await self._play(table, seat, action, number, timeouts=0)  # the clock runs again
            return table.snapshot(seat)

    async def act_as(
        self, table: Table, seat: int, action: str, number: int, stand_in: bool = False
    ) -> None:
        """Play ``action`` for ``seat`` (already authenticated); the pushes show the result.

        ``stand_in``: a bot worker plays a timed-out human seat's move (``_timeout``).
        """
        async with table.lock:
            timeouts = None if stand_in else 0
            await self._play(table, seat, action, number, stand_in, timeouts)

    async def undo(self, game_id: str, token: str | None) -> dict[str, JSON]:
        """Take back ``token``'s seat's last action; that seat's snapshot after it."""
        table, seat = await self.seat(game_id, token)
        async with table.lock:
            await self._undo(table, seat)
            return table.snapshot(seat)

    async def undo_as(self, table: Table, seat: int) -> None:
        """Take back ``seat``'s last action (already authenticated); the pushes show it."""
        async with table.lock:
            await self._undo(table, seat)

    async def join(
        self,
        game_id: str,
        token: str | None,
        name: str | None,
        account: Account | None = None,
    ) -> dict[str, JSON]:
        """Accept an invitation, or rename a seat; the seat's snapshot.

        With an invitation, the seat gets a fresh token, returned here alone (``token``):
        the invitation stops working, so whoever else saw it (the game's creator) cannot
        act for the player. With a seat's token, the seat is renamed. A seat accepted
        while signed in follows the account.
        """
        table = await self.table(game_id)
        if token is None:
            raise ApiError(401, "this needs a seat's token or invitation (Authorization: Bearer)")
        tidy = clean_name(name, True)
        assert tidy is not None
        async with table.lock:
            seat, invited = table.identify(token)
            if invited is None:
                assert seat is not None
                await self.db(self.store.join, table.id, seat, tidy)
                table.seats[seat] = replace(table.seats[seat], name=tidy, joined=True)
                self._seats_changed(table)
                return table.snapshot(seat)
            if table.setup.rated and account is None:
                raise ApiError(403, "this game is rated: sign in to take a seat")
            holds_a_seat(table, account)
            fresh = tokens.new_token()
            invite = table.seats[invited].invite_sha256
            assert invite is not None
            try:
                joined = await self.db(
                    self.store.accept,
                    table.id,
                    invited,
                    invite,
                    tokens.digest(fresh),
                    tidy,
                    account.id if account is not None else None,
                )
            except Conflict:
                await self._reload(table)
                raise ApiError(
                    409,
                    "this invitation was used already; reload the game",
                    msg("error.invitation_used"),
                ) from None
            table.events.append(joined)
            table.seats[invited] = replace(
                table.seats[invited],
                name=tidy,
                joined=True,
                token_sha256=tokens.digest(fresh),
                invite_sha256=None,
                account=account.id if account is not None else None,
            )
            self._seats_changed(table)
            return {**table.snapshot(invited), "token": fresh}

    # ----- accounts --------------------------------------------------------------------

    async def account_of(self, cookie: str | None) -> Account | None:
        """The account of a session cookie, if it names an unexpired session."""
        if not cookie or len(cookie) > 200:
            return None
        found = await self.db(self.store.session_account, tokens.digest(cookie))
        return Account(*found) if found is not None else None

    async def _session(self, account: Account) -> str:
        """A new session of ``account``: the cookie's value (the database keeps its digest)."""
        cookie = tokens.new_session()
        expires = datetime.now(UTC) + timedelta(days=self.settings.session_days)
        await self.db(self.store.new_session, tokens.digest(cookie), account.id, expires)
        return cookie

    async def sign_up(self, name: str, password: str, client: str = "") -> tuple[Account, str, str]:
        """Make an account and sign it in: the account, its cookies' values.

        The session cookie's, and the browser's device cookie's (``accounts.DEVICE_COOKIE``).
        """
        accounts.check_name(name)
        accounts.check_password(password, name)
        key = accounts.name_key(name)
        if await self.db(self.store.account_named, key) is not None:
            raise ApiError(409, "this name is taken: choose another")  # before the costly hash
        hashed = await accounts.hash_password(password, client)
        try:
            account_id = await self.db(self.store.create_account, name, key, hashed)
        except Conflict:
            raise ApiError(409, "this name is taken: choose another") from None
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
        self.limits.attempt("signin_account", counted)
        signed_in = None
        try:
            found = None
            if accounts.NAME.fullmatch(name) and len(password) <= accounts.PASSWORD_MAX:
                found = await self.db(self.store.account_by_key, key)
            ok, newer = await accounts.verify_password(
                found[2] if found is not None else None,
                password[: accounts.PASSWORD_MAX],
                client,
                first=known is not None,
            )
            signed_in = ok and found is not None
        finally:  # a wrong password counts; a busy server or a failing database does not
            self.limits.attempted("signin_account", counted, failed=signed_in is False)
        if not signed_in or found is None:
            raise ApiError(401, "wrong name or password")
        if newer is not None:
            await self.db(self.store.rehash, found[0], newer)
        account = Account(found[0], found[1])
        return account, await self._session(account), accounts.new_device_cookie(secret, key)

    _device_key: bytes | None = None
    """The key of device cookies (``server_keys``' ``device-cookies``), once read."""

    async def _device_secret(self) -> bytes:
        """The key device cookies are signed with: made once, shared by every process."""
        if self._device_key is None:
            value = await self.db(self.store.server_key, "device-cookies", accounts.new_key)
            self._device_key = bytes.fromhex(value)
        return self._device_key

    async def sign_out(self, cookie: str | None) -> None:
        """End the session of ``cookie`` (nothing if it names none)."""
        if cookie and len(cookie) <= 200:
            await self.db(self.store.end_session, tokens.digest(cookie))

    async def sign_out_everywhere(self, account: Account) -> None:
        """End every session of ``account`` and revoke its device tokens."""
        await self.db(self.store.end_everywhere, account.id)
        self._forget_devices(account.id)
        if self.bus is not None:
            self.bus.publish("", "signed-out", a=account.id)

    def _forget_devices(self, account: int) -> None:
        """Revoke the device tokens of ``account`` in every game in memory, and their sockets.

        A socket that said hello with a device token remembers its seat, and would
        otherwise go on acting and chatting for the revoked token: it gets a 403 error and
        is closed with 4403 (the code of a token refused at hello: the client stops
        reconnecting with it). This runs on every process (``_on_notice``). A socket that
        said hello with a seat's own token is not touched: that token is not revoked.
        """
        for table in self.tables.values():
            table.device_tokens = {
                k: d for k, d in table.device_tokens.items() if d.account != account
            }
        refusal = ApiError(
            403,
            "this device's token was revoked (signed out everywhere): sign in again",
            msg("error.device_revoked"),
        )
        text = dumps({"type": "error", "status": refusal.status, **refusal.to_json()})
        for conns in self.hub.games.values():
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
        self.limits.attempt("signin_account", counted)
        right = None
        try:
            stored = await self.db(self.store.password_hash, account.id)
            ok, _ = await accounts.verify_password(
                stored, password[: accounts.PASSWORD_MAX], client, first=True
            )
            right = ok and stored is not None
        finally:
            self.limits.attempted("signin_account", counted, failed=right is False)
        if not right:
            raise ApiError(403, "the password is wrong", msg("error.wrong_password"))

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
        await self.db(self.store.set_password, account.id, hashed, keep)
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
        playing = await self.db(self.store.delete_account, account.id)
        self._forget_devices(account.id)
        for table in self.tables.values():
            mine = [seat for seat in table.seats if seat.account == account.id]
            for seat in mine:
                table.seats[seat.seat] = replace(seat, account=None, name=None)
            if mine:
                self.hub.push_state(table, table.number)
        if self.bus is not None:
            self.bus.publish("", "signed-out", a=account.id)
            for game_id in playing:
                self.bus.publish(game_id, "game")
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
                table, seat = await self.seat(game_id, token)
                async with table.lock:
                    if table.seats[seat].account not in (None, account.id):
                        raise ApiError(409, "this seat follows another account")
                    if table.seats[seat].account is None:
                        holds_a_seat(table, account)
                    if not await self.db(self.store.bind_seats, table.id, [seat], account.id):
                        await self._reload(table)
                        raise ApiError(409, "this seat changed meanwhile; try again")
                    table.seats[seat] = replace(table.seats[seat], account=account.id)
                    self._tell(table, "game")
                claimed.append({"game": table.id, "seat": seat})
            except ApiError as e:
                if e.status in (429, 503):
                    raise
                refused.append({"game": game_id, "detail": e.detail})
        return {"claimed": claimed, "refused": refused}

    async def my_games(self, account: Account) -> dict[str, JSON]:
        """The games ``account`` holds a seat in, the player's turn first.

        Then the others in play, then those over; each group the newest first.
        """
        games = await self.db(self.store.my_games, account.id, MY_GAMES)
        listed: list[dict[str, JSON]] = []
        for g in games:
            mine = [s.seat for s in g.seats if s.account == account.id]
            playing = g.status == "playing"
            listed.append(
                {
                    "id": g.id,
                    "game": g.game,
                    "status": g.status,
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
        table = await self.table(game_id)
        async with table.lock:
            mine = [s.seat for s in table.seats if s.account == account.id and s.kind == "human"]
            if not mine:
                raise ApiError(403, "you hold no seat in this game")
            fresh = {seat: tokens.new_token() for seat in mine}
            made = [DeviceToken(tokens.digest(t), seat, account.id) for seat, t in fresh.items()]
            await self.db(self.store.add_device_token, table.id, made)
            for d in made:
                table.device_tokens[d.sha256] = d
            self._tell(table, "game")
        return {"tokens": {str(seat): t for seat, t in fresh.items()}}

    # ----- at the table ----------------------------------------------------------------

    def _chat_message(
        self,
        table: Table,
        msg_id: int,
        seat: int,
        text: str,
        at: datetime,
        name: str | None = None,
    ) -> dict[str, JSON]:
        """A chat message as sent: its text is JSON text, never markup."""
        return {
            "type": "chat",
            "id": msg_id,
            "seat": seat,
            "name": table.chat_name(seat, name, at),
            "text": text,
            "at": at.isoformat(),
        }

    async def say(self, table: Table, seat: int, text: str) -> dict[str, JSON]:
        """Store a seat's chat message; push it to every connection that has not muted it.

        The answer is the message as pushed.
        """
        tidy = " ".join(text.split())
        if not tidy or len(tidy) > CHAT_LENGTH:
            raise ApiError(422, f"a chat message is 1 to {CHAT_LENGTH} characters")
        if not tidy.isprintable():
            raise ApiError(422, "a chat message may hold printable characters only")
        said_by = table.seats[seat].name
        msg_id, at = await self.db(self.store.add_chat, table.id, seat, tidy, said_by)
        message = self._chat_message(table, msg_id, seat, tidy, at, said_by)
        self._send_chat(table, message)
        self._tell(table, "chat", i=msg_id, s=seat, x=tidy, at=at.isoformat(), n=said_by)
        return message

    def _send_chat(self, table: Table, message: dict[str, JSON]) -> None:
        """Send a chat message to this process's sockets of the game that did not mute it."""
        text_out = dumps(message)
        for conn in self.hub.games.get(table.id, ()):
            if conn.seat is None or (conn.seat, message["seat"]) not in table.setup.mutes:
                conn.send(text_out)

    async def chat(self, game_id: str, token: str | None) -> dict[str, JSON]:
        """A table's last messages, without those of the seats the token's seat muted."""
        table = await self.table(game_id)
        seat, _ = table.identify(token)
        muted = {m for s, m in table.setup.mutes if s == seat}
        rows = await self.db(self.store.chat, table.id, CHAT_KEPT)
        messages: list[JSON] = [
            self._chat_message(table, r.id, r.seat, r.text, r.at, r.name)
            for r in rows
            if r.seat not in muted
        ]
        return {"messages": messages, "muted": sorted(muted)}

    async def mute(self, game_id: str, token: str | None, other: int, on: bool) -> dict[str, JSON]:
        """The token's seat stops (``on``) or starts again seeing ``other``'s messages."""
        table, seat = await self.seat(game_id, token)
        if not 0 <= other < len(table.seats) or other == seat:
            raise ApiError(422, "mute another seat of this game")
        async with table.lock:
            await self.db(self.store.mute, table.id, seat, other, on)
            mutes = set(table.setup.mutes)
            (mutes.add if on else mutes.discard)((seat, other))
            table.setup = replace(table.setup, mutes=frozenset(mutes))
            self._tell(table, "game")
        return {"muted": sorted(m for s, m in table.setup.mutes if s == seat)}

    async def leave(self, game_id: str, token: str | None) -> dict[str, JSON]:
        """The token's player leaves: the seat is played by the game's leave bot for good.

        Its token (and device tokens) stop working; the answer is a spectator's snapshot.
        If the creator chose ``on_leave: forfeit``, the seat forfeits the game instead
        (``forfeit``): it stays the player's, and the answer is its snapshot.
        """
        table, seat = await self.seat(game_id, token)
        async with table.lock:
            if table.over:
                raise ApiError(409, "the game is over")
            if table.open_seats:
                raise ApiError(409, "the game has not started: nothing to leave yet")
            if table.setup.on_leave == "forfeit":
                await self.forfeit(table, seat)
                return table.snapshot(seat)
            target = table.seats[seat]
            bot = table.setup.leave_bot or ("greedy" if table.setup.rated else catalog.BOTS[0][0])
            label = catalog.bot_label(bot)
            try:
                left = await self.db(
                    self.store.leave, table.id, seat, target.token_sha256, bot, label
                )
            except Conflict:
                await self._reload(table)
                raise ApiError(409, "this seat changed meanwhile; reload the game") from None
            table.events.append(left)
            # (the account stays: a rated game's result still counts for the leaver)
            table.seats[seat] = replace(
                target, kind="bot", bot=bot, name=label, token_sha256=None, left=True
            )
            table.device_tokens = {k: d for k, d in table.device_tokens.items() if d.seat != seat}
            for conn in self.hub.games.get(table.id, ()):
                if conn.seat == seat:
                    conn.seat = None  # its sockets watch from now on
            if table.state.to_move == seat and table.bot_task is None:
                self._start_bot(table)
            self._seats_changed(table)
            return table.snapshot(None)

    async def rematch(self, game_id: str, token: str | None) -> dict[str, JSON]:
        """A new deal with the same seats and options, once the game is over.

        The asker's seat is theirs at once (its token in the answer); every other human
        seat is offered to its player: their old seat's token is the new seat's
        invitation (``join`` the new game with it). Bots stay. One rematch per game: the
        next asker gets 409 naming it; the old game's snapshot names it in ``rematch``.
        """
        table, mine = await self.seat(game_id, token)
        async with table.lock:
            if not table.over:
                raise ApiError(409, "the game is not over: a rematch comes at the end")
            if table.setup.rematch is not None:
                raise ApiError(409, f"a rematch was made already: game {table.setup.rematch}")
            fresh = tokens.new_token()
            seats: list[Seat] = []
            for s in table.seats:
                if s.kind == "bot":
                    seats.append(Seat(s.seat, "bot", s.bot, s.name, True, None))
                elif s.seat == mine:
                    seats.append(
                        Seat(
                            s.seat,
                            "human",
                            None,
                            s.name,
                            True,
                            tokens.digest(fresh),
                            None,
                            s.account,
                        )
                    )
                else:  # offered: the old seat's token (or invitation) invites to the new one
                    invite = s.token_sha256 or s.invite_sha256
                    seats.append(
                        Seat(s.seat, "human", None, s.name, False, None, invite, s.account)
                    )
            asked = table.setup.asked
            if asked is None:  # a game from before 0005: its options as resolved, those listed
                names = {o.name for o in catalog.game_or_422(table.game).option_specs()}
                asked = {k: v for k, v in table.options.items() if k in names and k != "deck"}
            chosen = dict(asked)
            if "deck" in table.options:
                chosen["deck"] = table.options["deck"]
            setup = replace(
                table.setup,
                host=mine,
                asked=asked,
                rematch=None,
                mutes=frozenset(),
                forfeited=None,
            )
            try:
                new = await self._start_table(
                    table.game, len(seats), chosen, seats, setup, rematch_of=table.id
                )
            except Conflict:
                await self._reload(table)
                raise ApiError(409, "a rematch was made meanwhile; reload the game") from None
            table.setup = replace(table.setup, rematch=new.id)
            with contextlib.suppress(ApiError):  # (the rematch stands without its line)
                table.events.append(
                    await self.db(self.store.add_event, table.id, "rematch", None, None, new.id)
                )
            self._seats_changed(table)
            return {
                "id": new.id,
                "seats": [s.to_json() for s in seats],
                "tokens": {str(mine): fresh},
                "invitations": {},
            }

    # ----- ratings and profiles ---------------------------------------------------------

    async def profile(
        self, name: str, viewer: Account | None = None, before: str | None = None
    ) -> dict[str, JSON]:
        """A player's profile: games played and won per game, ratings, a page of games.

        Others see only the player's listed games and games over, and an account with no
        game over is answered as absent to them: a profile neither leaks a private table
        nor confirms that a name exists. ``before`` (a game's ``created_at`` from the
        previous page's ``more``) pages back through the player's games.
        """
        since = None
        if before is not None:
            try:
                since = datetime.fromisoformat(before)
            except ValueError:
                raise ApiError(
                    422, "before is a time such as a game's created_at", msg("error.before")
                ) from None
        found = None
        if accounts.NAME.fullmatch(name):
            found = await self.db(
                self.store.profile,
                accounts.name_key(name),
                RECENT,
                viewer.id if viewer is not None else None,
                since,
            )
        mine = found is not None and viewer is not None and found["id"] == viewer.id
        if found is None or not (mine or found["counts"] or found["ratings"]):
            raise ApiError(404, "there is no player with this name", msg("error.no_player"))
        per_game: dict[str, JSON] = {
            game: {"played": played, "won": won} for game, (played, won) in found["counts"].items()
        }
        recent: list[JSON] = []
        for gid, game, status, created, rated, seat, won in found["games"]:
            over = status == "over"
            recent.append(
                {
                    "id": gid,
                    "game": game,
                    "status": status,
                    "seat": seat,
                    "won": bool(won) if over else None,
                    "rated": rated,
                    "created_at": created.isoformat(),
                    "replay": f"/api/games/{gid}/replay/0" if over else None,
                    "record": f"/api/games/{gid}/record" if over else None,
                }
            )
        ratings_json: dict[str, JSON] = {
            game: {**rating_json(r.mu, r.sigma), "games": r.games}
            for game, r in found["ratings"].items()
        }
        more = found["games"][-1][3].isoformat() if len(recent) == RECENT else None
        return {
            "name": found["name"],
            "games": per_game,
            "ratings": ratings_json,
            "recent": recent,
            "more": more,
        }

    async def leaderboard(self, game_id: str) -> dict[str, JSON]:
        """The best players at a catalog game by ordinal, and the bots' fixed ratings."""
        game = catalog.game_or_422(game_id)
        rows = await self.db(self.store.leaderboard, game.id, LEADERBOARD)
        players: list[JSON] = [
            {"name": name, **rating_json(mu, sigma), "games": games}
            for name, mu, sigma, games in rows
        ]
        bots: list[JSON] = [
            {"bot": spec, "label": catalog.bot_label(spec), **rating_json(mu, sigma)}
            for spec, (mu, sigma) in bot_ratings(game.id).items()
        ]
        return {"game": game.id, "players": players, "bots": bots}

    # ----- the lobby -------------------------------------------------------------------

    async def lobby(self) -> dict[str, JSON]:
        """Listed tables with open seats to join, and listed games in play to watch."""
        open_tables: list[JSON] = []
        playing: list[JSON] = []
        for g in await self.db(self.store.listed_games, LOBBY_GAMES):
            free = [s.seat for s in g.seats if s.open]
            entry: dict[str, JSON] = {
                "id": g.id,
                "game": g.game,
                "players": len(g.seats),
                "options": g.options,
                "pace": g.pace,
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
    ) -> dict[str, JSON]:
        """Take an open seat: the seat's snapshot with its new token (``token``).

        The token is shown only here. The game starts when no seat is open any more.

        A signed-in player's seat follows the account (and is named after it unless a
        name is given); a guest must give a name. Of two players racing for one seat,
        exactly one gets it (the table's lock in this process, the database's guard
        across processes); the other gets 409.
        """
        table = await self.table(game_id)
        if table.setup.rated and account is None:
            raise ApiError(403, "this game is rated: sign in to take a seat")
        if name is None and account is not None:
            name = account.name
        tidy = clean_name(name, True)
        assert tidy is not None
        async with table.lock:
            if not 0 <= seat < len(table.seats):
                raise ApiError(422, f"the game has seats 0 to {len(table.seats) - 1}, not {seat}")
            if table.over:
                raise ApiError(409, "the game is over")
            if not table.seats[seat].open:
                raise ApiError(409, "this seat is taken; choose another")
            holds_a_seat(table, account)
            fresh = tokens.new_token()
            mine = account.id if account is not None else None
            try:
                joined = await self.db(
                    self.store.take_open_seat, table.id, seat, tokens.digest(fresh), tidy, mine
                )
            except Conflict:
                await self._reload(table)
                raise ApiError(409, "this seat is taken; choose another") from None
            table.events.append(joined)
            table.seats[seat] = replace(
                table.seats[seat],
                name=tidy,
                joined=True,
                token_sha256=tokens.digest(fresh),
                account=mine,
            )
            self._seated(table)
            return {**table.snapshot(seat), "token": fresh}

    async def start_with_bots(
        self, game_id: str, token: str | None, spec: str | None
    ) -> dict[str, JSON]:
        """The host starts the game now: every open seat is played by the bot ``spec``."""
        table, mine = await self.seat(game_id, token)
        bot = catalog.check_bot(spec)
        async with table.lock:
            if table.setup.host != mine:
                raise ApiError(403, "only the table's host (its creator) may start it")
            free = table.open_seats
            if not free:
                raise ApiError(409, "no seat is open: the game has started")
            label = catalog.bot_label(bot)
            try:
                await self.db(self.store.fill_open_seats, table.id, free, bot, label)
            except Conflict:
                await self._reload(table)
                raise ApiError(409, "a seat was taken meanwhile; reload the game") from None
            for seat in free:
                table.seats[seat] = replace(
                    table.seats[seat], kind="bot", bot=bot, name=label, joined=True
                )
            self._seated(table)
            return table.snapshot(mine)

    def _seated(self, table: Table) -> None:
        """After a seat was filled: push it, and start the game's bot once none is open.

        The game starting (its last seat filled) makes it someone's turn: notified.
        """
        if not table.open_seats:
            table.notified = None  # the first turn begins now, not when the game was made
            table.seats_filled_at = datetime.now(UTC)  # (the database's turn_from too)
            self._turn_passed(table, None)
        if not table.open_seats and table.bot_task is None:
            self._start_bot(table)
        self._seats_changed(table)
        if table.thinking is not None:
            self.hub.send_all(table.id, {"type": "thinking", "seat": table.thinking})

    async def hand_to_bot(
        self, game_id: str, token: str | None, seat: int, spec: str | None
    ) -> dict[str, JSON]:
        """Give an invited seat that never joined to a bot; the snapshot of ``token``'s seat.

        Any seated player of the game may do it (the game's creator holds a seat), so that
        a seat nobody takes does not stop the game for good.
        """
        table, mine = await self.seat(game_id, token)
        bot = catalog.check_bot(spec)
        async with table.lock:
            if not 0 <= seat < len(table.seats):
                raise ApiError(422, f"the game has seats 0 to {len(table.seats) - 1}, not {seat}")
            target = table.seats[seat]
            if target.kind != "human" or target.joined:
                raise ApiError(409, "only an invited seat nobody has joined can go to a bot")
            if target.open:
                raise ApiError(409, "open seats go to bots when the table's host starts it")
            if table.over:
                raise ApiError(409, "the game is over", msg("error.over"))
            label = catalog.bot_label(bot)
            try:
                await self.db(self.store.hand_to_bot, table.id, seat, bot, label)
            except Conflict:
                await self._reload(table)
                raise ApiError(
                    409,
                    "the seat was joined meanwhile; reload the game",
                    msg("error.joined_meanwhile"),
                ) from None
            table.seats[seat] = replace(
                target,
                kind="bot",
                bot=bot,
                name=label,
                joined=True,
                token_sha256=None,
                invite_sha256=None,
            )
            if table.state.to_move == seat and table.bot_task is None:
                self._start_bot(table)
            self._seats_changed(table)
            return table.snapshot(mine)

    async def _undo(self, table: Table, seat: int) -> None:
        """Check, delete, then take back the last action (the caller holds the lock)."""
        planned = table.plan_undo(seat)
        number = table.number - 1
        await self._write(
            table, planned, self.store.remove_action, table.id, number, table.revision
        )
        self._tell(table, "game")
        self._changed(table, number, seat)

    async def _play(
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
            self.store.add_action,
            table.id,
            n,
            notation,
            seat,
            table.revision,
            timeouts=timeouts,
        )
        if timeouts is not None:
            table.timeouts = timeouts
        self.metrics.action_seconds.observe(time.perf_counter() - started)
        by = "human" if table.seats[seat].kind == "human" else "bot"
        self.metrics.actions.labels("timeout" if stand_in or timeouts else by).inc()
        carried = {} if stand_in else {"t": table.timeouts}
        self._tell(table, "act", n=n, a=notation, s=seat, r=table.revision, **carried)
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
        await self._guarded(table, write, *args, replace(planned.position(), timeouts=timeouts))
        table.commit(planned)

    async def _guarded(self, table: Table, write: Callable[..., None], *args: Any) -> None:
        """Run a guarded database write of ``table``'s game.

        409 (and the table reloaded) when another change came first; the table dropped when
        the commit's fate is unknown.
        """
        try:
            await self.db(write, *args)
        except Conflict:
            await self._reload(table)
            raise ApiError(
                409,
                "another change to this game came first; reload it",
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
                self._in_background(self.rate(table))
            self._turn_passed(table, by)
        table.thinking = None
        self._start_bot(table, remote)
        self.hub.push_state(table, log_from)
        if table.thinking is not None:
            self.hub.send_all(table.id, {"type": "thinking", "seat": table.thinking})

    # ----- several processes (bus.py) ---------------------------------------------------

    def _tell(self, table: Table, kind: str, **fields: Any) -> None:
        """Tell the other processes that ``table``'s game changed (after the commit)."""
        if self.bus is not None:
            self.bus.publish(table.id, kind, **fields)

    def _seats_changed(self, table: Table) -> None:
        """After a committed change of seats or setup: push it here, tell the others."""
        self.hub.push_state(table, table.number)
        self._tell(table, "game")

    def _on_notice(self, notice: dict[str, Any]) -> None:
        """Another process changed a game: bring this process's copy up to date.

        An action is applied to the copy in memory (the engine is deterministic: the
        same record gives the same state everywhere); any other change of a game reloads
        it from the database. Games this process does not hold need nothing.
        """
        kind, game_id = notice.get("k"), str(notice.get("g"))
        if kind == "bot":
            self.turns_queued.set()
            return
        if kind == "hint":
            waiter = self._hints.pop((game_id, int(notice["s"]), int(notice["r"])), None)
            if waiter is not None and not waiter.done():
                waiter.set_result(notice["h"])
            return
        if kind == "signed-out":
            self._forget_devices(int(notice["a"]))
            return
        table = self.tables.get(game_id)
        if table is None:
            return
        if kind == "act":
            self._in_background(self._remote_action(game_id, notice))
        elif kind == "game":
            self._in_background(self.refresh(game_id))
        elif kind == "chat" and game_id in self.hub.games:
            seat = int(notice["s"])
            at = datetime.fromisoformat(str(notice["at"]))
            name = notice.get("n")
            message = self._chat_message(
                table,
                int(notice["i"]),
                seat,
                str(notice["x"]),
                at,
                name if isinstance(name, str) else None,
            )
            self._send_chat(table, message)

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
            data = await self.db(self.store.load_game, table.id)
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
        for conn in self.hub.games.get(table.id, ()):
            if conn.seat is not None and fresh.seats[conn.seat].kind != "human":
                conn.seat = None  # the seat was left to a bot: its sockets watch
        self._changed(fresh, same, remote=True)

    async def check(self) -> None:
        """Refresh every game shown on this process's sockets whose revision moved."""
        held = {gid: t for gid, t in self.tables.items() if gid in self.hub.games}
        try:
            stored = await self.db(self.store.revisions, list(held))
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
        if not self.hub.remove(conn) or self.bus is None or conn.seat is None:
            return
        if not self.hub.seated(conn.game_id, conn.seat):
            self._in_background(self.db(self.store.mark_present, [(conn.game_id, conn.seat)], None))

    async def mark_present(self, game_id: str | None = None) -> None:
        """Record the seats whose pages are open here (of all games, or of ``game_id``).

        For the other processes (``_page_open``), until a little after the next renewal.
        """
        hub = self.hub.games
        games = hub if game_id is None else {game_id: hub.get(game_id, set())}
        seats = {
            (c.game_id, c.seat) for conns in games.values() for c in conns if c.seat is not None
        }
        until = datetime.now(UTC) + timedelta(seconds=2.5 * self.settings.check_seconds)
        with contextlib.suppress(ApiError):
            await self.db(self.store.mark_present, sorted(seats), until)

    # ----- hints -----------------------------------------------------------------------

    async def hint(self, game_id: str, token: str | None) -> dict[str, JSON]:
        """The bots' suggestion for ``token``'s seat on its turn (``bots.hint_in_worker``).

        Only where the table allows hints (403), on the seat's own turn (409). It is
        searched in the bot workers (this process's, or ``zoogames bots`` with external
        bots), from the seat's view only, and kept for the position: asking again costs
        nothing. The game never waits for it: a hint that comes after the seat played is
        simply of an older position (``number`` says which).
        """
        table, seat = await self.seat(game_id, token)
        if not table.setup.hints:
            raise ApiError(403, "hints are off at this table", msg("error.hints_off"))
        if table.over:
            raise ApiError(409, "the game is over", msg("error.over"))
        if table.open_seats:
            raise ApiError(409, english(WAITS), WAITS)
        if table.state.to_move != seat:
            raise ApiError(409, "a hint is for your own turn", msg("error.hint_turn"))
        key = (seat, table.revision)
        if table.hint is not None and table.hint[0] == key:
            found = table.hint[1]
        else:
            number = table.number
            try:
                if self.external_bots:
                    found = await self._hint_from_workers(table, seat)
                else:
                    found = await self.bots.hint(table.id, seat, table.state.clone())
            except (BotFailed, TimeoutError):
                raise ApiError(
                    503, "no hint could be found now; try again", msg("error.no_hint")
                ) from None
            found = {"number": number, "seat": seat, **cast(dict[str, JSON], found)}
            actions = found.get("actions")
            if table.number == number and isinstance(actions, list):
                found["steps"] = described_steps(table.state, seat, [str(a) for a in actions])
                found["alternatives"] = described_alternatives(
                    table.state, seat, found.get("alternatives")
                )
            table.hint = (key, found)
        return found

    async def _hint_from_workers(self, table: Table, seat: int) -> JSON:
        """Queue a hint for the bot workers and wait for its notice."""
        key = (table.id, seat, table.revision)
        waiter = self._hints.get(key)
        if waiter is None:
            waiter = asyncio.get_running_loop().create_future()
            self._hints[key] = waiter
            turn = BotTurn(table.id, seat, table.revision, f"hint:{seat}", True, "hint")
            self._in_background(self._queue_turn(turn))
        try:
            return await asyncio.wait_for(
                asyncio.shield(waiter), self.settings.bot_seconds + HINT_WAIT
            )
        finally:
            if waiter.done():
                self._hints.pop(key, None)

    def hint_found(self, game_id: str, seat: int, revision: int, found: JSON) -> None:
        """A bot worker found a hint: answer whoever waits for it here; and tell the others."""
        waiter = self._hints.pop((game_id, seat, revision), None)
        if waiter is not None and not waiter.done():
            waiter.set_result(found)
        if self.bus is not None:
            self.bus.publish(game_id, "hint", s=seat, r=revision, h=found)

    # ----- reviews (server/reviews.py) ----------------------------------------------------

    async def review(self, game_id: str) -> dict[str, JSON]:
        """The review of ``game_id`` as far as it is computed (``reviews.summary``).

        A review whose computing process died (its lease ran out) is taken up again here,
        from its last saved decision.
        """
        table = await self.table(game_id)
        data = await self.db(self.store.review, game_id)
        if data is not None and not data.finished and not data.leased():
            self._continue_review(table)
        return reviews.summary(data)

    async def request_review(self, game_id: str) -> dict[str, JSON]:
        """Ask for the review of a finished game (409 before the end); where it stands.

        Asking again changes nothing: a game is reviewed once.
        """
        table = await self.table(game_id)
        if not table.over:
            raise ApiError(
                409, "a game is reviewed once it is over", msg("error.review_unfinished")
            )
        data = await self.db(self.store.review, game_id)
        if data is None:
            seats = [i for i, s in enumerate(table.seats) if s.kind != "bot"]
            seats = seats or list(range(len(table.seats)))
            start, actions = teach.replay(table.record())
            total = len(teach.decisions(start, actions, set(seats)))
            await self.db(
                self.store.request_review, game_id, self.settings.review_iterations, seats, total
            )
            data = await self.db(self.store.review, game_id)
        if data is not None and not data.finished and not data.leased():
            self._continue_review(table)
        return reviews.summary(data)

    def _continue_review(self, table: Table) -> None:
        """Have the review of ``table`` computed: here, or by the bot workers."""
        if self.external_bots:
            turn = BotTurn(table.id, 0, table.revision, "review", False, "review")
            self._in_background(self._queue_turn(turn))
        elif table.id not in self._reviewing:
            self._in_background(self.compute_review(table.id))

    async def compute_review(self, game_id: str) -> None:
        """Search the decisions of ``game_id``'s review not yet searched, saving as it goes.

        Runs only with the review's lease (``Store.claim_review``), renewed with each save;
        does nothing if another process holds it or the review is finished.
        """
        if game_id in self._reviewing:
            return
        self._reviewing.add(game_id)
        try:
            data = await self.db(self.store.claim_review, game_id, reviews.REVIEW_LEASE)
            if data is None:
                return
            table = await self.table(game_id)
            state, actions = teach.replay(table.record())
            todo = set(teach.decisions(state, actions, set(data.seats))[data.done :])
            found = list(data.decisions)
            saved = time.monotonic()
            try:
                for number, action in enumerate(actions):
                    if number in todo:
                        step = await self.bots.review_step(
                            game_id,
                            state.clone(),
                            str(action),
                            teach.step_seed(number, reviews.REVIEW_SEED),
                            data.iterations,
                        )
                        found.append({"number": number, **cast(dict[str, JSON], step)})
                        if (
                            time.monotonic() - saved >= reviews.SAVE_SECONDS
                            or len(found) >= data.total
                        ):
                            await self.db(
                                self.store.save_review, game_id, found, reviews.REVIEW_LEASE
                            )
                            saved = time.monotonic()
                    state.apply(action)
            except BotFailed:
                log.error("game %s: a review step failed; it goes on when asked again", game_id)
                await self.db(self.store.save_review, game_id, found, reviews.REVIEW_LEASE)
        except ApiError as e:
            log.error("game %s: review not computed (%s)", game_id, e.detail)
        finally:
            self._reviewing.discard(game_id)

    # ----- bots ------------------------------------------------------------------------

    def _start_bot(self, table: Table, remote: bool = False) -> None:
        """If a bot is to move and none is thinking on this position, start one.

        A game of bots alone is played only while someone watches it: otherwise anyone
        could start games that keep the workers busy for nobody. Arms the clock of a
        human seat to move (``_arm_clock``). With bot workers the turn is queued for them
        instead (``_queue_turn``). After a ``remote`` change (another process made it),
        that process has started the bot, unless the game is of bots alone: then the
        processes whose sockets watch it do.
        """
        self._arm_clock(table)
        seat = table.state.to_move
        if seat is None or table.over or table.seats[seat].kind != "bot" or table.open_seats:
            return  # (a table with open seats waits for its players)
        if table.all_bots and not self.hub.watched(table.id):
            table.thinking = None
            return
        table.thinking = seat
        if remote and not table.all_bots:
            return
        spec = table.seats[seat].bot
        assert spec is not None
        if self.external_bots:
            turn = BotTurn(table.id, seat, table.revision, spec, not table.unattended)
            self._in_background(self._queue_turn(turn))
        else:
            table.bot_task = asyncio.create_task(self._bot_turn(table, seat, table.revision))

    async def _queue_turn(self, turn: BotTurn) -> None:
        """Queue a bot turn for the bot workers, and wake them."""
        try:
            await self.db(self.store.queue_bot_turn, turn)
        except ApiError:
            log.error("game %s: bot turn not queued (the workers' sweep will)", turn.game_id)
            return
        if self.bus is not None:
            self.bus.publish(turn.game_id, "bot")

    # ----- clocks ----------------------------------------------------------------------

    def _arm_clock(self, table: Table) -> None:
        """Set the timer of the seat to move, if a clock runs (``Table.deadline``).

        The timer names the game, not the table: the table may leave the cache meanwhile.
        """
        old = self.clocks.pop(table.id, None)
        if old is not None:
            old.cancel()
        deadline = table.deadline()
        if deadline is None:
            return
        delay = max(0.0, (deadline - datetime.now(UTC)).total_seconds())
        game_id, revision = table.id, table.revision
        self.clocks[game_id] = asyncio.get_running_loop().call_later(
            delay, lambda: self._in_background(self._clock_ran_out(game_id, revision))
        )

    async def _clock_ran_out(self, game_id: str, revision: int) -> None:
        """A clock armed at ``revision`` ran out: load the game if it left the cache."""
        self.clocks.pop(game_id, None)
        try:
            table = await self.table(game_id)
        except ApiError as e:
            log.error("game %s: clock not run: %s", game_id, e.detail)
            return
        await self._timeout(table, revision)

    def _in_background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` as a task held until it is done."""
        task = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _timeout(self, table: Table, revision: int) -> None:
        """The seat to move ran out of time: the game's leave bot plays that action for it.

        The seat stays its player's. After ``MAX_TIMEOUTS`` in a row (nobody plays any
        more) the clock stops, so that absent players cost the bot workers nothing. With
        ``on_timeout: forfeit`` the seat forfeits the game instead (``forfeit``).
        """
        if table.revision != revision or self.tables.get(table.id) is not table:
            return
        seat = table.state.to_move
        if seat is None or table.deadline() is None or table.timed_out == revision:
            return  # (or this timeout is under way: the clock was armed again by a load)
        table.timed_out = revision  # (the cache keeps the table meanwhile: ``_cache``)
        if table.setup.on_timeout == "forfeit":
            async with table.lock:
                if table.revision != revision or self.tables.get(table.id) is not table:
                    return  # the player acted meanwhile
                log.info("game %s: seat %d ran out of time and forfeits", table.id, seat)
                try:
                    await self.forfeit(table, seat)
                except ApiError as e:
                    log.error("game %s: the forfeit was refused: %s", table.id, e.detail)
            return
        spec = table.setup.leave_bot or catalog.BOTS[0][0]
        with contextlib.suppress(ApiError):  # (the stand-in move is played without its line)
            table.events.append(
                await self.db(self.store.add_event, table.id, "timed_out", seat, spec)
            )
        if self.external_bots:  # a bot worker plays the stand-in move
            table.timeouts += 1
            log.info("game %s: seat %d ran out of time", table.id, seat)
            with contextlib.suppress(ApiError):  # (a failure: the count is kept in memory)
                await self.db(self.store.set_timeouts, table.id, table.timeouts)
            await self._queue_turn(BotTurn(table.id, seat, revision, spec, False))
            return
        notation = await self.bots.choose(table.id, spec, table.state.clone(), attended=False)
        async with table.lock:
            if table.revision != revision or self.tables.get(table.id) is not table:
                return  # the player acted meanwhile
            log.info("game %s: seat %d ran out of time", table.id, seat)
            try:
                await self._play(table, seat, notation, table.number, timeouts=table.timeouts + 1)
            except ApiError as e:
                log.error("game %s: the timeout's action was refused: %s", table.id, e.detail)

    async def _beat_every(self, seconds: float) -> None:
        """Record the heartbeat every ``seconds`` (``store.alive``) while the server runs."""
        while True:
            with contextlib.suppress(ApiError):
                await self.db(self.store.alive)
            await asyncio.sleep(seconds)

    async def forfeit(self, table: Table, seat: int) -> None:
        """``seat`` forfeits: the game ends now (the caller holds the table's lock).

        The result scores the position as it stands with ``seat`` ranked last
        (``Table.result``); it is stored with the seat (``store.forfeit``), a rated game's
        ratings are updated from it, and every view is pushed.
        """
        result = forfeit_result(table.state, seat)
        await self._guarded(table, self.store.forfeit, table.id, seat, table.revision, result)
        with contextlib.suppress(ApiError):  # (the event is written; shown from the next load)
            table.events = list(await self.db(self.store.events, table.id))
        table.setup = replace(table.setup, forfeited=seat)
        table.revision += 1
        self._tell(table, "game")
        self._changed(table, table.number, seat)

    async def resume_clocks(self) -> None:
        """Load every game in play with a clock, which arms it (after a restart).

        The time no server was up is given back to the turns it cut into first
        (``store.give_clocks_downtime``): a player never loses time to an outage. Then a
        heartbeat is kept, every ``Settings.check_seconds``.
        """
        beat = self.settings.check_seconds
        with contextlib.suppress(ApiError):
            gap = await self.db(self.store.give_clocks_downtime, beat)
            if gap:
                log.info("the servers were down %.0f s: the clocks were given the time", gap)
        self._in_background(self._beat_every(self.settings.check_seconds))
        for game_id in await self.db(self.store.clocked_games):
            try:
                await self.table(game_id)
            except ApiError as e:
                log.error("game %s: clock not resumed: %s", game_id, e.detail)

    def watching(self, table: Table, client: str) -> None:
        """A client said hello on ``table``: a game of bots alone is played while watched.

        One address may have at most ``Settings.watched_bot_games`` such games played for
        it at once (429 beyond).
        """
        if self.bus is not None:
            self._in_background(self.mark_present(table.id))
        if not table.all_bots:
            return
        others = {
            gid
            for gid in self.hub.games_of(client)
            if gid != table.id and (t := self.tables.get(gid)) is not None and t.all_bots
        }
        if len(others) >= self.settings.watched_bot_games:
            raise ApiError(
                429,
                f"you are watching {len(others)} games of bots alone: at most"
                f" {self.settings.watched_bot_games} at once",
            )
        if table.bot_task is None and not table.over:
            self._start_bot(table)
            if table.thinking is not None:
                self.hub.send_all(table.id, {"type": "thinking", "seat": table.thinking})

    async def _bot_turn(self, table: Table, seat: int, revision: int) -> None:
        """Let the bot choose in a worker, then play its choice like any action."""
        me = asyncio.current_task()
        spec = table.seats[seat].bot
        assert spec is not None
        try:
            started = time.perf_counter()
            notation = await self.bots.choose(
                table.id, spec, table.state.clone(), attended=not table.unattended
            )
            self.metrics.thinking.observe(time.perf_counter() - started)
            async with table.lock:
                if table.revision != revision or self.tables.get(table.id) is not table:
                    return  # the position changed meanwhile (an undo): this choice is void
                try:
                    await self._play(table, seat, notation, table.number)
                except ApiError as e:
                    log.error("game %s: the bot's action was refused: %s", table.id, e.detail)
        finally:
            if table.bot_task is me:
                table.bot_task = None

    # ----- notifications ---------------------------------------------------------------

    async def start_notify(self) -> None:
        """Take the VAPID key: the settings' (several processes), or the database's.

        The database's is made at the first start (``store.server_key``): it is part of
        the database like everything else, backed up and restored with it.
        """
        key = self.settings.vapid_private_key
        if key is None:
            key = await self.db(self.store.server_key, "vapid", new_vapid_key)
        self.notifier.use_key(key)

    def push_key(self) -> dict[str, JSON]:
        """``GET /api/push/key``: the public key browsers subscribe with."""
        if self.notifier.public_key is None:
            raise ApiError(503, "push notifications are starting; try again")
        return {"key": self.notifier.public_key}

    async def subscribe(
        self, account: Account, endpoint: str, p256dh: str, auth: str
    ) -> dict[str, JSON]:
        """Store a browser's push subscription for the account (its newest ones kept)."""
        endpoint, p256dh, auth = check_subscription(
            endpoint, p256dh, auth, self.settings.push_services
        )
        count = await self.db(
            self.store.subscribe,
            account.id,
            endpoint_sha256(endpoint),
            endpoint,
            p256dh,
            auth,
            self.settings.push_per_account,
        )
        return {"push": count}

    async def unsubscribe(self, account: Account, endpoint: str | None) -> dict[str, JSON]:
        """Forget one push subscription of the account (``None``: every one)."""
        sha256 = endpoint_sha256(endpoint) if endpoint is not None else None
        await self.db(self.store.unsubscribe, account.id, sha256)
        count, _, _ = await self.db(self.store.notify_settings, account.id)
        return {"push": count}

    async def notify_settings(self, account: Account) -> dict[str, JSON]:
        """What the account turned on: push subscriptions, the e-mail addresses.

        ``email`` is the confirmed address ("your turn" goes there); ``email_pending`` one
        waiting for its owner to open the link sent to it (it gets nothing else).
        """
        count, email, pending = await self.db(self.store.notify_settings, account.id)
        return {
            "push": count,
            "email": email,
            "email_pending": pending,
            "email_available": self.notifier.smtp is not None,
        }

    async def set_email(self, account: Account, email: str | None) -> dict[str, JSON]:
        """Opt out of e-mail (``None``), or ask for it at an address: a link goes there.

        The address gets nothing else until its owner opens the link (``confirm_email``):
        otherwise anyone could make the server mail a stranger. The confirmed address, if
        any, keeps its e-mails meanwhile. Any address gets at most one e-mail every
        ``email_address_minutes``, whoever asks: asking again for the address this account
        waits for sends nothing; asking for another address mailed within it is a 429.
        """
        if email is None:
            await self.db(self.store.email_off, account.id)
            return await self.notify_settings(account)
        if self.notifier.smtp is None:
            raise ApiError(409, "this server sends no e-mail")
        email = check_email(email)
        secret = tokens.new_session()  # 32 random bytes; the database keeps its SHA-256
        expires = datetime.now(UTC) + timedelta(hours=CONFIRM_HOURS)
        minutes = self.settings.email_address_minutes
        outcome = await self.db(
            self.store.ask_email, account.id, email, tokens.digest(secret), expires, minutes
        )
        if outcome == "recent":
            whole = max(1, round(minutes))
            raise ApiError(
                429,
                f"this address got an e-mail from this server less than {whole} minutes ago;"
                " look for it there, or try again later",
                msg("error.email_recent", count=whole),
            )
        if outcome == "send":
            self._in_background(self._send_confirmation(email, secret))
        return await self.notify_settings(account)

    async def _send_confirmation(self, address: str, secret: str) -> None:
        """E-mail ``address`` the link that confirms it (in the background).

        The link carries the secret in its fragment: a browser never sends that to a
        server, so it stays out of access logs and ``Referer`` headers (the client posts it
        to ``/api/email/confirm``). The e-mail names no account: nothing in it is a
        player's to choose, so it cannot carry anyone's message to a stranger.
        """
        hours = round(CONFIRM_HOURS)
        await self.notifier.email(
            address,
            "Confirm your address for zoogames",
            'Someone asked zoogames to send their "your turn" e-mails to this address.\n\n'
            f"If it was you, open this link within {hours} hours to confirm it:\n"
            f"{self.settings.public_url}/account#email={secret}\n\n"
            "If it was not you, ignore this e-mail: this address gets nothing more.\n",
        )

    async def confirm_email(self, secret: str) -> dict[str, JSON]:
        """Confirm the address a link was sent to, by the link's secret; the address.

        No sign-in needed: the secret proves the mailbox, and the link may be opened on a
        device that is not signed in. A secret of no waiting address, or an expired one,
        is a 404.
        """
        address = await self.db(self.store.confirm_email, tokens.digest(secret))
        if address is None:
            raise ApiError(
                404,
                "this link does not work (any more): give your address again for a new one",
                msg("error.email_link"),
            )
        return {"email": address}

    def _turn_passed(self, table: Table, by: int | None) -> None:
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
        self._in_background(self._notify_turn(table, seat, account))

    async def _page_open(self, table: Table, seat: int) -> bool:
        """True if a page of ``seat`` is connected, here or (several processes) elsewhere."""
        if self.hub.seated(table.id, seat):
            return True
        return self.bus is not None and await self.db(self.store.present, table.id, seat)

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
        ttl = self.settings.push_ttl
        if table.setup.clock is not None:  # stale once the clock has run out
            ttl = min(ttl, table.setup.clock)
        try:
            push = not await self._page_open(table, seat)
            subscriptions = await self.db(self.store.subscriptions, account) if push else []
            if subscriptions:

                async def gone(sha256: str) -> None:
                    await self.db(self.store.drop_subscription, sha256)

                await self.notifier.push(subscriptions, payload, ttl, gone)
            if self.notifier.smtp is not None and table.setup.pace == "turn-based":
                to = await self.db(
                    self.store.email_due,
                    table.id,
                    account,
                    self.settings.email_hours,
                    self.settings.email_address_minutes,
                )
                if to is not None:
                    game = table.state.game.name
                    await self.notifier.email(
                        to,
                        f"Your turn: {game} ({table.id})",
                        f"It is your turn, {name}, in {game}.\n\n"
                        f"Play: {self.settings.public_url}{link}\n\n"
                        "You get this because you turned on e-mail for your turns."
                        f" Turn it off on your account page: {self.settings.public_url}/account\n",
                    )
        except ApiError:
            log.error("game %s: no notification (the database failed)", table.id)
        except Exception as e:  # a notification must never take anything else down
            log.error("game %s: no notification: %s", table.id, type(e).__name__)
