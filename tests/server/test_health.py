"""Health and readiness for a load balancer or an orchestrator: ``/healthz``, ``/readyz``.

Each answer is JSON, never the web page; readiness asks the database, the schema's
migration and (with several processes) the bus. Against real servers on SQLite and
PostgreSQL, and in-process for a database whose schema is behind.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic import command
from alembic.config import Config

from zoogames.server.bots import BotPool
from zoogames.server.hub import Hub
from zoogames.server.migrate import MIGRATIONS, revisions
from zoogames.server.service import Service
from zoogames.server.store import Store, open_engine

from .conftest import Databases
from .harness import Api, ServerProcess


def test_the_process_answers_and_says_it_is_ready(api: Api, server: ServerProcess) -> None:
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
