"""Two actions racing for one turn: exactly one lands, the other gets 409.

In one process the game's lock decides; across two server processes on one database, the
database's guards do (the action's unique key, the game's revision).
"""

from __future__ import annotations

import random
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
    """Each turn, the seat's action is sent to both servers at once: exactly one lands.

    The loser answers 409, whichever guard stopped it (its copy already had the winner's
    action, from a notice, or the database refused the write), and its sockets show the
    winner's action, as the winner's do.
    """
    url = databases.new(backend)
    first = ServerProcess(url, tmp_path / "first.log", tmp_path).start()
    second = ServerProcess(url, tmp_path / "second.log", tmp_path).start()
    servers = [Api(first.base), Api(second.base)]
    try:
        gid, tokens = human_game(servers[0], start_player=0)
        with servers[0].socket(gid) as page_a, servers[1].socket(gid) as page_b:
            page_a.hello(tokens[0])
            page_b.hello(tokens[0])
            rng = random.Random(5)
            for number in range(8):
                seat = servers[0].snapshot(gid)["view"]["to_move"]
                legal = servers[0].snapshot(gid, tokens[seat])["view"]["legal"]
                action = rng.choice(legal)
                with ThreadPoolExecutor(2) as pool:
                    sent = [
                        pool.submit(api.act, gid, tokens[seat], action, number) for api in servers
                    ]
                    answers = [future.result() for future in sent]
                assert sorted(r.status_code for r in answers) == [200, 409], answers
                assert len(stored(url, gid)["actions"]) == number + 1
                if backend == "postgresql":  # (SQLite: one process per database, no pushes)
                    for page in (page_a, page_b):
                        assert page.receive_state(number + 1)["log"][-1]["action"] == action
        for api in servers:  # whatever each cached, both now serve the stored game
            assert api.snapshot(gid)["number"] == 8
    finally:
        for api in servers:
            api.close()
        first.stop()
        second.stop()
