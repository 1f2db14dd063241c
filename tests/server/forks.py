"""Server processes forked from one that imported the server already.

The server tests start about a hundred ``zoogames serve`` processes, and each spent about
1.3 s of CPU importing FastAPI, SQLAlchemy, pydantic's schemas and the server's modules
before it served anything: on two cores, a minute of the test run. A *fork server* (this
file, run as a script by :class:`Forks`) imports them once per test process, then forks a
copy for each server to start. The copy sets up what a new process would have (its
environment, working directory, output to its log, no ``__main__`` for ``spawn`` to import
in the bot workers) and runs the ``zoogames`` command line, ``serve`` and its options, as
the console script does.

A forked server is the fork server's child, not the test's: :class:`ForkedProcess` gives
the tests what they use of :class:`subprocess.Popen` (``pid``, ``poll``, ``wait``,
``send_signal``, ``terminate``, ``kill``, ``returncode``), the fork server reaping it on
``poll``. Signals go straight to the server, as they did.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import types
from pathlib import Path
from typing import Any

PRELOAD = ("zoogames.cli", "zoogames.server.app", "psycopg")
"""What the fork server imports before it forks: what ``zoogames serve`` imports."""


class ForkedProcess:
    """A server forked by the fork server, with the part of ``Popen``'s API the tests use."""

    def __init__(self, forks: Forks, pid: int) -> None:
        self.forks = forks
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        """The exit code (``-N`` for signal N) if the server has exited, else None."""
        if self.returncode is None:
            self.returncode = self.forks.ask({"poll": self.pid})
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the server to exit; its exit code. ``subprocess.TimeoutExpired`` after
        ``timeout`` seconds."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while (code := self.poll()) is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"server {self.pid}", timeout or 0)
            time.sleep(0.02)
        return code

    def send_signal(self, sig: int) -> None:
        """Send ``sig`` to the server, if it has not exited."""
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        """SIGTERM."""
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        """SIGKILL."""
        self.send_signal(signal.SIGKILL)


class Forks:
    """The fork server of this test process, started on first use."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def start(self, argv: list[str], env: dict[str, str], cwd: Path, log: Path) -> ForkedProcess:
        """A new process running the ``zoogames`` command ``argv`` (without the program's
        name), with ``env`` for environment, in ``cwd``, its output appended to ``log``."""
        pid = self.ask({"argv": argv, "env": env, "cwd": str(cwd), "log": str(log)})
        assert isinstance(pid, int)
        return ForkedProcess(self, pid)

    def ask(self, request: dict[str, Any]) -> Any:
        """Send a request to the fork server (started if needed); its answer."""
        with self._lock:
            if self._process is None or self._process.poll() is not None:
                self._process = subprocess.Popen(
                    [sys.executable, "-u", __file__],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                )
            assert self._process.stdin is not None and self._process.stdout is not None
            self._process.stdin.write(json.dumps(request).encode() + b"\n")
            self._process.stdin.flush()
            line = self._process.stdout.readline()
            if not line:
                raise RuntimeError("the fork server of the test servers exited")
            return json.loads(line)["answer"]


def _run_child(request: dict[str, Any]) -> None:
    """In the new process: become a fresh ``zoogames`` command, run it, and exit.

    Its standard streams become /dev/null and the log: the pipes to the test process are
    the fork server's alone (it sees the test process's end close).
    """
    code = 1
    try:
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        log = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.close(log)
        stdin = os.open(os.devnull, os.O_RDONLY)
        os.dup2(stdin, 0)
        os.close(stdin)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        # The console script's __main__ is not this file: a bot worker (multiprocessing's
        # spawn) would import it, with everything it preloaded.
        sys.modules["__main__"] = types.ModuleType("__main__")
        sys.argv = ["zoogames", *request["argv"]]
        from zoogames.cli import main

        try:
            main()
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _exit_code(status: int) -> int:
    return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)


def serve() -> None:
    """The fork server: import the server, then answer requests, one JSON line each, until
    the test process closes its end (a start: fork, answer the pid; a poll: reap, answer the
    exit code or null)."""
    import importlib

    for module in PRELOAD:
        importlib.import_module(module)
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    for line in requests:
        request = json.loads(line)
        answer: int | None
        if "poll" in request:
            pid = int(request["poll"])
            try:
                done, status = os.waitpid(pid, os.WNOHANG)
                answer = _exit_code(status) if done else None
            except ChildProcessError:  # reaped by an earlier poll: it exited
                answer = -1
        else:
            answer = os.fork()
            if answer == 0:
                _run_child(request)
        answers.write(json.dumps({"answer": answer}).encode() + b"\n")
        answers.flush()


if __name__ == "__main__":
    serve()
