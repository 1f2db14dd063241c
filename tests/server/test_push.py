"""Notifications while the page is closed: Web Push and e-mail.

A real server (on SQLite and on PostgreSQL) pushes to a local HTTP server standing in for
the browsers' push service, which the test decrypts with the subscription's private key
(``http_ece``, RFC 8291), and e-mails through a local SMTP sink (``aiosmtpd``).
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from email import message_from_bytes
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import http_ece
import httpx
import pytest
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from zoogames.server import notify
from zoogames.server.settings import Settings
from zoogames.server.store import Store, open_engine

from .conftest import BACKENDS, Databases
from .harness import Api, ServerProcess, run_async
from .postgres import free_port


def b64(data: bytes) -> str:
    """base64url without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class PushService:
    """A stand-in push service: records each request; answers 410 under ``/gone/``."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, str], bytes]] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                if self.path.startswith("/slow/"):  # a push service that does not answer
                    time.sleep(3)
                owner.received.append(
                    (self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
                self.send_response(410 if self.path.startswith("/gone/") else 201)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def to(self, path: str) -> list[tuple[str, dict[str, str], bytes]]:
        """The requests made to ``path``."""
        return [r for r in self.received if r[0] == path]


class Sink:
    """An ``aiosmtpd`` handler keeping every message."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], bytes]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """Keep the message (aiosmtpd's hook)."""
        self.messages.append((list(envelope.rcpt_tos), bytes(envelope.content)))
        return "250 OK"


class Browser:
    """A subscribing browser: its own P-256 key pair and authentication secret."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self) -> dict[str, Any]:
        """What ``PushSubscription.toJSON()`` gives."""
        point = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(point), "auth": b64(self.auth)}}

    def decrypt(self, body: bytes) -> dict[str, Any]:
        """The payload of one push (RFC 8291, aes128gcm)."""
        text = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        payload: dict[str, Any] = json.loads(text)
        return payload


@pytest.fixture(scope="module")
def push_service() -> Iterator[PushService]:
    """The stand-in push service, for the module."""
    service = PushService()
    yield service
    service.server.shutdown()


@pytest.fixture(scope="module")
def sink() -> Iterator[Sink]:
    """The SMTP sink, for the module."""
    handler = Sink()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    handler.port = controller.port  # type: ignore[attr-defined]
    yield handler
    controller.stop()


@pytest.fixture(scope="module", params=BACKENDS)
def notifying(
    request: pytest.FixtureRequest,
    databases: Databases,
    workdir: Path,
    push_service: PushService,
    sink: Sink,
) -> Iterator[ServerProcess]:
    """A server that pushes to the stand-in service and e-mails through the sink."""
    backend: str = request.param
    env = {
        "ZOOGAMES_RATE_LIMITS": "off",
        "ZOOGAMES_PUSH_SERVICES": f"http://127.0.0.1:{push_service.port}",
        "ZOOGAMES_SMTP_URL": (
            f"smtp://127.0.0.1:{sink.port}?from=zoo@example.org&starttls=off"  # type: ignore[attr-defined]
        ),
        "ZOOGAMES_PUBLIC_URL": "https://zoo.example.org",
    }
    process = ServerProcess(
        databases.new(backend), workdir / f"push-{backend}.log", workdir, env=env
    ).start()
    yield process
    process.stop()


def wait_for(check: Callable[[], bool], seconds: float, what: str) -> None:
    """Poll ``check`` until it holds; fail saying ``what`` did not happen."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


_names = iter(range(10**6))


def player(server: ServerProcess) -> httpx.Client:
    """A browser signed in to a new account."""
    client = httpx.Client(base_url=server.base, timeout=30)
    name = f"p{os.getpid()}x{next(_names)}x{server.port}"
    r = client.post("/api/signup", json={"name": name, "password": "a long password"})
    assert r.status_code == 201, r.text
    return client


def table(a: httpx.Client, b: httpx.Client, pace: str = "turn-based") -> tuple[str, list[str]]:
    """A two-player Aquaretto game, seat 0 (``a``) to start, seat 1 taken by ``b``."""
    r = a.post(
        "/api/games",
        json={
            "game": "aquaretto",
            "players": 2,
            "options": {"start_player": 0},
            "seats": [{"kind": "me"}, {"kind": "open"}],
            "pace": pace,
        },
    )
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["tokens"]["0"]
    r = b.post(f"/api/games/{gid}/seats/1/join", json={})
    assert r.status_code == 200, r.text
    return gid, [token, r.json()["token"]]


def play_until(client: httpx.Client, gid: str, tokens: list[str], seat: int) -> dict[str, Any]:
    """Play legal actions until it is ``seat``'s turn; its snapshot then."""
    for _ in range(20):
        snap = client.get(f"/api/games/{gid}").json()
        to_move = snap["view"]["to_move"]
        if to_move == seat:
            found: dict[str, Any] = snap
            return found
        mine = client.get(
            f"/api/games/{gid}", headers={"Authorization": f"Bearer {tokens[to_move]}"}
        ).json()
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"action": mine["view"]["legal"][0], "number": mine["number"]},
            headers={"Authorization": f"Bearer {tokens[to_move]}"},
        )
        assert r.status_code == 200, r.text
    raise AssertionError(f"seat {seat} never got the turn")


def test_subscriptions_are_validated(notifying: ServerProcess, push_service: PushService) -> None:
    a = player(notifying)
    here = f"http://127.0.0.1:{push_service.port}"
    good = Browser(f"{here}/valid/{next(_names)}").subscription()
    anonymous = httpx.post(f"{notifying.base}/api/me/push", json=good)
    assert anonymous.status_code == 401  # accounts only: a guest has nobody to notify
    bad: list[dict[str, Any]] = [
        {**good, "endpoint": "https://push.evil.example/x"},  # not a push service
        {**good, "endpoint": f"http://127.0.0.1:{push_service.port + 1}/x"},  # another port
        {**good, "endpoint": f"http://user:pw@127.0.0.1:{push_service.port}/x"},
        {**good, "endpoint": "not a url"},
        {**good, "keys": {**good["keys"], "p256dh": b64(b"\x04" + b"\x01" * 64)}},  # off-curve
        {**good, "keys": {**good["keys"], "p256dh": "!!"}},
        {**good, "keys": {**good["keys"], "auth": b64(b"short")}},
        {**good, "extra": 1},
        {"endpoint": good["endpoint"]},
    ]
    for body in bad:
        r = a.post("/api/me/push", json=body)
        assert r.status_code == 422, (body, r.text)
    assert a.get("/api/me/notify").json()["push"] == 0
    assert a.post("/api/me/push", json=good).status_code == 201
    assert a.post("/api/me/push", json=good).json() == {"push": 1}  # the same browser again
    # bounded: the newest 10 are kept
    for i in range(12):
        r = a.post("/api/me/push", json=Browser(f"{here}/many/{i}").subscription())
        assert r.status_code == 201, r.text
    assert a.get("/api/me/notify").json()["push"] == 10
    r = a.request("DELETE", "/api/me/push", json={"endpoint": f"{here}/many/11"})
    assert r.json() == {"push": 9}
    assert a.request("DELETE", "/api/me/push", json={}).json() == {"push": 0}
    # signing out everywhere (a lost phone) stops its pushes too
    assert a.post("/api/me/push", json=good).status_code == 201
    name = a.get("/api/me").json()["name"]
    assert a.post("/api/signout-everywhere").status_code == 200
    r = a.post("/api/signin", json={"name": name, "password": "a long password"})
    assert r.status_code == 200 and a.get("/api/me/notify").json()["push"] == 0
    key = httpx.get(f"{notifying.base}/api/push/key").json()["key"]
    assert len(base64.urlsafe_b64decode(key + "=")) == 65


def test_a_turn_is_pushed_encrypted_with_public_facts_only(
    notifying: ServerProcess, push_service: PushService
) -> None:
    a, b = player(notifying), player(notifying)
    here = f"http://127.0.0.1:{push_service.port}"
    phone_a = Browser(f"{here}/a/{next(_names)}")
    phone_b = Browser(f"{here}/b/{next(_names)}")
    assert a.post("/api/me/push", json=phone_a.subscription()).status_code == 201
    assert b.post("/api/me/push", json=phone_b.subscription()).status_code == 201
    gid, tokens = table(a, b)
    path_a, path_b = phone_a.endpoint.removeprefix(here), phone_b.endpoint.removeprefix(here)
    # the last seat filled: the game starts, and it is seat 0's turn
    wait_for(lambda: len(push_service.to(path_a)) == 1, 10, "seat 0 was not told at the start")
    play_until(a, gid, tokens, 1)
    wait_for(lambda: len(push_service.to(path_b)) == 1, 10, "seat 1 was not told")
    _, headers, body = push_service.to(path_b)[0]
    payload = phone_b.decrypt(body)
    assert payload == {
        "type": "turn",
        "game": gid,
        "catalog": "aquaretto",
        "seat": 1,
        "name": payload["name"],
        "number": payload["number"],
        "url": f"/play/{gid}",
    }
    assert payload["number"] >= 1 and payload["name"]
    for token in tokens:  # neither seat's token anywhere in what the push service sees
        assert token.encode() not in body and token not in json.dumps(headers)
    assert int(headers["ttl"]) <= 3600 and headers["content-encoding"] == "aes128gcm"
    key = httpx.get(f"{notifying.base}/api/push/key").json()["key"]
    vapid = headers["authorization"]
    assert vapid.startswith("vapid t=") and f"k={key}" in vapid
    # seat 0 is not told again for a turn it still has, nor told of seat 1's turn
    assert len(push_service.to(path_a)) == 1


def test_a_gone_subscription_is_dropped_and_off_means_no_push(
    notifying: ServerProcess, push_service: PushService
) -> None:
    a, b = player(notifying), player(notifying)
    here = f"http://127.0.0.1:{push_service.port}"
    gone = Browser(f"{here}/gone/{next(_names)}")
    left = Browser(f"{here}/left/{next(_names)}")
    barrier = Browser(f"{here}/barrier/{next(_names)}")
    assert a.post("/api/me/push", json=gone.subscription()).status_code == 201
    assert b.post("/api/me/push", json=left.subscription()).status_code == 201
    assert b.request("DELETE", "/api/me/push", json={"endpoint": left.endpoint}).json() == {
        "push": 0
    }
    gid, tokens = table(a, b)
    path = gone.endpoint.removeprefix(here)
    wait_for(lambda: len(push_service.to(path)) == 1, 10, "seat 0 was not told")
    wait_for(lambda: a.get("/api/me/notify").json()["push"] == 0, 10, "410 kept it")
    # seat 1 turned its push off: its turn comes, nothing is sent to it
    assert a.post("/api/me/push", json=barrier.subscription()).status_code == 201
    play_until(a, gid, tokens, 1)
    play_until(a, gid, tokens, 0)
    wait_for(
        lambda: len(push_service.to(barrier.endpoint.removeprefix(here))) == 1, 10, "no barrier"
    )
    time.sleep(0.5)
    assert push_service.to(left.endpoint.removeprefix(here)) == []


def test_no_push_while_a_page_of_the_seat_is_open(
    notifying: ServerProcess, push_service: PushService
) -> None:
    a, b = player(notifying), player(notifying)
    here = f"http://127.0.0.1:{push_service.port}"
    phone_a, phone_b = Browser(f"{here}/oa/{next(_names)}"), Browser(f"{here}/ob/{next(_names)}")
    assert a.post("/api/me/push", json=phone_a.subscription()).status_code == 201
    assert b.post("/api/me/push", json=phone_b.subscription()).status_code == 201
    gid, tokens = table(a, b)
    api = Api(notifying.base)
    try:
        with api.socket(gid) as page:
            assert page.hello(tokens[1])["you"] == 1
            play_until(a, gid, tokens, 1)  # seat 1's turn, its page open: it says so itself
            play_until(a, gid, tokens, 0)
        path_a = phone_a.endpoint.removeprefix(here)
        wait_for(lambda: len(push_service.to(path_a)) == 2, 10, "seat 0 was not told twice")
        time.sleep(0.5)
        assert push_service.to(phone_b.endpoint.removeprefix(here)) == []
        # the page closed: the next turn is pushed
        play_until(a, gid, tokens, 1)
        wait_for(
            lambda: len(push_service.to(phone_b.endpoint.removeprefix(here))) == 1, 10, "no push"
        )
    finally:
        api.close()


@pytest.mark.postgres
def test_no_push_while_the_page_is_open_on_another_process(
    push_service: PushService, databases: Databases, tmp_path: Path
) -> None:
    """Two servers on one PostgreSQL database: seat 1's page is open on the second, the
    turn passes to it by an action on the first, which sends no push; once the page has
    closed, the next turn is pushed."""
    url = databases.new("postgresql")
    env = {
        "ZOOGAMES_RATE_LIMITS": "off",
        "ZOOGAMES_PUSH_SERVICES": f"http://127.0.0.1:{push_service.port}",
    }
    first = ServerProcess(url, tmp_path / "first.log", tmp_path, env=env).start()
    second = ServerProcess(url, tmp_path / "second.log", tmp_path, env=env).start()
    try:
        a, b = player(first), player(first)
        here = f"http://127.0.0.1:{push_service.port}"
        phone_b = Browser(f"{here}/far/{next(_names)}")
        assert b.post("/api/me/push", json=phone_b.subscription()).status_code == 201
        gid, tokens = table(a, b)
        path_b = phone_b.endpoint.removeprefix(here)
        api = Api(second.base)
        try:
            with api.socket(gid) as page:
                assert page.hello(tokens[1])["you"] == 1
                # the second server records the open page after its answer, in the background
                store = Store(open_engine(url))
                wait_for(lambda: store.present(gid, 1), 30, "the open page not recorded")
                play_until(a, gid, tokens, 1)  # on the first server
                play_until(a, gid, tokens, 0)
                time.sleep(0.5)
                assert push_service.to(path_b) == []
            play_until(a, gid, tokens, 1)
            wait_for(lambda: len(push_service.to(path_b)) == 1, 60, "no push after it closed")
        finally:
            api.close()
    finally:
        first.stop()
        second.stop()


def test_a_push_service_that_does_not_answer_is_given_up(
    push_service: PushService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(notify, "PUSH_TIMEOUT", 0.5)
    here = f"http://127.0.0.1:{push_service.port}"
    notifier = notify.Notifier(Settings(push_services=(here,)))
    notifier.use_key(notify.new_vapid_key())
    browser = Browser(f"{here}/slow/{next(_names)}")
    keys = browser.subscription()["keys"]
    gone: list[str] = []

    async def forget(sha256: str) -> None:
        gone.append(sha256)

    async def send() -> float:
        start = time.monotonic()
        await notifier.push(
            [("x", browser.endpoint, keys["p256dh"], keys["auth"])], "{}", 60, forget
        )
        await notifier.close()
        return time.monotonic() - start

    took = run_async(send())
    assert took < 2.5 and notifier.sent == 0 and gone == []  # given up, and kept


def test_a_turn_based_game_e_mails_once_per_period(notifying: ServerProcess, sink: Sink) -> None:
    a, b = player(notifying), player(notifying)
    address = f"b{next(_names)}@example.net"
    for bad in (
        "nobody",
        "a@b",
        "x@example.org\r\nBcc: victim@example.org",
        "@example.org",
        "victim,me@example.org",  # two mailboxes in one To header
        "Me <me@example.org>",
    ):
        assert b.post("/api/me/email", json={"email": bad}).status_code == 422, bad
    r = b.post("/api/me/email", json={"email": address})
    assert r.status_code == 200 and r.json()["email_pending"] == address, r.text

    def sent() -> list[bytes]:
        return [m for to, m in sink.messages if to == [address]]

    def mine() -> list[bytes]:  # the "your turn" e-mails
        return [m for m in sent() if b"Subject: Your turn" in m]

    # the address confirms the link sent to it first (tests/server/test_notify_security.py)
    wait_for(lambda: len(sent()) == 1, 10, "no confirmation e-mail")
    link = message_from_bytes(sent()[0]).get_payload(decode=True)
    assert isinstance(link, bytes)
    secret = link.decode().split("/account#email=")[1].split()[0]
    r = b.post("/api/email/confirm", json={"token": secret})
    assert r.status_code == 200 and r.json()["email"] == address, r.text

    live, live_tokens = table(a, b, pace="live")
    play_until(a, live, live_tokens, 1)
    gid, tokens = table(a, b)
    play_until(a, gid, tokens, 1)
    wait_for(lambda: len(mine()) == 1, 10, "no e-mail")
    message = message_from_bytes(mine()[0])
    assert message["From"] == "zoo@example.org" and gid in message["Subject"]
    body = message.get_payload(decode=True)
    assert isinstance(body, bytes) and f"https://zoo.example.org/play/{gid}".encode() in body
    assert not any(t.encode() in mine()[0] for t in tokens)
    # its next turn in this game, within the period: no second e-mail
    play_until(a, gid, tokens, 0)
    play_until(a, gid, tokens, 1)
    time.sleep(1)
    assert len(mine()) == 1  # (and none for the live game)
    assert b.post("/api/me/email", json={"email": None}).json()["email"] is None
