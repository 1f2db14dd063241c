"""Server abuse: the figures of docs/server.md's "Abuse limits", measured on loopback.

Starts ``zoogames serve`` (its default limits, a fresh SQLite file, 2 bot workers) for
each measurement and prints one JSON line with, per measurement:

- ``decks``: RSS growth after 4,000 games each with a deck of its own;
- ``headers``: RSS growth after four unterminated 100 MiB headers, and what each got;
- ``idle``: seconds until 2,000 connections that send nothing (or a header a byte at a
  time) are all closed by the server;
- ``create``: games one address created in a burst before 429, and how the rest fared;
- ``hello``: snapshots four sockets of one address pulled by sending ``hello`` in a loop
  for 10 s, and how the sockets were closed;
- ``bots``: a human game's ``greedy`` bot answering 20 moves while 40 games of
  ``mcts:seconds=5`` bots alone are created by one address (unwatched, then watched by as
  many as the server lets one address watch): its p50 and p99 answer times;
- ``workers``: seconds until every bot worker is gone after the server is killed with
  SIGKILL while a bot thinks.
- ``signin_flood``: the owner's sign-in answer time and status, from the browser it
  signed up with and from a new one, while 40 addresses send 10 wrong sign-ins each at
  once, at the owner's account and at names that do not exist;
- ``ipv6``: wrong sign-ins at one account from 20 addresses of one IPv6 /64 until the
  first refusal, and accounts made by 30 addresses of another /64.
- ``email``: e-mails an address got when one account entered it 20 times and 5 others
  once each (a local SMTP sink), and the answers they got.

- ``selfplay``: one account trying ten times each to hold two seats of a rated game (two
  ``me`` seats; its own open seat), and its ratings after;
- ``clock_undo``: taking a truck and undoing it for 10 s at a table with a 3 s clock:
  whether the clock still runs out;
- ``profile``: another game's snapshot p50/p99, quiet and while profiles of an account
  with 2,000 games are read in a loop, and one profile's time;
- ``unread``: 50 sockets that never read, each asking for snapshots: how many the server
  dropped, and how soon.

    python benchmarks/server_abuse.py [--only decks,headers,...]

Each request loop is bounded in count and time and sends only to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path
from typing import Any

import httpx
import websockets

from zoogames.games.aquarium_designer.cards import default_deck


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``zoogames serve`` on a fresh SQLite file."""

    def __init__(self, tmp: Path, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        script = Path(sys.executable).with_name("zoogames")
        db = f"sqlite:///{tmp / 'zoogames.db'}"
        log = (tmp / "server.log").open("ab")
        environ = {**os.environ, "ZOOGAMES_BOT_WORKERS": "2", **(env or {})}
        self.process = subprocess.Popen(
            [str(script), "serve", "--port", str(self.port), "--db", db],
            cwd=tmp,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=environ,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.base}/api/catalog", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise SystemExit("the server did not start")

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(status.split("VmRSS:")[1].split()[0]) / 1024

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(30)


@contextmanager
def server(env: dict[str, str] | None = None) -> Iterator[Server]:
    with tempfile.TemporaryDirectory(prefix="zoogames-abuse-") as tmp:
        s = Server(Path(tmp), env)
        try:
            yield s
        finally:
            s.stop()


def client(s: Server, address: str) -> httpx.Client:
    return httpx.Client(base_url=s.base, timeout=60, headers={"X-Forwarded-For": address})


def decks() -> dict[str, Any]:
    base = default_deck().to_json()
    rng = random.Random(1)

    def card() -> str:
        sec = [rng.choice("ASDP") + rng.choice(["", "*"]) for _ in range(4)]
        return f"{sec[0]} {sec[1]} / {sec[2]} {sec[3]}"

    with server() as s:
        before = s.rss_mb()
        refused = 0
        for i in range(4000):
            deck = copy.deepcopy(base)
            deck["name"] = f"deck {i}"
            deck["layout"][i % 40] = card()
            deck["layout"][(i * 7) % 40] = card()
            with client(s, f"198.18.{i // 30 % 250}.{i % 30 + 1}") as c:  # 30 games each
                body = {"game": "aquarium-designer", "players": 1, "options": {"deck": deck}}
                r = c.post("/api/games", json={**body, "seats": [{"kind": "me"}]})
                refused += r.status_code != 201
        return {"games": 4000, "refused": refused, "rss_growth_mb": round(s.rss_mb() - before, 1)}


def headers() -> dict[str, Any]:
    with server() as s:
        before = s.rss_mb()
        answers = []
        for _ in range(4):
            sent = 0
            with socket.create_connection(("127.0.0.1", s.port), timeout=10) as sock:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: ")
                try:
                    while sent < 100 << 20:
                        sock.sendall(b"a" * (1 << 20))
                        sent += 1 << 20
                except OSError:
                    pass
                sock.settimeout(5)
                try:
                    answer = sock.recv(100).split(b"\r\n")[0].decode()
                except OSError:
                    answer = "closed"
            answers.append({"sent_mib": sent >> 20, "answer": answer or "closed"})
        return {"answers": answers, "rss_growth_mb": round(s.rss_mb() - before, 1)}


def idle() -> dict[str, Any]:
    with server() as s:
        socks = []
        for i in range(2000):
            sock = socket.create_connection(("127.0.0.1", s.port), timeout=30)
            if i % 2:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: a")  # and no more
            socks.append(sock)
        start = time.monotonic()
        open_ = set(range(len(socks)))
        while open_ and time.monotonic() - start < 45:
            for i in list(open_):
                socks[i].setblocking(False)
                try:
                    if socks[i].recv(1) == b"":
                        open_.discard(i)
                except BlockingIOError:
                    pass
                except OSError:
                    open_.discard(i)
            time.sleep(0.2)
        for sock in socks:
            sock.close()
        return {
            "connections": 2000,
            "still_open_after_45s": len(open_),
            "all_closed_after_s": round(time.monotonic() - start, 1) if not open_ else None,
        }


def create() -> dict[str, Any]:
    with server() as s, client(s, "198.18.0.1") as c:
        body = {"game": "zooloretto", "players": 2, "seats": [{"kind": "me"}] * 2}
        start = time.monotonic()
        statuses = [c.post("/api/games", json=body).status_code for _ in range(300)]
        seconds = time.monotonic() - start
        return {
            "requests": 300,
            "seconds": round(seconds, 2),
            "created": statuses.count(201),
            "refused_429": statuses.count(429),
        }


async def _hello_flood(s: Server) -> dict[str, Any]:
    with client(s, "198.18.0.2") as c:
        body = {"game": "aquaretto", "players": 4, "seats": [{"kind": "me"}] * 4}
        gid = c.post("/api/games", json=body).json()["id"]
    url = s.base.replace("http://", "ws://") + f"/api/games/{gid}/ws"
    got = 0
    closes: list[str] = []

    async def flood() -> None:
        nonlocal got
        headers = {"X-Forwarded-For": "198.18.0.2"}
        try:
            async with websockets.connect(url, additional_headers=headers) as ws:
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    await ws.send('{"type": "hello", "token": null}')
                    await ws.recv()
                    got += 1
        except websockets.ConnectionClosed as e:
            closes.append(f"{e.rcvd.code} {e.rcvd.reason}" if e.rcvd else "no close frame")

    await asyncio.gather(*(flood() for _ in range(4)))
    return {"sockets": 4, "seconds": 10, "snapshots": got, "closed": closes}


def hello() -> dict[str, Any]:
    with server() as s:
        return asyncio.run(_hello_flood(s))


async def _watch(url: str, address: str, stop: asyncio.Event) -> None:
    try:
        async with websockets.connect(url, additional_headers={"X-Forwarded-For": address}) as ws:
            await ws.send('{"type": "hello", "token": null}')
            while not stop.is_set():
                with suppress(TimeoutError):
                    await asyncio.wait_for(ws.recv(), 0.5)
    except websockets.ConnectionClosed:
        pass


def _greedy_answers(s: Server, moves: int) -> list[float]:
    """Seconds the greedy bot of a human game takes to answer each of our moves."""
    with client(s, "198.18.1.1") as c:
        seats = [{"kind": "me"}, {"kind": "bot", "bot": "greedy"}]
        body = {"game": "zooloretto", "players": 2, "options": {"start_player": 0}}
        g = c.post("/api/games", json={**body, "seats": seats}).json()
        auth = {"Authorization": f"Bearer {g['tokens']['0']}"}
        path = f"/api/games/{g['id']}"
        times: list[float] = []
        rng = random.Random(2)
        asked: float | None = None
        while len(times) < moves:
            time.sleep(0.06)  # under the limits on reads (30/s) and actions (20/s)
            r = c.get(path, headers=auth)
            if r.status_code != 200:
                raise SystemExit(f"the game's snapshot: {r.status_code} {r.text}")
            snap = r.json()
            if snap["status"] != "playing":
                break
            if snap["view"]["to_move"] != 0:
                continue
            if asked is not None:
                times.append(time.monotonic() - asked)
                asked = None
            action = {"action": rng.choice(snap["view"]["legal"]), "number": snap["number"]}
            answer = c.post(f"{path}/actions", json=action, headers=auth).json()
            if answer.get("view", {}).get("to_move") not in (0, None):
                asked = time.monotonic()  # the bot's turn: its answer is timed
        return times[1:]  # the first answer waits for the worker processes to start


def _quantiles(times: list[float]) -> dict[str, Any]:
    q = statistics.quantiles(times, n=100, method="inclusive")
    return {
        "answers": len(times),
        "p50_s": round(q[49], 3),
        "p99_s": round(q[98], 3),
        "max_s": round(max(times), 3),
    }


def bots() -> dict[str, Any]:
    out: dict[str, Any] = {}
    with server() as s:
        gids = []
        for i in range(40):  # two addresses: one may create 30 games a minute
            with client(s, f"198.18.2.{i % 2 + 1}") as c:
                seats = [{"kind": "bot", "bot": "mcts:seconds=5"}] * 2
                body = {"game": "zooloretto", "players": 2, "seats": seats}
                r = c.post("/api/games", json=body)
                if r.status_code == 201:
                    gids.append(r.json()["id"])
        out["bot_games_created"] = len(gids)
        out["unwatched"] = _quantiles(_greedy_answers(s, 30))

        async def watched() -> list[float]:
            stop = asyncio.Event()
            urls = [s.base.replace("http://", "ws://") + f"/api/games/{g}/ws" for g in gids]
            watchers = [
                asyncio.create_task(_watch(u, f"198.18.3.{i // 4 + 1}", stop))
                for i, u in enumerate(urls)
            ]
            await asyncio.sleep(2)
            times = await asyncio.to_thread(_greedy_answers, s, 30)
            stop.set()
            await asyncio.gather(*watchers)
            return times

        out["watched_by_10_addresses"] = _quantiles(asyncio.run(watched()))
    return out


def _descendants(pid: int) -> set[int]:
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found = {pid}
    while True:
        more = {c for c, p in parents.items() if p in found} - found
        if not more:
            return found - {pid}
        found |= more


def _alive(pids: set[int]) -> set[int]:
    out = set()
    for pid in pids:
        try:
            if Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
                out.add(pid)
        except OSError:
            pass
    return out


def workers() -> dict[str, Any]:
    results = []
    for _ in range(3):
        with server() as s, client(s, "198.18.4.1") as c:
            seats = [{"kind": "me"}, {"kind": "bot", "bot": "mcts:seconds=5"}]
            body = {"game": "zooloretto", "players": 2, "options": {"start_player": 0}}
            g = c.post("/api/games", json={**body, "seats": seats}).json()
            auth = {"Authorization": f"Bearer {g['tokens']['0']}"}
            c.post(
                f"/api/games/{g['id']}/actions", json={"action": "draw", "number": 0}, headers=auth
            )
            legal = c.get(f"/api/games/{g['id']}", headers=auth).json()["view"]["legal"]
            body2 = {"action": legal[0], "number": 1}
            c.post(f"/api/games/{g['id']}/actions", json=body2, headers=auth)
            time.sleep(3)  # the workers are up and one thinks
            pids = _descendants(s.process.pid)
            s.process.kill()
            s.process.wait()
            start = time.monotonic()
            while _alive(pids) and time.monotonic() - start < 30:
                time.sleep(0.02)
            results.append(
                {
                    "processes": len(pids),
                    "left": len(_alive(pids)),
                    "gone_after_s": round(time.monotonic() - start, 2),
                }
            )
    return {"sigkill_runs": results}


OWNER_PASSWORD = "the owner's own long password"


def _async_client(s: Server, address: str, **kwargs: Any) -> httpx.AsyncClient:
    limits = httpx.Limits(max_connections=20, max_keepalive_connections=20)
    headers = {"X-Forwarded-For": address}
    return httpx.AsyncClient(base_url=s.base, timeout=120, limits=limits, headers=headers, **kwargs)


async def _flood(s: Server, names: list[str], known: httpx.AsyncClient) -> dict[str, Any]:
    """40 addresses send 10 wrong sign-ins each at once (at ``names[i % len(names)]``);
    0.5 s in, the owner signs in from the browser it signed up with (``known``) and from a
    new one: their answer times and statuses, and what the guessers got."""
    guessers = [_async_client(s, f"198.18.6.{i + 1}") for i in range(40)]
    fresh = _async_client(s, "198.18.5.2")
    owner = names[0]

    async def guess(i: int, j: int) -> int:
        body = {"name": names[(i * 10 + j) % len(names)], "password": f"guess {i} {j}"}
        r = await guessers[i].post("/api/signin", json=body)
        return r.status_code

    async def sign_in(c: httpx.AsyncClient) -> dict[str, Any]:
        await asyncio.sleep(0.5)
        start = time.monotonic()
        r = await c.post("/api/signin", json={"name": owner, "password": OWNER_PASSWORD})
        return {"status": r.status_code, "seconds": round(time.monotonic() - start, 2)}

    start = time.monotonic()
    flood = asyncio.gather(*(guess(i, j) for i in range(40) for j in range(10)))
    known_answer, fresh_answer, statuses = await asyncio.gather(
        sign_in(known), sign_in(fresh), flood
    )
    seconds = time.monotonic() - start
    for c in (*guessers, fresh):
        await c.aclose()
    counts = {str(code): statuses.count(code) for code in sorted(set(statuses))}
    return {
        "owner_known_device": known_answer,
        "owner_new_device": fresh_answer,
        "guesses": counts,
        "flood_seconds": round(seconds, 1),
    }


def signin_flood() -> dict[str, Any]:
    """The owner's sign-in while 40 addresses guess: at the owner's account, then at 400
    names that do not exist (each costing a verification all the same)."""
    out: dict[str, Any] = {}
    for case in ("one_account", "many_names"):

        async def run(s: Server, case: str = case) -> dict[str, Any]:
            async with _async_client(s, "198.18.5.1") as known:
                body = {"name": "owner", "password": OWNER_PASSWORD}
                r = await known.post("/api/signup", json=body)
                if r.status_code != 201:
                    raise SystemExit(f"sign-up: {r.status_code} {r.text}")
                names = ["owner"] + [f"nobody{i}" for i in range(400)]
                return await _flood(s, names if case == "many_names" else ["owner"], known)

        with server() as s:
            out[case] = asyncio.run(run(s))
    return out


def ipv6() -> dict[str, Any]:
    """20 addresses of one IPv6 /64 guessing one account's password (10 guesses each,
    taking turns), and 30 of another /64 making 5 accounts each."""
    out: dict[str, Any] = {}
    with server() as s:
        with client(s, "198.18.7.1") as c:
            body = {"name": "target", "password": OWNER_PASSWORD}
            if c.post("/api/signup", json=body).status_code != 201:
                raise SystemExit("the target's sign-up failed")
        guessers = [client(s, f"2001:db8:1:2::{i + 1:x}") for i in range(20)]
        statuses = []
        for j in range(10):
            for i, g in enumerate(guessers):
                body = {"name": "target", "password": f"guess {i} {j}"}
                statuses.append(g.post("/api/signin", json=body).status_code)
        for g in guessers:
            g.close()
        refused = [n for n, code in enumerate(statuses) if code != 401]
        out["signin_guesses"] = {
            "sent": len(statuses),
            "verified_401": statuses.count(401),
            "first_refused_at": refused[0] + 1 if refused else None,
            "statuses": sorted(set(statuses)),
        }
        start = time.monotonic()
        made = []
        for i in range(30):
            with client(s, f"2001:db8:1:3::{i + 1:x}") as c:
                for j in range(5):
                    body = {"name": f"made{i}x{j}", "password": OWNER_PASSWORD}
                    made.append(c.post("/api/signup", json=body).status_code)
        out["signups"] = {
            "sent": len(made),
            "created": made.count(201),
            "refused_429": made.count(429),
            "seconds": round(time.monotonic() - start, 1),
        }
    return out


def email() -> dict[str, Any]:
    """E-mails one address gets when an account enters it 20 times (each request from
    another client address, past the per-address rate limit on notification changes) and
    5 other accounts enter it once each, through a local SMTP sink."""
    from aiosmtpd.controller import Controller

    received: list[list[str]] = []

    class Sink:
        async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
            received.append(list(envelope.rcpt_tos))
            return "250 OK"

    controller = Controller(Sink(), hostname="127.0.0.1", port=free_port())
    controller.start()
    victim = "victim@example.org"
    smtp = f"smtp://127.0.0.1:{controller.port}?from=zoo@example.org&starttls=off"
    try:
        with server({"ZOOGAMES_SMTP_URL": smtp}) as s:
            statuses: dict[str, list[int]] = {"one_account": [], "other_accounts": []}
            for n in range(6):
                with client(s, f"198.18.9.{n + 1}") as c:
                    body = {"name": f"mailer{n}", "password": OWNER_PASSWORD}
                    if c.post("/api/signup", json=body).status_code != 201:
                        raise SystemExit("a sign-up failed")
                    for i in range(20 if n == 0 else 1):
                        c.headers["X-Forwarded-For"] = f"198.18.{10 + n}.{i + 1}"
                        r = c.post("/api/me/email", json={"email": victim})
                        statuses["one_account" if n == 0 else "other_accounts"].append(
                            r.status_code
                        )
            time.sleep(3)  # the confirmation is sent in the background
    finally:
        controller.stop()
    counted = {k: {str(c): v.count(c) for c in sorted(set(v))} for k, v in statuses.items()}
    return {
        "entered": counted,
        "emails_to_the_address": sum(1 for to in received if to == [victim]),
    }


def _signed_up(s: Server, address: str, name: str) -> httpx.Client:
    c = client(s, address)
    r = c.post("/api/signup", json={"name": name, "password": OWNER_PASSWORD})
    assert r.status_code == 201, r.text
    return c


def selfplay() -> dict[str, Any]:
    """One account trying to hold two seats of a rated game, ten times each way."""
    with server() as s, closing(_signed_up(s, "198.18.7.1", "selfplayer")) as c:
        refused: dict[str, int] = {}
        for _ in range(10):
            body = {"game": "aquaretto", "players": 2, "rated": True}
            two = c.post("/api/games", json={**body, "seats": [{"kind": "me"}, {"kind": "me"}]})
            refused[str(two.status_code)] = refused.get(str(two.status_code), 0) + 1
            seats = [{"kind": "me"}, {"kind": "open"}]
            made = c.post("/api/games", json={**body, "seats": seats, "listed": True}).json()
            taken = c.post(f"/api/games/{made['id']}/seats/1/join", json={"name": "again"})
            key = f"own open seat {taken.status_code}"
            refused[key] = refused.get(key, 0) + 1
        ratings = c.get("/api/players/selfplayer").json()["ratings"]
    return {"answers": refused, "ratings_after": ratings}


def clock_undo() -> dict[str, Any]:
    """Take a truck and undo it for 10 s at a table with a 3 s clock: does time run out?"""
    with server({"ZOOGAMES_RATE_LIMITS": "off"}) as s, client(s, "198.18.8.1") as c:
        body = {
            "game": "aquaretto",
            "players": 2,
            "options": {"start_player": 0},
            "seats": [{"kind": "me"}, {"kind": "me"}],
            "clock": 3,
            "leave_bot": "greedy",
        }
        made = c.post("/api/games", json=body).json()
        gid, tokens = made["id"], made["tokens"]
        auth = [{"Authorization": f"Bearer {tokens[str(i)]}"} for i in (0, 1)]
        c.post(f"/api/games/{gid}/actions", json={"action": "draw", "number": 0}, headers=auth[0])
        c.post(f"/api/games/{gid}/actions", json={"action": "load A", "number": 1}, headers=auth[0])
        first = c.get(f"/api/games/{gid}").json()["deadline"]
        cycles, start, timed_out = 0, time.monotonic(), None
        while time.monotonic() - start < 10:
            r = c.post(
                f"/api/games/{gid}/actions", json={"action": "take A", "number": 2}, headers=auth[1]
            )
            if r.status_code != 200:  # the clock ran out: the fallback bot played seat 1
                timed_out = round(time.monotonic() - start, 1)
                break
            c.post(f"/api/games/{gid}/undo", headers=auth[1])
            cycles += 1
            time.sleep(0.2)
        last = c.get(f"/api/games/{gid}").json()
    return {
        "cycles": cycles,
        "timed_out_after_s": timed_out,
        "deadline_moved": last["deadline"] != first and last["number"] == 2,
        "actions_after": last["number"],
    }


def profile() -> dict[str, Any]:
    """Another game's snapshot p50/p99 while profiles of an account with 2,000 games are read."""
    with (
        server({"ZOOGAMES_RATE_LIMITS": "off"}) as s,
        closing(_signed_up(s, "198.18.9.1", "busy")) as c,
    ):
        other = c.post(
            "/api/games", json={"game": "aquaretto", "players": 2, "seats": [{"kind": "me"}] * 2}
        ).json()["id"]

        def snapshots(n: int) -> list[float]:
            times = []
            with client(s, "198.18.9.2") as o:
                for _ in range(n):
                    t = time.monotonic()
                    o.get(f"/api/games/{other}")
                    times.append(time.monotonic() - t)
            return times

        quiet = _quantiles(snapshots(200))
        body = {"game": "aquarium-designer", "players": 1, "seats": [{"kind": "me"}]}
        for _ in range(2000):
            c.post("/api/games", json=body)
        stop = False

        def read_profiles() -> int:
            n = 0
            with client(s, "198.18.9.3") as p:
                while not stop:
                    p.get("/api/players/busy")
                    n += 1
            return n

        counted: list[int] = []
        reader = threading.Thread(target=lambda: counted.append(read_profiles()))
        reader.start()
        start = time.monotonic()
        loaded = _quantiles(snapshots(200))
        stop = True
        reader.join()
        seconds = time.monotonic() - start
        one = time.monotonic()
        c.get("/api/players/busy")
        profile_s = time.monotonic() - one
    return {
        "games_of_account": 2000,
        "snapshot_quiet": quiet,
        "snapshot_while_profiles_read": loaded,
        "profiles_read_per_s": round(counted[0] / seconds, 1),
        "one_profile_ms": round(profile_s * 1000, 1),
    }


async def _unread(s: Server, count: int) -> dict[str, Any]:
    gid = httpx.post(
        f"{s.base}/api/games",
        json={"game": "aquaretto", "players": 2, "seats": [{"kind": "me"}] * 2},
        headers={"X-Forwarded-For": "198.18.10.1"},
    ).json()["id"]
    hello = b'{"type":"hello","token":null}'
    frame = bytes([0x81, 0x80 | len(hello)]) + b"\0\0\0\0" + hello
    request = (
        f"GET /api/games/{gid}/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n"
    ).encode()

    async def one(i: int) -> float | None:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        await loop.sock_connect(sock, ("127.0.0.1", s.port))
        head = request.replace(b"Host:", f"X-Forwarded-For: 198.18.11.{i + 1}\r\nHost:".encode())
        await loop.sock_sendall(sock, head)
        start = time.monotonic()
        try:
            while time.monotonic() - start < 120:
                await asyncio.wait_for(loop.sock_sendall(sock, frame * 5), 5)
                await asyncio.sleep(0.2)
        except (OSError, TimeoutError):
            return time.monotonic() - start
        finally:
            sock.close()
        return None

    peak = 0.0
    done = asyncio.Event()

    async def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _tcp_mib())
            await asyncio.sleep(0.5)

    before = _tcp_mib()
    sampler = asyncio.create_task(sample())
    gone = await asyncio.gather(*(one(i) for i in range(count)))
    done.set()
    await sampler
    dropped = [g for g in gone if g is not None]
    return {
        "sockets": count,
        "dropped": len(dropped),
        "first_dropped_after_s": round(min(dropped), 1) if dropped else None,
        "all_dropped_after_s": round(max(dropped), 1) if dropped else None,
        "kernel_tcp_mib_before": before,
        "kernel_tcp_mib_peak": peak,
        "kernel_tcp_mib_after": _tcp_mib(),
    }


def _tcp_mib() -> float:
    """The kernel's memory for TCP buffers now, in MiB (``/proc/net/sockstat``)."""
    for line in Path("/proc/net/sockstat").read_text().splitlines():
        if line.startswith("TCP:"):
            fields = line.split()
            pages = int(fields[fields.index("mem") + 1])
            return round(pages * os.sysconf("SC_PAGE_SIZE") / 2**20, 1)
    return 0.0


def unread() -> dict[str, Any]:
    """50 sockets that never read, each asking for snapshots: seconds until all are dropped."""
    with server({"ZOOGAMES_RATE_LIMITS": "off"}) as s:
        return asyncio.run(_unread(s, 50))


MEASURES = {
    "decks": decks,
    "headers": headers,
    "idle": idle,
    "create": create,
    "hello": hello,
    "bots": bots,
    "workers": workers,
    "signin_flood": signin_flood,
    "ipv6": ipv6,
    "email": email,
    "selfplay": selfplay,
    "clock_undo": clock_undo,
    "profile": profile,
    "unread": unread,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(MEASURES), help="measurements, comma-separated")
    args = parser.parse_args()
    out: dict[str, Any] = {
        "benchmark": "server_abuse",
        "load_average_1m_before": os.getloadavg()[0],
    }
    for name in args.only.split(","):
        out[name] = MEASURES[name.strip()]()
        print(json.dumps({name: out[name]}), file=sys.stderr)  # progress
    print(json.dumps(out))


if __name__ == "__main__":
    main()
