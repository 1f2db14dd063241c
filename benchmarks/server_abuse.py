"""Server abuse: the figures of docs/server.md's "Abuse limits", measured on loopback.

Starts ``zoogames serve`` (its default limits, a fresh SQLite file, 2 bot workers) for
each measurement and prints one JSON line with, per measurement:

- ``decks``: RSS growth after 4,000 games each with a deck of its own (issue 12, item 1);
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
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
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


MEASURES = {
    "decks": decks,
    "headers": headers,
    "idle": idle,
    "create": create,
    "hello": hello,
    "bots": bots,
    "workers": workers,
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
