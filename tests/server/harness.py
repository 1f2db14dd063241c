"""A real server process (``zoogames serve``) on loopback, and a small client for it."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import httpx
from websockets.sync.client import ClientConnection, connect

from .forks import ForkedProcess, Forks
from .postgres import free_port

T = TypeVar("T")


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own.

    A test process that ran a browser test holds Playwright's event loop in its main
    thread for the session, where ``asyncio.run`` would refuse to start another.
    """
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def clear_of_a_window_edge(window: float = 3600, margin: float = 20) -> None:
    """Wait, if need be, until the rate limits' current window has ``margin`` seconds left.

    The servers count with ``limits``' sliding-window counter, whose windows start at
    multiples of their length since the epoch. Hits made late in one window weigh on the
    next by the share of it still ahead, rounded down: three hits, then a fourth just past
    the edge, count as 2.99 + 1 and the fourth is let through under a limit of three. A
    test that counts up to a limit starts here, so that its hits fall in one window.
    """
    left = window - time.time() % window
    if left < margin:
        time.sleep(left + 0.1)


def zoogames_command() -> list[str]:
    """The ``zoogames`` console script of this environment."""
    script = Path(sys.executable).with_name("zoogames")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from zoogames.cli import main; main()"]


FORKS = Forks()
"""This test process's fork server (``forks.py``): servers start without importing again."""

FORK_SERVERS = hasattr(os, "fork") and os.environ.get("ZOOGAMES_TEST_FORKS", "1") != "0"
"""Start :class:`ServerProcess` servers by forking (``ZOOGAMES_TEST_FORKS=0``: new
processes, as ``zoogames serve`` from a shell starts them)."""


def forkable(env: dict[str, str]) -> bool:
    """Whether a process with ``env`` may be forked from the fork server: no setting read as
    the interpreter starts or the engine loads (``PYTHONPATH``, ``ZOOGAMES_PURE``, …) differs
    from the fork server's, which are this process's."""
    names = {n for n in {*env, *os.environ} if n.startswith("PYTHON") or n == "ZOOGAMES_PURE"}
    return all(env.get(n) == os.environ.get(n) for n in names)


def start_zoogames(
    args: list[str], env: dict[str, str], cwd: Path, log: Path
) -> subprocess.Popen[bytes] | ForkedProcess:
    """The ``zoogames`` command ``args`` in a process of its own (forked where
    :func:`forkable`), with environment ``env``, in ``cwd``, its output appended to ``log``."""
    if FORK_SERVERS and forkable(env):
        return FORKS.start(args, env, cwd, log)
    with log.open("ab") as out:
        return subprocess.Popen(
            [*zoogames_command(), *args], cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env
        )


def stop_process(process: subprocess.Popen[bytes] | ForkedProcess) -> None:
    """Stop a process the friendly way (SIGTERM), then wait; SIGKILL after 20 s."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class ServerProcess:
    """``zoogames serve --db URL`` on a free port, its output in ``log``."""

    def __init__(
        self,
        db_url: str,
        log: Path,
        workdir: Path,
        bot_workers: int = 1,
        env: dict[str, str] | None = None,
    ) -> None:
        self.db_url = db_url
        self.log = log
        self.workdir = workdir
        self.bot_workers = bot_workers
        self.env = {"ZOOGAMES_RATE_LIMITS": "off"} if env is None else env
        """Server settings (``ZOOGAMES_*``): by default, no rate limits, since the tests
        play far faster than people (``test_abuse.py`` tests the limits)."""
        self.port = 0
        self.process: subprocess.Popen[bytes] | ForkedProcess | None = None

    @property
    def base(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60, same_port: bool = False) -> ServerProcess:
        """Start the server and wait until it answers; fail with its output if it does not.

        ``same_port``: on the port it had (a restart behind a proxy), not a new free one.
        """
        if not (same_port and self.port):
            self.port = free_port()
        env = {**os.environ, "ZOOGAMES_BOT_WORKERS": str(self.bot_workers), **self.env}
        args = ["serve", "--port", str(self.port), "--db", self.db_url]
        self.process = start_zoogames(args, env, self.workdir, self.log)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited at startup:\n{self.output()}")
            try:
                if httpx.get(f"{self.base}/api/catalog", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer within {timeout} s:\n{self.output()}")

    def output(self) -> str:
        """Everything the server printed so far."""
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        """Stop the server the friendly way (SIGTERM), then wait for it."""
        if self.process is not None:
            stop_process(self.process)
        self.process = None

    def kill(self) -> None:
        """Kill the server at once (SIGKILL), as a crash would."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()
        self.process = None


class Api:
    """An HTTP client of one server, with one method per API call (answers unchecked)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=30)

    @staticmethod
    def auth(token: str | None) -> dict[str, str]:
        """The Authorization header of ``token``."""
        return {"Authorization": f"Bearer {token}"} if token else {}

    def create(self, game: str, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
        """Create a game (checked: 201); its answer."""
        body = {"game": game, "players": len(seats), "options": options, "seats": seats}
        r = self.http.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        created: dict[str, Any] = r.json()
        return created

    def get(self, game_id: str, token: str | None = None) -> httpx.Response:
        """``GET /api/games/{id}``."""
        return self.http.get(f"/api/games/{game_id}", headers=self.auth(token))

    def snapshot(self, game_id: str, token: str | None = None) -> dict[str, Any]:
        """The snapshot (checked: 200)."""
        r = self.get(game_id, token)
        assert r.status_code == 200, r.text
        snap: dict[str, Any] = r.json()
        return snap

    def act(
        self, game_id: str, token: str | None, action: str, number: int | None = None
    ) -> httpx.Response:
        """``POST /api/games/{id}/actions`` (with ``number`` None: the number the game is at)."""
        if number is None:
            number = self.snapshot(game_id)["number"]
        body: dict[str, Any] = {"action": action}
        if number is not None:
            body["number"] = number
        return self.http.post(f"/api/games/{game_id}/actions", json=body, headers=self.auth(token))

    def undo(self, game_id: str, token: str | None) -> httpx.Response:
        """``POST /api/games/{id}/undo``."""
        return self.http.post(f"/api/games/{game_id}/undo", headers=self.auth(token))

    def join(self, game_id: str, token: str | None, name: str) -> httpx.Response:
        """``POST /api/games/{id}/join``."""
        return self.http.post(
            f"/api/games/{game_id}/join", json={"name": name}, headers=self.auth(token)
        )

    @contextmanager
    def socket(self, game_id: str) -> Iterator[Socket]:
        """A WebSocket on the game (no hello sent yet)."""
        url = self.base.replace("http://", "ws://") + f"/api/games/{game_id}/ws"
        with connect(url, open_timeout=10, close_timeout=5) as ws:
            yield Socket(ws)

    def close(self) -> None:
        """Close the HTTP client."""
        self.http.close()


class Socket:
    """A game's WebSocket with JSON messages."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    def send(self, message: dict[str, Any] | str) -> None:
        """Send a message (a dict as JSON, a string as it is)."""
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def receive(self, timeout: float = 30) -> dict[str, Any]:
        """The next message."""
        message: dict[str, Any] = json.loads(self.ws.recv(timeout))
        return message

    def receive_state(self, number: int | None = None, timeout: float = 30) -> dict[str, Any]:
        """The next ``state`` message (with ``number`` actions, if given), skipping others."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.receive(max(0.1, deadline - time.monotonic()))
            if message["type"] == "state" and (number is None or message["number"] == number):
                return message

    def hello(self, token: str | None) -> dict[str, Any]:
        """Say hello; the first state."""
        self.send({"type": "hello", "token": token})
        return self.receive_state()
