"""Several server processes and bot workers on one PostgreSQL database.

Real ``zoogames serve`` and ``zoogames bots`` processes on loopback and a private
PostgreSQL: a game whose seats are connected to different processes sees every change on
every socket, and survives a server and a bot worker killed with SIGKILL mid-game.
"""

from __future__ import annotations

import asyncio
import os
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed

from zoogames.server.bot_workers import BotWorkers
from zoogames.server.store import BotTurn

from .conftest import Databases
from .harness import (
    Api,
    ServerProcess,
    Socket,
    run_async,
    start_zoogames,
    stop_process,
)
from .play import human_game, step
from .test_accounts import query

pytestmark = pytest.mark.postgres


class BotWorkerProcess:
    """``zoogames bots --db URL`` (its output in ``log``)."""

    def __init__(self, db_url: str, log: Path, env: dict[str, str]) -> None:
        args = ["bots", "--db", db_url, "--workers", "1"]
        self.process = start_zoogames(args, {**os.environ, **env}, Path.cwd(), log)
        self.log = log

    def kill(self) -> None:
        """SIGKILL, as a crash would."""
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        """SIGTERM, then wait."""
        stop_process(self.process)


class Seen:
    """Everything one seat's sockets received: state numbers and log entries by number."""

    def __init__(self) -> None:
        self.numbers: list[int] = []
        self.log: dict[int, str] = {}
        self.chat: list[str] = []

    def take(self, message: dict[str, Any]) -> None:
        """Note a received message."""
        if message["type"] == "state":
            self.numbers.append(message["number"])
            for entry in message["log"]:
                self.log[entry["number"]] = entry["action"]
            for gone in [n for n in self.log if n >= message["number"]]:
                del self.log[gone]  # an undo took it back
        elif message["type"] == "chat":
            self.chat.append(message["text"])

    def until(self, socket: Socket, number: int, timeout: float = 30) -> dict[str, Any]:
        """Read ``socket`` until a state with ``number`` actions comes; that state."""
        deadline = time.monotonic() + timeout
        while True:
            message = socket.receive(max(0.1, deadline - time.monotonic()))
            self.take(message)
            if message["type"] == "state" and message["number"] == number:
                return message


def claimed_turn(url: str, game_id: str, timeout: float = 10) -> None:
    """Wait until a bot worker holds the lease of the game's bot turn."""
    engine = create_engine(url)
    deadline = time.monotonic() + timeout
    try:
        with engine.connect() as conn:
            while time.monotonic() < deadline:
                lease = conn.execute(
                    text("SELECT lease_until FROM bot_turns WHERE game_id = :g"), {"g": game_id}
                ).scalar_one_or_none()
                conn.rollback()
                if lease is not None:
                    return
                time.sleep(0.01)
    finally:
        engine.dispose()
    raise AssertionError("no bot worker claimed the bot's turn")


@pytest.fixture
def cluster(
    databases: Databases, tmp_path: Path
) -> Iterator[tuple[str, list[ServerProcess], Path]]:
    """A fresh PostgreSQL database and two servers on it, for the test to start."""
    url = databases.new("postgresql")
    servers: list[ServerProcess] = []
    yield url, servers, tmp_path
    for server in servers:
        server.stop()


def start_servers(
    url: str, servers: list[ServerProcess], tmp: Path, n: int, env: dict[str, str]
) -> list[ServerProcess]:
    """Start ``n`` servers on ``url`` (added to ``servers``, which the fixture stops)."""
    for _ in range(n):
        server = ServerProcess(url, tmp / f"server{len(servers)}.log", tmp, env=env)
        servers.append(server.start())
    return servers[-n:]


def connect(api: Api, game_id: str, token: str, seen: Seen) -> tuple[Any, Socket]:
    """A socket of ``token``'s seat that said hello (its context and the socket)."""
    context = api.socket(game_id)
    socket = context.__enter__()
    socket.send({"type": "hello", "token": token})
    while True:
        message = socket.receive()
        seen.take(message)
        if message["type"] == "state":
            return context, socket


def test_changes_on_one_process_reach_the_sockets_of_another(
    cluster: tuple[str, list[ServerProcess], Path],
) -> None:
    url, servers, tmp = cluster
    # (no periodic check: only the notices can bring the other process's changes)
    env = {"ZOOGAMES_RATE_LIMITS": "off", "ZOOGAMES_CHECK_SECONDS": "3600"}
    a, b = start_servers(url, servers, tmp, 2, env)
    api_a, api_b = Api(a.base), Api(b.base)
    created = api_a.create("aquaretto", [{"kind": "me", "name": "Ann"}, {"kind": "me"}])
    gid, tokens = created["id"], [created["tokens"]["0"], created["tokens"]["1"]]
    seen = [Seen(), Seen()]
    contexts, sockets = zip(
        *(connect(api, gid, tokens[i], seen[i]) for i, api in enumerate((api_a, api_b))),
        strict=True,
    )
    rng = random.Random(7)
    number = 0
    for _ in range(12):  # each action sent on the socket of its seat's process
        seat = api_a.snapshot(gid)["view"]["to_move"]
        legal = api_a.snapshot(gid, tokens[seat])["view"]["legal"]
        sockets[seat].send({"type": "act", "action": rng.choice(legal), "number": number})
        number += 1
        for i in (0, 1):
            seen[i].until(sockets[i], number)
    # an undo on B is pushed to A's socket: its log loses the entry
    last = api_b.snapshot(gid)["log"][-1]["seat"]
    if api_b.undo(gid, tokens[last]).status_code == 200:
        number -= 1
        for i in (0, 1):
            seen[i].until(sockets[i], number)
    stored = {e["number"]: e["action"] for e in api_a.snapshot(gid)["log"]}
    assert len(stored) == number
    assert seen[0].log == seen[1].log == stored
    # a seat renamed on B, and a chat message said on B, show on A's socket
    assert api_b.join(gid, tokens[1], "Bob").status_code == 200
    while True:
        message = sockets[0].receive(10)
        if message["type"] == "state" and message["seats"][1]["name"] == "Bob":
            break
    sockets[1].send({"type": "chat", "text": "hello from B"})
    while "hello from B" not in seen[0].chat:
        seen[0].take(sockets[0].receive(10))
    for context in contexts:
        context.__exit__(None, None, None)
    api_a.close()
    api_b.close()


def test_a_game_survives_a_server_and_a_bot_worker_killed_mid_game(
    cluster: tuple[str, list[ServerProcess], Path],
) -> None:
    """Two servers with external bots and one bot worker; seat 0 on A, seat 1 on B, a bot.

    Mid-game, while the bot thinks, A and the worker get SIGKILL; seat 0 reconnects to B,
    a new worker takes the bot's turn once the dead one's lease runs out, and the game
    finishes with every acknowledged action, each seat having seen every one.
    """
    url, servers, tmp = cluster
    env = {
        "ZOOGAMES_RATE_LIMITS": "off",
        "ZOOGAMES_BOTS": "external",
        "ZOOGAMES_BOT_SECONDS": "0.5",
        "ZOOGAMES_BOT_LEASE": "2",
    }
    a, b = start_servers(url, servers, tmp, 2, env)
    worker = BotWorkerProcess(url, tmp / "bots1.log", env)
    api_a, api_b = Api(a.base), Api(b.base)
    seats = [{"kind": "me"}, {"kind": "me"}, {"kind": "bot", "bot": "mcts:seconds=0.5"}]
    created = api_a.create("aquarium-designer", seats)  # 25 actions or so
    gid, tokens = created["id"], [created["tokens"]["0"], created["tokens"]["1"]]
    seen = [Seen(), Seen()]
    context_a, socket_a = connect(api_a, gid, tokens[0], seen[0])
    context_b, socket_b = connect(api_b, gid, tokens[1], seen[1])
    sockets, apis = [socket_a, socket_b], [api_a, api_b]
    acknowledged: dict[int, str] = {}
    rng = random.Random(3)
    killed = False
    number = 0
    while True:
        snap = apis[1].snapshot(gid, tokens[1])
        if snap["status"] == "over":
            break
        number, seat = snap["number"], snap["view"]["to_move"]
        if seat == 2:  # the bot's turn: wait for its push on B
            seen[1].until(socket_b, number + 1)
            continue
        mine = apis[seat].snapshot(gid, tokens[seat])
        if mine["number"] != number:
            continue
        action = rng.choice(mine["view"]["legal"])
        sockets[seat].send({"type": "act", "action": action, "number": number})
        state = seen[seat].until(sockets[seat], number + 1)
        acknowledged[number] = action
        if not killed and number >= 6 and state["view"]["to_move"] == 2:
            claimed_turn(url, gid)  # the worker has claimed the bot's turn and thinks
            a.kill()
            worker.kill()
            killed = True
            with pytest.raises(ConnectionClosed):  # A's socket is gone
                while True:
                    seen[0].take(socket_a.receive(5))
            context_a.__exit__(None, None, None)
            api_a.close()
            apis[0] = api_b  # seat 0 reconnects to B and resumes from the snapshot
            context_a, sockets[0] = connect(api_b, gid, tokens[0], seen[0])
            worker = BotWorkerProcess(url, tmp / "bots2.log", env)
    assert killed
    assert "turns played" not in (tmp / "bots1.log").read_text()  # it died, never stopped
    record = api_b.http.get(f"/api/games/{gid}/record").json()
    actions = record["actions"]
    for n, action in acknowledged.items():
        assert actions[n] == action  # nothing acknowledged was lost
    everything = dict(enumerate(actions))
    for i in (0, 1):  # both seats saw every action, pushed or in the resumed snapshot
        while max(seen[i].numbers) < len(actions):
            seen[i].take(sockets[i].receive(10))
        assert seen[i].log == everything
    assert "bot" in (tmp / "bots2.log").read_text()
    worker.stop()
    for context in (context_a, context_b):
        context.__exit__(None, None, None)
    api_b.close()


def test_bot_workers_play_clocks_stand_ins_and_watched_games_of_bots(
    cluster: tuple[str, list[ServerProcess], Path],
) -> None:
    """With external bots, a timed-out seat's stand-in move and a game of bots alone are
    played by the bot worker; the game of bots moves only while a socket watches it (on
    the other server than the one that made it)."""
    url, servers, tmp = cluster
    env = {"ZOOGAMES_RATE_LIMITS": "off", "ZOOGAMES_BOTS": "external"}
    a, b = start_servers(url, servers, tmp, 2, env)
    api_a, api_b = Api(a.base), Api(b.base)
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]
    gid = api_a.create("aquaretto", bots)["id"]
    clocked = api_a.http.post(
        "/api/games",
        json={
            "game": "aquaretto",
            "players": 2,
            "options": {"start_player": 0},
            "seats": [{"kind": "me"}, {"kind": "me"}],
            "clock": 1,
            "leave_bot": "greedy",
        },
    ).json()["id"]
    worker = BotWorkerProcess(url, tmp / "bots.log", env)
    try:
        deadline = time.monotonic() + 30
        while api_b.snapshot(clocked)["number"] < 1:  # the stand-in, by the worker
            assert time.monotonic() < deadline, "the clock's stand-in never moved"
            time.sleep(0.1)
        assert api_a.snapshot(gid)["number"] == 0  # nobody watches: no bot plays
        with api_b.socket(gid) as watcher:
            watcher.hello(None)
            watcher.receive_state(6, timeout=30)  # pushed by B, played by the worker
        # B pushed the state the watcher saw; A's own copy of the game may lag behind it
        stopped = max(api_a.snapshot(gid)["number"], api_b.snapshot(gid)["number"])
        time.sleep(1)
        assert api_a.snapshot(gid)["number"] <= stopped + 1  # nobody watches again
    finally:
        worker.stop()
        api_a.close()
        api_b.close()
    assert "turns played" in (tmp / "bots.log").read_text()


def test_a_bot_thinking_here_still_plays_after_a_rename_on_another_process(
    cluster: tuple[str, list[ServerProcess], Path],
) -> None:
    """Bots in the servers (the default): a change of seats made on B while A's bot thinks
    updates A's copy in place; the bot's move is not dropped."""
    url, servers, tmp = cluster
    env = {"ZOOGAMES_RATE_LIMITS": "off", "ZOOGAMES_BOT_SECONDS": "1"}
    a, b = start_servers(url, servers, tmp, 2, env)
    api_a, api_b = Api(a.base), Api(b.base)
    seats = [{"kind": "me"}, {"kind": "bot", "bot": "mcts:seconds=2"}]
    created = api_a.create("aquaretto", seats, start_player=0)
    gid, token = created["id"], created["tokens"]["0"]
    assert api_b.snapshot(gid)["number"] == 0  # B holds the game too
    rng = random.Random(1)
    with api_a.socket(gid) as page:
        page.hello(token)
        snap = api_a.snapshot(gid, token)
        while snap["view"]["to_move"] == 0:  # until the turn passes to the bot, on A
            snap = api_a.act(gid, token, rng.choice(snap["view"]["legal"])).json()
        number = snap["number"]
        assert api_b.join(gid, token, "Renamed").status_code == 200  # while the bot thinks
        state = page.receive_state(number + 1, timeout=20)
    assert state["seats"][0]["name"] == "Renamed"
    # B learns of the move from the store, a moment after A has sent it to its own page
    deadline = time.monotonic() + 10
    while api_b.snapshot(gid)["number"] < number + 1:
        assert time.monotonic() < deadline, "B never saw the bot's move"
        time.sleep(0.05)
    api_a.close()
    api_b.close()


def test_bot_workers_compute_a_review_the_servers_only_queue(
    cluster: tuple[str, list[ServerProcess], Path],
) -> None:
    """With external bots a review is computed by a bot worker: none while no worker runs,
    then all of it, the same as the command line's."""
    from zoogames.bots.teach import review as cli_review

    url, servers, tmp = cluster
    env = {"ZOOGAMES_RATE_LIMITS": "off", "ZOOGAMES_BOTS": "external"}
    (server,) = start_servers(url, servers, tmp, 1, env)
    api = Api(server.base)
    gid, tokens = human_game(api, "aquarium-designer", 2, start_player=0)
    rng = random.Random(2)
    while api.snapshot(gid)["status"] != "over":
        step(api, gid, tokens, rng)
    asked = api.http.post(f"/api/games/{gid}/review").json()
    assert asked["status"] == "computing" and asked["done"] == 0
    time.sleep(1)
    assert api.http.get(f"/api/games/{gid}/review").json()["done"] == 0  # no worker yet
    worker = BotWorkerProcess(url, tmp / "bots.log", env)
    try:
        deadline = time.monotonic() + 60
        while (body := api.http.get(f"/api/games/{gid}/review").json())["status"] != "done":
            assert time.monotonic() < deadline, "no worker computed the review"
            time.sleep(0.2)
    finally:
        worker.stop()
        api.close()
    record = Api(server.base).http.get(f"/api/games/{gid}/record").json()
    expected = cli_review(record, iterations=body["iterations"], seats={0, 1})
    assert [(d["number"], d["preferred"]) for d in body["decisions"]] == [
        (d.number, d.preferred) for d in expected.decisions
    ]


def test_a_bot_worker_stopped_mid_turn_hands_the_turn_back(
    cluster: tuple[str, list[ServerProcess], Path],
) -> None:
    """SIGTERM while a bot thinks: the turn waits, free, for the next worker.

    Before, the stopping worker deleted it, and a watched game of bots alone (which no
    sweep queues again) stood still for good.
    """
    url, servers, tmp = cluster
    env = {
        "ZOOGAMES_RATE_LIMITS": "off",
        "ZOOGAMES_BOTS": "external",
        "ZOOGAMES_UNATTENDED_BOT_SECONDS": "5",  # long enough to be stopped mid-thought
    }
    (server,) = start_servers(url, servers, tmp, 1, env)
    api = Api(server.base)
    thinker = {"kind": "bot", "bot": "mcts:seconds=2"}
    gid = api.create("aquaretto", [thinker, thinker])["id"]
    worker = BotWorkerProcess(url, tmp / "bots1.log", env)
    try:
        with api.socket(gid) as watcher:
            watcher.hello(None)
            claimed_turn(url, gid, 30)
            worker.stop()  # SIGTERM, its bot thinking
            rows = query(url, "SELECT lease_until FROM bot_turns WHERE game_id = :g", g=gid)
            assert [r.lease_until for r in rows] == [None]  # back in the queue, free
            assert "handed back" in (tmp / "bots1.log").read_text()
            worker = BotWorkerProcess(url, tmp / "bots2.log", env)
            watcher.receive_state(1, timeout=30)  # the next worker played it
    finally:
        worker.stop()
        api.close()


def test_a_claim_that_a_stop_interrupts_is_handed_back() -> None:
    """SIGTERM while a slot's claim is in its database thread: the claim still commits, so
    the turn it took goes back to the queue at once. Before, the stop dropped the claim's
    answer, and the turn waited out its lease (a game of bots stood still for it)."""
    turn = BotTurn("g", 0, 1, "greedy", True)
    calls: list[str] = []
    claiming, release = threading.Event(), threading.Event()

    class Store:
        def claim_bot_turn(self, lease: float) -> BotTurn:
            claiming.set()
            release.wait(10)
            calls.append("claim")
            return turn

        def drop_bot_turn(self, t: BotTurn) -> None:
            calls.append("drop")

        def queue_bot_turn(self, t: BotTurn) -> None:
            calls.append("queue")

    class Service:
        store, bus, turns_queued = Store(), None, asyncio.Event()

        async def db(self, fn: Any, *args: Any) -> Any:
            return await asyncio.get_running_loop().run_in_executor(None, fn, *args)

    async def stop_while_claiming() -> None:
        slot = asyncio.create_task(BotWorkers(cast(Any, Service()), 1, 10)._slot())
        await asyncio.to_thread(claiming.wait, 10)
        slot.cancel()  # as SIGTERM does
        await asyncio.sleep(0.05)
        release.set()  # the claim commits after the stop
        with pytest.raises(asyncio.CancelledError):
            await slot

    run_async(stop_while_claiming())
    assert calls == ["claim", "drop", "queue"]
