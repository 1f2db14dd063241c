"""Bots think in worker processes, so that a thinking bot never stalls the server.

A worker gets the pickled state, the bot's spec and a fresh seed, and returns the
notation of the action it chose. The server plays it through the same path as a human's
action, with the same checks and the same database guards. The pickled state holds the
hidden tiles; the bot sees only a determinized copy (``Bot.choose``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import secrets
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from zoogames import bots
from zoogames.core.game import State
from zoogames.core.rng import Rng

log = logging.getLogger("zoogames.server")


def choose_in_worker(game: str, spec: str, seed: int, payload: bytes) -> str:
    """In a worker process: the notation of the action ``spec`` chooses in the pickled state."""
    state: State = pickle.loads(payload)
    return str(bots.make(spec, seed=seed, game=game).choose(state))


def lower_priority() -> None:
    """In a new worker: let the web server go first when the cores are busy."""
    with contextlib.suppress(OSError):  # not allowed here: think at normal priority
        os.nice(10)


def default_workers() -> int:
    """Worker processes: ``ZOOGAMES_BOT_WORKERS``, else one per core, at least one."""
    configured = os.environ.get("ZOOGAMES_BOT_WORKERS")
    if configured:
        return max(1, int(configured))
    return max(1, os.cpu_count() or 1)


class BotPool:
    """A pool of worker processes started on first use (with ``spawn``: no forked locks)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=lower_priority,
            )
        return self._pool

    async def choose(self, spec: str, state: State) -> str:
        """The notation of the action bot ``spec`` plays in ``state``.

        If the worker fails (a crash, a broken pool), the pool is replaced and the seat
        plays a random legal action, so that the game never waits forever.
        """
        seed = secrets.randbits(32)
        payload = pickle.dumps(state)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                self._executor(), choose_in_worker, state.game.id, spec, seed, payload
            )
        except BrokenProcessPool:
            log.error("bot worker pool broke; starting a new one")
            self._pool = None
        except Exception as e:  # a bot's bug must not stop the game
            log.error("bot %s failed (%s); playing a random legal action", spec, type(e).__name__)
        return str(Rng(seed, "fallback").choice(state.legal_actions()))

    def close(self) -> None:
        """Stop the workers (a thinking bot's result is dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
