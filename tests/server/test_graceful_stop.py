"""SIGTERM: a server stops accepting, finishes the requests in flight, then exits.

Against a real server process: a request whose body is still arriving when the signal
comes is the request in flight (its handler waits for the body, as a slow one would for
the database). The sockets' 1012 is ``test_health.py``'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any, cast

import pytest

from zoogames.server.bot_workers import BotWorkers

from .conftest import Databases
from .harness import ServerProcess

BODY = json.dumps({"game": "aquaretto", "players": 2, "seats": [{"kind": "me"}] * 2}).encode()


def half_a_request(port: int) -> socket.socket:
    """A connection that sent a game's creation up to half its body."""
    conn = socket.create_connection(("127.0.0.1", port), timeout=15)
    head = (
        f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(BODY)}\r\n\r\n"
    ).encode()
    conn.sendall(head + BODY[: len(BODY) // 2])
    return conn


def refused(port: int) -> bool:
    """True if a new connection to ``port`` is refused."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except OSError:
        return True
    return False


def test_a_request_in_flight_at_sigterm_completes(databases: Databases, tmp_path: Path) -> None:
    server = ServerProcess(databases.new("sqlite"), tmp_path / "s.log", tmp_path).start()
    process = server.process
    assert process is not None
    try:
        conn = half_a_request(server.port)
        time.sleep(0.3)  # the request has reached the app, which waits for the rest
        process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 10
        while not refused(server.port) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert refused(server.port)  # no new connection is accepted…
        assert process.poll() is None  # …while the one in flight is waited for
        conn.sendall(BODY[len(BODY) // 2 :])
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = conn.recv(65536)
            assert chunk, answer
            answer += chunk
        conn.close()
        assert answer.startswith(b"HTTP/1.1 201 "), answer
        # uvicorn ends by raising the signal again: "killed by SIGTERM" is its clean exit
        assert process.wait(15) in (0, -signal.SIGTERM)
    finally:
        server.stop()
    assert "Application shutdown complete" in server.output()


@pytest.mark.slow
def test_a_request_that_never_ends_is_cancelled_after_stop_seconds(
    databases: Databases, tmp_path: Path
) -> None:
    """``ZOOGAMES_STOP_SECONDS``: the longest a stop waits for the requests in flight."""
    env = {
        "ZOOGAMES_RATE_LIMITS": "off",
        "ZOOGAMES_STOP_SECONDS": "1",
        "ZOOGAMES_REQUEST_TIMEOUT": "60",  # so that only the stop can end the request
    }
    server = ServerProcess(databases.new("sqlite"), tmp_path / "s.log", tmp_path, env=env)
    server.start()
    process = server.process
    assert process is not None
    conn = half_a_request(server.port)
    try:
        time.sleep(0.3)
        began = time.monotonic()
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the server still waits for the request:\n{server.output()}")
        assert time.monotonic() - began < 15
    finally:
        conn.close()
        server.stop()
    assert "timeout graceful shutdown exceeded" in server.output()


class IdleService:
    """What a bot worker's slot uses of its service, with no turn ever waiting."""

    def __init__(self) -> None:
        self.turns_queued = asyncio.Event()
        self.store = self
        self.claims = 0

    def claim_bot_turn(self, lease: float) -> None:
        """No turn is waiting."""
        self.claims += 1

    async def db(self, call: Any, *args: Any) -> Any:
        """The store's call, inline (no database thread)."""
        return call(*args)


@pytest.mark.parametrize("turns", range(4))
def test_a_bot_worker_slot_woken_as_it_is_stopped_stops(turns: int) -> None:
    """A stop that comes as the bus wakes an idle slot (a turn handed back) ends the slot.

    ``asyncio.wait_for`` on Python 3.11 returns a wait that ended as its task was cancelled
    and drops the cancel: the slot went on claiming turns, and the worker hung at SIGTERM
    until it was killed, holding the lease of the turn it had just claimed again.
    """

    async def stop_as_woken() -> bool:
        service = IdleService()
        slot = asyncio.create_task(BotWorkers(cast(Any, service), 1, 5.0)._slot())
        while service.claims == 0:  # the slot is idle, waiting to be woken
            await asyncio.sleep(0)
        service.turns_queued.set()
        for _ in range(turns):  # each interleaving of the wake-up with the stop
            await asyncio.sleep(0)
        slot.cancel()
        done, _ = await asyncio.wait([slot], timeout=2)
        stopped = bool(done) and slot.cancelled()
        slot.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await slot
        return stopped

    assert asyncio.run(stop_as_woken())
