"""The deployment example of docs/deploy.md: nginx in front of two servers (issue 17).

Debian's nginx runs ``deploy/nginx.conf`` itself, its ports changed to free ones and its
open sockets per address lowered to :data:`SOCKETS`, in front of two ``zoogames serve``
processes on one private PostgreSQL database.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from .conftest import Databases
from .harness import Api, ServerProcess
from .postgres import free_port

pytestmark = pytest.mark.postgres

CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"
SOCKETS = 3
"""The proxy's open sockets per address here: the file's 64, lowered so a test reaches it
before the servers' own limits (60 socket connections a minute per address)."""


def nginx_binary() -> str:
    """Debian's nginx (``scripts/system-deps.sh`` installs it)."""
    found = shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )
    if found is None:
        pytest.fail("nginx is not installed: run scripts/system-deps.sh", pytrace=False)
    return found


@pytest.fixture
def proxied(databases: Databases, tmp_path: Path) -> Iterator[tuple[str, list[ServerProcess]]]:
    """nginx on a free port in front of two servers; its base URL and the servers."""
    url = databases.new("postgresql")
    env = {"ZOOGAMES_LIMIT_CREATE": "1/minute"}  # (the other limits as in production)
    servers = [
        ServerProcess(url, tmp_path / f"server{i}.log", tmp_path, env=env).start() for i in (0, 1)
    ]
    port = free_port()
    text = CONFIG.read_text()
    text, n = re.subn(r"server 127\.0\.0\.1:800[12];", "", text)
    assert n == 2, "deploy/nginx.conf's upstream changed: update this test"
    upstream = "".join(f"server 127.0.0.1:{s.port}; " for s in servers)
    text = text.replace("least_conn;", f"least_conn; {upstream}")
    text, n = re.subn(r"listen 8080;", f"listen 127.0.0.1:{port};", text)
    assert n == 1
    text, n = re.subn(r"sockets_per_address 64;", f"sockets_per_address {SOCKETS};", text)
    assert n == 1
    conf = tmp_path / "nginx.conf"
    conf.write_text(text)
    (tmp_path / "logs").mkdir()
    command = [
        nginx_binary(), "-p", str(tmp_path), "-c", str(conf),
        "-g", f"daemon off; pid {tmp_path / 'nginx.pid'}; error_log {tmp_path / 'error.log'};",
    ]  # fmt: skip
    nginx = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            if httpx.get(f"{base}/api/catalog", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if nginx.poll() is not None or time.monotonic() > deadline:
            nginx.kill()
            raise RuntimeError(f"nginx did not start: {nginx.communicate()[1]!r}")
        time.sleep(0.1)
    yield base, servers
    nginx.terminate()
    nginx.wait(10)
    for server in servers:
        server.stop()


def client_from(base: str, address: str) -> httpx.Client:
    """An HTTP client whose connections come from ``address`` (another loopback address)."""
    return httpx.Client(
        base_url=base, timeout=30, transport=httpx.HTTPTransport(local_address=address)
    )


def test_a_game_played_through_nginx_reaches_both_seats(
    proxied: tuple[str, list[ServerProcess]],
) -> None:
    base, servers = proxied
    api = Api(base)
    r = api.http.post(
        "/api/games",
        json={"game": "aquaretto", "players": 2, "seats": [{"kind": "me"}, {"kind": "me"}]},
    )
    assert r.status_code == 201, r.text
    gid, tokens = r.json()["id"], r.json()["tokens"]
    with api.socket(gid) as first, api.socket(gid) as second:  # through the upgrade
        first.hello(tokens["0"])
        second.hello(tokens["1"])
        for number in range(10):
            seat = api.snapshot(gid)["view"]["to_move"]
            legal = api.snapshot(gid, tokens[str(seat)])["view"]["legal"]
            (first if seat == 0 else second).send(
                {"type": "act", "action": legal[number % len(legal)], "number": number}
            )
            for page in (first, second):  # each on its own process (below)
                assert page.receive_state(number + 1, timeout=10)["number"] == number + 1
    api.close()
    # least_conn sends the second socket to the process the first (still open) is not on,
    # so every move above crossed processes (LISTEN/NOTIFY, docs/server.md)
    accepted = f'"WebSocket /api/games/{gid}/ws" [accepted]'
    assert [server.output().count(accepted) for server in servers] == [1, 1]


def test_nginx_passes_the_clients_address_for_the_rate_limits(
    proxied: tuple[str, list[ServerProcess]],
) -> None:
    base, _ = proxied
    body = {"game": "aquaretto", "players": 2, "seats": [{"kind": "me"}, {"kind": "me"}]}
    with client_from(base, "127.0.0.3") as busy, client_from(base, "127.0.0.4") as other:
        # one game a minute per address on each of the two servers: the third must be refused
        statuses = [busy.post("/api/games", json=body).status_code for _ in range(3)]
        assert 429 in statuses and 201 in statuses
        # another address has limits of its own (behind one address, it would be refused)
        assert other.post("/api/games", json=body).status_code == 201
        # a client's own X-Forwarded-For is replaced, not believed: no fresh limits with it
        spoofed = [
            other.post("/api/games", json=body, headers={"X-Forwarded-For": f"10.9.8.{i}"})
            for i in range(3)
        ]
        assert 429 in [r.status_code for r in spoofed]


def test_nginx_limits_the_open_sockets_of_an_address(
    proxied: tuple[str, list[ServerProcess]],
) -> None:
    base, _ = proxied
    api = Api(base)
    gid = api.create("aquaretto", [{"kind": "me"}, {"kind": "me"}])["id"]
    api.close()
    url = base.replace("http://", "ws://") + f"/api/games/{gid}/ws"

    def open_from(address: str) -> ClientConnection:
        return connect(url, open_timeout=10, close_timeout=5, source_address=(address, 0))

    with contextlib.ExitStack() as stack:
        # upgraded (101) through either process: the proxy counts them all
        sockets = [stack.enter_context(open_from("127.0.0.5")) for _ in range(SOCKETS)]
        with pytest.raises(InvalidStatus) as refused, open_from("127.0.0.5"):
            pass
        assert refused.value.response.status_code == 429
        with open_from("127.0.0.6"):  # another address has sockets of its own
            pass
        sockets[0].close()  # a socket closed frees its place, once nginx has seen the close
        deadline = time.monotonic() + 5
        while True:
            try:
                with open_from("127.0.0.5"):
                    break
            except InvalidStatus:
                assert time.monotonic() < deadline, "a closed socket still counted after 5 s"
                time.sleep(0.1)
