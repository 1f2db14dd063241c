"""Fair play: accounts and sign-in against real servers on loopback.

- N4: the limits count an IPv6 client by its /64; failed sign-ins are counted per account
  whatever the address, a browser that signed in before apart; hashing waits are bounded
  and a known browser goes first.
- N5: signing out everywhere closes the sockets that said hello with a device token, on
  every process.
- N14: the most common passwords are refused; a password can be changed (the other
  sessions end) and an account deleted (its games stay, its name is free again).
- I2: a trusted proxy's ``X-Forwarded-Proto: https`` makes the cookies ``Secure``; only
  the allowed ``Host`` names are answered.

Each test fails on the code before its fix. The clients speak as distinct addresses
through ``X-Forwarded-For`` (loopback is a trusted proxy by default).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from zoogames.server.accounts import Hashing
from zoogames.server.errors import ApiError
from zoogames.server.ratelimit import client_key

from .conftest import Databases
from .harness import ServerProcess, clear_of_a_window_edge, run_async
from .test_abuse import Client, closed_with, hello, receive

LIMITS = {
    "ZOOGAMES_LIMIT_SIGNIN": "3/hour",
    "ZOOGAMES_LIMIT_SIGNUP": "3/hour",
    "ZOOGAMES_LIMIT_SIGNIN_ACCOUNT": "3/hour",
    "ZOOGAMES_MAX_SOCKETS": "3",
}
"""Small limits, so that a test reaches them in a few requests.

They count by the hour, and each test starts clear of a window's edge
(:func:`~.harness.clear_of_a_window_edge`): the sliding-window counter weighs the last
window's hits by the share of it still ahead, so hits on both sides of an edge count for
less than they are, and a fourth attempt slipped under a limit of three."""


@pytest.fixture(autouse=True)
def _in_one_window() -> None:
    """Each test's hits fall in one window of the limits (see :data:`LIMITS`)."""
    clear_of_a_window_edge()


PASSWORD = "a password nobody else has"
_names = itertools.count()
_nets = itertools.count(1)
_v4s = itertools.count(1)
"""The last byte of IPv4 addresses of this module's own (TEST-NET-1, never sent to)."""


def new_name() -> str:
    """An account name no other test uses."""
    return f"s{os.getpid()}x{next(_names)}"


def new_net() -> str:
    """The first 64 bits of an IPv6 network of its own: ``2001:db8:N:M``."""
    n = next(_nets)
    return f"2001:db8:{os.getpid() % 65536:x}:{n:x}"


@pytest.fixture(scope="module")
def limited(
    databases: Databases, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """A server with the small limits of :data:`LIMITS` (SQLite)."""
    workdir = tmp_path_factory.mktemp("accounts")
    server = ServerProcess(databases.new("sqlite"), workdir / "server.log", workdir, env=LIMITS)
    yield server.start()
    server.stop()


def signed_up(server: ServerProcess, name: str | None = None) -> tuple[Client, str]:
    """A client signed in to a new account, its cookies kept: (client, name)."""
    client = Client(server)
    name = name or new_name()
    r = client.http.post("/api/signup", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return client, name


def message_id(r: httpx.Response) -> str:
    """The catalogue id of a refusal."""
    return str(r.json()["message"]["id"])


def sign_in(server: ServerProcess, address: str, name: str, password: str) -> httpx.Response:
    """A sign-in from a fresh browser at ``address``."""
    with httpx.Client(base_url=server.base, headers={"X-Forwarded-For": address}) as c:
        return c.post("/api/signin", json={"name": name, "password": password})


# ----- N4: counted per /64, per account, hashing waits -----------------------------------


def test_n4_an_ipv6_client_is_counted_by_its_64() -> None:
    assert client_key("2001:db8:1:2:a:b:c:d") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2:ffff::9")
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:192.0.2.7") == "192.0.2.7" == client_key("192.0.2.7")
    assert client_key("192.0.2.8") != client_key("192.0.2.7")
    assert client_key("") == "" and client_key("testclient") == "testclient"


def test_n4_addresses_of_one_64_share_their_limits(limited: ServerProcess) -> None:
    net = new_net()
    # at names nobody has: only the per-address limit (3 an hour) counts
    statuses = [
        sign_in(limited, f"{net}::{i + 1:x}", new_name(), "a guess").status_code for i in range(6)
    ]
    assert statuses == [401, 401, 401, 429, 429, 429], statuses
    assert sign_in(limited, f"{new_net()}::1", new_name(), "a guess").status_code == 401
    # an IPv4-mapped address is its IPv4 one (an address no other test here uses: the
    # shared addresses of test_abuse.py's clients repeat after 500 in a long worker)
    v4 = f"192.0.2.{next(_v4s)}"
    mapped = [
        sign_in(limited, a, new_name(), "a guess").status_code
        for a in (v4, f"::ffff:{v4}", v4, f"::ffff:{v4}", v4, f"::ffff:{v4}")
    ]
    assert mapped == [401, 401, 401, 429, 429, 429], mapped


def test_n4_sockets_are_counted_by_the_64(limited: ServerProcess) -> None:
    net = new_net()
    url = limited.base.replace("http://", "ws://") + "/api/games/nosuchgame/ws"

    def opened(address: str) -> ClientConnection:
        return connect(url, additional_headers={"X-Forwarded-For": address}, open_timeout=10)

    with contextlib.ExitStack() as sockets:
        for i in range(3):  # at most 3 per address
            sockets.enter_context(opened(f"{net}::{i + 1:x}"))
        with pytest.raises(InvalidStatus) as refused:
            opened(f"{net}::99")
        assert refused.value.response.status_code == 403  # closed before it opened
        sockets.enter_context(opened(f"{new_net()}::1"))  # another /64 is another client


def test_n4_failed_sign_ins_are_counted_per_account_whatever_the_address(
    limited: ServerProcess,
) -> None:
    owner, name = signed_up(limited)
    guesses = [sign_in(limited, Client(limited).address, name, f"guess {i}") for i in range(3)]
    assert [r.status_code for r in guesses] == [401, 401, 401]  # three addresses
    r = sign_in(limited, Client(limited).address, name, PASSWORD)  # a fourth: even the right one
    assert r.status_code == 429 and message_id(r) == "error.signin_locked"
    assert "set-cookie" not in r.headers
    # the browser the owner signed up with is counted apart: it signs in, and again
    for _ in range(2):
        r = owner.http.post("/api/signin", json={"name": name, "password": PASSWORD})
        assert r.status_code == 200, r.text
    # a success resets nothing: a new browser is still refused
    r = sign_in(limited, Client(limited).address, name, PASSWORD)
    assert r.status_code == 429 and message_id(r) == "error.signin_locked"
    # and the device cookie of one account is nobody's proof at another
    _, other_name = signed_up(limited)
    device = owner.http.cookies.get("zoogames_device")
    assert device
    for password in ("guess 1", "guess 2", "guess 3", PASSWORD):
        with httpx.Client(
            base_url=limited.base, headers={"X-Forwarded-For": Client(limited).address}
        ) as c:
            c.cookies.set("zoogames_device", device, path="/api/signin")
            r = c.post("/api/signin", json={"name": other_name, "password": password})
    assert r.status_code == 429 and message_id(r) == "error.signin_locked"


def test_n4_hashing_waits_are_bounded_and_fair() -> None:
    """The hashing line: refused at once past its bounds, out of time past its wait, and a
    known browser served before everyone waiting."""

    async def run() -> None:
        line = Hashing(slots=1, queue=2, per_client=2, wait=0.5)
        order: list[str] = []
        release = asyncio.Event()

        async def hashing(client: str, first: bool = False) -> str:
            try:
                async with line.slot(client, first):
                    order.append(client)
                    await release.wait()
                return "done"
            except ApiError as e:
                return str(e.status)

        busy = asyncio.create_task(hashing("a"))
        await asyncio.sleep(0)
        waiting = [asyncio.create_task(hashing(c)) for c in ("b", "c")]
        await asyncio.sleep(0)
        assert await hashing("d") == "503"  # the line is full
        known = asyncio.create_task(hashing("e", first=True))  # not refused: it goes first
        await asyncio.sleep(0.05)
        release.set()
        assert await busy == "done"
        assert [await t for t in waiting] == ["done", "done"]
        assert await known == "done"
        assert order == ["a", "e", "b", "c"]
        # out of time: 503 after the wait, the slot not lost
        release.clear()
        holder = asyncio.create_task(hashing("f"))
        await asyncio.sleep(0)
        start = time.monotonic()
        assert await hashing("g") == "503"
        assert 0.4 < time.monotonic() - start < 1.5
        release.set()
        assert await holder == "done"
        assert line.running == 0 and not line.first and not line.others and not line.clients
        # one address holds at most two places
        release.clear()
        mine = [asyncio.create_task(hashing("h")) for _ in range(2)]
        await asyncio.sleep(0)
        assert await hashing("h") == "503"
        release.set()
        assert [await t for t in mine] == ["done", "done"]

    run_async(run())


def test_n4_a_flood_of_guesses_keeps_a_known_browser_waiting_briefly(
    limited: ServerProcess,
) -> None:
    """30 addresses send 3 wrong sign-ins each at once (at names nobody has); the owner's
    browser signs in meanwhile, ahead of the line, and the line refuses the rest at once."""
    owner, name = signed_up(limited)

    async def run() -> tuple[float, int, list[int]]:
        clients = [
            httpx.AsyncClient(
                base_url=limited.base,
                timeout=60,
                headers={"X-Forwarded-For": Client(limited).address},
            )
            for _ in range(30)
        ]
        cookies = {"zoogames_device": owner.http.cookies.get("zoogames_device") or ""}
        mine = httpx.AsyncClient(
            base_url=limited.base,
            timeout=60,
            headers={"X-Forwarded-For": owner.address},
            cookies=cookies,
        )

        async def guess(c: httpx.AsyncClient) -> int:
            r = await c.post("/api/signin", json={"name": new_name(), "password": "a guess"})
            return r.status_code

        async def owner_signs_in() -> tuple[float, int]:
            await asyncio.sleep(0.3)
            start = time.monotonic()
            r = await mine.post("/api/signin", json={"name": name, "password": PASSWORD})
            return time.monotonic() - start, r.status_code

        flood = asyncio.gather(*(guess(c) for c in clients for _ in range(3)))
        (seconds, status), statuses = await asyncio.gather(owner_signs_in(), flood)
        for c in (*clients, mine):
            await c.aclose()
        return seconds, status, statuses

    seconds, status, statuses = run_async(run())
    assert status == 200
    assert seconds < 3.0, f"the owner waited {seconds:.1f} s"
    assert set(statuses) <= {401, 503} and statuses.count(503) > 0, statuses


# ----- N5: signing out everywhere closes the device tokens' sockets ----------------------


def device_game(client: Client) -> tuple[str, str, dict[str, str]]:
    """A signed-in client's game of two seats of its own: (id, seat 1's token, device
    tokens by seat)."""
    created = client.created("aquaretto", [{"kind": "me"}, {"kind": "me"}])
    r = client.http.post(f"/api/me/games/{created['id']}/tokens")
    assert r.status_code == 200, r.text
    return created["id"], created["tokens"]["1"], r.json()["tokens"]


def test_n5_signing_out_everywhere_closes_the_sockets_of_device_tokens(
    limited: ServerProcess,
) -> None:
    owner, _ = signed_up(limited)
    gid, seat_token, devices = device_game(owner)
    with owner.socket(gid) as device_ws, owner.socket(gid) as seat_ws:
        assert hello(device_ws, devices["0"])["you"] == 0
        assert hello(seat_ws, seat_token)["you"] == 1
        assert owner.http.post("/api/signout-everywhere").status_code == 200
        start = time.monotonic()
        error = receive(device_ws, timeout=1)
        assert error["type"] == "error" and error["status"] == 403
        assert error["message"]["id"] == "error.device_revoked"
        code, _ = closed_with(device_ws, timeout=1)
        assert code == 4403 and time.monotonic() - start < 1
        # the seat's own token is not a device token: its socket plays on
        seat_ws.send(json.dumps({"type": "chat", "text": "still here"}))
        said = receive(seat_ws, timeout=5)
        assert said["type"] == "chat" and said["seat"] == 1


def test_n5_every_process_closes_the_sockets_of_device_tokens(
    databases: Databases, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Two servers on one PostgreSQL database: signing out on one closes the device
    token's socket on the other (the ``signed-out`` notice)."""
    workdir = tmp_path_factory.mktemp("two")
    url = databases.new("postgresql")
    env = {"ZOOGAMES_RATE_LIMITS": "off", "ZOOGAMES_CHECK_SECONDS": "3600"}
    servers = [
        ServerProcess(url, workdir / f"server{i}.log", workdir, env=env).start() for i in (0, 1)
    ]
    try:
        owner, _ = signed_up(servers[0])
        gid, _, devices = device_game(owner)
        with Client(servers[1], owner.address).socket(gid) as ws:
            assert hello(ws, devices["0"])["you"] == 0
            assert owner.http.post("/api/signout-everywhere").status_code == 200
            assert receive(ws, timeout=2)["status"] == 403
            code, _ = closed_with(ws, timeout=2)
            assert code == 4403
    finally:
        for server in servers:
            server.stop()


# ----- N14: common passwords, changing the password, deleting the account ----------------


@pytest.mark.parametrize("password", ["password123", "Sunshine1", "qwertyuiop", " iloveyou "])
def test_n14_the_most_common_passwords_are_refused(limited: ServerProcess, password: str) -> None:
    client = Client(limited)
    r = client.http.post("/api/signup", json={"name": new_name(), "password": password})
    assert r.status_code == 422 and message_id(r) == "error.password_common"


def test_n14_changing_the_password_ends_the_other_sessions(limited: ServerProcess) -> None:
    phone, name = signed_up(limited)
    laptop = Client(limited)
    assert laptop.http.post("/api/signin", json={"name": name, "password": PASSWORD}).is_success
    new = "another password nobody has"
    r = phone.http.post("/api/me/password", json={"current": "not it", "new": new})
    assert r.status_code == 403 and message_id(r) == "error.wrong_password"
    r = phone.http.post("/api/me/password", json={"current": PASSWORD, "new": "password1"})
    assert r.status_code == 422 and message_id(r) == "error.password_common"
    r = phone.http.post("/api/me/password", json={"current": PASSWORD, "new": new})
    assert r.status_code == 200, r.text
    assert phone.http.get("/api/me").json() == {"name": name}  # this session goes on
    assert laptop.http.get("/api/me").status_code == 401  # the others end
    assert sign_in(limited, Client(limited).address, name, PASSWORD).status_code == 401
    assert sign_in(limited, Client(limited).address, name, new).status_code == 200


def test_n14_deleting_an_account_keeps_its_games_and_frees_its_name(
    limited: ServerProcess,
) -> None:
    owner, name = signed_up(limited)
    created = owner.created("zooloretto", [{"kind": "me"}, {"kind": "me"}], start_player=0)
    gid, token = created["id"], created["tokens"]["0"]
    engine = create_engine(limited.db_url)
    try:
        with engine.begin() as conn:
            account = conn.execute(
                text("SELECT id FROM accounts WHERE name_key = :k"), {"k": name.lower()}
            ).scalar_one()
            conn.execute(
                text(
                    "INSERT INTO ratings (account_id, game, mu, sigma, games)"
                    " VALUES (:a, 'zooloretto', 90, 1, 3)"
                ),
                {"a": account},
            )

        def board() -> list[str]:
            r = Client(limited).http.get("/api/leaderboard/zooloretto")
            assert r.status_code == 200, r.text
            return [p["name"] for p in r.json()["players"]]

        assert name in board()
        r = owner.http.request("DELETE", "/api/me", json={"password": "not it"})
        assert r.status_code == 403 and message_id(r) == "error.wrong_password"
        r = owner.http.request("DELETE", "/api/me", json={"password": PASSWORD})
        assert r.status_code == 200, r.text
        assert owner.http.get("/api/me").status_code == 401
        assert name not in board()
        assert Client(limited).http.get(f"/api/players/{name}").status_code == 404
        with engine.begin() as conn:
            left = conn.execute(
                text(
                    "SELECT (SELECT count(*) FROM sessions WHERE account_id = :a)"
                    " + (SELECT count(*) FROM seats WHERE account_id = :a)"
                ),
                {"a": account},
            ).scalar_one()
            row = conn.execute(
                text("SELECT name, name_key, password_hash FROM accounts WHERE id = :a"),
                {"a": account},
            ).one()
            kept = conn.execute(
                text("SELECT mu, games FROM ratings WHERE account_id = :a"), {"a": account}
            ).all()
        assert left == 0
        # the ratings stay, anonymous: they counted in others' games; the row names nobody
        assert [tuple(k) for k in kept] == [(90, 3)]
        assert row.name == "" and row.password_hash == "" and name.lower() not in row.name_key
    finally:
        engine.dispose()
    # the game stays playable by its tokens; its seats name nobody any more
    snap = owner.get(gid, token).json()
    assert snap["you"] == 0 and snap["seats"][0]["name"] is None
    assert owner.act(gid, token, snap["view"]["legal"][0], snap["number"]).status_code == 200
    # the name is free again, for an account of its own
    again, _ = signed_up(limited, name)
    assert again.http.get("/api/me/games").json()["games"] == []


# ----- I2: Secure cookies behind a proxy, allowed hosts ----------------------------------


def set_cookies(r: httpx.Response) -> list[str]:
    """The answer's Set-Cookie headers."""
    return r.headers.get_list("set-cookie")


def test_i2_a_trusted_proxy_saying_https_makes_the_cookies_secure(
    limited: ServerProcess,
) -> None:
    client = Client(limited)
    body = {"name": new_name(), "password": PASSWORD}
    r = client.http.post("/api/signup", json=body, headers={"X-Forwarded-Proto": "https"})
    assert r.status_code == 201
    cookies = set_cookies(r)
    assert len(cookies) == 2 and all("Secure" in c for c in cookies), cookies
    r = sign_in(limited, Client(limited).address, body["name"], PASSWORD)  # plain HTTP
    assert r.status_code == 200 and not any("Secure" in c for c in set_cookies(r))


@pytest.fixture(scope="module")
def hosts(
    databases: Databases, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """A server with a public URL and allowed hosts, which trusts no proxy on loopback."""
    workdir = tmp_path_factory.mktemp("hosts")
    env = {
        "ZOOGAMES_RATE_LIMITS": "off",
        "ZOOGAMES_PUBLIC_URL": "https://zoo.example.org",
        "ZOOGAMES_ALLOWED_HOSTS": "play.example.net, *.friends.example",
        "ZOOGAMES_TRUSTED_PROXIES": "192.0.2.1",
    }
    server = ServerProcess(databases.new("sqlite"), workdir / "server.log", workdir, env=env)
    yield server.start()
    server.stop()


def test_i2_https_from_an_untrusted_peer_is_not_believed(hosts: ServerProcess) -> None:
    body: dict[str, Any] = {"name": new_name(), "password": PASSWORD}
    r = httpx.post(f"{hosts.base}/api/signup", json=body, headers={"X-Forwarded-Proto": "https"})
    assert r.status_code == 201 and not any("Secure" in c for c in set_cookies(r))


def test_i2_only_the_allowed_hosts_are_answered(hosts: ServerProcess) -> None:
    def status(host: str) -> int:
        return httpx.get(f"{hosts.base}/api/catalog", headers={"Host": host}).status_code

    port = hosts.port
    for host in (
        f"127.0.0.1:{port}",
        f"localhost:{port}",
        "zoo.example.org",
        "play.example.net:443",
        "a.friends.example",
    ):
        assert status(host) == 200, host
    for host in ("evil.example", "zoo.example.org.evil.example", "friends.example.com"):
        assert status(host) == 400, host
    sock = socket.create_connection(("127.0.0.1", port))  # a socket that names another host
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://evil.example:{port}/api/games/x/ws", sock=sock).close()
    assert refused.value.response.status_code == 400
    line = next(ln for ln in hosts.output().splitlines() if "allowed hosts" in ln)
    assert "X-Forwarded-Proto" in line and "192.0.2.1" in line
    assert (
        "localhost, 127.0.0.1, [::1], zoo.example.org, play.example.net, *.friends.example" in line
    )
