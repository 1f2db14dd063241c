"""A PostgreSQL outage under a running server: what clients get, and how soon it recovers.

Starts a private PostgreSQL (as the tests do) and ``zoogames serve`` on it, then probes the
server every ``--period`` seconds with three requests: ``GET /readyz`` (the database and
the bus), ``GET /api/games/{id}`` (a game held in the server's memory) and ``POST
/api/games`` (a write). After ``--before`` seconds it stops PostgreSQL (``pg_ctl stop -m
fast``: what a failover does to the old primary's clients), starts it again after
``--down`` seconds, and probes until every probe has answered 2xx again (at most
``--after`` seconds). Prints one JSON line: per probe, the statuses seen while the
database was away (``"error"``: no HTTP answer), the slowest answer then, and the
milliseconds from the database's return to the first 2xx; and whether the server process
survived.

    python benchmarks/pg_outage.py [--down 5] [--period 0.1]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.postgres import PrivatePostgres, free_port

PROBES = ("readyz", "read", "create")
BODY = {"game": "aquaretto", "players": 2, "seats": [{"kind": "me"}, {"kind": "me"}]}


def pg_ctl(pg: PrivatePostgres, *args: str) -> None:
    """Run ``pg_ctl`` on the private cluster (as its owner)."""
    pg._run("pg_ctl", "-D", str(pg.data), *args)


def restart_options(pg: PrivatePostgres) -> str:
    """The options the cluster was started with (``PrivatePostgres``)."""
    return (
        f"-p {pg.port} -k {pg.base} -c listen_addresses=127.0.0.1"
        " -c fsync=off -c full_page_writes=off -c max_connections=200"
    )


def probe(http: httpx.Client, kind: str, game_id: str) -> tuple[int | str, float]:
    """One probe: its status (or ``"error"``) and its milliseconds."""
    began = time.perf_counter()
    try:
        if kind == "readyz":
            r = http.get("/readyz")
        elif kind == "read":
            r = http.get(f"/api/games/{game_id}")
        else:
            r = http.post("/api/games", json=BODY)
        status: int | str = r.status_code
    except httpx.HTTPError:
        status = "error"
    return status, (time.perf_counter() - began) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=float, default=3.0)
    parser.add_argument("--down", type=float, default=5.0)
    parser.add_argument("--after", type=float, default=60.0)
    parser.add_argument("--period", type=float, default=0.1)
    args = parser.parse_args()
    pg = PrivatePostgres()
    tmp = Path(tempfile.mkdtemp(prefix="zoogames-outage-"))
    server = None
    try:
        url = pg.create_database("outage")
        port = free_port()
        env = {**os.environ, "ZOOGAMES_RATE_LIMITS": "off", "ZOOGAMES_LOG_FORMAT": "json"}
        command = [str(Path(sys.executable).with_name("zoogames")), "serve"]
        command += ["--port", str(port), "--db", url]
        with (tmp / "server.log").open("wb") as log:
            server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        base = f"http://127.0.0.1:{port}"
        http = httpx.Client(base_url=base, timeout=30)
        deadline = time.monotonic() + 120
        while True:
            try:
                if http.get("/readyz").status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError((tmp / "server.log").read_text()[-3000:])
            time.sleep(0.2)
        game_id = http.post("/api/games", json=BODY).json()["id"]
        phase = "before"
        seen: dict[str, list[tuple[str, float, int | str, float]]] = collections.defaultdict(list)
        up_at = 0.0
        stop = threading.Event()

        def prober(kind: str) -> None:
            with httpx.Client(base_url=base, timeout=30) as own:
                while not stop.is_set():
                    at = time.monotonic()
                    status, ms = probe(own, kind, game_id)
                    seen[kind].append((phase, at, status, ms))
                    stop.wait(max(0.0, args.period - (time.monotonic() - at)))

        threads = [threading.Thread(target=prober, args=(k,), daemon=True) for k in PROBES]
        for t in threads:
            t.start()
        time.sleep(args.before)
        phase = "down"
        pg_ctl(pg, "-m", "fast", "-w", "stop")
        time.sleep(args.down)
        pg_ctl(pg, "-l", str(pg.base / "log"), "-o", restart_options(pg), "-w", "start")
        phase = "after"
        up_at = time.monotonic()

        def recovered(kind: str) -> float | None:
            for ph, at, status, ms in seen[kind]:
                if ph == "after" and isinstance(status, int) and status < 300:
                    return max(0, round((at + ms / 1000 - up_at) * 1000))  # its answer
            return None

        while time.monotonic() - up_at < args.after:
            if all(recovered(k) is not None for k in PROBES):
                break
            time.sleep(0.2)
        time.sleep(1)
        stop.set()
        for t in threads:
            t.join(35)
        out: dict[str, Any] = {"down_seconds": args.down, "period": args.period}
        for kind in PROBES:
            down = [(s, ms) for ph, _, s, ms in seen[kind] if ph == "down"]
            after = [s for ph, _, s, _ in seen[kind] if ph == "after"]
            out[kind] = {
                "before": dict(
                    collections.Counter(str(s) for ph, _, s, _ in seen[kind] if ph == "before")
                ),
                "while_down": dict(collections.Counter(str(s) for s, _ in down)),
                "slowest_ms_while_down": round(max((ms for _, ms in down), default=0)),
                "ms_to_first_2xx_after_up": recovered(kind),
                "after": dict(collections.Counter(str(s) for s in after)),
            }
        out["server_alive"] = server.poll() is None
        lines = (tmp / "server.log").read_text(errors="replace").splitlines()
        out["error_lines"] = sum('"level": "error"' in line for line in lines)
        print(json.dumps(out), flush=True)
        http.close()
    finally:
        if server is not None and server.poll() is None:
            server.terminate()
            server.wait(30)
        pg.stop()


if __name__ == "__main__":
    main()
