"""Sizing a site: CPU per action and per bot move, memory per open game and per socket.

Prints one JSON line, the figures docs/deploy.md (Sizing) turns into machines:

- ``cpu_ms_per_action``: the server process's CPU time for one action through the HTTP
  API (``POST /api/games/{id}/actions``) on SQLite, the snapshot requests a client makes
  between its actions left out: ``cpu_ms_per_snapshot`` is measured on its own first and
  subtracted (a real server on a fresh database in a temporary directory, rate limits
  off, ``--games`` games of Aquaretto with two human seats, ``--actions`` each);
- ``bot_cpu_ms_per_move`` (and ``bot_wall_ms_per_move``): CPU time per move of each bot
  level a seat may be given (``server/catalog.py``), measured in this process on positions
  of seeded Aquaretto games (``--positions`` of them, at different stages); the
  ``mcts:seconds=…`` bots think for their seconds whatever the position (only the shortest
  is measured unless ``--all-bots``);
- ``kib_per_game``: the server's resident memory (RSS) grown per game held in its cache
  (``--cached`` games created, each then in memory), and ``kib_per_socket`` per open game
  socket (``--sockets`` spectators said hello on one game).

RSS deltas include what the allocator keeps back and vary by some percent between runs;
CPU times share the machine with whatever else runs (``load_average`` says how busy it
was). ``compiled`` says whether the engine ran compiled (docs/performance.md).

    python benchmarks/sizing.py [--games 10 --actions 10 --cached 200 --sockets 200]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

import zoogames
from zoogames import bots
from zoogames.server.catalog import BOTS

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_kib(pid: int) -> int:
    """Resident memory of process ``pid`` in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def free_port() -> int:
    """A TCP port free on loopback now."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``zoogames serve`` on SQLite in ``folder``; the process and its base URL."""
    port = free_port()
    env = {
        **os.environ,
        "ZOOGAMES_RATE_LIMITS": "off",
        "ZOOGAMES_MAX_SOCKETS": "100000",
        "ZOOGAMES_BOT_WORKERS": "1",
        "ZOOGAMES_LOG_FORMAT": "json",
    }
    script = Path(sys.executable).with_name("zoogames")
    command = [str(script), "serve", "--port", str(port), "--db", f"sqlite:///{folder}/s.db"]
    with (folder / "server.log").open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError((folder / "server.log").read_text())
        try:
            if httpx.get(f"{base}/readyz", timeout=2).status_code == 200:
                return process, base
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    process.kill()
    raise RuntimeError("the server did not start")


def new_game(http: httpx.Client) -> tuple[str, list[str]]:
    """A game of Aquaretto with two human seats: its id and its tokens."""
    body = {"game": "aquaretto", "players": 2, "seats": [{"kind": "me"}, {"kind": "me"}]}
    r = http.post("/api/games", json=body)
    r.raise_for_status()
    created = r.json()
    return created["id"], [created["tokens"]["0"], created["tokens"]["1"]]


def measure_actions(http: httpx.Client, pid: int, games: int, actions: int) -> dict[str, Any]:
    """CPU per snapshot request, then per action (snapshots subtracted)."""
    rng = random.Random(3)
    played = [new_game(http) for _ in range(games)]
    auth = [[{"Authorization": f"Bearer {t}"} for t in tokens] for _, tokens in played]
    # the seat to move in each game, and its view (the client's request before acting)
    reads = 0
    before = cpu_seconds(pid)
    for _ in range(actions):
        for (gid, _), headers in zip(played, auth, strict=True):
            http.get(f"/api/games/{gid}", headers=headers[0]).raise_for_status()
            reads += 1
    per_read = (cpu_seconds(pid) - before) / reads
    done = 0
    before = cpu_seconds(pid)
    for _ in range(actions):
        for (gid, _), headers in zip(played, auth, strict=True):
            spectator = http.get(f"/api/games/{gid}").json()
            seat = spectator["view"]["to_move"]
            if seat is None:
                continue
            mine = http.get(f"/api/games/{gid}", headers=headers[seat]).json()
            body = {"action": rng.choice(mine["view"]["legal"]), "number": mine["number"]}
            r = http.post(f"/api/games/{gid}/actions", json=body, headers=headers[seat])
            r.raise_for_status()
            done += 1
    spent = cpu_seconds(pid) - before
    per_action = (spent - 2 * done * per_read) / done
    return {
        "actions": done,
        "cpu_ms_per_snapshot": round(per_read * 1000, 2),
        "cpu_ms_per_action": round(per_action * 1000, 2),
    }


def measure_games(http: httpx.Client, pid: int, count: int) -> float:
    """RSS grown per game created (each is then held in the server's cache), in KiB."""
    new_game(http)  # the first allocations of the path, not counted
    before = rss_kib(pid)
    for _ in range(count):
        new_game(http)
    return round((rss_kib(pid) - before) / count, 1)


async def open_sockets(base: str, game_id: str, count: int, pid: int) -> float:
    """RSS grown per spectator socket open on ``game_id`` (said hello), in KiB."""
    url = base.replace("http://", "ws://") + f"/api/games/{game_id}/ws"
    sockets = []
    try:
        first = await connect(url)
        await first.send(json.dumps({"type": "hello", "token": None}))
        await first.recv()
        sockets.append(first)
        await asyncio.sleep(0.5)
        before = rss_kib(pid)
        for _ in range(count):
            ws = await connect(url)
            await ws.send(json.dumps({"type": "hello", "token": None}))
            await ws.recv()
            sockets.append(ws)
        await asyncio.sleep(0.5)
        return round((rss_kib(pid) - before) / count, 1)
    finally:
        await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)


def positions(count: int) -> list[Any]:
    """Positions of seeded Aquaretto games (2 players) at different stages, a choice open."""
    out = []
    for k in range(count):
        state = zoogames.games.get("aquaretto").new_game(players=2, seed=100 + k)
        greedy = bots.make("greedy", seed=k, game="aquaretto")
        steps = 6 + 12 * k  # early, middle, later
        while state.to_move is not None and steps > 0:
            state.apply(greedy.choose(state))
            steps -= 1
        if state.to_move is not None:
            out.append(state)
    return out


def measure_bots(count: int, all_bots: bool) -> dict[str, dict[str, float]]:
    """CPU and wall milliseconds per move of each bot of the catalogue, on :func:`positions`.

    A bot bounded by time (``mcts:seconds=…``, ``expert``) thinks for its wall seconds: on a
    busy machine it gets less CPU in them, on a free core its CPU is its wall time.
    """
    states = positions(count)
    figures: dict[str, dict[str, float]] = {"cpu": {}, "wall": {}}
    timed = [spec for spec, _ in BOTS if not spec.startswith("mcts:seconds=")]
    by_time = [spec for spec, _ in BOTS if spec.startswith("mcts:seconds=")]
    timed += by_time if all_bots else by_time[:1]
    for spec in timed:
        cpu, wall = time.process_time(), time.perf_counter()
        for k, state in enumerate(states):
            bots.make(spec, seed=k, game="aquaretto").choose(state.clone())
        figures["cpu"][spec] = round((time.process_time() - cpu) / len(states) * 1000, 1)
        figures["wall"][spec] = round((time.perf_counter() - wall) / len(states) * 1000, 1)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games played for the CPU figures")
    parser.add_argument("--actions", type=int, default=10, help="actions per game played")
    parser.add_argument("--cached", type=int, default=200, help="games created for the memory")
    parser.add_argument("--sockets", type=int, default=200, help="sockets opened for the memory")
    parser.add_argument("--positions", type=int, default=3, help="positions per bot level")
    parser.add_argument("--all-bots", action="store_true", help="also mcts:seconds=2 and 5")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    started = time.monotonic()
    out: dict[str, Any] = {"compiled": zoogames.compiled(), "load_average": round(load, 1)}
    with tempfile.TemporaryDirectory() as tmp:
        process, base = start_server(Path(tmp))
        try:
            with httpx.Client(base_url=base, timeout=60) as http:
                out["server_rss_kib_at_start"] = rss_kib(process.pid)
                out.update(measure_actions(http, process.pid, args.games, args.actions))
                out["kib_per_game"] = measure_games(http, process.pid, args.cached)
                out["cached_games"] = args.cached
                gid, _ = new_game(http)
            out["kib_per_socket"] = asyncio.run(open_sockets(base, gid, args.sockets, process.pid))
            out["sockets"] = args.sockets
        finally:
            process.terminate()
            process.wait(30)
    bot_figures = measure_bots(args.positions, args.all_bots)
    out["bot_cpu_ms_per_move"] = bot_figures["cpu"]
    out["bot_wall_ms_per_move"] = bot_figures["wall"]
    out["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
