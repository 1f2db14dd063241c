"""Two actions racing for one turn: exactly one lands, the other gets 409.

In one process the game's lock decides; across two server processes on one database, the
database's guards do (the action's unique key, the game's revision).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from .conftest import BACKENDS, Databases
from .db import stored
from .harness import Api, ServerProcess
from .play import human_game


def test_two_actions_for_one_turn_in_one_server(api: Api, server: ServerProcess) -> None:
    gid, tokens = human_game(api, start_player=0)
    loads = api.act(gid, tokens[0], "draw", 0).json()["view"]["legal"]
    clients = [Api(server.base) for _ in loads]  # one connection each: truly concurrent
    with ThreadPoolExecutor(len(loads)) as pool:
        answers = list(pool.map(lambda c, a: c.act(gid, tokens[0], a, 1), clients, loads))
    for c in clients:
        c.close()
    statuses = sorted(r.status_code for r in answers)
    assert statuses == [200] + [409] * (len(loads) - 1)
    assert len(stored(server.db_url, gid)["actions"]) == 2


@pytest.mark.slow
@pytest.mark.parametrize("backend", BACKENDS)
def test_two_servers_on_one_database_never_both_land_an_action(
    databases: Databases, tmp_path: Path, backend: str
) -> None:
    url = databases.new(backend)
    first = ServerProcess(url, tmp_path / "first.log", tmp_path).start()
    second = ServerProcess(url, tmp_path / "second.log", tmp_path).start()
    try:
        a, b = Api(first.base), Api(second.base)
        gid, tokens = human_game(a, start_player=0)
        assert b.snapshot(gid, tokens[0])["number"] == 0  # the second server caches it
        assert a.act(gid, tokens[0], "draw", 0).status_code == 200
        late = b.act(gid, tokens[0], "draw", 0)  # its cache still says 0 actions
        assert late.status_code == 409, late.text
        assert late.json()["detail"] == "another change to this game came first; reload it"
        assert stored(url, gid)["actions"] == [(0, "draw", 0)]
        assert b.snapshot(gid, tokens[0])["number"] == 1  # it reloaded the game
        a.close()
        b.close()
    finally:
        first.stop()
        second.stop()
