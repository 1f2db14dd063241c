"""Health and readiness for a load balancer or an orchestrator: ``/healthz``, ``/readyz``.

Each answer is JSON, never the web page; readiness asks the database, the schema's
migration and (with several processes) the bus. Against real servers on SQLite and
PostgreSQL, and in-process for a database whose schema is behind.
"""

from __future__ import annotations

import asyncio
import json
import re
import signal
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from websockets.exceptions import ConnectionClosed

from zoogames.server.bots import BotPool
from zoogames.server.hub import Hub
from zoogames.server.migrate import MIGRATIONS, revisions
from zoogames.server.service import Service
from zoogames.server.store import Store, open_engine

from .conftest import Databases
from .harness import Api, ServerProcess

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def test_the_process_answers_and_says_it_is_ready(api: Api, server: ServerProcess) -> None:
    assert api.http.get("/metrics").status_code == 404  # off unless ZOOGAMES_METRICS=on
    alive = api.http.get("/healthz")
    assert alive.status_code == 200
    assert alive.headers["content-type"] == "application/json"
    assert alive.json()["status"] == "ok"
    ready = api.http.get("/readyz")
    assert ready.status_code == 200, ready.text
    engine = open_engine(server.db_url)
    try:
        _, head = revisions(engine)
    finally:
        engine.dispose()
    body = ready.json()
    assert body["status"] == "ready" and body["database"] == "ok"
    assert body["migration"] == head
    if server.db_url.startswith("postgresql"):
        assert body["bus"] == "listening"
    else:
        assert "bus" not in body  # one process: no bus to wait for


def test_a_schema_behind_the_code_is_not_ready(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'old.db'}")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0011")

    async def ask() -> tuple[bool, dict[str, object]]:
        service = Service(Store(engine), BotPool(1), Hub(), db_threads=1)
        try:
            return await service.readiness()
        finally:
            service.close()

    try:
        ready, parts = asyncio.run(ask())
    finally:
        engine.dispose()
    assert not ready
    assert parts["migration"] == "0011" and parts["migration_expected"] != "0011"


def test_tls_on_over_plain_http_is_said_in_the_log(databases: Databases, tmp_path: Path) -> None:
    """``ZOOGAMES_TLS=on`` before TLS exists: each cookie is Secure, so the browser drops it
    over HTTP; the server says so once, in its log, rather than failing silently."""
    env = {"ZOOGAMES_RATE_LIMITS": "off", "ZOOGAMES_TLS": "on"}
    server = ServerProcess(databases.new("sqlite"), tmp_path / "s.log", tmp_path, env=env)
    server.start()
    api = Api(server.base)
    try:
        for name in ("Plain_one", "Plain_two"):
            r = api.http.post("/api/signup", json={"name": name, "password": "a long passphrase"})
            assert r.status_code == 201 and "Secure" in r.headers["set-cookie"]
        assert server.output().count("but a cookie was set over plain HTTP") == 1
        assert "TLS: on (ZOOGAMES_TLS)" in server.output()  # what it believes, at start
    finally:
        api.close()
        server.stop()


def test_a_stopping_server_closes_its_sockets_with_1012(
    databases: Databases, tmp_path: Path
) -> None:
    """SIGTERM: the game sockets are closed with 1012 (service restart), so the clients
    reconnect, to another server behind a proxy, at once."""
    server = ServerProcess(databases.new("sqlite"), tmp_path / "s.log", tmp_path).start()
    api = Api(server.base)
    try:
        gid = api.create("aquaretto", [{"kind": "me"}, {"kind": "me"}])["id"]
        with api.socket(gid) as socket:
            socket.hello(None)
            assert server.process is not None
            server.process.send_signal(signal.SIGTERM)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    socket.receive(10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
    finally:
        api.close()
        server.stop()


def test_metrics_count_when_on(databases: Databases, tmp_path: Path) -> None:
    env = {"ZOOGAMES_RATE_LIMITS": "off", "ZOOGAMES_METRICS": "on"}
    server = ServerProcess(databases.new("sqlite"), tmp_path / "s.log", tmp_path, env=env)
    server.start()
    on = Api(server.base)
    try:
        seats = [{"kind": "me"}, {"kind": "bot", "bot": "random"}]
        made = on.create("aquaretto", seats, start_player=0)
        with on.socket(made["id"]) as socket:
            socket.hello(made["tokens"]["0"])
            for number, action in enumerate(["draw", "load A"]):
                assert on.act(made["id"], made["tokens"]["0"], action, number).status_code == 200
            socket.receive_state(3)  # the bot's answer
            r = on.http.get("/metrics")
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/plain")
        samples = {
            line.rsplit(" ", 1)[0]: float(line.rsplit(" ", 1)[1])
            for line in r.text.splitlines()
            if line and not line.startswith("#")
        }
        assert samples['zoogames_actions_total{by="human"}'] == 2
        assert samples['zoogames_actions_total{by="bot"}'] >= 1
        assert samples["zoogames_action_seconds_count"] >= 3
        assert samples["zoogames_bot_thinking_seconds_count"] >= 1
        assert samples["zoogames_open_sockets"] == 1
        assert samples["zoogames_games_in_memory"] == 1
        assert samples['zoogames_notifications_failed_total{kind="push"}'] == 0
        # the sample Grafana dashboard asks only for what a server exports
        kinds = dict(re.findall(r"^# TYPE (\S+) (\S+)$", r.text, re.MULTILINE))
        exported = {
            f"{name.removesuffix('_total')}{suffix}"
            for name, kind in kinds.items()
            for suffix in {"counter": ["_total"], "histogram": ["_bucket", "_count"]}.get(
                kind, [""]
            )
        }
        dashboard = json.loads((DEPLOY / "grafana-dashboard.json").read_text())
        asked = {
            name
            for panel in dashboard["panels"]
            for target in panel["targets"]
            for name in re.findall(r"zoogames_[a-z_]+", target["expr"])
        }
        assert len(asked) >= 8 and asked <= exported, asked - exported
    finally:
        on.close()
        server.stop()
