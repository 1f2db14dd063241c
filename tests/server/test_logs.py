"""The servers' log lines: JSON with the request id and the game id, text on a terminal.

Against real server processes (``zoogames serve``), as an operator's log collector sees
them: JSON when stderr is not a terminal, readable text when it is (``logs.py``).
"""

from __future__ import annotations

import json
import os
import pty
import random
import re
import select
import sqlite3
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from structlog.contextvars import clear_contextvars, get_contextvars
from websockets.sync.client import connect

from zoogames.server import logs
from zoogames.server.settings import from_env

from .conftest import Databases
from .harness import Api, ServerProcess, run_async, stop_process, zoogames_command
from .play import step
from .postgres import free_port

SEATS = [{"kind": "me"}, {"kind": "me"}]


def json_lines(output: str) -> list[dict[str, Any]]:
    """The log's JSON lines (the server also prints its address, and Python a warning)."""
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def test_json_lines_carry_the_proxys_request_id_and_the_game_id(
    databases: Databases, tmp_path: Path
) -> None:
    db = databases.new("sqlite")
    env = {"ZOOGAMES_RATE_LIMITS": "off", "ZOOGAMES_LOG_FORMAT": "json"}
    server = ServerProcess(db, tmp_path / "s.log", tmp_path, env=env).start()
    api = Api(server.base)
    try:
        # the test's client is 127.0.0.1, the default trusted proxy: its id is kept
        r = api.http.post(
            "/api/games",
            json={"game": "aquaretto", "players": 2, "seats": SEATS},
            headers={"X-Request-ID": "create-7f3a"},
        )
        assert r.status_code == 201 and r.headers["x-request-id"] == "create-7f3a"
        created = r.json()
        gid = created["id"]
        r = api.http.get(f"/api/games/{gid}", headers={"X-Request-ID": "read-19"})
        assert r.status_code == 200 and r.headers["x-request-id"] == "read-19"
        tokens = [created["tokens"][str(i)] for i in range(2)]
        rng = random.Random(5)
        for _ in range(4):  # some play, so that a tile drawn could have been logged
            step(api, gid, tokens, rng)
        url = server.base.replace("http://", "ws://") + f"/api/games/{gid}/ws"
        with connect(url, additional_headers={"X-Request-ID": "sock-3"}) as ws:
            ws.send(json.dumps({"type": "hello", "token": None}))
            ws.recv(10)
        # an id that is not plain text (here: a line break's worth of junk) is replaced
        r = api.http.get("/healthz", headers={"X-Request-ID": "a b{c}"})
        assert re.fullmatch(r"[0-9a-f]{32}", r.headers["x-request-id"])
        # none sent: a new one, as nginx's $request_id would be
        assert re.fullmatch(r"[0-9a-f]{32}", api.http.get("/api/catalog").headers["x-request-id"])
        time.sleep(0.5)  # the request's and the socket's lines are written after the answer
    finally:
        api.close()
        server.stop()
    output = server.output()
    lines = json_lines(output)
    assert lines, output
    for line in lines:
        assert {"timestamp", "level", "logger", "event"} <= line.keys(), line
    assert any(line["logger"] == "uvicorn.error" for line in lines)  # uvicorn's, same shape
    created_lines = [line for line in lines if line.get("request_id") == "create-7f3a"]
    assert any(gid in line["event"] for line in created_lines)  # "game … created"
    assert any(
        line["event"] == "request" and line.get("game_id") == gid and line["status"] == 201
        for line in created_lines
    )
    read = [line for line in lines if line.get("request_id") == "read-19"]
    assert read and read[0]["game_id"] == gid
    assert read[0]["route"] == "/api/games/{game_id}" and read[0]["method"] == "GET"
    assert not any(line.get("request_id") == "a b{c}" for line in lines)
    closed = [line for line in lines if line["event"] == "socket closed"]
    assert closed and closed[0]["request_id"] == "sock-3" and closed[0]["game_id"] == gid
    assert closed[0]["messages"] == 1
    # Hidden information: neither the game's seed nor its secret, nor a seat's token
    with sqlite3.connect(db.removeprefix("sqlite:///")) as connection:
        seed, secret = connection.execute("SELECT seed, secret FROM games").fetchone()
    hidden = [secret, *tokens] + ([str(seed)] if abs(seed) > 99999 else [])  # (0: the secret)
    assert all(hidden) and not any(value in output for value in hidden)


def test_only_a_trusted_proxy_names_the_request() -> None:
    """``X-Request-ID`` is believed from the peers ``X-Forwarded-For`` is, and no other."""

    async def app(scope: Any, receive: Any, send: Any) -> None:
        body = json.dumps({"client": scope["client"][0], "id": logs.current_request_id()})
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": body.encode()})

    wrapped = logs.RequestIds(app, ("192.0.2.1",))

    async def ask(peer: str) -> httpx.Response:
        transport = httpx.ASGITransport(app=wrapped, client=(peer, 4711))
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            headers = {"X-Request-ID": "from-the-proxy", "X-Forwarded-For": "198.51.100.9"}
            return await client.get("/", headers=headers)

    proxied = run_async(ask("192.0.2.1"))
    assert proxied.headers["x-request-id"] == "from-the-proxy"
    assert proxied.json() == {"client": "198.51.100.9", "id": "from-the-proxy"}
    direct = run_async(ask("203.0.113.5"))
    assert re.fullmatch(r"[0-9a-f]{32}", direct.headers["x-request-id"])
    assert direct.json() == {"client": "203.0.113.5", "id": direct.headers["x-request-id"]}


def test_text_on_a_terminal(databases: Databases, tmp_path: Path) -> None:
    """``auto`` (the default) gives a person's lines when stderr is a terminal."""
    port = free_port()
    controller, terminal = pty.openpty()
    env = {**os.environ, "ZOOGAMES_RATE_LIMITS": "off", "ZOOGAMES_BOT_WORKERS": "1"}
    env.pop("ZOOGAMES_LOG_FORMAT", None)
    command = [*zoogames_command(), "serve", "--port", str(port), "--db", databases.new("sqlite")]
    with (tmp_path / "out.txt").open("wb") as out:
        process = subprocess.Popen(
            command, cwd=tmp_path, stdout=out, stderr=terminal, stdin=subprocess.DEVNULL, env=env
        )
    os.close(terminal)
    seen = b""
    try:
        deadline = time.monotonic() + 30
        while b"startup complete" not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([controller], [], [], 0.5)
            if ready:
                seen += os.read(controller, 65536)
        assert b"startup complete" in seen, seen
    finally:
        stop_process(process)
        os.close(controller)
    text = re.sub(rb"\x1b\[[0-9;]*m", b"", seen).decode()  # the colours of a terminal
    lines = [line for line in text.splitlines() if "startup complete" in line]
    assert lines and not lines[0].lstrip().startswith("{")
    assert "info" in lines[0] and "uvicorn.error" in lines[0]


def test_the_setting_refuses_an_unknown_format(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZOOGAMES_LOG_FORMAT", "xml")
    with pytest.raises(ValueError, match="json, text or auto"):
        from_env()
    with pytest.raises(ValueError, match="json, text or auto"):
        logs.configure("xml")


def test_only_a_plain_game_id_or_message_id_is_bound() -> None:
    """A path's segment that is no game id (a terminal's escape codes) is not written."""
    clear_contextvars()
    try:
        logs.bind_game("UsLgzFIBaA")
        logs.bind_message("sock-1", 3)
        assert get_contextvars() == {"game_id": "UsLgzFIBaA", "request_id": "sock-1.3"}
        clear_contextvars()
        logs.bind_game("x\x1b[2J")
        logs.bind_game("a" * 65)
        assert get_contextvars() == {}
    finally:
        clear_contextvars()
