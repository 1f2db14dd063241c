"""A private PostgreSQL server for the tests: Debian's binaries, a cluster in /tmp.

PostgreSQL refuses to run as root, so as root the cluster belongs to the ``postgres``
user (created by Debian's package) and every command runs through ``runuser``. Anything
that goes wrong raises :class:`PostgresUnavailable` with the reason: the tests then fail
saying so, never skip.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


class PostgresUnavailable(RuntimeError):
    """The private PostgreSQL server could not be set up (the message says why)."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def binaries() -> Path:
    """The newest ``/usr/lib/postgresql/<version>/bin`` holding ``initdb``."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parent.parent.name),
    )
    if not found:
        raise PostgresUnavailable(
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb):"
            " run scripts/system-deps.sh, which installs Debian's postgresql"
        )
    return Path(found[-1]).parent


class PrivatePostgres:
    """A throw-away PostgreSQL cluster on a free port of 127.0.0.1; ``stop()`` removes it."""

    USER = "zoogames"

    def __init__(self) -> None:
        self.bin = binaries()
        self.root = os.geteuid() == 0
        self.base = Path(tempfile.mkdtemp(prefix="zoogames-pg-"))
        self.data = self.base / "data"
        self.port = free_port()
        self.started = False
        try:
            if self.root:
                shutil.chown(self.base, "postgres", "postgres")
            self._run(
                "initdb", "-D", str(self.data), "-A", "trust", "-U", self.USER,
                "-E", "UTF8", "--no-sync",
            )  # fmt: skip
            options = (
                f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1"
                " -c fsync=off -c full_page_writes=off -c max_connections=200"
            )
            self._run(
                "pg_ctl", "-D", str(self.data), "-l", str(self.base / "log"),
                "-o", options, "-w", "-t", "60", "start",
            )  # fmt: skip
            self.started = True
        except BaseException:
            self.stop()
            raise

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bin / tool), *args]
        if self.root:
            command = ["runuser", "-u", "postgres", "--", *command]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise PostgresUnavailable(f"{tool} could not run: {e}") from e
        if done.returncode != 0:
            log = self.base / "log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise PostgresUnavailable(
                f"{tool} failed ({done.returncode}): {done.stderr.strip()[-2000:]}\n{tail}"
            )

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of ``database`` on this server."""
        return f"postgresql+psycopg://{self.USER}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """Create an empty database; its URL."""
        import psycopg

        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user={self.USER} dbname=postgres",
            autocommit=True,
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        """Stop the server at once and delete its files."""
        if self.started:
            with contextlib.suppress(PostgresUnavailable):
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
            self.started = False
        shutil.rmtree(self.base, ignore_errors=True)
