"""Fair play: notifications that cannot be turned against anyone, hints between
people.

- **N8**: an e-mail address gets "your turn" only once it confirmed a link sent to it, and
  any address gets at most one e-mail per interval (``ZOOGAMES_EMAIL_ADDRESS_MINUTES``)
  across accounts and games, confirmations included: nobody can make the server mail a
  stranger, or flood a mailbox by entering it again and again.
- **N9**: hints cannot be turned on at a table of two or more human seats, and the lobby
  says which tables allow them.
- **N10**: a push service answering with a redirect is not followed: the server's request
  never reaches the address the redirect names (another host of its own network, say).

A real server (on SQLite and on PostgreSQL) e-mails through a local SMTP sink
(``aiosmtpd``) and pushes to a local HTTP server that answers every push with a 307 to a
second local HTTP server, which must never hear from it. Each test fails on the code
before its fix.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email import message_from_bytes
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import insert, select

from zoogames.server.migrate import MIGRATIONS, upgrade
from zoogames.server.models import AccountRow
from zoogames.server.store import Store, open_engine

from .conftest import BACKENDS, Databases
from .harness import ServerProcess
from .play import post_table
from .test_push import Browser, Sink, play_until, player, sink, table, wait_for

__all__ = ["sink"]  # the SMTP sink fixture of test_push.py, used here as it is

PUBLIC = "https://zoo.example.org"
LINK = re.compile(re.escape(PUBLIC) + r"/account#email=([A-Za-z0-9_-]+)")


class Recorder:
    """A local HTTP server keeping every request's path; ``redirect`` answers each with a
    307 to it (a push service turned hostile), else 201."""

    def __init__(self, redirect: str | None = None) -> None:
        self.received: list[str] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("content-length", "0")))
                owner.received.append(self.path)
                if redirect is not None:
                    self.send_response(307)
                    self.send_header("location", redirect)
                else:
                    self.send_response(201)
                self.send_header("content-length", "0")
                self.end_headers()

            do_GET = do_POST

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture(scope="module")
def inside() -> Iterator[Recorder]:
    """A host of the server's own network that no push may reach."""
    recorder = Recorder()
    yield recorder
    recorder.server.shutdown()


@pytest.fixture(scope="module")
def redirecting(inside: Recorder) -> Iterator[Recorder]:
    """The push service the server may send to, answering each push with a 307 inside."""
    recorder = Recorder(redirect=f"http://127.0.0.1:{inside.port}/stolen")
    yield recorder
    recorder.server.shutdown()


@pytest.fixture(scope="module", params=BACKENDS)
def server(
    request: pytest.FixtureRequest,
    databases: Databases,
    workdir: Path,
    redirecting: Recorder,
    sink: Sink,
) -> Iterator[ServerProcess]:
    """A server e-mailing through the sink and pushing to the redirecting service, with
    the defaults of everything else but the rate limits (per client address: the tests
    make many requests from one)."""
    backend: str = request.param
    env = {
        "ZOOGAMES_RATE_LIMITS": "off",
        "ZOOGAMES_PUSH_SERVICES": f"http://127.0.0.1:{redirecting.port}",
        "ZOOGAMES_SMTP_URL": (
            f"smtp://127.0.0.1:{sink.port}?from=zoo@example.org&starttls=off"  # type: ignore[attr-defined]
        ),
        "ZOOGAMES_PUBLIC_URL": PUBLIC,
    }
    process = ServerProcess(
        databases.new(backend), workdir / f"notify-security-{backend}.log", workdir, env=env
    ).start()
    yield process
    process.stop()


_addresses = iter(range(10**6))


def address() -> str:
    """A fresh e-mail address (the module's server is shared by the tests)."""
    return f"someone{next(_addresses)}x{time.monotonic_ns()}@example.net"


def to(sink: Sink, address: str) -> list[bytes]:
    """The e-mails the sink received for ``address``."""
    return [m for rcpt, m in sink.messages if rcpt == [address]]


def body(raw: bytes) -> str:
    """The text of an e-mail."""
    text = message_from_bytes(raw).get_payload(decode=True)
    assert isinstance(text, bytes)
    return text.decode()


def link_secret(raw: bytes) -> str:
    """The secret of the confirmation link in an e-mail."""
    found = LINK.search(body(raw))
    assert found is not None, body(raw)
    return found.group(1)


# ----- N8: unconfirmed e-mail ----------------------------------------------------------------


def test_an_address_gets_no_turn_e_mail_until_it_confirms_its_link(
    server: ServerProcess, sink: Sink
) -> None:
    a, b = player(server), player(server)
    mine = address()
    r = b.post("/api/me/email", json={"email": mine})
    assert r.status_code == 200, r.text
    assert (r.json()["email"], r.json()["email_pending"]) == (None, mine)
    wait_for(lambda: len(to(sink, mine)) == 1, 10, "no confirmation e-mail")
    secret = link_secret(to(sink, mine)[0])
    assert len(secret) >= 40  # 32 random bytes
    # its turn in a turn-based game: the address has not said yes, so it gets nothing
    gid, tokens = table(a, b)
    play_until(a, gid, tokens, 1)
    time.sleep(1)
    assert len(to(sink, mine)) == 1
    assert b.get("/api/me/notify").json()["email_pending"] == mine
    # a wrong secret changes nothing; the right one confirms, from any browser
    anyone = httpx.Client(base_url=server.base, timeout=30)
    r = anyone.post("/api/email/confirm", json={"token": "x" * 43})
    assert r.status_code == 404
    assert r.json()["message"] == {"id": "error.email_link", "params": {}}
    r = anyone.post("/api/email/confirm", json={"token": secret})
    assert r.status_code == 200 and r.json() == {"email": mine}, r.text
    assert anyone.post("/api/email/confirm", json={"token": secret}).status_code == 404  # once
    settings = b.get("/api/me/notify").json()
    assert (settings["email"], settings["email_pending"]) == (mine, None)
    # confirmed: the next turn is e-mailed at once (the confirmation's interval is over)
    gid, tokens = table(a, b)
    play_until(a, gid, tokens, 1)
    wait_for(lambda: len(to(sink, mine)) == 2, 10, "no turn e-mail once confirmed")
    assert gid in message_from_bytes(to(sink, mine)[1])["Subject"]
    # entering the confirmed address again sends nothing; opting out forgets it
    assert b.post("/api/me/email", json={"email": mine.upper()}).json()["email"] == mine
    assert b.post("/api/me/email", json={"email": None}).json()["email"] is None
    time.sleep(0.5)
    assert len(to(sink, mine)) == 2


def test_an_address_gets_one_e_mail_per_interval_whoever_enters_it(
    server: ServerProcess, sink: Sink
) -> None:
    victim = address()
    a, c = player(server), player(server)
    for _ in range(20):  # re-entered again and again: one link, the first
        r = a.post("/api/me/email", json={"email": victim})
        assert r.status_code == 200 and r.json()["email_pending"] == victim, r.text
    wait_for(lambda: len(to(sink, victim)) == 1, 10, "no confirmation e-mail")
    # another account (or the same address in capitals): refused, saying why
    for other in (victim, victim.upper()):
        r = c.post("/api/me/email", json={"email": other})
        assert r.status_code == 429, r.text
        assert r.json()["message"] == {"id": "error.email_recent", "params": {"count": 60}}
    assert c.get("/api/me/notify").json()["email_pending"] is None
    # the victim never confirmed: a's turns go nowhere
    gid, tokens = table(c, a)
    play_until(c, gid, tokens, 1)
    time.sleep(1)
    assert len(to(sink, victim)) == 1


def test_a_confirmed_address_gets_one_turn_e_mail_per_interval_across_games(
    server: ServerProcess, sink: Sink
) -> None:
    a, b = player(server), player(server)
    mine = address()
    assert b.post("/api/me/email", json={"email": mine}).status_code == 200
    wait_for(lambda: len(to(sink, mine)) == 1, 10, "no confirmation e-mail")
    secret = link_secret(to(sink, mine)[0])
    assert b.post("/api/email/confirm", json={"token": secret}).status_code == 200
    games = [table(a, b) for _ in range(3)]
    for gid, tokens in games:  # b's turn in three games within minutes: one e-mail
        play_until(a, gid, tokens, 1)
    wait_for(lambda: len(to(sink, mine)) == 2, 10, "no turn e-mail")
    time.sleep(1)
    assert len(to(sink, mine)) == 2


def test_an_expired_link_confirms_nothing_and_old_addresses_must_confirm(
    databases: Databases,
) -> None:
    """The store alone, on SQLite: a link past its expiry is refused, and an address
    stored before migration 0013 (never confirmed) gets nothing until it is."""
    url = databases.new("sqlite")
    engine = open_engine(url)
    try:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0012")
            now = datetime.now(UTC)
            connection.execute(
                insert(AccountRow).values(
                    id=7,
                    name="old",
                    name_key="old",
                    password_hash="x",
                    created_at=now,
                    email="stranger@example.org",
                )
            )
        upgrade(engine)
        with engine.connect() as connection:
            row = connection.execute(
                select(AccountRow.email, AccountRow.email_pending).where(AccountRow.id == 7)
            ).one()
        assert tuple(row) == (None, "stranger@example.org")
        store = Store(engine)
        assert store.notify_settings(7) == (0, None, "stranger@example.org")
        past = datetime.now(UTC) - timedelta(seconds=1)
        assert store.ask_email(7, "me@example.org", "a" * 64, past, 60) == "send"
        assert store.confirm_email("a" * 64) is None  # expired
        assert store.ask_email(7, "me@example.org", "b" * 64, past, 60) == "recent"
    finally:
        engine.dispose()


# ----- N9: hints between people ----------------------------------------------------------------


def test_hints_are_refused_at_a_table_of_two_human_seats_and_shown_in_the_lobby(
    server: ServerProcess,
) -> None:
    http = httpx.Client(base_url=server.base, timeout=30)
    bot = {"kind": "bot", "bot": "random"}
    for seats in (
        [{"kind": "me"}, {"kind": "me"}],
        [{"kind": "me"}, {"kind": "invite"}],
        [{"kind": "me"}, {"kind": "open"}],
        [{"kind": "open"}, {"kind": "open"}, bot],
    ):
        r = post_table(http, seats, hints=True)
        assert r.status_code == 422, (seats, r.text)
        assert r.json()["message"] == {"id": "error.hints_humans", "params": {}}
    helped = post_table(http, [bot, {"kind": "open"}], hints=True, listed=True)
    assert helped.status_code == 201, helped.text
    unhelped = post_table(http, [{"kind": "me"}, {"kind": "open"}], listed=True)
    assert unhelped.status_code == 201, unhelped.text
    lobby = http.get("/api/lobby").json()
    shown = {t["id"]: t["hints"] for t in lobby["open"] + lobby["playing"]}
    assert shown[helped.json()["id"]] is True
    assert shown[unhelped.json()["id"]] is False


# ----- N10: push redirects ---------------------------------------------------------------------


def test_a_push_service_redirect_is_not_followed(
    server: ServerProcess, redirecting: Recorder, inside: Recorder
) -> None:
    a, b = player(server), player(server)
    here = f"http://127.0.0.1:{redirecting.port}"
    phone = Browser(f"{here}/hostile/{next(_addresses)}")
    assert a.post("/api/me/push", json=phone.subscription()).status_code == 201
    table(a, b)  # the last seat filled: seat 0 (a) is to move, and is pushed
    path = phone.endpoint.removeprefix(here)
    wait_for(lambda: path in redirecting.received, 10, "no push")
    time.sleep(1)
    assert inside.received == []
    assert redirecting.received.count(path) == 1  # failed once, not retried
    assert "the push service redirected (307)" in server.output()
