"""The deployment example of docs/deploy.md: nginx in front of two servers.

Debian's nginx runs ``deploy/nginx.conf`` itself, its ports changed to free ones and its
open sockets per address lowered to :data:`SOCKETS`, in front of two ``zoogames serve``
processes on one private PostgreSQL database.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from .conftest import Databases
from .harness import Api, ServerProcess, clear_of_a_window_edge
from .postgres import free_port

pytestmark = pytest.mark.postgres

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
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


def deploy_copy(
    folder: Path, main: str, upstream: list[int], listen: list[tuple[str, str]]
) -> Path:
    """``deploy/``'s configuration ``main`` in ``folder`` with its includes, run as it is
    but for the upstream servers' ports, its ``listen`` lines and :data:`SOCKETS`."""
    http = (DEPLOY / "zoogames-http.conf").read_text()
    found = re.findall(r"server 127\.0\.0\.1:800[12]([^;]*);", http)  # (its parameters)
    assert len(found) == 2, "deploy/zoogames-http.conf's upstream changed: update this test"
    http = re.sub(r"server 127\.0\.0\.1:800[12][^;]*;", "", http)
    servers = "".join(f"server 127.0.0.1:{port}{found[0]}; " for port in upstream)
    (folder / "zoogames-http.conf").write_text(
        http.replace("least_conn;", f"least_conn; {servers}")
    )
    locations = (DEPLOY / "zoogames-locations.conf").read_text()
    locations, n = re.subn(r"sockets_per_address 64;", f"sockets_per_address {SOCKETS};", locations)
    assert n == 1
    (folder / "zoogames-locations.conf").write_text(locations)
    text = (DEPLOY / main).read_text()
    for pattern, replacement in listen:
        text, n = re.subn(pattern, replacement, text)
        assert n == 1, pattern
    conf = folder / main
    conf.write_text(text)
    (folder / "logs").mkdir(exist_ok=True)
    return conf


@contextlib.contextmanager
def running_nginx(folder: Path, conf: Path, probe: str) -> Iterator[None]:
    """Debian's nginx running ``conf`` (prefix ``folder``) until the block ends, once
    ``probe`` answers ``GET /api/catalog``; a failed start fails with nginx's words."""
    command = [
        nginx_binary(), "-p", str(folder), "-c", str(conf),
        "-g", f"daemon off; pid {folder / 'nginx.pid'}; error_log {folder / 'error.log'};",
    ]  # fmt: skip
    nginx = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while True:
        try:
            if httpx.get(f"{probe}/api/catalog", timeout=2, verify=False).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if nginx.poll() is not None or time.monotonic() > deadline:
            nginx.kill()
            raise RuntimeError(f"nginx did not start: {nginx.communicate()[1]!r}")
        time.sleep(0.1)
    try:
        yield
    finally:
        nginx.terminate()
        nginx.wait(10)


@pytest.fixture
def proxied(databases: Databases, tmp_path: Path) -> Iterator[tuple[str, list[ServerProcess]]]:
    """nginx on a free port in front of two servers; its base URL and the servers."""
    url = databases.new("postgresql")
    # (the other limits as in production; metrics on, which the proxy must not serve)
    env = {"ZOOGAMES_LIMIT_CREATE": "1/hour", "ZOOGAMES_METRICS": "on"}
    servers = [
        ServerProcess(url, tmp_path / f"server{i}.log", tmp_path, env=env).start() for i in (0, 1)
    ]
    port = free_port()
    conf = deploy_copy(
        tmp_path,
        "nginx.conf",
        upstream=[s.port for s in servers],
        listen=[(r"listen 8080;", f"listen 127.0.0.1:{port};")],
    )
    base = f"http://127.0.0.1:{port}"
    with running_nginx(tmp_path, conf, base):
        yield base, servers
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
        headers={"X-Request-ID": "chosen-by-the-client"},
    )
    assert r.status_code == 201, r.text
    # nginx names each request ($request_id, over the client's own): the server keeps its id
    request_id = r.headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", request_id), request_id
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
    # (uvicorn's line, in the servers' JSON log lines: its quotes escaped)
    accepted = json.dumps(f'"WebSocket /api/games/{gid}/ws" [accepted]')[1:-1]
    assert [server.output().count(accepted) for server in servers] == [1, 1]
    assert sum(server.output().count(f'"request_id": "{request_id}"') for server in servers) >= 1
    # each server's metrics, for Prometheus on the servers' own ports: not through nginx
    assert httpx.get(f"{base}/metrics").status_code == 404
    assert httpx.get(f"{servers[0].base}/metrics").status_code == 200


def test_nginx_passes_the_clients_address_for_the_rate_limits(
    proxied: tuple[str, list[ServerProcess]],
) -> None:
    base, _ = proxied
    body = {"game": "aquaretto", "players": 2, "seats": [{"kind": "me"}, {"kind": "me"}]}
    with client_from(base, "127.0.0.3") as busy, client_from(base, "127.0.0.4") as other:
        # one game an hour per address on each of the two servers: the third must be refused
        clear_of_a_window_edge()
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


@pytest.mark.browser
def test_a_browser_signs_up_and_opens_a_game_socket_through_nginx(
    proxied: tuple[str, list[ServerProcess]],
) -> None:
    """Chromium on the proxy's port (not 80): its Origin names the port, and so must the
    Host the server sees (before, nginx's ``$host`` dropped it: sign-up and socket 403)."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.chromium import CHROMIUM, CHROMIUM_ARGS

    base, _ = proxied
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.goto(base + "/account")
            page.locator('[data-field="signup-name"]').fill("Nginx_user")
            page.locator('[data-field="signup-password"]').fill("a long enough passphrase")
            page.locator('[data-action="signup"]').click()
            page.wait_for_selector('[data-signed-in="Nginx_user"]', timeout=15000)
            gid = Api(base).create("aquaretto", [{"kind": "me"}, {"kind": "me"}])["id"]
            opened = page.evaluate(
                """(url) => new Promise((done) => {
                    const ws = new WebSocket(url);
                    ws.onopen = () => { ws.close(); done("open"); };
                    ws.onclose = (e) => done("closed " + e.code);
                })""",
                base.replace("http://", "ws://") + f"/api/games/{gid}/ws",
            )
            assert opened == "open"
        finally:
            browser.close()


def test_a_rolling_restart_behind_nginx_fails_no_request(
    proxied: tuple[str, list[ServerProcess]],
) -> None:
    """Each server stopped (SIGTERM) and started again in turn while a client reads
    through nginx: every request answered (before: 294 of 665 failed, both servers
    marked down at once for 10 s though one was always up)."""
    base, servers = proxied
    gid = Api(base).create("aquaretto", [{"kind": "me"}, {"kind": "me"}])["id"]
    statuses: list[int] = []
    stop = threading.Event()

    def read() -> None:
        with httpx.Client(base_url=base, timeout=30) as client:
            while not stop.is_set():
                statuses.append(client.get(f"/api/games/{gid}").status_code)
                time.sleep(0.05)  # (under the read limit, 30 a second)

    reader = threading.Thread(target=read)
    reader.start()
    while_away = []  # requests made while each server stopped and started again
    try:
        for server in servers:
            time.sleep(0.5)
            before = len(statuses)
            server.stop()
            server.start(same_port=True)
            while_away.append(len(statuses) - before)
        time.sleep(0.5)
    finally:
        stop.set()
        reader.join()
    failed = [s for s in statuses if s != 200]
    assert failed == [], (len(statuses), failed[:10])
    assert all(n >= 3 for n in while_away), while_away  # the reader ran through each restart


def test_the_tls_example_runs_on_debians_nginx_and_serves_https(
    databases: Databases, tmp_path: Path
) -> None:
    """``deploy/nginx-tls.conf``, certificate and ports of its own: ``nginx -t`` accepts it
    (1.22 has no ``http2 on;``), plain HTTP is sent to HTTPS, and over HTTPS the session
    cookie is Secure without ZOOGAMES_TLS (the proxy says the scheme)."""
    server = ServerProcess(databases.new("sqlite"), tmp_path / "server.log", tmp_path).start()
    try:
        key, cert = tmp_path / "zoo.key", tmp_path / "zoo.pem"
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
             "-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
            check=True, capture_output=True,
        )  # fmt: skip
        plain, secure = free_port(), free_port()
        conf = deploy_copy(
            tmp_path,
            "nginx-tls.conf",
            upstream=[server.port, server.port],
            listen=[
                (r"listen 80;", f"listen 127.0.0.1:{plain};"),
                (r"listen 443 ssl http2;", f"listen 127.0.0.1:{secure} ssl http2;"),
                (r"/etc/ssl/certs/zoo\.example\.org\.pem", str(cert)),
                (r"/etc/ssl/private/zoo\.example\.org\.key", str(key)),
            ],
        )
        checked = subprocess.run(
            [nginx_binary(), "-t", "-p", str(tmp_path), "-c", str(conf),
             "-g", f"pid {tmp_path / 'nginx.pid'}; error_log {tmp_path / 'error.log'};"],
            check=False, capture_output=True, text=True,
        )  # fmt: skip
        assert checked.returncode == 0, checked.stderr
        base = f"https://127.0.0.1:{secure}"
        with running_nginx(tmp_path, conf, base):
            moved = httpx.get(f"http://127.0.0.1:{plain}/lobby")
            assert moved.status_code == 301
            assert moved.headers["location"] == "https://127.0.0.1/lobby"
            with httpx.Client(base_url=base, verify=False) as client:
                r = client.post(
                    "/api/signup", json={"name": "Tls_user", "password": "a long passphrase"}
                )
                assert r.status_code == 201, r.text
                session = [c for c in r.headers.get_list("set-cookie") if "zoogames_session" in c]
                assert session and "Secure" in session[0]
    finally:
        server.stop()
