"""What one anonymous client could do to the server, each against a real server.

Each test reproduces one way to abuse the server (the tests of one way share the number
in their names) on loopback and checks the server now refuses it, with a status and a
sentence, or survives it. The
tests speak as distinct clients through ``X-Forwarded-For`` (loopback is a trusted proxy
by default, ``ZOOGAMES_TRUSTED_PROXIES``), so that one test's counts never reach
another's limits.
"""

from __future__ import annotations

import copy
import itertools
import json
import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from zoogames.games.aquarium_designer.cards import default_deck
from zoogames.server.service import NAME_LENGTH

from .conftest import BACKENDS, Databases
from .harness import ServerProcess, clear_of_a_window_edge, run_async

LIMITS = {
    "ZOOGAMES_LIMIT_CREATE": "5/hour",
    "ZOOGAMES_LIMIT_HELLO": "5/hour",
    "ZOOGAMES_LIMIT_ACT": "8/hour",
    "ZOOGAMES_REQUEST_TIMEOUT": "1",
    "ZOOGAMES_HELLO_TIMEOUT": "1",
    "ZOOGAMES_WATCHED_BOT_GAMES": "2",
    "ZOOGAMES_ALLOWED_ORIGINS": "https://friends.example",
    "ZOOGAMES_LIMIT_SIGNUP": "3/hour",
    "ZOOGAMES_LIMIT_SIGNIN": "3/hour",
    "ZOOGAMES_LIMIT_LOBBY": "4/hour",
    "ZOOGAMES_LIMIT_CHAT": "3/hour",
    "ZOOGAMES_LIMIT_NOTIFY": "3/hour",
}
"""Small limits and short timeouts, so that a test reaches them in a few requests.

The limits count by the hour, and each test starts clear of a window's edge
(:func:`~.harness.clear_of_a_window_edge`), so that a test's hits all fall in one window."""

_clients = itertools.count(1)


def new_address() -> str:
    """A client address of its own (each test's counts start at zero)."""
    n = next(_clients)
    return f"198.51.100.{n % 250 + 1}" if n < 250 else f"203.0.113.{n % 250 + 1}"


@pytest.fixture(autouse=True)
def _in_one_window() -> None:
    """Each test's hits fall in one window of the limits (see :data:`LIMITS`)."""
    clear_of_a_window_edge()


@pytest.fixture(scope="module")
def server(
    databases: Databases, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """A server with the small limits of :data:`LIMITS` (SQLite)."""
    workdir = tmp_path_factory.mktemp("abuse")
    process = ServerProcess(
        databases.new("sqlite"), workdir / "server.log", workdir, env=LIMITS
    ).start()
    yield process
    process.stop()


class Client:
    """An HTTP and WebSocket client speaking from its own address."""

    def __init__(self, server: ServerProcess, address: str | None = None) -> None:
        self.server = server
        self.address = address or new_address()
        self.http = httpx.Client(
            base_url=server.base, timeout=30, headers={"X-Forwarded-For": self.address}
        )

    def create(
        self, game: str = "zooloretto", seats: list[dict[str, Any]] | None = None, **options: Any
    ) -> httpx.Response:
        seats = seats or [{"kind": "me"}, {"kind": "me"}]
        body = {"game": game, "players": len(seats), "options": options, "seats": seats}
        return self.http.post("/api/games", json=body)

    def created(
        self, game: str = "zooloretto", seats: list[dict[str, Any]] | None = None, **options: Any
    ) -> dict[str, Any]:
        r = self.create(game, seats, **options)
        assert r.status_code == 201, r.text
        answer: dict[str, Any] = r.json()
        return answer

    @staticmethod
    def auth(token: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"} if token else {}

    def get(self, gid: str, token: str | None = None) -> httpx.Response:
        return self.http.get(f"/api/games/{gid}", headers=self.auth(token))

    def act(self, gid: str, token: str | None, action: str, number: int | None) -> httpx.Response:
        body: dict[str, Any] = {"action": action}
        if number is not None:
            body["number"] = number
        return self.http.post(f"/api/games/{gid}/actions", json=body, headers=self.auth(token))

    def join(self, gid: str, token: str | None, name: str) -> httpx.Response:
        return self.http.post(
            f"/api/games/{gid}/join", json={"name": name}, headers=self.auth(token)
        )

    @contextmanager
    def socket(self, gid: str, origin: str | None = None) -> Iterator[ClientConnection]:
        headers = {"X-Forwarded-For": self.address}
        if origin is not None:
            headers["Origin"] = origin
        url = self.server.base.replace("http://", "ws://") + f"/api/games/{gid}/ws"
        with connect(url, additional_headers=headers, open_timeout=10, close_timeout=5) as ws:
            yield ws


def hello(ws: ClientConnection, token: str | None) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", "token": token}))
    return receive(ws)


def receive(ws: ClientConnection, timeout: float = 30) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout))
    return message


def closed_with(ws: ClientConnection, timeout: float = 30) -> tuple[int | None, str]:
    """Read until the server closes the socket: its close code and reason."""
    deadline = time.monotonic() + timeout
    with pytest.raises(ConnectionClosed) as closed:
        while time.monotonic() < deadline:
            ws.recv(max(0.1, deadline - time.monotonic()))
    rcvd = closed.value.rcvd
    return (rcvd.code, rcvd.reason) if rcvd is not None else (None, "")


def no_traceback(server: ServerProcess) -> None:
    assert "Traceback" not in server.output()


# ----- 1. decks ------------------------------------------------------------------------


def a_deck(name: str = "my deck", **changes: Any) -> dict[str, Any]:
    deck: dict[str, Any] = copy.deepcopy(default_deck().to_json())
    deck["name"] = name
    deck.update(changes)
    return deck


@pytest.mark.parametrize(
    ("deck", "detail"),
    [
        (a_deck("x" * 65), "1 to 64 printable characters"),
        (a_deck("x" * (1 << 19)), "1 to 64 printable characters"),
        (a_deck(extra=[1] * 100), "a deck has only the keys"),
        (a_deck(layout=["A* S / D P" + " " * 100] * 40), "at most 32"),
        (a_deck(layout=["A* S / D Q"] * 40), "is not a section"),
        (a_deck(entrance=["A* S / D P"] * 7), "list of 6 cards"),
    ],
    ids=["long name", "1 MB name", "other keys", "long cards", "bad card", "too many cards"],
)
def test_1_a_deck_is_only_a_named_deck_of_cards_in_the_grammar(
    server: ServerProcess, deck: dict[str, Any], detail: str
) -> None:
    r = Client(server).create("aquarium-designer", [{"kind": "me"}], deck=deck)
    assert r.status_code == 422 and detail in r.json()["detail"], r.text


@pytest.mark.parametrize("backend", BACKENDS)
def test_1_a_deck_is_stored_once_by_content_and_its_name_survives_a_restart(
    databases: Databases, tmp_path: Path, backend: str
) -> None:
    server = ServerProcess(databases.new(backend), tmp_path / "server.log", tmp_path).start()
    try:
        client = Client(server)
        own = a_deck("Deck of the house")  # the default cards under another name
        games = [client.created("aquarium-designer", [{"kind": "me"}], deck=own) for _ in range(3)]
        other = client.created("aquarium-designer", [{"kind": "me"}], deck=a_deck("Another"))
        engine = create_engine(server.db_url)
        try:
            with engine.connect() as conn:
                decks = conn.execute(text("SELECT content FROM decks")).scalars().all()
                options = conn.execute(text("SELECT options FROM games")).scalars().all()
        finally:
            engine.dispose()
        assert sorted(
            json.loads(d)["name"] if isinstance(d, str) else d["name"] for d in decks
        ) == [
            "Another",
            "Deck of the house",
        ]
        assert not any("layout" in json.dumps(o) for o in options)  # not in every game's row
        server.stop()
        server.start()
        client = Client(server)
        for g in games:
            assert client.get(g["id"]).json()["view"]["deck_name"] == "Deck of the house"
        assert client.get(other["id"]).json()["view"]["deck_name"] == "Another"
    finally:
        server.stop()


def test_1_games_with_decks_of_their_own_leave_memory_first(tmp_path: Path) -> None:
    """4,000 distinct decks must not stay in memory: at most DECK_TABLES such games do."""

    from zoogames.server.bots import BotPool
    from zoogames.server.hub import Hub
    from zoogames.server.migrate import upgrade
    from zoogames.server.service import DECK_TABLES, NewGame, SeatRequest, Service
    from zoogames.server.store import Store, open_engine

    engine = open_engine(f"sqlite:///{tmp_path / 'games.db'}")
    upgrade(engine)
    service = Service(Store(engine), BotPool(1), Hub(), db_threads=1)

    async def scenario() -> None:
        for i in range(DECK_TABLES + 30):
            deck = a_deck(f"deck {i}")
            await service.games.create(
                NewGame("aquarium-designer", 1, {"deck": deck}, [SeatRequest("me")])
            )
        await service.games.create(NewGame("aquarium-designer", 1, {}, [SeatRequest("me")]))
        assert sum(t.own_deck for t in service.tables.values()) == DECK_TABLES
        assert len(service.tables) == DECK_TABLES + 1  # the standard deck's game stays

    try:
        run_async(scenario())
    finally:
        service.close()
        engine.dispose()


# ----- 2. bots -------------------------------------------------------------------------


def all_bots(client: Client, n: int = 2, bot: str = "greedy") -> dict[str, Any]:
    return client.created("zooloretto", [{"kind": "bot", "bot": bot} for _ in range(n)])


def test_2_a_game_of_bots_alone_is_played_only_while_someone_watches_it(
    server: ServerProcess,
) -> None:
    client = Client(server)
    unwatched = all_bots(client)
    human = client.created(
        "zooloretto", [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}], start_player=1
    )
    deadline = time.monotonic() + 30
    while client.get(human["id"]).json()["number"] < 2 and time.monotonic() < deadline:
        time.sleep(0.1)  # the workers are up: the human game's bot has played its turn
    assert client.get(human["id"]).json()["number"] >= 2
    assert client.get(unwatched["id"]).json()["number"] == 0
    with client.socket(unwatched["id"]) as ws:
        first = hello(ws, None)
        deadline = time.monotonic() + 30
        number = first["number"]
        while number < 3 and time.monotonic() < deadline:
            message = receive(ws)
            number = message.get("number", number)
    assert number >= 3  # watched, it plays


def test_2_a_game_of_bots_alone_stops_when_its_last_watcher_leaves(
    server: ServerProcess,
) -> None:
    client = Client(server)
    slow = all_bots(client, bot="mcts:seconds=0.5")  # 0.5 s a move: it cannot end meanwhile
    with client.socket(slow["id"]) as ws:
        number = hello(ws, None)["number"]
        deadline = time.monotonic() + 30
        while number < 2 and time.monotonic() < deadline:
            number = receive(ws).get("number", number)
    assert number >= 2  # watched, it plays
    time.sleep(1.5)  # the bot's turn under way ends
    stopped = client.get(slow["id"]).json()
    time.sleep(2.5)
    assert stopped["status"] == "playing"
    assert client.get(slow["id"]).json()["number"] == stopped["number"]  # nobody watches


def test_2_one_address_has_only_a_few_games_of_bots_played_for_it(
    server: ServerProcess,
) -> None:
    client = Client(server)
    games = [all_bots(client, bot="random")["id"] for _ in range(3)]
    with client.socket(games[0]) as a, client.socket(games[1]) as b, client.socket(games[2]) as c:
        hello(a, None)
        hello(b, None)
        c.send(json.dumps({"type": "hello", "token": None}))
        code, reason = closed_with(c)
        assert code == 1008 and "games of bots alone" in reason
    with Client(server).socket(games[2]) as d:  # another address may watch it
        assert hello(d, None)["type"] == "state"


def test_2_the_bot_pool_serves_games_in_turn_human_games_first() -> None:
    """The scheduler alone (no processes): one waiting turn per game, fair order."""
    import asyncio

    from zoogames import games
    from zoogames.server.bots import BotPool, Turn
    from zoogames.server.settings import Settings

    state = games.get("zooloretto").new_game(players=2, seed=1)
    order: list[str] = []

    async def scenario() -> None:
        pool = BotPool(1, Settings())
        gate = asyncio.Event()

        async def run(turn: Turn, seconds: float) -> None:
            order.append(f"{turn.key}:{seconds:g}")
            await gate.wait()
            turn.done.set_result("draw")

        pool._think = run  # type: ignore[method-assign]
        waits = [
            asyncio.ensure_future(pool.choose("bots1", "mcts:seconds=5", state, attended=False)),
            asyncio.ensure_future(pool.choose("bots2", "mcts:seconds=5", state, attended=False)),
            asyncio.ensure_future(pool.choose("human1", "greedy", state, attended=True)),
            asyncio.ensure_future(pool.choose("bots1", "mcts:seconds=5", state, attended=False)),
            asyncio.ensure_future(pool.choose("human2", "greedy", state, attended=True)),
            asyncio.ensure_future(pool.choose("bots2", "mcts:seconds=5", state, attended=False)),
        ]
        for _ in range(10):
            await asyncio.sleep(0)
            gate.set()
            gate.clear()
            await asyncio.sleep(0)
        gate.set()
        results = await asyncio.gather(*waits, return_exceptions=True)
        assert isinstance(results[1], asyncio.CancelledError)  # replaced by its newer turn
        assert results[:1] + results[2:] == ["draw"] * 5
        assert pool.waiting == 0

    run_async(scenario())
    # bots1 ran first (the pool was idle); then the human games, in the order they asked,
    # then the games of bots alone in the order they asked (bots2 asked again: its older
    # turn was dropped, one turn per game).
    assert [o.split(":")[0] for o in order] == ["bots1", "human1", "human2", "bots1", "bots2"]
    assert all(float(o.split(":")[1]) <= 0.5 for o in order if o.startswith("bots"))


# ----- 3. rate limits ------------------------------------------------------------------


def test_3_game_creation_is_limited_per_client_address(server: ServerProcess) -> None:
    client = Client(server)
    for _ in range(5):
        assert client.create().status_code == 201
    r = client.create()
    assert r.status_code == 429 and "too many new games" in r.json()["detail"]
    assert Client(server).create().status_code == 201  # another address is not limited


def test_3_actions_are_limited_per_client_address(server: ServerProcess) -> None:
    client = Client(server)
    g = client.created(start_player=0)
    token = g["tokens"]["0"]
    statuses = [client.act(g["id"], token, "fly", 0).status_code for _ in range(9)]
    assert statuses == [422] * 8 + [429]


def test_3_hello_floods_are_closed_with_1008(server: ServerProcess) -> None:
    client = Client(server)
    g = client.created()
    with client.socket(g["id"]) as ws:
        for _ in range(5):
            assert hello(ws, None)["type"] == "state"
        ws.send(json.dumps({"type": "hello", "token": None}))
        code, reason = closed_with(ws)
    assert code == 1008 and "too many hello messages" in reason


# ----- 4. headers and idle connections -------------------------------------------------


def raw(server: ServerProcess) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=10)


def read_all(sock: socket.socket, timeout: float = 10) -> bytes:
    """Everything the server sends until it closes the connection (or ``timeout``)."""
    sock.settimeout(timeout)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return data


def rss_mb(server: ServerProcess) -> int:
    assert server.process is not None
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    return int(status.split("VmRSS:")[1].split()[0]) // 1024


def test_4_a_header_over_64_kib_is_refused_and_the_connection_closed(
    server: ServerProcess,
) -> None:
    before = rss_mb(server)
    answers = []
    for _ in range(4):
        with raw(server) as s:
            s.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: localhost\r\nX-Big: ")
            try:
                for _ in range(64):  # 4 MiB, never terminated: the server hangs up first
                    s.sendall(b"a" * (1 << 16))
            except (BrokenPipeError, ConnectionResetError):
                pass
            answers.append(read_all(s))
    assert all(a.startswith(b"HTTP/1.1 400") or a == b"" for a in answers), answers
    assert any(a.startswith(b"HTTP/1.1 400") for a in answers)
    assert rss_mb(server) - before < 20
    with raw(server) as s:  # 60 KiB of headers is still a request
        s.sendall(
            b"GET /api/catalog HTTP/1.1\r\nHost: localhost\r\nX-Big: " + b"a" * 60_000 + b"\r\n\r\n"
        )
        assert read_all(s, timeout=2).startswith(b"HTTP/1.1 200")


@pytest.mark.parametrize("sending", ["nothing", "a header a byte at a time", "half a body"])
def test_4_a_connection_that_does_not_send_its_request_in_time_is_closed(
    server: ServerProcess, sending: str
) -> None:
    with raw(server) as s:
        start = time.monotonic()
        if sending == "a header a byte at a time":
            s.settimeout(0.3)
            with pytest.raises(OSError):
                for byte in (
                    b"GET /api/catalog HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + b"a" * 100
                ):
                    s.sendall(bytes([byte]))
                    try:
                        if s.recv(1) == b"":
                            raise ConnectionResetError
                    except TimeoutError:
                        pass
        elif sending == "half a body":
            s.sendall(
                b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100\r\n\r\n{"
            )
        answer = read_all(s, timeout=20)
        elapsed = time.monotonic() - start
    assert b"200 OK" not in answer
    assert elapsed < 15  # the server closed it (1 s configured here; 10 s by default)


def test_4_a_websocket_outlives_the_request_deadline_but_must_say_hello(
    server: ServerProcess,
) -> None:
    client = Client(server)
    g = client.created()
    with client.socket(g["id"]) as ws:
        hello(ws, g["tokens"]["0"])
        time.sleep(1.5)  # longer than the request deadline (1 s here)
        ws.send(json.dumps({"type": "act", "action": "draw", "number": 0}))
        assert receive(ws)["type"] in ("state", "error")
    with client.socket(g["id"]) as silent:
        code, reason = closed_with(silent, timeout=10)
    assert code == 1008 and "say hello" in reason


# ----- 5 and 6. bad input: no 500, no traceback ----------------------------------------


@pytest.mark.parametrize("path", ["/%00", "/" + "a" * 300, "/play/%00x", "/" + "é" * 300])
def test_6_odd_paths_are_404_without_a_traceback(server: ServerProcess, path: str) -> None:
    r = Client(server).http.get(path)
    assert r.status_code == 404, r.text
    no_traceback(server)


@pytest.mark.parametrize(
    ("game", "action"),
    [
        ("aquarium-designer", "draw ² 1,0 r0"),
        ("aquaretto", "buy ① 1,1"),
        ("zooloretto", "buy ١ camel/m e4"),
    ],
)
def test_5_6_unicode_digits_in_an_action_are_422(
    server: ServerProcess, game: str, action: str
) -> None:
    client = Client(server)
    seats = [{"kind": "me"}] * (1 if game == "aquarium-designer" else 2)
    g = (
        client.created(game, seats, start_player=0)
        if len(seats) > 1
        else client.created(game, seats)
    )
    r = client.act(g["id"], g["tokens"]["0"], action, 0)
    assert r.status_code == 422 and "is not a" in r.json()["detail"], r.text
    no_traceback(server)


def test_6_a_binary_frame_closes_the_socket_with_1003(server: ServerProcess) -> None:
    client = Client(server)
    g = client.created()
    with client.socket(g["id"]) as ws:
        hello(ws, None)
        ws.send(b"\x00\x01binary")
        code, reason = closed_with(ws)
    assert code == 1003 and "JSON text" in reason
    no_traceback(server)


def test_6_json_nested_a_thousand_deep_is_an_error_not_a_crash(server: ServerProcess) -> None:
    client = Client(server)
    g = client.created()
    deep = "[" * 5000 + "]" * 5000
    with client.socket(g["id"]) as ws:
        hello(ws, None)
        ws.send('{"type": "hello", "token": ' + deep + "}")
        error = receive(ws)
        assert error["type"] == "error" and error["status"] == 400
        assert hello(ws, None)["type"] == "state"  # the socket still works
    r = client.http.post(
        f"/api/games/{g['id']}/actions",
        content='{"action": ' + deep + "}",
        headers={"Content-Type": "application/json"},
    )
    assert r.status_code in (400, 422)
    no_traceback(server)


# ----- 7. seats and tokens -------------------------------------------------------------


def test_7_joining_exchanges_the_invitation_for_a_token_only_the_joiner_gets(
    server: ServerProcess,
) -> None:
    creator, guest = Client(server), Client(server)
    g = creator.created("zooloretto", [{"kind": "me"}, {"kind": "invite"}], start_player=1)
    gid, invitation = g["id"], g["invitations"]["1"]
    assert "1" not in g["tokens"]
    assert creator.act(gid, invitation, "draw", 0).status_code == 403  # not before joining
    assert creator.get(gid, invitation).json()["invited"] == 1
    joined = guest.join(gid, invitation, "Guest")
    assert joined.status_code == 200, joined.text
    token = joined.json()["token"]
    assert token and token != invitation and joined.json()["you"] == 1
    for r in (
        creator.get(gid, invitation),
        creator.act(gid, invitation, "draw", 0),
        creator.join(gid, invitation, "Mallory"),
    ):
        assert r.status_code == 403, r.text
    assert guest.act(gid, token, "draw", 0).status_code == 200
    assert creator.get(gid).json()["seats"][1]["name"] == "Guest"


def test_7_a_seat_nobody_joined_can_be_handed_to_a_bot(server: ServerProcess) -> None:
    client = Client(server)
    g = client.created("zooloretto", [{"kind": "me"}, {"kind": "invite"}], start_player=1)
    gid, mine = g["id"], g["tokens"]["0"]
    r = client.http.post(
        f"/api/games/{gid}/seats/1/bot", json={"bot": "greedy"}, headers=client.auth(mine)
    )
    assert r.status_code == 200, r.text
    assert r.json()["seats"][1]["kind"] == "bot"
    deadline = time.monotonic() + 30
    while client.get(gid).json()["number"] < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert client.get(gid).json()["number"] >= 2  # the bot played its turn
    assert client.get(gid, g["invitations"]["1"]).status_code == 403
    again = client.http.post(
        f"/api/games/{gid}/seats/1/bot", json={"bot": "greedy"}, headers=client.auth(mine)
    )
    assert again.status_code == 409


def test_7_the_join_form_limit_is_the_servers() -> None:
    form = (Path(__file__).parents[2] / "web" / "src" / "components" / "JoinForm.tsx").read_text()
    assert f"export const NAME_LENGTH = {NAME_LENGTH};" in form
    assert "maxLength={NAME_LENGTH}" in form  # (tests/e2e/test_tokens.py reads it in the page)


# ----- 8. double submission ------------------------------------------------------------


def test_8_an_action_without_its_number_is_refused_and_a_retry_lands_once(
    server: ServerProcess,
) -> None:
    client = Client(server)
    g = client.created(start_player=0)
    gid, token = g["id"], g["tokens"]["0"]
    r = client.act(gid, token, "draw", None)
    assert r.status_code == 422 and "number" in r.json()["detail"]
    assert client.act(gid, token, "draw", 0).status_code == 200
    retry = client.act(gid, token, "draw", 0)
    assert retry.status_code == 409 and client.get(gid).json()["number"] == 1


# ----- 9. headers and origins ----------------------------------------------------------


def test_9_every_answer_has_a_strict_csp_and_the_security_headers(
    server: ServerProcess,
) -> None:
    client = Client(server)
    for path in ("/", "/play/abc", "/api/catalog", "/nope.js"):
        h = client.http.get(path).headers
        csp = h["content-security-policy"]
        script = next(p for p in csp.split(";") if p.strip().startswith("script-src"))
        assert script.strip() == "script-src 'self'" and "frame-ancestors 'none'" in csp
        assert h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"] == "no-referrer"
    index = client.http.get("/").text
    assert "<script" in index and not [
        tag for tag in index.split("<script")[1:] if "src=" not in tag.split(">")[0]
    ]  # Vite's index.html: no inline script
    assert "swagger" not in client.http.get("/docs").text.lower()  # off by default


def test_9_the_socket_accepts_its_own_origin_and_the_allowed_ones_only(
    server: ServerProcess,
) -> None:
    client = Client(server)
    g = client.created()
    for origin in (server.base, "https://friends.example"):
        with client.socket(g["id"], origin=origin) as ws:
            assert hello(ws, None)["type"] == "state"
    with (
        pytest.raises(Exception) as refused,
        client.socket(g["id"], origin="https://evil.example") as ws,
    ):
        hello(ws, None)
    assert "403" in str(refused.value) or "1008" in str(refused.value)


# ----- 12. bot workers -----------------------------------------------------------------


def descendants(pid: int) -> set[int]:
    """Every process whose parent chain leads to ``pid``."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found = {pid}
    changed = True
    while changed:
        changed = False
        for child, parent in parents.items():
            if parent in found and child not in found:
                found.add(child)
                changed = True
    return found - {pid}


def alive(pids: set[int]) -> set[int]:
    out = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            out.add(pid)
    return out


@pytest.mark.parametrize("how", ["SIGKILL", "SIGTERM"])
def test_12_bot_workers_exit_when_the_server_dies_however_it_dies(
    databases: Databases, tmp_path: Path, how: str
) -> None:
    server = ServerProcess(
        databases.new("sqlite"), tmp_path / "server.log", tmp_path, bot_workers=2
    ).start()
    try:
        client = Client(server)
        g = client.created(
            "zooloretto", [{"kind": "me"}, {"kind": "bot", "bot": "mcts:seconds=5"}], start_player=0
        )
        assert client.act(g["id"], g["tokens"]["0"], "draw", 0).status_code == 200
        legal = client.get(g["id"], g["tokens"]["0"]).json()["view"]["legal"]
        assert client.act(g["id"], g["tokens"]["0"], legal[0], 1).json()["thinking"] == 1
        assert server.process is not None
        deadline = time.monotonic() + 30
        workers: set[int] = set()
        while len(workers) < 2 and time.monotonic() < deadline:  # the pool and its tracker
            workers = descendants(server.process.pid)
            time.sleep(0.1)
        assert workers
        if how == "SIGKILL":
            server.kill()
        else:
            server.stop()
        deadline = time.monotonic() + 10
        while alive(workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(workers), f"left behind: {alive(workers)}"
    finally:
        if server.process is not None:
            server.stop()


# ----- 10. the seed ----------------------------------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_10_a_server_game_draws_from_128_secret_bits_and_its_record_replays(
    databases: Databases, tmp_path: Path, backend: str
) -> None:
    import random

    from zoogames.core.record import replay
    from zoogames.core.rng import SECRET

    server = ServerProcess(databases.new(backend), tmp_path / "server.log", tmp_path).start()
    try:
        client = Client(server)
        g = client.created("aquarium-designer", [{"kind": "me"}])
        rng = random.Random(4)
        snap = client.get(g["id"], g["tokens"]["0"]).json()
        while snap["status"] != "over":
            action = rng.choice(snap["view"]["legal"])
            snap = client.act(g["id"], g["tokens"]["0"], action, snap["number"]).json()
        record = client.http.get(f"/api/games/{g['id']}/record").json()
        assert record["generator"] == "blake2b" and SECRET <= record["seed"] < 2 * SECRET
        assert replay(record).view(None) == client.get(g["id"]).json()["view"]
        server.stop()
        server.start()  # the secret seed survives the database
        client = Client(server)
        assert client.http.get(f"/api/games/{g['id']}/record").json() == record
    finally:
        server.stop()


def test_16_sign_ups_are_limited_per_client_address(server: ServerProcess) -> None:
    client = Client(server)
    base = f"u{os.getpid()}a{client.address.replace('.', '')}"
    statuses = [
        client.http.post(
            "/api/signup", json={"name": f"{base}n{i}", "password": "a long password"}
        ).status_code
        for i in range(4)
    ]
    assert statuses == [201, 201, 201, 429]
    r = client.http.post("/api/signup", json={"name": f"{base}n9", "password": "a long password"})
    assert r.json()["detail"] == (
        "too many new accounts from your address (at most 3 per 1 hour): wait a little and"
        " try again"
    )


def test_16_guessing_a_password_is_slowed_per_client_address(server: ServerProcess) -> None:
    """Sign-in attempts, right or wrong, are counted: a guesser gets three an hour here
    (ten a minute and sixty an hour by default), each costing an argon2 verification."""
    owner = Client(server)
    name = f"v{os.getpid()}a{owner.address.replace('.', '')}"
    assert (
        owner.http.post("/api/signup", json={"name": name, "password": "the real one"}).status_code
        == 201
    )
    guesser = Client(server)
    guesses = [
        guesser.http.post("/api/signin", json={"name": name, "password": f"guess {i}"})
        for i in range(3)
    ]
    assert [r.status_code for r in guesses] == [401, 401, 401]
    r = guesser.http.post("/api/signin", json={"name": name, "password": "the real one"})
    assert r.status_code == 429 and "sign-in attempts" in r.json()["detail"]
    assert "set-cookie" not in r.headers
    r = Client(server).http.post("/api/signin", json={"name": name, "password": "the real one"})
    assert r.status_code == 200  # the owner, from another address, is not locked out


def test_16_lobby_listings_are_limited_per_client_address(server: ServerProcess) -> None:
    client = Client(server)
    statuses = [client.http.get("/api/lobby").status_code for _ in range(5)]
    assert statuses == [200, 200, 200, 200, 429]
    assert Client(server).http.get("/api/lobby").status_code == 200  # another address


def test_16_chat_messages_are_limited_per_client_address(server: ServerProcess) -> None:
    client = Client(server)
    g = client.created("aquaretto")
    token = g["tokens"]["0"]
    say = f"/api/games/{g['id']}/chat"
    statuses = [
        client.http.post(say, json={"text": f"hi {i}"}, headers=client.auth(token)).status_code
        for i in range(4)
    ]
    assert statuses == [200, 200, 200, 429]
    with client.socket(g["id"]) as ws:  # the socket's chat counts with the same limit
        ws.send(json.dumps({"type": "hello", "token": token}))
        assert receive(ws)["type"] == "state"
        ws.send(json.dumps({"type": "chat", "text": "one more"}))
        code, reason = closed_with(ws, timeout=10)
    assert code == 1008 and "chat messages" in reason


def test_16_notification_changes_are_limited_per_client_address(server: ServerProcess) -> None:
    client = Client(server)
    name = f"n{os.getpid()}a{client.address.replace('.', '')}"
    r = client.http.post("/api/signup", json={"name": name, "password": "a long password"})
    assert r.status_code == 201, r.text
    body = {"endpoint": "https://fcm.googleapis.com/fcm/send/x", "keys": {"p256dh": "", "auth": ""}}
    statuses = [
        client.http.post("/api/me/push", json=body).status_code,  # 422 (bad keys), counted
        client.http.request("DELETE", "/api/me/push", json={}).status_code,
        client.http.post("/api/me/email", json={"email": "a@example.org"}).status_code,
        client.http.post("/api/me/push", json=body).status_code,
    ]
    assert statuses == [422, 200, 409, 429]  # (409: this server sends no e-mail)
    r = client.http.get("/api/push/key")  # a read: its own limit
    assert r.status_code == 200 and len(r.json()["key"]) == 87
