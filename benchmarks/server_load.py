"""Server load: many WebSocket clients on loopback, each playing its own game.

Starts ``zoogames serve`` on a fresh database (SQLite in a temporary directory unless
``--db`` names one), creates ``--games`` games whose seats are all held by this script,
opens one WebSocket per seat and plays random legal actions over them
(``{"type": "act"}``), each game one action at a time, at most ``--rate`` actions per
second (players think; with ``--rate 0`` every client sends its next action as soon as
it has the last answer, and latency is then simply games / throughput). A game that
ends is replaced by a new one. The latency of an action runs from sending it to
receiving, on the same socket, the pushed state with the new number.

The clients start at random moments of the first ``--ramp`` seconds (so that their games
do not all end, and get replaced, in the same second); after ``--warmup`` seconds it
measures for ``--seconds`` and prints one JSON line: games,
connections, seconds, actions, actions_per_second, p50_ms, p99_ms, errors, the CPU time
the server and this client spent per action, and the machine's load average when it
started (the server and this client share the machine with whatever else runs).

    python benchmarks/server_load.py [--games 100] [--rate 5] [--seconds 20] [--db URL]
    python benchmarks/server_load.py --postgres --servers 2 [--bot-workers 1 --bot-seat random]
    python benchmarks/server_load.py --url http://host1:8000 --url http://host2:8000

Several servers: ``--servers N`` starts N processes on the one database
(PostgreSQL: ``--db postgresql+psycopg://…``, or ``--postgres`` for a private one started
for the run, as the tests do), ``--url`` (repeated) uses servers already running. Game
``g`` is created on server ``g mod N`` and its seat ``s`` connects to server ``(g + s) mod
N``, so with two servers every action is pushed across processes. Besides the mover's own
latency (``p50_ms``, ``p99_ms``), ``cross_p50_ms`` and ``cross_p99_ms`` run from sending an
action to the *other* seats' sockets receiving it (on another process: the 250 ms target of
``docs/server.md``); a push that never comes within 10 s counts in ``missed_pushes`` (the
game is then given up and replaced), and a game given up because a request or a socket
failed in ``failed_games`` (a refusal, a server gone, a socket the server closed: with
``--rate 0`` and few games, a game's 20 actions a second per address), the first such
error on stderr.
``--bot-seat SPEC`` adds a bot seat to every game and ``--bot-workers N`` starts N
``zoogames bots`` processes (the servers then run ``--bots external``); ``bot_p50_ms`` and
``bot_p99_ms`` run from the push of the human's action that handed the turn to the bot to
the push of the bot's action (``actions_per_second`` counts the bots' actions too,
``human_actions_per_second`` and ``achieved_ratio`` only the offered ones). CPU per action
of any seat is summed over the servers with their thinking processes
(``server_cpu_ms_per_action``) and the bot workers (``bots_cpu_ms_per_action``);
``postgres_cpu_ms_per_action`` is the private cluster's with ``--postgres``, every
PostgreSQL process of the machine with a PostgreSQL ``--db`` (other work's too), and
``None`` on SQLite.

Target (docs/server.md): 100 games on SQLite, at least 500 actions/s, p99 under 100 ms.
The target is judged on what was offered: at least 99% of ``--games × --rate`` achieved
(``achieved_ratio``; a run offering exactly 500 cannot measure more than 500), and the
p99. Each game's client speaks from an address of its own (``X-Forwarded-For``, which the
server trusts from loopback), as distinct players would: the server's rate limits apply
to each as in production.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

TARGET = {"games": 100, "actions_per_second": 500, "p99_ms": 100, "achieved_ratio": 0.99}


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db: str, port: int, log: Path, bots: str = "local") -> subprocess.Popen[bytes]:
    """``zoogames serve`` as a subprocess, once it answers."""
    script = Path(sys.executable).with_name("zoogames")
    command = [str(script), "serve", "--port", str(port), "--db", db, "--bots", bots]
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=log.parent, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited:\n{log.read_text()}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=2).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start within 60 s")


def start_bot_worker(db: str, log: Path) -> subprocess.Popen[bytes]:
    """``zoogames bots --workers 1`` as a subprocess."""
    script = Path(sys.executable).with_name("zoogames")
    with log.open("wb") as out:
        return subprocess.Popen(
            [str(script), "bots", "--db", db, "--workers", "1"],
            cwd=log.parent,
            stdout=out,
            stderr=subprocess.STDOUT,
        )


def cpu_seconds(pid: int, children: bool = True) -> float:
    """CPU time (user + system, all threads) a process has used so far, with its children's
    (a server's or a bot worker's thinking processes) unless ``children`` is false (Linux)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if stat.parent.name == str(pid) or (children and fields[1] == str(pid)):
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def postgres_cpu_seconds() -> float:
    """CPU time used so far by every PostgreSQL process of this machine (Linux): a
    ``--db`` of the benchmark's own, whose server process it does not know."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # gone meanwhile
            continue
        if "(postgres)" in text:
            fields = text.rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


MISSED = 10.0
"""Seconds after which a push that has not come counts as missed."""


class Stats:
    """Latencies and errors, counted only while measuring."""

    def __init__(self) -> None:
        self.measuring = False
        self.latencies: list[float] = []
        self.cross: list[float] = []
        self.bots: list[float] = []
        self.actions = 0
        """Actions of any seat (a bot's included) pushed while measuring."""
        self.missed = 0
        self.errors = 0
        self.failed = 0
        """Games given up while measuring because a request or a socket failed."""
        self.first_failure: str | None = None
        self.stopped = False
        """The run is over: clients stop (Python 3.11's ``wait_for`` may swallow a
        cancellation that comes as its wait ends)."""

    def fail(self, error: Exception) -> None:
        """Count a game given up on ``error`` (a client that stopped would lower the load
        without a word); the first one goes to stderr."""
        self.failed += self.measuring
        if self.first_failure is None:
            self.first_failure = f"{type(error).__name__}: {error}"
            print(f"server_load: a game failed: {self.first_failure}", file=sys.stderr)


class Closed(Exception):
    """The server closed a seat's socket during its game (e.g. 1008: a rate limit)."""


class SeatSocket:
    """One seat's socket: keeps the latest state it was pushed, and when each came."""

    def __init__(self, ws: websockets.ClientConnection, stats: Stats) -> None:
        self.ws = ws
        self.stats = stats
        self.latest: dict[str, Any] = {}
        self.arrived: dict[int, float] = {}
        """Number of actions → when the first state with it came."""
        self.changed = asyncio.Event()
        self.closed = False

    async def read(self) -> None:
        """Keep ``latest`` up to date until the socket closes."""
        try:
            async for text in self.ws:
                message = orjson.loads(text)  # the client's CPU is the server's too
                if message["type"] == "state":
                    self.latest = message
                    self.arrived.setdefault(message["number"], time.perf_counter())
                    self.changed.set()
                elif message["type"] == "error":
                    self.stats.errors += self.stats.measuring
        except websockets.ConnectionClosed:
            pass  # said by until(), which a closed socket would otherwise leave waiting
        finally:
            self.closed = True
            self.changed.set()

    async def until(self, number: int) -> dict[str, Any]:
        """The state once it has at least ``number`` actions."""
        while self.latest.get("number", -1) < number:
            if self.closed:
                raise Closed(f"{self.ws.close_code} {self.ws.close_reason}")
            self.changed.clear()
            await self.changed.wait()
        return self.latest

    def when(self, number: int) -> float:
        """When the first state with at least ``number`` actions came."""
        return min(t for n, t in self.arrived.items() if n >= number)


async def play(urls: list[str], args: argparse.Namespace, stats: Stats, seed: int) -> None:
    """One client: play games one after another, one action at a time.

    Game ``seed`` is created on server ``seed mod N``, its seat ``s`` connects to server
    ``(seed + s) mod N`` (N servers).
    """
    rng = random.Random(seed)
    interval = 1 / args.rate if args.rate > 0 else 0.0
    # Clients start at random moments of the ramp: started together, the games would also
    # end together, and a hundred games created in the same second is no site's traffic.
    await asyncio.sleep(rng.uniform(0, args.ramp))
    next_send = time.perf_counter() + rng.random() * interval
    address = {"X-Forwarded-For": f"198.18.{seed // 250}.{seed % 250 + 1}"}  # one per client
    humans = args.players
    seats_asked: list[dict[str, str]] = [{"kind": "me"}] * humans
    if args.bot_seat:
        seats_asked = [*seats_asked, {"kind": "bot", "bot": args.bot_seat}]
    base = urls[seed % len(urls)]
    body = {"game": args.game, "players": len(seats_asked), "seats": seats_asked}
    async with httpx.AsyncClient(base_url=base, timeout=60, headers=address) as http:
        while not stats.stopped:
            seats: list[SeatSocket] = []
            readers: list[asyncio.Task[None]] = []
            try:
                response = await http.post("/api/games", json=body)
                response.raise_for_status()
                created = response.json()
                for seat in range(humans):
                    server = urls[(seed + seat) % len(urls)]
                    url = server.replace("http://", "ws://") + f"/api/games/{created['id']}/ws"
                    ws = await websockets.connect(url, max_size=None, additional_headers=address)
                    hello = {"type": "hello", "token": created["tokens"][str(seat)]}
                    await ws.send(json.dumps(hello))
                    seats.append(SeatSocket(ws, stats))
                    readers.append(asyncio.create_task(seats[-1].read()))
                next_send = await play_game(seats, humans, stats, rng, interval, next_send)
            except TimeoutError:
                stats.missed += stats.measuring  # a game stuck on a push that never came
                next_send = time.perf_counter()
            except (httpx.HTTPError, websockets.WebSocketException, OSError, Closed) as e:
                stats.fail(e)
                await asyncio.sleep(1)  # a server refusing or gone: try again, not in a loop
                next_send = time.perf_counter()
            finally:
                for s in seats:
                    await s.ws.close()
                for r in readers:
                    r.cancel()


async def play_game(
    seats: list[SeatSocket],
    humans: int,
    stats: Stats,
    rng: random.Random,
    interval: float,
    next_send: float,
) -> float:
    """Play one game to its end over ``seats`` (the human seats' sockets).

    Each action goes at ``next_send`` at the earliest; returns when the next may go.
    """
    number = 0
    while not stats.stopped:
        state = await asyncio.wait_for(seats[0].until(number), MISSED)
        number = state["number"]
        if state["status"] == "over":
            return next_send
        to_move = state["view"]["to_move"]
        if to_move >= humans:  # the bot's turn (its push is awaited below)
            await asyncio.wait_for(seats[0].until(number + 1), MISSED)
            continue
        mover = seats[to_move]
        legal = (await asyncio.wait_for(mover.until(number), MISSED))["view"]["legal"]
        wait = next_send - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        sent = time.perf_counter()
        next_send = max(next_send + interval, sent)  # never a backlog to catch up
        await mover.ws.send(
            json.dumps({"type": "act", "action": rng.choice(legal), "number": number})
        )
        after = await asyncio.wait_for(mover.until(number + 1), MISSED)
        measuring = stats.measuring
        if measuring:
            stats.latencies.append(mover.when(number + 1) - sent)
            stats.actions += 1
        for other in seats:
            if other is not mover:
                await asyncio.wait_for(other.until(number + 1), MISSED)  # play() counts a miss
                if measuring:
                    stats.cross.append(other.when(number + 1) - sent)
        number += 1
        if after["status"] == "playing" and after["view"]["to_move"] >= humans:
            handed = mover.when(number)
            await asyncio.wait_for(mover.until(number + 1), MISSED)
            if measuring:
                stats.bots.append(mover.when(number + 1) - handed)
                stats.actions += 1
            number += 1
    return next_send


def quantiles_ms(values: list[float]) -> tuple[float | None, float | None]:
    """The median and the 99th percentile of ``values`` in ms (``None`` without two)."""
    if len(values) < 2:
        return None, None
    q = statistics.quantiles(sorted(values), n=100)
    return round(q[49] * 1000, 2), round(q[98] * 1000, 2)


async def run(
    urls: list[str],
    args: argparse.Namespace,
    servers: list[int],
    bot_workers: list[int],
    database_cpu: Callable[[], float] | None,
) -> dict[str, Any]:
    """Start the clients, warm up, measure, stop (``database_cpu``: PostgreSQL's CPU
    seconds so far, ``None`` for SQLite, whose work is in the servers' own)."""
    stats = Stats()
    clients = [asyncio.create_task(play(urls, args, stats, i)) for i in range(args.games)]
    await asyncio.sleep(args.warmup)
    stats.measuring = True
    start = time.perf_counter()
    pids = (*servers, *bot_workers, os.getpid())  # this client last, without its servers
    cpu = [cpu_seconds(pid, pid != os.getpid()) for pid in pids]
    db_cpu = database_cpu() if database_cpu else 0.0
    await asyncio.sleep(args.seconds)
    stats.measuring = False
    seconds = time.perf_counter() - start
    db_used = database_cpu() - db_cpu if database_cpu else 0.0
    used = [cpu_seconds(pid, pid != os.getpid()) - c for pid, c in zip(pids, cpu, strict=True)]
    stats.stopped = True
    for c in clients:
        c.cancel()
    await asyncio.wait(clients, timeout=30)
    actions = max(1, stats.actions)
    own, cross, bots = (quantiles_ms(x) for x in (stats.latencies, stats.cross, stats.bots))

    def per_action(cpu_seconds_used: float) -> float:
        return round(cpu_seconds_used * 1000 / actions, 3)

    return {
        "seconds": round(seconds, 2),
        "actions": stats.actions,
        "actions_per_second": round(stats.actions / seconds, 1),
        "human_actions_per_second": round(len(stats.latencies) / seconds, 1),
        "p50_ms": own[0],
        "p99_ms": own[1],
        "cross_p50_ms": cross[0],
        "cross_p99_ms": cross[1],
        "bot_p50_ms": bots[0],
        "bot_p99_ms": bots[1],
        "missed_pushes": stats.missed,
        "failed_games": stats.failed,
        "errors": stats.errors,
        "server_cpu_ms_per_action": per_action(sum(used[: len(servers)])) if servers else None,
        "bots_cpu_ms_per_action": per_action(sum(used[len(servers) : -1])) if bot_workers else None,
        "client_cpu_ms_per_action": per_action(used[-1]),
        "postgres_cpu_ms_per_action": per_action(db_used) if db_used else None,
    }


def engine_compiled() -> bool:
    """Whether the server runs the compiled engine (it has this process's environment)."""
    import zoogames

    return zoogames.compiled()


def main() -> None:
    """Parse the arguments, run, print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument(
        "--ramp", type=float, default=10, help="seconds over which the clients start"
    )
    parser.add_argument(
        "--warmup", type=float, default=15, help="seconds before measuring (ramp included)"
    )
    parser.add_argument("--game", default="aquaretto")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--rate",
        type=float,
        default=5,
        help="actions per second each game aims at (0: as fast as the answers come)",
    )
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary directory)")
    parser.add_argument("--servers", type=int, default=1, help="server processes to start")
    parser.add_argument(
        "--url", action="append", default=[], help="a server already running (repeatable)"
    )
    parser.add_argument(
        "--postgres", action="store_true", help="start a private PostgreSQL for the run"
    )
    parser.add_argument("--bot-workers", type=int, default=0, help="`zoogames bots` processes")
    parser.add_argument("--bot-seat", help="a bot spec: each game gets one more seat, a bot")
    args = parser.parse_args()
    if args.url and (args.servers != 1 or args.postgres):
        parser.error("--url uses running servers: --servers and --postgres start them")
    load = os.getloadavg()[0]
    with contextlib.ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="zoogames-load-")))
        db = args.db or f"sqlite:///{tmp / 'zoogames.db'}"
        database_cpu: Callable[[], float] | None = (
            postgres_cpu_seconds if db.startswith("postgresql") else None
        )
        if args.postgres:
            sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
            from tests.server.postgres import PrivatePostgres

            postgres = PrivatePostgres()
            stack.callback(postgres.stop)
            db = postgres.create_database("load")
            # this cluster only (its postmaster and the backends it forks), not the machine's
            postmaster = int((postgres.data / "postmaster.pid").read_text().split()[0])
            database_cpu = functools.partial(cpu_seconds, postmaster)
        if (args.servers > 1 or args.bot_workers) and not db.startswith("postgresql"):
            raise SystemExit("several servers, or bot workers, need PostgreSQL: --postgres")
        urls = list(args.url)
        processes: list[subprocess.Popen[bytes]] = []
        workers: list[subprocess.Popen[bytes]] = []

        def stop_all() -> None:
            for process in (*workers, *processes):
                process.send_signal(signal.SIGTERM)
            for process in (*workers, *processes):
                process.wait(30)

        stack.callback(stop_all)
        if not urls:
            bots = "external" if args.bot_workers else "local"
            for i in range(args.servers):
                port = free_port()
                processes.append(start_server(db, port, tmp / f"server{i}.log", bots))
                urls.append(f"http://127.0.0.1:{port}")
        for i in range(args.bot_workers):
            workers.append(start_bot_worker(db, tmp / f"bots{i}.log"))
        pids = [p.pid for p in processes], [w.pid for w in workers]
        result = asyncio.run(run(urls, args, *pids, database_cpu))
    offered = args.games * args.rate if args.rate > 0 else None
    wanted = offered or TARGET["actions_per_second"]  # --rate 0 offers all it can
    out = {
        "games": args.games,
        "connections": args.games * args.players,
        "game": args.game,
        "players": args.players,
        "offered_actions_per_second": offered,
        "db": db.split(":", 1)[0].split("+")[0],
        "servers": len(urls),
        "urls": args.url or None,
        "bot_workers": args.bot_workers,
        "bot_seat": args.bot_seat,
        **result,
        "achieved_ratio": round(result["human_actions_per_second"] / offered, 4)
        if offered
        else None,
        "load_average_1m_before": round(load, 2),
        "engine_compiled": engine_compiled(),
        "cpus": os.cpu_count(),
        "target": TARGET,
        "meets_target": args.games >= TARGET["games"]
        and wanted >= TARGET["actions_per_second"]
        and result["human_actions_per_second"] >= TARGET["achieved_ratio"] * wanted
        and result["p99_ms"] is not None
        and result["p99_ms"] < TARGET["p99_ms"],
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
