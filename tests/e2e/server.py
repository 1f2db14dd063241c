"""A real ``zoogames serve`` process for the browser tests: started, killed, started again."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "zoogames" / "server" / "static" / "index.html"
ZOOGAMES = Path(sys.executable).parent / "zoogames"


def free_port() -> int:
    """A TCP port on the loopback address that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``zoogames serve`` on a free port over one SQLite file; its own process group."""

    def __init__(self, db: Path, log: Path) -> None:
        self.db = db
        self.log = log
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The address the server prints when it starts."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait until its API answers (30 s at most)."""
        if not STATIC.is_file():
            raise RuntimeError(f"the client is not built ({STATIC} is missing): run `make web`")
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [str(ZOOGAMES), "serve", "--port", str(self.port), "--db", f"sqlite:///{self.db}"],
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its bot workers share its group: one kill ends all
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"zoogames serve exited: see {self.log}")
            try:
                self.get("/api/catalog")
                return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        raise RuntimeError(f"zoogames serve did not answer within 30 s: see {self.log}")

    def kill(self) -> None:
        """Kill -9 the server and its bot workers, as a crash would."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):  # already gone
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.process = None

    def get(self, path: str) -> Any:
        """GET a JSON answer of the API (reading only: the tests act by clicking)."""
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.load(response)
