"""Bots think in worker processes, so that a thinking bot never stalls the server.

A worker gets the pickled state, the bot's spec, a fresh seed and the longest it may
think, and returns the notation of the action it chose. The server plays it through the
same path as a human's action, with the same checks and the same database guards. The
pickled state holds the hidden tiles; the bot sees only a determinized copy
(``Bot.choose``).

Scheduling is fair across games: each game has at most one bot turn waiting (a game is
its own queue), the workers take turns in the order games asked, games with a human seat
before games of bots alone (which never take the last free worker), and thinking time is
capped server-wide (``Settings``): no
bot thinks longer than ``bot_seconds``, a bot of a game without a human seat no longer
than ``unattended_bot_seconds``, and when more turns wait than the workers can serve in
``bot_budget`` seconds, every waiting bot's time is shortened to fit.

Workers never outlive the server: each watches its parent and exits when the parent is
gone (however it died: SIGKILL leaves no chance to clean up), and closing the pool
terminates them at once (a bot thinking is not waited for).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from zoogames import bots
from zoogames.core.game import JSON, State
from zoogames.core.rng import Rng
from zoogames.server.settings import Settings

log = logging.getLogger("zoogames.server")

PARENT_POLL = 0.2
"""Seconds between a worker's checks that the server still lives."""

MIN_SECONDS = 0.05
"""The least thinking time a shortened bot still gets."""


def choose_in_worker(game: str, spec: str, seed: int, payload: bytes, seconds: float) -> str:
    """In a worker process: the notation of the action ``spec`` chooses in the pickled state.

    A bot that thinks for a time (``mcts:seconds=…``) thinks at most ``seconds``.
    """
    state: State = pickle.loads(payload)
    bot = bots.make(spec, seed=seed, game=game)
    limit = getattr(bot, "seconds", None)
    if isinstance(limit, float):
        bot.seconds = min(limit, seconds)  # type: ignore[attr-defined]
    return str(bot.choose(state))


HINT_ITERATIONS = 2000
"""The search budget of a hint (``hint_in_worker``): iterations, so that the same position
gives the same hint; thinking is still capped in seconds like a bot's."""


def hint_in_worker(game: str, spec: str, seed: int, payload: bytes, seconds: float) -> JSON:
    """In a worker process: the hint (JSON) for the seat to move in the pickled state.

    ``spec`` names the seat (``hint:SEAT``). The search sees only that seat's view
    (``zoogames.bots.teach``), like a bot's.
    """
    from zoogames.bots.teach import hint

    state: State = pickle.loads(payload)
    seat = int(spec.removeprefix("hint:"))
    return hint(state, seat, iterations=HINT_ITERATIONS, seed=seed, seconds=seconds).to_json()


class BotFailed(Exception):
    """A worker could not compute a hint or a review (it crashed, or the pool broke)."""


def _exit_with_parent(parent: int) -> None:
    """Exit this process as soon as its parent is gone (its parent pid changes)."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(0)


def start_worker(parent: int) -> None:
    """In a new worker: follow the server to its death, and let it go first on the cores."""
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()
    with contextlib.suppress(OSError):  # not allowed here: think at normal priority
        os.nice(10)


def default_workers() -> int:
    """Worker processes: ``ZOOGAMES_BOT_WORKERS``, else one per core, at least one."""
    configured = os.environ.get("ZOOGAMES_BOT_WORKERS")
    if configured:
        return max(1, int(configured))
    return max(1, os.cpu_count() or 1)


@dataclass(eq=False)
class Turn:
    """A bot turn (or a hint) waiting for a worker.

    ``key`` is the game's id for a turn, and its own key for other work (one of each
    waits per game at most); ``work`` runs in the worker and returns its result.
    """

    key: str
    spec: str
    state: State
    attended: bool
    work: Callable[[str, str, int, bytes, float], Any] = choose_in_worker
    payload: Any = None
    """What the worker gets pickled, if not just ``state`` (a review's step)."""
    done: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class BotPool:
    """Worker processes and the bot turns waiting for them (see the module docstring).

    The processes start on first use, with ``spawn`` (no forked locks).
    """

    def __init__(self, workers: int | None = None, settings: Settings | None = None) -> None:
        self.workers = workers or default_workers()
        self.settings = settings or Settings()
        self._pool: ProcessPoolExecutor | None = None
        self._waiting: dict[str, Turn] = {}
        """Game id → its waiting turn, in the order games asked (at most one per game)."""
        self._running = 0
        self._unattended = 0
        self._tasks: set[asyncio.Future[None]] = set()
        """Turns of games of bots alone now on a worker: they may take all workers but one."""

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=start_worker,
                initargs=(os.getpid(),),
            )
        return self._pool

    @property
    def waiting(self) -> int:
        """Bot turns waiting for a worker."""
        return len(self._waiting)

    async def choose(self, game: str, spec: str, state: State, attended: bool = True) -> str:
        """The notation of the action bot ``spec`` plays in ``state`` (game ``game``).

        ``attended``: the game has a human seat (its turns go first). If the worker fails
        (a crash, a broken pool), the pool is replaced and the seat plays a random legal
        action, so that the game never waits forever.
        """
        notation: str = await self._queue(Turn(game, spec, state, attended))
        return notation

    async def hint(self, game: str, seat: int, state: State) -> JSON:
        """The hint for ``seat`` to move in ``state`` (``hint_in_worker``).

        Scheduled as a bot turn of a game with a human seat; :class:`BotFailed` if the
        worker fails.
        """
        return await self._queue(
            Turn(f"{game}:hint:{seat}", f"hint:{seat}", state, True, hint_in_worker)
        )

    async def review_step(
        self, game: str, state: State, played: str, seed: int, iterations: int
    ) -> JSON:
        """One decision of a game's review (``reviews.review_in_worker``).

        Scheduled as a turn of a game of bots alone: it never takes the last free worker
        from a game with a human seat. :class:`BotFailed` if the worker fails.
        """
        from zoogames.server.reviews import review_in_worker

        turn = Turn(
            f"{game}:review",
            f"review:{iterations}",
            state,
            False,
            review_in_worker,
            payload=(state, played, seed),
        )
        return await self._queue(turn)

    async def _queue(self, turn: Turn) -> Any:
        old = self._waiting.pop(turn.key, None)
        if old is not None and not old.done.done():  # a newer position replaces it
            old.done.cancel()
        self._waiting[turn.key] = turn
        self._dispatch()
        return await turn.done

    def seconds_for(self, turn: Turn) -> float:
        """How long ``turn``'s bot may think now (the caps of the module docstring)."""
        s = self.settings
        cap = s.bot_seconds if turn.attended else min(s.bot_seconds, s.unattended_bot_seconds)
        queued = len(self._waiting) + self._running
        if turn.attended:
            # Only the games people play share the budget: reviews and games of bots
            # alone wait behind them and never shorten a bot's thinking there.
            queued = sum(t.attended for t in self._waiting.values()) + (
                self._running - self._unattended
            )
        fair = s.bot_budget * self.workers / max(1, queued)
        return max(MIN_SECONDS, min(cap, fair))

    def _dispatch(self) -> None:
        """Hand waiting turns to free workers: games with a human first, each in turn.

        Games of bots alone never take the last free worker (with two or more): a human
        game's bot finds one free at once.
        """
        while self._running < self.workers and self._waiting:
            turn = next((t for t in self._waiting.values() if t.attended), None)
            if turn is None:
                if self._unattended >= max(1, self.workers - 1):
                    return
                turn = next(iter(self._waiting.values()))
            del self._waiting[turn.key]
            if turn.done.done():
                continue
            self._running += 1
            self._unattended += not turn.attended
            task = asyncio.ensure_future(self._run(turn, self.seconds_for(turn)))
            self._tasks.add(task)  # a task nobody holds may be collected before it ends
            task.add_done_callback(self._tasks.discard)

    def _finished(self, turn: Turn) -> None:
        """A worker is free again: count it, and hand it the next waiting turn."""
        self._running -= 1
        self._unattended -= not turn.attended
        self._dispatch()

    async def _run(self, turn: Turn, seconds: float) -> None:
        try:
            await self._think(turn, seconds)
        finally:
            self._finished(turn)

    async def _think(self, turn: Turn, seconds: float) -> None:
        seed = secrets.randbits(32)
        result = None
        try:
            payload = pickle.dumps(turn.state if turn.payload is None else turn.payload)
            loop = asyncio.get_running_loop()
            result = await loop.run_in_executor(
                self._executor(),
                turn.work,
                turn.state.game.id,
                turn.spec,
                seed,
                payload,
                seconds,
            )
        except BrokenProcessPool:
            log.error("bot worker pool broke; starting a new one")
            self._pool = None
        except asyncio.CancelledError:
            turn.done.cancel()
            raise
        except Exception as e:  # a bot's bug must not stop the game
            log.error(
                "bot %s failed (%s); playing a random legal action", turn.spec, type(e).__name__
            )
        if turn.done.done():
            return
        if result is not None:
            turn.done.set_result(result)
        elif turn.work is choose_in_worker:  # a seat must move: any legal action will do
            turn.done.set_result(str(Rng(seed, "fallback").choice(turn.state.legal_actions())))
        else:
            turn.done.set_exception(BotFailed(turn.spec))

    def close(self) -> None:
        """Stop the workers at once (a thinking bot's result is dropped)."""
        for turn in self._waiting.values():
            turn.done.cancel()
        self._waiting.clear()
        pool, self._pool = self._pool, None
        if pool is not None:
            # The pool's own shutdown would wait for a thinking bot; its processes are
            # ended first (``_processes`` is the executor's map of pid → Process).
            for process in list(getattr(pool, "_processes", {}).values()):
                with contextlib.suppress(Exception):
                    process.terminate()
            pool.shutdown(wait=False, cancel_futures=True)
