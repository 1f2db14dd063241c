"""Clocks: a seat out of time has its action played by the fallback bot.

Each test runs against a real server on SQLite and on PostgreSQL; the clock also across a
server killed with SIGKILL and started again after the deadline.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import BACKENDS, Databases
from .harness import Api, ServerProcess
from .play import post_table


def clocked(api: Api, clock: int, seats: list[dict[str, Any]] | None = None, **body: Any) -> Any:
    """``POST /api/games``: two-player Aquaretto, seat 0 to start, with a clock."""
    seats = seats or [{"kind": "me"}, {"kind": "me"}]
    return post_table(api, seats, clock=clock, leave_bot="greedy", **body)


def wait_for(check: Callable[[], bool], seconds: float, what: str) -> None:
    """Poll ``check`` until it holds; fail saying ``what`` did not happen."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def test_a_seat_out_of_time_is_played_by_the_fallback_bot_then_the_clock_stops(
    api: Api,
) -> None:
    r = clocked(api, 1)
    assert r.status_code == 201, r.text
    gid, tokens = r.json()["id"], r.json()["tokens"]
    first = api.snapshot(gid, tokens["0"])
    assert first["deadline"] is not None and first["number"] == 0
    wait_for(lambda: api.snapshot(gid)["number"] >= 1, 20, "the clock never ran out")
    snap = api.snapshot(gid, tokens["0"])
    assert snap["log"][0]["seat"] == 0 and snap["seats"][0]["kind"] == "human"
    # three timeouts in a row: nobody plays, so the clock stops (no bot plays for nobody)
    wait_for(lambda: api.snapshot(gid)["deadline"] is None, 30, "the clock never stopped")
    stopped = api.snapshot(gid)["number"]
    assert stopped == 3
    time.sleep(2.5)
    assert api.snapshot(gid)["number"] == stopped
    # a refused action is no move: the clock stays stopped
    seat = api.snapshot(gid)["view"]["to_move"]
    mine = api.snapshot(gid, tokens[str(seat)])
    assert api.act(gid, tokens[str(seat)], "no-such-action", stopped).status_code == 422
    assert api.snapshot(gid)["deadline"] is None
    # a player acts: the clock runs again
    r = api.act(gid, tokens[str(seat)], mine["view"]["legal"][0], stopped)
    assert r.status_code == 200, r.text
    assert api.snapshot(gid)["deadline"] is not None or api.snapshot(gid)["number"] > stopped + 1


def test_the_clock_waits_for_the_table_to_fill_and_bad_clocks_are_refused(api: Api) -> None:
    r = clocked(api, 1, [{"kind": "me"}, {"kind": "open"}])
    gid = r.json()["id"]
    assert api.snapshot(gid)["deadline"] is None
    time.sleep(2)
    assert api.snapshot(gid)["number"] == 0  # no clock while a seat is open
    assert api.http.post(f"/api/games/{gid}/seats/1/join", json={"name": "B"}).status_code == 200
    assert api.snapshot(gid)["deadline"] is not None  # from the seat's filling, not creation
    wait_for(lambda: api.snapshot(gid)["number"] >= 1, 20, "the clock never ran out")
    for bad in (0, 7 * 86400 + 1):
        r = clocked(api, bad)
        assert r.status_code == 422
        assert r.json()["detail"] == "a clock is 1 to 604800 seconds per action (7 days)"
    assert api.snapshot(clocked(api, 86400).json()["id"])["deadline"] is not None  # a day


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_clock_runs_out_across_a_server_killed_and_restarted(
    databases: Databases, tmp_path: Path, backend: str
) -> None:
    server = ServerProcess(databases.new(backend), tmp_path / "server.log", tmp_path).start()
    try:
        api = Api(server.base)
        r = clocked(api, 3)
        gid = r.json()["id"]
        server.kill()  # before the deadline
        api.close()
        time.sleep(3.5)  # the deadline passes while no server runs
        server.start()
        api = Api(server.base)
        wait_for(
            lambda: api.snapshot(gid)["number"] >= 1, 20, "the clock did not survive the restart"
        )
        assert api.snapshot(gid)["log"][0]["seat"] == 0
        api.close()
    finally:
        server.stop()
